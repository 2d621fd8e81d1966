/*
 * protocol.c — the pctest protocol for the survey's C testees: a small JSON
 * reader for requests and the writers of answers. protocol.h documents the
 * API.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "protocol.h"

/* A buf is a growing octet string, NUL-terminated once written to. */
struct buf {
	char *p;
	size_t n, cap;
};

static void put(struct buf *b, const void *p, size_t n)
{
	if (b->n + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 4096;
		while (b->n + n + 1 > cap)
			cap *= 2;
		b->p = realloc(b->p, cap);
		if (b->p == NULL)
			abort();
		b->cap = cap;
	}
	memcpy(b->p + b->n, p, n);
	b->n += n;
	b->p[b->n] = 0;
}

static void puts_(struct buf *b, const char *s) { put(b, s, strlen(s)); }

static void put_utf8(struct buf *b, unsigned long c)
{
	unsigned char u[4];
	size_t n;
	if (c < 0x80) {
		u[0] = (unsigned char)c;
		n = 1;
	} else if (c < 0x800) {
		u[0] = 0xC0 | (c >> 6), u[1] = 0x80 | (c & 0x3F);
		n = 2;
	} else if (c < 0x10000) {
		u[0] = 0xE0 | (c >> 12), u[1] = 0x80 | ((c >> 6) & 0x3F), u[2] = 0x80 | (c & 0x3F);
		n = 3;
	} else {
		u[0] = 0xF0 | (c >> 18), u[1] = 0x80 | ((c >> 12) & 0x3F), u[2] = 0x80 | ((c >> 6) & 0x3F),
		u[3] = 0x80 | (c & 0x3F);
		n = 4;
	}
	put(b, u, n);
}

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static long hex4(const char *s)
{
	long v = 0;
	for (int i = 0; i < 4; i++) {
		int h = hexval((unsigned char)s[i]);
		if (h < 0)
			return -1;
		v = v * 16 + h;
	}
	return v;
}

static const char *skip_ws(const char *s)
{
	while (*s == ' ' || *s == '\t' || *s == '\r')
		s++;
	return s;
}

/* units_to_utf8 appends the UTF-8 of UTF-16 code units; returns 0 on a
 * lone surrogate. */
static int units_to_utf8(struct buf *b, const long *u, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		long c = u[i];
		if (c >= 0xD800 && c <= 0xDBFF && i + 1 < n && u[i + 1] >= 0xDC00 && u[i + 1] <= 0xDFFF) {
			c = 0x10000 + ((c - 0xD800) << 10) + (u[++i] - 0xDC00);
		} else if (c >= 0xD800 && c <= 0xDFFF) {
			return 0;
		}
		put_utf8(b, (unsigned long)c);
	}
	return 1;
}

/* json_string decodes the JSON string at *sp (at its opening quote) into b,
 * advancing *sp past it; returns -1 on a syntax error, 0 on a lone
 * surrogate, 1 otherwise. */
static int json_string(const char **sp, struct buf *b)
{
	const char *s = *sp;
	int ok = 1;
	if (*s++ != '"')
		return -1;
	for (;;) {
		unsigned char c = (unsigned char)*s++;
		if (c == 0)
			return -1;
		if (c == '"')
			break;
		if (c != '\\') {
			put(b, &c, 1);
			continue;
		}
		c = (unsigned char)*s++;
		switch (c) {
		case 'b': puts_(b, "\b"); break;
		case 'f': puts_(b, "\f"); break;
		case 'n': puts_(b, "\n"); break;
		case 'r': puts_(b, "\r"); break;
		case 't': puts_(b, "\t"); break;
		case 'u': {
			long u[2];
			size_t n = 1;
			if ((u[0] = hex4(s)) < 0)
				return -1;
			s += 4;
			if (u[0] >= 0xD800 && u[0] <= 0xDBFF && s[0] == '\\' && s[1] == 'u' && (u[1] = hex4(s + 2)) >= 0xDC00 &&
			    u[1] <= 0xDFFF) {
				s += 6;
				n = 2;
			}
			if (!units_to_utf8(b, u, n))
				ok = 0;
			break;
		}
		case 0:
			return -1;
		default: put(b, &c, 1);
		}
	}
	*sp = s;
	return ok;
}

