/*
 * test_sandbox.c: sandbox_launch() with /bin/sh scripts: exit statuses,
 * signals, the wall-clock deadline and the process group, output caps,
 * separate streams, stdin, pipes that stay open, launch failures, the
 * region side channel, rusage and rlimits.
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
#include <unistd.h>

#include "buf.h"
#include "sandbox.h"
#include "util.h"

static struct limits default_limits(void)
{
	struct limits lim = { .wall_s = 10, .output_cap = 1u << 20 };

	return lim;
}

/* Runs `sh -c script` with lim; fills r (which the caller releases). Returns sandbox_launch's value. */
static int run_sh(const char *script, struct limits lim, const char *stdin_path, int side, struct launch_result *r)
{
	char *argv[] = { "/bin/sh", "-c", (char *)script, NULL };
	struct launch l = { .argv = argv, .lim = lim, .stdin_path = stdin_path, .side_channel = side };

	launch_result_init(r);
	return sandbox_launch(&l, r);
}

static double seconds_since(long long t0)
{
	return (double)(now_ns() - t0) / 1e9;
}

/* 1 if pid is gone: no such process, or a zombie nobody reaps (PID 1 in a container may not). */
static int process_gone(long pid)
{
	char path[64], buf[512];

	if (kill((pid_t)pid, 0) < 0 && errno == ESRCH)
		return 1;
	snprintf(path, sizeof path, "/proc/%ld/stat", pid);
	FILE *f = fopen(path, "r");
	if (!f)
		return 1;
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[n] = '\0';
	const char *paren = strrchr(buf, ')');
	return paren && paren[1] == ' ' && (paren[2] == 'Z' || paren[2] == 'X');
}

static int wait_gone(long pid, double max_s)
{
	long long t0 = now_ns();

	while (!process_gone(pid)) {
		if (seconds_since(t0) > max_s)
			return 0;
		usleep(10000);
	}
	return 1;
}

static size_t count_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	size_t n = 0;

	assert_non_null(d);
	while (readdir(d))
		n++;
	closedir(d);
	return n;
}

static void test_exit_codes(void **state)
{
	static const int codes[] = { 0, 1, 3, 42, 255 };
	struct launch_result r;
	char script[64];

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(codes); i++) {
		snprintf(script, sizeof script, "exit %d", codes[i]);
		assert_int_equal(run_sh(script, default_limits(), NULL, 0, &r), 0);
		assert_int_equal(r.end, END_EXITED);
		assert_int_equal(r.exit_code, codes[i]);
		assert_int_equal(r.signo, 0);
		assert_null(r.error);
		assert_true(r.pid > 0);
		launch_result_release(&r);
	}
	/* The pid recorded is the program's own. */
	assert_int_equal(run_sh("echo $$", default_limits(), NULL, 0, &r), 0);
	assert_int_equal(strtol(r.out.p, NULL, 10), r.pid);
	launch_result_release(&r);
}

static void test_signal(void **state)
{
	struct launch_result r;

	(void)state;
	assert_int_equal(run_sh("echo before; kill -SEGV $$; echo after", default_limits(), NULL, 0, &r), 0);
	assert_int_equal(r.end, END_SIGNALED);
	assert_int_equal(r.signo, SIGSEGV);
	assert_string_equal(r.out.p, "before\n");
	launch_result_release(&r);

	assert_int_equal(run_sh("kill -TERM $$", default_limits(), NULL, 0, &r), 0);
	assert_int_equal(r.end, END_SIGNALED);
	assert_int_equal(r.signo, SIGTERM);
	launch_result_release(&r);

	/* SIGPIPE is the default again in the program, whatever the parent does with it. */
	signal(SIGPIPE, SIG_IGN);
	assert_int_equal(run_sh("(sleep 0.1; yes) | true", default_limits(), NULL, 0, &r), 0);
	assert_int_equal(r.end, END_EXITED);
	assert_int_equal(r.exit_code, 0);
	assert_int_equal(r.err.len, 0); /* with SIGPIPE ignored, yes would say "Broken pipe" */
	launch_result_release(&r);
	signal(SIGPIPE, SIG_DFL);
}

