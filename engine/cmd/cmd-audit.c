/* cmd-audit.c: `litlab audit`: the reviewer's ledger: every block and claim with its evidence. */
#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "lesson/lessonfiles.h"
#include "cmd/course_check.h"
#include "render/describe.h"
#include "render/highlight.h"
#include "render/render.h"
#include "render/report.h"
#include "run/stats.h"


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

/* One line of plain text: control bytes and line breaks must not break the ledger's lines. */
static void plain(struct buf *out, const char *s)
{
	for (; s && *s; s++)
		buf_addc(out, (unsigned char)*s < 0x20 || *s == 0x7f ? ' ' : *s);
}

/* What the evidence says about a block, in one line (describe.h). */
static void evidence_summary(struct buf *out, const struct course_check *cc, const struct lesson *l,
			     const struct block *b, const struct block_result *br)
{
	struct description d;

	describe_block(&d, cc->have_runner ? cc->runner.cc : "cc", l, b, br);
	for (size_t i = 0; i < d.n; i++) {
		if (d.v[i].kind != DESCRIBE_TEXT)
			buf_addc(out, '\'');
		plain(out, d.v[i].text);
		if (d.v[i].kind != DESCRIBE_TEXT)
			buf_addc(out, '\'');
	}
	description_release(&d);
}

static void ref_value(struct buf *out, const struct measure_ref *r)
{
	if (r->is_count)
		buf_addf(out, "%" PRId64, r->value);
	else
		stats_format_ns(out, r->value);
}

/* The cited values and what the rules let pass, one line each. */
static void ledger_lines(struct buf *out, const struct lesson_result *lr)
{
	const char *path = lr->lesson->path;

	for (size_t k = 0; k < lr->ledger.ncites; k++) {
		const struct cited_value *c = &lr->ledger.cites[k];
		buf_addf(out, "%s:%d:%d: cited '", path, c->line, c->col);
		plain(out, c->text);
		buf_adds(out, "' (not measured) from [");
		plain(out, c->key);
		buf_adds(out, "] ");
		plain(out, c->url);
		if (c->title) {
			buf_adds(out, " \"");
			plain(out, c->title);
			buf_adds(out, "\"");
		}
		buf_addc(out, '\n');
	}
	for (size_t k = 0; k < lr->ledger.n; k++) {
		const struct ledger_entry *e = &lr->ledger.v[k];
		buf_addf(out, "%s:%d:%d: let pass '", path, e->line, e->col);
		plain(out, e->text);
		buf_adds(out, "' as ");
		plain(out, e->decision);
		buf_adds(out, " (");
		plain(out, e->why);
		buf_adds(out, ") [");
		plain(out, e->rule);
		buf_adds(out, "]\n");
	}
}

static void text_ledger(struct buf *out, const struct course_check *cc)
{
	for (size_t i = 0; i < cc->n; i++) {
		const struct lesson_result *lr = &cc->results[i];
		const struct lesson *l = lr->lesson;
		for (size_t k = 0; k < l->nblocks; k++) {
			const struct block *b = &l->blocks[k];
			const struct block_result *br = &lr->blocks[k];
			buf_addf(out, "%s:%d: %s %s %s: ", l->path, b->line, b->id, block_mode_name(b->mode),
				 block_status_name(br->status));
			evidence_summary(out, cc, l, b, br);
			buf_addc(out, '\n');
		}
		for (size_t k = 0; k < lr->nrefs; k++) {
			const struct measure_ref *r = &lr->refs[k];
			buf_addf(out, "%s:%d:%d: reference {{", l->path, r->line, r->col);
			plain(out, r->text);
			buf_adds(out, "}} ");
			if (r->resolved) {
				buf_adds(out, "= ");
				ref_value(out, r);
				buf_addf(out, " (%s of ", r->stat);
				if (r->region) {
					buf_adds(out, "region ");
					plain(out, r->region);
					buf_adds(out, " in ");
				}
				plain(out, l->blocks[r->block].id);
				buf_addf(out, ", %zu samples)\n", lr->blocks[r->block].m.samples);
			} else {
				buf_adds(out, "unresolved\n");
			}
		}
		ledger_lines(out, lr);
		for (size_t k = 0; k < lr->nsupp; k++) {
			const struct suppression *s = &lr->supp[k];
			buf_addf(out, "%s:%d: suppression %s: ", l->path, s->line, s->rule ? s->rule : "(no rule)");
			plain(out, s->reason ? s->reason : "(no reason)");
			if (s->first_line)
				buf_addf(out, " (covers lines %d-%d%s)\n", s->first_line, s->last_line,
					 s->used ? "" : ", suppressed nothing");
			else
				buf_adds(out, " (nothing follows it)\n");
		}
		for (size_t k = 0; k < l->diags.n; k++) {
			const struct diag *d = &l->diags.v[k];
			buf_addf(out, "%s:%d:%d: %s: ", d->path, d->line, d->col, severity_name(d->severity));
			plain(out, d->message);
			buf_addf(out, " [%s]\n", d->rule);
		}
	}
	for (size_t k = 0; k < cc->rules.errors.n; k++) {
		const struct diag *d = &cc->rules.errors.v[k];
		buf_addf(out, "%s:%d:%d: %s: ", d->path, d->line, d->col, severity_name(d->severity));
		plain(out, d->message);
		buf_addf(out, " [%s]\n", d->rule);
	}
}

