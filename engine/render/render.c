/*
 * render.c: lesson pages, the course index and the receipts as HTML (the audit
 * ledger's page is ledger_html.c, from the ledger model).
 *
 * The walk follows cmark's own html.c: one cmark_iter over the document for
 * the block structure, and a second one over each paragraph or heading for
 * its inlines, so that text can be read as a whole (a measure reference is
 * found even where cmark split the text into several nodes). Code blocks are
 * where this renderer differs: their figure and caption come from the
 * evidence, never from anything the author typed about them.
 *
 * Every byte that came from a program or a lesson goes through
 * html_escape_text() (highlight.h), except raw HTML the author wrote,
 * which goes through rawhtml_filter() (lesson/rawhtml.h): only the tags and
 * attributes that cannot run, restyle or speak for litlab are kept, and a
 * link's address only when it is relative or http:, https: or mailto:.
 */
#include <ctype.h>
#include <inttypes.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "render/describe.h"
#include "base/fs.h"
#include "base/strindex.h"
#include "render/highlight.h"
#include "lesson/lessonfiles.h"
#include "lesson/pipetable.h"
#include "lesson/rawhtml.h"
#include "render/render.h"
#include "render/sitelink.h"
#include "run/stats.h"

/* How a run of inlines is written out. */
enum inl_mode {
	INL_HTML, /* markup */
	INL_TEXT, /* escaped text only: alt text, the contents list; references as their values */
	INL_RAW,  /* the text as written, unescaped: for anchors and word counts */
};

struct heading {
	cmark_node *node;
	int level;
	int top; /* a child of the document (listed in the contents) */
	char *id;
};

struct page {
	const struct render_ctx *ctx;
	const struct lesson_result *all; /* every lesson of the site, for links between them */
	size_t nall, index;		 /* how many; which one this page is */
	const struct lesson_result *lr;
	const struct lesson *l;
	struct buf *out;
	char **ids; /* every id given on the page */
	size_t nids, ids_alloc;
	int *idk;	     /* for each of ids: base-2 ... base-idk are taken (unique_id()) */
	struct strindex idx; /* where each id stands in ids */
	struct heading *h;
	size_t nh, h_alloc;
	struct rawhtml_open raw; /* the tags the lesson's HTML left open (lesson/rawhtml.h) */
	size_t hnext; /* heading_id(): the heading after the one asked for last */
	cmark_node *title; /* the level-1 heading that is the page's <h1>, or NULL */
	size_t words;
	char *shown; /* preview: one flag per diagnostic of the lesson, once shown; else NULL */
	size_t nshown;
};

static void esc(struct buf *out, const char *s)
{
	if (s)
		html_escape_text(out, s, strlen(s));
}

/* A URL in an attribute: percent-encoded where it must be, entities for & and '. */
void render_href(struct buf *out, const char *url)
{
	static const char keep[] = "-_.+!*(),%#@?=;:/~$[]";

	for (const unsigned char *s = (const unsigned char *)url; *s; s++) {
		if (isalnum(*s) || (*s < 0x80 && strchr(keep, *s)))
			buf_addc(out, (char)*s);
		else if (*s == '&')
			buf_adds(out, "&amp;");
		else if (*s == '\'')
			buf_adds(out, "&#39;");
		else
			buf_addf(out, "%%%02X", *s);
	}
}

static const char *literal(cmark_node *n)
{
	const char *s = cmark_node_get_literal(n);

	return s ? s : "";
}

/* Ids */

/*
 * The ids are indexed (strindex.h), and each id remembers the suffixes of it
 * taken: a page of 4,000 headings "a" looked each new "a-N" up among all
 * the ids, N from 2 up (a minute; cubic).
 */
static int id_taken(const struct page *p, const char *id)
{
	return strindex_find(&p->idx, id) >= 0;
}

static const char *take_id(struct page *p, char *id)
{
	if (p->nids == p->ids_alloc) {
		p->ids_alloc = p->ids_alloc ? 2 * p->ids_alloc : 64;
		p->ids = xreallocarray(p->ids, p->ids_alloc, sizeof *p->ids);
		p->idk = xreallocarray(p->idk, p->ids_alloc, sizeof *p->idk);
	}
	p->ids[p->nids] = id;
	p->idk[p->nids] = 1;
	strindex_add(&p->idx, id, p->nids++);
	return id;
}

/* base, or base-2, base-3, ... : the first that is free. */
static const char *unique_id(struct page *p, const char *base)
{
	long b = strindex_find(&p->idx, base);

	if (b < 0)
		return take_id(p, xstrdup(base));
	for (int k = p->idk[b] + 1;; k++) {
		char *id = xasprintf("%s-%d", base, k);
		if (!id_taken(p, id)) {
			p->idk[b] = k; /* (b stays its index: ids only grow) */
			return take_id(p, id);
		}
		free(id);
	}
}

void render_slug(struct buf *out, const char *text, size_t len)
{
	size_t start = out->len;
	int dash = 0;

	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)text[i];
		if (isalnum(c) || c >= 0x80) {
			if (dash && out->len > start)
				buf_addc(out, '-');
			dash = 0;
			buf_addc(out, (char)(c < 0x80 ? tolower(c) : c));
		} else {
			dash = 1;
		}
	}
	/* Invalid UTF-8 or a control would make a bad id: keep the id ASCII then. */
	if (!utf8_valid(out->p + start, out->len - start))
		buf_setlen(out, start);
	if (out->len == start)
		buf_adds(out, "section");
}

/* Measure references */

static const struct measure_ref *find_ref(const struct lesson_result *lr, const char *body, size_t len)
{
	for (size_t i = 0; i < lr->nrefs; i++) {
		const struct measure_ref *r = &lr->refs[i];
		if (r->text && strlen(r->text) == len && memcmp(r->text, body, len) == 0)
			return r;
	}
	return NULL;
}

static void ref_value(struct buf *out, const struct measure_ref *r)
{
	if (r->is_count)
		buf_addf(out, "%" PRId64, r->value);
	else
		stats_format_ns(out, r->value);
}

/* The id a reference names: between "measure:" and the first '/' or ':'. */
static void ref_target(struct buf *out, const char *body, size_t len)
{
	size_t i = 8; /* "measure:" */

	while (i < len && body[i] != '/' && body[i] != ':')
		i++;
	html_escape_text(out, body + 8, len > 8 ? i - 8 : 0);
}

void render_measure_ref(struct buf *out, const struct lesson_result *lr, const char *body, size_t len)
{
	const struct measure_ref *r = find_ref(lr, body, len);

	buf_adds(out, "<a class=\"measure-ref\" href=\"#");
	ref_target(out, body, len);
	buf_adds(out, "\"");
	if (r && r->resolved) {
		const struct block_result *br = &lr->blocks[r->block];
		buf_adds(out, " title=\"");
		if (r->is_count) {
			buf_adds(out, "number of timed samples of ");
		} else {
			esc(out, r->stat);
			buf_adds(out, r->region ? " time of region " : " wall time, exec to exit,");
			esc(out, r->region);
			buf_addf(out, " over %zu samples of ", br->m.samples);
		}
		esc(out, lr->lesson->blocks[r->block].id);
		buf_adds(out, "\">");
		ref_value(out, r);
	} else {
		buf_adds(out, ">{{");
		html_escape_text(out, body, len);
		buf_adds(out, "}}");
	}
	buf_adds(out, "</a>");
}

void render_cite(struct buf *out, const struct lesson_result *lr, const char *body, size_t len)
{
	const struct cited_value *c = ledger_cite(&lr->ledger, body, len);

	if (!c) {
		buf_adds(out, "{{");
		html_escape_text(out, body, len);
		buf_adds(out, "}}");
		return;
	}
	buf_adds(out, "<span class=\"cited\">");
	esc(out, c->text);
	buf_adds(out, " <a class=\"cite-source\" href=\"");
	render_href(out, c->url);
	buf_adds(out, "\" title=\"cited from its source, not measured by this build\">[");
	esc(out, c->title && *c->title ? c->title : c->key);
	buf_adds(out, "]</a></span>");
}

