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
#include "lesson/prose.h"

/* 1 if line (1-based) is inside a code, output or stdin block of l. */
static int in_block(const struct lesson *l, int line)
{
	for (size_t i = 0; i < l->nblocks; i++) {
		const struct block *b = &l->blocks[i];
		if (line >= b->line && line <= b->end_line)
			return 1;
		for (size_t k = 0; k < b->noutputs; k++)
			if (line >= b->outputs[k].line && line <= b->outputs[k].end_line)
				return 1;
	}
	return 0;
}

/* Labels match without regard to case, and runs of whitespace are one space. */
static int same_label(const char *a, size_t alen, const char *b, size_t blen)
{
	size_t i = 0, k = 0;

	while (i < alen && k < blen) {
		if (isspace((unsigned char)a[i]) && isspace((unsigned char)b[k])) {
			while (i < alen && isspace((unsigned char)a[i]))
				i++;
			while (k < blen && isspace((unsigned char)b[k]))
				k++;
			continue;
		}
		if (tolower((unsigned char)a[i]) != tolower((unsigned char)b[k]))
			return 0;
		i++, k++;
	}
	return i == alen && k == blen;
}

int cite_definition(const struct lesson *l, const char *label, size_t len, char **url, char **title)
{
	while (len && isspace((unsigned char)*label))
		label++, len--;
	while (len && isspace((unsigned char)label[len - 1]))
		len--;
	for (size_t n = 0; n < l->nlines; n++) {
		const char *s = l->lines[n], *end = s + l->line_len[n], *p = s;
		int indent = 0;
		while (p < end && *p == ' ' && indent < 4)
			p++, indent++;
		if (indent > 3 || p >= end || *p != '[')
			continue;
		const char *lab = ++p;
		while (p < end && *p != ']' && *p != '[')
			p++;
		if (p + 1 >= end || *p != ']' || p[1] != ':' || !same_label(lab, (size_t)(p - lab), label, len))
			continue;
		if (in_block(l, (int)n + 1))
			continue;
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
			continue;
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
	return -1;
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

static void cite(struct lesson_result *lr, const struct text_unit *u, size_t at, const char *body, size_t len)
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
	if (cite_definition(l, key, klen, &url, &title) < 0) {
		diags_add(&l->diags, l->path, line, col, SEV_ERROR, "cite-reference",
			  "'{{%.*s}}': no link reference definition '[%.*s]' in this lesson: add one on its own line, "
			  "[%.*s]: URL \"who, what, year\"",
			  (int)len, body, (int)klen, key, (int)klen, key);
		return;
	}
	struct ledger *lg = &lr->ledger;
	lg->cites = xreallocarray(lg->cites, lg->ncites + 1, sizeof *lg->cites);
	struct cited_value *c = &lg->cites[lg->ncites++];
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

void cite_resolve(struct lesson_result *lr)
{
	struct lesson *l = lr->lesson;

	if (!memmem(l->text, l->text_len, "{{", 2))
		return; /* no reference of any kind: nothing to read */
	const struct prose *p = lesson_prose_refs(l);
	for (size_t i = 0; i < p->n; i++) {
		const struct text_unit *u = &p->v[i];
		const char *t = u->text, *end = t + u->len;
		for (const char *s = t; (s = memmem(s, (size_t)(end - s), "{{", 2));) {
			const char *close = memmem(s + 2, (size_t)(end - s - 2), "}}", 2);
			const char *nl = memchr(s + 2, '\n', (size_t)(end - s - 2));
			size_t at = (size_t)(s - t);
			if (close && nl && nl < close)
				close = NULL; /* a reference stands on one line */
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
			if (len >= 5 && memcmp(body, "cite:", 5) == 0)
				cite(lr, u, at, body, len);
			else if (!(len >= 8 && memcmp(body, "measure:", 8) == 0))
				near_miss(l, u, at, body, len);
			s = close + 2;
		}
	}
	diags_sort(&l->diags);
}
