/* cmd-build.c: `litlab build`: check the lessons, then render the site and swap it in whole. */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/embedded.h"
#include "cmd/cmd.h"
#include "cmd/receipts.h"
#include "cmd/course_check.h"
#include "base/fs.h"
#include "sandbox/sandbox.h"
#include "base/keyhash.h"
#include "base/strindex.h"
#include "base/twice.h"
#include "render/ledger_model.h"
#include "render/render.h"
#include "render/sitedir.h"
#include "render/sitelink.h"


/* site/style.css, embedded at build time by engine/embed-file.sh. */

/* A file a lesson links to, copied into the site: at most this long, and all of them together. */
#define ASSET_MAX (32u << 20)
#define ASSETS_TOTAL_MAX (256u << 20)
/* Folders deep, at most, for a file copied into the site. */
#define ASSET_DEPTH_MAX 16
/* Files that build did not write listed, at most, when it refuses to replace a site. */
#define UNKNOWN_SHOWN 20

static const char build_help[] =
	"Checks the lessons exactly as 'litlab check' does, then renders the course site:\n"
	"index.html, one page per lesson (its file name with .html), audit.html (the\n"
	"reviewer's ledger) and style.css. If check finds an error, nothing is written.\n"
	"The site is rendered into a new folder beside DIR, which then replaces DIR in\n"
	"one step: a reader sees the old site or the new one, never a mix, and a failed\n"
	"build leaves the old site whole. If DIR already holds exactly this site, nothing\n"
	"is written. A link to another lesson's file (02-two.md) becomes a link to its\n"
	"page (02-two.html); a file of the lessons' folder that a lesson links to or shows\n"
	"(img/diagram.png) is copied into the site at the same path (regular files, no\n"
	"link followed, at most 32 MiB each; one missing is a warning at the lesson line).\n"
	"build records what it wrote in DIR/.litlab-site and only replaces a folder that\n"
	"holds nothing else (or an empty one): a file put into the site by hand stops the\n"
	"build (exit 2), which names it, so that it is never deleted.\n"
	"PATH is a lesson file or a folder of NN-slug.md lessons (default: lessons/).\n"
	"\n"
	"  --fresh            take no evidence from the cache: run every block again (the\n"
	"                     cache is rewritten), as 'litlab check --fresh' does\n"
	"  -o, --output DIR   where the site goes (default: site/public, where neither\n"
	"                     site nor public may be a link)\n"
	"  --color WHEN       colour in diagnostics: auto (default), always or never\n"
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

/*
 * Why the site folder may not be replaced, or NULL if it may: missing,
 * empty, or holding nothing but what the last build wrote (sitedir.h).
 */
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
	char **unknown;
	size_t n;
	int marked, rc = sitedir_unknown(dfd, &marked, &unknown, &n);
	int e = errno;
	close(dfd);
	if (rc < 0)
		return xasprintf("cannot read '%s': %s", pl->shown, fs_strerror(e));
	if (n == 0)
		return NULL;
	struct buf b = BUF_INIT;
	if (!marked)
		buf_addf(&b, "'%s' holds files that 'litlab build' did not write (there is no " SITEDIR_MANIFEST
			     " in it): not replacing it; remove it or choose another -o",
			 pl->shown);
	else
		buf_addf(&b, "'%s' holds %zu file%s that 'litlab build' did not write (%s not in its "
			     SITEDIR_MANIFEST "): not replacing it, which would delete %s:",
			 pl->shown, n, n == 1 ? "" : "s", n == 1 ? "it is" : "they are", n == 1 ? "it" : "them");
	for (size_t i = 0; marked && i < n && i < UNKNOWN_SHOWN; i++)
		buf_addf(&b, "\n  %s/%s", pl->shown, unknown[i]);
	if (marked && n > UNKNOWN_SHOWN)
		buf_addf(&b, "\n  ... and %zu more", n - UNKNOWN_SHOWN);
	if (marked)
		buf_addf(&b, "\nlitlab: move each file a lesson links to or shows into the lessons' folder (build "
			     "copies it into the site, at the same path), remove the others from '%s', then build again",
			 pl->shown);
	free_words(unknown, n);
	return buf_detach(&b, NULL);
}

