/*
 * test_promote.c: which outputs promote accepts (from hand-made evidence, no
 * compiler), the rewrite that changes only their content lines (CRLF, BOM,
 * trailing blanks, containers, fences lengthened for backticks), a property
 * test over random edits of the example lessons (promote refuses a lesson
 * whose structure is broken, or changes only its output blocks), and the
 * atomic replacement: a file changed before the rename, a write that fails
 * half way, and a signal that ends litlab before the rename, each leave the
 * file as it was and no temporary file.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/fs.h"
#include "base/atomic.h"
#include "base/buf.h"
#include "render/promote.h"
#include "sandbox/sandbox.h"
#include "base/util.h"
#include "testutil.h"

#define PATH "lessons/05-promote.md"

static struct lesson *parse(const char *text)
{
	return test_lesson(PATH, text);
}

/* Rewrites text with output `output` of block `block` replaced by repl; returns the new bytes. */
static char *rewrite1(const char *text, size_t block, size_t output, const char *repl)
{
	struct lesson *l = parse(text);
	struct promote_plan plan;
	struct buf out = BUF_INIT;
	char *err = NULL;

	promote_plan_init(&plan);
	promote_plan_add(&plan, block, output, repl, strlen(repl));
	if (promote_rewrite(l, &plan, &out, &err) < 0) {
		print_error("promote_rewrite: %s\n", err);
		fail();
	}
	promote_plan_release(&plan);
	lesson_free(l);
	return buf_detach(&out, NULL);
}

static void test_lf(void **state)
{
	(void)state;
	const char *in = "# T\n\n```c id=a\nint main(void) { return 0; }\n```\n\n```output  \nold\nlines\n```\n\n"
			 "Tail with trailing blanks   \n";
	char *got = rewrite1(in, 0, 0, "new\n");
	assert_string_equal(got, "# T\n\n```c id=a\nint main(void) { return 0; }\n```\n\n```output  \nnew\n```\n\n"
				 "Tail with trailing blanks   \n");
	free(got);
	/* The real output without its final newline, and CRLF in it, are normalised. */
	got = rewrite1(in, 0, 0, "a\r\nb");
	assert_non_null(strstr(got, "```output  \na\nb\n```\n"));
	free(got);
	/* An empty output leaves no content line. */
	got = rewrite1(in, 0, 0, "");
	assert_non_null(strstr(got, "```output  \n```\n"));
	free(got);
}

static void test_crlf_and_bom(void **state)
{
	(void)state;
	const char *in = "\xEF\xBB\xBF# T\r\n\r\n```c id=a   \r\nint main(void) { return 0; }\r\n```\r\n\r\n"
			 "```output match=exact\r\nold\r\n```\r\nend\r\n";
	char *got = rewrite1(in, 0, 0, "one\ntwo\n");
	assert_string_equal(got, "\xEF\xBB\xBF# T\r\n\r\n```c id=a   \r\nint main(void) { return 0; }\r\n```\r\n\r\n"
				 "```output match=exact\r\none\r\ntwo\r\n```\r\nend\r\n");
	free(got);
}

static void test_backticks_lengthen_fences(void **state)
{
	(void)state;
	const char *in = "```c id=a\nint main(void) { return 0; }\n```\n\n```output\nold\n`````\n\nafter\n";
	char *got = rewrite1(in, 0, 0, "x ```` y\n```\n");
	/* The longest run of backticks is 4: both fences become 5, whatever the closing one was. */
	assert_string_equal(got, "```c id=a\nint main(void) { return 0; }\n```\n\n`````output\nx ```` y\n```\n`````\n\n"
				 "after\n");
	free(got);
	/* Backticks shorter than the fence change nothing but the content. */
	got = rewrite1(in, 0, 0, "``\n");
	assert_string_equal(got, "```c id=a\nint main(void) { return 0; }\n```\n\n```output\n``\n`````\n\nafter\n");
	free(got);
	/* A tilde fence grows for tildes, not for backticks. */
	got = rewrite1("```c id=a\nint main(void) { return 0; }\n```\n~~~output\nold\n~~~\n", 0, 0, "~~~~\n```\n");
	assert_string_equal(got, "```c id=a\nint main(void) { return 0; }\n```\n~~~~~output\n~~~~\n```\n~~~~~\n");
	free(got);
}

