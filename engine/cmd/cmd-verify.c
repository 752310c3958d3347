/* cmd-verify.c: `litlab verify`: a built site's receipts against the lessons, every block run again. */
#include <errno.h>
#include <fcntl.h>
#include <dirent.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/fs.h"
#include "cmd/cmd.h"
#include "cmd/course_check.h"
#include "base/keyhash.h"
#include "cmd/receipts.h"
#include "render/report.h"
#include "lesson/match.h"
#include "run/stats.h"

/* The most bytes verify reads of receipts.json and of each file of the site. */
#define VERIFY_FILE_MAX (256u << 20)

static const char verify_help[] =
	"Checks a site that 'litlab build' wrote against its receipts (SITE/receipts.json)\n"
	"and the lessons, without trusting the machine that built it: every file of the\n"
	"site must have the hash its receipts name (a page edited after build is named),\n"
	"every block's receipt must hash to what its caption links to (a receipt edited\n"
	"is named), every lesson must have the bytes it was built from (a lesson changed\n"
	"since is named, with its blocks whose code changed), and every block is run\n"
	"again from the lessons, fresh, in the sandbox (no evidence is taken from the\n"
	"cache): its status, exit status, stdout, stderr and compiler messages must be\n"
	"what the receipt says, byte for byte, but for a stream the lesson says varies\n"
	"(match=ellipsis, match=contains, a session's ... line), which must only keep\n"
	"the block's status. A measurement is compared as a distribution: the new\n"
	"median is consistent when it lies inside the recorded interquartile range\n"
	"widened on each side by 1.5 times its width and at least by 10% of the\n"
	"recorded median; else it has shifted, by the percentage shown. A shift is\n"
	"reported, never an error. Run it from the folder the site was built in: the\n"
	"receipts name the lessons by the paths build was given (one that is absolute\n"
	"or holds .., or a link out of this folder, is reported, never read). A file\n"
	"in the site that the receipts do not name, and a block of a lesson as built\n"
	"without a receipt, are reported as edits.\n"
	"SITE is the site's folder (default: site/public).\n"
	"\n"
	"  --format FORMAT    text (default: one line per file, lesson and block) or json\n"
	"  -j, --jobs N       run N blocks at a time (default: the online CPUs)\n"
	"  -h, --help         this help\n"
	"\n"
	"Exit status: 0 every claim reproduces, 1 a claim does not reproduce, or a page,\n"
	"receipt or lesson changed after build, 2 a usage error, no receipts, or a\n"
	"broken environment.\n";

/* The counts of the summary line and of "summary" in the JSON. */
struct verify_sum {
	size_t blocks, reproduced, not_reproduced, not_executed, consistent, shifted;
	size_t files, files_changed, receipts_edited, lessons_changed;
};

static json_t *hex_pair(const char *recorded, const char *now)
{
	return json_pack("{s:s?, s:s?}", "recorded", recorded, "now", now);
}

/* 1 if name, taken from receipts.json, names a file below the site: no '..', not absolute. */
static int safe_name(const char *name)
{
	if (!*name || *name == '/')
		return 0;
	for (const char *p = name; *p; p = strchr(p, '/') ? strchr(p, '/') + 1 : p + strlen(p))
		if (strncmp(p, "..", 2) == 0 && (p[2] == '/' || p[2] == '\0'))
			return 0;
	return 1;
}

/*
 * 1 if path, a safe_name(), is below this folder once its links are
 * resolved: a lesson of the course that is a link to /etc/shadow, or in a
 * folder that is one, is outside it (-1: it does not exist).
 */
static int below_here(const char *path)
{
	char *here = realpath(".", NULL), *real = realpath(path, NULL);
	int below = !real ? -1 : here && (strcmp(here, "/") == 0 ? 1 : strncmp(real, here, strlen(here)) == 0 && real[strlen(here)] == '/');

	free(here);
	free(real);
	return below;
}

/*
 * The files of the site against their hashes; the text of the lessons' pages
 * (the "page" of an entry of lessons), kept for their receipt links: only
 * theirs, for a site from elsewhere may list many files of 256 MiB.
 */
