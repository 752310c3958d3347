/*
 * prose.c: text units and their offset maps.
 *
 * Each piece of inline text is matched against the block's source from a
 * cursor that only moves forward: a source byte equal to the next text byte
 * is where it came from; bytes in between (markup, escapes, entities, "> "
 * and indentation of containers) are skipped. A character that does not
 * occur nearby (an entity such as &copy;) maps to the cursor.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/buf.h"
#include "lesson/prose.h"

#define LOOKAHEAD 24

static const char *const kind_names[] = { "paragraph", "heading", "html", "title" };

const char *unit_kind_name(enum unit_kind kind)
{
	return kind_names[kind];
}

struct builder {
	const struct lesson *l;
	struct buf text;
	size_t *pos;
	size_t npos, apos;
	size_t cursor, limit; /* into lesson->text */
	struct code_span *spans;
	size_t nspans;
	size_t no_tick; /* no backtick from here to limit (SIZE_MAX: not known) */
	size_t tail_budget; /* bytes skip_link_tail() may still scan in this unit */
};

/* Appends n bytes that all came from offset at, which is kept inside the block's source. */
static void put(struct builder *b, const char *s, size_t n, size_t at)
{
	if (at >= b->limit)
		at = b->limit ? b->limit - 1 : 0;
	buf_add(&b->text, s, n);
	if (b->npos + n > b->apos) {
		b->apos = (b->npos + n) * 2 + 16;
		b->pos = xreallocarray(b->pos, b->apos, sizeof *b->pos);
	}
	for (size_t i = 0; i < n; i++)
		b->pos[b->npos++] = at;
}

/* Appends n bytes that stand as written at offset at, at + 1, ... (all inside the block's source). */
static void put_run(struct builder *b, const char *s, size_t n, size_t at)
{
	buf_add(&b->text, s, n);
	if (b->npos + n > b->apos) {
		b->apos = (b->npos + n) * 2 + 16;
		b->pos = xreallocarray(b->pos, b->apos, sizeof *b->pos);
	}
	for (size_t i = 0; i < n; i++)
		b->pos[b->npos++] = at + i;
}

/* Appends literal text, mapping each byte to the source. */
static void put_mapped(struct builder *b, const char *s, size_t n)
{
	const char *src = b->l->text;

	for (size_t i = 0; i < n; i++) {
		/* Most text stands in the source as written from the cursor on: taken as one run, each
		   byte mapped where the search below would map it. */
		size_t run = 0;
		while (i + run < n && b->cursor + run < b->limit && src[b->cursor + run] == s[i + run])
			run++;
		if (run) {
			put_run(b, s + i, run, b->cursor);
			b->cursor += run;
			i += run - 1;
			continue;
		}
		size_t at = b->cursor;
		for (size_t k = b->cursor; k < b->limit && k < b->cursor + LOOKAHEAD; k++) {
			if (src[k] == s[i]) {
				at = k;
				break;
			}
		}
		if (at < b->limit && src[at] == s[i])
			b->cursor = at + 1;
		put(b, s + i, 1, at);
	}
}

static size_t line_start(const struct lesson *l, int line)
{
	if (line < 1)
		return 0;
	if ((size_t)line > l->nlines)
		return l->text_len;
	return (size_t)(l->lines[line - 1] - l->text);
}

static size_t line_end(const struct lesson *l, int line)
{
	if (line < 1 || (size_t)line > l->nlines)
		return l->text_len;
	return (size_t)(l->lines[line - 1] - l->text) + l->line_len[line - 1];
}

/*
 * Finds code span text: after the opening backticks. The span's backtick is
 * looked for up to the end of the block, not LOOKAHEAD bytes: the text
 * before it may have been matched inside a link's destination that it does
 * not show ("[#1](https://...): `f`" matches its ':' in "https:"). When no
 * backtick is left the span stands at the cursor, which does not move, and
 * no later span looks again (linear whatever the input).
 */