static void test_containers(void **state)
{
	(void)state;
	/* In a block quote every content line keeps the quote marker; a blank one has no trailing blank. */
	char *got = rewrite1("> ```c id=a\n> int main(void) { return 0; }\n> ```\n>\n> ```output\n> old\n> ```\n", 0,
			     0, "a\n\nb\n");
	assert_string_equal(got,
			    "> ```c id=a\n> int main(void) { return 0; }\n> ```\n>\n> ```output\n> a\n>\n> b\n> ```\n");
	free(got);
	/* In a list item the marker becomes indentation. */
	got = rewrite1("- ```c id=a\n  int main(void) { return 0; }\n  ```\n\n  ```output\n  old\n  ```\n", 0, 0,
		       "  x\n");
	assert_string_equal(got, "- ```c id=a\n  int main(void) { return 0; }\n  ```\n\n  ```output\n    x\n  ```\n");
	free(got);
}

static void test_two_streams_any_order(void **state)
{
	(void)state;
	const char *in = "```c id=a\nint main(void) { return 0; }\n```\n```output\n1\n```\n"
			 "```output stream=stderr\n2\n```\n\n```c id=b\nint main(void) { return 0; }\n```\n"
			 "```output\n3\n```\n";
	struct lesson *l = parse(in);
	struct promote_plan plan;
	struct buf out = BUF_INIT;
	char *err = NULL;

	promote_plan_init(&plan);
	promote_plan_add(&plan, 1, 0, "three\n", 6);
	promote_plan_add(&plan, 0, 1, "two\n", 4);
	promote_plan_add(&plan, 0, 0, "one\n", 4);
	assert_int_equal(promote_rewrite(l, &plan, &out, &err), 0);
	assert_string_equal(out.p, "```c id=a\nint main(void) { return 0; }\n```\n```output\none\n```\n"
				   "```output stream=stderr\ntwo\n```\n\n```c id=b\nint main(void) { return 0; }\n```\n"
				   "```output\nthree\n```\n");
	buf_release(&out);
	promote_plan_release(&plan);
	lesson_free(l);
}

static void test_unclosed_fence_refused(void **state)
{
	(void)state;
	struct lesson *l = parse("```c id=a\nint main(void) { return 0; }\n```\n\n```output\nold\n");
	struct promote_plan plan;
	struct buf out = BUF_INIT;
	char *err = NULL;

	promote_plan_init(&plan);
	promote_plan_add(&plan, 0, 0, "new\n", 4);
	assert_int_equal(promote_rewrite(l, &plan, &out, &err), -1);
	assert_non_null(strstr(err, "05-promote.md:5: this output block is never closed"));
	assert_non_null(strstr(err, "[unclosed-fence]"));
	free(err);
	buf_release(&out);
	promote_plan_release(&plan);
	lesson_free(l);
}

/* ---- the plan, from hand-made evidence ---- */

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void fake_run(struct block_result *br, const char *out, const char *err, int code)
{
	br->ev.compiled = br->ev.compile_ok = br->ev.executed = 1;
	br->ev.run.end = END_EXITED;
	br->ev.run.exit_code = code;
	buf_adds(&br->ev.run.out, out);
	buf_adds(&br->ev.run.err, err);
}

static const struct diag *note_at(const struct diags *d, int line, const char *text)
{
	for (size_t i = 0; i < d->n; i++)
		if (d->v[i].line == line && d->v[i].severity == SEV_NOTE && strstr(d->v[i].message, text))
			return &d->v[i];
	return NULL;
}

