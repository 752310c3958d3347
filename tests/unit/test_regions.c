/*
 * test_regions.c: the region side channel, from parsing hostile bytes to
 * real programs built with engine/include/litlab.h.
 *
 * Runs from the repository root; needs `cc` in PATH.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/fs.h"
#include "base/buf.h"
#include "lesson/regions.h"
#include "base/util.h"

static void parse_n(struct region_sample *rs, const char *data, size_t len, long pid)
{
	regions_parse(rs, data, len, pid);
	if (rs->error)
		assert_null(rs->times);
	if (rs->error)
		assert_int_equal(rs->n, 0);
}

static void parse(struct region_sample *rs, const char *data)
{
	parse_n(rs, data, strlen(data), 100);
}

static const struct region_time *find(const struct region_sample *rs, const char *name)
{
	for (size_t i = 0; i < rs->n; i++)
		if (!strcmp(rs->times[i].name, name))
			return &rs->times[i];
	return NULL;
}

static void expect_error(const char *data, size_t len, const char *want)
{
	struct region_sample rs;

	parse_n(&rs, data, len, 100);
	if (!rs.error || strcmp(rs.error, want))
		print_error("got error '%s', want '%s'\n", rs.error ? rs.error : "(none)", want);
	assert_non_null(rs.error);
	assert_string_equal(rs.error, want);
	regions_release(&rs);
}

#define EXPECT_ERROR(lit, want) expect_error(lit, sizeof(lit) - 1, want)

static void test_empty(void **state)
{
	struct region_sample rs;

	(void)state;
	parse_n(&rs, NULL, 0, 100);
	assert_null(rs.error);
	assert_int_equal(rs.n, 0);
	regions_release(&rs);
	parse(&rs, "");
	assert_null(rs.error);
	assert_int_equal(rs.n, 0);
	regions_release(&rs);
}

static void test_nested(void **state)
{
	struct region_sample rs;

	(void)state;
	parse(&rs, "B 100 1000 total\n"
		   "B 100 1100 parse\n"
		   "E 100 1400 parse\n"
		   "B 100 1500 eval.v2\n"
		   "E 100 1900 eval.v2\n"
		   "E 100 2000 total\n");
	assert_null(rs.error);
	assert_int_equal(rs.n, 3);
	/* in the order first begun */
	assert_string_equal(rs.times[0].name, "total");
	assert_string_equal(rs.times[1].name, "parse");
	assert_string_equal(rs.times[2].name, "eval.v2");
	assert_int_equal(rs.times[0].ns, 1000);
	assert_int_equal(rs.times[1].ns, 300);
	assert_int_equal(rs.times[2].ns, 400);
	assert_int_equal(rs.times[0].pairs, 1);
	regions_release(&rs);
	assert_null(rs.times);
	assert_int_equal(rs.n, 0);

	/* overlapping (not nested) regions are fine too */
	parse(&rs, "B 100 0 a\nB 100 5 b\nE 100 10 a\nE 100 20 b\n");
	assert_null(rs.error);
	assert_int_equal(find(&rs, "a")->ns, 10);
	assert_int_equal(find(&rs, "b")->ns, 15);
	regions_release(&rs);
}

static void test_repeated(void **state)
{
	struct region_sample rs;

	(void)state;
	parse(&rs, "B 100 0 step\nE 100 10 step\n"
		   "B 100 100 step\nE 100 130 step\n"
		   "B 100 200 other\nE 100 201 other\n"
		   "B 100 1000 step\nE 100 1060 step\n");
	assert_null(rs.error);
	assert_int_equal(rs.n, 2);
	assert_string_equal(rs.times[0].name, "step");
	assert_int_equal(rs.times[0].ns, 100);
	assert_int_equal(rs.times[0].pairs, 3);
	assert_int_equal(rs.times[1].ns, 1);
	assert_int_equal(rs.times[1].pairs, 1);
	regions_release(&rs);

	/* a zero-length region, and a sum that saturates */
	parse(&rs, "B 100 5 z\nE 100 5 z\n"
		   "B 100 0 big\nE 100 9223372036854775807 big\n"
		   "B 100 0 big\nE 100 9223372036854775807 big\n");
	assert_null(rs.error);
	assert_int_equal(find(&rs, "z")->ns, 0);
	assert_true(find(&rs, "big")->ns == INT64_MAX);
	regions_release(&rs);
}