/* Text that may hold {{measure:...}} and {{cite:...}} references. */
static void text_out(struct page *p, struct buf *out, const char *s, size_t len, enum inl_mode mode)
{
	if (mode == INL_RAW) {
		buf_add(out, s, len);
		return;
	}
	/* The next reference of each kind and the next '}}', each searched again only once
	   passed: a text of 40,000 cited values and no measure reference was read to its end
	   for each of them (minutes to render). */
	const char *end = s + len;
	const char *next_measure = memmem(s, len, "{{measure:", 10), *next_cite = memmem(s, len, "{{cite:", 7);
	const char *next_close = NULL;
	while (len > 0) {
		if (next_measure && next_measure < s)
			next_measure = memmem(s, len, "{{measure:", 10);
		if (next_cite && next_cite < s)
			next_cite = memmem(s, len, "{{cite:", 7);
		const char *open = next_measure, *cite = next_cite;
		if (cite && (!open || cite < open))
			open = cite;
		else
			cite = NULL;
		if (open && (!next_close || next_close < open))
			next_close = memmem(open, (size_t)(end - open), "}}", 2);
		const char *close = open ? next_close : NULL;
		if (!close) {
			html_escape_text(out, s, len);
			return;
		}
		html_escape_text(out, s, (size_t)(open - s));
		const char *body = open + 2;
		size_t blen = (size_t)(close - body);
		if (cite) {
			const struct cited_value *c = ledger_cite(&p->lr->ledger, body, blen);
			if (mode == INL_HTML)
				render_cite(out, p->lr, body, blen);
			else if (c)
				esc(out, c->text);
			else
				html_escape_text(out, open, blen + 4);
		} else {
			const struct measure_ref *r = find_ref(p->lr, body, blen);
			if (mode == INL_HTML)
				render_measure_ref(out, p->lr, body, blen);
			else if (r && r->resolved)
				ref_value(out, r);
			else
				html_escape_text(out, open, blen + 4);
		}
		len -= (size_t)(close + 2 - s);
		s = close + 2;
	}
}

static void inlines(struct page *p, struct buf *out, cmark_node *parent, enum inl_mode mode);

static void link_open(const struct page *p, struct buf *out, cmark_node *n)
{
	const char *title = cmark_node_get_title(n);
	const char *url = cmark_node_get_url(n) && rawhtml_url_ok(cmark_node_get_url(n), 0) ? cmark_node_get_url(n) : "";
	char *page = p->all ? render_lesson_href(p->all, p->nall, p->index, url) : NULL;

	buf_adds(out, "<a href=\"");
	render_href(out, page ? page : url);
	free(page);
	buf_adds(out, "\"");
	if (title && *title) {
		buf_adds(out, " title=\"");
		esc(out, title);
		buf_adds(out, "\"");
	}
	buf_adds(out, ">");
}

static void image(struct page *p, struct buf *out, cmark_node *n)
{
	const char *title = cmark_node_get_title(n);
	const char *url = cmark_node_get_url(n);

	buf_adds(out, "<img src=\"");
	render_href(out, url && rawhtml_url_ok(url, 1) ? url : "");
	buf_adds(out, "\" alt=\"");
	inlines(p, out, n, INL_TEXT);
	buf_adds(out, "\"");
	if (title && *title) {
		buf_adds(out, " title=\"");
		esc(out, title);
		buf_adds(out, "\"");
	}
	buf_adds(out, ">");
}

/* A lesson's anchor (an id, an <a name>) is kept when no other on the page has its name. */
static int raw_take_id(void *arg, const char *id)
{
	struct page *p = arg;
	size_t base = rawhtml_panel_base(id);

	if (id_taken(p, id) || rawhtml_own_anchor(id))
		return 0;
	if (base) {
		char *b = xstrndup(id, base);
		int taken = id_taken(p, b);
		free(b);
		if (taken)
			return 0;
	}
	take_id(p, xstrdup(id));
	return 1;
}

/* Raw HTML the lesson wrote, as lesson/rawhtml.h lets it be published. */
static void raw_html(struct page *p, struct buf *out, cmark_node *n)
{
	struct rawhtml_hooks h = { NULL, raw_take_id, p };

	rawhtml_filter(out, literal(n), strlen(literal(n)), &p->raw, &h);
}

/* The inlines under parent (a paragraph, a heading, a link...), not parent itself. */
static void inlines(struct page *p, struct buf *out, cmark_node *parent, enum inl_mode mode)
{
	cmark_iter *it = cmark_iter_new(parent);
	cmark_event_type ev;
	int html = mode == INL_HTML;

	if (html) /* the lesson's tags close in the paragraph, heading or cell they open in */
		rawhtml_enter(&p->raw);
	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *n = cmark_iter_get_node(it);
		int enter = ev == CMARK_EVENT_ENTER;
		if (n == parent)
			continue;
		switch (cmark_node_get_type(n)) {
		case CMARK_NODE_TEXT: {
			struct buf t = BUF_INIT;
			cmark_node *last = n;
			buf_adds(&t, literal(n));
			while (cmark_node_next(last) && cmark_node_get_type(cmark_node_next(last)) == CMARK_NODE_TEXT) {
				last = cmark_node_next(last);
				buf_adds(&t, literal(last));
			}
			text_out(p, out, t.p, t.len, mode);
			buf_release(&t);
			if (last != n)
				cmark_iter_reset(it, last, CMARK_EVENT_ENTER);
			break;
		}
		case CMARK_NODE_SOFTBREAK:
			buf_adds(out, html ? "\n" : " ");
			break;
		case CMARK_NODE_LINEBREAK:
			buf_adds(out, html ? "<br>\n" : " ");
			break;
		case CMARK_NODE_CODE:
			if (html)
				buf_adds(out, "<code>");
			if (mode == INL_RAW)
				buf_adds(out, literal(n));
			else
				esc(out, literal(n));
			if (html)
				buf_adds(out, "</code>");
			break;
		case CMARK_NODE_HTML_INLINE:
			if (html)
				raw_html(p, out, n);
			break;
		case CMARK_NODE_CUSTOM_INLINE:
			if (html) {
				const char *s = enter ? cmark_node_get_on_enter(n) : cmark_node_get_on_exit(n);
				buf_adds(out, s ? s : "");
			}
			break;
		case CMARK_NODE_EMPH:
		case CMARK_NODE_STRONG:
		case CMARK_NODE_LINK:
			if (!html)
				break;
			if (!enter)
				rawhtml_leave(out, &p->raw, "", NULL);
			if (cmark_node_get_type(n) == CMARK_NODE_LINK && enter)
				link_open(p, out, n);
			else if (cmark_node_get_type(n) == CMARK_NODE_LINK)
				buf_adds(out, "</a>");
			else if (cmark_node_get_type(n) == CMARK_NODE_EMPH)
				buf_adds(out, enter ? "<em>" : "</em>");
			else
				buf_adds(out, enter ? "<strong>" : "</strong>");
			if (enter)
				rawhtml_enter(&p->raw);
			break;
		case CMARK_NODE_IMAGE:
			if (html && enter) {
				image(p, out, n);
				cmark_iter_reset(it, n, CMARK_EVENT_EXIT);
			}
			break;
		default:
			break;
		}
	}
	cmark_iter_free(it);
	if (html)
		rawhtml_leave(out, &p->raw, "", NULL);
}

/* Words of prose, for the reading time. */
static size_t count_words(const char *s)
{
	size_t n = 0;
	int in = 0;

	for (; *s; s++) {
		int space = isspace((unsigned char)*s);
		if (!space && !in)
			n++;
		in = !space;
	}
	return n;
}

/* Headings, their ids, the title, the word count: everything the page head needs first. */
static void survey(struct page *p)
{
	const struct lesson *l = p->l;
	cmark_node *first = cmark_node_first_child(l->doc);

	take_id(p, xstrdup("content"));
	take_id(p, xstrdup("toc-title"));
	for (size_t i = 0; i < l->nblocks; i++)
		if (l->blocks[i].id && !id_taken(p, l->blocks[i].id))
			take_id(p, xstrdup(l->blocks[i].id));
	while (first && cmark_node_get_type(first) == CMARK_NODE_HTML_BLOCK)
		first = cmark_node_next(first);
	if (first && cmark_node_get_type(first) == CMARK_NODE_HEADING && cmark_node_get_heading_level(first) == 1)
		p->title = first;

	cmark_iter *it = cmark_iter_new(l->doc);
	cmark_event_type ev;
	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *n = cmark_iter_get_node(it);
		if (ev != CMARK_EVENT_ENTER)
			continue;
		cmark_node_type t = cmark_node_get_type(n);
		if (t == CMARK_NODE_TEXT || t == CMARK_NODE_CODE)
			p->words += count_words(literal(n));
		if (t != CMARK_NODE_HEADING)
			continue;
		struct buf raw = BUF_INIT, slug = BUF_INIT;
		inlines(p, &raw, n, INL_RAW);
		render_slug(&slug, raw.p, raw.len);
		if (p->nh == p->h_alloc) {
			p->h_alloc = p->h_alloc ? 2 * p->h_alloc : 16;
			p->h = xreallocarray(p->h, p->h_alloc, sizeof *p->h);
		}
		p->h[p->nh].node = n;
		p->h[p->nh].level = cmark_node_get_heading_level(n);
		p->h[p->nh].top = cmark_node_parent(n) == l->doc && n != p->title;
		p->h[p->nh].id = xstrdup(unique_id(p, slug.p));
		p->nh++;
		buf_release(&raw);
		buf_release(&slug);
	}
	cmark_iter_free(it);
}

