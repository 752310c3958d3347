/*
 * test_cache.c: the evidence cache: records give back exactly the evidence
 * that was stored (bytes that are not UTF-8, NULs, samples with regions,
 * where and when a block was measured); every input of a key changes it;
 * records are found, a changed header makes its record stale, a corrupt
 * record is no record, and evidence that must run again is not stored; the
 * runner's dependency list names the headers a block includes.
 *
 * Runs from the repository root; needs `cc` in PATH. LITLAB_CACHE_DIR and
 * TMPDIR point into a fresh folder, removed at the end; the header of
 * test_headers() is made in build/ and removed.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <nettle/sha2.h>

#include "base/buf.h"
#include "run/cache.h"
#include "lesson/lesson.h"
#include "run/runner.h"
#include "sandbox/sandbox.h"
#include "base/util.h"
#include "testutil.h"

#define PATH "lessons/16-cache.md"

static char root[] = "/tmp/litlab-cache-test-XXXXXX";
static char *inc_dir; /* test_headers()'s, removed at the end even if it fails */
static struct runner runner;

static int group_setup(void **state)
{
	char *err = NULL;

	(void)state;
	if (!mkdtemp(root))
		return -1;
	char *cache = xasprintf("%s/cache", root);
	setenv("LITLAB_CACHE_DIR", cache, 1);
	setenv("TMPDIR", root, 1);
	setenv("CC", "cc", 1);
	free(cache);
	if (runner_init(&runner, &err) < 0) {
		fprintf(stderr, "runner_init: %s\n", err);
		free(err);
		return -1;
	}
	return 0;
}

static int group_teardown(void **state)
{
	(void)state;
	runner_release(&runner);
	char *cmd = xasprintf("rm -rf '%s' '%s'", root, inc_dir ? inc_dir : root);
	int rc = system(cmd);
	free(cmd);
	free(inc_dir);
	return rc == 0 ? 0 : -1;
}

static struct lesson *parse(const char *text)
{
	return test_lesson_clean(PATH, text);
}

/* Evidence with a bit of everything in it. */
static void fill(struct evidence *ev)
{
	evidence_init(ev);
	ev->compiled = ev->compile_ok = 1;
	ev->compile_end = END_EXITED;
	buf_add(&ev->compile_log, "warn\xff\xfe\0x", 8);
	ev->cflags = xstrdup("-O2 -Wall");
	ev->isolation = xstrdup("C: uid=per-run,pgroup,subreaper,seccomp,rlimits");
	ev->executed = 1;
	ev->run.end = END_EXITED;
	ev->run.exit_code = 3;
	ev->run.limit = "memory";
	buf_add(&ev->run.out, "line\0nul\n", 9);
	buf_add(&ev->run.err, "caf\xc3\xa9 \x80\n", 8);
	ev->run.out_truncated = 1;
	ev->run.wall_ns = 123456789;
	ev->run.user_ns = 1000;
	ev->run.sys_ns = 2000;
	ev->run.max_rss_kb = 1400;
	ev->warmup = 2;
	ev->nsamples = 2;
	ev->samples = xcalloc(2, sizeof *ev->samples);
	for (size_t i = 0; i < 2; i++) {
		ev->samples[i].wall_ns = 100 + (long long)i;
		ev->samples[i].max_rss_kb = 7;
	}
	ev->samples[0].regions.times = xcalloc(1, sizeof(struct region_time));
	ev->samples[0].regions.times[0] = (struct region_time){ xstrdup("parse"), 42, 3 };
	ev->samples[0].regions.n = 1;
	ev->samples[1].regions.error = xstrdup("region 'x' was begun and never ended");
	ev->samples_differ = 2;
	buf_adds(&ev->differ_out, "other\n");
	ev->repeats = 3;
	ev->repeat_differ = 2;
	ev->env = xcalloc(1, sizeof *ev->env);
	*ev->env = (struct envinfo){ xstrdup("/usr/bin/cc"), xstrdup("cc 12"), xstrdup("a cpu"), 4, xstrdup("Debian"),
				     xstrdup("Linux 6"), xstrdup("x86_64"), xstrdup("2026-11-30T03:04:05Z"), 0.5 };
}