/* Creates name (a path: its folders are made) in the new site folder open as dfd, with data. */
static int write_page(int dfd, const char *dir, const char *name, const char *data, size_t len, char **err)
{
	const char *slash = strrchr(name, '/');
	int fd, rc = 0;

	if (slash) {
		char *sub = xstrndup(name, (size_t)(slash - name));
		int sfd = fs_mkdirs(dfd, sub, 0777);
		free(sub);
		if (sfd < 0) {
			*err = xasprintf("cannot make the folder of '%s/%s': %s", dir, name, fs_strerror(errno));
			return -1;
		}
		fd = fs_create(sfd, slash + 1, 0666);
		int e = errno;
		close(sfd);
		errno = e;
	} else {
		fd = fs_create(dfd, name, 0666);
	}

	if (fd < 0) {
		if (errno == EEXIST)
			*err = xasprintf("two pages of the site would both be '%s' (two lessons with one file name, or "
					 "a lesson named like a page the site makes itself: index.md, audit.md): "
					 "rename the lesson",
					 name);
		else
			*err = xasprintf("cannot create '%s/%s': %s", dir, name, fs_strerror(errno));
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
	char hex[KEY_HEX + 1]; /* its SHA-256, or "" until hash_site() */
};

/*
 * The files, and a hash table of their names (site_find()): a site holds
 * what its lessons link to, as many files as they name, and each was
 * looked up among all the others (80,000 linked files took minutes).
 */
struct site {
	struct site_file *v;
	size_t n, alloc;
	struct strindex names; /* where each file stands in v, by name */
};

/* The index for v[0..n), made again (a site copied for another thread has its own). */
static void site_reindex(struct site *s)
{
	strindex_release(&s->names);
	for (size_t i = 0; i < s->n; i++)
		strindex_add(&s->names, s->v[i].name, i);
}

static void site_add(struct site *s, char *name, struct buf *text)
{
	if (s->n == s->alloc) {
		s->alloc = s->alloc ? 2 * s->alloc : 64;
		s->v = xreallocarray(s->v, s->alloc, sizeof *s->v);
	}
	s->v[s->n].name = name;
	s->v[s->n].data = buf_detach(text, &s->v[s->n].len);
	s->v[s->n].hex[0] = '\0';
	strindex_add(&s->names, name, s->n);
	s->n++;
}

static void site_release(struct site *s)
{
	for (size_t i = 0; i < s->n; i++) {
		free(s->v[i].name);
		free(s->v[i].data);
	}
	free(s->v);
	strindex_release(&s->names);
	memset(s, 0, sizeof *s);
}

/*
 * The pages of the site: one per lesson, then the index, the ledger and
 * the receipts. Rendering reads the checked lessons and writes only its
 * own page, so pages are rendered on two threads (twice.h). A lesson's
 * receipts and page are made as soon as its check is complete, while the
 * other lessons are still being ended (course_check_ahead): the longest
 * lesson, parsed, ended and rendered on one thread, is then not waited on
 * three times. The pages of lessons with errors are not made there (build
 * publishes nothing then); those left are made after the check.
 */
struct pages {
	const struct course_check *cc;
	struct render_ctx ctx;
	struct receipts r;
	struct buf *v; /* cc->n + 3 */
	int *made;     /* each lesson's page, made ahead */
	char (*hex)[KEY_HEX + 1]; /* the SHA-256 of each page, taken as it is made */
};

static void pages_prepare(void *arg, struct course_check *cc)
{
	struct pages *q = arg;

	if (cc->have_runner)
		runner_env(&cc->runner); /* the compiler's version, for the captions */
	q->cc = cc;
	q->ctx = (struct render_ctx){ .run = runner_context(cc->have_runner ? &cc->runner : NULL),
				      .course = render_course_title(cc->results, cc->n) };
	receipts_begin(&q->r, cc->n);
	q->ctx.receipts = q->r.v;
	q->v = xcalloc(cc->n + 3, sizeof *q->v);
	q->made = xcalloc(cc->n + 1, sizeof *q->made);
	q->hex = xcalloc(cc->n + 3, sizeof *q->hex);
}

static void page_ahead(void *arg, struct course_check *cc, size_t i)
{
	struct pages *q = arg;

	if (diags_count(&cc->results[i].lesson->diags, SEV_ERROR) > 0)
		return;
	receipts_lesson(&q->r, cc->results, i);
	render_lesson(&q->v[i], &q->ctx, cc->results, cc->n, i);
	key_sha256(q->v[i].p, q->v[i].len, q->hex[i]);
	receipts_page(&q->r, cc->results, i, q->hex[i]); /* its part of receipts.json */
	q->made[i] = 1;
}

/* Page i: lesson i's (unless made ahead), then the index, the ledger, the receipts; hashed. */
static void render_page(struct pages *q, size_t i)
{
	const struct course_check *cc = q->cc;

	if (i < cc->n) {
		if (q->made[i])
			return;
		render_lesson(&q->v[i], &q->ctx, cc->results, cc->n, i);
	} else if (i == cc->n) {
		render_index(&q->v[i], &q->ctx, cc->results, cc->n);
	} else if (i == cc->n + 1) {
		struct ledger_model lm;
		ledger_model_build(&lm, &q->ctx.run, cc->results, cc->n, &cc->rules.errors, NULL);
		ledger_html(&q->v[i], &q->ctx, &lm);
		ledger_model_release(&lm);
	} else {
		render_receipts(&q->v[i], &q->ctx, cc->results, cc->n);
	}
	key_sha256(q->v[i].p, q->v[i].len, q->hex[i]);
}

static void render_lesson_page(void *ctx, size_t i)
{
	render_page(ctx, i);
}

static void render_course_page(void *ctx, size_t i)
{
	struct pages *q = ctx;

	render_page(q, q->cc->n + i);
}

static void site_add_page(struct site *s, char *name, struct pages *q, size_t i)
{
	site_add(s, name, &q->v[i]);
	memcpy(s->v[s->n - 1].hex, q->hex[i], sizeof q->hex[i]);
}

/*
 * style.css and the lessons' pages, each caption linking to its receipt in
 * q->r (q was prepared, pages_prepare(), by the check or is prepared here),
 * then the course's pages: in two steps, so that the folder can be compared
 * with the first while the second are made.
 */
static void render_lesson_pages(struct course_check *cc, struct pages *q, struct site *s)
{
	struct buf css = BUF_INIT;

	if (!q->cc)
		pages_prepare(q, cc);
	receipts_end(&q->r, cc->results, &q->ctx.run);
	size_t *size = xcalloc(cc->n + 1, sizeof *size);
	for (size_t i = 0; i < cc->n; i++)
		size[i] = q->made[i] ? 0 : cc->results[i].lesson->src_len;
	twice_for_sizes(cc->n, 1, size, render_lesson_page, q);
	free(size);
	buf_add(&css, style_css, style_css_len);
	site_add(s, xstrdup("style.css"), &css);
	for (size_t i = 0; i < cc->n; i++)
		site_add_page(s, render_page_name(cc->results[i].lesson->path), q, i);
}

static void render_course_pages(struct course_check *cc, struct pages *q, struct site *s)
{
	size_t all = 0;

	for (size_t i = 0; i < cc->n; i++)
		all += cc->results[i].lesson->src_len;
	/* What each costs, about: the ledger a quarter of the lessons' bytes, the receipts a sixteenth. */
	size_t size[3] = { cc->n * 64, all / 4, all / 16 };
	twice_for_sizes(3, 1, size, render_course_page, q);
	site_add_page(s, xstrdup("index.html"), q, cc->n);
	site_add_page(s, xstrdup("audit.html"), q, cc->n + 1);
	site_add_page(s, xstrdup(RENDER_RECEIPTS_PAGE), q, cc->n + 2);
}

/* Like course_check_release_at_exit(): the receipts' JSON, thousands of small objects, is left to the exit. */
static void pages_release_at_exit(struct pages *q)
{
	if (!q->cc || !LEAKS_CHECKED)
		return;
	for (size_t i = 0; i < q->cc->n + 3; i++)
		buf_release(&q->v[i]);
	free(q->v);
	free(q->made);
	free(q->hex);
	receipts_release(&q->r);
}

static void hash_file(void *ctx, size_t i)
{
	struct site_file *f = &((struct site *)ctx)->v[i];

	if (!f->hex[0])
		key_sha256(f->data, f->len, f->hex);
}

/* The hash of each file of s not hashed yet (a quarter of a megabyte of pages). */
static void hash_site(struct site *s)
{
	size_t *size = xcalloc(s->n + 1, sizeof *size);

	for (size_t i = 0; i < s->n; i++)
		size[i] = s->v[i].hex[0] ? 0 : s->v[i].len;
	twice_for_sizes(s->n, 1, size, hash_file, s);
	free(size);
}

/* Adds receipts.json: the receipts r, with the hash of every file of s (hash_site()). */
static void add_receipts(struct site *s, struct receipts *r)
{
	struct buf text = BUF_INIT;

	for (size_t i = 0; i < s->n; i++)
		receipts_add_hash(r, s->v[i].name, s->v[i].hex);
	char *t = receipts_text(r);
	buf_adds(&text, t);
	free(t);
	site_add(s, xstrdup(RENDER_RECEIPTS_JSON), &text);
}

/* The site's file named name, or NULL. */
static const struct site_file *site_find(const struct site *s, const char *name)
{
	long at = strindex_find(&s->names, name);

	return at < 0 ? NULL : &s->v[at];
}

/* Adds the manifest, .litlab-site, naming every file of s and itself. */
static void add_manifest(struct site *s)
{
	char **names = xcalloc(s->n + 1, sizeof *names);
	struct buf text = BUF_INIT;

	for (size_t i = 0; i < s->n; i++)
		names[i] = s->v[i].name;
	names[s->n] = SITEDIR_MANIFEST;
	char *t = sitedir_manifest_text(names, s->n + 1);
	buf_adds(&text, t);
	free(t);
	free(names);
	site_add(s, xstrdup(SITEDIR_MANIFEST), &text);
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * Whether the site folder already holds exactly the site: these regular
 * files with these bytes, the folders they are in, and nothing else. Then
 * there is nothing to replace, and build writes nothing (a build with
 * nothing changed costs no disk writes). Asked in two steps, so that the
 * pages are compared with the folder's while receipts.json is written
 * (twice.h): site_compare() compares the files the site holds so far,
 * site_compared() the others, once the site is whole.
 */
struct site_check {
	const struct site *s; /* the site, whole once site_compared() is called */
	struct site early;    /* its files when site_compare() began (the array of s grows meanwhile) */
	const struct place *pl;
	int dfd;
	struct fs_entry *v;
	size_t n;
	char *done; /* each entry of v: compared */
	int same;
};

static int entry_same(struct site_check *k, const struct site *s, size_t i)
{
	const struct site_file *f = site_find(s, k->v[i].name);
	char *old;
	size_t len;
	int same = f && k->v[i].type == S_IFREG && fs_read(k->dfd, k->v[i].name, f->len, &old, &len) == 0;

	if (same) {
		same = len == f->len && memcmp(old, f->data, len) == 0;
		free(old);
	}
	return same;
}

static void site_compare(void *arg)
{
	struct site_check *k = arg;

	k->dfd = k->pl->fd >= 0 ? fs_open_dir(k->pl->fd, k->pl->base) : -1;
	k->same = k->dfd >= 0 && sitedir_list(k->dfd, &k->v, &k->n) == 0;
	k->done = xcalloc(k->n + 1, 1);
	for (size_t i = 0; i < k->n && k->same; i++)
		if (k->v[i].type != S_IFDIR && site_find(&k->early, k->v[i].name)) {
			k->same = entry_same(k, &k->early, i);
			k->done[i] = 1;
		}
}

static void site_check_init(struct site_check *k, const struct site *s, const struct place *pl)
{
	memset(k, 0, sizeof *k);
	k->s = s;
	k->early.v = xcalloc(s->n + 1, sizeof *s->v);
	memcpy(k->early.v, s->v, s->n * sizeof *s->v);
	k->early.n = k->early.alloc = s->n;
	site_reindex(&k->early);
	k->pl = pl;
	k->dfd = -1;
}

/* 1 if the folder holds exactly the site (site_compare() has run), 0 if not; either way, k is given back. */
static int site_compared(struct site_check *k)
{
	size_t files = 0;
	char **sorted = xcalloc(k->s->n + 1, sizeof *sorted);

	for (size_t i = 0; i < k->s->n; i++)
		sorted[i] = k->s->v[i].name;
	qsort(sorted, k->s->n, sizeof *sorted, name_cmp);
	for (size_t i = 0; i < k->n && k->same; i++) {
		if (k->v[i].type == S_IFDIR)
			k->same = sitedir_sorted_holds(sorted, k->s->n, k->v[i].name);
		else if (files++, !k->done[i])
			k->same = entry_same(k, k->s, i);
	}
	free(sorted);
	int same = k->same && files == k->s->n;
	fs_entries_free(k->v, k->n);
	free(k->done);
	free(k->early.v);
	strindex_release(&k->early.names);
	if (k->dfd >= 0)
		close(k->dfd);
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

	for (size_t i = 0; i < s->n && rc == 0; i++) {
		sandbox_pause_if_ending(); /* a signal removes the folder: add nothing to it meanwhile */
		rc = write_page(dfd, dir, s->v[i].name, s->v[i].data, s->v[i].len, err);
	}
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
		complain("warning: cannot remove the old site, now in '%s/%s': %s", pl->parent, name,
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
	/* From here on tmp may be the only whole site there is: a signal leaves it. */
	sandbox_keep_at_signal(p, tmp);
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
	sandbox_remove_at_signal(p, old);
	remove_old(pl, old);
	sandbox_keep_at_signal(p, old);
	free(old);
	return 0;
}

/*
 * Writes the site into BASE.tmp.XXXXXX beside it, then swaps it in. Nothing
 * of the site changes on failure. Returns 1 if it held the same site
 * already (nothing written), 0 once replaced, -1 with *err.
 */
static int publish(const struct site *s, struct place *pl, int unchanged, char **err)
{
	if (unchanged)
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
	/* A signal meanwhile removes it: an interrupted build left a whole copy of the site. */
	sandbox_remove_at_signal(pl->fd, tmp);
	char *shown = xasprintf("%s/%s", pl->parent, tmp);
	mode_t mask = umask(0);
	umask(mask);
	int rc = fchmod(dfd, 0777 & ~mask);
	if (rc < 0)
		*err = xasprintf("cannot set the permissions of '%s': %s", shown, strerror(errno));
	if (rc == 0)
		rc = write_site(s, dfd, shown, err);
	close(dfd);
	/* Checked again at the last moment: a file put into the site while the lessons ran is kept too. */
	char *why = rc == 0 ? not_replaceable(pl) : NULL;
	if (why) {
		*err = why;
		rc = -1;
	}
	if (rc == 0)
		rc = replace_dir(pl, tmp, err);
	if (rc < 0)
		fs_remove_tree(pl->fd, tmp);
	sandbox_keep_at_signal(pl->fd, tmp);
	free(shown);
	free(tmp);
	return rc;
}

/* Why a file a lesson links to cannot be copied, from fs_read()'s errno. */
static const char *asset_error(int e)
{
	switch (e) {
	case ENOENT:
	case ENOTDIR:
		return "does not exist: the site's link to it is broken";
	case ELOOP:
		return "is a symbolic link, or is in one: litlab does not follow it, and the site's link to it is "
		       "broken";
	case FS_ENOTREG:
		return "is not a regular file: not copied, and the site's link to it is broken";
	case EFBIG:
		return "is larger than 32 MiB: not copied, and the site's link to it is broken";
	default:
		return NULL;
	}
}

/* Where a lesson names a file: a link's or an image's destination, or a cited value's source. */
struct target {
	const char *url;
	int line, col;
};

static void warn_at(struct diags *w, const struct lesson *l, const struct target *n, char *msg)
{
	diags_add(w, l->path, n->line, n->col, SEV_WARNING, "site-file", "%s", msg);
	free(msg);
}

/*
 * The destinations lesson i names, in order: each link and image of its tree, then each cited
 * value's source (the link reference definition of {{cite:KEY|...}}: cmark keeps none in its tree,
 * and a results file cited by a relative link is shown as a link the site must hold). *n is set.
 */
static void target_add(struct target **v, size_t *n, size_t *alloc, const char *url, int line, int col)
{
	if (*n == *alloc)
		*v = xreallocarray(*v, *alloc = *alloc ? 2 * *alloc : 16, sizeof **v);
	(*v)[(*n)++] = (struct target){ url, line, col };
}

static struct target *lesson_targets(const struct lesson_result *r, size_t *n)
{
	struct target *v = NULL;
	size_t alloc = 0;
	cmark_iter *it = cmark_iter_new(r->lesson->doc);
	cmark_event_type ev;

	*n = 0;
	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *node = cmark_iter_get_node(it);
		cmark_node_type t = cmark_node_get_type(node);
		if (ev != CMARK_EVENT_ENTER || (t != CMARK_NODE_LINK && t != CMARK_NODE_IMAGE) || !cmark_node_get_url(node))
			continue;
		target_add(&v, n, &alloc, cmark_node_get_url(node), cmark_node_get_start_line(node),
			   cmark_node_get_start_column(node));
	}
	cmark_iter_free(it);
	for (size_t k = 0; k < r->ledger.ncites; k++) {
		const struct cited_value *c = &r->ledger.cites[k];
		if (c->url)
			target_add(&v, n, &alloc, c->url, c->line, c->col);
	}
	return v;
}

/*
 * Adds to s every file of the lessons' folders that a lesson links to or
 * shows (sitelink.h), read below its lesson's folder with no link followed,
 * and warns (w, [site-file], at the link) of each one that cannot be: missing,
 * a link, not a regular file, too large, outside the folder, a name of the
 * site's own. Returns how many were added.
 */
static size_t add_assets(const struct course_check *cc, struct site *s, struct diags *w)
{
	size_t first = s->n, total = 0;
	char **from = NULL; /* per asset: the lesson folder it came from */

	for (size_t i = 0; i < cc->n; i++) {
		const struct lesson *l = cc->results[i].lesson;
		char *folder = fs_parent_path(l->path);
		int dfd = -1, opened = 0;
		size_t ntargets;
		struct target *targets = lesson_targets(&cc->results[i], &ntargets);
		for (size_t k = 0; k < ntargets; k++) {
			const struct target *n = &targets[k];
			const char *url = n->url, *suffix;
			char *rel, *page = render_lesson_href(cc->results, cc->n, i, url);
			if (page) {
				free(page);
				continue;
			}
			enum sitelink_kind kind = sitelink_parse(url, &rel, &suffix);
			if (kind == SITELINK_OUTSIDE) {
				warn_at(w, l, n, xasprintf("'%s' is outside the lessons' folder '%s': not copied into "
							   "the site, and the site's link to it is broken",
							   url, folder));
				continue;
			}
			if (kind == SITELINK_BAD) {
				warn_at(w, l, n, xasprintf("'%s' names a file with a control character: not copied "
							   "into the site",
							   url));
				continue;
			}
			if (kind != SITELINK_FILE)
				continue;
			size_t depth = 0;
			for (const char *c = rel; *c; c++)
				depth += *c == '/';
			const struct site_file *have = site_find(s, rel);
			/* (receipts.json is made after the files linked to: it is no file of s yet.) */
			if ((have && (size_t)(have - s->v) < first) || strcmp(rel, RENDER_RECEIPTS_JSON) == 0) {
				warn_at(w, l, n, xasprintf("'%s' is the name of a file the site makes itself: not "
							   "copied into the site",
							   rel));
			} else if (have && strcmp(from[have - s->v - first], folder) == 0) {
				/* linked again: copied once */
			} else if (depth >= ASSET_DEPTH_MAX || strcmp(rel, SITEDIR_MANIFEST) == 0) {
				warn_at(w, l, n, xasprintf("'%s' is %s: not copied into the site", rel,
							   depth >= ASSET_DEPTH_MAX ? "too many folders deep"
										    : "the name of the site's manifest"));
			} else {
				char *data = NULL;
				size_t len = 0;
				int rc = -1, e = 0;
				if (!opened) {
					dfd = fs_open_root(folder);
					e = errno;
					opened = 1;
				}
				if (dfd >= 0) {
					rc = fs_read(dfd, rel, ASSET_MAX, &data, &len);
					e = errno;
				}
				const char *why = rc < 0 ? asset_error(e) : NULL;
				if (rc < 0)
					warn_at(w, l, n, xasprintf("'%s' (in '%s') %s%s%s", rel, folder,
								   why ? why : "cannot be read: ", why ? "" : fs_strerror(e),
								   why ? "" : "; not copied into the site"));
				else if (have && (have->len != len || memcmp(have->data, data, len) != 0))
					warn_at(w, l, n, xasprintf("'%s' (in '%s') is another file than the '%s' of "
								   "'%s' copied into the site already: not copied",
								   rel, folder, rel, from[have - s->v - first]));
				else if (!have && total + len > ASSETS_TOTAL_MAX)
					warn_at(w, l, n, xasprintf("'%s' would take the files the lessons link to past "
								   "256 MiB: not copied into the site",
								   rel));
				else if (!have) {
					struct buf b = BUF_INIT;
					buf_add(&b, data, len);
					site_add(s, xstrdup(rel), &b);
					from = xreallocarray(from, s->n - first, sizeof *from);
					from[s->n - first - 1] = xstrdup(folder);
					total += len;
				}
				free(data);
			}
			free(rel);
		}
		free(targets);
		if (dfd >= 0)
			close(dfd);
		free(folder);
	}
	size_t added = s->n - first;
	free_words(from, added);
	return added;
}

static int cmd_build(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "output", required_argument, NULL, 'o' }, { "help", no_argument, NULL, 'h' },
		{ "fresh", no_argument, NULL, 'F' },	    COURSE_CHECK_RULE_OPTIONS, CMD_COLOR_OPTION,		    { NULL, 0, NULL, 0 },
	};
	struct course_check_opts copts = { .print_diags = 1, .progress = 1 };
	int c, named = 0;
	const char *out = "site/public";

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+:o:h", opts, NULL)) != -1) {
		switch (c) {
		case 'F':
			copts.fresh = 1;
			break;
		case 'o':
			out = optarg;
			named = 1;
			break;
		case 'h':
			course_check_opts_release(&copts);
			return cmd_help(&cmd_build_entry);
		case 'K':
			if (cmd_color_option(optarg) < 0) {
				course_check_opts_release(&copts);
				return cmd_usage_error(&cmd_build_entry, "--color needs auto, always or never, not '%s'", optarg);
			}
			break;
		default:
			if (course_check_opt(&copts, c, optarg))
				break;
			course_check_opts_release(&copts);
			if (optopt == 'o')
				return cmd_usage_error(&cmd_build_entry, "-o needs a folder");
			return cmd_option_error(&cmd_build_entry, c, argv[optind - 1]);
		}
	}
	copts.color = cmd_color(stderr);

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
		return cmd_usage_error(&cmd_build_entry, "-o needs a folder that can be replaced, not '%s'", out);
	}
	struct place pl = { dir, NULL, xstrdup(base), named, -1 };
	pl.parent = base == dir ? xstrdup(".") : base == dir + 1 ? xstrdup("/") : xstrndup(dir, (size_t)(base - dir - 1));
	char *why = not_replaceable(&pl);
	if (why) {
		cmd_printf(stderr, "litlab: %s\n", why);
		free(why);
		place_release(&pl);
		free(dir);
		course_check_opts_release(&copts);
		return 2;
	}

	struct course_check cc;
	struct pages pages = { NULL };
	struct course_check_ahead ahead = { pages_prepare, page_ahead, &pages };
	char *err;
	copts.ahead = &ahead;
	int status = course_check_cmd(&cc, argv + optind, (size_t)(argc - optind), &copts);
	if (status == 0 && course_check_gate(&cc)) {
		course_check_print_summary(stderr, &cc);
		complain("not building the site: %zu error%s in the lessons (run litlab check)",
			cc.sum.errors, cc.sum.errors == 1 ? "" : "s");
		status = 1;
	} else if (status == 0) {
		struct site site = { NULL, 0, 0, STRINDEX_INIT };
		struct diags warnings;
		diags_init(&warnings);
		struct site_check check;
		struct twice_job compare;
		render_lesson_pages(&cc, &pages, &site);
		/* The folder compared with them (the helper) while the course's pages are made. */
		site_check_init(&check, &site, &pl);
		twice_start(&compare, site_compare, &check, 1);
		render_course_pages(&cc, &pages, &site);
		size_t nassets = add_assets(&cc, &site, &warnings);
		hash_site(&site);
		add_receipts(&site, &pages.r);
		add_manifest(&site);
		twice_finish(&compare);
		int unchanged = site_compared(&check);
		for (size_t i = 0; i < warnings.n; i++)
			diag_print(stderr, &warnings.v[i], copts.color);
		cc.sum.warnings += warnings.n;
		course_check_print_summary(stderr, &cc);
		int rc = publish(&site, &pl, unchanged, &err);
		if (rc < 0) {
			cmd_printf(stderr, "litlab: %s\nlitlab: the site in '%s' is unchanged\n", err, dir);
			free(err);
			status = 2;
		} else {
			fprintf(stderr, "litlab: site %s '%s': index.html, audit.html, %zu lesson page%s",
				rc == 1 ? "already up to date in" : "written to", dir, cc.n, cc.n == 1 ? "" : "s");
			if (nassets)
				fprintf(stderr, " and %zu file%s the lessons link to", nassets, nassets == 1 ? "" : "s");
			fputc('\n', stderr);
		}
		diags_release(&warnings);
		site_release(&site);
	}
	pages_release_at_exit(&pages);
	course_check_release_at_exit(&cc);
	place_release(&pl);
	free(dir);
	course_check_opts_release(&copts);
	return status;
}

const struct cmd_entry cmd_build_entry = {
	.name = "build",
	.usage = "[--fresh] [-o DIR] [--color WHEN] [--rules DIR] [--no-rules] [PATH...]",
	.summary = "check, then render the site to DIR (default site/public)",
	.help = build_help,
	.exec = cmd_build,
};