/* The id of heading n: asked in the order of the page, the one after the last (else all are read). */
static const char *heading_id(struct page *p, cmark_node *n)
{
	if (p->hnext < p->nh && p->h[p->hnext].node == n)
		return p->h[p->hnext++].id;
	for (size_t i = 0; i < p->nh; i++)
		if (p->h[i].node == n) {
			p->hnext = i + 1;
			return p->h[i].id;
		}
	return NULL;
}

static void page_release(struct page *p)
{
	free(p->shown);
	free_words(p->ids, p->nids);
	free(p->idk);
	strindex_release(&p->idx);
	for (size_t i = 0; i < p->nh; i++)
		free(p->h[i].id);
	free(p->h);
	rawhtml_open_release(&p->raw);
}

/* Pipe tables (a GitHub extension that plain CommonMark reads as a paragraph; lesson/pipetable.c) */

static void table_cell(struct page *p, struct span cell, const char *tag, char align)
{
	struct buf md = BUF_INIT, *out = p->out;

	for (size_t i = 0; i < cell.len; i++) {
		if (cell.p[i] == '\\' && i + 1 < cell.len && cell.p[i + 1] == '|')
			continue;
		buf_addc(&md, cell.p[i]);
	}
	buf_addf(out, "<%s", tag);
	if (align)
		buf_addf(out, " style=\"text-align: %s\"",
			 align == 'l' ? "left" : align == 'c' ? "center" : "right");
	buf_adds(out, ">");
	cmark_node *doc = cmark_parse_document(md.p, md.len, CMARK_OPT_UNSAFE);
	cmark_node *para = cmark_node_first_child(doc);
	if (para && cmark_node_get_type(para) == CMARK_NODE_PARAGRAPH && !cmark_node_next(para))
		inlines(p, out, para, INL_HTML);
	else
		html_escape_text(out, md.p, md.len);
	cmark_node_free(doc);
	buf_release(&md);
	buf_addf(out, "</%s>", tag);
}

/* A top-level paragraph that is a pipe table becomes a <table>; returns 1 if it was one. */
static int table(struct page *p, cmark_node *para)
{
	const struct lesson *l = p->l;
	int first, last;
	char *align;
	size_t ncols;

	if (!pipe_table_node(l, para, &first, &last, &align, &ncols))
		return 0;
	struct pipe_cells head;
	pipe_split_row(pipe_source_line(l, first), &head);
	buf_adds(p->out, "<div class=\"table-scroll\" tabindex=\"0\" role=\"region\" aria-label=\"Table\">\n"
			 "<table>\n<thead>\n<tr>");
	for (size_t i = 0; i < ncols; i++)
		table_cell(p, head.v[i], "th", align[i]);
	buf_adds(p->out, "</tr>\n</thead>\n");
	if (last > first + 1)
		buf_adds(p->out, "<tbody>\n");
	for (int line = first + 2; line <= last; line++) {
		struct pipe_cells row;
		pipe_split_row(pipe_source_line(l, line), &row);
		buf_adds(p->out, "<tr>");
		for (size_t i = 0; i < ncols; i++)
			table_cell(p, i < row.n ? row.v[i] : (struct span){ "", 0 }, "td", align[i]);
		buf_adds(p->out, "</tr>\n");
		free(row.v);
	}
	if (last > first + 1)
		buf_adds(p->out, "</tbody>\n");
	buf_adds(p->out, "</table>\n</div>\n");
	free(align);
	free(head.v);
	return 1;
}

/* Code blocks: figures whose captions come from the evidence */

/* 1 if b's code comes first in user's translation unit (use=). */
static int used_by(const struct block *user, const struct block *b)
{
	for (size_t k = 0; k < user->ndeps; k++)
		if (user->deps[k] == b->index)
			return 1;
	return 0;
}

static const char *kind_of(const struct lesson *l, const struct lesson_result *lr, const struct block *b,
			   const struct block_result *br)
{
	switch (br->status) {
	case STATUS_PASSED:
		return b->mode == MODE_SESSION ? "session" : "executed";
	case STATUS_MEASURED:
		return "measured";
	case STATUS_COMPILED:
		return "compiled";
	case STATUS_COMPILE_FAILED:
		return "compile-fail";
	case STATUS_DERIVED:
		return "derived";
	case STATUS_DISPLAY:
		return "display";
	case STATUS_FRAGMENT:
		for (size_t i = 0; i < l->nblocks; i++)
			if (used_by(&l->blocks[i], b) && lr->blocks[i].ev.compile_ok)
				return "compiled";
		return "display";
	case STATUS_FAILED:
		break;
	}
	return "failed";
}

static const struct envinfo *env_of(const struct render_ctx *ctx)
{
	return ctx->run.env;
}

static int known(const char *s)
{
	return s && *s && strcmp(s, "unknown") != 0;
}

/* "<code>cc -std=c11</code> (gcc 12.2.0)" */
static void toolchain(struct buf *out, const struct render_ctx *ctx, const struct evidence *ev)
{
	const struct envinfo *env = env_of(ctx);

	buf_adds(out, "<code>");
	esc(out, ctx->run.cc ? ctx->run.cc : "cc");
	if (ev->cflags && *ev->cflags) {
		buf_addc(out, ' ');
		esc(out, ev->cflags);
	}
	buf_adds(out, "</code>");
	if (env && known(env->compiler_version)) {
		buf_adds(out, " (");
		esc(out, env->compiler_version);
		buf_adds(out, ")");
	}
}

static void block_link(struct buf *out, const char *id)
{
	buf_adds(out, "<a href=\"#");
	esc(out, id);
	buf_adds(out, "\"><code>");
	esc(out, id);
	buf_adds(out, "</code></a>");
}

static void uses(struct buf *out, const struct lesson *l, const struct block *b)
{
	if (!b->ndeps)
		return;
	buf_adds(out, ", with the code of ");
	for (size_t k = 0; k < b->ndeps; k++) {
		if (k)
			buf_adds(out, k + 1 == b->ndeps ? " and " : ", ");
		block_link(out, l->blocks[b->deps[k]].id);
	}
	buf_adds(out, " first,");
}

static void verified(struct buf *out, const struct block *b)
{
	if (!b->noutputs) {
		buf_adds(out, "; the lesson states no output to compare with");
		return;
	}
	for (size_t i = 0; i < b->noutputs; i++) {
		const struct output_block *o = &b->outputs[i];
		buf_addf(out, "; %s verified (%s match)", o->stream == STREAM_STDOUT ? "stdout" : "stderr",
			 match_mode_name(o->match));
	}
}

static void stream_pre(struct buf *out, const char *cls, const char *label, const char *text, size_t len,
		       int truncated)
{
	buf_addf(out, "<pre class=\"%s\"><span class=\"stream-label\">%s%s</span>", cls, label,
		 len == 0 ? " (empty)" : truncated ? " (cut at the output limit)" : "");
	html_escape_text(out, text, len);
	buf_adds(out, "</pre>\n");
}

/* 1 if a line of the block is "...": the transcript as written leaves lines out. */
static int has_wildcard_line(const struct block *b)
{
	const char *p = b->code, *end = b->code + b->code_len;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = (size_t)((nl ? nl : end) - p);
		if (len == 3 && memcmp(p, "...", 3) == 0)
			return 1;
		p = nl ? nl + 1 : end;
	}
	return 0;
}

/*
 * A session that passed is its transcript: the block above shows it, every
 * line verified, so it is not shown twice. Only where the transcript says
 * "..." is the session as it ran worth a look, folded away; one that did
 * not pass shows what ran, for the reader to compare.
 */
static void session_as_run(struct buf *out, const struct block *b, const struct block_result *br)
{
	const struct launch_result *run = &br->ev.run;

	if (br->status == STATUS_PASSED && !has_wildcard_line(b))
		return;
	if (br->status == STATUS_PASSED)
		buf_adds(out, "<details class=\"session-run\"><summary>The session as it ran, with the lines "
			      "'...' stands for</summary>\n");
	stream_pre(out, "output", "the session as it ran", run->out.p, run->out.len, run->out_truncated);
	if (br->status == STATUS_PASSED)
		buf_adds(out, "</details>\n");
}

/* What the block really printed, or what the lesson derives; inside the figure, before the caption. */
static void figure_outputs(struct buf *out, const struct block *b, const struct block_result *br)
{
	const struct evidence *ev = &br->ev;
	const struct launch_result *run = &ev->run;

	if (b->has_stdin && block_executes(b))
		stream_pre(out, "output", "stdin", b->stdin_text, b->stdin_len, 0);
	if (br->status == STATUS_DERIVED) {
		for (size_t i = 0; i < b->noutputs; i++) {
			const struct output_block *o = &b->outputs[i];
			stream_pre(out, "output output-derived",
				   o->stream == STREAM_STDOUT ? "expected stdout, derived: not observed"
							      : "expected stderr, derived: not observed",
				   o->text, o->len, 0);
		}
		return;
	}
	if (br->status == STATUS_COMPILE_FAILED) {
		stream_pre(out, "output", "compiler diagnostics", ev->compile_log.p, ev->compile_log.len, 0);
		return;
	}
	if (!ev->executed)
		return;
	if (b->mode == MODE_SESSION) {
		session_as_run(out, b, br);
		return;
	}
	const char *first = b->mode == MODE_MEASURE ? " of the first run" : "";
	if (run->out.len || block_output(b, STREAM_STDOUT)) {
		char *label = xasprintf("stdout%s", first);
		stream_pre(out, "output", label, run->out.p, run->out.len, run->out_truncated);
		free(label);
	}
	if (run->err.len || block_output(b, STREAM_STDERR)) {
		char *label = xasprintf("stderr%s", first);
		stream_pre(out, "output", label, run->err.p, run->err.len, run->err_truncated);
		free(label);
	}
}

