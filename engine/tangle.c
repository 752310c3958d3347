/*
 * tangle.c: lessons to lab files, in memory, then onto the disk.
 *
 * The lab files are for students: comments say where the code came from in
 * words, and the README says how to build and run each program by hand as
 * well as with make.
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic.h"
#include "tangle.h"

/* engine/include/litlab.h, embedded at build time (engine/embed-file.sh). */
extern const char litlab_h[];
extern const size_t litlab_h_len;

void tangle_set_init(struct tangle_set *s)
{
	memset(s, 0, sizeof *s);
}

void tangle_set_release(struct tangle_set *s)
{
	for (size_t i = 0; i < s->nfiles; i++) {
		free(s->files[i].path);
		free(s->files[i].data);
	}
	free(s->files);
	free_words(s->dirs, s->ndirs);
	tangle_set_init(s);
}

int tangle_block_has_lab(const struct block *b)
{
	return block_compiles(b) && !b->bad_attrs;
}

char *tangle_lab_name(int number)
{
	return xasprintf("lab-%02d", number);
}

char *tangle_lesson_name(const struct lesson *l)
{
	const char *base = strrchr(l->path, '/');

	return xasprintf("lessons/%s", base ? base + 1 : l->path);
}

static void add_file(struct tangle_set *s, char *path, struct buf *data)
{
	struct tangle_file *f;

	s->files = xreallocarray(s->files, s->nfiles + 1, sizeof *s->files);
	f = &s->files[s->nfiles++];
	f->path = path;
	f->data = buf_detach(data, &f->len);
}

static void add_dir(struct tangle_set *s, const char *dir)
{
	for (size_t i = 0; i < s->ndirs; i++)
		if (strcmp(s->dirs[i], dir) == 0)
			return;
	s->dirs = xreallocarray(s->dirs, s->ndirs + 1, sizeof *s->dirs);
	s->dirs[s->ndirs++] = xstrdup(dir);
}

/* Appends s to a C comment, so that no "*" "/" in it can close the comment. */
static void add_comment_text(struct buf *out, const char *s)
{
	for (; *s; s++) {
		buf_addc(out, *s);
		if (*s == '*' && s[1] == '/')
			buf_addc(out, ' ');
	}
}

static void add_code(struct buf *out, const struct block *b)
{
	buf_add(out, b->code, b->code_len);
	if (b->code_len && b->code[b->code_len - 1] != '\n')
		buf_addc(out, '\n');
}

void tangle_block_source(const struct lesson *l, const struct block *b, struct buf *out)
{
	char *lesson = tangle_lesson_name(l);
	char *lab = tangle_lab_name(l->number);

	buf_addf(out, "/*\n * %s.c: tangled by 'litlab tangle' from block '%s' of\n * ", b->id, b->id);
	add_comment_text(out, lesson);
	buf_addf(out, " (lines %d-%d).\n", b->line, b->end_line);
	if (b->ndeps) {
		buf_adds(out, " * The code of the blocks it uses comes first:");
		for (size_t i = 0; i < b->ndeps; i++) {
			const struct block *d = &l->blocks[b->deps[i]];
			buf_addf(out, "%s '%s' (lines %d-%d)", i ? "," : "", d->id, d->line, d->end_line);
		}
		buf_adds(out, ".\n");
	}
	buf_addf(out,
		 " * Edit it freely: 'make %s' builds and runs it, and says when it differs\n"
		 " * from the lesson.\n */\n",
		 lab);
	for (size_t i = 0; i < b->ndeps; i++) {
		const struct block *d = &l->blocks[b->deps[i]];
		buf_addf(out, "\n/* ---- %s (lesson lines %d-%d) ---- */\n", d->id, d->line, d->end_line);
		add_code(out, d);
	}
	if (b->ndeps)
		buf_addf(out, "\n/* ---- %s (lesson lines %d-%d) ---- */\n", b->id, b->line, b->end_line);
	else
		buf_addc(out, '\n');
	add_code(out, b);
	free(lesson);
	free(lab);
}

static const struct output_block *output_of(const struct block *b, enum stream s)
{
	for (size_t i = 0; i < b->noutputs; i++)
		if (b->outputs[i].stream == s)
			return &b->outputs[i];
	return NULL;
}

