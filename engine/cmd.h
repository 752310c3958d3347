/*
 * cmd.h: the subcommands, one file each (cmd-NAME.c), listed in main.c's table.
 *
 * A command gets argv with argv[0] its own name and returns the exit status:
 * 0 no error, 1 an error in the lessons, 2 a usage error or a broken
 * environment.
 */
#ifndef LITLAB_CMD_H
#define LITLAB_CMD_H

#include <stdio.h>

#include "util.h"

struct cmd_entry {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *usage;   /* arguments, after "litlab NAME" */
	const char *summary; /* one line */
};

int cmd_check(int argc, char **argv);
int cmd_rules(int argc, char **argv);
int cmd_build(int argc, char **argv);
int cmd_audit(int argc, char **argv);
int cmd_tangle(int argc, char **argv);
int cmd_lab(int argc, char **argv);
int cmd_promote(int argc, char **argv);

/* 1 if colour may be used on fp: a terminal, and NO_COLOR unset. */
int cmd_color(FILE *fp);
/*
 * For getopt_long's ':' (a missing value) or '?' (an unknown option), with
 * opt the argument that caused it: a usage error naming it; returns 2.
 */
int cmd_option_error(const char *name, int c, const char *opt);
/*
 * fprintf() whose whole text is escaped as buf_add_printable() does: for
 * lines that carry names or text litlab did not write (a file name found in
 * a folder, a lesson's text, a program's output).
 */
void cmd_printf(FILE *fp, const char *fmt, ...) PRINTFLIKE(2, 3);
/* Prints "usage: litlab NAME USAGE" and a hint to stderr; returns 2. */
int cmd_usage_error(const char *name, const char *fmt, ...) PRINTFLIKE(2, 3);

#endif
