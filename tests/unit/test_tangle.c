/*
 * test_tangle.c: the lab files a lesson gives (which blocks, which files,
 * their text), that the same lessons always give the same bytes, and
 * tangle_sync() against a real folder: written, in sync, drifted, missing,
 * extra, a stale lab folder of a lesson that is gone, a student's edits kept
 * (the manifest), and what a hostile repository plants in labs/.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/buf.h"
#include "base/fs.h"
#include "base/keyhash.h"
#include "render/tangle.h"
#include "base/util.h"
#include "testutil.h"

static const char lesson_text[] =
	"---\n"
	"title: Tangling\n"
	"cflags: -std=c11 -O2\n"
	"---\n"
	"# Tangling\n"
	"\n"
	"```c id=helper fragment\n"
	"static int twice(int x) { return 2 * x; }\n"
	"```\n"
	"\n"
	"The first lab doubles a number, e.g. a small one. It reads nothing else.\n"
	"\n"
	"```c id=double use=helper args=\"a 'b c'\" exit=0\n"
	"#include <stdio.h>\n"
	"int main(void) { int x; if (scanf(\"%d\", &x) != 1) return 1; printf(\"%d\\n\", twice(x)); return 0; }\n"
	"```\n"
	"\n"
	"```stdin\n"
	"21\n"
	"```\n"
	"\n"
	"```output\n"
	"42\n"
	"```\n"
	"\n"
	"```output stream=stderr\n"
	"```\n"
	"\n"
	"```c id=timed measure samples=3 warmup=1\n"
	"int main(void) { return 0; }\n"
	"```\n"
	"\n"
	"```c id=builds compile-only cflags=\"-DX=1\"\n"
	"int f(void) { return X; }\n"
	"```\n"
	"\n"
	"```c id=broken compile-fail\n"
	"int main(void) { return 0 }\n"
	"```\n"
	"\n"
	"```output\n"
	"error: expected ';'\n"
	"```\n"
	"\n"
	"```python derived reason=\"no python on the course machines\"\n"
	"print(42)\n"
	"```\n"
	"\n"
	"```sh\n"
	"echo display only\n"
	"```\n";

static struct lesson *parse(const char *path, const char *text)
{
	return test_lesson(path, text);
}

static const struct tangle_file *file(const struct tangle_set *s, const char *path)
{
	for (size_t i = 0; i < s->nfiles; i++)
		if (strcmp(s->files[i].path, path) == 0)
			return &s->files[i];
	return NULL;
}

static void make_set(struct tangle_set *s, struct lesson *l, int whole)
{
	char *err = NULL;

	tangle_set_init(s);
	if (tangle_lesson(s, l, &err) < 0) {
		print_error("tangle_lesson: %s\n", err);
		fail();
	}
	tangle_course(s, &l, 1, whole);
}

static void test_names(void **state)
{
	(void)state;
	char *n = tangle_lab_name(0);
	assert_string_equal(n, "lab-00");
	free(n);
	n = tangle_lab_name(15);
	assert_string_equal(n, "lab-15");
	free(n);
	n = tangle_lab_name(123);
	assert_string_equal(n, "lab-123");
	free(n);
	struct lesson *l = parse("/somewhere/else/07-tangling.md", lesson_text);
	n = tangle_lesson_name(l);
	assert_string_equal(n, "lessons/07-tangling.md");
	free(n);
	lesson_free(l);
}

static void test_files(void **state)
{
	(void)state;
	struct lesson *l = parse("lessons/07-tangling.md", lesson_text);
	struct tangle_set s;
	const char *want[] = {
		"README.md",	     "include/litlab.h",	"lab-07/.gitignore",	  "lab-07/README.md",	  "lab-07/broken.c",
		"lab-07/builds.c",   "lab-07/double.c",		"lab-07/double.expected", "lab-07/double.expected-stderr",
		"lab-07/double.stdin", "lab-07/timed.c",
	};

	assert_int_equal(diags_count(&l->diags, SEV_ERROR), 0);
	make_set(&s, l, 1);
	assert_int_equal(s.nfiles, ARRAY_LEN(want));
	for (size_t i = 0; i < ARRAY_LEN(want); i++)
		assert_string_equal(s.files[i].path, want[i]); /* sorted */
	assert_int_equal(s.ndirs, 2);

	assert_string_equal(file(&s, "lab-07/double.stdin")->data, "21\n");
	assert_string_equal(file(&s, "lab-07/double.expected")->data, "42\n");
	assert_string_equal(file(&s, "lab-07/double.expected-stderr")->data, "");

	/* The fragment comes first, each piece under a comment; no #line points at the lesson. */
	const char *c = file(&s, "lab-07/double.c")->data;
	assert_non_null(strstr(c, "block 'double' of\n * lessons/07-tangling.md (lines 13-16)"));
	assert_non_null(strstr(c, "'helper' (lines 7-9)"));
	assert_non_null(strstr(c, "'make lab-07'"));
	assert_null(strstr(c, "#line"));
	const char *frag = strstr(c, "static int twice"), *own = strstr(c, "int main(void)");
	assert_non_null(frag);
	assert_non_null(own);
	assert_true(frag < own);
	assert_true(c[strlen(c) - 1] == '\n');

	const char *r = file(&s, "lab-07/README.md")->data;
	assert_non_null(strstr(r, "# Lab 07: Tangling\n"));
	assert_non_null(strstr(r, "    make lab-07\n"));
	/* What a lab does: the first sentence before it, "e.g." does not end it. */
	assert_non_null(strstr(r, "\nThe first lab doubles a number, e.g. a small one.\n"));
	assert_non_null(strstr(r, "`cc -std=c11 -O2 -I ../include -o double double.c && ./double a 'b c' < "
				  "double.stdin`"));
	assert_non_null(strstr(r, "`cc -std=c11 -O2 -DX=1 -I ../include -c builds.c`"));
	assert_non_null(strstr(r, "(it must fail)"));
	assert_non_null(strstr(r, "- measured: 1 warmup run, then 3 timed samples\n"));
	assert_non_null(strstr(r, "- `python-1` (python, lines 45-47): no python on the course machines\n"));
	assert_null(strstr(r, "display only"));
	/* What the by-hand commands build: programs and the compile-only object, not compile-fail's. */
	assert_string_equal(file(&s, "lab-07/.gitignore")->data,
			    "# Programs built by hand in this folder, as README.md says: git and\n"
			    "# 'litlab tangle' leave them alone. Generated by 'litlab tangle'.\n"
			    "/double\n/timed\n/builds.o\n");
	assert_non_null(strstr(r, "is listed in `.gitignore`"));
	assert_non_null(strstr(file(&s, "README.md")->data, "- `lab-07/`: Tangling (`make lab-07`, 4 programs)\n"));

	tangle_set_release(&s);
	lesson_free(l);
}

