/*
 * course_check.c: find, load, run, verify and apply the rules to a course.
 *
 * With -j N above 1, N worker threads take the blocks of every lesson from
 * one queue; each block's evidence and findings stay in its block_result.
 * A lesson whose blocks are all done while others still run is reported at
 * once (references, diagnostics), not held behind a slow block of another
 * lesson; several done together are reported in course order. Its rules
 * come with it when the rule pass is remembered (rules_apply_known());
 * else they wait for the threads, because the rule pass forks a Lua
 * interpreter, which must not happen while other threads may hold locks:
 * then what the engine found is printed at once (but a compile-warning,
 * which a suppression may take back), the rest when the threads are gone.
 * The lessons done last are finished after the threads, in course order,
 * as with -j 1. A measure block that is not in the cache runs
 * alone: it waits until nothing else runs, and nothing starts beside it
 * (the queue holds measure blocks last, so the others are not kept
 * waiting long).
 */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/fs.h"
#include "base/keyhash.h"
#include "check/cite.h"
#include "cmd/course_check.h"
#include "base/twice.h"
#include "cmd/progress.h"
#include "render/report.h"
#include "render/sarif.h"
#include "base/strvec.h"

void course_check_rule_folders(const struct course_paths *paths, const struct course_check_opts *opts, char ***dirs,
			       size_t *ndirs)
{
	char **v = NULL;
	size_t n = 0;

	for (size_t i = 0; i < opts->nrule_dirs; i++) {
		v = xreallocarray(v, n + 1, sizeof *v);
		v[n++] = xstrdup(opts->rule_dirs[i]);
	}
	for (size_t i = 0; i < paths->n; i++) {
		const char *slash = strrchr(paths->v[i], '/');
		char *dir = slash ? xasprintf("%.*s/rules", (int)(slash - paths->v[i]), paths->v[i]) : xstrdup("rules");
		int seen = 0;
		for (size_t k = 0; k < n; k++)
			seen |= strcmp(v[k], dir) == 0;
		if (seen) {
			free(dir);
			continue;
		}
		v = xreallocarray(v, n + 1, sizeof *v);
		memmove(v + 1, v, n * sizeof *v);
		v[0] = dir;
		n++;
	}
	*dirs = v;
	*ndirs = n;
}

/* Where a lesson's number is written: its front matter's 'lesson:' line, or line 1 for its file name. */
static int number_line(const struct lesson *l)
{
	return l->number_line ? l->number_line : 1;
}

struct numbered {
	struct lesson *l;
	size_t order; /* in the course */
};

static int cmp_number(const void *a, const void *b)
{
	const struct numbered *x = a, *y = b;

	if (x->l->number != y->l->number)
		return x->l->number < y->l->number ? -1 : 1;
	return (x->order > y->order) - (x->order < y->order);
}

/*
 * What is wrong with the lessons together, or with one as a whole: two
 * lessons with one number (make lab-NN, tangle and the site find a lesson
 * by it), an error at each but the first, naming the first; an empty
 * lesson, a warning (the site would show its path for its title); a file
 * name that is not UTF-8, an error (a page's URL, receipts.json and the
 * JSON and SARIF reports name a lesson by it, in UTF-8: the site's receipts
 * left the lesson out, and verify could not verify the site).
 */
