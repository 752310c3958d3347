/*
 * rawhtml.h: what a lesson's own HTML may put on its page.
 *
 * A lesson is often written by someone the reader of its page never met,
 * and the page speaks for litlab: every caption on it says what the
 * evidence showed. So raw HTML a lesson writes (CommonMark's HTML blocks
 * and inline tags) and the links it makes are published only as what they
 * can say in the lesson's own voice:
 *
 * - a tag of the presentational list (emphasis, tables, lists, details,
 *   images, links, ...) is written again from its parsed name and the
 *   attributes kept for it (title, lang, dir everywhere; href, src, alt,
 *   cite, colspan... where the tag has them), never copied as typed;
 * - any other tag (script, style, iframe, form, meta, svg, figure and
 *   figcaption: litlab's captions; bdo, which reorders what it holds) is
 *   shown as text: its '<' escaped;
 * - an attribute not kept (class, style, on*, data-*, srcset...) is left
 *   out: the page's stylesheet and scripts are litlab's; an id (or an <a>'s
 *   name) is kept only when h->take_id() says the page has no such anchor
 *   (a block's, a heading's, its own), so a lesson cannot take litlab's;
 * - <pre> is no tag of the list: every block shown in a pre on the page is
 *   a code block with its caption (a lesson writes a fenced block);
 * - a link or image address is kept when it is relative or http:, https:
 *   or mailto: (an image also data:image/png, gif, jpeg or webp), read as
 *   a browser reads it (character references decoded, tabs and newlines
 *   dropped); another (javascript:) is left out;
 * - comments, declarations and processing instructions are left out, and
 *   every other byte of text is escaped where it could start markup (the
 *   bidi controls that reorder a line shown as \u202e, as in the rest of
 *   the page: render/highlight.h);
 * - the tags kept are balanced within the container of litlab's they stand
 *   in (rawhtml_open below): a tag left open is closed where its paragraph,
 *   heading, emphasis, link, list item, block quote or the lesson ends, and
 *   before every block's figure, which is never inside the lesson's markup
 *   (an open <s>, <a href> or <details> would strike, link or hide a
 *   caption, and a browser reopens an <s> or <a> in every block after it);
 *   an end tag that closes nothing the lesson opened there is left out.
 *
 * What is left out or shown as text is told to note() (a diagnostic at
 * its place), except the attributes that only tune another site's page
 * (class, rel, loading, srcset, data-*: nothing the reader would see): a
 * page never says less than the author wrote without the author being told.
 */
#ifndef LITLAB_RAWHTML_H
#define LITLAB_RAWHTML_H

#include <stddef.h>

#include "base/buf.h"

/* What the filter asks and tells its caller; any member may be NULL. */
struct rawhtml_hooks {
	/* Told what was left out: where in the HTML (a byte offset), and what, in a sentence. */
	void (*note)(void *arg, size_t offset, const char *what);
	/* Asked whether the page may have an anchor of this name (an id, an <a name>); 1: yes, and it is now taken. */
	int (*take_id)(void *arg, const char *id);
	void *arg;
};

/*
 * The tags the lesson's HTML has opened and not closed, innermost last, each
 * container of litlab's they stand in marked: rawhtml_filter() opens and
 * closes within the innermost one. Zeroed is empty; line is the caller's:
 * the line html[0] of the next rawhtml_filter() stands on (for notes).
 */
struct rawhtml_open {
	struct rawhtml_tag {
		int tag; /* -1: where a container of litlab's begins */
		int line;
	} *v;
	size_t n, alloc;
	int line;
};

/*
 * Appends to out (NULL: only tell) what html[0..len) may publish, the tags
 * it opens and closes kept in open (NULL: balanced within html); h (may be
 * NULL) hears of each thing left out or shown as text.
 */
void rawhtml_filter(struct buf *out, const char *html, size_t len, struct rawhtml_open *open,
		    const struct rawhtml_hooks *h);

/* A container of litlab's begins (a paragraph, a list item...): the lesson's tags open inside it close in it. */
void rawhtml_enter(struct rawhtml_open *open);

/*
 * The container rawhtml_enter() began ends: its tags still open are closed
 * (end tags appended to out); h->note hears, at offset 0, of each whose end
 * tag HTML asks for, "where" saying which container ("in its paragraph").
 */
void rawhtml_leave(struct buf *out, struct rawhtml_open *open, const char *where, const struct rawhtml_hooks *h);

/* Every tag still open, in every container, is closed (before a block's figure, at the lesson's end). */
void rawhtml_close_all(struct buf *out, struct rawhtml_open *open, const char *where, const struct rawhtml_hooks *h);

/* Whether a tag the lesson opened is open still. */
int rawhtml_any_open(const struct rawhtml_open *open);

void rawhtml_open_release(struct rawhtml_open *open);

/*
 * The length of the block id an anchor of a measured block's panel is made
 * from ("c-1-measurement", "c-1-dist": 3), or 0: the page's anchors a lesson's
 * may not take are its blocks' ids and these.
 */
size_t rawhtml_panel_base(const char *id);

/*
 * Whether id names an anchor a lesson's page has of its own, whatever the
 * lesson holds: "content", "toc-title", the preview's "diag-N".
 */
int rawhtml_own_anchor(const char *id);

/*
 * Appends the warning for an address left out of the page: "the address
 * 'URL' of OF is left out of the page: a lesson links to ..." (URL shown
 * printable, at most 60 bytes of it).
 */
void rawhtml_url_refused(struct buf *m, const char *url, size_t len, const char *of);

/* Whether a link's (image: an image's) address may be published; a Markdown link's as much as a tag's. */
int rawhtml_url_ok(const char *url, int image);

#endif
