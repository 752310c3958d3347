/* cmd-serve.c: `litlab serve`: a live preview of the lessons on 127.0.0.1, checked again on every save. */
#include <errno.h>
#include <getopt.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "base/fs.h"
#include "cmd/cmd.h"
#include "cmd/course_check.h"
#include "cmd/preview.h"
#include "render/highlight.h"
#include "render/ledger_model.h"
#include "render/render.h"

/* site/style.css, embedded at build time by engine/embed-file.sh. */
extern const char style_css[];
extern const size_t style_css_len;

#define PORT_DEFAULT 8000
/*
 * After a change, how long the folders must stay quiet before the check
 * starts: an editor's save is often several events (a temporary file
 * written, renamed over the lesson), and one check should see them all.
 */
#define SETTLE_MS 10
/* ...but a folder that never stays quiet still gets its check this soon. */
#define SETTLE_MAX_MS 300

static const char serve_help[] =
	"Serves a live preview of the lessons on http://127.0.0.1:PORT/ and checks them\n"
	"again whenever a lesson, a file of a lesson's folder or a rule file changes (the\n"
	"folders are watched with inotify): only the lessons a save changed are checked\n"
	"(any other file, a lesson added or removed or a lesson number changed: all of\n"
	"them), and the evidence cache runs only the blocks whose code or limits changed.\n"
	"Every open page reloads by itself once the new pages are ready (Server-Sent\n"
	"Events). A lesson with errors is still shown, as a draft: each error at its\n"
	"place on the page (under its block, or under the paragraph of its line), a\n"
	"banner, a watermark and a title that say DRAFT (not published). 'litlab build'\n"
	"still refuses to publish it. Diagnostics are printed on stderr as 'litlab check'\n"
	"prints them.\n"
	"A block that ran past its time limit is not run again while the code and the\n"
	"limits stay the same (the page and the terminal say so): press Enter in the\n"
	"terminal to run such blocks again; q and Enter stop serve (exit 0).\n"
	"Only the pages of the preview are served (nothing else of the machine, whatever\n"
	"the URL or a lesson's links say), to requests that name this machine as\n"
	"localhost or 127.0.0.1. The site's theme is compiled into litlab.\n"
	"PATH is a lesson file or a folder of NN-slug.md lessons (default: lessons/).\n"
	"\n"
	"  -p, --port N       the port (default 8000); 0: any free port (the URL printed\n"
	"                     on stdout says which)\n"
	"  --bind ADDR        listen on ADDR instead of 127.0.0.1 (a numeric address,\n"
	"                     e.g. 0.0.0.0): every machine that can reach it can then\n"
	"                     read the lessons, their code and outputs (serve says so)\n"
	"  --rules DIR        also apply the rules in DIR/*.lua (repeatable; watched too)\n"
	"  --no-rules         apply no Lua rule at all\n"
	"  -h, --help         this help\n"
	"\n"
	"Exit status: 0 stopped with q, 2 a usage error, a port that cannot be had or a\n"
	"broken environment; 130 on Ctrl-C, 143 on SIGTERM.\n";

/*
 * A check of some lessons, kept while a page shows one of its lessons: a
 * save checks again only the lessons it changed (below), and the others'
 * results stay those of the check that made them.
 */
struct owner {
	struct course_check cc;
	size_t refs;
};

/* A lesson of the preview: result i of o's check. */
struct entry {
	struct owner *o;
	size_t i;
};

struct serve {
	char **paths; /* the PATH arguments */
	size_t npaths;
	struct course_check_opts copts;
	struct preview *pv;
	int in; /* the inotify descriptor */
	char **watched; /* folders watched (inotify_add_watch again is cheap: same watch) */
	int *wds;	/* their watch descriptors (-1: could not be watched) */
	size_t nwatched;
	struct entry *cur; /* the lessons, in course order */
	size_t ncur;
	struct owner *full; /* the last check of the whole course (for its rule files' errors), or NULL */
};

/* What one wait for changes saw. */
struct changes {
	char *why;	 /* the last change, in words */
	int full;	 /* something else than the lessons of the preview changed: check them all */
	char **lessons;	 /* else the lessons that changed (their paths as checked) */
	size_t nlessons;
	char **created; /* names created in this wait (an editor's temporary file is no change once gone) */
	size_t ncreated;
};

