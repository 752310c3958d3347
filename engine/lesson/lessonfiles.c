/*
 * lessonfiles.c: lesson files, their versions, and sources=.
 *
 * The loader walks the blocks in order once (lessonfiles_resolve()),
 * keeping the live version of each path; a block that runs keeps a copy of
 * that list (indices of the declaring blocks), which is all the runner, the
 * cache and the renderer need later.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lesson/lessonfiles.h"
#include "base/strvec.h"
#include "base/util.h"

static void error_at(struct lesson *l, struct block *b, int line, int col, char *msg)
{
	diags_add(&l->diags, l->path, line, col, SEV_ERROR, "attribute", "%s", msg);
	free(msg);
	b->bad_attrs = 1;
}

void lessonfiles_c_mode(struct lesson *l, struct block *b, int mode_seen)
{
	if (b->file && !mode_seen)
		b->mode = MODE_FRAGMENT;
	else if (b->file && b->mode != MODE_FRAGMENT)
		error_at(l, b, b->file_line, b->file_col,
			 xasprintf("a c block with file= is a lesson file, not built alone: drop '%s' and build it "
				   "with sources=%s on a run block",
				   block_mode_name(b->mode), b->file));
	if (b->nsources && !block_compiles(b) && !b->file)
		error_at(l, b, b->sources_line, b->sources_col,
			 xasprintf("'sources' is for blocks that are built (run, measure, compile-only, "
				   "compile-fail), not a %s block",
				   block_mode_name(b->mode)));
}

static int path_char(char c)
{
	return isalnum((unsigned char)c) || c == '.' || c == '_' || c == '+' || c == '-';
}

char *lessonfiles_path_error(const char *path)
{
	size_t len = strlen(path);

	if (len == 0)
		return xstrdup("a lesson file needs a path");
	if (path[0] == '/')
		return xstrdup("a lesson file's path is relative to the lesson's folder: no leading '/'");
	if (len > LESSONFILES_PATH_MAX)
		return xasprintf("a lesson file's path is at most %d bytes", LESSONFILES_PATH_MAX);
	for (const char *c = path; *c;) {
		size_t n = strcspn(c, "/");
		if (n == 0 || (n == 1 && c[0] == '.'))
			return xstrdup("an empty or '.' component: write the path plainly (a/b.c)");
		if (n == 2 && c[0] == '.' && c[1] == '.')
			return xstrdup("'..' is not allowed: a lesson file stays inside the lesson's folder");
		if (c[0] == '.')
			return xstrdup("a name starting with '.' is kept for litlab's own files");
		for (size_t i = 0; i < n; i++)
			if (!path_char(c[i]))
				return xasprintf("'%c' in a path: use letters, digits, '.', '_', '+', '-' and '/'",
						 isprint((unsigned char)c[i]) ? c[i] : '?');
		c += n;
		if (*c == '/' && !c[1])
			return xstrdup("a lesson file's path names a file, not a folder: no trailing '/'");
		if (*c == '/')
			c++;
	}
	if (len > 2 && strcmp(path + len - 2, ".o") == 0)
		return xstrdup("an object file is built, never declared: '.o' is not a lesson file");
	if (strcmp(path, "litlab.h") == 0 || strcmp(path, "prog") == 0)
		return xasprintf("'%s' is a file of litlab's own build: choose another name", path);
	return NULL;
}

int lessonfiles_is_code(const char *path)
{
	size_t len = strlen(path);

	return len > 2 && path[len - 2] == '.' && (path[len - 1] == 'c' || path[len - 1] == 'h');
}

/* 1 if a is a folder on the way to b ("list" and "list/a.c"). */
static int is_folder_of(const char *a, const char *b)
{
	size_t n = strlen(a);

	return strncmp(a, b, n) == 0 && b[n] == '/';
}

/* The live versions while walking: one slot per path, the declaring block. */
struct live {
	size_t *blocks;
	size_t n;
};

static int by_path(const void *x, const void *y, void *ctx)
{
	const struct lesson *l = ctx;

	return strcmp(l->blocks[*(const size_t *)x].file, l->blocks[*(const size_t *)y].file);
}

static void sort_by_path(const struct lesson *l, size_t *v, size_t n)
{
	qsort_r(v, n, sizeof *v, by_path, (void *)l);
}