static json_t *check_files(int dfd, json_t *files, json_t *lessons, json_t *pages, struct verify_sum *sum)
{
	json_t *is_page = json_object(), *l;
	size_t i;

	json_array_foreach(lessons, i, l)
		if (json_is_string(json_object_get(l, "page")))
			json_object_set_new(is_page, json_string_value(json_object_get(l, "page")), json_true());
	json_t *out = json_array(), *hex;
	const char *name;

	json_object_foreach(files, name, hex) {
		char *text = NULL, now[KEY_HEX + 1], *why = NULL;
		size_t len;
		const char *status = "unchanged";
		int have = 0;
		sum->files++;
		if (!safe_name(name) || !json_is_string(hex)) {
			status = "not a file of the site";
		} else if (fs_read(dfd, name, VERIFY_FILE_MAX, &text, &len) < 0) {
			/* a link or a FIFO in its place is not read: said as what it is, not as missing */
			status = errno == ENOENT ? "missing" : (why = xasprintf("not read: %s", fs_strerror(errno)));
		} else {
			have = 1;
			key_sha256(text, len, now);
			if (strcmp(now, json_string_value(hex)) != 0)
				status = "changed";
			json_t *t = json_object_get(is_page, name) ? json_stringn(text, len) : NULL; /* NULL: not UTF-8 */
			if (json_object_get(is_page, name))
				json_object_set_new(pages, name, t ? t : json_string(""));
		}
		if (strcmp(status, "unchanged") != 0)
			sum->files_changed++;
		json_array_append_new(out, json_pack("{s:s, s:s, s:o}", "name", name, "status", status, "sha256",
						     hex_pair(json_string_value(hex), have ? now : NULL)));
		free(text);
		free(why);
	}
	json_decref(is_page);
	return out;
}

/* The most folders deep and entries verify lists in a site (a site from elsewhere is input). */
#define VERIFY_DEPTH_MAX 32
#define VERIFY_ENTRIES_MAX 1000000

/*
 * Every entry below the folder dfd (named prefix in the site) that the
 * receipts do not list, added to out as "not in the receipts": a page put in
 * the site after build (and dropped from the receipts) is shown to a reader
 * and checked by nothing. receipts.json and build's .litlab-site are not
 * listed in themselves; links are not followed. Closes dfd.
 */
static void unlisted_files(int dfd, const char *prefix, int depth, json_t *files, json_t *out, size_t *seen,
			   struct verify_sum *sum)
{
	DIR *d = fdopendir(dfd);
	struct dirent *de;

