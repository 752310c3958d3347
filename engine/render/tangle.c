/*
 * tangle.c: lessons to lab files, in memory, then onto the disk.
 *
 * The lab files are for students: comments say where the code came from in
 * words, and the README says how to build and run each program by hand as
 * well as with make.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/embedded.h"
#include "base/fs.h"
#include "base/keyhash.h"
#include "lesson/lessonfiles.h"
#include "base/strvec.h"
#include "render/tangle.h"

/* engine/include/litlab.h, embedded at build time (engine/embed-file.sh). */

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
	free_words(s->built, s->nbuilt);
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

/* The lesson's and the block's flags, each word quoted for the student's shell. */
static void add_flags(struct buf *out, const struct lesson *l, const struct block *b)
{
	strvec_add_sh(out, l->cflags, 0);
	strvec_add_sh(out, b->cflags, 0);
}

static void lab_section(struct buf *r, const struct lesson *l, const struct block *b)
{
	const struct output_block *out = block_output(b, STREAM_STDOUT);
	const struct output_block *err = block_output(b, STREAM_STDERR);
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
	if (b->nsources) {
		buf_adds(r, "- files:");
		if (lessonfiles_own_code(b))
			buf_addf(r, " `%s.c`,", b->id);
		for (size_t i = 0; i < b->nsources; i++)
			buf_addf(r, " `%s`,", b->sources[i]);
		buf_addf(r, " `%s.mk`", b->id);
	} else {
		buf_addf(r, "- files: `%s.c`", b->id);
	}
	if (b->has_stdin)
		buf_addf(r, ", `%s.stdin`", b->id);
	if (b->mode != MODE_COMPILE_FAIL && out)
		buf_addf(r, ", `%s.expected`", b->id);
	if (b->mode != MODE_COMPILE_FAIL && err)
		buf_addf(r, ", `%s.expected-stderr`", b->id);
	if (b->nsources) {
		buf_addf(r, "\n- by hand, in this folder: `make -f %s.mk%s`%s\n", b->id, block_executes(b) ? " run" : "",
			 b->mode == MODE_COMPILE_FAIL ? " (it must fail)" : "");
	} else {
		buf_adds(r, "\n- by hand, in this folder: `cc");
		add_flags(r, l, b);
	}
	if (b->nsources) {
	} else if (block_executes(b)) {
		buf_addf(r, " -I ../include -o %s %s.c", b->id, b->id);
		strvec_add_sh(r, b->ldlibs, 0);
		buf_addf(r, " && ./%s", b->id);
		strvec_add_sh(r, b->args, 0);
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

/* The lesson files and the sessions, for the README. */
static void lab_sessions(struct buf *r, const struct lesson *l)
{
	size_t nfiles = 0, nsessions = 0;

	for (size_t i = 0; i < l->nblocks; i++) {
		nfiles += l->blocks[i].file && lessonfiles_is_last(l, &l->blocks[i]);
		nsessions += l->blocks[i].mode == MODE_SESSION && !l->blocks[i].bad_attrs;
	}
	if (nfiles) {
		buf_adds(r, "\n## Lesson files\n\nThe files the lesson shows, each as it stands at the end of the lesson "
			    "(a program the\nlesson checked with an earlier version of one is run by `make lab` with "
			    "that version):\n\n");
		for (size_t i = 0; i < l->nblocks; i++) {
			const struct block *b = &l->blocks[i];
			int prev;
			if (!b->file || !lessonfiles_is_last(l, b))
				continue;
			int v = lessonfiles_version(l, b, &prev);
			buf_addf(r, "- `%s` (lesson lines %d-%d%s)\n", b->file, b->line, b->end_line,
				 v > 1 ? ", its last version" : "");
		}
	}
	if (!nsessions)
		return;
	buf_adds(r, "\n## Sessions\n\nShell sessions of the lesson: `make lab` runs each in a fresh folder "
		    "holding this\nfolder's lesson files, and compares what each command prints with the lesson. "
		    "Type\nthem yourself in a copy of this folder.\n");
	for (size_t i = 0; i < l->nblocks; i++) {
		const struct block *b = &l->blocks[i];
		if (b->mode != MODE_SESSION || b->bad_attrs)
			continue;
		buf_addf(r, "\n### %s (lesson lines %d-%d)\n\n", b->id, b->line, b->end_line);
		for (const char *p = b->code, *end = b->code + b->code_len; p < end;) {
			const char *nl = memchr(p, '\n', (size_t)(end - p));
			size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
			buf_adds(r, "    ");
			buf_add(r, p, n);
			buf_addc(r, '\n');
			p = nl ? nl + 1 : end;
		}
	}
}

static void lab_readme(struct buf *r, const struct lesson *l)
{
	char *lesson = tangle_lesson_name(l);
	char *lab = tangle_lab_name(l->number);
	size_t nlabs = 0, nbuilt = 0, nderived = 0;

	for (size_t i = 0; i < l->nblocks; i++) {
		nlabs += tangle_block_has_lab(&l->blocks[i]);
		nbuilt += tangle_block_has_lab(&l->blocks[i]) && l->blocks[i].mode != MODE_COMPILE_FAIL;
		nderived += l->blocks[i].mode == MODE_DERIVED;
	}
	buf_addf(r, "# Lab %02d: %s\n\n", l->number, l->title ? l->title : "(untitled)");
	buf_addf(r,
		 "The programs of lesson %d, tangled from `%s` by `litlab tangle`.\n"
		 "Edit the `.c` files freely. From the top of the project, run\n\n"
		 "    make %s\n\n"
		 "to build each program with the lesson's flags, run it as `litlab check` does, and\n"
		 "see its output and whether it matches the lesson's. A file you edited is built as it\n"
		 "is, and the report says so. This README is generated: `make labs` writes this folder\n"
		 "again from the lesson, but keeps (and names) every file you edited, which\n"
		 "`.litlab-manifest` tells from the ones it wrote; `litlab tangle --force` replaces them.\n",
		 l->number, lesson, lab);
	if (nlabs == 0)
		buf_adds(r, "\nThis lesson has no program to build.\n");
	else if (nbuilt)
		buf_adds(r, "\nWhat the by-hand commands below build here (a program named after its block, or\n"
			    "an object file) is listed in `.gitignore`: git, `make labs` and\n"
			    "`litlab tangle --check` leave it alone.\n");
	for (size_t i = 0; i < l->nblocks; i++)
		if (tangle_block_has_lab(&l->blocks[i]))
			lab_section(r, l, &l->blocks[i]);
	lab_sessions(r, l);
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

/*
 * The lesson files, each at its last version (the folders on their way
 * are tangle's too), and ID.mk for each program built from sources=.
 */
static void tangle_lesson_files(struct tangle_set *s, const struct lesson *l, const char *lab, struct buf *data)
{
	char *lesson = tangle_lesson_name(l);

	for (size_t i = 0; i < l->nblocks; i++) {
		const struct block *b = &l->blocks[i];
		if (b->file && !b->bad_attrs && lessonfiles_is_last(l, b)) {
			for (const char *slash = b->file; (slash = strchr(slash, '/')); slash++) {
				char *dir = xasprintf("%s/%.*s", lab, (int)(slash - b->file), b->file);
				int known = 0;
				for (size_t k = 0; k < s->ndirs && !known; k++)
					known = strcmp(s->dirs[k], dir) == 0;
				if (!known)
					add_dir(s, dir);
				free(dir);
			}
			buf_add(data, b->code, b->code_len);
			add_file(s, xasprintf("%s/%s", lab, b->file), data);
		}
		if (tangle_block_has_lab(b) && b->nsources) {
			lessonfiles_makefile(l, b, lesson, data);
			add_file(s, xasprintf("%s/%s.mk", lab, b->id), data);
		}
	}
	free(lesson);
}

/* Lists name, a file the by-hand commands build in lab, in its .gitignore (data) and s->built. */
static void built(struct tangle_set *s, const char *lab, const char *name, struct buf *data)
{
	char *path = xasprintf("%s/%s", lab, name);

	for (size_t i = 0; i < s->nbuilt; i++)
		if (strcmp(s->built[i], path) == 0) {
			free(path);
			return;
		}
	buf_addf(data, "/%s\n", name);
	s->built = xreallocarray(s->built, s->nbuilt + 1, sizeof *s->built);
	s->built[s->nbuilt++] = path;
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
	tangle_lesson_files(s, l, lab, &data);
	for (size_t i = 0; i < l->nblocks; i++) {
		const struct block *b = &l->blocks[i];
		const struct output_block *o;
		if (!tangle_block_has_lab(b))
			continue;
		if (lessonfiles_own_code(b) || !b->nsources) {
			tangle_block_source(l, b, &data);
			add_file(s, xasprintf("%s/%s.c", lab, b->id), &data);
		}
		if (b->has_stdin) {
			buf_add(&data, b->stdin_text, b->stdin_len);
			add_file(s, xasprintf("%s/%s.stdin", lab, b->id), &data);
		}
		if (b->mode == MODE_COMPILE_FAIL)
			continue;
		if ((o = block_output(b, STREAM_STDOUT))) {
			buf_add(&data, o->text, o->len);
			add_file(s, xasprintf("%s/%s.expected", lab, b->id), &data);
		}
		if ((o = block_output(b, STREAM_STDERR))) {
			buf_add(&data, o->text, o->len);
			add_file(s, xasprintf("%s/%s.expected-stderr", lab, b->id), &data);
		}
	}
	lab_readme(&data, l);
	add_file(s, xasprintf("%s/README.md", lab), &data);
	/* What the README's by-hand commands leave here: git and tangle leave it alone. */
	for (size_t i = 0; i < l->nblocks; i++) {
		const struct block *b = &l->blocks[i];
		if (!tangle_block_has_lab(b) || (b->mode == MODE_COMPILE_FAIL && !b->nsources))
			continue;
		if (!data.len)
			buf_adds(&data, "# Programs built by hand in this folder, as README.md says: git and\n"
					"# 'litlab tangle' leave them alone. Generated by 'litlab tangle'.\n");
		if (b->nsources) { /* make -f ID.mk: the program and each object it links */
			built(s, lab, b->id, &data);
			if (lessonfiles_own_code(b)) {
				char *own = xasprintf("%s.o", b->id);
				built(s, lab, own, &data);
				free(own);
			}
			for (size_t k = 0; k < b->nsources; k++) {
				char *obj = xstrdup(b->sources[k]);
				obj[strlen(obj) - 1] = 'o'; /* x.c -> x.o */
				built(s, lab, obj, &data);
				free(obj);
			}
			continue;
		}
		char *name = xasprintf("%s%s", b->id, block_executes(b) ? "" : ".o");
		built(s, lab, name, &data);
		free(name);
	}
	if (data.len)
		add_file(s, xasprintf("%s/.gitignore", lab), &data);
	free(lab);
	return 0;
}

/* 1 if rel ("lab-15/hello") is what a lab's by-hand command builds. */

static int is_built(const struct tangle_set *s, const char *rel)
{
	for (size_t i = 0; i < s->nbuilt; i++)
		if (strcmp(s->built[i], rel) == 0)
			return 1;
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
				"output with the lesson's. Each folder's `.litlab-manifest` records what tangle wrote\n"
				"there (`sha256sum -c .litlab-manifest` names the files changed since): tangle keeps\n"
				"a file edited since, and `litlab lab` tells an edit from a lesson that changed.\n\n");
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

/* ---- what tangle wrote ---- */

static void manifest_add(struct tangle_manifest *m, const char *name, size_t name_len, const char *sha)
{
	m->names = xappendarray(m->names, m->n, sizeof *m->names);
	m->sha = xappendarray(m->sha, m->n, sizeof *m->sha);
	m->names[m->n] = xstrndup(name, name_len);
	memcpy(m->sha[m->n], sha, 64);
	m->sha[m->n][64] = '\0';
	m->n++;
}

void tangle_manifest_read(int dirfd, struct tangle_manifest *m)
{
	char *text;
	size_t len;

	memset(m, 0, sizeof *m);
	if (fs_read(dirfd, TANGLE_MANIFEST, 1u << 20, &text, &len) < 0)
		return;
	for (size_t i = 0; i < len;) {
		const char *line = text + i, *nl = memchr(line, '\n', len - i);
		size_t n = nl ? (size_t)(nl - line) : len - i;
		i += n + 1;
		if (n > 66 && strspn(line, "0123456789abcdef") == 64 && line[64] == ' ' && line[65] == ' ' &&
		    !memchr(line + 66, '/', n - 66) && !memchr(line + 66, '\0', n - 66))
			manifest_add(m, line + 66, n - 66, line);
	}
	free(text);
}

void tangle_manifest_release(struct tangle_manifest *m)
{
	free_words(m->names, m->n);
	free(m->sha);
	memset(m, 0, sizeof *m);
}

const char *tangle_manifest_get(const struct tangle_manifest *m, const char *name)
{
	for (size_t i = 0; i < m->n; i++)
		if (strcmp(m->names[i], name) == 0)
			return m->sha[i];
	return NULL;
}

enum tangle_origin tangle_origin_of(const struct tangle_manifest *m, const char *name, const char *data, size_t len)
{
	const char *want = tangle_manifest_get(m, name);
	char have[65];

	if (!want)
		return TANGLE_UNKNOWN;
	key_sha256(data, len, have);
	return strcmp(have, want) == 0 ? TANGLE_UNTOUCHED : TANGLE_EDITED;
}

/* ---- onto the disk ---- */

/* One difference, and what writing does about it. */
struct item {
	char *rel; /* below the labs folder */
	const char *data; /* bytes to write; NULL: remove */
	size_t len;
	char *own;	  /* data, when the item owns it (a manifest) */
	enum tangle_change change;
	enum tangle_origin origin;
	int folder; /* rel is a lab folder that is not one */
	int act;    /* writing writes or removes it; else it is kept */
};

struct sync {
	const struct tangle_set *s;
	const struct tangle_opts *o;
	int root; /* the labs folder, or -1 when it does not exist */
	struct item *v;
	size_t n;
	char **err;
};

static struct item *add_item(struct sync *y, char *rel, enum tangle_change change, enum tangle_origin origin)
{
	y->v = xappendarray(y->v, y->n, sizeof *y->v);
	struct item *it = &y->v[y->n++];
	memset(it, 0, sizeof *it);
	it->rel = rel;
	it->change = change;
	it->origin = origin;
	return it;
}

static char *join(const char *dir, const char *name)
{
	return *dir ? xasprintf("%s/%s", dir, name) : xstrdup(name);
}

static char *shown(const struct sync *y, const char *rel)
{
	return *rel ? xasprintf("%s/%s", y->o->labs, rel) : xstrdup(y->o->labs);
}

static int fail_at(struct sync *y, const char *what, const char *rel, int e)
{
	char *p = shown(y, rel);

	*y->err = xasprintf("cannot %s '%s': %s", what, p, fs_strerror(e));
	free(p);
	return -1;
}

/* The part of path before its last '/' ("" for none) is dir. */
static int in_dir(const char *path, const char *dir)
{
	const char *slash = strrchr(path, '/');
	size_t n = slash ? (size_t)(slash - path) : 0;

	return strlen(dir) == n && strncmp(path, dir, n) == 0;
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
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

struct line {
	const char *name;
	const char *sha;
};

static int cmp_line(const void *a, const void *b)
{
	return strcmp(((const struct line *)a)->name, ((const struct line *)b)->name);
}

/* A manifest's text: "SHA  NAME" lines sorted by name. */
static char *manifest_text(struct line *v, size_t n)
{
	struct buf b = BUF_INIT;

	if (n)
		qsort(v, n, sizeof *v, cmp_line);
	for (size_t i = 0; i < n; i++)
		buf_addf(&b, "%s  %s\n", v[i].sha, v[i].name);
	return buf_detach(&b, NULL);
}

/* A regular file's bytes, read whole when it is at most TANGLE_FILE_MAX; *big when it is longer. */
static int read_entry(struct sync *y, int dfd, const char *dir, const char *name, char **data, size_t *len, int *big)
{
	*big = 0;
	*data = NULL;
	*len = 0;
	if (fs_read(dfd, name, TANGLE_FILE_MAX, data, len) == 0)
		return 0;
	if (errno == EFBIG) {
		*big = 1;
		return 0;
	}
	char *rel = join(dir, name);
	int rc = fail_at(y, "read", rel, errno);
	free(rel);
	return rc;
}

/*
 * Compares the folder dir of the labs (owned: some lesson writes files in
 * it; stale: a lab folder no lesson produces) and adds its differences.
 */
static int scan_folder(struct sync *y, const char *dir, int owned, int stale)
{
	const struct tangle_set *s = y->s;
	int write = y->o->write, force = y->o->force;
	int dfd = -1, rc = 0;
	struct fs_entry *ents = NULL;
	size_t nents = 0, nlines = 0, npure = 0;
	struct tangle_manifest old;
	struct line *lines = NULL, *pure = NULL;
	char (*hashes)[65] = xcalloc(s->nfiles + 1, sizeof *hashes);
	char *mtext = NULL;
	size_t mlen = 0;
	int mstate = 0; /* the manifest on disk: 0 none, 1 a file (mtext), 2 not a file */

	memset(&old, 0, sizeof old);
	if (y->root >= 0) {
		dfd = *dir ? fs_open_dir(y->root, dir) : fcntl(y->root, F_DUPFD_CLOEXEC, 3);
		if (dfd < 0 && (errno == ELOOP || errno == FS_ENOTDIR)) {
			/* A link (to a victim's folder) or a file where a lab folder goes: never entered. */
			struct item *it = add_item(y, xstrdup(dir), stale ? TANGLE_EXTRA : TANGLE_DIFFERS, TANGLE_NOT_FILE);
			it->folder = 1;
			it->act = force;
			if (!force || stale)
				goto out;
		} else if (dfd < 0 && errno != ENOENT) {
			rc = fail_at(y, "open folder", dir, errno);
			goto out;
		}
	}
	if (dfd >= 0) {
		tangle_manifest_read(dfd, &old);
		if (fs_list(dfd, "", &ents, &nents) < 0) {
			rc = fail_at(y, "list folder", dir, errno);
			goto out;
		}
	}

	/* The files the lessons give here. */
	for (size_t i = 0; i < s->nfiles && rc == 0 && !stale; i++) {
		const struct tangle_file *f = &s->files[i];
		const char *name = base_name(f->path);
		const struct fs_entry *e = NULL;
		if (!in_dir(f->path, dir))
			continue;
		key_sha256(f->data, f->len, hashes[i]);
		pure = xappendarray(pure, npure, sizeof *pure);
		pure[npure++] = (struct line){ name, hashes[i] };
		for (size_t k = 0; k < nents && !e; k++)
			if (strcmp(ents[k].name, name) == 0)
				e = &ents[k];
		if (!e) {
			add_item(y, xstrdup(f->path), TANGLE_MISSING, TANGLE_UNKNOWN)->act = 1;
		} else if (e->type != S_IFREG) {
			struct item *it = add_item(y, xstrdup(f->path), TANGLE_DIFFERS, TANGLE_NOT_FILE);
			it->act = force && e->type != S_IFDIR;
		} else {
			char *have;
			size_t len;
			int big;
			if ((rc = read_entry(y, dfd, dir, name, &have, &len, &big)) < 0)
				break;
			if (!big && len == f->len && memcmp(have, f->data, len) == 0) {
				lines = xappendarray(lines, nlines, sizeof *lines);
				lines[nlines++] = (struct line){ name, hashes[i] };
				free(have);
				continue;
			}
			enum tangle_origin origin = big ? (tangle_manifest_get(&old, name) ? TANGLE_EDITED : TANGLE_UNKNOWN)
							: tangle_origin_of(&old, name, have, len);
			free(have);
			add_item(y, xstrdup(f->path), TANGLE_DIFFERS, origin)->act = origin == TANGLE_UNTOUCHED || force;
		}
		struct item *it = &y->v[y->n - 1];
		it->data = f->data;
		it->len = f->len;
		if (write && it->act) {
			lines = xappendarray(lines, nlines, sizeof *lines);
			lines[nlines++] = (struct line){ name, hashes[i] };
		} else if (tangle_manifest_get(&old, name)) {
			lines = xappendarray(lines, nlines, sizeof *lines);
			lines[nlines++] = (struct line){ name, tangle_manifest_get(&old, name) };
		}
	}

	/* What is there and no lesson gives, in a folder tangle owns. */
	for (size_t k = 0; k < nents && rc == 0 && (owned || stale); k++) {
		const struct fs_entry *e = &ents[k];
		int wanted = 0;
		if (e->name[0] == '.' || e->type == S_IFDIR)
			continue; /* an editor's file, or a student's folder */
		for (size_t i = 0; i < s->nfiles && !wanted && !stale; i++)
			wanted = in_dir(s->files[i].path, dir) && strcmp(base_name(s->files[i].path), e->name) == 0;
		if (wanted)
			continue;
		enum tangle_origin origin = TANGLE_NOT_FILE;
		if (e->type == S_IFREG) {
			char *have;
			size_t len;
			int big;
			if ((rc = read_entry(y, dfd, dir, e->name, &have, &len, &big)) < 0)
				break;
			origin = big ? (tangle_manifest_get(&old, e->name) ? TANGLE_EDITED : TANGLE_UNKNOWN)
				     : tangle_origin_of(&old, e->name, have, len);
			free(have);
		}
		char *rel = join(dir, e->name);
		if (origin == TANGLE_UNKNOWN && is_built(s, rel)) {
			free(rel); /* a program the student built by hand, as the README says */
			continue;
		}
		struct item *it = add_item(y, rel, TANGLE_EXTRA, origin);
		it->act = origin == TANGLE_UNTOUCHED || force;
		if (!(write && it->act) && tangle_manifest_get(&old, e->name)) {
			lines = xappendarray(lines, nlines, sizeof *lines);
			lines[nlines++] = (struct line){ e->name, tangle_manifest_get(&old, e->name) };
		}
	}
	if (rc < 0)
		goto out;

	/* The manifest: what tangle wrote here, as it will be (writing) or as a clean tangle has it (checking). */
	for (size_t k = 0; k < nents; k++)
		if (strcmp(ents[k].name, TANGLE_MANIFEST) == 0)
			mstate = ents[k].type == S_IFREG ? 1 : 2;
	if (mstate == 1 && fs_read(dfd, TANGLE_MANIFEST, 1u << 20, &mtext, &mlen) < 0)
		mstate = 2;
	char *want = write ? manifest_text(lines, nlines) : manifest_text(pure, npure);
	char *mrel = join(dir, TANGLE_MANIFEST);
	if (!*want && mstate) {
		/* None to keep: a stale folder's, emptied. */
		struct item *it = add_item(y, mrel, TANGLE_EXTRA, mstate == 1 ? TANGLE_UNTOUCHED : TANGLE_NOT_FILE);
		it->act = 1;
		free(want);
	} else if (*want && (mstate != 1 || strlen(want) != mlen || memcmp(want, mtext, mlen) != 0)) {
		struct item *it = add_item(y, mrel, mstate ? TANGLE_DIFFERS : TANGLE_MISSING,
					   mstate == 2 ? TANGLE_NOT_FILE : TANGLE_UNTOUCHED);
		it->own = want;
		it->data = want;
		it->len = strlen(want);
		it->act = 1;
	} else {
		free(want);
		free(mrel);
	}
out:
	if (dfd >= 0)
		close(dfd);
	free(mtext);
	free(lines);
	free(pure);
	fs_entries_free(ents, nents);
	tangle_manifest_release(&old);
	free(hashes);
	return rc;
}

static int cmp_item(const void *a, const void *b)
{
	return strcmp(((const struct item *)a)->rel, ((const struct item *)b)->rel);
}

/* Writes or removes one item below the labs folder. */
static int apply(struct sync *y, const struct item *it)
{
	char *dir = xstrndup(it->rel, (size_t)(base_name(it->rel) - it->rel));
	int rc = 0;

	if (*dir)
		dir[strlen(dir) - 1] = '\0';
	if (!it->data) {
		if (fs_unlink(y->root, it->rel) < 0)
			rc = fail_at(y, "remove", it->rel, errno);
	} else {
		int dfd = fs_mkdirs(y->root, *dir ? dir : ".", 0755);
		if (dfd < 0) {
			rc = fail_at(y, "make folder", dir, errno);
		} else {
			if (fs_replace(dfd, base_name(it->rel), it->data, it->len, 0, 1) < 0)
				rc = fail_at(y, "write", it->rel, errno);
			close(dfd);
		}
	}
	free(dir);
	return rc;
}

static int open_labs(const struct tangle_opts *o, int create)
{
	if (o->named || !o->top)
		return fs_open_top(o->labs, o->named, create, 0755);
	return fs_open_below(o->top, TANGLE_LABS, create, 0755);
}

int tangle_sync(const struct tangle_set *s, const struct tangle_opts *o, char **err)
{
	struct sync y = { s, o, -1, NULL, 0, err };
	char **stale = NULL;
	size_t nstale = 0;
	int rc = 0;

	y.root = open_labs(o, 0);
	if (y.root < 0 && errno != ENOENT) {
		if (errno == ELOOP)
			*err = xasprintf("'%s' is a symbolic link: litlab does not follow a link for the labs folder it "
					 "picks itself (name the folder with --labs to use it)",
					 o->labs);
		else
			*err = xasprintf("cannot open the labs folder '%s': %s", o->labs, fs_strerror(errno));
		return -1;
	}

	/* The folders: the labs folder itself (its README.md), those the lessons give, stale lab folders. */
	if (s->whole_course)
		rc = scan_folder(&y, "", 0, 0);
	for (size_t i = 0; i < s->ndirs && rc == 0; i++)
		rc = scan_folder(&y, s->dirs[i], 1, 0);
	if (rc == 0 && s->whole_course && y.root >= 0) {
		struct fs_entry *ents;
		size_t n;
		if (fs_list(y.root, "", &ents, &n) < 0) {
			rc = fail_at(&y, "list folder", "", errno);
			n = 0;
			ents = NULL;
		}
		for (size_t i = 0; i < n; i++) {
			int owned = 0;
			if (!is_lab_dir_name(ents[i].name))
				continue;
			for (size_t k = 0; k < s->ndirs; k++)
				owned |= strcmp(s->dirs[k], ents[i].name) == 0;
			if (owned)
				continue;
			stale = xappendarray(stale, nstale, sizeof *stale);
			stale[nstale++] = xstrdup(ents[i].name);
		}
		fs_entries_free(ents, n);
		for (size_t i = 0; i < nstale && rc == 0; i++)
			rc = scan_folder(&y, stale[i], 0, 1);
	}

	if (rc == 0 && y.n)
		qsort(y.v, y.n, sizeof *y.v, cmp_item);
	if (rc == 0 && o->write && y.root < 0) {
		int todo = 0;
		for (size_t i = 0; i < y.n; i++)
			todo |= y.v[i].act;
		if (todo && (y.root = open_labs(o, 1)) < 0) {
			*err = xasprintf("cannot make the labs folder '%s': %s", o->labs, fs_strerror(errno));
			rc = -1;
		}
	}
	for (size_t i = 0; i < y.n && rc == 0; i++) {
		struct item *it = &y.v[i];
		struct tangle_report r = { NULL, it->change, it->origin, it->folder,
					   strcmp(base_name(it->rel), TANGLE_MANIFEST) == 0, 0 };
		if (o->write && it->act) {
			rc = apply(&y, it);
			r.done = rc == 0;
		}
		if (rc == 0 && o->fn) {
			char *p = shown(&y, it->rel);
			r.path = p;
			o->fn(o->ctx, &r);
			free(p);
		}
	}
	if (rc == 0 && o->write)
		for (size_t i = 0; i < nstale; i++)
			unlinkat(y.root, stale[i], AT_REMOVEDIR); /* only if empty: what is kept keeps it */
	int n = (int)y.n;
	for (size_t i = 0; i < y.n; i++) {
		free(y.v[i].rel);
		free(y.v[i].own);
	}
	free(y.v);
	free_words(stale, nstale);
	if (y.root >= 0)
		close(y.root);
	return rc < 0 ? -1 : n;
}