static void put_code(struct builder *b, const char *lit)
{
	const char *src = b->l->text;
	size_t at = b->cursor;
	int found = 0;

	if (b->cursor < b->limit && b->cursor < b->no_tick) {
		const char *tick = memchr(src + b->cursor, '`', b->limit - b->cursor);
		if (tick) {
			at = (size_t)(tick - src);
			found = 1;
		} else {
			b->no_tick = b->cursor;
		}
	}
	b->spans = xappendarray(b->spans, b->nspans, sizeof *b->spans);
	b->spans[b->nspans].offset = b->text.len;
	b->spans[b->nspans].lead = 1;
	b->spans[b->nspans].text = xstrdup(lit);
	b->nspans++;
	put(b, "\xEF\xBF\xBC", 3, at);
	if (!found)
		return;
	/* Move the cursor past the closing run of backticks. */
	size_t k = at;
	size_t ticks = 0;
	while (k < b->limit && src[k] == '`')
		k++, ticks++;
	size_t open_end = k;
	while (k < b->limit) {
		if (src[k] == '`') {
			size_t run = 0;
			while (k < b->limit && src[k] == '`')
				k++, run++;
			if (run == ticks) {
				/*
				 * Where the text starts: after the run, and after the one space cmark strips
				 * from each end of a padded span (its source is then two bytes longer than
				 * its text; a line ending inside stays one byte as the space it becomes).
				 */
				size_t raw = k - run - open_end;
				b->spans[b->nspans - 1].lead = ticks + (src[open_end] == ' ' && raw == strlen(lit) + 2);
				break;
			}
		} else {
			k++;
		}
	}
	b->cursor = k;
}

static char *context_of(cmark_node *node)
{
	struct buf b = BUF_INIT;
	const char *names[16];
	int n = 0;

	for (cmark_node *p = cmark_node_parent(node); p && n < 16; p = cmark_node_parent(p)) {
		cmark_node_type t = cmark_node_get_type(p);
		if (t == CMARK_NODE_ITEM)
			names[n++] = "list item";
		else if (t == CMARK_NODE_BLOCK_QUOTE)
			names[n++] = "block quote";
	}
	while (n-- > 0)
		buf_addf(&b, "%s%s", b.len ? "," : "", names[n]);
	return buf_detach(&b, NULL);
}

/* The offset after the unescaped byte c at k or after it, before limit; limit when there is none. */
static size_t past(const char *src, size_t k, size_t limit, char c)
{
	for (; k < limit; k++) {
		if (src[k] == '\\')
			k++;
		else if (src[k] == c)
			return k + 1;
	}
	return limit;
}

static size_t blanks(const char *src, size_t k, size_t limit)
{
	while (k < limit && (src[k] == ' ' || src[k] == '\t' || src[k] == '\n'))
		k++;
	return k;
}

/*
 * After a link's or an image's text: steps the cursor over the rest of it in
 * the source, "](destination "title")", "][label]" or "]", none of which is
 * in the text. A destination longer than LOOKAHEAD would otherwise leave the
 * cursor behind, and every byte after it on the line mapped to the wrong
 * column. An autolink's text is its destination, already stepped over.
 * link_tail() reads the tail from k, the cursor, before limit: *to is where
 * the cursor goes when it found one (else left as it was); it returns how
 * far it read.
 */
static size_t link_tail(const char *src, size_t k, size_t limit, size_t *to)
{
	/* the ']' closing the text: only markup (emphasis, escapes) stands between */
	size_t close = k;
	while (close < limit && close < k + LOOKAHEAD && src[close] != ']')
		close += src[close] == '\\' ? 2 : 1;
	if (close >= limit || close >= k + LOOKAHEAD || src[close] != ']')
		return close;
	k = close + 1;
	if (k < limit && src[k] == '[')
		return *to = past(src, k + 1, limit, ']');
	if (k >= limit || src[k] != '(')
		return *to = k; /* [text], a shortcut reference */
	k = blanks(src, k + 1, limit);
	if (k < limit && src[k] == '<') {
		k = past(src, k + 1, limit, '>');
	} else {
		for (int depth = 0; k < limit; k++) {
			char c = src[k];
			if (c == '\\')
				k++;
			else if (c == '(')
				depth++;
			else if (c == ')' && depth-- == 0)
				break;
			else if (c == ' ' || c == '\t' || c == '\n')
				break;
		}
	}
	k = blanks(src, k, limit);
	if (k < limit && (src[k] == '"' || src[k] == '\'' || src[k] == '('))
		k = blanks(src, past(src, k + 1, limit, src[k] == '(' ? ')' : src[k]), limit);
	if (k < limit && src[k] == ')')
		*to = k + 1;
	return k + 1;
}

/*
 * The scans of link_tail() are paid from the unit's budget (twice its
 * source): a tail that does not match leaves the cursor where it was, and
 * without a budget each of thousands of links after it would scan the same
 * long destination again (quadratic: a 500 KB paragraph took ten seconds).
 * A lesson's own links use their tails' length of it.
 */
