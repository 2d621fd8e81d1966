/*
 * A pctest testee (protocol version 1, see testee/PROTOCOL.md) for
 * libexslt's EXSLT str:encode-uri (Debian libxslt1-dev), evaluated as an
 * XPath expression with libexslt's string functions registered, the input
 * bound to the variable $s. The first argument picks the function set, so
 * that no two functions answer the same op in one run:
 *
 *   (none)    encodeURIComponent  str:encode-uri($s, true())
 *   reserved  encodeNoDouble      str:encode-uri($s, false())
 *
 * Every other op is answered "unsupported"; so is text with a lone
 * surrogate or U+0000, which an XPath string (UTF-8, NUL-terminated) cannot
 * hold. README.md beside this file says why each function maps to its op.
 * The protocol is in ../c-common:
 *
 *   cc -O2 -o /tmp/c-libexslt survey/testees/c-libexslt/testee.c survey/testees/c-common/protocol.c $(pkg-config --cflags --libs libexslt)
 *   pctest run -utf16hex -- /tmp/c-libexslt [reserved]
 */
#include <stdio.h>
#include <string.h>

#include <libexslt/exslt.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>

#include "../c-common/protocol.h"

static const char *op, *expr;
static xmlXPathContextPtr ctxt;

static void answer(const struct pc_request *r)
{
	if (!r->has_in || r->lone || strcmp(r->op, op) || memchr(r->in, 0, r->inlen)) {
		pc_unsupported(r);
		return;
	}
	xmlXPathRegisterVariable(ctxt, (const xmlChar *)"s", xmlXPathNewString(r->in));
	xmlXPathObjectPtr v = xmlXPathEvalExpression((const xmlChar *)expr, ctxt);
	if (v == NULL || v->type != XPATH_STRING) {
		pc_error(r, "XPathError", "the expression did not give a string");
	} else {
		pc_out(r, (const char *)v->stringval, strlen((const char *)v->stringval));
	}
	xmlXPathFreeObject(v);
}

int main(int argc, char **argv)
{
	if (argc == 1) {
		op = "encodeURIComponent";
		expr = "str:encode-uri($s, true())";
	} else if (argc == 2 && !strcmp(argv[1], "reserved")) {
		op = "encodeNoDouble";
		expr = "str:encode-uri($s, false())";
	} else {
		fprintf(stderr, "testee: unknown function set; want none or 'reserved'\n");
		return 2;
	}
	xmlInitParser();
	ctxt = xmlXPathNewContext(NULL);
	if (ctxt == NULL || exsltStrXpathCtxtRegister(ctxt, (const xmlChar *)"str") != 0) {
		fprintf(stderr, "testee: cannot set up the XPath context\n");
		return 2;
	}
	return pc_serve(answer);
}
