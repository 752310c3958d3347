/*
 * cache.h: the evidence cache, so that a check with nothing changed runs
 * nothing.
 *
 * A record is the evidence of one block (struct evidence: the compiler's
 * log and verdict, the run's end, stdout, stderr, times, every measure
 * sample with its regions, and for measure blocks when and where they were
 * measured), as a JSON file at DIR/evidence/ab/abcdef....json, named by its
 * key, with the date it was written ("made": evidence.made when loaded) and
 * the hash of its evidence ("evidence_sha256": evidence.sha256); after the
 * JSON, a newline and the (absolute) paths of the files and folders it depends on, one
 * a line, as many as its "deps" counts. DIR is $LITLAB_CACHE_DIR, else
 * ".litlab" in the current folder.
 *
 * The key is a SHA-256 (nettle) of everything the runner's result depends
 * on that litlab can know before running: the translation unit (which names
 * the lesson's path in its #line directives), the compiler's identity (its
 * path, the first line of its --version, a hash of its binary, the
 * paths and hashes of the cc1, as, ld and collect2 it runs), the command
 * in $CC, the lesson's and the block's cflags, ldlibs, the mode, stdin,
 * args, exit= (measure), the limits (timeout, samples, warmup and the fixed
 * ones), --sanitize and --repeat, the isolation tier, LITLAB_SANDBOX_PATHS
 * (the compiler's environment is fixed: none of litlab's reaches it), the
 * region header litlab.h and litlab's version. The headers a block includes
 * are known only once it is built: the record lists every file of the
 * compiler's, the assembler's and the linker's dependency output (system
 * headers included) and one SHA-256 over their paths and contents, and a
 * record whose files changed is stale. Each file is hashed once per run, or
 * not at all while the index knows its identity.
 * A compilation that fails leaves no dependency output (gcc removes it):
 * such a record depends on no header, only on all the rest, the compiler's
 * identity included. Every record also lists the folders where a file the
 * compiler or linker would now find first could appear (evidence.dirs), with
 * a hash of their state (the names of their entries): a header put in
 * one since, shadowing the one built with or missing then, makes it stale.
 * LITLAB_SANDBOX_PATHS is in the key: it decides what the compiler sees.
 *
 * Records and memos are signed (HMAC-SHA256) with a secret of the user's,
 * kept outside every course: $XDG_STATE_HOME/litlab/cache-secret (default
 * ~/.local/state/litlab/cache-secret), 32 random bytes, mode 0600, made on
 * first use. DIR is in the course, and a repository can carry one whose
 * records say whatever its author wrote (a passing verdict, a measurement):
 * a record or memo this user's litlab did not sign is no record (one
 * warning per run) and is replaced. Where no secret can be kept (no home
 * folder), nothing is cached (one warning).
 *
 * Everything below DIR is opened below its descriptor with no link
 * followed (fs.h): folders are made and entered without following a link,
 * only regular files are read, records at most CACHE_RECORD_MAX bytes and
 * memos at most CACHE_MEMO_MAX, and .gitignore and CACHEDIR.TAG are only
 * ever created (never opened if something, a link, is there). DIR itself is
 * taken as named when $LITLAB_CACHE_DIR names it; the default .litlab is
 * resolved with no link followed, and a link there makes the cache unused
 * (one warning). A link, a FIFO or a device planted where a record or memo
 * goes is no record (a warning) and is replaced, never followed.
 *
 * Records are written to a temporary file beside their place and renamed
 * into it, so that a reader, in this process or another litlab running at
 * the same time, sees a whole record or none; the last writer wins. There is
 * no fsync: a record lost in a crash is rebuilt. A record that cannot be
 * read back (bad JSON, a missing field, another key) is reported once with
 * a warning naming the file, ignored, and rewritten.
 *
 * Not stored, so always run again: evidence of a launch that failed, of a
 * compiler that did not exit by itself, or of a program that ran past its
 * time limit (a busy machine must not make a timeout permanent; a watch
 * session keeps the last in memory, cache_held below).
 *
 * Every function may be called from several threads at once.
 */
#ifndef LITLAB_CACHE_H
#define LITLAB_CACHE_H

#include <jansson.h>
#include <pthread.h>

#include "base/keyhash.h"
#include "lesson/lesson.h"
#include "run/runner.h"

#define CACHE_DIR_DEFAULT ".litlab"
#define CACHE_DIR_ENV "LITLAB_CACHE_DIR"
/* The longest record read: four streams of 1 MiB each, every byte escaped (\u0000), and samples. */
#define CACHE_RECORD_MAX (64u << 20)
#define CACHE_MEMO_MAX (16u << 20)
/* The most bytes of records waiting for the writer thread. */
#define CACHE_QUEUE_MAX (32u << 20)

