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
// (CHARSETS below, as in ../java-charset), passed by its name.
//
// PercentCodec is told the US-ASCII octets to encode ("alwaysEncodeChars");
// it encodes every non-ASCII octet and always '%' by itself. The testee gives
// it the ASCII octets outside the named set (../java-common/Sets.java, from
// codec/sets.go); a set that keeps '%' cannot be asked for and is answered
// "unsupported". PercentCodec.decode's DecoderException on a malformed escape
// is answered MalformedEscape.

import java.nio.charset.StandardCharsets;
import java.nio.charset.Charset;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.codec.DecoderException;
import org.apache.commons.codec.net.PercentCodec;
import org.apache.commons.codec.net.URLCodec;

public final class Testee {
    // The JDK charset for each WHATWG encoding (Encoding §4.2, by its
    // name) that the JDK has under that name; replacement, UTF-16BE and
    // UTF-16LE are UTF-8 (the "output encoding", Encoding §4.3). The JDK
    // has no ISO-8859-10, ISO-8859-14 or x-user-defined.
    private static final Map<String, String> CHARSETS = Map.ofEntries(
            Map.entry("utf-8", "UTF-8"), Map.entry("ibm866", "IBM866"),
            Map.entry("iso-8859-2", "ISO-8859-2"), Map.entry("iso-8859-3", "ISO-8859-3"),
            Map.entry("iso-8859-4", "ISO-8859-4"), Map.entry("iso-8859-5", "ISO-8859-5"),
            Map.entry("iso-8859-6", "ISO-8859-6"), Map.entry("iso-8859-7", "ISO-8859-7"),
            Map.entry("iso-8859-8", "ISO-8859-8"), Map.entry("iso-8859-8-i", "ISO-8859-8"),
            Map.entry("iso-8859-13", "ISO-8859-13"), Map.entry("iso-8859-15", "ISO-8859-15"),
            Map.entry("iso-8859-16", "ISO-8859-16"), Map.entry("koi8-r", "KOI8-R"),
            Map.entry("koi8-u", "KOI8-U"), Map.entry("macintosh", "x-MacRoman"),
            Map.entry("windows-874", "x-windows-874"), Map.entry("windows-1250", "windows-1250"),
            Map.entry("windows-1251", "windows-1251"), Map.entry("windows-1252", "windows-1252"),
            Map.entry("windows-1253", "windows-1253"), Map.entry("windows-1254", "windows-1254"),
            Map.entry("windows-1255", "windows-1255"), Map.entry("windows-1256", "windows-1256"),
            Map.entry("windows-1257", "windows-1257"), Map.entry("windows-1258", "windows-1258"),
            Map.entry("x-mac-cyrillic", "x-MacCyrillic"), Map.entry("gbk", "GBK"),
            Map.entry("gb18030", "GB18030"), Map.entry("big5", "Big5"),
            Map.entry("euc-jp", "EUC-JP"), Map.entry("iso-2022-jp", "ISO-2022-JP"),
            Map.entry("shift_jis", "Shift_JIS"), Map.entry("euc-kr", "EUC-KR"),
            Map.entry("replacement", "UTF-8"), Map.entry("utf-16be", "UTF-8"),
            Map.entry("utf-16le", "UTF-8"));

    // The charset for args.encoding, read as Encoding §4.2 reads a label
    // (ASCII whitespace stripped, ASCII lowercase) but only as an
    // encoding's own name; null (unsupported) for any other label.
    private static Charset charset(String label) {
        if (label == null) return null;
        String name = CHARSETS.get(label.replaceAll("^[\\t\\n\\f\\r ]+|[\\t\\n\\f\\r ]+$", "").toLowerCase(Locale.ROOT));
        return name == null ? null : Charset.forName(name);
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
                    Charset cs = charset(r.arg("encoding"));
                    return cs == null ? null : url.encode(r.text, cs.name());
                };
                break;
            default:
                throw new IllegalArgumentException("usage: Testee urlcodec|percent|charset");
        }
        Protocol.serve(h);
    }
}