static long live_find(const struct lesson *l, const struct live *lv, const char *path)
{
	for (size_t i = 0; i < lv->n; i++)
		if (strcmp(l->blocks[lv->blocks[i]].file, path) == 0)
			return (long)i;
	return -1;
}

/* A lesson file that tangle would also write for a block, or README.md: 1 (reported). */
int lessonfiles_own_code(const struct block *b)
{
	for (size_t i = 0; i < b->code_len; i++)
		if (!isspace((unsigned char)b->code[i]))
			return 1;
	return b->ndeps > 0;
}

/*
 * 1 (reported) if f's name is one the lab folder of a block gives a file of
 * its own: ID.c (when it has code of its own), ID.stdin, ID.expected...,
 * ID.mk, and what the lab README's by-hand commands build, ID and ID.o.
 */
static int tangle_clash(struct lesson *l, struct block *f)
{
	static const char *const suffixes[] = { ".c", ".stdin", ".expected", ".expected-stderr", ".mk", "", ".o" };

	if (strcmp(f->file, "README.md") == 0) {
		error_at(l, f, f->file_line, f->file_col,
			 xstrdup("file=README.md: tangle writes the lab's README.md: choose another name"));
		return 1;
	}
	for (size_t k = 0; k < l->nblocks; k++) {
		const struct block *b = &l->blocks[k];
		if (!block_compiles(b) || !b->id)
			continue;
		size_t n = strlen(b->id);
		for (size_t s = 0; s < ARRAY_LEN(suffixes); s++) {
			if (s == 0 && !lessonfiles_own_code(b))
				continue; /* a block built from its sources alone: no ID.c */
			if (strncmp(f->file, b->id, n) == 0 && strcmp(f->file + n, suffixes[s]) == 0) {
				error_at(l, f, f->file_line, f->file_col,
					 xasprintf("file=%s: the lab of block '%s' (line %d) has a file of that name: "
						   "rename the file or the block",
						   f->file, b->id, b->line));
				return 1;
			}
		}
	}
	return 0;
}

/* Checks b's file= against the live files; 0 when it may be declared. */
static int declare(struct lesson *l, struct block *b, struct live *lv, size_t *ndistinct)
{
	char *why = lessonfiles_path_error(b->file);

	if (why) {
		error_at(l, b, b->file_line, b->file_col, xasprintf("file=%s: %s", b->file, why));
		free(why);
		return -1;
	}
	if (tangle_clash(l, b))
		return -1;
	if (strcmp(b->lang, "console") == 0) {
		error_at(l, b, b->file_line, b->file_col,
			 xstrdup("a console block is a session, not a file: put the file in a block of its own"));
		return -1;
	}
	for (size_t i = 0; i < lv->n; i++) {
		const struct block *o = &l->blocks[lv->blocks[i]];
		if (strcmp(o->file, b->file) == 0)
			continue;
		if (is_folder_of(o->file, b->file) || is_folder_of(b->file, o->file)) {
			error_at(l, b, b->file_line, b->file_col,
				 xasprintf("file=%s: '%s' (line %d) is a lesson file too, and one cannot be the "
					   "other's folder",
					   b->file, o->file, o->file_line));
			return -1;
		}
		if (strcasecmp(o->file, b->file) == 0) {
			error_at(l, b, b->file_line, b->file_col,
				 xasprintf("file=%s: '%s' (line %d) differs only in case, and would be the same "
					   "file on some systems",
					   b->file, o->file, o->file_line));
			return -1;
		}
	}
	if (live_find(l, lv, b->file) < 0) {
		if (*ndistinct >= LESSONFILES_MAX) {
			error_at(l, b, b->file_line, b->file_col,
				 xasprintf("file=%s: a lesson declares at most %d lesson files", b->file,
					   LESSONFILES_MAX));
			return -1;
		}
		lv->blocks = xappendarray(lv->blocks, lv->n, sizeof *lv->blocks);
		lv->blocks[lv->n++] = b->index;
		++*ndistinct;
	} else {
		lv->blocks[live_find(l, lv, b->file)] = b->index;
	}
	return 0;
}

