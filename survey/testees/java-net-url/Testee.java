// A pctest testee (protocol version 1, see testee/PROTOCOL.md) for the
// JDK's java.net.URLEncoder and java.net.URLDecoder with UTF-8:
//
//   formEncode  URLEncoder.encode(text, StandardCharsets.UTF_8)
//   formDecode  URLDecoder.decode(text, StandardCharsets.UTF_8)
//
// Every other op is answered "unsupported". README.md beside this file says
// why each function maps to its op; mapping.json says the same for machines.
//
//   javac -d /tmp/java-net-url survey/testees/java-net-url/Testee.java
//   pctest run -- java -cp /tmp/java-net-url Testee
//
// Java strings are UTF-16, so text, lone surrogates included, is handed over
// exactly; the JDK has no JSON library, so a small reader for the request
// objects is below. An exception the function throws is answered with its
// simple class name as the error kind.

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

public final class Testee {
    private Testee() {}

    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8), 1 << 16);
        Writer out = new OutputStreamWriter(System.out, StandardCharsets.UTF_8);
        StringBuilder batch = new StringBuilder();
        String line;
        while ((line = in.readLine()) != null) {
            if (!line.isBlank()) {
                String a = answer(line);
                if (a != null) {
                    batch.append(a).append('\n');
                }
            }
            // Answer everything read so far before blocking for more input.
            if (!in.ready() && batch.length() > 0) {
                out.write(batch.toString());
                out.flush();
                batch.setLength(0);
            }
        }
        out.write(batch.toString());
        out.flush();
    }

    static String answer(String line) {
        Map<String, Object> req;
        try {
            req = new Json(line).object();
        } catch (IllegalArgumentException e) {
            System.err.println("testee: bad request line: " + e.getMessage());
            return null;
        }
        Object id = req.get("id");
        String op = String.valueOf(req.get("op"));
        String text = null;
        if (req.get("in") instanceof String) {
            text = (String) req.get("in");
        } else if (req.get("in_utf16") instanceof String) {
            text = fromUTF16Hex((String) req.get("in_utf16"));
        }
        StringBuilder b = new StringBuilder("{\"id\":").append(id);
        String result;
        try {
            if (op.equals("formEncode") && text != null) {
                result = URLEncoder.encode(text, StandardCharsets.UTF_8);
            } else if (op.equals("formDecode") && text != null) {
                result = URLDecoder.decode(text, StandardCharsets.UTF_8);
            } else {
                return b.append(",\"unsupported\":true}").toString();
            }
        } catch (RuntimeException e) {
            b.append(",\"error\":");
            quote(b, e.getClass().getSimpleName());
            b.append(",\"message\":");
            quote(b, String.valueOf(e.getMessage()));
            return b.append('}').toString();
        }
        return quote(b.append(",\"out\":"), result).append('}').toString();
    }

    static String fromUTF16Hex(String h) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i + 4 <= h.length(); i += 4) {
            s.append((char) Integer.parseInt(h.substring(i, i + 4), 16));
        }
        return s.toString();
    }

    // quote appends s as a JSON string, every non-ASCII code unit as a \\u
    // escape, so lone surrogates travel as they are.
    static StringBuilder quote(StringBuilder b, String s) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                b.append('\\').append(c);
            } else if (c >= 0x20 && c < 0x7f) {
                b.append(c);
            } else {
                b.append(String.format("\\u%04x", (int) c));
            }
        }
        return b.append('"');
    }

    // Json reads the one JSON object of a request line: string, number,
    // literal and nested object values.
    static final class Json {
        private final String s;
        private int i;

        Json(String s) {
            this.s = s;
        }

        Map<String, Object> object() {
            Map<String, Object> m = new HashMap<>();
            expect('{');
            if (peek() == '}') {
                i++;
                return m;
            }
            while (true) {
                String k = string();
                expect(':');
                m.put(k, value());
                char c = next();
                if (c == '}') return m;
                if (c != ',') throw new IllegalArgumentException("want , or } at " + (i - 1));
            }
        }

        Object value() {
            char c = peek();
            if (c == '"') return string();
            if (c == '{') return object();
            int start = i;
            while (i < s.length() && ",}] \t".indexOf(s.charAt(i)) < 0) i++;
            String lit = s.substring(start, i);
            if (lit.isEmpty()) throw new IllegalArgumentException("want a value at " + start);
            return lit; // numbers and literals are kept as written
        }

        String string() {
            expect('"');
            StringBuilder b = new StringBuilder();
            while (true) {
                if (i >= s.length()) throw new IllegalArgumentException("unterminated string");
                char c = s.charAt(i++);
                if (c == '"') return b.toString();
                if (c != '\\') {
                    b.append(c);
                    continue;
                }
                if (i >= s.length()) throw new IllegalArgumentException("unterminated escape");
                char e = s.charAt(i++);
                switch (e) {
                    case 'b': b.append('\b'); break;
                    case 'f': b.append('\f'); break;
                    case 'n': b.append('\n'); break;
                    case 'r': b.append('\r'); break;
                    case 't': b.append('\t'); break;
                    case 'u':
                        if (i + 4 > s.length()) throw new IllegalArgumentException("short \\u escape");
                        b.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                        i += 4;
                        break;
                    default: b.append(e);
                }
            }
        }

        char peek() {
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++;
            if (i >= s.length()) throw new IllegalArgumentException("unexpected end");
            return s.charAt(i);
        }

        char next() {
            char c = peek();
            i++;
            return c;
        }

        void expect(char c) {
            if (next() != c) throw new IllegalArgumentException("want " + c + " at " + (i - 1));
        }
    }
}
