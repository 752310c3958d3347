/*
 * import.c: pandoc, Quarto and GitHub lessons into litlab's format, by
 * rewriting fence info strings only (import.h says which).
 *
 * The lesson loader finds the blocks (the same ones check will see); the
 * file's own bytes are then copied line by line, and only the info string
 * of a rewritten fence is replaced, found again on the raw line exactly
 * where the loader found it.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "base/strvec.h"
#include "base/util.h"
#include "lesson/import.h"
#include "lesson/lesson.h"

static const char *const kind_names[IMPORT_NKINDS] = { "syntax", "lang", "dropped", "fragment", "compile-only",
						       "output", "use" };

const char *import_kind_name(unsigned kind)
{
	for (size_t i = 0; i < IMPORT_NKINDS; i++)
		if (kind == 1u << i)
			return kind_names[i];
	BUG("import kind %u has no name", kind);
}

void import_result_init(struct import_result *r)
{
	memset(r, 0, sizeof *r);
}

void import_result_release(struct import_result *r)
{
	for (size_t i = 0; i < r->n; i++) {
		free(r->v[i].old_info);
		free(r->v[i].new_info);
		free(r->v[i].why);
	}
	free(r->v);
	for (size_t i = 0; i < r->nnotes; i++)
		free(r->notes[i].text);
	free(r->notes);
	import_result_init(r);
}

/* The attributes of a c block litlab reads; those written in braces are kept. */
static const char *const c_keys[] = { "id",    "use",	  "file",    "sources", "cflags", "ldlibs", "args", "exit",
				      "timeout", "samples", "warmup", "disk",	 "files",  "reason" };
static const char *const c_modes[] = { "run", "measure", "compile-only", "compile-fail", "fragment", "derived" };

static int in_list(const char *s, const char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(s, list[i]) == 0)
			return 1;
	return 0;
}

/* A raw line of the file: where its content starts, its length without the line end, and the end's. */
struct raw_line {
	size_t start, len, eol;
};

/* Splits src into lines as the loader does: LF, CR LF and a lone CR each end one. */
static struct raw_line *raw_lines(const char *src, size_t len, size_t *n)
{
	struct raw_line *v = NULL;
	size_t k = 0, start = 0;

	for (size_t i = 0; i <= len; i++) {
		if (i < len && src[i] != '\n' && src[i] != '\r')
			continue;
		size_t eol = i == len ? 0 : (src[i] == '\r' && i + 1 < len && src[i + 1] == '\n') ? 2 : 1;
		if (i == len && start == len && k > 0)
			break; /* a final line end starts no line */
		v = xappendarray(v, k, sizeof *v);
		v[k].start = start;
		v[k].len = i - start;
		v[k++].eol = eol;
		i += eol ? eol - 1 : 0;
		start = i + 1;
	}
	*n = k;
	return v;
}

/* The fence on a line (after container markers), as the loader finds it; 0 if none. */
static int find_fence(const char *s, size_t len, size_t *off, size_t *flen)
{
	for (size_t i = 0; i + 2 < len; i++) {
		char c = s[i];
		if ((c == '`' || c == '~') && s[i + 1] == c && s[i + 2] == c) {
			size_t k = i;
			while (k < len && s[k] == c)
				k++;
			*off = i;
			*flen = k - i;
			return 1;
		}
		if (c != ' ' && c != '\t' && c != '>' && c != '-' && c != '*' && c != '+' && c != '.' && c != ')' &&
		    !isdigit((unsigned char)c))
			return 0;
	}
	return 0;
}

/*
 * Where the info string of the fence on raw line s stands: [*from, *to),
 * and where the fence ends (*fence_end, before the blanks that precede the
 * info string). 0 if there is no fence.
 */
static int info_bounds(const char *s, size_t len, size_t *from, size_t *to, size_t *fence_end)
{
	size_t off, flen;

	if (!find_fence(s, len, &off, &flen))
		return 0;
	size_t i = off + flen, end = len;
	*fence_end = i;
	while (i < len && (s[i] == ' ' || s[i] == '\t'))
		i++;
	while (end > i && (s[end - 1] == ' ' || s[end - 1] == '\t'))
		end--;
	*from = i;
	*to = end;
	return 1;
}

/* ---- reading C code, roughly: enough to tell a program, a translation unit and a fragment apart ---- */

/* code with comments, string and character literals blanked (same length; newlines kept). */
static char *blank_c(const char *code, size_t len)
{
	char *t = xstrndup(code, len);

	for (size_t i = 0; i < len; i++) {
		if (t[i] == '/' && i + 1 < len && t[i + 1] == '/') {
			while (i < len && t[i] != '\n')
				t[i++] = ' ';
		} else if (t[i] == '/' && i + 1 < len && t[i + 1] == '*') {
			t[i] = t[i + 1] = ' ';
			for (i += 2; i < len && !(t[i] == '*' && i + 1 < len && t[i + 1] == '/'); i++)
				if (t[i] != '\n')
					t[i] = ' ';
			if (i < len)
				t[i] = t[i + 1] = ' ', i++;
		} else if (t[i] == '"' || t[i] == '\'') {
			char q = t[i];
			for (i++; i < len && t[i] != q && t[i] != '\n'; i++) {
				if (t[i] == '\\' && i + 1 < len && t[i + 1] != '\n')
					t[i++] = ' ';
				t[i] = ' ';
			}
		}
	}
	return t;
}

