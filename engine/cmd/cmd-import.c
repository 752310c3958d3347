/* cmd-import.c: `litlab import`: rewrite pandoc, Quarto and GitHub lessons into litlab's format. */
#include <errno.h>
#include <getopt.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/atomic.h"
#include "base/fs.h"
#include "cmd/cmd.h"
#include "lesson/import.h"
#include "lesson/lesson.h"

static const char import_help[] =
	"Rewrites Markdown lessons written for pandoc, Quarto or GitHub into litlab's\n"
	"format, in place. Only the info strings of fenced code blocks change (the text\n"
	"after the opening fence); every other byte of the file stays as it was:\n"
	"  - attribute syntax: '{.c .numberLines}', '{c}', 'c {#id .class key=val}'\n"
	"    become 'c', the id kept as id=ID, what litlab does not know dropped;\n"
	"  - 'C' becomes 'c';\n"
	"  - a c block without main() becomes compile-only when it is a whole\n"
	"    translation unit (system #includes, and only declarations and definitions\n"
	"    at file scope), else fragment (never built alone); one that defines main()\n"
	"    but elides code ('...') is a fragment too;\n"
	"  - a c block that calls a function, type or macro an earlier block defines\n"
	"    gets use=ID (that block gets id=NAME if it has none);\n"
	"  - a fence with no language (or text) right after a c program becomes its\n"
	"    output block.\n"
	"One with a paragraph between it and the program is left alone, with a note:\n"
	"an output block belongs to the block right before it, and import moves no text.\n"
	"Each change is listed as FILE:LINE: 'OLD' -> 'NEW': why. A file is replaced\n"
	"atomically, and only if it did not change meanwhile. A file with a fence that\n"
	"is not closed where it should be is left as it was. Then run 'litlab check' on\n"
	"the files: what they print is now compared.\n"
	"\n"
	"  -n, --dry-run   write nothing; print the changes and a unified diff\n"
	"  -h, --help      this help\n"
	"\n"
	"Exit status: 0 done, 1 a file left as it was because of a fence, 2 a usage\n"
	"error or a file that could not be read or written (it is then left as it was).\n";

/* One line of a file: [p, p + len), its '\n' not counted; nl: it has one. */
struct line {
	const char *p;
	size_t len;
	int nl;
};

static struct line *split_lines(const char *s, size_t len, size_t *n)
{
	struct line *v = NULL;

	*n = 0;
	for (size_t at = 0; at < len;) {
		const char *end = memchr(s + at, '\n', len - at);
		size_t l = end ? (size_t)(end - (s + at)) : len - at;
		v = xreallocarray(v, *n + 1, sizeof *v);
		v[(*n)++] = (struct line){ s + at, l, end != NULL };
		at += l + (end != NULL);
	}
	return v;
}

/* A line of the diff: escaped as cmd_printf() escapes (buf_add_printable()), but a final CR kept as it is. */
static void diff_line(struct buf *d, char sign, const struct line *l)
{
	int cr = l->len > 0 && l->p[l->len - 1] == '\r';

	buf_addc(d, sign);
	buf_add_printable(d, l->p, l->len - (size_t)cr);
	if (cr)
		buf_addc(d, '\r');
	buf_adds(d, l->nl ? "\n" : "\n\\ No newline at end of file\n");
}

static int same_line(const struct line *a, const struct line *b)
{
	return a->len == b->len && a->nl == b->nl && memcmp(a->p, b->p, a->len) == 0;
}

/*
 * The unified diff (3 lines of context) of the whole file, with the file's
 * name in the headers, as diff -u prints it: a CR that ends a line kept, "\
 * No newline at end of file" where there is none, so that patch applies it
 * (but bytes a terminal would act on written \xNN, as everywhere litlab
 * prints a file's text). import changes lines, never their number: lines
 * are paired one to one (were the counts to differ, the whole file is one
 * hunk).
 */
static void print_diff(const char *path, const char *old, size_t old_len, const struct buf *next)
{
	size_t na, nb;
	struct line *a = split_lines(old, old_len, &na), *b = split_lines(next->p, next->len, &nb);
	struct buf d = BUF_INIT;

	if (na != nb) {
		buf_addf(&d, "@@ -%zu,%zu +%zu,%zu @@\n", na ? (size_t)1 : 0, na, nb ? (size_t)1 : 0, nb);
		for (size_t i = 0; i < na; i++)
			diff_line(&d, '-', &a[i]);
		for (size_t i = 0; i < nb; i++)
			diff_line(&d, '+', &b[i]);
	}
	for (size_t i = 0; na == nb && i < na;) {
		if (same_line(&a[i], &b[i])) {
			i++;
			continue;
		}
		/* A hunk: from 3 lines before this change to 3 after the last change that is 6 or fewer lines on. */
		size_t lo = i > 3 ? i - 3 : 0, hi = i, k;
		for (k = i; k < na && k <= hi + 6; k++)
			if (!same_line(&a[k], &b[k]))
				hi = k;
		size_t end = hi + 4 < na ? hi + 4 : na;
		buf_addf(&d, "@@ -%zu,%zu +%zu,%zu @@\n", lo + 1, end - lo, lo + 1, end - lo);
		for (k = lo; k < end;) {
			if (same_line(&a[k], &b[k])) {
				diff_line(&d, ' ', &a[k++]);
				continue;
			}
			size_t run = k;
			while (run < end && !same_line(&a[run], &b[run]))
				run++;
			for (size_t r = k; r < run; r++)
				diff_line(&d, '-', &a[r]);
			for (size_t r = k; r < run; r++)
				diff_line(&d, '+', &b[r]);
			k = run;
		}
		i = end;
	}
	cmd_printf(stdout, "--- %s\n+++ %s (imported)\n", path, path);
	fwrite(d.p, 1, d.len, stdout);
	buf_release(&d);
	free(a);
	free(b);
}

