/*
 * test_sandbox.c: sandbox_launch() and work folders, with /bin/sh scripts
 * and a small hostile tool: exit statuses, signals, the wall-clock deadline
 * and what a program leaves behind, output caps, separate streams, stdin,
 * pipes that stay open, launch failures, the region side channel, rusage
 * and rlimits; then the isolation, tried as a hostile program would: what a
 * launch sees of the host, the work folder and its bounds, a setuid plant,
 * host sockets, IPC objects, terminals, deep folders, the memory and process
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
#include <linux/magic.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/buf.h"
#include "base/fs.h"
#include "sandbox/internal.h"
#include "sandbox/sandbox.h"
#include "base/util.h"

/* ---- the hostile tool, built once, copied into the folders that run it ---- */

static const char tool_source[] =
	"#define _GNU_SOURCE\n"
	"#include <dirent.h>\n#include <errno.h>\n#include <fcntl.h>\n#include <mqueue.h>\n#include <stdio.h>\n"
	"#include <stdlib.h>\n#include <string.h>\n#include <sys/ipc.h>\n#include <sys/shm.h>\n"
	"#include <sys/socket.h>\n#include <sys/stat.h>\n#include <sys/un.h>\n#include <unistd.h>\n"
	"static int say(const char *what, int rc) { printf(\"%s: %s\\n\", what, rc < 0 ? strerror(errno) : \"ok\"); "
	"return rc < 0; }\n"
	"int main(int argc, char **argv) {\n"
	"  const char *c = argc > 1 ? argv[1] : \"\", *a = argc > 2 ? argv[2] : \"\";\n"
	"  setvbuf(stdout, NULL, _IONBF, 0);\n"
	"  if (!strcmp(c, \"connect\")) { int s = socket(AF_UNIX, SOCK_STREAM, 0); if (say(\"socket\", s)) return 1;\n"
	"    struct sockaddr_un u; memset(&u, 0, sizeof u); u.sun_family = AF_UNIX;\n"
	"    snprintf(u.sun_path, sizeof u.sun_path, \"%s\", a);\n"
	"    return say(\"connect\", connect(s, (struct sockaddr *)&u, sizeof u)); }\n"
	"  if (!strcmp(c, \"pair\")) { int sv[2]; return say(\"socketpair\", socketpair(AF_UNIX, SOCK_STREAM, 0, sv)); }\n"
	"  if (!strcmp(c, \"pty\")) { int fd = posix_openpt(O_RDWR | O_NOCTTY); return say(\"posix_openpt\", fd); }\n"
	"  if (!strcmp(c, \"mq-send\")) { mqd_t q = mq_open(a, O_CREAT | O_WRONLY, 0666, NULL);\n"
	"    if (say(\"mq_open\", q == (mqd_t)-1 ? -1 : 0)) return 1; return say(\"mq_send\", mq_send(q, \"left\", 4, 0)); }\n"
	"  if (!strcmp(c, \"mq-recv\")) { mqd_t q = mq_open(a, O_RDONLY | O_NONBLOCK);\n"
	"    if (q == (mqd_t)-1) { printf(\"none: %s\\n\", strerror(errno)); return 0; }\n"
	"    char m[8192]; ssize_t n = mq_receive(q, m, sizeof m, NULL); printf(\"found %zd\\n\", n); return 0; }\n"
	"  if (!strcmp(c, \"shm-make\")) return say(\"shmget\", shmget(4242, 4096, IPC_CREAT | 0666));\n"
	"  if (!strcmp(c, \"shm-find\")) { printf(\"%s\\n\", shmget(4242, 0, 0) < 0 ? \"none\" : \"found\"); return 0; }\n"
	"  if (!strcmp(c, \"suid\")) { char b[65536]; ssize_t n; int in = open(\"/proc/self/exe\", O_RDONLY),\n"
	"    out = open(\"s\", O_WRONLY | O_CREAT | O_TRUNC, 0755); while ((n = read(in, b, sizeof b)) > 0) write(out, b, (size_t)n);\n"
	"    close(in); close(out); say(\"chmod s\", chmod(\"s\", 06755)); say(\"chmod .\", chmod(\".\", 0777)); return 0; }\n"
	"  if (!strcmp(c, \"fill-disk\")) { static char b[1 << 16]; int fd = open(a, O_WRONLY | O_CREAT | O_TRUNC, 0644);\n"
	"    if (say(\"open\", fd)) return 1; for (;;) if (write(fd, b, sizeof b) < 0) { say(\"write\", -1); return 0; } }\n"
	"  if (!strcmp(c, \"fill-files\")) { char n[300]; for (int i = 0;; i++) { snprintf(n, sizeof n, \"%s/f%d\", a, i);\n"
	"    int fd = open(n, O_WRONLY | O_CREAT, 0644); if (fd < 0) { say(\"create\", -1); return 0; } close(fd); } }\n"
	"  if (!strcmp(c, \"nest\")) { int n = atoi(a); for (int i = 0; i < n; i++) { if (mkdir(\"d\", 0755) < 0 || chdir(\"d\") < 0)\n"
	"    { say(\"nest\", -1); return 1; } if (i % 97 == 5) { int fd = open(\"f\", O_WRONLY | O_CREAT, 0644); close(fd); } }\n"
	"    for (int i = 0; i < n; i += 3) { chdir(\"..\"); chmod(\"d\", i % 2 ? 0 : 0555); } printf(\"nested %d\\n\", n); return 0; }\n"
	"  if (!strcmp(c, \"ls\")) { DIR *d = opendir(a); if (!d) { printf(\"%s: %s\\n\", a, strerror(errno)); return 1; }\n"
	"    struct dirent *e; while ((e = readdir(d))) if (e->d_name[0] != '.') printf(\"%s\\n\", e->d_name); return 0; }\n"
	"  if (!strcmp(c, \"read\")) { int fd = open(a, O_RDONLY); printf(\"%s: %s\\n\", a, fd < 0 ? strerror(errno) : \"read\");\n"
	"    return 0; }\n"
	"  return 2; }\n";

