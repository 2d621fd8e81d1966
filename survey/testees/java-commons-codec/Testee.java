// A pctest testee (protocol version 1) for Apache commons-codec's URL codecs.
// The argument picks the function set, one row each:
//
//   urlcodec  new URLCodec().encode(text, "UTF-8")       formEncode
//             new URLCodec().decode(text, "UTF-8")       formDecode
//   percent   new PercentCodec(encode, false).encode(b)   percentEncodeSet
//             new PercentCodec().decode(b)                percentDecode
//
// PercentCodec is told the US-ASCII octets to encode ("alwaysEncodeChars");
// it encodes every non-ASCII octet and always '%' by itself. The testee gives
// it the ASCII octets outside the named set (table KEEP below, from
// codec/sets.go); a set that keeps '%' cannot be asked for and is answered
// "unsupported". PercentCodec.decode's DecoderException on a malformed escape
// is answered MalformedEscape.

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.apache.commons.codec.DecoderException;
import org.apache.commons.codec.net.PercentCodec;
import org.apache.commons.codec.net.URLCodec;

public final class Testee {
    static final Map<String, String> KEEP = new HashMap<>();

    static {
        // The ASCII octets each named set of vectors keeps (codec/sets.go).
    }

    public static void main(String[] args) throws Exception {
        String which = args.length > 0 ? args[0] : "";
        URLCodec url = new URLCodec();
        PercentCodec dec = new PercentCodec();
        Protocol.Handler h;
        switch (which) {
            case "urlcodec":
                h = r -> {
                    if (r.text == null) return null;
                    if (r.op.equals("formEncode")) return url.encode(r.text, "UTF-8");
                    if (r.op.equals("formDecode")) return url.decode(r.text, "UTF-8");
                    return null;
                };
                break;
            case "percent":
                h = r -> {
                    if (r.op.equals("percentEncodeSet") && r.octets != null) {
                        String keep = KEEP.get(r.arg("set"));
                        if (keep == null) return null;
                        StringBuilder enc = new StringBuilder();
                        for (char c = 0; c < 0x80; c++) if (keep.indexOf(c) < 0) enc.append(c);
                        byte[] always = enc.toString().getBytes(StandardCharsets.US_ASCII);
                        return new String(new PercentCodec(always, false).encode(r.octets), StandardCharsets.ISO_8859_1);
                    }
                    if (r.op.equals("percentDecode") && r.text != null) {
                        try {
                            return dec.decode(r.text.getBytes(StandardCharsets.UTF_8));
                        } catch (DecoderException e) {
                            throw new Protocol.Fail("MalformedEscape", e.getMessage());
                        }
                    }
                    return null;
                };
                break;
            default:
                throw new IllegalArgumentException("usage: Testee urlcodec|percent");
        }
        Protocol.serve(h);
    }
}
