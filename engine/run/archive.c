/* archive.c: evidence archives (the contract is in archive.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <nettle/hmac.h>
#include <nettle/sha2.h>

#include "base/buf.h"
#include "base/fs.h"
#include "base/keyhash.h"
#include "base/tar.h"
#include "run/archive.h"

#define MANIFEST "manifest.tsv"
#define MANIFEST_MAC "manifest.mac"
#define MANIFEST_HEAD "litlab-evidence\t1\t"

/* The key of LITLAB_EVIDENCE_KEY, or NULL when it is unset. */
static const char *shared_key(void)
{
	const char *k = getenv(ARCHIVE_KEY_ENV);
	return k && *k ? k : NULL;
}

int archive_key_check(char **err)
{
	const char *k = shared_key();

	if (k && strlen(k) < 16) {
		*err = xstrdup(ARCHIVE_KEY_ENV " is shorter than 16 bytes: give it a secret of 16 bytes or more "
					       "(e.g. 32 random bytes in hex), or unset it");
		return -1;
	}
	return 0;
}

static void manifest_mac(const char *key, const char *text, size_t len, char hex[KEY_HEX + 1])
{
	static const char digits[] = "0123456789abcdef";
	struct hmac_sha256_ctx ctx;
	uint8_t d[SHA256_DIGEST_SIZE];

	hmac_sha256_set_key(&ctx, strlen(key), (const uint8_t *)key);
	hmac_sha256_update(&ctx, len, (const uint8_t *)text);
	hmac_sha256_digest(&ctx, sizeof d, d);
	for (size_t i = 0; i < sizeof d; i++) {
		hex[2 * i] = digits[d[i] >> 4];
		hex[2 * i + 1] = digits[d[i] & 15];
	}
	hex[KEY_HEX] = '\0';
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static char *entry_name(const char *key)
{
	return xasprintf("evidence/%.2s/%s.json", key, key);
}

/* Writes data to path, replaced atomically (a new file beside it, renamed). */
static int write_archive(const char *path, const char *data, size_t len, char **err)
{
	char *parent = fs_parent_path(path);
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	int dfd = fs_open_root(parent), rc = -1;

	if (dfd < 0)
		*err = xasprintf("cannot open the folder '%s': %s", parent, fs_strerror(errno));
	else if (!*base || strcmp(base, ".") == 0 || strcmp(base, "..") == 0)
		*err = xasprintf("'%s' names a folder, not a file", path);
	else if (fs_replace(dfd, base, data, len, 0644, 1) < 0)
		*err = xasprintf("cannot write '%s': %s", path, fs_strerror(errno));
	else
		rc = 0;
	if (dfd >= 0)
		close(dfd);
	free(parent);
	return rc;
}

int archive_export(struct cache *c, char *const *keys, size_t n, const char *path, struct archive_stats *st,
		   char **err)
{
	char **sorted = xcalloc(n ? n : 1, sizeof *sorted);
	char **bodies = xcalloc(n ? n : 1, sizeof *bodies);
	size_t *lens = xcalloc(n ? n : 1, sizeof *lens), m = 0;
	struct buf manifest = BUF_INIT, out = BUF_INIT;
	char hex[KEY_HEX + 1];

	memset(st, 0, sizeof *st);
	if (archive_key_check(err) < 0)
		goto done;
	memcpy(sorted, keys, n * sizeof *keys);
	qsort(sorted, n, sizeof *sorted, cmp_str);
	buf_adds(&manifest, MANIFEST_HEAD "litlab=" LITLAB_VERSION "\n");
	for (size_t i = 0; i < n; i++) {
		if (i && strcmp(sorted[i], sorted[i - 1]) == 0)
			continue;
		if (!cache_record_get(c, sorted[i], &bodies[m], &lens[m]))
			continue;
		key_sha256(bodies[m], lens[m], hex);
		buf_addf(&manifest, "%s\t%s\t%zu\n", sorted[i], hex, lens[m]);
		sorted[m++] = sorted[i];
	}
	tar_add(&out, MANIFEST, manifest.p, manifest.len);
	if (shared_key()) {
		manifest_mac(shared_key(), manifest.p, manifest.len, hex);
		buf_addf(&manifest, "%s\n", hex); /* manifest's text is in the archive: reuse the buffer */
		tar_add(&out, MANIFEST_MAC, manifest.p + manifest.len - KEY_HEX - 1, KEY_HEX + 1);
	}
	for (size_t i = 0; i < m; i++) {
		char *name = entry_name(sorted[i]);
		tar_add(&out, name, bodies[i], lens[i]);
		free(name);
	}
	tar_end(&out);
	if (write_archive(path, out.p, out.len, err) == 0) {
		st->records = m;
		st->bytes = out.len;
	}
done:
	for (size_t i = 0; i < m; i++)
		free(bodies[i]);
	free(bodies);
	free(lens);
	free(sorted);
	buf_release(&manifest);
	buf_release(&out);
	return *err ? -1 : 0;
}

/* ---- import ---- */

struct listed {
	char key[KEY_HEX + 1];
	char sha[KEY_HEX + 1];
	size_t size;
	int seen;
	struct tar_entry entry; /* where its record is */
};

static int cmp_listed(const void *a, const void *b)
{
	return strcmp(((const struct listed *)a)->key, ((const struct listed *)b)->key);
}

static int hex_word(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
			return 0;
	return 1;
}

/* The manifest's records, sorted by key: -1 with *why (malloc'd) at its first fault. */
static int parse_manifest(const char *text, size_t len, struct listed **out, size_t *nout, char **why)
{
	struct listed *v = NULL;
	size_t n = 0, line = 1;
	const char *p = text, *end = text + len;

	*why = NULL;
	if (len < sizeof MANIFEST_HEAD - 1 || memcmp(text, MANIFEST_HEAD, sizeof MANIFEST_HEAD - 1) != 0) {
		*why = xstrdup("its first line is not 'litlab-evidence<TAB>1<TAB>...': not a litlab evidence archive "
			       "of this version");
		return -1;
	}
	p = memchr(p, '\n', len);
	if (!p) {
		*why = xstrdup("its first line does not end");
		return -1;
	}
	for (p++; p < end && !*why; line++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl) {
			*why = xasprintf("line %zu does not end (cut short?)", line + 1);
			break;
		}
		/* KEY<TAB>SHA<TAB>SIZE: 64 + 1 + 64 + 1 + digits */
		size_t l = (size_t)(nl - p), size = 0, k;
		int ok = l > 2 * KEY_HEX + 2 && l <= 2 * KEY_HEX + 2 + 10 && hex_word(p, KEY_HEX) && p[KEY_HEX] == '\t' &&
			 hex_word(p + KEY_HEX + 1, KEY_HEX) && p[2 * KEY_HEX + 1] == '\t';
		for (k = 2 * KEY_HEX + 2; ok && k < l; k++) {
			ok = p[k] >= '0' && p[k] <= '9' && !(k > 2 * KEY_HEX + 2 && size == 0);
			size = size * 10 + (size_t)(p[k] - '0');
		}
		if (!ok || size > CACHE_RECORD_MAX) {
			*why = xasprintf("line %zu is not KEY<TAB>SHA-256<TAB>SIZE (lowercase hex, a size up to %u bytes)",
					 line + 1, CACHE_RECORD_MAX);
			break;
		}
		v = xreallocarray(v, n + 1, sizeof *v);
		memset(&v[n], 0, sizeof v[n]);
		memcpy(v[n].key, p, KEY_HEX);
		memcpy(v[n].sha, p + KEY_HEX + 1, KEY_HEX);
		v[n].size = size;
		n++;
		p = nl + 1;
	}
	if (!*why) {
		qsort(v, n, sizeof *v, cmp_listed);
		for (size_t i = 1; i < n && !*why; i++)
			if (strcmp(v[i].key, v[i - 1].key) == 0)
				*why = xasprintf("it lists the key %s twice", v[i].key);
	}
	if (*why) {
		free(v);
		return -1;
	}
	*out = v;
	*nout = n;
	return 0;
}

