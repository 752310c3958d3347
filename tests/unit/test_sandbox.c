/*
 * test_sandbox.c: sandbox_launch() with /bin/sh scripts: exit statuses,
 * signals, the wall-clock deadline and what a program leaves behind, output
 * caps, separate streams, stdin, pipes that stay open, launch failures, the
 * region side channel, rusage and rlimits; then the isolation: the work
 * folder, the read-only system and the private /tmp, the memory and process
 * limits, concurrent launches, and a forked litlab.
 *
 * Every test runs under each tier this machine can give: the strongest
 * (what the probe finds), then C when root, then D (LITLAB_ISOLATION caps the
 * tier). Processes are found by a marker in their argv, never by the pid a
 * program prints: in tiers A and B that pid is its namespace's, and the same
 * number may be another process outside.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
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
static int run_sh_in(const char *script, struct limits lim, const char *stdin_path, int side, const char *cwd,
		     struct launch_result *r)
{
	char *argv[] = { "/bin/sh", "-c", (char *)script, NULL };
	struct launch l = { .argv = argv, .lim = lim, .stdin_path = stdin_path, .side_channel = side, .cwd = cwd };

	launch_result_init(r);
	return sandbox_launch(&l, r);
}

static int run_sh(const char *script, struct limits lim, const char *stdin_path, int side, struct launch_result *r)
{
	return run_sh_in(script, lim, stdin_path, side, NULL, r);
}

static double seconds_since(long long t0)
{
	return (double)(now_ns() - t0) / 1e9;
}

/* A fresh `sleep` argument that no other process has: its argv marks it. */
static char *marker(void)
{
	static int n;

	return xasprintf("1000.%d%04d", (int)getpid(), ++n);
}

/*
 * The live processes (not zombies) that have mark as an argument: how many,
 * each sent sig first when sig is not 0.
 */
static int marked(const char *mark, int sig)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	int n = 0;

	assert_non_null(d);
	while ((e = readdir(d))) {
		char path[300], buf[4096], stat[512];
		if (e->d_name[0] < '0' || e->d_name[0] > '9')
			continue;
		snprintf(path, sizeof path, "/proc/%s/cmdline", e->d_name);
		FILE *f = fopen(path, "r");
		if (!f)
			continue;
		size_t len = fread(buf, 1, sizeof buf - 1, f);
		fclose(f);
		buf[len] = '\0';
		int found = 0;
		for (size_t i = 0; i < len; i += strlen(buf + i) + 1)
			if (strcmp(buf + i, mark) == 0)
				found = 1;
		if (!found)
			continue;
		snprintf(path, sizeof path, "/proc/%s/stat", e->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		len = fread(stat, 1, sizeof stat - 1, f);
		fclose(f);
		stat[len] = '\0';
		const char *paren = strrchr(stat, ')');
		if (!paren || paren[1] != ' ' || paren[2] == 'Z' || paren[2] == 'X')
			continue;
		n++;
		if (sig)
			kill((pid_t)strtol(e->d_name, NULL, 10), sig);
	}
	closedir(d);
	return n;
}

static int marker_gone(const char *mark, double max_s)
{
	long long t0 = now_ns();

	while (marked(mark, 0) > 0) {
		if (seconds_since(t0) > max_s)
			return 0;
		usleep(10000);
	}
	return 1;
}