	if (!d) {
		close(dfd);
		return;
	}
	while ((de = readdir(d)) && *seen < VERIFY_ENTRIES_MAX) {
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		++*seen;
		char *name = xasprintf("%s%s", prefix, de->d_name);
		struct stat st;
		if (fstatat(dirfd(d), de->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(st.st_mode) &&
		    depth < VERIFY_DEPTH_MAX) {
			int sub = openat(dirfd(d), de->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			char *p = xasprintf("%s/", name);
			if (sub >= 0)
				unlisted_files(sub, p, depth + 1, files, out, seen, sum);
			free(p);
		} else if (!json_object_get(files, name) && strcmp(name, RENDER_RECEIPTS_JSON) != 0 &&
			   strcmp(name, ".litlab-site") != 0) {
			sum->files++;
			sum->files_changed++;
			json_t *n = json_string(name);
			json_array_append_new(out, json_pack("{s:o, s:s, s:o}", "name", n ? n : json_string("?"),
							     "status", "not in the receipts", "sha256",
							     hex_pair(NULL, NULL)));
		}
		free(name);
	}
	closedir(d);
}

/*
 * The receipt hash the page's caption of block id links to, or NULL. The
 * link is looked for as render.c writes it: the anchor percent-encoded
 * (render_href()), as a page named in UTF-8 beyond ASCII has it ("01-caf%C3%A9").
 */
static char *page_link(const char *page_text, const char *page, const char *id)
{
	size_t stem = strlen(page) > 5 ? strlen(page) - 5 : strlen(page);
	char *anchor = xasprintf("%.*s:%s", (int)stem, page, id);
	struct buf needle = BUF_INIT;

	buf_adds(&needle, "href=\"" RENDER_RECEIPTS_PAGE "#");
	render_href(&needle, anchor);
	buf_adds(&needle, "\" data-receipt=\"sha256:");
	const char *at = page_text ? strstr(page_text, needle.p) : NULL;
	char *hex = at ? xstrndup(at + needle.len, KEY_HEX) : NULL;

	free(anchor);
	buf_release(&needle);
	return hex;
}

static const struct block *find_block(const struct lesson *l, const char *id)
{
	for (size_t k = 0; l && id && k < l->nblocks; k++)
		if (l->blocks[k].id && strcmp(l->blocks[k].id, id) == 0)
			return &l->blocks[k];
	return NULL;
}

/* What differs between the claim of a receipt and the claim of the new run, measurement aside. */
static json_t *claim_differences(json_t *then, json_t *now)
{
	json_t *diffs = json_array(), *v;
	const char *key;

	json_object_foreach(then, key, v) {
		json_t *w = json_object_get(now, key);
		if (strcmp(key, "measurement") != 0 && (!w || !json_equal(v, w)))
			json_array_append_new(diffs, json_pack("{s:s, s:O, s:O}", "field", key, "recorded", v, "now",
							       w ? w : json_null()));
	}
	json_object_foreach(now, key, v)
		if (strcmp(key, "measurement") != 0 && !json_object_get(then, key))
			json_array_append_new(diffs, json_pack("{s:s, s:n, s:O}", "field", key, "now", v));
	return diffs;
}

static json_t *compare_measurement(json_t *then, json_t *now, struct verify_sum *sum)
{
	json_int_t q1, median, q3, now_median;
	struct receipts_timing t;

	if (json_unpack(then, "{s:{s:I, s:I, s:I}}", "wall_ns", "q1", &q1, "median", &median, "q3", &q3) < 0 ||
	    json_unpack(now, "{s:{s:I}}", "wall_ns", "median", &now_median) < 0 || q1 < 0 || q1 > median ||
	    median > q3)
		return NULL;
	receipts_compare_timing(q1, median, q3, now_median, &t);
	if (t.consistent)
		sum->consistent++;
	else
		sum->shifted++;
	return json_pack("{s:s, s:I, s:I, s:[I, I], s:f}", "verdict", t.consistent ? "consistent" : "shifted",
			 "recorded_median_ns", median, "median_ns", now_median, "window_ns", (json_int_t)t.lo,
			 (json_int_t)t.hi, "shift", t.shift);
}

/*
 * What in the lesson says that block b's stream that field hashes may differ
 * from run to run ("match=ellipsis"), or NULL: its output block matches with
 * ellipsis or contains (an address, a temporary path), or it is a session
 * with a "..." line.
 */
static const char *lesson_allows(const struct block *b, const char *field)
{
	int out = strcmp(field, "stdout_sha256") == 0, err = strcmp(field, "stderr_sha256") == 0;

	if (!out && !err)
		return NULL;
	if (b->mode == MODE_SESSION)
		return out && (memmem(b->code, b->code_len, "\n...\n", 5) ||
			       (b->code_len >= 4 && memcmp(b->code, "...\n", 4) == 0))
			       ? "its ... lines"
			       : NULL;
	const struct output_block *o = block_output(b, out ? STREAM_STDOUT : STREAM_STDERR);
	return !o || o->match == MATCH_EXACT ? NULL : o->match == MATCH_ELLIPSIS ? "match=ellipsis" : "match=contains";
}

/* Moves the differences the lesson allows from diffs to a new array, unless the status changed. */
static json_t *allowed_differences(const struct block *b, json_t *diffs)
{
	json_t *allowed = json_array(), *d;
	size_t i;

	json_array_foreach(diffs, i, d)
		if (strcmp(json_string_value(json_object_get(d, "field")), "status") == 0)
			return allowed;
	for (i = 0; i < json_array_size(diffs);) {
		d = json_array_get(diffs, i);
		const char *by = lesson_allows(b, json_string_value(json_object_get(d, "field")));
		if (by) {
			json_object_set_new(d, "allowed_by", json_string(by));
			json_array_append(allowed, d);
			json_array_remove(diffs, i);
		} else {
			i++;
		}
	}
	return allowed;
}

/* One block receipt against the page, the lesson as it is now and the new run. */
static json_t *check_block(json_t *rec, const char *page, json_t *pages, const struct lesson_result *lr,
			   struct verify_sum *sum)
{
	const char *id = json_string_value(json_object_get(rec, "id"));
	const char *stored = json_string_value(json_object_get(rec, "receipt_sha256"));
	json_t *page_text = json_object_get(pages, page);
	char hash[KEY_HEX + 1];
	json_t *out = json_object();
	json_t *problems = json_array();

	sum->blocks++;
	json_object_set_new(out, "id", json_string(id ? id : ""));
	json_object_set(out, "line", json_object_get(rec, "line"));
	receipts_block_hash(rec, hash);
	if (!stored || strcmp(stored, hash) != 0)
		json_array_append_new(problems, json_pack("{s:s, s:s, s:s?}", "what", "receipt-edited", "recorded",
							  hash, "now", stored));
	char *link = page_link(json_string_value(page_text), page, id ? id : "");
	if (page_text && (!link || !stored || strcmp(link, stored) != 0))
		json_array_append_new(problems, json_pack("{s:s, s:s?, s:s?}", "what", "receipt-not-linked", "page",
							  link, "receipt", stored));
	free(link);
	if (json_array_size(problems))
		sum->receipts_edited++;
	json_object_set_new(out, "receipt", json_string(json_array_size(problems) ? "edited" : "intact"));
	json_object_set_new(out, "receipt_problems", problems);

	const struct block *b = lr ? find_block(lr->lesson, id) : NULL;
	const char *verdict;
	if (!b) {
		verdict = "gone";
		sum->not_reproduced++;
	} else {
		const struct block_result *br = &lr->blocks[b->index];
		char code[KEY_HEX + 1];
		receipts_code_hash(lr->lesson, b, code);
		const char *code_then = json_string_value(json_object_get(rec, "code_sha256"));
		json_object_set_new(out, "code", json_string(code_then && strcmp(code, code_then) == 0 ? "unchanged"
												     : "changed"));
		json_t *then = json_object_get(rec, "claim"), *now = receipts_claim(b, br);
		json_t *diffs = claim_differences(then, now);
		json_object_set_new(out, "allowed", allowed_differences(b, diffs));
		json_t *m_then = json_object_get(then, "measurement"), *m_now = json_object_get(now, "measurement");
		json_t *m = m_then && m_now ? compare_measurement(m_then, m_now, sum) : NULL;
		if (m)
			json_object_set_new(out, "measurement", m);
		else if (m_then || m_now) /* claimed and not made, or made and not claimed, or unreadable */
			json_array_append_new(diffs, json_pack("{s:s, s:O, s:O}", "field", "measurement", "recorded",
							       m_then ? m_then : json_null(), "now",
							       m_now ? m_now : json_null()));
		if (json_array_size(diffs)) {
			verdict = "not-reproduced";
			sum->not_reproduced++;
		} else if (br->ev.compiled || br->ev.executed) {
			verdict = "reproduced";
			sum->reproduced++;
		} else {
			verdict = "not-executed";
			sum->not_executed++;
		}
		json_object_set_new(out, "differences", diffs);
		json_object_set(out, "claim", now);
		json_decref(now);
	}
	json_object_set_new(out, "verdict", json_string(verdict));
	return out;
}

/*
 * What in a lesson's entry of the receipts disagrees with the rest of them:
 * its lesson_sha256 with its blocks' (each covered by its receipt's hash),
 * its page_sha256 with the hash of its page among the files.
 */
static json_t *lesson_entry_problems(json_t *lrec, json_t *files)
{
	json_t *problems = json_array(), *rec;
	const char *lesson = json_string_value(json_object_get(lrec, "lesson_sha256"));
	const char *page = json_string_value(json_object_get(lrec, "page"));
	const char *page_hex = json_string_value(json_object_get(lrec, "page_sha256"));
	const char *file_hex = page ? json_string_value(json_object_get(files, page)) : NULL;
	size_t i;

	json_array_foreach(json_object_get(lrec, "blocks"), i, rec) {
		const char *b = json_string_value(json_object_get(rec, "lesson_sha256"));
		if (!lesson || !b || strcmp(lesson, b) != 0) {
			json_array_append_new(problems, json_pack("{s:s, s:s?, s:s?}", "what", "lesson-sha256", "lesson",
								  lesson, "block", b));
			break;
		}
	}
	if (!page_hex || !file_hex || strcmp(page_hex, file_hex) != 0)
		json_array_append_new(problems, json_pack("{s:s, s:s?, s:s?}", "what", "page-sha256", "lesson", page_hex,
							  "files", file_hex));
	return problems;
}

static json_t *check_lesson_receipts(json_t *lrec, json_t *files, json_t *pages, const struct course_check *cc,
				     struct verify_sum *sum)
{
	const char *path = json_string_value(json_object_get(lrec, "path"));
	const char *page = json_string_value(json_object_get(lrec, "page"));
	/* The bytes its blocks' receipts name (each covered by its hash and its caption's link), else the entry's. */
	json_t *first = json_array_get(json_object_get(lrec, "blocks"), 0);
	const char *then = json_string_value(json_object_get(first ? first : lrec, "lesson_sha256"));
	const struct lesson_result *lr = NULL;
	json_t *out = json_object(), *blocks = json_array(), *rec;
	char now[KEY_HEX + 1] = "";
	size_t i;

	for (size_t k = 0; path && k < cc->n; k++)
		if (strcmp(cc->results[k].lesson->path, path) == 0)
			lr = &cc->results[k];
	if (lr)
		key_sha256(lr->lesson->src, lr->lesson->src_len, now);
	const char *status = !path || !safe_name(path) ? "not below this folder (build with a relative path to verify)"
			     : below_here(path) == 0 ? "not below this folder (a link out of it: not read)"
			     : !lr			      ? "missing"
			     : then && strcmp(then, now) == 0 ? "unchanged"
							      : "changed";
	if (strcmp(status, "unchanged") != 0)
		sum->lessons_changed++;
	json_object_set_new(out, "path", json_string(path ? path : ""));
	json_object_set_new(out, "status", json_string(status));
	json_object_set_new(out, "lesson_sha256", hex_pair(then, lr ? now : NULL));
	json_t *problems = lesson_entry_problems(lrec, files);
	json_array_foreach(json_object_get(lrec, "blocks"), i, rec)
		json_array_append_new(blocks, check_block(rec, page ? page : "", pages, lr, sum));
	json_object_set_new(out, "blocks", blocks);
	json_t *added = json_array();
	for (size_t k = 0; lr && k < lr->lesson->nblocks; k++) {
		const char *id = lr->lesson->blocks[k].id;
		int known = 0;
		json_array_foreach(json_object_get(lrec, "blocks"), i, rec)
			known |= id && json_is_string(json_object_get(rec, "id")) &&
				 strcmp(json_string_value(json_object_get(rec, "id")), id) == 0;
		if (!known)
			json_array_append_new(added, json_string(id ? id : ""));
	}
	/* build writes a receipt for every block: a lesson with the bytes it was built from and a block
	   without one had its receipt removed (its claim on the page is then checked by nothing). */
	if (strcmp(status, "unchanged") == 0 && json_array_size(added))
		json_array_append_new(problems, json_pack("{s:s, s:O}", "what", "receipt-missing", "blocks", added));
	if (json_array_size(problems))
		sum->receipts_edited++;
	json_object_set_new(out, "receipt_problems", problems);
	json_object_set_new(out, "new_blocks", added);
	return out;
}

/* ---- text ---- */

static void short_hex(struct buf *out, json_t *v)
{
	const char *s = json_string_value(v);

	if (s)
		buf_addf(out, "%.12s", s);
	else if (json_is_integer(v))
		buf_addf(out, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
	else if (json_is_boolean(v))
		buf_adds(out, json_is_true(v) ? "true" : "false");
	else
		buf_adds(out, "none");
}

static void text_value(struct buf *out, const char *field, json_t *v)
{
	json_int_t q1, median, q3;

	if (strcmp(field, "measurement") == 0 && !json_is_null(v)) {
		int ok = json_unpack(v, "{s:{s:I, s:I, s:I}}", "wall_ns", "q1", &q1, "median", &median, "q3", &q3) == 0 &&
			 q1 >= 0 && q1 <= median && median <= q3;
		buf_adds(out, ok ? "a measurement" : "a measurement whose wall_ns q1, median, q3 are not numbers in order");
	} else if (strstr(field, "sha256") && json_is_string(v)) {
		buf_adds(out, "sha256 ");
		short_hex(out, v);
		buf_adds(out, "...");
	} else if (json_is_string(v)) {
		buf_adds(out, json_string_value(v));
	} else {
		short_hex(out, v);
	}
}

static void text_measurement(struct buf *out, json_t *m)
{
	json_int_t then = json_integer_value(json_object_get(m, "recorded_median_ns"));
	json_int_t now = json_integer_value(json_object_get(m, "median_ns"));
	json_t *w = json_object_get(m, "window_ns");
	double shift = json_real_value(json_object_get(m, "shift"));
	int consistent = strcmp(json_string_value(json_object_get(m, "verdict")), "consistent") == 0;

	buf_addf(out, "; measurement %s", consistent ? "consistent" : "shifted");
	if (!consistent)
		buf_addf(out, " by %+.1f%%", 100 * shift);
	buf_adds(out, ": median ");
	stats_format_ns(out, now);
	buf_adds(out, " now, ");
	stats_format_ns(out, then);
	buf_addf(out, " recorded (%+.1f%%), %s [", 100 * shift, consistent ? "inside" : "outside");
	stats_format_ns(out, json_integer_value(json_array_get(w, 0)));
	buf_adds(out, ", ");
	stats_format_ns(out, json_integer_value(json_array_get(w, 1)));
	buf_adds(out, "]");
}

static void text_report(struct buf *out, json_t *doc)
{
	const char *site = json_string_value(json_object_get(doc, "site"));
	json_t *f, *l, *b, *d;
	size_t i, k, n;

	json_array_foreach(json_object_get(doc, "files"), i, f) {
		const char *status = json_string_value(json_object_get(f, "status"));
		if (strcmp(status, "unchanged") == 0)
			continue;
		json_t *h = json_object_get(f, "sha256");
		buf_addf(out, "%s/%s: %s", site, json_string_value(json_object_get(f, "name")),
			 strcmp(status, "changed") == 0 ? "changed after build" : status);
		if (strcmp(status, "changed") == 0) {
			buf_adds(out, " (sha256 ");
			short_hex(out, json_object_get(h, "recorded"));
			buf_adds(out, "... in the receipts, ");
			short_hex(out, json_object_get(h, "now"));
			buf_adds(out, "... now)");
		}
		buf_addc(out, '\n');
	}
	json_array_foreach(json_object_get(doc, "lessons"), i, l) {
		const char *path = json_string_value(json_object_get(l, "path"));
		const char *status = json_string_value(json_object_get(l, "status"));
		if (strcmp(status, "unchanged") != 0) {
			buf_addf(out, "%s: %s", path, strcmp(status, "changed") == 0 ? "changed after build" : status);
			const char *sep = ": the code of ";
			json_array_foreach(json_object_get(l, "blocks"), k, b)
				if (json_object_get(b, "code") && strcmp(json_string_value(json_object_get(b, "code")), "changed") == 0) {
					buf_addf(out, "%s'%s'", sep, json_string_value(json_object_get(b, "id")));
					sep = ", ";
				}
			if (strcmp(sep, ", ") == 0)
				buf_adds(out, " changed");
			sep = "; gone: ";
			json_array_foreach(json_object_get(l, "blocks"), k, b)
				if (strcmp(status, "changed") == 0 &&
				    strcmp(json_string_value(json_object_get(b, "verdict")), "gone") == 0) {
					buf_addf(out, "%s'%s'", sep, json_string_value(json_object_get(b, "id")));
					sep = ", ";
				}
			sep = "; new: ";
			json_array_foreach(json_object_get(l, "new_blocks"), k, b) {
				buf_addf(out, "%s'%s'", sep, json_string_value(b));
				sep = ", ";
			}
			buf_addc(out, '\n');
		}
		json_array_foreach(json_object_get(l, "receipt_problems"), k, d) {
			const char *what = json_string_value(json_object_get(d, "what"));
			if (strcmp(what, "receipt-missing") == 0) {
				const char *sep = "";
				json_t *id;
				buf_addf(out, "%s: its entry in the receipts was edited (the lesson is as built and no "
					      "receipt names its block", path);
				buf_adds(out, json_array_size(json_object_get(d, "blocks")) == 1 ? " " : "s ");
				json_array_foreach(json_object_get(d, "blocks"), n, id) {
					buf_addf(out, "%s'%s'", sep, json_string_value(id));
					sep = ", ";
				}
				buf_adds(out, ": not verified)\n");
				continue;
			}
			buf_addf(out, "%s: its entry in the receipts was edited (%s)\n", path,
				 strcmp(what, "page-sha256") == 0 ? "its page_sha256 is not its page's hash among the files"
								  : "its lesson_sha256 is not its blocks'");
		}
		json_array_foreach(json_object_get(l, "blocks"), k, b) {
			const char *id = json_string_value(json_object_get(b, "id"));
			const char *verdict = json_string_value(json_object_get(b, "verdict"));
			buf_addf(out, "%s:%" JSON_INTEGER_FORMAT ": %s: ", path,
				 json_integer_value(json_object_get(b, "line")), id);
			if (strcmp(verdict, "gone") == 0) {
				buf_adds(out, strcmp(status, "changed") == 0 ? "does not reproduce: no block of that id in the lesson now"
									    : "does not reproduce: its lesson was not read");
			} else if (strcmp(verdict, "not-reproduced") == 0) {
				buf_adds(out, "does not reproduce: ");
				json_array_foreach(json_object_get(b, "differences"), n, d) {
					const char *field = json_string_value(json_object_get(d, "field"));
					const char *suffix = strstr(field, "_sha256");
					buf_addf(out, "%s%.*s: ", n ? "; " : "", suffix ? (int)(suffix - field) : (int)strlen(field),
						 field);
					text_value(out, field, json_object_get(d, "recorded"));
					buf_adds(out, " in the receipt, ");
					text_value(out, field, json_object_get(d, "now"));
					buf_adds(out, " now");
				}
			} else {
				json_t *claim = json_object_get(b, "claim");
				if (strcmp(verdict, "reproduced") == 0) {
					buf_addf(out, "reproduced (%s", json_string_value(json_object_get(claim, "status")));
					json_t *allowed = json_object_get(b, "allowed");
					if (json_array_size(allowed)) {
						buf_adds(out, "; exit status identical");
						json_array_foreach(allowed, n, d)
							buf_addf(out, "; %.6s differs, as the lesson allows (%s)",
								 json_string_value(json_object_get(d, "field")),
								 json_string_value(json_object_get(d, "allowed_by")));
					} else if (json_object_get(claim, "end")) {
						buf_adds(out, "; exit status, stdout and stderr identical");
					} else if (json_object_get(claim, "compiler_output_sha256")) {
						buf_adds(out, "; the compiler's messages identical");
					}
					buf_adds(out, ")");
				} else {
					buf_addf(out, "%s, not executed: nothing to run",
						 json_string_value(json_object_get(claim, "status")));
				}
			}
			json_t *m = json_object_get(b, "measurement");
			if (m)
				text_measurement(out, m);
			if (strcmp(json_string_value(json_object_get(b, "receipt")), "edited") == 0) {
				json_array_foreach(json_object_get(b, "receipt_problems"), n, d) {
					const char *what = json_string_value(json_object_get(d, "what"));
					if (strcmp(what, "receipt-edited") == 0)
						buf_adds(out, "; its receipt was edited (it does not hash to its receipt_sha256)");
					else
						buf_adds(out, "; its receipt is not the one its page links to");
				}
			}
			buf_addc(out, '\n');
		}
	}
}

static void print_summary(FILE *fp, const struct verify_sum *s, int ok)
{
	fprintf(fp,
		"litlab: verify: %zu block%s: %zu reproduced, %zu did not, %zu not executed; measurements: %zu "
		"consistent, %zu shifted; %zu file%s, %zu changed; %zu receipt%s edited; %zu lesson%s changed: %s\n",
		s->blocks, s->blocks == 1 ? "" : "s", s->reproduced, s->not_reproduced, s->not_executed, s->consistent,
		s->shifted, s->files, s->files == 1 ? "" : "s", s->files_changed, s->receipts_edited,
		s->receipts_edited == 1 ? "" : "s", s->lessons_changed, s->lessons_changed == 1 ? "" : "s",
		ok ? "every claim reproduces" : "NOT VERIFIED");
}

static int cmd_verify(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct course_check_opts copts = { .print_diags = 0, .progress = 1, .color = 0, .fresh = 1, .no_rules = 1 };
	int json = 0, c;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+:j:h", opts, NULL)) != -1) {
		switch (c) {
		case 'f':
			if (strcmp(optarg, "json") == 0)
				json = 1;
			else if (strcmp(optarg, "text") == 0)
				json = 0;
			else
				return cmd_usage_error(&cmd_verify_entry, "unknown format '%s' (text or json)", optarg);
			break;
		case 'j': {
			char *end;
			copts.jobs = strtol(optarg, &end, 10);
			if (*end || copts.jobs < 1 || copts.jobs > 1024)
				return cmd_usage_error(&cmd_verify_entry, "-j needs a number of jobs from 1 to 1024, not '%s'",
						       optarg);
			break;
		}
		case 'h':
			return cmd_help(&cmd_verify_entry);
		default:
			return cmd_option_error(&cmd_verify_entry, c, argv[optind - 1]);
		}
	}
	if (argc - optind > 1)
		return cmd_usage_error(&cmd_verify_entry, "one site at a time, not %d", argc - optind);
	char *site = xstrdup(optind < argc ? argv[optind] : "site/public");
	cmd_strip_slashes(site);

	int dfd = open(site, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	char *text = NULL;
	size_t len;
	if (dfd < 0 || fs_read(dfd, RENDER_RECEIPTS_JSON, VERIFY_FILE_MAX, &text, &len) < 0) {
		cmd_printf(stderr, "litlab: cannot read '%s/" RENDER_RECEIPTS_JSON "': %s (a site 'litlab build' wrote holds it)\n",
			   site, fs_strerror(errno));
		if (dfd >= 0)
			close(dfd);
		free(site);
		return 2;
	}
	json_error_t je;
	json_t *rdoc = json_loadb(text, len, 0, &je);
	free(text);
	json_t *rlessons = rdoc ? json_object_get(rdoc, "lessons") : NULL;
	if (!rdoc || json_integer_value(json_object_get(rdoc, "receipts")) != RECEIPTS_FORMAT || !json_is_array(rlessons) ||
	    !json_is_object(json_object_get(rdoc, "files"))) {
		cmd_printf(stderr, "litlab: '%s/" RENDER_RECEIPTS_JSON "' is not receipts litlab can read (%s)\n", site,
			   rdoc ? "not receipts of format 1" : je.text);
		json_decref(rdoc);
		close(dfd);
		free(site);
		return 2;
	}

	struct verify_sum sum;
	memset(&sum, 0, sizeof sum);
	json_t *pages = json_object();
	json_t *files = check_files(dfd, json_object_get(rdoc, "files"), rlessons, pages, &sum);
	size_t seen = 0;
	unlisted_files(dfd, "", 0, json_object_get(rdoc, "files"), files, &seen, &sum);

	/* The lessons still there, run again from scratch. */
	char **paths = xcalloc(json_array_size(rlessons) + 1, sizeof *paths);
	size_t npaths = 0, i;
	json_t *l;
	json_array_foreach(rlessons, i, l) {
		const char *p = json_string_value(json_object_get(l, "path"));
		struct stat st;
		/* The receipts are not trusted: only lessons below this folder are read. */
		if (p && safe_name(p) && below_here(p) == 1 && stat(p, &st) == 0 && S_ISREG(st.st_mode))
			paths[npaths++] = (char *)p;
	}
	struct course_check cc;
	int status = 0;
	memset(&cc, 0, sizeof cc);
	if (npaths)
		status = course_check_cmd(&cc, paths, npaths, &copts);
	free(paths);
	if (status != 0) {
		course_check_release(&cc);
		json_decref(files);
		json_decref(pages);
		json_decref(rdoc);
		free(site);
		return status;
	}

	json_t *lessons = json_array();
	json_array_foreach(rlessons, i, l)
		json_array_append_new(lessons, check_lesson_receipts(l, json_object_get(rdoc, "files"), pages, &cc, &sum));
	int ok = !sum.not_reproduced && !sum.files_changed && !sum.receipts_edited && !sum.lessons_changed;
	json_t *doc = json_pack("{s:s, s:s, s:O?, s:o, s:o, s:b, s:{s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I}}",
				"litlab", LITLAB_VERSION, "site", site, "built_by", json_object_get(rdoc, "litlab"), "files",
				files, "lessons", lessons, "verified", ok, "summary", "blocks", (json_int_t)sum.blocks,
				"reproduced", (json_int_t)sum.reproduced, "not_reproduced", (json_int_t)sum.not_reproduced,
				"not_executed", (json_int_t)sum.not_executed, "consistent", (json_int_t)sum.consistent,
				"shifted", (json_int_t)sum.shifted, "files", (json_int_t)sum.files, "files_changed",
				(json_int_t)sum.files_changed, "receipts_edited", (json_int_t)sum.receipts_edited,
				"lessons_changed", (json_int_t)sum.lessons_changed);
	if (!doc) {
		complain("cannot make the report of '%s' (a name that is not UTF-8?)", site);
		status = 2;
	} else if (json) {
		if (report_write(stdout, doc) < 0)
			status = 2;
	} else {
		struct buf out = BUF_INIT, shown = BUF_INIT;
		text_report(&out, doc);
		buf_add_printable(&shown, out.p, out.len);
		fwrite(shown.p, 1, shown.len, stdout);
		buf_release(&out);
		buf_release(&shown);
	}
	print_summary(stderr, &sum, ok);
	if (status == 0 && !ok)
		status = 1;
	json_decref(doc);
	json_decref(pages);
	json_decref(rdoc);
	course_check_release(&cc);
	free(site);
	return status;
}

const struct cmd_entry cmd_verify_entry = {
	.name = "verify",
	.usage = "[--format text|json] [-j N] [SITE]",
	.summary = "run every block of a built site again and check it against its receipts",
	.help = verify_help,
	.exec = cmd_verify,
};