/* Resolves b's sources= against what it sees. */
static void resolve_sources(struct lesson *l, struct block *b)
{
	b->source_blocks = xcalloc(b->nsources, sizeof *b->source_blocks);
	for (size_t k = 0; k < b->nsources; k++) {
		const char *s = b->sources[k];
		long found = -1, later = -1;
		for (size_t i = 0; i < b->nsees; i++)
			if (strcmp(l->blocks[b->sees[i]].file, s) == 0)
				found = (long)b->sees[i];
		for (size_t i = b->index + 1; found < 0 && later < 0 && i < l->nblocks; i++)
			if (l->blocks[i].file && strcmp(l->blocks[i].file, s) == 0)
				later = (long)i;
		for (size_t j = 0; j < k; j++)
			if (strcmp(b->sources[j], s) == 0) {
				error_at(l, b, b->sources_line, b->sources_col,
					 xasprintf("sources=: '%s' is named twice", s));
				return;
			}
		if (found >= 0 && !(strlen(s) > 2 && strcmp(s + strlen(s) - 2, ".c") == 0)) {
			error_at(l, b, b->sources_line, b->sources_col,
				 xasprintf("sources=: '%s' is not a C source (.c): headers are included with "
					   "#include, other files are read at run time",
					   s));
			return;
		}
		if (found >= 0) {
			b->source_blocks[k] = (size_t)found;
			continue;
		}
		if (later >= 0) {
			error_at(l, b, b->sources_line, b->sources_col,
				 xasprintf("sources=: lesson file '%s' is declared only after this block (line %d): "
					   "a block sees the files declared before it",
					   s, l->blocks[later].line));
			return;
		}
		const struct block *named = lesson_block(l, s);
		if (named) {
			error_at(l, b, b->sources_line, b->sources_col,
				 xasprintf("sources=: '%s' is a block (line %d), not a lesson file: give that block "
					   "file=NAME.c and name the file",
					   s, named->line));
			return;
		}
		struct buf names = BUF_INIT;
		for (size_t i = 0; i < b->nsees && i < 12; i++)
			buf_addf(&names, "%s%s", i ? ", " : "", l->blocks[b->sees[i]].file);
		error_at(l, b, b->sources_line, b->sources_col,
			 xasprintf("sources=: no lesson file '%s' in this lesson (lesson files before this block: "
				   "%s)",
				   s, names.len ? names.p : "none"));
		buf_release(&names);
		return;
	}
}

void lessonfiles_resolve(struct lesson *l)
{
	struct live lv = { NULL, 0 };
	size_t ndistinct = 0;
	int any = 0;

	for (size_t i = 0; i < l->nblocks; i++)
		any |= l->blocks[i].file != NULL || l->blocks[i].nsources > 0;
	if (!any)
		return;
	for (size_t i = 0; i < l->nblocks; i++) {
		struct block *b = &l->blocks[i];
		if (block_runs(b) && lv.n) {
			b->sees = xcalloc(lv.n, sizeof *b->sees);
			memcpy(b->sees, lv.blocks, lv.n * sizeof *lv.blocks);
			b->nsees = lv.n;
			sort_by_path(l, b->sees, b->nsees);
		}
		if (b->nsources && block_compiles(b))
			resolve_sources(l, b);
		if (b->file && declare(l, b, &lv, &ndistinct) < 0) {
			free(b->file); /* not a lesson file: later blocks see none by its name */
			b->file = NULL;
		}
	}
	free(lv.blocks);
}

struct lesson_file *lessonfiles_seen(const struct lesson *l, const struct block *b, size_t *n)
{
	struct lesson_file *v = b->nsees ? xcalloc(b->nsees, sizeof *v) : NULL;

	for (size_t i = 0; i < b->nsees; i++) {
		const struct block *f = &l->blocks[b->sees[i]];
		v[i].path = f->file;
		v[i].data = f->code;
		v[i].len = f->code_len;
		v[i].from = f;
	}
	*n = b->nsees;
	return v;
}

void lessonfiles_key(const struct lesson *l, const struct block *b, struct buf *out)
{
	for (size_t i = 0; i < b->nsees; i++) {
		const struct block *f = &l->blocks[b->sees[i]];
		/* The line too: the build writes .c and .h files under a #line naming it. */
		buf_addf(out, "file %zu %s %d %zu\n", strlen(f->file), f->file, f->line, f->code_len);
		buf_add(out, f->code, f->code_len);
	}
	for (size_t i = 0; i < b->nsources; i++)
		buf_addf(out, "source %zu %s\n", strlen(b->sources[i]), b->sources[i]);
}

