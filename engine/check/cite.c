/*
 * cite.c: {{cite:KEY|TEXT}} references and near-miss {{...}} references.
 *
 * Link reference definitions are read from the lesson's lines (cmark keeps
 * none of them in its tree): a line outside every code and output block
 * that reads [LABEL]: URL, with an optional "title", 'title' or (title).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "check/cite.h"
#include "run/measure.h"
#include "lesson/pipetable.h"
#include "lesson/prose.h"
#include "lesson/rawhtml.h"

/*
 * The lesson's link reference definitions, read once: each cited value
 * looks its key up here (bsearch), not in every line of the lesson again (a
 * lesson of 30,000 definitions and as many cited values took minutes).
 */
struct def {
	char *label;   /* lowercased, each run of whitespace one space */
	size_t line;   /* index into l->lines */
};

struct defs {
	struct def *v;
	size_t n;
};

/* Labels match without regard to case, and runs of whitespace are one space. */
static char *label_key(const char *s, size_t len)
{
	struct buf b = BUF_INIT;

	for (size_t i = 0; i < len;) {
		if (isspace((unsigned char)s[i])) {
			while (i < len && isspace((unsigned char)s[i]))
				i++;
			buf_addc(&b, ' ');
			continue;
		}
		buf_addc(&b, (char)tolower((unsigned char)s[i++]));
	}
	return buf_detach(&b, NULL);
}

static int def_cmp(const void *a, const void *b)
{
	const struct def *x = a, *y = b;
	int c = strcmp(x->label, y->label);

	return c ? c : (x->line > y->line) - (x->line < y->line);
}

/* The label of line's definition ("[LABEL]:", at most three spaces before): 1 and *lab, *lablen, or 0. */
static int def_label(const char *s, const char *end, const char **lab, size_t *lablen)
{
	const char *p = s;
	int indent = 0;

	while (p < end && *p == ' ' && indent < 4)
		p++, indent++;
	if (indent > 3 || p >= end || *p != '[')
		return 0;
	*lab = ++p;
	while (p < end && *p != ']' && *p != '[')
		p++;
	if (p + 1 >= end || *p != ']' || p[1] != ':')
		return 0;
	*lablen = (size_t)(p - *lab);
	return 1;
}

/* Every definition line outside the code, output and stdin blocks of l, sorted by label, then line. */
static void defs_read(const struct lesson *l, struct defs *d)
{
	/* Which lines lie in a block: +1 where a block starts, -1 after it ends, summed. */
	int *depth = xcalloc(l->nlines + 2, sizeof *depth);
	for (size_t i = 0; i < l->nblocks; i++) {
		const struct block *b = &l->blocks[i];
		for (size_t k = 0; k <= b->noutputs; k++) {
			int from = k ? b->outputs[k - 1].line : b->line, to = k ? b->outputs[k - 1].end_line : b->end_line;
			if (from < 1)
				from = 1;
			if (to > (int)l->nlines)
				to = (int)l->nlines;
			if (from > to)
				continue;
			depth[from]++;
			depth[to + 1]--;
		}
	}
	d->v = NULL;
	d->n = 0;
	size_t alloc = 0;
	int inside = 0;
	for (size_t n = 0; n < l->nlines; n++) {
		const char *lab;
		size_t lablen;
		inside += depth[n + 1];
		if (inside > 0 || !def_label(l->lines[n], l->lines[n] + l->line_len[n], &lab, &lablen))
			continue;
		if (d->n == alloc) {
			alloc = alloc ? 2 * alloc : 16;
			d->v = xreallocarray(d->v, alloc, sizeof *d->v);
		}
		d->v[d->n].label = label_key(lab, lablen);
		d->v[d->n++].line = n;
	}
	free(depth);
	if (d->n)
		qsort(d->v, d->n, sizeof *d->v, def_cmp);
}

static void defs_free(struct defs *d)
{
	for (size_t i = 0; i < d->n; i++)
		free(d->v[i].label);
	free(d->v);
}