/* skip_value advances past one JSON value that is not a string. */
static const char *skip_value(const char *s)
{
	int depth = 0;
	for (; *s; s++) {
		if (*s == '"') {
			struct buf junk = {0};
			if (json_string(&s, &junk) < 0) {
				free(junk.p);
				return NULL;
			}
			free(junk.p);
			s--;
			continue;
		}
		if (*s == '{' || *s == '[')
			depth++;
		else if (*s == '}' || *s == ']') {
			if (depth == 0)
				return s;
			if (--depth == 0)
				return s + 1;
		} else if (*s == ',' && depth == 0)
			return s;
	}
	return depth == 0 ? s : NULL;
}

static void copy_field(char *dst, size_t cap, const struct buf *b)
{
	size_t n = b->n < cap - 1 ? b->n : cap - 1;
	memcpy(dst, b->p ? b->p : "", n);
	dst[n] = 0;
}

/* parse_request reads the request object on line; returns 0 on a syntax
 * error. */
static int parse_request(const char *s, struct pc_request *r)
{
	memset(r, 0, sizeof *r);
	s = skip_ws(s);
	if (*s++ != '{')
		return 0;
	s = skip_ws(s);
	if (*s == '}')
		return 1;
	for (;;) {
		struct buf key = {0}, val = {0};
		s = skip_ws(s);
		if (json_string(&s, &key) < 0)
			return 0;
		s = skip_ws(s);
		if (*s++ != ':')
			return 0;
		s = skip_ws(s);
		const char *k = key.p ? key.p : "";
		if (*s == '"') {
			int ok = json_string(&s, &val);
			if (ok < 0)
				return 0;
			if (!strcmp(k, "op")) {
				copy_field(r->op, sizeof r->op, &val);
			} else if (!strcmp(k, "in")) {
				r->has_in = 1, r->lone = !ok;
				r->in = (unsigned char *)val.p, r->inlen = val.n, val.p = NULL;
			} else if (!strcmp(k, "in_hex")) {
				r->has_in = 1;
				r->inlen = val.n / 2;
				r->in = malloc(r->inlen + 1);
				for (size_t i = 0; i < r->inlen; i++)
					r->in[i] = (unsigned char)(hexval(val.p[2 * i]) << 4 | hexval(val.p[2 * i + 1]));
				r->in[r->inlen] = 0;
			} else if (!strcmp(k, "in_utf16")) {
				size_t n = val.n / 4;
				long *u = malloc((n + 1) * sizeof *u);
				struct buf t = {0};
				for (size_t i = 0; i < n; i++)
					u[i] = hex4(val.p + 4 * i);
				r->has_in = 1, r->lone = !units_to_utf8(&t, u, n);
				put(&t, "", 0);
				r->in = (unsigned char *)t.p, r->inlen = t.n;
				free(u);
			}
		} else if (!strcmp(k, "args") && *s == '{') {
			/* args: only "set" is read */
			const char *end = skip_value(s);
			const char *p = strstr(s, "\"set\"");
			if (p && end && p < end) {
				p = skip_ws(p + 5);
				if (*p == ':') {
					p = skip_ws(p + 1);
					if (json_string(&p, &val) > 0)
						copy_field(r->set, sizeof r->set, &val);
				}
			}
			if ((s = end) == NULL)
				return 0;
		} else {
			const char *start = s;
			if ((s = skip_value(s)) == NULL)
				return 0;
			if (!strcmp(k, "id")) {
				size_t n = (size_t)(s - start);
				while (n > 0 && (start[n - 1] == ' ' || start[n - 1] == '\t'))
					n--;
				if (n >= sizeof r->id)
					n = sizeof r->id - 1;
				memcpy(r->id, start, n);
				r->id[n] = 0;
			}
		}
		free(key.p);
		free(val.p);
		s = skip_ws(s);
		if (*s == '}')
			return 1;
		if (*s++ != ',')
			return 0;
	}
}

/* put_json_string appends s as a JSON string; non-ASCII and control
 * octets are written as \u00XX, which only ever happens in messages. */
