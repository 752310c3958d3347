/* cmd-tangle.c: `litlab tangle`: write labs/ from the lessons, or say where it differs. */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/fs.h"
#include "cmd/cmd.h"
#include "cmd/course.h"
#include "render/tangle.h"


static const char tangle_help[] =
	"Writes each lesson's lab folder, DIR/lab-NN/, from the lesson: ID.c for every\n"
	"block that compiles on its own (with the code it uses first), ID.stdin and\n"
	"ID.expected where the lesson has them, a README.md, and a .gitignore naming what\n"
	"the README's by-hand commands build (ID, ID.o); and DIR/include/litlab.h.\n"
	"Each folder's .litlab-manifest records what tangle wrote there (sha256sum's\n"
	"format). A file that no one changed since tangle wrote it is replaced\n"
	"atomically when the lesson changes, and removed when no lesson produces it any\n"
	"more. A file edited since (a student's work), one tangle did not write, or one\n"
	"that is not a regular file (a link) is kept and named, and the exit status is 1;\n"
	"--force replaces or removes it too. A program built by hand as the README says\n"
	"(a file named as in .gitignore that tangle did not write) is left alone, even by\n"
	"--force and --check. PATH is a lesson file or a folder of lessons (default:\n"
	"lessons/). A lesson that cannot be tangled (an error in it, a number another\n"
	"lesson has) is named and left as it was, and every other lesson is tangled.\n"
	"When every PATH is a folder and every lesson is tangled, DIR/README.md indexes\n"
	"the labs and lab folders of no lesson are emptied of what tangle wrote.\n"
	"\n"
	"  --check       write nothing; name each file that differs, is missing or is\n"
	"                extra, say for each kind what to do, and exit 1 if there is one\n"
	"  --force       replace and remove what was edited or not written by tangle\n"
	"  --labs DIR    the labs folder (default: labs beside the lessons folder, e.g.\n"
	"                ../course/labs for ../course/lessons; it must not be a link)\n"
	"  -h, --help    this help\n"
	"\n"
	"Exit status: 0 written (or, with --check, in sync), 1 out of sync (a file kept,\n"
	"or with --check any difference) or a lesson that cannot be tangled, 2 a usage\n"
	"error or a file that cannot be read or written.\n";

struct report {
	int check;
	size_t n, kept;
	size_t fixable; /* --check: what tangle writes again (untouched since it wrote it, missing) */
	size_t edited;	/* --check: edited since tangle wrote it: kept */
	size_t foreign; /* --check: not written by tangle, or not a regular file: kept */
};

static const char *origin_words(const struct tangle_report *r)
{
	if (r->folder)
		return "not a folder: litlab does not follow a link, or enter a file, where a lab folder goes";
	switch (r->origin) {
	case TANGLE_UNTOUCHED:
		return r->change == TANGLE_EXTRA ? "no lesson produces it any more" : "the lesson changed since tangle wrote it";
	case TANGLE_EDITED:
		return "edited since tangle wrote it";
	case TANGLE_UNKNOWN:
		return r->change == TANGLE_EXTRA ? "not written by tangle" : "tangle has no record of writing it";
	case TANGLE_NOT_FILE:
		return "not a regular file (a link, a FIFO...): litlab neither follows nor reads it";
	}
	return "";
}

static void show_change(void *ctx, const struct tangle_report *r)
{
	struct report *rep = ctx;
	int gone = r->change == TANGLE_EXTRA || r->folder; /* what writing removes */

	rep->n++;
	if (rep->check) {
		if (r->manifest || r->change == TANGLE_MISSING || (r->origin == TANGLE_UNTOUCHED && !r->folder))
			rep->fixable++;
		else if (r->origin == TANGLE_EDITED && !r->folder)
			rep->edited++;
		else
			rep->foreign++;
	}
	if (rep->check && r->manifest) {
		cmd_printf(stdout, "%s: %s\n", r->path,
		       r->change == TANGLE_MISSING  ? "missing (tangle records there what it writes)"
		       : r->change == TANGLE_EXTRA ? "extra (tangle writes nothing there any more)"
						   : "differs from what tangle records");
	} else if (rep->check) {
		if (r->change == TANGLE_MISSING)
			cmd_printf(stdout, "%s: missing (the lesson has it)\n", r->path);
		else if (r->change == TANGLE_EXTRA && r->origin == TANGLE_UNTOUCHED)
			cmd_printf(stdout, "%s: extra (no lesson produces it)\n", r->path);
		else if (r->change == TANGLE_EXTRA)
			cmd_printf(stdout, "%s: extra (no lesson produces it; %s)\n", r->path, origin_words(r));
		else if (r->origin == TANGLE_UNKNOWN && !r->folder)
			cmd_printf(stdout, "%s: differs from the lesson\n", r->path);
		else
			cmd_printf(stdout, "%s: differs from the lesson (%s)\n", r->path, origin_words(r));
	} else if (r->done) {
		cmd_printf(stdout, "%s %s\n", gone ? "removed" : "wrote", r->path);
	} else {
		rep->kept++;
		cmd_printf(stdout, "kept %s: %s%s ('litlab tangle --force' %s it)\n", r->path, origin_words(r),
		       r->change == TANGLE_DIFFERS && !r->folder ? ", and the lesson gives other bytes" : "",
		       gone ? "removes" : "replaces");
	}
}