static void test_unclosed(void **state)
{
	(void)state;
	EXPECT_ERROR("B 100 1 parse\n", "region 'parse' was begun and never ended");
	/* the earliest open one is named */
	EXPECT_ERROR("B 100 1 a\nB 100 2 b\nE 100 3 a\nB 100 4 a\n",
		     "region 'b' was begun and never ended");
	EXPECT_ERROR("B 100 1 a\nB 100 2 a\nE 100 3 a\n",
		     "region 'a' was begun again before it ended");
}

static void test_end_without_begin(void **state)
{
	(void)state;
	EXPECT_ERROR("E 100 1 parse\n", "region 'parse' was ended but never begun");
	EXPECT_ERROR("B 100 1 a\nE 100 2 a\nE 100 3 a\n", "region 'a' was ended but never begun");
	/* begun by another process only */
	EXPECT_ERROR("B 7 1 a\nE 100 2 a\n", "region 'a' was ended but never begun");
	EXPECT_ERROR("B 100 10 a\nE 100 9 a\n", "region 'a' ended before it began");
}

static void test_other_pid(void **state)
{
	struct region_sample rs;

	(void)state;
	parse(&rs, "B 100 0 main\n"
		   "B 101 5 child\n"	/* never ended: not our business */
		   "E 101 6 main\n"	/* a child ending the inherited region */
		   "B 101 7 main\n"
		   "E 100 50 main\n"
		   "E 7 8 ghost\n");
	assert_null(rs.error);
	assert_int_equal(rs.n, 1);
	assert_string_equal(rs.times[0].name, "main");
	assert_int_equal(rs.times[0].ns, 50);
	regions_release(&rs);

	/* main_pid matches whole numbers only */
	parse_n(&rs, "B 1000 0 a\n", 11, 100);
	assert_null(rs.error);
	assert_int_equal(rs.n, 0);
	regions_release(&rs);
}

static void test_garbage(void **state)
{
	(void)state;
	EXPECT_ERROR("hello\n", "malformed region record on the side channel: 'hello'");
	EXPECT_ERROR("\n", "malformed region record on the side channel: ''");
	EXPECT_ERROR("B 100 1 a", "malformed region record on the side channel: 'B 100 1 a'");
	EXPECT_ERROR("B 100 1 a\nB 100 2", "malformed region record on the side channel: 'B 100 2'");
	EXPECT_ERROR("B 100 1 bad name\n",
		     "malformed region record on the side channel: 'B 100 1 bad name'");
	EXPECT_ERROR("B 100 1 \n", "malformed region record on the side channel: 'B 100 1 '");
	EXPECT_ERROR("X 100 1 a\n", "malformed region record on the side channel: 'X 100 1 a'");
	EXPECT_ERROR("B -1 1 a\n", "malformed region record on the side channel: 'B -1 1 a'");
	EXPECT_ERROR("B 100 -1 a\n", "malformed region record on the side channel: 'B 100 -1 a'");
	EXPECT_ERROR("B 100  1 a\n", "malformed region record on the side channel: 'B 100  1 a'");
	EXPECT_ERROR("B 100 1 a\r\n", "malformed region record on the side channel: 'B 100 1 a\\x0d'");
	EXPECT_ERROR("B 100 9223372036854775808 a\n",
		     "malformed region record on the side channel: 'B 100 9223372036854775808 a'");
	EXPECT_ERROR("B 99999999999999999999 1 a\n",
		     "malformed region record on the side channel: 'B 99999999999999999999 1 a'");
	EXPECT_ERROR("it's a \\ \xc3\xa9\n",
		     "malformed region record on the side channel: 'it\\'s a \\\\ \\xc3\\xa9'");
	/* quoted up to 40 bytes */
	EXPECT_ERROR("0123456789012345678901234567890123456789\n",
		     "malformed region record on the side channel: "
		     "'0123456789012345678901234567890123456789'");
	EXPECT_ERROR("01234567890123456789012345678901234567890\n",
		     "malformed region record on the side channel: "
		     "'0123456789012345678901234567890123456789...'");
	/* the first problem wins, whatever follows */
	EXPECT_ERROR("E 100 1 a\ngarbage\n", "region 'a' was ended but never begun");
	EXPECT_ERROR("B 100 1 a\ngarbage\n", "malformed region record on the side channel: 'garbage'");
	/* garbage from a child is garbage too */
	EXPECT_ERROR("B 7 1 a b\n", "malformed region record on the side channel: 'B 7 1 a b'");
}

