/*
 * cache.c: keys, records and their files (the contract is in cache.h).
 *
 * Bytes that are not valid UTF-8 (a program may print anything) are kept
 * in records as {"base64": "..."}, so that a record gives back exactly the
 * bytes that were captured; valid UTF-8, NULs included, stays a string.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <nettle/base64.h>
#include <nettle/hmac.h>
#include <nettle/sha2.h>

#include "base/embedded.h"
#include "base/buf.h"
#include "base/leftover.h"
#include "run/cache.h"
#include "run/console.h"
#include "lesson/lessonfiles.h"
#include "base/fs.h"
#include "base/keyhash.h"

/* Bumped whenever the key's fields, the way a block is built, or the record's layout change. */
#define CACHE_FORMAT 6

/* engine/include/litlab.h, embedded at build time: blocks may include it. */

struct cache_file {
	char *path;
	int ok;	  /* it could be read, and digest is its hash */
	int used; /* in the index: this run asked for it or added it, so it is written first */
	int pending; /* an answer of deps_unchanged() that a thread is working out */
	char digest[KEY_HEX + 1];
};

/*
 * The table of files hashed in this run: open addressing on an FNV-1a hash
 * of the path. It also holds folders ("\n" and the path: the digest of its
 * names) and the answers of deps_unchanged() ("\t" or "\v" and a digest),
 * keys no path starts with.
 */
static size_t path_hash(const char *s)
{
	uint64_t h = 14695981039346656037ULL;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return (size_t)h;
}

static struct cache_file **slot(struct cache_file **v, size_t alloc, const char *path)
{
	size_t i = path_hash(path) & (alloc - 1);

	while (v[i] && strcmp(v[i]->path, path) != 0)
		i = (i + 1) & (alloc - 1);
	return &v[i];
}

/* Adds f to the table *v (n entries, alloc slots; f's path not in it yet). Called with c->lock held. */
static void table_add(struct cache_file ***v, size_t *n, size_t *alloc, struct cache_file *f)
{
	if (2 * (*n + 1) > *alloc) {
		size_t grown = *alloc ? 2 * *alloc : 64;
		struct cache_file **t = xcalloc(grown, sizeof *t);
		for (size_t i = 0; i < *alloc; i++)
			if ((*v)[i])
				*slot(t, grown, (*v)[i]->path) = (*v)[i];
		free(*v);
		*v = t;
		*alloc = grown;
	}
	*slot(*v, *alloc, f->path) = f;
	(*n)++;
}

static void files_add(struct cache *c, struct cache_file *f)
{
	table_add(&c->files, &c->nfiles, &c->files_alloc, f);
}

static void table_free(struct cache_file **v, size_t alloc)
{
	for (size_t i = 0; i < alloc; i++)
		if (v[i]) {
			free(v[i]->path);
			free(v[i]);
		}
	free(v);
}

/*
 * The index: the digest of each file (of its contents) and folder (of its
 * names) hashed before, by identity: "f " or "d " and envinfo_file_id()
 * (path, device, inode, size, modification and change times). One signed
 * memo, read once per run and written again when it learnt something, as
 * git's index keeps what each file's stat said: a run hashes only the files
 * that changed, and lists only the folders that did, instead of reading
 * every header (a hundred files, most of a warm check's reading) or one memo
 * per large file or folder. A line is "HEX<TAB>identity"; identities with a
 * tab or a newline in their path are not kept.
 */
#define INDEX_MAX 8192 /* entries written: those this run used first */

static void index_load(struct cache *c)
{
	size_t len = 0;
	char *text = cache_memo_get(c, "file-index", "1", &len);

	for (char *line = text, *end = text ? text + len : NULL; line && line < end;) {
		char *nl = memchr(line, '\n', (size_t)(end - line));
		size_t n = nl ? (size_t)(nl - line) : (size_t)(end - line);
		if (n > KEY_HEX + 1 && line[KEY_HEX] == '\t' && c->nknown < INDEX_MAX) {
			struct cache_file *f = xcalloc(1, sizeof *f);
			f->path = xstrndup(line + KEY_HEX + 1, n - KEY_HEX - 1);
			memcpy(f->digest, line, KEY_HEX);
			if (c->known_alloc && *slot(c->known, c->known_alloc, f->path)) { /* a line twice */
				free(f->path);
				free(f);
			} else {
				table_add(&c->known, &c->nknown, &c->known_alloc, f);
			}
		}
		line = nl ? nl + 1 : end;
	}
	free(text);
}

/* The digest the index knows for id: 1 with digest, else 0. The entry is marked used. */
static int index_get(struct cache *c, const char *id, char digest[KEY_HEX + 1])
{
	int found = 0;

	pthread_mutex_lock(&c->lock);
	struct cache_file *f = c->known_alloc ? *slot(c->known, c->known_alloc, id) : NULL;
	if (f) {
		memcpy(digest, f->digest, KEY_HEX + 1);
		f->used = 1;
		found = 1;
	}
	pthread_mutex_unlock(&c->lock);
	return found;
}

/*
 * Adds id's digest, unless the file changed in the last two seconds: a
 * file's times have the kernel's clock tick as grain, and a change made
 * within the same tick as the one hashed would not show in them (git's
 * "racily clean" entries). Such a file is hashed again next time.
 */
static void index_put(struct cache *c, const char *id, const struct stat *st, const char *digest)
{
	time_t now = time(NULL);

	if (strpbrk(id, "\t\n") || now == (time_t)-1 || st->st_ctim.tv_sec >= now - 2 || st->st_mtim.tv_sec >= now - 2)
		return;
	pthread_mutex_lock(&c->lock);
	if (!c->known_alloc || !*slot(c->known, c->known_alloc, id)) {
		struct cache_file *f = xcalloc(1, sizeof *f);
		f->path = xstrdup(id);
		f->ok = 1;
		f->used = 1;
		memcpy(f->digest, digest, KEY_HEX + 1);
		table_add(&c->known, &c->nknown, &c->known_alloc, f);
		c->known_changed = 1;
	}
	pthread_mutex_unlock(&c->lock);
}

/* Writes the index when it learnt something: the entries this run used, then the others, at most INDEX_MAX. */
static void index_save(struct cache *c)
{
	struct buf b = BUF_INIT;
	size_t kept = 0;

	if (!c->known_changed || c->dry)
		return;
	for (int used = 1; used >= 0; used--)
		for (size_t i = 0; i < c->known_alloc && kept < INDEX_MAX; i++) {
			struct cache_file *f = c->known[i];
			if (f && f->used == used) {
				buf_addf(&b, "%s\t%s\n", f->digest, f->path);
				kept++;
			}
		}
	cache_memo_put(c, "file-index", "1", b.p ? b.p : "", b.len);
	buf_release(&b);
}

/*
 * key_file() of path, from the index while the file has the same identity
 * (path, device, inode, size, modification and change times), as the
 * compiler's binary and every header and library it read are.
 */
static int digest_by_identity(struct cache *c, const char *path, char digest[KEY_HEX + 1])
{
	struct stat st;
	char *file = stat(path, &st) == 0 && S_ISREG(st.st_mode) ? envinfo_stat_id(path, &st) : NULL;
	char *id = file ? xasprintf("f %s", file) : NULL;
	int rc = 0;

	if (!id || !index_get(c, id, digest)) {
		rc = key_file(path, digest);
		if (rc == 0 && id)
			index_put(c, id, &st, digest);
	}
	free(file);
	free(id);
	return rc;
}

/* The entry of the run's table of files for path (or another key of the table), or NULL. */
static struct cache_file *files_find(struct cache *c, const char *path)
{
	struct cache_file *f = NULL;

	pthread_mutex_lock(&c->lock);
	if (c->files_alloc)
		f = *slot(c->files, c->files_alloc, path);
	pthread_mutex_unlock(&c->lock);
	return f;
}

/*
 * Adds nf (made outside the lock) to the run's table of files, unless
 * another thread added its path meanwhile: then nf is freed and the first
 * one stays. Returns the entry in the table.
 */
static struct cache_file *files_add_once(struct cache *c, struct cache_file *nf)
{
	pthread_mutex_lock(&c->lock);
	struct cache_file *f = c->files_alloc ? *slot(c->files, c->files_alloc, nf->path) : NULL;
	if (f) {
		free(nf->path);
		free(nf);
	} else {
		files_add(c, nf);
		f = nf;
	}
	pthread_mutex_unlock(&c->lock);
	return f;
}

/* The digest of the file at path as this run first saw it; -1 if it could not be read. */
static int file_digest(struct cache *c, const char *path, char digest[KEY_HEX + 1])
{
	struct cache_file *f = files_find(c, path);

	if (!f) {
		/* Hashed outside the lock; if two threads hash one file, the first to add it wins. */
		struct cache_file *nf = xcalloc(1, sizeof *nf);
		nf->path = xstrdup(path);
		nf->ok = digest_by_identity(c, path, nf->digest) == 0;
		f = files_add_once(c, nf);
	}
	memcpy(digest, f->digest, sizeof f->digest);
	return f->ok ? 0 : -1;
}

static char *memo_get_cb(void *ctx, const char *id)
{
	return cache_memo_get(ctx, "compiler-version", id, NULL);
}

static void memo_put_cb(void *ctx, const char *id, const char *value)
{
	cache_memo_put(ctx, "compiler-version", id, value, strlen(value));
}

/* The hash of the compiler's binary (or one of its parts), from the memo while the file is the same. */
static void compiler_binary(struct cache *c, const char *path, char bin[KEY_HEX + 1])
{
	if (digest_by_identity(c, path, bin) < 0)
		strcpy(bin, "unreadable");
}

/* The isolation of the sandbox as the probe found it the last time it saw the same fingerprint. */
/*
 * The programs the compiler runs (cc1, as, ld, collect2) into the toolchain's
 * key, each by the identity of its file: binutils or gcc upgraded while the
 * driver stayed. Which they are is asked once per compiler file and command
 * (a memo); their identities are looked at every run.
 */