static int ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* 1 if the (blanked) code defines main: "main" as a word (not after "." or "->"), "(...)", then "{". */
static int has_main(const char *t)
{
	for (const char *p = strstr(t, "main"); p; p = strstr(p + 1, "main")) {
		if ((p > t && (ident_char(p[-1]) || p[-1] == '.' || (p[-1] == '>' && p - 1 > t && p[-2] == '-'))) ||
		    ident_char(p[4]))
			continue;
		const char *q = p + 4;
		while (*q == ' ' || *q == '\t' || *q == '\n')
			q++;
		if (*q != '(')
			continue;
		/* A definition: the parameters, then its body ("int main(void);" alone is no program). */
		int depth = 0;
		do {
			depth += *q == '(';
			depth -= *q == ')';
			q++;
		} while (*q && depth > 0);
		while (*q == ' ' || *q == '\t' || *q == '\n')
			q++;
		if (*q == '{')
			return 1;
	}
	return 0;
}

/* The first word of s[0..len) that starts a C statement, not a declaration. */
static int statement_word(const char *w, size_t n)
{
	static const char *const kw[] = { "if", "else", "for", "while", "do", "switch", "return", "break",
					  "continue", "goto", "case", "default" };
	for (size_t i = 0; i < ARRAY_LEN(kw); i++)
		if (strlen(kw[i]) == n && memcmp(w, kw[i], n) == 0)
			return 1;
	return 0;
}

/*
 * 1 if one piece of file-scope code (between two ';' or '}' at depth 0) is a
 * declaration or definition: it starts with a word that is no statement
 * keyword, and at least two words come before its first '=', '(', '[', ';'
 * or ',' ("int x = 1", "static void f(void)", "struct s { ... }"), where a
 * statement has one ("x = 1", "printf(...)", "x++").
 */
static int declaration(const char *s, size_t n)
{
	size_t i = 0, words = 0;

	while (i < n && isspace((unsigned char)s[i]))
		i++;
	if (i == n)
		return 1; /* nothing */
	if (!ident_char(s[i]) || isdigit((unsigned char)s[i]))
		return 0; /* "*p = 1", "++x", "(void)x" */
	size_t w = i;
	while (w < n && ident_char(s[w]))
		w++;
	if (statement_word(s + i, w - i))
		return 0;
	while (i < n) {
		char c = s[i];
		if (ident_char(c)) {
			words++;
			while (i < n && ident_char(s[i]))
				i++;
			continue;
		}
		if (c == '=' || c == '(' || c == '[' || c == ';' || c == ',' || c == '{')
			break;
		if (c == ':' || (c == '+' && i + 1 < n && s[i + 1] == '+') || (c == '-' && i + 1 < n && s[i + 1] == '-'))
			return 0; /* a label, x++, x-- */
		i++;
	}
	return words >= 2;
}

/*
 * 1 if the (blanked) code has a "..." that stands for elided code: anywhere
 * but as the last parameter of a variadic function (", ...)").
 */
static int elides(const char *t)
{
	for (const char *p = strstr(t, "..."); p; p = strstr(p + 3, "...")) {
		const char *a = p, *z = p + 3;
		while (a > t && isspace((unsigned char)a[-1]))
			a--;
		while (isspace((unsigned char)*z))
			z++;
		if (!(a > t && a[-1] == ',' && *z == ')'))
			return 1;
	}
	return 0;
}

/*
 * 1 if the #include whose opening quote is at offset q of the block's code
 * (src, as written) names a header of the course's own that no block before
 * it declares (file=PATH): it is not in the block's folder.
 */
static int missing_header(const char *src, size_t q, const struct strvec *files)
{
	const char *a = src + q + 1;
	size_t n = strcspn(a, "\"\n");

	for (size_t i = 0; i < files->n; i++)
		if (strlen(files->v[i]) == n && memcmp(files->v[i], a, n) == 0)
			return 0;
	return 1;
}

/* 1 if s[0..n) starts with word (and the word ends there). */
static int starts_word(const char *s, size_t n, const char *word)
{
	size_t i = 0, w = strlen(word);

	while (i < n && isspace((unsigned char)s[i]))
		i++;
	return n - i >= w && memcmp(s + i, word, w) == 0 && (n - i == w || !ident_char(s[i + w]));
}

/*
 * 1 if the (blanked) code is a whole translation unit that compiles with -c
 * as it stands, as far as its text tells: an #include, of system headers
 * only (<stdio.h>, never "mine.h"), braces that balance,
 * no "..." line standing for elided code, and at file scope only
 * declarations and definitions (each piece between two ';', or before a
 * '{' at file scope, is one: declaration()).
 */
