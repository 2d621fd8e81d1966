// A pctest testee (protocol version 1) for Apache commons-codec's URL codecs.
// The argument picks the function set, one row each:
//
//   urlcodec  new URLCodec().encode(text, "UTF-8")       formEncode
//             new URLCodec().decode(text, "UTF-8")       formDecode
//   percent   new PercentCodec(encode, false).encode(b)   percentEncodeSet
//             new PercentCodec().decode(b)                percentDecode
//   charset   new URLCodec().encode(text, C)              formEncodeLegacy
//
// C is the JDK charset for the WHATWG encoding that args.encoding names
// (../java-common/Charsets.java), passed by its name.
//
// PercentCodec is told the US-ASCII octets to encode ("alwaysEncodeChars");
// it encodes every non-ASCII octet and always '%' by itself. The testee gives
// it the ASCII octets outside the named set (../java-common/Sets.java, from
// vectors/sets.json); a set that keeps '%' cannot be asked for and is answered
// "unsupported". PercentCodec.decode's DecoderException on a malformed escape
// is answered MalformedEscape.

import java.nio.charset.StandardCharsets;
import java.nio.charset.Charset;
import org.apache.commons.codec.DecoderException;
import org.apache.commons.codec.net.PercentCodec;
import org.apache.commons.codec.net.URLCodec;

public final class Testee {
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
                        String keep = Sets.keeps(r.arg("set"));
                        if (keep == null || keep.indexOf('%') >= 0) return null;
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
            case "charset":
                h = r -> {
                    if (!r.op.equals("formEncodeLegacy") || r.text == null) return null;
                    Charset cs = Charsets.forLabel(r.arg("encoding"));
                    return cs == null ? null : url.encode(r.text, cs.name());
                };
                break;
            default:
                throw new IllegalArgumentException("usage: Testee urlcodec|percent|charset");
        }
        Protocol.serve(h);
    }
}
