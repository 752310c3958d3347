/*
 * cmd.h: the subcommands, one file each (cmd-NAME.c), each exporting one
 * entry that main.c's table lists (tmux's cmd.c): its name, usage, one-line
 * summary, help and function. `litlab --help`, `litlab NAME --help` and every
 * usage error are made from the entry, so they cannot disagree.
 *
 * A command gets argv with argv[0] its own name and returns the exit status:
 * 0 no error, 1 an error in the lessons, 2 a usage error or a broken
 * environment.
 */
#ifndef LITLAB_CMD_H
#define LITLAB_CMD_H

#include <stdio.h>

#include "base/util.h"

struct cmd_entry {
	const char *name;
	const char *usage;   /* its arguments, after "litlab NAME" */
	const char *summary; /* one line, for litlab --help */
	const char *help;    /* what NAME --help says after the usage line */
	int (*exec)(int argc, char **argv);
};

extern const struct cmd_entry cmd_check_entry, cmd_tangle_entry, cmd_lab_entry, cmd_promote_entry,
	cmd_build_entry, cmd_audit_entry, cmd_rules_entry,
	cmd_serve_entry,
	cmd_import_entry,
	cmd_verify_entry,
	cmd_evidence_entry;

/* The entries, in the order litlab --help lists them; NULL-terminated. */
extern const struct cmd_entry *const cmd_table[];

/* Prints "usage: litlab NAME USAGE" (wrapped), a blank line and e's help on stdout; returns 0. */
int cmd_help(const struct cmd_entry *e);
/* Prints "litlab: MESSAGE", e's usage line and a hint to stderr; returns 2. */
int cmd_usage_error(const struct cmd_entry *e, const char *fmt, ...) PRINTFLIKE(2, 3);
/*
 * For getopt_long's ':' (a missing value) or '?' (an unknown option), with
 * opt the argument that caused it: a usage error naming it; returns 2.
 */
int cmd_option_error(const struct cmd_entry *e, int c, const char *opt);

/*
 * 1 if colour may be used on fp: as --color said (always, never), else
 * (auto, the default) when fp is a terminal and NO_COLOR is unset or empty.
 */
int cmd_color(FILE *fp);
/* Takes --color=WHEN (auto, always, never) for cmd_color(): 0, or -1 for another WHEN. */
int cmd_color_option(const char *when);
/* The getopt_long entry of --color (getopt's c: 'K'); cmd_color_option() takes its value. */
#define CMD_COLOR_OPTION { "color", required_argument, NULL, 'K' }
/*
 * fprintf() whose whole text is escaped as buf_add_printable() does: for
 * lines that carry names or text litlab did not write (a file name found in
 * a folder, a lesson's text, a program's output).
 */
void cmd_printf(FILE *fp, const char *fmt, ...) PRINTFLIKE(2, 3);
/* Drops the trailing slashes of a folder named on the command line ("labs/" is "labs"; "/" stays). */
void cmd_strip_slashes(char *dir);

#endif