static int file_scope(const char *t, const char *src, const struct strvec *files)
{
	size_t len = strlen(t), piece = 0;
	int include = 0, depth = 0, aggregate = 0, joined = 0;

	if (elides(t))
		return 0;
	for (size_t i = 0; i < len; i++) {
		char c = t[i];
		if (i == 0 || t[i - 1] == '\n') {
			size_t k = i;
			while (k < len && (t[k] == ' ' || t[k] == '\t'))
				k++;
			if (strncmp(t + k, "...", 3) == 0)
				return 0;
			if (k < len && t[k] == '#') {
				size_t d = k + 1 + strspn(t + k + 1, " \t");
				if (strncmp(t + d, "include", 7) == 0) {
					/* A header of the course's own ("x.h") is not in the block's folder. */
					size_t q = d + 7 + strspn(t + d + 7, " \t");
					if (t[q] == '"' && missing_header(src, q, files))
						return 0;
					include = 1;
				}
				/* A directive runs to the end of its line (and on, after a backslash). */
				while (k < len && !(t[k] == '\n' && t[k - 1] != '\\'))
					k++;
				if (depth == 0 && !joined)
					piece = k + 1;
				i = k;
				continue;
			}
		}
		if (c == '{' && depth++ == 0) {
			/* The head of a braced definition: "int f(void)", "struct s", "int a[] =". */
			size_t n = i - piece;
			int agg = memchr(t + piece, '=', n) || starts_word(t + piece, n, "struct") ||
				  starts_word(t + piece, n, "union") || starts_word(t + piece, n, "enum") ||
				  starts_word(t + piece, n, "typedef");
			if (!joined && !agg && (strspn(t + piece, " \t\n") >= n || !declaration(t + piece, n)))
				return 0;
			aggregate = joined || agg;
		} else if (c == '}') {
			if (--depth < 0)
				return 0;
			if (depth == 0) {
				/* "struct s { ... } x;", "int a[] = { ... };": the piece goes on to its ';'. */
				joined = aggregate;
				piece = i + 1;
			}
		} else if (c == ';' && depth == 0) {
			if (!joined && !declaration(t + piece, i - piece))
				return 0;
			joined = 0;
			piece = i + 1;
		}
	}
	if (depth != 0 || joined || strspn(t + piece, " \t\n") != len - piece)
		return 0; /* after the last ';' or '}', only blanks */
	return include ? 2 : 1;
}

/*
 * 1 if a program's (blanked) code is whole: braces that balance, no "..."
 * line, no header of the course's own.
 */
static int complete(const char *t, const char *src, const struct strvec *files)
{
	int depth = 0;

	if (elides(t))
		return 0;
	for (size_t i = 0; t[i]; i++) {
		if (i == 0 || t[i - 1] == '\n') {
			size_t k = i + strspn(t + i, " \t");
			if (t[k] == '#') {
				size_t d = k + 1 + strspn(t + k + 1, " \t");
				size_t q = d + 7 + strspn(t + d + 7, " \t");
				if (strncmp(t + d, "include", 7) == 0 && t[q] == '"' && missing_header(src, q, files))
					return 0;
			}
		}
		depth += t[i] == '{';
		depth -= t[i] == '}';
		if (depth < 0)
			return 0;
	}
	return depth == 0;
}

/* 1 if name occurs in the (blanked) code t as a whole word. */
static int has_word(const char *t, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = strstr(t, name); p; p = strstr(p + 1, name))
		if ((p == t || !ident_char(p[-1])) && !ident_char(p[n]))
			return 1;
	return 0;
}

/*
 * The names the (blanked) code t defines at file scope, for another block
 * to use: macros (#define NAME), functions with a body, struct, union and
 * enum tags, typedef names, and with vars variables (not extern). Rough,
 * as the rest: what it misses only means a use= not written.
 */
static void defined_names(const char *t, struct strvec *out, int vars)
{
	size_t len = strlen(t), last = 0, last_len = 0;
	int depth = 0, parens = 0, tag = 0, is_extern = 0, typedef_ = 0, at_start = 1;
	char *fn = NULL;

	for (size_t i = 0; i < len; i++) {
		if (i == 0 || t[i - 1] == '\n') {
			size_t k = i + strspn(t + i, " \t");
			if (t[k] == '#') {
				size_t d = k + 1 + strspn(t + k + 1, " \t");
				if (strncmp(t + d, "define", 6) == 0 && (t[d + 6] == ' ' || t[d + 6] == '\t')) {
					size_t a = d + 6 + strspn(t + d + 6, " \t"), b = a;
					while (ident_char(t[b]))
						b++;
					if (b > a)
						strvec_push_nodup(out, xstrndup(t + a, b - a));
				}
				while (k < len && !(t[k] == '\n' && t[k - 1] != '\\'))
					k++;
				i = k;
				continue;
			}
		}
		char c = t[i];
		if (ident_char(c) && !isdigit((unsigned char)c)) {
			size_t a = i;
			while (i < len && ident_char(t[i]))
				i++;
			if (depth == 0 && parens == 0) {
				size_t n = i - a;
				if (tag == 1 && !(n == 5 && memcmp(t + a, "const", 5) == 0))
					tag = 2; /* the tag's name follows struct, union or enum */
				if ((n == 6 && memcmp(t + a, "struct", 6) == 0) || (n == 5 && memcmp(t + a, "union", 5) == 0) ||
				    (n == 4 && memcmp(t + a, "enum", 4) == 0))
					tag = 1;
				if (at_start && n == 6 && memcmp(t + a, "extern", 6) == 0)
					is_extern = 1;
				if (at_start && n == 7 && memcmp(t + a, "typedef", 7) == 0)
					typedef_ = 1;
				at_start = 0;
				last = a, last_len = n;
			}
			i--;
			continue;
		}
		if (depth == 0 && c == '(' && parens++ == 0 && last_len) {
			free(fn);
			fn = xstrndup(t + last, last_len);
		} else if (depth == 0 && c == ')') {
			parens -= parens > 0;
		} else if (c == '{') {
			if (depth++ == 0) {
				if (tag == 2 && last_len)
					strvec_push_nodup(out, xstrndup(t + last, last_len));
				else if (fn)
					strvec_push_nodup(out, fn), fn = NULL;
			}
		} else if (c == '}') {
			depth -= depth > 0;
			last_len = 0;
		} else if (depth == 0 && parens == 0 && (c == ';' || c == '=' || c == ',' || c == '[')) {
			if (last_len && !is_extern && !fn && tag != 1 && (vars || typedef_))
				strvec_push_nodup(out, xstrndup(t + last, last_len));
			last_len = 0;
			if (c == ';') {
				free(fn);
				fn = NULL;
				tag = 0, is_extern = 0, typedef_ = 0, at_start = 1;
			}
			if (c == '=') {
				/* Skip the initializer up to the ',' or ';' that ends it. */
				int d = 0;
				while (i + 1 < len && !(d == 0 && (t[i + 1] == ',' || t[i + 1] == ';'))) {
					i++;
					d += t[i] == '{' || t[i] == '(';
					d -= t[i] == '}' || t[i] == ')';
				}
			}
		}
	}
	free(fn);
}

