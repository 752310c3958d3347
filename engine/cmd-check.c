/* cmd-check.c: `litlab check`: run, verify and report on lessons. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "course_check.h"
#include "report.h"

static const char check_help[] =
	"usage: litlab check [--fresh] [-j N] [--sanitize] [--repeat N] [--format text|json]\n"
	"                    [--rules DIR] [PATH...]\n"
	"\n"
	"Compiles and runs every C block of the lessons, verifies outputs and exit\n"
	"statuses, and reports each problem as PATH:LINE:COL: SEVERITY: MESSAGE [RULE].\n"
	"PATH is a lesson file or a folder of NN-slug.md lessons (default: lessons/).\n"
	"\n"
	"  --fresh            ignore cached evidence and run everything again (the cache\n"
	"                     in .litlab/, or $LITLAB_CACHE_DIR, is rewritten)\n"
	"  -j, --jobs N       run N blocks at a time (default: the online CPUs); a measure\n"
	"                     block runs alone\n"
	"  --sanitize         build run blocks with AddressSanitizer and UBSan; what they\n"
	"                     find is an error at the lesson line [sanitizer]\n"
	"  --repeat N         run each run block N times; a stdout that is not the same\n"
	"                     every time is an error [nondeterministic]\n"
	"  --format FORMAT    text (default: diagnostics on stderr) or json (the document\n"
	"                     on stdout, diagnostics still on stderr)\n"
	"  --rules DIR        also apply the rules in DIR/*.lua (repeatable); the rules in\n"
	"                     each lesson folder's rules/ apply always\n"
	"  --no-rules         apply no Lua rule at all (for measuring the rule pass)\n"
	"  -h, --help         this help\n"
	"\n"
	"Exit status: 0 no error, 1 an error in a lesson, 2 a usage error or a broken\n"
	"environment (no compiler, an unreadable file).\n";

int cmd_check(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "fresh", no_argument, NULL, 'F' },   { "jobs", required_argument, NULL, 'j' },
		{ "format", required_argument, NULL, 'f' }, { "help", no_argument, NULL, 'h' },
		{ "rules", required_argument, NULL, 'r' },  { "no-rules", no_argument, NULL, 'R' },
		{ "sanitize", no_argument, NULL, 'S' },	    { "repeat", required_argument, NULL, 'N' },
		{ NULL, 0, NULL, 0 },
	};
	int json = 0, c, no_rules = 0, fresh = 0, sanitize = 0;
	long jobs = 0, repeat = 0;
	char **rule_dirs = NULL;
	size_t nrule_dirs = 0;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+:j:h", opts, NULL)) != -1) {
		switch (c) {
		case 'F':
			fresh = 1;
			break;
		case 'S':
			sanitize = 1;
			break;
		case 'N': {
			char *end;
			repeat = strtol(optarg, &end, 10);
			if (*end || !*optarg || repeat < 1 || repeat > 1000) {
				free_words(rule_dirs, nrule_dirs);
				return cmd_usage_error("check", "--repeat needs a number of runs from 1 to 1000, not '%s'",
						       optarg);
			}
			break;
		}
		case 'j': {
			char *end;
			jobs = strtol(optarg, &end, 10);
			if (*end || jobs < 1 || jobs > 1024) {
				free_words(rule_dirs, nrule_dirs);
				return cmd_usage_error("check", "-j needs a number of jobs from 1 to 1024, not '%s'",
						       optarg);
			}
			break;
		}
		case 'f':
			if (strcmp(optarg, "json") == 0)
				json = 1;
			else if (strcmp(optarg, "text") != 0) {
				free_words(rule_dirs, nrule_dirs);
				return cmd_usage_error("check", "unknown format '%s' (text or json)", optarg);
			}
			break;
		case 'r':
			rule_dirs = xreallocarray(rule_dirs, nrule_dirs + 1, sizeof *rule_dirs);
			rule_dirs[nrule_dirs++] = xstrdup(optarg);
			break;
		case 'R':
			no_rules = 1;
			break;
		case 'h':
			free_words(rule_dirs, nrule_dirs);
			fputs(check_help, stdout);
			return 0;
		default:
			free_words(rule_dirs, nrule_dirs);
			return cmd_option_error("check", c, argv[optind - 1]);
		}
	}

	struct course_check cc;
	struct course_check_opts copts = {
		.rule_dirs = rule_dirs, .nrule_dirs = nrule_dirs, .no_rules = no_rules,
		.print_diags = 1, .progress = 1, .color = cmd_color(stderr),
		.fresh = fresh, .jobs = jobs, .sanitize = sanitize, .repeat = (int)repeat,
	};
	char *err;
	int status = 0;
	if (course_check_run(&cc, argv + optind, (size_t)(argc - optind), &copts, &err) < 0) {
		fprintf(stderr, "litlab: %s\n", err);
		free(err);
		status = 2;
	} else {
		if (json) {
			json_t *doc = course_check_json(&cc);
			if (report_write(stdout, doc) < 0)
				status = 2;
			json_decref(doc);
		}
		course_check_print_summary(stderr, &cc);
		if (status == 0 && course_check_gate(&cc))
			status = 1;
	}
	course_check_release(&cc);
	free_words(rule_dirs, nrule_dirs);
	return status;
}