static void xml(struct buf *out, const char *s)
{
	if (s)
		html_escape_text(out, s, strlen(s));
}

/* The error diagnostics on the lines of block b (its fence to its last output block). */
static int block_lines(const struct block *b, int line)
{
	int last = b->end_line;

	for (size_t i = 0; i < b->noutputs; i++)
		if (b->outputs[i].end_line > last)
			last = b->outputs[i].end_line;
	return line >= b->line && line <= last;
}

static void junit(struct buf *out, const struct course_check *cc)
{
	size_t tests = 0, failures = 0, skipped = 0;
	struct buf suites = BUF_INIT;

	for (size_t i = 0; i < cc->n; i++) {
		const struct lesson_result *lr = &cc->results[i];
		const struct lesson *l = lr->lesson;
		size_t t = 0, f = 0, s = 0;
		struct buf cases = BUF_INIT;
		const char *base = strrchr(l->path, '/');
		base = base ? base + 1 : l->path;
		size_t blen = strlen(base) > 3 ? strlen(base) - 3 : strlen(base);
		int *claimed = xcalloc(l->diags.n + 1, sizeof *claimed);

		for (size_t k = 0; k < l->nblocks; k++) {
			const struct block *b = &l->blocks[k];
			const struct block_result *br = &lr->blocks[k];
			struct buf ev = BUF_INIT, fail = BUF_INIT;
			size_t nfail = 0;
			for (size_t d = 0; d < l->diags.n; d++) {
				const struct diag *g = &l->diags.v[d];
				if (g->severity != SEV_ERROR || claimed[d] || !block_lines(b, g->line))
					continue;
				claimed[d] = 1;
				nfail++;
				buf_addf(&fail, "%s:%d:%d: %s [%s]\n", g->path, g->line, g->col, g->message, g->rule);
				if (g->detail)
					buf_adds(&fail, g->detail);
			}
			evidence_summary(&ev, cc, l, b, br);
			t++;
			buf_adds(&cases, "    <testcase classname=\"");
			html_escape_text(&cases, base, blen);
			buf_adds(&cases, "\" name=\"");
			xml(&cases, b->id);
			buf_adds(&cases, "\" file=\"");
			xml(&cases, l->path);
			buf_addf(&cases, "\" line=\"%d\">\n", b->line);
			if (br->status == STATUS_FAILED || nfail) {
				f++;
				buf_addf(&cases, "      <failure message=\"block '");
				xml(&cases, b->id);
				buf_addf(&cases, "' %s\" type=\"%s\">", br->status == STATUS_FAILED ? "failed" : "has errors",
					 block_mode_name(b->mode));
				html_escape_text(&cases, fail.p, fail.len);
				buf_adds(&cases, "</failure>\n");
			} else if (br->status == STATUS_DERIVED || br->status == STATUS_DISPLAY ||
				   br->status == STATUS_FRAGMENT) {
				s++;
				buf_adds(&cases, "      <skipped message=\"");
				if (br->status == STATUS_DERIVED) {
					buf_adds(&cases, "derived, not executed: ");
					xml(&cases, b->reason && *b->reason ? b->reason : "no reason given");
				} else if (br->status == STATUS_DISPLAY) {
					buf_adds(&cases, "display only, never run");
				} else {
					buf_adds(&cases, "fragment, built only as part of the blocks that use it");
				}
				buf_adds(&cases, "\"/>\n");
			}
			buf_adds(&cases, "      <system-out>");
			html_escape_text(&cases, ev.p, ev.len);
			buf_adds(&cases, "</system-out>\n    </testcase>\n");
			buf_release(&ev);
			buf_release(&fail);
		}
		/* Errors outside every block: prose, references, suppressions, front matter. */
		struct buf rest = BUF_INIT;
		for (size_t d = 0; d < l->diags.n; d++) {
			const struct diag *g = &l->diags.v[d];
			if (g->severity == SEV_ERROR && !claimed[d])
				buf_addf(&rest, "%s:%d:%d: %s [%s]\n", g->path, g->line, g->col, g->message, g->rule);
		}
		t++;
		buf_adds(&cases, "    <testcase classname=\"");
		html_escape_text(&cases, base, blen);
		buf_adds(&cases, "\" name=\"prose and rules\" file=\"");
		xml(&cases, l->path);
		buf_adds(&cases, "\">\n");
		struct buf passed = BUF_INIT;
		ledger_lines(&passed, lr);
		if (rest.len) {
			f++;
			buf_adds(&cases, "      <failure message=\"errors outside the code blocks\" type=\"rules\">");
			html_escape_text(&cases, rest.p, rest.len);
			buf_adds(&cases, "</failure>\n");
		}
		if (passed.len) {
			buf_adds(&cases, "      <system-out>");
			html_escape_text(&cases, passed.p, passed.len);
			buf_adds(&cases, "</system-out>\n");
		}
		buf_release(&passed);
		buf_adds(&cases, "    </testcase>\n");
		buf_release(&rest);
		free(claimed);

		buf_adds(&suites, "  <testsuite name=\"");
		xml(&suites, l->path);
		buf_addf(&suites, "\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" skipped=\"%zu\">\n", t, f, s);
		/* The blocks by status, as the index and the ledger count them: a compile-fail block
		   that failed as expected passes, and is counted as compile-failed, not compiled. */
		struct render_counts rc;
		render_count(lr, &rc);
		buf_addf(&suites,
			 "    <properties>\n      <property name=\"executed\" value=\"%zu\"/>\n"
			 "      <property name=\"measured\" value=\"%zu\"/>\n"
			 "      <property name=\"compiled\" value=\"%zu\"/>\n"
			 "      <property name=\"compile-failed\" value=\"%zu\"/>\n"
			 "      <property name=\"derived\" value=\"%zu\"/>\n"
			 "      <property name=\"failed\" value=\"%zu\"/>\n    </properties>\n",
			 rc.executed, rc.measured, rc.compiled, rc.compile_failed, rc.derived, rc.failed);
		buf_add(&suites, cases.p, cases.len);
		buf_adds(&suites, "  </testsuite>\n");
		buf_release(&cases);
		tests += t;
		failures += f;
		skipped += s;
	}
	buf_adds(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	buf_addf(out, "<testsuites name=\"litlab\" tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" skipped=\"%zu\">\n",
		 tests, failures, cc->rules.errors.n, skipped);
	buf_add(out, suites.p, suites.len);
	buf_adds(out, "</testsuites>\n");
	buf_release(&suites);
}

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
	if (status == 0) {
		if (fmt == FMT_JSON) {
			json_t *doc = course_check_json(&cc);
			if (report_write(stdout, doc) < 0)
				status = 2;
			json_decref(doc);
		} else {
			struct buf out = BUF_INIT;
			if (fmt == FMT_TEXT) {
				/* Values are made one line each (plain()); a path may still hold escapes. */
				struct buf text = BUF_INIT;
				text_ledger(&text, &cc);
				buf_add_printable(&out, text.p, text.len);
				buf_release(&text);
			} else {
				junit(&out, &cc);
			}
			fwrite(out.p, 1, out.len, stdout);
			buf_release(&out);
		}
		course_check_print_summary(stderr, &cc);
		if (status == 0 && course_check_gate(&cc))
			status = 1;
	}
	course_check_release(&cc);
	course_check_opts_release(&copts);
	return status;
}

const struct cmd_entry cmd_audit_entry = {
	.name = "audit",
	.usage = "[--fresh] [--format text|json|junit] [--rules DIR] [--no-rules] [PATH...]",
	.summary = "the reviewer's ledger: every block and claim with its evidence",
	.help = audit_help,
	.exec = cmd_audit,
};