static void fmt_ns(struct buf *out, int64_t ns)
{
	stats_format_ns(out, ns);
}

static void min_median_max(struct buf *out, const struct stats *st)
{
	buf_adds(out, "min ");
	fmt_ns(out, st->min);
	buf_adds(out, " · median ");
	fmt_ns(out, st->median);
	buf_adds(out, " · max ");
	fmt_ns(out, st->max);
}

static void dt(struct buf *out, const char *term)
{
	buf_addf(out, "<dt>%s</dt><dd>", term);
}

static void dd_text(struct buf *out, const char *term, const char *value)
{
	dt(out, term);
	esc(out, known(value) ? value : "unknown");
	buf_adds(out, "</dd>\n");
}

/* The sample wall times as dots on a line, the median a vertical mark. Deterministic for given samples. */
static void distribution_svg(struct buf *out, const char *id, const struct measurement *m)
{
	const double left = 12, right = 348, axis = 50;
	int64_t lo = m->wall.min, hi = m->wall.max;

	if (!m->samples || !m->wall_values)
		return;
	buf_adds(out, "<svg class=\"measure-svg\" viewBox=\"0 0 360 76\" role=\"img\" aria-labelledby=\"");
	esc(out, id);
	buf_adds(out, "-dist\" xmlns=\"http://www.w3.org/2000/svg\">\n<title id=\"");
	esc(out, id);
	buf_addf(out, "-dist\">Wall time of each of the %zu samples, exec to exit: ", m->samples);
	min_median_max(out, &m->wall);
	buf_adds(out, "</title>\n");
	buf_addf(out, "<line class=\"dist-axis\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", left, axis, right,
		 axis);
#define X(v) (hi > lo ? left + (double)((v) - lo) * (right - left) / (double)(hi - lo) : (left + right) / 2)
	for (size_t i = 0; i < m->samples; i++)
		buf_addf(out, "<circle class=\"dist-point\" cx=\"%.1f\" cy=\"%.1f\" r=\"4\"/>\n", X(m->wall_values[i]),
			 axis - 8 - (double)(i % 5) * 8);
	double xm = X(m->wall.median);
#undef X
	buf_addf(out, "<line class=\"dist-median\" x1=\"%.1f\" y1=\"4\" x2=\"%.1f\" y2=\"%.1f\"/>\n", xm, xm, axis + 4);
	buf_addf(out, "<text x=\"%.1f\" y=\"70\">", left);
	fmt_ns(out, lo);
	buf_addf(out, "</text>\n<text x=\"%.1f\" y=\"70\" text-anchor=\"end\">", right);
	fmt_ns(out, hi);
	buf_adds(out, "</text>\n</svg>\n");
}

/* The measurement record of a measure block, as a definition list. */
static void measure_panel(struct buf *out, const struct render_ctx *ctx, const struct block *b,
			  const struct block_result *br)
{
	const struct measurement *m = &br->m;
	/* Where and when it was measured: the record's own, when it came from the cache. */
	const struct envinfo *env = br->ev.env ? br->ev.env : env_of(ctx);

	buf_adds(out, "<dl class=\"measure-panel\" id=\"");
	esc(out, b->id);
	buf_adds(out, "-measurement\">\n");
	dt(out, "Samples");
	buf_addf(out, "%zu timed runs, after %d warmup run%s</dd>\n", m->samples, m->warmup, m->warmup == 1 ? "" : "s");
	dt(out, "Boundary");
	buf_adds(out, "exec to exit (the whole process); clock CLOCK_MONOTONIC</dd>\n");
	dt(out, "Wall time");
	min_median_max(out, &m->wall);
	buf_adds(out, "</dd>\n");
	for (size_t i = 0; i < m->nregions; i++) {
		const struct region_stats *r = &m->regions[i];
		dt(out, "Region");
		buf_adds(out, "<code>");
		esc(out, r->name);
		buf_adds(out, "</code>, begin to end, summed per run: ");
		min_median_max(out, &r->st);
		buf_adds(out, "</dd>\n");
	}
	dt(out, "CPU time");
	buf_adds(out, "user median ");
	fmt_ns(out, m->user.median);
	buf_adds(out, ", system median ");
	fmt_ns(out, m->sys.median);
	buf_adds(out, "</dd>\n");
	dt(out, "Peak resident memory");
	buf_addf(out, "max RSS per run: median %" PRId64 " KiB (min %" PRId64 ", max %" PRId64 ")</dd>\n",
		 m->rss_kb.median, m->rss_kb.min, m->rss_kb.max);
	dt(out, "Workload");
	if (b->has_stdin)
		buf_addf(out, "stdin: %zu bytes (the stdin block)", b->stdin_len);
	else
		buf_adds(out, "no stdin");
	if (b->args && *b->args) {
		buf_adds(out, "; arguments <code>");
		esc(out, b->args);
		buf_adds(out, "</code>");
	}
	buf_adds(out, "</dd>\n");
	dt(out, "Compiler");
	toolchain(out, ctx, &br->ev);
	buf_adds(out, "</dd>\n");
	dt(out, "CPU");
	esc(out, env && known(env->cpu_model) ? env->cpu_model : "unknown");
	if (env && env->logical_cores > 0)
		buf_addf(out, ", %d logical cores", env->logical_cores);
	buf_adds(out, "</dd>\n");
	dd_text(out, "OS", env ? env->os : NULL);
	dd_text(out, "Kernel", env ? env->kernel : NULL);
	dt(out, "Date (UTC)");
	if (env && known(env->date_utc)) {
		buf_adds(out, "<time datetime=\"");
		esc(out, env->date_utc);
		buf_adds(out, "\">");
		esc(out, env->date_utc);
		buf_adds(out, "</time>");
	} else {
		buf_adds(out, "unknown");
	}
	buf_adds(out, "</dd>\n");
	dt(out, "Load average");
	if (env && env->loadavg1 >= 0)
		buf_addf(out, "%.2f (1 min, as the measurement began)", env->loadavg1);
	else
		buf_adds(out, "unknown");
	buf_adds(out, "</dd>\n");
	dd_text(out, "Isolation", evidence_isolation(&br->ev, &ctx->run));
	dd_text(out, "Recorded by", "litlab " LITLAB_VERSION);
	buf_adds(out, "</dl>\n");
	distribution_svg(out, b->id, m);
}

/*
 * A lesson file's name and version before its caption ("list.c, as changed
 * at line 40"); the blocks built from it; the files a block's folder held.
 */
static void file_caption(struct page *p, const struct block *b)
{
	struct buf *out = p->out;
	const struct lesson *l = p->l;
	int prev, n = 0;

	if (b->file) {
		int v = lessonfiles_version(l, b, &prev);
		buf_adds(out, "<span class=\"file-name\"><code>");
		esc(out, b->file);
		buf_adds(out, "</code></span>");
		if (v > 1)
			buf_addf(out, ", as changed at line %d (version %d; the one before is at line %d)", b->line, v, prev);
		buf_adds(out, ": a lesson file, in the folder of every block after it");
		for (size_t i = 0; i < l->nblocks; i++)
			for (size_t k = 0; k < l->blocks[i].nsources; k++)
				if (l->blocks[i].source_blocks && l->blocks[i].source_blocks[k] == b->index) {
					buf_adds(out, n++ ? ", " : "; compiled into ");
					block_link(out, l->blocks[i].id);
				}
		buf_adds(out, ". ");
	} else if (b->nsees && b->mode != MODE_SESSION) {
		buf_adds(out, "Its folder held the lesson files ");
		for (size_t i = 0; i < b->nsees; i++) {
			buf_adds(out, i ? ", <code>" : "<code>");
			esc(out, l->blocks[b->sees[i]].file);
			buf_adds(out, "</code>");
		}
		if (b->nsources) {
			buf_adds(out, "; built from ");
			for (size_t i = 0; i < b->nsources; i++) {
				buf_adds(out, i ? ", <code>" : "<code>");
				esc(out, b->sources[i]);
				buf_adds(out, "</code>");
			}
			buf_adds(out, ", each compiled on its own, then linked");
		}
		buf_adds(out, ". ");
	}
}