static void compiler_parts(struct cache *c, struct runner *r, const char *path, struct sha256_ctx *ctx)
{
	char *file = envinfo_file_id(path);
	/* $CC of several words (ccache gcc): the memo would key the launcher's file, not the compiler's. */
	char *id = file && r->cc_argv.n == 1 ? xasprintf("%s\ncommand=%s", file, r->cc) : NULL;
	char *parts = id ? cache_memo_get(c, "compiler-parts", id, NULL) : NULL;

	if (!parts && r->cc_argv.n) {
		parts = envinfo_compiler_parts(path, r->cc_argv.v, r->cc_argv.n);
		if (id)
			cache_memo_put(c, "compiler-parts", id, parts, strlen(parts));
	}
	/* Each by its path and the hash of its bytes (from a memo while its file is the same), not by
	   the file's identity (device, inode, times), which another machine of the same image does not
	   share: evidence moves between machines (archive.h). */
	for (char *p = parts, *nl; p && (nl = strchr(p, '\n')); p = nl + 1) {
		char bin[KEY_HEX + 1];
		*nl = '\0';
		compiler_binary(c, p, bin);
		key_str(ctx, "compiler-part", p);
		key_str(ctx, "compiler-part-sha256", bin);
	}
	free(parts);
	/* Whether its assembler and linker list what they read: asked once, not guessed from a
	   build's error text, which a lesson writes (an #error saying "--MD"). */
	char *opts = id ? cache_memo_get(c, "compiler-options", id, NULL) : NULL;
	int asm_md = 0, ld_depfile = 0;
	if (!opts || sscanf(opts, "asm-md=%d ld-depfile=%d", &asm_md, &ld_depfile) != 2) {
		free(opts);
		envinfo_dep_options(path, r->cc_argv.v, r->cc_argv.n, &asm_md, &ld_depfile);
		opts = xasprintf("asm-md=%d ld-depfile=%d", asm_md, ld_depfile);
		if (id)
			cache_memo_put(c, "compiler-options", id, opts, strlen(opts));
	}
	free(opts);
	r->no_asm_deps = !asm_md;
	r->no_linker_deps = !ld_depfile;
	r->dep_options_known = 1;
	key_num(ctx, "asm-md", asm_md);
	key_num(ctx, "ld-depfile", ld_depfile);
	/* Its search lists, for the folders each record watches (runner.h, evidence.dirs). */
	char *dirs = id ? cache_memo_get(c, "compiler-search", id, NULL) : NULL;
	if (!dirs && r->cc_argv.n) {
		dirs = envinfo_search_dirs(path, r->cc_argv.v, r->cc_argv.n);
		if (id)
			cache_memo_put(c, "compiler-search", id, dirs, strlen(dirs));
	}
	strvec_clear(&r->sys_inc);
	strvec_clear(&r->sys_lib);
	for (char *p = dirs, *nl; p && (nl = strchr(p, '\n')); p = nl + 1) {
		*nl = '\0';
		if (p[0] && p[1] == ' ' && p[2] == '/')
			strvec_push(p[0] == 'I' ? &r->sys_inc : &r->sys_lib, p + 2);
		key_str(ctx, "compiler-search", p);
	}
	free(dirs);
	free(id);
	free(file);
}

static void assume_isolation(struct cache *c, struct runner *r)
{
	char *known;

	if (r->isolation)
		return;
	c->fingerprint = sandbox_fingerprint();
	known = cache_memo_get(c, "isolation", c->fingerprint, NULL);
	if (known && known[0] >= 'A' && known[0] <= 'D' && known[1] == ':' && !strchr(known, '\n')) {
		runner_set_isolation(r, known);
		c->assumed = known;
		return;
	}
	free(known);
	if (c->dry) { /* the probe, and its memo, only for a block that runs */
		c->dry_missed = 1;
		return;
	}
	runner_set_isolation(r, sandbox_isolation());
	cache_memo_put(c, "isolation", c->fingerprint, r->isolation, strlen(r->isolation));
}

/* ---- the secret records are signed with ---- */

#define SECRET_FILE "cache-secret"
#define MAC_TAG "litlab-mac "
#define MAC_LINE (sizeof MAC_TAG - 1 + KEY_HEX + 1) /* the tag, the hex digits, a newline */

/*
 * The folder the secret is kept in: $XDG_STATE_HOME/litlab, else
 * ~/.local/state/litlab. Under `sudo -E`, or a CI job's HOME=/tmp, those
 * name folders another user may have prepared (with links that would make
 * root create folders anywhere): root takes its home from the password
 * file, and XDG_STATE_HOME only when it is a folder of root's already that
 * no one else may write.
 */