static long long now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static void add_file(struct preview_file **v, size_t *n, char *name, struct buf *data)
{
	*v = xreallocarray(*v, *n + 1, sizeof **v);
	(*v)[*n].name = name;
	(*v)[*n].data = buf_detach(data, &(*v)[*n].len);
	(*n)++;
}

/*
 * Into errs: each lesson of results[0..nr) whose page has the name of an
 * earlier lesson's or of a page of the site's own (build refuses them all:
 * "two lessons would both make the page"), as an error on its line 1.
 */
static void page_clashes(const struct lesson_result *results, size_t nr, struct diags *errs)
{
	static const char *const own[] = { "style.css", "index.html", "audit.html" };
	char **names = xcalloc(nr ? nr : 1, sizeof *names);

	for (size_t i = 0; i < nr; i++) {
		const char *path = results[i].lesson->path;
		names[i] = render_page_name(path);
		for (size_t k = 0; k < ARRAY_LEN(own); k++)
			if (strcmp(names[i], own[k]) == 0)
				diags_add(errs, path, 1, 1, SEV_ERROR, "page-name",
					  "this lesson's page would be '%s', a page of the site's own: litlab build "
					  "refuses to publish it; rename the lesson",
					  names[i]);
		for (size_t k = 0; k < i; k++)
			if (strcmp(names[i], names[k]) == 0) {
				diags_add(errs, path, 1, 1, SEV_ERROR, "page-name",
					  "this lesson's page would be '%s', as is '%s''s: litlab build refuses to "
					  "publish them; rename one of them (the preview shows the first)",
					  names[i], results[k].lesson->path);
				break;
			}
	}
	free_words(names, nr);
}

/*
 * The preview's pages, as build renders them but as a preview (render.h:
 * drafts, diagnostics in place), of results[0..nr); runner: a check that
 * compiled (for the captions), or NULL; rule_errors may be NULL. Returns
 * the number of errors of the course outside its lessons: those of
 * rule_errors, and two lessons that would make one page (said on stderr).
 */
static size_t render_preview(const struct lesson_result *results, size_t nr, struct runner *runner,
			     const struct diags *rule_errors, struct preview_file **v, size_t *n)
{
	struct diags course;
	struct buf page = BUF_INIT;

	diags_init(&course);
	for (size_t i = 0; rule_errors && i < rule_errors->n; i++) {
		const struct diag *g = &rule_errors->v[i];
		struct diag *c = diags_add(&course, g->path, g->line, g->col, g->severity, g->rule, "%s", g->message);
		c->detail = g->detail ? xstrdup(g->detail) : NULL;
	}
	size_t before = course.n;
	page_clashes(results, nr, &course);
	for (size_t i = before; i < course.n; i++)
		diag_print(stderr, &course.v[i], cmd_color(stderr));

	struct render_ctx ctx = { .run = runner_context(runner),
				  .course = render_course_title(results, nr),
				  .preview = 1,
				  .course_errors = &course };
	buf_add(&page, style_css, style_css_len);
	add_file(v, n, xstrdup("style.css"), &page);
	render_index(&page, &ctx, results, nr);
	add_file(v, n, xstrdup("index.html"), &page);
	struct ledger_model lm;
	ledger_model_build(&lm, &ctx.run, results, nr, &course, NULL);
	ledger_html(&page, &ctx, &lm);
	ledger_model_release(&lm);
	add_file(v, n, xstrdup("audit.html"), &page);
	for (size_t i = 0; i < nr; i++) {
		render_lesson(&page, &ctx, results, nr, i);
		add_file(v, n, render_page_name(results[i].lesson->path), &page);
	}
	buf_release(&page);
	size_t errors = diags_count(&course, SEV_ERROR);
	diags_release(&course);
	return errors;
}

/* A page that says why nothing could be checked (and a stylesheet for it). */
static void render_failure(const char *err, struct preview_file **v, size_t *n)
{
	struct buf page = BUF_INIT;

	buf_add(&page, style_css, style_css_len);
	add_file(v, n, xstrdup("style.css"), &page);
	buf_adds(&page, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
			"<title>DRAFT (not published): the lessons cannot be checked</title>\n"
			"<link rel=\"stylesheet\" href=\"style.css\">\n</head>\n<body>\n<main id=\"content\">\n"
			"<h1>The lessons cannot be checked</h1>\n<pre class=\"diag diag-error\">");
	html_escape_text(&page, err, strlen(err));
	buf_adds(&page, "</pre>\n<p>Fix it and save: this page reloads by itself.</p>\n</main>\n</body>\n</html>\n");
	add_file(v, n, xstrdup("index.html"), &page);
}