static void assert_same(const struct evidence *a, const struct evidence *b)
{
	assert_int_equal(a->compiled, b->compiled);
	assert_int_equal(a->compile_ok, b->compile_ok);
	assert_int_equal(a->compile_end, b->compile_end);
	assert_int_equal(a->compile_log.len, b->compile_log.len);
	assert_memory_equal(a->compile_log.p, b->compile_log.p, a->compile_log.len);
	assert_string_equal(a->cflags, b->cflags);
	assert_string_equal(a->isolation, b->isolation);
	assert_int_equal(a->executed, b->executed);
	assert_int_equal(a->run.end, b->run.end);
	assert_int_equal(a->run.exit_code, b->run.exit_code);
	assert_string_equal(a->run.limit, b->run.limit);
	assert_int_equal(a->run.out.len, b->run.out.len);
	assert_memory_equal(a->run.out.p, b->run.out.p, a->run.out.len);
	assert_int_equal(a->run.err.len, b->run.err.len);
	assert_memory_equal(a->run.err.p, b->run.err.p, a->run.err.len);
	assert_int_equal(a->run.out_truncated, b->run.out_truncated);
	assert_int_equal(a->run.wall_ns, b->run.wall_ns);
	assert_int_equal(a->run.user_ns, b->run.user_ns);
	assert_int_equal(a->run.sys_ns, b->run.sys_ns);
	assert_int_equal(a->run.max_rss_kb, b->run.max_rss_kb);
	assert_int_equal(a->warmup, b->warmup);
	assert_int_equal(a->nsamples, b->nsamples);
	for (size_t i = 0; i < a->nsamples; i++) {
		assert_int_equal(a->samples[i].wall_ns, b->samples[i].wall_ns);
		assert_int_equal(a->samples[i].max_rss_kb, b->samples[i].max_rss_kb);
		assert_int_equal(a->samples[i].regions.n, b->samples[i].regions.n);
		for (size_t k = 0; k < a->samples[i].regions.n; k++) {
			assert_string_equal(a->samples[i].regions.times[k].name, b->samples[i].regions.times[k].name);
			assert_int_equal(a->samples[i].regions.times[k].ns, b->samples[i].regions.times[k].ns);
			assert_int_equal(a->samples[i].regions.times[k].pairs, b->samples[i].regions.times[k].pairs);
		}
		if (a->samples[i].regions.error)
			assert_string_equal(a->samples[i].regions.error, b->samples[i].regions.error);
		else
			assert_null(b->samples[i].regions.error);
	}
	assert_int_equal(a->samples_differ, b->samples_differ);
	assert_string_equal(a->differ_out.p, b->differ_out.p);
	assert_int_equal(a->repeats, b->repeats);
	assert_int_equal(a->repeat_differ, b->repeat_differ);
	assert_non_null(b->env);
	assert_string_equal(a->env->date_utc, b->env->date_utc);
	assert_string_equal(a->env->cpu_model, b->env->cpu_model);
	assert_int_equal(a->env->logical_cores, b->env->logical_cores);
}

static void test_round_trip(void **state)
{
	struct evidence a, b;
	char *err = NULL;

	(void)state;
	fill(&a);
	json_t *j = cache_evidence_json(&a);
	assert_non_null(j);
	/* Through text, as records go. */
	char *text = json_dumps(j, JSON_COMPACT);
	json_decref(j);
	j = json_loads(text, JSON_ALLOW_NUL, NULL);
	assert_non_null(j);
	evidence_init(&b);
	assert_int_equal(cache_evidence_parse(j, &b, &err), 0);
	assert_same(&a, &b);
	json_decref(j);
	free(text);
	evidence_release(&b);

	/* A record missing a field is refused, and leaves nothing behind. */
	j = cache_evidence_json(&a);
	json_object_del(json_object_get(j, "run"), "stdout");
	evidence_init(&b);
	assert_int_equal(cache_evidence_parse(j, &b, &err), -1);
	assert_non_null(err);
	assert_int_equal(b.run.out.len, 0);
	free(err);
	json_decref(j);
	evidence_release(&a);
}