static void test_timeout_kills_group(void **state)
{
	struct launch_result r;
	struct limits lim = default_limits();

	(void)state;
	lim.wall_s = 0.3;
	long long t0 = now_ns();
	assert_int_equal(run_sh("sleep 100 & echo $!; sleep 10; echo never", lim, NULL, 0, &r), 0);
	double took = seconds_since(t0);
	assert_true(took >= 0.25);
	if (took >= 2.0)
		print_error("a 0.3 s deadline took %.2f s\n", took);
	assert_true(took < 2.0);
	assert_int_equal(r.end, END_TIMEOUT);
	assert_int_equal(r.signo, SIGKILL);
	long child = strtol(r.out.p, NULL, 10);
	assert_true(child > 1);
	assert_null(strstr(r.out.p, "never"));
	if (!wait_gone(child, 1.0)) {
		print_error("the background child %ld outlived the deadline\n", child);
		kill((pid_t)child, SIGKILL);
		fail();
	}
	assert_true(r.wall_ns >= 250000000LL);
	launch_result_release(&r);
}

static void test_exit_kills_group(void **state)
{
	struct launch_result r;

	(void)state;
	/* A program that exits leaves nothing behind in its group, even with pipes redirected away. */
	long long t0 = now_ns();
	assert_int_equal(run_sh("sleep 100 >/dev/null 2>&1 & echo $!; exit 0", default_limits(), NULL, 0, &r), 0);
	assert_true(seconds_since(t0) < 2.0);
	assert_int_equal(r.end, END_EXITED);
	long child = strtol(r.out.p, NULL, 10);
	assert_true(child > 1);
	if (!wait_gone(child, 1.0)) {
		kill((pid_t)child, SIGKILL);
		fail_msg("the background child %ld outlived the program", child);
	}
	launch_result_release(&r);
}

static void test_output_cap(void **state)
{
	struct launch_result r;
	struct limits lim = default_limits();

	(void)state;
	lim.output_cap = 1000;
	long long t0 = now_ns();
	assert_int_equal(run_sh("yes | head -c 5000000", lim, NULL, 0, &r), 0);
	assert_true(seconds_since(t0) < 5.0);
	assert_int_equal(r.end, END_OUTPUT_LIMIT);
	assert_int_equal(r.out.len, 1000);
	assert_true(r.out_truncated);
	assert_false(r.err_truncated);
	assert_memory_equal(r.out.p, "y\ny\ny\n", 6);
	assert_int_equal(r.out.p[r.out.len], '\0');
	launch_result_release(&r);

	/* Endless output on stderr. */
	assert_int_equal(run_sh("yes >&2", lim, NULL, 0, &r), 0);
	assert_int_equal(r.end, END_OUTPUT_LIMIT);
	assert_int_equal(r.err.len, 1000);
	assert_true(r.err_truncated);
	assert_int_equal(r.out.len, 0);
	launch_result_release(&r);

	/* Exactly the cap is not over it. */
	assert_int_equal(run_sh("head -c 1000 /dev/zero", lim, NULL, 0, &r), 0);
	assert_int_equal(r.end, END_EXITED);
	assert_int_equal(r.out.len, 1000);
	assert_false(r.out_truncated);
	launch_result_release(&r);

	/* A little over the cap, then a normal exit: the output is still cut and said to be. */
	assert_int_equal(run_sh("head -c 1100 /dev/zero", lim, NULL, 0, &r), 0);
	assert_int_equal(r.out.len, 1000);
	assert_true(r.out_truncated);
	assert_int_equal(r.end, END_OUTPUT_LIMIT);
	launch_result_release(&r);
}

static void test_streams(void **state)
{
	struct launch_result r;

	(void)state;
	assert_int_equal(run_sh("echo out; echo err >&2; printf 'x\\0y'; printf 'e2' >&2", default_limits(), NULL, 0, &r),
			 0);
	assert_int_equal(r.end, END_EXITED);
	assert_int_equal(r.out.len, 7);
	assert_memory_equal(r.out.p, "out\nx\0y", 7);
	assert_string_equal(r.err.p, "err\ne2");
	assert_int_equal(r.side.len, 0);
	launch_result_release(&r);
}