/* Watches folder dir (missing: skipped, tried again after the next check). */
static void watch(struct serve *s, const char *dir)
{
	size_t i;

	for (i = 0; i < s->nwatched; i++)
		if (strcmp(s->watched[i], dir) == 0)
			break;
	if (i == s->nwatched) {
		s->watched = xreallocarray(s->watched, s->nwatched + 1, sizeof *s->watched);
		s->wds = xreallocarray(s->wds, s->nwatched + 1, sizeof *s->wds);
		s->watched[s->nwatched++] = xstrdup(dir);
	}
	s->wds[i] = inotify_add_watch(s->in, dir,
				      IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CREATE | IN_ONLYDIR);
}

/* The lessons' folders, their rules/ folders and the --rules ones (cc: the last check, its paths). */
static void watch_all(struct serve *s, const struct course_check *cc)
{
	char **dirs;
	size_t ndirs;
	struct stat st;

	for (size_t i = 0; i < s->npaths; i++) {
		if (stat(s->paths[i], &st) == 0 && S_ISDIR(st.st_mode)) {
			watch(s, s->paths[i]);
		} else {
			const char *slash = strrchr(s->paths[i], '/');
			char *dir = slash ? xstrndup(s->paths[i], (size_t)(slash - s->paths[i]) + (slash == s->paths[i]))
					  : xstrdup(".");
			watch(s, dir);
			free(dir);
		}
	}
	course_check_rule_folders(&cc->paths, &s->copts, &dirs, &ndirs);
	for (size_t i = 0; i < ndirs; i++)
		watch(s, dirs[i]);
	free_words(dirs, ndirs);
	for (size_t i = 0; i < cc->paths.n; i++) {
		char *dir = fs_parent_path(cc->paths.v[i]);
		watch(s, dir);
		free(dir);
	}
}

static void owner_unref(struct owner *o)
{
	if (o && --o->refs == 0) {
		course_check_release(&o->cc);
		free(o);
	}
}

static void set_full(struct serve *s, struct owner *o)
{
	owner_unref(s->full);
	s->full = o;
}

/* Checks the whole course; 0, or -1 (said, and the failure page rendered into files). */
static int check_all(struct serve *s, struct preview_file **files, size_t *n)
{
	struct owner *o = xcalloc(1, sizeof *o);
	char *err;

	o->refs = 1; /* s->full's */
	int rc = course_check_run(&o->cc, s->paths, s->npaths, &s->copts, &err);
	for (size_t i = 0; i < s->ncur; i++)
		owner_unref(s->cur[i].o);
	s->ncur = 0;
	if (rc < 0) {
		cmd_printf(stderr, "litlab: %s\n", err);
		render_failure(err, files, n);
		free(err);
		watch_all(s, &o->cc);
		owner_unref(o);
		set_full(s, NULL);
		return -1;
	}
	s->cur = xreallocarray(s->cur, o->cc.n ? o->cc.n : 1, sizeof *s->cur);
	for (size_t i = 0; i < o->cc.n; i++)
		s->cur[s->ncur++] = (struct entry){ o, i };
	o->refs += o->cc.n;
	course_check_print_summary(stderr, &o->cc);
	watch_all(s, &o->cc);
	set_full(s, o);
	return 0;
}

/*
 * Checks again only the lessons that changed (the paths of c->lessons, each a
 * lesson of the preview): 0, or -1 when that is not enough and the whole
 * course must be checked (a check that fails, a lesson whose number changed
 * or that another has the number of: numbers are the course's business).
 */
