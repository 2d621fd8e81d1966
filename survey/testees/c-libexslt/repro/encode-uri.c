#include <stdio.h>
#include <libexslt/exslt.h>
#include <libxml/xpathInternals.h>
int main(int argc, char **argv) {
	xmlXPathContextPtr ctxt = xmlXPathNewContext(NULL);
	exsltStrXpathCtxtRegister(ctxt, (const xmlChar *)"str");
	xmlXPathObjectPtr v = xmlXPathEvalExpression((const xmlChar *)argv[1], ctxt);
	printf("%s\n", (const char *)v->stringval);
	return 0;
}
