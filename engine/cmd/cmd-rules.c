/* cmd-rules.c: `litlab rules`: list every rule: id, severity, origin, summary. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/course_check.h"
#include "rules/rules.h"


static const char rules_help[] =
	"Lists every Lua rule that check applies to the lessons PATH names (lesson\n"
	"files or folders, default: lessons/): its id, severity, the file it comes from\n"
	"(built-in rules are compiled into litlab from engine/rules/), and one line of\n"
	"description. As check does, it reads the rules/*.lua of each lesson's folder.\n"
	"\n"
	"  --rules DIR   also list the rules in DIR/*.lua (repeatable)\n"
	"  -h, --help    this help\n";

static int cmd_rules(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "rules", required_argument, NULL, 'r' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct course_check_opts copts = { 0 };
	int c;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+:h", opts, NULL)) != -1) {
		if (c == 'r') {
			course_check_opt(&copts, c, optarg);
		} else if (c == 'h') {
			course_check_opts_release(&copts);
			return cmd_help(&cmd_rules_entry);
		} else {
			course_check_opts_release(&copts);
			return cmd_option_error(&cmd_rules_entry, c, argv[optind - 1]);
		}
	}
	char *err = NULL;
	if (course_check_opts_verify(&copts, &err) < 0) {
		course_check_opts_release(&copts);
		int status = cmd_usage_error(&cmd_rules_entry, "%s", err);
		free(err);
		return status;
	}
	/*
	 * The folders check would read. Without PATH, a course without lessons/
	 * (or without a lesson in it) still has the built-in rules to list.
	 */
	struct course_paths paths;
	char **dirs;
	size_t ndirs;
	if (course_find(&paths, argv + optind, (size_t)(argc - optind), &err) == 0) {
		course_check_rule_folders(&paths, &copts, &dirs, &ndirs);
	} else if (optind < argc) {
		complain("%s", err);
		free(err);
		course_paths_release(&paths);
		course_check_opts_release(&copts);
		return 2;
	} else {
		free(err);
		ndirs = 1 + copts.nrule_dirs;
		dirs = xcalloc(ndirs, sizeof *dirs);
		dirs[0] = xstrdup("lessons/rules");
		for (size_t i = 0; i < copts.nrule_dirs; i++)
			dirs[1 + i] = xstrdup(copts.rule_dirs[i]);
	}
	course_paths_release(&paths);
	course_check_opts_release(&copts);

	struct ruleset rs;
	int status = 0;
	if (ruleset_load(&rs, dirs, ndirs, NULL, &err) < 0) {
		complain("%s", err);
		free(err);
		status = 2;
	} else {
		int color = cmd_color(stderr);
		for (size_t i = 0; i < rs.errors.n; i++)
			diag_print(stderr, &rs.errors.v[i], color);
		for (size_t i = 0; i < rs.nrules; i++) {
			const struct rule_info *r = &rs.rules[i];
			/* a course's file name and summary shown as text, each on its line: a newline or an
			   escape in them cannot forge another entry, nor erase one */
			struct buf path = BUF_INIT, summary = BUF_INIT;
			buf_adds_printable_line(&path, rs.files[r->file].path);
			buf_adds_printable_line(&summary, r->summary);
			printf("%-24s %-8s %s%s\n    %s\n", r->id, r->severity, path.p,
			       rs.files[r->file].builtin ? " (built in)" : "", summary.p);
			buf_release(&path);
			buf_release(&summary);
			if (r->naliases) {
				printf("    aliases:");
				for (size_t k = 0; k < r->naliases; k++)
					printf(" %s", r->aliases[k]);
				printf("\n");
			}
		}
		if (rs.errors.n)
			status = 1;
	}
	ruleset_release(&rs);
	free_words(dirs, ndirs);
	return status;
}

const struct cmd_entry cmd_rules_entry = {
	.name = "rules",
	.usage = "[--rules DIR]... [PATH...]",
	.summary = "list every rule: id, severity, origin, summary",
	.help = rules_help,
	.exec = cmd_rules,
};