static int check_some(struct serve *s, const struct changes *c)
{
	struct owner *o = xcalloc(1, sizeof *o);
	char *err;

	if (course_check_run(&o->cc, c->lessons, c->nlessons, &s->copts, &err) < 0) {
		free(err);
		course_check_release(&o->cc);
		free(o);
		return -1;
	}
	size_t *at = xcalloc(o->cc.n ? o->cc.n : 1, sizeof *at);
	int ok = o->cc.n == c->nlessons;
	for (size_t k = 0; k < o->cc.n && ok; k++) {
		const struct lesson *nl = o->cc.results[k].lesson;
		ok = 0;
		for (size_t i = 0; i < s->ncur; i++) {
			const struct lesson *ol = s->cur[i].o->cc.results[s->cur[i].i].lesson;
			if (strcmp(ol->path, nl->path) != 0)
				continue;
			ok = ol->number == nl->number && ol->number_line == nl->number_line;
			for (size_t d = 0; d < ol->diags.n && ok; d++)
				ok = strcmp(ol->diags.v[d].rule, "lesson-number") != 0;
			at[k] = i;
			break;
		}
	}
	if (!ok) {
		free(at);
		course_check_release(&o->cc);
		free(o);
		return -1;
	}
	for (size_t k = 0; k < o->cc.n; k++) {
		owner_unref(s->cur[at[k]].o);
		s->cur[at[k]] = (struct entry){ o, k };
		o->refs++;
	}
	free(at);
	course_check_print_summary(stderr, &o->cc);
	return 0;
}

/*
 * Checks the lessons (all of them, or with c, those it says changed when that
 * is enough), renders them and publishes the pages.
 */
static void recheck(struct serve *s, const struct changes *c)
{
	struct preview_file *files = NULL;
	size_t n = 0;
	long long t0 = now_ms();
	int some = c && !c->full && c->nlessons > 0;

	if (c)
		cmd_printf(stderr, "litlab: serve: %s: checking %s again\n", c->why,
			   !some ? "the lessons" : c->nlessons == 1 ? "it" : "those lessons");
	if (some && check_some(s, c) < 0)
		some = 0;
	if ((some || check_all(s, &files, &n) == 0)) {
		struct lesson_result *v = xcalloc(s->ncur ? s->ncur : 1, sizeof *v);
		/* The compiler's version, for the captions: the whole course's check asked it once. */
		struct runner *runner = s->full && s->full->cc.have_runner ? &s->full->cc.runner : NULL;
		for (size_t i = 0; i < s->ncur; i++) {
			struct course_check *cc = &s->cur[i].o->cc;
			v[i] = cc->results[s->cur[i].i]; /* a copy to read: its owner frees it */
			if (!runner && cc->have_runner)
				runner = &cc->runner;
		}
		if (runner)
			runner_env(runner);
		size_t course_errors =
			render_preview(v, s->ncur, runner, s->full ? &s->full->cc.rules.errors : NULL, &files, &n);
		int drafts = check_gate(v, s->ncur) || course_errors > 0;
		free(v);
		unsigned long gen = preview_publish(s->pv, files, n);
		fprintf(stderr, "litlab: serve: pages %lu ready in %lld ms%s%s\n", gen, now_ms() - t0,
			some ? " (the other lessons as they were)" : "",
			drafts ? " (lessons with errors are shown as drafts)" : "");
	} else {
		unsigned long gen = preview_publish(s->pv, files, n);
		fprintf(stderr, "litlab: serve: pages %lu ready in %lld ms (the lessons could not be checked)\n", gen,
			now_ms() - t0);
	}
}

/* 1 if a change to name (in a watched folder) can change the pages: not editors' and litlab's own files. */
static int relevant(const char *name, size_t len)
{
	if (len == 0)
		return 1;
	if (name[0] == '.' || name[len - 1] == '~' || name[0] == '#' || strcmp(name, "4913") == 0)
		return 0; /* hidden files (.litlab, .x.swp), backups, Emacs's #x#, vim's write test */
	static const char *const temp[] = { ".swp", ".swx", ".tmp" };
	for (size_t i = 0; i < ARRAY_LEN(temp); i++) {
		size_t e = strlen(temp[i]);
		if (len > e && strcmp(name + len - e, temp[i]) == 0)
			return 0;
	}
	return 1;
}

static void changes_release(struct changes *c)
{
	free(c->why);
	free_words(c->lessons, c->nlessons);
	free_words(c->created, c->ncreated);
	memset(c, 0, sizeof *c);
}

static void add_word(char ***v, size_t *n, const char *w)
{
	for (size_t i = 0; i < *n; i++)
		if (strcmp((*v)[i], w) == 0)
			return;
	*v = xreallocarray(*v, *n + 1, sizeof **v);
	(*v)[(*n)++] = xstrdup(w);
}