static void put_json_string(struct buf *b, const char *s, size_t n)
{
	puts_(b, "\"");
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		char esc[8];
		if (c == '"' || c == '\\') {
			esc[0] = '\\', esc[1] = (char)c;
			put(b, esc, 2);
		} else if (c < 0x20 || c >= 0x7F) {
			snprintf(esc, sizeof esc, "\\u%04x", c);
			puts_(b, esc);
		} else {
			put(b, &c, 1);
		}
	}
	puts_(b, "\"");
}

static void put_hex(struct buf *b, const unsigned char *p, size_t n)
{
	static const char digits[] = "0123456789abcdef";
	puts_(b, "\"");
	for (size_t i = 0; i < n; i++) {
		char h[2] = {digits[p[i] >> 4], digits[p[i] & 15]};
		put(b, h, 2);
	}
	puts_(b, "\"");
}

/* out holds the answers not yet written. */
static struct buf out;

static void begin(const struct pc_request *r)
{
	puts_(&out, "{\"id\":");
	puts_(&out, r->id[0] ? r->id : "null");
}

void pc_out(const struct pc_request *r, const char *s, size_t n)
{
	begin(r);
	puts_(&out, ",\"out\":");
	put_json_string(&out, s, n);
	puts_(&out, "}\n");
}

void pc_out_utf16(const struct pc_request *r, const unsigned short *u, size_t n)
{
	unsigned char *p = malloc(2 * n + 1);
	if (p == NULL) {
		pc_error(r, "OutOfMemory", "pc_out_utf16: malloc failed");
		return;
	}
	for (size_t i = 0; i < n; i++) {
		p[2 * i] = (unsigned char)(u[i] >> 8);
		p[2 * i + 1] = (unsigned char)(u[i] & 0xff);
	}
	begin(r);
	puts_(&out, ",\"out_utf16\":");
	put_hex(&out, p, 2 * n);
	puts_(&out, "}\n");
	free(p);
}

void pc_out_hex(const struct pc_request *r, const unsigned char *p, size_t n)
{
	begin(r);
	puts_(&out, ",\"out_hex\":");
	put_hex(&out, p, n);
	puts_(&out, "}\n");
}

void pc_error(const struct pc_request *r, const char *kind, const char *message)
{
	begin(r);
	puts_(&out, ",\"error\":");
	put_json_string(&out, kind, strlen(kind));
	puts_(&out, ",\"message\":");
	put_json_string(&out, message, strlen(message));
	puts_(&out, "}\n");
}

void pc_unsupported(const struct pc_request *r)
{
	begin(r);
	puts_(&out, ",\"unsupported\":true}\n");
}

/* handle parses one request line and hands it to answer. */
static void handle(void (*answer)(const struct pc_request *r), const char *line)
{
	struct pc_request r;
	if (!parse_request(line, &r)) {
		fprintf(stderr, "testee: bad request line: %.200s\n", line);
		free(r.in);
		return;
	}
	if (r.has_in && r.in == NULL)
		r.in = calloc(1, 1);
	answer(&r);
	free(r.in);
}

int pc_serve(void (*answer)(const struct pc_request *r))
{
	struct buf in = {0};
	char chunk[1 << 16];
	signal(SIGPIPE, SIG_IGN);
	for (;;) {
		ssize_t n = read(0, chunk, sizeof chunk);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		put(&in, chunk, (size_t)n);
		size_t start = 0;
		for (char *nl; (nl = memchr(in.p + start, '\n', in.n - start)) != NULL;) {
			*nl = 0;
			if (strspn(in.p + start, " \t\r") != (size_t)(nl - (in.p + start)))
				handle(answer, in.p + start);
			start = (size_t)(nl - in.p) + 1;
		}
		memmove(in.p, in.p + start, in.n - start);
		in.n -= start;
		/* Answer everything read so far before blocking for more. */
		for (size_t off = 0; off < out.n;) {
			ssize_t w = write(1, out.p + off, out.n - off);
			if (w < 0 && errno == EINTR)
				continue;
			if (w <= 0)
				return 1;
			off += (size_t)w;
		}
		out.n = 0;
	}
	return 0;
}
