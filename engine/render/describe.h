/*
 * describe.h: one block's evidence in words, for the reviewer. The text
 * ledger (litlab audit), JUnit's <system-out> and the audit page
 * (audit.html) say the same thing, from this one description (the ledger
 * model, render/ledger_model.h, holds it for each block): how it was built, how its run ended, what was
 * compared, its measurement, where it came from (cache), what a block that
 * is not run is for.
 *
 * A description is a list of parts: words, and names taken from the lesson
 * or its evidence (a block id, a region, a file), and the compiler command,
 * which each renderer shows as code. The caller releases it.
 */
#ifndef LITLAB_DESCRIBE_H
#define LITLAB_DESCRIBE_H

#include "base/buf.h"
#include "check/check.h"

enum describe_kind {
	DESCRIBE_TEXT,
	DESCRIBE_NAME,
	DESCRIBE_COMMAND, /* the compiler and its flags */
	DESCRIBE_BLOCK,	  /* a block's id: the page links it to the block */
};

struct describe_part {
	enum describe_kind kind;
	char *text;
};

struct description {
	struct describe_part *v;
	size_t n;
};

/* Describes block b of l, built with the compiler cc ($CC), from its result br. */
void describe_block(struct description *d, const char *cc, const struct lesson *l, const struct block *b,
		    const struct block_result *br);
void description_release(struct description *d);

/*
 * Where a resolved {{measure:...}} reference's value comes from: "median of
 * region 'loop', block 'spin', 5 samples after 1 warmup", or "of the whole
 * process (exec to exit)" without a region.
 */
void describe_reference(struct description *d, const char *stat, const char *region, const char *block_id,
			size_t samples, int warmup);

/*
 * Why a block with status st is not run, in a few words (JUnit's <skipped>):
 * "derived, not executed: REASON", "display only, never run", "fragment,
 * built only as part of the blocks that use it". NULL for a block that runs.
 * The caller frees it.
 */
char *describe_skipped(enum block_status st, const char *reason);

/* How a run ended, in words: "exit status 0, as expected", "killed by SIGSEGV"... */
void describe_end_of_run(struct buf *out, const struct block *b, const struct launch_result *run);

#endif
