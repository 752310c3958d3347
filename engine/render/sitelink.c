/* sitelink.c: relative links and images of lessons, as files of the lessons folder. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "render/sitelink.h"
#include "base/util.h"

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = tolower(c);
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/*
 * Appends the components of s[0..len) to the stack of components (strings
 * in v, n of them), taking "." and "" away and ".." back. Returns 0, or -1
 * when a ".." climbs past the start and keep_up is 0 (with keep_up, it is
 * kept).
 */
static int push_components(char ***v, size_t *n, const char *s, size_t len, int keep_up)
{
	size_t i = 0;

	while (i <= len) {
		size_t j = i;
		while (j < len && s[j] != '/')
			j++;
		size_t clen = j - i;
		if (clen == 0 || (clen == 1 && s[i] == '.')) {
			/* nothing */
		} else if (clen == 2 && s[i] == '.' && s[i + 1] == '.') {
			if (*n > 0 && strcmp((*v)[*n - 1], "..") != 0) {
				free((*v)[--*n]);
			} else if (keep_up) {
				*v = xreallocarray(*v, *n + 1, sizeof **v);
				(*v)[(*n)++] = xstrdup("..");
			} else {
				return -1;
			}
		} else {
			*v = xreallocarray(*v, *n + 1, sizeof **v);
			(*v)[(*n)++] = xstrndup(s + i, clen);
		}
		i = j + 1;
	}
	return 0;
}

static char *join_components(char **v, size_t n, int absolute)
{
	struct buf b = BUF_INIT;

	if (absolute)
		buf_addc(&b, '/');
	for (size_t i = 0; i < n; i++) {
		if (i)
			buf_addc(&b, '/');
		buf_adds(&b, v[i]);
	}
	if (b.len == 0)
		buf_addc(&b, '.');
	return buf_detach(&b, NULL);
}

char *sitelink_normalize(const char *path)
{
	char **v = NULL;
	size_t n = 0;

	push_components(&v, &n, path, strlen(path), 1);
	char *r = join_components(v, n, path[0] == '/');
	free_words(v, n);
	return r;
}

enum sitelink_kind sitelink_parse(const char *url, char **path, const char **suffix)
{
	size_t end = strcspn(url, "?#");
	const char *colon = memchr(url, ':', end), *slash = memchr(url, '/', end);

	*path = NULL;
	*suffix = url + end;
	/* "https:", "mailto:", "data:"... a scheme comes before any '/'. */
	if (end == 0 || url[0] == '/' || (colon && (!slash || colon < slash)))
		return SITELINK_NONE;

	struct buf dec = BUF_INIT;
	int bad = 0;
	for (size_t i = 0; i < end; i++) {
		unsigned char c = (unsigned char)url[i];
		if (c == '%' && i + 2 < end && hexval(url[i + 1]) >= 0 && hexval(url[i + 2]) >= 0) {
			c = (unsigned char)(hexval(url[i + 1]) * 16 + hexval(url[i + 2]));
			i += 2;
		}
		if (c < 0x20 || c == 0x7f)
			bad = 1;
		buf_addc(&dec, (char)c);
	}
	if (bad || !utf8_valid(dec.p, dec.len)) {
		buf_release(&dec);
		return SITELINK_BAD;
	}
	char **v = NULL;
	size_t n = 0;
	int rc = push_components(&v, &n, dec.p, dec.len, 0);
	buf_release(&dec);
	if (rc < 0) {
		free_words(v, n);
		return SITELINK_OUTSIDE;
	}
	if (n == 0) {
		free_words(v, n);
		return SITELINK_NONE; /* "." or "./": the folder itself */
	}
	*path = join_components(v, n, 0);
	free_words(v, n);
	return SITELINK_FILE;
}