static void test_deterministic(void **state)
{
	(void)state;
	struct lesson *a = parse("lessons/07-tangling.md", lesson_text);
	struct lesson *b = parse("elsewhere/07-tangling.md", lesson_text);
	struct tangle_set sa, sb;

	make_set(&sa, a, 1);
	make_set(&sb, b, 1);
	assert_int_equal(sa.nfiles, sb.nfiles);
	for (size_t i = 0; i < sa.nfiles; i++) {
		assert_string_equal(sa.files[i].path, sb.files[i].path);
		assert_int_equal(sa.files[i].len, sb.files[i].len);
		assert_memory_equal(sa.files[i].data, sb.files[i].data, sa.files[i].len);
	}
	tangle_set_release(&sa);
	tangle_set_release(&sb);
	lesson_free(a);
	lesson_free(b);
}

static void test_refused(void **state)
{
	(void)state;
	struct tangle_set s;
	char *err = NULL;
	struct lesson *l = parse("notes.md", "```c id=a\nint main(void) { return 0; }\n```\n");

	tangle_set_init(&s);
	assert_int_equal(tangle_lesson(&s, l, &err), -1);
	assert_non_null(strstr(err, "'notes.md' has no lesson number"));
	free(err);
	lesson_free(l);
	l = parse("lessons/08-bad.md", "```c id=a bogus=1\nint main(void) { return 0; }\n```\n");
	assert_int_equal(tangle_lesson(&s, l, &err), -1);
	assert_non_null(strstr(err, "has errors"));
	free(err);
	assert_int_equal(s.nfiles, 0);
	lesson_free(l);
	tangle_set_release(&s);
}

