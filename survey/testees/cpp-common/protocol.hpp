// protocol.hpp — the pctest protocol (version 1, testee/PROTOCOL.md) for the
// survey's C++ testees, header-only and standard C++17 only:
//
//   #include "../cpp-common/protocol.hpp"
//   int main() { return pc::serve([](const pc::Request &r, pc::Answer &a) { ... }); }
//
// pc::serve reads request lines from stdin, parses each into a pc::Request
// and calls the answer function, which answers it with exactly one of
// a.text (UTF-16 code units, written as "out_utf16"), a.ascii ("out"),
// a.hex ("out_hex"), a.error or a.unsupported. The answers to all the
// complete lines of one read are written at once, before reading more, as
// the runner pipelines requests.
//
// Text arrives as UTF-16 code units whether it came as "in" (a JSON string)
// or "in_utf16" (the runner's -utf16hex mode), lone surrogates included;
// octets ("in_hex") arrive as a std::string of bytes.
#ifndef PCTEST_CPP_COMMON_PROTOCOL_HPP
#define PCTEST_CPP_COMMON_PROTOCOL_HPP

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <string>
#include <unistd.h>

namespace pc {

struct Request {
	std::string id;      // the id as its JSON text
	std::string op;      // "op"
	std::string set;     // args.set, "" when absent
	bool is_text = false; // the input came as "in" or "in_utf16"
	std::u16string text; // that text
	std::string octets;  // the input that came as "in_hex"
};

inline int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

// to_utf8 sets out to the UTF-8 of text; false when text holds a lone
// surrogate, which has no UTF-8 form.
inline bool to_utf8(const std::u16string &t, std::string &out)
{
	out.clear();
	for (size_t i = 0; i < t.size(); i++) {
		unsigned long c = t[i];
		if (c >= 0xD800 && c <= 0xDBFF && i + 1 < t.size() && t[i + 1] >= 0xDC00 && t[i + 1] <= 0xDFFF)
			c = 0x10000 + ((c - 0xD800) << 10) + (t[++i] - 0xDC00);
		else if (c >= 0xD800 && c <= 0xDFFF)
			return false;
		if (c < 0x80) {
			out += char(c);
		} else if (c < 0x800) {
			out += char(0xC0 | c >> 6), out += char(0x80 | (c & 0x3F));
		} else if (c < 0x10000) {
			out += char(0xE0 | c >> 12), out += char(0x80 | (c >> 6 & 0x3F)), out += char(0x80 | (c & 0x3F));
		} else {
			out += char(0xF0 | c >> 18), out += char(0x80 | (c >> 12 & 0x3F));
			out += char(0x80 | (c >> 6 & 0x3F)), out += char(0x80 | (c & 0x3F));
		}
	}
	return true;
}

namespace detail {

inline void ws(const char *&s)
{
	while (*s == ' ' || *s == '\t' || *s == '\r')
		s++;
}

inline long hex4(const char *s)
{
	long v = 0;
	for (int i = 0; i < 4; i++) {
		int h = hexval((unsigned char)s[i]);
		if (h < 0)
			return -1;
		v = v * 16 + h;
	}
	return v;
}

// str reads the JSON string at s (at its quote) as UTF-16 code units.
inline bool str(const char *&s, std::u16string &out)
{
	if (*s++ != '"')
		return false;
	for (;;) {
		unsigned char c = (unsigned char)*s++;
		if (c == 0)
			return false;
		if (c == '"')
			return true;
		if (c == '\\') {
			c = (unsigned char)*s++;
			switch (c) {
			case 'b': out += u'\b'; break;
			case 'f': out += u'\f'; break;
			case 'n': out += u'\n'; break;
			case 'r': out += u'\r'; break;
			case 't': out += u'\t'; break;
			case 'u': {
				long u = hex4(s);
				if (u < 0)
					return false;
				out += char16_t(u);
				s += 4;
				break;
			}
			case 0: return false;
			default: out += char16_t(c);
			}
			continue;
		}
		// UTF-8 to UTF-16 (the runner sends valid UTF-8).
		unsigned long cp = c;
		int more = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
		if (more)
			cp &= 0x3F >> more;
		for (; more > 0 && (*s & 0xC0) == 0x80; more--)
			cp = cp << 6 | (*s++ & 0x3F);
		if (cp >= 0x10000) {
			out += char16_t(0xD800 + ((cp - 0x10000) >> 10));
			out += char16_t(0xDC00 + (cp & 0x3FF));
		} else {
			out += char16_t(cp);
		}
	}
}

inline std::string narrow(const std::u16string &u)
{
	std::string s;
	for (char16_t c : u)
		s += c < 0x80 ? char(c) : '?';
	return s;
}

// skip passes one JSON value that is not a string.
inline bool skip(const char *&s)
{
	int depth = 0;
	for (; *s; s++) {
		if (*s == '"') {
			std::u16string junk;
			if (!str(s, junk))
				return false;
			s--;
		} else if (*s == '{' || *s == '[') {
			depth++;
		} else if (*s == '}' || *s == ']') {
			if (depth == 0)
				return true;
			if (--depth == 0) {
				s++;
				return true;
			}
		} else if (*s == ',' && depth == 0) {
			return true;
		}
	}
	return depth == 0;
}

// object reads the object at s, calling f(key, s) at each value, which
// must advance s past it.
template <class F> bool object(const char *&s, F f)
{
	ws(s);
	if (*s++ != '{')
		return false;
	ws(s);
	if (*s == '}') {
		s++;
		return true;
	}
	for (;;) {
		std::u16string key;
		ws(s);
		if (!str(s, key))
			return false;
		ws(s);
		if (*s++ != ':')
			return false;
		ws(s);
		if (!f(narrow(key), s))
			return false;
		ws(s);
		if (*s == '}') {
			s++;
			return true;
		}
		if (*s++ != ',')
			return false;
	}
}

inline bool parse(const char *s, Request &r)
{
	return object(s, [&r](const std::string &k, const char *&s) {
		if (*s == '"') {
			std::u16string v;
			if (!str(s, v))
				return false;
			if (k == "op") {
				r.op = narrow(v);
			} else if (k == "in") {
				r.is_text = true, r.text = v;
			} else if (k == "in_utf16") {
				r.is_text = true;
				std::string h = narrow(v);
				for (size_t i = 0; i + 4 <= h.size(); i += 4)
					r.text += char16_t(hex4(h.c_str() + i));
			} else if (k == "in_hex") {
				std::string h = narrow(v);
				for (size_t i = 0; i + 2 <= h.size(); i += 2)
					r.octets += char(hexval(h[i]) << 4 | hexval(h[i + 1]));
			}
			return true;
		}
		if (k == "args" && *s == '{') {
			return object(s, [&r](const std::string &k, const char *&s) {
				if (*s != '"')
					return skip(s);
				std::u16string v;
				if (!str(s, v))
					return false;
				if (k == "set")
					r.set = narrow(v);
				return true;
			});
		}
		const char *start = s;
		if (!skip(s))
			return false;
		if (k == "id") {
			r.id.assign(start, s - start);
			while (!r.id.empty() && (r.id.back() == ' ' || r.id.back() == '\t'))
				r.id.pop_back();
		}
		return true;
	});
}

} // namespace detail

// An Answer collects the answers not yet written.
class Answer {
public:
	void text(const Request &r, const std::u16string &t)
	{
		static const char d[] = "0123456789abcdef";
		begin(r, "out_utf16");
		for (char16_t c : t)
			buf += {d[c >> 12], d[c >> 8 & 15], d[c >> 4 & 15], d[c & 15]};
		buf += "\"}\n";
	}
	void ascii(const Request &r, const std::string &s)
	{
		begin(r, "out");
		quote(s);
		buf += "\"}\n";
	}
	void hex(const Request &r, const std::string &o)
	{
		static const char d[] = "0123456789abcdef";
		begin(r, "out_hex");
		for (unsigned char c : o)
			buf += {d[c >> 4], d[c & 15]};
		buf += "\"}\n";
	}
	void error(const Request &r, const std::string &kind, const std::string &message)
	{
		begin(r, "error");
		quote(kind);
		buf += "\",\"message\":\"";
		quote(message);
		buf += "\"}\n";
	}
	void unsupported(const Request &r) { buf += "{\"id\":" + id(r) + ",\"unsupported\":true}\n"; }

