/* cmd-tangle.c: `litlab tangle`: write labs/ from the lessons, or say where it differs. */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd.h"
#include "course.h"
#include "tangle.h"

static const char tangle_help[] =
	"usage: litlab tangle [--check] [--labs DIR] [PATH...]\n"
	"\n"
	"Writes each lesson's lab folder, DIR/lab-NN/, from the lesson: ID.c for every\n"
	"block that compiles on its own (with the code it uses first), ID.stdin and\n"
	"ID.expected where the lesson has them, and a README.md; and DIR/include/litlab.h.\n"
	"Files are replaced atomically; files the lesson no longer produces are removed.\n"
	"PATH is a lesson file or a folder of lessons (default: lessons/). When every PATH\n"
	"is a folder, DIR/README.md indexes the labs and lab folders of no lesson are\n"
	"removed.\n"
	"\n"
	"  --check       write nothing; name each file that differs, is missing or is\n"
	"                extra, and exit 1 if there is one\n"
	"  --labs DIR    the labs folder (default: labs)\n"
	"  -h, --help    this help\n"
	"\n"
	"Exit status: 0 written (or, with --check, in sync), 1 out of sync or a lesson\n"
	"that cannot be tangled, 2 a usage error or a file that cannot be read or written.\n";

struct report {
	int check;
	size_t n;
};

static void show_change(void *ctx, const char *path, enum tangle_change change)
{
	struct report *r = ctx;

	r->n++;
	if (r->check) {
		printf("%s: %s\n", path,
		       change == TANGLE_DIFFERS  ? "differs from the lesson"
		       : change == TANGLE_MISSING ? "missing (the lesson has it)"
						  : "extra (no lesson produces it)");
	} else {
		printf("%s %s\n", change == TANGLE_EXTRA ? "removed" : "wrote", path);
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
		{ "labs", required_argument, NULL, 'L' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *labs = "labs";
	struct report rep = { 0, 0 };
	int c, status = 0;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+:h", opts, NULL)) != -1) {
		switch (c) {
		case 'c':
			rep.check = 1;
			break;
		case 'L':
			labs = optarg;
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
			fprintf(stderr, "litlab: cannot read '%s': %s\n", paths.v[i], strerror(errno));
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
		int n = tangle_sync(&set, labs, !rep.check, show_change, &rep, &err);
		if (n < 0) {
			fprintf(stderr, "litlab: %s\n", err);
			free(err);
			status = 2;
		} else if (rep.check && n > 0) {
			fprintf(stderr, "litlab: %d file%s in '%s' differ%s from the lessons: run 'make labs' (litlab "
					"tangle)\n",
				n, n == 1 ? "" : "s", labs, n == 1 ? "s" : "");
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
