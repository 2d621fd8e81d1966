#include <stdio.h>
#include <apr_escape.h>
int main(void) {
	char out[16];
	/* "a", NUL, "b": three octets, handed over with their length */
	apr_escape_path_segment(out, "a\0b", 3, NULL);
	printf("%s\n", out);
	return 0;
}
