// A pctest testee (protocol version 1, see testee/PROTOCOL.md) for the
// JDK's charsets behind two functions:
//
//   formEncodeLegacy   URLEncoder.encode(text, Charset.forName(C))
//   utf8DecodeReplace  new String(octets, StandardCharsets.UTF_8)
//
// C is the JDK charset for the WHATWG encoding that args.encoding names
// (../java-common/Charsets.java). Every other op is answered "unsupported". README.md
// beside this file says why each function maps to its op; mapping.json
// says the same for machines.
//
//   javac -d /tmp/java-charset survey/testees/java-charset/Testee.java survey/testees/java-common/Protocol.java survey/testees/java-common/Charsets.java
//   pctest run -- java -cp /tmp/java-charset Testee
//
// The protocol is ../java-common/Protocol.java.

import java.net.URLEncoder;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

public final class Testee {
    private Testee() {}

    public static void main(String[] args) throws Exception {
        Protocol.serve(r -> {
            switch (r.op) {
                case "formEncodeLegacy": {
                    Charset cs = Charsets.forLabel(r.arg("encoding"));
                    if (r.text == null || cs == null) return null;
                    return URLEncoder.encode(r.text, cs);
                }
                case "utf8DecodeReplace":
                    if (r.octets == null) return null;
                    return new String(r.octets, StandardCharsets.UTF_8);
                default:
                    return null;
            }
        });
    }
}
