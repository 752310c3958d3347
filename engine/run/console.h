/*
 * console.h: console blocks, shell sessions run in the sandbox.
 *
 * A console block is a transcript: a line "$ CMD" is a command, a line
 * "> MORE" right after it (or after another such line) continues it, the
 * lines up to the next command are what it prints (stdout and stderr in one
 * stream, as a terminal shows them), a last line "[N]" among them is its
 * exit status when not 0, and a line "..." stands for any lines. Blank lines
 * before the first command are allowed; other text there is an error.
 *
 * console_run() runs the commands in order in one /bin/sh, in a work
 * folder of the sandbox holding the lesson files the block sees (cwd and
 * variables persist through the block; stdin is /dev/null). After each
 * command the shell prints a boundary: a newline, a marker of 32 random hex
 * digits made for this run and never shown, the command's number and its
 * status. A boundary that is out of place (a command printed the marker)
 * fails the session. The evidence's stdout is the transcript as it
 * happened, in the block's own format (ev->run.out); promote writes it into
 * the block, the site shows it.
 *
 * A session does not compile: its tools are those of the sandbox's /usr
 * (cc, make, sort...). Its key holds its commands and the lesson files it
 * sees, not its expected output.
 */
#ifndef LITLAB_CONSOLE_H
#define LITLAB_CONSOLE_H

#include "lesson/diag.h"
#include "lesson/lesson.h"
#include "run/runner.h"

/* The most commands in one session, and the most bytes of them. */
#define CONSOLE_COMMANDS_MAX 200
#define CONSOLE_SCRIPT_MAX (96u << 10)

struct console_cmd {
	int line;      /* its "$ " line in the lesson */
	int nlines;    /* lines it takes: 1 and its "> " lines */
	char *text;    /* the command, its lines joined by '\n', without "$ " and "> " */
	char *out;     /* expected output: its lines, each ending in '\n', "[N]" taken off */
	size_t out_len;
	int out_line;  /* lesson line of its first output line */
	int status;    /* the exit status "[N]" says; 0 without one */
	int status_line; /* line of "[N]", or 0 */
};

struct console_session {
	struct console_cmd *v;
	size_t n;
};

/*
 * A console block's attribute the loader asks about: timeout=. Returns 1
 * when a is one (reported if malformed), 0 if the loader should say it is
 * unknown.
 */
int console_attr(struct lesson *l, struct block *b, const struct attr *a);

/*
 * Parses a session's text, whose first line is line first_line of the
 * lesson. 0, or -1 with *err (malloc'd) about line *err_line.
 */
int console_parse(const char *text, size_t len, int first_line, struct console_session *s, char **err,
		  int *err_line);
void console_session_release(struct console_session *s);

/* Checks block b's text (the loader calls it): a malformed session is a `session` error. */
void console_check(struct lesson *l, struct block *b);

/* Runs block b's session; fills ev->run (out: the transcript) and ev->executed. */
void console_run(struct runner *r, struct lesson *l, struct block *b, struct evidence *ev);
/* The same with the given files in its folder instead of the lesson's (litlab lab: the lab's). */
void console_run_files(const struct block *b, const struct runner_file *files, size_t nfiles, struct evidence *ev);

/*
 * The session's verdict: 0 if the transcript matches the block, else -1
 * with diagnostics added to d (output-mismatch at the first line that
 * differs, with a diff; timeout; resource-limit; exit-status).
 */
int console_verify(struct diags *d, const struct lesson *l, const struct block *b, const struct evidence *ev);

/*
 * The block's text with its outputs replaced by the real ones (promote): a
 * command whose output matched keeps what the block says ("..." included).
 * NULL when the session did not run to its end, or (with *len set to
 * (size_t)-1) when a command printed a line a session reads as its own:
 * "$ ", "> ", "[N]", "...". malloc'd.
 */
char *console_promoted(const struct block *b, const struct evidence *ev, size_t *len);

/* Appends the commands of b, what its evidence depends on besides the lesson files. */
void console_key(const struct block *b, struct buf *out);

#endif