static void test_key(void **state)
{
	struct cache c;
	char base[KEY_HEX + 1], k[KEY_HEX + 1];

	(void)state;
	cache_init(&c, &runner, 0);
	struct lesson *l = parse("```c id=a\nint main(void) { return 0; }\n```\n");
	struct block *b = &l->blocks[0];
	cache_key(&c, &runner, l, b, base);
	assert_int_equal(strlen(base), KEY_HEX);
	cache_key(&c, &runner, l, b, k);
	assert_string_equal(base, k); /* the same inputs, the same key */

#define CHANGES(what, change, undo)                                                                \
	do {                                                                                      \
		change;                                                                           \
		cache_key(&c, &runner, l, b, k);                                                  \
		if (strcmp(base, k) == 0)                                                         \
			fail_msg("%s does not change the key", what);                            \
		undo;                                                                             \
		cache_key(&c, &runner, l, b, k);                                                  \
		assert_string_equal(base, k);                                                     \
	} while (0)
	char *code = b->code;
	CHANGES("the code", b->code = "int main(void) { return 1; }\n", b->code = code);
	CHANGES("cflags=", b->cflags = "-O2", b->cflags = NULL);
	CHANGES("the front matter's cflags", l->cflags = "-O2", l->cflags = NULL);
	CHANGES("ldlibs=", b->ldlibs = "-lm", b->ldlibs = NULL);
	CHANGES("args=", b->args = "x", b->args = NULL);
	CHANGES("stdin", (b->has_stdin = 1, b->stdin_text = "in", b->stdin_len = 2),
		(b->has_stdin = 0, b->stdin_text = NULL, b->stdin_len = 0));
	CHANGES("an empty stdin", b->has_stdin = 1, b->has_stdin = 0);
	CHANGES("timeout=", b->timeout = 3, b->timeout = BLOCK_TIMEOUT_DEFAULT);
	CHANGES("the mode", b->mode = MODE_COMPILE_ONLY, b->mode = MODE_RUN);
	CHANGES("--sanitize", runner.sanitize = 1, runner.sanitize = 0);
	CHANGES("--repeat", runner.repeat = 3, runner.repeat = 0);
	CHANGES("$CC", (free(runner.cc), runner.cc = xstrdup("cc -m64")), (free(runner.cc), runner.cc = xstrdup("cc")));
	const char *iso = runner.isolation;
	CHANGES("the isolation", runner.isolation = "none", runner.isolation = iso);
	CHANGES("disk=", b->disk = 8LL << 20, b->disk = 0);
	CHANGES("files=", b->files = 100, b->files = 0);
	/* litlab's own environment does not reach the compiler: it is no part of the key. */
	setenv("CPATH", "/nowhere", 1);
	cache_key(&c, &runner, l, b, k);
	assert_string_equal(base, k);
	unsetenv("CPATH");
	char *path = l->path;
	CHANGES("the lesson's path", l->path = "other.md", l->path = path);
	char tool[sizeof c.toolchain];
	memcpy(tool, c.toolchain, sizeof tool);
	CHANGES("the compiler", c.toolchain[0] ^= 1, memcpy(c.toolchain, tool, sizeof tool));
	/* samples= and warmup= count for measure blocks. */
	b->mode = MODE_MEASURE;
	cache_key(&c, &runner, l, b, base);
	CHANGES("samples=", b->samples = 99, b->samples = MEASURE_SAMPLES_DEFAULT);
	CHANGES("warmup=", b->warmup = 9, b->warmup = MEASURE_WARMUP_DEFAULT);
	b->mode = MODE_RUN;
#undef CHANGES
	lesson_free(l);
	cache_release(&c);
}

static char *record(const struct cache *c, const char *key)
{
	return xasprintf("%s/evidence/%.2s/%s.json", c->dir, key, key);
}

static void test_store_load(void **state)
{
	struct cache c;
	struct evidence a, b;
	const char *key = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";

	(void)state;
	cache_init(&c, &runner, 0);
	evidence_init(&b);
	assert_int_equal(cache_load(&c, key, &b), 0); /* nothing yet */
	fill(&a);
	cache_store(&c, key, &a);
	cache_flush(&c); /* records are written by a thread of the cache's own */
	assert_int_equal(cache_load(&c, key, &b), 1);
	assert_true(b.cached);
	assert_same(&a, &b);
	evidence_release(&b);

	/* --fresh reads nothing. */
	c.fresh = 1;
	assert_int_equal(cache_load(&c, key, &b), 0);
	c.fresh = 0;

	/* Another key's record in its place is refused. */
	char *path = record(&c, key);
	const char *other = "ff112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
	char *opath = record(&c, other);
	char *cmd = xasprintf("mkdir -p \"$(dirname '%s')\" && cp '%s' '%s'", opath, path, opath);
	assert_int_equal(system(cmd), 0);
	assert_int_equal(cache_load(&c, other, &b), 0);
	evidence_release(&b);

	/* A corrupt record is no record (a warning says so). */
	FILE *fp = fopen(path, "w");
	assert_non_null(fp);
	fputs("{\"format\": 1, \"key\"", fp);
	fclose(fp);
	assert_int_equal(cache_load(&c, key, &b), 0);
	assert_false(b.cached);
	assert_int_equal(b.compile_log.len, 0);

	/* Evidence of a timeout, or of a launch that failed, is not kept. */
	unlink(path);
	a.run.end = END_TIMEOUT;
	cache_store(&c, key, &a);
	cache_flush(&c);
	assert_int_equal(access(path, F_OK), -1);
	a.run.end = END_LAUNCH_FAILED;
	cache_store(&c, key, &a);
	cache_flush(&c);
	assert_int_equal(access(path, F_OK), -1);
	a.run.end = END_SIGNALED; /* a crash is kept: it is what the program does */
	cache_store(&c, key, &a);
	cache_flush(&c);
	assert_int_equal(access(path, F_OK), 0);

	free(cmd);
	free(opath);
	free(path);
	evidence_release(&a);
	cache_release(&c);
}