/* Appends the inline text of node as Markdown: code spans keep their backticks, emphasis goes. */
static void inline_text(struct buf *out, cmark_node *node)
{
	cmark_iter *it = cmark_iter_new(node);
	cmark_event_type ev;

	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *n = cmark_iter_get_node(it);
		const char *lit;
		if (ev != CMARK_EVENT_ENTER)
			continue;
		switch (cmark_node_get_type(n)) {
		case CMARK_NODE_TEXT:
			lit = cmark_node_get_literal(n);
			buf_adds(out, lit ? lit : "");
			break;
		case CMARK_NODE_CODE:
			lit = cmark_node_get_literal(n);
			buf_addf(out, "`%s`", lit ? lit : "");
			break;
		case CMARK_NODE_SOFTBREAK:
		case CMARK_NODE_LINEBREAK:
			buf_addc(out, ' ');
			break;
		default:
			break;
		}
	}
	cmark_iter_free(it);
}

/*
 * The first sentence of the paragraph right before block b, or NULL: what
 * the lesson says the lab does. A sentence ends at '.', '!' or '?' before a
 * blank, outside code spans and not after a one-letter abbreviation (e.g.).
 */
static char *lead_sentence(const struct block *b)
{
	cmark_node *prev = b->node ? cmark_node_previous(b->node) : NULL;
	struct buf t = BUF_INIT;
	size_t end, max = 300;
	int code = 0;

	if (!prev || cmark_node_get_type(prev) != CMARK_NODE_PARAGRAPH)
		return NULL;
	inline_text(&t, prev);
	for (end = 0; end < t.len; end++) {
		char c = t.p[end];
		if (c == '`')
			code = !code;
		if (code || (c != '.' && c != '!' && c != '?'))
			continue;
		if (end + 1 < t.len && t.p[end + 1] != ' ')
			continue;
		if (c == '.' && end >= 2 && t.p[end - 2] == '.')
			continue;
		end++;
		break;
	}
	while (end > 0 && (t.p[end - 1] == ' ' || t.p[end - 1] == '\n'))
		end--;
	if (end > max) {
		size_t cut = max;
		while (cut > 0 && t.p[cut] != ' ')
			cut--;
		end = cut ? cut : max;
		buf_setlen(&t, end);
		buf_adds(&t, " ...");
	} else {
		buf_setlen(&t, end);
		if (end && t.p[end - 1] == ':')
			t.p[end - 1] = '.';
	}
	if (t.len == 0) {
		buf_release(&t);
		return NULL;
	}
	return buf_detach(&t, NULL);
}

static const char *mode_words(const struct block *b)
{
	switch (b->mode) {
	case MODE_RUN:
		return "run: compiled and executed; its output is compared with the lesson's";
	case MODE_MEASURE:
		return "measure: compiled, then executed and timed; the lab run shows the timings' "
		       "distribution with the compiler and machine they come from";
	case MODE_COMPILE_ONLY:
		return "compile-only: compiled, not executed";
	case MODE_COMPILE_FAIL:
		return "compile-fail: must not compile; the compiler's messages are the lesson";
	default:
		return block_mode_name(b->mode);
	}
}

static void add_flags(struct buf *out, const struct lesson *l, const struct block *b)
{
	if (l->cflags && *l->cflags)
		buf_addf(out, " %s", l->cflags);
	if (b->cflags && *b->cflags)
		buf_addf(out, " %s", b->cflags);
}

