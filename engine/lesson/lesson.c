/*
 * lesson.c: from the bytes of a lesson file to blocks with positions.
 *
 * Positions come from the source, not from cmark alone: cmark reports the
 * line a block starts on, and everything else (the fence, the info string,
 * each attribute) is found again on that line of the text as written. The
 * front matter is blanked out, not cut off, so cmark's line numbers are the
 * file's line numbers.
 */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/buf.h"
#include "base/suggest.h"
#include "base/fs.h"
#include "lesson/lesson.h"
#include "lesson/prose.h"
#include "sandbox/sandbox.h"
#include "run/console.h"
#include "lesson/lessonfiles.h"
#include "lesson/rawhtml.h"
#include "base/strvec.h"

static const char *const fm_keys[] = { "title", "lesson", "unit", "course", "summary", "reviewed",
				       "cflags", "warnings" };

static const char *const mode_names[] = {
	[MODE_RUN] = "run",		  [MODE_MEASURE] = "measure", [MODE_COMPILE_ONLY] = "compile-only",
	[MODE_COMPILE_FAIL] = "compile-fail", [MODE_FRAGMENT] = "fragment", [MODE_DERIVED] = "derived",
	[MODE_DISPLAY] = "display",	  [MODE_SESSION] = "session",
};

static const char c_attrs[] = "id, use, file, sources, cflags, ldlibs, args, exit, timeout, samples, warmup, "
			      "disk, files, reason, and one mode: run, measure, compile-only, compile-fail, "
			      "fragment, derived";
static const char display_attrs[] = "id, file, derived, reason";
static const char console_attrs[] = "id, timeout, derived, reason";

/* The attributes that apply to a c block of this mode, for messages about one that does not. */
static const char *mode_attrs(enum block_mode mode)
{
	switch (mode) {
	case MODE_RUN:
		return "id, use, sources, cflags, ldlibs, args, exit, timeout, disk, files";
	case MODE_MEASURE:
		return "id, use, sources, cflags, ldlibs, args, exit, timeout, samples, warmup, disk, files";
	case MODE_COMPILE_ONLY:
	case MODE_COMPILE_FAIL:
		return "id, use, sources, cflags, disk, files";
	case MODE_FRAGMENT:
		return "id, use, file";
	case MODE_DERIVED:
		return "id, use, reason";
	case MODE_DISPLAY:
	case MODE_SESSION:
		break;
	}
	return display_attrs;
}
static const char output_attrs[] = "match=exact|ellipsis|contains, stream=stdout|stderr";

const char *block_mode_name(enum block_mode mode)
{
	if ((size_t)mode >= ARRAY_LEN(mode_names) || !mode_names[mode])
		BUG("block mode %d has no name", (int)mode);
	return mode_names[mode];
}

const struct output_block *block_output(const struct block *b, enum stream s)
{
	for (size_t i = 0; i < b->noutputs; i++)
		if (b->outputs[i].stream == s)
			return &b->outputs[i];
	return NULL;
}

const char *stream_name(enum stream s)
{
	return s == STREAM_STDERR ? "stderr" : "stdout";
}

int block_executes(const struct block *b)
{
	return b->mode == MODE_RUN || b->mode == MODE_MEASURE;
}

int block_compiles(const struct block *b)
{
	return block_executes(b) || b->mode == MODE_COMPILE_ONLY || b->mode == MODE_COMPILE_FAIL;
}

int block_runs(const struct block *b)
{
	return block_compiles(b) || b->mode == MODE_SESSION;
}

int lesson_col(const struct lesson *l, int line, size_t off)
{
	return (int)off + 1 + (line == 1 && l->has_bom ? 3 : 0);
}

static void error_at(struct lesson *l, int line, int col, const char *rule, char *msg)
{
	diags_add(&l->diags, l->path, line, col, SEV_ERROR, rule, "%s", msg);
	free(msg);
}

/* Splits text into lines in place: each '\n' stays, lines[] point at line starts. */
static void index_lines(struct lesson *l)
{
	size_t n = 1;
	const char *t = l->text, *end = t + l->text_len;

	for (const char *p = t; (p = memchr(p, '\n', (size_t)(end - p))); p++)
		n++;
	l->lines = xcalloc(n, sizeof *l->lines);
	l->line_len = xcalloc(n, sizeof *l->line_len);
	size_t k = 0;
	for (const char *start = t;; k++) {
		const char *nl = memchr(start, '\n', (size_t)(end - start));
		l->lines[k] = (char *)start;
		l->line_len[k] = (size_t)((nl ? nl : end) - start);
		if (!nl) {
			k++;
			break;
		}
		start = nl + 1;
	}
	l->nlines = k;
	/* A final newline does not start another line. */
	if (l->nlines > 1 && l->line_len[l->nlines - 1] == 0 && l->text_len > 0)
		l->nlines--;
}

static struct span line_span(const struct lesson *l, int line)
{
	struct span s = { "", 0 };

	if (line >= 1 && (size_t)line <= l->nlines) {
		s.p = l->lines[line - 1];
		s.len = l->line_len[line - 1];
	}
	return s;
}

static char *trim(const char *s, size_t len)
{
	while (len > 0 && isspace((unsigned char)*s))
		s++, len--;
	while (len > 0 && isspace((unsigned char)s[len - 1]))
		len--;
	return xstrndup(s, len);
}

/* YYYY-MM-DD, digits only, a day that exists in that month. */
static int valid_date(const char *s)
{
	static const int days[] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };

	if (strlen(s) != 10 || s[4] != '-' || s[7] != '-')
		return 0;
	for (int i = 0; i < 10; i++)
		if (i != 4 && i != 7 && !isdigit((unsigned char)s[i]))
			return 0;
	int y = atoi(s), m = atoi(s + 5), d = atoi(s + 8);
	if (m < 1 || m > 12 || d < 1 || d > days[m - 1])
		return 0;
	return !(m == 2 && d == 29 && (y % 4 != 0 || (y % 100 == 0 && y % 400 != 0)));
}

static void set_fm(struct lesson *l, const char *key, const char *value, int line)
{
	if (strcmp(key, "lesson") == 0) {
		char *end;
		long n = strtol(value, &end, 10);
		if (*value == '\0' || *end != '\0' || n < 0 || n > 99999)
			error_at(l, line, 1, "front-matter",
				 xasprintf("'lesson: %s' is not a lesson number: write a whole number, "
					   "e.g. 'lesson: 15'",
					   value));
		else
			l->number = (int)n, l->number_line = line;
	} else if (strcmp(key, "reviewed") == 0) {
		if (!valid_date(value))
			error_at(l, line, 1, "front-matter",
				 xasprintf("'reviewed: %s' is not a date: write YYYY-MM-DD", value));
		free(l->reviewed);
		l->reviewed = xstrdup(value);
	} else if (strcmp(key, "title") == 0) {
		free(l->title);
		l->title = xstrdup(value);
	} else if (strcmp(key, "unit") == 0) {
		free(l->unit);
		l->unit = xstrdup(value);
	} else if (strcmp(key, "course") == 0) {
		free(l->course);
		l->course = xstrdup(value);
	} else if (strcmp(key, "summary") == 0) {
		free(l->summary);
		l->summary = xstrdup(value);
	} else if (strcmp(key, "warnings") == 0) {
		if (strcmp(value, "error") == 0 || strcmp(value, "warning") == 0) {
			l->warnings_are_errors = strcmp(value, "error") == 0;
		} else {
			char *hint = suggest_phrase(value, "warning, error");
			error_at(l, line, 1, "front-matter",
				 xasprintf("'warnings: %s' is neither 'error' nor 'warning'%s (write 'warnings: error' "
					   "to make each compiler warning an error)",
					   value, hint));
			free(hint);
		}
	} else if (strcmp(key, "cflags") == 0) {
		free(l->cflags);
		l->cflags = xstrdup(value);
		l->cflags_line = line;
		char *why = lesson_refused_flag(value);
		l->bad_cflags = why != NULL;
		if (why)
			error_at(l, line, 1, "attribute", xasprintf("the front matter's cflags: %s", why));
		free(why);
	}
}

/* A word of flags that starts with prefix; its value is what follows (or the next word, for a bare prefix). */
static int word_is(const char *w, const char *prefix)
{
	return strncmp(w, prefix, strlen(prefix)) == 0;
}

/*
 * 1 if flag f (next: the word after it) changes the dependency lists litlab
 * asks the compiler, assembler and linker for: -MMD would leave every system
 * header out of the key (the driver passes it after litlab's -MD).
 */
/*
 * 1 if word w (up to '=' or ',') is long option name or an abbreviation of
 * it that a getopt_long() program takes (gcc's driver and GNU ld take any
 * unambiguous start): at least min characters of it.
 */
static int abbreviates(const char *w, const char *name, size_t min)
{
	size_t n = strcspn(w, "=,");

	return n >= min && n <= strlen(name) && strncmp(w, name, n) == 0;
}

static int dependency_flag(const char *f, const char *next)
{
	static const char *const long_forms[] = { "--dependencies", "--user-dependencies", "--write-dependencies",
						  "--write-user-dependencies", "--print-missing-file-dependencies" };
	const char *opt = f;

	if (word_is(f, "-Wp,") || word_is(f, "-Wa,") || word_is(f, "-Wl,"))
		opt = f + 4;
	else if (strcmp(f, "-Xpreprocessor") == 0 || strcmp(f, "-Xassembler") == 0 || strcmp(f, "-Xlinker") == 0)
		opt = next;
	for (const char *o = opt; o; o = strchr(o, ',') ? strchr(o, ',') + 1 : NULL) {
		if (o[0] == '-' && o[1] == 'M' && (o[2] == '\0' || o[2] == ',' || strchr("DMFGPTQ", o[2])))
			return 1;
		/* the assembler's --MD, the linker's --dependency-file (ld takes -dependency-file,
		   and any unambiguous start: --depe) */
		if (word_is(o, "--MD") || abbreviates(o, "--dependency-file", 5) || abbreviates(o, "-dependency-file", 4))
			return 1;
		if (opt == f)
			break; /* a plain flag: only its own word */
	}
	/* gcc's driver takes an unambiguous start of a long option: --write-user is
	   --write-user-dependencies, --user-dep is --user-dependencies */
	for (size_t i = 0; i < ARRAY_LEN(long_forms); i++)
		if (abbreviates(f, long_forms[i], 4) || word_is(f, long_forms[i]))
			return 1;
	return 0;
}

