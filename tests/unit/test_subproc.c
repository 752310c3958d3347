/*
 * test_subproc.c: the one child-with-a-pipe-and-a-deadline: what the child
 * writes arrives whole; a late child, one that lingers after closing its
 * pipe, and one whose group lingers are killed and say so; a reader may
 * move the deadline; a failed exec is status 127; a child dies with the
 * litlab that forked it; records are held within a bound, and a reader that
 * refuses what the child writes stops it. No assertion depends on
 * how fast the machine is: the late children never end by themselves.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/buf.h"
#include "base/subproc.h"
#include "base/util.h"

#define MS 1000000LL

static void take(void *ctx, struct subproc *sp, const char *p, size_t n)
{
	(void)sp;
	buf_add(ctx, p, n);
}

static void write_lots(void *arg, int fd)
{
	(void)arg;
	char line[64];
	for (int i = 0; i < 20000; i++) {
		int n = snprintf(line, sizeof line, "line %d\n", i);
		if (write(fd, line, (size_t)n) != n)
			_exit(2);
	}
	_exit(3);
}

static void test_output_and_status(void **state)
{
	(void)state;
	struct subproc sp;
	struct buf out = BUF_INIT;
	int killed = 1;

	assert_int_equal(subproc_fork(&sp, write_lots, NULL, 60000 * MS), 0);
	assert_int_equal(subproc_read(&sp, take, &out), SUBPROC_EOF);
	int status = subproc_finish(&sp, 0, &killed);
	assert_false(killed);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 3);
	buf_addc(&out, '\0');
	assert_non_null(strstr(out.p, "line 0\nline 1\n"));
	assert_non_null(strstr(out.p, "\nline 19999\n"));
	buf_release(&out);
}

static void sleep_forever(void *arg, int fd)
{
	(void)arg;
	(void)fd;
	for (;;)
		pause();
}

static void test_late_child_killed(void **state)
{
	(void)state;
	struct subproc sp;
	struct buf out = BUF_INIT;
	int killed = 0;

	assert_int_equal(subproc_fork(&sp, sleep_forever, NULL, 100 * MS), 0);
	assert_int_equal(subproc_read(&sp, take, &out), SUBPROC_LATE);
	int status = subproc_finish(&sp, 1, &killed);
	assert_true(killed);
	assert_true(WIFSIGNALED(status));
	assert_int_equal(WTERMSIG(status), SIGKILL);
	buf_release(&out);
}

static void close_and_linger(void *arg, int fd)
{
	(void)arg;
	if (write(fd, "bye\n", 4) != 4)
		_exit(2);
	close(fd);
	for (;;)
		pause();
}

/* It closed its pipe, so reading ends; it does not end: the deadline kills it. */
static void test_lingering_child_killed(void **state)
{
	(void)state;
	struct subproc sp;
	struct buf out = BUF_INIT;
	int killed = 0;

	assert_int_equal(subproc_fork(&sp, close_and_linger, NULL, 200 * MS), 0);
	assert_int_equal(subproc_read(&sp, take, &out), SUBPROC_EOF);
	int status = subproc_finish(&sp, 0, &killed);
	assert_true(killed);
	assert_true(WIFSIGNALED(status));
	assert_int_equal(out.len, 4);
	buf_release(&out);
}

/* Each chunk moves the deadline past now: a child that keeps talking is never late. */
static void take_and_extend(void *ctx, struct subproc *sp, const char *p, size_t n)
{
	buf_add(ctx, p, n);
	sp->deadline = now_ns() + 60000 * MS;
}

static void talk_slowly(void *arg, int fd)
{
	(void)arg;
	/* The first deadline is already past when it writes: only the moved one lets it finish. */
	if (write(fd, "a", 1) != 1)
		_exit(2);
	struct timespec ts = { 0, 300 * 1000000L };
	nanosleep(&ts, NULL);
	if (write(fd, "b", 1) != 1)
		_exit(2);
	_exit(0);
}

