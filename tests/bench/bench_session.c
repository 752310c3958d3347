/*
 * bench_session.c: what a console block of 10 short commands costs litlab
 * (console_run_files(): a work folder of the sandbox with the lesson file,
 * one /bin/sh launched there, the boundaries read back), against the same
 * commands typed into sh in a temporary folder (mkdtemp, the file written,
 * sh -c with the commands, its output read through a pipe, the folder
 * removed), in one process, interleaved in rounds so that both see the same
 * machine. Prints per-session medians and their ratio.
 *
 * usage: bench_session [ROUNDS]
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "run/console.h"
#include "base/fs.h"
#include "run/stats.h"

static const char data[] = "pear\napple\nfig\napple\n";
static const char *const commands[] = {
	"ls",	       "cat words.txt",	     "sort words.txt",	  "sort -u words.txt | wc -l", "grep -c apple words.txt",
	"mkdir sub",   "cd sub && pwd >/dev/null", "head -n 1 ../words.txt", "echo \"$HOME\" >/dev/null",
	"tr a-z A-Z < ../words.txt",
};

static long long typed(const char *base)
{
	char *dir = xasprintf("%s/bench-session-XXXXXX", base);
	struct buf script = BUF_INIT;
	int out[2];
	long long t0 = now_ns();

	if (!mkdtemp(dir) || pipe(out) < 0) {
		perror("bench_session");
		exit(1);
	}
	char *file = xasprintf("%s/words.txt", dir);
	write_file(file, data, sizeof data - 1);
	buf_addf(&script, "cd %s\n", dir);
	for (size_t i = 0; i < ARRAY_LEN(commands); i++)
		buf_addf(&script, "%s\n", commands[i]);
	pid_t pid = fork();
	if (pid == 0) {
		int null = open("/dev/null", O_RDONLY);
		dup2(null, 0);
		dup2(out[1], 1);
		dup2(out[1], 2);
		close(out[0]);
		execl("/bin/sh", "sh", "-c", script.p, (char *)NULL);
		_exit(127);
	}
	close(out[1]);
	char chunk[4096];
	while (read(out[0], chunk, sizeof chunk) > 0)
		;
	close(out[0]);
	int status;
	waitpid(pid, &status, 0);
	int root = fs_open_root("/");
	fs_remove_tree(root, dir + 1);
	close(root);
	long long t = now_ns() - t0;
	free(file);
	free(dir);
	buf_release(&script);
	return t;
}

static struct lesson *lesson;

static long long session(void)
{
	struct evidence ev;
	struct runner_file f = { "words.txt", data, sizeof data - 1 };
	long long t0 = now_ns();

	evidence_init(&ev);
	console_run_files(&lesson->blocks[0], &f, 1, &ev);
	long long t = now_ns() - t0;
	if (ev.run.end != END_EXITED || ev.run.exit_code != 0 || ev.run.err.len) {
		fprintf(stderr, "bench_session: the session failed:\n%.*s%.*s\n", (int)ev.run.out.len, ev.run.out.p,
			(int)ev.run.err.len, ev.run.err.p);
		exit(1);
	}
	evidence_release(&ev);
	return t;
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 10;
	struct buf text = BUF_INIT;

	buf_adds(&text, "```console\n");
	for (size_t i = 0; i < ARRAY_LEN(commands); i++)
		buf_addf(&text, "$ %s\n", commands[i]);
	buf_adds(&text, "```\n");
	lesson = lesson_parse("bench.md", text.p, text.len);
	int per = 10;
	size_t n = (size_t)rounds * (size_t)per;
	int64_t *a = calloc(n, sizeof *a), *b = calloc(n, sizeof *b), *c = calloc(n, sizeof *c);
	size_t k = 0;
	/* The sandbox's work folders are tmpfs (tiers A and B): the same commands in a tmpfs folder too. */
	int shm = access("/dev/shm", W_OK) == 0;

	for (int i = 0; i < 3; i++)
		typed("/tmp"), session();
	for (int r = 0; r < rounds; r++)
		for (int i = 0; i < per; i++, k++) {
			a[k] = typed("/tmp");
			b[k] = session();
			c[k] = shm ? typed("/dev/shm") : a[k];
		}
	struct stats sa, sb, sc;
	stats_compute(&sa, a, n);
	stats_compute(&sb, b, n);
	stats_compute(&sc, c, n);
	printf("sessions per side: %zu, of %zu commands each\n", n, ARRAY_LEN(commands));
	printf("typed into sh in a temporary folder in /tmp: median %lld ns\n", (long long)sa.median);
	if (shm)
		printf("typed into sh in a temporary folder in /dev/shm (tmpfs): median %lld ns\n", (long long)sc.median);
	printf("a console block (sandbox folder, lesson file, /bin/sh, boundaries): median %lld ns\n",
	       (long long)sb.median);
	printf("ratio (session / typed in /tmp): %.3f (target <= 1.2)\n", (double)sb.median / (double)sa.median);
	if (shm)
		printf("ratio (session / typed in /dev/shm): %.3f (target <= 1.2)\n",
		       (double)sb.median / (double)sc.median);
	free(a);
	free(b);
	free(c);
	lesson_free(lesson);
	buf_release(&text);
	return 0;
}