int lessonfiles_version(const struct lesson *l, const struct block *b, int *prev_line)
{
	int v = 0;

	*prev_line = 0;
	if (!b->file)
		return 0;
	for (size_t i = 0; i <= b->index; i++) {
		const struct block *o = &l->blocks[i];
		if (o->file && strcmp(o->file, b->file) == 0) {
			v++;
			if (i < b->index)
				*prev_line = o->line;
		}
	}
	return v;
}

int lessonfiles_is_last(const struct lesson *l, const struct block *b)
{
	if (!b->file)
		return 0;
	for (size_t i = b->index + 1; i < l->nblocks; i++)
		if (l->blocks[i].file && strcmp(l->blocks[i].file, b->file) == 0)
			return 0;
	return 1;
}

/* "x.c" -> "x.o" appended. */
static void add_object(struct buf *out, const char *src)
{
	buf_add(out, src, strlen(src) - 2);
	buf_adds(out, ".o");
}

void lessonfiles_makefile(const struct lesson *l, const struct block *b, const char *lesson_name, struct buf *out)
{
	int own = lessonfiles_own_code(b);

	buf_addf(out, "# %s.mk: tangled by 'litlab tangle' from block '%s' of %s (lines %d-%d):\n", b->id, b->id,
		 lesson_name, b->line, b->end_line);
	buf_addf(out, "# the program built from%s%s.c", own ? " " : "", own ? b->id : "");
	if (!own)
		out->len -= 2, out->p[out->len] = '\0'; /* no ".c" of its own */
	for (size_t i = 0; i < b->nsources; i++)
		buf_addf(out, "%s %s", own || i ? "," : "", b->sources[i]);
	buf_adds(out, ", each compiled alone, then linked.\n");
	buf_addf(out, "#   make -f %s.mk        builds ./%s\n", b->id, b->id);
	if (block_executes(b))
		buf_addf(out, "#   make -f %s.mk run    builds it and runs it as the lesson does\n", b->id);
	/* The lesson's words as data: quoted for the shell make runs, '$' and '#' for make. */
	buf_adds(out, "CC = cc\nCFLAGS =");
	strvec_add_sh(out, l->cflags, 1);
	strvec_add_sh(out, b->cflags, 1);
	buf_adds(out, " -I ../include\nLDLIBS =");
	strvec_add_sh(out, b->ldlibs, 1);
	buf_adds(out, "\nOBJS =");
	if (own)
		buf_addf(out, " %s.o", b->id);
	for (size_t i = 0; i < b->nsources; i++) {
		buf_addc(out, ' ');
		add_object(out, b->sources[i]);
	}
	buf_adds(out, "\nHEADERS =");
	for (size_t i = 0; i < b->nsees; i++) {
		const char *f = l->blocks[b->sees[i]].file;
		if (f[strlen(f) - 1] == 'h' && lessonfiles_is_code(f))
			buf_addf(out, " %s", f);
	}
	buf_addf(out, "\n\n%s: $(OBJS)\n\t$(CC) $(CFLAGS) -o $@ $(OBJS) $(LDLIBS)\n\n$(OBJS): $(HEADERS)\n", b->id);
	if (block_executes(b)) {
		buf_addf(out, "\nrun: %s\n\t./%s", b->id, b->id);
		strvec_add_sh(out, b->args, 1);
		if (b->has_stdin)
			buf_addf(out, " < %s.stdin", b->id);
		buf_adds(out, "\n");
	}
	buf_addf(out, "\nclean:\n\trm -f %s $(OBJS)\n\n.PHONY: %sclean\n", b->id, block_executes(b) ? "run " : "");
}

/* --- the linker's messages --- */

/* The block whose translation unit name (as the compiler was given it: "list.c", "ID.c") is s[0..n). */
static const struct block *unit_block(const struct lesson *l, const struct block *b, const char *s, size_t n)
{
	while (n > 2 && s[0] == '.' && s[1] == '/')
		s += 2, n -= 2;
	/* An object "list.o" names the source "list.c". */
	char *name = xstrndup(s, n);
	if (n > 2 && strcmp(name + n - 2, ".o") == 0)
		name[n - 1] = 'c';
	const struct block *found = NULL;
	if (strlen(name) == strlen(b->id) + 2 && strncmp(name, b->id, strlen(b->id)) == 0 &&
	    strcmp(name + strlen(b->id), ".c") == 0)
		found = b;
	for (size_t i = 0; !found && i < b->nsources; i++)
		if (strcmp(b->sources[i], name) == 0)
			found = &l->blocks[b->source_blocks[i]];
	free(name);
	return found;
}