static void test_plan(void **state)
{
	(void)state;
	const char *in = "```c id=same\nint main(void) { return 0; }\n```\n```output\nsame\n```\n"	  /* 1-6 */
			 "```c id=differs\nint main(void) { return 0; }\n```\n```output\nold\n```\n" /* 7-12 */
			 "```c id=pattern\nint main(void) { return 0; }\n```\n```output match=ellipsis\na\n...\nz\n```\n" /* 13-20 */
			 "```c id=timed measure\nint main(void) { return 0; }\n```\n```output\nold\n```\n" /* 21-26 */
			 "```c id=fails\nint main(void) { return 0; }\n```\n```output\nold\n```\n"	   /* 27-32 */
			 "```c id=bad compile-fail\nint main(void) { return 0 }\n```\n```output\nold\n```\n" /* 33-38 */
			 "```python derived reason=\"no python\"\nprint(1)\n```\n```output\n1\n```\n"	  /* 39-44 */
			 "```c id=binary\nint main(void) { return 0; }\n```\n```output\nold\n```\n"	   /* 45-50 */
			 "```c id=err\nint main(void) { return 0; }\n```\n```output stream=stderr\nold\n```\n"; /* 51-56 */
	struct lesson_result lr;
	struct promote_plan plan;
	struct diags notes;

	memset(&lr, 0, sizeof lr);
	lr.lesson = parse(in);
	assert_int_equal(lr.lesson->nblocks, 9);
	lr.blocks = xcalloc(lr.lesson->nblocks, sizeof *lr.blocks);
	for (size_t i = 0; i < lr.lesson->nblocks; i++)
		evidence_init(&lr.blocks[i].ev);
	fake_run(&lr.blocks[0], "same\n", "", 0);
	fake_run(&lr.blocks[1], "new\r\n", "", 0);
	fake_run(&lr.blocks[2], "a\nb\n", "", 0);
	fake_run(&lr.blocks[3], "new\n", "", 0);
	fake_run(&lr.blocks[4], "new\n", "", 1);
	lr.blocks[5].ev.compiled = 1;
	buf_adds(&lr.blocks[5].ev.compile_log, "error: expected ';'\n");
	fake_run(&lr.blocks[7], "a\rb\n", "", 0);
	fake_run(&lr.blocks[8], "", "new err\n", 0);

	promote_plan_init(&plan);
	diags_init(&notes);
	promote_plan_make(&plan, &lr, &notes);
	assert_int_equal(plan.n, 2);
	assert_int_equal(plan.v[0].block, 1);
	assert_string_equal(plan.v[0].text, "new\n");
	assert_int_equal(plan.v[1].block, 8);
	assert_string_equal(plan.v[1].text, "new err\n");
	assert_non_null(note_at(&notes, 16, "a pattern (match=ellipsis): not promoted"));
	assert_non_null(note_at(&notes, 24, "measure block 'timed'"));
	assert_non_null(note_at(&notes, 30, "exited with status 1, expected 0"));
	assert_non_null(note_at(&notes, 36, "compile-fail block 'bad'"));
	assert_non_null(note_at(&notes, 48, "cannot show"));
	assert_int_equal(notes.n, 5);
	for (size_t i = 0; i < notes.n; i++)
		assert_string_equal(notes.v[i].rule, "output-mismatch");

	diags_release(&notes);
	promote_plan_release(&plan);
	lesson_result_release(&lr);
}


/* ---- property: random edits of the example lessons ---- */

/*
 * For random edits of real lessons (a fence removed, shortened, lengthened,
 * of the other character, an info string changed or removed, a bare fence
 * or a line inserted, a line removed), promote must either refuse (and name
 * a line), or change only lines of output blocks the lesson's author meant:
 * blocks of the lesson before the edit (in_meant_output()). Every block
 * "printed" something else, so every promotable output changes. A third of
 * the cases get two edits: two can turn a lesson into another well-formed
 * one that no tool can tell from what its author meant (remove a closing
 * fence and the next opening one: the output block now holds the C code
 * that followed it), so there promote must change only what the edited
 * lesson itself calls output blocks. The seed is fixed, the number of cases
 * bounded: the same cases every run (LITLAB_PROPERTY_SEED=N tries others).
 */
#define PROPERTY_SEED 0x5eed12ULL
#define PROPERTY_CASES 150 /* per lesson */

