/* sitedir.c: the manifest of a site folder, and what in the folder is not in it. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/buf.h"
#include "render/sitedir.h"
#include "base/util.h"

static const char header1[] = "# litlab build: this folder is replaced whole by each build, and only while it\n";
static const char header2[] = "# holds nothing but these files, which the build that made it wrote:\n";

/* A legacy page is the build's if its head names litlab as its generator: read this far. */
#define LEGACY_HEAD_MAX 8192

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

char *sitedir_manifest_text(char *const *names, size_t n)
{
	char **v = xcalloc(n ? n : 1, sizeof *v);
	struct buf b = BUF_INIT;

	memcpy(v, names, n * sizeof *v);
	if (n)
		qsort(v, n, sizeof *v, cmp_str);
	buf_adds(&b, header1);
	buf_adds(&b, header2);
	for (size_t i = 0; i < n; i++) {
		if (i && strcmp(v[i], v[i - 1]) == 0)
			continue;
		for (const char *s = v[i]; *s; s++) {
			if (*s == '\\')
				buf_adds(&b, "\\\\");
			else if (*s == '\n')
				buf_adds(&b, "\\n");
			else
				buf_addc(&b, *s);
		}
		buf_addc(&b, '\n');
	}
	free(v);
	return buf_detach(&b, NULL);
}

int sitedir_manifest_parse(const char *text, size_t len, char ***names, size_t *n)
{
	*names = NULL;
	*n = 0;
	if (len < sizeof header1 - 1 || memcmp(text, header1, sizeof header1 - 1) != 0)
		return 0;
	for (size_t i = 0; i < len;) {
		const char *line = text + i, *nl = memchr(line, '\n', len - i);
		size_t k = nl ? (size_t)(nl - line) : len - i;
		i += k + 1;
		if (k == 0 || line[0] == '#' || memchr(line, '\0', k))
			continue;
		struct buf b = BUF_INIT;
		for (size_t j = 0; j < k; j++) {
			if (line[j] == '\\' && j + 1 < k && (line[j + 1] == '\\' || line[j + 1] == 'n')) {
				buf_addc(&b, line[j + 1] == 'n' ? '\n' : '\\');
				j++;
			} else {
				buf_addc(&b, line[j]);
			}
		}
		*names = xreallocarray(*names, *n + 1, sizeof **names);
		(*names)[(*n)++] = buf_detach(&b, NULL);
	}
	return 1;
}

static int list_below(int dfd, const char *rel, int depth, struct fs_entry **v, size_t *n)
{
	struct fs_entry *e;
	size_t ne;

	if (fs_list(dfd, *rel ? rel : ".", &e, &ne) < 0)
		return -1;
	int rc = 0;
	for (size_t i = 0; i < ne && rc == 0; i++) {
		char *path = *rel ? xasprintf("%s/%s", rel, e[i].name) : xstrdup(e[i].name);
		*v = xappendarray(*v, *n, sizeof **v);
		(*v)[*n].name = path;
		(*v)[*n].type = e[i].type;
		(*n)++;
		if (e[i].type == S_IFDIR && depth + 1 < SITEDIR_DEPTH_MAX)
			rc = list_below(dfd, path, depth + 1, v, n);
	}
	fs_entries_free(e, ne);
	return rc;
}

int sitedir_list(int dfd, struct fs_entry **v, size_t *n)
{
	*v = NULL;
	*n = 0;
	if (list_below(dfd, "", 0, v, n) == 0)
		return 0;
	int e = errno;
	fs_entries_free(*v, *n);
	*v = NULL;
	*n = 0;
	errno = e;
	return -1;
}

static int listed(char *const *names, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(names[i], name) == 0)
			return 1;
	return 0;
}