static void skip_link_tail(struct builder *b, cmark_node *link)
{
	const char *url = cmark_node_get_url(link);
	cmark_node *first = cmark_node_first_child(link);
	const char *lit = first ? cmark_node_get_literal(first) : NULL;
	size_t k = b->cursor, to = SIZE_MAX;

	if (lit && url && (strcmp(lit, url) == 0 || (strncmp(url, "mailto:", 7) == 0 && strcmp(lit, url + 7) == 0)))
		return; /* <https://...>: its text was its destination */
	if (!b->tail_budget)
		return;
	/* Scanned no further than the budget; the tail of a link cut by it is not stepped over. */
	size_t limit = b->limit - k > b->tail_budget ? k + b->tail_budget : b->limit;
	size_t reached = link_tail(b->l->text, k, limit, &to);
	size_t spent = reached > k ? reached - k : 1;
	b->tail_budget -= spent < b->tail_budget ? spent : b->tail_budget;
	if (to != SIZE_MAX && (to < limit || limit == b->limit))
		b->cursor = to;
}

/* ---- TeX math ---- */

/*
 * Inline TeX math ("$2.5$ ns", "a $3\times$ speed-up", "10 $\mu$s",
 * "$\approx 40\%$") is read as the text it typesets, so that a value
 * written in math is the same value written in prose. A span is what
 * pandoc's tex_math_dollars takes for one: a '$' (as written, not "\$" or
 * an entity) with a non-space after it, up to the next '$' with a
 * non-space before it and no digit after it ("$5 and $10" is money; so is
 * a '$' right after a digit, "5$, a good deal"), within MATH_MAX bytes.
 * "$$" opens display math, a formula that quantity.c reads as a clause of
 * its own: its body is typeset the same way and its "$$" are kept, each a
 * clause's end ("$$t \approx 3.5\,\text{ns} \cdot n$$" holds "3.5 ns"; one
 * with no "$$" to close it stays as written). In a span the delimiters and braces go,
 * a few commands become the characters they print and a command that only
 * sets a font goes with its braces ("\text{ns}" is "ns"); every other byte
 * stays, mapped where it was. A span that holds a reference ("{{") is
 * left whole.
 */
#define MATH_MAX 256

static const struct {
	const char *name, *to;
} math_commands[] = {
	{ "times", "\xc3\x97" }, { "mu", "\xc2\xb5" },	  { "approx", "~" },   { "sim", "~" },
	{ "simeq", "~" },	  { "pm", "\xc2\xb1" },	  { "cdot", "\xc2\xb7" }, { "le", "\xe2\x89\xa4" },
	{ "leq", "\xe2\x89\xa4" }, { "ge", "\xe2\x89\xa5" }, { "geq", "\xe2\x89\xa5" }, { "lt", "<" },
	{ "gt", ">" },		  { "quad", " " },	  { "qquad", " " },	  { "text", "" },
	{ "textrm", "" },	  { "mathrm", "" },	  { "mbox", "" },	  { "rm", "" },
	{ "mathit", "" },	  { "textit", "" },	  { "textbf", "" },	  { "mathbf", "" },
	{ "mathsf", "" },	  { "texttt", "" },	  { "mathtt", "" },	  { "operatorname", "" },
};

/* 1 if byte i of u's text is a '$' as written in the source, not an escape or an entity. */
static int math_dollar(const struct lesson *l, const struct text_unit *u, size_t i)
{
	size_t at = u->pos[i];

	return u->text[i] == '$' && at < l->text_len && l->text[at] == '$' && !(at > 0 && l->text[at - 1] == '\\');
}

/* 1 if byte i of u's text came from an escape, "\," and the like: TeX's spaces. */
static int math_escape(const struct lesson *l, const struct text_unit *u, size_t i)
{
	size_t at = u->pos[i];

	return at > 0 && at < l->text_len && l->text[at] == u->text[i] && l->text[at - 1] == '\\';
}

/* The end of the math span that opens at i (the byte after its closing '$'), or 0: none. */
static size_t math_span(const struct lesson *l, const struct text_unit *u, size_t i, size_t *body, size_t *body_end)
{
	const char *t = u->text;
	size_t n = u->len, k = i + 1;

	if (k >= n || t[k] == ' ' || t[k] == '\n' || t[k] == '\t' || t[k] == '$')
		return 0; /* "$$" opens display math: a formula, read as a clause of its own (quantity.c) */
	if (i > 0 && (t[i - 1] == '$' || (t[i - 1] >= '0' && t[i - 1] <= '9')))
		return 0; /* the second '$' of "$$"; "a cost of 5$, a good deal": money */
	for (; k < n && k < i + 1 + MATH_MAX; k++) {
		if (t[k] != '$' || !math_dollar(l, u, k))
			continue;
		if (t[k - 1] == ' ' || t[k - 1] == '\n' || t[k - 1] == '\t')
			return 0;
		if (k + 1 < n && ((t[k + 1] >= '0' && t[k + 1] <= '9') || t[k + 1] == '$'))
			return 0;
		*body = i + 1, *body_end = k;
		return memmem(t + i, k + 1 - i, "{{", 2) ? 0 : k + 1;
	}
	return 0;
}