struct cache_file;    /* a file hashed in this run */
struct cache_held;    /* a watch session's timed-out runs (below) */
struct cache_pending; /* a record waiting for the writer */

struct cache {
	char *dir;	      /* the cache's folder */
	int named;	      /* $LITLAB_CACHE_DIR: taken as named; else .litlab, resolved with no link followed */
	int root;	      /* dir, open (atomic: set once, by whoever makes it), or -1 */
	int unusable;	      /* dir cannot be used (a link where .litlab goes): reported once, nothing kept */
	int fresh;	      /* never read records (check --fresh); still write them */
	unsigned char secret[32]; /* what records are signed with */
	int have_secret;
	int foreign_warned;   /* a record not signed with it was reported */
	char toolchain[KEY_HEX + 1]; /* hash of the compiler's identity */
	struct sha256_ctx key_head;  /* every key's first fields, the same for every block (cache_key()) */
	char *fingerprint;    /* sandbox_fingerprint(), when the isolation was looked up */
	char *assumed;	      /* the isolation taken from the memo, not probed; else NULL */
	int mismatch;	      /* the probe, run later, disagreed with assumed: store nothing */
	int dry;	      /* made by cache_init_dry(): nothing made on disk, nothing said (cleared to adopt it) */
	int dry_missed;	      /* cache_init_dry() stopped where cache_init() would make or say something */
	pthread_mutex_t lock; /* guards what follows */
	struct cache_file **files; /* hash table of the files hashed so far */
	pthread_cond_t decided;	   /* an answer of deps_unchanged() another thread waits for is in */
	size_t nfiles, files_alloc;
	struct cache_file **known; /* the index: digests of files and folders by identity (memo "file-index") */
	size_t nknown, known_alloc;
	int known_changed;	   /* an entry was added: the index is written at cache_release() */
	char **warned;		   /* records already reported as corrupt */
	size_t nwarned;
	int write_warned;
	unsigned char made[32];	   /* evidence/XX folders known to exist, a bit each */
	/* The writer thread and its queue. */
	pthread_t writer;
	int have_writer, no_writer, stop, writing;
	pthread_cond_t wake, idle;
	struct cache_pending *queue, *queue_tail;
	size_t queued; /* bytes of the records in the queue */
	struct cache_held *held; /* set by the caller for a watch session (litlab serve), or NULL */
};

/*
 * 1 if the cache folder ($LITLAB_CACHE_DIR, else .litlab) is there already,
 * a folder and not a link: evidence was kept before.
 */
int cache_exists(void);
/*
 * Opens the cache in $LITLAB_CACHE_DIR or ".litlab" (created when the
 * first record is written) for blocks built by r: learns the compiler's
 * identity (runner_env(r), and a hash of the compiler's binary). Never
 * fails: a cache that cannot be written is reported once and skipped.
 */
void cache_init(struct cache *c, struct runner *r, int fresh);
/*
 * cache_init() made before it is known whether a block runs: it makes
 * nothing on disk (no secret, memo or index) and says nothing. Where
 * cache_init() would (a memo missing, a warning due), it stops with
 * c->dry_missed set: the caller gives c and r back, which writes nothing,
 * and calls cache_init() when a block runs. Else the caller adopts c by
 * clearing c->dry, as if cache_init() had made it, or gives it back.
 */
void cache_init_dry(struct cache *c, struct runner *r, int fresh);
/*
 * On this thread, from cache_hush(1) to cache_hush(0), what the cache
 * would say of a record or memo (corrupt, another user's) is not said nor
 * taken as said: it was not taken. cache_hush(0) returns 1 if something
 * was held back, for the caller to ask again where the order of warnings
 * is the course's (lookups on two threads, course_check.c).
 */
int cache_hush(int on);
void cache_release(struct cache *c);
/*
 * In a child that runs untrusted code in a copy of this process (the rule
 * pass): every open cache's secret is wiped from the copy, and the copy
 * signs nothing. The parent's caches are untouched.
 */
void cache_forget_secrets(void);

/* The key of block b of lesson l as r builds and runs it: KEY_HEX hex digits and a NUL. */
void cache_key(struct cache *c, const struct runner *r, struct lesson *l, struct block *b,
	       char key[KEY_HEX + 1]);

/*
 * Fills ev (fresh from evidence_init()) from the record of key and sets
 * ev->cached. Returns 1 then; 0 when there is no usable record (none, a
 * file it depends on changed, --fresh, or a corrupt record: reported),
 * with ev left empty.
 */