static void lab_section(struct buf *r, const struct lesson *l, const struct block *b)
{
	const struct output_block *out = output_of(b, STREAM_STDOUT);
	const struct output_block *err = output_of(b, STREAM_STDERR);
	char *what = lead_sentence(b);

	buf_addf(r, "\n## %s\n\n", b->id);
	if (what)
		buf_addf(r, "%s\n\n", what);
	free(what);
	buf_addf(r, "- mode: %s\n", mode_words(b));
	buf_addf(r, "- lesson: lines %d-%d", b->line, b->end_line);
	if (b->ndeps) {
		buf_adds(r, "; the code of");
		for (size_t i = 0; i < b->ndeps; i++)
			buf_addf(r, "%s `%s`", i ? "," : "", l->blocks[b->deps[i]].id);
		buf_adds(r, " comes first");
	}
	buf_adds(r, "\n");
	buf_addf(r, "- files: `%s.c`", b->id);
	if (b->has_stdin)
		buf_addf(r, ", `%s.stdin`", b->id);
	if (b->mode != MODE_COMPILE_FAIL && out)
		buf_addf(r, ", `%s.expected`", b->id);
	if (b->mode != MODE_COMPILE_FAIL && err)
		buf_addf(r, ", `%s.expected-stderr`", b->id);
	buf_adds(r, "\n- by hand, in this folder: `cc");
	add_flags(r, l, b);
	if (block_executes(b)) {
		buf_addf(r, " -I ../include -o %s %s.c", b->id, b->id);
		if (b->ldlibs && *b->ldlibs)
			buf_addf(r, " %s", b->ldlibs);
		buf_addf(r, " && ./%s", b->id);
		if (b->args && *b->args)
			buf_addf(r, " %s", b->args);
		if (b->has_stdin)
			buf_addf(r, " < %s.stdin", b->id);
		buf_adds(r, "`\n");
	} else {
		buf_addf(r, " -I ../include -c %s.c`%s\n", b->id,
			 b->mode == MODE_COMPILE_FAIL ? " (it must fail)" : "");
	}
	if (block_executes(b)) {
		buf_addf(r, "- expected: exit status %d", b->exit_expected);
		if (out)
			buf_addf(r, "; stdout as in `%s.expected` (match=%s)", b->id, match_mode_name(out->match));
		if (err)
			buf_addf(r, "; stderr as in `%s.expected-stderr` (match=%s)", b->id,
				 match_mode_name(err->match));
		buf_adds(r, "\n");
	}
	if (b->mode == MODE_MEASURE)
		buf_addf(r, "- measured: %d warmup run%s, then %d timed sample%s\n", b->warmup,
			 b->warmup == 1 ? "" : "s", b->samples, b->samples == 1 ? "" : "s");
}

static void lab_readme(struct buf *r, const struct lesson *l)
{
	char *lesson = tangle_lesson_name(l);
	char *lab = tangle_lab_name(l->number);
	size_t nlabs = 0, nderived = 0;

	for (size_t i = 0; i < l->nblocks; i++) {
		nlabs += tangle_block_has_lab(&l->blocks[i]);
		nderived += l->blocks[i].mode == MODE_DERIVED;
	}
	buf_addf(r, "# Lab %02d: %s\n\n", l->number, l->title ? l->title : "(untitled)");
	buf_addf(r,
		 "The programs of lesson %d, tangled from `%s` by `litlab tangle`.\n"
		 "Edit the `.c` files freely. From the top of the project, run\n\n"
		 "    make %s\n\n"
		 "to build each program with the lesson's flags, run it as `litlab check` does, and\n"
		 "see its output and whether it matches the lesson's. A file you edited is built as it\n"
		 "is, and the report says that it differs from the lesson. This README is generated:\n"
		 "`make labs` writes this folder again from the lesson, edits included.\n",
		 l->number, lesson, lab);
	if (nlabs == 0)
		buf_adds(r, "\nThis lesson has no program to build.\n");
	for (size_t i = 0; i < l->nblocks; i++)
		if (tangle_block_has_lab(&l->blocks[i]))
			lab_section(r, l, &l->blocks[i]);
	if (nderived) {
		buf_adds(r, "\n## Not executed\n\nThese blocks of the lesson are derived: neither compiled nor "
			    "executed, for the reason given.\n\n");
		for (size_t i = 0; i < l->nblocks; i++) {
			const struct block *b = &l->blocks[i];
			if (b->mode != MODE_DERIVED)
				continue;
			buf_addf(r, "- `%s` (%s, lines %d-%d): %s\n", b->id, *b->lang ? b->lang : "no language",
				 b->line, b->end_line, b->reason && *b->reason ? b->reason : "(no reason given)");
		}
	}
	free(lesson);
	free(lab);
}

int tangle_lesson(struct tangle_set *s, const struct lesson *l, char **err)
{
	struct buf data = BUF_INIT;
	char *lab;

	if (l->number < 0) {
		*err = xasprintf("'%s' has no lesson number (name it NN-slug.md, or set 'lesson:' in its front "
				 "matter): not tangled",
				 l->path);
		return -1;
	}
	if (diags_count(&l->diags, SEV_ERROR)) {
		*err = xasprintf("'%s' has errors (see 'litlab check %s'): not tangled", l->path, l->path);
		return -1;
	}
	lab = tangle_lab_name(l->number);
	add_dir(s, lab);
	for (size_t i = 0; i < l->nblocks; i++) {
		const struct block *b = &l->blocks[i];
		const struct output_block *o;
		if (!tangle_block_has_lab(b))
			continue;
		tangle_block_source(l, b, &data);
		add_file(s, xasprintf("%s/%s.c", lab, b->id), &data);
		if (b->has_stdin) {
			buf_add(&data, b->stdin_text, b->stdin_len);
			add_file(s, xasprintf("%s/%s.stdin", lab, b->id), &data);
		}
		if (b->mode == MODE_COMPILE_FAIL)
			continue;
		if ((o = output_of(b, STREAM_STDOUT))) {
			buf_add(&data, o->text, o->len);
			add_file(s, xasprintf("%s/%s.expected", lab, b->id), &data);
		}
		if ((o = output_of(b, STREAM_STDERR))) {
			buf_add(&data, o->text, o->len);
			add_file(s, xasprintf("%s/%s.expected-stderr", lab, b->id), &data);
		}
	}
	lab_readme(&data, l);
	add_file(s, xasprintf("%s/README.md", lab), &data);
	free(lab);
	return 0;
}