/* Appends m bytes that all came from source offset at. */
static void math_emit(struct buf *out, size_t *pos, size_t *npos, const char *s, size_t m, size_t at)
{
	buf_add(out, s, m);
	for (size_t e = 0; e < m; e++)
		pos[(*npos)++] = at;
}

/*
 * The code spans' offsets follow their U+FFFC as the text is rewritten: the
 * span at old offset k (the next one, *span, or none) now stands at now.
 */
static void follow_span(struct text_unit *u, size_t *span, size_t k, size_t now)
{
	while (*span < u->nspans && u->spans[*span].offset < k)
		(*span)++;
	if (*span < u->nspans && u->spans[*span].offset == k)
		u->spans[(*span)++].offset = now;
}

/* Appends the typeset text of the math body [body, body_end) of u; the spans that open in it move with it. */
static void math_body(const struct lesson *l, struct text_unit *u, size_t body, size_t body_end, struct buf *out,
		      size_t *pos, size_t *npos_p, size_t *span_p)
{
	const char *t = u->text;
	size_t npos = *npos_p, span = *span_p;

	for (size_t k = body; k < body_end;) {
		follow_span(u, &span, k, out->len);
		if (t[k] == '{' || t[k] == '}') {
			k++;
		} else if (t[k] == '~') {
			math_emit(out, pos, &npos, " ", 1, u->pos[k]);
			k++;
		} else if (strchr(",;:! ", t[k]) && math_escape(l, u, k)) {
			if (t[k] != '!')
				math_emit(out, pos, &npos, " ", 1, u->pos[k]);
			k++;
		} else if (t[k] == '\\' && k + 1 < body_end) {
			size_t c = k + 1;
			while (c < body_end && ((t[c] >= 'a' && t[c] <= 'z') || (t[c] >= 'A' && t[c] <= 'Z')))
				c++;
			size_t m = 0;
			while (m < ARRAY_LEN(math_commands) &&
			       !(strlen(math_commands[m].name) == c - k - 1 &&
				 !memcmp(math_commands[m].name, t + k + 1, c - k - 1)))
				m++;
			if (m < ARRAY_LEN(math_commands) && !*math_commands[m].to && c + 5 <= body_end &&
			    (!memcmp(t + c, "{min}", 5) || !memcmp(t + c, "{max}", 5))) {
				/* "$2^{53}~\text{min}$": the function, no minutes; kept as written */
				math_emit(out, pos, &npos, t + k, c + 5 - k, u->pos[k]);
				k = c + 5;
			} else if (m < ARRAY_LEN(math_commands)) {
				math_emit(out, pos, &npos, math_commands[m].to, strlen(math_commands[m].to), u->pos[k]);
				k = c;
				/* math typesets no space: "5 \mu s" and "\mathrm{\mu s}" print "µs", the
				   prefix joined to its unit */
				if (!strcmp(math_commands[m].name, "mu")) {
					size_t e = k;
					while (e < body_end && (t[e] == ' ' || t[e] == '\n'))
						e++;
					if (e > k && e < body_end &&
					    ((t[e] >= 'a' && t[e] <= 'z') || (t[e] >= 'A' && t[e] <= 'Z') ||
					     t[e] == '\\' || t[e] == '{'))
						k = e;
				}
			} else if (c == k + 1 && t[c] == ' ') {
				math_emit(out, pos, &npos, " ", 1, u->pos[k]); /* "\ " */
				k += 2;
			} else {
				math_emit(out, pos, &npos, t + k, c - k, u->pos[k]);
				k = c;
			}
		} else {
			math_emit(out, pos, &npos, t + k, 1, u->pos[k]);
			k++;
		}
	}
	*npos_p = npos;
	*span_p = span;
}

