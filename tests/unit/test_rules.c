/*
 * test_rules.c: the rule engine as a module: the built-in rules load and
 * say who they are; a rule's report becomes a diagnostic at the place it
 * names, with the rule's id and severity; a suppression with a reason
 * covers its element and is used, one without a reason is an error; a rule
 * file that does not load, that fails on a lesson or that runs past its CPU
 * limit is a rule-error naming it, and the other rules still run; the
 * ledger keeps what a rule let pass; a remembered pass gives what a run
 * gave.
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
#include <sys/wait.h>
#include <unistd.h>

#include "check/check.h"
#include "rules/rules.h"
#include "run/cache.h"
#include "run/runner.h"
#include "testutil.h"

/* A lesson checked with no compiler (nothing runs), its rules applied. */
static struct lesson_result *checked(const struct ruleset *rs, const char *text)
{
	struct lesson_result *lr = calloc(1, sizeof *lr);

	assert_non_null(lr);
	lr->lesson = test_lesson("lessons/03-rules.md", text);
	check_lesson(lr, NULL, NULL, NULL, NULL);
	rules_apply(rs, lr);
	return lr;
}

static void release(struct lesson_result *lr)
{
	lesson_result_release(lr);
	free(lr);
}

/* The diagnostics with this rule id. */
static size_t count(const struct lesson_result *lr, const char *rule)
{
	size_t n = 0;

	for (size_t i = 0; i < lr->lesson->diags.n; i++)
		n += strcmp(lr->lesson->diags.v[i].rule, rule) == 0;
	return n;
}

static const struct diag *first(const struct lesson_result *lr, const char *rule)
{
	for (size_t i = 0; i < lr->lesson->diags.n; i++)
		if (strcmp(lr->lesson->diags.v[i].rule, rule) == 0)
			return &lr->lesson->diags.v[i];
	return NULL;
}

static void test_builtins(void **state)
{
	struct ruleset rs;
	char *err = NULL;

	(void)state;
	assert_int_equal(ruleset_load(&rs, NULL, 0, NULL, &err), 0);
	assert_int_equal(rs.errors.n, 0);
	const struct rule_info *t = ruleset_find(&rs, "timing-needs-metadata");
	assert_non_null(t);
	assert_string_equal(t->severity, "error");
	assert_ptr_equal(ruleset_find(&rs, "timing"), t); /* its alias */
	assert_null(ruleset_find(&rs, "no-such-rule"));
	ruleset_release(&rs);
}

static const char timing_lesson[] = "# Rules\n"
				    "\n"
				    "The loop takes 3 ms on this machine.\n"
				    "\n"
				    "<!-- litlab-disable timing: the sentence quotes a claim to discuss it -->\n"
				    "A vendor says the call takes 40 ms.\n"
				    "\n"
				    "<!-- litlab-disable timing -->\n"
				    "It also says the other call takes 7 ms.\n";

static void test_report_and_suppressions(void **state)
{
	struct ruleset rs;
	char *err = NULL;

	(void)state;
	assert_int_equal(ruleset_load(&rs, NULL, 0, NULL, &err), 0);
	struct lesson_result *lr = checked(&rs, timing_lesson);
	/* Line 3 is reported; line 6 is covered by a suppression with a reason. */
	const struct diag *d = first(lr, "timing-needs-metadata");
	assert_non_null(d);
	assert_int_equal(d->line, 3);
	assert_int_equal(d->severity, SEV_ERROR);
	assert_string_equal(d->path, "lessons/03-rules.md");
	for (size_t i = 0; i < lr->lesson->diags.n; i++)
		assert_int_not_equal(lr->lesson->diags.v[i].line, 6);
	/* The one without a reason is an error of its own, at its comment. */
	const struct diag *s = first(lr, "suppression");
	assert_non_null(s);
	assert_int_equal(s->line, 8);
	assert_int_equal(count(lr, "timing-needs-metadata"), 2); /* lines 3 and 9: an invalid one covers nothing */
	assert_int_equal(lr->nsupp, 2);
	assert_true(lr->supp[0].valid && lr->supp[0].used);
	assert_false(lr->supp[1].valid);
	release(lr);
	ruleset_release(&rs);
}

/* A folder of rule files, written by the test. */
static char *rule_dir(const char *name, const char *text, const char *name2, const char *text2)
{
	char tmpl[] = "/tmp/litlab-test-rules.XXXXXX";
	char *dir = mkdtemp(tmpl);

	assert_non_null(dir);
	const char *names[] = { name, name2 }, *texts[] = { text, text2 };
	for (int i = 0; i < 2 && names[i]; i++) {
		char path[256];
		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		FILE *f = fopen(path, "w");
		assert_non_null(f);
		fputs(texts[i], f);
		fclose(f);
	}
	return strdup(dir);
}

