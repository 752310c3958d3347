/*
 * archive.h: evidence archives, which carry cache records from one machine
 * to another (`litlab evidence export` and `import`): the shards of a CI
 * matrix each export what they ran, one job imports them all and builds.
 *
 * An archive is a POSIX tar (base/tar.h: any tar lists it) holding, in this
 * order, manifest.tsv, manifest.mac when LITLAB_EVIDENCE_KEY was set, and
 * one file evidence/XX/KEY.json per record: the record's body (cache.h:
 * without this machine's signature, which no other machine can check). The
 * manifest is a line "litlab-evidence<TAB>1<TAB>litlab=VERSION", then one
 * line per record: KEY<TAB>SHA-256 of the body<TAB>its size in bytes. The
 * same records make the same archive, byte for byte.
 *
 * What an import proves. The SHA-256s prove that each record is the one the
 * manifest lists, whole: nothing was cut short, swapped or changed on the
 * way unless the manifest was changed with it. They do not prove who made
 * the archive: anyone who can write it can write its manifest. An imported
 * record is trusted as the machine and the litlab that exported it (a CI
 * job), and the archive as the store that carried it. With
 * LITLAB_EVIDENCE_KEY (a secret shared by the exporting and importing jobs,
 * at least 16 bytes), export signs the manifest (manifest.mac, HMAC-SHA256)
 * and import refuses an archive whose manifest is not signed with it, so
 * that the store need not be trusted. Once imported, a record is signed
 * with this user's secret, like a record this machine made.
 *
 * An archive is read twice, never whole in memory: first every entry is
 * checked, then its records are written, each checked again. Any fault
 * refuses the whole archive, and nothing of it is imported: an entry that
 * is not a regular file (a link, a folder), a name other than the layout's
 * (a "..", an absolute path, another folder), a size past CACHE_RECORD_MAX
 * or past the file's end, a key twice, a record missing from the manifest
 * or the manifest's record missing, a SHA-256 or size that is not the
 * manifest's, a body that is not a whole record of its key for this litlab
 * (another format), a file cut short.
 */
#ifndef LITLAB_ARCHIVE_H
#define LITLAB_ARCHIVE_H

#include <stddef.h>

#include "run/cache.h"

#define ARCHIVE_KEY_ENV "LITLAB_EVIDENCE_KEY"
#define ARCHIVE_MANIFEST_MAX (16u << 20)

struct archive_stats {
	size_t records; /* written (export) or read (import) */
	size_t bytes;	/* of the archive */
	size_t added, same, kept; /* import: as cache_record_put() said */
};

/*
 * Writes the records of keys[0..n) that c holds (cache_record_get(): signed
 * here, whole, their files unchanged) to an archive at path, replaced
 * atomically; a key twice is written once. 0, or -1 with *err (malloc'd).
 */
int archive_export(struct cache *c, char *const *keys, size_t n, const char *path, struct archive_stats *st,
		   char **err);

/*
 * Checks the archive at path whole, then merges its records into c
 * (cache_record_put(): a record of a key that c holds is never replaced).
 * 0; -1 with *err (malloc'd, naming path and the entry) when the archive is
 * refused: nothing of it was imported; -2 with *err when the file cannot be
 * read or the cache written (the environment, not the archive).
 */
int archive_import(struct cache *c, const char *path, struct archive_stats *st, char **err);

/* 0 when LITLAB_EVIDENCE_KEY is unset or usable; else -1 with *err (malloc'd). */
int archive_key_check(char **err);

#endif
