/*
 * rawhtml.c: a lesson's raw HTML, published as what it may say (rawhtml.h).
 *
 * The scan follows the tokenizer of the HTML standard only as far as it must
 * to find where a tag, its attributes and its values end; nothing it read is
 * copied as typed. A tag that is kept is written again from its name and the
 * attributes kept, with every value escaped, so what a browser parses is
 * markup of this file's making, whatever tricks the input held. Everything
 * else is text, escaped where it could start markup.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/util.h"
#include "lesson/rawhtml.h"

/* The tags a lesson may write, with the attributes each keeps beside GLOBAL_ATTRS. */
static const struct {
	const char *name;
	const char *attrs;
} tags[] = {
	{ "a", "href" },
	{ "abbr", "" },
	{ "article", "" },
	{ "aside", "" },
	{ "b", "" },
	{ "bdi", "" },
	{ "blockquote", "cite" },
	{ "br", "" },
	{ "caption", "" },
	{ "cite", "" },
	{ "code", "" },
	{ "col", "span" },
	{ "colgroup", "span" },
	{ "dd", "" },
	{ "del", "cite datetime" },
	{ "details", "open" },
	{ "dfn", "" },
	{ "div", "" },
	{ "dl", "" },
	{ "dt", "" },
	{ "em", "" },
	{ "h1", "" },
	{ "h2", "" },
	{ "h3", "" },
	{ "h4", "" },
	{ "h5", "" },
	{ "h6", "" },
	{ "hr", "" },
	{ "i", "" },
	{ "img", "src alt width height" },
	{ "ins", "cite datetime" },
	{ "kbd", "" },
	{ "li", "value" },
	{ "mark", "" },
	{ "ol", "start reversed type" },
	{ "p", "" },
	{ "q", "cite" },
	{ "rp", "" },
	{ "rt", "" },
	{ "ruby", "" },
	{ "s", "" },
	{ "section", "" },
	{ "samp", "" },
	{ "small", "" },
	{ "span", "" },
	{ "strike", "" },
	{ "strong", "" },
	{ "sub", "" },
	{ "summary", "" },
	{ "sup", "" },
	{ "table", "" },
	{ "tbody", "" },
	{ "td", "colspan rowspan align" },
	{ "tfoot", "" },
	{ "th", "colspan rowspan align scope" },
	{ "thead", "" },
	{ "time", "datetime" },
	{ "tr", "" },
	{ "tt", "" },
	{ "u", "" },
	{ "ul", "" },
	{ "var", "" },
	{ "wbr", "" },
};

#define GLOBAL_ATTRS "title lang dir"
#define URL_ATTRS "href src cite"
/* Attributes whose loss changes what the page does or shows: told; the rest (class, rel, srcset...) only tune another site's page. */
#define TOLD_ATTRS "style"
#define NAME_MAX_SHOWN 32
/* Tags without contents: never open. */
#define VOID_TAGS "br col hr img wbr"
/* Tags whose end tag HTML lets out: closed for the author without a word. */
#define OPTIONAL_END "p li dt dd tr td th thead tbody tfoot colgroup rp rt"
/* Tags whose start closes an open <p> (HTML's tree construction, the ones of the list). */
#define CLOSES_P "article aside blockquote details div dl dd dt h1 h2 h3 h4 h5 h6 hr li ol p section summary table ul"