static void test_name_length(void **state)
{
	struct buf b = BUF_INIT;
	struct region_sample rs;

	(void)state;
	for (int k = 0; k < 2; k++) {
		buf_adds(&b, k ? "E 100 2 " : "B 100 1 ");
		for (int i = 0; i < REGIONS_NAME_MAX; i++)
			buf_addc(&b, 'n');
		buf_adds(&b, "\n");
	}
	parse_n(&rs, b.p, b.len, 100);
	assert_null(rs.error);
	assert_int_equal(strlen(rs.times[0].name), REGIONS_NAME_MAX);
	regions_release(&rs);

	buf_reset(&b);
	buf_adds(&b, "B 100 1 ");
	for (int i = 0; i < REGIONS_NAME_MAX + 1; i++)
		buf_addc(&b, 'n');
	buf_adds(&b, "\n");
	parse_n(&rs, b.p, b.len, 100);
	assert_non_null(rs.error);
	assert_non_null(strstr(rs.error, "malformed region record"));
	assert_non_null(strstr(rs.error, "nnn...'"));
	regions_release(&rs);
	buf_release(&b);
}

static void test_nul_bytes(void **state)
{
	static const char nul_line[] = "B 100 1 a\0b\n";
	static const char nul_after[] = "B 100 1 a\nE 100 2 a\n\0";
	static const char only_nuls[] = "\0\0\0\0";

	(void)state;
	EXPECT_ERROR(nul_line, "malformed region record on the side channel: 'B 100 1 a\\x00b'");
	EXPECT_ERROR(nul_after, "malformed region record on the side channel: '\\x00'");
	EXPECT_ERROR(only_nuls, "malformed region record on the side channel: '\\x00\\x00\\x00\\x00'");
}

static void test_too_many_regions(void **state)
{
	struct buf b = BUF_INIT;
	struct region_sample rs;

	(void)state;
	for (int i = 0; i < REGIONS_MAX; i++)
		buf_addf(&b, "B 100 %d r%d\nE 100 %d r%d\n", i, i, i + 1, i);
	parse_n(&rs, b.p, b.len, 100);
	assert_null(rs.error);
	assert_int_equal(rs.n, REGIONS_MAX);
	assert_string_equal(rs.times[REGIONS_MAX - 1].name, "r1023");
	regions_release(&rs);

	buf_adds(&b, "B 100 1 one-more\n");
	parse_n(&rs, b.p, b.len, 100);
	assert_string_equal(rs.error, "more than 1024 distinct regions in one sample");
	regions_release(&rs);
	buf_release(&b);
}

/* Never crashes, whatever the bytes (run under the sanitizers). */
static void test_random_bytes(void **state)
{
	static const char alphabet[] = "BE 0123456789\n\0ab_-.x\xff";
	char data[256];
	struct region_sample rs;
	unsigned seed = 12345;

	(void)state;
	for (int round = 0; round < 20000; round++) {
		size_t len = (size_t)(round % (int)sizeof(data));

		for (size_t i = 0; i < len; i++) {
			seed = seed * 1103515245u + 12345u;
			data[i] = alphabet[(seed >> 16) % (sizeof(alphabet) - 1)];
		}
		regions_parse(&rs, data, len, 1);
		assert_true(!rs.error || rs.n == 0);
		regions_release(&rs);
	}
}

/* ---- end to end: real programs, a real pipe ---- */

static char tmpdir[] = "/tmp/litlab-test-regions-XXXXXX";

