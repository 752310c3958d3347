/* cmd-audit.c: `litlab audit`: the reviewer's ledger: every block and claim with its evidence. */
#include <getopt.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/course_check.h"
#include "render/ledger_model.h"
#include "render/report.h"


static const char audit_help[] =
	"Checks the lessons as 'litlab check' does and prints the reviewer's ledger on\n"
	"stdout: every block with its mode, status and evidence (compiler, flags, exit\n"
	"status, verified outputs, measurements), every measure reference with the\n"
	"value it resolved to, every cited value with its source, every time-like\n"
	"value the rules let pass with the words that decided, every suppressed\n"
	"rule with its reason, every derived block with its reason, and every\n"
	"diagnostic.\n"
	"PATH is a lesson file or a folder of NN-slug.md lessons (default: lessons/).\n"
	"\n"
	"  --fresh            take no evidence from the cache: run every block again (the\n"
	"                     cache is rewritten), as 'litlab check --fresh' does\n"
	"  --format FORMAT    text (default: one line per item), json (the document of\n"
	"                     'check --format json') or junit (JUnit XML: one test suite\n"
	"                     per lesson, one test case per block)\n"
	"  --rules DIR        also apply the rules in DIR/*.lua (repeatable)\n"
	"  --no-rules         apply no Lua rule at all\n"
	"  -h, --help         this help\n"
	"\n"
	"Exit status: 0 no error, 1 an error in a lesson (the ledger is still printed),\n"
	"2 a usage error or a broken environment.\n";

enum format { FMT_TEXT, FMT_JSON, FMT_JUNIT };

static int cmd_audit(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "format", required_argument, NULL, 'f' }, { "help", no_argument, NULL, 'h' },
		{ "fresh", no_argument, NULL, 'F' },	    COURSE_CHECK_RULE_OPTIONS,		    { NULL, 0, NULL, 0 },
	};
	/* The ledger carries every diagnostic: stderr stays for progress and the summary. */
	struct course_check_opts copts = { .print_diags = 0, .progress = 1, .color = 0 };
	enum format fmt = FMT_TEXT;
	int c;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+:h", opts, NULL)) != -1) {
		switch (c) {
		case 'F':
			copts.fresh = 1;
			break;
		case 'f':
			if (strcmp(optarg, "text") == 0)
				fmt = FMT_TEXT;
			else if (strcmp(optarg, "json") == 0)
				fmt = FMT_JSON;
			else if (strcmp(optarg, "junit") == 0)
				fmt = FMT_JUNIT;
			else {
				course_check_opts_release(&copts);
				return cmd_usage_error(&cmd_audit_entry, "unknown format '%s' (text, json or junit)", optarg);
			}
			break;
		case 'h':
			course_check_opts_release(&copts);
			return cmd_help(&cmd_audit_entry);
		default:
			if (course_check_opt(&copts, c, optarg))
				break;
			course_check_opts_release(&copts);
			return cmd_option_error(&cmd_audit_entry, c, argv[optind - 1]);
		}
	}

	struct course_check cc;
	int status = course_check_cmd(&cc, argv + optind, (size_t)(argc - optind), &copts);
	int ran = status == 0;
	if (ran) {
		/* One model, one renderer per format (render/ledger_model.h). */
		struct ledger_model lm;
		struct buf out = BUF_INIT;
		course_check_ledger(&lm, &cc);
		if (fmt == FMT_JSON) {
			json_t *doc = report_document(&lm);
			if (report_write(stdout, doc) < 0)
				status = 2;
			json_decref(doc);
		} else {
			if (fmt == FMT_TEXT)
				ledger_text(&out, &lm);
			else
				ledger_junit(&out, &lm);
			fwrite(out.p, 1, out.len, stdout);
		}
		buf_release(&out);
		ledger_model_release(&lm);
	}
	return course_check_finish(&cc, &copts, ran, status);
}

const struct cmd_entry cmd_audit_entry = {
	.name = "audit",
	.usage = "[--fresh] [--format text|json|junit] [--rules DIR] [--no-rules] [PATH...]",
	.summary = "the reviewer's ledger: every block and claim with its evidence",
	.help = audit_help,
	.exec = cmd_audit,
};
