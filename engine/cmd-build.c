/* cmd-build.c: `litlab build`: check the lessons, then render the site and swap it in whole. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd.h"
#include "course_check.h"
#include "render.h"

/* site/style.css, embedded at build time by engine/embed-file.sh. */
extern const char style_css[];
extern const size_t style_css_len;

/* Marks a folder as one that build wrote, so that build never replaces anything else. */
#define SITE_MARK ".litlab-site"
static const char site_mark_text[] = "This folder is written by 'litlab build' and replaced whole by each build.\n";

static const char build_help[] =
	"usage: litlab build [-o DIR] [--rules DIR] [PATH...]\n"
	"\n"
	"Checks the lessons exactly as 'litlab check' does, then renders the course site:\n"
	"index.html, one page per lesson (its file name with .html), audit.html (the\n"
	"reviewer's ledger) and style.css. If check finds an error, nothing is written.\n"
	"The site is rendered into a new folder beside DIR, which then replaces DIR in\n"
	"one step: a reader sees the old site or the new one, never a mix, and a failed\n"
	"build leaves the old site whole. If DIR already holds exactly this site, nothing\n"
	"is written. build only replaces a folder it wrote itself (one holding\n"
	SITE_MARK ") or an empty one.\n"
	"PATH is a lesson file or a folder of NN-slug.md lessons (default: lessons/).\n"
	"\n"
	"  -o, --output DIR   where the site goes (default: site/public)\n"
	"  --rules DIR        also apply the rules in DIR/*.lua (repeatable)\n"
	"  --no-rules         apply no Lua rule at all\n"
	"  -h, --help         this help\n"
	"\n"
	"Exit status: 0 the site was written, 1 an error in a lesson (nothing written),\n"
	"2 a usage error or a broken environment.\n";

/* Why dir may not be replaced, or NULL if it may (missing, empty, or a site build wrote). */
static char *not_replaceable(const char *dir)
{
	struct stat st;

	if (lstat(dir, &st) < 0)
		return errno == ENOENT ? NULL : xasprintf("cannot read '%s': %s", dir, strerror(errno));
	if (!S_ISDIR(st.st_mode))
		return xasprintf("'%s' exists and is not a folder: not replacing it", dir);
	char *mark = xasprintf("%s/" SITE_MARK, dir);
	int marked = access(mark, F_OK) == 0;
	free(mark);
	if (marked)
		return NULL;
	DIR *d = opendir(dir);
	if (!d)
		return xasprintf("cannot read '%s': %s", dir, strerror(errno));
	int empty = 1;
	for (struct dirent *e; (e = readdir(d));)
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
			empty = 0;
	closedir(d);
	if (empty)
		return NULL;
	return xasprintf("'%s' holds files that 'litlab build' did not write (there is no " SITE_MARK
			 " in it): not replacing it; remove it or choose another -o",
			 dir);
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path) < 0 ? -1 : 0;
}