static void remove_dir(char *dir)
{
	char cmd[300];

	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
	free(dir);
}

static const char shouting_rule[] = "return {\n"
				    "  id = 'no-shouting', severity = 'warning',\n"
				    "  summary = 'prose in capitals',\n"
				    "  text = function(unit, lesson, report, ledger)\n"
				    "    local at = unit.text:find('LOUD', 1, true)\n"
				    "    if at then report(unit.at(at), 'write it in lowercase') end\n"
				    "    local calm = unit.text:find('calm', 1, true)\n"
				    "    if calm then ledger(unit.at(calm), 'calm', 'let pass', 'lowercase') end\n"
				    "  end,\n"
				    "}\n";

static void test_course_rule(void **state)
{
	struct ruleset rs;
	char *err = NULL;
	char *dir = rule_dir("shout.lua", shouting_rule, NULL, NULL);

	(void)state;
	assert_int_equal(ruleset_load(&rs, &dir, 1, NULL, &err), 0);
	assert_int_equal(rs.errors.n, 0);
	/* litlab's own files are compiled once, in litlab; a course's file only ever as text, in the child */
	for (size_t i = 0; i < rs.nfiles; i++) {
		if (rs.files[i].builtin)
			assert_non_null(rs.files[i].bytecode);
		else
			assert_null(rs.files[i].bytecode);
	}
	const struct rule_info *r = ruleset_find(&rs, "no-shouting");
	assert_non_null(r);
	assert_string_equal(r->severity, "warning");
	struct lesson_result *lr = checked(&rs, "# Rules\n\nThis is calm.\n\nThis is *very* LOUD.\n");
	const struct diag *d = first(lr, "no-shouting");
	assert_non_null(d);
	assert_int_equal(d->line, 5);
	assert_int_equal(d->col, 16); /* mapped back through the emphasis markup */
	assert_int_equal(d->severity, SEV_WARNING);
	assert_string_equal(d->message, "write it in lowercase");
	assert_int_equal(lr->ledger.n, 1);
	release(lr);
	ruleset_release(&rs);
	remove_dir(dir);
}

/* Runs body in a child of the test (a seccomp filter stays on the process that set it): the test
   fails unless body returns 0. */
static void in_child(int (*body)(void))
{
	int status;
	pid_t pid = fork();

	assert_true(pid >= 0);
	if (pid == 0)
		_exit(body());
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
}

/* Where the rule pass cannot be confined (a filter of the machine's refuses another), a course's
   rule file is not run but failed, saying why; litlab's own rules still run. */
static int unconfined(void)
{
	struct ruleset rs;
	char *err = NULL;
	char *dir = rule_dir("shout.lua", shouting_rule, NULL, NULL);

	test_refuse_prctl(PR_SET_SECCOMP);
	if (ruleset_load(&rs, &dir, 1, NULL, &err) != 0)
		return 2;
	if (rs.errors.n != 1 || !strstr(rs.errors.v[0].message, "cannot confine a course's rule file") ||
	    strcmp(rs.errors.v[0].rule, "rule-error") != 0)
		return 3;
	struct lesson_result *lr = checked(&rs, "# Rules\n\nThe loop takes 3 ms.\n\nThis is LOUD.\n");
	if (count(lr, "no-shouting") != 0 || count(lr, "timing-needs-metadata") != 1)
		return 4;
	release(lr);
	ruleset_release(&rs);
	remove_dir(dir);
	return 0;
}

static void test_course_rule_unconfined(void **state)
{
	(void)state;
	in_child(unconfined);
}

/* A rule child that dies before its first file (here: the machine refuses what ties it to litlab)
   is an error, never a clean pass: the timing claim below was once passed in silence. */
static int cannot_start(void)
{
	struct ruleset rs;
	char *err = NULL;

	test_refuse_prctl(PR_SET_PDEATHSIG);
	if (ruleset_load(&rs, NULL, 0, NULL, &err) != 0)
		return 2;
	struct lesson_result *lr = checked(&rs, "# Rules\n\nThe loop takes 3 ms.\n");
	size_t errors = count(lr, "rule-error") + count(lr, "timing-needs-metadata");
	for (size_t i = 0; i < rs.errors.n; i++)
		errors += strstr(rs.errors.v[i].message, "died before it began") != NULL;
	if (errors == 0)
		return 3;
	release(lr);
	ruleset_release(&rs);
	return 0;
}

static void test_child_that_cannot_start(void **state)
{
	(void)state;
	in_child(cannot_start);
}

