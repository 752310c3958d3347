/*
 * attr.h: the info-string attribute grammar.
 *
 *   info   = LANG { space+ attr }
 *   attr   = key [ "=" value ]
 *   key    = 1*( ALPHA / DIGIT / "-" / "_" )
 *   value  = 1*( any byte but space, tab and '"' )
 *          / '"' *( any byte but '"' and '\' / '\' any byte ) '"'
 *
 * A bare key (no '=') is a flag. Every attribute remembers the line and the
 * column of its first byte in the file as written.
 */
#ifndef LITLAB_ATTR_H
#define LITLAB_ATTR_H

#include <stddef.h>

struct attr {
	char *key;
	char *value; /* NULL for a bare flag */
	int line;
	int col;
};

struct attr_list {
	struct attr *v;
	size_t n;
};

/*
 * Parses s[0..len), the text after the language word, which starts at column
 * col0 of line. On success fills *out (which the caller releases) and returns
 * 0. On malformed input returns -1 with *err (malloc'd, lowercase, says what to
 * do) and *err_col set; *out then holds the attributes before the problem.
 */
int attr_parse(const char *s, size_t len, int line, int col0, struct attr_list *out, char **err,
	       int *err_col);
void attr_list_release(struct attr_list *l);
/* The attribute named key, or NULL. */
const struct attr *attr_find(const struct attr_list *l, const char *key);

#endif