static int all_folders(char **paths, size_t n)
{
	struct stat st;

	for (size_t i = 0; i < n; i++)
		if (stat(paths[i], &st) < 0 || !S_ISDIR(st.st_mode))
			return 0;
	return 1;
}

/* "labs/" would name files "labs//lab-15/...". */
/* The line that gives lesson l its number: its front matter's 'lesson:', else 1 (its file name). */
static int number_line(const struct lesson *l, int *from_fm)
{
	int line = 0;

	for (size_t i = 0; i < l->nfm; i++)
		if (strcmp(l->fm[i].key, "lesson") == 0)
			line = l->fm[i].line;
	*from_fm = line > 0;
	return line > 0 ? line : 1;
}

/* Says that l has the number of first, which was tangled (or not) before it, and that l is not. */
static void say_duplicate(const struct lesson *first, int first_tangled, const struct lesson *l, const char *labs)
{
	int fm1, fm2;
	int line1 = number_line(first, &fm1), line2 = number_line(l, &fm2);
	char *lab = tangle_lab_name(l->number);
	struct buf b = BUF_INIT;

	buf_addf(&b, "litlab: '%s:%d' and '%s:%d' are both lesson %d (%s, %s): ", first->path, line1, l->path, line2,
		 l->number, fm1 ? "the first by its front matter" : "the first by its file name",
		 fm2 ? "the second by its front matter" : "the second by its file name");
	if (first_tangled)
		buf_addf(&b, "'%s' was tangled into '%s/%s', '%s' was not", first->path, labs, lab, l->path);
	else
		buf_addf(&b, "neither was tangled ('%s' cannot be, above)", first->path);
	buf_adds(&b, "; give each lesson its own number ('lesson: N' in its front matter, or its file name)\n");
	cmd_printf(stderr, "%s", b.p);
	buf_release(&b);
	free(lab);
}

/* tangle --check: what to do about each kind of difference found. */
static void check_advice(const struct report *rep, const char *labs)
{
	if (rep->fixable)
		cmd_printf(stderr,
			   "litlab: %zu file%s in '%s' differ%s from what the lessons give (above): 'make labs' "
			   "(litlab tangle) writes %s again\n",
			   rep->fixable, rep->fixable == 1 ? "" : "s", labs, rep->fixable == 1 ? "s" : "",
			   rep->fixable == 1 ? "it" : "them");
	if (rep->edited)
		cmd_printf(stderr,
			   "litlab: %zu file%s in '%s' %s edited since tangle wrote %s (a student's work): 'make "
			   "labs' keeps %s and 'make lab-NN' builds %s as %s; 'litlab tangle --force' replaces %s "
			   "with the lesson's (the edits are lost)\n",
			   rep->edited, rep->edited == 1 ? "" : "s", labs, rep->edited == 1 ? "was" : "were",
			   rep->edited == 1 ? "it" : "them", rep->edited == 1 ? "it" : "them",
			   rep->edited == 1 ? "it" : "them", rep->edited == 1 ? "it is" : "they are",
			   rep->edited == 1 ? "it" : "them");
	if (rep->foreign)
		cmd_printf(stderr,
			   "litlab: %zu file%s in '%s' %s not written by tangle (or %s not a regular file): 'make "
			   "labs' keeps %s; remove %s, or 'litlab tangle --force' replaces or removes %s (a link "
			   "itself, never what it names)\n",
			   rep->foreign, rep->foreign == 1 ? "" : "s", labs, rep->foreign == 1 ? "was" : "were",
			   rep->foreign == 1 ? "is" : "are", rep->foreign == 1 ? "it" : "them",
			   rep->foreign == 1 ? "it" : "them", rep->foreign == 1 ? "it" : "them");
}

/*
 * The folder that holds the lessons folder of paths (a folder is one, a file
 * is in one; none: lessons/, in the current folder): NULL for the current
 * folder, else that folder (malloc'd). *why when the paths' lessons folders
 * are beside different folders.
 */
static char *labs_top(char **paths, size_t n, char **why)
{
	char *top = NULL;
	struct stat st;

	for (size_t i = 0; i < n && !*why; i++) {
		int dir = stat(paths[i], &st) == 0 && S_ISDIR(st.st_mode);
		char *lessons = dir ? xstrdup(paths[i]) : fs_parent_path(paths[i]);
		char *t = fs_parent_path(lessons);
		free(lessons);
		if (top && strcmp(top, t) != 0)
			*why = xasprintf("the lessons named are in folders beside different folders ('%s' and '%s'), "
					 "and the labs go beside the lessons folder",
					 top, t);
		free(top);
		top = t;
	}
	if (*why || (top && strcmp(top, ".") == 0)) {
		free(top);
		return NULL;
	}
	return top;
}

