// The JDK charset for each WHATWG encoding, shared by the testees that
// encode after a legacy encoding (../java-charset, ../java-commons-codec).

import java.nio.charset.Charset;
import java.util.Locale;
import java.util.Map;

final class Charsets {
    private Charsets() {}

    // The JDK charset for each WHATWG encoding (Encoding §4.2, by its
    // name) that the JDK's "Supported Encodings" list has under that
    // character set. replacement, UTF-16BE and UTF-16LE are UTF-8 here:
    // the URL standard encodes with the "output encoding" (Encoding §4.3),
    // which is UTF-8 for them. The JDK has no ISO-8859-10, ISO-8859-14 or
    // x-user-defined.
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
    // encoding's own name: the JDK's aliases are IANA's, not WHATWG's
    // labels. null (unsupported) for any other label.
    static Charset forLabel(String label) {
        if (label == null) return null;
        String name = CHARSETS.get(label.replaceAll("^[\\t\\n\\f\\r ]+|[\\t\\n\\f\\r ]+$", "").toLowerCase(Locale.ROOT));
        return name == null ? null : Charset.forName(name);
    }
}
