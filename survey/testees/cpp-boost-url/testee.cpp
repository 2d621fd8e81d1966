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
// Every other op, and every other set, is answered "unsupported"; so is
// text with a lone surrogate, which has no UTF-8 form. README.md says why
// each function maps to its op.
//
//   g++ -std=c++17 -O1 -o /tmp/boost-url testee.cpp -lboost_url
//   pctest run -utf16hex -- /tmp/boost-url
#include <boost/url/encode.hpp>
#include <boost/url/pct_string_view.hpp>
#include <boost/url/rfc/gen_delim_chars.hpp>
#include <boost/url/rfc/pchars.hpp>
#include <boost/url/rfc/sub_delim_chars.hpp>
#include <boost/url/rfc/unreserved_chars.hpp>

#include "../cpp-common/protocol.hpp"

namespace urls = boost::urls;

int main()
{
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
