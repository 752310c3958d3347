/* cmd-tangle.c: `litlab tangle`: write labs/ from the lessons, or say where it differs. */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fs.h"
#include "cmd.h"
#include "course.h"
#include "tangle.h"

static const char tangle_help[] =
	"usage: litlab tangle [--check] [--force] [--labs DIR] [PATH...]\n"
	"\n"
	"Writes each lesson's lab folder, DIR/lab-NN/, from the lesson: ID.c for every\n"
	"block that compiles on its own (with the code it uses first), ID.stdin and\n"
	"ID.expected where the lesson has them, and a README.md; and DIR/include/litlab.h.\n"
	"Each folder's .litlab-manifest records what tangle wrote there (sha256sum's\n"
	"format). A file that no one changed since tangle wrote it is replaced\n"
	"atomically when the lesson changes, and removed when no lesson produces it any\n"
	"more. A file edited since (a student's work), one tangle did not write, or one\n"
	"that is not a regular file (a link) is kept and named, and the exit status is 1;\n"
	"--force replaces or removes it too. PATH is a lesson file or a folder of lessons\n"
	"(default: lessons/). When every PATH is a folder, DIR/README.md indexes the labs\n"
	"and lab folders of no lesson are emptied of what tangle wrote.\n"
	"\n"
	"  --check       write nothing; name each file that differs, is missing or is\n"
	"                extra, and exit 1 if there is one\n"
	"  --force       replace and remove what was edited or not written by tangle\n"
	"  --labs DIR    the labs folder (default: labs, which must not be a link)\n"
	"  -h, --help    this help\n"
	"\n"
	"Exit status: 0 written (or, with --check, in sync), 1 out of sync (a file kept,\n"
	"or with --check any difference) or a lesson that cannot be tangled, 2 a usage\n"
	"error or a file that cannot be read or written.\n";

struct report {
	int check;
	size_t n, kept;
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
static void strip_slashes(char *dir)
{
	for (size_t n = strlen(dir); n > 1 && dir[n - 1] == '/'; n--)
		dir[n - 1] = '\0';
}

int cmd_tangle(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "check", no_argument, NULL, 'c' },
		{ "force", no_argument, NULL, 'f' },
		{ "labs", required_argument, NULL, 'L' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *labs = "labs";
	struct report rep = { 0, 0, 0 };
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
			strip_slashes(optarg);
			break;
		case 'h':
			fputs(tangle_help, stdout);
			return 0;
		default:
			return cmd_option_error("tangle", c, argv[optind - 1]);
		}
	}

	struct course_paths paths;
	char *err = NULL;
	size_t npaths = (size_t)(argc - optind);
	if (course_find(&paths, argv + optind, npaths, &err) < 0) {
		fprintf(stderr, "litlab: %s\n", err);
		free(err);
		course_paths_release(&paths);
		return 2;
	}

	struct lesson **lessons = xcalloc(paths.n, sizeof *lessons);
	struct tangle_set set;
	tangle_set_init(&set);
	int color = cmd_color(stderr);
	for (size_t i = 0; i < paths.n && status != 2; i++) {
		struct lesson *l = lesson_load(paths.v[i]);
		if (!l) {
			fprintf(stderr, "litlab: cannot read '%s': %s\n", paths.v[i], fs_strerror(errno));
			status = 2;
			break;
		}
		lessons[i] = l;
		for (size_t k = 0; k < i; k++) {
			if (lessons[k]->number >= 0 && lessons[k]->number == l->number) {
				fprintf(stderr, "litlab: '%s' and '%s' are both lesson %d: not tangled\n",
					lessons[k]->path, l->path, l->number);
				status = 1;
			}
		}
		if (status)
			continue;
		if (tangle_lesson(&set, l, &err) < 0) {
			for (size_t k = 0; k < l->diags.n; k++)
				if (l->diags.v[k].severity == SEV_ERROR)
					diag_print(stderr, &l->diags.v[k], color);
			fprintf(stderr, "litlab: %s\n", err);
			free(err);
			status = 1;
		}
	}
	if (status != 2) {
		/* A lesson that could not be tangled keeps its old folder: no pruning, no index. */
		tangle_course(&set, lessons, paths.n, status == 0 && all_folders(argv + optind, npaths));
		struct tangle_opts o = { labs, named, !rep.check, force, show_change, &rep };
		int n = tangle_sync(&set, &o, &err);
		if (n < 0) {
			fprintf(stderr, "litlab: %s\n", err);
			free(err);
			status = 2;
		} else if (rep.check && n > 0) {
			fprintf(stderr, "litlab: %d file%s in '%s' differ%s from the lessons: run 'make labs' (litlab "
					"tangle)\n",
				n, n == 1 ? "" : "s", labs, n == 1 ? "s" : "");
			status = status ? status : 1;
		} else if (rep.kept) {
			fprintf(stderr,
				"litlab: kept %zu file%s in '%s' that tangle did not write, or that %s edited since "
				"(above): 'litlab tangle --force' replaces %s with what the lessons give\n",
				rep.kept, rep.kept == 1 ? "" : "s", labs, rep.kept == 1 ? "was" : "were",
				rep.kept == 1 ? "it" : "them");
			status = status ? status : 1;
		} else if (n == 0 && status == 0) {
			fprintf(stderr, "litlab: '%s' is in sync with the lessons\n", labs);
		}
	}

	for (size_t i = 0; i < paths.n; i++)
		lesson_free(lessons[i]);
	free(lessons);
	tangle_set_release(&set);
	course_paths_release(&paths);
	return status;
}
