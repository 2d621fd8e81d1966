/*
 * A pctest testee (protocol version 1, see testee/PROTOCOL.md) for GLib's
 * URI escaping (guri.h; Debian libglib2.0-dev). The first argument picks
 * the function set, so that no two functions answer the same op in one run:
 *
 *   (none)  percentEncode     g_uri_escape_bytes(octets, length, NULL)
 *           percentEncodeSet  g_uri_escape_bytes(octets, length, reserved_chars_allowed):
 *                             the set's octets outside unreserved, for sets
 *                             that hold unreserved
 *           percentDecode     g_uri_unescape_bytes(text as UTF-8, length, NULL, &error)
 *   string  percentDecode     g_uri_unescape_string(text as UTF-8, NULL)
 *   make-valid utf8DecodeReplace g_utf8_make_valid(octets, length)
 *
 * Every other op is answered "unsupported"; so is text with a lone
 * surrogate, which has no UTF-8 form, and, for g_uri_unescape_string, which
 * takes a C string, text with U+0000. README.md beside this file says why
 * each function maps to its op. The protocol is in ../c-common:
 *
 *   cc -O2 -o /tmp/c-glib survey/testees/c-glib/testee.c survey/testees/c-common/protocol.c $(pkg-config --cflags --libs glib-2.0)
 *   pctest run -utf16hex -- /tmp/c-glib [string]
 */
#include <stdio.h>
#include <string.h>

#include <glib.h>

#include "../c-common/protocol.h"
#include "../c-common/sets.h"


static int string_variant, make_valid_variant;

/* reserved_for returns the set's octets outside unreserved, as
 * reserved_chars_allowed wants them, or NULL when the set is unknown or
 * does not hold every unreserved octet (which GLib always keeps). */
static const char *reserved_for(const char *name, char *buf)
{
	const char *keeps = pc_set_keeps(name);
	if (keeps == NULL)
		return NULL;
	const char *u = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~";
	for (const char *p = u; *p; p++)
		if (!strchr(keeps, *p))
			return NULL;
	char *d = buf;
	for (const char *p = keeps; *p; p++)
		if (!strchr(u, *p))
			*d++ = *p;
	*d = 0;
	return buf;
}

/* escaped_length returns the length of g_uri_escape_bytes' result, which
 * may hold NUL (see verdicts.json), so that strlen cannot tell: one octet
 * for each input octet kept, three for each one escaped, kept as guri.c's
 * is_valid decides (unreserved, or found by strchr in reserved). */
static size_t escaped_length(const unsigned char *in, size_t n, const char *reserved)
{
	size_t len = 0;
	for (size_t i = 0; i < n; i++) {
		int c = in[i];
		int kept = g_ascii_isalnum(c) || (c && strchr("-._~", c)) || (reserved && strchr(reserved, c));
		len += kept ? 1 : 3;
	}
	return len;
}

static void answer(const struct pc_request *r)
{
	char buf[256];
	const char *reserved;
	if (!r->has_in || r->lone) {
		pc_unsupported(r);
	} else if (make_valid_variant) {
		if (strcmp(r->op, "utf8DecodeReplace")) {
			pc_unsupported(r);
			return;
		}
		/* The result is NUL-terminated and holds no NUL: g_utf8_make_valid
		 * replaces a NUL octet too (g_utf8_validate_len takes it as invalid). */
		char *s = g_utf8_make_valid((const char *)r->in, (gssize)r->inlen);
		glong n = 0;
		gunichar2 *u = g_utf8_to_utf16(s, -1, NULL, &n, NULL);
		pc_out_utf16(r, u, (size_t)n);
		g_free(u);
		g_free(s);
	} else if (string_variant) {
		if (strcmp(r->op, "percentDecode") || memchr(r->in, 0, r->inlen)) {
			pc_unsupported(r);
			return;
		}
		char *s = g_uri_unescape_string((const char *)r->in, NULL);
		if (s == NULL) {
			pc_error(r, "MalformedEscape", "g_uri_unescape_string returned NULL");
		} else {
			pc_out_hex(r, (unsigned char *)s, strlen(s));
			g_free(s);
		}
	} else if (!strcmp(r->op, "percentEncode")) {
		char *s = g_uri_escape_bytes(r->in, r->inlen, NULL);
		pc_out(r, s, strlen(s));
		g_free(s);
	} else if (!strcmp(r->op, "percentEncodeSet") && (reserved = reserved_for(r->set, buf)) != NULL) {
		char *s = g_uri_escape_bytes(r->in, r->inlen, reserved);
		pc_out(r, s, escaped_length(r->in, r->inlen, reserved));
		g_free(s);
	} else if (!strcmp(r->op, "percentDecode")) {
		GError *err = NULL;
		GBytes *b = g_uri_unescape_bytes((const char *)r->in, (gssize)r->inlen, NULL, &err);
		if (b == NULL) {
			pc_error(r, "MalformedEscape", err ? err->message : "NULL");
			g_clear_error(&err);
		} else {
			gsize n;
			const unsigned char *p = g_bytes_get_data(b, &n);
			pc_out_hex(r, p, n);
			g_bytes_unref(b);
		}
	} else {
		pc_unsupported(r);
	}
}

int main(int argc, char **argv)
{
	if (argc > 2 || (argc == 2 && strcmp(argv[1], "string") && strcmp(argv[1], "make-valid"))) {
		fprintf(stderr, "testee: unknown function set; want none, 'string' or 'make-valid'\n");
		return 2;
	}
	string_variant = argc == 2 && !strcmp(argv[1], "string");
	make_valid_variant = argc == 2 && !strcmp(argv[1], "make-valid");
	return pc_serve(answer);
}