/* ---- info strings ---- */

/* An info string taken apart: the language, then litlab attributes in order. */
struct info {
	char *lang;
	struct strvec attrs; /* "key=value" or "flag", written as litlab reads them */
	char *id;	     /* from #id or a knitr label */
	int braces;	     /* written in pandoc or Quarto braces */
	int dropped;	     /* something litlab does not take was dropped */
	int no_eval;	     /* eval=false (knitr, Quarto) */
	struct buf dropped_words;
};

static void info_release(struct info *in)
{
	free(in->lang);
	free(in->id);
	strvec_clear(&in->attrs);
	buf_release(&in->dropped_words);
}

static void drop(struct info *in, const char *tok, size_t n)
{
	in->dropped = 1;
	if (in->dropped_words.len)
		buf_adds(&in->dropped_words, " ");
	buf_add(&in->dropped_words, tok, n);
}

/* A value as litlab writes it: bare when it can be, else quoted. */
static char *attr_text(const char *key, const char *value)
{
	if (!value)
		return xstrdup(key);
	if (*value && !strpbrk(value, " \t\"\\"))
		return xasprintf("%s=%s", key, value);
	struct buf b = BUF_INIT;
	buf_addf(&b, "%s=\"", key);
	for (const char *p = value; *p; p++) {
		if (*p == '"' || *p == '\\')
			buf_addc(&b, '\\');
		buf_addc(&b, *p);
	}
	buf_addc(&b, '"');
	return buf_detach(&b, NULL);
}

/*
 * Reads the inside of pandoc or Quarto braces, s[0..n): tokens separated by
 * blanks or commas, each ".class", "#id", "key=value" (value bare, "..." or
 * '...') or a bare word. The language is the first class, or a bare word
 * written first ("{c}", "{r label, echo=FALSE}"); a later bare word is a
 * knitr label, kept as the id. Returns 0, or -1 when the braces hold
 * something else (a pandoc raw block, "{=html}").
 */
static int read_braces(struct info *in, const char *s, size_t n, int lang_given)
{
	size_t i = 0;
	int first = 1;

	while (i < n) {
		while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == ','))
			i++;
		if (i == n)
			break;
		size_t t0 = i;
		char *key = NULL, *value = NULL;
		while (i < n && s[i] != ' ' && s[i] != '\t' && s[i] != ',' && s[i] != '=')
			i++;
		key = xstrndup(s + t0, i - t0);
		if (i < n && s[i] == '=') {
			i++;
			struct buf v = BUF_INIT;
			if (i < n && (s[i] == '"' || s[i] == '\'')) {
				char q = s[i++];
				while (i < n && s[i] != q) {
					if (s[i] == '\\' && q == '"' && i + 1 < n)
						i++;
					buf_addc(&v, s[i++]);
				}
				i += i < n;
			} else {
				while (i < n && s[i] != ' ' && s[i] != '\t' && s[i] != ',')
					buf_addc(&v, s[i++]);
			}
			value = buf_detach(&v, NULL);
		}
		if (!value && key[0] == '=') {
			free(key);
			return -1;
		}
		if (!value && key[0] == '.' && key[1]) {
			const char *cls = key + 1;
			if (!lang_given && !in->lang)
				in->lang = xstrdup(cls);
			else if (in_list(cls, c_modes, ARRAY_LEN(c_modes)))
				strvec_push(&in->attrs, cls);
			else
				drop(in, s + t0, i - t0);
		} else if (!value && key[0] == '#' && key[1]) {
			free(in->id);
			in->id = xstrdup(key + 1);
		} else if (!value && key[0]) {
			if (first && !lang_given && !in->lang)
				in->lang = xstrdup(key);
			else if (in_list(key, c_modes, ARRAY_LEN(c_modes)))
				strvec_push(&in->attrs, key);
			else if (!in->id && !first)
				in->id = xstrdup(key); /* a knitr chunk label */
			else
				drop(in, s + t0, i - t0);
		} else if (value && strcmp(key, "id") == 0) {
			free(in->id);
			in->id = xstrdup(value);
		} else if (value && strcmp(key, "eval") == 0 &&
			   (strcmp(value, "FALSE") == 0 || strcmp(value, "false") == 0 || strcmp(value, "F") == 0)) {
			in->no_eval = 1;
			drop(in, s + t0, i - t0);
		} else if (value && in_list(key, c_keys, ARRAY_LEN(c_keys))) {
			strvec_push_nodup(&in->attrs, attr_text(key, value));
		} else {
			drop(in, s + t0, i - t0);
		}
		free(key);
		free(value);
		first = 0;
	}
	return 0;
}

/*
 * Takes info apart. Returns 1 when it is written in braces (alone, or after
 * the language) and was read, 0 when it is litlab's or GitHub's own form
 * (only the language may change), -1 when it is to be left alone.
 */