/* " Evidence reused from the cache, made <time>...</time>." */
static void cached_note(struct buf *out, const struct evidence *ev)
{
	buf_adds(out, " Evidence reused from the cache");
	if (ev->made) {
		buf_adds(out, ", made <time datetime=\"");
		esc(out, ev->made);
		buf_adds(out, "\">");
		esc(out, ev->made);
		buf_adds(out, "</time>");
	}
	buf_adds(out, ".");
}

/* A session's caption: where it ran and what was verified. */
static void session_caption(struct page *p, const struct block *b, const struct block_result *br)
{
	struct buf *out = p->out;
	const struct lesson *l = p->l;

	buf_adds(out, "<span class=\"badge\">session</span> Run in one <code>/bin/sh</code> in the sandbox, in a folder "
		      "holding ");
	if (!b->nsees)
		buf_adds(out, "nothing");
	for (size_t i = 0; i < b->nsees; i++) {
		buf_adds(out, i ? ", <code>" : "<code>");
		esc(out, l->blocks[b->sees[i]].file);
		buf_adds(out, "</code>");
	}
	buf_adds(out, ": every command's output (stdout and stderr together) and exit status verified");
	if (memmem(b->code, b->code_len, "\n...\n", 5) || (b->code_len >= 4 && !memcmp(b->code, "...\n", 4)))
		buf_adds(out, " (a <code>...</code> line stands for lines not shown)");
	buf_adds(out, ".");
	if (br->ev.cached)
		cached_note(out, &br->ev);
}

void render_receipt_anchor(struct buf *out, const struct lesson *l, const struct block *b)
{
	char *page = render_page_name(l->path);

	buf_add(out, page, strlen(page) - 5); /* without ".html" */
	buf_addc(out, ':');
	buf_adds(out, b->id ? b->id : "");
	free(page);
}

/* The end of a caption: the link to the block's receipt, when the site has receipts. */
static void caption_end(struct page *p, const struct block *b)
{
	struct buf *out = p->out;
	const struct render_receipt *r = p->ctx->receipts ? &p->ctx->receipts[p->index][b->index] : NULL;

	if (r) {
		struct buf anchor = BUF_INIT;
		render_receipt_anchor(&anchor, p->l, b);
		buf_adds(out, " <a class=\"receipt\" href=\"" RENDER_RECEIPTS_PAGE "#");
		render_href(out, anchor.p);
		buf_addf(out, "\" data-receipt=\"sha256:%s\">Receipt</a>", r->receipt);
		buf_release(&anchor);
	}
	buf_adds(out, "</figcaption>\n");
}

static void caption(struct page *p, const struct block *b, const struct block_result *br)
{
	struct buf *out = p->out;
	const struct lesson *l = p->l;
	const struct evidence *ev = &br->ev;

	buf_adds(out, "<figcaption class=\"caption\">");
	if (b->file && (br->status == STATUS_FRAGMENT || br->status == STATUS_DISPLAY)) {
		buf_adds(out, "<span class=\"badge\">lesson file</span> ");
		file_caption(p, b);
		buf_adds(out, "Shown as written; not built on its own.");
		caption_end(p, b);
		return;
	}
	file_caption(p, b);
	if (b->mode == MODE_SESSION && br->status == STATUS_PASSED) {
		session_caption(p, b, br);
		caption_end(p, b);
		return;
	}
	switch (br->status) {
	case STATUS_PASSED:
	case STATUS_MEASURED:
		buf_addf(out, "<span class=\"badge\">%s</span> ", br->status == STATUS_PASSED ? "executed" : "measured");
		buf_adds(out, "Compiled with ");
		toolchain(out, p->ctx, ev);
		uses(out, l, b);
		if (br->status == STATUS_MEASURED)
			buf_addf(out, " and run %d warmup and %zu timed times", br->m.warmup, br->m.samples);
		else
			buf_adds(out, " and run");
		if (b->args && *b->args) {
			buf_adds(out, " with arguments <code>");
			esc(out, b->args);
			buf_adds(out, "</code>");
		}
		if (b->has_stdin)
			buf_adds(out, " on the stdin shown");
		buf_adds(out, ": ");
		describe_end_of_run(out, b, &ev->run);
		verified(out, b);
		buf_adds(out, ".");
		if (ev->cached)
			cached_note(out, ev);
		if (br->status == STATUS_MEASURED && br->measured)
			measure_panel(out, p->ctx, b, br);
		break;
	case STATUS_COMPILED:
		buf_adds(out, "<span class=\"badge\">compiled</span> Compiled with ");
		toolchain(out, p->ctx, ev);
		uses(out, l, b);
		buf_adds(out, " without error; not executed (compile-only).");
		if (ev->cached)
			cached_note(out, ev);
		break;
	case STATUS_COMPILE_FAILED:
		buf_adds(out, "<span class=\"badge\">compile failure, as expected</span> Given to ");
		toolchain(out, p->ctx, ev);
		uses(out, l, b);
		buf_adds(out, " which rejected it, as the lesson expects (compile-fail); its diagnostics are shown");
		if (block_output(b, STREAM_STDOUT))
			buf_addf(out, " and verified (%s match)", match_mode_name(block_output(b, STREAM_STDOUT)->match));
		buf_adds(out, ".");
		if (ev->cached)
			cached_note(out, ev);
		break;
	case STATUS_DERIVED:
		buf_addf(out, "<span class=\"badge\">derived</span> Not executed%s. Reason: ",
			 b->noutputs ? "; expected output derived" : "");
		esc(out, b->reason && *b->reason ? b->reason : "none given");
		break;
	case STATUS_DISPLAY:
		buf_adds(out, "<span class=\"badge\">display only</span> Shown as written, not compiled or run (");
		esc(out, *b->lang ? b->lang : "plain text");
		buf_adds(out, ").");
		break;
	case STATUS_FRAGMENT: {
		size_t n = 0;
		buf_adds(out, "<span class=\"badge\">fragment</span> Not built on its own; ");
		for (size_t i = 0; i < l->nblocks; i++) {
			if (!used_by(&l->blocks[i], b))
				continue;
			buf_adds(out, n++ ? ", " : "its code comes first in ");
			block_link(out, l->blocks[i].id);
			buf_addf(out, " (%s)", kind_of(l, p->lr, &l->blocks[i], &p->lr->blocks[i]));
		}
		buf_adds(out, n ? "." : b->file ? "built only as a lesson file." : "no block uses it.");
		break;
	}
	case STATUS_FAILED:
		buf_adds(out, "<span class=\"badge\">failed</span> This block did not pass check: see the "
			      "<a href=\"audit.html\">audit ledger</a>.");
		break;
	}
	caption_end(p, b);
}

/* A session as a terminal shows it: prompts and commands set apart from what they print. */
static void transcript(struct buf *out, const char *code, size_t len)
{
	int in_cmd = 0;

	for (const char *p = code, *end = code + len; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) + 1 : (size_t)(end - p);
		int cmd = n >= 2 && p[0] == '$' && (p[1] == ' ' || p[1] == '\n');
		int more = in_cmd && n >= 2 && p[0] == '>' && (p[1] == ' ' || p[1] == '\n');
		if (cmd || more) {
			buf_addf(out, "<span class=\"prompt\">%c </span><span class=\"command\">", p[0]);
			html_escape_text(out, p + (n > 2 ? 2 : 1), n - (n > 2 ? 2 : 1) - (nl ? 1 : 0));
			buf_adds(out, "</span>\n");
		} else {
			html_escape_text(out, p, n);
		}
		in_cmd = cmd || more;
		p += n;
	}
}

/* Preview: one diagnostic where it belongs on the page, numbered (diag-N) in the lesson's order. */
static void diag_box(struct buf *out, const struct diag *g, size_t k)
{
	const char *sev = severity_name(g->severity);

	buf_addf(out, "<div class=\"diag diag-%s\" id=\"diag-%zu\" data-line=\"%d\" role=\"note\">"
		      "<span class=\"diag-where\">", sev, k + 1, g->line);
	esc(out, g->path);
	if (g->line > 0)
		buf_addf(out, ":%d:%d", g->line, g->col);
	buf_addf(out, "</span> <strong class=\"diag-sev\">%s:</strong> <span class=\"diag-msg\">", sev);
	esc(out, g->message);
	buf_adds(out, "</span>");
	if (g->rule && *g->rule) {
		buf_adds(out, " <span class=\"diag-rule\">[");
		esc(out, g->rule);
		buf_adds(out, "]</span>");
	}
	if (g->detail && *g->detail) {
		buf_adds(out, "\n<pre class=\"diag-detail\">");
		esc(out, g->detail);
		buf_adds(out, "</pre>");
	}
	buf_adds(out, "</div>\n");
}

/* Preview: the number of errors of the course that belong to no lesson (0 when not a preview). */
static size_t preview_course_errors(const struct render_ctx *ctx)
{
	return ctx->preview && ctx->course_errors ? diags_count(ctx->course_errors, SEV_ERROR) : 0;
}