/* rm -rf path, without following symbolic links. */
static int remove_tree(const char *path)
{
	return nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* mkdir -p of the folders above path. */
static int make_parents(const char *path, char **err)
{
	char *p = xstrdup(path);

	for (char *s = strchr(p + 1, '/'); s; s = strchr(s + 1, '/')) {
		*s = '\0';
		if (mkdir(p, 0777) < 0 && errno != EEXIST) {
			*err = xasprintf("cannot create '%s': %s", p, strerror(errno));
			free(p);
			return -1;
		}
		*s = '/';
	}
	free(p);
	return 0;
}

static int write_page(const char *dir, const char *name, const char *data, size_t len, char **err)
{
	char *path = xasprintf("%s/%s", dir, name);
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
	int rc = 0;

	if (fd < 0) {
		*err = errno == EEXIST ? xasprintf("two lessons would both make the page '%s'", name)
				       : xasprintf("cannot create '%s': %s", path, strerror(errno));
		rc = -1;
	} else if (write_all(fd, data, len) < 0) {
		*err = xasprintf("cannot write '%s': %s", path, strerror(errno));
		close(fd);
		rc = -1;
	} else if (close(fd) < 0) {
		*err = xasprintf("cannot write '%s': %s", path, strerror(errno));
		rc = -1;
	}
	free(path);
	return rc;
}

/* The site's files, rendered in memory before anything is written. */
struct site_file {
	char *name;
	char *data;
	size_t len;
};

struct site {
	struct site_file *v;
	size_t n;
};

static void site_add(struct site *s, char *name, struct buf *text)
{
	s->v = xreallocarray(s->v, s->n + 1, sizeof *s->v);
	s->v[s->n].name = name;
	s->v[s->n].data = buf_detach(text, &s->v[s->n].len);
	s->n++;
}

static void site_release(struct site *s)
{
	for (size_t i = 0; i < s->n; i++) {
		free(s->v[i].name);
		free(s->v[i].data);
	}
	free(s->v);
	memset(s, 0, sizeof *s);
}

/* Every file of the site. */
static void render_site(const struct course_check *cc, struct site *s)
{
	struct render_ctx ctx = { cc->have_runner ? &cc->runner : NULL, render_course_title(cc->results, cc->n) };
	struct buf page = BUF_INIT;

	buf_add(&page, site_mark_text, sizeof site_mark_text - 1);
	site_add(s, xstrdup(SITE_MARK), &page);
	buf_add(&page, style_css, style_css_len);
	site_add(s, xstrdup("style.css"), &page);
	for (size_t i = 0; i < cc->n; i++) {
		render_lesson(&page, &ctx, cc->results, cc->n, i);
		site_add(s, render_page_name(cc->results[i].lesson->path), &page);
	}
	render_index(&page, &ctx, cc->results, cc->n);
	site_add(s, xstrdup("index.html"), &page);
	render_audit(&page, &ctx, cc->results, cc->n, &cc->rules.errors);
	site_add(s, xstrdup("audit.html"), &page);
	buf_release(&page);
}

/* 1 if the file at path holds exactly data[0..len). */
static int same_file(const char *path, const char *data, size_t len)
{
	char *old;
	size_t n;

	if (read_file(path, &old, &n) < 0)
		return 0;
	int same = n == len && memcmp(old, data, len) == 0;
	free(old);
	return same;
}

/*
 * 1 if dir already holds exactly the site: these files with these bytes,
 * and nothing else. Then there is nothing to replace, and build writes
 * nothing (a build with nothing changed costs no disk writes).
 */
static int site_unchanged(const struct site *s, const char *dir)
{
	DIR *d = opendir(dir);
	size_t seen = 0;
	int same = d != NULL;

	for (struct dirent *e; same && (e = readdir(d));) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		const struct site_file *f = NULL;
		for (size_t i = 0; i < s->n && !f; i++)
			if (strcmp(s->v[i].name, e->d_name) == 0)
				f = &s->v[i];
		char *path = xasprintf("%s/%s", dir, e->d_name);
		struct stat st;
		same = f && lstat(path, &st) == 0 && S_ISREG(st.st_mode) && (size_t)st.st_size == f->len &&
		       same_file(path, f->data, f->len);
		free(path);
		seen++;
	}
	if (d)
		closedir(d);
	return same && seen == s->n;
}

/* Writes the site into the empty folder dir. */
static int write_site(const struct site *s, const char *dir, char **err)
{
	/*
	 * On disk before the swap, so that a crash cannot leave a site of empty
	 * pages: one syncfs() for them all costs one journal commit where an
	 * fsync() per page cost one each. The folder is opened first: syncfs()
	 * reports the write errors that happened since its descriptor was opened.
	 */
	int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int rc = 0;

	for (size_t i = 0; i < s->n && rc == 0; i++)
		rc = write_page(dir, s->v[i].name, s->v[i].data, s->v[i].len, err);
	if (rc == 0 && (dfd < 0 || syncfs(dfd) < 0)) {
		*err = xasprintf("cannot write '%s' to disk: %s", dir, strerror(errno));
		rc = -1;
	}
	if (dfd >= 0)
		close(dfd);
	return rc;
}

/*
 * Puts the finished folder tmp in the place of dir. With RENAME_EXCHANGE
 * the swap is one step; where the file system cannot, dir moves aside
 * first and comes back if tmp cannot take its place. The old site is
 * removed only once the new one is in place.
 */
static int replace_dir(const char *tmp, const char *dir, char **err)
{
	if (rename(tmp, dir) == 0)
		return 0; /* dir did not exist, or was an empty folder */
	if (errno != EEXIST && errno != ENOTEMPTY) {
		*err = xasprintf("cannot rename '%s' to '%s': %s", tmp, dir, strerror(errno));
		return -1;
	}
	if (renameat2(AT_FDCWD, tmp, AT_FDCWD, dir, RENAME_EXCHANGE) == 0) {
		if (remove_tree(tmp) < 0)
			fprintf(stderr, "litlab: warning: cannot remove the old site, now in '%s': %s\n", tmp,
				strerror(errno));
		return 0;
	}
	if (errno != EINVAL && errno != ENOSYS && errno != ENOTSUP) {
		*err = xasprintf("cannot swap '%s' and '%s': %s", tmp, dir, strerror(errno));
		return -1;
	}
	char *old = xasprintf("%s.old-XXXXXX", dir);
	if (!mkdtemp(old) || rename(dir, old) < 0) {
		*err = xasprintf("cannot move the old site '%s' aside: %s", dir, strerror(errno));
		rmdir(old);
		free(old);
		return -1;
	}
	if (rename(tmp, dir) < 0) {
		int e = errno;
		rename(old, dir);
		*err = xasprintf("cannot rename '%s' to '%s': %s", tmp, dir, strerror(e));
		free(old);
		return -1;
	}
	if (remove_tree(old) < 0)
		fprintf(stderr, "litlab: warning: cannot remove the old site, now in '%s': %s\n", old, strerror(errno));
	free(old);
	return 0;
}

