/*
 * A Duktape host for the pctest testee in testee.js: it gives the script
 * readline() (a line of stdin without its newline, or null at the end) and
 * print(s) (s and a newline on stdout, flushed), then runs each file named
 * on the command line in order.
 *
 *   cc -O2 -o /tmp/duk-host host.c -lduktape
 *   pctest run -utf16hex -- /tmp/duk-host core.js testee.js
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <duktape.h>

static duk_ret_t js_readline(duk_context *ctx)
{
	static char *line;
	static size_t cap;
	size_t n = 0;
	int c;
	while ((c = getchar()) != EOF && c != '\n') {
		if (n + 1 >= cap && (line = realloc(line, cap = cap * 2 + 4096)) == NULL)
			return DUK_RET_ERROR;
		line[n++] = (char)c;
	}
	if (c == EOF && n == 0)
		duk_push_null(ctx);
	else
		duk_push_lstring(ctx, line, n);
	return 1;
}

static duk_ret_t js_print(duk_context *ctx)
{
	duk_size_t n;
	const char *s = duk_safe_to_lstring(ctx, 0, &n);
	fwrite(s, 1, n, stdout);
	putchar('\n');
	fflush(stdout);
	return 0;
}

int main(int argc, char **argv)
{
	duk_context *ctx = duk_create_heap_default();
	if (ctx == NULL)
		return 2;
	duk_push_c_function(ctx, js_readline, 0);
	duk_put_global_string(ctx, "readline");
	duk_push_c_function(ctx, js_print, 1);
	duk_put_global_string(ctx, "print");
	for (int i = 1; i < argc; i++) {
		FILE *f = fopen(argv[i], "rb");
		static char src[1 << 20];
		size_t n = f ? fread(src, 1, sizeof src, f) : 0;
		if (f == NULL || n == sizeof src) {
			fprintf(stderr, "duk-host: cannot read %s\n", argv[i]);
			return 2;
		}
		fclose(f);
		if (duk_peval_lstring(ctx, src, n) != 0) {
			fprintf(stderr, "duk-host: %s: %s\n", argv[i], duk_safe_to_string(ctx, -1));
			return 1;
		}
		duk_pop(ctx);
	}
	duk_destroy_heap(ctx);
	return 0;
}