int cache_load(struct cache *c, const char *key, struct evidence *ev);

/*
 * Writes ev as the record of key, unless it is evidence the cache does not
 * keep (above). The file is written by a thread of the cache's own, started
 * on first use: cache_flush() waits until every record stored so far is
 * written (and the thread idle: call it before fork(), e.g. before the rule
 * pass); cache_release() writes what is left, then stops the thread.
 */
void cache_store(struct cache *c, const char *key, const struct evidence *ev);
void cache_flush(struct cache *c);

/*
 * Memos: small facts that are slow to learn and change rarely, kept at
 * DIR/memo/KIND-HASH, where HASH is a SHA-256 of id (and litlab's version):
 * the id must name everything the fact depends on. The compiler's --version
 * line and the hash of its binary (id: the file's path, device, inode,
 * size, modification and change times), the isolation tier the probe found
 * (id: sandbox_fingerprint()), a lesson's rule pass (id: a hash of the rule
 * files, the lesson's bytes and the evidence the rules see). Read with
 * cache_memo_get() (malloc'd, NUL-terminated; NULL when there is none or
 * with --fresh), written whole with cache_memo_put() (a failure is silent:
 * the fact is learnt again next time; so is a memo of more than
 * CACHE_MEMO_MAX, which is not written). A memo ends with a line of its own:
 * one cut short is no memo. Called from one thread at a time.
 */
char *cache_memo_get(const struct cache *c, const char *kind, const char *id, size_t *len);
void cache_memo_put(struct cache *c, const char *kind, const char *id, const char *data, size_t len);

/*
 * A watch session's memory of the runs that timed out (litlab serve). The
 * cache never stores a timeout; a session that checks the same lessons again
 * and again would then spend each block's time limit on every save. With
 * c->held set, cache_store() keeps the evidence of a run that ran past its
 * time limit in memory under its key (the key holds the code and the
 * limits), and cache_load() hands it back with ev->held set, so that the
 * block is not run again until its key changes or cache_held_clear() (the
 * author asked). Nothing of it is written to disk. Thread-safe.
 */
struct cache_held *cache_held_new(void);
void cache_held_free(struct cache_held *h);
/* Forgets every run; returns how many it held. */
size_t cache_held_clear(struct cache_held *h);

/*
 * Records as bytes, to move them between caches (run/archive.h: `litlab
 * evidence export` and `import`). A record's body is its JSON, without the
 * line that signs it (which only this user's secret can check).
 *
 * cache_open_records() opens the cache for its records alone (no compiler,
 * no keys: import): 0, or -1 with *err (malloc'd) when it cannot keep
 * records (no secret, a link where the cache goes). Release it with
 * cache_release().
 *
 * cache_record_get(): 1 with key's body (*body malloc'd, *len) when the
 * cache holds a record of key that this user's litlab signed, that reads
 * back whole and whose files are still as they were (so that export never
 * sends what check would not use); else 0.
 *
 * cache_record_check(): 0 when body is a whole record of key that this
 * litlab reads (its format, its key, its evidence, written as this litlab
 * writes what it reads, and the hash it states of it, its lists of files);
 * else -1 with *why (malloc'd).
 *
 * cache_record_put(): writes body (checked first) as key's record, signed
 * with this user's secret, at once (atomic: a temporary file renamed).
 * Never replaces a record of key that the cache holds and vouches for:
 * CACHE_PUT_SAME when it is these very bytes, CACHE_PUT_KEPT when it is
 * another record (the first evidence of a key stays); but a stale one (a
 * file it lists changed since) is replaced by a body that is fresh here.
 * CACHE_PUT_ADDED when written; -1 (errno) when it cannot be written.
 */
enum { CACHE_PUT_ADDED, CACHE_PUT_SAME, CACHE_PUT_KEPT };
int cache_open_records(struct cache *c, char **err);
int cache_record_get(struct cache *c, const char *key, char **body, size_t *len);
int cache_record_check(const char *key, const char *body, size_t len, char **why);
int cache_record_put(struct cache *c, const char *key, const char *body, size_t len);

/* The record's "evidence" object, and back; -1 with *err (malloc'd) when j is not one. */
json_t *cache_evidence_json(const struct evidence *ev);
int cache_evidence_parse(json_t *j, struct evidence *ev, char **err);
/*
 * The SHA-256 of ev's "evidence" object as compact JSON with sorted keys
 * (the receipts' evidence_sha256): the one its record states (written with
 * the record, checked when a record is imported), else computed. 0, or -1
 * when ev cannot be written as JSON.
 */
int cache_evidence_sha256(const struct evidence *ev, char out[KEY_HEX + 1]);

#endif
