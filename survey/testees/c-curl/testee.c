/*
 * A pctest testee (protocol version 1, see testee/PROTOCOL.md) for
 * libcurl's URL escaping (Debian libcurl4-openssl-dev):
 *
 *   percentEncode         curl_easy_escape(curl, octets, length)
 *   percentDecodeLenient  curl_easy_unescape(curl, text as UTF-8, length, &outlength)
 *
 * Every other op is answered "unsupported". README.md beside this file says
 * why each function maps to its op; mapping.json says the same for machines.
 * The protocol itself is in ../c-common, compiled with this file:
 *
 *   cc -O2 -o /tmp/c-curl survey/testees/c-curl/testee.c survey/testees/c-common/protocol.c $(pkg-config --cflags --libs libcurl)
 *   pctest run -utf16hex -- /tmp/c-curl
 *
 * Text is handed over as its UTF-8; text with a lone surrogate has no UTF-8
 * form and is answered "unsupported". Both functions take an explicit
 * length, so octets and text may hold NUL.
 */
#include <stdio.h>
#include <string.h>

#include <curl/curl.h>

#include "../c-common/protocol.h"

static CURL *curl;

static void answer(const struct pc_request *r)
{
	int encode = !strcmp(r->op, "percentEncode"), decode = !strcmp(r->op, "percentDecodeLenient");
	/* curl takes the length as an int, and 0 means "call strlen". */
	if ((!encode && !decode) || !r->has_in || r->lone || r->inlen > 1 << 30) {
		pc_unsupported(r);
		return;
	}
	if (encode) {
		char *s = r->inlen == 0 ? curl_easy_escape(curl, "", 0) : curl_easy_escape(curl, (char *)r->in, (int)r->inlen);
		if (s == NULL) {
			pc_error(r, "NULL", "curl_easy_escape returned NULL");
		} else {
			pc_out(r, s, strlen(s));
			curl_free(s);
		}
	} else {
		int n = 0;
		char *s = r->inlen == 0 ? curl_easy_unescape(curl, "", 0, &n) : curl_easy_unescape(curl, (char *)r->in, (int)r->inlen, &n);
		if (s == NULL) {
			pc_error(r, "NULL", "curl_easy_unescape returned NULL");
		} else {
			pc_out_hex(r, (unsigned char *)s, (size_t)n);
			curl_free(s);
		}
	}
}

int main(void)
{
	if (curl_global_init(CURL_GLOBAL_DEFAULT) != 0 || (curl = curl_easy_init()) == NULL) {
		fprintf(stderr, "testee: cannot initialize libcurl\n");
		return 2;
	}
	return pc_serve(answer);
}