static void test_reader_moves_deadline(void **state)
{
	(void)state;
	struct subproc sp;
	struct buf out = BUF_INIT;
	int killed = 1;

	assert_int_equal(subproc_fork(&sp, talk_slowly, NULL, 100 * MS), 0);
	assert_int_equal(subproc_read(&sp, take_and_extend, &out), SUBPROC_EOF);
	int status = subproc_finish(&sp, 0, &killed);
	assert_false(killed);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	assert_int_equal(out.len, 2);
	buf_release(&out);
}

static void test_exec(void **state)
{
	(void)state;
	struct subproc sp;
	struct buf out = BUF_INIT;
	char *argv[] = { "sh", "-c", "echo out; echo err >&2; echo \"$LITLAB_SECRET\"", NULL };
	char *env[] = { "PATH=/usr/bin:/bin", NULL };
	int killed;

	setenv("LITLAB_SECRET", "leaked", 1);
	assert_int_equal(subproc_exec(&sp, "/bin/sh", argv, env, 60000 * MS), 0);
	assert_int_equal(subproc_read(&sp, take, &out), SUBPROC_EOF);
	int status = subproc_finish(&sp, 0, &killed);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	buf_addc(&out, '\0');
	assert_string_equal(out.p, "out\nerr\n\n"); /* stderr too; only the given environment */
	buf_release(&out);

	char *none[] = { "no-such-program", NULL };
	assert_int_equal(subproc_exec(&sp, "/nonexistent/no-such-program", none, env, 60000 * MS), 0);
	buf_init(&out);
	assert_int_equal(subproc_read(&sp, take, &out), SUBPROC_EOF);
	status = subproc_finish(&sp, 0, &killed);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 127);
	buf_release(&out);
}

/* 1 while pid runs (a zombie has ended: whoever reaps it, it holds nothing). */
static int running(pid_t pid)
{
	char path[64], stat[256];
	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	FILE *f = fopen(path, "r");
	if (!f)
		return 0;
	size_t n = fread(stat, 1, sizeof stat - 1, f);
	fclose(f);
	stat[n] = '\0';
	const char *paren = strrchr(stat, ')');
	return paren && paren[1] == ' ' && paren[2] != 'Z' && paren[2] != 'X';
}

/* An exec'd child leads its group: a grandchild holding the pipe open is killed with it. */
static void test_exec_group_killed(void **state)
{
	(void)state;
	struct subproc sp;
	struct buf out = BUF_INIT;
	char *argv[] = { "sh", "-c", "sleep 1000 & echo $!; wait", NULL };
	char *env[] = { "PATH=/usr/bin:/bin", NULL };
	int killed = 0;

	assert_int_equal(subproc_exec(&sp, "/bin/sh", argv, env, 300 * MS), 0);
	assert_int_equal(subproc_read(&sp, take, &out), SUBPROC_LATE);
	buf_addc(&out, '\0');
	pid_t grandchild = (pid_t)atoi(out.p);
	assert_true(grandchild > 0);
	subproc_finish(&sp, 1, &killed);
	assert_true(killed);
	/* SIGKILL is delivered at once, but the kernel may take a moment to mark it. */
	int left = 1;
	for (int i = 0; i < 2000 && left; i++) {
		left = running(grandchild);
		if (left)
			usleep(5000);
	}
	assert_false(left);
	buf_release(&out);
}

static void say_then_stay(void *arg, int fd)
{
	(void)arg;
	alarm(60); /* only if it outlived its parent: SIGALRM, and the test fails */
	if (write(fd, "x", 1) != 1)
		_exit(2);
	for (;;)
		pause();
}

/*
 * litlab ends (its signal thread's _exit) with a child running, which it
 * would have killed at its deadline: the child is killed with it. The test
 * is the children's subreaper, so the orphan comes back to it to be reaped.
 */