/* ---- against a folder ---- */

struct seen {
	char text[8192];
};

static void record(void *ctx, const struct tangle_report *r)
{
	struct seen *s = ctx;
	const char *what = r->change == TANGLE_DIFFERS ? "differs" : r->change == TANGLE_MISSING ? "missing" : "extra";
	const char *origin = r->change == TANGLE_MISSING	   ? ""
			     : r->origin == TANGLE_UNTOUCHED ? ""
			     : r->origin == TANGLE_EDITED    ? " edited"
			     : r->origin == TANGLE_UNKNOWN   ? " unknown"
							     : " not-file";
	const char *rel = strstr(r->path, "/labs/") ? strstr(r->path, "/labs/") + 1 : r->path;
	size_t n = strlen(s->text);

	if (r->manifest)
		return; /* checked on their own below */
	snprintf(s->text + n, sizeof s->text - n, "%s%s %s%s\n", what, origin, rel, r->done ? "" : " (kept)");
}

static void write_text(const char *path, const char *text)
{
	FILE *fp = fopen(path, "w");

	assert_non_null(fp);
	fputs(text, fp);
	assert_int_equal(fclose(fp), 0);
}

static char *read_text(const char *path)
{
	char *text;
	size_t len;

	return fs_read_path(path, 1u << 30, &text, &len) == 0 ? text : NULL;
}

static int sync_opts(const struct tangle_set *s, const char *labs, int write, int force, struct seen *seen)
{
	char *err = NULL;
	struct tangle_opts o = { labs, 1, write, force, record, seen, NULL };
	int n;

	seen->text[0] = '\0';
	n = tangle_sync(s, &o, &err);
	if (n < 0) {
		print_error("tangle_sync: %s\n", err);
		fail();
	}
	return n;
}

static int sync_seen(const struct tangle_set *s, const char *labs, int write, struct seen *seen)
{
	return sync_opts(s, labs, write, 0, seen);
}

static void rm_tree(const char *dir)
{
	fs_remove_named(dir);
}

static char *scratch(void)
{
	const char *tmp = getenv("TMPDIR");
	char *root = xasprintf("%s/litlab-test-tangle-XXXXXX", tmp && *tmp ? tmp : "/tmp");

	assert_non_null(mkdtemp(root));
	return root;
}

