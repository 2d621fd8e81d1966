#include <stdio.h>
#include <glib.h>
int main(void) {
	/* one NUL octet, with "/" allowed unescaped (G_URI_RESERVED_CHARS_ALLOWED_IN_PATH and the like) */
	char *s = g_uri_escape_bytes((const guint8 *)"\0", 1, "/");
	printf("%s\n", s[0] ? s : "(the NUL octet, not escaped)");
	return 0;
}
