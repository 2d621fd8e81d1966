/*
 * A pctest testee (protocol version 1, see testee/PROTOCOL.md) for
 * libxml2's URI escaping (uri.h; Debian libxml2-dev):
 *
 *   percentEncodeSet      xmlURIEscapeStr(octets, list): list is the octets
 *                         the named set keeps, for sets that hold what the
 *                         function always keeps (alphanumerics and
 *                         -_.!~*'(), RFC 2396's unreserved)
 *   percentDecodeLenient  xmlURIUnescapeString(text as UTF-8, length, target)
 *
 * Every other op is answered "unsupported"; so is text with a lone
 * surrogate, which has no UTF-8 form, and octets with NUL for
 * xmlURIEscapeStr, which takes a C string. README.md beside this file says
 * why each function maps to its op. The protocol is in ../c-common:
 *
 *   cc -O2 -o /tmp/c-libxml2 survey/testees/c-libxml2/testee.c survey/testees/c-common/protocol.c $(pkg-config --cflags --libs libxml-2.0)
 *   pctest run -utf16hex -- /tmp/c-libxml2
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/uri.h>
#include <libxml/xmlmemory.h>

#include "../c-common/protocol.h"
#include "../c-common/sets.h"


/* list_for returns the octets the named set keeps, or NULL when the set is
 * unknown or lacks one that xmlURIEscapeStr always keeps. ('@' is kept too,
 * though the documentation does not say so: see verdicts.json.) */
static const char *list_for(const char *name)
{
	const char *keeps = pc_set_keeps(name);
	if (keeps == NULL)
		return NULL;
	const char *always = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()";
	for (const char *p = always; *p; p++)
		if (!strchr(keeps, *p))
			return NULL;
	return keeps;
}

static void answer(const struct pc_request *r)
{
	const char *list;
	if (!r->has_in || r->lone) {
		pc_unsupported(r);
	} else if (!strcmp(r->op, "percentEncodeSet") && (list = list_for(r->set)) != NULL) {
		if (memchr(r->in, 0, r->inlen)) {
			pc_unsupported(r);
			return;
		}
		xmlChar *s = xmlURIEscapeStr(r->in, (const xmlChar *)list);
		if (s == NULL) {
			pc_error(r, "NULL", "xmlURIEscapeStr returned NULL");
			return;
		}
		pc_out(r, (const char *)s, strlen((const char *)s));
		xmlFree(s);
	} else if (!strcmp(r->op, "percentDecodeLenient")) {
		/* len <= 0 means "use strlen", which is what an empty input wants.
		 * The result may hold NUL, so its length is found by decoding
		 * into two buffers filled differently: the written part (with its
		 * terminating NUL) is the same in both, and the rest differs. */
		size_t size = r->inlen + 2;
		char *a = malloc(size), *b = malloc(size);
		memset(a, 0xAA, size);
		memset(b, 0x55, size);
		xmlURIUnescapeString((const char *)r->in, (int)r->inlen, a);
		xmlURIUnescapeString((const char *)r->in, (int)r->inlen, b);
		size_t n = 0;
		while (n < size && a[n] == b[n])
			n++;
		pc_out_hex(r, (unsigned char *)a, n - 1);
		free(a);
		free(b);
	} else {
		pc_unsupported(r);
	}
}

int main(void)
{
	xmlInitParser();
	return pc_serve(answer);
}