/* Rewrites the math spans of u (see above); u's spans' offsets follow their U+FFFC. */
static void tex_math(const struct lesson *l, struct text_unit *u)
{
	if (!memchr(u->text, '$', u->len))
		return;
	struct buf out = BUF_INIT;
	/* no replacement is longer than what it replaces: the text only shrinks */
	size_t *pos = xreallocarray(NULL, u->len + 1, sizeof *pos), npos = 0, span = 0;
	const char *t = u->text;
	int no_close = 0;
	size_t verbatim = 0; /* bytes before it are a reference's, kept as written */

	for (size_t i = 0; i < u->len;) {
		size_t body, body_end, end = 0;
		follow_span(u, &span, i, out.len);
		/* a reference ("{{cite:k|$3\\times$}}") stays as written: the renderer finds it so */
		if (i >= verbatim && i + 1 < u->len && t[i] == '{' && t[i + 1] == '{') {
			const char *eol = memchr(t + i, '\n', u->len - i);
			const char *close = memmem(t + i + 2, (size_t)((eol ? eol : t + u->len) - (t + i + 2)), "}}", 2);
			if (close)
				verbatim = (size_t)(close - t) + 2;
		}
		if (i < verbatim) {
			math_emit(&out, pos, &npos, t + i, 1, u->pos[i]);
			i++;
			continue;
		}
		if (t[i] == '$' && math_dollar(l, u, i) && (end = math_span(l, u, i, &body, &body_end))) {
			math_body(l, u, body, body_end, &out, pos, &npos, &span);
			i = end;
			continue;
		}
		/* "$$ ... $$", display math: typeset as well ("t \approx 3.5\,\text{ns}"), its "$$" kept,
		   each a clause's end for quantity.c */
		if (!no_close && i + 1 < u->len && t[i] == '$' && t[i + 1] == '$' && math_dollar(l, u, i) &&
		    math_dollar(l, u, i + 1)) {
			size_t k = i + 2;
			while (k + 1 < u->len && !(t[k] == '$' && t[k + 1] == '$' && math_dollar(l, u, k) && math_dollar(l, u, k + 1)))
				k++;
			if (k + 1 >= u->len) {
				no_close = 1; /* no "$$" closes it, nor any later one */
			} else if (!memmem(t + i, k - i, "{{", 2)) {
				math_emit(&out, pos, &npos, t + i, 1, u->pos[i]);
				math_emit(&out, pos, &npos, t + i + 1, 1, u->pos[i + 1]);
				math_body(l, u, i + 2, k, &out, pos, &npos, &span);
				follow_span(u, &span, k, out.len);
				math_emit(&out, pos, &npos, t + k, 1, u->pos[k]);
				math_emit(&out, pos, &npos, t + k + 1, 1, u->pos[k + 1]);
				i = k + 2;
				continue;
			}
		}
		math_emit(&out, pos, &npos, t + i, 1, u->pos[i]);
		i++;
	}
	free(u->text);
	free(u->pos);
	u->text = buf_detach(&out, &u->len);
	u->pos = pos;
}

static void unit_release(struct text_unit *u)
{
	free(u->context);
	free(u->text);
	free(u->pos);
	for (size_t k = 0; k < u->nspans; k++)
		free(u->spans[k].text);
	free(u->spans);
}

static void add_unit(struct prose *p, const struct lesson *l, cmark_node *node, enum unit_kind kind)
{
	struct builder b;
	int line = cmark_node_get_start_line(node);
	int end = cmark_node_get_end_line(node);

	memset(&b, 0, sizeof b);
	b.l = l;
	b.no_tick = SIZE_MAX;
	buf_init(&b.text);
	b.cursor = line_start(l, line);
	b.limit = line_end(l, end > line ? end : line);
	if (b.limit < l->text_len)
		b.limit++; /* the newline */
	b.tail_budget = 2 * (b.limit - b.cursor) + 2 * LOOKAHEAD;

	if (kind == UNIT_HTML) {
		const char *lit = cmark_node_get_literal(node);
		put_mapped(&b, lit ? lit : "", lit ? strlen(lit) : 0);
	} else {
		cmark_iter *it = cmark_iter_new(node);
		cmark_event_type ev;
		while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
			cmark_node *n = cmark_iter_get_node(it);
			if (ev == CMARK_EVENT_EXIT &&
			    (cmark_node_get_type(n) == CMARK_NODE_LINK || cmark_node_get_type(n) == CMARK_NODE_IMAGE))
				skip_link_tail(&b, n);
			if (ev != CMARK_EVENT_ENTER)
				continue;
			const char *lit = cmark_node_get_literal(n);
			switch (cmark_node_get_type(n)) {
			case CMARK_NODE_TEXT:
			case CMARK_NODE_HTML_INLINE:
				put_mapped(&b, lit ? lit : "", lit ? strlen(lit) : 0);
				break;
			case CMARK_NODE_CODE:
				put_code(&b, lit ? lit : "");
				break;
			case CMARK_NODE_SOFTBREAK:
			case CMARK_NODE_LINEBREAK: {
				/* The break stands at the end of the current source line. */
				size_t k = b.cursor;
				while (k < b.limit && l->text[k] != '\n')
					k++;
				put(&b, "\n", 1, k);
				b.cursor = k < b.limit ? k + 1 : k;
				break;
			}
			default:
				break;
			}
		}
		cmark_iter_free(it);
	}
	p->v = xappendarray(p->v, p->n, sizeof *p->v);
	struct text_unit *u = &p->v[p->n++];
	memset(u, 0, sizeof *u);
	u->kind = kind;
	u->level = kind == UNIT_HEADING ? cmark_node_get_heading_level(node) : 0;
	u->context = context_of(node);
	u->text = buf_detach(&b.text, &u->len);
	u->pos = b.pos;
	u->line = line;
	u->end_line = end;
	u->spans = b.spans;
	u->nspans = b.nspans;
	u->node = node;
	if (kind != UNIT_HTML)
		tex_math(l, u);
}