static int ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* The first line of f's code naming sym as a whole identifier: its lesson line and column, 1; else 0. */
static int find_symbol(const struct lesson *l, const struct block *f, const char *sym, int *line, int *col)
{
	size_t n = strlen(sym);
	int ln = f->line + (f->fenced ? 1 : 0);

	for (const char *p = f->code, *lstart = f->code; *p; p++) {
		if (*p == '\n') {
			ln++;
			lstart = p + 1;
			continue;
		}
		if (strncmp(p, sym, n) == 0 && (p == f->code || !ident_char(p[-1])) && !ident_char(p[n])) {
			*line = ln;
			*col = lesson_col(l, ln, (size_t)(p - lstart));
			return 1;
		}
	}
	return 0;
}

/* The text between the quotes of `sym' or 'sym' at p, malloc'd, or NULL. */
static char *quoted(const char *p, const char *end)
{
	if (p >= end || (*p != '`' && *p != '\'' && (unsigned char)*p != 0xe2))
		return NULL;
	p += (unsigned char)*p == 0xe2 ? 3 : 1; /* clang may quote with U+2018 */
	const char *q = p;
	while (q < end && *q != '\'' && *q != '`' && (unsigned char)*q != 0xe2)
		q++;
	return q > p ? xstrndup(p, (size_t)(q - p)) : NULL;
}

static const char *find_in(const char *p, const char *end, const char *what)
{
	return memmem(p, (size_t)(end - p), what, strlen(what));
}

/* Where the location "SRC:(.text+0x9)" or "OBJ:SRC:(...)" at the start of p..at points. */
static const struct block *location_block(const struct lesson *l, const struct block *b, const char *p,
					  const char *at)
{
	const char *paren = find_in(p, at, ":(");
	const char *end = paren ? paren : at;
	const char *start = p;
	/* "/usr/bin/ld: list.o:list.c:(...)": take the word before the section. */
	for (const char *c = p; c < end; c++)
		if (*c == ':' || *c == ' ')
			start = c + 1;
	return end > start ? unit_block(l, b, start, (size_t)(end - start)) : NULL;
}

int lessonfiles_link_diags(struct diags *d, const struct lesson *l, const struct block *b, const char *log,
			   size_t len)
{
	const char *end = log + len;
	char *function = NULL;
	int added = 0;

	for (const char *line = log, *next; line < end && added < 10; line = next) {
		const char *nl = memchr(line, '\n', (size_t)(end - line));
		const char *lend = nl ? nl : end;
		next = nl ? nl + 1 : end;
		const char *in_fn = find_in(line, lend, ": in function ");
		if (in_fn) {
			free(function);
			function = quoted(in_fn + 14, lend);
			continue;
		}
		const char *undef = find_in(line, lend, ": undefined reference to ");
		const char *multi = find_in(line, lend, ": multiple definition of ");
		const char *at = undef ? undef : multi;
		if (!at)
			continue;
		char *sym = quoted(at + 25, lend);
		if (!sym)
			continue;
		const char *loc = line;
		const char *ld = find_in(line, at, "ld: ");
		if (ld)
			loc = ld + 4;
		const struct block *f = location_block(l, b, loc, at);
		int ln = b->line, col = b->col;
		if (f && !find_symbol(l, f, sym, &ln, &col)) {
			ln = f->line;
			col = f->col;
		}
		struct buf m = BUF_INIT;
		char *where = !f ? NULL : f->file ? xstrdup(f->file) : xasprintf("block '%s'", b->id);
		buf_addf(&m, "%s '%s'", undef ? "undefined reference to" : "multiple definition of", sym);
		if (undef && function && where)
			buf_addf(&m, " (in function '%s' of %s)", function, where);
		else if (undef && function)
			buf_addf(&m, " (in function '%s')", function);
		else if (where)
			buf_addf(&m, " (in %s)", where);
		buf_adds(&m, undef ? ": no file this program is linked from defines it"
				   : ": two files this program is linked from define it");
		diags_add(d, l->path, ln, col, SEV_ERROR, "compile", "%s", m.p);
		buf_release(&m);
		free(where);
		free(sym);
		added++;
	}
	free(function);
	return added;
}