/* Kills what a failed test left: the processes with the marker, and only those. */
static void kill_marked(const char *mark)
{
	marked(mark, SIGKILL);
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

/* A folder under the temporary root: the one kind a program may write in. */
static char *work_folder(void)
{
	const char *tmp = getenv("TMPDIR");
	char *dir = xasprintf("%s/litlab-test-XXXXXX", tmp && *tmp ? tmp : "/tmp");

	assert_non_null(mkdtemp(dir));
	return dir;
}

static void remove_folder(char *dir)
{
	char *cmd = xasprintf("rm -rf '%s'", dir);

	if (system(cmd) != 0)
		print_error("cannot remove %s\n", dir);
	free(cmd);
	free(dir);
}

/* ---- switching tiers ---- */

static int use_tier(const char *tier)
{
	sandbox_release();
	if (tier)
		setenv("LITLAB_ISOLATION", tier, 1);
	else
		unsetenv("LITLAB_ISOLATION");
	sandbox_init();
	return 0;
}

static int tier_best(void **state)
{
	(void)state;
	return use_tier(NULL);
}

static int tier_c(void **state)
{
	(void)state;
	if (geteuid() != 0)
		return use_tier(NULL); /* not root: C is not to be had; run the best again */
	return use_tier("C");
}

static int tier_d(void **state)
{
	(void)state;
	return use_tier("D");
}

/* 1 in the tiers with their own PID namespace and read-only system. */
static int namespaced(void)
{
	return sandbox_tier() == 'A' || sandbox_tier() == 'B';
}

/* ---- what every tier must do ---- */

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
		assert_null(r.limit);
		assert_true(r.pid > 0);
		launch_result_release(&r);
	}
	/* The pid recorded is the program's own, as it sees it. */
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

static void test_timeout_kills_everything(void **state)
{
	struct launch_result r;
	struct limits lim = default_limits();
	char *mark = marker();
	char *script = xasprintf("sleep %s & sleep 10; echo never", mark);

	(void)state;
	lim.wall_s = 0.3;
	long long t0 = now_ns();
	assert_int_equal(run_sh(script, lim, NULL, 0, &r), 0);
	double took = seconds_since(t0);
	assert_true(took >= 0.25);
	if (took >= 2.0)
		print_error("a 0.3 s deadline took %.2f s\n", took);
	assert_true(took < 2.0);
	assert_int_equal(r.end, END_TIMEOUT);
	assert_int_equal(r.signo, SIGKILL);
	assert_null(strstr(r.out.p, "never"));
	if (!marker_gone(mark, 1.0)) {
		kill_marked(mark);
		fail_msg("the background child outlived the deadline");
	}
	assert_true(r.wall_ns >= 250000000LL);
	launch_result_release(&r);
	free(script);
	free(mark);
}

static void test_exit_kills_everything(void **state)
{
	struct launch_result r;
	char *mark = marker(), *mark2 = marker();
	/* A child in the group with its pipes redirected away, and a daemon in a session of its own. */
	char *script = xasprintf("sleep %s >/dev/null 2>&1 & setsid sleep %s >/dev/null 2>&1 & sleep 0.2; exit 0",
				 mark, mark2);

	(void)state;
	long long t0 = now_ns();
	assert_int_equal(run_sh(script, default_limits(), NULL, 0, &r), 0);
	assert_true(seconds_since(t0) < 2.0);
	assert_int_equal(r.end, END_EXITED);
	int gone = marker_gone(mark, 1.0), gone2 = marker_gone(mark2, 1.0);
	if (!gone || !gone2) {
		kill_marked(mark);
		kill_marked(mark2);
		fail_msg("a process the program started outlived it (group: %s, own session: %s)",
			 gone ? "gone" : "alive", gone2 ? "gone" : "alive");
	}
	launch_result_release(&r);
	free(script);
	free(mark);
	free(mark2);
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
	char *mark = marker();
	/* The grandchild leaves the group (setsid) and keeps stdout open. */
	char *script = xasprintf("setsid sh -c 'sleep %s &'; echo done; exit 0", mark);

	(void)state;
	long long t0 = now_ns();
	assert_int_equal(run_sh(script, default_limits(), NULL, 0, &r), 0);
	double took = seconds_since(t0);
	int gone = marker_gone(mark, 1.0);
	if (!gone)
		kill_marked(mark);
	if (took > 1.2)
		print_error("an orphan holding stdout kept litlab waiting %.2f s\n", took);
	assert_true(took <= 1.2);
	assert_true(gone);
	assert_int_equal(r.end, END_EXITED);
	assert_int_equal(r.exit_code, 0);
	assert_non_null(strstr(r.out.p, "done\n"));
	launch_result_release(&r);
	free(script);
	free(mark);
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
	assert_non_null(strstr(r.error, "/nonexistent-folder"));
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
	char *dir = work_folder();
	struct limits lim = default_limits();

	(void)state;
	lim.fsize_bytes = 10000;
	char *argv[] = { "dd", "if=/dev/zero", "of=big", "bs=1024", "count=100", NULL };
	struct launch l = { .argv = argv, .cwd = dir, .lim = lim };
	launch_result_init(&r);
	assert_int_equal(sandbox_launch(&l, &r), 0);
	if (r.end != END_SIGNALED)
		print_error("dd: %s", r.err.p);
	assert_int_equal(r.end, END_SIGNALED);
	assert_int_equal(r.signo, SIGXFSZ);
	launch_result_release(&r);
	remove_folder(dir);
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
	/* Where a memory cgroup holds the launch's memory, there is no RLIMIT_AS. */
	if (strstr(sandbox_isolation(), "cgroup=v1"))
		assert_string_equal(r.out.p, "20\nunlimited\n5\n0\n");
	else
		assert_string_equal(r.out.p, "20\n524288\n5\n0\n");
	launch_result_release(&r);
}

