// A pctest testee (protocol version 1, see testee/PROTOCOL.md) for the
// JDK's java.net.URLEncoder and java.net.URLDecoder with UTF-8:
//
//   formEncode  URLEncoder.encode(text, StandardCharsets.UTF_8)
//   formDecode  URLDecoder.decode(text, StandardCharsets.UTF_8)
//
// Every other op is answered "unsupported". README.md beside this file says
// why each function maps to its op; mapping.json says the same for machines.
//
//   javac -d /tmp/java-net-url survey/testees/java-net-url/Testee.java survey/testees/java-common/Protocol.java
//   pctest run -- java -cp /tmp/java-net-url Testee
//
// The protocol (the request loop, a small JSON reader, the answers) is
// ../java-common/Protocol.java. Java strings are UTF-16, so text, lone
// surrogates included, is handed over exactly. An exception the function
// throws is answered with its simple class name as the error kind.

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

public final class Testee {
    private Testee() {}

    public static void main(String[] args) throws Exception {
        Protocol.serve(r -> {
            if (r.text == null) return null;
            switch (r.op) {
                case "formEncode": return URLEncoder.encode(r.text, StandardCharsets.UTF_8);
                case "formDecode": return URLDecoder.decode(r.text, StandardCharsets.UTF_8);
                default: return null;
            }
        });
    }
}
