/*
 * bench_runner.c: the runner's own cost per sample, against a bare
 * fork/exec/wait4 loop over the same binary, in one process, interleaved in
 * rounds so that both see the same machine. A sample as the runner makes
 * one: a new work folder, the program copied into it, the launch, the
 * folder removed. Prints per-run medians and their ratio.
 *
 * usage: bench_runner PROGRAM [ROUNDS]
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/fs.h"
#include "sandbox/sandbox.h"
#include "run/stats.h"

static long long bare(const char *prog)
{
	long long t0 = now_ns();
	pid_t pid = fork();

	if (pid == 0) {
		int null = open("/dev/null", O_RDWR);
		dup2(null, 0);
		dup2(null, 1);
		dup2(null, 2);
		execl(prog, prog, (char *)NULL);
		_exit(127);
	}
	int status;
	struct rusage ru;
	wait4(pid, &status, 0, &ru);
	return now_ns() - t0;
}

static char *prog_bytes;
static size_t prog_len;

static long long launched(void)
{
	char *argv[] = { "./prog", NULL };
	char *envp[] = { "PATH=/usr/bin:/bin", NULL };
	struct sandbox_folder f;
	char *why = NULL;
	long long t0 = now_ns();

	if (sandbox_folder_make(&f, NULL, &why) < 0 || fs_replace(f.fd, "prog", prog_bytes, prog_len, 0755, 0) < 0) {
		fprintf(stderr, "bench_runner: cannot make a work folder: %s\n", why ? why : strerror(errno));
		exit(1);
	}
	struct launch la = {
		.argv = argv,
		.work = &f,
		.envp = envp,
		.lim = { .wall_s = 10, .cpu_s = 11, .mem_bytes = 2LL << 30, .fsize_bytes = 64LL << 20,
			 .nofile = 256, .output_cap = 1u << 20 },
		.side_channel = 1,
	};
	struct launch_result r;
	launch_result_init(&r);
	sandbox_launch(&la, &r);
	sandbox_folder_release(&f);
	long long t = now_ns() - t0;
	launch_result_release(&r);
	return t;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: bench_runner PROGRAM [ROUNDS]\n");
		return 2;
	}
	int rounds = argc > 2 ? atoi(argv[2]) : 20;
	if (fs_read_path(argv[1], 1u << 30, &prog_bytes, &prog_len) < 0) {
		fprintf(stderr, "bench_runner: cannot read '%s'\n", argv[1]);
		return 2;
	}
	int per = 25;
	size_t n = (size_t)rounds * (size_t)per;
	int64_t *a = calloc(n, sizeof *a), *b = calloc(n, sizeof *b);
	size_t k = 0;

	for (int i = 0; i < 5; i++)
		bare(argv[1]), launched();
	for (int r = 0; r < rounds; r++)
		for (int i = 0; i < per; i++, k++) {
			a[k] = bare(argv[1]);
			b[k] = launched();
		}
	struct stats sa, sb;
	stats_compute(&sa, a, n);
	stats_compute(&sb, b, n);
	printf("runs per side: %zu\n", n);
	printf("bare fork/exec/wait4:   median %lld ns\n", (long long)sa.median);
	printf("a sample (folder, copy, sandbox_launch): median %lld ns\n", (long long)sb.median);
	printf("ratio (launch / bare):  %.3f (target <= 1.2)\n", (double)sb.median / (double)sa.median);
	free(a);
	free(b);
	free(prog_bytes);
	return 0;
}