/* Preview: shows every diagnostic not shown yet whose line is from lo to hi. */
static void diags_between(struct page *p, int lo, int hi)
{
	const struct diags *d = &p->l->diags;

	for (size_t k = 0; k < p->nshown && k < d->n; k++)
		if (!p->shown[k] && d->v[k].line >= lo && d->v[k].line <= hi) {
			p->shown[k] = 1;
			diag_box(p->out, &d->v[k], k);
		}
}

/* The last line of block b, its output blocks included. */
static int block_last_line(const struct block *b)
{
	int last = b->node ? cmark_node_get_end_line(b->node) : b->end_line;

	for (size_t k = 0; k < b->noutputs; k++)
		if (b->outputs[k].node && cmark_node_get_end_line(b->outputs[k].node) > last)
			last = cmark_node_get_end_line(b->outputs[k].node);
	if (b->has_stdin && b->stdin_line > last)
		last = b->stdin_line;
	return last;
}

static void figure(struct page *p, const struct block *b, const struct block_result *br)
{
	struct buf *out = p->out;
	const char *kind = kind_of(p->l, p->lr, b, br);

	buf_addf(out, "<figure class=\"block caption-%s\" id=\"", kind);
	esc(out, b->id);
	buf_adds(out, "\">\n<pre><code");
	if (*b->lang) {
		buf_adds(out, " class=\"language-");
		esc(out, b->lang);
		buf_adds(out, "\"");
	}
	buf_adds(out, ">");
	if (strcmp(b->lang, "c") == 0)
		highlight_c(out, b->code, b->code_len);
	else if (strcmp(b->lang, "console") == 0)
		transcript(out, b->code, b->code_len);
	else
		html_escape_text(out, b->code, b->code_len);
	buf_adds(out, "</code></pre>\n");
	figure_outputs(out, b, br);
	caption(p, b, br);
	buf_adds(out, "</figure>\n");
	if (p->shown)
		diags_between(p, b->line, block_last_line(b));
}

static void code_block(struct page *p, cmark_node *n)
{
	const struct lesson *l = p->l;
	int line = cmark_node_get_start_line(n);

	for (size_t i = 0; i < l->nblocks; i++) {
		const struct block *b = &l->blocks[i];
		if (b->node == n) { /* never inside the lesson's markup: what it left open closes first */
			rawhtml_close_all(p->out, &p->raw, "", NULL);
			figure(p, b, &p->lr->blocks[i]);
			return;
		}
		for (size_t k = 0; k < b->noutputs; k++)
			if (b->outputs[k].node == n)
				return; /* shown in its block's figure */
		if (b->has_stdin && b->stdin_line == line)
			return;
	}
	/* An output or stdin block that belongs to nothing (check reports it): shown, not as output. */
	buf_adds(p->out, "<pre><code>");
	esc(p->out, literal(n));
	buf_adds(p->out, "</code></pre>\n");
}

static int in_tight_list(cmark_node *para)
{
	cmark_node *item = cmark_node_parent(para);
	cmark_node *list = item ? cmark_node_parent(item) : NULL;

	return list && cmark_node_get_type(list) == CMARK_NODE_LIST && cmark_node_get_list_tight(list);
}

/* The lesson's body, block by block. */
static void body(struct page *p)
{
	struct buf *out = p->out;
	cmark_iter *it = cmark_iter_new(p->l->doc);
	cmark_event_type ev;

	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *n = cmark_iter_get_node(it);
		int enter = ev == CMARK_EVENT_ENTER;
		switch (cmark_node_get_type(n)) {
		case CMARK_NODE_BLOCK_QUOTE:
			if (!enter)
				rawhtml_leave(out, &p->raw, "", NULL);
			buf_adds(out, enter ? "<blockquote>\n" : "</blockquote>\n");
			if (enter)
				rawhtml_enter(&p->raw);
			break;
		case CMARK_NODE_LIST: {
			int ordered = cmark_node_get_list_type(n) == CMARK_ORDERED_LIST;
			if (!enter)
				buf_adds(out, ordered ? "</ol>\n" : "</ul>\n");
			else if (ordered && cmark_node_get_list_start(n) != 1)
				buf_addf(out, "<ol start=\"%d\">\n", cmark_node_get_list_start(n));
			else
				buf_adds(out, ordered ? "<ol>\n" : "<ul>\n");
			break;
		}
		case CMARK_NODE_ITEM:
			if (!enter)
				rawhtml_leave(out, &p->raw, "", NULL);
			buf_adds(out, enter ? "<li>" : "</li>\n");
			if (enter)
				rawhtml_enter(&p->raw);
			break;
		case CMARK_NODE_HEADING:
			if (n != p->title) {
				int level = cmark_node_get_heading_level(n);
				buf_addf(out, "<h%d id=\"", level);
				esc(out, heading_id(p, n));
				buf_adds(out, "\">");
				inlines(p, out, n, INL_HTML);
				buf_addf(out, "</h%d>\n", level);
			}
			cmark_iter_reset(it, n, CMARK_EVENT_EXIT);
			break;
		case CMARK_NODE_PARAGRAPH:
			if (!table(p, n)) {
				int tight = in_tight_list(n);
				if (!tight)
					buf_adds(out, "<p>");
				inlines(p, out, n, INL_HTML);
				buf_adds(out, tight ? (cmark_node_next(n) ? "\n" : "") : "</p>\n");
			}
			cmark_iter_reset(it, n, CMARK_EVENT_EXIT);
			break;
		case CMARK_NODE_CODE_BLOCK:
			code_block(p, n);
			break;
		case CMARK_NODE_HTML_BLOCK:
			raw_html(p, out, n);
			break;
		case CMARK_NODE_CUSTOM_BLOCK: {
			const char *s = enter ? cmark_node_get_on_enter(n) : cmark_node_get_on_exit(n);
			buf_adds(out, s ? s : "");
			break;
		}
		case CMARK_NODE_THEMATIC_BREAK:
			buf_adds(out, "<hr>\n");
			break;
		default:
			break;
		}
		/* Preview: a top-level element done, the diagnostics of its lines follow it. */
		cmark_node_type t = cmark_node_get_type(n);
		int leaf = t == CMARK_NODE_HEADING || t == CMARK_NODE_PARAGRAPH || t == CMARK_NODE_CODE_BLOCK ||
			   t == CMARK_NODE_HTML_BLOCK || t == CMARK_NODE_THEMATIC_BREAK;
		if (p->shown && cmark_node_parent(n) == p->l->doc && (!enter || leaf) && !rawhtml_any_open(&p->raw))
			diags_between(p, 1, cmark_node_get_end_line(n)); /* not inside the lesson's markup either */
	}
	cmark_iter_free(it);
	rawhtml_close_all(out, &p->raw, "", NULL);
	if (p->shown)
		diags_between(p, INT_MIN, INT_MAX);
}

/* Pages */

const char *render_course_title(const struct lesson_result *v, size_t n)
{
	if (n > 0 && v[0].lesson && v[0].lesson->course && *v[0].lesson->course)
		return v[0].lesson->course;
	return "Course";
}

char *render_page_name(const char *lesson_path)
{
	const char *base = strrchr(lesson_path, '/');
	size_t len;

	base = base ? base + 1 : lesson_path;
	len = strlen(base);
	if (len > 3 && strcmp(base + len - 3, ".md") == 0)
		len -= 3;
	return xasprintf("%.*s.html", (int)len, base);
}

char *render_lesson_href(const struct lesson_result *v, size_t n, size_t i, const char *url)
{
	const char *suffix;
	char *path, *href = NULL;

	if (sitelink_parse(url, &path, &suffix) != SITELINK_FILE)
		return NULL;
	size_t len = strlen(path);
	if (len > 3 && strcmp(path + len - 3, ".md") == 0) {
		char *dir = fs_parent_path(v[i].lesson->path);
		char *joined = xasprintf("%s/%s", dir, path);
		char *want = sitelink_normalize(joined);
		for (size_t k = 0; k < n && !href; k++) {
			char *have = sitelink_normalize(v[k].lesson->path);
			if (strcmp(have, want) == 0) {
				char *page = render_page_name(v[k].lesson->path);
				href = xasprintf("%s%s", page, suffix);
				free(page);
			}
			free(have);
		}
		free(dir);
		free(joined);
		free(want);
	}
	free(path);
	return href;
}

static const char *lesson_title(const struct lesson *l)
{
	return l->title && *l->title ? l->title : l->path;
}

/* "Lesson 15", or the title when the lesson has no number. */
void render_lesson_label(struct buf *out, const struct lesson *l)
{
	if (l->number >= 0)
		buf_addf(out, "Lesson %d", l->number);
	else
		esc(out, lesson_title(l));
}

/*
 * A draft's marks, in the page itself (the site's style.css is the published
 * one): a watermark behind the whole page, the banner, the diagnostics.
 */