static void test_no_descriptor_leak(void **state)
{
	struct launch_result r;
	struct limits lim = default_limits();

	(void)state;
	run_sh("true", lim, NULL, 0, &r); /* the helper is up before counting */
	launch_result_release(&r);
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
}

/* ---- the isolation ---- */

static void test_isolation_named(void **state)
{
	const char *iso = sandbox_isolation();
	const char *cap = getenv("LITLAB_ISOLATION");

	(void)state;
	assert_non_null(iso);
	assert_int_equal(iso[0], sandbox_tier());
	assert_memory_equal(iso + 1, ": ", 2);
	assert_non_null(strstr(iso, "rlimits"));
	assert_non_null(strstr(iso, "seccomp"));
	if (cap)
		assert_true(sandbox_tier() >= cap[0]);
	if (namespaced())
		assert_non_null(strstr(iso, "ns=mount+net+ipc+uts+pid"));
	else
		assert_non_null(strstr(iso, "pgroup,subreaper"));
	if (sandbox_tier() == 'A')
		assert_non_null(strstr(iso, "uid=65534"));
	if (sandbox_tier() == 'C')
		assert_non_null(strstr(iso, "uid=per-run"));
	if (sandbox_tier() == 'A' || sandbox_tier() == 'C') { /* and the programs do run as that uid */
		struct launch_result r;
		assert_int_equal(run_sh_in("id -u", default_limits(), NULL, 0, "/", &r), 0);
		long uid = strtol(r.out.p, NULL, 10);
		if (sandbox_tier() == 'A')
			assert_int_equal(uid, sandbox_uid());
		else /* tier C: the uid of the slot that ran it */
			assert_in_range(uid, sandbox_uid(), sandbox_uid() + SANDBOX_UID_C_SLOTS - 1);
		launch_result_release(&r);
	} else {
		assert_int_equal(sandbox_uid(), -1);
	}
}

static void test_work_folder(void **state)
{
	struct launch_result r;
	char *dir = work_folder();
	char *in = xasprintf("%s/in.txt", dir), *out = xasprintf("%s/out.txt", dir);
	FILE *f = fopen(in, "w");

	(void)state;
	fputs("from litlab\n", f);
	fclose(f);
	chmod(in, 0600);
	/* It reads what litlab wrote there, and writes back, by relative and absolute paths. */
	char *script = xasprintf("cat in.txt; echo back > out.txt; echo more >> '%s'; mkdir sub && echo x > sub/y", out);
	assert_int_equal(run_sh_in(script, default_limits(), NULL, 0, dir, &r), 0);
	if (r.exit_code != 0)
		print_error("%s", r.err.p);
	assert_int_equal(r.exit_code, 0);
	assert_string_equal(r.out.p, "from litlab\n");
	char *text = NULL;
	size_t len;
	assert_int_equal(read_file(out, &text, &len), 0);
	assert_string_equal(text, "back\nmore\n");
	free(text);
	launch_result_release(&r);
	free(script);

	/* Any other folder is entered read-only: here, one that is not under the temporary root. */
	assert_int_equal(run_sh_in("pwd; touch litlab-test-file 2>/dev/null || echo refused", default_limits(), NULL, 0,
				   "/", &r),
			 0);
	assert_string_equal(r.out.p, "/\nrefused\n");
	assert_int_equal(access("/litlab-test-file", F_OK), -1);
	launch_result_release(&r);
	free(in);
	free(out);
	remove_folder(dir);
}

