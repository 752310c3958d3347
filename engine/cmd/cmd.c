/* cmd.c: the command table and what the commands share (cmd.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/buf.h"
#include "cmd/cmd.h"

const struct cmd_entry *const cmd_table[] = {
	&cmd_check_entry, &cmd_tangle_entry, &cmd_lab_entry,   &cmd_promote_entry,
	&cmd_build_entry, &cmd_audit_entry,  &cmd_rules_entry,
	&cmd_serve_entry,
	&cmd_import_entry,
	&cmd_verify_entry,
	&cmd_evidence_entry,
	NULL,
};

/* "usage: litlab NAME USAGE", wrapped under the first word at 80 columns between its "[...]" parts. */
static void print_usage(FILE *fp, const struct cmd_entry *e)
{
	struct buf line = BUF_INIT;
	size_t indent = strlen("usage: litlab  ") + strlen(e->name), col;

	buf_addf(&line, "usage: litlab %s", e->name);
	col = line.len;
	for (const char *p = e->usage; *p;) {
		size_t n = 0; /* one word, or one "[...]" with its spaces */
		for (int depth = 0; p[n] && (depth || p[n] != ' '); n++)
			depth += p[n] == '[' ? 1 : p[n] == ']' ? -1 : 0;
		if (col + 1 + n > 80 && col > indent) {
			buf_addf(&line, "\n%*s", (int)(indent - 1), "");
			col = indent - 1;
		}
		buf_addf(&line, " %.*s", (int)n, p);
		col += 1 + n;
		p += n;
		while (*p == ' ')
			p++;
	}
	fprintf(fp, "%s\n", line.p);
	buf_release(&line);
}

int cmd_help(const struct cmd_entry *e)
{
	print_usage(stdout, e);
	fprintf(stdout, "\n%s", e->help);
	return 0;
}

int cmd_usage_error(const struct cmd_entry *e, const char *fmt, ...)
{
	va_list ap;

	fputs("litlab: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	print_usage(stderr, e);
	fprintf(stderr, "try 'litlab %s --help'\n", e->name);
	return 2;
}

int cmd_option_error(const struct cmd_entry *e, int c, const char *opt)
{
	if (c == ':')
		return cmd_usage_error(e, "option '%s' needs a value", opt);
	return cmd_usage_error(e, "unknown option '%s'", opt);
}

static enum { COLOR_AUTO, COLOR_ALWAYS, COLOR_NEVER } color_when;

int cmd_color_option(const char *when)
{
	if (strcmp(when, "auto") == 0)
		color_when = COLOR_AUTO;
	else if (strcmp(when, "always") == 0)
		color_when = COLOR_ALWAYS;
	else if (strcmp(when, "never") == 0)
		color_when = COLOR_NEVER;
	else
		return -1;
	return 0;
}

int cmd_color(FILE *fp)
{
	const char *no = getenv("NO_COLOR");

	if (color_when != COLOR_AUTO)
		return color_when == COLOR_ALWAYS;
	return isatty(fileno(fp)) && !(no && *no);
}

void cmd_printf(FILE *fp, const char *fmt, ...)
{
	struct buf b = BUF_INIT, e = BUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	buf_vaddf(&b, fmt, ap);
	va_end(ap);
	buf_add_printable(&e, b.p, b.len);
	fwrite(e.p, 1, e.len, fp);
	buf_release(&e);
	buf_release(&b);
}

void cmd_strip_slashes(char *dir)
{
	for (size_t n = strlen(dir); n > 1 && dir[n - 1] == '/'; n--)
		dir[n - 1] = '\0';
}
