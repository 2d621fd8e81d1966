// A pctest testee (protocol version 1) for Apache HttpClient 4.5's
// org.apache.http.client.utils.URLEncodedUtils. The argument picks the
// function set, one row each:
//
//   form      format([(text, null)], UTF_8)        formEncode
//             parse(text, UTF_8)                   formDecode
//   segments  formatSegments([s], UTF_8)           percentEncodeSet rfc3986.pchar
//             parsePathSegments(text, UTF_8)       percentDecodeLenient
//
// Each function works on a list (of name=value pairs, of path segments); the
// testee gives it one name, or one segment. A text with a list separator in
// it ('&', ';' or '=' for parse, '/' for parsePathSegments) is no single name
// or segment and is answered "unsupported"; so are octets that are not UTF-8
// (no String holds them), every other set and every other op.

import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;
import org.apache.http.NameValuePair;
import org.apache.http.client.utils.URLEncodedUtils;
import org.apache.http.message.BasicNameValuePair;

public final class Testee {
    public static void main(String[] args) throws Exception {
        String which = args.length > 0 ? args[0] : "";
        Protocol.Handler h;
        switch (which) {
            case "form":
                h = r -> {
                    if (r.text == null) return null;
                    if (r.op.equals("formEncode")) {
                        return URLEncodedUtils.format(Collections.singletonList(new BasicNameValuePair(r.text, null)), StandardCharsets.UTF_8);
                    }
                    if (r.op.equals("formDecode")) {
                        if (r.text.matches("(?s).*[&;=].*")) return null;
                        List<NameValuePair> l = URLEncodedUtils.parse(r.text, StandardCharsets.UTF_8);
                        if (l.isEmpty()) return "";
                        if (l.size() != 1) throw new IllegalStateException(l.size() + " pairs");
                        return l.get(0).getName();
                    }
                    return null;
                };
                break;
            case "segments":
                h = r -> {
                    if (r.op.equals("percentEncodeSet") && "rfc3986.pchar".equals(r.arg("set")) && r.octets != null) {
                        String s = r.octetsAsUTF8();
                        if (s == null) return null;
                        String out = URLEncodedUtils.formatSegments(Collections.singletonList(s), StandardCharsets.UTF_8);
                        return out.substring(1); // the leading "/" joins it to the path before
                    }
                    if (r.op.equals("percentDecodeLenient") && r.text != null) {
                        if (r.text.indexOf('/') >= 0) return null;
                        List<String> l = URLEncodedUtils.parsePathSegments(r.text, StandardCharsets.UTF_8);
                        if (l.isEmpty()) return new byte[0];
                        if (l.size() != 1) throw new IllegalStateException(l.size() + " segments");
                        return l.get(0).getBytes(StandardCharsets.UTF_8);
                    }
                    return null;
                };
                break;
            default:
                throw new IllegalArgumentException("usage: Testee form|segments");
        }
        Protocol.serve(h);
    }
}