static void test_system_read_only(void **state)
{
	struct launch_result r;
	char *mark = marker();
	char *script = xasprintf("for f in /etc/litlab-%s /usr/litlab-%s; do touch $f 2>/dev/null && echo wrote $f; "
				 "done; echo done",
				 mark, mark);

	(void)state;
	assert_int_equal(run_sh_in(script, default_limits(), NULL, 0, "/", &r), 0);
	assert_string_equal(r.out.p, "done\n");
	launch_result_release(&r);
	free(script);
	if (!namespaced()) {
		free(mark);
		return;
	}
	/* A private /tmp, emptied between launches; nothing of it reaches the host's. */
	script = xasprintf("ls /tmp/litlab-%s 2>/dev/null; echo x > /tmp/litlab-%s; mkdir /tmp/d-%s; "
			   "echo y > /tmp/d-%s/f; ls /tmp/litlab-%s",
			   mark, mark, mark, mark, mark);
	assert_int_equal(run_sh_in(script, default_limits(), NULL, 0, "/", &r), 0);
	char *want = xasprintf("/tmp/litlab-%s\n", mark);
	assert_string_equal(r.out.p, want);
	launch_result_release(&r);
	char *host = xasprintf("/tmp/litlab-%s", mark);
	assert_int_equal(access(host, F_OK), -1);
	assert_int_equal(run_sh_in(script, default_limits(), NULL, 0, "/", &r), 0);
	assert_string_equal(r.out.p, want);
	launch_result_release(&r);
	/* Its own hostname, no network, its own processes only. */
	assert_int_equal(run_sh_in("hostname; grep -c : /proc/net/dev; ps -e -o pid= | wc -l", default_limits(), NULL, 0,
				   "/", &r),
			 0);
	assert_memory_equal(r.out.p, "litlab\n1\n", 9); /* lo only */
	assert_true(strtol(r.out.p + 9, NULL, 10) <= 4); /* the spawner, sh, ps and wc */
	launch_result_release(&r);
	free(host);
	free(want);
	free(script);
	free(mark);
}

static void test_memory_limit(void **state)
{
	struct launch_result r;
	struct limits lim = default_limits();

	(void)state;
	lim.mem_bytes = 64LL << 20;
	/* 200 MB in a shell variable. */
	int rc = run_sh("x=$(head -c 200000000 /dev/zero | tr '\\0' a); echo ${#x}", lim, NULL, 0, &r);
	if (rc != 0)
		print_error("launch failed: %s\n", r.error ? r.error : "?");
	assert_int_equal(rc, 0);
	assert_true(r.end == END_SIGNALED || (r.end == END_EXITED && r.exit_code != 0));
	assert_null(strstr(r.out.p, "200000000"));
	if (strstr(sandbox_isolation(), "cgroup=v1")) {
		assert_int_equal(r.end, END_SIGNALED);
		assert_int_equal(r.signo, SIGKILL);
		assert_non_null(r.limit);
		assert_string_equal(r.limit, "memory");
	}
	launch_result_release(&r);

	/*
	 * Where the spawner shares a memory cgroup with what it launches, that is
	 * the OOM killer's first choice: where litlab lacks CAP_SYS_RESOURCE the
	 * spawner cannot protect itself, and it was once killed instead of the
	 * program ("the sandbox helper ... ended unexpectedly"). (Tiers C and D
	 * have no such cgroup, and Landlock keeps /proc/self read-only there.)
	 */
	if (strstr(sandbox_isolation(), "cgroup=v1")) {
		assert_int_equal(run_sh("cat /proc/self/oom_score_adj; sh -c 'cat /proc/self/oom_score_adj'",
				       default_limits(), NULL, 0, &r),
				 0);
		assert_string_equal(r.out.p, "1000\n1000\n");
		launch_result_release(&r);
	}
}