static const char failing_rule[] = "return {\n"
				   "  id = 'fails', summary = 'fails on every lesson',\n"
				   "  lesson = function(lesson, report) error('this rule is broken') end,\n"
				   "}\n";

static void test_broken_rules(void **state)
{
	struct ruleset rs;
	char *err = NULL;
	char *dir = rule_dir("a-syntax.lua", "return { id = 'x',\n  summary = \n", "b-fails.lua", failing_rule);

	(void)state;
	assert_int_equal(ruleset_load(&rs, &dir, 1, NULL, &err), 0);
	/* The file that does not load is named, at its line. */
	assert_int_equal(rs.errors.n, 1);
	assert_string_equal(rs.errors.v[0].rule, "rule-error");
	assert_non_null(strstr(rs.errors.v[0].path, "a-syntax.lua"));
	assert_true(rs.errors.v[0].line >= 2);
	assert_non_null(ruleset_find(&rs, "fails"));
	/* The rule that fails is a rule-error on the lesson; the built-ins still report. */
	struct lesson_result *lr = checked(&rs, timing_lesson);
	const struct diag *d = first(lr, "rule-error");
	assert_non_null(d);
	assert_non_null(strstr(d->message, "this rule is broken"));
	assert_int_equal(count(lr, "timing-needs-metadata"), 2); /* lines 3 and 9 */
	release(lr);
	ruleset_release(&rs);
	remove_dir(dir);
}

/* A course's rule file holding a compiled chunk is refused: only text is loaded from a course (Lua does not check bytecode). */
static void test_binary_rule_refused(void **state)
{
	struct ruleset rs;
	char *err = NULL;
	char *dir = rule_dir("compiled.lua", "\033LuaT\001\002\003 not text", NULL, NULL);

	(void)state;
	assert_int_equal(ruleset_load(&rs, &dir, 1, NULL, &err), 0);
	assert_int_equal(rs.errors.n, 1);
	assert_non_null(strstr(rs.errors.v[0].path, "compiled.lua"));
	assert_non_null(strstr(rs.errors.v[0].message, "binary"));
	ruleset_release(&rs);
	remove_dir(dir);
}

static const char spinning_rule[] = "return {\n"
				    "  id = 'spins', summary = 'never ends',\n"
				    "  lesson = function(lesson, report) while true do end end,\n"
				    "}\n";

/* Counted in instructions (and CPU time), not the wall clock: a busy machine never makes it fail. */
static void test_cpu_limit(void **state)
{
	struct ruleset rs;
	char *err = NULL;
	char *dir = rule_dir("spin.lua", spinning_rule, NULL, NULL);

	(void)state;
	assert_int_equal(ruleset_load(&rs, &dir, 1, NULL, &err), 0);
	struct lesson_result *lr = checked(&rs, timing_lesson);
	const struct diag *d = first(lr, "rule-error");
	assert_non_null(d);
	assert_non_null(strstr(d->message, "limit"));
	assert_int_equal(count(lr, "timing-needs-metadata"), 2); /* the built-ins ran before it */
	release(lr);
	ruleset_release(&rs);
	remove_dir(dir);
}

/* A rule that counts to 27 million, some 54 million instructions: more than a small lesson's
   limit, less than that of a lesson of a MiB (the limits grow with the lesson). */
static const char counting_rule[] = "return {\n"
				    "  id = 'counts', summary = 'counts to 27 million',\n"
				    "  lesson = function(lesson, report)\n"
				    "    local x = 0\n"
				    "    for i = 1, 27000000 do x = x + i end\n"
				    "  end,\n"
				    "}\n";

/* A display block of n bytes of lines without figures, in a lesson. */
static char *big_lesson(size_t n)
{
	const char line[] = "int filler_variable_name; /* padding padding padding */\n";
	char *text = malloc(n + 64);
	size_t len = 0;

	assert_non_null(text);
	len += (size_t)sprintf(text, "# Big\n\n```text\n");
	while (len + sizeof line < n)
		len += (size_t)sprintf(text + len, "%s", line);
	sprintf(text + len, "```\n");
	return text;
}

static void test_limits_grow_with_lesson(void **state)
{
	struct ruleset rs;
	char *err = NULL;
	char *dir = rule_dir("count.lua", counting_rule, NULL, NULL);

	(void)state;
	assert_int_equal(ruleset_load(&rs, &dir, 1, NULL, &err), 0);
	struct lesson_result *lr = checked(&rs, timing_lesson);
	const struct diag *d = first(lr, "rule-error");
	assert_non_null(d);
	assert_non_null(strstr(d->message, "instruction limit (50 million)"));
	release(lr);
	char *big = big_lesson((size_t)1 << 20 | 4096);
	lr = checked(&rs, big);
	assert_int_equal(count(lr, "rule-error"), 0);
	release(lr);
	free(big);
	ruleset_release(&rs);
	remove_dir(dir);
}

