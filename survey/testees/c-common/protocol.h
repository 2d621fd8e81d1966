/*
 * protocol.h — the pctest protocol (version 1, see testee/PROTOCOL.md)
 * for the survey's C testees (c-curl, c-uriparser). Compile protocol.c with
 * the testee:
 *
 *   cc -O2 -o /tmp/t survey/testees/c-curl/testee.c survey/testees/c-common/protocol.c ...
 *
 * A testee sets itself up in main, then calls pc_serve with its answer
 * function. pc_serve reads request lines from stdin, parses each into a
 * struct pc_request and calls answer, which answers it with exactly one of
 * pc_out, pc_out_hex, pc_error or pc_unsupported. The answers to all the
 * complete lines of one read are written at once, before reading more, as
 * the runner pipelines requests. A line that is not a request object is
 * reported on stderr and not answered.
 *
 * The testees run in the runner's -utf16hex mode but take every input form:
 * "in" (a JSON string), "in_utf16" (hex UTF-16 code units) and "in_hex"
 * (hex octets) all arrive as octets in in/inlen, text as its UTF-8.
 */
#ifndef PCTEST_C_COMMON_PROTOCOL_H
#define PCTEST_C_COMMON_PROTOCOL_H

#include <stddef.h>

/* A request: the fields the C testees read. */
struct pc_request {
	char id[32];       /* the id as its JSON text, "" when absent */
	char op[64];       /* "op" */
	unsigned char *in; /* the input as octets, NUL-terminated; NULL when !has_in */
	size_t inlen;      /* its length, without that NUL (it may hold NULs) */
	int has_in;        /* the request had "in", "in_utf16" or "in_hex" */
	int lone;          /* the text held a lone surrogate: in has no UTF-8 form */
	char set[64];      /* args.set, "" when absent */
};

/* pc_serve answers requests from stdin until it ends: 0, or 1 when stdout
 * fails. SIGPIPE is ignored. */
int pc_serve(void (*answer)(const struct pc_request *r));

/* pc_out answers r with "out": the n octets at s as a JSON string. They are
 * meant to be ASCII: other octets are written as \u00XX. */
void pc_out(const struct pc_request *r, const char *s, size_t n);

/* pc_out_utf16 answers r with "out_utf16": the n UTF-16 code units at u,
 * for a text result that is not ASCII. */
void pc_out_utf16(const struct pc_request *r, const unsigned short *u, size_t n);

/* pc_out_hex answers r with "out_hex": the n octets at p. */
void pc_out_hex(const struct pc_request *r, const unsigned char *p, size_t n);

/* pc_error answers r with the error kind and an ASCII message. */
void pc_error(const struct pc_request *r, const char *kind, const char *message);

/* pc_unsupported answers r with "unsupported": true. */
void pc_unsupported(const struct pc_request *r);

#endif
