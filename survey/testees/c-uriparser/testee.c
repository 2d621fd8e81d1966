/*
 * A pctest testee (protocol version 1, see testee/PROTOCOL.md) for
 * uriparser's escaping functions (Debian liburiparser-dev). The first
 * argument picks the function set, so that no two functions answer the same
 * op in one run:
 *
 *   (none)  percentEncode         uriEscapeA(octets, out, URI_FALSE, URI_FALSE)
 *           percentDecodeLenient  uriUnescapeInPlaceA(text as UTF-8)
 *   ex      percentEncode         uriEscapeExA(first, afterLast, out, URI_FALSE, URI_FALSE)
 *
 * Every other op is answered "unsupported". README.md beside this file says
 * why each function maps to its op; mapping.json says the same for machines.
 * The protocol itself is in ../c-common, compiled with this file:
 *
 *   cc -O2 -o /tmp/c-uriparser survey/testees/c-uriparser/testee.c survey/testees/c-common/protocol.c $(pkg-config --cflags --libs liburiparser)
 *   pctest run -utf16hex -- /tmp/c-uriparser [ex]
 *
 * Text is handed over as its UTF-8; text with a lone surrogate has no UTF-8
 * form and is answered "unsupported". uriEscapeA and uriUnescapeInPlaceA
 * take NUL-terminated strings, so an input holding a NUL octet cannot be
 * given to them and is answered "unsupported" too; uriEscapeExA takes a
 * range and gets every input.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <uriparser/Uri.h>

#include "../c-common/protocol.h"

static int variant_ex;

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
	} else if (argc > 1 && argv[1][0] != 0) {
		fprintf(stderr, "testee: unknown function set \"%s\"; want none or \"ex\"\n", argv[1]);
		return 2;
	}
	return pc_serve(answer);
}
