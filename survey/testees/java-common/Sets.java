// The named encode sets of pctest's vector format, as the printable ASCII
// octets each one keeps: generated from vectors/sets.json (go test ./survey
// -run TestTesteeSetTables -update rewrites the table), for the Java hosts whose library takes a set as a list of
// characters (java-guava's PercentEscaper, java-commons-codec's PercentCodec).

import java.util.HashMap;
import java.util.Map;

public final class Sets {
    private Sets() {}

    private static final Map<String, String> KEEPS = new HashMap<>();

    static {
        KEEPS.put("ecma.encodeURI", "!#$&'()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~");
        KEEPS.put("ecma.uriUnescaped", "!'()*-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~");
        KEEPS.put("go.fragment", "!$&()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~");
        KEEPS.put("go.host", "!\"$&'()*+,-.0123456789:;<=>ABCDEFGHIJKLMNOPQRSTUVWXYZ[]_abcdefghijklmnopqrstuvwxyz~");
        KEEPS.put("go.path", "$&+,-./0123456789:;=@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~");
        KEEPS.put("go.path-segment", "$&+-.0123456789:=@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~");
        KEEPS.put("go.query", "-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~");
        KEEPS.put("go.userpassword", "$&+,-.0123456789;=ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~");
        KEEPS.put("go.zone", "!\"$&'()*+,-.0123456789:;<=>ABCDEFGHIJKLMNOPQRSTUVWXYZ[]_abcdefghijklmnopqrstuvwxyz~");
        KEEPS.put("rfc3986.fragment", "!$&'()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~");
        KEEPS.put("rfc3986.gen-delims", "#/:?@[]");
        KEEPS.put("rfc3986.path", "!$&'()*+,-./0123456789:;=@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~");
        KEEPS.put("rfc3986.pchar", "!$&'()*+,-.0123456789:;=@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~");
        KEEPS.put("rfc3986.query", "!$&'()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~");
        KEEPS.put("rfc3986.reg-name", "!$&'()*+,-.0123456789;=ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~");
        KEEPS.put("rfc3986.reserved", "!#$&'()*+,/:;=?@[]");
        KEEPS.put("rfc3986.sub-delims", "!$&'()*+,;=");
        KEEPS.put("rfc3986.unreserved", "-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~");
        KEEPS.put("rfc3986.userinfo", "!$&'()*+,-.0123456789:;=ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~");
        KEEPS.put("whatwg.c0-control", " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~");
        KEEPS.put("whatwg.component", "!'()*-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~");
        KEEPS.put("whatwg.form-urlencoded", "*-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz");
        KEEPS.put("whatwg.fragment", "!#$%&'()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_abcdefghijklmnopqrstuvwxyz{|}~");
        KEEPS.put("whatwg.path", "!$%&'()*+,-./0123456789:;=@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]_abcdefghijklmnopqrstuvwxyz|~");
        KEEPS.put("whatwg.query", "!$%&'()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~");
        KEEPS.put("whatwg.special-query", "!$%&()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~");
        KEEPS.put("whatwg.userinfo", "!$%&'()*+,-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~");
    }

    /** The octets the named set keeps, or null when there is no set of that name. */
    public static String keeps(String name) {
        return name == null ? null : KEEPS.get(name);
    }
}