/*
 * A record states the hash of its evidence (the receipts' evidence_sha256),
 * so that a warm build need not write the evidence out again to hash it: the
 * stated hash is the computed one, and an imported record whose stated hash
 * is not its evidence's is refused.
 */
static void test_evidence_hash(void **state)
{
	struct cache c;
	struct evidence a, b;
	const char *key = "44112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
	char computed[KEY_HEX + 1], *body, *why = NULL;
	size_t len;

	(void)state;
	cache_init(&c, &runner, 0);
	evidence_init(&b);
	fill(&a);
	assert_string_equal(a.sha256, "");
	assert_int_equal(cache_evidence_sha256(&a, computed), 0);
	assert_int_equal(strlen(computed), KEY_HEX);
	cache_store(&c, key, &a);
	cache_flush(&c);
	assert_int_equal(cache_load(&c, key, &b), 1);
	assert_string_equal(b.sha256, computed);

	assert_int_equal(cache_record_get(&c, key, &body, &len), 1);
	assert_int_equal(cache_record_check(key, body, len, &why), 0);
	char *at = strstr(body, computed);
	assert_non_null(at);
	at[0] = at[0] == '0' ? '1' : '0';
	assert_int_equal(cache_record_check(key, body, len, &why), -1);
	assert_non_null(strstr(why, "hash it states for its evidence"));
	free(why);

	at[0] = at[0] == '0' ? '1' : '0';

	/* Evidence with a field litlab does not read, its hash stated for it (anyone can compute
	   it): refused, since the hash a loaded record states is trusted as the one of the evidence
	   shown, and this one would cover a claim that is shown nowhere. */
	json_error_t je;
	json_t *rec = json_loadb(body, len, JSON_DISABLE_EOF_CHECK | JSON_ALLOW_NUL, &je);
	json_t *evj = json_object_get(rec, "evidence");
	assert_non_null(evj);
	json_object_set_new(evj, "note", json_string("exit code 0, all tests passed"));
	char *evtext = json_dumps(evj, JSON_COMPACT | JSON_SORT_KEYS);
	struct sha256_ctx sctx;
	char restated[KEY_HEX + 1];
	sha256_init(&sctx);
	sha256_update(&sctx, strlen(evtext), (const uint8_t *)evtext);
	key_finish(&sctx, restated);
	json_object_set_new(rec, "evidence_sha256", json_string(restated));
	char *json = json_dumps(rec, JSON_COMPACT);
	char *extra = xasprintf("%s%s", json, body + je.position);
	why = NULL;
	assert_int_equal(cache_record_check(key, extra, strlen(extra), &why), -1);
	assert_non_null(strstr(why, "not written as litlab writes it"));
	free(why);
	free(extra);
	free(json);
	free(evtext);
	json_decref(rec);
	at[0] = at[0] == '0' ? '1' : '0';

	/* A record from before litlab stated it is read as ever: the hash is computed. */
	char *old = xasprintf("%.*s%s", (int)(at - body - (int)strlen("\"evidence_sha256\":\"")), body,
			      at + KEY_HEX + 2);
	assert_null(strstr(old, "evidence_sha256"));
	why = NULL;
	assert_int_equal(cache_record_check(key, old, strlen(old), &why), 0);
	free(old);
	free(body);
	evidence_release(&b);
	evidence_release(&a);
	cache_release(&c);
}

/*
 * A file is hashed as long as its size says: a record (an imported one lists
 * any path) naming /proc/self/pagemap had litlab read hundreds of gigabytes,
 * and /proc's files, which say 0 bytes, were hashed by what they gave.
 */
static void test_key_file_bounded(void **state)
{
	char hex[KEY_HEX + 1], *path = xasprintf("%s/sized.h", root);
	FILE *fp = fopen(path, "w");

	(void)state;
	assert_non_null(fp);
	fputs("#define SIZED 1\n", fp);
	fclose(fp);
	assert_int_equal(key_file(path, hex), 0);
	assert_int_equal(key_file("/proc/self/status", hex), -1);
	assert_int_equal(key_file("/proc/self/pagemap", hex), -1);
	unlink(path);
	free(path);
}

/*
 * A header changed after the build began (an editor saving during a check):
 * the compiler may have read it before, and its hash is taken after; such
 * evidence is not kept (it was, and stood as fresh for the new header). One
 * changed before the build is kept. No timing: the header is written after
 * the time the evidence says its build began, or the build is said to begin
 * a minute after it was written.
 */