/* The key of an entry named evidence/XX/KEY.json, or NULL when the name is anything else. */
static const char *name_key(const char *name, char key[KEY_HEX + 1])
{
	if (strlen(name) != 9 + 3 + KEY_HEX + 5 || strncmp(name, "evidence/", 9) != 0 || name[11] != '/' ||
	    strcmp(name + 12 + KEY_HEX, ".json") != 0 || !hex_word(name + 12, KEY_HEX) ||
	    memcmp(name + 9, name + 12, 2) != 0)
		return NULL;
	memcpy(key, name + 12, KEY_HEX);
	key[KEY_HEX] = '\0';
	return key;
}

/* s escaped for a message of one line: as buf_add_printable(), newlines and tabs too. */
static char *printable(const char *s)
{
	struct buf b = BUF_INIT;

	for (const char *p = s; *p;) {
		size_t n = strcspn(p, "\n\t");
		buf_add_printable(&b, p, n);
		p += n;
		if (*p)
			buf_adds(&b, *p++ == '\n' ? "\\n" : "\\t");
	}
	return buf_detach(&b, NULL);
}

/* *err = "refused 'PATH': entry 'NAME': WHY; ..." (NAME NULL: the archive as a whole). */
static void refuse(char **err, const char *path, const char *name, char *why)
{
	char *p = printable(path), *nm = name ? printable(name) : NULL;

	if (nm)
		*err = xasprintf("refused the evidence archive '%s': entry '%s': %s; nothing of it was imported", p, nm,
				 why);
	else
		*err = xasprintf("refused the evidence archive '%s': %s; nothing of it was imported", p, why);
	free(p);
	free(nm);
	free(why);
}