static long uid_processes(uid_t uid)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	struct stat st;
	long n = 0;

	assert_non_null(d);
	while ((e = readdir(d)))
		if (e->d_name[0] >= '0' && e->d_name[0] <= '9' && fstatat(dirfd(d), e->d_name, &st, 0) == 0 &&
		    st.st_uid == uid)
			n++;
	closedir(d);
	return n;
}

static void test_process_limit(void **state)
{
	struct launch_result r;
	struct limits lim = default_limits();
	char *mark = marker();
	/* RLIMIT_NPROC, where it stands in for the cgroup, counts what the uid runs already. */
	int tier = sandbox_tier();
	uid_t uid = tier == 'C' ? (uid_t)sandbox_uid() : getuid();
	long already = tier == 'C' || tier == 'D' ? uid_processes(uid) : 0;
	/* More processes than a launch may have: a fork fails (and dash gives up). */
	char *script = xasprintf("i=0; while [ $i -lt %ld ]; do sleep %s & i=$((i + 1)); done; echo all started",
				 SANDBOX_NPROC + already + 50, mark);

	(void)state;
	lim.wall_s = 5;
	long long t0 = now_ns();
	/* In "/": a launch without a cwd runs as root in tier C, and RLIMIT_NPROC does not hold root. */
	assert_int_equal(run_sh_in(script, lim, NULL, 0, "/", &r), 0);
	assert_true(seconds_since(t0) < 5.0);
	assert_int_equal(r.end, END_EXITED);
	if (!(sandbox_tier() == 'D' && geteuid() == 0)) {
		assert_int_not_equal(r.exit_code, 0);
		assert_null(strstr(r.out.p, "all started"));
	}
	if (strstr(sandbox_isolation(), "cgroup=v1")) {
		assert_non_null(r.limit);
		assert_string_equal(r.limit, "processes");
	}
	if (!marker_gone(mark, 2.0)) {
		kill_marked(mark);
		fail_msg("the processes outlived the launch");
	}
	launch_result_release(&r);
	free(script);
	free(mark);
}

struct job {
	int index;
	int failures;
};

static void *launch_many(void *arg)
{
	struct job *j = arg;

	for (int i = 0; i < 8; i++) {
		struct launch_result r;
		char script[64];
		snprintf(script, sizeof script, "sleep 0.0%d; echo %d-%d", i % 3, j->index, i);
		char want[32];
		snprintf(want, sizeof want, "%d-%d\n", j->index, i);
		if (run_sh(script, default_limits(), NULL, 0, &r) != 0 || strcmp(r.out.p, want) != 0) {
			fprintf(stderr, "concurrent launch %d-%d: end %d, exit %d, signal %d, out '%s', err '%s', %s\n",
				j->index, i, (int)r.end, r.exit_code, r.signo, r.out.p, r.err.p,
				r.error ? r.error : "");
			j->failures++;
		}
		launch_result_release(&r);
	}
	return NULL;
}

static void test_concurrent(void **state)
{
	pthread_t t[4];
	struct job jobs[4];

	(void)state;
	for (int i = 0; i < 4; i++) {
		jobs[i].index = i;
		jobs[i].failures = 0;
		assert_int_equal(pthread_create(&t[i], NULL, launch_many, &jobs[i]), 0);
	}
	for (int i = 0; i < 4; i++) {
		pthread_join(t[i], NULL);
		assert_int_equal(jobs[i].failures, 0);
	}
}

struct holder {
	char *mark;
	const char *first; /* a script to run in dir first (on the slot then held); NULL */
	const char *dir;
	long uid;
	int ok;
};

/*
 * Runs h->first, if any, then prints its uid and holds its launch slot (the
 * same: a thread takes its last slot again) sleeping, with the marker,
 * until killed at 1.5 s.
 */
