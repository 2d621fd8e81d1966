// A pctest testee (protocol version 1) for ring-codec's ring.util.codec
// (Clojure), called from Java through clojure.java.api.Clojure:
//
//   percentEncode         (url-encode s)          on the octets as UTF-8 text
//   percentDecodeLenient  (url-decode s)          answered as the UTF-8 of the result
//   formEncode            (form-encode s)
//   formDecode            (form-decode-str s)     what (form-decode s) calls for a value
//
// Clojure strings are Java strings (UTF-16). Octets that are not UTF-8 have
// no string form and are answered "unsupported", as is every other op. A nil
// result is answered as the error "nil"; an exception by its class name.

import clojure.java.api.Clojure;
import clojure.lang.IFn;
import java.nio.charset.StandardCharsets;

public final class Testee {
    public static void main(String[] args) throws Exception {
        Clojure.var("clojure.core", "require").invoke(Clojure.read("ring.util.codec"));
        IFn urlEncode = Clojure.var("ring.util.codec", "url-encode");
        IFn urlDecode = Clojure.var("ring.util.codec", "url-decode");
        IFn formEncode = Clojure.var("ring.util.codec", "form-encode");
        IFn formDecodeStr = Clojure.var("ring.util.codec", "form-decode-str");
        Protocol.serve(r -> {
            IFn f;
            String in = r.text;
            switch (r.op) {
                case "percentEncode": f = urlEncode; in = r.octets == null ? null : r.octetsAsUTF8(); break;
                case "percentDecodeLenient": f = urlDecode; break;
                case "formEncode": f = formEncode; break;
                case "formDecode": f = formDecodeStr; break;
                default: return null;
            }
            if (in == null) return null;
            Object out = f.invoke(in);
            if (out == null) throw new Protocol.Fail("nil", "the function returned nil");
            if (r.op.equals("percentDecodeLenient")) return ((String) out).getBytes(StandardCharsets.UTF_8);
            return out;
        });
    }
}