static const char draft_style[] =
	"<style>\n"
	"body.draft{background-image:url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' "
	"width='360' height='240'%3E%3Ctext x='20' y='150' transform='rotate(-25 180 120)' "
	"font-family='sans-serif' font-size='72' font-weight='bold' fill='%23b00020' fill-opacity='0.09'"
	"%3EDRAFT%3C/text%3E%3C/svg%3E\");background-repeat:repeat}\n"
	".draft-banner{position:sticky;top:0;z-index:100;margin:0 0 1em;padding:.7em 1em;background:#b00020;"
	"color:#fff;border:4px dashed #fff;outline:3px solid #b00020;font:bold 1.05rem/1.4 sans-serif}\n"
	".draft-banner a{color:#fff}\n"
	".diag{margin:.6em 0 1.2em;padding:.5em .8em;border-left:6px solid #555;background:#eee;color:#111;"
	"font:.9rem/1.45 ui-monospace,monospace;white-space:pre-wrap;overflow-wrap:anywhere}\n"
	".diag-error{border-color:#b00020;background:#fde7ea}\n"
	".diag-warning{border-color:#a65f00;background:#fff3df}\n"
	".diag-detail{margin:.4em 0 0;font-size:.85rem;white-space:pre-wrap}\n"
	"</style>\n";