static uint64_t rng_next(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static size_t rng_below(uint64_t *s, size_t n)
{
	return n ? (size_t)(rng_next(s) % n) : 0;
}

/* A lesson as lines (each with its line ending), and for each the line of the original it came from. */
struct edited {
	char **v;
	int *orig; /* 1-based line of the original, 0 for a line an edit inserted */
	size_t n;
	int edits;
	struct buf what; /* the edits, for a failure message */
};

static void edited_from(struct edited *e, const char *text, size_t len)
{
	memset(e, 0, sizeof *e);
	for (size_t i = 0; i < len;) {
		const char *nl = memchr(text + i, '\n', len - i);
		size_t n = nl ? (size_t)(nl - (text + i)) + 1 : len - i;
		e->v = xreallocarray(e->v, e->n + 1, sizeof *e->v);
		e->orig = xreallocarray(e->orig, e->n + 1, sizeof *e->orig);
		e->v[e->n] = xstrndup(text + i, n);
		e->orig[e->n] = (int)e->n + 1;
		e->n++;
		i += n;
	}
}

static void edited_release(struct edited *e)
{
	free_words(e->v, e->n);
	free(e->orig);
	buf_release(&e->what);
}

static char *edited_text(const struct edited *e, size_t *len)
{
	struct buf b = BUF_INIT;

	for (size_t i = 0; i < e->n; i++)
		buf_adds(&b, e->v[i]);
	return buf_detach(&b, len);
}

static void edited_insert(struct edited *e, size_t at, char *line)
{
	e->v = xreallocarray(e->v, e->n + 1, sizeof *e->v);
	e->orig = xreallocarray(e->orig, e->n + 1, sizeof *e->orig);
	memmove(e->v + at + 1, e->v + at, (e->n - at) * sizeof *e->v);
	memmove(e->orig + at + 1, e->orig + at, (e->n - at) * sizeof *e->orig);
	e->v[at] = line;
	e->orig[at] = 0;
	e->n++;
}

static void edited_remove(struct edited *e, size_t at)
{
	free(e->v[at]);
	memmove(e->v + at, e->v + at + 1, (e->n - at - 1) * sizeof *e->v);
	memmove(e->orig + at, e->orig + at + 1, (e->n - at - 1) * sizeof *e->orig);
	e->n--;
}

/* The fence on a line (after blanks and container markers): its offset and length; 0 if none. */
static int line_fence(const char *s, size_t *off, size_t *len)
{
	size_t i = strspn(s, " \t>-*+.)0123456789");

	if ((s[i] != '`' && s[i] != '~') || s[i + 1] != s[i] || s[i + 2] != s[i])
		return 0;
	*off = i;
	*len = strspn(s + i, s[i] == '`' ? "`" : "~");
	return 1;
}

/* One random edit; 0 if it found nothing to edit. */
static int edit_once(struct edited *e, uint64_t *seed)
{
	static const char *const infos[] = { "",	 "output", "c",	     "stdin",	   "text", "c id=zz",
					     "output match=ellipsis", "c compile-fail", "python", "output stream=stderr" };
	size_t fences[4096], nf = 0, off, len;

	for (size_t i = 0; i < e->n && nf < ARRAY_LEN(fences); i++)
		if (line_fence(e->v[i], &off, &len))
			fences[nf++] = i;
	int kind = (int)rng_below(seed, 8);
	if (kind <= 4 && nf == 0)
		kind = 6;
	if (e->n == 0)
		return 0;
	size_t at = kind <= 4 ? fences[rng_below(seed, nf)] : rng_below(seed, e->n);
	e->edits++;
	char *line = e->v[at], *next = NULL;
	const char *eol = strchr(line, '\r') ? "\r\n" : "\n";
	struct buf b = BUF_INIT;
	if (kind <= 4)
		line_fence(line, &off, &len);
	switch (kind) {
	case 0:
		buf_addf(&e->what, " removed fence line %zu;", at + 1);
		edited_remove(e, at);
		return 1;
	case 1: /* shortened */
		buf_add(&b, line, off + len - 1);
		buf_adds(&b, line + off + len);
		buf_addf(&e->what, " shortened the fence on line %zu;", at + 1);
		break;
	case 2: /* lengthened */
		buf_add(&b, line, off + len);
		buf_addc(&b, line[off]);
		buf_adds(&b, line + off + len);
		buf_addf(&e->what, " lengthened the fence on line %zu;", at + 1);
		break;
	case 3: { /* another info string */
		const char *info = infos[rng_below(seed, ARRAY_LEN(infos))];
		buf_add(&b, line, off + len);
		buf_adds(&b, info);
		buf_adds(&b, eol);
		buf_addf(&e->what, " info string '%s' on line %zu;", info, at + 1);
		break;
	}
	case 4: /* the other character */
		buf_add(&b, line, off);
		for (size_t k = 0; k < len; k++)
			buf_addc(&b, line[off] == '`' ? '~' : '`');
		buf_adds(&b, line + off + len);
		buf_addf(&e->what, " other fence character on line %zu;", at + 1);
		break;
	case 5:
	case 6: { /* a bare fence inserted */
		static const char *const bare[] = { "```", "````", "~~~", "``` c", "```output" };
		const char *f = bare[rng_below(seed, ARRAY_LEN(bare))];
		buf_addf(&e->what, " inserted '%s' before line %zu;", f, at + 1);
		edited_insert(e, at, xasprintf("%s%s", f, eol));
		return 1;
	}
	default:
		buf_addf(&e->what, " removed line %zu;", at + 1);
		edited_remove(e, at);
		return 1;
	}
	next = buf_detach(&b, NULL);
	free(e->v[at]);
	e->v[at] = next;
	return 1;
}

/* 1 if the original has a fenced or indented block from line first to line last. */
static int original_block(const struct lesson *o, int first, int last)
{
	cmark_iter *it = cmark_iter_new(o->doc);
	cmark_event_type ev;
	int found = 0;

	while (!found && (ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *n = cmark_iter_get_node(it);
		found = ev == CMARK_EVENT_ENTER && cmark_node_get_type(n) == CMARK_NODE_CODE_BLOCK &&
			cmark_node_get_start_line(n) == first && cmark_node_get_end_line(n) == last;
	}
	cmark_iter_free(it);
	return found;
}

/* 1 if line n (1-based) of lesson o is in one of its output blocks, fences included. */
static int original_output(const struct lesson *o, int n)
{
	for (size_t i = 0; i < o->nblocks; i++)
		for (size_t k = 0; k < o->blocks[i].noutputs; k++)
			if (n >= o->blocks[i].outputs[k].line && n <= o->blocks[i].outputs[k].end_line)
				return 1;
	return 0;
}

/*
 * 1 if line n (1-based) of the edited lesson is inside one of its output
 * blocks, fences included, that its author meant: one that opens and closes
 * on the lines a block of the original opened and closed on (whatever its
 * language was there: an edit may make a block an output block), or one
 * that holds nothing the original had outside its output blocks (an edit
 * may close one early). A block that grew over prose or other blocks is not
 * one the author meant.
 */
static int in_meant_output(const struct lesson *o, const struct lesson *m, const struct edited *e, int n)
{
	if (e->edits > 1)
		return original_output(m, n); /* see test_property_random_edits */
	for (size_t i = 0; i < m->nblocks; i++)
		for (size_t k = 0; k < m->blocks[i].noutputs; k++) {
			const struct output_block *ob = &m->blocks[i].outputs[k];
			if (n < ob->line || n > ob->end_line || (size_t)ob->end_line > e->n)
				continue;
			int first = e->orig[ob->line - 1], last = e->orig[ob->end_line - 1], inside = 1;
			if (first && last && original_block(o, first, last))
				return 1;
			for (int x = ob->line; x <= ob->end_line && inside; x++)
				inside = !e->orig[x - 1] || original_output(o, e->orig[x - 1]);
			if (inside)
				return 1;
		}
	return 0;
}

/*
 * Compares the edited lesson with what promote made of it, line by line
 * (a longest common subsequence); NULL if every line removed or added is in
 * an output block the author meant (in_meant_output()), else what is wrong.
 */
static char *only_outputs(const struct lesson *o, const struct edited *e, const char *edited, size_t edited_len,
			  const char *out, size_t out_len)
{
	struct lesson *m = lesson_parse(o->path, edited, edited_len);
	struct edited p;
	edited_from(&p, out, out_len);
	size_t lo = 0, hi_e = e->n, hi_p = p.n;
	while (lo < e->n && lo < p.n && strcmp(e->v[lo], p.v[lo]) == 0)
		lo++;
	while (hi_e > lo && hi_p > lo && strcmp(e->v[hi_e - 1], p.v[hi_p - 1]) == 0)
		hi_e--, hi_p--;
	size_t n = hi_e - lo, w = hi_p - lo;
	uint32_t *t = xcalloc((n + 1) * (w + 1), sizeof *t);
#define T(i, j) t[(i) * (w + 1) + (j)]
	for (size_t i = n; i-- > 0;)
		for (size_t j = w; j-- > 0;)
			T(i, j) = strcmp(e->v[lo + i], p.v[lo + j]) == 0 ? T(i + 1, j + 1) + 1
				  : T(i + 1, j) > T(i, j + 1)		  ? T(i + 1, j)
									  : T(i, j + 1);
	char *bad = NULL;
	size_t i = 0, j = 0;
	while (!bad && (i < n || j < w)) {
		int line = (int)(lo + i) + 1; /* the edited lesson's line at i, 1-based */
		if (i < n && j < w && strcmp(e->v[lo + i], p.v[lo + j]) == 0) {
			i++, j++;
		} else if (i < n && (j == w || T(i + 1, j) >= T(i, j + 1))) {
			if (!in_meant_output(o, m, e, line))
				bad = xasprintf("removed line %d ('%.*s'), which was in no output block", line,
						(int)strcspn(e->v[lo + i], "\r\n"), e->v[lo + i]);
			i++;
		} else {
			/* Added before edited line `line`: beside a line of an output block. */
			if (!in_meant_output(o, m, e, line - 1) && !in_meant_output(o, m, e, line))
				bad = xasprintf("added '%.*s' before line %d, outside every output block",
						(int)strcspn(p.v[lo + j], "\r\n"), p.v[lo + j], line);
			j++;
		}
	}
#undef T
	free(t);
	edited_release(&p);
	lesson_free(m);
	return bad;
}

/* Promotes every block's "new" output in text, as promote would; 0 done (out filled), -1 refused (err). */
static int promote_all(const char *path, const char *text, size_t len, struct buf *out, char **err)
{
	struct lesson_result lr;
	struct promote_plan plan;
	struct diags notes;

	memset(&lr, 0, sizeof lr);
	lr.lesson = lesson_parse(path, text, len);
	lr.blocks = xcalloc(lr.lesson->nblocks + 1, sizeof *lr.blocks);
	for (size_t i = 0; i < lr.lesson->nblocks; i++) {
		const struct block *b = &lr.lesson->blocks[i];
		struct block_result *br = &lr.blocks[i];
		evidence_init(&br->ev);
		if (block_executes(b)) {
			char *o = xasprintf("promoted %s\n%s", b->id, i % 3 == 0 ? "```\n" : "");
			fake_run(br, o, "promoted stderr\n", b->exit_expected);
			free(o);
		} else if (b->mode == MODE_COMPILE_FAIL) {
			br->ev.compiled = 1;
			buf_adds(&br->ev.compile_log, "error: promoted\n");
		}
	}
	promote_plan_init(&plan);
	diags_init(&notes);
	promote_plan_make(&plan, &lr, &notes);
	int rc = promote_rewrite(lr.lesson, &plan, out, err);
	diags_release(&notes);
	promote_plan_release(&plan);
	lesson_result_release(&lr);
	return rc;
}

static void property_file(const char *path, uint64_t *seed, size_t *refused, size_t *promoted)
{
	char *text, *err = NULL;
	size_t len;

	if (fs_read_path(path, 1u << 30, &text, &len) < 0)
		return;
	struct lesson *o = lesson_parse(path, text, len);
	int sound = diags_count(&o->diags, SEV_ERROR) == 0 && o->norphans == 0;
	for (int c = 0; c <= PROPERTY_CASES; c++) {
		struct edited e;
		struct buf out = BUF_INIT;
		size_t mlen;
		edited_from(&e, text, len);
		/* Case 0 is the lesson as it is; then one edit, or two. */
		if (c > 0) {
			edit_once(&e, seed);
			if (rng_below(seed, 3) == 0)
				edit_once(&e, seed);
		}
		char *m = edited_text(&e, &mlen);
		int rc = promote_all(path, m, mlen, &out, &err);
		if (rc < 0) {
			if (c == 0 && sound) {
				print_error("%s: promote refused the lesson as it is: %s\n", path, err);
				fail();
			}
			/* A refusal names the file and a line. */
			if (strncmp(err, path, strlen(path)) != 0 || err[strlen(path)] != ':') {
				print_error("%s, edits:%s\nthe refusal names no line: %s\n", path, e.what.p, err);
				fail();
			}
			free(err);
			err = NULL;
			(*refused)++;
		} else {
			char *bad = only_outputs(o, &e, m, mlen, out.p, out.len);
			if (bad) {
				print_error("%s, case %d, edits:%s\npromote changed more than output blocks: %s\n", path, c,
					    c ? e.what.p : " none", bad);
				free(bad);
				fail();
			}
			(*promoted)++;
		}
		buf_release(&out);
		free(m);
		edited_release(&e);
	}
	lesson_free(o);
	free(text);
}

static void test_property_random_edits(void **state)
{
	(void)state;
	static const char *const dirs[] = { "lessons", "tests/golden", "../shared/examples" };
	const char *env = getenv("LITLAB_PROPERTY_SEED");
	uint64_t seed = env && *env ? strtoull(env, NULL, 0) | 1 : PROPERTY_SEED;
	size_t refused = 0, promoted = 0;

	for (size_t d = 0; d < ARRAY_LEN(dirs); d++) {
		DIR *dir = opendir(dirs[d]);
		char **names = NULL;
		size_t n = 0;
		for (struct dirent *de; dir && (de = readdir(dir));) {
			size_t k = strlen(de->d_name);
			if (k > 3 && strcmp(de->d_name + k - 3, ".md") == 0 && de->d_name[0] != '.') {
				names = xreallocarray(names, n + 1, sizeof *names);
				names[n++] = xasprintf("%s/%s", dirs[d], de->d_name);
			}
		}
		if (dir)
			closedir(dir);
		if (n) /* ../shared/examples is absent on a fresh clone */
			qsort(names, n, sizeof *names, cmp_names);
		for (size_t i = 0; i < n; i++)
			property_file(names[i], &seed, &refused, &promoted);
		free_words(names, n);
	}
	/* Run from the top of the project: the lessons were there, and both outcomes happened. */
	if (env && *env)
		print_message("seed %s: %zu refused, %zu promoted\n", env, refused, promoted);
	assert_true(refused > 20);
	assert_true(promoted > 20);
}

/* ---- atomic replacement ---- */

static char *make_dir(void)
{
	const char *tmp = getenv("TMPDIR");
	char *dir = xasprintf("%s/litlab-test-promote-XXXXXX", tmp && *tmp ? tmp : "/tmp");

	assert_non_null(mkdtemp(dir));
	return dir;
}

static void write_text(const char *path, const char *text)
{
	FILE *fp = fopen(path, "w");

	assert_non_null(fp);
	fputs(text, fp);
	assert_int_equal(fclose(fp), 0);
}

static char *slurp(const char *path)
{
	char *data;
	size_t len;

	assert_int_equal(fs_read_path(path, 1u << 30, &data, &len), 0);
	return data;
}

static int count_entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	assert_non_null(d);
	while ((e = readdir(d)))
		n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
	closedir(d);
	return n;
}

static void remove_dir(char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	while (d && (e = readdir(d))) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		char *p = xasprintf("%s/%s", dir, e->d_name);
		unlink(p);
		free(p);
	}
	if (d)
		closedir(d);
	rmdir(dir);
	free(dir);
}

