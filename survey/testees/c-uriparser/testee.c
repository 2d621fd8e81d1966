/*
 * A pctest testee (protocol version 1, see testee/PROTOCOL.md) for
 * uriparser's escaping functions (Debian liburiparser-dev). The first
 * argument picks the function set, so that no two functions answer the same
 * op in one run:
 *
 *   (none)  percentEncode         uriEscapeA(octets, out, URI_FALSE, URI_FALSE)
 *           percentDecodeLenient  uriUnescapeInPlaceA(text as UTF-8)
 *   ex      percentEncode         uriEscapeExA(first, afterLast, out, URI_FALSE, URI_FALSE)
 *   query   formEncode            uriComposeQueryMallocA of the one pair {"k", text as UTF-8},
 *                                 the leading "k=" stripped
 *           formDecode            uriDissectQueryMallocA("k=" + text as UTF-8): the one
 *                                 pair's value
 *
 * Every other op is answered "unsupported". README.md beside this file says
 * why each function maps to its op; mapping.json says the same for machines.
 * The protocol itself is in ../c-common, compiled with this file:
 *
 *   cc -O2 -o /tmp/c-uriparser survey/testees/c-uriparser/testee.c survey/testees/c-common/protocol.c $(pkg-config --cflags --libs liburiparser)
 *   pctest run -utf16hex -- /tmp/c-uriparser [ex|query]
 *
 * Text is handed over as its UTF-8; text with a lone surrogate has no UTF-8
 * form and is answered "unsupported". uriEscapeA and uriUnescapeInPlaceA
 * take NUL-terminated strings, so an input holding a NUL octet cannot be
 * given to them and is answered "unsupported" too; uriEscapeExA takes a
 * range and gets every input. The query functions take NUL-terminated
 * strings as well. uriDissectQueryMallocA splits at every '&', so text
 * holding one is not one value and is answered "unsupported", as is text
 * holding "%00" (the value is a NUL-terminated string); it returns
 * octets (no UTF-8 decoding, which its docs do not claim), so a value whose
 * octets are not UTF-8 is answered "unsupported" too, and a UTF-8 one as
 * its UTF-16 code units.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <uriparser/Uri.h>

#include "../c-common/protocol.h"

static int variant_ex, variant_query;

/* utf16 sets u (room for n units) to the UTF-16 of the n octets at p and
 * returns how many units, or -1 when they are not UTF-8 (RFC 3629). */
static long utf16(const unsigned char *p, size_t n, unsigned short *u)
{
	long k = 0;
	for (size_t i = 0; i < n;) {
		unsigned long c = p[i];
		size_t len = c < 0x80 ? 1 : c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
		if (len == 0 || i + len > n)
			return -1;
		if (len > 1)
			c &= 0x3F >> (len - 1);
		for (size_t j = 1; j < len; j++) {
			if ((p[i + j] & 0xC0) != 0x80)
				return -1;
			c = c << 6 | (p[i + j] & 0x3F);
		}
		if ((len == 3 && (c < 0x800 || (c >= 0xD800 && c <= 0xDFFF))) || (len == 4 && (c < 0x10000 || c > 0x10FFFF)))
			return -1;
		if (c >= 0x10000) {
			u[k++] = (unsigned short)(0xD800 + ((c - 0x10000) >> 10));
			u[k++] = (unsigned short)(0xDC00 + ((c - 0x10000) & 0x3FF));
		} else {
			u[k++] = (unsigned short)c;
		}
		i += len;
	}
	return k;
}

static void answer_query(const struct pc_request *r)
{
	int encode = !strcmp(r->op, "formEncode"), decode = !strcmp(r->op, "formDecode");
	if ((!encode && !decode) || !r->has_in || r->lone || memchr(r->in, 0, r->inlen) != NULL) {
		pc_unsupported(r);
		return;
	}
	if (encode) {
		UriQueryListA item = {"k", (const char *)r->in, NULL};
		char *dst = NULL;
		if (uriComposeQueryMallocA(&dst, &item) != URI_SUCCESS || dst == NULL || strncmp(dst, "k=", 2) != 0) {
			fprintf(stderr, "testee: uriComposeQueryMallocA failed\n");
			pc_unsupported(r);
		} else {
			pc_out(r, dst + 2, strlen(dst + 2));
		}
		free(dst);
		return;
	}
	if (memchr(r->in, '&', r->inlen) != NULL) {
		pc_unsupported(r); /* '&' splits the pairs: not one value */
		return;
	}
	for (size_t i = 0; i + 2 < r->inlen; i++) {
		if (r->in[i] == '%' && r->in[i + 1] == '0' && r->in[i + 2] == '0') {
			pc_unsupported(r); /* the value is a C string: no NUL in it */
			return;
		}
	}
	char *q = malloc(r->inlen + 3);
	memcpy(q, "k=", 2);
	memcpy(q + 2, r->in, r->inlen);
	UriQueryListA *list = NULL;
	int count = 0;
	if (uriDissectQueryMallocA(&list, &count, q, q + 2 + r->inlen) != URI_SUCCESS || count != 1 || list == NULL) {
		pc_unsupported(r);
	} else {
		const char *v = list->value ? list->value : "";
		size_t n = strlen(v);
		unsigned short *u = malloc((n + 1) * sizeof *u);
		long k = utf16((const unsigned char *)v, n, u);
		if (k < 0)
			pc_unsupported(r); /* octets, not UTF-8: it decodes no UTF-8 */
		else
			pc_out_utf16(r, u, (size_t)k);
		free(u);
	}
	uriFreeQueryListA(list);
	free(q);
}

static void answer(const struct pc_request *r)
{
	int encode = !strcmp(r->op, "percentEncode"), decode = !variant_ex && !strcmp(r->op, "percentDecodeLenient");
	int has_nul = r->has_in && memchr(r->in, 0, r->inlen) != NULL;
	if ((!encode && !decode) || !r->has_in || r->lone || (has_nul && !variant_ex)) {
		pc_unsupported(r);
		return;
	}
	if (encode) {
		/* 3 times the input, as the documentation asks, and the NUL. */
		char *dst = malloc(3 * r->inlen + 1);
		const char *end = variant_ex ? uriEscapeExA((const char *)r->in, (const char *)r->in + r->inlen, dst, URI_FALSE, URI_FALSE)
		                             : uriEscapeA((const char *)r->in, dst, URI_FALSE, URI_FALSE);
		pc_out(r, dst, (size_t)(end - dst));
		free(dst);
	} else {
		/* In place: r->in is the protocol's copy of the input. */
		const char *end = uriUnescapeInPlaceA((char *)r->in);
		pc_out_hex(r, r->in, (size_t)(end - (const char *)r->in));
	}
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "ex") == 0) {
		variant_ex = 1;
	} else if (argc > 1 && strcmp(argv[1], "query") == 0) {
		variant_query = 1;
		return pc_serve(answer_query);
	} else if (argc > 1 && argv[1][0] != 0) {
		fprintf(stderr, "testee: unknown function set \"%s\"; want none, \"ex\" or \"query\"\n", argv[1]);
		return 2;
	}
	return pc_serve(answer);
}