char *lesson_refused_flag(const char *flags)
{
	struct strvec w = STRVEC_INIT;
	char *why = NULL;

	if (!flags)
		return NULL;
	strvec_split(&w, flags); /* an unclosed quote is reported when the block is built */
	for (size_t i = 0; i < w.n && !why; i++) {
		const char *f = w.v[i], *next = i + 1 < w.n ? w.v[i + 1] : "";
		const char *runs = "makes the compiler run a program of the lesson's choosing";
		if (f[0] == '@')
			why = xasprintf("'%s' reads more flags from a file, which litlab does not allow", f);
		else if (strcmp(f, "-wrapper") == 0 || word_is(f, "-B") || word_is(f, "--prefix") ||
			 strcmp(f, "-no-canonical-prefixes") == 0 || word_is(f, "--ld-path") ||
			 (word_is(f, "-fuse-ld=") && strchr(f, '/')))
			why = xasprintf("'%s' %s", f, runs);
		else if (word_is(f, "-specs") || word_is(f, "--specs"))
			why = xasprintf("'%s' gives the compiler a specs file, which can make it run any program", f);
		else if (word_is(f, "-fplugin") || word_is(f, "-fpass-plugin") || strcmp(f, "-load") == 0 ||
			 (strcmp(f, "-Xclang") == 0 && (strcmp(next, "-load") == 0 || strstr(next, "plugin"))) ||
			 ((word_is(f, "-Wl,") || word_is(f, "--for-linker") || word_is(f, "-Xlinker") ||
			   word_is(f, "-Xassembler") || word_is(f, "-Wa,") || word_is(f, "-Xpreprocessor") ||
			   word_is(f, "-Wp,")) &&
			  (strstr(f, "plugin") || strchr(f, '@') || strstr(next, "plugin") || next[0] == '@')))
			why = xasprintf("'%s' loads a plugin or reads more flags from a file", f);
		else if (word_is(f, "--config") || word_is(f, "--driver-mode") || word_is(f, "-ccc-"))
			why = xasprintf("'%s' changes what the compiler driver is and reads", f);
		else if (dependency_flag(f, next))
			why = xasprintf("'%s' changes the list of files the build read, which litlab asks for itself "
					"(the evidence cache's key)",
					f);
		else if ((word_is(f, "--sysroot") || word_is(f, "-isysroot"))) {
			const char *dir = strchr(f, '=') ? strchr(f, '=') + 1 : f[1] == 'i' && f[9] ? f + 9 : next;
			if (strncmp(dir, "/usr", 4) != 0 || (dir[4] && dir[4] != '/') || strstr(dir, ".."))
				why = xasprintf("'%s' takes the system headers and libraries from outside /usr", f);
		}
	}
	if (why) {
		char *full = xasprintf("%s: remove it", why);
		free(why);
		why = full;
	}
	strvec_clear(&w);
	return why;
}

/* disk=SIZE: bytes, with K, M or G; at least 1M, at most the sandbox's most. -1 if not a size. */
static long long parse_size(const char *s)
{
	char *end;
	double v = strtod(s, &end);
	long long unit = 1;

	if (end == s || !(v > 0))
		return -1;
	if (*end == 'K' || *end == 'k')
		unit = 1LL << 10;
	else if (*end == 'M' || *end == 'm')
		unit = 1LL << 20;
	else if (*end == 'G' || *end == 'g')
		unit = 1LL << 30;
	if (unit > 1)
		end++;
	if (*end == 'B' || *end == 'b' || (unit > 1 && (*end == 'i') && end[1] == 'B' && end++))
		end++;
	if (*end)
		return -1;
	double bytes = v * (double)unit;
	if (bytes < (double)(1LL << 20) || bytes > (double)SANDBOX_FOLDER_MAX_BYTES)
		return -1;
	return (long long)bytes;
}

/*
 * A string-keyed table of indices with a fixed number of entries, for the
 * lookups the loader makes once per block or front matter line: linear time
 * whatever the lesson's size. Keys are borrowed; the first key put stays.
 */
struct strmap {
	const char **key;
	size_t *val;
	size_t cap; /* a power of two, more than twice the entries it may hold */
};

static void strmap_init(struct strmap *m, size_t max_entries)
{
	m->cap = 16;
	while (m->cap < 2 * max_entries + 1)
		m->cap *= 2;
	m->key = xcalloc(m->cap, sizeof *m->key);
	m->val = xcalloc(m->cap, sizeof *m->val);
}

static void strmap_release(struct strmap *m)
{
	free(m->key);
	free(m->val);
}

/* The slot of key: where it is, or the empty one where it would go. */
static size_t strmap_slot(const struct strmap *m, const char *key)
{
	uint64_t hash = 0xcbf29ce484222325u; /* FNV-1a */

	for (const unsigned char *p = (const unsigned char *)key; *p; p++)
		hash = (hash ^ *p) * 0x100000001b3u;
	size_t h = (size_t)hash & (m->cap - 1);
	while (m->key[h] && strcmp(m->key[h], key) != 0)
		h = (h + 1) & (m->cap - 1);
	return h;
}

/* The value of key, or NULL. */
static size_t *strmap_get(const struct strmap *m, const char *key)
{
	size_t h = strmap_slot(m, key);

	return m->key[h] ? &m->val[h] : NULL;
}

/* Adds key with value val unless it is there; returns its value and whether it was there. */
static size_t *strmap_put(struct strmap *m, const char *key, size_t val, int *found)
{
	size_t h = strmap_slot(m, key);

	*found = m->key[h] != NULL;
	if (!*found) {
		m->key[h] = key;
		m->val[h] = val;
	}
	return &m->val[h];
}

/*
 * Reads "---" / key: value lines / "---" at the top and blanks those lines
 * out of text (newlines kept) so that cmark's lines stay the file's lines.
 */
static void read_front_matter(struct lesson *l)
{
	struct span first = line_span(l, 1);

	if (l->nlines < 1 || first.len < 3 || memcmp(first.p, "---", 3) != 0)
		return;
	for (size_t k = 3; k < first.len; k++)
		if (first.p[k] != ' ' && first.p[k] != '\t')
			return;
	int close = 0;
	for (size_t n = 2; n <= l->nlines; n++) {
		struct span s = line_span(l, (int)n);
		size_t len = s.len;
		while (len > 0 && (s.p[len - 1] == ' ' || s.p[len - 1] == '\t'))
			len--;
		if (len == 3 && memcmp(s.p, "---", 3) == 0) {
			close = (int)n;
			break;
		}
	}
	if (!close) {
		error_at(l, 1, lesson_col(l, 1, 0), "front-matter",
			 xstrdup("the front matter is not closed: end it with a line '---'"));
		return;
	}
	struct strmap keys;
	strmap_init(&keys, (size_t)close);
	for (int n = 2; n < close; n++) {
		struct span s = line_span(l, n);
		char *text = trim(s.p, s.len);
		if (*text == '\0' || *text == '#') {
			free(text);
			continue;
		}
		char *colon = strchr(text, ':');
		size_t klen = colon ? (size_t)(colon - text) : 0;
		int key_ok = klen > 0;
		for (size_t k = 0; k < klen; k++)
			if (!isalnum((unsigned char)text[k]) && text[k] != '_' && text[k] != '-')
				key_ok = 0;
		if (!key_ok) {
			error_at(l, n, 1, "front-matter",
				 xasprintf("malformed front matter line '%s': write 'key: value'", text));
			free(text);
			continue;
		}
		char *key = xstrndup(text, klen);
		char *value = trim(colon + 1, strlen(colon + 1));
		size_t vlen = strlen(value);
		/* where the value stands in the line: the blanks trim() dropped, the key, the colon */
		size_t value_off = strspn(s.p, " \t") + klen + 1;
		value_off += strspn(s.p + value_off, " \t");
		if (vlen >= 2 && ((value[0] == '"' && value[vlen - 1] == '"') ||
				  (value[0] == '\'' && value[vlen - 1] == '\''))) {
			memmove(value, value + 1, vlen - 2);
			value[vlen - 2] = '\0';
			value_off++;
		}
		int known = 0;
		for (size_t k = 0; k < ARRAY_LEN(fm_keys); k++)
			known |= strcmp(key, fm_keys[k]) == 0;
		if (!known) {
			const char *near = suggest_nearest(key, fm_keys, ARRAY_LEN(fm_keys));
			diags_add(&l->diags, l->path, n, 1, SEV_WARNING, "front-matter",
				  "unknown front matter key '%s'%s%s%s (known: title, lesson, unit, course, summary, "
				  "reviewed, cflags, warnings)",
				  key, near ? ": did you mean '" : "", near ? near : "", near ? "'?" : "");
		}
		int repeated;
		size_t *last = strmap_put(&keys, key, l->nfm, &repeated);
		if (repeated) {
			diags_add(&l->diags, l->path, n, 1, SEV_WARNING, "front-matter",
				  "front matter key '%s' repeats line %d; the last one wins", key,
				  l->fm[*last].line);
			*last = l->nfm;
		}
		set_fm(l, key, value, n);
		l->fm = xappendarray(l->fm, l->nfm, sizeof *l->fm);
		l->fm[l->nfm].key = key;
		l->fm[l->nfm].value = value;
		l->fm[l->nfm].line = n;
		l->fm[l->nfm].value_off = value_off;
		l->nfm++;
		free(text);
	}
	strmap_release(&keys);
	for (int n = 1; n <= close; n++)
		memset(l->lines[n - 1], ' ', l->line_len[n - 1]);
}

/* Finds the fence on a line: its offset, length and character. 0 if none. */
static int find_fence(struct span s, size_t *off, size_t *len)
{
	for (size_t i = 0; i + 2 < s.len; i++) {
		char c = s.p[i];
		if ((c == '`' || c == '~') && s.p[i + 1] == c && s.p[i + 2] == c) {
			size_t k = i;
			while (k < s.len && s.p[k] == c)
				k++;
			*off = i;
			*len = k - i;
			return 1;
		}
		if (c != ' ' && c != '\t' && c != '>' && c != '-' && c != '*' && c != '+' && c != '.' &&
		    c != ')' && !isdigit((unsigned char)c))
			return 0;
	}
	return 0;
}

