// The pctest testee protocol (version 1, testee/PROTOCOL.md) for the survey's
// Java hosts (java-guava, java-commons-codec, java-httpclient, java-saxon,
// clojure-ring-codec, java-net-url): the request loop, a small JSON reader
// for request lines, and the answers. A host gives serve() a Handler for one request.
//
// Java strings are UTF-16, so text, lone surrogates included, is handed over
// exactly (from "in", or "in_utf16" in -utf16hex mode), and results go back
// with every non-ASCII code unit as a \\u escape.

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

public final class Protocol {
    private Protocol() {}

    /** A request: its op, its text ("in"/"in_utf16") or octets ("in_hex"), and its args. */
    public static final class Request {
        public String op;
        public String text;
        public byte[] octets;
        public Map<String, Object> args = new HashMap<>();

        public String arg(String name) {
            Object v = args.get(name);
            return v instanceof String ? (String) v : null;
        }

        /** The octets as UTF-8 text, or null when they are not UTF-8. */
        public String octetsAsUTF8() {
            try {
                return StandardCharsets.UTF_8.newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT)
                        .decode(ByteBuffer.wrap(octets)).toString();
            } catch (CharacterCodingException e) {
                return null;
            }
        }
    }

    /** The answer "error": kind and message. */
    public static final class Fail extends RuntimeException {
        public final String kind;

        public Fail(String kind, String message) {
            super(message);
            this.kind = kind;
        }
    }

    /**
     * A Handler answers one request: a String is "out", a byte[] is "out_hex",
     * null is "unsupported", a Fail is "error". Any other exception is answered
     * as an error whose kind is the exception's simple class name.
     */
    public interface Handler {
        Object handle(Request r) throws Exception;
    }

    public static void serve(Handler h) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8), 1 << 16);
        Writer out = new OutputStreamWriter(System.out, StandardCharsets.UTF_8);
        StringBuilder batch = new StringBuilder();
        String line;
        while ((line = in.readLine()) != null) {
            if (!line.isBlank()) {
                String a = answer(h, line);
                if (a != null) batch.append(a).append('\n');
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

    static String answer(Handler h, String line) {
        Map<String, Object> m;
        try {
            m = new Json(line).object();
        } catch (RuntimeException e) {
            System.err.println("testee: bad request line: " + e.getMessage());
            return null;
        }
        Request r = new Request();
        r.op = String.valueOf(m.get("op"));
        if (m.get("in") instanceof String) r.text = (String) m.get("in");
        if (m.get("in_utf16") instanceof String) r.text = fromUTF16Hex((String) m.get("in_utf16"));
        if (m.get("in_hex") instanceof String) r.octets = fromHex((String) m.get("in_hex"));
        if (m.get("args") instanceof Map) {
            @SuppressWarnings("unchecked")
            Map<String, Object> a = (Map<String, Object>) m.get("args");
            r.args = a;
        }
        StringBuilder b = new StringBuilder("{\"id\":").append(m.get("id"));
        Object res;
        try {
            res = h.handle(r);
        } catch (Fail e) {
            quote(b.append(",\"error\":"), e.kind);
            return quote(b.append(",\"message\":"), String.valueOf(e.getMessage())).append('}').toString();
        } catch (Throwable e) {
            quote(b.append(",\"error\":"), e.getClass().getSimpleName());
            return quote(b.append(",\"message\":"), String.valueOf(e.getMessage())).append('}').toString();
        }
        if (res == null) return b.append(",\"unsupported\":true}").toString();
        if (res instanceof byte[]) {
            b.append(",\"out_hex\":\"");
            for (byte x : (byte[]) res) b.append(String.format("%02x", x & 0xff));
            return b.append("\"}").toString();
        }
        return quote(b.append(",\"out\":"), res.toString()).append('}').toString();
    }

    static String fromUTF16Hex(String h) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i + 4 <= h.length(); i += 4) s.append((char) Integer.parseInt(h.substring(i, i + 4), 16));
        return s.toString();
    }

    static byte[] fromHex(String h) {
        byte[] o = new byte[h.length() / 2];
        for (int i = 0; i < o.length; i++) o[i] = (byte) Integer.parseInt(h.substring(2 * i, 2 * i + 2), 16);
        return o;
    }

    // quote appends s as a JSON string, every non-ASCII code unit as a \\u
    // escape, so lone surrogates travel as they are.
    static StringBuilder quote(StringBuilder b, String s) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') b.append('\\').append(c);
            else if (c >= 0x20 && c < 0x7f) b.append(c);
            else b.append(String.format("\\u%04x", (int) c));
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
