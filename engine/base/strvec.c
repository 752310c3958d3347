/* strvec.c: string vectors (strvec.h). */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/strvec.h"

void strvec_push_nodup(struct strvec *sv, char *s)
{
	sv->v = xreallocarray(sv->v, sv->n + 2, sizeof *sv->v);
	sv->v[sv->n++] = s;
	sv->v[sv->n] = NULL;
}

void strvec_push(struct strvec *sv, const char *s)
{
	strvec_push_nodup(sv, xstrdup(s));
}

void strvec_pushf(struct strvec *sv, const char *fmt, ...)
{
	struct buf b = BUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	buf_vaddf(&b, fmt, ap);
	va_end(ap);
	strvec_push_nodup(sv, buf_detach(&b, NULL));
}

void strvec_pushv(struct strvec *sv, char *const *words, size_t n)
{
	for (size_t i = 0; i < n; i++)
		strvec_push(sv, words[i]);
}

int strvec_split(struct strvec *sv, const char *s)
{
	struct buf w = BUF_INIT;
	int in_word = 0;

	for (;;) {
		char c = *s;
		if (c == '\0' || c == ' ' || c == '\t' || c == '\n') {
			if (in_word) {
				strvec_push_nodup(sv, buf_detach(&w, NULL));
				in_word = 0;
			}
			if (c == '\0')
				return 0;
			s++;
			continue;
		}
		in_word = 1;
		if (c == '\'' || c == '"') {
			s++;
			while (*s && *s != c) {
				if (c == '"' && *s == '\\' && (s[1] == '"' || s[1] == '\\'))
					s++;
				buf_addc(&w, *s++);
			}
			if (!*s) {
				buf_release(&w);
				return -1;
			}
			s++;
			continue;
		}
		if (c == '\\' && s[1])
			s++;
		buf_addc(&w, *s++);
	}
}

void strvec_remove(struct strvec *sv, size_t i)
{
	free(sv->v[i]);
	memmove(sv->v + i, sv->v + i + 1, (sv->n - i) * sizeof *sv->v); /* the NULL too */
	sv->n--;
}

void strvec_clear(struct strvec *sv)
{
	for (size_t i = 0; i < sv->n; i++)
		free(sv->v[i]);
	free(sv->v);
	sv->v = NULL;
	sv->n = 0;
}

void strvec_add_sh(struct buf *out, const char *list, int for_make)
{
	struct strvec w = STRVEC_INIT;
	struct buf q = BUF_INIT;

	strvec_split(&w, list ? list : ""); /* an unclosed quote: the words before it (the block fails) */
	for (size_t i = 0; i < w.n; i++) {
		buf_reset(&q);
		if (*w.v[i] && strspn(w.v[i], "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_=+./:,@%") ==
				       strlen(w.v[i]))
			buf_adds(&q, w.v[i]); /* nothing a shell reads otherwise: as it is */
		else
			buf_add_sh_quoted(&q, w.v[i]);
		buf_addc(out, ' ');
		for (size_t k = 0; k < q.len; k++) {
			if (for_make && q.p[k] == '$')
				buf_addc(out, '$');
			else if (for_make && q.p[k] == '#')
				buf_addc(out, '\\');
			buf_addc(out, q.p[k]);
		}
	}
	buf_release(&q);
	strvec_clear(&w);
}