static void test_atomic_replace(void **state)
{
	(void)state;
	char *dir = make_dir(), *path = xasprintf("%s/05-x.md", dir), *err = NULL, *got;
	struct stat st;

	assert_int_equal(atomic_write(path, "new file\n", 9, NULL, &err), ATOMIC_OK);
	got = slurp(path);
	assert_string_equal(got, "new file\n");
	free(got);
	assert_int_equal(chmod(path, 0640), 0);
	struct atomic_opts opts = { "new file\n", 9, 0, NULL, NULL };
	assert_int_equal(atomic_write(path, "second\n", 7, &opts, &err), ATOMIC_OK);
	got = slurp(path);
	assert_string_equal(got, "second\n");
	free(got);
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0640);
	assert_int_equal(count_entries(dir), 1);
	free(path);
	remove_dir(dir);
}

static void change_it(void *ctx, const char *path)
{
	(void)ctx;
	write_text(path, "an editor saved this meanwhile\n");
}

static void test_changed_before_rename(void **state)
{
	(void)state;
	char *dir = make_dir(), *path = xasprintf("%s/05-x.md", dir), *err = NULL, *got;

	write_text(path, "as read\n");
	struct atomic_opts opts = { "as read\n", 8, 0, change_it, NULL };
	assert_int_equal(atomic_write(path, "promoted\n", 9, &opts, &err), ATOMIC_CHANGED);
	assert_null(err);
	got = slurp(path);
	assert_string_equal(got, "an editor saved this meanwhile\n");
	free(got);
	assert_int_equal(count_entries(dir), 1);
	/* A file removed meanwhile counts as changed too. */
	unlink(path);
	assert_int_equal(atomic_write(path, "promoted\n", 9, &opts, &err), ATOMIC_CHANGED);
	free(path);
	remove_dir(dir);
}

