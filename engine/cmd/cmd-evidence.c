/* cmd-evidence.c: `litlab evidence export|import`: cache records moved between machines (run/archive.h). */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/course_check.h"
#include "run/archive.h"

static const char evidence_help[] =
	"Moves evidence between machines, so that a CI matrix can check a course in\n"
	"shards and build it in one job that runs nothing (docs/ci-shards.md).\n"
	"\n"
	"  export FILE [PATH...]  writes to FILE (a tar: a manifest, then one record per\n"
	"                     block) the cache's record of every block of the lessons PATH\n"
	"                     names (default: lessons/) that it holds and check would use\n"
	"                     (as a check without --sanitize or --repeat keys them); FILE is\n"
	"                     replaced atomically\n"
	"  --shard I/N        export: only the blocks of check --shard I/N\n"
	"  import FILE...     merges each archive into the cache: every record's SHA-256\n"
	"                     against the manifest, every entry's name, kind and size; an\n"
	"                     archive with any fault is refused whole, naming the entry;\n"
	"                     a record of a key the cache holds is never replaced\n"
	"                     (but one gone stale, by a fresh one)\n"
	"  -h, --help         this help\n"
	"\n"
	"An imported record is trusted as the machine that exported it. With\n"
	"LITLAB_EVIDENCE_KEY set (a secret of 16 bytes or more, the same for export and\n"
	"import), the manifest is signed and an archive not signed with it is refused.\n"
	"\n"
	"Exit status: 0 done, 1 an archive was refused, 2 a usage error or a broken\n"
	"environment (an unreadable file, a cache that cannot be written).\n";

/* The cache keys of the blocks of the lessons paths name (in shard of nshards): *keys, *n. */
static int course_keys(char *const *paths, size_t npaths, unsigned shard, unsigned nshards, struct cache *c,
		       struct runner *r, int *have, char ***keys, size_t *n, size_t *blocks)
{
	struct course_paths cp;
	char *err = NULL;
	int status = 0;

	*keys = NULL;
	*n = *blocks = 0;
	if (course_find(&cp, paths, npaths, &err) < 0) {
		complain("%s", err);
		free(err);
		course_paths_release(&cp);
		return 2;
	}
	for (size_t i = 0; i < cp.n && status == 0; i++) {
		struct lesson *l = lesson_load(cp.v[i]);
		if (!l) {
			complain("cannot read '%s': %s", cp.v[i], lesson_strerror(errno));
			status = 2;
			break;
		}
		for (size_t k = 0; k < l->nblocks && status == 0; k++) {
			struct block *b = &l->blocks[k];
			if (!block_runs(b) || b->bad_attrs ||
			    (nshards && course_check_shard_of(l, b, nshards) != shard))
				continue;
			if (!*have) {
				if (runner_init(r, &err) < 0) {
					complain("%s", err);
					free(err);
					status = 2;
					break;
				}
				cache_init(c, r, 0);
				*have = 1;
			}
			*keys = xreallocarray(*keys, *n + 1, sizeof **keys);
			(*keys)[*n] = xmalloc(KEY_HEX + 1);
			cache_key(c, r, l, b, (*keys)[*n]);
			++*n;
			++*blocks;
		}
		lesson_free(l);
	}
	course_paths_release(&cp);
	return status;
}