static int cmd_tangle(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "check", no_argument, NULL, 'c' },
		{ "force", no_argument, NULL, 'f' },
		{ "labs", required_argument, NULL, 'L' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *labs = "labs";
	struct report rep = { .check = 0 };
	int c, status = 0, force = 0, named = 0;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+:h", opts, NULL)) != -1) {
		switch (c) {
		case 'c':
			rep.check = 1;
			break;
		case 'f':
			force = 1;
			break;
		case 'L':
			labs = optarg;
			named = 1;
			cmd_strip_slashes(optarg);
			break;
		case 'h':
			return cmd_help(&cmd_tangle_entry);
		default:
			return cmd_option_error(&cmd_tangle_entry, c, argv[optind - 1]);
		}
	}

	struct course_paths paths;
	char *err = NULL, *top = NULL, *shown = NULL;
	size_t npaths = (size_t)(argc - optind);
	if (course_find(&paths, argv + optind, npaths, &err) < 0) {
		complain("%s", err);
		if (npaths == 0)
			complain("run 'litlab tangle' in the course's folder (the one that holds lessons/), "
					"or name the lessons: 'litlab tangle PATH' (the labs go beside their folder) "
					"or --labs DIR");
		free(err);
		course_paths_release(&paths);
		return 2;
	}
	/* Without --labs, the labs go beside the lessons folder: labs/ in the folder that holds it. */
	if (!named) {
		char *why = NULL;
		top = labs_top(argv + optind, npaths, &why);
		if (why) {
			complain("%s: name the labs folder with --labs DIR", why);
			free(why);
			course_paths_release(&paths);
			return 2;
		}
		if (top)
			labs = shown = xasprintf("%s%s" TANGLE_LABS, top, top[strlen(top) - 1] == '/' ? "" : "/");
	}

	struct lesson **lessons = xcalloc(paths.n, sizeof *lessons);
	char *tangled = xcalloc(paths.n ? paths.n : 1, 1);
	size_t failed = 0;
	struct tangle_set set;
	tangle_set_init(&set);
	int color = cmd_color(stderr);
	for (size_t i = 0; i < paths.n && status != 2; i++) {
		struct lesson *l = lesson_load(paths.v[i]);
		if (!l) {
			complain("cannot read '%s': %s", paths.v[i], fs_strerror(errno));
			status = 2;
			break;
		}
		lessons[i] = l;
		/* One lesson that cannot be tangled stops no other: each is tangled or said not to be. */
		size_t k = 0;
		while (k < i && !(lessons[k]->number >= 0 && lessons[k]->number == l->number))
			k++;
		if (k < i) {
			say_duplicate(lessons[k], tangled[k], l, labs);
			failed++;
			continue;
		}
		if (tangle_lesson(&set, l, &err) < 0) {
			for (size_t d = 0; d < l->diags.n; d++)
				if (l->diags.v[d].severity == SEV_ERROR)
					diag_print(stderr, &l->diags.v[d], color);
			complain("%s", err);
			free(err);
			failed++;
			continue;
		}
		tangled[i] = 1;
	}
	size_t ntangled = 0;
	for (size_t i = 0; i < paths.n; i++)
		ntangled += tangled[i] != 0;
	/* Nothing tangled (every lesson refused): nothing is written, not even the labs folder. */
	if (status != 2 && ntangled > 0) {
		/* A lesson that could not be tangled keeps its old folder: no pruning, no index. */
		tangle_course(&set, lessons, paths.n, failed == 0 && all_folders(argv + optind, npaths));
		struct tangle_opts o = { labs, named, !rep.check, force, show_change, &rep, top };
		int n = tangle_sync(&set, &o, &err);
		if (n < 0) {
			complain("%s", err);
			free(err);
			status = 2;
		} else if (rep.check && n > 0) {
			check_advice(&rep, labs);
			status = 1;
		} else if (rep.kept) {
			fprintf(stderr,
				"litlab: kept %zu file%s in '%s' that tangle did not write, or that %s edited since "
				"(above): 'litlab tangle --force' replaces %s with what the lessons give\n",
				rep.kept, rep.kept == 1 ? "" : "s", labs, rep.kept == 1 ? "was" : "were",
				rep.kept == 1 ? "it" : "them");
			status = 1;
		} else if (n == 0 && failed == 0) {
			complain("'%s' is in sync with the lessons", labs);
		}
	}
	if (status != 2 && failed) {
		fprintf(stderr,
			"litlab: %zu of %zu lesson%s not tangled (above); every other lesson was%s\n", failed,
			paths.n, paths.n == 1 ? "" : "s",
			all_folders(argv + optind, npaths)
				? " (while a lesson is not tangled, no lab folder is pruned and the labs' README.md is "
				  "not rewritten)"
				: "");
		status = 1;
	}

	for (size_t i = 0; i < paths.n; i++)
		lesson_free(lessons[i]);
	free(lessons);
	free(tangled);
	free(top);
	free(shown);
	tangle_set_release(&set);
	course_paths_release(&paths);
	return status;
}

const struct cmd_entry cmd_tangle_entry = {
	.name = "tangle",
	.usage = "[--check] [--force] [--labs DIR] [PATH...]",
	.summary = "write labs/ from the lessons (--check: say where they differ)",
	.help = tangle_help,
	.exec = cmd_tangle,
};