/* Plants, just before the rename, a link (to a file with the very bytes expected) or a FIFO. */
static void plant_link(void *ctx, const char *path)
{
	assert_int_equal(unlink(path), 0);
	assert_int_equal(symlink(ctx, path), 0);
}

static void plant_fifo(void *ctx, const char *path)
{
	(void)ctx;
	assert_int_equal(unlink(path), 0);
	assert_int_equal(mkfifo(path, 0644), 0);
}

/*
 * The lesson's name, not what a link there names: a link planted between
 * promote's read and its rename counts as a change (nothing written, the
 * link's target untouched, no FIFO opened); a link given as the path is
 * replaced, never written through (promote passes the target of a lesson
 * that is a link, as named).
 */
static void test_atomic_links(void **state)
{
	(void)state;
	char *dir = make_dir(), *path = xasprintf("%s/05-x.md", dir), *victim = xasprintf("%s/victim", dir);
	char *err = NULL, *got;
	struct stat st;

	write_text(path, "as read\n");
	write_text(victim, "as read\n");
	struct atomic_opts opts = { "as read\n", 8, 0, plant_link, victim };
	assert_int_equal(atomic_write(path, "promoted\n", 9, &opts, &err), ATOMIC_CHANGED);
	got = slurp(victim);
	assert_string_equal(got, "as read\n");
	free(got);
	assert_int_equal(lstat(path, &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	assert_int_equal(unlink(path), 0);

	write_text(path, "as read\n");
	opts.before_check = plant_fifo;
	assert_int_equal(atomic_write(path, "promoted\n", 9, &opts, &err), ATOMIC_CHANGED);
	assert_int_equal(unlink(path), 0);

	assert_int_equal(symlink(victim, path), 0);
	assert_int_equal(atomic_write(path, "new\n", 4, NULL, &err), ATOMIC_OK);
	got = slurp(victim);
	assert_string_equal(got, "as read\n");
	free(got);
	assert_int_equal(lstat(path, &st), 0);
	assert_true(S_ISREG(st.st_mode));
	assert_int_equal(count_entries(dir), 2);
	free(path);
	free(victim);
	remove_dir(dir);
}

/* A write that fails half way (the file-size limit) leaves the old file whole and no temporary file. */
static void test_fails_mid_write(void **state)
{
	(void)state;
	char *dir = make_dir(), *path = xasprintf("%s/05-x.md", dir), *err = NULL, *got;
	struct rlimit old, small;
	size_t big = 64 * 1024;
	char *data = xmalloc(big);

	memset(data, 'x', big);
	write_text(path, "the old lesson\n");
	assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
	small = old;
	small.rlim_cur = 4096;
	void (*prev)(int) = signal(SIGXFSZ, SIG_IGN);
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &small), 0);
	int rc = atomic_write(path, data, big, NULL, &err);
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &old), 0);
	signal(SIGXFSZ, prev);
	assert_int_equal(rc, ATOMIC_ERROR);
	assert_non_null(strstr(err, "cannot write"));
	got = slurp(path);
	assert_string_equal(got, "the old lesson\n");
	free(got);
	assert_int_equal(count_entries(dir), 1);
	/* A folder that does not exist: nothing is created. */
	free(err);
	err = NULL;
	char *nowhere = xasprintf("%s/no/such.md", dir);
	assert_int_equal(atomic_write(nowhere, "x", 1, NULL, &err), ATOMIC_ERROR);
	assert_non_null(strstr(err, "cannot create a temporary file"));
	free(err);
	free(nowhere);
	free(data);
	free(path);
	remove_dir(dir);
}