static char *tool_dir;
static char *tool_bin; /* its bytes */
static size_t tool_len;

static int build_tool(void)
{
	const char *tmp = getenv("TMPDIR");
	tool_dir = xasprintf("%s/test-sandbox-tool-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(tool_dir))
		return -1;
	char *src = xasprintf("%s/tool.c", tool_dir), *bin = xasprintf("%s/tool", tool_dir);
	char *cmd = xasprintf("cc -O1 -o '%s' '%s' -lrt", bin, src);
	int rc = write_file(src, tool_source, sizeof tool_source - 1) == 0 && system(cmd) == 0 &&
			 fs_read_path(bin, 1u << 30, &tool_bin, &tool_len) == 0
		 ? 0
		 : -1;
	unlink(src);
	unlink(bin);
	rmdir(tool_dir);
	free(src);
	free(bin);
	free(cmd);
	return rc;
}

/* ---- launching ---- */

static struct limits default_limits(void)
{
	struct limits lim = { .wall_s = 10, .output_cap = 1u << 20 };

	return lim;
}

static char *default_env[] = { "PATH=/usr/local/bin:/usr/bin:/bin", "LANG=C", NULL };

static void make_folder(struct sandbox_folder *f, long long bytes, long files)
{
	struct folder_limits lim = { bytes, files };
	char *why = NULL;

	if (sandbox_folder_make(f, &lim, &why) < 0)
		fail_msg("cannot make a work folder: %s", why);
}

static void put(struct sandbox_folder *f, const char *name, const void *data, size_t len, unsigned mode)
{
	assert_int_equal(fs_replace(f->fd, name, data, len, mode, 0), 0);
}

/* argv in folder f (made here when NULL), with stdin and a side channel as asked. */
static int launch_in(char *const *argv, struct limits lim, const char *in, size_t in_len, int side,
		     struct sandbox_folder *f, struct launch_result *r)
{
	struct sandbox_folder own;
	struct launch l = { .argv = argv,
			    .envp = default_env,
			    .stdin_data = in,
			    .stdin_len = in_len,
			    .lim = lim,
			    .side_channel = side };

	if (!f) {
		make_folder(&own, 0, 0);
		f = &own;
	}
	l.work = f;
	launch_result_init(r);
	int rc = sandbox_launch(&l, r);
	if (f == &own)
		sandbox_folder_release(&own);
	return rc;
}

/* Runs `sh -c script` with lim and stdin data in; fills r (which the caller releases). */
static int run_sh(const char *script, struct limits lim, const char *in, int side, struct launch_result *r)
{
	char *argv[] = { "/bin/sh", "-c", (char *)script, NULL };

	return launch_in(argv, lim, in, in ? strlen(in) : 0, side, NULL, r);
}

/* The same in folder f. */
static int run_sh_in(const char *script, struct sandbox_folder *f, struct launch_result *r)
{
	char *argv[] = { "/bin/sh", "-c", (char *)script, NULL };

	return launch_in(argv, default_limits(), NULL, 0, 0, f, r);
}

/* ./tool COMMAND ARG in a folder of its own (bounded as asked; 0: the defaults); its stdout in r. */
static int run_tool(const char *command, const char *arg, long long bytes, long files, struct launch_result *r)
{
	struct sandbox_folder f;
	char *argv[] = { "./tool", (char *)command, (char *)arg, NULL };

	make_folder(&f, bytes, files);
	put(&f, "tool", tool_bin, tool_len, 0755);
	int rc = launch_in(argv, default_limits(), NULL, 0, 0, &f, r);
	sandbox_folder_release(&f);
	return rc;
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

/* How many entries the temporary root holds (work folders of tiers C and D show there). */
static size_t tmp_entries(void)
{
	const char *tmp = getenv("TMPDIR");
	DIR *d = opendir(tmp && *tmp ? tmp : "/tmp");
	size_t n = 0;

	assert_non_null(d);
	for (struct dirent *e; (e = readdir(d));)
		n += strncmp(e->d_name, "litlab-", 7) == 0;
	closedir(d);
	return n;
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

static int tier_b(void **state)
{
	(void)state;
	return use_tier("B");
}

static int tier_d(void **state)
{
	(void)state;
	return use_tier("D");
}

/* 1 in the tiers with their own namespaces and root. */
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
		assert_true(r.end_ns >= r.start_ns && r.start_ns > 0);
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
	assert_int_equal(run_sh(script, lim, NULL, 0, &r), 0);
	assert_int_equal(r.end, END_TIMEOUT);
	assert_int_equal(r.signo, SIGKILL);
	assert_null(strstr(r.out.p, "never"));
	if (!marker_gone(mark, 5.0)) {
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
	assert_int_equal(run_sh(script, default_limits(), NULL, 0, &r), 0);
	assert_int_equal(r.end, END_EXITED);
	int gone = marker_gone(mark, 5.0), gone2 = marker_gone(mark2, 5.0);
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
	assert_int_equal(run_sh("yes | head -c 5000000", lim, NULL, 0, &r), 0);
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
	struct buf big = BUF_INIT;

	(void)state;
	for (int i = 0; i < 300000; i++)
		buf_adds(&big, "0123456789\n");
	assert_int_equal(run_sh("read a b; echo $((a + b)); cat", default_limits(), "3 4\nfive\n", 0, &r), 0);
	assert_string_equal(r.out.p, "7\nfive\n");
	launch_result_release(&r);

	/* No stdin: /dev/null, never the terminal. */
	assert_int_equal(run_sh("cat; echo end; [ -t 0 ] && echo tty", default_limits(), NULL, 0, &r), 0);
	assert_string_equal(r.out.p, "end\n");
	launch_result_release(&r);

	/* A program that never reads its (large) stdin, and one that reads all of it. */
	assert_int_equal(run_sh("echo ignored", default_limits(), big.p, 0, &r), 0);
	assert_int_equal(r.end, END_EXITED);
	assert_string_equal(r.out.p, "ignored\n");
	launch_result_release(&r);
	assert_int_equal(run_sh("wc -l", default_limits(), big.p, 0, &r), 0);
	assert_int_equal(strtol(r.out.p, NULL, 10), 300000);
	launch_result_release(&r);

	/* Stdin is no file of the work folder, and cannot be written: a run cannot change the next one's. */
	assert_int_equal(run_sh("ls -A; echo changed >&0 2>/dev/null || echo refused; cat", default_limits(), "same\n", 0,
				&r),
			 0);
	assert_string_equal(r.out.p, "refused\nsame\n");
	launch_result_release(&r);
	buf_release(&big);
}

static void test_flood_both_streams(void **state)
{
	struct launch_result r;
	struct limits lim = default_limits();

	(void)state;
	lim.output_cap = 4u << 20;
	assert_int_equal(run_sh("head -c 3000000 /dev/zero >&2 & head -c 3000000 /dev/zero; wait", lim, NULL, 0, &r), 0);
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
	assert_int_equal(run_sh("echo first; exec >&- 2>&-; sleep 0.5; exit 4", default_limits(), NULL, 0, &r), 0);
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
	assert_int_equal(run_sh(script, default_limits(), NULL, 0, &r), 0);
	int gone = marker_gone(mark, 5.0);
	if (!gone)
		kill_marked(mark);
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

	(void)state;
	assert_int_equal(launch_in(argv, default_limits(), NULL, 0, 0, NULL, &r), -1);
	assert_int_equal(r.end, END_LAUNCH_FAILED);
	assert_non_null(r.error);
	assert_non_null(strstr(r.error, "'/nonexistent/litlab-prog'"));
	assert_non_null(strstr(r.error, "No such file or directory"));
	launch_result_release(&r);

	/* Looked up in PATH, and not found there. */
	char *argv2[] = { "litlab-no-such-command", NULL };
	assert_int_equal(launch_in(argv2, default_limits(), NULL, 0, 0, NULL, &r), -1);
	assert_int_equal(r.end, END_LAUNCH_FAILED);
	assert_non_null(strstr(r.error, "litlab-no-such-command"));
	launch_result_release(&r);

	/* Not executable. */
	struct sandbox_folder f;
	char *argv3[] = { "./data", NULL };
	make_folder(&f, 0, 0);
	put(&f, "data", "x\n", 2, 0644);
	assert_int_equal(launch_in(argv3, default_limits(), NULL, 0, 0, &f, &r), -1);
	assert_int_equal(r.end, END_LAUNCH_FAILED);
	assert_non_null(strstr(r.error, "Permission denied"));
	launch_result_release(&r);

	/* A folder serves one launch. */
	char *argv4[] = { "/bin/true", NULL };
	assert_int_equal(launch_in(argv4, default_limits(), NULL, 0, 0, &f, &r), -1);
	assert_non_null(strstr(r.error, "served a launch already"));
	launch_result_release(&r);
	sandbox_folder_release(&f);

	/* No folder, no environment: refused, not run in litlab's. */
	struct launch l = { .argv = argv4, .lim = default_limits(), .envp = default_env };
	launch_result_init(&r);
	assert_int_equal(sandbox_launch(&l, &r), -1);
	launch_result_release(&r);
	make_folder(&f, 0, 0);
	l.work = &f;
	l.envp = NULL;
	launch_result_init(&r);
	assert_int_equal(sandbox_launch(&l, &r), -1);
	launch_result_release(&r);
	sandbox_folder_release(&f);
}

static void test_cwd_and_env(void **state)
{
	struct launch_result r;
	struct sandbox_folder f;
	char *argv[] = { "/bin/sh", "-c", "pwd; env | sort", NULL };
	char *envp[] = { "FOO=bar", "PATH=/usr/bin:/bin", NULL };

	(void)state;
	setenv("LITLAB_TEST_SECRET", "hunter2", 1);
	make_folder(&f, 0, 0);
	struct launch l = { .argv = argv, .work = &f, .envp = envp, .lim = default_limits() };
	launch_result_init(&r);
	assert_int_equal(sandbox_launch(&l, &r), 0);
	char *want = xasprintf("%s\nFOO=bar\nPATH=/usr/bin:/bin\nPWD=%s\n", f.path, f.path);
	assert_string_equal(r.out.p, want);
	free(want);
	assert_null(strstr(r.out.p, "hunter2"));
	if (namespaced())
		assert_string_equal(f.path, SANDBOX_WORK);
	launch_result_release(&r);
	sandbox_folder_release(&f);
	unsetenv("LITLAB_TEST_SECRET");
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
	assert_false(r.side_truncated);
	free(want);
	launch_result_release(&r);

	/* With an environment of its own, the program still gets the variable, once. */
	char *argv[] = { "/bin/sh", "-c", "env | grep -c LITLAB_REGION_FD; echo $FOO", NULL };
	char *envp[] = { "FOO=1", "LITLAB_REGION_FD=99", NULL };
	struct sandbox_folder f;
	make_folder(&f, 0, 0);
	struct launch l = { .argv = argv, .work = &f, .envp = envp, .lim = default_limits(), .side_channel = 1 };
	launch_result_init(&r);
	assert_int_equal(sandbox_launch(&l, &r), 0);
	assert_string_equal(r.out.p, "1\n1\n");
	launch_result_release(&r);
	sandbox_folder_release(&f);

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
	struct limits lim = default_limits();
	char *argv[] = { "dd", "if=/dev/zero", "of=big", "bs=1024", "count=100", NULL };

	(void)state;
	lim.fsize_bytes = 10000;
	assert_int_equal(launch_in(argv, lim, NULL, 0, 0, NULL, &r), 0);
	if (r.end != END_SIGNALED)
		print_error("dd: %s", r.err.p);
	assert_int_equal(r.end, END_SIGNALED);
	assert_int_equal(r.signo, SIGXFSZ);
	launch_result_release(&r);
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
		run_sh(i % 2 ? "echo x" : "exit 1", lim, i % 4 == 0 ? "in\n" : NULL, i % 3 == 0, &r);
		launch_result_release(&r);
	}
	char *argv[] = { "/nonexistent", NULL };
	launch_in(argv, lim, NULL, 0, 1, NULL, &r);
	launch_result_release(&r);
	assert_int_equal(count_fds(), before);

	/* The program sees only 0, 1 and 2 (and 3 with a side channel). */
	assert_int_equal(run_sh("ls /proc/self/fd | wc -l", lim, NULL, 0, &r), 0);
	/* ls itself opens one descriptor for the folder: 0, 1, 2 and that one. */
	assert_int_equal(strtol(r.out.p, NULL, 10), 4);
	launch_result_release(&r);
}

/* A launch whose helper can no longer be watched is ended with its helper, never taken for "exited 0". */
static void test_ppoll_failure(void **state)
{
	struct launch_result r;
	char *mark = marker();
	char *script = xasprintf("sleep %s; exit 0", mark);

	(void)state;
	__atomic_store_n(&sbx_fault_ppoll, EINVAL, __ATOMIC_RELAXED);
	int rc = run_sh(script, default_limits(), NULL, 0, &r);
	assert_false(rc == 0 && r.end == END_EXITED && r.exit_code == 0 && !r.signo);
	if (!marker_gone(mark, 5.0)) {
		kill_marked(mark);
		fail_msg("the program outlived a launch that could not be watched");
	}
	launch_result_release(&r);
	/* The slot works again. */
	assert_int_equal(run_sh("echo again", default_limits(), NULL, 0, &r), 0);
	assert_string_equal(r.out.p, "again\n");
	launch_result_release(&r);
	free(script);
	free(mark);
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
	if (cap && !(cap[0] == 'D' && geteuid() == 0))
		assert_true(sandbox_tier() >= cap[0]);
	if (cap && cap[0] == 'D' && geteuid() == 0) /* root's weakest tier is C */
		assert_int_equal(sandbox_tier(), 'C');
	if (namespaced()) {
		assert_non_null(strstr(iso, "ns=mount+net+ipc+uts+pid,root=allowlist,work=tmpfs"));
		assert_non_null(strstr(iso, "ipc=per-launch"));
	} else {
		assert_non_null(strstr(iso, "pgroup,subreaper"));
		assert_non_null(strstr(iso, "proc=host,work=host-folder(unbounded),ipc=refused"));
	}
	if (sandbox_tier() == 'A' || (sandbox_tier() == 'B' && geteuid() == 0))
		assert_non_null(strstr(iso, "uid=65534"));
	if (sandbox_tier() == 'C')
		assert_non_null(strstr(iso, "uid=per-run"));
	struct launch_result r;
	assert_int_equal(run_sh("id -u", default_limits(), NULL, 0, &r), 0);
	long uid = strtol(r.out.p, NULL, 10);
	launch_result_release(&r);
	if (sandbox_uid() >= 0) { /* the programs do run as that uid */
		if (sandbox_tier() == 'C') /* the uid of the slot that ran it */
			assert_in_range(uid, sandbox_uid(), sandbox_uid() + SANDBOX_UID_C_SLOTS - 1);
		else
			assert_int_equal(uid, sandbox_uid());
	}
	/* Never as root, when litlab is root: root of a user namespace whose root is the host's
	   is still root to the kernel's checks of the host's files. */
	if (geteuid() == 0 && !namespaced())
		assert_int_not_equal(uid, 0);
	if (geteuid() == 0) {
		assert_int_equal(run_sh("cat /proc/self/status | grep '^Uid:'", default_limits(), NULL, 0, &r), 0);
		assert_null(strstr(r.out.p, "\t0\t"));
		launch_result_release(&r);
	}
}

static void test_work_folder(void **state)
{
	struct launch_result r;
	struct sandbox_folder f;
	char *text = NULL;
	size_t len, before = tmp_entries();

	(void)state;
	make_folder(&f, 0, 0);
	put(&f, "in.txt", "from litlab\n", 12, 0600);
	/* It reads what litlab wrote there, and writes back, by relative and absolute paths. */
	char *script = xasprintf("cat in.txt; echo back > out.txt; echo more >> '%s/out.txt'; mkdir sub && echo x > sub/y",
				 f.path);
	assert_int_equal(run_sh_in(script, &f, &r), 0);
	if (r.exit_code != 0)
		print_error("%s", r.err.p);
	assert_int_equal(r.exit_code, 0);
	assert_string_equal(r.out.p, "from litlab\n");
	assert_int_equal(fs_read(f.fd, "out.txt", 100, &text, &len), 0);
	assert_string_equal(text, "back\nmore\n");
	free(text);
	assert_int_equal(fs_read(f.fd, "sub/y", 100, &text, &len), 0);
	free(text);
	launch_result_release(&r);
	free(script);
	/* Tiers A and B: a file system of its own, mounted nowhere on the host. */
	if (namespaced()) {
		struct statfs sf;
		struct statvfs sv;
		assert_int_equal(fstatfs(f.fd, &sf), 0);
		assert_int_equal(sf.f_type, TMPFS_MAGIC);
		assert_int_equal(fstatvfs(f.fd, &sv), 0);
		assert_true(sv.f_flag & ST_NOSUID);
		assert_int_equal(tmp_entries(), before);
	} else {
		assert_int_equal(tmp_entries(), before + 1);
	}
	sandbox_folder_release(&f);
	assert_int_equal(tmp_entries(), before);
}

/* What a launch can see of the host: only what it is given. */
static void test_what_a_launch_sees(void **state)
{
	struct launch_result r;
	const char *tmp = getenv("TMPDIR");
	char *secret = xasprintf("%s/test-sandbox-secret-%d", tmp && *tmp ? tmp : "/tmp", (int)getpid());
	char cwd[4096];

	(void)state;
	assert_int_equal(write_file(secret, "secret\n", 7), 0);
	chmod(secret, 0644);
	assert_non_null(getcwd(cwd, sizeof cwd));
	if (namespaced()) {
		/* "/" holds the allowlist and nothing else. */
		assert_int_equal(run_tool("ls", "/", 0, 0, &r), 0);
		static const char *const allowed[] = { "usr", "bin", "lib", "lib32", "lib64", "libx32", "sbin", "etc",
						       "dev", "proc", "tmp", "lab" };
		for (const char *p = r.out.p, *nl; *p; p = nl + 1) {
			nl = strchr(p, '\n');
			int ok = 0;
			for (size_t i = 0; i < ARRAY_LEN(allowed); i++)
				ok |= strlen(allowed[i]) == (size_t)(nl - p) && memcmp(allowed[i], p, (size_t)(nl - p)) == 0;
			if (!ok)
				fail_msg("the sandbox's / shows '%.*s'", (int)(nl - p), p);
		}
		launch_result_release(&r);
		assert_int_equal(run_tool("ls", "/dev", 0, 0, &r), 0);
		assert_null(strstr(r.out.p, "pts"));
		assert_null(strstr(r.out.p, "ptmx"));
		assert_null(strstr(r.out.p, "tty"));
		launch_result_release(&r);
	}
	/* The kernel's settings: their files are not the program's to write (a core_pattern
	   written by lesson code ran a command as the host's root). */
	assert_int_equal(run_sh("cat /proc/sys/kernel/core_pattern > /proc/sys/kernel/core_pattern 2>/dev/null && "
				"echo WRITTEN; cat /proc/sys/kernel/hostname > /proc/sys/kernel/hostname 2>/dev/null && "
				"echo WRITTEN; echo done",
				default_limits(), NULL, 0, &r),
			 0);
	assert_string_equal(r.out.p, "done\n");
	launch_result_release(&r);
	/* Nothing of the host's people, services, logs, other courses, or this folder. */
	const char *hidden[] = { "/home", "/root", "/var", "/var/log", "/run", "/srv", "/mnt", secret, cwd };
	for (size_t i = 0; i < ARRAY_LEN(hidden); i++) {
		if (access(hidden[i], F_OK) < 0)
			continue; /* this host has none */
		assert_int_equal(run_tool("read", hidden[i], 0, 0, &r), 0);
		char *want = xasprintf("%s: read\n", hidden[i]);
		if (strcmp(r.out.p, want) == 0)
			fail_msg("a launch in tier %c can read '%s'", sandbox_tier(), hidden[i]);
		free(want);
		launch_result_release(&r);
		assert_int_equal(run_tool("ls", hidden[i], 0, 0, &r), 0);
		assert_int_equal(r.exit_code, 1);
		launch_result_release(&r);
	}
	/* What a toolchain needs, it has. */
	assert_int_equal(run_tool("read", "/usr/include/stdio.h", 0, 0, &r), 0);
	assert_string_equal(r.out.p, "/usr/include/stdio.h: read\n");
	launch_result_release(&r);
	assert_int_equal(run_sh("cc --version >/dev/null && echo cc", default_limits(), NULL, 0, &r), 0);
	assert_string_equal(r.out.p, "cc\n");
	launch_result_release(&r);
	unlink(secret);
	free(secret);
}

static void test_system_read_only(void **state)
{
	struct launch_result r;
	char *mark = marker();
	char *script = xasprintf("for f in /etc/litlab-%s /usr/litlab-%s; do touch $f 2>/dev/null && echo wrote $f; "
				 "done; echo done",
				 mark, mark);

	(void)state;
	assert_int_equal(run_sh(script, default_limits(), NULL, 0, &r), 0);
	assert_string_equal(r.out.p, "done\n");
	launch_result_release(&r);
	free(script);
	if (!namespaced()) {
		free(mark);
		return;
	}
	/* A private /tmp, new for each launch; nothing of it reaches the host's. */
	script = xasprintf("ls /tmp; echo x > /tmp/litlab-%s; mkdir /tmp/d-%s; echo y > /tmp/d-%s/f; ls /tmp/litlab-%s",
			   mark, mark, mark, mark);
	char *want = xasprintf("/tmp/litlab-%s\n", mark);
	for (int i = 0; i < 2; i++) {
		assert_int_equal(run_sh(script, default_limits(), NULL, 0, &r), 0);
		assert_string_equal(r.out.p, want);
		launch_result_release(&r);
	}
	char *host = xasprintf("/tmp/litlab-%s", mark);
	assert_int_equal(access(host, F_OK), -1);
	/* Its own hostname, no network, its own processes only. */
	assert_int_equal(run_sh("hostname; grep -c : /proc/net/dev; ps -e -o pid= | wc -l", default_limits(), NULL, 0, &r),
			 0);
	assert_memory_equal(r.out.p, "litlab\n1\n", 9); /* lo only */
	assert_true(strtol(r.out.p + 9, NULL, 10) <= 4); /* the spawner, sh, ps and wc */
	launch_result_release(&r);
	free(host);
	free(want);
	free(script);
	free(mark);
}

/* Finding: 32 files of 63 MiB, 200,000 files: the work folder and /tmp are bounded, and say so. */
static void test_folder_bounds(void **state)
{
	struct launch_result r;

	(void)state;
	if (!namespaced())
		return; /* tiers C and D say "unbounded" in their label (test_isolation_named) */
	assert_int_equal(run_tool("fill-disk", "f", 4LL << 20, 0, &r), 0);
	assert_string_equal(r.out.p, "open: ok\nwrite: No space left on device\n");
	assert_non_null(r.limit);
	assert_string_equal(r.limit, "disk");
	launch_result_release(&r);
	assert_int_equal(run_tool("fill-disk", "/tmp/f", 4LL << 20, 0, &r), 0);
	assert_string_equal(r.limit, "disk");
	launch_result_release(&r);
	assert_int_equal(run_tool("fill-files", ".", 0, 100, &r), 0);
	assert_string_equal(r.out.p, "create: No space left on device\n");
	assert_non_null(r.limit);
	assert_string_equal(r.limit, "files");
	launch_result_release(&r);
	assert_int_equal(run_tool("fill-files", "/dev/shm", 0, 100, &r), 0);
	assert_string_equal(r.out.p, "create: No space left on device\n");
	launch_result_release(&r);
	/* Within the bounds, no limit is named. */
	assert_int_equal(run_sh("head -c 100000 /dev/zero > f; echo ok", default_limits(), NULL, 0, &r), 0);
	assert_null(r.limit);
	launch_result_release(&r);
}

/*
 * Finding: a program copied itself, made the copy setuid and its folder
 * open: on the host, anyone ran it as root. Now the copy never lies where
 * another host user can reach it, and is no privileged file if it did.
 */
static void test_setuid_plant(void **state)
{
	struct launch_result r;
	struct sandbox_folder f;
	struct stat st;
	char *argv[] = { "./tool", "suid", NULL };

	(void)state;
	make_folder(&f, 0, 0);
	put(&f, "tool", tool_bin, tool_len, 0755);
	assert_int_equal(launch_in(argv, default_limits(), NULL, 0, 0, &f, &r), 0);
	launch_result_release(&r);
	assert_int_equal(fstatat(f.fd, "s", &st, AT_SYMLINK_NOFOLLOW), 0);
	if (!(sandbox_tier() == 'D' && geteuid() == 0)) /* tier D forced on root keeps root's uid */
		assert_int_not_equal(st.st_uid, 0);	 /* never root's */
	if (namespaced()) {
		struct statvfs sv;
		assert_int_equal(fstatvfs(f.fd, &sv), 0);
		assert_true(sv.f_flag & ST_NOSUID); /* and on a file system mounted nowhere on the host */
	} else if (geteuid() == 0) {
		/* The folder above is closed to other users: one tries to run it. */
		char *path = xasprintf("%s/s", f.path);
		pid_t pid = fork();
		if (pid == 0) {
			if (setgid(65533) < 0 || setuid(65533) < 0)
				_exit(3);
			execl(path, "s", "pwn", (char *)NULL);
			_exit(errno == EACCES ? 0 : 4);
		}
		int status;
		assert_int_equal(waitpid(pid, &status, 0), pid);
		assert_true(WIFEXITED(status));
		assert_int_equal(WEXITSTATUS(status), 0);
		free(path);
	}
	char *host = f.host ? xstrdup(f.host) : NULL;
	sandbox_folder_release(&f);
	if (host) /* and it is gone with the folder */
		assert_int_equal(lstat(host, &st), -1);
	free(host);
}

/* Finding: a host socket file outside /tmp (a database's, the system bus's) was reachable. */
static void test_unix_sockets(void **state)
{
	struct launch_result r;
	const char *tmp = getenv("TMPDIR");
	char *dir = xasprintf("%s/test-sandbox-sock-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	struct sockaddr_un u;

	(void)state;
	assert_non_null(mkdtemp(dir));
	chmod(dir, 0777);
	int s = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0);
	assert_true(s >= 0);
	memset(&u, 0, sizeof u);
	u.sun_family = AF_UNIX;
	snprintf(u.sun_path, sizeof u.sun_path, "%s/listener", dir);
	assert_int_equal(bind(s, (struct sockaddr *)&u, sizeof u), 0);
	chmod(u.sun_path, 0777);
	assert_int_equal(listen(s, 4), 0);
	assert_int_equal(run_tool("connect", u.sun_path, 0, 0, &r), 0);
	assert_int_equal(r.exit_code, 1);
	assert_null(strstr(r.out.p, "connect: ok"));
	launch_result_release(&r);
	assert_int_equal(accept(s, NULL, NULL), -1); /* no one came */
	assert_true(errno == EAGAIN || errno == EWOULDBLOCK);
	/* A pair of connected sockets is still there in tier A; tiers B to D refuse it (its
	   buffers are memory RLIMIT_AS does not count). */
	assert_int_equal(run_tool("pair", "", 0, 0, &r), 0);
	if (sandbox_tier() == 'A')
		assert_string_equal(r.out.p, "socketpair: ok\n");
	else
		assert_null(strstr(r.out.p, "socketpair: ok"));
	launch_result_release(&r);
	close(s);
	unlink(u.sun_path);
	rmdir(dir);
	free(dir);
}

/* Finding: a POSIX message queue carried one lesson's state into the next one's verdict. */
static void test_ipc_does_not_persist(void **state)
{
	struct launch_result r;
	char *name = xasprintf("/litlab-test-%d", (int)getpid());

	(void)state;
	assert_int_equal(run_tool("mq-send", name, 0, 0, &r), 0);
	if (!namespaced()) /* refused outright where there is no IPC namespace */
		assert_string_equal(r.out.p, "mq_open: Operation not permitted\n");
	launch_result_release(&r);
	assert_int_equal(run_tool("mq-recv", name, 0, 0, &r), 0);
	assert_memory_equal(r.out.p, "none", 4);
	launch_result_release(&r);
	assert_int_equal(run_tool("shm-make", "", 0, 0, &r), 0);
	launch_result_release(&r);
	assert_int_equal(run_tool("shm-find", "", 0, 0, &r), 0);
	assert_string_equal(r.out.p, "none\n");
	launch_result_release(&r);
	free(name);
}

/* Finding: pseudo-terminals were allocated on the host. */
static void test_no_terminals(void **state)
{
	struct launch_result r;

	(void)state;
	assert_int_equal(run_tool("pty", "", 0, 0, &r), 0);
	assert_int_equal(r.exit_code, 1);
	assert_null(strstr(r.out.p, "posix_openpt: ok"));
	launch_result_release(&r);
}

/* Finding: 300 nested folders kept the work folder from being removed; 2,200 past PATH_MAX. */
static void test_deep_folders_removed(void **state)
{
	struct launch_result r;
	struct sandbox_folder f;
	char *argv[] = { "./tool", "nest", "3000", NULL };
	size_t before = tmp_entries();

	(void)state;
	make_folder(&f, 0, 0);
	put(&f, "tool", tool_bin, tool_len, 0755);
	assert_int_equal(launch_in(argv, default_limits(), NULL, 0, 0, &f, &r), 0);
	assert_string_equal(r.out.p, "nested 3000\n");
	launch_result_release(&r);
	char *host = f.host ? xstrdup(f.host) : NULL;
	sandbox_folder_release(&f);
	struct stat st;
	if (host)
		assert_int_equal(lstat(host, &st), -1);
	assert_int_equal(tmp_entries(), before);
	free(host);
}

/* Folders named in LITLAB_SANDBOX_PATHS, and files given to sandbox_show(), are shown read-only. */
static void test_shown_paths(void **state)
{
	struct launch_result r;
	const char *tmp = getenv("TMPDIR");
	char *dir = xasprintf("%s/test-sandbox-shown-XXXXXX", tmp && *tmp ? tmp : "/tmp");

	(void)state;
	assert_non_null(mkdtemp(dir));
	chmod(dir, 0755);
	char *file = xasprintf("%s/shown.h", dir), *script = xasprintf("cat %s; echo x > %s 2>/dev/null || echo refused",
									file, file);
	assert_int_equal(write_file(file, "#define SHOWN 1\n", 16), 0);
	chmod(file, 0644);
	char *saved = getenv("LITLAB_SANDBOX_PATHS") ? xstrdup(getenv("LITLAB_SANDBOX_PATHS")) : NULL;
	setenv("LITLAB_SANDBOX_PATHS", dir, 1);
	use_tier(getenv("LITLAB_ISOLATION"));
	assert_true(sandbox_shows(file));
	assert_false(sandbox_shows("/home/x"));
	assert_int_equal(run_sh(script, default_limits(), NULL, 0, &r), 0);
	assert_string_equal(r.out.p, "#define SHOWN 1\nrefused\n");
	launch_result_release(&r);
	if (saved)
		setenv("LITLAB_SANDBOX_PATHS", saved, 1);
	else
		unsetenv("LITLAB_SANDBOX_PATHS");
	use_tier(getenv("LITLAB_ISOLATION"));
	unlink(file);
	rmdir(dir);
	free(saved);
	free(script);
	free(file);
	free(dir);
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
	lim.wall_s = 20;
	assert_int_equal(run_sh(script, lim, NULL, 0, &r), 0);
	assert_int_equal(r.end, END_EXITED);
	if (!(sandbox_tier() == 'D' && geteuid() == 0)) {
		assert_int_not_equal(r.exit_code, 0);
		assert_null(strstr(r.out.p, "all started"));
	}
	if (strstr(sandbox_isolation(), "cgroup=v1")) {
		assert_non_null(r.limit);
		assert_string_equal(r.limit, "processes");
	}
	if (!marker_gone(mark, 5.0)) {
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
	long uid;
	int ok;
};

/*
 * Prints its uid and holds its launch slot sleeping, with the marker, until
 * killed at its wall limit: the holder's slot is busy meanwhile (the test
 * waits for the marker, never for a time).
 */
static void *hold_a_slot(void *arg)
{
	struct holder *h = arg;
	struct launch_result r;
	struct limits lim = default_limits();
	char *script = xasprintf("id -u; sleep %s", h->mark);

	lim.wall_s = 1.5;
	h->ok = run_sh(script, lim, NULL, 0, &r) == 0 && r.end == END_TIMEOUT;
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
	while (marked(h->mark, 0) == 0)
		usleep(5000);
}

static void hold_slot_end(pthread_t t, struct holder *h)
{
	pthread_join(t, NULL);
	assert_true(h->ok);
	if (!marker_gone(h->mark, 5.0)) {
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
	struct holder h = { NULL, 0, 0 };
	struct launch_result r;

	(void)state;
	hold_slot_start(&t, &h);
	assert_int_equal(run_sh("id -u", default_limits(), NULL, 0, &r), 0);
	long uid = strtol(r.out.p, NULL, 10);
	launch_result_release(&r);
	hold_slot_end(t, &h);
	if (sandbox_tier() == 'C')
		assert_int_not_equal(uid, h.uid);
	else
		assert_int_equal(uid, h.uid);
}

/*
 * Tier C has SANDBOX_UID_C_SLOTS uids per run, one per slot: with every slot
 * busy, one more launch waits for a free slot rather than start a slot that
 * would share a uid (and be killed with the other's launch).
 */
static void test_slot_cap(void **state)
{
	struct launch_result r;

	(void)state;
	if (sandbox_tier() != 'C')
		skip();
	size_t n = sbx_slot_count(), want = n < 2 ? 2 : n;
	struct holder *h = xcalloc(want, sizeof *h);
	pthread_t *t = xcalloc(want, sizeof *t);
	int saved = sbx_c_slots;
	sbx_c_slots = (int)want;
	for (size_t i = 0; i < want; i++)
		hold_slot_start(&t[i], &h[i]);
	/* Every slot is busy: this one waits for a holder's end. */
	assert_int_equal(run_sh("id -u", default_limits(), NULL, 0, &r), 0);
	assert_int_equal(r.exit_code, 0);
	launch_result_release(&r);
	for (size_t i = 0; i < want; i++)
		hold_slot_end(t[i], &h[i]);
	assert_true(sbx_slot_count() <= want);
	sbx_c_slots = saved;
	free(h);
	free(t);
}

/*
 * A folder made while one slot is busy is run in by another (in tier C, as
 * another uid): the launch may write all of it.
 */
static void test_slot_handover(void **state)
{
	struct launch_result r;
	struct sandbox_folder f;
	pthread_t t;
	struct holder h = { NULL, 0, 0 };

	(void)state;
	make_folder(&f, 0, 0);
	put(&f, "f", "one\n", 4, 0644);
	hold_slot_start(&t, &h);
	assert_int_equal(run_sh_in("echo two > g && mkdir d && echo x > d/y && cat f g", &f, &r), 0);
	hold_slot_end(t, &h);
	if (r.exit_code != 0)
		print_error("%s", r.err.p);
	assert_int_equal(r.exit_code, 0);
	assert_string_equal(r.out.p, "one\ntwo\n");
	launch_result_release(&r);
	sandbox_folder_release(&f);
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
		cmocka_unit_test(test_ppoll_failure), cmocka_unit_test(test_work_folder),                     \
		cmocka_unit_test(test_what_a_launch_sees), cmocka_unit_test(test_system_read_only),           \
		cmocka_unit_test(test_folder_bounds), cmocka_unit_test(test_setuid_plant),                    \
		cmocka_unit_test(test_unix_sockets), cmocka_unit_test(test_ipc_does_not_persist),             \
		cmocka_unit_test(test_no_terminals), cmocka_unit_test(test_deep_folders_removed),             \
		cmocka_unit_test(test_shown_paths), cmocka_unit_test(test_memory_limit),                      \
		cmocka_unit_test(test_process_limit), cmocka_unit_test(test_concurrent),                      \
		cmocka_unit_test(test_slot_uids), cmocka_unit_test(test_slot_cap),                            \
		cmocka_unit_test(test_slot_handover),                                                         \
		cmocka_unit_test(test_helper_start_while_allocating),                                         \
		cmocka_unit_test(test_helper_is_a_fresh_image), cmocka_unit_test(test_forked_litlab)

int main(void)
{
	/*
	 * The best tier, then B, C (as root) and D: each test of each, in one
	 * group. Root asking for B gets it where user namespaces are allowed;
	 * root asking for D gets C (D keeps the user's uid, which for root
	 * would be no sandbox), so D runs here only when not root:
	 * tests/scripts/tier-d.sh runs D as a user whatever runs the suite.
	 */
	const struct CMUnitTest best[] = { ALL_TESTS(tier_best) }, b[] = { ALL_TESTS(tier_b) },
				c[] = { ALL_TESTS(tier_c) }, d[] = { ALL_TESTS(tier_d) };
	const struct CMUnitTest *groups[] = { best, b, c, d };
	size_t per = ARRAY_LEN(best), ngroups = geteuid() == 0 ? 3 : 4;
	struct CMUnitTest *tests = xcalloc(per * ngroups, sizeof *tests);
	for (size_t g = 0; g < ngroups; g++)
		memcpy(tests + g * per, groups[g], sizeof best);

	/* A temporary root of this run's own: what the sandbox leaves there is counted exactly. */
	const char *tmp = getenv("TMPDIR");
	char *root = xasprintf("%s/test-sandbox-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(root)) {
		fprintf(stderr, "test_sandbox: cannot make a temporary folder\n");
		return 1;
	}
	chmod(root, 0755);
	setenv("TMPDIR", root, 1);
	if (build_tool() < 0) {
		fprintf(stderr, "test_sandbox: cannot build the test tool with cc\n");
		return 1;
	}
	int rc = _cmocka_run_group_tests("test_sandbox", tests, per * ngroups, NULL, NULL);
	free(tests);

	sandbox_release();
	unsetenv("LITLAB_ISOLATION");
	if (rmdir(root) < 0) {
		fprintf(stderr, "test_sandbox: '%s' is not empty: the sandbox left something\n", root);
		rc = 1;
	}
	free(root);
	free(tool_bin);
	free(tool_dir);
	return rc;
}