/* " (syntax 6, fragment 2, output 1)": how many changes did each kind of thing. */
static char *kinds_text(const struct import_result *res)
{
	struct buf b = BUF_INIT;

	for (unsigned k = 0; k < IMPORT_NKINDS; k++) {
		size_t n = 0;
		for (size_t i = 0; i < res->n; i++)
			n += (res->v[i].kinds >> k) & 1;
		if (n)
			buf_addf(&b, "%s%s %zu", b.len ? ", " : " (", import_kind_name(1u << k), n);
	}
	if (b.len)
		buf_addc(&b, ')');
	return buf_detach(&b, NULL);
}

static int import_one(const char *path, int dry_run)
{
	char *src = NULL, *err = NULL;
	size_t len = 0;
	int fd = fs_open_regular(path), status = 0;
	struct stat st;

	if (fd < 0 || fstat(fd, &st) < 0 || fs_read_fd(fd, LESSON_MAX, &src, &len) < 0) {
		int e = errno;
		complain("cannot read '%s': %s", path, lesson_strerror(e));
		if (fd >= 0)
			close(fd);
		return 2;
	}
	close(fd);

	struct buf next = BUF_INIT;
	struct import_result res;
	import_result_init(&res);
	if (import_rewrite(path, src, len, &next, &res, &err) < 0) {
		complain("%s; '%s' was not changed", err, path);
		free(err);
		status = 1;
	} else {
		for (size_t i = 0; i < res.n; i++) {
			const struct import_change *c = &res.v[i];
			cmd_printf(stdout, "%s:%d: '%s' -> '%s': %s\n", path, c->line, c->old_info, c->new_info, c->why);
		}
		for (size_t i = 0; i < res.nnotes; i++)
			cmd_printf(stdout, "%s:%d: note: %s\n", path, res.notes[i].line, res.notes[i].text);
		if (res.n == 0) {
			cmd_printf(stdout, "%s: nothing to import (%zu code block%s)\n", path, res.blocks,
				   res.blocks == 1 ? "" : "s");
		} else if (dry_run) {
			char *kinds = kinds_text(&res);
			print_diff(path, src, len, &next);
			cmd_printf(stdout, "would change %zu of %zu code block%s in %s%s\n", res.n, res.blocks,
				   res.blocks == 1 ? "" : "s", path, kinds);
			free(kinds);
		} else {
			/* Through a symbolic link, the file it names is replaced, not the link. */
			char *target = realpath(path, NULL);
			struct atomic_opts opts = { src, len, 0, NULL, NULL };
			int rc = atomic_write(target ? target : path, next.p, next.len, &opts, &err);
			free(target);
			if (rc == ATOMIC_CHANGED) {
				complain("'%s' changed while import ran; nothing written", path);
				status = 2;
			} else if (rc != ATOMIC_OK) {
				complain("%s; '%s' was not changed", err, path);
				free(err);
				status = 2;
			} else {
				char *kinds = kinds_text(&res);
				cmd_printf(stdout, "changed %zu of %zu code block%s in %s%s\n", res.n, res.blocks,
					   res.blocks == 1 ? "" : "s", path, kinds);
				free(kinds);
				/* The new file replaced this name only: another name of the old one still has the old text. */
				if (st.st_nlink > 1)
					complain("warning: '%s' had %ju other name%s (hard link%s): it is now a file of its "
						 "own, and %s the text as it was (import each name, or make them one "
						 "file again with ln -f)",
						 path, (uintmax_t)(st.st_nlink - 1), st.st_nlink == 2 ? "" : "s",
						 st.st_nlink == 2 ? "" : "s", st.st_nlink == 2 ? "that name keeps" : "those names keep");

			}
		}
	}
	import_result_release(&res);
	buf_release(&next);
	free(src);
	return status;
}

static int cmd_import(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "dry-run", no_argument, NULL, 'n' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c, dry_run = 0, status = 0;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+:nh", opts, NULL)) != -1) {
		switch (c) {
		case 'n':
			dry_run = 1;
			break;
		case 'h':
			return cmd_help(&cmd_import_entry);
		default:
			return cmd_option_error(&cmd_import_entry, c, argv[optind - 1]);
		}
	}
	if (optind == argc)
		return cmd_usage_error(&cmd_import_entry, "name the Markdown files to import");
	for (int i = optind; i < argc; i++) {
		int st = import_one(argv[i], dry_run);
		if (st > status)
			status = st;
	}
	return status;
}

const struct cmd_entry cmd_import_entry = {
	.name = "import",
	.usage = "[--dry-run] FILE...",
	.summary = "rewrite pandoc, Quarto and GitHub Markdown lessons into litlab's format",
	.help = import_help,
	.exec = cmd_import,
};