static int read_info(struct info *in, const char *info)
{
	size_t n = strlen(info);

	memset(in, 0, sizeof *in);
	in->dropped_words = (struct buf)BUF_INIT;
	if (n >= 2 && info[0] == '{' && info[n - 1] == '}') {
		if (info[1] == '{' || info[1] == '=')
			return -1; /* Quarto's "{{c}}" (shown as it stands), pandoc's raw "{=html}" */
		in->braces = 1;
		if (read_braces(in, info + 1, n - 2, 0) < 0)
			return -1;
		if (!in->lang || strcmp(in->lang, "default") == 0) {
			/* pandoc's "{.default}" asks for no highlighting: a plain block. */
			free(in->lang);
			in->lang = xstrdup("");
		}
		return 1;
	}
	size_t w = strcspn(info, " \t");
	in->lang = xstrndup(info, w);
	const char *rest = info + w;
	while (*rest == ' ' || *rest == '\t')
		rest++;
	size_t rn = strlen(rest);
	if (rn >= 2 && rest[0] == '{' && rest[rn - 1] == '}' && !strchr(in->lang, '{')) {
		in->braces = 1;
		if (read_braces(in, rest + 1, rn - 2, 1) < 0)
			return -1;
		return 1;
	}
	return 0;
}

/* id made one litlab takes: '_', '.' and ':' become '-'; NULL when something else stands in it. */
static char *litlab_id(const char *id)
{
	char *s = xstrdup(id);

	for (char *p = s; *p; p++) {
		if (*p == '_' || *p == '.' || *p == ':')
			*p = '-';
		else if (!isalnum((unsigned char)*p) && *p != '-') {
			free(s);
			return NULL;
		}
	}
	if (!*s) {
		free(s);
		return NULL;
	}
	return s;
}

/* What a block becomes: its new info string (NULL: unchanged), the kinds, and the words. */
struct plan {
	char *new_info;
	unsigned kinds;
	struct buf why;
	int runs;	  /* a c block that runs after import, with no output block */
	int may_output; /* a block with no language (or text): it may become an output block */
	/* For use= (infer_uses()): c blocks whose mode import decides. */
	int program;	  /* it defines main() and is whole: it runs */
	int unit;	  /* no main(), only declarations and definitions at file scope: another may use it */
	char *code; /* the code, comments and literals blanked */
	char *lang;
	char *id; /* the id it has after import, or NULL */
};

static void why(struct plan *p, unsigned kind, const char *text, const char *more)
{
	p->kinds |= kind;
	if (p->why.len)
		buf_adds(&p->why, "; ");
	buf_adds(&p->why, text);
	buf_adds(&p->why, more);
}

static int has_attr(const struct strvec *attrs, const char *key)
{
	size_t n = strlen(key);

	for (size_t i = 0; i < attrs->n; i++)
		if (strncmp(attrs->v[i], key, n) == 0 && (attrs->v[i][n] == '=' || attrs->v[i][n] == '\0'))
			return 1;
	return 0;
}

/* The plain languages a program's output is often shown in. */
static int plain_lang(const char *lang)
{
	return !*lang || strcmp(lang, "text") == 0 || strcmp(lang, "txt") == 0 || strcmp(lang, "plain") == 0 ||
	       strcmp(lang, "plaintext") == 0;
}

