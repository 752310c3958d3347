/* main.c: litlab's front: global options, the command table, dispatch. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/buf.h"
#include "cmd/cmd.h"
#include "sandbox/sandbox.h"
#include "base/util.h"

static void help(FILE *fp)
{
	fprintf(fp, "usage: litlab COMMAND [OPTIONS] [ARGS]\n\n"
		    "litlab checks course lessons: every C block in a lesson is compiled and run, and\n"
		    "what it really prints is compared with the lesson.\n\ncommands:\n");
	for (size_t i = 0; cmd_table[i]; i++)
		fprintf(fp, "  %-9s %s\n", cmd_table[i]->name, cmd_table[i]->summary);
	fprintf(fp, "\n'litlab COMMAND --help' shows a command's options.\n"
		    "Exit status: 0 no error, 1 an error in the lessons, 2 a usage error or a broken\n"
		    "environment; 130, 143 or 129 when stopped by SIGINT, SIGTERM or SIGHUP.\n"
		    "\n"
		    "environment:\n"
		    "  CC                    the compiler for lesson code (default cc; words allowed,\n"
		    "                        e.g. \"ccache gcc\"; looked up in PATH's absolute entries)\n"
		    "  PATH                  where CC is looked up\n"
		    "  TMPDIR                litlab's temporary folders (default /tmp)\n"
		    "  NO_COLOR              set and not empty: no colour, plain progress lines\n"
		    "  LITLAB_CACHE_DIR      the evidence cache and memos (default .litlab)\n"
		    "  XDG_STATE_HOME        the cache's secret is kept in $XDG_STATE_HOME/litlab\n"
		    "  HOME                  ...else in ~/.local/state/litlab\n"
		    "  LITLAB_EVIDENCE_KEY   a shared secret: evidence export signs, import requires it\n"
		    "  LITLAB_ISOLATION      A, B, C or D: the strongest sandbox tier to use\n"
		    "  LITLAB_SANDBOX_PATHS  folders (':'-separated) shown read-only to lesson code\n"
		    "  LITLAB_SANDBOX_DEBUG  set: say why each part of a sandbox tier was not had\n"
		    "  LITLAB_REGION_STDERR  1: a program built with litlab.h, run outside litlab,\n"
		    "                        prints its regions' times on stderr\n"
		    "'man litlab' (docs/litlab.1) says more.\n");
}

/*
 * Started with stdin, stdout or stderr closed (cron, some CI runners), the
 * first file litlab opens would take that number, and what was meant for it
 * would go to the wrong place: a cgroup's control file became a helper's
 * stdin and was overwritten. They are opened on /dev/null first.
 */
static void open_standard_fds(void)
{
	for (int fd = 0; fd <= 2; fd++)
		if (fcntl(fd, F_GETFD) < 0 && open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY) < 0)
			exit(2);
}

int main(int argc, char **argv)
{
	int status;

	open_standard_fds();
	/* Ctrl-C, a CI job cancelled, a closed terminal: lesson code stops, its folders go. */
	sandbox_catch_signals();
	if (argc < 2) {
		help(stderr);
		return 2;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
		help(stdout);
		status = 0;
	} else if (strcmp(argv[1], "--version") == 0) {
		printf("litlab %s\n", LITLAB_VERSION);
		status = 0;
	} else {
		const struct cmd_entry *cmd = NULL;
		for (size_t i = 0; cmd_table[i]; i++)
			if (strcmp(cmd_table[i]->name, argv[1]) == 0)
				cmd = cmd_table[i];
		if (!cmd) {
			complain("unknown command '%s'", argv[1]);
			help(stderr);
			return 2;
		}
		status = cmd->exec(argc - 1, argv + 1);
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		complain("cannot write to standard output: %s", strerror(errno));
		status = 2;
	}
	sandbox_signals_end();
	return status;
}
