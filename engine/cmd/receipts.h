/*
 * receipts.h: the receipts of a built site (receipts.json, docs/json.md),
 * and what `litlab verify` needs to check them.
 *
 * A block's receipt names the SHA-256 of the lesson's bytes, of the block's
 * code with everything it is built or run with (receipts_code_hash()), of
 * its evidence record (the cache's JSON of it), and its claim: what the page
 * shows of its evidence (status, exit, the hashes of stdout, stderr and the
 * compiler's messages, the measurement's quartiles). Its receipt_sha256 is
 * the hash of the receipt without the evidence hash (the record holds the
 * run's own times; the claim holds what the page shows, so two builds of the
 * same lessons give the same pages): the caption links to it. The document
 * also names the hash of every file of the site but receipts.json itself.
 *
 * Hashes are lowercase hex. key_sha256() (base/keyhash.h) is plain SHA-256 (sha256sum
 * says the same of a page, a lesson, an output); receipts_canonical() is the
 * JSON a receipt's hash is taken over: jansson's compact form, keys sorted.
 */
#ifndef LITLAB_RECEIPTS_H
#define LITLAB_RECEIPTS_H

#include <jansson.h>
#include <stdint.h>

#include "check/check.h"
#include "render/render.h"

#define RECEIPTS_FORMAT 1

/*
 * The timing rule of verify: a new median is consistent with a recorded
 * measurement when it lies in the recorded interquartile range widened on
 * each side by RECEIPTS_IQR_FACTOR times its width (Tukey's fences) and at
 * least by RECEIPTS_MIN_SPREAD of the recorded median.
 */
#define RECEIPTS_IQR_FACTOR 1.5
#define RECEIPTS_MIN_SPREAD 0.10

struct receipts {
	json_t *doc;		   /* receipts.json */
	struct render_receipt **v; /* v[i][k]: lesson i's block k, for the pages */
	size_t n;
	json_t **blocks;	   /* each lesson's block receipts, until receipts_end() */
	char (*hex)[KEY_HEX + 1];  /* each lesson's SHA-256 */
	char **text;		   /* each lesson's object as receipts.json writes it (receipts_page()), or NULL */
	char (*page_hex)[KEY_HEX + 1]; /* the page hash text[i] names */
	size_t *of;		   /* of[k]: the lesson of the k-th entry of the document's "lessons" */
};

/*
 * The receipts of the checked lessons v[0..n), built by ctx's compiler, in
 * steps, so that a lesson's receipts (and its page) can be made as soon as
 * it is checked: receipts_begin() for n lessons; receipts_lesson()
 * for lesson i of v, once all of v[i] is known (safe on two threads for
 * different i); receipts_end() makes those not made yet and the document.
 */
void receipts_begin(struct receipts *r, size_t n);
void receipts_lesson(struct receipts *r, const struct lesson_result *v, size_t i);
void receipts_end(struct receipts *r, const struct lesson_result *v, const struct evidence_context *ctx);
/* receipts_lesson(), and lesson i's part of receipts.json written now, its page's hash page_hex. */
void receipts_page(struct receipts *r, const struct lesson_result *v, size_t i, const char page_hex[KEY_HEX + 1]);
/* Names a file of the site with hex, the SHA-256 of its bytes: a lesson's page also as its page_sha256. */
void receipts_add_hash(struct receipts *r, const char *name, const char hex[KEY_HEX + 1]);
/* receipts.json's text (malloc'd, ends with a newline). */
char *receipts_text(struct receipts *r);
void receipts_release(struct receipts *r);

/*
 * The hash of block b's code: named fields (keyhash.h) of its info string,
 * the lesson's cflags, its code, its stdin, then each block use= brings in
 * (id and code), each lesson file its folder holds (path and the code of the
 * version it sees), each sources= name.
 */
void receipts_code_hash(const struct lesson *l, const struct block *b, char out[KEY_HEX + 1]);
/* What the page claims of block b (a new object). */
json_t *receipts_claim(const struct block *b, const struct block_result *br);
/* The hash of a block receipt: receipts_canonical() of it without evidence_sha256 and receipt_sha256. */
void receipts_block_hash(json_t *receipt, char out[KEY_HEX + 1]);

/* What the timing rule says of a new median against a recorded one (q1, median, q3). */
struct receipts_timing {
	int consistent;
	int64_t lo, hi; /* the window */
	double shift;	/* (new - recorded) / recorded median, e.g. 0.12 for 12% slower */
};
void receipts_compare_timing(int64_t q1, int64_t median, int64_t q3, int64_t now, struct receipts_timing *t);

#endif