static void plan_block(const struct block *b, struct plan *p, struct strvec *ids, const struct strvec *files)
{
	struct info in;
	int form = read_info(&in, b->info);

	memset(p, 0, sizeof *p);
	p->why = (struct buf)BUF_INIT;
	if (form < 0) {
		info_release(&in);
		return;
	}
	if (strcmp(in.lang, "C") == 0) {
		free(in.lang);
		in.lang = xstrdup("c");
		why(p, IMPORT_LANG, "language 'C' written 'c'", "");
	}
	int is_c = strcmp(in.lang, "c") == 0;
	if (form == 1) {
		why(p, IMPORT_SYNTAX,
		    b->info[0] == '{' && b->info[1] != '.' && b->info[1] != '#' ? "Quarto" : "pandoc",
		    " attributes written as litlab's");
		if (in.id) {
			char *id = litlab_id(in.id);
			int taken = 0;
			for (size_t i = 0; id && i < ids->n; i++)
				taken |= strcmp(ids->v[i], id) == 0;
			if (!*in.lang || !id || taken) {
				drop(&in, "#", 1);
				buf_adds(&in.dropped_words, in.id);
				buf_adds(&in.dropped_words, !*in.lang ? " (a block with no language takes no attribute)"
						      : taken		? " (the id is taken)"
									: " (not a litlab id)");
			} else {
				strvec_push(ids, id);
				p->id = xstrdup(id);
				/* The id goes first, as authors write it. */
				char *a = xasprintf("id=%s", id);
				struct strvec rest = STRVEC_INIT;
				strvec_push_nodup(&rest, a);
				for (size_t i = 0; i < in.attrs.n; i++)
					strvec_push(&rest, in.attrs.v[i]);
				strvec_clear(&in.attrs);
				in.attrs = rest;
			}
			free(id);
		}
		if (!is_c) {
			/* A display block takes id (and derived, reason); keep no more. */
			for (size_t i = in.attrs.n; i-- > 0;)
				if (strncmp(in.attrs.v[i], "id=", 3) != 0) {
					drop(&in, in.attrs.v[i], strlen(in.attrs.v[i]));
					strvec_remove(&in.attrs, i);
				}
			if (!*in.lang && in.attrs.n) {
				drop(&in, in.attrs.v[0], strlen(in.attrs.v[0]));
				strvec_clear(&in.attrs);
			}
		}
		if (in.dropped)
			why(p, IMPORT_DROPPED, "dropped ", in.dropped_words.p);
	}

	if (form == 0 && b->id_explicit)
		p->id = xstrdup(b->id);

	/* The mode of a c block that has none. */
	int moded = 0;
	if (is_c) {
		if (form == 1) {
			for (size_t i = 0; i < ARRAY_LEN(c_modes); i++)
				moded |= has_attr(&in.attrs, c_modes[i]);
			moded |= has_attr(&in.attrs, "use") || has_attr(&in.attrs, "sources") ||
				 has_attr(&in.attrs, "file");
		} else {
			for (size_t i = 0; i < ARRAY_LEN(c_modes); i++)
				moded |= attr_find(&b->attrs, c_modes[i]) != NULL;
			moded |= attr_find(&b->attrs, "use") || attr_find(&b->attrs, "sources") ||
				 attr_find(&b->attrs, "file") || b->bad_attrs;
		}
	}
	const char *mode = NULL;
	if (is_c && !moded) {
		char *t = blank_c(b->code, b->code_len);
		if (in.no_eval) {
			mode = "fragment";
			why(p, IMPORT_FRAGMENT, "not evaluated in the source (eval=false): fragment", "");
		} else if (!has_main(t)) {
			if (file_scope(t, b->code, files) == 2) {
				mode = "compile-only";
				why(p, IMPORT_COMPILE_ONLY,
				    "no main(), a whole translation unit: compile-only (compiled, not run)", "");
			} else {
				mode = "fragment";
				why(p, IMPORT_FRAGMENT, "no main(), not a whole translation unit: fragment (not built)", "");
			}
		} else if (!complete(t, b->code, files)) {
			mode = "fragment";
			why(p, IMPORT_FRAGMENT,
			    "defines main() but elides code ('...'), includes a header of the course's own or has braces "
			    "that do not balance: fragment (not built)",
			    "");
		} else {
			p->runs = b->noutputs == 0 && !b->has_stdin;
			p->program = 1;
		}
		if (!p->program && mode && file_scope(t, b->code, files))
			p->unit = 1;
		p->code = t;
		p->lang = xstrdup(in.lang);
	}
	p->may_output = form >= 0 && !in.attrs.n && plain_lang(in.lang) && !b->bad_attrs;

	if (p->kinds) {
		struct buf nb = BUF_INIT;
		if (form == 0) {
			/* Only the language word, or a mode added: the rest stays as written. */
			buf_adds(&nb, in.lang);
			const char *rest = b->info + strcspn(b->info, " \t");
			if (mode)
				buf_addf(&nb, " %s", mode);
			buf_adds(&nb, rest);
		} else {
			buf_adds(&nb, in.lang);
			for (size_t i = 0; i < in.attrs.n; i++)
				buf_addf(&nb, " %s", in.attrs.v[i]);
			if (mode)
				buf_addf(&nb, " %s", mode);
		}
		p->new_info = buf_detach(&nb, NULL);
		if (strcmp(p->new_info, b->info) == 0) {
			free(p->new_info);
			p->new_info = NULL;
			p->kinds = 0;
		}
	}
	info_release(&in);
}

static int in_vec(const struct strvec *v, const char *s)
{
	for (size_t i = 0; i < v->n; i++)
		if (strcmp(v->v[i], s) == 0)
			return 1;
	return 0;
}

/* Appends text to the block's new info string (its info as written, if import changed nothing yet). */
static void add_info(struct plan *p, const struct block *b, const char *text)
{
	char *old = p->new_info ? p->new_info : xstrdup(b->info);

	p->new_info = xasprintf("%s %s", old, text);
	free(old);
}

/*
 * use= for a block that needs what an earlier block defines (import.h): for
 * each program or file-scope block, back to the previous program.
 */
static void infer_uses(const struct lesson *l, struct plan *plans, struct strvec *ids)
{
	for (size_t i = 0; i < l->nblocks; i++) {
		struct plan *p = &plans[i];
		if (!p->program && !p->unit)
			continue;
		struct strvec mine = STRVEC_INIT, used = STRVEC_INIT;
		struct buf words = BUF_INIT;
		defined_names(p->code, &mine, 1);
		for (size_t j = i; j-- > 0;) {
			struct plan *q = &plans[j];
			if (q->program)
				break;
			if (!q->unit || strcmp(q->lang, "c") != 0)
				continue;
			/*
			 * A variable alone is no reason: a book's "int a[5] = {...};" shows a declaration, and
			 * the next program has its own a. Functions, types and macros are what it continues.
			 */
			struct strvec theirs = STRVEC_INIT, linked = STRVEC_INIT;
			const char *needed = NULL;
			int clash = 0;
			defined_names(q->code, &theirs, 1);
			defined_names(q->code, &linked, 0);
			for (size_t k = 0; k < theirs.n; k++)
				clash |= in_vec(&mine, theirs.v[k]);
			for (size_t k = 0; k < linked.n && !needed; k++)
				if (has_word(p->code, linked.v[k]))
					needed = linked.v[k];
			if (needed && !clash) {
				if (!q->id) {
					char *base = litlab_id(theirs.v[0]);
					char *id = base ? xstrdup(base) : xasprintf("block-%d", l->blocks[j].line);
					for (int n = 2; in_vec(ids, id); n++) {
						free(id);
						id = xasprintf("%s-%d", base ? base : "block", n);
					}
					free(base);
					strvec_push(ids, id);
					q->id = id;
					char *a = xasprintf("id=%s", id);
					add_info(q, &l->blocks[j], a);
					free(a);
					q->kinds |= IMPORT_USE;
					if (q->why.len)
						buf_adds(&q->why, "; ");
					buf_addf(&q->why, "named id=%s for the block on line %d, which uses it", id,
						 l->blocks[i].line);
				}
				/* Back to front: the earliest comes first in use=, as in the lesson. */
				struct strvec v = STRVEC_INIT;
				strvec_push(&v, q->id);
				for (size_t k = 0; k < used.n; k++)
					strvec_push(&v, used.v[k]);
				strvec_clear(&used);
				used = v;
				buf_addf(&words, "%s%s (line %d: %s)", words.len ? ", " : "", q->id, l->blocks[j].line,
					 needed);
				/* Its names are taken now: an earlier block defining them again is not used too. */
				for (size_t k = 0; k < theirs.n; k++)
					strvec_push(&mine, theirs.v[k]);
			}
			strvec_clear(&theirs);
			strvec_clear(&linked);
		}
		if (used.n) {
			struct buf a = BUF_INIT;
			buf_adds(&a, "use=");
			for (size_t k = 0; k < used.n; k++)
				buf_addf(&a, "%s%s", k ? "," : "", used.v[k]);
			add_info(p, &l->blocks[i], a.p);
			buf_release(&a);
			p->kinds |= IMPORT_USE;
			if (p->why.len)
				buf_adds(&p->why, "; ");
			buf_addf(&p->why, "uses what earlier blocks define: %s", words.p);
		}
		buf_release(&words);
		strvec_clear(&used);
		strvec_clear(&mine);
	}
}