/* The first of names[0..n) (sorted by strcmp()) not below key. */
static size_t first_from(char *const *names, size_t n, const char *key)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (strcmp(names[mid], key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* 1 if name is one of names[0..n), sorted by strcmp(). */
static int listed_sorted(char *const *names, size_t n, const char *name)
{
	size_t i = first_from(names, n, name);

	return i < n && strcmp(names[i], name) == 0;
}

int sitedir_sorted_holds(char *const *names, size_t n, const char *dir)
{
	size_t len = strlen(dir);
	char *prefix = xasprintf("%s/", dir);
	size_t i = first_from(names, n, prefix);

	free(prefix);
	return i < n && strncmp(names[i], dir, len) == 0 && names[i][len] == '/';
}

/* A page an old build wrote: a regular file at the top, "*.html", whose head names litlab as its generator. */
static int legacy_page(int dfd, const struct fs_entry *e)
{
	static const char mark[] = "<meta name=\"generator\" content=\"litlab ";
	size_t len = strlen(e->name);

	if (e->type != S_IFREG || strchr(e->name, '/') || len < 6 || strcmp(e->name + len - 5, ".html") != 0)
		return 0;
	int fd = fs_open_file(dfd, e->name);
	if (fd < 0)
		return 0;
	char head[LEGACY_HEAD_MAX];
	size_t got = 0;
	ssize_t r;
	while (got < sizeof head && (r = read(fd, head + got, sizeof head - got)) > 0)
		got += (size_t)r;
	close(fd);
	return memmem(head, got, mark, sizeof mark - 1) != NULL;
}

int sitedir_unknown(int dfd, int *marked, char ***unknown, size_t *n)
{
	static const char *const legacy_names[] = { SITEDIR_MANIFEST, "style.css", "index.html", "audit.html" };
	struct fs_entry *v;
	size_t nv;
	char **names = NULL, *text = NULL;
	size_t nnames = 0, tlen;
	int manifest = 0;

	*unknown = NULL;
	*n = 0;
	*marked = fs_read(dfd, SITEDIR_MANIFEST, SITEDIR_MANIFEST_MAX, &text, &tlen) == 0;
	if (*marked)
		manifest = sitedir_manifest_parse(text, tlen, &names, &nnames);
	free(text);
	/* Sorted, to look each entry up in it: a site's manifest names as many files as its
	   lessons link to, and each entry was compared with all of them (minutes). */
	if (nnames)
		qsort(names, nnames, sizeof *names, cmp_str);
	if (sitedir_list(dfd, &v, &nv) < 0) {
		int e = errno;
		free_words(names, nnames);
		errno = e;
		return -1;
	}
	for (size_t i = 0; i < nv; i++) {
		const struct fs_entry *e = &v[i];
		size_t len = strlen(e->name);
		int known, depth = 0, full = i + 1 < nv && strncmp(v[i + 1].name, e->name, len) == 0 &&
						v[i + 1].name[len] == '/';
		for (const char *c = e->name; *c; c++)
			depth += *c == '/';
		if (!*marked)
			known = depth > 0; /* a folder without a mark: its top entries say it all */
		else if (e->type == S_IFDIR && depth + 1 >= SITEDIR_DEPTH_MAX)
			known = 0; /* a folder listed no deeper may hold anything */
		else if (e->type == S_IFDIR)
			known = full || (manifest && sitedir_sorted_holds(names, nnames, e->name)); /* what it holds is judged */
		else if (manifest)
			known = listed_sorted(names, nnames, e->name);
		else
			known = (e->type == S_IFREG && !strchr(e->name, '/') &&
				 (listed((char *const *)legacy_names, ARRAY_LEN(legacy_names), e->name))) ||
				legacy_page(dfd, e);
		if (known)
			continue;
		*unknown = xreallocarray(*unknown, *n + 1, sizeof **unknown);
		(*unknown)[(*n)++] = e->type == S_IFDIR ? xasprintf("%s/", e->name) : xstrdup(e->name);
	}
	fs_entries_free(v, nv);
	free_words(names, nnames);
	return 0;
}
