/* course.c: from command-line paths to the list of lesson files. */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd/course.h"
#include "base/util.h"

int course_is_lesson_name(const char *name)
{
	size_t n = strlen(name);

	return isdigit((unsigned char)name[0]) && n > 3 && strcmp(name + n - 3, ".md") == 0;
}

/* 1 if name ends in a Markdown extension, in any case: .md, .markdown, .mdown, .mkd, .mkdn. */
static int markdown_name(const char *name, size_t *stem)
{
	static const char *const exts[] = { ".md", ".markdown", ".mdown", ".mkd", ".mkdn" };
	size_t n = strlen(name);

	for (size_t i = 0; i < ARRAY_LEN(exts); i++) {
		size_t e = strlen(exts[i]);
		if (n > e && strcasecmp(name + n - e, exts[i]) == 0) {
			*stem = n - e;
			return 1;
		}
	}
	return 0;
}

/* The README of a folder, in any case and with any extension: expected there, never a lesson. */
static int readme_name(const char *name)
{
	return strncasecmp(name, "readme", 6) == 0 && (name[6] == '\0' || name[6] == '.');
}

static void note(struct course_paths *out, char *text)
{
	out->notes = xreallocarray(out->notes, out->nnotes + 1, sizeof *out->notes);
	out->notes[out->nnotes++] = text;
}

/* 1 if the subfolder name of dfd holds a Markdown file (a look at its first 4096 names). */
static int holds_markdown(int dfd, const char *name)
{
	int fd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
	int found = 0;
	size_t stem;

	if (!d) {
		if (fd >= 0)
			close(fd);
		return 0;
	}
	struct dirent *e;
	for (int k = 0; !found && k < 4096 && (e = readdir(d)); k++)
		found = e->d_name[0] != '.' && markdown_name(e->d_name, &stem) && !readme_name(e->d_name);
	closedir(d);
	return found;
}

/* A note for name in dir when it looks like a lesson, or a folder of them, that litlab does not read. */
static void note_ignored(struct course_paths *out, DIR *d, const char *dir, const char *name)
{
	size_t stem;
	struct stat st;

	if (name[0] == '.' || readme_name(name))
		return;
	if (markdown_name(name, &stem)) {
		if (isdigit((unsigned char)name[0]))
			note(out, xasprintf("'%s/%s' is not read as a lesson: a lesson's name ends in '.md' (rename it "
					    "'%.*s.md')",
					    dir, name, (int)stem, name));
		else
			note(out, xasprintf("'%s/%s' is not read as a lesson: a lesson's name starts with its number, "
					    "NN-slug.md (rename it 'NN-%.*s.md', NN its number)",
					    dir, name, (int)stem, name));
		return;
	}
	if (strcmp(name, "rules") == 0 || fstatat(dirfd(d), name, &st, AT_SYMLINK_NOFOLLOW) < 0 ||
	    !S_ISDIR(st.st_mode) || !holds_markdown(dirfd(d), name))
		return;
	note(out, xasprintf("'%s/%s/' holds Markdown files, which are not read: litlab does not look into the "
			    "folders of a folder; name it to check its lessons ('%s/%s')",
			    dir, name, dir, name));
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
	size_t dlen = strlen(dir);
	while (dlen > 1 && dir[dlen - 1] == '/')
		dlen--;
	char *shown = xstrndup(dir, dlen); /* the folder as notes name it */
	size_t first_note = out->nnotes;
	while ((e = readdir(d)) && !bad) {
		if (!course_is_lesson_name(e->d_name)) {
			note_ignored(out, d, shown, e->d_name);
			continue;
		}
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
	free(shown);
	if (out->nnotes > first_note) /* in name order, not readdir's */
		qsort(out->notes + first_note, out->nnotes - first_note, sizeof *out->notes, cmp_str);
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

	memset(out, 0, sizeof *out);
	if (n == 0) {
		paths = fallback;
		n = 1;
	}
	for (size_t i = 0; i < n; i++) {
		if (stat(paths[i], &st) < 0) {
			int option = errno == ENOENT && paths[i][0] == '-';
			*err = xasprintf("cannot open '%s': %s%s", paths[i], strerror(errno),
					 option ? " (an option? options come before the paths)" : "");
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
	free_words(p->notes, p->nnotes);
	memset(p, 0, sizeof *p);
}