/* The code blocks of a cmark document, as (start, end, literal) for comparing two parses. */
static int same_blocks(const struct lesson *a, const struct lesson *b)
{
	cmark_iter *ia = cmark_iter_new(a->doc), *ib = cmark_iter_new(b->doc);
	cmark_event_type ea, eb;
	int same = 1;

	for (;;) {
		cmark_node *na = NULL, *nb = NULL;
		while ((ea = cmark_iter_next(ia)) != CMARK_EVENT_DONE)
			if (ea == CMARK_EVENT_ENTER && cmark_node_get_type(na = cmark_iter_get_node(ia)) == CMARK_NODE_CODE_BLOCK)
				break;
		while ((eb = cmark_iter_next(ib)) != CMARK_EVENT_DONE)
			if (eb == CMARK_EVENT_ENTER && cmark_node_get_type(nb = cmark_iter_get_node(ib)) == CMARK_NODE_CODE_BLOCK)
				break;
		if (ea == CMARK_EVENT_DONE || eb == CMARK_EVENT_DONE) {
			same = ea == eb;
			break;
		}
		const char *la = cmark_node_get_literal(na), *lb = cmark_node_get_literal(nb);
		if (cmark_node_get_start_line(na) != cmark_node_get_start_line(nb) ||
		    cmark_node_get_end_line(na) != cmark_node_get_end_line(nb) || strcmp(la ? la : "", lb ? lb : "") != 0) {
			same = 0;
			break;
		}
	}
	cmark_iter_free(ia);
	cmark_iter_free(ib);
	return same;
}

/* The first error of the loader about a fence not closed where it should be, or NULL. */
static const struct diag *unclosed(const struct lesson *l)
{
	for (size_t i = 0; i < l->diags.n; i++)
		if (l->diags.v[i].severity == SEV_ERROR && strcmp(l->diags.v[i].rule, "unclosed-fence") == 0)
			return &l->diags.v[i];
	return NULL;
}

/*
 * 0 if next differs from src only inside the info strings of the lines
 * changed (marked in changed[], by line), and parses into the same code
 * blocks; else the first line that does not.
 */
static int verify(const struct lesson *l, const char *next, size_t next_len, const unsigned char *changed)
{
	size_t na, nb;
	struct raw_line *a = raw_lines(l->src, l->src_len, &na), *b = raw_lines(next, next_len, &nb);
	int bad = 0;

	if (na != nb)
		bad = 1;
	for (size_t i = 0; i < na && !bad; i++) {
		const char *pa = l->src + a[i].start, *pb = next + b[i].start;
		if (a[i].eol != b[i].eol || memcmp(pa + a[i].len, pb + b[i].len, a[i].eol) != 0)
			bad = (int)i + 1;
		else if (!changed[i] && (a[i].len != b[i].len || memcmp(pa, pb, a[i].len) != 0))
			bad = (int)i + 1;
		else if (changed[i]) {
			size_t fa, ta, fb, tb, ea, eb, bom = i == 0 && l->has_bom ? 3 : 0;
			if (a[i].len < bom || b[i].len < bom || memcmp(pa, pb, bom) != 0) {
				bad = 1;
				break;
			}
			pa += bom, pb += bom;
			a[i].len -= bom, b[i].len -= bom;
			/* The same up to the end of the fence; after it, only the info string (and its blanks). */
			if (!info_bounds(pa, a[i].len, &fa, &ta, &ea) || !info_bounds(pb, b[i].len, &fb, &tb, &eb) ||
			    ea != eb || memcmp(pa, pb, ea) != 0)
				bad = (int)i + 1;
		}
	}
	if (!bad) {
		struct lesson *nl = lesson_parse(l->path, next, next_len);
		if (!same_blocks(l, nl) || unclosed(nl))
			bad = 1;
		lesson_free(nl);
	}
	free(a);
	free(b);
	return bad;
}

