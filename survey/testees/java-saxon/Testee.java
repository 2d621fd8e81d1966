// A pctest testee (protocol version 1) for Saxon-HE's XPath functions
// fn:encode-for-uri, fn:iri-to-uri and fn:escape-html-uri (XPath and XQuery
// Functions and Operators 3.1 §6.2-§6.4), evaluated through the s9api:
//
//   percentEncode                          encode-for-uri($s)
//   iriToURI                               iri-to-uri($s)
//   percentEncodeSet whatwg.c0-control     escape-html-uri($s)
//
// The functions take xs:string and encode its UTF-8, so octets are handed
// over as UTF-8 text; octets that are not UTF-8 have no xs:string form and
// are answered "unsupported", as are every other set and op.

import net.sf.saxon.s9api.Processor;
import net.sf.saxon.s9api.QName;
import net.sf.saxon.s9api.XPathCompiler;
import net.sf.saxon.s9api.XPathExecutable;
import net.sf.saxon.s9api.XPathSelector;
import net.sf.saxon.s9api.XdmAtomicValue;

public final class Testee {
    public static void main(String[] args) throws Exception {
        XPathCompiler xp = new Processor(false).newXPathCompiler();
        QName s = new QName("s");
        xp.declareVariable(s);
        XPathExecutable encode = xp.compile("encode-for-uri($s)");
        XPathExecutable iri = xp.compile("iri-to-uri($s)");
        XPathExecutable html = xp.compile("escape-html-uri($s)");
        Protocol.serve(r -> {
            XPathExecutable f;
            String in = r.text;
            if (r.op.equals("percentEncode")) {
                f = encode;
            } else if (r.op.equals("percentEncodeSet") && "whatwg.c0-control".equals(r.arg("set"))) {
                f = html;
            } else if (r.op.equals("iriToURI")) {
                f = iri;
            } else {
                return null;
            }
            if (r.octets != null) in = r.octetsAsUTF8();
            if (in == null) return null;
            XPathSelector sel = f.load();
            sel.setVariable(s, new XdmAtomicValue(in));
            return sel.evaluateSingle().getStringValue();
        });
    }
}