/*
 * The text cmark parses, when it is not l->text: a copy in which each byte
 * that is not UTF-8, on a line that opens with a fence, is '?' (one byte for
 * one: lines and columns stay); NULL when there is no such byte. cmark's
 * scanner takes a fence whose info string holds such a byte (Latin-1 text)
 * for no fence at all, and its close then opens a block that swallows the
 * next one. Only fence lines: code and output blocks keep their bytes (a
 * program may print Latin-1, and its output block says so), and litlab
 * reads info strings from l->text, never from cmark.
 */
static char *text_for_cmark(const struct lesson *l)
{
	char *t = NULL;
	size_t off, flen;

	if (utf8_first_invalid(l->text, l->text_len) == l->text_len)
		return NULL;
	for (size_t n = 0; n < l->nlines; n++) {
		struct span s = { l->lines[n], l->line_len[n] };
		if (!find_fence(s, &off, &flen))
			continue;
		for (size_t i = 0; i < s.len;) {
			size_t bad = i + utf8_first_invalid(s.p + i, s.len - i);
			if (bad >= s.len)
				break;
			if (!t) {
				t = xmalloc(l->text_len + 1);
				memcpy(t, l->text, l->text_len + 1);
			}
			t[(size_t)(s.p - l->text) + bad] = '?';
			i = bad + 1;
		}
	}
	return t;
}

static char *default_lang_id(const char *lang)
{
	struct buf b = BUF_INIT;

	for (const char *p = lang; *p; p++) {
		unsigned char c = (unsigned char)*p;
		buf_addc(&b, isalnum(c) ? (char)tolower(c) : '-');
	}
	if (b.len == 0)
		buf_adds(&b, "block");
	return buf_detach(&b, NULL);
}

/*
 * Whether id names an anchor the block's page has of its own: the page's
 * ("content", "toc-title", the preview's "diag-N") or a measured block's
 * panel ("ID-measurement", "ID-dist"). A block of that id would be a second
 * element of it, and a link to either could reach the other.
 */
static int page_anchor(const char *id)
{
	return rawhtml_own_anchor(id) || rawhtml_panel_base(id);
}

static int valid_id(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '-')
			return 0;
	return 1;
}