/* block.at(offset) for each line of a 2 MiB block, then backwards: right at every offset, and in
   time linear in the block (counting from the block's start at each call took minutes of CPU). */
static const char walking_rule[] = "return {\n"
				   "  id = 'walks', summary = 'asks where each line of a block is',\n"
				   "  lesson = function(lesson, report)\n"
				   "    for _, b in ipairs(lesson.blocks) do\n"
				   "      local pos, n, last = 1, 0, nil\n"
				   "      while pos <= #b.code do\n"
				   "        local nl = b.code:find('\\n', pos, true) or #b.code + 1\n"
				   "        local at = b.at(nl)\n"
				   "        n = n + 1\n"
				   "        if at.line ~= b.line + n or at.col ~= nl - pos + 1 then\n"
				   "          report(at, 'wrong at line ' .. n) return\n"
				   "        end\n"
				   "        last, pos = at, nl + 1\n"
				   "      end\n"
				   "      local second = b.at(b.code:find('\\n', 1, true) + 3)\n"
				   "      report(second, 'second line, third column')\n"
				   "      report(last, 'the last line')\n"
				   "    end\n"
				   "  end,\n"
				   "}\n";

static void test_block_at_linear(void **state)
{
	struct ruleset rs;
	char *err = NULL;
	char *dir = rule_dir("walk.lua", walking_rule, NULL, NULL);

	(void)state;
	assert_int_equal(ruleset_load(&rs, &dir, 1, NULL, &err), 0);
	char *big = big_lesson((size_t)2 << 20);
	struct lesson_result *lr = checked(&rs, big);
	assert_int_equal(count(lr, "rule-error"), 0);
	assert_int_equal(count(lr, "walks"), 2);
	size_t lines = 0;
	for (const char *p = big; *p; p++)
		lines += *p == '\n';
	for (size_t i = 0; i < lr->lesson->diags.n; i++) {
		const struct diag *d = &lr->lesson->diags.v[i];
		if (strcmp(d->rule, "walks") != 0)
			continue;
		if (strstr(d->message, "second line")) {
			assert_int_equal(d->line, 5);
			assert_int_equal(d->col, 3);
		} else {
			assert_string_equal(d->message, "the last line");
			assert_int_equal(d->line, (int)lines - 1); /* the fence closes on the lesson's last line */
		}
	}
	release(lr);
	free(big);
	ruleset_release(&rs);
	remove_dir(dir);
}

/* What a remembered pass replays equals what the pass gave. */
static void test_memo_replays(void **state)
{
	struct ruleset rs;
	struct runner r;
	struct cache c;
	char *err = NULL;
	char tmpl[] = "/tmp/litlab-test-memo.XXXXXX";
	char *dir = mkdtemp(tmpl);

	(void)state;
	assert_non_null(dir);
	setenv("LITLAB_CACHE_DIR", dir, 1);
	assert_int_equal(runner_init(&r, &err), 0);
	cache_init(&c, &r, 0);
	assert_int_equal(ruleset_load(&rs, NULL, 0, &c, &err), 0);
	struct lesson_result *a = checked(&rs, timing_lesson);
	cache_flush(&c);
	struct lesson_result *b = checked(&rs, timing_lesson);
	assert_int_equal(a->lesson->diags.n, b->lesson->diags.n);
	for (size_t i = 0; i < a->lesson->diags.n; i++) {
		assert_string_equal(a->lesson->diags.v[i].rule, b->lesson->diags.v[i].rule);
		assert_int_equal(a->lesson->diags.v[i].line, b->lesson->diags.v[i].line);
		assert_string_equal(a->lesson->diags.v[i].message, b->lesson->diags.v[i].message);
	}
	assert_int_equal(a->ledger.n, b->ledger.n);
	release(a);
	release(b);
	ruleset_release(&rs);
	cache_release(&c);
	runner_release(&r);
	char cmd[300];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_builtins),
		cmocka_unit_test(test_report_and_suppressions),
		cmocka_unit_test(test_course_rule),
		cmocka_unit_test(test_course_rule_unconfined),
		cmocka_unit_test(test_child_that_cannot_start),
		cmocka_unit_test(test_broken_rules),
		cmocka_unit_test(test_binary_rule_refused),
		cmocka_unit_test(test_cpu_limit),
		cmocka_unit_test(test_limits_grow_with_lesson),
		cmocka_unit_test(test_block_at_linear),
		cmocka_unit_test(test_memo_replays),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