/* The URL and title of the definition on line s..end (its label read already): 0, or -1 if it has no URL. */
static int def_parse(const char *s, const char *end, char **url, char **title)
{
	const char *p = s;

	while (*p != ']')
		p++;
	p += 2;
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	const char *u = p;
	if (p < end && *p == '<') {
		u = ++p;
		while (p < end && *p != '>')
			p++;
	} else {
		while (p < end && !isspace((unsigned char)*p))
			p++;
	}
	if (p == u)
		return -1;
	*url = xstrndup(u, (size_t)(p - u));
	if (p < end && *p == '>')
		p++;
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	*title = NULL;
	if (p < end && (*p == '"' || *p == '\'' || *p == '(')) {
		char close = *p == '(' ? ')' : *p;
		const char *t = ++p, *q = end;
		while (q > t && q[-1] != close)
			q--;
		if (q > t)
			*title = xstrndup(t, (size_t)(q - 1 - t));
	}
	return 0;
}

/* cite_definition() in d, the definitions of l: the first line with this label and a URL. */
static int defs_find(const struct lesson *l, const struct defs *d, const char *label, size_t len, char **url,
		     char **title)
{
	while (len && isspace((unsigned char)*label))
		label++, len--;
	while (len && isspace((unsigned char)label[len - 1]))
		len--;
	char *key = label_key(label, len);
	size_t lo = 0, hi = d->n;
	while (lo < hi) { /* the first entry not below key */
		size_t mid = lo + (hi - lo) / 2;
		if (strcmp(d->v[mid].label, key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	int rc = -1;
	for (; rc < 0 && lo < d->n && strcmp(d->v[lo].label, key) == 0; lo++) {
		size_t n = d->v[lo].line;
		rc = def_parse(l->lines[n], l->lines[n] + l->line_len[n], url, title);
	}
	free(key);
	return rc;
}

int cite_definition(const struct lesson *l, const char *label, size_t len, char **url, char **title)
{
	struct defs d;

	defs_read(l, &d);
	int rc = defs_find(l, &d, label, len, url, title);
	defs_free(&d);
	return rc;
}

/* Edit distance of a[0..n) and b, both short: 3 or more counts as 3. */
static int near(const char *a, size_t n, const char *b)
{
	size_t m = strlen(b);
	int row[16], prev;

	if (n > 12 || m > 12)
		return 3;
	for (size_t k = 0; k <= m; k++)
		row[k] = (int)k;
	for (size_t i = 1; i <= n; i++) {
		prev = row[0];
		row[0] = (int)i;
		for (size_t k = 1; k <= m; k++) {
			int cur = row[k];
			int sub = prev + (tolower((unsigned char)a[i - 1]) != b[k - 1]);
			int v = row[k] + 1 < row[k - 1] + 1 ? row[k] + 1 : row[k - 1] + 1;
			row[k] = sub < v ? sub : v;
			prev = cur;
		}
	}
	return row[m] < 3 ? row[m] : 3;
}

/* The reference written the way litlab reads it: the word lowercased, spaces around ':' and the ends gone. */
static char *fixed(const char *word, const char *rest, size_t rlen)
{
	struct buf b = BUF_INIT;
	size_t i = 0;

	buf_adds(&b, "{{");
	buf_adds(&b, word);
	while (i < rlen && isspace((unsigned char)rest[i]))
		i++;
	if (i < rlen && rest[i] == ':')
		i++;
	buf_addc(&b, ':');
	while (i < rlen && isspace((unsigned char)rest[i]))
		i++;
	while (rlen > i && isspace((unsigned char)rest[rlen - 1]))
		rlen--;
	for (; i < rlen; i++)
		if (!(isspace((unsigned char)rest[i]) && strcmp(word, "measure") == 0))
			buf_addc(&b, rest[i]);
	buf_adds(&b, "}}");
	return buf_detach(&b, NULL);
}

static void cite(struct lesson_result *lr, const struct defs *defs, const struct text_unit *u, size_t at,
		 const char *body, size_t len)
{
	struct lesson *l = lr->lesson;
	const char *bar = memchr(body, '|', len), *key = body + 5;
	int line, col;

	prose_position(l, u, at, &line, &col);
	size_t klen = bar ? (size_t)(bar - key) : 0;
	size_t tlen = bar ? (size_t)(body + len - bar - 1) : 0;
	while (klen && isspace((unsigned char)*key))
		key++, klen--;
	while (klen && isspace((unsigned char)key[klen - 1]))
		klen--;
	if (!bar || !klen || !tlen) {
		diags_add(&l->diags, l->path, line, col, SEV_ERROR, "cite-reference",
			  "malformed cited value '{{%.*s}}': write {{cite:KEY|4 cycles}}, KEY a link reference "
			  "definition of the lesson ([KEY]: URL \"who, what, year\")",
			  (int)len, body);
		return;
	}
	char *url = NULL, *title = NULL;
	if (defs_find(l, defs, key, klen, &url, &title) < 0) {
		diags_add(&l->diags, l->path, line, col, SEV_ERROR, "cite-reference",
			  "'{{%.*s}}': no link reference definition '[%.*s]' in this lesson: add one on its own line, "
			  "[%.*s]: URL \"who, what, year\"",
			  (int)len, body, (int)klen, key, (int)klen, key);
		return;
	}
	if (!rawhtml_url_ok(url, 0)) { /* the page and the ledger link to it: a Markdown link's rule */
		struct buf m = BUF_INIT;
		char *of = xasprintf("the source of '{{%.*s}}'", (int)len, body); /* the ledger is a page too */
		rawhtml_url_refused(&m, url, strlen(url), of);
		diags_add(&l->diags, l->path, line, col, SEV_WARNING, "raw-html", "%s", m.p);
		buf_release(&m);
		free(of);
		free(url);
		url = xstrdup("");
	}
	struct ledger *lg = &lr->ledger;
	struct cited_value *c = ledger_cite_add(lg);
	c->line = line;
	c->col = col;
	c->ref = xstrndup(body, len);
	c->key = xstrndup(key, klen);
	c->text = xstrndup(bar + 1, tlen);
	c->url = url;
	c->title = title;
}

/* 1 if stat is one of measure_stat_names ("min, median, ..."). */
static int known_stat(const char *stat, size_t len)
{
	for (const char *p = measure_stat_names; *p;) {
		size_t n = strcspn(p, ",");
		if (n == len && memcmp(p, stat, len) == 0)
			return 1;
		p += n;
		while (*p == ',' || *p == ' ')
			p++;
	}
	return 0;
}

/*
 * What keeps the spelling that works, "{{measure:ID[/REGION]:STAT}}", from
 * resolving in this lesson (no measure block ID, an unknown STAT), or NULL:
 * a near miss is answered with a reference that works, never one that
 * fails next. malloc'd.
 */
static char *measure_ref_problem(struct lesson *l, const char *good)
{
	const char *id = good + strlen("{{measure:"), *close = strstr(id, "}}");
	const char *colon = memchr(id, ':', (size_t)(close - id));
	if (!colon)
		return xstrdup("write {{measure:ID:STAT}} or {{measure:ID/REGION:STAT}}, ID a measure block");
	const char *slash = memchr(id, '/', (size_t)(colon - id));
	char *name = xstrndup(id, (size_t)((slash ? slash : colon) - id));
	const struct block *b = lesson_block(l, name);
	char *why = NULL;
	if (!b || b->mode != MODE_MEASURE) {
		struct buf ids = BUF_INIT;
		for (size_t i = 0; i < l->nblocks; i++)
			if (l->blocks[i].mode == MODE_MEASURE)
				buf_addf(&ids, "%s%s", ids.len ? ", " : "", l->blocks[i].id);
		why = ids.len ? xasprintf("nor is there a measure block '%s' in this lesson: write {{measure:ID:STAT}} "
					  "with one of its measure blocks (%s)",
					  name, ids.p)
			      : xasprintf("nor is there a measure block '%s' in this lesson, which has none: mark a "
					  "block 'measure' to cite its times",
					  name);
		buf_release(&ids);
	} else if (!known_stat(colon + 1, (size_t)(close - colon - 1))) {
		why = xasprintf("nor is '%.*s' a statistic: write {{measure:%.*s:STAT}}, STAT one of %s",
				(int)(close - colon - 1), colon + 1, (int)(colon - id), id, measure_stat_names);
	}
	free(name);
	return why;
}

/* A {{...}} that is no reference litlab reads, but looks like one: an error at its place. */
static void near_miss(struct lesson *l, const struct text_unit *u, size_t at, const char *body, size_t len)
{
	const char *p = body, *end = body + len, *word;
	int line, col;

	while (p < end && isspace((unsigned char)*p))
		p++;
	const char *w = p;
	while (p < end && isalpha((unsigned char)*p))
		p++;
	size_t wlen = (size_t)(p - w);
	const char *q = p;
	while (q < end && isspace((unsigned char)*q))
		q++;
	if (!wlen || q >= end)
		return;
	if (near(w, wlen, "measure") <= 2 && *q == ':')
		word = "measure";
	else if (near(w, wlen, "cite") <= 1 && (*q == ':' || *q == '|' || (q > p && isalnum((unsigned char)*q))))
		word = "cite";
	else
		return;
	char *good = fixed(word, p, (size_t)(end - p));
	char *wrong = *word == 'm' ? measure_ref_problem(l, good) : NULL;
	prose_position(l, u, at, &line, &col);
	if (wrong)
		diags_add(&l->diags, l->path, line, col, SEV_ERROR, "measure-reference",
			  "'{{%.*s}}' is not a reference litlab reads, and would be published as it stands; %s",
			  (int)len, body, wrong);
	else
		diags_add(&l->diags, l->path, line, col, SEV_ERROR,
			  *word == 'm' ? "measure-reference" : "cite-reference",
			  "'{{%.*s}}' is not a reference litlab reads, and would be published as it stands: write %s",
			  (int)len, body, good);
	free(wrong);
	free(good);
}

/*
 * A reference in a pipe table's cell that the cell's end cuts: the page splits each row at every '|'
 * no backslash escapes (lesson/pipetable.c, as render.c draws it), so "{{cite:KEY|4 cycles}}" there
 * is shown as "{{cite:KEY" in one cell and "4 cycles}}" in the next, while the prose reading (cmark's,
 * one paragraph) sees it whole and finds its key: an error at the reference, naming the form that
 * stays whole (a new author's review and an attacker's, thirty-fourth round). Read from the source
 * lines, cell by cell, each byte once.
 */
static void cut_references(struct lesson *l)
{
	for (cmark_node *n = cmark_node_first_child(l->doc); n; n = cmark_node_next(n)) {
		int first, last;
		size_t ncols;
		if (cmark_node_get_type(n) != CMARK_NODE_PARAGRAPH || !pipe_table_node(l, n, &first, &last, NULL, &ncols))
			continue;
		for (int line = first; line <= last; line++) {
			struct span src = pipe_source_line(l, line);
			struct pipe_cells row;
			if (!memmem(src.p, src.len, "{{", 2))
				continue;
			pipe_split_row(src, &row);
			for (size_t i = 0; i < row.n; i++) {
				struct span c = row.v[i];
				const char *open = c.len >= 2 ? memmem(c.p, c.len, "{{", 2) : NULL;
				/* the cell's last '{{' that no '}}' closes in it, when the line goes on after the cell */
				const char *cut = NULL;
				while (open) {
					const char *rest = open + 2, *end = c.p + c.len;
					const char *close = memmem(rest, (size_t)(end - rest), "}}", 2);
					if (!close) {
						cut = open;
						break;
					}
					open = memmem(close + 2, (size_t)(end - close - 2), "{{", 2);
				}
				size_t left = cut ? (size_t)(src.p + src.len - cut) : 0;
				if (!cut || (left < 7 || (memcmp(cut + 2, "cite:", 5) && (left < 10 || memcmp(cut + 2, "measure:", 8)))) ||
				    !memmem(cut, left, "}}", 2))
					continue;
				const char *close = memmem(cut, left, "}}", 2);
				struct buf fix = BUF_INIT;
				/* (each '|' that an even run of backslashes leaves unescaped: "\\\\|" is a backslash and a
				   '|' that ends the cell) */
				size_t slashes = 0;
				for (const char *q = cut; q < close + 2; q++) {
					if (*q == '|' && slashes % 2 == 0)
						buf_addc(&fix, '\\');
					slashes = *q == '\\' ? slashes + 1 : 0;
					buf_addc(&fix, *q);
				}
				diags_add(&l->diags, l->path, line, (int)(cut - src.p) + 1, SEV_ERROR, "cite-reference",
					  "'%.*s' in a table: a '|' in it ends the cell, and the page would show the "
					  "reference cut in two: write %.*s",
					  (int)(close + 2 - cut), cut, (int)fix.len, fix.p);
				buf_release(&fix);
			}
			free(row.v);
		}
	}
}

/*
 * References typed in a display block or an output block: the page shows such a block's text as it
 * stands, so "{{cite:agner|4120}}" in a pasted printout is neither a citation nor read as a figure (a
 * new author's review, thirty-fourth round: it silenced the row). Each whose KEY is a definition of the
 * lesson (or, in a lesson of few, a key of four letters or more a letter or two from one: a misspelling)
 * or whose ID names one
 * of its measure blocks is an error at its place; a placeholder that shows the syntax
 * ("{{cite:KEY|4 cycles}}", "{{measure:ID:STAT}}" in a lesson about writing lessons) is left as
 * typed. The first 50 of a block; each line read once.
 */
static void typed_references(struct lesson *l, const struct defs *defs, const char *t, size_t n, int line, int col,
			     const char *what)
{
	int found = 0;

	for (size_t i = 0; i + 2 < n && found < 50;) {
		const char *eol = memchr(t + i, '\n', n - i), *end = eol ? eol : t + n;
		const char *open = memmem(t + i, (size_t)(end - t - i), "{{", 2);
		while (open && found < 50) {
			const char *close = memmem(open + 2, (size_t)(end - open - 2), "}}", 2);
			if (!close)
				break;
			const char *body = open + 2;
			size_t len = (size_t)(close - body);
			int real = 0;
			if (len > 5 && !memcmp(body, "cite:", 5)) {
				const char *bar = memchr(body, '|', len), *key = body + 5;
				size_t klen = bar ? (size_t)(bar - key) : 0;
				char *url = NULL, *title = NULL;
				if (klen && defs_find(l, defs, key, klen, &url, &title) >= 0)
					real = 1;
				/* (a misspelling of a key of four letters or more: one letter off, two from six) */
				for (size_t d = 0; !real && klen >= 4 && defs->n <= 64 && d < defs->n; d++)
					real = near(key, klen, defs->v[d].label) <= (klen >= 6 ? 2 : 1);
				free(url);
				free(title);
			} else if (len > 8 && !memcmp(body, "measure:", 8)) {
				const char *id = body + 8, *stop = id;
				while (stop < close && *stop != ':' && *stop != '/')
					stop++;
				char *want = xstrndup(id, (size_t)(stop - id));
				const struct block *mb = lesson_block(l, want);
				real = mb && mb->mode == MODE_MEASURE;
				free(want);
			}
			if (real) {
				found++;
				diags_add(&l->diags, l->path, line, col + (int)(open - t - i), SEV_ERROR,
					  *body == 'c' ? "cite-reference" : "measure-reference",
					  "'{{%.*s}}' in %s is shown as typed, neither a citation nor a measured value "
					  "(the page shows the block's text as it stands, and its figure is read by no one): "
					  "%s, or show the real output of a measure block",
					  (int)len, body, what,
					  *body == 'c' ? "cite the figure in the prose around the block, then suppress it "
							 "in the block with that reason (<!-- litlab-disable timing-needs-metadata: "
							 "from KEY -->)"
						       : "write the reference in the prose around the block, where litlab puts "
							 "the measured value");
			}
			open = memmem(close + 2, (size_t)(end - close - 2), "{{", 2);
		}
		if (!eol)
			break;
		i = (size_t)(eol - t) + 1;
		line++;
	}
}

void cite_resolve(struct lesson_result *lr)
{
	struct lesson *l = lr->lesson;

	if (!memmem(l->text, l->text_len, "{{", 2))
		return; /* no reference of any kind: nothing to read */
	const struct prose *p = lesson_prose_refs(l);
	struct defs defs = { NULL, 0 };
	int have_defs = 0;
	for (size_t i = 0; i < p->n; i++) {
		const struct text_unit *u = &p->v[i];
		const char *t = u->text, *end = t + u->len;
		/* The end of the line being read, and whether a '}}' is on it after the last '{{'
		   that found none: each line is searched once, however many '{{' it holds (a
		   line of 100,000 unclosed ones took minutes). */
		const char *eol = t, *open_to = t;
		for (const char *s = t; (s = memmem(s, (size_t)(end - s), "{{", 2));) {
			if (s + 2 > eol) {
				eol = memchr(s + 2, '\n', (size_t)(end - s - 2));
				eol = eol ? eol : end;
			}
			/* A reference stands on one line: its '}}' is the first one after it there. */
			const char *close = s < open_to ? NULL : memmem(s + 2, (size_t)(eol - s - 2), "}}", 2);
			if (!close)
				open_to = eol;
			size_t at = (size_t)(s - t);
			if (!close) {
				if ((size_t)(end - s) >= 7 && memcmp(s + 2, "cite:", 5) == 0) {
					int line, col;
					prose_position(l, u, at, &line, &col);
					diags_add(&l->diags, l->path, line, col, SEV_ERROR, "cite-reference",
						  "a {{cite:...}} reference is not closed with '}}' on its line");
				}
				s += 2;
				continue;
			}
			const char *body = s + 2;
			size_t len = (size_t)(close - body);
			if (len >= 5 && memcmp(body, "cite:", 5) == 0 && (u->kind == UNIT_HTML || u->kind == UNIT_TITLE)) {
				/* the page fills references in Markdown only: in raw HTML or a front-matter title it
				   shows this one as typed, the figure without its source, while the ledger would list
				   it as cited (an attacker's review, thirty-fourth round) */
				int line, col;
				prose_position(l, u, at, &line, &col);
				diags_add(&l->diags, l->path, line, col, SEV_ERROR, "cite-reference",
					  "'{{%.*s}}' in %s is shown as typed, not as a citation (the page fills references "
					  "in Markdown only): %s",
					  (int)len, body, u->kind == UNIT_HTML ? "raw HTML" : "the front matter",
					  u->kind == UNIT_HTML ? "write the table or the sentence in Markdown (a pipe table, "
								 "{{cite:KEY\\|VALUE}} in its cells)"
							       : "state the figure in the lesson's body, cited there");
			} else if (len >= 5 && memcmp(body, "cite:", 5) == 0) {
				if (!have_defs)
					defs_read(l, &defs);
				have_defs = 1;
				cite(lr, &defs, u, at, body, len);
			} else if (!(len >= 8 && memcmp(body, "measure:", 8) == 0)) {
				near_miss(l, u, at, body, len);
			}
			s = close + 2;
		}
	}
	for (size_t b = 0; b < l->nblocks; b++) {
		const struct block *k = &l->blocks[b];
		int any = (k->mode == MODE_DISPLAY && k->fenced && k->code && memmem(k->code, k->code_len, "{{", 2));
		for (size_t o = 0; !any && o < k->noutputs; o++)
			any = memmem(k->outputs[o].text, k->outputs[o].len, "{{", 2) != NULL;
		if (!any)
			continue;
		if (!have_defs)
			defs_read(l, &defs);
		have_defs = 1;
		if (k->mode == MODE_DISPLAY && k->fenced && k->code)
			typed_references(l, &defs, k->code, k->code_len, k->line + 1, k->col, "a display block");
		for (size_t o = 0; o < k->noutputs; o++)
			typed_references(l, &defs, k->outputs[o].text, k->outputs[o].len, k->outputs[o].line + 1,
					 k->outputs[o].col, "an output block");
	}
	defs_free(&defs);
	cut_references(l);
	ledger_cites_sorted(&lr->ledger);
	diags_sort(&l->diags);
}
