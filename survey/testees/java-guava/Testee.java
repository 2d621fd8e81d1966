// A pctest testee (protocol version 1) for Guava's com.google.common.net.UrlEscapers.
// The argument picks the escaper, one row each:
//
//   form      urlFormParameterEscaper().escape(text)  formEncode
//   segment   urlPathSegmentEscaper().escape(s)       percentEncodeSet rfc3986.pchar
//   fragment  urlFragmentEscaper().escape(s)          percentEncodeSet rfc3986.fragment
//   percent   new PercentEscaper(safeChars, false).escape(s)  percentEncodeSet, any named set
//             whose kept octets hold every alphanumeric (always safe): safeChars is
//             the set's other kept octets (../java-common/Sets.java)
//
// An escaper takes a String and encodes its UTF-8, so percentEncodeSet's
// octets are handed over as UTF-8 text; octets that are not UTF-8 have no
// String form and are answered "unsupported", as are all other ops and sets.

import com.google.common.escape.Escaper;
import com.google.common.net.PercentEscaper;
import com.google.common.net.UrlEscapers;

public final class Testee {
    public static void main(String[] args) throws Exception {
        String which = args.length > 0 ? args[0] : "";
        if (which.equals("percent")) {
            Protocol.serve(r -> {
                String keep = r.op.equals("percentEncodeSet") ? Sets.keeps(r.arg("set")) : null;
                if (keep == null || r.octets == null) return null;
                StringBuilder safe = new StringBuilder();
                for (char c = 0x20; c < 0x7F; c++) {
                    boolean alnum = (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
                    if (alnum && keep.indexOf(c) < 0) return null; // always safe: no such escaper
                    if (!alnum && keep.indexOf(c) >= 0) safe.append(c);
                }
                String s = r.octetsAsUTF8();
                return s == null ? null : new PercentEscaper(safe.toString(), false).escape(s);
            });
            return;
        }
        final Escaper esc;
        final String op, set;
        switch (which) {
            case "form": esc = UrlEscapers.urlFormParameterEscaper(); op = "formEncode"; set = null; break;
            case "segment": esc = UrlEscapers.urlPathSegmentEscaper(); op = "percentEncodeSet"; set = "rfc3986.pchar"; break;
            case "fragment": esc = UrlEscapers.urlFragmentEscaper(); op = "percentEncodeSet"; set = "rfc3986.fragment"; break;
            default: throw new IllegalArgumentException("usage: Testee form|segment|fragment|percent");
        }
        Protocol.serve(r -> {
            if (!r.op.equals(op)) return null;
            if (set == null) return r.text == null ? null : esc.escape(r.text);
            if (!set.equals(r.arg("set")) || r.octets == null) return null;
            String s = r.octetsAsUTF8();
            return s == null ? null : esc.escape(s);
        });
    }
}