	std::string buf;

private:
	static std::string id(const Request &r) { return r.id.empty() ? "null" : r.id; }
	void begin(const Request &r, const char *field) { buf += "{\"id\":" + id(r) + ",\"" + field + "\":\""; }
	// quote appends s escaped for a JSON string; other than printable
	// ASCII as \u00XX (only messages ever hold any).
	void quote(const std::string &s)
	{
		for (unsigned char c : s) {
			if (c == '"' || c == '\\') {
				buf += '\\', buf += char(c);
			} else if (c < 0x20 || c >= 0x7F) {
				char e[8];
				std::snprintf(e, sizeof e, "\\u%04x", c);
				buf += e;
			} else {
				buf += char(c);
			}
		}
	}
};

// serve answers requests from stdin until it ends: 0, or 1 when stdout
// fails.
template <class F> int serve(F answer)
{
	std::signal(SIGPIPE, SIG_IGN);
	std::string in;
	Answer a;
	char chunk[1 << 16];
	for (;;) {
		ssize_t n = read(0, chunk, sizeof chunk);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return 0;
		in.append(chunk, size_t(n));
		size_t start = 0;
		for (size_t nl; (nl = in.find('\n', start)) != std::string::npos; start = nl + 1) {
			std::string line = in.substr(start, nl - start);
			if (line.find_first_not_of(" \t\r") == std::string::npos)
				continue;
			Request r;
			if (!detail::parse(line.c_str(), r)) {
				std::fprintf(stderr, "testee: bad request line: %.200s\n", line.c_str());
				continue;
			}
			answer(static_cast<const Request &>(r), a);
		}
		in.erase(0, start);
		// Answer everything read so far before blocking for more.
		for (size_t off = 0; off < a.buf.size();) {
			ssize_t w = write(1, a.buf.data() + off, a.buf.size() - off);
			if (w < 0 && errno == EINTR)
				continue;
			if (w <= 0)
				return 1;
			off += size_t(w);
		}
		a.buf.clear();
	}
}

} // namespace pc

#endif