static int cmp_file(const void *a, const void *b)
{
	return strcmp(((const struct tangle_file *)a)->path, ((const struct tangle_file *)b)->path);
}

void tangle_course(struct tangle_set *s, struct lesson *const *lessons, size_t n, int whole)
{
	struct buf data = BUF_INIT;

	add_dir(s, "include");
	buf_add(&data, litlab_h, litlab_h_len);
	add_file(s, xstrdup("include/litlab.h"), &data);
	if (whole) {
		s->whole_course = 1;
		buf_adds(&data, "# Labs\n\n"
				"One folder per lesson, tangled from `lessons/` by `litlab tangle` (`make labs`);\n"
				"`litlab tangle --check` says where they differ from the lessons. From the top of\n"
				"the project, `make lab-NN` builds and runs lesson NN's programs and compares their\n"
				"output with the lesson's.\n\n");
		for (size_t i = 0; i < n; i++) {
			const struct lesson *l = lessons[i];
			size_t nlabs = 0;
			if (l->number < 0 || diags_count(&l->diags, SEV_ERROR))
				continue;
			for (size_t k = 0; k < l->nblocks; k++)
				nlabs += tangle_block_has_lab(&l->blocks[k]);
			buf_addf(&data, "- `lab-%02d/`: %s (`make lab-%02d`, %zu program%s)\n", l->number,
				 l->title ? l->title : "(untitled)", l->number, nlabs, nlabs == 1 ? "" : "s");
		}
		buf_adds(&data, "\n`include/litlab.h` is the header that marks timed regions in `measure` "
				"programs\n(a copy of `engine/include/litlab.h`).\n");
		add_file(s, xstrdup("README.md"), &data);
	}
	qsort(s->files, s->nfiles, sizeof *s->files, cmp_file);
}

/* ---- onto the disk ---- */

struct entry {
	char *path; /* relative to labs */
	const struct tangle_file *want; /* NULL for an extra file */
	enum tangle_change change;
};

struct entries {
	struct entry *v;
	size_t n;
};

static void push_entry(struct entries *e, char *path, const struct tangle_file *want, enum tangle_change ch)
{
	e->v = xreallocarray(e->v, e->n + 1, sizeof *e->v);
	e->v[e->n].path = path;
	e->v[e->n].want = want;
	e->v[e->n].change = ch;
	e->n++;
}

static int cmp_entry(const void *a, const void *b)
{
	return strcmp(((const struct entry *)a)->path, ((const struct entry *)b)->path);
}

static const struct tangle_file *find_file(const struct tangle_set *s, const char *path)
{
	struct tangle_file key = { (char *)path, NULL, 0 };

	return bsearch(&key, s->files, s->nfiles, sizeof *s->files, cmp_file);
}

static int is_lab_dir_name(const char *name)
{
	if (strncmp(name, "lab-", 4) != 0 || !name[4])
		return 0;
	for (const char *p = name + 4; *p; p++)
		if (*p < '0' || *p > '9')
			return 0;
	return 1;
}

/* Adds every regular file of labs/dir that s does not produce as an extra. */
static int find_extras(const struct tangle_set *s, const char *labs, const char *dir, struct entries *e,
		       char **err)
{
	char *full = xasprintf("%s/%s", labs, dir);
	DIR *d = opendir(full);
	struct dirent *de;

	if (!d) {
		int rc = errno == ENOENT ? 0 : -1;
		if (rc < 0)
			*err = xasprintf("cannot open folder '%s': %s", full, strerror(errno));
		free(full);
		return rc;
	}
	while ((de = readdir(d))) {
		struct stat st;
		char *rel, *path;
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		rel = xasprintf("%s/%s", dir, de->d_name);
		path = xasprintf("%s/%s", labs, rel);
		if (lstat(path, &st) == 0 && !S_ISDIR(st.st_mode) && !find_file(s, rel))
			push_entry(e, rel, NULL, TANGLE_EXTRA);
		else
			free(rel);
		free(path);
	}
	closedir(d);
	free(full);
	return 0;
}