static int setup(void **state)
{
	(void)state;
	return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown(void **state)
{
	char *cmd = xasprintf("rm -rf '%s'", tmpdir);
	int rc = system(cmd);

	(void)state;
	free(cmd);
	return rc == 0 ? 0 : -1;
}

/* Writes src to TMPDIR/name.c and builds TMPDIR/name with cc, warnings as errors. */
static char *build(const char *name, const char *std, const char *src)
{
	char *c_path = xasprintf("%s/%s.c", tmpdir, name);
	char *bin = xasprintf("%s/%s", tmpdir, name);
	FILE *f = fopen(c_path, "w");

	assert_non_null(f);
	assert_true(fputs(src, f) >= 0);
	assert_int_equal(fclose(f), 0);
	char *cmd = xasprintf("cc -std=%s -Wall -Wextra -Wpedantic -Wshadow -Werror "
			      "-I engine/include -o '%s' '%s'", std, bin, c_path);
	int rc = system(cmd);
	if (rc != 0)
		print_error("failed: %s\n", cmd);
	assert_int_equal(rc, 0);
	free(cmd);
	free(c_path);
	return bin;
}

struct run {
	struct buf channel;	/* what came through LITLAB_REGION_FD */
	struct buf out, err;	/* the program's stdout and stderr */
	long pid;
	int status;
};

static void slurp(struct buf *b, const char *path)
{
	char *data;
	size_t len;

	assert_int_equal(fs_read_path(path, 1u << 30, &data, &len), 0);
	buf_add(b, data, len);
	free(data);
}

/*
 * Runs bin (with arg, if not NULL) in tmpdir as the runner does: the write end
 * of a pipe at descriptor 57, named in LITLAB_REGION_FD (with_fd), or no
 * channel at all (then stderr_mode sets LITLAB_REGION_STDERR=1).
 */
static void run(struct run *r, const char *bin, const char *arg, int with_fd, int stderr_mode)
{
	int fds[2];
	char *out_path = xasprintf("%s/stdout", tmpdir);
	char *err_path = xasprintf("%s/stderr", tmpdir);

	memset(r, 0, sizeof(*r));
	buf_init(&r->channel);
	buf_init(&r->out);
	buf_init(&r->err);
	assert_int_equal(pipe2(fds, O_CLOEXEC), 0);
	fflush(NULL);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		int o = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		int e = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);

		if (o < 0 || e < 0 || dup2(o, 1) < 0 || dup2(e, 2) < 0 || chdir(tmpdir) < 0)
			_exit(126);
		unsetenv("LITLAB_REGION_FD");
		unsetenv("LITLAB_REGION_STDERR");
		if (with_fd) {
			if (dup2(fds[1], 57) < 0)
				_exit(126);
			setenv("LITLAB_REGION_FD", "57", 1);
		}
		if (stderr_mode)
			setenv("LITLAB_REGION_STDERR", "1", 1);
		execl(bin, bin, arg, (char *)NULL);
		_exit(127);
	}
	close(fds[1]);
	for (;;) {
		char chunk[4096];
		ssize_t n = read(fds[0], chunk, sizeof(chunk));

		if (n < 0 && errno == EINTR)
			continue;
		assert_true(n >= 0);
		if (n == 0)
			break;
		buf_add(&r->channel, chunk, (size_t)n);
	}
	close(fds[0]);
	assert_int_equal(waitpid(pid, &r->status, 0), pid);
	r->pid = (long)pid;
	slurp(&r->out, out_path);
	slurp(&r->err, err_path);
	free(out_path);
	free(err_path);
}

static void run_release(struct run *r)
{
	buf_release(&r->channel);
	buf_release(&r->out);
	buf_release(&r->err);
}

static void assert_exited_0(const struct run *r)
{
	if (!WIFEXITED(r->status) || WEXITSTATUS(r->status) != 0)
		print_error("program failed (status %#x); stderr: %s\n", r->status, r->err.p);
	assert_true(WIFEXITED(r->status));
	assert_int_equal(WEXITSTATUS(r->status), 0);
}

static const char nested_src[] =
	"#include <stdio.h>\n"
	"#include \"litlab.h\"\n"
	"\n"
	"static volatile unsigned long sink;\n"
	"\n"
	"static void spin(unsigned long n)\n"
	"{\n"
	"\tunsigned long i;\n"
	"\n"
	"\tfor (i = 0; i < n; i++)\n"
	"\t\tsink += i;\n"
	"}\n"
	"\n"
	"int main(void)\n"
	"{\n"
	"\tint i;\n"
	"\n"
	"\tLITLAB_REGION_BEGIN(\"total\");\n"
	"\tfor (i = 0; i < 3; i++) {\n"
	"\t\tlitlab_region_begin(\"step\");\n"
	"\t\tspin(200000);\n"
	"\t\tlitlab_region_end(\"step\");\n"
	"\t}\n"
	"\tLITLAB_REGION_BEGIN(\"odd name!\");\n"
	"\tspin(1000);\n"
	"\tLITLAB_REGION_END(\"odd name!\");\n"
	"\tLITLAB_REGION_END(\"total\");\n"
	"\treturn 0;\n"
	"}\n";

