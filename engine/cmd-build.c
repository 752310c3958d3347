/* cmd-build.c: `litlab build`: check the lessons, then render the site and swap it in whole. */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd.h"
#include "course_check.h"
#include "fs.h"
#include "render.h"

/* site/style.css, embedded at build time by engine/embed-file.sh. */
extern const char style_css[];
extern const size_t style_css_len;

/* Marks a folder as one that build wrote, so that build never replaces anything else. */
#define SITE_MARK ".litlab-site"
static const char site_mark_text[] = "This folder is written by 'litlab build' and replaced whole by each build.\n";

static const char build_help[] =
	"usage: litlab build [-o DIR] [--rules DIR] [--no-rules] [PATH...]\n"
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
	"  -o, --output DIR   where the site goes (default: site/public, where neither\n"
	"                     site nor public may be a link)\n"
	"  --rules DIR        also apply the rules in DIR/*.lua (repeatable)\n"
	"  --no-rules         apply no Lua rule at all\n"
	"  -h, --help         this help\n"
	"\n"
	"Exit status: 0 the site was written, 1 an error in a lesson (nothing written),\n"
	"2 a usage error or a broken environment.\n";

/*
 * Where the site goes: the folder that holds it (open as a descriptor when
 * it exists) and the site's name in it. -o DIR is taken as named, up to its
 * last component; the default site/public is resolved with no link followed.
 * The site folder itself is never followed: it is replaced by a rename.
 */
struct place {
	const char *shown; /* DIR as given, for messages */
	char *parent;	   /* "site", or DIR's folder */
	char *base;	   /* "public", or DIR's last component */
	int named;
	int fd; /* parent, or -1 when it does not exist (yet) */
};

static void place_release(struct place *pl)
{
	free(pl->parent);
	free(pl->base);
	if (pl->fd >= 0)
		close(pl->fd);
}

/* Opens the parent (making it, and the folders above it, with create); 0, or -1 with *err. */
static int place_open(struct place *pl, int create, char **err)
{
	if (pl->fd >= 0)
		return 0;
	pl->fd = fs_open_top(pl->parent, pl->named, create, 0777);
	if (pl->fd >= 0 || (!create && errno == ENOENT))
		return 0;
	*err = xasprintf("cannot %s the folder of '%s', '%s': %s", create ? "make" : "open", pl->shown, pl->parent,
			 errno == ELOOP && !pl->named
				 ? "it is a symbolic link, which litlab does not follow for the site it places itself "
				   "(name a folder with -o to use it)"
				 : fs_strerror(errno));
	return -1;
}

/* Why the site folder may not be replaced, or NULL if it may (missing, empty, or a site build wrote). */
static char *not_replaceable(struct place *pl)
{
	struct stat st;
	char *err = NULL;

	if (place_open(pl, 0, &err) < 0)
		return err;
	if (pl->fd < 0 || fstatat(pl->fd, pl->base, &st, AT_SYMLINK_NOFOLLOW) < 0)
		return pl->fd < 0 || errno == ENOENT ? NULL : xasprintf("cannot read '%s': %s", pl->shown, strerror(errno));
	if (S_ISLNK(st.st_mode))
		return xasprintf("'%s' is a symbolic link: not replacing it (nor following it)", pl->shown);
	if (!S_ISDIR(st.st_mode))
		return xasprintf("'%s' exists and is not a folder: not replacing it", pl->shown);
	int dfd = fs_open_dir(pl->fd, pl->base);
	if (dfd < 0)
		return xasprintf("cannot read '%s': %s", pl->shown, fs_strerror(errno));
	/* The mark is a regular file of build's, not a link planted to look like one. */
	int marked = fstatat(dfd, SITE_MARK, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode);
	struct fs_entry *v;
	size_t n = 0;
	int listed = marked || fs_list(dfd, "", &v, &n) == 0;
	int e = errno;
	close(dfd);
	if (marked)
		return NULL;
	if (!listed)
		return xasprintf("cannot read '%s': %s", pl->shown, fs_strerror(e));
	fs_entries_free(v, n);
	if (n == 0)
		return NULL;
	return xasprintf("'%s' holds files that 'litlab build' did not write (there is no " SITE_MARK
			 " in it): not replacing it; remove it or choose another -o",
			 pl->shown);
}