/* The lesson of the preview that path is now (the same file), or NULL. */
static const char *lesson_at(const struct serve *s, const char *path)
{
	struct stat a, b;

	if (stat(path, &a) < 0)
		return NULL;
	for (size_t i = 0; i < s->ncur; i++) {
		const char *p = s->cur[i].o->cc.results[s->cur[i].i].lesson->path;
		if (stat(p, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino)
			return p;
	}
	return NULL;
}

/*
 * Reads what inotify has into c: the last relevant change in words (an
 * editor's temporary file is then renamed to the lesson's name), and which
 * lessons changed, or that something else did.
 */
static void drain(struct serve *s, struct changes *c)
{
	char buf[16384] __attribute__((aligned(__alignof__(struct inotify_event))));
	ssize_t len;

	while ((len = read(s->in, buf, sizeof buf)) > 0)
		for (char *p = buf; p < buf + len;) {
			const struct inotify_event *e = (const struct inotify_event *)p;
			p += sizeof *e + e->len;
			size_t nlen = e->len ? strnlen(e->name, e->len) : 0;
			if (!(e->mask & IN_Q_OVERFLOW) && !relevant(e->name, nlen))
				continue;
			free(c->why);
			c->why = e->mask & IN_Q_OVERFLOW ? xstrdup("many files changed")
				 : nlen			 ? xasprintf("'%.*s' changed", (int)nlen, e->name)
							 : xstrdup("a folder changed");
			const char *dir = NULL;
			for (size_t i = 0; i < s->nwatched && !dir; i++)
				if (s->wds[i] == e->wd)
					dir = s->watched[i];
			if (!dir || !nlen || (e->mask & (IN_Q_OVERFLOW | IN_ISDIR))) {
				c->full = 1;
				continue;
			}
			char *path = xasprintf("%s/%.*s", dir, (int)nlen, e->name);
			if (e->mask & IN_CREATE)
				add_word(&c->created, &c->ncreated, path);
			add_word(&c->lessons, &c->nlessons, path); /* sorted out by classify() */
			free(path);
		}
}

/*
 * Once the folders are quiet: each path that changed is a lesson of the
 * preview (checked alone), an editor's temporary file created and gone since
 * (no change), or anything else (then the whole course is checked).
 */
static void classify(const struct serve *s, struct changes *c)
{
	char **v = c->lessons;
	size_t n = c->nlessons;
	struct stat st;

	c->lessons = NULL;
	c->nlessons = 0;
	for (size_t i = 0; i < n; i++) {
		const char *lesson = lesson_at(s, v[i]);
		int transient = 0;
		for (size_t k = 0; k < c->ncreated && !lesson; k++)
			transient |= strcmp(c->created[k], v[i]) == 0 && lstat(v[i], &st) < 0;
		if (lesson)
			add_word(&c->lessons, &c->nlessons, lesson);
		else if (!transient)
			c->full = 1;
	}
	free_words(v, n);
}

/* 1 if stdin is a terminal this process may read (not a background job's). */
static int stdin_ours(void)
{
	return isatty(0) && tcgetpgrp(0) == getpgrp();
}

static int cmd_serve(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "port", required_argument, NULL, 'p' }, { "bind", required_argument, NULL, 'b' },
		{ "help", no_argument, NULL, 'h' },	  COURSE_CHECK_RULE_OPTIONS,
		{ NULL, 0, NULL, 0 },
	};
	struct serve s = { .in = -1 };
	const char *addr = "127.0.0.1";
	long port = PORT_DEFAULT;
	int c, bound = 0;

	s.copts = (struct course_check_opts){ .print_diags = 1, .progress = 1, .color = cmd_color(stderr) };
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+:p:h", opts, NULL)) != -1) {
		switch (c) {
		case 'p': {
			char *end;
			port = strtol(optarg, &end, 10);
			if (*end || !*optarg || port < 0 || port > 65535) {
				course_check_opts_release(&s.copts);
				return cmd_usage_error(&cmd_serve_entry, "--port needs a port from 0 to 65535, not '%s'",
						       optarg);
			}
			break;
		}
		case 'b':
			addr = optarg;
			bound = 1;
			break;
		case 'h':
			course_check_opts_release(&s.copts);
			return cmd_help(&cmd_serve_entry);
		default:
			if (course_check_opt(&s.copts, c, optarg))
				break;
			course_check_opts_release(&s.copts);
			return cmd_option_error(&cmd_serve_entry, c, argv[optind - 1]);
		}
	}
	char *err;
	if (course_check_opts_verify(&s.copts, &err) < 0) {
		course_check_opts_release(&s.copts);
		int rc = cmd_usage_error(&cmd_serve_entry, "%s", err);
		free(err);
		return rc;
	}
	static char *default_path[] = { "lessons" };
	s.paths = optind < argc ? argv + optind : default_path;
	s.npaths = optind < argc ? (size_t)(argc - optind) : 1;

	s.in = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	if (s.in < 0) {
		complain("cannot watch the lessons (inotify): %s", strerror(errno));
		course_check_opts_release(&s.copts);
		return 2;
	}
	s.pv = preview_start(addr, (unsigned)port, &err);
	if (!s.pv) {
		complain("%s", err);
		free(err);
		close(s.in);
		course_check_opts_release(&s.copts);
		return 2;
	}
	struct cache_held *held = cache_held_new();
	s.copts.held = held;

	int v6 = strchr(addr, ':') != NULL;
	char *url = xasprintf("http://%s%s%s:%u/", v6 ? "[" : "", addr, v6 ? "]" : "", preview_port(s.pv));
	if (bound && !preview_loopback(addr))
		complain("warning: --bind %s: the preview is open to every machine that can reach this one on port "
			 "%u: they can read every lesson page, with its code, outputs and diagnostics",
			 addr, preview_port(s.pv));
	cmd_printf(stderr, "litlab: serve: the preview is at %s (Ctrl-C or q and Enter stop it; Enter "
			   "runs timed-out blocks again)\n",
		   url);
	printf("%s\n", url); /* alone on stdout, for scripts */
	fflush(stdout);
	free(url);

	recheck(&s, NULL);
	int read_stdin = 1, status = 2;
	struct changes ch;
	memset(&ch, 0, sizeof ch);
	while (status == 2) {
		struct pollfd fds[2] = { { s.in, POLLIN, 0 }, { 0, POLLIN, 0 } };
		int listen_in = read_stdin && (!isatty(0) || stdin_ours());
		if (poll(fds, listen_in ? 2 : 1, listen_in ? -1 : 1000) < 0) {
			if (errno == EINTR)
				continue;
			complain("cannot wait for changes: %s", strerror(errno));
			break;
		}
		if (listen_in && (fds[1].revents & (POLLIN | POLLHUP))) {
			char line[256];
			ssize_t got = read(0, line, sizeof line);
			if (got <= 0) {
				read_stdin = 0; /* end of input: only the files are watched from now on */
			} else if (line[0] == 'q' && memchr(line, '\n', (size_t)got)) {
				status = 0;
				continue;
			} else if (memchr(line, '\n', (size_t)got)) {
				size_t k = cache_held_clear(held);
				ch.why = xasprintf("asked to run again %zu block%s that timed out", k, k == 1 ? "" : "s");
				ch.full = 1;
				recheck(&s, &ch);
				changes_release(&ch);
			}
		}
		if (!(fds[0].revents & POLLIN))
			continue;
		drain(&s, &ch);
		if (!ch.why)
			continue;
		/* Let the save finish: wait until nothing more happens for SETTLE_MS. */
		long long until = now_ms() + SETTLE_MAX_MS;
		struct pollfd one = { s.in, POLLIN, 0 };
		while (now_ms() < until && poll(&one, 1, SETTLE_MS) > 0)
			drain(&s, &ch);
		classify(&s, &ch);
		if (ch.full || ch.nlessons)
			recheck(&s, &ch);
		changes_release(&ch);
	}
	for (size_t i = 0; i < s.ncur; i++)
		owner_unref(s.cur[i].o);
	free(s.cur);
	set_full(&s, NULL);
	free(s.wds);
	preview_stop(s.pv);
	cache_held_free(held);
	free_words(s.watched, s.nwatched);
	close(s.in);
	course_check_opts_release(&s.copts);
	return status;
}

const struct cmd_entry cmd_serve_entry = {
	.name = "serve",
	.usage = "[-p PORT] [--bind ADDR] [--rules DIR] [--no-rules] [PATH...]",
	.summary = "a live preview on 127.0.0.1: pages checked again on save, errors shown in place",
	.help = serve_help,
	.exec = cmd_serve,
};