static int parse_int(const char *s, long lo, long hi, long *out)
{
	char *end;

	errno = 0;
	long v = strtol(s, &end, 10);
	if (!*s || *end || errno || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

/* Sets the mode from a bare flag; reports a second mode. */
static int take_mode(struct lesson *l, struct block *b, const struct attr *a, int *mode_seen)
{
	for (size_t m = 0; m < ARRAY_LEN(mode_names); m++) {
		if (m == MODE_DISPLAY || m == MODE_SESSION || strcmp(a->key, mode_names[m]) != 0)
			continue;
		if (a->value) {
			error_at(l, a->line, a->col, "attribute",
				 xasprintf("'%s' is a mode and takes no value: write it as a bare flag", a->key));
			b->bad_attrs = 1;
			return 1;
		}
		if (*mode_seen) {
			error_at(l, a->line, a->col, "attribute",
				 xasprintf("a second mode '%s': a block has one mode (%s)", a->key,
					   mode_names[b->mode]));
			b->bad_attrs = 1;
			return 1;
		}
		*mode_seen = 1;
		b->mode = (enum block_mode)m;
		return 1;
	}
	return 0;
}

static void unknown_attr(struct lesson *l, struct block *b, const struct attr *a, const char *accepted)
{
	char *hint = suggest_phrase(a->key, accepted);
	error_at(l, a->line, a->col, "attribute",
		 xasprintf("unknown attribute '%s' on a %s block%s (accepted: %s)", a->key,
			   *b->lang ? b->lang : "code", hint, accepted));
	free(hint);
	b->bad_attrs = 1;
}

static int need_value(struct lesson *l, struct block *b, const struct attr *a)
{
	if (a->value)
		return 1;
	error_at(l, a->line, a->col, "attribute",
		 xasprintf("'%s' needs a value: write %s=VALUE", a->key, a->key));
	b->bad_attrs = 1;
	return 0;
}

/* Appends the comma-separated words of value (blanks around them dropped) to *v. */
static void split_list(char ***v, size_t *n, const char *value)
{
	const char *p = value;

	while (*p) {
		const char *comma = strchr(p, ',');
		size_t len = comma ? (size_t)(comma - p) : strlen(p);
		char *id = trim(p, len);
		if (*id) {
			*v = xappendarray(*v, *n, sizeof **v);
			(*v)[(*n)++] = id;
		} else {
			free(id);
		}
		p += len;
		if (*p == ',')
			p++;
	}
}

/* file=PATH on any block: the path is checked with the others (lessonfiles_resolve()). */
static void take_file(struct lesson *l, struct block *b, const struct attr *a)
{
	if (!need_value(l, b, a))
		return;
	if (b->file) {
		error_at(l, a->line, a->col, "attribute",
			 xasprintf("a second file= on one block: a block declares one lesson file"));
		b->bad_attrs = 1;
		return;
	}
	b->file = xstrdup(a->value);
	b->file_line = a->line;
	b->file_col = a->col;
}

static void c_attributes(struct lesson *l, struct block *b)
{
	int mode_seen = 0;
	long v;

	b->mode = MODE_RUN;
	b->bad_attrs |= l->bad_cflags; /* reported once, at the front matter */
	for (size_t i = 0; i < b->attrs.n; i++) {
		const struct attr *a = &b->attrs.v[i];
		if (take_mode(l, b, a, &mode_seen))
			continue;
		if (strcmp(a->key, "id") == 0 || strcmp(a->key, "reason") == 0) {
			need_value(l, b, a); /* read later */
		} else if (strcmp(a->key, "use") == 0) {
			if (need_value(l, b, a)) {
				split_list(&b->use, &b->nuse, a->value);
				b->use_line = a->line;
				b->use_col = a->col;
			}
		} else if (strcmp(a->key, "file") == 0) {
			take_file(l, b, a);
		} else if (strcmp(a->key, "sources") == 0) {
			if (need_value(l, b, a)) {
				split_list(&b->sources, &b->nsources, a->value);
				b->sources_line = a->line;
				b->sources_col = a->col;
			}
		} else if (strcmp(a->key, "cflags") == 0 || strcmp(a->key, "ldlibs") == 0 ||
			   strcmp(a->key, "args") == 0) {
			if (!need_value(l, b, a))
				continue;
			char **slot = a->key[0] == 'c' ? &b->cflags : a->key[0] == 'l' ? &b->ldlibs : &b->args;
			free(*slot);
			*slot = xstrdup(a->value);
			char *why = slot != &b->args ? lesson_refused_flag(a->value) : NULL;
			if (why) {
				error_at(l, a->line, a->col, "attribute", xasprintf("%s=: %s", a->key, why));
				b->bad_attrs = 1;
				free(why);
			}
		} else if (strcmp(a->key, "exit") == 0) {
			if (!need_value(l, b, a))
				continue;
			if (parse_int(a->value, 0, 255, &v) < 0) {
				error_at(l, a->line, a->col, "attribute",
					 xasprintf("exit=%s is not an exit status: write a whole number from 0 to 255",
						   a->value));
				b->bad_attrs = 1;
			} else {
				b->exit_expected = (int)v;
			}
		} else if (strcmp(a->key, "timeout") == 0) {
			if (!need_value(l, b, a))
				continue;
			char *end;
			double t = strtod(a->value, &end);
			if (!*a->value || *end || !(t > 0) || t > BLOCK_TIMEOUT_MAX) {
				error_at(l, a->line, a->col, "attribute",
					 xasprintf("timeout=%s is not a time limit: write seconds, more than 0 and "
						   "at most %.0f",
						   a->value, BLOCK_TIMEOUT_MAX));
				b->bad_attrs = 1;
			} else {
				b->timeout = t;
			}
		} else if (strcmp(a->key, "disk") == 0) {
			if (!need_value(l, b, a))
				continue;
			long long bytes = parse_size(a->value);
			if (bytes < 0) {
				error_at(l, a->line, a->col, "attribute",
					 xasprintf("disk=%s is not a size: write bytes with K, M or G, from 1M to %lldG "
						   "(the default is %lldM)",
						   a->value, SANDBOX_FOLDER_MAX_BYTES >> 30, SANDBOX_FOLDER_BYTES >> 20));
				b->bad_attrs = 1;
			} else {
				b->disk = bytes;
			}
		} else if (strcmp(a->key, "files") == 0) {
			if (!need_value(l, b, a))
				continue;
			if (parse_int(a->value, 64, SANDBOX_FOLDER_MAX_FILES, &v) < 0) {
				error_at(l, a->line, a->col, "attribute",
					 xasprintf("files=%s is not a count of files: write a whole number from 64 to %ld "
						   "(the default is %ld)",
						   a->value, SANDBOX_FOLDER_MAX_FILES, SANDBOX_FOLDER_FILES));
				b->bad_attrs = 1;
			} else {
				b->files = v;
			}
		} else if (strcmp(a->key, "samples") == 0 || strcmp(a->key, "warmup") == 0) {
			if (!need_value(l, b, a))
				continue;
			int samples = a->key[0] == 's';
			if (parse_int(a->value, samples ? 1 : 0, 10000, &v) < 0) {
				error_at(l, a->line, a->col, "attribute",
					 xasprintf("%s=%s is not a count: write a whole number from %d to 10000",
						   a->key, a->value, samples ? 1 : 0));
				b->bad_attrs = 1;
			} else if (samples) {
				b->samples = (int)v;
			} else {
				b->warmup = (int)v;
			}
		} else {
			unknown_attr(l, b, a, c_attrs);
		}
	}
	lessonfiles_c_mode(l, b, mode_seen);
	for (size_t i = 0; i < b->attrs.n; i++) {
		const struct attr *a = &b->attrs.v[i];
		int measure_only = strcmp(a->key, "samples") == 0 || strcmp(a->key, "warmup") == 0;
		if (measure_only && b->mode != MODE_MEASURE) {
			error_at(l, a->line, a->col, "attribute",
				 xasprintf("'%s' is for measure blocks: add the flag 'measure' or remove it",
					   a->key));
			b->bad_attrs = 1;
		}
		if (strcmp(a->key, "reason") == 0 && b->mode != MODE_DERIVED) {
			error_at(l, a->line, a->col, "attribute",
				 xasprintf("'reason' is for derived blocks: add the flag 'derived' or remove it"));
			b->bad_attrs = 1;
		}
		if ((strcmp(a->key, "disk") == 0 || strcmp(a->key, "files") == 0) && !block_compiles(b)) {
			error_at(l, a->line, a->col, "attribute",
				 xasprintf("'%s' has no effect on a %s block, which is not built: remove it", a->key,
					   mode_names[b->mode]));
			b->bad_attrs = 1;
		}
		int exec_only = strcmp(a->key, "args") == 0 || strcmp(a->key, "exit") == 0 ||
				strcmp(a->key, "timeout") == 0;
		if (exec_only && !block_executes(b)) {
			error_at(l, a->line, a->col, "attribute",
				 xasprintf("'%s' has no effect on a %s block, which is not executed: remove it",
					   a->key, mode_names[b->mode]));
			b->bad_attrs = 1;
		}
		int is_cflags = strcmp(a->key, "cflags") == 0, is_ldlibs = strcmp(a->key, "ldlibs") == 0;
		if ((is_cflags || is_ldlibs) && !block_compiles(b)) {
			error_at(l, a->line, a->col, "attribute",
				 xasprintf("'%s' has no effect on a %s block, which is %s (accepted on it: %s): %s",
					   a->key, mode_names[b->mode],
					   b->mode == MODE_FRAGMENT ? "never built alone" : "not built",
					   mode_attrs(b->mode),
					   b->mode == MODE_FRAGMENT ? "put it on the blocks that use it" : "remove it"));
			b->bad_attrs = 1;
		} else if (is_ldlibs && !block_executes(b)) {
			error_at(l, a->line, a->col, "attribute",
				 xasprintf("'ldlibs' has no effect on a %s block, which is compiled with -c and not "
					   "linked (accepted on it: %s): remove it",
					   mode_names[b->mode], mode_attrs(b->mode)));
			b->bad_attrs = 1;
		}
	}
}

static void display_attributes(struct lesson *l, struct block *b)
{
	int console = strcmp(b->lang, "console") == 0;

	b->mode = console ? MODE_SESSION : MODE_DISPLAY;
	for (size_t i = 0; i < b->attrs.n; i++) {
		const struct attr *a = &b->attrs.v[i];
		if (strcmp(a->key, "derived") == 0 && !a->value) {
			b->mode = MODE_DERIVED;
		} else if (strcmp(a->key, "id") == 0 || strcmp(a->key, "reason") == 0) {
			need_value(l, b, a);
		} else if (!console && strcmp(a->key, "file") == 0) {
			take_file(l, b, a);
		} else if (console && console_attr(l, b, a)) {
			continue;
		} else if (strcmp(a->key, mode_names[MODE_RUN]) == 0 ||
			   strcmp(a->key, mode_names[MODE_MEASURE]) == 0 ||
			   strcmp(a->key, mode_names[MODE_COMPILE_ONLY]) == 0 ||
			   strcmp(a->key, mode_names[MODE_COMPILE_FAIL]) == 0 ||
			   strcmp(a->key, mode_names[MODE_FRAGMENT]) == 0) {
			error_at(l, a->line, a->col, "attribute",
				 xasprintf("mode '%s' needs a c block; a %s block is display-only (accepted: %s)",
					   a->key, *b->lang ? b->lang : "plain", display_attrs));
			b->bad_attrs = 1;
		} else {
			unknown_attr(l, b, a, console ? console_attrs : display_attrs);
		}
	}
	if (console)
		console_check(l, b);
	const struct attr *reason = attr_find(&b->attrs, "reason");
	if (reason && b->mode != MODE_DERIVED) {
		error_at(l, reason->line, reason->col, "attribute",
			 xstrdup("'reason' is for derived blocks: add the flag 'derived' or remove it"));
		b->bad_attrs = 1;
	}
}

static void output_attributes(struct lesson *l, struct output_block *o, struct block *owner)
{
	o->match = MATCH_EXACT;
	o->stream = STREAM_STDOUT;
	for (size_t i = 0; i < o->attrs.n; i++) {
		const struct attr *a = &o->attrs.v[i];
		if (strcmp(a->key, "match") == 0 && a->value) {
			if (match_mode_parse(a->value, &o->match) < 0) {
				char *hint = suggest_phrase(a->value, "exact, ellipsis, contains");
				error_at(l, a->line, a->col, "attribute",
					 xasprintf("match=%s is not a match mode%s (accepted: exact, ellipsis, "
						   "contains)",
						   a->value, hint));
				free(hint);
			}
		} else if (strcmp(a->key, "stream") == 0 && a->value) {
			if (strcmp(a->value, "stdout") == 0)
				o->stream = STREAM_STDOUT;
			else if (strcmp(a->value, "stderr") == 0)
				o->stream = STREAM_STDERR;
			else {
				char *hint = suggest_phrase(a->value, "stdout, stderr");
				error_at(l, a->line, a->col, "attribute",
					 xasprintf("stream=%s is not a stream%s (accepted: stdout, stderr)", a->value,
						   hint));
				free(hint);
			}
		} else {
			char *hint = suggest_phrase(a->key, "match, stream");
			error_at(l, a->line, a->col, "attribute",
				 xasprintf("unknown attribute '%s%s' on an output block%s (accepted: %s)", a->key,
					   a->value ? "=..." : "", hint, output_attrs));
			free(hint);
		}
	}
	/* The compiler's messages are one text, its stdout and stderr together: a stream of it is no choice. */
	const struct attr *stream = attr_find(&o->attrs, "stream");
	if (owner && owner->mode == MODE_COMPILE_FAIL && stream && stream->value) {
		error_at(l, stream->line, stream->col, "attribute",
			 xasprintf("a compile-fail block's output block is matched against the compiler's messages "
				   "(its stdout and stderr together), not a stream of them: remove stream=%s",
				   stream->value));
		o->stream = STREAM_STDOUT;
	}
}

/* The info string of the fence on line (after the fence and blanks), with its offset. */
static struct span info_span(const struct lesson *l, int line, size_t *info_off, char **fence)
{
	struct span s = line_span(l, line), info = { "", 0 };
	size_t off, flen;

	*fence = NULL;
	*info_off = 0;
	if (!find_fence(s, &off, &flen))
		return info;
	*fence = xstrndup(s.p + off, flen);
	size_t i = off + flen;
	while (i < s.len && (s.p[i] == ' ' || s.p[i] == '\t'))
		i++;
	size_t end = s.len;
	while (end > i && (s.p[end - 1] == ' ' || s.p[end - 1] == '\t'))
		end--;
	info.p = s.p + i;
	info.len = end - i;
	*info_off = i;
	return info;
}

/*
 * A fence whose language is a slip for a kind litlab reads (```input for
 * ```stdin, ```outptu, ```consol): the block is shown and never run or
 * compared, which its author did not mean. A warning at the language,
 * naming the kind it most likely is.
 */
static void lang_slip(struct lesson *l, const struct block *b, int line, int col)
{
	static const char *const kinds[] = { "output", "stdin", "console" };
	static const char *const what[] = { "the output of the c block before it", "the standard input of the c block before it",
					    "a shell session litlab runs" };
	static const char *const aliases[][2] = { { "input", "stdin" },	  { "in", "stdin" },
						  { "stdout", "output" }, { "out", "output" },
						  { "expected", "output" }, { "session", "console" } };
	const char *meant = NULL;

	if (!*b->lang || strcmp(b->lang, "c") == 0 || strcmp(b->lang, "console") == 0)
		return;
	for (size_t i = 0; i < ARRAY_LEN(aliases) && !meant; i++)
		if (strcmp(b->lang, aliases[i][0]) == 0)
			meant = aliases[i][1];
	if (!meant)
		meant = suggest_nearest(b->lang, kinds, ARRAY_LEN(kinds));
	if (!meant)
		return;
	size_t k = 0;
	while (strcmp(kinds[k], meant) != 0)
		k++;
	diags_add(&l->diags, l->path, line, col, SEV_WARNING, "attribute",
		  "a block in language '%s' is shown, never run or compared: did you mean '%s' (%s)?", b->lang, meant, what[k]);
}

static int is_output_lang(struct span lang)
{
	return lang.len == 6 && memcmp(lang.p, "output", 6) == 0;
}

static int is_stdin_lang(struct span lang)
{
	return lang.len == 5 && memcmp(lang.p, "stdin", 5) == 0;
}

static void orphan(struct lesson *l, int line, int col, int is_stdin, const char *text, size_t len,
		   char *why)
{
	l->orphans = xappendarray(l->orphans, l->norphans, sizeof *l->orphans);
	struct orphan *o = &l->orphans[l->norphans++];
	o->line = line;
	o->col = col;
	o->is_stdin = is_stdin;
	o->why = why;
	o->text = xstrndup(text ? text : "", text ? len : 0);
}

/* What a code-block node is, by its role, while walking. */
struct node_role {
	cmark_node *node;
	long block; /* index of the code block this node is, or -1 */
	long owner; /* for output and stdin blocks: index of the block they belong to, or -1 */
	int is_output, is_stdin;
};

struct walk {
	struct node_role *roles;
	size_t n;
};

static struct node_role *role_of(struct walk *w, cmark_node *node)
{
	for (size_t i = w->n; i-- > 0;)
		if (w->roles[i].node == node)
			return &w->roles[i];
	return NULL;
}

static void attach(struct lesson *l, struct walk *w, cmark_node *node, struct span lang, struct span rest,
		   int line, int col, size_t rest_off, char *fence, int broken)
{
	struct node_role role = { node, -1, -1, is_output_lang(lang), is_stdin_lang(lang) };
	cmark_node *prev = cmark_node_previous(node);
	struct node_role *before = prev ? role_of(w, prev) : NULL;
	struct block *owner = NULL;
	const char *what = role.is_output ? "output" : "stdin";
	const char *const text = cmark_node_get_literal(node);
	size_t text_len = text ? strlen(text) : 0;

	/* An output follows its code block, its stdin block, or its other output block. */
	if (before && before->block >= 0)
		owner = &l->blocks[before->block];
	else if (before && before->owner >= 0 && !role.is_stdin)
		owner = &l->blocks[before->owner];
	if (!owner && before && before->is_output && role.is_stdin) {
		orphan(l, line, col, role.is_stdin, text, text_len,
			 xstrdup("a stdin block goes between the code block and its output blocks"));
	} else if (!owner && before && before->is_stdin && before->owner >= 0 && role.is_stdin) {
		orphan(l, line, col, role.is_stdin, text, text_len,
			 xasprintf("a second stdin block for the block on line %d: a block reads one stdin "
				   "block",
				   l->blocks[before->owner].line));
	} else if (!owner && before) {
		orphan(l, line, col, role.is_stdin, text, text_len,
			 xasprintf("an %s block after a block that was not accepted: it belongs to nothing",
				   what));
	} else if (!owner) {
		orphan(l, line, col, role.is_stdin, text, text_len,
			 xasprintf("an %s block must follow the code block it belongs to; this one follows %s",
				   what, prev ? "something that is not a code block" : "nothing"));
	} else if (owner->mode == MODE_DISPLAY) {
		orphan(l, line, col, role.is_stdin, text, text_len,
			 xasprintf("an %s block after a display-only %s block: nothing runs it; mark the "
				   "block 'derived reason=\"...\"' or make it a c block",
				   what, *owner->lang ? owner->lang : "plain"));
		owner = NULL;
	} else if (role.is_output && (owner->mode == MODE_FRAGMENT || owner->mode == MODE_COMPILE_ONLY)) {
		orphan(l, line, col, role.is_stdin, text, text_len,
			 xasprintf("an output block after a %s block, which is never executed: remove it or "
				   "change the mode",
				   mode_names[owner->mode]));
		owner = NULL;
	} else if (role.is_stdin && (!block_executes(owner))) {
		orphan(l, line, col, role.is_stdin, text, text_len,
			 xasprintf("a stdin block after a %s block, which is never executed: remove it",
				   mode_names[owner->mode]));
		owner = NULL;
	} else if (role.is_stdin && (owner->has_stdin || owner->noutputs)) {
		orphan(l, line, col, role.is_stdin, text, text_len,
			 xstrdup("a stdin block goes between the code block and its output blocks, once"));
		owner = NULL;
	}
	role.owner = owner ? (long)owner->index : -1;
	if (owner && broken)
		owner->bad_attrs = 1; /* its fence swallowed what follows: compared, it would show that */

	if (role.is_stdin) {
		struct attr_list attrs;
		char *err;
		int err_col;
		if (attr_parse(rest.p, rest.len, line, lesson_col(l, line, rest_off), &attrs, &err, &err_col) < 0)
			error_at(l, line, err_col, "attribute", err);
		else if (attrs.n)
			error_at(l, line, attrs.v[0].col, "attribute",
				 xasprintf("unknown attribute '%s' on a stdin block: it takes none", attrs.v[0].key));
		attr_list_release(&attrs);
		if (owner) {
			owner->has_stdin = 1;
			owner->stdin_text = xstrndup(text ? text : "", text_len);
			owner->stdin_len = text_len;
			owner->stdin_line = line;
		}
		free(fence);
	} else {
		struct output_block o;
		char *err;
		int err_col;
		memset(&o, 0, sizeof o);
		o.line = line;
		o.col = col;
		o.end_line = cmark_node_get_end_line(node);
		o.node = node;
		o.fence = fence;
		o.text = xstrndup(text ? text : "", text_len);
		o.len = text_len;
		if (attr_parse(rest.p, rest.len, line, lesson_col(l, line, rest_off), &o.attrs, &err, &err_col) <
		    0)
			error_at(l, line, err_col, "attribute", err);
		output_attributes(l, &o, owner);
		if (owner) {
			for (size_t i = 0; i < owner->noutputs; i++) {
				if (owner->outputs[i].stream == o.stream) {
					error_at(l, line, col, "output-provenance",
						 xasprintf("a second %s output block for the block on line %d (the "
							   "first is on line %d): one per stream",
							   o.stream == STREAM_STDOUT ? "stdout" : "stderr", owner->line,
							   owner->outputs[i].line));
					owner = NULL;
					break;
				}
			}
		}
		if (owner) {
			owner->outputs = xreallocarray(owner->outputs, owner->noutputs + 1, sizeof o);
			owner->outputs[owner->noutputs++] = o;
		} else {
			attr_list_release(&o.attrs);
			free(o.text);
			free(o.fence);
		}
	}
	w->roles = xappendarray(w->roles, w->n, sizeof *w->roles);
	w->roles[w->n++] = role;
}

/*
 * 1 if node is an indented code block. cmark 0.30 does not say, but when it
 * saw no info string, the literal of an indented block starts with the text
 * of its first line, where a fenced block's first line is its fence, which
 * its literal never repeats (that line would close it).
 */
static int is_indented(const struct lesson *l, cmark_node *node, int line)
{
	const char *info = cmark_node_get_fence_info(node);
	const char *lit = cmark_node_get_literal(node);
	struct span s = line_span(l, line);
	int col = cmark_node_get_start_column(node);

	if ((info && *info) || !lit)
		return 0;
	size_t off = col >= 1 && (size_t)col - 1 <= s.len ? (size_t)col - 1 : s.len;
	size_t n = s.len - off;
	return strcspn(lit, "\n") == n && memcmp(lit, s.p + off, n) == 0;
}

/* 1 if the fenced block that opens on line ends with a closing fence, not at the end of its container. */
static int fence_closed(const struct lesson *l, cmark_node *node, int line, const char *fence)
{
	int end = cmark_node_get_end_line(node);
	struct span s = line_span(l, end);
	size_t off, len;

	if (end <= line || !find_fence(s, &off, &len) || s.p[off] != fence[0] || len < strlen(fence))
		return 0;
	for (size_t i = off + len; i < s.len; i++)
		if (s.p[i] != ' ' && s.p[i] != '\t')
			return 0;
	return 1;
}

/* What a content line of a fenced block looks like, when it looks like the lesson's structure. */
enum fence_look {
	LOOK_NONE,
	LOOK_OPENING, /* a fence with an info string: it opens a block, and never closes one */
	LOOK_SHORT,   /* a bare fence of the same character, shorter than the opening one */
	LOOK_OTHER,   /* a bare fence of the other character */
};

static enum fence_look fence_look(struct span s, char fc)
{
	size_t off, len, i;

	if (!find_fence(s, &off, &len))
		return LOOK_NONE;
	for (i = off + len; i < s.len && (s.p[i] == ' ' || s.p[i] == '\t');)
		i++;
	if (i < s.len)
		/* An info string; after a backtick fence it holds no backtick, or it is no fence. */
		return s.p[off] == '`' && memchr(s.p + i, '`', s.len - i) ? LOOK_NONE : LOOK_OPENING;
	return s.p[off] == fc ? LOOK_SHORT : LOOK_OTHER;
}

/* 1 if line s is blank once container markers are skipped. */
static int is_blank(struct span s)
{
	for (size_t i = 0; i < s.len; i++)
		if (s.p[i] != ' ' && s.p[i] != '\t' && s.p[i] != '>')
			return 0;
	return 1;
}

/* 1 if line s is an ATX heading ("## Part") once container markers are skipped. */
static int is_heading(struct span s)
{
	size_t i = 0, n = 0;

	while (i < s.len && (s.p[i] == ' ' || s.p[i] == '\t' || s.p[i] == '>'))
		i++;
	while (i < s.len && s.p[i] == '#')
		i++, n++;
	return n >= 1 && n <= 6 && (i == s.len || s.p[i] == ' ' || s.p[i] == '\t');
}

/* Line s as a message quotes it: without its container markers, cut at 60 bytes. */
static char *quote_line(struct span s)
{
	size_t i = 0, end = s.len;

	while (i < s.len && (s.p[i] == ' ' || s.p[i] == '\t' || s.p[i] == '>'))
		i++;
	while (end > i && (s.p[end - 1] == ' ' || s.p[end - 1] == '\t'))
		end--;
	if (end - i > 60)
		return xasprintf("%.57s...", s.p + i);
	return xstrndup(s.p + i, end - i);
}

/*
 * Content read as a document of its own, where a lesson that shows a fenced
 * block inside another has it whole. Returns the line of content (1-based)
 * that shows a block swallowed in it, or 0: a fenced block with an info
 * string that the content never closes, or a fenced block that holds an
 * opening fence of its own character, at least as long (a block whose
 * closing fence is missing was closed by the closing fence of a block it
 * swallowed, and the blocks in between shifted by one fence).
 */
static int swallowed_inside(const char *content)
{
	size_t len = strlen(content), nlines = 0;
	struct span *lines = NULL;
	int found = 0;

	for (size_t i = 0; i < len;) {
		const char *nl = memchr(content + i, '\n', len - i);
		size_t n = nl ? (size_t)(nl - (content + i)) : len - i;
		lines = xappendarray(lines, nlines, sizeof *lines);
		lines[nlines].p = content + i;
		lines[nlines++].len = n;
		i += n + 1;
	}
	cmark_node *doc = cmark_parse_document(content, len, CMARK_OPT_DEFAULT);
	cmark_iter *it = cmark_iter_new(doc);
	cmark_event_type ev;
	while (!found && (ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *n = cmark_iter_get_node(it);
		int first = cmark_node_get_start_line(n), last = cmark_node_get_end_line(n);
		size_t off, flen, eoff, elen;
		if (ev != CMARK_EVENT_ENTER || cmark_node_get_type(n) != CMARK_NODE_CODE_BLOCK || first < 1 ||
		    (size_t)first > nlines || !find_fence(lines[first - 1], &off, &flen))
			continue;
		char fc = lines[first - 1].p[off];
		int info = fence_look(lines[first - 1], 0) == LOOK_OPENING;
		int closed = last > first && (size_t)last <= nlines && find_fence(lines[last - 1], &eoff, &elen) &&
			     lines[last - 1].p[eoff] == fc && elen >= flen && fence_look(lines[last - 1], fc) != LOOK_OPENING;
		if (!closed && info) {
			found = first;
			break;
		}
		for (int k = first + 1; k < last && (size_t)k <= nlines && !found; k++)
			if (fence_look(lines[k - 1], fc) == LOOK_OPENING && find_fence(lines[k - 1], &eoff, &elen) &&
			    lines[k - 1].p[eoff] == fc && elen >= flen)
				found = k;
	}
	cmark_iter_free(it);
	cmark_node_free(doc);
	free(lines);
	return found;
}

/*
 * The fenced block that opens on line with fence, and ends on the line
 * cmark says, as the author most likely meant it. CommonMark closes a fence
 * only with a bare fence of its character, at least as long; anything else
 * is content, to the end of the document. A block whose closing fence is
 * missing therefore swallows what follows it: prose, headings, whole
 * blocks, up to the next bare fence. The signs, in the lines it holds:
 *
 *   - a fence with an info string as long as its own, of its character,
 *     which opens a block and cannot close this one (a shorter fence, or
 *     one of the other character, is how a lesson shows a fenced block
 *     inside another);
 *   - in a block never closed (it ends with the document, or with its list
 *     item or quote), any fence at all;
 *   - a block swallowed in its content, read as a document of its own
 *     (swallowed_inside()), when it holds a fence with an info string.
 *
 * Any of them is an error (unclosed-fence) at the opening fence, naming the
 * line where the close is missing: a bare fence that cannot close the block
 * (too short, of the other character), else the first heading after a
 * blank line before the sign (not in C code, where "# define" is code),
 * else the sign. Returns 1 when it reported one: the block (or the block an
 * output or stdin block belongs to) is then not run, so that no compiler
 * noise or diff of swallowed prose hides the error.
 */
static int check_fence(struct lesson *l, cmark_node *node, int line, int col, const char *fence, struct span lang)
{
	int closed = fence_closed(l, node, line, fence), end = cmark_node_get_end_line(node);
	int last = closed ? end - 1 : end, opening = 0, inner = 0, bare = 0, heading = 0, blank = 0;
	char fc = fence[0];
	size_t flen = strlen(fence);
	enum fence_look bare_look = LOOK_NONE;
	int is_c = lang.len == 1 && lang.p[0] == 'c';

	for (int n = line + 1; n <= last && !opening; n++) {
		struct span s = line_span(l, n);
		enum fence_look k = fence_look(s, fc);
		size_t off = 0, len = 0;
		if (k != LOOK_NONE)
			find_fence(s, &off, &len);
		if (k == LOOK_OPENING && (!closed || (s.p[off] == fc && len >= flen)))
			opening = n;
		else if (k == LOOK_OPENING && !inner)
			inner = n;
		else if ((k == LOOK_SHORT || k == LOOK_OTHER) && !bare)
			bare = n, bare_look = k;
		else if (!heading && !is_c && blank && is_heading(s))
			heading = n;
		blank = is_blank(s);
	}
	int sign = opening;
	if (closed && !opening) {
		const char *content = cmark_node_get_literal(node);
		int u = inner && content ? swallowed_inside(content) : 0;
		if (!u)
			return 0;
		sign = line + u;
	}
	if (!closed && bare && (!sign || bare < sign))
		sign = bare;
	if (bare > sign)
		bare = 0;
	if (heading > sign && sign)
		heading = 0;

	const char *what = is_output_lang(lang)	 ? "output block"
			   : is_stdin_lang(lang) ? "stdin block"
						 : "code block";
	struct buf m = BUF_INIT;
	char *q = sign ? quote_line(line_span(l, sign)) : NULL;
	if (!closed && sign && sign == bare) {
		buf_addf(&m, "this %s is never closed: line %d ('%s') cannot close it, being %s, so everything after "
			     "line %d up to line %d is read as its content",
			 what, sign, q,
			 bare_look == LOOK_SHORT ? "shorter than the opening fence" : "a fence of another character",
			 line, end);
	} else if (!closed && sign) {
		buf_addf(&m, "this %s is never closed: line %d ('%s') opens a block and cannot close this one, so "
			     "everything after line %d up to line %d is read as its content",
			 what, sign, q, line, end);
	} else if (!closed) {
		int tail = end;
		while ((size_t)tail < l->nlines && is_blank(line_span(l, tail + 1)))
			tail++;
		buf_addf(&m, "this %s is never closed, so everything after line %d up to line %d (%s) is read as its "
			     "content",
			 what, line, end,
			 (size_t)tail >= l->nlines ? "the end of the file" : "the end of the list item or quote it is in");
	} else if (opening) {
		buf_addf(&m, "this %s is not closed before line %d ('%s' opens a block and cannot close this one), so "
			     "lines %d-%d are read as its content",
			 what, sign, q, line + 1, last);
	} else {
		buf_addf(&m, "this %s ends on line %d, but line %d inside it ('%s') opens a block that is never closed "
			     "before that: the fences around it are not where they should be, and lines %d-%d are "
			     "read as this block's content",
			 what, end, sign, q, line + 1, last);
	}
	free(q);
	if (bare) {
		q = quote_line(line_span(l, bare));
		buf_addf(&m, "; its closing fence is missing on line %d ('%s', %s): make it '%s'", bare, q,
			 bare_look == LOOK_SHORT ? "shorter than the opening fence" : "a fence of another character",
			 fence);
		free(q);
	} else if (heading || sign) {
		buf_addf(&m, "; its closing fence is missing before line %d: add a line '%s' there", heading ? heading : sign,
			 fence);
	} else {
		buf_addf(&m, "; its closing fence is missing after line %d: add a line '%s'", last, fence);
	}
	if (lang.len == 0 && sign)
		buf_addf(&m, " (or, if line %d was meant to close a block, that block's opening fence is missing)",
			 line);
	error_at(l, line, col, "unclosed-fence", buf_detach(&m, NULL));
	return 1;
}

static void add_block(struct lesson *l, struct walk *w, cmark_node *node)
{
	int line = cmark_node_get_start_line(node);
	size_t info_off;
	char *fence;
	struct span info = info_span(l, line, &info_off, &fence);
	size_t lang_len = 0;

	/* An indented block has no info string, even if its first line looks like a fence. */
	if (fence && is_indented(l, node, line)) {
		free(fence);
		fence = NULL;
		info.len = 0;
	}

	while (lang_len < info.len && info.p[lang_len] != ' ' && info.p[lang_len] != '\t')
		lang_len++;
	struct span lang = { info.p, lang_len };
	struct span rest = { info.p + lang_len, info.len - lang_len };
	size_t rest_off = info_off + lang_len;
	int col = cmark_node_get_start_column(node), broken = 0;

	if (fence) {
		size_t off, flen;
		find_fence(line_span(l, line), &off, &flen);
		col = lesson_col(l, line, off);
		broken = check_fence(l, node, line, col, fence, lang);
	}
	if (fence && (is_output_lang(lang) || is_stdin_lang(lang))) {
		attach(l, w, node, lang, rest, line, col, rest_off, fence, broken);
		return;
	}

	l->blocks = xappendarray(l->blocks, l->nblocks, sizeof *l->blocks);
	struct block *b = &l->blocks[l->nblocks];
	memset(b, 0, sizeof *b);
	b->index = l->nblocks++;
	b->node = node;
	b->fenced = fence != NULL;
	b->fence = fence;
	b->line = line;
	b->col = col;
	b->end_line = cmark_node_get_end_line(node);
	b->bad_attrs = broken;
	b->lang = xstrndup(lang.p, lang.len);
	b->info = xstrndup(info.p, info.len);
	const char *code = cmark_node_get_literal(node);
	b->code_len = code ? strlen(code) : 0;
	b->code = xstrndup(code ? code : "", b->code_len);
	b->timeout = BLOCK_TIMEOUT_DEFAULT;
	b->samples = MEASURE_SAMPLES_DEFAULT;
	b->warmup = MEASURE_WARMUP_DEFAULT;

	char *err;
	int err_col;
	if (attr_parse(rest.p, rest.len, line, lesson_col(l, line, rest_off), &b->attrs, &err, &err_col) < 0) {
		error_at(l, line, err_col, "attribute", err);
		b->bad_attrs = 1;
	}
	if (strcmp(b->lang, "c") == 0)
		c_attributes(l, b);
	else
		display_attributes(l, b);
	if (fence)
		lang_slip(l, b, line, lesson_col(l, line, info_off));

	const struct attr *reason = attr_find(&b->attrs, "reason");
	if (reason && reason->value)
		b->reason = trim(reason->value, strlen(reason->value));
	const struct attr *id = attr_find(&b->attrs, "id");
	if (id && id->value) {
		if (!valid_id(id->value)) {
			error_at(l, id->line, id->col, "attribute",
				 xasprintf("id=%s is not a valid id: use letters, digits and '-'", id->value));
			b->bad_attrs = 1;
		} else if (page_anchor(id->value)) {
			error_at(l, id->line, id->col, "attribute",
				 xasprintf("id=%s names an anchor the page has of its own ('content', 'toc-title', "
					   "'diag-N', a measured block's 'ID-measurement' and 'ID-dist'): choose another",
					   id->value));
			b->bad_attrs = 1;
		} else {
			b->id = xstrdup(id->value);
			b->id_explicit = 1;
		}
	}
	struct node_role role = { node, (long)b->index, -1, 0, 0 };
	w->roles = xappendarray(w->roles, w->n, sizeof *w->roles);
	w->roles[w->n++] = role;
}

/*
 * Blocks without an explicit id get LANG-N, N counting the blocks of that
 * language from 1: stable while prose around them changes. Fills ids with
 * every block's id (the first block wins, as in lesson_block()).
 */
static void assign_ids(struct lesson *l, struct strmap *ids)
{
	struct strmap langs;
	int found;

	strmap_init(ids, l->nblocks);
	for (size_t i = 0; i < l->nblocks; i++) {
		struct block *b = &l->blocks[i];
		if (!b->id_explicit)
			continue;
		size_t first = *strmap_put(ids, b->id, i, &found);
		if (found) {
			const struct attr *a = attr_find(&b->attrs, "id");
			error_at(l, a->line, a->col, "attribute",
				 xasprintf("duplicate id '%s' (first used on line %d): ids are unique in a "
					   "lesson",
					   b->id, l->blocks[first].line));
			b->bad_attrs = 1;
		}
	}
	strmap_init(&langs, l->nblocks);
	for (size_t i = 0; i < l->nblocks; i++) {
		struct block *b = &l->blocks[i];
		size_t n = ++*strmap_put(&langs, b->lang, 0, &found);
		if (b->id)
			continue;
		char *prefix = default_lang_id(b->lang);
		char *id = xasprintf("%s-%zu", prefix, n);
		for (int k = 2; strmap_get(ids, id); k++) {
			free(id);
			id = xasprintf("%s-%zu-%d", prefix, n, k);
		}
		b->id = id;
		strmap_put(ids, b->id, i, &found);
		free(prefix);
	}
	strmap_release(&langs);
}

static struct block *block_by_id(struct lesson *l, const struct strmap *ids, const char *id)
{
	size_t *i = strmap_get(ids, id);

	return i ? &l->blocks[*i] : NULL;
}

/*
 * Depth-first: a block's own uses come before it; each block once; at most
 * USE_MAX of them (out has room for that many). depth is how many blocks
 * above this one are still open: each will end up in out too, so stopping
 * when depth + *n reaches USE_MAX bounds the recursion as well. 0 on
 * success, -1 on a cycle (*cycle_at), -2 past USE_MAX.
 */
static int collect_deps(struct lesson *l, const struct strmap *ids, size_t at, size_t depth, unsigned char *state,
			size_t *out, size_t *n, size_t *cycle_at)
{
	struct block *b = &l->blocks[at];

	state[at] = 1;
	for (size_t i = 0; i < b->nuse; i++) {
		struct block *u = block_by_id(l, ids, b->use[i]);
		if (!u || strcmp(u->lang, "c") != 0)
			continue;
		if (state[u->index] == 1) {
			*cycle_at = u->index;
			return -1;
		}
		if (state[u->index] == 0) {
			if (depth + *n >= USE_MAX)
				return -2;
			int rc = collect_deps(l, ids, u->index, depth + 1, state, out, n, cycle_at);
			if (rc < 0)
				return rc;
			if (*n == USE_MAX)
				return -2;
			out[(*n)++] = u->index;
		}
	}
	state[at] = 2;
	return 0;
}

/* The first 12 distinct ids of c blocks other than block i, for a message. */
static void list_c_ids(const struct lesson *l, size_t i, struct buf *out)
{
	const char *shown[12];
	size_t nshown = 0;

	for (size_t j = 0; j < l->nblocks && nshown < ARRAY_LEN(shown); j++) {
		const struct block *b = &l->blocks[j];
		size_t k = 0;
		if (j == i || strcmp(b->lang, "c") != 0)
			continue;
		while (k < nshown && strcmp(shown[k], b->id) != 0)
			k++;
		if (k == nshown) {
			buf_addf(out, "%s%s", nshown ? ", " : "", b->id);
			shown[nshown++] = b->id;
		}
	}
}

static void resolve_uses(struct lesson *l, const struct strmap *ids)
{
	for (size_t i = 0; i < l->nblocks; i++) {
		struct block *b = &l->blocks[i];
		int bad = 0;
		for (size_t k = 0; k < b->nuse; k++) {
			struct block *u = block_by_id(l, ids, b->use[k]);
			if (!u) {
				struct buf c_ids = BUF_INIT;
				list_c_ids(l, i, &c_ids);
				char *hint = suggest_phrase(b->use[k], c_ids.len ? c_ids.p : "");
				error_at(l, b->use_line, b->use_col, "attribute",
					 xasprintf("use=: no block with id '%s' in this lesson%s (c blocks: %s)",
						   b->use[k], hint, c_ids.len ? c_ids.p : "none"));
				free(hint);
				buf_release(&c_ids);
				bad = 1;
			} else if (strcmp(u->lang, "c") != 0) {
				error_at(l, b->use_line, b->use_col, "attribute",
					 xasprintf("use=%s names a %s block: only c blocks can be used", u->id,
						   *u->lang ? u->lang : "plain"));
				bad = 1;
			} else if (u == b) {
				error_at(l, b->use_line, b->use_col, "attribute",
					 xasprintf("block '%s' uses itself", b->id));
				bad = 1;
			}
		}
		if (bad) {
			b->bad_attrs = 1;
			continue;
		}
		if (b->nuse == 0)
			continue;
		unsigned char *state = xcalloc(l->nblocks, 1);
		size_t *deps = xcalloc(USE_MAX, sizeof *deps);
		size_t n = 0, cycle_at = 0;
		int rc = collect_deps(l, ids, i, 0, state, deps, &n, &cycle_at);
		if (rc == -1) {
			error_at(l, b->use_line, b->use_col, "attribute",
				 xasprintf("use= makes a cycle through block '%s': a block cannot end up using "
					   "itself",
					   l->blocks[cycle_at].id));
		} else if (rc == -2) {
			error_at(l, b->use_line, b->use_col, "attribute",
				 xasprintf("use= brings in more than %d blocks (with the blocks they use): "
					   "put shared code in fewer, larger blocks",
					   USE_MAX));
		}
		if (rc < 0) {
			b->bad_attrs = 1;
			free(deps);
		} else {
			b->deps = xreallocarray(deps, n ? n : 1, sizeof *deps);
			b->ndeps = n;
		}
		free(state);
	}
}

static void check_encoding(struct lesson *l)
{
	size_t bad = utf8_first_invalid(l->text, l->text_len);

	if (bad == l->text_len)
		return;
	int line = 1;
	size_t start = 0;
	for (size_t i = 0; i < bad; i++)
		if (l->text[i] == '\n')
			line++, start = i + 1;
	diags_add(&l->diags, l->path, line, lesson_col(l, line, bad - start), SEV_WARNING, "encoding",
		  "invalid UTF-8 (byte 0x%02x): save the lesson as UTF-8; the byte is read as U+FFFD",
		  (unsigned char)l->text[bad]);
}

static void find_title(struct lesson *l)
{
	if (l->title)
		return;
	cmark_iter *it = cmark_iter_new(l->doc);
	cmark_event_type ev;
	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *n = cmark_iter_get_node(it);
		if (ev == CMARK_EVENT_ENTER && cmark_node_get_type(n) == CMARK_NODE_HEADING &&
		    cmark_node_get_heading_level(n) == 1) {
			struct buf t = BUF_INIT;
			cmark_iter *in = cmark_iter_new(n);
			while (cmark_iter_next(in) != CMARK_EVENT_DONE) {
				cmark_node *c = cmark_iter_get_node(in);
				const char *lit = NULL;
				if (cmark_node_get_type(c) == CMARK_NODE_TEXT ||
				    cmark_node_get_type(c) == CMARK_NODE_CODE)
					lit = cmark_node_get_literal(c);
				if (lit && cmark_iter_get_event_type(in) == CMARK_EVENT_ENTER)
					buf_adds(&t, lit);
			}
			cmark_iter_free(in);
			l->title = buf_detach(&t, NULL);
			break;
		}
	}
	cmark_iter_free(it);
}

static int number_from_name(const char *path)
{
	const char *base = strrchr(path, '/');

	base = base ? base + 1 : path;
	if (!isdigit((unsigned char)*base))
		return -1;
	long n = strtol(base, NULL, 10);
	return n <= 99999 ? (int)n : -1;
}

/* What the lesson's raw HTML and links lose on its page (lesson/rawhtml.h): a warning each, at most RAW_HTML_SHOWN. */
#define RAW_HTML_SHOWN 20

struct raw_html_walk {
	struct lesson *l;
	const struct strmap *ids; /* the blocks' ids */
	const char *lit;
	int col; /* the column of lit[0] */
	size_t told, first_untold_line;
	size_t at, line_start; /* how far into lit the lines are counted (notes come in order) */
	int line;
	struct rawhtml_open open; /* the tags the lesson left open, as the page's renderer keeps them */
	int in_image;		  /* inside an image's text: never on the page (its alt text is plain) */
};

static void raw_html_note(void *arg, size_t offset, const char *what)
{
	struct raw_html_walk *w = arg;

	for (; w->at < offset; w->at++)
		if (w->lit[w->at] == '\n')
			w->line++, w->line_start = w->at + 1;
	int line = w->line;
	size_t line_start = w->line_start;
	size_t off = offset - line_start + (line_start ? 0 : (size_t)w->col - 1);
	if (w->told++ < RAW_HTML_SHOWN)
		diags_add(&w->l->diags, w->l->path, line, lesson_col(w->l, line, off), SEV_WARNING, "raw-html", "%s",
			  what);
	else if (w->told == RAW_HTML_SHOWN + 1)
		w->first_untold_line = (size_t)line;
}

/* Whether a lesson's raw anchor is free of the ids the page gives its blocks and itself (a heading's, render's to know). */
static int raw_html_id_free(void *arg, const char *id)
{
	const struct raw_html_walk *w = arg;
	size_t base = rawhtml_panel_base(id);

	if (rawhtml_own_anchor(id) || strmap_get(w->ids, id))
		return 0;
	if (base) {
		char *b = xstrndup(id, base);
		int taken = strmap_get(w->ids, b) != NULL;
		free(b);
		if (taken)
			return 0;
	}
	return 1;
}

/* Notes of the tags closed for the lesson will stand at line, column col. */
static void raw_html_at(struct raw_html_walk *w, int line, int col)
{
	w->lit = "";
	w->at = w->line_start = 0;
	w->line = line;
	w->col = col > 0 ? col : 1;
}

/* The containers of litlab's the lesson's tags are balanced in (rawhtml.h), as the renderer's. */
static const char *raw_html_container(cmark_node_type t)
{
	switch (t) {
	case CMARK_NODE_PARAGRAPH:
		return "in its paragraph";
	case CMARK_NODE_HEADING:
		return "in its heading";
	case CMARK_NODE_EMPH:
	case CMARK_NODE_STRONG:
		return "in its emphasis";
	case CMARK_NODE_LINK:
		return "in its link";
	case CMARK_NODE_ITEM:
		return "in its list item";
	case CMARK_NODE_BLOCK_QUOTE:
		return "in its block quote";
	default:
		return NULL;
	}
}

static void check_raw_html(struct raw_html_walk *w, cmark_node *n, cmark_event_type ev)
{
	cmark_node_type t = cmark_node_get_type(n);
	const char *where = raw_html_container(t);
	const struct rawhtml_hooks h = { raw_html_note, raw_html_id_free, w };

	if (t == CMARK_NODE_IMAGE)
		w->in_image += ev == CMARK_EVENT_ENTER ? 1 : -1;
	if (where && !w->in_image) {
		if (ev == CMARK_EVENT_ENTER) {
			rawhtml_enter(&w->open);
		} else {
			raw_html_at(w, cmark_node_get_end_line(n), cmark_node_get_end_column(n));
			rawhtml_leave(NULL, &w->open, where, &h);
		}
	}
	if (ev != CMARK_EVENT_ENTER)
		return;
	raw_html_at(w, cmark_node_get_start_line(n), cmark_node_get_start_column(n));
	if (t == CMARK_NODE_HTML_BLOCK || t == CMARK_NODE_HTML_INLINE) {
		w->lit = cmark_node_get_literal(n) ? cmark_node_get_literal(n) : "";
		w->open.line = w->line;
		rawhtml_filter(NULL, w->lit, strlen(w->lit), w->in_image ? NULL : &w->open, &h);
	} else if ((t == CMARK_NODE_LINK || t == CMARK_NODE_IMAGE) && cmark_node_get_url(n) &&
		   !rawhtml_url_ok(cmark_node_get_url(n), t == CMARK_NODE_IMAGE)) {
		struct buf m = BUF_INIT;
		rawhtml_url_refused(&m, cmark_node_get_url(n), strlen(cmark_node_get_url(n)),
				    t == CMARK_NODE_IMAGE ? "an image" : "a link");
		raw_html_note(w, 0, m.p);
		buf_release(&m);
	}
}

struct lesson *lesson_parse(const char *path, const char *data, size_t len)
{
	struct lesson *l = xcalloc(1, sizeof *l);

	l->path = xstrdup(path);
	l->src = xmalloc(len + 1);
	memcpy(l->src, data, len);
	l->src[len] = '\0';
	l->src_len = len;
	l->number = -1;
	diags_init(&l->diags);

	/* Normalise: drop a BOM, make CR LF and lone CR into LF (cmark counts a lone CR as a line end too). */
	size_t i = 0;
	if (len >= 3 && memcmp(data, "\xEF\xBB\xBF", 3) == 0) {
		l->has_bom = 1;
		i = 3;
	}
	struct buf t = BUF_INIT;
	buf_grow(&t, len);
	while (i < len) {
		const char *cr = memchr(data + i, '\r', len - i); /* the text between CRs as it is */
		size_t run = cr ? (size_t)(cr - data) - i : len - i;
		buf_add(&t, data + i, run);
		i += run;
		if (i < len) {
			if (i + 1 < len && data[i + 1] == '\n') {
				l->crlf = 1;
				i++;
			}
			buf_addc(&t, '\n');
			i++;
		}
	}
	l->text = buf_detach(&t, &l->text_len);
	index_lines(l);

	if (memchr(l->text, '\0', l->text_len)) {
		size_t at = (size_t)((const char *)memchr(l->text, '\0', l->text_len) - l->text);
		int line = 1;
		size_t start = 0;
		for (size_t k = 0; k < at; k++)
			if (l->text[k] == '\n')
				line++, start = k + 1;
		diags_add(&l->diags, l->path, line, lesson_col(l, line, at - start), SEV_WARNING, "encoding",
			  "a NUL byte in the lesson: is this a binary file? it is read as U+FFFD");
	}
	check_encoding(l);
	read_front_matter(l);

	char *parsed = text_for_cmark(l);
	l->doc = cmark_parse_document(parsed ? parsed : l->text, l->text_len, CMARK_OPT_UNSAFE);
	free(parsed);
	struct walk w = { NULL, 0 };
	int raw_html = 0;
	cmark_iter *it = cmark_iter_new(l->doc);
	cmark_event_type ev;
	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *n = cmark_iter_get_node(it);
		cmark_node_type nt = cmark_node_get_type(n);
		if (ev != CMARK_EVENT_ENTER)
			continue;
		if (nt == CMARK_NODE_CODE_BLOCK)
			add_block(l, &w, n);
		else if (nt == CMARK_NODE_HTML_BLOCK || nt == CMARK_NODE_HTML_INLINE ||
			 ((nt == CMARK_NODE_LINK || nt == CMARK_NODE_IMAGE) && cmark_node_get_url(n) &&
			  !rawhtml_url_ok(cmark_node_get_url(n), nt == CMARK_NODE_IMAGE)))
			raw_html = 1; /* what the page leaves out is looked for below, once the ids are known */
	}
	free(w.roles);

	struct strmap ids;
	assign_ids(l, &ids);
	resolve_uses(l, &ids);
	struct raw_html_walk rw = { .l = l, .ids = &ids };
	const struct rawhtml_hooks notes = { raw_html_note, NULL, &rw };
	size_t next_block = 0;
	cmark_iter_reset(it, l->doc, CMARK_EVENT_ENTER);
	while (raw_html && (ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *n = cmark_iter_get_node(it);
		if (ev == CMARK_EVENT_ENTER && next_block < l->nblocks && n == l->blocks[next_block].node) {
			next_block++; /* a block's figure: never inside the lesson's markup */
			raw_html_at(&rw, cmark_node_get_start_line(n), cmark_node_get_start_column(n));
			rawhtml_close_all(NULL, &rw.open, "before this code block's figure", &notes);
		} else if (n != l->doc) {
			check_raw_html(&rw, n, ev);
		}
	}
	cmark_iter_free(it);
	raw_html_at(&rw, cmark_node_get_end_line(l->doc), 1);
	rawhtml_close_all(NULL, &rw.open, "by the lesson's end", &notes);
	rawhtml_open_release(&rw.open);
	if (rw.told > RAW_HTML_SHOWN)
		diags_add(&l->diags, l->path, (int)rw.first_untold_line, 1, SEV_WARNING, "raw-html",
			  "and %zu more things of the lesson's raw HTML or links left out of the page or shown as "
			  "text, from here on (the first %d are warned of one by one)",
			  rw.told - RAW_HTML_SHOWN, RAW_HTML_SHOWN);
	strmap_release(&ids);
	lessonfiles_resolve(l);
	find_title(l);
	int named = number_from_name(path);
	if (l->number < 0) {
		l->number = named;
	} else if (named >= 0 && named != l->number) {
		const char *base = strrchr(path, '/');
		diags_add(&l->diags, l->path, l->number_line, 1, SEV_WARNING, "lesson-number",
			  "'lesson: %d' is not the number the file name gives ('%s' is lesson %d): the front "
			  "matter wins; rename the file or remove this line",
			  l->number, base ? base + 1 : path, named);
	}
	diags_sort(&l->diags);
	return l;
}

_Static_assert(LESSON_MAX == 16u << 20, "lesson_strerror() names the limit");

const char *lesson_strerror(int err)
{
	if (err == EFBIG)
		return "it is larger than a lesson may be (16 MiB): split it into smaller lessons";
	return fs_strerror(err);
}

struct lesson *lesson_load(const char *path)
{
	char *data;
	size_t len;
	int fd = fs_open_regular(path); /* never a FIFO or a device a repository put there */

	if (fd < 0)
		return NULL;
	int rc = fs_read_fd(fd, LESSON_MAX, &data, &len);
	int e = errno;
	close(fd);
	errno = e;
	if (rc < 0)
		return NULL;
	struct lesson *l = lesson_parse(path, data, len);
	free(data);
	return l;
}

void lesson_free(struct lesson *l)
{
	if (!l)
		return;
	for (size_t i = 0; i < l->nblocks; i++) {
		struct block *b = &l->blocks[i];
		free(b->id);
		free(b->lang);
		free(b->info);
		free(b->code);
		free(b->fence);
		attr_list_release(&b->attrs);
		free(b->cflags);
		free(b->ldlibs);
		free(b->args);
		free(b->reason);
		for (size_t k = 0; k < b->nuse; k++)
			free(b->use[k]);
		free(b->use);
		free(b->deps);
		free(b->file);
		free_words(b->sources, b->nsources);
		free(b->source_blocks);
		free(b->sees);
		for (size_t k = 0; k < b->noutputs; k++) {
			attr_list_release(&b->outputs[k].attrs);
			free(b->outputs[k].text);
			free(b->outputs[k].fence);
		}
		free(b->outputs);
		free(b->stdin_text);
	}
	free(l->blocks);
	for (size_t i = 0; i < l->norphans; i++) {
		free(l->orphans[i].why);
		free(l->orphans[i].text);
	}
	free(l->orphans);
	for (size_t i = 0; i < l->nfm; i++) {
		free(l->fm[i].key);
		free(l->fm[i].value);
	}
	free(l->fm);
	free(l->title);
	free(l->unit);
	free(l->course);
	free(l->summary);
	free(l->reviewed);
	free(l->cflags);
	prose_free(l->prose);
	prose_free(l->prose_refs);
	if (l->doc)
		cmark_node_free(l->doc);
	diags_release(&l->diags);
	free(l->lines);
	free(l->line_len);
	free(l->text);
	free(l->src);
	free(l->path);
	free(l);
}

const char *lesson_fm(const struct lesson *l, const char *key)
{
	for (size_t i = l->nfm; i-- > 0;)
		if (strcmp(l->fm[i].key, key) == 0)
			return l->fm[i].value;
	return NULL;
}

struct block *lesson_block(struct lesson *l, const char *id)
{
	for (size_t i = 0; i < l->nblocks; i++)
		if (l->blocks[i].id && strcmp(l->blocks[i].id, id) == 0)
			return &l->blocks[i];
	return NULL;
}