static void test_changed_while_built(void **state)
{
	const char *key = "66112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
	struct cache c;
	struct evidence a, b;
	struct timespec t;
	char *header = xasprintf("%s/edited.h", root);

	(void)state;
	cache_init(&c, &runner, 0);
	fill(&a);
	a.deps = xcalloc(2, sizeof *a.deps);
	a.deps[0] = xstrdup(header);
	a.ndeps = 1;
	assert_int_equal(clock_gettime(CLOCK_REALTIME_COARSE, &t), 0);
	a.built_ns = (long long)t.tv_sec * 1000000000LL + t.tv_nsec - 1;
	FILE *fp = fopen(header, "w");
	assert_non_null(fp);
	fputs("#define EDITED 1\n", fp);
	fclose(fp);
	cache_store(&c, key, &a);
	cache_flush(&c);
	evidence_init(&b);
	assert_int_equal(cache_load(&c, key, &b), 0);
	a.built_ns += 60LL * 1000000000LL;
	cache_store(&c, key, &a);
	cache_flush(&c);
	assert_int_equal(cache_load(&c, key, &b), 1);
	evidence_release(&b);
	evidence_release(&a);
	unlink(header);
	free(header);
	cache_release(&c);
}

/*
 * A record is its JSON, a newline, then its paths one a line, as many as its
 * "deps" counts say: any other tail is a malformed list, refused on import.
 */
static void test_record_paths(void **state)
{
	const char *key = "55112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
	struct cache c;
	struct evidence a;
	char *body, *why = NULL;
	size_t len;

	(void)state;
	cache_init(&c, &runner, 0);
	fill(&a);
	a.deps = xcalloc(2, sizeof *a.deps);
	a.deps[0] = xstrdup("/usr/include/stdio.h");
	a.ndeps = 1;
	a.dirs = xcalloc(2, sizeof *a.dirs);
	a.dirs[0] = xstrdup("/usr/local/include");
	a.ndirs = 1;
	cache_store(&c, key, &a);
	cache_flush(&c);
	assert_int_equal(cache_record_get(&c, key, &body, &len), 1);
	assert_non_null(strstr(body, "}\n/usr/include/stdio.h\n/usr/local/include\n"));
	assert_int_equal(cache_record_check(key, body, len, &why), 0);

	const char *tails[] = { "}\n/usr/include/stdio.h\n",			/* a line short */
				"}\n/usr/include/stdio.h\n/usr/local/include\nx\n", /* one more */
				"}\n/usr/include/stdio.h\n/usr/local/include",	/* no last newline */
				"}\n/usr/include/stdio.h\n\n",			/* an empty path */
				"}\n\t/usr/include/stdio.h\n/usr/local/include\n",	/* a relative one (a key of the run's table) */
				"}/usr/include/stdio.h\n/usr/local/include\n" };	/* no newline after the JSON */
	char *json_end = strstr(body, "}\n/usr/include/stdio.h");
	for (size_t i = 0; i < sizeof tails / sizeof *tails; i++) {
		char *bad = xasprintf("%.*s%s", (int)(json_end - body), body, tails[i]);
		why = NULL;
		assert_int_equal(cache_record_check(key, bad, strlen(bad), &why), -1);
		assert_string_equal(why, "its list of files is malformed");
		free(why);
		free(bad);
	}
	/* A count no tail could hold is refused before anything is made of it. */
	char *huge = xstrdup(body), *count = strstr(huge, "\"files\":1,");
	assert_non_null(count);
	memcpy(count, "\"files\":9,", 10);
	why = NULL;
	assert_int_equal(cache_record_check(key, huge, strlen(huge), &why), -1);
	assert_string_equal(why, "its list of files is malformed");
	free(why);
	free(huge);
	free(body);
	evidence_release(&a);
	cache_release(&c);
}