static int evidence_export(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "shard", required_argument, NULL, 'D' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	unsigned shard = 0, nshards = 0;
	int c;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+:h", opts, NULL)) != -1) {
		if (c == 'h')
			return cmd_help(&cmd_evidence_entry);
		if (c != 'D')
			return cmd_option_error(&cmd_evidence_entry, c, argv[optind - 1]);
		if (course_check_shard_parse(optarg, &shard, &nshards) < 0)
			return cmd_usage_error(&cmd_evidence_entry, "%s", course_check_shard_usage(optarg));
	}
	if (optind >= argc)
		return cmd_usage_error(&cmd_evidence_entry, "export needs the FILE to write");
	const char *file = argv[optind++];
	char *err = NULL;
	if (archive_key_check(&err) < 0) {
		int status = cmd_usage_error(&cmd_evidence_entry, "%s", err);
		free(err);
		return status;
	}

	struct runner r;
	struct cache cache;
	int have = 0;
	char **keys;
	size_t n, blocks;
	int status = course_keys(argv + optind, (size_t)(argc - optind), shard, nshards, &cache, &r, &have, &keys,
				 &n, &blocks);
	struct cache none;
	if (status == 0 && !have) { /* nothing to key: an archive with no record */
		memset(&none, 0, sizeof none);
		none.root = -1;
	}
	struct archive_stats st;
	if (status == 0 && archive_export(have ? &cache : &none, keys, n, file, &st, &err) < 0) {
		complain("%s", err);
		free(err);
		status = 2;
	}
	if (status == 0) {
		cmd_printf(stderr, "litlab: exported %zu record%s of %zu block%s%s to '%s' (%zu bytes)", st.records,
			   st.records == 1 ? "" : "s", blocks, blocks == 1 ? "" : "s",
			   nshards ? " of this shard" : "", file, st.bytes);
		if (st.records < blocks)
			fprintf(stderr, "; %zu block%s no record in the cache (not checked here yet, checked only with "
					"--sanitize or --repeat, which key their own records, or a timeout or failed launch, "
					"which is never kept)",
				blocks - st.records, blocks - st.records == 1 ? " has" : "s have");
		fputc('\n', stderr);
	}
	for (size_t i = 0; i < n; i++)
		free(keys[i]);
	free(keys);
	if (have) {
		cache_release(&cache);
		runner_release(&r);
	}
	return status;
}

static int evidence_import(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+:h", opts, NULL)) != -1) {
		if (c == 'h')
			return cmd_help(&cmd_evidence_entry);
		return cmd_option_error(&cmd_evidence_entry, c, argv[optind - 1]);
	}
	if (optind >= argc)
		return cmd_usage_error(&cmd_evidence_entry, "import needs at least one FILE to read");
	char *err = NULL;
	if (archive_key_check(&err) < 0) {
		int status = cmd_usage_error(&cmd_evidence_entry, "%s", err);
		free(err);
		return status;
	}
	struct cache cache;
	if (cache_open_records(&cache, &err) < 0) {
		complain("%s", err);
		free(err);
		cache_release(&cache);
		return 2;
	}
	int status = 0;
	for (int i = optind; i < argc; i++) {
		struct archive_stats st;
		int rc = archive_import(&cache, argv[i], &st, &err);
		if (rc < 0) {
			complain("%s", err);
			free(err);
			err = NULL;
			if (rc == -2 || status == 0)
				status = rc == -2 ? 2 : 1;
			continue;
		}
		cmd_printf(stderr, "litlab: imported '%s': %zu record%s: %zu added, %zu already here", argv[i],
			   st.records, st.records == 1 ? "" : "s", st.added, st.same);
		if (st.kept)
			fprintf(stderr, ", %zu kept as this cache has them (another record of the same key is never "
					"replaced while it is fresh)",
				st.kept);
		fputc('\n', stderr);
	}
	cache_release(&cache);
	return status;
}

static int cmd_evidence(int argc, char **argv)
{
	if (argc >= 2 && strcmp(argv[1], "export") == 0)
		return evidence_export(argc - 1, argv + 1);
	if (argc >= 2 && strcmp(argv[1], "import") == 0)
		return evidence_import(argc - 1, argv + 1);
	if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0))
		return cmd_help(&cmd_evidence_entry);
	if (argc < 2)
		return cmd_usage_error(&cmd_evidence_entry, "say export or import");
	return cmd_usage_error(&cmd_evidence_entry, "unknown subcommand '%s' (export or import)", argv[1]);
}

const struct cmd_entry cmd_evidence_entry = {
	.name = "evidence",
	.usage = "export [--shard I/N] FILE [PATH...] | import FILE...",
	.summary = "move evidence between machines: export a tar of records, import them",
	.help = evidence_help,
	.exec = cmd_evidence,
};
