// A pctest testee (protocol version 1, testee/PROTOCOL.md) for the
// percent-encoding functions of Mono's class library. The argument picks the
// function set, one row each:
//
//   uri          Uri.EscapeDataString(s)          percentEncode
//                Uri.UnescapeDataString(s)        percentDecodeLenient
//   httputility  HttpUtility.UrlEncode(s)         formEncode
//                HttpUtility.UrlDecode(s)         formDecode
//   webutility   WebUtility.UrlEncode(s)          formEncode
//                WebUtility.UrlDecode(s)          formDecode
//   encoding     HttpUtility.UrlEncode(s, E)      formEncodeLegacy
//                Encoding.UTF8.GetString(octets)  utf8DecodeReplace
//
// E is Encoding.GetEncoding(N) for the WHATWG encoding that args.encoding
// names (Encodings below).
//
// C# strings are UTF-16, so text, lone surrogates included, is handed over
// exactly. Octets (percentEncode) are handed over as UTF-8 text; octets that
// are not UTF-8 have no string form and are answered "unsupported", as is
// every other op. A decoder's text result is answered as its UTF-8 for the
// octet op. An exception is answered with its class name.

using System;
using System.Collections.Generic;
using System.IO;
using System.Net;
using System.Text;
using System.Web;

static class Testee {
    static string which;

    static int Main(string[] args) {
        which = args.Length > 0 ? args[0] : "";
        if (which != "uri" && which != "httputility" && which != "webutility" && which != "encoding") {
            Console.Error.WriteLine("usage: testee.exe uri|httputility|webutility|encoding");
            return 2;
        }
        var stdin = new StreamReader(Console.OpenStandardInput(), new UTF8Encoding(false), false, 1 << 16);
        var stdout = new StreamWriter(Console.OpenStandardOutput(), new UTF8Encoding(false), 1 << 16);
        string line;
        while ((line = stdin.ReadLine()) != null) {
            if (line.Trim().Length > 0) stdout.Write(Answer(line) + "\n");
            // Answer everything read so far before blocking for more input.
            if (stdin.Peek() < 0) stdout.Flush();
        }
        stdout.Flush();
        return 0;
    }

    // Encodings maps each WHATWG encoding (Encoding §4.2, by its name) that
    // Mono's Encoding.GetEncoding has under that character set's name (with
    // the I18N assemblies installed) to that name. replacement, UTF-16BE and
    // UTF-16LE are UTF-8 here: the URL standard encodes with the "output
    // encoding" (Encoding §4.3), which is UTF-8 for them.
    static readonly Dictionary<string, string> Encodings = new Dictionary<string, string> {
        {"utf-8", "utf-8"}, {"ibm866", "cp866"}, {"iso-8859-2", "iso-8859-2"},
        {"iso-8859-3", "iso-8859-3"}, {"iso-8859-4", "iso-8859-4"}, {"iso-8859-5", "iso-8859-5"},
        {"iso-8859-6", "iso-8859-6"}, {"iso-8859-7", "iso-8859-7"}, {"iso-8859-8", "iso-8859-8"},
        {"iso-8859-8-i", "iso-8859-8"}, {"iso-8859-10", "iso-8859-10"}, {"iso-8859-13", "iso-8859-13"},
        {"iso-8859-14", "iso-8859-14"}, {"iso-8859-15", "iso-8859-15"}, {"iso-8859-16", "iso-8859-16"},
        {"koi8-r", "koi8-r"}, {"koi8-u", "koi8-u"}, {"macintosh", "macintosh"},
        {"windows-874", "windows-874"}, {"windows-1250", "windows-1250"}, {"windows-1251", "windows-1251"},
        {"windows-1252", "windows-1252"}, {"windows-1253", "windows-1253"}, {"windows-1254", "windows-1254"},
        {"windows-1255", "windows-1255"}, {"windows-1256", "windows-1256"}, {"windows-1257", "windows-1257"},
        {"windows-1258", "windows-1258"}, {"x-mac-cyrillic", "x-mac-cyrillic"}, {"gbk", "gbk"},
        {"gb18030", "gb18030"}, {"big5", "big5"}, {"euc-jp", "euc-jp"}, {"iso-2022-jp", "iso-2022-jp"},
        {"shift_jis", "shift_jis"}, {"euc-kr", "euc-kr"},
        {"replacement", "utf-8"}, {"utf-16be", "utf-8"}, {"utf-16le", "utf-8"},
    };

    // EncodingOf returns the Encoding for args.encoding, read as Encoding
    // §4.2 reads a label (ASCII whitespace stripped, ASCII lowercase) but
    // only as an encoding's own name: Mono's aliases are not WHATWG's
    // labels. null (unsupported) for any other label or one Mono lacks.
    static Encoding EncodingOf(Dictionary<string, object> args) {
        string label = args != null && args.ContainsKey("encoding") ? args["encoding"] as string : null;
        string name;
        if (label == null || !Encodings.TryGetValue(label.Trim('\t', '\n', '\f', '\r', ' ').ToLowerInvariant(), out name)) return null;
        try {
            return Encoding.GetEncoding(name);
        } catch (Exception e) when (e is ArgumentException || e is NotSupportedException) {
            return null;
        }
    }