static void test_headers(void **state)
{
	struct cache c;
	struct evidence ev, back;
	char key[KEY_HEX + 1];

	(void)state;
	/* A folder of headers outside the block's own, as a course might name with -I. */
	char *cwd = getcwd(NULL, 0);
	char *inc = xasprintf("%s/build/test-cache-inc-XXXXXX", cwd);
	free(cwd);
	assert_non_null(mkdtemp(inc));
	inc_dir = xstrdup(inc);
	assert_int_equal(chmod(inc, 0755), 0);
	/* The sandbox shows the compiler nothing of the host but what it is told to. */
	sandbox_show(inc);
	char *hdr = xasprintf("%s/mine.h", inc);
	FILE *fp = fopen(hdr, "w");
	assert_non_null(fp);
	fputs("#define VALUE 1\n", fp);
	fclose(fp);
	char *text = xasprintf("```c id=h cflags=-I%s\n#include <stdio.h>\n#include \"mine.h\"\n"
			       "int main(void) { printf(\"%%d\\n\", VALUE); return 0; }\n```\n",
			       inc);
	struct lesson *l = parse(text);
	struct block *b = &l->blocks[0];

	/* The runner lists the headers the block read, system ones too, not its own folder's. */
	evidence_init(&ev);
	runner_block(&runner, l, b, &ev);
	if (!ev.compile_ok)
		print_error("%s%s\n", ev.compile_log.p, ev.setup_error ? ev.setup_error : "");
	assert_true(ev.compile_ok);
	int mine = 0, stdio = 0;
	for (size_t i = 0; i < ev.ndeps; i++) {
		mine |= strcmp(ev.deps[i], hdr) == 0;
		stdio |= strstr(ev.deps[i], "/stdio.h") != NULL;
		assert_true(ev.deps[i][0] == '/');
		assert_null(strstr(ev.deps[i], "litlab.h"));
	}
	assert_true(mine);
	assert_true(stdio);

	cache_init(&c, &runner, 0);
	cache_key(&c, &runner, l, b, key);
	cache_store(&c, key, &ev);
	cache_flush(&c);
	evidence_init(&back);
	assert_int_equal(cache_load(&c, key, &back), 1);
	assert_string_equal(back.run.out.p, "1\n");
	evidence_release(&back);
	cache_release(&c);

	/* A changed header makes the record stale (files are hashed once per run: a new one). */
	fp = fopen(hdr, "w");
	assert_non_null(fp);
	fputs("#define VALUE 2\n", fp);
	fclose(fp);
	cache_init(&c, &runner, 0);
	assert_int_equal(cache_load(&c, key, &back), 0);
	cache_release(&c);

	/*
	 * The index keeps each file's digest by identity: a system header's is written in it, and
	 * believed while the identity stays (a wrong digest there makes the record stale). A header
	 * changed in the last two seconds is not kept: its times may not yet tell a later change.
	 */
	evidence_release(&ev);
	evidence_init(&ev);
	runner_block(&runner, l, b, &ev);
	assert_true(ev.compile_ok);
	const char *sys = NULL;
	for (size_t i = 0; i < ev.ndeps; i++)
		if (strstr(ev.deps[i], "/stdio.h") && strncmp(ev.deps[i], "/usr/include/", 13) == 0)
			sys = ev.deps[i];
	assert_non_null(sys);
	cache_init(&c, &runner, 0);
	cache_key(&c, &runner, l, b, key);
	cache_store(&c, key, &ev);
	cache_flush(&c);
	cache_release(&c);
	char *file = envinfo_file_id(sys), *id = xasprintf("\tf %s\n", file);
	cache_init(&c, &runner, 0);
	size_t len;
	char *index = cache_memo_get(&c, "file-index", "1", &len);
	assert_non_null(index);
	char *line = strstr(index, id);
	assert_non_null(line);
	assert_true(line - index >= KEY_HEX);
	char *mine_id = xasprintf("\tf %s ", hdr);
	assert_null(strstr(index, mine_id)); /* just written */
	evidence_init(&back);
	assert_int_equal(cache_load(&c, key, &back), 1);
	evidence_release(&back);
	cache_release(&c);
	char *wrong = xstrdup(index);
	memset(wrong + (line - index) - KEY_HEX, '0', KEY_HEX);
	cache_init(&c, &runner, 0);
	cache_memo_put(&c, "file-index", "1", wrong, len);
	cache_release(&c);
	cache_init(&c, &runner, 0);
	assert_int_equal(cache_load(&c, key, &back), 0);
	cache_memo_put(&c, "file-index", "1", index, len);
	cache_release(&c);
	cache_init(&c, &runner, 0);
	assert_int_equal(cache_load(&c, key, &back), 1);
	evidence_release(&back);
	cache_release(&c);
	free(wrong);
	free(mine_id);
	free(index);
	free(file);
	free(id);

	evidence_release(&ev);
	lesson_free(l);
	free(text);
	unlink(hdr);
	rmdir(inc);
	free(hdr);
	free(inc);
}

static int count_lines(const char *path)
{
	FILE *fp = fopen(path, "r");
	int n = 0, ch;

	if (!fp)
		return 0;
	while ((ch = fgetc(fp)) != EOF)
		n += ch == '\n';
	fclose(fp);
	return n;
}

/* A runner and a cache over CC=cc_cmd, as a new litlab run makes them. */
static void open_run(struct runner *r, struct cache *c, const char *cc_cmd, int fresh)
{
	char *err = NULL;

	setenv("CC", cc_cmd, 1);
	assert_int_equal(runner_init(r, &err), 0);
	cache_init(c, r, fresh);
	setenv("CC", "cc", 1);
}