/* Pass 1: every entry checked. 0, or -1 with *err. */
static int check_archive(struct tar_reader *t, const char *path, struct listed **lv, size_t *ln, char **err)
{
	struct tar_entry e;
	char *why = NULL, *text = NULL, key[KEY_HEX + 1], hex[KEY_HEX + 1];
	struct listed *v = NULL;
	size_t n = 0;
	int r = tar_next(t, ARCHIVE_MANIFEST_MAX, &e, &why);

	if (r <= 0 || strcmp(e.name, MANIFEST) != 0) {
		refuse(err, path, e.name[0] ? e.name : NULL,
		       r < 0 ? why : xstrdup(r == 0 ? "it is empty" : "the first entry is not " MANIFEST));
		if (r > 0)
			free(why);
		return -1;
	}
	size_t text_len = e.size;
	if (tar_read(t, &e, &text) < 0) {
		refuse(err, path, e.name, xasprintf("cannot read it: %s", strerror(errno)));
		return -1;
	}
	if (parse_manifest(text, e.size, &v, &n, &why) < 0) {
		refuse(err, path, MANIFEST, why);
		free(text);
		return -1;
	}
	r = tar_next(t, CACHE_RECORD_MAX, &e, &why);
	if (r > 0 && strcmp(e.name, MANIFEST_MAC) == 0) {
		char *mac = NULL;
		if (e.size != KEY_HEX + 1 || tar_read(t, &e, &mac) < 0) {
			refuse(err, path, e.name, xstrdup("it is not one line of 64 hex digits"));
			goto fail;
		}
		if (shared_key()) {
			manifest_mac(shared_key(), text, text_len, hex);
			unsigned diff = 0;
			for (size_t i = 0; i < KEY_HEX; i++)
				diff |= (unsigned)(hex[i] ^ mac[i]);
			if (diff) {
				free(mac);
				refuse(err, path, e.name,
				       xstrdup("the manifest is not signed with " ARCHIVE_KEY_ENV ": it was changed, or "
					       "made with another key"));
				goto fail;
			}
		}
		free(mac);
		r = tar_next(t, CACHE_RECORD_MAX, &e, &why);
	} else if (shared_key() && r >= 0) {
		refuse(err, path, NULL,
		       xstrdup(ARCHIVE_KEY_ENV " is set and the archive's manifest is not signed (no " MANIFEST_MAC
			       "): export it with the same " ARCHIVE_KEY_ENV));
		goto fail;
	}
	for (; r > 0; r = tar_next(t, CACHE_RECORD_MAX, &e, &why)) {
		struct listed probe, *l;
		if (!name_key(e.name, key)) {
			refuse(err, path, e.name,
			       xstrdup("its name is not evidence/XX/KEY.json: an evidence archive holds nothing else"));
			goto fail;
		}
		memcpy(probe.key, key, sizeof key);
		l = bsearch(&probe, v, n, sizeof *v, cmp_listed);
		if (!l) {
			refuse(err, path, e.name, xstrdup("the manifest does not list its key"));
			goto fail;
		}
		if (l->seen) {
			refuse(err, path, e.name, xstrdup("a second entry for the same key"));
			goto fail;
		}
		if (e.size != l->size) {
			refuse(err, path, e.name,
			       xasprintf("it is %zu bytes and the manifest says %zu", e.size, l->size));
			goto fail;
		}
		char *body;
		if (tar_read(t, &e, &body) < 0) {
			refuse(err, path, e.name, xasprintf("cannot read it: %s", strerror(errno)));
			goto fail;
		}
		key_sha256(body, e.size, hex);
		if (strcmp(hex, l->sha) != 0) {
			free(body);
			refuse(err, path, e.name,
			       xstrdup("its SHA-256 is not the one the manifest lists: the record was changed"));
			goto fail;
		}
		char *bad = NULL;
		if (cache_record_check(key, body, e.size, &bad) < 0) {
			free(body);
			refuse(err, path, e.name, xasprintf("not a record this litlab can use: %s", bad));
			free(bad);
			goto fail;
		}
		free(body);
		l->seen = 1;
		l->entry = e;
	}
	if (r < 0) {
		refuse(err, path, e.name[0] ? e.name : NULL, why);
		why = NULL;
		goto fail;
	}
	for (size_t i = 0; i < n; i++)
		if (!v[i].seen) {
			char *name = entry_name(v[i].key);
			refuse(err, path, name, xstrdup("the manifest lists it and the archive does not hold it"));
			free(name);
			goto fail;
		}
	free(text);
	*lv = v;
	*ln = n;
	return 0;
fail:
	free(why);
	free(text);
	free(v);
	return -1;
}