static void check_nested(const char *std)
{
	char *bin = build(std, std, nested_src);
	struct region_sample rs;
	struct run r;

	run(&r, bin, NULL, 1, 0);
	assert_exited_0(&r);
	assert_int_equal(r.out.len, 0);
	assert_int_equal(r.err.len, 0);
	regions_parse(&rs, r.channel.p, r.channel.len, r.pid);
	if (rs.error)
		print_error("%s\nchannel:\n%s", rs.error, r.channel.p);
	assert_null(rs.error);
	assert_int_equal(rs.n, 3);
	assert_string_equal(rs.times[0].name, "total");
	assert_string_equal(rs.times[1].name, "step");
	assert_string_equal(rs.times[2].name, "odd_name_");
	assert_int_equal(rs.times[0].pairs, 1);
	assert_int_equal(rs.times[1].pairs, 3);
	assert_true(rs.times[1].ns > 0);
	assert_true(rs.times[0].ns >= rs.times[1].ns + rs.times[2].ns);
	regions_release(&rs);
	run_release(&r);

	/* outside litlab: nothing, anywhere */
	run(&r, bin, NULL, 0, 0);
	assert_exited_0(&r);
	assert_int_equal(r.channel.len, 0);
	assert_int_equal(r.out.len, 0);
	assert_int_equal(r.err.len, 0);
	run_release(&r);

	/* outside litlab, asked for: one stderr line per end */
	run(&r, bin, NULL, 0, 1);
	assert_exited_0(&r);
	assert_int_equal(r.out.len, 0);
	assert_non_null(strstr(r.err.p, "litlab region step: "));
	assert_non_null(strstr(r.err.p, "litlab region odd_name_: "));
	assert_non_null(strstr(r.err.p, "litlab region total: "));
	assert_non_null(strstr(r.err.p, " ms\n"));
	int lines = 0;
	for (const char *p = r.err.p; (p = strchr(p, '\n')); p++)
		lines++;
	assert_int_equal(lines, 5);
	run_release(&r);
	free(bin);
}

static void test_program_nested_c11(void **state)
{
	(void)state;
	check_nested("c11");
}

/* Strict C99 hides clock_gettime and timespec_get: the header copes. */
static void test_program_nested_c99(void **state)
{
	(void)state;
	check_nested("c99");
}

static void test_program_nested_gnu11(void **state)
{
	(void)state;
	check_nested("gnu11");
}

static const char close_src[] =
	"#include <fcntl.h>\n"
	"#include <stdlib.h>\n"
	"#include <string.h>\n"
	"#include <unistd.h>\n"
	"#include \"litlab.h\"\n"
	"\n"
	"int main(int argc, char **argv)\n"
	"{\n"
	"\tint fd = atoi(getenv(\"LITLAB_REGION_FD\"));\n"
	"\tint f;\n"
	"\n"
	"\tif (argc > 1 && strcmp(argv[1], \"later\") == 0) {\n"
	"\t\tLITLAB_REGION_BEGIN(\"before\");\n"
	"\t\tLITLAB_REGION_END(\"before\");\n"
	"\t}\n"
	"\tif (close(fd) != 0)\n"
	"\t\treturn 3;\n"
	"\tLITLAB_REGION_BEGIN(\"closed\");\n"
	"\tLITLAB_REGION_END(\"closed\");\n"
	"\t/* the number now names a file of the program's own */\n"
	"\tf = open(\"own.txt\", O_WRONLY | O_CREAT | O_TRUNC, 0600);\n"
	"\tif (f < 0 || dup2(f, fd) != fd)\n"
	"\t\treturn 4;\n"
	"\tLITLAB_REGION_BEGIN(\"reused\");\n"
	"\tLITLAB_REGION_END(\"reused\");\n"
	"\t/* and now a pipe of its own */\n"
	"\t{\n"
	"\t\tint p[2];\n"
	"\t\tchar c;\n"
	"\n"
	"\t\tif (pipe(p) != 0 || dup2(p[1], fd) != fd)\n"
	"\t\t\treturn 5;\n"
	"\t\tLITLAB_REGION_BEGIN(\"own-pipe\");\n"
	"\t\tLITLAB_REGION_END(\"own-pipe\");\n"
	"\t\tclose(fd);\n"
	"\t\tclose(p[1]);\n"
	"\t\tif (read(p[0], &c, 1) != 0)\n"
	"\t\t\treturn 6;\n"
	"\t}\n"
	"\treturn 0;\n"
	"}\n";

