/* course.c: from command-line paths to the list of lesson files. */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "course.h"
#include "util.h"

int course_is_lesson_name(const char *name)
{
	size_t n = strlen(name);

	return isdigit((unsigned char)name[0]) && n > 3 && strcmp(name + n - 3, ".md") == 0;
}

static void push(struct course_paths *out, char *path)
{
	for (size_t i = 0; i < out->n; i++) {
		if (strcmp(out->v[i], path) == 0) {
			free(path);
			return;
		}
	}
	out->v = xreallocarray(out->v, out->n + 1, sizeof *out->v);
	out->v[out->n++] = path;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int add_folder(struct course_paths *out, const char *dir, char **err)
{
	DIR *d = opendir(dir);
	char **names = NULL;
	size_t n = 0;

	if (!d) {
		*err = xasprintf("cannot open folder '%s': %s", dir, strerror(errno));
		return -1;
	}
	struct dirent *e;
	struct stat st;
	int bad = 0;
	while ((e = readdir(d)) && !bad) {
		if (!course_is_lesson_name(e->d_name))
			continue;
		/*
		 * A lesson found in a folder is a regular file of the folder: a link a
		 * repository carries could name any file of the host (which build would
		 * publish), a FIFO would hang the run.
		 */
		if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0 || !S_ISREG(st.st_mode)) {
			*err = xasprintf("'%s/%s' is %s: lessons found in a folder must be regular files (name "
					 "the file itself to check it anyway)",
					 dir, e->d_name, S_ISLNK(st.st_mode) ? "a symbolic link" : "not a regular file");
			bad = 1;
			break;
		}
		names = xreallocarray(names, n + 1, sizeof *names);
		names[n++] = xstrdup(e->d_name);
	}
	closedir(d);
	if (bad) {
		free_words(names, n);
		return -1;
	}
	if (n == 0) {
		*err = xasprintf("no lessons in '%s': a lesson is a file named NN-slug.md, e.g. "
				 "15-profiling.md",
				 dir);
		free(names);
		return -1;
	}
	qsort(names, n, sizeof *names, cmp_str);
	size_t dlen = strlen(dir);
	while (dlen > 1 && dir[dlen - 1] == '/')
		dlen--;
	for (size_t i = 0; i < n; i++) {
		if (dlen == 1 && dir[0] == '.')
			push(out, xstrdup(names[i]));
		else
			push(out, xasprintf("%.*s/%s", (int)dlen, dir, names[i]));
		free(names[i]);
	}
	free(names);
	return 0;
}

int course_find(struct course_paths *out, char *const *paths, size_t n, char **err)
{
	static char *const fallback[] = { "lessons/" };
	struct stat st;

	out->v = NULL;
	out->n = 0;
	if (n == 0) {
		paths = fallback;
		n = 1;
	}
	for (size_t i = 0; i < n; i++) {
		if (stat(paths[i], &st) < 0) {
			*err = xasprintf("cannot open '%s': %s", paths[i], strerror(errno));
			return -1;
		}
		if (S_ISDIR(st.st_mode)) {
			if (add_folder(out, paths[i], err) < 0)
				return -1;
		} else {
			push(out, xstrdup(paths[i]));
		}
	}
	return 0;
}

void course_paths_release(struct course_paths *p)
{
	free_words(p->v, p->n);
	p->v = NULL;
	p->n = 0;
}