int archive_import(struct cache *c, const char *path, struct archive_stats *st, char **err)
{
	struct tar_reader t;
	struct listed *v = NULL;
	size_t n = 0;
	int fd = fs_open_regular(path), rc = 0;

	memset(st, 0, sizeof *st);
	*err = NULL;
	if (fd < 0 || tar_open(&t, fd) < 0) {
		char *p = printable(path);
		int option = errno == ENOENT && path[0] == '-';
		*err = xasprintf("cannot read the evidence archive '%s': %s%s", p, fs_strerror(errno),
				 option ? " (an option? options come before the files)" : "");
		free(p);
		if (fd >= 0)
			close(fd);
		return -2;
	}
	if (check_archive(&t, path, &v, &n, err) < 0) {
		close(fd);
		return -1;
	}
	/* Pass 2: in the archive's order; each record checked again, for the file may have changed. */
	for (size_t i = 0; i < n && !*err; i++) {
		char *body, hex[KEY_HEX + 1];
		if (tar_read(&t, &v[i].entry, &body) < 0) {
			refuse(err, path, v[i].entry.name, xstrdup("it changed while it was imported"));
			rc = -1;
			break;
		}
		key_sha256(body, v[i].entry.size, hex);
		int put = strcmp(hex, v[i].sha) == 0 ? cache_record_put(c, v[i].key, body, v[i].entry.size) : -1;
		free(body);
		if (put < 0 && strcmp(hex, v[i].sha) != 0) {
			refuse(err, path, v[i].entry.name,
			       xstrdup("it changed while it was imported (the records before it were imported)"));
			rc = -1;
		} else if (put < 0) {
			*err = xasprintf("cannot write the record of %s into the evidence cache '%s': %s", v[i].key, c->dir,
					 fs_strerror(errno));
			rc = -2;
		} else {
			st->added += put == CACHE_PUT_ADDED;
			st->same += put == CACHE_PUT_SAME;
			st->kept += put == CACHE_PUT_KEPT;
			st->records++;
		}
	}
	st->bytes = (size_t)t.size;
	free(v);
	close(fd);
	return rc;
}
