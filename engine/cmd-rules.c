/* cmd-rules.c: `litlab rules`: list every rule: id, severity, origin, summary. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "rules.h"

static const char rules_help[] =
	"usage: litlab rules [--rules DIR]...\n"
	"\n"
	"Lists every Lua rule that check applies: its id, severity, the file it comes\n"
	"from (built-in rules are compiled into litlab from engine/rules/), and one line\n"
	"of description. lessons/rules/*.lua is included when it exists.\n"
	"\n"
	"  --rules DIR   also list the rules in DIR/*.lua (repeatable)\n"
	"  -h, --help    this help\n";

int cmd_rules(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "rules", required_argument, NULL, 'r' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	char **dirs = xcalloc(1, sizeof *dirs);
	size_t ndirs = 1;
	int c;

	dirs[0] = xstrdup("lessons/rules");
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+:h", opts, NULL)) != -1) {
		if (c == 'r') {
			dirs = xreallocarray(dirs, ndirs + 1, sizeof *dirs);
			dirs[ndirs++] = xstrdup(optarg);
		} else if (c == 'h') {
			free_words(dirs, ndirs);
			fputs(rules_help, stdout);
			return 0;
		} else {
			free_words(dirs, ndirs);
			return cmd_option_error("rules", c, argv[optind - 1]);
		}
	}
	if (optind < argc) {
		free_words(dirs, ndirs);
		return cmd_usage_error("rules", "unexpected argument '%s'", argv[optind]);
	}
	struct ruleset rs;
	char *err = NULL;
	int status = 0;
	if (ruleset_load(&rs, dirs, ndirs, NULL, &err) < 0) {
		fprintf(stderr, "litlab: %s\n", err);
		free(err);
		status = 2;
	} else {
		int color = cmd_color(stderr);
		for (size_t i = 0; i < rs.errors.n; i++)
			diag_print(stderr, &rs.errors.v[i], color);
		for (size_t i = 0; i < rs.nrules; i++) {
			const struct rule_info *r = &rs.rules[i];
			printf("%-24s %-8s %s%s\n    %s\n", r->id, r->severity, rs.files[r->file].path,
			       rs.files[r->file].builtin ? " (built in)" : "", r->summary);
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