static void course_lessons(struct course_check *cc)
{
	struct numbered *byn = xcalloc(cc->n ? cc->n : 1, sizeof *byn);
	size_t n = 0;

	for (size_t i = 0; i < cc->n; i++)
		if (cc->results[i].lesson->number >= 0)
			byn[n++] = (struct numbered){ cc->results[i].lesson, i };
	qsort(byn, n, sizeof *byn, cmp_number);
	for (size_t i = 1, first = 0; i < n; i++) {
		if (byn[i].l->number != byn[first].l->number) {
			first = i;
			continue;
		}
		const struct lesson *f = byn[first].l;
		struct lesson *l = byn[i].l;
		struct stat a, b;
		if (stat(f->path, &a) == 0 && stat(l->path, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino)
			continue; /* one file named twice */
		diags_add(&l->diags, l->path, number_line(l), 1, SEV_ERROR, "lesson-number",
			  "this is lesson %d, and so is '%s:%d' (by %s): give each lesson a number of its own",
			  l->number, f->path, number_line(f),
			  f->number_line ? "its front matter's 'lesson:'" : "its file name");
	}
	free(byn);
	for (size_t i = 0; i < cc->n; i++) {
		struct lesson *l = cc->results[i].lesson;
		int empty = 1;
		for (size_t k = 0; k < l->text_len && empty; k++) /* the front matter is blanked in text */
			empty = l->text[k] == ' ' || l->text[k] == '\t' || l->text[k] == '\n';
		if (empty)
			diags_add(&l->diags, l->path, 1, 1, SEV_WARNING, "empty-lesson",
				  "the lesson is empty, and its path would stand for its title: write its title ('# Title') "
				  "and its text, or remove the file");
		if (!utf8_valid(l->path, strlen(l->path)))
			diags_add(&l->diags, l->path, 1, 1, SEV_ERROR, "lesson-name",
				  "this lesson's path is not UTF-8: its page's address, receipts.json and the JSON and "
				  "SARIF reports cannot name it; rename the file (or its folder)");
	}
}

/* Prints the diagnostics of d not printed yet; with rules_wait, not those a suppression may still take back. */
static void print_diags(struct diags *d, const struct course_check_opts *opts, struct progress *prog, int rules_wait)
{
	int cleared = 0;

	for (size_t k = 0; opts->print_diags && k < d->n; k++) {
		struct diag *g = &d->v[k];
		if (g->shown || (rules_wait && strcmp(g->rule, "compile-warning") == 0))
			continue;
		if (!cleared)
			progress_clear(prog);
		cleared = 1;
		diag_print(stderr, g, opts->color);
		g->shown = 1;
	}
	if (cleared)
		progress_restore(prog);
}

/*
 * After its blocks (and check_end(), cite_resolve()): the rules (unless
 * ruled: applied already, from their memo), then the lesson's diagnostics
 * not printed yet. The rule pass forks: the cache's writer must be idle
 * first.
 */
static void finish_lesson(struct course_check *cc, size_t i, const struct course_check_opts *opts,
			  struct progress *prog, int ruled)
{
	if (cc->have_cache && !ruled)
		cache_flush(&cc->cache);
	if (!opts->no_rules && !opts->nshards && !ruled)
		rules_apply(&cc->rules, &cc->results[i]);
	print_diags(&cc->results[i].lesson->diags, opts, prog, 0);
	check_summarize(&cc->results[i], &cc->sum);
}

struct job {
	size_t lesson, block;
};

struct pool {
	struct course_check *cc;
	struct runner *r;
	struct cache *cache;
	struct progress *prog;
	struct job *jobs;
	size_t njobs, next;
	pthread_mutex_t lock;
	pthread_cond_t changed;
	/* The gate: work that may share the machine, and the one block that may not. */
	int running, alone, want_alone;
	/* Per lesson: its blocks not done yet. lesson_done: one of them reached 0. */
	size_t *pending, incomplete;
	pthread_cond_t lesson_done;
};

static void gate_enter(struct pool *p, int alone)
{
	pthread_mutex_lock(&p->lock);
	if (alone) {
		p->want_alone++;
		while (p->running > 0 || p->alone)
			pthread_cond_wait(&p->changed, &p->lock);
		p->want_alone--;
		p->alone = 1;
	} else {
		while (p->alone || p->want_alone)
			pthread_cond_wait(&p->changed, &p->lock);
		p->running++;
	}
	pthread_mutex_unlock(&p->lock);
}

static void gate_leave(struct pool *p, int alone)
{
	pthread_mutex_lock(&p->lock);
	if (alone)
		p->alone = 0;
	else
		p->running--;
	pthread_cond_broadcast(&p->changed);
	pthread_mutex_unlock(&p->lock);
}

static void *worker(void *arg)
{
	struct pool *p = arg;

	for (;;) {
		pthread_mutex_lock(&p->lock);
		if (p->next == p->njobs) {
			pthread_mutex_unlock(&p->lock);
			return NULL;
		}
		struct job j = p->jobs[p->next++];
		pthread_mutex_unlock(&p->lock);

		struct lesson_result *lr = &p->cc->results[j.lesson];
		const struct block *b = &lr->lesson->blocks[j.block];
		/* The cache was asked before the threads started and had nothing: it runs, alone if a
		   measure block. */
		int alone = check_block_alone(b);
		gate_enter(p, alone);
		pthread_mutex_lock(&p->lock);
		progress_start(p->prog, lr->lesson, b);
		pthread_mutex_unlock(&p->lock);
		check_block_run(lr, j.block, p->r, p->cache);
		gate_leave(p, alone);
		check_block_verify(lr, j.block);

		pthread_mutex_lock(&p->lock);
		progress_block(p->prog, lr->lesson, b, &lr->blocks[j.block]);
		if (--p->pending[j.lesson] == 0) {
			p->incomplete--;
			pthread_cond_broadcast(&p->lesson_done);
		}
		pthread_mutex_unlock(&p->lock);
	}
}

/*
 * Lesson i's blocks are done while others still run (the pool's lock not
 * held): its references and what the engine found are reported now, with
 * its rules when they are remembered. 1 when it is finished, 0 when its
 * rules wait for the threads.
 */
static int finish_early(struct course_check *cc, size_t i, const struct course_check_opts *opts, struct pool *p)
{
	struct lesson_result *lr = &cc->results[i];
	int ruled = opts->no_rules || opts->nshards || rules_apply_known(&cc->rules, lr);

	pthread_mutex_lock(&p->lock); /* the progress line is the workers' too */
	print_diags(&lr->lesson->diags, opts, p->prog, !ruled);
	pthread_mutex_unlock(&p->lock);
	if (ruled)
		check_summarize(lr, &cc->sum);
	return ruled;
}

/*
 * The blocks whose evidence is looked up in the cache, and what was found.
 * What the cache would say of a record is held back on both threads
 * (cache_hush()): such a block is looked up again in course order, on this
 * thread, where it is said as -j 1 says it.
 */
struct lookup {
	size_t lesson, block;
	int found, again;
};

struct lookups {
	struct course_check *cc;
	struct runner *r;
	struct cache *cache;
	struct lookup *v;
};

static void look_up(void *ctx, size_t n)
{
	struct lookups *q = ctx;

	cache_hush(1);
	q->v[n].found = check_block_cached(&q->cc->results[q->v[n].lesson], q->v[n].block, q->r, q->cache);
	q->v[n].again = cache_hush(0) && !q->v[n].found;
}

/* Fewer lookups than this are not worth a second thread (the cache is shared by threads). */
#define LOOKUPS_SHARED_MIN 8

/*
 * Lesson i's end, unless it was reported already, and its rules when their
 * pass is remembered (no fork): each lesson's apart from the others'. A
 * lesson complete then is handed to opts->ahead (build renders its page).
 */
struct ends {
	struct course_check *cc;
	const struct course_check_opts *opts;
	const int *state;
	int *ruled;
};

static void end_lesson(void *ctx, size_t i)
{
	struct ends *e = ctx;
	struct lesson_result *lr = &e->cc->results[i];

	if (e->state[i] == 0) {
		check_end(lr);
		cite_resolve(lr);
		/* A memo the cache would warn of: not ruled here, so its warning comes in course order. */
		cache_hush(1);
		e->ruled[i] = !e->opts->no_rules && !e->opts->nshards && rules_apply_known(&e->cc->rules, lr);
		cache_hush(0);
		if (e->opts->ahead && (e->ruled[i] || e->opts->no_rules || e->opts->nshards))
			e->opts->ahead->lesson(e->opts->ahead->arg, e->cc, i);
	}
}

/*
 * Runs every block on nthreads threads, reporting each lesson as soon as
 * its blocks are done (the file's header says how), then finishes the
 * others in course order.
 */
static void run_parallel(struct course_check *cc, const struct course_check_opts *opts, struct progress *prog,
			 struct runner *r, struct cache *cache, size_t nthreads)
{
	struct pool p = { .cc = cc, .r = r, .cache = cache, .prog = prog };
	pthread_t *threads = xcalloc(nthreads, sizeof *threads);
	size_t started = 0;
	/* Per lesson: 0 not reported yet, 1 reported but its rules wait, 2 finished. */
	int *state = xcalloc(cc->n ? cc->n : 1, sizeof *state);

	pthread_mutex_init(&p.lock, NULL);
	pthread_cond_init(&p.changed, NULL);
	pthread_cond_init(&p.lesson_done, NULL);
	p.pending = xcalloc(cc->n ? cc->n : 1, sizeof *p.pending);
	for (size_t i = 0; i < cc->n; i++) {
		check_begin(&cc->results[i]);
		cc->results[i].partial = opts->nshards > 0;
		p.njobs += cc->results[i].lesson->nblocks;
	}
	p.jobs = xcalloc(p.njobs ? p.njobs : 1, sizeof *p.jobs);
	/*
	 * What the cache has is taken first, here and on one more thread (a
	 * lookup costs a tenth of a millisecond: reading, verifying and parsing
	 * a record): a run with nothing changed starts no pool. Then, in course
	 * order, each block found is verified and the others go to the pool.
	 */
	struct lookups q = { cc, r, cache, xcalloc(p.njobs ? p.njobs : 1, sizeof *q.v) };
	size_t nlook = 0;
	for (int alone = 0; alone < 2; alone++)
		for (size_t i = 0; i < cc->n; i++)
			for (size_t b = 0; b < cc->results[i].lesson->nblocks; b++) {
				struct lesson_result *lr = &cc->results[i];
				if (check_block_alone(&lr->lesson->blocks[b]) != alone)
					continue;
				if (opts->nshards &&
				    course_check_shard_of(lr->lesson, &lr->lesson->blocks[b], opts->nshards) != opts->shard) {
					lr->blocks[b].elsewhere = 1;
					continue;
				}
				q.v[nlook++] = (struct lookup){ i, b, 0, 0 };
			}
	twice_for(nlook, LOOKUPS_SHARED_MIN, nthreads > 1, look_up, &q);
	size_t k = 0;
	for (size_t n = 0; n < nlook; n++) {
		size_t i = q.v[n].lesson, b = q.v[n].block;
		struct lesson_result *lr = &cc->results[i];
		if (q.v[n].again)
			q.v[n].found = check_block_cached(lr, b, r, cache);
		if (q.v[n].found) {
			check_block_verify(lr, b);
			progress_block(prog, lr->lesson, &lr->lesson->blocks[b], &lr->blocks[b]);
		} else {
			p.jobs[k++] = (struct job){ i, b };
			if (p.pending[i]++ == 0)
				p.incomplete++;
		}
	}
	free(q.v);
	p.njobs = k;
	if (nthreads > k)
		nthreads = k;
	if (r && k)
		runner_env(r); /* captured once, before the threads need it */
	while (started < nthreads && pthread_create(&threads[started], NULL, worker, &p) == 0)
		started++;
	if (started == 0) {
		worker(&p); /* no thread to be had (or nothing to run): this one does it all */
	} else {
		/*
		 * A lesson done while others still run is reported now. The lessons
		 * done last (none left running) are finished after the threads.
		 */
		pthread_mutex_lock(&p.lock);
		while (p.incomplete > 0) {
			size_t ready = cc->n;
			for (size_t i = 0; i < cc->n && ready == cc->n; i++)
				if (!state[i] && p.pending[i] == 0)
					ready = i;
			if (ready == cc->n) {
				pthread_cond_wait(&p.lesson_done, &p.lock);
				continue;
			}
			pthread_mutex_unlock(&p.lock);
			check_end(&cc->results[ready]);
			cite_resolve(&cc->results[ready]);
			state[ready] = finish_early(cc, ready, opts, &p) ? 2 : 1;
			pthread_mutex_lock(&p.lock);
		}
		pthread_mutex_unlock(&p.lock);
	}
	for (size_t t = 0; t < started; t++)
		pthread_join(threads[t], NULL);
	pthread_cond_destroy(&p.lesson_done);
	pthread_cond_destroy(&p.changed);
	pthread_mutex_destroy(&p.lock);
	free(p.jobs);
	free(p.pending);
	free(threads);

	struct ends ends = { cc, opts, state, xcalloc(cc->n ? cc->n : 1, sizeof *ends.ruled) };
	size_t *size = xcalloc(cc->n ? cc->n : 1, sizeof *size);
	for (size_t i = 0; i < cc->n; i++)
		size[i] = cc->results[i].lesson->src_len;
	if (opts->ahead)
		opts->ahead->prepare(opts->ahead->arg, cc);
	twice_for_sizes(cc->n, opts->jobs != 1, size, end_lesson, &ends);
	free(size);
	for (size_t i = 0; i < cc->n; i++)
		if (state[i] < 2)
			finish_lesson(cc, i, opts, prog, ends.ruled[i]);
	free(ends.ruled);
	free(state);
}

/*
 * A $CC that names a file by its path, which is missing or no program:
 * runner_init() would say it is "not found in PATH", which it was never
 * looked up in. -1 with *err saying what it is.
 */
static int compiler_path(char **err)
{
	const char *cc = getenv("CC");
	struct strvec w = STRVEC_INIT;
	struct stat st;

	*err = NULL;
	if (cc && *cc && strvec_split(&w, cc) == 0 && w.n > 0 && strchr(w.v[0], '/')) {
		if (stat(w.v[0], &st) < 0)
			*err = xasprintf("no C compiler: CC names '%s', which %s", w.v[0],
					 errno == ENOENT ? "does not exist" : strerror(errno));
		else if (!S_ISREG(st.st_mode) || access(w.v[0], X_OK) < 0)
			*err = xasprintf("no C compiler: CC names '%s', which is not an executable file", w.v[0]);
	}
	strvec_clear(&w);
	return *err ? -1 : 0;
}

/* Gives back the runner and the cache. */
static void release_tools(struct course_check *cc)
{
	if (cc->have_cache)
		cache_release(&cc->cache);
	cc->have_cache = 0;
	if (cc->have_runner)
		runner_release(&cc->runner);
	cc->have_runner = 0;
}

/* The runner and the cache, for blocks that run (dry: cache_init_dry()); -1 with *err. */
static int make_tools(struct course_check *cc, const struct course_check_opts *opts, int dry, char **err)
{
	if (compiler_path(err) < 0 || runner_init(&cc->runner, err) < 0)
		return -1;
	cc->have_runner = 1;
	cc->runner.sanitize = opts->sanitize;
	cc->runner.repeat = opts->repeat;
	if (dry)
		cache_init_dry(&cc->cache, &cc->runner, opts->fresh);
	else
		cache_init(&cc->cache, &cc->runner, opts->fresh);
	cc->have_cache = 1;
	cc->cache.held = opts->held;
	return 0;
}

/*
 * make_tools(), offered to the helper thread (twice.h) while the lessons
 * load, before it is known whether a block runs: only where evidence was
 * kept before (the cache folder is there), and dry (cache_init_dry()):
 * making them makes nothing on disk and says nothing. If no block runs,
 * they are given back unused; if the dry cache stopped short (a memo to
 * write, a warning to say), or the helper had not begun, they are made
 * after loading, as without it.
 */
struct prep {
	struct course_check *cc;
	const struct course_check_opts *opts;
	char *err;
	int rc;
};

static void prepare(void *arg)
{
	struct prep *p = arg;

	p->rc = make_tools(p->cc, p->opts, 1, &p->err);
}

/* Lesson i, read and parsed (or errs[i] set): lessons are parsed apart, on two threads. */
struct loads {
	struct course_check *cc;
	int *errs; /* errno of each lesson that could not be read */
};

static void load_lesson(void *ctx, size_t i)
{
	struct loads *q = ctx;
	struct lesson_result *lr = &q->cc->results[i];

	lr->lesson = lesson_load(q->cc->paths.v[i]);
	q->errs[i] = lr->lesson ? 0 : errno;
}

int course_check_run(struct course_check *cc, char *const *paths, size_t npaths,
		     const struct course_check_opts *opts, char **err)
{
	memset(cc, 0, sizeof *cc);
	diags_init(&cc->rules.errors);
	cc->shard = opts->shard;
	cc->nshards = opts->nshards;
	*err = NULL;
	if (course_check_opts_verify(opts, err) < 0)
		return -1;

	int found = course_find(&cc->paths, paths, npaths, err);
	for (size_t i = 0; opts->print_diags && i < cc->paths.nnotes; i++) {
		struct buf b = BUF_INIT; /* the names are the folder's: escaped */
		buf_adds_printable(&b, cc->paths.notes[i]);
		complain("note: %s", b.p);
		buf_release(&b);
	}
	if (found < 0)
		return -1;
	cc->results = xcalloc(cc->paths.n ? cc->paths.n : 1, sizeof *cc->results);
	cc->n = cc->paths.n;
	int needs_cc = 0;
	struct progress prog;
	progress_init(&prog, 0, opts->progress, opts->color);
	struct loads loads = { cc, xcalloc(cc->n ? cc->n : 1, sizeof *loads.errs) };
	struct prep prep = { cc, opts, NULL, 0 };
	struct twice_job pj;
	twice_start(&pj, prepare, &prep, opts->jobs != 1 && cache_exists());
	twice_for(cc->n, 2, opts->jobs != 1, load_lesson, &loads);
	int early = twice_cancel(&pj); /* the helper made them, or never will */
	for (size_t i = 0; i < cc->n; i++) {
		struct lesson *l = cc->results[i].lesson;
		if (!l) {
			*err = xasprintf("cannot read '%s': %s", cc->paths.v[i], lesson_strerror(loads.errs[i]));
			free(loads.errs);
			free(prep.err);
			return -1;
		}
		for (size_t k = 0; k < l->nblocks; k++) {
			if (opts->nshards && course_check_shard_of(l, &l->blocks[k], opts->nshards) != opts->shard)
				continue;
			needs_cc |= block_runs(&l->blocks[k]) && !l->blocks[k].bad_attrs;
			prog.total++;
		}
	}
	free(loads.errs);
	course_lessons(cc);
	if (early && needs_cc && prep.rc < 0) {
		*err = prep.err;
		return -1;
	} else if (early && (!needs_cc || (prep.rc == 0 && cc->cache.dry_missed))) {
		/* made for nothing, or stopped short: given back (writing nothing), its failure unsaid */
		free(prep.err);
		release_tools(cc);
		early = 0;
	} else if (early) {
		cc->cache.dry = 0; /* adopted: as cache_init() makes it */
	}
	if (!early && needs_cc && make_tools(cc, opts, 0, err) < 0)
		return -1;
	if (!opts->no_rules) {
		char **dirs;
		size_t ndirs;
		course_check_rule_folders(&cc->paths, opts, &dirs, &ndirs);
		int rc = ruleset_load(&cc->rules, dirs, ndirs, cc->have_cache ? &cc->cache : NULL, err);
		free_words(dirs, ndirs);
		if (rc < 0)
			return -1;
	}

	if (opts->print_diags)
		for (size_t k = 0; k < cc->rules.errors.n; k++)
			diag_print(stderr, &cc->rules.errors.v[k], opts->color);
	cc->sum.errors += diags_count(&cc->rules.errors, SEV_ERROR);

	struct runner *r = cc->have_runner ? &cc->runner : NULL;
	struct cache *cache = cc->have_cache ? &cc->cache : NULL;
	long jobs = opts->jobs > 0 ? opts->jobs : sysconf(_SC_NPROCESSORS_ONLN);
	size_t compiling = 0;
	for (size_t i = 0; i < cc->n; i++)
		for (size_t k = 0; k < cc->results[i].lesson->nblocks; k++)
			compiling += block_compiles(&cc->results[i].lesson->blocks[k]);
	if (opts->nshards) { /* the one path that can leave blocks out */
		size_t threads = (size_t)jobs < compiling ? (size_t)jobs : compiling;
		run_parallel(cc, opts, &prog, r, cache, threads ? threads : 1);
	} else if (jobs > 1 && compiling > 1) {
		run_parallel(cc, opts, &prog, r, cache, (size_t)jobs < compiling ? (size_t)jobs : compiling);
	} else {
		for (size_t i = 0; i < cc->n; i++) {
			struct lesson_result *lr = &cc->results[i];
			check_begin(lr);
			for (size_t b = 0; b < lr->lesson->nblocks; b++) {
				if (!check_block_cached(lr, b, r, cache)) {
					progress_start(&prog, lr->lesson, &lr->lesson->blocks[b]);
					check_block_run(lr, b, r, cache);
				}
				check_block_verify(lr, b);
				progress_block(&prog, lr->lesson, &lr->lesson->blocks[b], &lr->blocks[b]);
			}
			check_end(lr);
			cite_resolve(lr);
			finish_lesson(cc, i, opts, &prog, 0);
		}
	}
	progress_clear(&prog);
	progress_release(&prog);
	return 0;
}

int course_check_opt(struct course_check_opts *opts, int c, const char *arg)
{
	if (c == 'r') {
		opts->rule_dirs = xreallocarray(opts->rule_dirs, opts->nrule_dirs + 1, sizeof *opts->rule_dirs);
		opts->rule_dirs[opts->nrule_dirs++] = xstrdup(arg);
		return 1;
	}
	if (c == 'R') {
		opts->no_rules = 1;
		return 1;
	}
	return 0;
}

int course_check_opts_verify(const struct course_check_opts *opts, char **err)
{
	struct stat st;

	for (size_t i = 0; i < opts->nrule_dirs; i++) {
		const char *d = opts->rule_dirs[i];
		const char *why = NULL;
		if (stat(d, &st) < 0)
			why = errno == ENOENT ? "no such folder" : strerror(errno);
		else if (!S_ISDIR(st.st_mode))
			why = "not a folder";
		if (why) {
			*err = xasprintf("--rules '%s': %s: name a folder of rule files (*.lua)", d, why);
			return -1;
		}
	}
	return 0;
}

void course_check_opts_release(struct course_check_opts *opts)
{
	free_words(opts->rule_dirs, opts->nrule_dirs);
	opts->rule_dirs = NULL;
	opts->nrule_dirs = 0;
}

int course_check_cmd(struct course_check *cc, char *const *paths, size_t npaths,
		     const struct course_check_opts *opts)
{
	char *err;

	if (course_check_run(cc, paths, npaths, opts, &err) == 0)
		return 0;
	complain("%s", err);
	free(err);
	return 2;
}

void course_check_release(struct course_check *cc)
{
	for (size_t i = 0; i < cc->n; i++)
		lesson_result_release(&cc->results[i]);
	free(cc->results);
	cc->results = NULL;
	cc->n = 0;
	course_paths_release(&cc->paths);
	release_tools(cc);
	ruleset_release(&cc->rules);
}

void course_check_release_at_exit(struct course_check *cc)
{
	if (!LEAKS_CHECKED)
		cc->n = 0; /* the results stay, for the exit to give back */
	course_check_release(cc);
}

int course_check_gate(const struct course_check *cc)
{
	return check_gate(cc->results, cc->n) || diags_count(&cc->rules.errors, SEV_ERROR) > 0;
}

unsigned course_check_shard_of(const struct lesson *l, const struct block *b, unsigned n)
{
	struct sha256_ctx ctx;
	uint8_t digest[SHA256_DIGEST_SIZE];
	const char *slash = strrchr(l->path, '/');
	uint64_t h = 0;

	sha256_init(&ctx);
	key_str(&ctx, "lesson", slash ? slash + 1 : l->path);
	key_str(&ctx, "block", b->id);
	sha256_digest(&ctx, sizeof digest, digest);
	for (size_t i = 0; i < 8; i++)
		h = h << 8 | digest[i];
	return (unsigned)(h % n) + 1;
}

int course_check_shard_parse(const char *arg, unsigned *shard, unsigned *nshards)
{
	unsigned long i, n = 0;
	char *slash, *end = NULL;

	if (arg[0] < '0' || arg[0] > '9')
		return -1;
	errno = 0;
	i = strtoul(arg, &slash, 10);
	if (*slash == '/' && slash[1] >= '0' && slash[1] <= '9')
		n = strtoul(slash + 1, &end, 10);
	if (errno || !n || *end || i < 1 || i > n || n > 1000)
		return -1;
	*shard = (unsigned)i;
	*nshards = (unsigned)n;
	return 0;
}

const char *course_check_shard_usage(const char *arg)
{
	static char msg[160];
	snprintf(msg, sizeof msg, "--shard needs I/N, the I-th of N shards, 1 <= I <= N <= 1000, not '%.60s'", arg);
	return msg;
}

int course_check_finish(struct course_check *cc, struct course_check_opts *opts, int ran, int status)
{
	if (ran) {
		course_check_print_summary(stderr, cc);
		if (status == 0 && course_check_gate(cc))
			status = 1;
	}
	course_check_release(cc);
	course_check_opts_release(opts);
	return status;
}

void course_check_print_summary(FILE *fp, const struct course_check *cc)
{
	const struct summary *sum = &cc->sum;

	if (cc->nshards) {
		size_t all = 0;
		for (size_t i = 0; i < cc->n; i++)
			all += cc->results[i].lesson->nblocks;
		fprintf(fp,
			"litlab: shard %u/%u: %zu of the %zu blocks of %zu lesson%s: %zu passed, %zu failed, "
			"%zu measured, %zu compiled, %zu compile-failed as expected, %zu derived; %zu error%s, "
			"%zu warning%s in this shard (the rules, {{measure:...}} references and the other shards' "
			"blocks are not checked here: the course's verdict is a check or build with every shard's "
			"evidence imported)\n",
			cc->shard, cc->nshards, sum->blocks, all, sum->lessons, sum->lessons == 1 ? "" : "s",
			sum->passed, sum->failed, sum->measured, sum->compiled, sum->compile_failed, sum->derived,
			sum->errors, sum->errors == 1 ? "" : "s", sum->warnings, sum->warnings == 1 ? "" : "s");
		return;
	}
	fprintf(fp,
		"litlab: %zu lesson%s, %zu block%s: %zu passed, %zu failed, %zu measured, %zu compiled, "
		"%zu compile-failed as expected, %zu derived; %zu error%s, %zu warning%s\n",
		sum->lessons, sum->lessons == 1 ? "" : "s", sum->blocks, sum->blocks == 1 ? "" : "s",
		sum->passed, sum->failed, sum->measured, sum->compiled, sum->compile_failed, sum->derived,
		sum->errors, sum->errors == 1 ? "" : "s", sum->warnings, sum->warnings == 1 ? "" : "s");
}

void course_check_ledger(struct ledger_model *m, const struct course_check *cc)
{
	struct evidence_context run = runner_context(cc->have_runner ? &cc->runner : NULL);

	ledger_model_build(m, &run, cc->results, cc->n, &cc->rules.errors, &cc->sum);
	m->shard = cc->shard;
	m->nshards = cc->nshards;
}

json_t *course_check_json(const struct course_check *cc)
{
	struct ledger_model m;

	course_check_ledger(&m, cc);
	json_t *doc = report_document(&m);
	ledger_model_release(&m);
	return doc;
}

json_t *course_check_sarif(const struct course_check *cc)
{
	return sarif_document(cc->results, cc->n, &cc->rules.errors, &cc->rules);
}