static char *secret_dir(void)
{
	const char *state = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
	struct stat st;

	if (geteuid() == 0) {
		if (state && state[0] == '/' && stat(state, &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == 0 &&
		    !(st.st_mode & 022))
			return xasprintf("%s/litlab", state);
		struct passwd *pw = getpwuid(0);
		return pw && pw->pw_dir && pw->pw_dir[0] == '/' ? xasprintf("%s/.local/state/litlab", pw->pw_dir)
							      : NULL;
	}
	if (state && state[0] == '/')
		return xasprintf("%s/litlab", state);
	if (home && home[0] == '/')
		return xasprintf("%s/.local/state/litlab", home);
	return NULL;
}

/* NULL if st (the secret's folder or file) is the user's own and no one else may write it. */
static const char *not_own(const struct stat *st, unsigned others)
{
	if (st->st_uid != geteuid())
		return "it belongs to another user";
	if (st->st_mode & others)
		return "others may read or write it";
	return NULL;
}

/*
 * Every cache whose secret is in memory, for cache_forget_secrets(): its
 * slots are set and cleared with atomics, never a lock, which a child of
 * fork() may find held. A cache that finds no slot free keeps no secret.
 */
static struct cache *_Atomic with_secret[16];

static int hold_secret(struct cache *c)
{
	for (size_t i = 0; i < ARRAY_LEN(with_secret); i++) {
		struct cache *none = NULL;
		if (atomic_compare_exchange_strong(&with_secret[i], &none, c))
			return 0;
	}
	return -1;
}

static void drop_secret(struct cache *c)
{
	for (size_t i = 0; i < ARRAY_LEN(with_secret); i++) {
		struct cache *was = c;
		atomic_compare_exchange_strong(&with_secret[i], &was, NULL);
	}
	explicit_bzero(c->secret, sizeof c->secret);
}

void cache_forget_secrets(void)
{
	for (size_t i = 0; i < ARRAY_LEN(with_secret); i++) {
		struct cache *c = atomic_load(&with_secret[i]);
		if (c) {
			explicit_bzero(c->secret, sizeof c->secret);
			c->have_secret = 0;
		}
	}
}

/* Reads the secret, making it first if there is none; 0, or -1 with *why (malloc'd). */
static int load_secret(struct cache *c, char **why)
{
	char *dir = secret_dir(), *data = NULL, *tmp = NULL;
	size_t len = 0;
	int dfd, rc = -1;

	if (!dir) {
		*why = xstrdup("neither HOME nor XDG_STATE_HOME names a folder");
		return -1;
	}
	/* The user's own folders: links on the way are followed, as a shell would. */
	dfd = fs_open_top(dir, 1, !c->dry, 0700);
	if (dfd < 0) {
		*why = xasprintf("cannot make '%s': %s", dir, fs_strerror(errno));
		free(dir);
		return -1;
	}
	struct stat st;
	const char *bad = fstat(dfd, &st) < 0 ? "it cannot be looked at" : not_own(&st, 022);
	if (bad) {
		*why = xasprintf("'%s' cannot keep it: %s", dir, bad);
		close(dfd);
		free(dir);
		return -1;
	}
	if (fs_read(dfd, SECRET_FILE, 64, &data, &len) < 0 && errno == ENOENT && !c->dry) {
		/* Made whole beside its place, then linked there: one of two litlabs starting at once wins. */
		unsigned char fresh_secret[sizeof c->secret];
		int fd = fs_temp(dfd, SECRET_FILE, &tmp);
		if (fd >= 0 && getrandom(fresh_secret, sizeof fresh_secret, 0) == (ssize_t)sizeof fresh_secret &&
		    write_all(fd, fresh_secret, sizeof fresh_secret) == 0 && fsync(fd) == 0)
			linkat(dfd, tmp, dfd, SECRET_FILE, 0);
		if (fd >= 0) {
			close(fd);
			unlinkat(dfd, tmp, 0);
			leftover_drop(dfd, tmp);
		}
		free(tmp);
		explicit_bzero(fresh_secret, sizeof fresh_secret);
		fs_read(dfd, SECRET_FILE, 64, &data, &len);
	}
	int sfd = data ? fs_open_file(dfd, SECRET_FILE) : -1;
	bad = sfd < 0 || fstat(sfd, &st) < 0 ? "it cannot be looked at" : not_own(&st, 077);
	if (sfd >= 0)
		close(sfd);
	if (data && bad) {
		*why = xasprintf("'%s/" SECRET_FILE "' cannot be used: %s", dir, bad);
	} else if (data && len == sizeof c->secret && hold_secret(c) < 0) {
		*why = xstrdup("too many caches are open in this process");
	} else if (data && len == sizeof c->secret) {
		memcpy(c->secret, data, sizeof c->secret);
		rc = 0;
	} else {
		*why = xasprintf("cannot read '%s/" SECRET_FILE "': %s", dir,
				 data ? "it is not 32 bytes" : fs_strerror(errno));
	}
	if (data)
		explicit_bzero(data, len);
	free(data);
	close(dfd);
	free(dir);
	return rc;
}

/* The signature of what is stored under name (a record's or memo's path below DIR). */
static void mac_hex(const struct cache *c, const char *name, const char *text, size_t len, char hex[KEY_HEX + 1])
{
	struct hmac_sha256_ctx ctx;
	uint8_t digest[SHA256_DIGEST_SIZE];

	hmac_sha256_set_key(&ctx, sizeof c->secret, c->secret);
	hmac_sha256_update(&ctx, strlen(name) + 1, (const uint8_t *)name); /* its NUL ends it */
	hmac_sha256_update(&ctx, len, (const uint8_t *)text);
	hmac_sha256_digest(&ctx, sizeof digest, digest);
	explicit_bzero(&ctx, sizeof ctx); /* its pads are as good as the secret */
	for (size_t i = 0; i < sizeof digest; i++)
		snprintf(hex + 2 * i, 3, "%02x", digest[i]);
}

/* What is written under name: a line with the signature, then text. */
static char *signed_text(const struct cache *c, const char *name, const char *text, size_t len, size_t *out_len)
{
	char hex[KEY_HEX + 1];
	struct buf b = BUF_INIT;

	mac_hex(c, name, text, len, hex);
	buf_addf(&b, MAC_TAG "%s\n", hex);
	buf_add(&b, text, len);
	return buf_detach(&b, out_len);
}

/* cache_hush(): this thread's warnings of records are held back (and whether one was). */
static _Thread_local int hushed, hushed_said;

int cache_hush(int on)
{
	int said = hushed_said;

	hushed = on;
	hushed_said = 0;
	return said;
}

/*
 * The text of a file read from under name, if this user's litlab signed it:
 * *body and *body_len then point into file. 0 otherwise (reported once).
 */
static int signed_here(const struct cache *c, const char *name, const char *file, size_t len, const char **body,
		       size_t *body_len)
{
	char hex[KEY_HEX + 1];

	if (len >= MAC_LINE && memcmp(file, MAC_TAG, sizeof MAC_TAG - 1) == 0 && file[MAC_LINE - 1] == '\n') {
		mac_hex(c, name, file + MAC_LINE, len - MAC_LINE, hex);
		unsigned diff = 0; /* compared in constant time */
		for (size_t i = 0; i < KEY_HEX; i++)
			diff |= (unsigned)(hex[i] ^ file[sizeof MAC_TAG - 1 + i]);
		if (diff == 0) {
			*body = file + MAC_LINE;
			*body_len = len - MAC_LINE;
			return 1;
		}
	}
	return 0;
}

static int verified(struct cache *c, const char *name, const char *file, size_t len, const char **body,
		    size_t *body_len)
{
	if (signed_here(c, name, file, len, body, body_len))
		return 1;
	pthread_mutex_lock(&c->lock);
	if (c->dry || hushed) { /* not said, nor taken as said: said later, if it is still to say */
		c->dry_missed |= c->dry;
		hushed_said |= hushed && !c->foreign_warned;
		pthread_mutex_unlock(&c->lock);
		return 0;
	}
	if (!c->foreign_warned)
		complain("warning: ignoring the cache record '%s/%s', and any other that this user's litlab did "
		       "not write or that changed since (copied, committed to a repository, or corrupt); "
		       "they will be rebuilt",
		       c->dir, name);
	c->foreign_warned = 1;
	pthread_mutex_unlock(&c->lock);
	return 0;
}

/* The folder and the secret: what records need. Reported once when they cannot be used. */
static void open_records(struct cache *c, int fresh, int dry)
{
	const char *dir = getenv(CACHE_DIR_ENV);

	memset(c, 0, sizeof *c);
	c->dry = dry;
	pthread_mutex_init(&c->lock, NULL);
	pthread_cond_init(&c->decided, NULL);
	pthread_cond_init(&c->wake, NULL);
	pthread_cond_init(&c->idle, NULL);
	c->named = dir && *dir;
	c->dir = xstrdup(c->named ? dir : CACHE_DIR_DEFAULT);
	c->fresh = fresh;
	c->root = fs_open_top(c->dir, c->named, 0, 0);
	if (c->root < 0 && errno == ELOOP && dry) {
		c->dry_missed = 1;
		c->unusable = 1;
	} else if (c->root < 0 && errno == ELOOP) {
		/* A link planted where .litlab goes: the cache is not used (nor written through it). */
		complain("warning: cannot use the evidence cache '%s': %s; set " CACHE_DIR_ENV
		       " to name a cache folder (results are not cached)",
		       c->dir, fs_strerror(errno));
		c->unusable = 1;
	}
	char *why = NULL;
	if (!c->unusable && load_secret(c, &why) < 0 && dry) {
		c->dry_missed = 1;
		c->unusable = 1;
	} else if (why) {
		complain("warning: cannot keep the evidence cache's secret: %s (results are not cached)", why);
		c->unusable = 1;
	}
	c->have_secret = !c->unusable;
	free(why);
}

int cache_exists(void)
{
	const char *dir = getenv(CACHE_DIR_ENV);
	struct stat st;

	return lstat(dir && *dir ? dir : CACHE_DIR_DEFAULT, &st) == 0 && S_ISDIR(st.st_mode);
}

static void init(struct cache *c, struct runner *r, int fresh, int dry)
{
	const struct envinfo *env;
	struct envinfo_memo memo = { memo_get_cb, memo_put_cb, c };
	char bin[KEY_HEX + 1];
	struct sha256_ctx ctx;

	open_records(c, fresh, dry);
	/* The fields every key starts with, hashed once: litlab.h alone is 7 KB a block. */
	sha256_init(&c->key_head);
	key_num(&c->key_head, "format", CACHE_FORMAT);
	key_str(&c->key_head, "litlab", LITLAB_VERSION);
	key_field(&c->key_head, "litlab.h", litlab_h, litlab_h_len);
	index_load(c);
	assume_isolation(c, r);
	if (c->dry_missed)
		return;
	env = runner_env_memo(r, &memo);
	if (c->dry_missed) /* the compiler's version was not remembered: no more of it asked for nothing */
		return;
	compiler_binary(c, env->compiler, bin);
	sha256_init(&ctx);
	key_str(&ctx, "compiler-path", env->compiler);
	key_str(&ctx, "compiler-version", env->compiler_version);
	key_str(&ctx, "compiler-binary", bin);
	compiler_parts(c, r, env->compiler, &ctx);
	key_finish(&ctx, c->toolchain);
}

void cache_init(struct cache *c, struct runner *r, int fresh)
{
	init(c, r, fresh, 0);
}

void cache_init_dry(struct cache *c, struct runner *r, int fresh)
{
	init(c, r, fresh, 1);
}

void cache_release(struct cache *c)
{
	if (c->have_writer) {
		pthread_mutex_lock(&c->lock);
		c->stop = 1;
		pthread_cond_signal(&c->wake);
		pthread_mutex_unlock(&c->lock);
		pthread_join(c->writer, NULL); /* it writes what is queued first */
	}
	table_free(c->files, c->files_alloc);
	index_save(c);
	table_free(c->known, c->known_alloc);
	if (c->mismatch)
		cache_memo_put(c, "isolation", c->fingerprint, sandbox_isolation(), strlen(sandbox_isolation()));
	free(c->fingerprint);
	free(c->assumed);
	free_words(c->warned, c->nwarned);
	if (c->root >= 0)
		close(c->root);
	free(c->dir);
	pthread_cond_destroy(&c->decided);
	pthread_cond_destroy(&c->wake);
	pthread_cond_destroy(&c->idle);
	pthread_mutex_destroy(&c->lock);
	drop_secret(c);
	memset(c, 0, sizeof *c);
}

void cache_key(struct cache *c, const struct runner *r, struct lesson *l, struct block *b,
	       char key[KEY_HEX + 1])
{
	struct sha256_ctx ctx = c->key_head; /* format, litlab, litlab.h */
	struct folder_limits folder;
	struct buf tu = BUF_INIT;

	runner_translation_unit(l, b, &tu);
	key_str(&ctx, "toolchain", c->toolchain);
	key_str(&ctx, "cc", r->cc);
	/* (The compiler's environment is fixed by the runner: none of litlab's reaches it.) */
	key_str(&ctx, "isolation", runner_isolation(r));
	/* What the sandbox shows of the host decides what the compiler can find. */
	key_str(&ctx, "shown", getenv("LITLAB_SANDBOX_PATHS"));
	key_field(&ctx, "tu", tu.p, tu.len);
	key_str(&ctx, "lesson-cflags", l->cflags);
	key_str(&ctx, "cflags", b->cflags);
	key_str(&ctx, "ldlibs", b->ldlibs);
	key_str(&ctx, "mode", block_mode_name(b->mode));
	key_num(&ctx, "sanitize", runner_sanitizes(r, b));
	key_num(&ctx, "repeat", b->mode == MODE_RUN && r->repeat > 1 ? r->repeat : 1);
	key_num(&ctx, "has-stdin", b->has_stdin);
	key_field(&ctx, "stdin", b->has_stdin ? b->stdin_text : "", b->has_stdin ? b->stdin_len : 0);
	key_str(&ctx, "args", b->args);
	key_num(&ctx, "timeout", b->timeout);
	if (b->mode == MODE_MEASURE) {
		key_num(&ctx, "samples", b->samples);
		key_num(&ctx, "warmup", b->warmup);
		key_num(&ctx, "exit", b->exit_expected); /* a run with another status ends the measurement */
	}
	key_num(&ctx, "compile-timeout", COMPILE_TIMEOUT_S);
	key_num(&ctx, "compile-mem", (double)COMPILE_MEM_BYTES);
	key_num(&ctx, "compile-fsize", (double)COMPILE_FSIZE_BYTES);
	key_num(&ctx, "compile-nofile", COMPILE_NOFILE);
	key_num(&ctx, "output-cap", OUTPUT_CAP);
	key_num(&ctx, "mem", (double)PROGRAM_MEM_BYTES);
	key_num(&ctx, "fsize", (double)PROGRAM_FSIZE_BYTES);
	key_num(&ctx, "nofile", PROGRAM_NOFILE);
	runner_folder_limits(&folder, b);
	key_num(&ctx, "disk", (double)folder.bytes);
	key_num(&ctx, "files", (double)folder.files);
	/* The lesson files it sees and its sources=, a session's commands: only where there are some,
	   so that the keys of every other block stay as they were. */
	struct buf inputs = BUF_INIT;
	lessonfiles_key(l, b, &inputs);
	if (b->mode == MODE_SESSION)
		console_key(b, &inputs);
	if (inputs.len)
		key_field(&ctx, "inputs", inputs.p, inputs.len);
	buf_release(&inputs);
	key_finish(&ctx, key);
	buf_release(&tu);
}

/* --- records as JSON --- */

static json_t *bytes_json(const char *p, size_t len)
{
	if (utf8_valid(p, len))
		return json_stringn(p, len);
	size_t n = BASE64_ENCODE_RAW_LENGTH(len);
	char *enc = xmalloc(n + 1);
	base64_encode_raw(enc, len, (const uint8_t *)p);
	json_t *j = json_pack("{s:s%}", "base64", enc, n);
	free(enc);
	return j;
}

static int bytes_parse(json_t *j, struct buf *out)
{
	if (json_is_string(j)) {
		buf_add(out, json_string_value(j), json_string_length(j));
		return 0;
	}
	json_t *b64 = json_is_object(j) ? json_object_get(j, "base64") : NULL;
	if (!json_is_string(b64))
		return -1;
	size_t len = json_string_length(b64), n = 0;
	uint8_t *dst = xmalloc(BASE64_DECODE_LENGTH(len) + 1);
	struct base64_decode_ctx ctx;
	base64_decode_init(&ctx);
	int ok = base64_decode_update(&ctx, &n, dst, len, json_string_value(b64)) && base64_decode_final(&ctx);
	if (ok)
		buf_add(out, dst, n);
	free(dst);
	return ok ? 0 : -1;
}

static const char *const end_names[] = {
	[END_EXITED] = "exited",
	[END_SIGNALED] = "signaled",
	[END_TIMEOUT] = "timeout",
	[END_OUTPUT_LIMIT] = "output-limit",
	[END_LAUNCH_FAILED] = "launch-failed",
};

/* The name of end in records, or NULL for an end this version does not know. */
static const char *end_str(enum launch_end end)
{
	return (size_t)end < ARRAY_LEN(end_names) ? end_names[end] : NULL;
}

static int end_parse(json_t *j, enum launch_end *end)
{
	for (size_t i = 0; i < ARRAY_LEN(end_names); i++)
		if (json_is_string(j) && strcmp(json_string_value(j), end_names[i]) == 0) {
			*end = (enum launch_end)i;
			return 0;
		}
	return -1;
}

static json_t *str_json(const char *s)
{
	return s ? json_string(s) : json_null();
}

static json_t *env_json(const struct envinfo *e)
{
	return json_pack("{s:o, s:o, s:o, s:i, s:o, s:o, s:o, s:o, s:f}", "compiler", str_json(e->compiler),
			 "compiler_version", str_json(e->compiler_version), "cpu_model", str_json(e->cpu_model),
			 "logical_cores", e->logical_cores, "os", str_json(e->os), "kernel", str_json(e->kernel),
			 "machine", str_json(e->machine), "date_utc", str_json(e->date_utc), "loadavg_1min",
			 e->loadavg1);
}

/* The sandbox limits a launch may name (launch_result.limit points at one of its own strings). */
static const char *const limit_names[] = { "memory", "processes" };

static json_t *run_json(const struct launch_result *r)
{
	return json_pack("{s:s, s:i, s:i, s:o, s:o, s:o, s:b, s:b, s:I, s:I, s:I, s:I}", "end", end_str(r->end),
			 "exit_code", r->exit_code, "signo", r->signo, "limit", str_json(r->limit), "stdout",
			 bytes_json(r->out.p, r->out.len),
			 "stderr", bytes_json(r->err.p, r->err.len), "stdout_truncated", r->out_truncated,
			 "stderr_truncated", r->err_truncated, "wall_ns", (json_int_t)r->wall_ns, "user_ns",
			 (json_int_t)r->user_ns, "sys_ns", (json_int_t)r->sys_ns, "max_rss_kb",
			 (json_int_t)r->max_rss_kb);
}

static json_t *sample_json(const struct sample *s)
{
	json_t *times = json_array();

	for (size_t i = 0; i < s->regions.n; i++) {
		const struct region_time *t = &s->regions.times[i];
		json_array_append_new(times, json_pack("{s:o, s:I, s:I}", "name", str_json(t->name), "ns",
						       (json_int_t)t->ns, "pairs", (json_int_t)t->pairs));
	}
	return json_pack("{s:I, s:I, s:I, s:I, s:o, s:o}", "wall_ns", (json_int_t)s->wall_ns, "user_ns",
			 (json_int_t)s->user_ns, "sys_ns", (json_int_t)s->sys_ns, "max_rss_kb",
			 (json_int_t)s->max_rss_kb, "regions", times, "region_error", str_json(s->regions.error));
}

json_t *cache_evidence_json(const struct evidence *ev)
{
	json_t *samples = json_array();

	for (size_t i = 0; i < ev->nsamples; i++)
		json_array_append_new(samples, sample_json(&ev->samples[i]));
	json_t *j = json_pack("{s:o, s:b, s:b, s:s, s:o, s:o, s:b, s:b, s:o, s:i, s:o, s:i, s:i, s:i, s:o, s:o}",
			 "isolation", str_json(ev->isolation), "compiled",
			 ev->compiled, "compile_ok", ev->compile_ok, "compile_end", end_str(ev->compile_end),
			 "compile_log", bytes_json(ev->compile_log.p, ev->compile_log.len), "cflags",
			 str_json(ev->cflags), "sanitized", ev->sanitized, "executed", ev->executed, "run",
			 ev->executed ? run_json(&ev->run) : json_null(), "warmup", ev->warmup, "samples", samples,
			 "samples_differ", ev->samples_differ, "repeats", ev->repeats, "repeat_differ",
			 ev->repeat_differ, "differ_out", bytes_json(ev->differ_out.p, ev->differ_out.len),
			 "measured", ev->env ? env_json(ev->env) : json_null());
	if (j && ev->nsession) { /* a session's split: [where, how long, status] for each command */
		json_t *split = json_array();
		for (size_t i = 0; i < ev->nsession; i++)
			json_array_append_new(split, json_pack("[I, I, i]", (json_int_t)ev->session[i].out,
							       (json_int_t)ev->session[i].out_len,
							       ev->session[i].status));
		json_object_set_new(j, "session", split);
	}
	return j;
}

/* Each parser returns -1 at the first thing missing or of the wrong type. */

/*
 * A time or a size as a record may hold it: 0 to 2^53 (104 days in
 * nanoseconds), so that the difference of two, a sum of 10,000 and a double
 * of one are exact and never overflow. A record is input (an imported one
 * comes from another machine): a negative or huge value is a malformed record.
 */
#define RECORD_VALUE_MAX ((json_int_t)1 << 53)

static int in_range(json_int_t v)
{
	return v >= 0 && v <= RECORD_VALUE_MAX;
}
static char *dup_json_str(json_t *j)
{
	return xstrndup(json_string_value(j), json_string_length(j));
}

static int env_parse(json_t *j, struct envinfo *e)
{
	json_t *compiler, *version, *cpu, *os, *kernel, *machine, *date;
	int cores;
	double load;

	if (json_unpack(j, "{s:o, s:o, s:o, s:i, s:o, s:o, s:o, s:o, s:F}", "compiler", &compiler,
			"compiler_version", &version, "cpu_model", &cpu, "logical_cores", &cores, "os", &os, "kernel",
			&kernel, "machine", &machine, "date_utc", &date, "loadavg_1min", &load) < 0)
		return -1;
	json_t *s[] = { compiler, version, cpu, os, kernel, machine, date };
	for (size_t i = 0; i < ARRAY_LEN(s); i++)
		if (!json_is_string(s[i]))
			return -1;
	e->compiler = dup_json_str(compiler);
	e->compiler_version = dup_json_str(version);
	e->cpu_model = dup_json_str(cpu);
	e->os = dup_json_str(os);
	e->kernel = dup_json_str(kernel);
	e->machine = dup_json_str(machine);
	e->date_utc = dup_json_str(date);
	e->logical_cores = cores;
	e->loadavg1 = load;
	return 0;
}

static int run_parse(json_t *j, struct launch_result *r)
{
	json_t *end, *limit, *out, *err;
	json_int_t wall, user, sys, rss;

	if (json_unpack(j, "{s:o, s:i, s:i, s:o, s:o, s:o, s:b, s:b, s:I, s:I, s:I, s:I}", "end", &end, "exit_code",
			&r->exit_code, "signo", &r->signo, "limit", &limit, "stdout", &out, "stderr", &err,
			"stdout_truncated", &r->out_truncated, "stderr_truncated", &r->err_truncated, "wall_ns", &wall,
			"user_ns", &user, "sys_ns", &sys, "max_rss_kb", &rss) < 0 ||
	    end_parse(end, &r->end) < 0 || bytes_parse(out, &r->out) < 0 || bytes_parse(err, &r->err) < 0 ||
	    !in_range(wall) || !in_range(user) || !in_range(sys) || !in_range(rss))
		return -1;
	if (!json_is_null(limit)) {
		for (size_t i = 0; i < ARRAY_LEN(limit_names) && !r->limit; i++)
			if (json_is_string(limit) && strcmp(json_string_value(limit), limit_names[i]) == 0)
				r->limit = limit_names[i];
		if (!r->limit)
			return -1;
	}
	r->wall_ns = wall;
	r->user_ns = user;
	r->sys_ns = sys;
	r->max_rss_kb = (long)rss;
	return 0;
}

static int sample_parse(json_t *j, struct sample *s)
{
	json_t *times, *error, *t;
	json_int_t wall, user, sys, rss;
	size_t i;

	if (json_unpack(j, "{s:I, s:I, s:I, s:I, s:o, s:o}", "wall_ns", &wall, "user_ns", &user, "sys_ns", &sys,
			"max_rss_kb", &rss, "regions", &times, "region_error", &error) < 0 ||
	    !json_is_array(times) || !(json_is_null(error) || json_is_string(error)) || !in_range(wall) ||
	    !in_range(user) || !in_range(sys) || !in_range(rss))
		return -1;
	s->wall_ns = wall;
	s->user_ns = user;
	s->sys_ns = sys;
	s->max_rss_kb = (long)rss;
	if (json_is_string(error))
		s->regions.error = dup_json_str(error);
	s->regions.times = xcalloc(json_array_size(times) + 1, sizeof *s->regions.times);
	json_array_foreach(times, i, t) {
		json_t *name;
		json_int_t ns, pairs;
		if (json_unpack(t, "{s:o, s:I, s:I}", "name", &name, "ns", &ns, "pairs", &pairs) < 0 ||
		    !json_is_string(name) || !in_range(ns) || !in_range(pairs))
			return -1;
		struct region_time *rt = &s->regions.times[s->regions.n++];
		rt->name = dup_json_str(name);
		rt->ns = ns;
		rt->pairs = (size_t)pairs;
	}
	return 0;
}

static int evidence_parse(json_t *j, struct evidence *ev)
{
	json_t *end, *log, *cflags, *run, *samples, *differ, *measured, *s;
	size_t i;

	if (json_unpack(j, "{s:b, s:b, s:o, s:o, s:o, s:b, s:b, s:o, s:i, s:o, s:i, s:i, s:i, s:o, s:o}", "compiled",
			&ev->compiled, "compile_ok", &ev->compile_ok, "compile_end", &end, "compile_log", &log,
			"cflags", &cflags, "sanitized", &ev->sanitized, "executed", &ev->executed, "run", &run,
			"warmup", &ev->warmup, "samples", &samples, "samples_differ", &ev->samples_differ, "repeats",
			&ev->repeats, "repeat_differ", &ev->repeat_differ, "differ_out", &differ, "measured",
			&measured) < 0)
		return -1;
	if (end_parse(end, &ev->compile_end) < 0 || bytes_parse(log, &ev->compile_log) < 0 ||
	    bytes_parse(differ, &ev->differ_out) < 0 || !json_is_array(samples) ||
	    !(json_is_null(cflags) || json_is_string(cflags)) || json_array_size(samples) > 10000 || ev->warmup < 0 ||
	    ev->warmup > 10000 || ev->repeats < 0 || ev->repeats > 10000)
		return -1;
	if (json_is_string(cflags))
		ev->cflags = dup_json_str(cflags);
	/* Records from before litlab kept the isolation have none: the runner's is shown. */
	json_t *iso = json_object_get(j, "isolation");
	if (json_is_string(iso))
		ev->isolation = dup_json_str(iso);
	if (ev->executed && run_parse(run, &ev->run) < 0)
		return -1;
	ev->samples = xcalloc(json_array_size(samples) + 1, sizeof *ev->samples);
	json_array_foreach(samples, i, s) {
		ev->nsamples++;
		if (sample_parse(s, &ev->samples[i]) < 0)
			return -1;
	}
	if (!json_is_null(measured)) {
		ev->env = xcalloc(1, sizeof *ev->env);
		if (env_parse(measured, ev->env) < 0)
			return -1;
	}
	json_t *split = json_object_get(j, "session"), *c;
	if (split) {
		if (!json_is_array(split) || json_array_size(split) > 100000)
			return -1;
		ev->session = xcalloc(json_array_size(split) + 1, sizeof *ev->session);
		json_array_foreach(split, i, c) {
			json_int_t at, len;
			int st;
			if (json_unpack(c, "[I, I, i]", &at, &len, &st) < 0 || at < 0 || len < 0 ||
			    (size_t)at > ev->run.out.len || (size_t)len > ev->run.out.len - (size_t)at)
				return -1;
			ev->session[i].out = (size_t)at;
			ev->session[i].out_len = (size_t)len;
			ev->session[i].status = st;
			ev->nsession = i + 1;
		}
	}
	return 0;
}

/* 1 if s is n lowercase hex digits and nothing more. */
static int is_hex(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
			return 0;
	return s[n] == '\0';
}

/* The hash of an "evidence" object as compact JSON with sorted keys; -1 if it cannot be written. */
static int evidence_json_sha256(json_t *evj, char out[KEY_HEX + 1])
{
	char *text = evj ? json_dumps(evj, JSON_COMPACT | JSON_SORT_KEYS) : NULL;

	if (!text)
		return -1;
	key_sha256(text, strlen(text), out);
	free(text);
	return 0;
}

int cache_evidence_sha256(const struct evidence *ev, char out[KEY_HEX + 1])
{
	if (ev->sha256[0]) {
		memcpy(out, ev->sha256, KEY_HEX + 1);
		return 0;
	}
	json_t *evj = cache_evidence_json(ev);
	int rc = evidence_json_sha256(evj, out);
	json_decref(evj);
	return rc;
}

int cache_evidence_parse(json_t *j, struct evidence *ev, char **err)
{
	if (evidence_parse(j, ev) < 0) {
		evidence_release(ev);
		*err = xstrdup("its evidence is incomplete or malformed");
		return -1;
	}
	return 0;
}

/* --- files --- */

/* The record's path below the cache folder, and as messages name it. */
static char *record_rel(const char *key)
{
	return xasprintf("evidence/%.2s/%s.json", key, key);
}

static char *record_path(const struct cache *c, const char *key)
{
	return xasprintf("%s/evidence/%.2s/%s.json", c->dir, key, key);
}

static void warn_corrupt(struct cache *c, const char *path, const char *why)
{
	int seen = 0;

	pthread_mutex_lock(&c->lock);
	for (size_t i = 0; i < c->nwarned && !seen; i++)
		seen = strcmp(c->warned[i], path) == 0;
	if (!seen && hushed) {
		hushed_said = 1; /* said by the lookup asked again */
	} else if (!seen) {
		c->warned = xreallocarray(c->warned, c->nwarned + 1, sizeof *c->warned);
		c->warned[c->nwarned++] = xstrdup(path);
		complain("warning: ignoring the corrupt cache record '%s' (%s); it will be rebuilt", path, why);
	}
	pthread_mutex_unlock(&c->lock);
}

/* The cache folder, open, or -1 when it does not exist yet (or cannot be used). */
static int root_fd(const struct cache *c)
{
	return __atomic_load_n(&c->root, __ATOMIC_ACQUIRE);
}

/*
 * The hash of the files paths[0..n) as they are in this run (each file's
 * path and the hash of its contents); -1 if one cannot be read.
 */
static int deps_digest(struct cache *c, const char *const *paths, size_t n, char out[KEY_HEX + 1])
{
	struct sha256_ctx ctx;
	struct cache_file **v = xcalloc(n + 1, sizeof *v);
	int rc = 0;

	/* The files this run saw already, under one taking of the lock (a list names sixty, and the
	   other thread asks for others: a lock a file made them wait on each other), then the others. */
	pthread_mutex_lock(&c->lock);
	for (size_t i = 0; i < n && c->files_alloc; i++)
		v[i] = *slot(c->files, c->files_alloc, paths[i]);
	pthread_mutex_unlock(&c->lock);
	sha256_init(&ctx);
	for (size_t i = 0; i < n; i++) {
		char digest[KEY_HEX + 1];
		if (v[i] ? !v[i]->ok : file_digest(c, paths[i], digest) < 0) {
			rc = -1;
			break;
		}
		key_str(&ctx, "path", paths[i]);
		key_str(&ctx, "sha256", v[i] ? v[i]->digest : digest);
	}
	free(v);
	if (rc == 0)
		key_finish(&ctx, out);
	return rc;
}

/*
 * The hash of the state of the folders paths[0..n): each one's path and the
 * sorted names of its entries (which change when an entry is added,
 * removed or renamed in it), or that it is missing. Names, not the folder's
 * device, inode and times, so that a record made on another machine of the
 * same image reads as fresh here. Folders of the host the user's flags or
 * the system name: links followed. Each folder is listed once per run, and
 * not at all while its identity (device, inode, modification and change
 * times) is one the index knows.
 */
static int dir_names_digest(struct cache *c, const char *path, char digest[KEY_HEX + 1])
{
	/* A folder's modification time changes whenever an entry is added, removed or renamed in
	   it: while its identity stays, its names do (a library folder holds thousands). */
	struct stat st;
	char *dir = stat(path, &st) == 0 && S_ISDIR(st.st_mode) ? envinfo_stat_id(path, &st) : NULL;
	char *id = dir ? xasprintf("d %s", dir) : NULL;

	free(dir);
	if (id && index_get(c, id, digest)) {
		free(id);
		return 0;
	}
	struct sha256_ctx names;
	struct dirent **v = NULL;
	int n = scandir(path, &v, NULL, alphasort);
	sha256_init(&names);
	for (int i = 0; i < n; i++) {
		key_str(&names, "name", v[i]->d_name);
		free(v[i]);
	}
	free(v);
	key_finish(&names, digest);
	if (n >= 0 && id)
		index_put(c, id, &st, digest);
	free(id);
	return n;
}

static void dir_state(struct cache *c, const char *path, struct sha256_ctx *ctx)
{
	char *id = xasprintf("\n%s", path); /* in the table of files, where no path starts with a newline */
	char digest[KEY_HEX + 1];
	struct cache_file *f = files_find(c, id);

	if (f) {
		key_str(ctx, f->ok ? "names" : "missing", f->digest);
		free(id);
		return;
	}
	int n = dir_names_digest(c, path, digest);
	struct cache_file *nf = xcalloc(1, sizeof *nf);
	nf->path = id;
	nf->ok = n >= 0;
	memcpy(nf->digest, digest, sizeof digest);
	f = files_add_once(c, nf);
	key_str(ctx, f->ok ? "names" : "missing", f->digest);
}

static void dirs_digest(struct cache *c, const char *const *paths, size_t n, char out[KEY_HEX + 1])
{
	struct sha256_ctx ctx;

	sha256_init(&ctx);
	for (size_t i = 0; i < n; i++) {
		key_str(&ctx, "dir", paths[i]);
		dir_state(c, paths[i], &ctx);
	}
	key_finish(&ctx, out);
}

/*
 * A record is its JSON object, a newline, then the files and folders it
 * depends on, one path a line: its "deps" says how many of each ("files",
 * "dirs") and the digests they must have. The paths stand outside the JSON
 * because they are three quarters of a record and jansson reads about 40 MB
 * a second: a warm check of our three lessons spent 2.5 ms reading them, for
 * lists deps_unchanged() had mostly judged already.
 */
struct record_deps {
	const char *sha256, *dirs_sha256; /* into the record's JSON */
	char *lines;			  /* the paths, each NUL-terminated */
	const char **files, **dirs;	  /* into lines */
	size_t nfiles, ndirs;
};

static void record_deps_release(struct record_deps *d)
{
	free(d->lines);
	free(d->files);
	memset(d, 0, sizeof *d);
}

/*
 * The JSON of the record body[0..len) (NULL with *why when there is none),
 * and in *d its list: *ok is 0 when the list is malformed (its counts,
 * digests or lines).
 */
static json_t *record_read(const char *body, size_t len, struct record_deps *d, int *ok, char **why)
{
	json_error_t je;
	json_t *nf, *nd, *sum, *dsum;

	memset(d, 0, sizeof *d);
	*ok = 0;
	json_t *rec = json_loadb(body, len, JSON_DISABLE_EOF_CHECK | JSON_ALLOW_NUL, &je);
	if (!rec) {
		*why = xasprintf("it is not JSON: %s, line %d", je.text, je.line);
		return NULL;
	}
	size_t at = (size_t)je.position; /* what the JSON took */
	if (json_unpack(json_object_get(rec, "deps"), "{s:o, s:o, s:o, s:o}", "files", &nf, "sha256", &sum, "dirs",
			&nd, "dirs_sha256", &dsum) < 0 ||
	    !json_is_string(sum) || !json_is_string(dsum) || !is_hex(json_string_value(sum), KEY_HEX) ||
	    !is_hex(json_string_value(dsum), KEY_HEX) || !json_is_integer(nf) || !json_is_integer(nd) ||
	    at >= len || body[at] != '\n')
		return rec;
	json_int_t files = json_integer_value(nf), dirs = json_integer_value(nd);
	size_t left = len - at - 1;
	if (files < 0 || dirs < 0 || (uint64_t)files > left / 2 || (uint64_t)dirs > left / 2 - (size_t)files)
		return rec; /* a path takes two bytes at least */
	size_t n = (size_t)files + (size_t)dirs;
	char *p = d->lines = xmalloc(left + 1), *end = p + left;
	memcpy(p, body + at + 1, left);
	*end = '\0';
	d->files = xcalloc(n + 1, sizeof *d->files);
	for (size_t i = 0; i < n; i++) {
		char *nl = memchr(p, '\n', (size_t)(end - p));
		/* Absolute paths only: the run's table keeps other things under keys that start with a
		   tab, a vertical tab or a newline (deps_unchanged(), dir_state()), which a path must not
		   name. */
		if (!nl || nl == p || *p != '/') {
			record_deps_release(d);
			return rec;
		}
		*nl = '\0';
		d->files[i] = p;
		p = nl + 1;
	}
	if (p != end) {
		record_deps_release(d);
		return rec;
	}
	d->nfiles = (size_t)files;
	d->dirs = d->files + files;
	d->ndirs = (size_t)dirs;
	d->sha256 = json_string_value(sum);
	d->dirs_sha256 = json_string_value(dsum);
	*ok = 1;
	return rec;
}

/*
 * The run's answer for a record's list, kept under id (taken) in the table
 * of files: work(c, d) by the first thread to ask; another that asks
 * meanwhile (two blocks of one lesson include the same headers) waits for
 * that answer instead of working it out again.
 */
static int answer(struct cache *c, char *id, int (*work)(struct cache *c, const struct record_deps *d),
		  const struct record_deps *d)
{
	pthread_mutex_lock(&c->lock);
	struct cache_file *f = c->files_alloc ? *slot(c->files, c->files_alloc, id) : NULL;
	if (f) {
		free(id);
		while (f->pending)
			pthread_cond_wait(&c->decided, &c->lock);
		int ok = f->ok;
		pthread_mutex_unlock(&c->lock);
		return ok;
	}
	f = xcalloc(1, sizeof *f);
	f->path = id;
	f->pending = 1;
	files_add(c, f);
	pthread_mutex_unlock(&c->lock);

	int ok = work(c, d);
	pthread_mutex_lock(&c->lock);
	f->ok = ok;
	f->pending = 0;
	pthread_cond_broadcast(&c->decided);
	pthread_mutex_unlock(&c->lock);
	return ok;
}

static int dirs_same(struct cache *c, const struct record_deps *d)
{
	char digest[KEY_HEX + 1];

	dirs_digest(c, d->dirs, d->ndirs, digest);
	return strcmp(digest, d->dirs_sha256) == 0;
}

static int files_same(struct cache *c, const struct record_deps *d)
{
	char digest[KEY_HEX + 1];

	return deps_digest(c, d->files, d->nfiles, digest) == 0 && strcmp(digest, d->sha256) == 0;
}

/*
 * 1 if the files and folders a record lists are as they were, else 0. Each
 * half is answered once per run, under the digest the record wants (in the
 * table of files, as "\t" or "\v" and the digest): blocks that include the
 * same headers list the same files, every block of a lesson mostly the same
 * folders, and lists that differ cannot want the same digest, each being
 * the hash of its list's paths.
 */
static int deps_unchanged(struct cache *c, const struct record_deps *d)
{
	return answer(c, xasprintf("\v%s", d->dirs_sha256), dirs_same, d) &&
	       answer(c, xasprintf("\t%s", d->sha256), files_same, d);
}

struct cache_held {
	pthread_mutex_t lock;
	char **keys;
	json_t **ev; /* cache_evidence_json() of each */
	size_t n;
};

struct cache_held *cache_held_new(void)
{
	struct cache_held *h = xcalloc(1, sizeof *h);

	pthread_mutex_init(&h->lock, NULL);
	return h;
}

size_t cache_held_clear(struct cache_held *h)
{
	pthread_mutex_lock(&h->lock);
	size_t n = h->n;
	for (size_t i = 0; i < h->n; i++)
		json_decref(h->ev[i]);
	free_words(h->keys, h->n);
	free(h->ev);
	h->keys = NULL;
	h->ev = NULL;
	h->n = 0;
	pthread_mutex_unlock(&h->lock);
	return n;
}

void cache_held_free(struct cache_held *h)
{
	if (!h)
		return;
	cache_held_clear(h);
	pthread_mutex_destroy(&h->lock);
	free(h);
}

static void held_store(struct cache_held *h, const char *key, const struct evidence *ev)
{
	json_t *j = cache_evidence_json(ev);

	pthread_mutex_lock(&h->lock);
	for (size_t i = 0; i < h->n; i++)
		if (strcmp(h->keys[i], key) == 0) {
			json_decref(h->ev[i]);
			h->ev[i] = j;
			j = NULL;
		}
	if (j) {
		h->keys = xreallocarray(h->keys, h->n + 1, sizeof *h->keys);
		h->ev = xreallocarray(h->ev, h->n + 1, sizeof *h->ev);
		h->keys[h->n] = xstrdup(key);
		h->ev[h->n++] = j;
	}
	pthread_mutex_unlock(&h->lock);
}

static int held_load(struct cache_held *h, const char *key, struct evidence *ev)
{
	int hit = 0;

	pthread_mutex_lock(&h->lock);
	for (size_t i = 0; i < h->n && !hit; i++)
		if (strcmp(h->keys[i], key) == 0) {
			char *err = NULL;
			hit = cache_evidence_parse(h->ev[i], ev, &err) == 0;
			free(err);
		}
	pthread_mutex_unlock(&h->lock);
	if (hit)
		ev->held = 1;
	return hit;
}

int cache_load(struct cache *c, const char *key, struct evidence *ev)
{
	char *path, *text, *why = NULL;
	size_t len;
	int hit = 0;

	if (c->held && held_load(c->held, key, ev))
		return 1;
	if (c->fresh || !c->have_secret || root_fd(c) < 0)
		return 0;
	path = record_path(c, key);
	char *rel = record_rel(key);
	int rc = fs_read(root_fd(c), rel, CACHE_RECORD_MAX + MAC_LINE, &text, &len);
	const char *body;
	size_t body_len;
	if (rc < 0) {
		if (errno != ENOENT && errno != ENOTDIR) /* no record, or no cache folder at all */
			warn_corrupt(c, path, fs_strerror(errno));
		free(rel);
		free(path);
		return 0;
	}
	if (!verified(c, rel, text, len, &body, &body_len)) {
		free(rel);
		free(text);
		free(path);
		return 0;
	}
	free(rel);
	struct record_deps d;
	int deps_ok;
	json_t *rec = record_read(body, body_len, &d, &deps_ok, &why);
	json_t *format, *rkey, *deps, *evj;
	if (!rec) {
		/* why says */
	} else if (json_unpack(rec, "{s:o, s:o, s:o, s:o}", "format", &format, "key", &rkey, "deps", &deps,
			       "evidence", &evj) < 0) {
		why = xstrdup("a field is missing");
	} else if (json_integer_value(format) != CACHE_FORMAT || !json_is_string(rkey) ||
		   strcmp(json_string_value(rkey), key) != 0) {
		why = xstrdup("it is not the record of its key");
	} else {
		if (!deps_ok)
			why = xstrdup("its list of files is malformed");
		else if (deps_unchanged(c, &d) && cache_evidence_parse(evj, ev, &why) == 0)
			hit = 1;
		json_t *made = json_object_get(rec, "made"); /* when it was written; optional */
		if (hit && json_is_string(made))
			ev->made = dup_json_str(made);
		/* The hash of its evidence, written with it (optional): the receipts need not write the
		   evidence out again to hash it. */
		json_t *sum = json_object_get(rec, "evidence_sha256");
		if (hit && json_is_string(sum) && is_hex(json_string_value(sum), KEY_HEX))
			memcpy(ev->sha256, json_string_value(sum), KEY_HEX + 1);
	}
	if (why)
		warn_corrupt(c, path, why);
	ev->cached = hit;
	free(why);
	record_deps_release(&d);
	json_decref(rec);
	free(text);
	free(path);
	return hit;
}

/* Creates name in the folder fd with text, unless something (a file, a link) is there already. */
static void create_once(int fd, const char *name, const char *text)
{
	int f = fs_create(fd, name, 0644);

	if (f >= 0) {
		if (write_all(f, text, strlen(text)) < 0)
			errno = 0; /* best effort: a note for git and backup tools */
		close(f);
	}
}

/*
 * The cache folder, made with its .gitignore (which ignores it, wherever it
 * lands) and a CACHEDIR.TAG for backup tools when missing; -1 (errno) when
 * it cannot be made or used.
 */
static int make_root(struct cache *c)
{
	static const char tag[] = "Signature: 8a477f597d28d172789f06886806bc55\n"
				  "# The evidence cache of litlab: removing it is safe.\n";
	int fd = root_fd(c);

	if (fd >= 0)
		return fd;
	if (c->unusable) {
		errno = ELOOP;
		return -1;
	}
	pthread_mutex_lock(&c->lock);
	fd = root_fd(c);
	if (fd < 0) {
		fd = fs_open_top(c->dir, c->named, 1, 0777);
		if (fd >= 0) {
			create_once(fd, ".gitignore", "*\n");
			create_once(fd, "CACHEDIR.TAG", tag);
			__atomic_store_n(&c->root, fd, __ATOMIC_RELEASE);
		}
	}
	int e = errno;
	pthread_mutex_unlock(&c->lock);
	errno = e;
	return fd;
}

/* The folder of the records whose key starts with sub (evidence/sub), made on first use. */
static int prepare(struct cache *c, const char *sub)
{
	unsigned n = (unsigned)strtoul(sub, NULL, 16) & 255;
	pthread_mutex_lock(&c->lock);
	int made = c->made[n / 8] >> (n % 8) & 1;
	pthread_mutex_unlock(&c->lock);
	int root = make_root(c);
	if (root < 0 || made)
		return root < 0 ? -1 : 0;

	char *subdir = xasprintf("evidence/%s", sub);
	int fd = fs_mkdirs(root, subdir, 0777);
	free(subdir);
	if (fd < 0)
		return -1;
	close(fd);
	pthread_mutex_lock(&c->lock);
	c->made[n / 8] |= (unsigned char)(1u << (n % 8));
	pthread_mutex_unlock(&c->lock);
	return 0;
}

static int write_record(struct cache *c, const char *key, const char *text)
{
	char sub[3] = { key[0], key[1], '\0' };
	char *rel = record_rel(key);
	size_t len;
	char *file = signed_text(c, rel, text, strlen(text), &len);
	/* A new file renamed over the name: a link or FIFO planted there is replaced, never followed. */
	int rc = prepare(c, sub) == 0 ? fs_replace(root_fd(c), rel, file, len, 0644, 0) : -1;

	free(file);
	if (rc < 0 && !c->unusable) {
		int e = errno;
		pthread_mutex_lock(&c->lock);
		if (!c->write_warned)
			complain("warning: cannot write the evidence cache in '%s': %s (results are not cached)",
			       c->dir, fs_strerror(e));
		c->write_warned = 1;
		pthread_mutex_unlock(&c->lock);
	}
	free(rel);
	return rc;
}

/* ---- records as bytes (export and import) ---- */

int cache_open_records(struct cache *c, char **err)
{
	open_records(c, 0, 0);
	if (!c->have_secret) {
		*err = xasprintf("the evidence cache '%s' cannot keep records (the warning above says why)", c->dir);
		return -1;
	}
	return 0;
}

/* The record parsed, if body is a whole record of key: else NULL with *why. */
static json_t *record_parse(const char *key, const char *body, size_t len, struct record_deps *d, char **why)
{
	json_t *rec, *format, *rkey, *deps, *evj;
	int deps_ok;

	*why = NULL;
	memset(d, 0, sizeof *d);
	if (memchr(body, '\0', len)) {
		*why = xstrdup("it holds a NUL byte: it is not JSON");
		return NULL;
	}
	rec = record_read(body, len, d, &deps_ok, why);
	if (!rec)
		return NULL;
	struct evidence ev;
	evidence_init(&ev);
	if (json_unpack(rec, "{s:o, s:o, s:o, s:o}", "format", &format, "key", &rkey, "deps", &deps, "evidence",
			&evj) < 0)
		*why = xstrdup("a field is missing (format, key, deps, evidence)");
	else if (!json_is_integer(format) || json_integer_value(format) != CACHE_FORMAT)
		*why = xasprintf("its format is not %d, this litlab's: it was made by another version", CACHE_FORMAT);
	else if (!json_is_string(rkey) || strcmp(json_string_value(rkey), key) != 0)
		*why = xstrdup("it is the record of another key");
	else if (!deps_ok)
		*why = xstrdup("its list of files is malformed");
	else if (cache_evidence_parse(evj, &ev, why) == 0) {
		/* Its evidence as this litlab writes what it read: a record loaded later is trusted for
		   the hash it states, which must then be the one computed from the evidence shown. */
		json_t *stated = json_object_get(rec, "evidence_sha256"), *canon = cache_evidence_json(&ev);
		char hex[KEY_HEX + 1], written[KEY_HEX + 1];
		if (evidence_json_sha256(canon, written) < 0 || evidence_json_sha256(evj, hex) < 0 ||
		    strcmp(hex, written) != 0)
			*why = xstrdup("its evidence is not written as litlab writes it (a field too many, or "
				       "another spelling of a value)");
		else if (stated && (!json_is_string(stated) || strcmp(written, json_string_value(stated)) != 0))
			*why = xstrdup("the hash it states for its evidence is not its evidence's");
		json_decref(canon);
	}
	evidence_release(&ev);
	if (*why) {
		record_deps_release(d);
		json_decref(rec);
		return NULL;
	}
	return rec;
}

int cache_record_check(const char *key, const char *body, size_t len, char **why)
{
	if (strlen(key) != KEY_HEX || !is_hex(key, KEY_HEX)) {
		*why = xstrdup("its key is not a key");
		return -1;
	}
	struct record_deps d;
	json_t *rec = record_parse(key, body, len, &d, why);
	record_deps_release(&d);
	json_decref(rec);
	return rec ? 0 : -1;
}

/* The signed file of key's record, when the cache has one: 1 with *text (malloc'd), else 0. */
static int signed_record(struct cache *c, const char *key, char **text, const char **body, size_t *body_len)
{
	size_t len;
	char *rel = record_rel(key);
	int ok = root_fd(c) >= 0 && fs_read(root_fd(c), rel, CACHE_RECORD_MAX + MAC_LINE, text, &len) == 0;

	if (ok && !signed_here(c, rel, *text, len, body, body_len)) {
		free(*text);
		ok = 0;
	}
	free(rel);
	return ok;
}

int cache_record_get(struct cache *c, const char *key, char **body, size_t *len)
{
	char *text, *why;
	const char *b;
	size_t blen;

	if (!c->have_secret || !signed_record(c, key, &text, &b, &blen))
		return 0;
	struct record_deps d;
	json_t *rec = record_parse(key, b, blen, &d, &why);
	int ok = rec && deps_unchanged(c, &d);
	record_deps_release(&d);
	if (ok) {
		*body = xstrndup(b, blen);
		*len = blen;
	}
	free(why);
	json_decref(rec);
	free(text);
	return ok;
}

int cache_record_put(struct cache *c, const char *key, const char *body, size_t len)
{
	char *text, *why;
	const char *b;
	size_t blen;

	if (cache_record_check(key, body, len, &why) < 0) {
		free(why);
		errno = EINVAL;
		return -1;
	}
	if (signed_record(c, key, &text, &b, &blen)) {
		struct record_deps d;
		json_t *rec = record_parse(key, b, blen, &d, &why);
		int same = blen == len && memcmp(b, body, len) == 0;
		/* A record of the key that this cache vouches for is never replaced, unless it is stale (a
		   file it was built with changed: a check would run the block again) and body is not. */
		int keep = rec && (same || deps_unchanged(c, &d));
		record_deps_release(&d);
		free(why);
		free(text);
		json_decref(rec);
		if (keep)
			return same ? CACHE_PUT_SAME : CACHE_PUT_KEPT;
		if (rec) {
			json_t *fresh = record_parse(key, body, len, &d, &why);
			keep = !fresh || !deps_unchanged(c, &d);
			record_deps_release(&d);
			free(why);
			json_decref(fresh);
			if (keep)
				return CACHE_PUT_KEPT;
		}
	}
	char *copy = xstrndup(body, len);
	int rc = write_record(c, key, copy);
	free(copy);
	return rc < 0 ? -1 : CACHE_PUT_ADDED;
}

/*
 * The writer: records are written by a thread of their own, so that making
 * files (which costs a good part of a millisecond on some file systems)
 * overlaps the next block's compilation instead of adding to it.
 */
struct cache_pending {
	char *key;
	char *text;
	struct cache_pending *next;
};

static void *writer_main(void *arg)
{
	struct cache *c = arg;

	pthread_mutex_lock(&c->lock);
	for (;;) {
		while (!c->queue && !c->stop)
			pthread_cond_wait(&c->wake, &c->lock);
		struct cache_pending *w = c->queue;
		if (!w)
			break;
		c->queue = w->next;
		if (!c->queue)
			c->queue_tail = NULL;
		c->writing = 1;
		pthread_mutex_unlock(&c->lock);
		write_record(c, w->key, w->text);
		size_t done = strlen(w->text);
		free(w->key);
		free(w->text);
		free(w);
		pthread_mutex_lock(&c->lock);
		c->writing = 0;
		c->queued -= done;
		pthread_cond_broadcast(&c->idle); /* cache_flush(), and enqueue() waiting for room */
	}
	pthread_mutex_unlock(&c->lock);
	return NULL;
}

/* Hands text to the writer, started on first use; 0, or -1 if there is no writer. */
static int enqueue(struct cache *c, const char *key, char *text)
{
	pthread_mutex_lock(&c->lock);
	if (!c->have_writer && !c->no_writer) {
		if (pthread_create(&c->writer, NULL, writer_main, c) == 0)
			c->have_writer = 1;
		else
			c->no_writer = 1;
	}
	if (!c->have_writer) {
		pthread_mutex_unlock(&c->lock);
		return -1;
	}
	/* Records wait in memory: past CACHE_QUEUE_MAX bytes of them, the blocks wait for the disk. */
	while (c->queued > CACHE_QUEUE_MAX)
		pthread_cond_wait(&c->idle, &c->lock);
	c->queued += strlen(text);
	struct cache_pending *w = xcalloc(1, sizeof *w);
	w->key = xstrdup(key);
	w->text = text;
	if (c->queue_tail)
		c->queue_tail->next = w;
	else
		c->queue = w;
	c->queue_tail = w;
	pthread_cond_signal(&c->wake);
	pthread_mutex_unlock(&c->lock);
	return 0;
}

void cache_flush(struct cache *c)
{
	pthread_mutex_lock(&c->lock);
	while (c->queue || c->writing)
		pthread_cond_wait(&c->idle, &c->lock);
	pthread_mutex_unlock(&c->lock);
}

/* Evidence that the next run could well give otherwise is not kept. */
static int storable(const struct evidence *ev)
{
	if ((!ev->compiled && !ev->executed) || ev->setup_error || ev->deps_unknown ||
	    (ev->compiled && ev->compile_end != END_EXITED))
		return 0;
	if (ev->executed && ev->run.limit) {
		int known = 0;
		for (size_t i = 0; i < ARRAY_LEN(limit_names); i++)
			known |= strcmp(ev->run.limit, limit_names[i]) == 0;
		if (!known)
			return 0;
	}
	return !ev->executed || (ev->run.end != END_TIMEOUT && ev->run.end != END_LAUNCH_FAILED && end_str(ev->run.end));
}

/*
 * 1 when this run's keys name an isolation (from the memo) that the probe,
 * run for a launch since, did not find: its evidence is not stored under
 * them, and the memo is corrected when the cache is released.
 */
static int isolation_changed(struct cache *c)
{
	const char *real = c->assumed ? sandbox_isolation_known() : NULL;
	int changed;

	if (!real || strcmp(real, c->assumed) == 0)
		return 0;
	pthread_mutex_lock(&c->lock);
	changed = c->mismatch;
	c->mismatch = 1;
	pthread_mutex_unlock(&c->lock);
	if (!changed)
		complain("warning: the sandbox's isolation is now '%s', not '%s' as the last time litlab probed "
		       "it here: this run's results are not cached (run again to cache them)",
		       real, c->assumed);
	return 1;
}

/*
 * 1 if a file or folder ev depends on changed (its change time, which no one
 * can set) since its build began: the compiler may have read it before the
 * change, and the record would state its hash after it, stale evidence
 * taken as fresh from then on (ccache's "too new" files). It is run again
 * next time. A change in the very clock tick the build began (a few
 * milliseconds) may not show: a change time is the clock's last tick, or
 * (Linux 6.13 on) a finer time when the file was looked at since; either is
 * at most the clock's fine time (CLOCK_REALTIME) when it was made, so a
 * header saved and then built at once is kept.
 */
static int changed_since_built(const struct evidence *ev)
{
	struct stat st;

	for (size_t i = 0; ev->built_ns && i < ev->ndeps + ev->ndirs; i++)
		if (stat(i < ev->ndeps ? ev->deps[i] : ev->dirs[i - ev->ndeps], &st) == 0 &&
		    (long long)st.st_ctim.tv_sec * 1000000000LL + st.st_ctim.tv_nsec > ev->built_ns)
			return 1;
	return 0;
}

void cache_store(struct cache *c, const char *key, const struct evidence *ev)
{
	char digest[KEY_HEX + 1];

	if (c->held && ev->executed && ev->run.end == END_TIMEOUT && !ev->setup_error)
		held_store(c->held, key, ev);
	if (!storable(ev) || changed_since_built(ev) || isolation_changed(c))
		return;
	/* A file that cannot be read or named in JSON would be a dependency the record cannot check. */
	if (deps_digest(c, (const char *const *)ev->deps, ev->ndeps, digest) < 0)
		return;
	char dirs_hex[KEY_HEX + 1];
	dirs_digest(c, (const char *const *)ev->dirs, ev->ndirs, dirs_hex);
	/* The paths follow the JSON, one a line (record_read()): a path with a newline is not kept. */
	struct buf lines = BUF_INIT;
	for (size_t i = 0; i < ev->ndeps + ev->ndirs; i++) {
		const char *path = i < ev->ndeps ? ev->deps[i] : ev->dirs[i - ev->ndeps];
		if (!*path || strchr(path, '\n')) {
			buf_release(&lines);
			return;
		}
		buf_adds(&lines, path);
		buf_addc(&lines, '\n');
	}
	json_t *deps = json_pack("{s:I, s:s, s:I, s:s}", "files", (json_int_t)ev->ndeps, "sha256", digest, "dirs",
				 (json_int_t)ev->ndirs, "dirs_sha256", dirs_hex);
	/* NULL when a string is not UTF-8 (a flag, a compiler's name): such evidence is not kept. */
	char made[32];
	time_t now = time(NULL);
	struct tm tm;
	if (now == (time_t)-1 || !gmtime_r(&now, &tm) || !strftime(made, sizeof made, "%Y-%m-%dT%H:%M:%SZ", &tm))
		strcpy(made, "unknown");
	json_t *evj = cache_evidence_json(ev);
	char evidence_hex[KEY_HEX + 1];
	if (evidence_json_sha256(evj, evidence_hex) < 0) {
		json_decref(evj);
		json_decref(deps);
		buf_release(&lines);
		return;
	}
	json_t *rec = json_pack("{s:i, s:s, s:s, s:o, s:o, s:s, s:s}", "format", CACHE_FORMAT, "key", key, "litlab",
				LITLAB_VERSION, "deps", deps, "evidence", evj, "evidence_sha256", evidence_hex, "made",
				made);
	char *json = rec ? json_dumps(rec, JSON_COMPACT) : NULL;
	char *text = json ? xasprintf("%s\n%s", json, lines.p ? lines.p : "") : NULL;
	free(json);
	buf_release(&lines);
	json_decref(rec);
	if (text && enqueue(c, key, text) < 0) {
		write_record(c, key, text);
		free(text);
	}
}

/* ---- memos ---- */

/* The memo's path below the cache folder. */
static char *memo_rel(const char *kind, const char *id)
{
	struct sha256_ctx ctx;
	char hex[KEY_HEX + 1];

	sha256_init(&ctx);
	key_str(&ctx, "litlab", LITLAB_VERSION);
	key_str(&ctx, "memo-format", "signed"); /* unsigned memos of before are never looked at */
	key_str(&ctx, kind, id);
	key_finish(&ctx, hex);
	return xasprintf("memo/%s-%s", kind, hex);
}

/*
 * Every memo ends with this line: one without it (cut short, or not one of
 * ours) is no memo, so that a lost line can never hide a diagnostic or
 * shorten an isolation.
 */
#define MEMO_END "\n-- litlab memo end --\n"

char *cache_memo_get(const struct cache *c, const char *kind, const char *id, size_t *len)
{
	size_t end = sizeof MEMO_END - 1, n = 0;
	char *path, *data = NULL;

	if (c->fresh || !c->have_secret || root_fd(c) < 0)
		return NULL;
	path = memo_rel(kind, id);
	const char *body;
	size_t body_len;
	if (fs_read(root_fd(c), path, CACHE_MEMO_MAX + MAC_LINE, &data, &n) < 0 ||
	    !verified((struct cache *)c, path, data, n, &body, &body_len) || body_len < end ||
	    memcmp(body + body_len - end, MEMO_END, end) != 0) {
		free(data);
		data = NULL;
		n = 0;
	} else {
		n = body_len - end;
		memmove(data, body, n);
		data[n] = '\0';
	}
	free(path);
	if (len)
		*len = n;
	return data;
}

void cache_memo_put(struct cache *c, const char *kind, const char *id, const char *data, size_t len)
{
	if (len > CACHE_MEMO_MAX - (sizeof MEMO_END - 1))
		return; /* never one cache_memo_get() would not read back: it would be written again each time */
	if (c->dry) {
		c->dry_missed = 1;
		return;
	}
	char *path = memo_rel(kind, id);
	struct buf b = BUF_INIT;
	int root = make_root(c), fd = root >= 0 ? fs_mkdirs(root, "memo", 0777) : -1;

	buf_add(&b, data, len);
	buf_adds(&b, MEMO_END);
	if (fd >= 0 && c->have_secret) {
		size_t n;
		char *file = signed_text(c, path, b.p, b.len, &n);
		if (fs_replace(root, path, file, n, 0644, 0) < 0)
			errno = 0; /* silent: the fact is learnt again next time */
		free(file);
	}
	if (fd >= 0)
		close(fd);
	buf_release(&b);
	free(path);
}
