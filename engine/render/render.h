/*
 * render.h: checked lessons as the pages of the course site.
 *
 * The renderer reads; it never runs anything. A lesson page is made by
 * walking the lesson's cmark tree (lesson->doc) with cmark_iter, block by
 * block and inline by inline, and by reading the evidence in the lesson's
 * results: every code block becomes a <figure class="block caption-KIND">
 * whose caption is made only from that evidence (executed, compiled,
 * compile failure as expected, measured, derived, display), and whose
 * outputs are the real captured ones, escaped, or the lesson's own output
 * block labelled derived. Output and stdin blocks are shown inside the
 * figure of the block they belong to. Raw HTML the author wrote is
 * published as lesson/rawhtml.h allows (no script, no style, no markup of
 * litlab's own); program output never is.
 *
 * Pages hold no time of day of their own: the same lessons and evidence
 * give the same bytes. The class names are those of site/style.css.
 *
 * Every function appends to out and cannot fail.
 */
#ifndef LITLAB_RENDER_H
#define LITLAB_RENDER_H

#include "base/buf.h"
#include "check/check.h"

/*
 * One block's receipt (cmd/receipts.h makes them, docs/json.md says what
 * each hash covers): its caption links to it in receipts.html.
 */
struct render_receipt {
	char receipt[KEY_HEX + 1];  /* receipt_sha256: the hash of the receipt itself */
	char lesson[KEY_HEX + 1];   /* the lesson's bytes */
	char code[KEY_HEX + 1];	    /* the block's code with what it uses */
	char evidence[KEY_HEX + 1]; /* its evidence record; "" when it has none */
};

#define RENDER_RECEIPTS_PAGE "receipts.html"
#define RENDER_RECEIPTS_JSON "receipts.json"

struct render_ctx {
	struct evidence_context run; /* compiler, isolation, environment (NULLs when nothing was compiled) */
	const char *course;	     /* the course title (render_course_title()) */
	int preview;		     /* a preview (litlab serve), never a published site: see render_lesson() */
	/* receipts[i][k]: the receipt of block k of lesson v[i]; NULL: no receipts, no links */
	struct render_receipt *const *receipts;
	/*
	 * Preview: the course's errors that are no lesson's own (rule files that
	 * failed to load, two lessons that make one page), or NULL. With an
	 * error among them every page is a draft (build publishes nothing) and
	 * the index shows them.
	 */
	const struct diags *course_errors;
};

/* The course's title: the first lesson's `course` front matter, else "Course". */
const char *render_course_title(const struct lesson_result *v, size_t n);

/* The file name of a lesson's page: its file name with .html for .md. The caller frees it. */
char *render_page_name(const char *lesson_path);

/*
 * Where a link of lesson v[i] whose URL is url goes on the site, when it
 * names another lesson of v by its file, relative to v[i]'s folder
 * ("02-two.md", "../lessons/02-two.md#loops"): that lesson's page, with the
 * URL's '?' or '#' part ("02-two.html#loops"); malloc'd. Else NULL: the URL
 * stays as written. Lesson pages link to each other this way.
 */
char *render_lesson_href(const struct lesson_result *v, size_t n, size_t i, const char *url);

/*
 * The page of lesson v[i]; v[i - 1] and v[i + 1] are its previous and next lessons.
 * With ctx->preview, each diagnostic of the lesson is shown at its place: after
 * the figure of the block whose lines hold it (its output blocks included), else
 * after the top-level element that holds its line; one of the front matter comes first.
 * A lesson with an error is then a draft, which no one can take for a published
 * page: its <title> starts with "DRAFT", its <body> has class "draft" (a
 * watermark across the page) and a banner on top of the page says it is not
 * published and how many errors it has. So is every lesson when
 * ctx->course_errors holds an error (the banner then says how many there
 * are, shown on the index). Pages of a published site never get here:
 * `litlab build` refuses a lesson with errors.
 */
void render_lesson(struct buf *out, const struct render_ctx *ctx, const struct lesson_result *v, size_t n,
		   size_t i);

/*
 * index.html: the course, its lessons in order, each with its evidence summary.
 * With ctx->preview, a course with a lesson with errors is a draft too (title,
 * watermark, banner), and each such lesson is marked DRAFT with its count; a
 * course with ctx->course_errors errors is a draft, with each of them
 * (every severity) shown under the banner.
 */
void render_index(struct buf *out, const struct render_ctx *ctx, const struct lesson_result *v, size_t n);

/* audit.html: ledger_html() (ledger_model.h), with the page's head and foot below. */

/* receipts.html: every block's receipt (ctx->receipts), an anchor each (render_receipt_anchor()). */
void render_receipts(struct buf *out, const struct render_ctx *ctx, const struct lesson_result *v, size_t n);

/* A block's anchor in receipts.html: its page's name without ".html", ':', its id ("15-profiling:sum"). */
void render_receipt_anchor(struct buf *out, const struct lesson *l, const struct block *b);

/*
 * A {{measure:ID[/REGION]:STAT}} reference: body[0..len) is what stands
 * between the braces. A reference that check resolved becomes its value
 * with its unit ("1.23 ms", or a count), linked to the block's figure and
 * its measurement panel; one that did not (check reports it as an error)
 * keeps its text, still linked.
 */
void render_measure_ref(struct buf *out, const struct lesson_result *lr, const char *body, size_t len);
/*
 * A {{cite:KEY|TEXT}} reference: body[0..len) is what stands between the
 * braces. Renders TEXT with its source (the link reference definition's
 * URL and title); an unresolved one as written.
 */
void render_cite(struct buf *out, const struct lesson_result *lr, const char *body, size_t len);

/*
 * Counts of a lesson's blocks for summaries: compiled counts the blocks that
 * compiled and were not run (compile-only), compile_failed those that failed
 * to compile as their lesson expects (compile-fail).
 */
struct render_counts {
	size_t blocks, executed, measured, compiled, compile_failed, derived, display, fragments, failed;
	size_t errors, warnings;
};
void render_count(const struct lesson_result *lr, struct render_counts *c);

/*
 * The pieces every page shares, for the pages made elsewhere (ledger_html.c):
 * the head (title, style, the site's navigation; draft: marked DRAFT), the
 * foot (source: the lesson file it was made from, or NULL), a URL in an
 * attribute, a lesson's label ("Lesson 15", or its title), a link to a
 * lesson's page (fragment: an id on it, or NULL) left open for its text and
 * "</a>", and a lesson's counts as the index lists them.
 */
void render_head(struct buf *out, const struct render_ctx *ctx, const char *title, const char *description,
		 int draft);
void render_foot(struct buf *out, const char *source);
void render_href(struct buf *out, const char *url);
void render_lesson_label(struct buf *out, const struct lesson *l);
void render_lesson_anchor(struct buf *out, const struct lesson *l, const char *fragment);
void render_counts_list(struct buf *out, const struct render_counts *c);

/*
 * Anchors: text made into an id (lowercase ASCII letters and digits, other
 * ASCII runs become one '-', UTF-8 kept; "section" when nothing is left),
 * appended to out.
 */
void render_slug(struct buf *out, const char *text, size_t len);

#endif
