/* attr.c: parsing key=value, key="quoted value" and bare flags out of an info string. */
#include <stdlib.h>
#include <string.h>

#include "lesson/attr.h"
#include "base/buf.h"

static int is_key_char(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '-' || c == '_';
}

static int is_space(char c)
{
	return c == ' ' || c == '\t';
}

static void push(struct attr_list *l, char *key, char *value, int line, int col)
{
	l->v = xappendarray(l->v, l->n, sizeof *l->v);
	l->v[l->n].key = key;
	l->v[l->n].value = value;
	l->v[l->n].line = line;
	l->v[l->n].col = col;
	l->n++;
}

static int fail(char **err, int *err_col, int col, char *msg)
{
	*err = msg;
	*err_col = col;
	return -1;
}

int attr_parse(const char *s, size_t len, int line, int col0, struct attr_list *out, char **err,
	       int *err_col)
{
	size_t i = 0;

	out->v = NULL;
	out->n = 0;
	*err = NULL;
	*err_col = col0;
	for (;;) {
		while (i < len && is_space(s[i]))
			i++;
		if (i >= len)
			return 0;
		size_t start = i;
		int col = col0 + (int)i;
		while (i < len && is_key_char((unsigned char)s[i]))
			i++;
		if (i == start)
			return fail(err, err_col, col,
				    xasprintf("unexpected '%c' in the info string: attributes are key=value, "
					      "key=\"value\" or a bare flag",
					      s[i] >= 0x20 && s[i] < 0x7f ? s[i] : '?'));
		char *key = xstrndup(s + start, i - start);
		if (i >= len || is_space(s[i])) {
			push(out, key, NULL, line, col);
			continue;
		}
		if (s[i] != '=') {
			char c = s[i];
			free(key);
			return fail(err, err_col, col0 + (int)i,
				    xasprintf("unexpected '%c' after attribute name '%.*s': use key=value",
					      c >= 0x20 && c < 0x7f ? c : '?', (int)(i - start), s + start));
		}
		i++;
		struct buf value = BUF_INIT;
		if (i < len && s[i] == '"') {
			int qcol = col0 + (int)i;
			i++;
			for (;;) {
				if (i >= len) {
					buf_release(&value);
					char *m = xasprintf("unclosed quote in the value of '%s': add the closing '\"'",
							    key);
					free(key);
					return fail(err, err_col, qcol, m);
				}
				if (s[i] == '"')
					break;
				if (s[i] == '\\' && i + 1 < len)
					i++;
				buf_addc(&value, s[i]);
				i++;
			}
			i++;
			if (i < len && !is_space(s[i])) {
				buf_release(&value);
				char *m = xasprintf("text right after the closing quote of '%s': put a space between "
						    "attributes",
						    key);
				free(key);
				return fail(err, err_col, col0 + (int)i, m);
			}
		} else {
			size_t vstart = i;
			while (i < len && !is_space(s[i]) && s[i] != '"')
				i++;
			if (i < len && s[i] == '"') {
				buf_release(&value);
				char *m = xasprintf("a quote inside the value of '%s': quote the whole value, "
						    "%s=\"...\"",
						    key, key);
				free(key);
				return fail(err, err_col, col0 + (int)i, m);
			}
			if (i == vstart) {
				char *m = xasprintf("'%s=' has no value: write %s=VALUE or %s=\"a value\"", key, key,
						    key);
				free(key);
				return fail(err, err_col, col, m);
			}
			buf_add(&value, s + vstart, i - vstart);
		}
		push(out, key, buf_detach(&value, NULL), line, col);
	}
}

void attr_list_release(struct attr_list *l)
{
	for (size_t i = 0; i < l->n; i++) {
		free(l->v[i].key);
		free(l->v[i].value);
	}
	free(l->v);
	l->v = NULL;
	l->n = 0;
}

const struct attr *attr_find(const struct attr_list *l, const char *key)
{
	for (size_t i = 0; i < l->n; i++)
		if (strcmp(l->v[i].key, key) == 0)
			return &l->v[i];
	return NULL;
}
