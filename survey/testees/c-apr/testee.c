/*
 * A pctest testee (protocol version 1, see testee/PROTOCOL.md) for APR's
 * escaping functions (apr_escape.h; Debian libapr1-dev). The first argument
 * picks the function set, so that no two functions answer the same op in
 * one run:
 *
 *   (none)   formEncode        apr_escape_urlencoded(d, text as UTF-8, len, &n)
 *            percentDecode     apr_unescape_url(d, text as UTF-8, len, NULL, NULL, 0, &n)
 *            percentEncodeSet  apr_escape_path(d, octets, len, 1, &n), for the set
 *                              rfc3986.path only
 *   segment  percentEncodeSet  apr_escape_path_segment(d, octets, len, &n), for the
 *                              set rfc3986.pchar only
 *
 * Every other op (and set) is answered "unsupported"; so is text with a
 * lone surrogate, which has no UTF-8 form. README.md beside this file says
 * why each function maps to its op. The protocol is in ../c-common:
 *
 *   cc -O2 -o /tmp/c-apr survey/testees/c-apr/testee.c survey/testees/c-common/protocol.c $(pkg-config --cflags --libs apr-1)
 *   pctest run -utf16hex -- /tmp/c-apr [segment]
 *
 * Each function is called twice, as APR means it: with no buffer, to learn
 * the length (which counts the terminating NUL), then with a buffer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <apr_escape.h>
#include <apr_general.h>

#include "../c-common/protocol.h"

static int segment;

/* The result of an escaper is a NUL-terminated string. */
static void escaped(const struct pc_request *r, apr_status_t (*f)(char *, const char *, apr_ssize_t, apr_size_t *))
{
	apr_size_t n = 0;
	f(NULL, (const char *)r->in, (apr_ssize_t)r->inlen, &n);
	char *d = malloc(n + 1);
	f(d, (const char *)r->in, (apr_ssize_t)r->inlen, NULL);
	pc_out(r, d, strlen(d));
	free(d);
}

static apr_status_t path(char *d, const char *s, apr_ssize_t slen, apr_size_t *len)
{
	return apr_escape_path(d, s, slen, 1, len);
}

static void answer(const struct pc_request *r)
{
	if (!r->has_in || r->lone) {
		pc_unsupported(r);
	} else if (segment && !strcmp(r->op, "percentEncodeSet") && !strcmp(r->set, "rfc3986.pchar")) {
		escaped(r, apr_escape_path_segment);
	} else if (segment) {
		pc_unsupported(r);
	} else if (!strcmp(r->op, "percentEncodeSet") && !strcmp(r->set, "rfc3986.path")) {
		escaped(r, path);
	} else if (!strcmp(r->op, "formEncode")) {
		escaped(r, apr_escape_urlencoded);
	} else if (!strcmp(r->op, "percentDecode")) {
		apr_size_t n = 0;
		apr_status_t st = apr_unescape_url(NULL, (const char *)r->in, (apr_ssize_t)r->inlen, NULL, NULL, 0, &n);
		if (st == APR_EINVAL) {
			pc_error(r, "MalformedEscape", "APR_EINVAL");
		} else if (st == APR_BADCH) {
			pc_error(r, "BADCH", "APR_BADCH: a forbidden character (0x00) was decoded");
		} else {
			char *d = malloc(n + 1);
			apr_unescape_url(d, (const char *)r->in, (apr_ssize_t)r->inlen, NULL, NULL, 0, NULL);
			pc_out_hex(r, (unsigned char *)d, n - 1); /* n counts the NUL */
			free(d);
		}
	} else {
		pc_unsupported(r);
	}
}

int main(int argc, char **argv)
{
	if (argc > 2 || (argc == 2 && strcmp(argv[1], "segment"))) {
		fprintf(stderr, "testee: unknown function set; want none or 'segment'\n");
		return 2;
	}
	segment = argc == 2;
	apr_initialize();
	return pc_serve(answer);
}