int import_rewrite(const char *path, const char *src, size_t len, struct buf *out, struct import_result *res,
		   char **err)
{
	struct lesson *l = lesson_parse(path, src, len);
	const struct diag *u = unclosed(l);
	size_t base = out->len;

	if (u) {
		*err = xasprintf("%s:%d: a code block whose fence is not closed where it should be ('litlab check %s' "
				 "says more): where its blocks end is not known, so import changes nothing in it",
				 path, u->line, path);
		lesson_free(l);
		return -1;
	}

	struct plan *plans = xcalloc(l->nblocks ? l->nblocks : 1, sizeof *plans);
	struct strvec ids = STRVEC_INIT;
	res->blocks = 0;
	for (size_t i = 0; i < l->nblocks; i++) {
		const struct block *b = &l->blocks[i];
		res->blocks += b->fenced + b->noutputs + b->has_stdin;
		if (b->id_explicit)
			strvec_push(&ids, b->id);
	}
	/* The lesson files (file=) declared so far: a block may include them. */
	struct strvec files = STRVEC_INIT;
	for (size_t i = 0; i < l->nblocks; i++) {
		if (l->blocks[i].fenced)
			plan_block(&l->blocks[i], &plans[i], &ids, &files);
		else
			plans[i].why = (struct buf)BUF_INIT;
		if (l->blocks[i].file)
			strvec_push(&files, l->blocks[i].file);
	}
	strvec_clear(&files);
	infer_uses(l, plans, &ids);
	/* A plain block right after a program that runs: its output. */
	for (size_t i = 1; i < l->nblocks; i++) {
		const struct block *b = &l->blocks[i], *prev = &l->blocks[i - 1];
		struct plan *p = &plans[i];
		if (!b->fenced || !p->may_output || !plans[i - 1].runs || cmark_node_previous(b->node) != prev->node)
			continue;
		p->kinds |= IMPORT_OUTPUT;
		if (p->why.len)
			buf_adds(&p->why, "; ");
		buf_addf(&p->why, "a %s block right after the program on line %d: its output block",
			 *b->lang ? b->lang : "plain", prev->line);
		free(p->new_info);
		p->new_info = xstrdup("output");
		plans[i - 1].runs = 0;
	}
	/* One with a paragraph between ("The output is:") stays as it is: import moves no text. */
	for (size_t i = 1; i < l->nblocks; i++) {
		const struct block *b = &l->blocks[i], *prev = &l->blocks[i - 1];
		cmark_node *para = cmark_node_previous(b->node);
		if (!b->fenced || !plans[i].may_output || plans[i].kinds & IMPORT_OUTPUT || !plans[i - 1].runs || !para ||
		    cmark_node_get_type(para) != CMARK_NODE_PARAGRAPH || cmark_node_previous(para) != prev->node)
			continue;
		res->notes = xappendarray(res->notes, res->nnotes, sizeof *res->notes);
		res->notes[res->nnotes].line = b->line;
		res->notes[res->nnotes++].text = xasprintf(
			"a plain block after the program on line %d, with a paragraph between (line %d): litlab compares "
			"a program's output only with an output block right after it; to have this one compared, move "
			"the paragraph above the program and import again",
			prev->line, cmark_node_get_start_line(para));
		plans[i - 1].runs = 0;
	}

	size_t nlines;
	struct raw_line *lines = raw_lines(src, len, &nlines);
	unsigned char *changed = xcalloc(nlines ? nlines : 1, 1);
	size_t copied = 0;
	int status = 0;
	for (size_t i = 0; i < l->nblocks && status == 0; i++) {
		const struct block *b = &l->blocks[i];
		struct plan *p = &plans[i];
		if (!p->new_info)
			continue;
		if (b->line < 1 || (size_t)b->line > nlines)
			BUG("block on line %d of %zu", b->line, nlines);
		const struct raw_line *r = &lines[b->line - 1];
		size_t skip = b->line == 1 && l->has_bom ? 3 : 0, from, to, fence_end;
		const char *s = src + r->start + skip;
		if (!info_bounds(s, r->len - skip, &from, &to, &fence_end) || to - from != strlen(b->info) ||
		    memcmp(s + from, b->info, to - from) != 0) {
			*err = xasprintf("%s:%d: the fence is not where the lesson reader found it; nothing imported",
					 path, b->line);
			status = -1;
			break;
		}
		/* No info string left: the blanks around it go too ("``` {.default}  " is "```"). */
		if (!*p->new_info)
			from = fence_end, to = r->len - skip;
		buf_add(out, src + copied, r->start + skip + from - copied);
		buf_adds(out, p->new_info);
		copied = r->start + skip + to;
		changed[b->line - 1] = 1;
		res->v = xappendarray(res->v, res->n, sizeof *res->v);
		struct import_change *c = &res->v[res->n++];
		c->line = b->line;
		c->kinds = p->kinds;
		c->old_info = xstrdup(b->info);
		c->new_info = xstrdup(p->new_info);
		c->why = buf_detach(&p->why, NULL);
	}
	if (status == 0) {
		buf_add(out, src + copied, len - copied);
		int bad = verify(l, out->p + base, out->len - base, changed);
		if (bad) {
			*err = xasprintf("%s:%d: the rewritten file would not keep every line and block as they are "
					 "(a bug in litlab: please report it); nothing imported",
					 path, bad);
			status = -1;
		}
	}
	for (size_t i = 0; i < l->nblocks; i++) {
		free(plans[i].new_info);
		buf_release(&plans[i].why);
		free(plans[i].code);
		free(plans[i].lang);
		free(plans[i].id);
	}
	free(plans);
	free(changed);
	free(lines);
	strvec_clear(&ids);
	lesson_free(l);
	return status;
}