/* ---- pandoc tables ---- */

static int blank_line(const char *t, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (t[i] != ' ' && t[i] != '\t')
			return 0;
	return 1;
}

/* How many runs of dashes (two or more each) line t is made of, with spaces between; 0 if anything else. */
static int dash_runs(const char *t, size_t n)
{
	size_t i = 0;
	int runs = 0;

	while (i < n && i < 4 && t[i] == ' ')
		i++;
	if (i == 4)
		return 0;
	while (i < n) {
		size_t a = i;
		while (i < n && t[i] == '-')
			i++;
		if (i - a < 2)
			return 0;
		runs++;
		while (i < n && (t[i] == ' ' || t[i] == '\t'))
			i++;
		if (i < n && t[i] != '-')
			return 0;
	}
	return runs;
}

/* A line of two or more columns: text, two spaces or more, text. */
static int row_line(const char *t, size_t n)
{
	for (size_t i = 1; i + 2 < n; i++)
		if (t[i] == ' ' && t[i + 1] == ' ' && t[i - 1] != ' ' && t[i - 1] != '\t') {
			size_t k = i;
			while (k < n && t[k] == ' ')
				k++;
			if (k < n)
				return 1;
		}
	return 0;
}

struct region {
	size_t first, last; /* 0-based line indexes, inclusive */
	int done;
};

#define TABLE_ROWS_MAX 400

/*
 * Pandoc's simple and multiline tables, which CommonMark reads as a
 * paragraph for the header, a thematic break for the column rule and a
 * paragraph per row: the lines from the header to the last row, found
 * from each column rule (two runs of dashes or more, a header right above
 * it, perhaps past one blank line). The rows end at a border line, a
 * caption, or a blank line before a line that is no row. Lines in fenced
 * code are never looked at. Linear: a line is a rule at most once and each
 * table's lines are walked once.
 */
static struct region *find_tables(const struct lesson *l, size_t *nregions)
{
	struct region *v = NULL;
	size_t n = 0, fence_len = 0;
	char fence = 0;

	for (size_t i = 0; i < l->nlines; i++) {
		const char *t = l->lines[i];
		size_t len = l->line_len[i], k = 0;
		while (k < len && k < 3 && t[k] == ' ')
			k++;
		if (k + 2 < len && (t[k] == '`' || t[k] == '~') && t[k + 1] == t[k] && t[k + 2] == t[k]) {
			size_t run = 0;
			while (k + run < len && t[k + run] == t[k])
				run++;
			if (!fence) {
				fence = t[k], fence_len = run;
			} else if (t[k] == fence && run >= fence_len && blank_line(t + k + run, len - k - run)) {
				fence = 0;
			}
			continue;
		}
		if (fence || i == 0 || dash_runs(t, len) < 2)
			continue;
		size_t j = i - 1, top;
		if (blank_line(l->lines[j], l->line_len[j]) && j > 0)
			j--;
		if (blank_line(l->lines[j], l->line_len[j]) || dash_runs(l->lines[j], l->line_len[j]))
			continue;
		top = j;
		while (top > 0 && !blank_line(l->lines[top - 1], l->line_len[top - 1]) &&
		       !dash_runs(l->lines[top - 1], l->line_len[top - 1]) && j - top < 4)
			top--;
		if (n && top <= v[n - 1].last)
			continue;
		size_t last = i, e = i + 1;
		for (; e < l->nlines && e - i <= TABLE_ROWS_MAX; e++) {
			const char *r = l->lines[e];
			size_t rl = l->line_len[e];
			if (dash_runs(r, rl) || (rl >= 6 && !memcmp(r, "Table:", 6)))
				break;
			if (blank_line(r, rl)) {
				if (e + 1 >= l->nlines || blank_line(l->lines[e + 1], l->line_len[e + 1]) ||
				    !(row_line(l->lines[e + 1], l->line_len[e + 1]) || dash_runs(l->lines[e + 1], l->line_len[e + 1])))
					break;
				continue;
			}
			last = e;
		}
		if (last == i)
			continue;
		v = xappendarray(v, n, sizeof *v);
		v[n++] = (struct region){ top, last, 0 };
		i = last;
	}
	*nregions = n;
	return v;
}

