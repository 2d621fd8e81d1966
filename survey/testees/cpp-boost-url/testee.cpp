// A pctest testee (protocol version 1, testee/PROTOCOL.md) for Boost.URL's
// percent-encoding (Debian libboost-url1.81-dev):
//
//   percentEncode     boost::urls::encode(octets, unreserved_chars)
//   percentEncodeSet  boost::urls::encode(octets, CharSet) for the four sets
//                     Boost.URL names: unreserved_chars, pchars,
//                     sub_delim_chars, gen_delim_chars
//   percentDecode     boost::urls::make_pct_string_view(text as UTF-8),
//                     then pct_string_view::decode()
//
// The argument picks another function set, so that no two functions answer
// the same op in one run; each sets one component of an empty url and reads
// it back encoded:
//
//   fragment  percentEncodeSet rfc3986.fragment  url::set_fragment(octets)
//             normalize  url::set_encoded_fragment(text), normalize_fragment()
//   query     percentEncodeSet rfc3986.query     url::set_query(octets)
//             normalize  url::set_encoded_query(text), normalize_query()
//   password  percentEncodeSet rfc3986.userinfo  url::set_password(octets)
//
// For normalize, text the setter rejects (a malformed escape) or changes
// (it encodes what the component does not allow) is answered "unsupported":
// it never reaches the normalizer as written.
//
// Every other op, and every other set, is answered "unsupported"; so is
// text with a lone surrogate, which has no UTF-8 form. README.md says why
// each function maps to its op.
//
//   g++ -std=c++17 -O1 -o /tmp/boost-url testee.cpp -lboost_url
//   pctest run -utf16hex -- /tmp/boost-url [fragment|query|password]
#include <boost/url/encode.hpp>
#include <boost/url/pct_string_view.hpp>
#include <boost/url/rfc/gen_delim_chars.hpp>
#include <boost/url/rfc/pchars.hpp>
#include <boost/url/rfc/sub_delim_chars.hpp>
#include <boost/url/rfc/unreserved_chars.hpp>
#include <boost/url/url.hpp>

#include "../cpp-common/protocol.hpp"

namespace urls = boost::urls;

// component answers the fragment, query and password sets: set (the
// setter of octets), set_encoded (the setter of escaped text, none for the
// password), normalize and get (the component as encoded).
static int component(const std::string &v)
{
	return pc::serve([v](const pc::Request &r, pc::Answer &a) {
		urls::url u;
		if (r.op == "percentEncodeSet") {
			urls::string_view in(r.octets);
			if (v == "fragment" && r.set == "rfc3986.fragment")
				a.ascii(r, std::string(u.set_fragment(in).encoded_fragment()));
			else if (v == "query" && r.set == "rfc3986.query")
				a.ascii(r, std::string(u.set_query(in).encoded_query()));
			else if (v == "password" && r.set == "rfc3986.userinfo")
				a.ascii(r, std::string(u.set_password(in).encoded_password()));
			else
				a.unsupported(r);
		} else if (r.op == "normalize" && v != "password") {
			std::string s;
			if (!pc::to_utf8(r.text, s)) {
				a.unsupported(r);
				return;
			}
			auto pct = urls::make_pct_string_view(s);
			if (pct.has_error()) {
				a.unsupported(r); // the setter throws on a malformed escape
				return;
			}
			if (v == "fragment") {
				if (u.set_encoded_fragment(*pct).encoded_fragment() != s) {
					a.unsupported(r); // the setter encoded part of it
					return;
				}
				a.ascii(r, std::string(u.normalize_fragment().encoded_fragment()));
			} else {
				if (u.set_encoded_query(*pct).encoded_query() != s) {
					a.unsupported(r);
					return;
				}
				a.ascii(r, std::string(u.normalize_query().encoded_query()));
			}
		} else {
			a.unsupported(r);
		}
	});
}

int main(int argc, char **argv)
{
	if (argc > 1)
		return component(argv[1]);
	return pc::serve([](const pc::Request &r, pc::Answer &a) {
		urls::string_view in(r.octets);
		if (r.op == "percentEncode") {
			a.ascii(r, urls::encode(in, urls::unreserved_chars));
		} else if (r.op == "percentEncodeSet" && r.set == "rfc3986.unreserved") {
			a.ascii(r, urls::encode(in, urls::unreserved_chars));
		} else if (r.op == "percentEncodeSet" && r.set == "rfc3986.pchar") {
			a.ascii(r, urls::encode(in, urls::pchars));
		} else if (r.op == "percentEncodeSet" && r.set == "rfc3986.sub-delims") {
			a.ascii(r, urls::encode(in, urls::sub_delim_chars));
		} else if (r.op == "percentEncodeSet" && r.set == "rfc3986.gen-delims") {
			a.ascii(r, urls::encode(in, urls::gen_delim_chars));
		} else if (r.op == "percentDecode") {
			std::string s;
			if (!pc::to_utf8(r.text, s)) {
				a.unsupported(r);
				return;
			}
			auto pct = urls::make_pct_string_view(s);
			if (pct.has_error())
				a.error(r, "MalformedEscape", pct.error().message());
			else
				a.hex(r, pct->decode());
		} else {
			a.unsupported(r);
		}
	});
}
