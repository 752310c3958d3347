/*
 * sitedir.h: what `litlab build` wrote in a site folder, so that it never
 * deletes anything else.
 *
 * Each build writes .litlab-site into the site: its manifest, the files it
 * wrote (pages, style.css, the files lessons link to, the manifest itself),
 * one per line, relative to the site, after two lines of comment:
 *
 *	# litlab build: this folder is replaced whole by each build, and only while it
 *	# holds nothing but these files, which the build that made it wrote:
 *	.litlab-site
 *	01-intro.html
 *	img/diagram.png
 *	...
 *
 * A backslash in a name is written "\\", a line break "\n". The next build
 * replaces the folder only if every entry in it is a file the manifest
 * names, or a folder holding such files: anything else (a CNAME, an image
 * put there by hand, an empty folder, a link) is what a user added, and the
 * build refuses to delete it.
 *
 * A mark from before manifests (".litlab-site" without the first comment
 * line) lists nothing. Builds then wrote only regular files at the top of
 * the site: the mark, style.css, index.html, audit.html and the lesson
 * pages, each page naming litlab as its generator in its head. Those are
 * taken as the build's; everything else is the user's.
 *
 * Everything below the site folder is read with no link followed (fs.h);
 * the manifest is read only if it is a regular file of at most
 * SITEDIR_MANIFEST_MAX bytes; listing stops SITEDIR_DEPTH_MAX folders deep
 * (what is deeper counts as the user's).
 */
#ifndef LITLAB_SITEDIR_H
#define LITLAB_SITEDIR_H

#include <stddef.h>

#include "base/fs.h"

#define SITEDIR_MANIFEST ".litlab-site"
#define SITEDIR_MANIFEST_MAX (8u << 20)
#define SITEDIR_DEPTH_MAX 32

/* The manifest's text for names[0..n) (any order; written sorted, each once). The caller frees it. */
char *sitedir_manifest_text(char *const *names, size_t n);

/*
 * Parses a manifest's text. Returns 1 and the names (malloc'd, free with
 * free_words()) for a manifest, 0 and none for a mark from before
 * manifests.
 */
int sitedir_manifest_parse(const char *text, size_t len, char ***names, size_t *n);

/* 1 if some name of names[0..n) (sorted by strcmp()) lies below the folder dir: they follow "dir/". */
int sitedir_sorted_holds(char *const *names, size_t n, const char *dir);

/*
 * Every entry below the folder open as dfd, to SITEDIR_DEPTH_MAX folders
 * deep: relative paths ("img", "img/diagram.png"), folders before what
 * they hold, each with its type as lstat() says (never a link's target).
 * Free with fs_entries_free(). 0, or -1 with errno.
 */
int sitedir_list(int dfd, struct fs_entry **v, size_t *n);

/*
 * What the site folder open as dfd holds that its last build did not
 * write, as the top of this file says: relative paths of files, and of
 * folders (with a final '/') that hold nothing or are too deep to list.
 * *marked is 0 when the folder has no .litlab-site regular file: then
 * nothing in it is the build's (every top entry is listed). 0 with
 * *unknown (malloc'd, free_words()), or -1 with errno when the folder
 * cannot be read.
 */
int sitedir_unknown(int dfd, int *marked, char ***unknown, size_t *n);

#endif
