/*
 * A pctest testee (protocol version 1, see testee/PROTOCOL.md) for
 * libevent's URI escaping (event2/http.h; Debian libevent-dev). The first
 * argument picks the function set, so that no two functions answer the
 * same op in one run:
 *
 *   (none)  percentEncode         evhttp_uriencode(octets, length, 0)
 *           percentDecodeLenient  evhttp_uridecode(text as UTF-8, 0, &size)
 *   plus    goQueryEscape         evhttp_uriencode(text as UTF-8, length, 1)
 *
 * Every other op is answered "unsupported"; so is text with a lone
 * surrogate, which has no UTF-8 form, and text with U+0000 for
 * evhttp_uridecode, which takes a C string. README.md beside this file
 * says why each function maps to its op. The protocol is in ../c-common:
 *
 *   cc -O2 -o /tmp/c-libevent survey/testees/c-libevent/testee.c survey/testees/c-common/protocol.c $(pkg-config --cflags --libs libevent)
 *   pctest run -utf16hex -- /tmp/c-libevent [plus]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <event2/http.h>

#include "../c-common/protocol.h"

static int plus;

static void encode(const struct pc_request *r, int space_to_plus)
{
	char *s = evhttp_uriencode((const char *)r->in, (ev_ssize_t)r->inlen, space_to_plus);
	if (s == NULL) {
		pc_error(r, "NULL", "evhttp_uriencode returned NULL");
		return;
	}
	pc_out(r, s, strlen(s));
	free(s);
}

static void answer(const struct pc_request *r)
{
	if (!r->has_in || r->lone) {
		pc_unsupported(r);
	} else if (plus) {
		if (!strcmp(r->op, "goQueryEscape"))
			encode(r, 1);
		else
			pc_unsupported(r);
	} else if (!strcmp(r->op, "percentEncode")) {
		encode(r, 0);
	} else if (!strcmp(r->op, "percentDecodeLenient") && !memchr(r->in, 0, r->inlen)) {
		size_t n = 0;
		char *s = evhttp_uridecode((const char *)r->in, 0, &n);
		if (s == NULL) {
			pc_error(r, "NULL", "evhttp_uridecode returned NULL");
			return;
		}
		pc_out_hex(r, (unsigned char *)s, n);
		free(s);
	} else {
		pc_unsupported(r);
	}
}

int main(int argc, char **argv)
{
	if (argc > 2 || (argc == 2 && strcmp(argv[1], "plus"))) {
		fprintf(stderr, "testee: unknown function set; want none or 'plus'\n");
		return 2;
	}
	plus = argc == 2;
	return pc_serve(answer);
}