/* The table's lines as one paragraph unit, as written: each byte maps to itself. */
static void add_table_unit(struct prose *p, const struct lesson *l, cmark_node *node, const struct region *r)
{
	struct builder b;

	memset(&b, 0, sizeof b);
	b.l = l;
	b.no_tick = SIZE_MAX;
	buf_init(&b.text);
	b.limit = l->text_len;
	for (size_t i = r->first; i <= r->last; i++) {
		size_t at = (size_t)(l->lines[i] - l->text);
		for (size_t k = 0; k < l->line_len[i]; k++)
			put(&b, l->lines[i] + k, 1, at + k);
		if (i < r->last)
			put(&b, "\n", 1, at + l->line_len[i]);
	}
	p->v = xappendarray(p->v, p->n, sizeof *p->v);
	struct text_unit *u = &p->v[p->n++];
	memset(u, 0, sizeof *u);
	u->kind = UNIT_PARAGRAPH;
	u->context = context_of(node);
	u->text = buf_detach(&b.text, &u->len);
	u->pos = b.pos;
	u->line = (int)r->first + 1;
	u->end_line = (int)r->last + 1;
	u->node = node;
	tex_math(l, u);
}

/*
 * 1 if the text add_unit() would make of paragraph or heading node holds
 * "{{": the text is its literals in order, a code span one U+FFFC, a break
 * one newline, so the two braces stand in one literal or end one and
 * begin the next (`{*{*`, an escaped `\{`).
 */
static int unit_has_braces(cmark_node *node)
{
	cmark_iter *it = cmark_iter_new(node);
	cmark_event_type ev;
	int brace = 0, found = 0; /* brace: the text so far ends with '{' */

	while (!found && (ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		if (ev != CMARK_EVENT_ENTER)
			continue;
		cmark_node *n = cmark_iter_get_node(it);
		cmark_node_type type = cmark_node_get_type(n);
		if (type == CMARK_NODE_TEXT || type == CMARK_NODE_HTML_INLINE) {
			const char *lit = cmark_node_get_literal(n);
			size_t len = lit ? strlen(lit) : 0;
			found = len && ((brace && lit[0] == '{') || memmem(lit, len, "{{", 2));
			if (len)
				brace = lit[len - 1] == '{';
		} else if (type == CMARK_NODE_CODE || type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK) {
			brace = 0;
		}
	}
	cmark_iter_free(it);
	return found;
}

/*
 * The front matter's title and summary, which the site displays (the page's
 * title, the index): each a unit of its own, mapped to its line as written
 * (the front matter is blanked in l->text, its offsets stand). A repeated
 * key: the last one, as it is the one that wins.
 */
static void add_front_matter_units(struct prose *p, const struct lesson *l)
{
	static const char *const keys[] = { "title", "summary" };

	for (size_t k = 0; k < sizeof keys / sizeof *keys; k++) {
		const struct fm_entry *e = NULL;
		for (size_t i = 0; i < l->nfm; i++)
			if (strcmp(l->fm[i].key, keys[k]) == 0)
				e = &l->fm[i];
		if (!e || !*e->value || e->line < 1 || (size_t)e->line > l->nlines)
			continue;
		size_t len = strlen(e->value);
		size_t at = (size_t)(l->lines[e->line - 1] - l->text) + e->value_off;
		p->v = xappendarray(p->v, p->n, sizeof *p->v);
		struct text_unit *u = &p->v[p->n++];
		memset(u, 0, sizeof *u);
		u->kind = UNIT_TITLE;
		u->context = xstrdup(keys[k]);
		u->text = xstrdup(e->value);
		u->len = len;
		u->pos = xreallocarray(NULL, len ? len : 1, sizeof *u->pos);
		for (size_t i = 0; i < len; i++)
			u->pos[i] = at + i < l->text_len ? at + i : l->text_len ? l->text_len - 1 : 0;
		u->line = u->end_line = e->line;
	}
}

/*
 * 1 if an HTML block is a <script> or <style> element: code the browser
 * runs or applies, never text the page shows ("var s = 2.0/h;" is no rate;
 * sixteenth round). CommonMark ends such a block at its closing tag.
 */
static int html_code(const char *lit)
{
	if (!lit)
		return 0;
	while (*lit == ' ' || *lit == '\t' || *lit == '\n')
		lit++;
	return (!strncasecmp(lit, "<script", 7) && (lit[7] == '>' || lit[7] == ' ' || lit[7] == '\n')) ||
	       (!strncasecmp(lit, "<style", 6) && (lit[6] == '>' || lit[6] == ' ' || lit[6] == '\n'));
}

/* Collects the units of l in document order; with refs_only, only those whose text holds "{{". */
static void collect(struct prose *p, const struct lesson *l, int refs_only)
{
	size_t nreg, ri = 0;
	struct region *reg = find_tables(l, &nreg);

	p->v = NULL;
	p->n = 0;
	add_front_matter_units(p, l);
	cmark_iter *it = cmark_iter_new(l->doc);
	cmark_event_type ev;
	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *n = cmark_iter_get_node(it);
		if (ev != CMARK_EVENT_ENTER)
			continue;
		cmark_node_type type = cmark_node_get_type(n);
		if (type != CMARK_NODE_PARAGRAPH && type != CMARK_NODE_HEADING && type != CMARK_NODE_HTML_BLOCK)
			continue;
		size_t line = (size_t)cmark_node_get_start_line(n);
		while (ri < nreg && reg[ri].last + 1 < line)
			ri++;
		if (ri < nreg && line >= reg[ri].first + 1 && line <= reg[ri].last + 1) {
			/* a pandoc table's header or row: the table is one unit */
			if (!reg[ri].done)
				add_table_unit(p, l, n, &reg[ri]);
			reg[ri].done = 1;
			continue;
		}
		if (type == CMARK_NODE_HTML_BLOCK && html_code(cmark_node_get_literal(n)))
			continue;
		if (refs_only) {
			const char *lit = type == CMARK_NODE_HTML_BLOCK ? cmark_node_get_literal(n) : NULL;
			if (type == CMARK_NODE_HTML_BLOCK ? !lit || !strstr(lit, "{{") : !unit_has_braces(n))
				continue;
		}
		switch (type) {
		case CMARK_NODE_PARAGRAPH:
			add_unit(p, l, n, UNIT_PARAGRAPH);
			break;
		case CMARK_NODE_HEADING:
			add_unit(p, l, n, UNIT_HEADING);
			break;
		default:
			add_unit(p, l, n, UNIT_HTML);
			break;
		}
	}
	cmark_iter_free(it);
	free(reg);
	if (refs_only) { /* a table's or the front matter's unit is made whatever it holds: kept only with braces */
		size_t k = 0;
		for (size_t i = 0; i < p->n; i++) {
			if (memmem(p->v[i].text, p->v[i].len, "{{", 2))
				p->v[k++] = p->v[i];
			else
				unit_release(&p->v[i]);
		}
		p->n = k;
	}
}