static void test_stdin(void **state)
{
	struct launch_result r;
	char dir[] = "/tmp/litlab-test-XXXXXX";

	(void)state;
	assert_non_null(mkdtemp(dir));
	char *small = xasprintf("%s/small", dir), *big = xasprintf("%s/big", dir);
	FILE *f = fopen(small, "w");
	fputs("3 4\nfive\n", f);
	fclose(f);
	f = fopen(big, "w");
	for (int i = 0; i < 300000; i++)
		fputs("0123456789\n", f);
	fclose(f);

	assert_int_equal(run_sh("read a b; echo $((a + b)); cat", default_limits(), small, 0, &r), 0);
	assert_string_equal(r.out.p, "7\nfive\n");
	launch_result_release(&r);

	/* No stdin file: /dev/null, never the terminal. */
	assert_int_equal(run_sh("cat; echo end; [ -t 0 ] && echo tty", default_limits(), NULL, 0, &r), 0);
	assert_string_equal(r.out.p, "end\n");
	launch_result_release(&r);

	/* A program that never reads its (large) stdin. */
	long long t0 = now_ns();
	assert_int_equal(run_sh("echo ignored", default_limits(), big, 0, &r), 0);
	assert_true(seconds_since(t0) < 2.0);
	assert_int_equal(r.end, END_EXITED);
	assert_string_equal(r.out.p, "ignored\n");
	launch_result_release(&r);

	/* And one that reads all of it. */
	assert_int_equal(run_sh("wc -l", default_limits(), big, 0, &r), 0);
	assert_int_equal(strtol(r.out.p, NULL, 10), 300000);
	launch_result_release(&r);

	/* A stdin file that does not exist: the launch fails and says so. */
	char *missing = xasprintf("%s/missing", dir);
	assert_int_equal(run_sh("echo no", default_limits(), missing, 0, &r), -1);
	assert_int_equal(r.end, END_LAUNCH_FAILED);
	assert_non_null(r.error);
	assert_non_null(strstr(r.error, "No such file"));
	assert_int_equal(r.out.len, 0);
	launch_result_release(&r);

	unlink(small);
	unlink(big);
	rmdir(dir);
	free(small);
	free(big);
	free(missing);
}

static void test_flood_both_streams(void **state)
{
	struct launch_result r;
	struct limits lim = default_limits();

	(void)state;
	lim.output_cap = 4u << 20;
	long long t0 = now_ns();
	assert_int_equal(run_sh("head -c 3000000 /dev/zero >&2 & head -c 3000000 /dev/zero; wait", lim, NULL, 0, &r), 0);
	assert_true(seconds_since(t0) < 5.0);
	assert_int_equal(r.end, END_EXITED);
	assert_int_equal(r.exit_code, 0);
	assert_int_equal(r.out.len, 3000000);
	assert_int_equal(r.err.len, 3000000);
	launch_result_release(&r);
}

static void test_closed_stdout(void **state)
{
	struct launch_result r;

	(void)state;
	long long t0 = now_ns();
	assert_int_equal(run_sh("echo first; exec >&- 2>&-; sleep 0.5; exit 4", default_limits(), NULL, 0, &r), 0);
	double took = seconds_since(t0);
	assert_true(took >= 0.45 && took < 3.0);
	assert_int_equal(r.end, END_EXITED);
	assert_int_equal(r.exit_code, 4);
	assert_string_equal(r.out.p, "first\n");
	assert_true(r.wall_ns >= 450000000LL);
	launch_result_release(&r);
}

static void test_orphan_holding_stdout(void **state)
{
	struct launch_result r;

	(void)state;
	/* The grandchild leaves the group (setsid) and keeps stdout open for 5 s. */
	long long t0 = now_ns();
	assert_int_equal(run_sh("setsid sh -c 'sleep 5 & echo $!'; echo done; exit 0", default_limits(), NULL, 0, &r), 0);
	double took = seconds_since(t0);
	long orphan = strtol(r.out.p, NULL, 10);
	if (orphan > 1)
		kill((pid_t)orphan, SIGKILL);
	if (took > 1.2)
		print_error("an orphan holding stdout kept litlab waiting %.2f s\n", took);
	assert_true(took <= 1.2);
	assert_int_equal(r.end, END_EXITED);
	assert_int_equal(r.exit_code, 0);
	assert_non_null(strstr(r.out.p, "done\n"));
	launch_result_release(&r);
}