static void close_run(struct runner *r, struct cache *c)
{
	cache_release(c);
	runner_release(r);
}

/* Builds root/fake-cc: a compiled program that logs each call to root/calls, then runs cc. */
static char *make_fake_cc(const char *calls)
{
	char *src = xasprintf("%s/fake-cc.c", root), *fake = xasprintf("%s/fake-cc", root);
	FILE *fp = fopen(src, "w");

	assert_non_null(fp);
	/* Logs each --version question in calls, every other one (its parts, its search lists) in calls.parts. */
	fprintf(fp, "#include <stdio.h>\n#include <string.h>\n#include <unistd.h>\n"
		    "int main(int argc, char **argv) {\n"
		    "  int parts = argc > 1 && strcmp(argv[argc - 1], \"--version\") != 0;\n"
		    "  FILE *log = fopen(parts ? \"%s.parts\" : \"%s\", \"a\");\n"
		    "  if (log) { fputs(\"called\\n\", log); fclose(log); }\n"
		    "  argv[0] = \"cc\";\n  execvp(\"cc\", argv);\n  return 127;\n}\n",
		calls, calls);
	fclose(fp);
	char *cmd = xasprintf("cc -o '%s' '%s'", fake, src);
	assert_int_equal(system(cmd), 0);
	free(cmd);
	free(src);
	return fake;
}

/*
 * The compiler's --version line and binary hash are remembered by the
 * identity of its file: a second run asks the compiler nothing, a
 * rewritten compiler (another mtime) is asked again, and so is one run with
 * --fresh. A script is always asked.
 */
static void test_compiler_memo(void **state)
{
	struct runner r;
	struct cache c;
	char *calls = xasprintf("%s/calls", root), *fake = make_fake_cc(calls);
	char tool[KEY_HEX + 1];
	FILE *fp;

	(void)state;

	char *parts = xasprintf("%s.parts", calls);
	open_run(&r, &c, fake, 0);
	assert_int_equal(count_lines(calls), 1);
	assert_int_equal(count_lines(parts), 8); /* cc1, as, ld, collect2; its include and library lists; its two options */
	assert_string_not_equal(r.env.compiler_version, "unknown");
	char *version = xstrdup(r.env.compiler_version);
	memcpy(tool, c.toolchain, sizeof tool);
	close_run(&r, &c);

	open_run(&r, &c, fake, 0);
	assert_int_equal(count_lines(calls), 1); /* remembered */
	assert_int_equal(count_lines(parts), 8);
	free(parts);
	assert_string_equal(r.env.compiler_version, version);
	assert_string_equal(c.toolchain, tool);
	close_run(&r, &c);

	/* A command of several words (a launcher: `ccache gcc`) is asked every time. */
	char *with_flag = xasprintf("%s -m64", fake);
	open_run(&r, &c, with_flag, 0);
	close_run(&r, &c);
	assert_int_equal(count_lines(calls), 2);
	open_run(&r, &c, with_flag, 0);
	close_run(&r, &c);
	assert_int_equal(count_lines(calls), 3);

	/* The compiler rewritten: its file's identity changes, it is asked again. */
	fp = fopen(fake, "a");
	assert_non_null(fp);
	fputs("upgraded", fp);
	fclose(fp);
	open_run(&r, &c, fake, 0);
	assert_int_equal(count_lines(calls), 4);
	assert_string_not_equal(c.toolchain, tool); /* its binary's hash changed with it */
	close_run(&r, &c);

	open_run(&r, &c, fake, 1); /* --fresh */
	assert_int_equal(count_lines(calls), 5);
	close_run(&r, &c);

	/* A wrapper script is asked every time. */
	char *wrap = xasprintf("%s/wrap-cc", root);
	fp = fopen(wrap, "w");
	assert_non_null(fp);
	fprintf(fp, "#!/bin/sh\nexec '%s' \"$@\"\n", fake);
	fclose(fp);
	assert_int_equal(chmod(wrap, 0755), 0);
	open_run(&r, &c, wrap, 0);
	close_run(&r, &c);
	open_run(&r, &c, wrap, 0);
	close_run(&r, &c);
	assert_int_equal(count_lines(calls), 7);
	unlink(wrap);
	free(wrap);

	free(with_flag);
	free(version);
	unlink(fake);
	unlink(calls);
	free(fake);
	free(calls);
}

/*
 * The isolation the probe found is remembered under the sandbox's
 * fingerprint: a run that launches nothing does not probe. If a launch then
 * finds another isolation, nothing of that run is cached under keys that
 * named the old one, and the memo is corrected.
 */
/* A memo is written only when cache_memo_get() can read it back: one larger than CACHE_MEMO_MAX
   was written again by every run, and never used. */
