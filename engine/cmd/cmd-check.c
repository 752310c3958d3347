/* cmd-check.c: `litlab check`: run, verify and report on lessons. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/course_check.h"
#include "render/report.h"


static const char check_help[] =
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
	"  --format FORMAT    text (default: diagnostics on stderr), json (the document\n"
	"                     on stdout, diagnostics still on stderr) or sarif (SARIF\n"
	"                     2.1.0 on stdout, for code-review annotations)\n"
	"  --color WHEN       colour in diagnostics: auto (default: when stderr is a\n"
	"                     terminal and NO_COLOR is unset), always or never\n"
	"  --rules DIR        also apply the rules in DIR/*.lua (repeatable); the rules in\n"
	"                     each lesson folder's rules/ apply always\n"
	"  --no-rules         apply no Lua rule at all (for measuring the rule pass)\n"
	"  --shard I/N        check only the I-th of N shards of the blocks (1 <= I <= N\n"
	"                     <= 1000), as one job of a CI matrix: no rule is applied,\n"
	"                     and its verdict is not the course's (see evidence export)\n"
	"  -h, --help         this help\n"
	"\n"
	"Exit status: 0 no error, 1 an error in a lesson, 2 a usage error or a broken\n"
	"environment (no compiler, an unreadable file).\n";

static int cmd_check(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "fresh", no_argument, NULL, 'F' },   { "jobs", required_argument, NULL, 'j' },
		{ "format", required_argument, NULL, 'f' }, { "help", no_argument, NULL, 'h' },
		{ "sanitize", no_argument, NULL, 'S' },	    { "repeat", required_argument, NULL, 'N' },
		{ "shard", required_argument, NULL, 'D' },
		COURSE_CHECK_RULE_OPTIONS, CMD_COLOR_OPTION,		    { NULL, 0, NULL, 0 },
	};
	struct course_check_opts copts = { .print_diags = 1, .progress = 1 };
	int json = 0, sarif = 0, c;
	long repeat = 0;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+:j:h", opts, NULL)) != -1) {
		switch (c) {
		case 'F':
			copts.fresh = 1;
			break;
		case 'S':
			copts.sanitize = 1;
			break;
		case 'N': {
			char *end;
			repeat = strtol(optarg, &end, 10);
			if (*end || !*optarg || repeat < 1 || repeat > 1000) {
				course_check_opts_release(&copts);
				return cmd_usage_error(&cmd_check_entry, "--repeat needs a number of runs from 1 to 1000, not '%s'",
						       optarg);
			}
			break;
		}
		case 'j': {
			char *end;
			copts.jobs = strtol(optarg, &end, 10);
			if (*end || copts.jobs < 1 || copts.jobs > 1024) {
				course_check_opts_release(&copts);
				return cmd_usage_error(&cmd_check_entry, "-j needs a number of jobs from 1 to 1024, not '%s'",
						       optarg);
			}
			break;
		}
		case 'D':
			if (course_check_shard_parse(optarg, &copts.shard, &copts.nshards) < 0) {
				course_check_opts_release(&copts);
				return cmd_usage_error(&cmd_check_entry, "%s", course_check_shard_usage(optarg));
			}
			break;
		case 'f':
			json = strcmp(optarg, "json") == 0;
			sarif = strcmp(optarg, "sarif") == 0;
			if (!json && !sarif && strcmp(optarg, "text") != 0) {
				course_check_opts_release(&copts);
				return cmd_usage_error(&cmd_check_entry, "unknown format '%s' (text, json or sarif)",
						       optarg);
			}
			break;
		case 'h':
			course_check_opts_release(&copts);
			return cmd_help(&cmd_check_entry);
		case 'K':
			if (cmd_color_option(optarg) < 0) {
				course_check_opts_release(&copts);
				return cmd_usage_error(&cmd_check_entry, "--color needs auto, always or never, not '%s'", optarg);
			}
			break;
		default:
			if (course_check_opt(&copts, c, optarg))
				break;
			course_check_opts_release(&copts);
			return cmd_option_error(&cmd_check_entry, c, argv[optind - 1]);
		}
	}
	copts.repeat = (int)repeat;
	copts.color = cmd_color(stderr);

	struct course_check cc;
	int status = course_check_cmd(&cc, argv + optind, (size_t)(argc - optind), &copts);
	int ran = status == 0;
	if (ran && (json || sarif)) {
		json_t *doc = json ? course_check_json(&cc) : course_check_sarif(&cc);
		if (report_write(stdout, doc) < 0)
			status = 2;
		json_decref(doc);
	}
	return course_check_finish(&cc, &copts, ran, status);
}

const struct cmd_entry cmd_check_entry = {
	.name = "check",
	.usage = "[--fresh] [-j N] [--sanitize] [--repeat N] [--format text|json|sarif] [--color WHEN] [--rules DIR] [--no-rules] [--shard I/N] [PATH...]",
	.summary = "run every block, verify outputs, apply the rules",
	.help = check_help,
	.exec = cmd_check,
};
