// A pctest testee template in Java 17 (testee/PROTOCOL.md): one JSON
// request a line on stdin, one JSON answer a line on stdout. Replace
// percentEncode and percentDecode with calls into your library, and add
// the ops it has (`pctest ops` lists them). No dependencies: the JSON is
// read and written by hand. Run it as `java Testee.java`, or compile it
// with javac; check it with `pctest check -- java Testee.java`.
//
// A Java String holds UTF-16 code units, lone surrogates included, and
// the reader below keeps them; write them back as \\uXXXX escapes (as
// quote does) if you add the ECMAScript ops.

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

public class Testee {
    // percentEncode: octets in, text out (RFC 3986 §2.1, §2.3).
    static String percentEncode(byte[] octets, long id) {
        StringBuilder sb = new StringBuilder();
        for (byte b : octets) {
            int c = b & 0xff;
            if (c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || "-._~".indexOf(c) >= 0) {
                sb.append((char) c);
            } else {
                sb.append(String.format("%%%02X", c));
            }
        }
        return "{\"id\":" + id + ",\"out\":" + quote(sb.toString()) + "}";
    }

    // percentDecode: text in, octets out; a '%' without two hex digits is
    // an error (strict RFC 3986 decoding).
    static String percentDecode(String text, long id) {
        byte[] in = text.getBytes(StandardCharsets.UTF_8);
        StringBuilder hex = new StringBuilder();
        for (int i = 0; i < in.length; i++) {
            int c = in[i] & 0xff;
            if (c == '%') {
                if (i + 2 >= in.length || Character.digit(in[i + 1], 16) < 0 || Character.digit(in[i + 2], 16) < 0) {
                    return "{\"id\":" + id + ",\"error\":\"MalformedEscape\",\"message\":\"bad escape\"}";
                }
                c = Character.digit(in[i + 1], 16) * 16 + Character.digit(in[i + 2], 16);
                i += 2;
            }
            hex.append(String.format("%02x", c));
        }
        return "{\"id\":" + id + ",\"out_hex\":\"" + hex + "\"}";
    }

    static String answer(Map<String, Object> req) {
        long id = ((Number) req.get("id")).longValue();
        Object op = req.get("op");
        if ("percentEncode".equals(op)) {
            return percentEncode(fromHex((String) req.get("in_hex")), id);
        }
        if ("percentDecode".equals(op)) {
            return percentDecode((String) req.get("in"), id);
        }
        return "{\"id\":" + id + ",\"unsupported\":true}";
    }

    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        Writer out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) {
                continue;
            }
            out.write(answer(new Json(line).object()));
            out.write('\n');
            // Flush before blocking on more input: pctest waits for these
            // answers (PROTOCOL.md §2).
            if (!in.ready()) {
                out.flush();
            }
        }
        out.flush(); // every answer out before exit (PROTOCOL.md §1)
    }

    static byte[] fromHex(String s) {
        byte[] b = new byte[s.length() / 2];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
        }
        return b;
    }

    // quote writes s as a JSON string: ASCII as it is, every other code
    // unit (lone surrogates included) as a \\uXXXX escape.
    static String quote(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                sb.append('\\').append(c);
            } else if (c >= 0x20 && c < 0x7f) {
                sb.append(c);
            } else {
                sb.append(String.format("\\u%04x", (int) c));
            }
        }
        return sb.append('"').toString();
    }

    // Json reads one JSON value: objects, strings (escapes kept as code
    // units, lone surrogates included), numbers, and the rest skipped.
    static final class Json {
        final String s;
        int i;

        Json(String s) {
            this.s = s;
        }

        void ws() {
            while (i < s.length() && " \t\r\n".indexOf(s.charAt(i)) >= 0) {
                i++;
            }
        }

        void expect(char c) {
            ws();
            if (i >= s.length() || s.charAt(i) != c) {
                throw new IllegalArgumentException("want '" + c + "' at " + i);
            }
            i++;
        }

        Map<String, Object> object() {
            Map<String, Object> m = new HashMap<>();
            expect('{');
            ws();
            if (s.charAt(i) == '}') {
                i++;
                return m;
            }
            do {
                ws();
                String k = string();
                expect(':');
                m.put(k, value());
                ws();
            } while (s.charAt(i++) == ',');
            return m;
        }

        Object value() {
            ws();
            char c = s.charAt(i);
            if (c == '{') {
                return object();
            }
            if (c == '"') {
                return string();
            }
            if (c == '[') {
                i++;
                ws();
                if (s.charAt(i) == ']') {
                    i++;
                    return null;
                }
                do {
                    value();
                    ws();
                } while (s.charAt(i++) == ',');
                return null;
            }
            int start = i;
            while (i < s.length() && ",}] \t\r\n".indexOf(s.charAt(i)) < 0) {
                i++;
            }
            String word = s.substring(start, i);
            if (c == '-' || c >= '0' && c <= '9') {
                return Double.valueOf(word); // exact up to 2^53, as ids are
            }
            return null; // true, false, null
        }

        String string() {
            expect('"');
            StringBuilder sb = new StringBuilder();
            for (char c; (c = s.charAt(i++)) != '"'; ) {
                if (c != '\\') {
                    sb.append(c);
                    continue;
                }
                c = s.charAt(i++);
                switch (c) {
                    case 'b' -> sb.append('\b');
                    case 'f' -> sb.append('\f');
                    case 'n' -> sb.append('\n');
                    case 'r' -> sb.append('\r');
                    case 't' -> sb.append('\t');
                    case 'u' -> {
                        sb.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                        i += 4;
                    }
                    default -> sb.append(c);
                }
            }
            return sb.toString();
        }
    }
}