static int make_dir(const char *path, char **err)
{
	if (mkdir(path, 0755) == 0 || errno == EEXIST)
		return 0;
	*err = xasprintf("cannot make folder '%s': %s", path, strerror(errno));
	return -1;
}

/* Makes labs and the folder of rel in it. */
static int make_parents(const char *labs, const char *rel, char **err)
{
	const char *slash = strrchr(rel, '/');
	int rc = make_dir(labs, err);

	if (rc == 0 && slash) {
		char *dir = xasprintf("%s/%.*s", labs, (int)(slash - rel), rel);
		rc = make_dir(dir, err);
		free(dir);
	}
	return rc;
}

static int apply(const char *labs, const struct entry *e, char **err)
{
	char *path = xasprintf("%s/%s", labs, e->path);
	int rc = 0;

	if (e->change == TANGLE_EXTRA) {
		if (unlink(path) < 0 && errno != ENOENT) {
			*err = xasprintf("cannot remove '%s': %s", path, strerror(errno));
			rc = -1;
		}
	} else if ((rc = make_parents(labs, e->path, err)) == 0) {
		rc = atomic_write(path, e->want->data, e->want->len, NULL, err) == ATOMIC_OK ? 0 : -1;
	}
	free(path);
	return rc;
}

int tangle_sync(const struct tangle_set *s, const char *labs, int write, tangle_change_fn fn, void *ctx,
		char **err)
{
	struct entries e = { NULL, 0 };
	char **stale = NULL;
	size_t nstale = 0;
	int rc = 0;

	for (size_t i = 0; i < s->nfiles && rc == 0; i++) {
		const struct tangle_file *f = &s->files[i];
		char *path = xasprintf("%s/%s", labs, f->path), *have;
		size_t len;
		if (read_file(path, &have, &len) == 0) {
			if (len != f->len || memcmp(have, f->data, len) != 0)
				push_entry(&e, xstrdup(f->path), f, TANGLE_DIFFERS);
			free(have);
		} else if (errno == ENOENT || errno == ENOTDIR) {
			push_entry(&e, xstrdup(f->path), f, TANGLE_MISSING);
		} else {
			*err = xasprintf("cannot read '%s': %s", path, strerror(errno));
			rc = -1;
		}
		free(path);
	}
	for (size_t i = 0; i < s->ndirs && rc == 0; i++)
		rc = find_extras(s, labs, s->dirs[i], &e, err);
	if (rc == 0 && s->whole_course) {
		DIR *d = opendir(labs);
		struct dirent *de;
		while (d && (de = readdir(d))) {
			int owned = 0;
			if (!is_lab_dir_name(de->d_name))
				continue;
			for (size_t k = 0; k < s->ndirs; k++)
				owned |= strcmp(s->dirs[k], de->d_name) == 0;
			if (owned)
				continue;
			stale = xreallocarray(stale, nstale + 1, sizeof *stale);
			stale[nstale++] = xstrdup(de->d_name);
		}
		if (d)
			closedir(d);
		for (size_t i = 0; i < nstale && rc == 0; i++)
			rc = find_extras(s, labs, stale[i], &e, err);
	}
	if (rc == 0) {
		if (e.n)
			qsort(e.v, e.n, sizeof *e.v, cmp_entry);
		for (size_t i = 0; i < e.n && rc == 0; i++) {
			char *path = xasprintf("%s/%s", labs, e.v[i].path);
			if (write)
				rc = apply(labs, &e.v[i], err);
			if (rc == 0 && fn)
				fn(ctx, path, e.v[i].change);
			free(path);
		}
		if (write)
			for (size_t i = 0; i < nstale; i++) {
				char *dir = xasprintf("%s/%s", labs, stale[i]);
				rmdir(dir); /* only if empty: a student's subfolder keeps it */
				free(dir);
			}
	}
	for (size_t i = 0; i < e.n; i++)
		free(e.v[i].path);
	free(e.v);
	free_words(stale, nstale);
	return rc < 0 ? -1 : (int)e.n;
}