void prose_collect(struct prose *p, const struct lesson *l)
{
	collect(p, l, 0);
}

void prose_release(struct prose *p)
{
	for (size_t i = 0; i < p->n; i++)
		unit_release(&p->v[i]);
	free(p->v);
	p->v = NULL;
	p->n = 0;
}

void prose_free(struct prose *p)
{
	if (p)
		prose_release(p);
	free(p);
}

const struct prose *lesson_prose(const struct lesson *l)
{
	if (!l->prose) {
		struct prose *p = xcalloc(1, sizeof *p);
		prose_collect(p, l);
		((struct lesson *)l)->prose = p; /* a memo: the lesson itself does not change */
	}
	return l->prose;
}

const struct prose *lesson_prose_refs(const struct lesson *l)
{
	if (l->prose)
		return l->prose;
	if (!l->prose_refs) {
		struct prose *p = xcalloc(1, sizeof *p);
		collect(p, l, 1);
		((struct lesson *)l)->prose_refs = p; /* a memo, as lesson_prose()'s */
	}
	return l->prose_refs;
}

void lesson_text_position(const struct lesson *l, size_t off, int *line, int *col)
{
	/* Binary search over line starts. */
	size_t lo = 0, hi = l->nlines;

	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;
		if ((size_t)(l->lines[mid] - l->text) <= off)
			lo = mid;
		else
			hi = mid;
	}
	*line = (int)lo + 1;
	size_t start = l->nlines ? (size_t)(l->lines[lo] - l->text) : 0;
	*col = lesson_col(l, *line, off >= start ? off - start : 0);
}

void prose_position(const struct lesson *l, const struct text_unit *u, size_t off, int *line, int *col)
{
	if (u->len == 0) {
		*line = u->line;
		*col = 1;
		return;
	}
	lesson_text_position(l, u->pos[off < u->len ? off : u->len - 1], line, col);
}