static void test_memo_bounded(void **state)
{
	struct runner r;
	struct cache c;
	size_t len = CACHE_MEMO_MAX, n = 0;
	char *big = xmalloc(len);

	(void)state;
	memset(big, 'm', len);
	open_run(&r, &c, "cc", 0);
	cache_memo_put(&c, "rules", "big", big, len);
	assert_null(cache_memo_get(&c, "rules", "big", &n));
	/* nothing written: no file in the memo folder is as large */
	char *cmd = xasprintf("find '%s/cache/memo' -type f -size +%uk | grep -q .", root, CACHE_MEMO_MAX >> 10);
	assert_int_not_equal(system(cmd), 0);
	free(cmd);
	cache_memo_put(&c, "rules", "big", big, len - 64);
	char *back = cache_memo_get(&c, "rules", "big", &n);
	assert_non_null(back);
	assert_int_equal(n, len - 64);
	free(back);
	close_run(&r, &c);
	free(big);
}

/* A rule child's copy forgets every open cache's secret (cache_forget_secrets()); the parent's keeps it. */
static void test_child_forgets_secret(void **state)
{
	struct runner r;
	struct cache c, d;
	static const unsigned char zero[sizeof c.secret];

	(void)state;
	open_run(&r, &c, "cc", 0);
	cache_init(&d, &r, 0);
	assert_true(c.have_secret && d.have_secret);
	assert_memory_not_equal(c.secret, zero, sizeof zero);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		cache_forget_secrets();
		_exit(memcmp(c.secret, zero, sizeof zero) == 0 && memcmp(d.secret, zero, sizeof zero) == 0 &&
				      !c.have_secret && !d.have_secret
			      ? 0
			      : 1);
	}
	int status;
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	assert_true(c.have_secret);
	assert_memory_not_equal(c.secret, zero, sizeof zero);
	cache_release(&d);
	close_run(&r, &c);
}

static void test_isolation_memo(void **state)
{
	struct runner r;
	struct cache c;
	struct evidence ev, back;
	char key[KEY_HEX + 1];

	(void)state;
	open_run(&r, &c, "cc", 0);
	char *real = xstrdup(r.isolation);
	char *fp = sandbox_fingerprint();
	char *first = cache_memo_get(&c, "isolation", fp, NULL);
	assert_non_null(first);
	assert_string_equal(first, real);
	free(first);
	close_run(&r, &c);

	/* Remembered: the next run takes it without probing. */
	sandbox_release();
	assert_null(sandbox_isolation_known());
	open_run(&r, &c, "cc", 0);
	assert_string_equal(r.isolation, real);
	assert_null(sandbox_isolation_known());
	close_run(&r, &c);

	/* A memo that is wrong (the machine changed under the same fingerprint). */
	open_run(&r, &c, "cc", 0);
	cache_memo_put(&c, "isolation", fp, "D: not this one", 15);
	close_run(&r, &c);
	sandbox_release();
	open_run(&r, &c, "cc", 0);
	assert_string_equal(r.isolation, "D: not this one");
	struct lesson *l = parse("```c id=m\n#include <stdio.h>\nint main(void) { puts(\"m\"); return 0; }\n```\n");
	evidence_init(&ev);
	runner_block(&r, l, &l->blocks[0], &ev); /* this launch probes */
	assert_true(ev.executed);
	assert_string_equal(sandbox_isolation_known(), real);
	struct evidence_context ctx = runner_context(&r);
	assert_string_equal(evidence_isolation(&ev, &ctx), real); /* the evidence says where it ran */
	cache_key(&c, &r, l, &l->blocks[0], key);
	cache_store(&c, key, &ev);
	cache_flush(&c);
	evidence_init(&back);
	assert_int_equal(cache_load(&c, key, &back), 0); /* not stored under the wrong isolation */
	close_run(&r, &c);
	open_run(&r, &c, "cc", 0);
	char *now = cache_memo_get(&c, "isolation", fp, NULL);
	assert_non_null(now);
	assert_string_equal(now, real); /* corrected */
	close_run(&r, &c);

	free(now);
	evidence_release(&ev);
	evidence_release(&back);
	lesson_free(l);
	free(fp);
	free(real);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_key),
		cmocka_unit_test(test_store_load),
		cmocka_unit_test(test_evidence_hash),
		cmocka_unit_test(test_record_paths),
		cmocka_unit_test(test_changed_while_built),
		cmocka_unit_test(test_key_file_bounded),
		cmocka_unit_test(test_headers),
		cmocka_unit_test(test_compiler_memo),
		cmocka_unit_test(test_isolation_memo),
		cmocka_unit_test(test_memo_bounded),
		cmocka_unit_test(test_child_forgets_secret),
	};

	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
