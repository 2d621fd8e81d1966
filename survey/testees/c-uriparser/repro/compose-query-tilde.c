/* application/x-www-form-urlencoded (RFC 1866 8.2.1) escapes '~' as %7E */
#include <stdio.h>
#include <uriparser/Uri.h>
int main(void) {
	UriQueryListA pair = {"k", "~", NULL};
	char *out = NULL;
	if (uriComposeQueryMallocA(&out, &pair) != URI_SUCCESS) return 1;
	printf("%s\n", out);
	return 0;
}