/* Creates name in the new site folder open as dfd, with data. */
static int write_page(int dfd, const char *dir, const char *name, const char *data, size_t len, char **err)
{
	int fd = fs_create(dfd, name, 0666);
	int rc = 0;

	if (fd < 0) {
		*err = errno == EEXIST ? xasprintf("two lessons would both make the page '%s'", name)
				       : xasprintf("cannot create '%s/%s': %s", dir, name, fs_strerror(errno));
		rc = -1;
	} else if (write_all(fd, data, len) < 0) {
		*err = xasprintf("cannot write '%s/%s': %s", dir, name, strerror(errno));
		close(fd);
		rc = -1;
	} else if (close(fd) < 0) {
		*err = xasprintf("cannot write '%s/%s': %s", dir, name, strerror(errno));
		rc = -1;
	}
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

/*
 * 1 if the site folder already holds exactly the site: these regular files
 * with these bytes, and nothing else. Then there is nothing to replace, and
 * build writes nothing (a build with nothing changed costs no disk writes).
 */
static int site_unchanged(const struct site *s, const struct place *pl)
{
	int dfd = pl->fd >= 0 ? fs_open_dir(pl->fd, pl->base) : -1;
	struct fs_entry *v = NULL;
	size_t n = 0;
	int same = dfd >= 0 && fs_list(dfd, "", &v, &n) == 0 && n == s->n;

	for (size_t i = 0; i < n && same; i++) {
		const struct site_file *f = NULL;
		for (size_t k = 0; k < s->n && !f; k++)
			if (strcmp(s->v[k].name, v[i].name) == 0)
				f = &s->v[k];
		char *old;
		size_t len;
		same = f && v[i].type == S_IFREG && fs_read(dfd, v[i].name, f->len, &old, &len) == 0;
		if (same) {
			same = len == f->len && memcmp(old, f->data, len) == 0;
			free(old);
		}
	}
	fs_entries_free(v, n);
	if (dfd >= 0)
		close(dfd);
	return same;
}

/* Writes the site into the new folder open as dfd (shown as dir). */
static int write_site(const struct site *s, int dfd, const char *dir, char **err)
{
	/*
	 * On disk before the swap, so that a crash cannot leave a site of empty
	 * pages: one syncfs() for them all costs one journal commit where an
	 * fsync() per page cost one each. syncfs() reports the write errors that
	 * happened since its descriptor was opened, which was before the pages.
	 */
	int rc = 0;

	for (size_t i = 0; i < s->n && rc == 0; i++)
		rc = write_page(dfd, dir, s->v[i].name, s->v[i].data, s->v[i].len, err);
	if (rc == 0 && syncfs(dfd) < 0) {
		*err = xasprintf("cannot write '%s' to disk: %s", dir, strerror(errno));
		rc = -1;
	}
	return rc;
}

/* Removes the old site, now at name in the parent, and says so if it cannot. */
static void remove_old(const struct place *pl, const char *name)
{
	if (fs_remove_tree(pl->fd, name) < 0)
		fprintf(stderr, "litlab: warning: cannot remove the old site, now in '%s/%s': %s\n", pl->parent, name,
			strerror(errno));
}

/*
 * Puts the finished folder tmp (in the parent) in the place of the site.
 * With RENAME_EXCHANGE the swap is one step; where the file system cannot,
 * the site moves aside first and comes back if tmp cannot take its place.
 * The old site is removed only once the new one is in place.
 */
static int replace_dir(const struct place *pl, const char *tmp, char **err)
{
	int p = pl->fd;

	if (renameat(p, tmp, p, pl->base) == 0)
		return 0; /* it did not exist, or was an empty folder */
	if (errno != EEXIST && errno != ENOTEMPTY) {
		*err = xasprintf("cannot rename '%s/%s' to '%s': %s", pl->parent, tmp, pl->shown, strerror(errno));
		return -1;
	}
	if (renameat2(p, tmp, p, pl->base, RENAME_EXCHANGE) == 0) {
		remove_old(pl, tmp);
		return 0;
	}
	if (errno != EINVAL && errno != ENOSYS && errno != ENOTSUP) {
		*err = xasprintf("cannot swap '%s/%s' and '%s': %s", pl->parent, tmp, pl->shown, strerror(errno));
		return -1;
	}
	char *prefix = xasprintf("%s.old", pl->base), *old;
	int ofd = fs_mkdtemp(p, prefix, &old);
	free(prefix);
	if (ofd < 0 || (close(ofd), renameat(p, pl->base, p, old)) < 0) {
		*err = xasprintf("cannot move the old site '%s' aside: %s", pl->shown, strerror(errno));
		if (ofd >= 0) {
			unlinkat(p, old, AT_REMOVEDIR);
			free(old);
		}
		return -1;
	}
	if (renameat(p, tmp, p, pl->base) < 0) {
		int e = errno;
		renameat(p, old, p, pl->base);
		*err = xasprintf("cannot rename '%s/%s' to '%s': %s", pl->parent, tmp, pl->shown, strerror(e));
		free(old);
		return -1;
	}
	remove_old(pl, old);
	free(old);
	return 0;
}

/*
 * Writes the site into BASE.tmp.XXXXXX beside it, then swaps it in. Nothing
 * of the site changes on failure. Returns 1 if it held the same site
 * already (nothing written), 0 once replaced, -1 with *err.
 */
static int publish(const struct site *s, struct place *pl, char **err)
{
	if (site_unchanged(s, pl))
		return 1;
	if (place_open(pl, 1, err) < 0)
		return -1;
	char *prefix = xasprintf("%s.tmp", pl->base), *tmp;
	int dfd = fs_mkdtemp(pl->fd, prefix, &tmp);
	free(prefix);
	if (dfd < 0) {
		*err = xasprintf("cannot create a folder beside '%s': %s", pl->shown, strerror(errno));
		return -1;
	}
	char *shown = xasprintf("%s/%s", pl->parent, tmp);
	mode_t mask = umask(0);
	umask(mask);
	int rc = fchmod(dfd, 0777 & ~mask);
	if (rc < 0)
		*err = xasprintf("cannot set the permissions of '%s': %s", shown, strerror(errno));
	if (rc == 0)
		rc = write_site(s, dfd, shown, err);
	close(dfd);
	if (rc == 0)
		rc = replace_dir(pl, tmp, err);
	if (rc < 0)
		fs_remove_tree(pl->fd, tmp);
	free(shown);
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
	int c, named = 0;
	const char *out = "site/public";

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+:o:h", opts, NULL)) != -1) {
		switch (c) {
		case 'o':
			out = optarg;
			named = 1;
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
	struct place pl = { dir, NULL, xstrdup(base), named, -1 };
	pl.parent = base == dir ? xstrdup(".") : base == dir + 1 ? xstrdup("/") : xstrndup(dir, (size_t)(base - dir - 1));
	char *why = not_replaceable(&pl);
	if (why) {
		fprintf(stderr, "litlab: %s\n", why);
		free(why);
		place_release(&pl);
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
			int rc = publish(&site, &pl, &err);
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
	place_release(&pl);
	free(dir);
	course_check_opts_release(&copts);
	return status;
}