static void test_launch_failed(void **state)
{
	struct launch_result r;
	char *argv[] = { "/nonexistent/litlab-prog", NULL };
	struct launch l = { .argv = argv, .lim = default_limits() };

	(void)state;
	launch_result_init(&r);
	assert_int_equal(sandbox_launch(&l, &r), -1);
	assert_int_equal(r.end, END_LAUNCH_FAILED);
	assert_non_null(r.error);
	assert_non_null(strstr(r.error, "'/nonexistent/litlab-prog'"));
	assert_non_null(strstr(r.error, "No such file or directory"));
	launch_result_release(&r);

	/* Looked up in PATH, and not found there. */
	char *argv2[] = { "litlab-no-such-command", NULL };
	l.argv = argv2;
	launch_result_init(&r);
	assert_int_equal(sandbox_launch(&l, &r), -1);
	assert_int_equal(r.end, END_LAUNCH_FAILED);
	assert_non_null(strstr(r.error, "litlab-no-such-command"));
	launch_result_release(&r);

	/* Not executable. */
	char *argv3[] = { "/etc/passwd", NULL };
	l.argv = argv3;
	launch_result_init(&r);
	assert_int_equal(sandbox_launch(&l, &r), -1);
	assert_int_equal(r.end, END_LAUNCH_FAILED);
	assert_non_null(strstr(r.error, "Permission denied"));
	launch_result_release(&r);

	/* A working folder that does not exist. */
	char *argv4[] = { "/bin/true", NULL };
	l.argv = argv4;
	l.cwd = "/nonexistent-folder";
	launch_result_init(&r);
	assert_int_equal(sandbox_launch(&l, &r), -1);
	assert_int_equal(r.end, END_LAUNCH_FAILED);
	assert_non_null(r.error);
	launch_result_release(&r);
}

static void test_cwd_and_env(void **state)
{
	struct launch_result r;
	char *argv[] = { "/bin/sh", "-c", "pwd; echo \"$FOO|${HOME-unset}|${LITLAB_REGION_FD-unset}\"", NULL };
	char *envp[] = { "FOO=bar", "PATH=/usr/bin:/bin", NULL };
	struct launch l = { .argv = argv, .cwd = "/", .envp = envp, .lim = default_limits() };

	(void)state;
	launch_result_init(&r);
	assert_int_equal(sandbox_launch(&l, &r), 0);
	assert_string_equal(r.out.p, "/\nbar|unset|unset\n");
	launch_result_release(&r);
}

static void test_side_channel(void **state)
{
	struct launch_result r;

	(void)state;
	assert_int_equal(run_sh("echo \"fd=$LITLAB_REGION_FD\"; echo \"B $$ 1 x\" >&\"$LITLAB_REGION_FD\"; "
				"printf 'E %s 2 x\\n' $$ >&3",
				default_limits(), NULL, 1, &r),
			 0);
	assert_int_equal(r.end, END_EXITED);
	assert_string_equal(r.out.p, "fd=3\n");
	char *want = xasprintf("B %ld 1 x\nE %ld 2 x\n", r.pid, r.pid);
	assert_string_equal(r.side.p, want);
	free(want);
	launch_result_release(&r);

	/* With an environment of its own, the program still gets the variable, once. */
	char *argv[] = { "/bin/sh", "-c", "env | grep -c LITLAB_REGION_FD; echo $FOO", NULL };
	char *envp[] = { "FOO=1", "LITLAB_REGION_FD=99", NULL };
	struct launch l = { .argv = argv, .envp = envp, .lim = default_limits(), .side_channel = 1 };
	launch_result_init(&r);
	assert_int_equal(sandbox_launch(&l, &r), 0);
	assert_string_equal(r.out.p, "1\n1\n");
	launch_result_release(&r);

	/* Without a side channel, descriptor 3 is not open in the program. */
	assert_int_equal(run_sh("if { true >&3; } 2>/dev/null; then echo open; else echo closed; fi", default_limits(),
				NULL, 0, &r),
			 0);
	assert_string_equal(r.out.p, "closed\n");
	launch_result_release(&r);
}