/*
 * Writes the site into DIR.tmp-XXXXXX beside dir, then swaps it in. Nothing
 * of dir changes on failure. Returns 1 if dir held the same site already
 * (nothing written), 0 once replaced, -1 with *err.
 */
static int publish(const struct site *s, const char *dir, char **err)
{
	if (site_unchanged(s, dir))
		return 1;
	if (make_parents(dir, err) < 0)
		return -1;
	char *tmp = xasprintf("%s.tmp-XXXXXX", dir);
	if (!mkdtemp(tmp)) {
		*err = xasprintf("cannot create a folder beside '%s': %s", dir, strerror(errno));
		free(tmp);
		return -1;
	}
	mode_t mask = umask(0);
	umask(mask);
	int rc = chmod(tmp, 0777 & ~mask);
	if (rc < 0)
		*err = xasprintf("cannot set the permissions of '%s': %s", tmp, strerror(errno));
	if (rc == 0)
		rc = write_site(s, tmp, err);
	if (rc == 0)
		rc = replace_dir(tmp, dir, err);
	if (rc < 0)
		remove_tree(tmp);
	free(tmp);
	return rc;
}

int cmd_build(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "output", required_argument, NULL, 'o' }, { "help", no_argument, NULL, 'h' },
		COURSE_CHECK_RULE_OPTIONS,		    { NULL, 0, NULL, 0 },
	};
	struct course_check_opts copts = { .print_diags = 1, .progress = 1, .color = cmd_color(stderr) };
	int c;
	const char *out = "site/public";

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+:o:h", opts, NULL)) != -1) {
		switch (c) {
		case 'o':
			out = optarg;
			break;
		case 'h':
			course_check_opts_release(&copts);
			fputs(build_help, stdout);
			return 0;
		default:
			if (course_check_opt(&copts, c, optarg))
				break;
			course_check_opts_release(&copts);
			if (optopt == 'o')
				return cmd_usage_error("build", "-o needs a folder");
			return cmd_option_error("build", c, argv[optind - 1]);
		}
	}

	/* "site/public/" is "site/public"; "." or "/" cannot be swapped out. */
	char *dir = xstrdup(out);
	size_t len = strlen(dir);
	while (len > 1 && dir[len - 1] == '/')
		dir[--len] = '\0';
	const char *base = strrchr(dir, '/');
	base = base ? base + 1 : dir;
	if (!*dir || strcmp(base, ".") == 0 || strcmp(base, "..") == 0 || strcmp(dir, "/") == 0) {
		free(dir);
		course_check_opts_release(&copts);
		return cmd_usage_error("build", "-o needs a folder that can be replaced, not '%s'", out);
	}
	char *why = not_replaceable(dir);
	if (why) {
		fprintf(stderr, "litlab: %s\n", why);
		free(why);
		free(dir);
		course_check_opts_release(&copts);
		return 2;
	}

	struct course_check cc;
	char *err;
	int status = course_check_cmd(&cc, argv + optind, (size_t)(argc - optind), &copts);
	if (status == 0) {
		course_check_print_summary(stderr, &cc);
		if (course_check_gate(&cc)) {
			fprintf(stderr, "litlab: not building the site: %zu error%s in the lessons (run litlab check)\n",
				cc.sum.errors, cc.sum.errors == 1 ? "" : "s");
			status = 1;
		} else {
			if (cc.have_runner)
				runner_env(&cc.runner); /* the compiler's version, for the captions */
			struct site site = { NULL, 0 };
			render_site(&cc, &site);
			int rc = publish(&site, dir, &err);
			if (rc < 0) {
				fprintf(stderr, "litlab: %s; the site in '%s' is unchanged\n", err, dir);
				free(err);
				status = 2;
			} else {
				fprintf(stderr, "litlab: site %s '%s': index.html, audit.html and %zu lesson page%s\n",
					rc == 1 ? "already up to date in" : "written to", dir, cc.n, cc.n == 1 ? "" : "s");
			}
			site_release(&site);
		}
	}
	course_check_release(&cc);
	free(dir);
	course_check_opts_release(&copts);
	return status;
}