/* Ctrl-C as the lesson's new text is whole in its temporary file: litlab's signal thread ends the process. */
static void interrupt(void *ctx, const char *path)
{
	(void)path;
	if (ctx)
		assert_int_equal(kill(getpid(), SIGINT), 0);
	for (;;)
		pause(); /* SIGINT is blocked in every thread but taken by the signal thread, which exits */
}

/*
 * Runs, in a child that catches signals as litlab does, atomic_write() (ctx
 * "atomic") or fs_replace() through a temporary file of its own (fs_temp(),
 * the file fs_replace() and the cache's writes make), and sends SIGINT with
 * the temporary file made: the child must exit 130 and leave path whole and
 * alone in its folder.
 */
static void signalled_while_writing(const char *how)
{
	char *dir = make_dir(), *path = xasprintf("%s/05-x.md", dir), *got;
	int status;

	write_text(path, "the lesson as the author wrote it\n");
	fflush(NULL);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		char *err = NULL;
		sandbox_catch_signals();
		if (strcmp(how, "atomic") == 0) {
			struct atomic_opts opts = { NULL, 0, 0, interrupt, (void *)how };
			atomic_write(path, "promoted\n", 9, &opts, &err);
		} else {
			int dfd = fs_open_root(dir);
			char *tmp = NULL;
			if (dfd >= 0 && fs_temp(dfd, "05-x.md", &tmp) >= 0)
				interrupt((void *)how, path);
		}
		_exit(3); /* not reached: the signal thread exits 130 */
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 130);
	got = slurp(path);
	assert_string_equal(got, "the lesson as the author wrote it\n");
	free(got);
	assert_int_equal(count_entries(dir), 1);
	free(path);
	remove_dir(dir);
}

static void test_signal_before_rename(void **state)
{
	(void)state;
	signalled_while_writing("atomic");
	signalled_while_writing("temp");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lf),
		cmocka_unit_test(test_crlf_and_bom),
		cmocka_unit_test(test_backticks_lengthen_fences),
		cmocka_unit_test(test_containers),
		cmocka_unit_test(test_two_streams_any_order),
		cmocka_unit_test(test_unclosed_fence_refused),
		cmocka_unit_test(test_plan),
		cmocka_unit_test(test_property_random_edits),
		cmocka_unit_test(test_atomic_replace),
		cmocka_unit_test(test_changed_before_rename),
		cmocka_unit_test(test_atomic_links),
		cmocka_unit_test(test_fails_mid_write),
		cmocka_unit_test(test_signal_before_rename),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