static void test_sync(void **state)
{
	(void)state;
	char *root = scratch();
	struct lesson *l = parse("lessons/07-tangling.md", lesson_text);
	struct tangle_set s;
	struct seen seen;
	struct stat st;

	char *labs = xasprintf("%s/labs", root);
	make_set(&s, l, 1);

	/* A fresh folder: every file is missing (and each folder's manifest), then written. */
	assert_int_equal(sync_seen(&s, labs, 0, &seen), (int)s.nfiles + 3);
	assert_int_equal(stat(labs, &st), -1); /* checking writes nothing */
	assert_int_equal(sync_seen(&s, labs, 1, &seen), (int)s.nfiles + 3);
	assert_int_equal(sync_seen(&s, labs, 0, &seen), 0);
	char *manifest = xasprintf("%s/lab-07/.litlab-manifest", labs);
	char *text = read_text(manifest);
	char hex[65];
	const struct tangle_file *f = file(&s, "lab-07/double.c");
	key_sha256(f->data, f->len, hex);
	char *line = xasprintf("%s  double.c\n", hex);
	assert_non_null(strstr(text, line)); /* sha256sum's format */
	free(line);
	free(text);

	/* Drift: a removed file, an extra one, a stale lab folder, a file outside any lab folder. */
	char *gone = xasprintf("%s/lab-07/double.stdin", labs);
	char *extra = xasprintf("%s/lab-07/old-lab.c", labs);
	char *stale_dir = xasprintf("%s/lab-03", labs);
	char *stale = xasprintf("%s/lab-03/x.c", labs);
	char *mine = xasprintf("%s/notes.txt", labs);
	char *swap = xasprintf("%s/lab-07/.double.c.swp", labs);
	assert_int_equal(unlink(gone), 0);
	write_text(extra, "x\n");
	assert_int_equal(mkdir(stale_dir, 0755), 0);
	write_text(stale, "x\n");
	write_text(mine, "a file of the student's, outside any lab folder\n");
	write_text(swap, "an editor's file: never reported, never removed\n");
	assert_int_equal(sync_seen(&s, labs, 0, &seen), 3);
	assert_string_equal(seen.text, "extra unknown labs/lab-03/x.c (kept)\n"
				       "missing labs/lab-07/double.stdin (kept)\n"
				       "extra unknown labs/lab-07/old-lab.c (kept)\n");
	/* Writing: the missing file comes back; what tangle did not write is kept, named. */
	assert_int_equal(sync_seen(&s, labs, 1, &seen), 3);
	assert_string_equal(seen.text, "extra unknown labs/lab-03/x.c (kept)\n"
				       "missing labs/lab-07/double.stdin\n"
				       "extra unknown labs/lab-07/old-lab.c (kept)\n");
	assert_int_equal(stat(extra, &st), 0);
	/* --force removes them; the student's file outside a lab folder and the editor's stay. */
	assert_int_equal(sync_opts(&s, labs, 1, 1, &seen), 2);
	assert_int_equal(sync_seen(&s, labs, 0, &seen), 0);
	assert_int_equal(stat(stale_dir, &st), -1);
	assert_int_equal(stat(extra, &st), -1);
	assert_int_equal(stat(mine, &st), 0);
	assert_int_equal(stat(swap, &st), 0);

	/* Tangling one lesson file, not the course, leaves other lab folders alone. */
	tangle_set_release(&s);
	make_set(&s, l, 0);
	assert_int_equal(mkdir(stale_dir, 0755), 0);
	write_text(stale, "x\n");
	assert_int_equal(sync_seen(&s, labs, 0, &seen), 0);

	tangle_set_release(&s);
	lesson_free(l);
	rm_tree(root);
	free(manifest);
	free(gone);
	free(extra);
	free(stale_dir);
	free(stale);
	free(mine);
	free(swap);
	free(labs);
	free(root);
}

/*
 * A student's edit survives the lesson changing: tangle replaces only what
 * it wrote and no one changed since, and removes only such files when no
 * lesson produces them any more (finding 12: 'make labs' wrote over
 * labs/lab-03/shout.c).
 */
static void test_edits_kept(void **state)
{
	(void)state;
	char *root = scratch(), *labs = xasprintf("%s/labs", root), *text;
	struct lesson *l = parse("lessons/07-tangling.md", lesson_text);
	struct tangle_set s;
	struct seen seen;
	struct stat st;

	make_set(&s, l, 1);
	sync_seen(&s, labs, 1, &seen);
	char *src = xasprintf("%s/lab-07/double.c", labs);
	char *exp = xasprintf("%s/lab-07/double.expected", labs);
	write_text(src, "/* my solution */\n");
	tangle_set_release(&s);
	lesson_free(l);

	/* The lesson changes its code and its output. */
	char *changed = xstrdup(lesson_text);
	char *at = strstr(changed, "printf(\"%d\\n\", twice(x))");
	assert_non_null(at);
	memcpy(at, "printf(\"%i\\n\"", 13);
	at = strstr(changed, "```output\n42\n");
	memcpy(at + 10, "41", 2);
	l = parse("lessons/07-tangling.md", changed);
	make_set(&s, l, 1);
	assert_int_equal(sync_seen(&s, labs, 0, &seen), 3); /* the two files, and the manifest */
	assert_string_equal(seen.text, "differs edited labs/lab-07/double.c (kept)\n"
				       "differs labs/lab-07/double.expected (kept)\n");
	sync_seen(&s, labs, 1, &seen);
	assert_string_equal(seen.text, "differs edited labs/lab-07/double.c (kept)\n"
				       "differs labs/lab-07/double.expected\n");
	text = read_text(src);
	assert_string_equal(text, "/* my solution */\n");
	free(text);
	text = read_text(exp);
	assert_string_equal(text, "41\n");
	free(text);
	/* Again: still kept, still named (the manifest keeps the line of what tangle wrote). */
	sync_seen(&s, labs, 1, &seen);
	assert_string_equal(seen.text, "differs edited labs/lab-07/double.c (kept)\n");

	/* A lesson whose blocks go: untouched files are removed, the edited one stays. */
	tangle_set_release(&s);
	lesson_free(l);
	l = parse("lessons/07-tangling.md", "# Nothing to build\n");
	make_set(&s, l, 1);
	sync_seen(&s, labs, 1, &seen);
	assert_non_null(strstr(seen.text, "extra edited labs/lab-07/double.c (kept)\n"));
	assert_non_null(strstr(seen.text, "extra labs/lab-07/double.expected\n"));
	assert_int_equal(stat(exp, &st), -1);
	text = read_text(src);
	assert_string_equal(text, "/* my solution */\n");
	free(text);
	/* --force: the lesson's word. */
	sync_opts(&s, labs, 1, 1, &seen);
	assert_int_equal(stat(src, &st), -1);

	free(changed);
	free(src);
	free(exp);
	tangle_set_release(&s);
	lesson_free(l);
	rm_tree(root);
	free(labs);
	free(root);
}