static void test_rusage(void **state)
{
	struct launch_result r;

	(void)state;
	assert_int_equal(run_sh("i=0; while [ $i -lt 20000 ]; do i=$((i + 1)); done; echo $i", default_limits(), NULL, 0,
				&r),
			 0);
	assert_string_equal(r.out.p, "20000\n");
	assert_true(r.wall_ns > 0);
	assert_true(r.user_ns >= 0);
	assert_true(r.sys_ns >= 0);
	assert_true(r.user_ns + r.sys_ns > 0);
	assert_true(r.max_rss_kb > 0);
	launch_result_release(&r);
}

static void test_fsize_limit(void **state)
{
	struct launch_result r;
	char dir[] = "/tmp/litlab-test-XXXXXX";
	struct limits lim = default_limits();

	(void)state;
	assert_non_null(mkdtemp(dir));
	lim.fsize_bytes = 10000;
	char *argv[] = { "dd", "if=/dev/zero", "of=big", "bs=1024", "count=100", NULL };
	struct launch l = { .argv = argv, .cwd = dir, .lim = lim };
	launch_result_init(&r);
	assert_int_equal(sandbox_launch(&l, &r), 0);
	assert_int_equal(r.end, END_SIGNALED);
	assert_int_equal(r.signo, SIGXFSZ);
	launch_result_release(&r);
	char *big = xasprintf("%s/big", dir);
	unlink(big);
	free(big);
	assert_int_equal(rmdir(dir), 0);
}

static void test_other_limits(void **state)
{
	struct launch_result r;
	struct limits lim = default_limits();

	(void)state;
	lim.nofile = 20;
	lim.mem_bytes = 512LL << 20;
	lim.cpu_s = 5;
	assert_int_equal(run_sh("ulimit -n; ulimit -v; ulimit -t; ulimit -c", lim, NULL, 0, &r), 0);
	assert_string_equal(r.out.p, "20\n524288\n5\n0\n");
	launch_result_release(&r);
}

static void test_no_descriptor_leak(void **state)
{
	struct launch_result r;
	struct limits lim = default_limits();

	(void)state;
	size_t before = count_fds();
	for (int i = 0; i < 20; i++) {
		run_sh(i % 2 ? "echo x" : "exit 1", lim, NULL, i % 3 == 0, &r);
		launch_result_release(&r);
	}
	char *argv[] = { "/nonexistent", NULL };
	struct launch l = { .argv = argv, .lim = lim, .side_channel = 1 };
	launch_result_init(&r);
	sandbox_launch(&l, &r);
	launch_result_release(&r);
	assert_int_equal(count_fds(), before);

	/* The program sees only 0, 1 and 2 (and 3 with a side channel). */
	assert_int_equal(run_sh("ls /proc/self/fd | wc -l", lim, NULL, 0, &r), 0);
	/* ls itself opens one descriptor for the folder: 0, 1, 2 and that one. */
	assert_int_equal(strtol(r.out.p, NULL, 10), 4);
	launch_result_release(&r);
	assert_string_equal(sandbox_isolation(), "rlimits,pgroup");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_exit_codes),
		cmocka_unit_test(test_signal),
		cmocka_unit_test(test_timeout_kills_group),
		cmocka_unit_test(test_exit_kills_group),
		cmocka_unit_test(test_output_cap),
		cmocka_unit_test(test_streams),
		cmocka_unit_test(test_stdin),
		cmocka_unit_test(test_flood_both_streams),
		cmocka_unit_test(test_closed_stdout),
		cmocka_unit_test(test_orphan_holding_stdout),
		cmocka_unit_test(test_launch_failed),
		cmocka_unit_test(test_cwd_and_env),
		cmocka_unit_test(test_side_channel),
		cmocka_unit_test(test_rusage),
		cmocka_unit_test(test_fsize_limit),
		cmocka_unit_test(test_other_limits),
		cmocka_unit_test(test_no_descriptor_leak),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