static void *hold_a_slot(void *arg)
{
	struct holder *h = arg;
	struct launch_result r;
	struct limits lim = default_limits();
	char *script = xasprintf("id -u; sleep %s", h->mark);

	h->ok = 1;
	if (h->first) {
		h->ok = run_sh_in(h->first, lim, NULL, 0, h->dir, &r) == 0 && r.exit_code == 0;
		launch_result_release(&r);
	}
	lim.wall_s = 1.5;
	h->ok &= run_sh_in(script, lim, NULL, 0, "/", &r) == 0 && r.end == END_TIMEOUT;
	h->uid = strtol(r.out.p, NULL, 10);
	launch_result_release(&r);
	free(script);
	return NULL;
}

/* Starts a thread whose launch holds a slot, and returns once its program runs. */
static void hold_slot_start(pthread_t *t, struct holder *h)
{
	h->mark = marker();
	assert_int_equal(pthread_create(t, NULL, hold_a_slot, h), 0);
	long long t0 = now_ns();
	while (marked(h->mark, 0) == 0 && seconds_since(t0) < 5.0)
		usleep(5000);
	assert_true(marked(h->mark, 0) > 0);
}

static void hold_slot_end(pthread_t t, struct holder *h)
{
	pthread_join(t, NULL);
	assert_true(h->ok);
	if (!marker_gone(h->mark, 2.0)) {
		kill_marked(h->mark);
		fail_msg("the holder's sleep outlived its launch");
	}
	free(h->mark);
}

/*
 * Tier C counts processes per uid (RLIMIT_NPROC): launches running at once
 * run as uids of their own, so that one block's fork bomb cannot take
 * another's processes. Elsewhere they share the tier's uid (A) or keep
 * litlab's (D).
 */
static void test_slot_uids(void **state)
{
	pthread_t t;
	struct holder h = { NULL, NULL, NULL, 0, 0 };
	struct launch_result r;

	(void)state;
	hold_slot_start(&t, &h);
	assert_int_equal(run_sh_in("id -u", default_limits(), NULL, 0, "/", &r), 0);
	long uid = strtol(r.out.p, NULL, 10);
	launch_result_release(&r);
	hold_slot_end(t, &h);
	if (sandbox_tier() == 'C')
		assert_int_not_equal(uid, h.uid);
	else
		assert_int_equal(uid, h.uid);
}

/*
 * A block's launches may run in different slots (in tier C, as different
 * uids): what one made deep in the work folder, the next may still write.
 * Here the second launch finds the first one's slot busy.
 */
static void test_slot_handover(void **state)
{
	struct launch_result r;
	char *dir = work_folder();
	pthread_t t;
	struct holder h = { NULL, "mkdir -p d/e && echo one > d/e/f", dir, 0, 0 };

	(void)state;
	hold_slot_start(&t, &h); /* it made d/e/f, and holds the slot it made it in */
	assert_int_equal(run_sh_in("echo two >> d/e/f && mkdir d/e/g && cat d/e/f", default_limits(), NULL, 0, dir, &r),
			 0);
	hold_slot_end(t, &h);
	if (r.exit_code != 0)
		print_error("%s", r.err.p);
	assert_int_equal(r.exit_code, 0);
	assert_string_equal(r.out.p, "one\ntwo\n");
	launch_result_release(&r);
	remove_folder(dir);
}

/* Allocates and frees without pause until *stop: a thread busy in the allocator. */
static void *churn(void *arg)
{
	volatile int *stop = arg;
	void *keep[512];
	unsigned seed = 1;

	memset(keep, 0, sizeof keep);
	/* Whole batches, more than a thread's cache holds: the allocator's shared lists are in use. */
	while (!*stop) {
		for (int i = 0; i < 512; i++) {
			seed = seed * 1103515245u + 12345u;
			keep[i] = malloc(64 + seed % 2048);
		}
		for (int i = 0; i < 512; i++) {
			free(keep[i]);
			keep[i] = NULL;
		}
	}
	for (int i = 0; i < 512; i++)
		free(keep[i]);
	return NULL;
}

/*
 * Helpers are started while other threads allocate (-j N does that): a
 * helper forked from such a process once inherited the allocator's lock,
 * held, and hung at its first malloc (with AddressSanitizer, whose allocator
 * fork() does not prepare). Each round stops every helper, so that the next
 * launch starts one.
 */