/*
 * What a hostile repository plants in labs/ (finding 2: a symlinked
 * labs/lab-NN made tangle delete a victim folder's files): a link to a
 * folder as a stale or a produced lab folder, a link and a dangling link
 * as a lab file, a FIFO, a hard link to a file outside, a link planted
 * between two runs. Nothing outside the labs folder is read, written or
 * removed; what is not a regular file is kept unless --force, which removes
 * the link itself.
 */
static void test_hostile_labs(void **state)
{
	(void)state;
	char *root = scratch(), *labs = xasprintf("%s/labs", root), *text;
	char *victim = xasprintf("%s/victim", root);
	struct lesson *l = parse("lessons/07-tangling.md", lesson_text);
	struct tangle_set s;
	struct seen seen;
	struct stat st;
	char *err = NULL;

	assert_int_equal(mkdir(victim, 0755), 0);
	char *thesis = xasprintf("%s/thesis.tex", victim), *outside = xasprintf("%s/outside.c", root);
	write_text(thesis, "important\n");
	write_text(outside, "OUTSIDE\n");
	make_set(&s, l, 1);
	assert_int_equal(mkdir(labs, 0755), 0);

	/* A stale lab folder that is a link to the victim's folder; lab-07 a link to it too. */
	char *p99 = xasprintf("%s/lab-99", labs), *p07 = xasprintf("%s/lab-07", labs);
	assert_int_equal(symlink(victim, p99), 0);
	assert_int_equal(symlink(victim, p07), 0);
	sync_seen(&s, labs, 1, &seen);
	assert_non_null(strstr(seen.text, "differs not-file labs/lab-07 (kept)\n"));
	assert_non_null(strstr(seen.text, "extra not-file labs/lab-99 (kept)\n"));
	assert_null(strstr(seen.text, "lab-07/"));
	text = read_text(thesis);
	assert_string_equal(text, "important\n");
	free(text);
	char *written = xasprintf("%s/double.c", victim);
	assert_int_equal(stat(written, &st), -1); /* nothing written through the link */
	/* --force removes the links themselves and writes a real lab-07. */
	sync_opts(&s, labs, 1, 1, &seen);
	assert_int_equal(lstat(p99, &st), -1);
	assert_int_equal(lstat(p07, &st), 0);
	assert_true(S_ISDIR(st.st_mode));
	text = read_text(thesis);
	assert_string_equal(text, "important\n");
	free(text);
	assert_int_equal(stat(written, &st), -1);

	/* Lab files that are links (to a file outside, dangling), a FIFO, a hard link. */
	char *src = xasprintf("%s/double.c", p07), *in = xasprintf("%s/double.stdin", p07);
	char *exp = xasprintf("%s/double.expected", p07), *extra = xasprintf("%s/notes.h", p07);
	char *readme = xasprintf("%s/README.md", p07);
	assert_int_equal(unlink(src), 0);
	assert_int_equal(symlink(outside, src), 0);
	assert_int_equal(unlink(in), 0);
	assert_int_equal(symlink("nowhere", in), 0);
	assert_int_equal(unlink(exp), 0);
	assert_int_equal(mkfifo(exp, 0644), 0); /* never opened: no writer is waited for */
	assert_int_equal(symlink(thesis, extra), 0);
	assert_int_equal(unlink(readme), 0);
	assert_int_equal(link(outside, readme), 0);
	sync_seen(&s, labs, 1, &seen);
	assert_non_null(strstr(seen.text, "differs not-file labs/lab-07/double.c (kept)\n"));
	assert_non_null(strstr(seen.text, "differs not-file labs/lab-07/double.stdin (kept)\n"));
	assert_non_null(strstr(seen.text, "differs not-file labs/lab-07/double.expected (kept)\n"));
	assert_non_null(strstr(seen.text, "extra not-file labs/lab-07/notes.h (kept)\n"));
	/* The hard link holds other bytes than tangle wrote there: kept; --force replaces the name, never writes through it. */
	assert_non_null(strstr(seen.text, "differs edited labs/lab-07/README.md (kept)\n"));
	sync_opts(&s, labs, 1, 1, &seen);
	assert_int_equal(sync_seen(&s, labs, 0, &seen), 0);
	text = read_text(outside);
	assert_string_equal(text, "OUTSIDE\n");
	free(text);
	text = read_text(thesis);
	assert_string_equal(text, "important\n");
	free(text);
	assert_int_equal(lstat(extra, &st), -1);
	assert_int_equal(lstat(src, &st), 0);
	assert_true(S_ISREG(st.st_mode));

	/* A link planted between two runs, where tangle wrote a file: replaced only with --force, never followed. */
	assert_int_equal(unlink(src), 0);
	assert_int_equal(symlink(outside, src), 0);
	sync_opts(&s, labs, 1, 1, &seen);
	text = read_text(outside);
	assert_string_equal(text, "OUTSIDE\n");
	free(text);
	assert_int_equal(lstat(src, &st), 0);
	assert_true(S_ISREG(st.st_mode));

	/* A manifest planted as a link: never read, replaced by a file. */
	char *manifest = xasprintf("%s/.litlab-manifest", p07);
	assert_int_equal(unlink(manifest), 0);
	assert_int_equal(symlink("/dev/zero", manifest), 0);
	assert_int_equal(sync_seen(&s, labs, 0, &seen), 1);
	sync_seen(&s, labs, 1, &seen);
	assert_int_equal(lstat(manifest, &st), 0);
	assert_true(S_ISREG(st.st_mode));

	/* The default labs folder (not named) as a link: refused whole. */
	char *old = getcwd(NULL, 0);
	assert_int_equal(chdir(root), 0);
	assert_int_equal(symlink("victim", "linked-labs"), 0);
	struct tangle_opts o = { "linked-labs", 0, 1, 1, record, &seen, NULL };
	assert_int_equal(tangle_sync(&s, &o, &err), -1);
	assert_non_null(strstr(err, "'linked-labs' is a symbolic link"));
	free(err);
	assert_int_equal(stat("victim/README.md", &st), -1);
	/* Named, it is taken as named. */
	o.named = 1;
	assert_true(tangle_sync(&s, &o, &err) > 0);
	assert_int_equal(stat("victim/README.md", &st), 0);
	assert_int_equal(chdir(old), 0);
	free(old);

	free(manifest);
	free(src);
	free(in);
	free(exp);
	free(extra);
	free(readme);
	free(written);
	free(p99);
	free(p07);
	free(thesis);
	free(outside);
	free(victim);
	tangle_set_release(&s);
	lesson_free(l);
	rm_tree(root);
	free(labs);
	free(root);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_names),	    cmocka_unit_test(test_files), cmocka_unit_test(test_deterministic),
		cmocka_unit_test(test_refused),	    cmocka_unit_test(test_sync),  cmocka_unit_test(test_edits_kept),
		cmocka_unit_test(test_hostile_labs),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