static void test_program_closes_fd(void **state)
{
	char *bin = build("closes", "gnu11", close_src);
	char *own = xasprintf("%s/own.txt", tmpdir);
	struct region_sample rs;
	struct run r;
	struct buf b = BUF_INIT;

	(void)state;
	/* closed before the first mark: the marks do nothing */
	run(&r, bin, "first", 1, 0);
	assert_exited_0(&r);
	assert_int_equal(r.channel.len, 0);
	assert_int_equal(r.out.len, 0);
	assert_int_equal(r.err.len, 0);
	slurp(&b, own);
	assert_int_equal(b.len, 0);
	regions_parse(&rs, r.channel.p, r.channel.len, r.pid);
	assert_null(rs.error);
	assert_int_equal(rs.n, 0);
	regions_release(&rs);
	run_release(&r);

	/* closed after the channel was in use: later marks are dropped */
	run(&r, bin, "later", 1, 0);
	assert_exited_0(&r);
	assert_int_equal(r.out.len, 0);
	assert_int_equal(r.err.len, 0);
	buf_reset(&b);
	slurp(&b, own);
	assert_int_equal(b.len, 0);
	regions_parse(&rs, r.channel.p, r.channel.len, r.pid);
	assert_null(rs.error);
	assert_int_equal(rs.n, 1);
	assert_string_equal(rs.times[0].name, "before");
	regions_release(&rs);
	run_release(&r);

	buf_release(&b);
	free(own);
	free(bin);
}

static const char fork_src[] =
	"#include <sys/types.h>\n"
	"#include <sys/wait.h>\n"
	"#include <unistd.h>\n"
	"#include \"litlab.h\"\n"
	"\n"
	"int main(void)\n"
	"{\n"
	"\tpid_t pid;\n"
	"\tint status;\n"
	"\n"
	"\tLITLAB_REGION_BEGIN(\"parent\");\n"
	"\tpid = fork();\n"
	"\tif (pid < 0)\n"
	"\t\treturn 3;\n"
	"\tif (pid == 0) {\n"
	"\t\tLITLAB_REGION_BEGIN(\"child\");\n"
	"\t\tLITLAB_REGION_END(\"child\");\n"
	"\t\tLITLAB_REGION_END(\"parent\");\n"
	"\t\tLITLAB_REGION_BEGIN(\"left-open\");\n"
	"\t\t_exit(0);\n"
	"\t}\n"
	"\tif (waitpid(pid, &status, 0) != pid || status != 0)\n"
	"\t\treturn 4;\n"
	"\tLITLAB_REGION_BEGIN(\"after\");\n"
	"\tLITLAB_REGION_END(\"after\");\n"
	"\tLITLAB_REGION_END(\"parent\");\n"
	"\treturn 0;\n"
	"}\n";

static void test_program_forks(void **state)
{
	char *bin = build("forks", "gnu11", fork_src);
	struct region_sample rs;
	struct run r;

	(void)state;
	run(&r, bin, NULL, 1, 0);
	assert_exited_0(&r);
	assert_int_equal(r.out.len, 0);
	/* the child's records are there, under its own pid */
	assert_non_null(strstr(r.channel.p, " child\n"));
	assert_non_null(strstr(r.channel.p, " left-open\n"));
	regions_parse(&rs, r.channel.p, r.channel.len, r.pid);
	if (rs.error)
		print_error("%s\nchannel:\n%s", rs.error, r.channel.p);
	assert_null(rs.error);
	assert_int_equal(rs.n, 2);
	assert_string_equal(rs.times[0].name, "parent");
	assert_string_equal(rs.times[1].name, "after");
	assert_int_equal(rs.times[0].pairs, 1);
	assert_true(rs.times[0].ns >= rs.times[1].ns);
	regions_release(&rs);
	run_release(&r);
	free(bin);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_empty),
		cmocka_unit_test(test_nested),
		cmocka_unit_test(test_repeated),
		cmocka_unit_test(test_unclosed),
		cmocka_unit_test(test_end_without_begin),
		cmocka_unit_test(test_other_pid),
		cmocka_unit_test(test_garbage),
		cmocka_unit_test(test_name_length),
		cmocka_unit_test(test_nul_bytes),
		cmocka_unit_test(test_too_many_regions),
		cmocka_unit_test(test_random_bytes),
		cmocka_unit_test(test_program_nested_c11),
		cmocka_unit_test(test_program_nested_c99),
		cmocka_unit_test(test_program_nested_gnu11),
		cmocka_unit_test(test_program_closes_fd),
		cmocka_unit_test(test_program_forks),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