static void test_helper_start_while_allocating(void **state)
{
	pthread_t t[2];
	volatile int stop = 0;
	int failures = 0;
	struct limits lim = default_limits();

	(void)state;
	lim.wall_s = 5;
	for (int i = 0; i < 2; i++)
		assert_int_equal(pthread_create(&t[i], NULL, churn, (void *)&stop), 0);
	for (int round = 0; round < 10; round++) {
		struct launch_result r;
		sandbox_release();
		if (run_sh("echo started", lim, NULL, 0, &r) != 0 || r.end != END_EXITED ||
		    strcmp(r.out.p, "started\n") != 0) {
			fprintf(stderr, "round %d: end %d, out '%s', %s\n", round, (int)r.end, r.out.p,
				r.error ? r.error : "");
			failures++;
		}
		launch_result_release(&r);
	}
	stop = 1;
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	assert_int_equal(failures, 0);
}

/* The program's parent is the spawner, a fresh image of this binary, not a fork of it. */
static void test_helper_is_a_fresh_image(void **state)
{
	struct launch_result r;

	(void)state;
	assert_int_equal(run_sh("tr '\\0' ' ' < /proc/$PPID/cmdline", default_limits(), NULL, 0, &r), 0);
	assert_int_equal(r.end, END_EXITED);
	assert_string_equal(r.out.p, "litlab-sandbox-helper ");
	launch_result_release(&r);
}

static void test_forked_litlab(void **state)
{
	(void)state;
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		struct launch_result r;
		int ok = run_sh("echo child", default_limits(), NULL, 0, &r) == 0 && strcmp(r.out.p, "child\n") == 0;
		launch_result_release(&r);
		sandbox_release();
		_exit(ok ? 0 : 1);
	}
	int status;
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	/* The parent's helpers still work. */
	struct launch_result r;
	assert_int_equal(run_sh("echo parent", default_limits(), NULL, 0, &r), 0);
	assert_string_equal(r.out.p, "parent\n");
	launch_result_release(&r);
}

#define ALL_TESTS(setup)                                                                                      \
	cmocka_unit_test_setup(test_isolation_named, setup), cmocka_unit_test(test_exit_codes),               \
		cmocka_unit_test(test_signal), cmocka_unit_test(test_timeout_kills_everything),               \
		cmocka_unit_test(test_exit_kills_everything), cmocka_unit_test(test_output_cap),              \
		cmocka_unit_test(test_streams), cmocka_unit_test(test_stdin),                                 \
		cmocka_unit_test(test_flood_both_streams), cmocka_unit_test(test_closed_stdout),              \
		cmocka_unit_test(test_orphan_holding_stdout), cmocka_unit_test(test_launch_failed),           \
		cmocka_unit_test(test_cwd_and_env), cmocka_unit_test(test_side_channel),                      \
		cmocka_unit_test(test_rusage), cmocka_unit_test(test_fsize_limit),                            \
		cmocka_unit_test(test_other_limits), cmocka_unit_test(test_no_descriptor_leak),               \
		cmocka_unit_test(test_work_folder), cmocka_unit_test(test_system_read_only),                  \
		cmocka_unit_test(test_memory_limit), cmocka_unit_test(test_process_limit),                    \
		cmocka_unit_test(test_concurrent), cmocka_unit_test(test_slot_uids),                            \
		cmocka_unit_test(test_slot_handover),                                                         \
		cmocka_unit_test(test_helper_start_while_allocating),                                         \
		cmocka_unit_test(test_helper_is_a_fresh_image), cmocka_unit_test(test_forked_litlab)

int main(void)
{
	/* The best tier, then C (as root), then D: each test of each, in one group. */
	const struct CMUnitTest tests[] = { ALL_TESTS(tier_best), ALL_TESTS(tier_c), ALL_TESTS(tier_d) };
	int rc = cmocka_run_group_tests(tests, NULL, NULL);

	sandbox_release();
	unsetenv("LITLAB_ISOLATION");
	return rc;
}