static void test_child_dies_with_parent(void **state)
{
	int status;

	(void)state;
	assert_int_equal(prctl(PR_SET_CHILD_SUBREAPER, 1), 0);
	pid_t mid = fork();
	assert_true(mid >= 0);
	if (mid == 0) {
		struct subproc sp;
		char c;
		if (subproc_fork(&sp, say_then_stay, NULL, 3600 * 1000 * MS) < 0 || read(sp.out, &c, 1) != 1)
			_exit(1);
		_exit(0); /* without reaping it */
	}
	assert_int_equal(waitpid(mid, &status, 0), mid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	pid_t orphan = waitpid(-1, &status, 0);
	assert_true(orphan > 0);
	assert_true(WIFSIGNALED(status));
	assert_int_equal(WTERMSIG(status), SIGKILL);
	assert_int_equal(prctl(PR_SET_CHILD_SUBREAPER, 0), 0);
}

/* Each record, as it was handed on, joined by '|'. */
static void gather(void *ctx, char *rec)
{
	struct buf *b = ctx;
	buf_adds(b, rec);
	buf_addc(b, '|');
}

/* Records split across chunks arrive whole and in order; one of max bytes is taken, one more
   byte is refused, and nothing after it is handed on. */
static void test_lines_bounded(void **state)
{
	(void)state;
	struct subproc_lines l = { BUF_INIT, 3 };
	struct buf got = BUF_INIT;

	assert_int_equal(subproc_lines_take(&l, "a\nbb", 4, gather, &got), 0);
	assert_int_equal(subproc_lines_take(&l, "b\n\nc", 4, gather, &got), 0);
	assert_int_equal(subproc_lines_take(&l, "\nxyz\n", 5, gather, &got), 0);
	assert_string_equal(got.p, "a|bbb||c|xyz|");
	buf_reset(&got);
	assert_int_equal(subproc_lines_take(&l, "ab", 2, gather, &got), 0);
	assert_int_equal(subproc_lines_take(&l, "cd\ne\n", 5, gather, &got), -1);
	assert_string_equal(got.p, "");
	assert_int_equal(l.in.len, 0);
	assert_int_equal(subproc_lines_take(&l, "wxyz\n", 5, gather, &got), -1); /* in one chunk too */
	assert_string_equal(got.p, "");
	subproc_lines_release(&l);
	buf_release(&got);
}

/* One line that never ends, written for ever. */
static void write_endless_line(void *arg, int fd)
{
	(void)arg;
	char x[4096];
	memset(x, 'x', sizeof x);
	for (;;)
		if (write(fd, x, sizeof x) < 0)
			_exit(2);
}

static void take_lines(void *ctx, struct subproc *sp, const char *p, size_t n)
{
	struct subproc_lines *l = ctx;
	struct buf ignored = BUF_INIT;

	if (subproc_lines_take(l, p, n, gather, &ignored) < 0)
		sp->refused = 1;
	buf_release(&ignored);
}

/* A reader that refuses what the child writes stops reading at once (no deadline needed), and the
   child is killed: litlab holds no more than the bound. */
static void test_reader_refuses(void **state)
{
	(void)state;
	struct subproc sp;
	struct subproc_lines l = { BUF_INIT, 64 * 1024 };
	int killed = 0;

	assert_int_equal(subproc_fork(&sp, write_endless_line, NULL, 600000 * MS), 0);
	assert_int_equal(subproc_read(&sp, take_lines, &l), SUBPROC_REFUSED);
	assert_true(l.in.alloc <= 128 * 1024);
	int status = subproc_finish(&sp, 1, &killed);
	assert_true(killed);
	assert_true(WIFSIGNALED(status));
	subproc_lines_release(&l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_output_and_status),
		cmocka_unit_test(test_late_child_killed),
		cmocka_unit_test(test_lingering_child_killed),
		cmocka_unit_test(test_reader_moves_deadline),
		cmocka_unit_test(test_exec),
		cmocka_unit_test(test_exec_group_killed),
		cmocka_unit_test(test_child_dies_with_parent),
		cmocka_unit_test(test_lines_bounded),
		cmocka_unit_test(test_reader_refuses),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