static int is_alpha(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int is_alnum(int c)
{
	return is_alpha(c) || (c >= '0' && c <= '9');
}

/* How many of s[0..n) from the start may be in an anchor: letters, digits, '-', '_', ':', '.'. */
static size_t strspn_id(const char *s, size_t n)
{
	size_t k = 0;

	while (k < n && (is_alnum((unsigned char)s[k]) || s[k] == '-' || s[k] == '_' || s[k] == ':' || s[k] == '.'))
		k++;
	return k;
}

/* HTML's ASCII whitespace. */
static int is_ws(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r';
}

static int lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

/* Whether s[0..n) is one of the space-separated words of list, ASCII case aside. */
static int in_list(const char *list, const char *s, size_t n)
{
	for (const char *w = list; *w;) {
		size_t wl = strcspn(w, " ");
		if (wl == n) {
			size_t k = 0;
			while (k < n && lower((unsigned char)s[k]) == w[k])
				k++;
			if (k == n)
				return 1;
		}
		w += wl;
		while (*w == ' ')
			w++;
	}
	return 0;
}

static int same_name(const char *a, size_t an, const char *b, size_t bn)
{
	size_t k = 0;

	while (k < an && k < bn && lower((unsigned char)a[k]) == lower((unsigned char)b[k]))
		k++;
	return k == an && k == bn;
}

/* The index of the tag s[0..n) in tags, or -1. */
static int find_tag(const char *s, size_t n)
{
	for (size_t i = 0; i < sizeof tags / sizeof tags[0]; i++)
		if (in_list(tags[i].name, s, n))
			return (int)i;
	return -1;
}

/* The length of a character reference at s ("&amp;", "&#60;", "&#x3c;"), or 0. */
static size_t char_ref(const char *s, size_t n)
{
	size_t k = 1;

	if (n < 3 || s[0] != '&')
		return 0;
	if (s[1] == '#') {
		k = 2;
		int hex = k < n && (s[k] == 'x' || s[k] == 'X');
		k += (size_t)hex;
		size_t d = k;
		while (k < n && k - d < 8 &&
		       ((s[k] >= '0' && s[k] <= '9') || (hex && is_alpha(s[k]) && lower(s[k]) <= 'f')))
			k++;
		return k > d && k < n && s[k] == ';' ? k + 1 : 0;
	}
	while (k < n && k < 33 && is_alnum((unsigned char)s[k]))
		k++;
	return k > 1 && k < n && s[k] == ';' ? k + 1 : 0;
}

/*
 * Appends s[0..n) as text or an attribute's value, escaped where it could be
 * markup; refs: character references kept as written (else every '&' escaped).
 */
static void put_text(struct buf *out, const char *s, size_t n, int refs)
{
	size_t run = 0;

	if (!out)
		return;
	for (size_t i = 0; i < n;) {
		const char *rep = NULL;
		size_t ref = 0, skip = 0;
		char bidi[8];
		switch (s[i]) {
		case '&':
			ref = refs ? char_ref(s + i, n - i) : 0;
			rep = ref ? NULL : "&amp;";
			break;
		case '<':
			rep = "&lt;";
			break;
		case '>':
			rep = "&gt;";
			break;
		case '"':
			rep = "&quot;";
			break;
		case '\'':
			rep = "&#39;";
			break;
		case '\0': /* as a browser reads it */
			rep = "\xEF\xBF\xBD";
			break;
		case '\xE2': /* a bidi control that reorders a line: shown, as on the rest of the page (buf.h) */
			if (buf_bidi_control(s + i, n - i)) {
				snprintf(bidi, sizeof bidi, "\\u%04x", buf_bidi_control(s + i, n - i));
				rep = bidi;
				skip = 2;
			}
			break;
		default:
			break;
		}
		if (!rep) {
			i += ref ? ref : 1;
			continue;
		}
		buf_add(out, s + run, i - run);
		buf_adds(out, rep);
		i += 1 + skip;
		run = i;
	}
	buf_add(out, s + run, n - run);
}

static void put_utf8(struct buf *b, unsigned long c)
{
	if (c == 0 || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
		c = 0xFFFD;
	if (c < 0x80) {
		buf_addc(b, (char)c);
	} else if (c < 0x800) {
		buf_addc(b, (char)(0xC0 | (c >> 6)));
		buf_addc(b, (char)(0x80 | (c & 0x3F)));
	} else if (c < 0x10000) {
		buf_addc(b, (char)(0xE0 | (c >> 12)));
		buf_addc(b, (char)(0x80 | ((c >> 6) & 0x3F)));
		buf_addc(b, (char)(0x80 | (c & 0x3F)));
	} else {
		buf_addc(b, (char)(0xF0 | (c >> 18)));
		buf_addc(b, (char)(0x80 | ((c >> 12) & 0x3F)));
		buf_addc(b, (char)(0x80 | ((c >> 6) & 0x3F)));
		buf_addc(b, (char)(0x80 | (c & 0x3F)));
	}
}

/*
 * An attribute's value as a browser reads it, into out: numeric references
 * (with or without their ';') and the few named ones an address could use
 * decoded. Returns 0 for a named reference with its ';' that is not among
 * them: a browser knows two thousand, and one of them may spell a scheme.
 */
static int decode_value(struct buf *out, const char *s, size_t n)
{
	static const struct {
		const char *name;
		char c;
	} named[] = { { "amp", '&' },	 { "lt", '<' },	    { "gt", '>' },	 { "quot", '"' }, { "apos", '\'' },
		      { "colon", ':' },	 { "Tab", '\t' },   { "NewLine", '\n' }, { "sol", '/' },  { "quest", '?' },
		      { "num", '#' },	 { "equals", '=' }, { "period", '.' },	 { "lpar", '(' }, { "rpar", ')' },
		      { "commat", '@' }, { "excl", '!' },   { "percnt", '%' },	 { "plus", '+' }, { "lowbar", '_' } };

	for (size_t i = 0; i < n;) {
		if (s[i] != '&') {
			buf_addc(out, s[i++]);
			continue;
		}
		if (i + 1 < n && s[i + 1] == '#') {
			size_t k = i + 2;
			int hex = k < n && (s[k] == 'x' || s[k] == 'X');
			unsigned long c = 0;
			k += (size_t)hex;
			size_t d = k;
			for (; k < n; k++) {
				int v = s[k] >= '0' && s[k] <= '9'		      ? s[k] - '0'
					: hex && is_alpha(s[k]) && lower(s[k]) <= 'f' ? lower(s[k]) - 'a' + 10
										      : -1;
				if (v < 0)
					break;
				c = c > 0x10FFFF ? c : c * (hex ? 16 : 10) + (unsigned long)v;
			}
			if (k == d) { /* "&#" alone is text */
				buf_addc(out, s[i++]);
				continue;
			}
			put_utf8(out, c);
			i = k < n && s[k] == ';' ? k + 1 : k;
			continue;
		}
		size_t k = i + 1;
		while (k < n && is_alnum((unsigned char)s[k]))
			k++;
		if (k == i + 1 || k >= n || s[k] != ';') { /* not a reference that ends: as written */
			buf_addc(out, s[i++]);
			continue;
		}
		size_t m = 0;
		while (m < sizeof named / sizeof named[0] &&
		       !(strlen(named[m].name) == k - i - 1 && memcmp(named[m].name, s + i + 1, k - i - 1) == 0))
			m++;
		if (m == sizeof named / sizeof named[0])
			return 0;
		buf_addc(out, named[m].c);
		i = k + 1;
	}
	return 1;
}

/* Whether the address s[0..n), as a browser reads it, is relative or has a scheme a page may link to. */
static int url_ok(const char *s, size_t n, int image)
{
	char scheme[16];
	size_t k = 0, i = 0;

	while (i < n && (unsigned char)s[i] <= ' ') /* a browser drops leading controls and spaces */
		i++;
	for (; i < n; i++) {
		if (s[i] == '\t' || s[i] == '\n' || s[i] == '\r') /* and tabs and newlines anywhere */
			continue;
		if (s[i] == ':')
			break;
		if (!(is_alnum((unsigned char)s[i]) || s[i] == '+' || s[i] == '-' || s[i] == '.') ||
		    k == sizeof scheme - 1 || (k == 0 && !is_alpha((unsigned char)s[i])))
			return 1; /* no scheme: a path, a query or a fragment */
		scheme[k++] = (char)lower((unsigned char)s[i]);
	}
	if (i == n)
		return 1;
	scheme[k] = '\0';
	if (!strcmp(scheme, "http") || !strcmp(scheme, "https") || (!image && !strcmp(scheme, "mailto")))
		return 1;
	if (image && !strcmp(scheme, "data")) {
		static const char *const kinds[] = { "image/png", "image/gif", "image/jpeg", "image/webp" };
		for (size_t m = 0; m < sizeof kinds / sizeof kinds[0]; m++) {
			size_t kl = strlen(kinds[m]);
			if (n - i - 1 >= kl && strncasecmp(s + i + 1, kinds[m], kl) == 0 &&
			    (n - i - 1 == kl || s[i + 1 + kl] == ';' || s[i + 1 + kl] == ','))
				return 1;
		}
	}
	return 0;
}

size_t rawhtml_panel_base(const char *id)
{
	static const char *const suffixes[] = { "-measurement", "-dist" };
	size_t il = strlen(id);

	for (size_t k = 0; k < sizeof suffixes / sizeof suffixes[0]; k++) {
		size_t sl = strlen(suffixes[k]);
		if (il > sl && !strcmp(id + il - sl, suffixes[k]))
			return il - sl;
	}
	return 0;
}

int rawhtml_own_anchor(const char *id)
{
	return !strcmp(id, "content") || !strcmp(id, "toc-title") ||
	       (!strncmp(id, "diag-", 5) && id[5] && strspn(id + 5, "0123456789") == strlen(id + 5));
}

void rawhtml_url_refused(struct buf *m, const char *url, size_t len, const char *of)
{
	buf_adds(m, "the address '");
	buf_add_printable(m, url, len > 60 ? 60 : len);
	buf_addf(m, "%s' of %s is left out of the page: a lesson links to relative, http:, https: and mailto: "
		    "addresses (images also data:image/...)",
		 len > 60 ? "..." : "", of);
}

int rawhtml_url_ok(const char *url, int image)
{
	return url_ok(url, strlen(url), image);
}

static void tell(const struct rawhtml_hooks *h, size_t offset, const char *fmt, ...) PRINTFLIKE(3, 4);

static void tell(const struct rawhtml_hooks *h, size_t offset, const char *fmt, ...)
{
	va_list ap;
	struct buf m = BUF_INIT;

	if (!h || !h->note)
		return;
	va_start(ap, fmt);
	buf_vaddf(&m, fmt, ap);
	va_end(ap);
	h->note(h->arg, offset, m.p);
	buf_release(&m);
}

/* The shown form of a name: at most NAME_MAX_SHOWN bytes, as printable ASCII. */
static char *shown(const char *s, size_t n)
{
	char *r = xmalloc(NAME_MAX_SHOWN + 4);
	size_t k = 0;

	for (size_t i = 0; i < n && k < NAME_MAX_SHOWN; i++)
		r[k++] = (unsigned char)s[i] > ' ' && (unsigned char)s[i] < 0x7f ? (char)lower((unsigned char)s[i])
										 : '?';
	if (n > NAME_MAX_SHOWN)
		memcpy(r + k, "...", 3), k += 3;
	r[k] = '\0';
	return r;
}

struct attr_span {
	size_t name, name_len, value, value_len, at;
	int has_value;
};

/*
 * The start tag at s[0..n) ('<' and a letter), to its '>': its name's
 * length in *name_len and its attributes in *attrs. Returns the tag's
 * length, or 0 when the HTML ends inside it.
 */
static size_t scan_tag(const char *s, size_t n, size_t *name_len, struct attr_span **attrs, size_t *nattrs)
{
	size_t i = 1, alloc = 0;

	while (i < n && !is_ws(s[i]) && s[i] != '/' && s[i] != '>')
		i++;
	*name_len = i - 1;
	*nattrs = 0;
	for (;;) {
		while (i < n && (is_ws(s[i]) || s[i] == '/'))
			i++;
		if (i >= n)
			return 0;
		if (s[i] == '>')
			return i + 1;
		struct attr_span a = { .name = i, .at = i };
		i++; /* a first '=' belongs to the name */
		while (i < n && !is_ws(s[i]) && s[i] != '/' && s[i] != '>' && s[i] != '=')
			i++;
		a.name_len = i - a.name;
		size_t j = i;
		while (j < n && is_ws(s[j]))
			j++;
		if (j < n && s[j] == '=') {
			j++;
			while (j < n && is_ws(s[j]))
				j++;
			if (j >= n)
				return 0;
			a.has_value = 1;
			if (s[j] == '"' || s[j] == '\'') {
				const char *close = memchr(s + j + 1, s[j], n - j - 1);
				if (!close)
					return 0;
				a.value = j + 1;
				a.value_len = (size_t)(close - (s + j + 1));
				j = (size_t)(close - s) + 1;
			} else {
				a.value = j;
				while (j < n && !is_ws(s[j]) && s[j] != '>')
					j++;
				a.value_len = j - a.value;
			}
			i = j;
		}
		if (*nattrs == alloc) {
			alloc = alloc ? 2 * alloc : 8;
			*attrs = xreallocarray(*attrs, alloc, sizeof **attrs);
		}
		(*attrs)[(*nattrs)++] = a;
	}
}

/* Writes the start tag tags[t] again from the attributes it keeps. */
static void put_start_tag(struct buf *out, const char *s, size_t at, int t, const struct attr_span *attrs,
			  size_t nattrs, const struct rawhtml_hooks *h)
{
	struct buf value = BUF_INIT;
	const char *name = tags[t].name;
	const struct attr_span *seen[16];
	size_t nseen = 0;

	if (out)
		buf_addf(out, "<%s", name);
	for (size_t k = 0; k < nattrs; k++) {
		const struct attr_span *a = &attrs[k];
		const char *an = s + a->name;
		char *n = shown(an, a->name_len);
		int anchor = in_list("id", an, a->name_len) || (!strcmp(name, "a") && in_list("name", an, a->name_len));
		if (!anchor && !in_list(GLOBAL_ATTRS, an, a->name_len) && !in_list(tags[t].attrs, an, a->name_len)) {
			if (in_list(TOLD_ATTRS, an, a->name_len) || (a->name_len > 2 && in_list("on", an, 2)))
				tell(h, at + a->at,
				     "the attribute '%s' of raw HTML '<%s>' is left out of the page: the page's style "
				     "and scripts are litlab's (a lesson's tag keeps %s%s%s)",
				     n, name, GLOBAL_ATTRS, *tags[t].attrs ? " " : "", tags[t].attrs);
			free(n);
			continue;
		}
		size_t m = 0; /* a browser keeps the first of two: the names kept are few */
		while (m < nseen && !same_name(s + seen[m]->name, seen[m]->name_len, an, a->name_len))
			m++;
		if (m < nseen || nseen == sizeof seen / sizeof seen[0]) {
			free(n);
			continue;
		}
		seen[nseen++] = a;
		if (anchor) {
			size_t ok = a->has_value && a->value_len > 0 && a->value_len < 128
					    ? strspn_id(s + a->value, a->value_len)
					    : 0;
			char *v = ok && ok == a->value_len ? xstrndup(s + a->value, a->value_len) : NULL;
			if (!v || !h || !h->take_id || !h->take_id(h->arg, v)) {
				char *sv = shown(s + a->value, a->value_len);
				tell(h, at + a->at, "the %s '%s' of raw HTML '<%s>' is left out of the page: %s", n, sv,
				     name,
				     v ? "the page has it already (a block's, a heading's or the page's own)"
				       : "an anchor is letters, digits and '-', '_', ':', '.' (at most 127)");
				free(sv);
			} else if (out) {
				buf_addf(out, " %s=\"%s\"", n, v);
			}
			free(v);
		} else if (in_list(URL_ATTRS, an, a->name_len)) {
			buf_reset(&value);
			if (!decode_value(&value, s + a->value, a->value_len) ||
			    !url_ok(value.p, value.len, !strcmp(name, "img"))) {
				struct buf msg = BUF_INIT;
				char *of = xasprintf("raw HTML '<%s>'", name);
				rawhtml_url_refused(&msg, s + a->value, a->value_len, of);
				tell(h, at + a->at, "%s", msg.p);
				buf_release(&msg);
				free(of);
				free(n);
				continue;
			}
			if (out) {
				buf_addf(out, " %s=\"", n);
				put_text(out, value.p, value.len, 0);
				buf_addc(out, '"');
			}
		} else if (out) {
			buf_addf(out, " %s", n);
			if (a->has_value) {
				buf_adds(out, "=\"");
				put_text(out, s + a->value, a->value_len, 1);
				buf_addc(out, '"');
			}
		}
		free(n);
	}
	if (out)
		buf_addc(out, '>');
	buf_release(&value);
}

/* Where the construct that opens at s[0..n) with "<!" or "<?" ends: comments, declarations, instructions. */
static size_t skip_hidden(const char *s, size_t n)
{
	const char *end;

	if (n >= 4 && memcmp(s, "<!--", 4) == 0) {
		if (n >= 5 && s[4] == '>') /* "<!-->" */
			return 5;
		if (n >= 6 && memcmp(s + 4, "->", 2) == 0) /* "<!--->" */
			return 6;
		end = memmem(s + 4, n - 4, "-->", 3);
		return end ? (size_t)(end - s) + 3 : n;
	}
	if (n >= 9 && memcmp(s, "<![CDATA[", 9) == 0) {
		end = memmem(s + 9, n - 9, "]]>", 3);
		return end ? (size_t)(end - s) + 3 : n;
	}
	end = memchr(s, '>', n);
	return end ? (size_t)(end - s) + 1 : n;
}

static int is_tag(int t, const char *list)
{
	return t >= 0 && in_list(list, tags[t].name, strlen(tags[t].name));
}

static void push(struct rawhtml_open *o, int tag, int line)
{
	if (o->n == o->alloc) {
		o->alloc = o->alloc ? 2 * o->alloc : 8;
		o->v = xreallocarray(o->v, o->alloc, sizeof *o->v);
	}
	o->v[o->n].tag = tag;
	o->v[o->n++].line = line;
}

/* The open tags a browser closes itself when tags[t] starts: an open <p> before a <div>, an <li> before an <li>. */
static void implied_ends(struct rawhtml_open *o, int t)
{
	const char *name = tags[t].name;

	while (o->n && o->v[o->n - 1].tag >= 0) {
		int top = o->v[o->n - 1].tag;
		if (!((is_tag(top, "p") && in_list(CLOSES_P, name, strlen(name))) ||
		      (is_tag(top, "li") && !strcmp(name, "li")) ||
		      (is_tag(top, "dt dd") && in_list("dt dd", name, strlen(name))) ||
		      (is_tag(top, "td th") && in_list("td th tr", name, strlen(name))) ||
		      (is_tag(top, "tr") && !strcmp(name, "tr"))))
			return;
		o->n--;
	}
}

/* Writes the end tag of the open tag e; note hears of it when HTML wants it closed by its author. */
static void close_one(struct buf *out, const struct rawhtml_tag *e, const char *where, const struct rawhtml_hooks *h, size_t offset)
{
	if (out)
		buf_addf(out, "</%s>", tags[e->tag].name);
	if (!is_tag(e->tag, OPTIONAL_END) && strstr(where, "code block"))
		/* an author's review (twelfth round): a solution in a <details> was told only that its tag was
		   closed; say that the block stays in view and what to write */
		tell(h, offset,
		     "raw HTML '<%s>' (line %d) is not closed %s: it is closed there, and the block stays in view "
		     "(a block's figure is never inside the lesson's markup, so a '<details>' cannot fold a block "
		     "away): write '</%s>' before the block, or show the block outside it",
		     tags[e->tag].name, e->line, where, tags[e->tag].name);
	else if (!is_tag(e->tag, OPTIONAL_END))
		tell(h, offset,
		     "raw HTML '<%s>' (line %d) is not closed %s: it is closed there (a tag of the lesson's is "
		     "closed in the paragraph, item or block it opens in, and before every block's figure): write "
		     "'</%s>' where it ends, in the paragraph, item or block it opens in",
		     tags[e->tag].name, e->line, where, tags[e->tag].name);
}

/* Closes the open tags from the innermost down to index k, marks of containers dropped with them. */
static void close_down_to(struct buf *out, struct rawhtml_open *o, size_t k, const char *where, const struct rawhtml_hooks *h,
			  size_t offset)
{
	while (o->n > k) {
		const struct rawhtml_tag *top = &o->v[--o->n];
		if (top->tag >= 0)
			close_one(out, top, where, h, offset);
	}
}

void rawhtml_enter(struct rawhtml_open *open)
{
	push(open, -1, 0);
}

void rawhtml_leave(struct buf *out, struct rawhtml_open *open, const char *where, const struct rawhtml_hooks *h)
{
	size_t k = open->n;

	while (k && open->v[k - 1].tag >= 0)
		k--;
	close_down_to(out, open, k, where, h, 0);
	if (open->n) /* the container's mark */
		open->n--;
}

void rawhtml_close_all(struct buf *out, struct rawhtml_open *open, const char *where, const struct rawhtml_hooks *h)
{
	size_t marks = 0;

	for (size_t k = open->n; k-- > 0;)
		if (open->v[k].tag >= 0)
			close_one(out, &open->v[k], where, h, 0);
	for (size_t k = 0; k < open->n; k++) /* the containers stay: their ends are litlab's */
		if (open->v[k].tag < 0)
			open->v[marks++] = open->v[k];
	open->n = marks;
}

int rawhtml_any_open(const struct rawhtml_open *open)
{
	for (size_t k = 0; k < open->n; k++)
		if (open->v[k].tag >= 0)
			return 1;
	return 0;
}

void rawhtml_open_release(struct rawhtml_open *open)
{
	free(open->v);
	memset(open, 0, sizeof *open);
}

/* An end tag of tags[t] at offset at: closes the innermost such tag open in this container, or is left out. */
static void close_tag(struct buf *out, struct rawhtml_open *o, int t, size_t at, const struct rawhtml_hooks *h)
{
	size_t k = o->n;
	char *why = xasprintf("before '</%s>'", tags[t].name);

	while (k && o->v[k - 1].tag >= 0 && o->v[k - 1].tag != t)
		k--;
	if (k && o->v[k - 1].tag == t) {
		close_down_to(out, o, k, why, h, at);
		if (out)
			buf_addf(out, "</%s>", tags[t].name);
		o->n = k - 1;
	} else {
		tell(h, at,
		     "raw HTML '</%s>' is left out of the page: it closes no tag the lesson opened before it in the "
		     "same paragraph, item or block (litlab's own markup is closed by litlab)",
		     tags[t].name);
	}
	free(why);
}

void rawhtml_filter(struct buf *out, const char *html, size_t len, struct rawhtml_open *open,
		    const struct rawhtml_hooks *h)
{
	struct attr_span *attrs = NULL;
	size_t run = 0, i = 0, counted = 0;
	struct rawhtml_open own = { 0 };
	struct rawhtml_open *o = open ? open : &own;
	int line = o->line;

	while (i < len) {
		const char *lt = memchr(html + i, '<', len - i);
		size_t at = lt ? (size_t)(lt - html) : len;
		put_text(out, html + run, at - run, 1);
		if (at == len)
			break;
		const char *s = html + at;
		size_t n = len - at, used = 0, name_len = 0, nattrs = 0;
		int end_tag = n >= 2 && s[1] == '/';
		if (n >= 2 && (s[1] == '!' || s[1] == '?')) {
			used = skip_hidden(s, n);
			if (!(n >= 4 && memcmp(s, "<!--", 4) == 0))
				tell(h, at,
				     "raw HTML '%c%c...' (a declaration or processing instruction) is left out of the "
				     "page",
				     s[0], s[1]);
		} else if (n >= 2 + (size_t)end_tag && is_alpha((unsigned char)s[1 + end_tag])) {
			size_t tl = scan_tag(s + end_tag, n - (size_t)end_tag, &name_len, &attrs, &nattrs);
			const char *name = s + 1 + end_tag;
			int t = tl ? find_tag(name, name_len) : -1;
			char *shown_name = shown(name, name_len);
			if (!tl) { /* a browser drops a tag the input ends in: all that is left is text */
				tell(h, at,
				     "raw HTML '<%s%s' is not closed by '>' where its block ends: it is shown as text",
				     end_tag ? "/" : "", shown_name);
				if (out)
					buf_adds(out, "&lt;");
				put_text(out, s + 1, n - 1, 1);
				used = n;
			} else if (t < 0) {
				if (!end_tag) /* its end tag is told of with it */
					tell(h, at,
					     "raw HTML '<%s>' is shown as text: a lesson's page runs no script, takes "
					     "no "
					     "style and shows no caption but litlab's; write it in Markdown or leave "
					     "it out",
					     shown_name);
			} else if (end_tag) {
				close_tag(out, o, t, at, h);
				used = tl + 1;
			} else {
				put_start_tag(out, s, at, t, attrs, nattrs, h);
				used = tl;
				if (!is_tag(t, VOID_TAGS)) {
					for (; counted < at; counted++)
						line += html[counted] == '\n';
					implied_ends(o, t);
					push(o, t, line);
				}
			}
			free(shown_name);
		}
		if (!used) { /* shown as text: its '<' escaped, the rest read on as text */
			if (out)
				buf_adds(out, "&lt;");
			used = 1;
		}
		i = run = at + used;
	}
	free(attrs);
	if (!open) /* a whole: what it leaves open closes at its end */
		rawhtml_close_all(out, &own, "", NULL);
	rawhtml_open_release(&own);
}