    static object Call(string op, string text, byte[] octets, Dictionary<string, object> args) {
        if (which == "encoding") {
            switch (op) {
                case "formEncodeLegacy": {
                    var e = EncodingOf(args);
                    return text == null || e == null ? null : HttpUtility.UrlEncode(text, e);
                }
                case "utf8DecodeReplace": return octets == null ? null : Encoding.UTF8.GetString(octets);
            }
            return null;
        }
        if (octets != null) {
            try {
                text = new UTF8Encoding(false, true).GetString(octets);
            } catch (ArgumentException) {
                return null;
            }
        }
        if (text == null) return null;
        switch (which + " " + op) {
            case "uri percentEncode": return Uri.EscapeDataString(text);
            case "uri percentDecodeLenient": return Encoding.UTF8.GetBytes(Uri.UnescapeDataString(text));
            case "httputility formEncode": return HttpUtility.UrlEncode(text);
            case "httputility formDecode": return HttpUtility.UrlDecode(text);
            case "webutility formEncode": return WebUtility.UrlEncode(text);
            case "webutility formDecode": return WebUtility.UrlDecode(text);
        }
        return null;
    }

    static string Answer(string line) {
        var req = new Json(line).Object();
        var b = new StringBuilder("{\"id\":").Append(req.ContainsKey("id") ? (string)req["id"] : "0");
        string text = req.ContainsKey("in") ? (string)req["in"] : null;
        if (req.ContainsKey("in_utf16")) {
            var h = (string)req["in_utf16"];
            var s = new StringBuilder();
            for (int i = 0; i + 4 <= h.Length; i += 4) s.Append((char)Convert.ToInt32(h.Substring(i, 4), 16));
            text = s.ToString();
        }
        byte[] octets = null;
        if (req.ContainsKey("in_hex")) {
            var h = (string)req["in_hex"];
            octets = new byte[h.Length / 2];
            for (int i = 0; i < octets.Length; i++) octets[i] = Convert.ToByte(h.Substring(2 * i, 2), 16);
        }
        object res;
        try {
            res = Call(req.ContainsKey("op") ? (string)req["op"] : "", text, octets,
                req.ContainsKey("args") ? req["args"] as Dictionary<string, object> : null);
        } catch (Exception e) {
            b.Append(",\"error\":"); Quote(b, e.GetType().Name);
            b.Append(",\"message\":"); Quote(b, e.Message);
            return b.Append('}').ToString();
        }
        if (res == null) return b.Append(",\"unsupported\":true}").ToString();
        if (res is byte[]) {
            b.Append(",\"out_hex\":\"");
            foreach (byte x in (byte[])res) b.Append(x.ToString("x2"));
            return b.Append("\"}").ToString();
        }
        b.Append(",\"out\":"); Quote(b, (string)res);
        return b.Append('}').ToString();
    }

    // Quote appends s as a JSON string, every non-ASCII code unit as a \u
    // escape, so lone surrogates travel as they are.
    static void Quote(StringBuilder b, string s) {
        b.Append('"');
        foreach (char c in s) {
            if (c == '"' || c == '\\') b.Append('\\').Append(c);
            else if (c >= 0x20 && c < 0x7f) b.Append(c);
            else b.Append("\\u").Append(((int)c).ToString("x4"));
        }
        b.Append('"');
    }

    // Json reads the one JSON object of a request line: string, number,
    // literal and nested object values (numbers and literals kept as written).
    class Json {
        readonly string s;
        int i;
        public Json(string s) { this.s = s; }

        public Dictionary<string, object> Object() {
            var m = new Dictionary<string, object>();
            Expect('{');
            if (Peek() == '}') { i++; return m; }
            while (true) {
                string k = Str();
                Expect(':');
                m[k] = Value();
                char c = Next();
                if (c == '}') return m;
                if (c != ',') throw new FormatException("want , or }");
            }
        }

        object Value() {
            char c = Peek();
            if (c == '"') return Str();
            if (c == '{') return Object();
            int start = i;
            while (i < s.Length && ",}] \t".IndexOf(s[i]) < 0) i++;
            return s.Substring(start, i - start);
        }

        string Str() {
            Expect('"');
            var b = new StringBuilder();
            while (true) {
                char c = s[i++];
                if (c == '"') return b.ToString();
                if (c != '\\') { b.Append(c); continue; }
                char e = s[i++];
                switch (e) {
                    case 'b': b.Append('\b'); break;
                    case 'f': b.Append('\f'); break;
                    case 'n': b.Append('\n'); break;
                    case 'r': b.Append('\r'); break;
                    case 't': b.Append('\t'); break;
                    case 'u': b.Append((char)Convert.ToInt32(s.Substring(i, 4), 16)); i += 4; break;
                    default: b.Append(e); break;
                }
            }
        }

        char Peek() {
            while (i < s.Length && char.IsWhiteSpace(s[i])) i++;
            return s[i];
        }

        char Next() { char c = Peek(); i++; return c; }

        void Expect(char c) {
            if (Next() != c) throw new FormatException("want " + c);
        }
    }
}