void render_head(struct buf *out, const struct render_ctx *ctx, const char *title, const char *description,
		 int draft)
{
	buf_adds(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
		      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>");
	if (draft)
		buf_adds(out, "DRAFT (not published): ");
	esc(out, title);
	buf_adds(out, " · ");
	esc(out, ctx->course);
	buf_adds(out, "</title>\n");
	if (description && *description) {
		buf_adds(out, "<meta name=\"description\" content=\"");
		esc(out, description);
		buf_adds(out, "\">\n");
	}
	buf_adds(out, "<meta name=\"generator\" content=\"litlab " LITLAB_VERSION "\">\n"
		      "<link rel=\"stylesheet\" href=\"style.css\">\n");
	if (ctx->preview)
		buf_adds(out, draft_style);
	buf_adds(out, draft ? "</head>\n<body class=\"draft\">\n" : "</head>\n<body>\n");
	buf_adds(out, "<a class=\"skip-link\" href=\"#content\">Skip to content</a>\n"
		      "<header class=\"site-header\">\n<nav aria-label=\"Site\">\n<ul>\n<li><a href=\"index.html\">");
	esc(out, ctx->course);
	buf_adds(out, "</a></li>\n<li><a href=\"audit.html\">Audit ledger</a></li>\n</ul>\n</nav>\n</header>\n"
		      "<main id=\"content\">\n");
}

void render_foot(struct buf *out, const char *source)
{
	buf_adds(out, "</main>\n<footer>\n<p>Built by litlab " LITLAB_VERSION);
	if (source) {
		buf_adds(out, " from <code>");
		esc(out, source);
		buf_adds(out, "</code>");
	}
	buf_adds(out, ". Every caption is made from recorded evidence: the <a href=\"audit.html\">audit "
		      "ledger</a> lists it all.</p>\n</footer>\n</body>\n</html>\n");
}

static void contents(struct page *p)
{
	struct buf *out = p->out;
	int open_item = 0, open_sub = 0;
	size_t n = 0;

	for (size_t i = 0; i < p->nh; i++)
		n += p->h[i].top && (p->h[i].level == 2 || p->h[i].level == 3);
	if (n == 0)
		return;
	buf_adds(out, "<nav class=\"toc\" aria-labelledby=\"toc-title\">\n<h2 id=\"toc-title\">On this page</h2>\n<ol>\n");
	for (size_t i = 0; i < p->nh; i++) {
		const struct heading *h = &p->h[i];
		if (!h->top || (h->level != 2 && h->level != 3))
			continue;
		if (h->level == 3 && open_item && !open_sub) {
			buf_adds(out, "\n<ol>\n");
			open_sub = 1;
		} else if (h->level == 2 || !open_item) {
			if (open_sub)
				buf_adds(out, "</ol>\n");
			if (open_item)
				buf_adds(out, "</li>\n");
			open_sub = 0;
			open_item = h->level == 2;
		}
		buf_adds(out, "<li><a href=\"#");
		esc(out, h->id);
		buf_adds(out, "\">");
		inlines(p, out, h->node, INL_TEXT);
		buf_adds(out, "</a>");
		if (h->level == 3 || !open_item)
			buf_adds(out, "</li>\n");
	}
	if (open_sub)
		buf_adds(out, "</ol>\n");
	if (open_item)
		buf_adds(out, "</li>\n");
	buf_adds(out, "</ol>\n</nav>\n");
}

static void lesson_link(struct buf *out, const struct lesson *l, const char *rel, const char *label)
{
	char *name = render_page_name(l->path);

	buf_addf(out, "<a rel=\"%s\" href=\"", rel);
	render_href(out, name);
	buf_addf(out, "\">%s", label);
	esc(out, lesson_title(l));
	buf_adds(out, "</a>\n");
	free(name);
}

void render_lesson(struct buf *out, const struct render_ctx *ctx, const struct lesson_result *v, size_t n,
		   size_t i)
{
	const struct lesson_result *lr = &v[i];
	const struct lesson *l = lr->lesson;
	struct page p;

	memset(&p, 0, sizeof p);
	p.ctx = ctx;
	p.all = v;
	p.nall = n;
	p.index = i;
	p.lr = lr;
	p.l = l;
	p.out = out;
	for (size_t k = 0; k < l->nblocks; k++)
		if (lr->blocks[k].measured && l->blocks[k].id) {
			char *id = xasprintf("%s-measurement", l->blocks[k].id);
			take_id(&p, id);
			take_id(&p, xasprintf("%s-dist", l->blocks[k].id));
		}
	for (size_t k = 0; ctx->preview && k < l->diags.n; k++) /* the preview's diagnostics: a heading "Diag 1" is diag-1-2 */
		take_id(&p, xasprintf("diag-%zu", k + 1));
	survey(&p);
	size_t errors = diags_count(&l->diags, SEV_ERROR);
	if (ctx->preview) {
		p.nshown = l->diags.n;
		p.shown = xcalloc(p.nshown + 1, 1);
	}

	size_t course_errors = preview_course_errors(ctx);
	render_head(out, ctx, lesson_title(l), l->summary, ctx->preview && (errors > 0 || course_errors > 0));
	if (course_errors > 0)
		buf_addf(out, "<div class=\"draft-banner\" role=\"alert\">DRAFT, NOT PUBLISHED: the course has %zu "
			      "error%s outside its lessons (<a href=\"index.html\">on the course's page</a>). "
			      "litlab build refuses to publish it until %s fixed.</div>\n",
			 course_errors, course_errors == 1 ? "" : "s", course_errors == 1 ? "it is" : "they are");
	if (ctx->preview && errors > 0) {
		buf_addf(out, "<div class=\"draft-banner\" role=\"alert\">DRAFT, NOT PUBLISHED: this lesson has %zu "
			      "error%s, each shown at its place below (<a href=\"#diag-",
			 errors, errors == 1 ? "" : "s");
		for (size_t k = 0; k < l->diags.n; k++)
			if (l->diags.v[k].severity == SEV_ERROR) {
				buf_addf(out, "%zu", k + 1);
				break;
			}
		buf_adds(out, "\">the first</a>). litlab build refuses to publish it until they are fixed.</div>\n");
	}
	if (p.shown) { /* the front matter's, and those of no line */
		cmark_node *first = cmark_node_first_child(l->doc);
		diags_between(&p, INT_MIN, first ? cmark_node_get_start_line(first) - 1 : 0);
	}
	buf_adds(out, "<nav class=\"breadcrumb\" aria-label=\"Breadcrumb\">\n<ol>\n<li><a href=\"index.html\">");
	esc(out, ctx->course);
	buf_adds(out, "</a></li>\n");
	if (l->unit && *l->unit) {
		buf_adds(out, "<li>");
		esc(out, l->unit);
		buf_adds(out, "</li>\n");
	}
	buf_adds(out, "<li aria-current=\"page\">");
	if (l->number >= 0)
		buf_addf(out, "Lesson %d", l->number);
	else
		esc(out, lesson_title(l));
	buf_adds(out, "</li>\n</ol>\n</nav>\n<h1>");
	if (p.title)
		inlines(&p, out, p.title, INL_HTML);
	else
		esc(out, lesson_title(l));
	buf_adds(out, "</h1>\n<ul class=\"lesson-meta\">\n");
	if (l->number >= 0)
		buf_addf(out, "<li>Lesson %d</li>\n", l->number);
	size_t minutes = (p.words + 100) / 200;
	buf_addf(out, "<li>About %zu min read</li>\n", minutes ? minutes : 1);
	if (l->reviewed && *l->reviewed) {
		buf_adds(out, "<li>Content reviewed <time datetime=\"");
		esc(out, l->reviewed);
		buf_adds(out, "\">");
		esc(out, l->reviewed);
		buf_adds(out, "</time></li>\n");
	}
	buf_adds(out, "</ul>\n");
	contents(&p);
	body(&p);
	if (i > 0 || i + 1 < n) {
		buf_adds(out, "<nav class=\"lesson-nav\" aria-label=\"Previous and next lesson\">\n");
		if (i > 0)
			lesson_link(out, v[i - 1].lesson, "prev", "← Previous: ");
		if (i + 1 < n)
			lesson_link(out, v[i + 1].lesson, "next", "Next: ");
		buf_adds(out, "</nav>\n");
	}
	const char *base = strrchr(l->path, '/');
	render_foot(out, base ? base + 1 : l->path);
	page_release(&p);
}

void render_count(const struct lesson_result *lr, struct render_counts *c)
{
	const struct lesson *l = lr->lesson;

	memset(c, 0, sizeof *c);
	for (size_t i = 0; i < l->nblocks; i++) {
		const struct block_result *br = &lr->blocks[i];
		c->blocks++;
		switch (br->status) {
		case STATUS_PASSED:
			c->executed++;
			break;
		case STATUS_MEASURED:
			c->measured++;
			break;
		case STATUS_COMPILED:
			c->compiled++;
			break;
		case STATUS_COMPILE_FAILED:
			c->compile_failed++;
			break;
		case STATUS_DERIVED:
			c->derived++;
			break;
		case STATUS_DISPLAY:
			c->display++;
			break;
		case STATUS_FRAGMENT:
			c->fragments++;
			break;
		case STATUS_FAILED:
			c->failed++;
			break;
		}
	}
	c->errors = diags_count(&l->diags, SEV_ERROR);
	c->warnings = diags_count(&l->diags, SEV_WARNING);
}

void render_counts_list(struct buf *out, const struct render_counts *c)
{
	buf_addf(out, "<ul class=\"evidence-summary\">\n<li>%zu executed</li>\n<li>%zu measured</li>\n"
		      "<li>%zu compiled</li>\n",
		 c->executed, c->measured, c->compiled);
	if (c->compile_failed)
		buf_addf(out, "<li>%zu compile-failed as expected</li>\n", c->compile_failed);
	buf_addf(out, "<li>%zu derived</li>\n", c->derived);
	if (c->failed)
		buf_addf(out, "<li class=\"status-failed\">%zu failing</li>\n", c->failed);
	else if (c->errors)
		buf_addf(out, "<li class=\"status-failed\">%zu error%s</li>\n", c->errors, c->errors == 1 ? "" : "s");
	else
		buf_adds(out, "<li class=\"status-passed\">all verified</li>\n");
	buf_adds(out, "</ul>\n");
}

void render_index(struct buf *out, const struct render_ctx *ctx, const struct lesson_result *v, size_t n)
{
	size_t drafts = 0, course_errors = preview_course_errors(ctx);
	for (size_t i = 0; ctx->preview && i < n; i++)
		drafts += diags_count(&v[i].lesson->diags, SEV_ERROR) > 0;
	render_head(out, ctx, "Lessons", NULL, drafts > 0 || course_errors > 0);
	if (drafts)
		buf_addf(out, "<div class=\"draft-banner\" role=\"alert\">DRAFT, NOT PUBLISHED: %zu lesson%s below ha%s "
			      "errors (marked DRAFT). litlab build refuses to publish the course until they are fixed.</div>\n",
			 drafts, drafts == 1 ? "" : "s", drafts == 1 ? "s" : "ve");
	if (course_errors)
		buf_addf(out, "<div class=\"draft-banner\" role=\"alert\">DRAFT, NOT PUBLISHED: the course has %zu "
			      "error%s outside its lessons, below (a rule file that failed to load: its rules were not "
			      "applied; two lessons that make one page). litlab build refuses to publish the course "
			      "until %s fixed.</div>\n",
			 course_errors, course_errors == 1 ? "" : "s", course_errors == 1 ? "it is" : "they are");
	for (size_t k = 0; ctx->preview && ctx->course_errors && k < ctx->course_errors->n; k++)
		diag_box(out, &ctx->course_errors->v[k], k);
	buf_adds(out, "<h1>");
	esc(out, ctx->course);
	buf_addf(out, "</h1>\n<p>%zu lesson%s. Every output on these pages was produced by compiling and running "
		      "its code, or is labelled derived with the reason; the counts below come from that "
		      "evidence.</p>\n<ol class=\"index-list\">\n",
		 n, n == 1 ? "" : "s");
	for (size_t i = 0; i < n; i++) {
		const struct lesson *l = v[i].lesson;
		struct render_counts c;
		char *name = render_page_name(l->path);
		render_count(&v[i], &c);
		buf_adds(out, "<li><a href=\"");
		render_href(out, name);
		buf_adds(out, "\">");
		if (l->number >= 0)
			buf_addf(out, "Lesson %d: ", l->number);
		esc(out, lesson_title(l));
		buf_adds(out, "</a>\n");
		if (ctx->preview && c.errors)
			buf_addf(out, "<strong class=\"diag diag-error\">DRAFT: %zu error%s</strong>\n", c.errors,
				 c.errors == 1 ? "" : "s");
		if (l->unit && *l->unit) {
			buf_adds(out, "<p class=\"breadcrumb\">");
			esc(out, l->unit);
			buf_adds(out, "</p>\n");
		}
		if (l->summary && *l->summary) {
			buf_adds(out, "<p>");
			esc(out, l->summary);
			buf_adds(out, "</p>\n");
		}
		render_counts_list(out, &c);
		buf_adds(out, "</li>\n");
		free(name);
	}
	buf_adds(out, "</ol>\n");
	render_foot(out, NULL);
}

/* Receipts */

static void cell_code(struct buf *out, const char *s)
{
	buf_adds(out, "<code>");
	esc(out, s);
	buf_adds(out, "</code>");
}

void render_lesson_anchor(struct buf *out, const struct lesson *l, const char *fragment)
{
	char *name = render_page_name(l->path);

	buf_adds(out, "<a href=\"");
	render_href(out, name);
	if (fragment) {
		buf_addc(out, '#');
		render_href(out, fragment);
	}
	buf_adds(out, "\">");
	free(name);
}

void render_receipts(struct buf *out, const struct render_ctx *ctx, const struct lesson_result *v, size_t n)
{
	render_head(out, ctx, "Receipts", NULL, 0);
	buf_adds(out, "<h1>Receipts</h1>\n<p>Each block's receipt: the SHA-256 of the lesson's bytes and of the "
		      "block's code with what it uses, and the hash of the receipt itself, which the block's caption "
		      "carries. <a href=\"" RENDER_RECEIPTS_JSON "\"><code>" RENDER_RECEIPTS_JSON "</code></a> holds "
		      "them with what each block claims, the hash of its evidence record and the hash of every page; "
		      "<code>litlab verify</code> runs every block again from the lessons and compares.</p>\n");
	for (size_t i = 0; ctx->receipts && i < n; i++) {
		const struct lesson *l = v[i].lesson;
		char *page = render_page_name(l->path);
		buf_adds(out, "<h2>");
		render_lesson_anchor(out, l, NULL);
		render_lesson_label(out, l);
		buf_adds(out, ": ");
		esc(out, lesson_title(l));
		buf_adds(out, "</a></h2>\n<p><code>");
		esc(out, l->path);
		buf_addf(out, "</code>: SHA-256 <code>%s</code></p>\n",
			 l->nblocks ? ctx->receipts[i][0].lesson : "");
		free(page);
		if (!l->nblocks)
			continue;
		buf_adds(out, "<div class=\"table-scroll\" tabindex=\"0\" role=\"region\" aria-label=\"Receipts\">\n"
			      "<table class=\"ledger\">\n<thead><tr><th scope=\"col\">Block</th><th scope=\"col\">Status"
			      "</th><th scope=\"col\">Hashes (SHA-256)</th></tr></thead>\n<tbody>\n");
		for (size_t k = 0; k < l->nblocks; k++) {
			const struct block *b = &l->blocks[k];
			const struct render_receipt *r = &ctx->receipts[i][k];
			struct buf anchor = BUF_INIT;
			render_receipt_anchor(&anchor, l, b);
			buf_adds(out, "<tr id=\"");
			esc(out, anchor.p);
			buf_adds(out, "\"><td>");
			render_lesson_anchor(out, l, b->id);
			cell_code(out, b->id);
			/* Not the evidence record's hash: it changes with the run's times, the pages do not. */
			buf_addf(out, "</a></td><td class=\"status-%s\">%s</td><td>receipt <code>%s</code><br>code "
				      "<code>%s</code></td></tr>\n",
				 block_status_name(v[i].blocks[k].status), block_status_name(v[i].blocks[k].status),
				 r->receipt, r->code);
			buf_release(&anchor);
		}
		buf_adds(out, "</tbody>\n</table>\n</div>\n");
	}
	render_foot(out, NULL);
}
