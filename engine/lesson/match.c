/* match.c: comparing real output with an output block, and diffing them. */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "lesson/match.h"
#include "base/util.h"

#define DIFF_CONTEXT 3
/*
 * Myers' trace holds (D + 1)^2 ints for an edit distance D, and its time
 * grows as lines * D: past either bound the diff falls back to one change.
 */
#define DIFF_MAX_EDITS 1000
#define DIFF_MAX_WORK 40000000

/* The "..." line of match=ellipsis, as an interned line id. */
#define LINE_ANY SIZE_MAX

static const char *const mode_names[] = {
	[MATCH_EXACT] = "exact",
	[MATCH_ELLIPSIS] = "ellipsis",
	[MATCH_CONTAINS] = "contains",
};

int match_mode_parse(const char *name, enum match_mode *mode)
{
	for (size_t i = 0; i < ARRAY_LEN(mode_names); i++) {
		if (!strcmp(name, mode_names[i])) {
			*mode = (enum match_mode)i;
			return 0;
		}
	}
	return -1;
}

const char *match_mode_name(enum match_mode mode)
{
	if ((size_t)mode >= ARRAY_LEN(mode_names))
		return "unknown";
	return mode_names[mode];
}

/*
 * A normalised text (see match.h) cut into lines, each without its LF.
 * id[i] is set by intern_lines(): equal lines of both texts share an id,
 * so the line-wise algorithms compare numbers, not bytes.
 */
struct text {
	struct buf b;
	struct span *line;
	size_t nline;
	size_t *id;
};

/*
 * normalised: s is a text normalised before (each line ended by LF), taken as it is. Normalising
 * twice is not the same as once: a lone CR at a text's end gets the final LF after it, and the
 * pair would then read as a CRLF (a fuzzing find: the ellipsis diff was empty for such a text).
 */
static void text_init_(struct text *t, const char *s, size_t len, int normalised)
{
	const char *end = s + len, *cr;

	buf_init(&t->b);
	buf_grow(&t->b, len + 1);
	while (!normalised && (cr = memchr(s, '\r', (size_t)(end - s)))) {
		int crlf = cr + 1 < end && cr[1] == '\n';

		buf_add(&t->b, s, (size_t)(cr - s) + !crlf);
		s = cr + 1;
	}
	buf_add(&t->b, s, (size_t)(end - s));
	if (t->b.len && t->b.p[t->b.len - 1] != '\n')
		buf_addc(&t->b, '\n');

	t->line = NULL;
	t->nline = 0;
	t->id = NULL;
}

static void text_init(struct text *t, const char *s, size_t len)
{
	text_init_(t, s, len, 0);
}

static void text_split(struct text *t)
{
	const char *p = t->b.p, *end = t->b.p + t->b.len, *nl;
	size_t n = 0;

	for (const char *q = p; (nl = memchr(q, '\n', (size_t)(end - q))); q = nl + 1)
		n++;
	t->line = xreallocarray(NULL, n ? n : 1, sizeof(*t->line));
	for (; (nl = memchr(p, '\n', (size_t)(end - p))); p = nl + 1) {
		t->line[t->nline].p = p;
		t->line[t->nline].len = (size_t)(nl - p);
		t->nline++;
	}
}

static void text_release(struct text *t)
{
	buf_release(&t->b);
	free(t->line);
	free(t->id);
}

static uint64_t hash_span(const struct span *s)
{
	uint64_t h = 0xcbf29ce484222325u;

	for (size_t i = 0; i < s->len; i++)
		h = (h ^ (unsigned char)s->p[i]) * 0x100000001b3u;
	return h;
}

/* Gives every line of both texts its id, with an open-addressing table. */
static void intern_lines(struct text *x, struct text *y)
{
	struct text *t[2] = { x, y };
	size_t total = x->nline + y->nline, cap = 16, nrep = 0;

	while (cap < 2 * total)
		cap *= 2;
	size_t *slot = xcalloc(cap, sizeof(*slot));	/* id + 1, or 0 */
	const struct span **rep = xreallocarray(NULL, total ? total : 1, sizeof(*rep));
	uint64_t *rhash = xreallocarray(NULL, total ? total : 1, sizeof(*rhash));

	for (int s = 0; s < 2; s++) {
		t[s]->id = xreallocarray(NULL, t[s]->nline ? t[s]->nline : 1,
					 sizeof(*t[s]->id));
		for (size_t i = 0; i < t[s]->nline; i++) {
			const struct span *l = &t[s]->line[i];
			uint64_t h = hash_span(l);
			size_t k = (size_t)h & (cap - 1);

			for (;; k = (k + 1) & (cap - 1)) {
				if (!slot[k]) {
					rep[nrep] = l;
					rhash[nrep] = h;
					slot[k] = ++nrep;
					break;
				}
				const struct span *r = rep[slot[k] - 1];
				if (rhash[slot[k] - 1] == h && r->len == l->len &&
				    !memcmp(r->p, l->p, l->len))
					break;
			}
			t[s]->id[i] = slot[k] - 1;
		}
	}
	free(slot);
	free(rep);
	free(rhash);
}

/*
 * Where the run of line ids seg[0..n) first occurs in a[from..to), found
 * with Knuth-Morris-Pratt (fail[] has room for n entries): the index just
 * past it, or SIZE_MAX. Linear in n + (to - from).
 */
static size_t find_run(const size_t *seg, size_t n, const size_t *a, size_t from, size_t to,
		       size_t *fail)
{
	size_t k = 0;

	if (n == 0)
		return from;
	fail[0] = 0;
	for (size_t i = 1; i < n; i++) {
		while (k && seg[i] != seg[k])
			k = fail[k - 1];
		if (seg[i] == seg[k])
			k++;
		fail[i] = k;
	}
	k = 0;
	for (size_t j = from; j < to; j++) {
		while (k && a[j] != seg[k])
			k = fail[k - 1];
		if (a[j] == seg[k] && ++k == n)
			return j + 1;
	}
	return SIZE_MAX;
}

/*
 * Splits and interns the expected text e and the actual a, each "..." line
 * of e a star (LINE_ANY); *first and *last: the first and last star, or
 * *first SIZE_MAX when there is none.
 */
static void split_stars(struct text *e, struct text *a, size_t *first, size_t *last)
{
	*first = SIZE_MAX;
	*last = 0;
	text_split(e);
	text_split(a);
	intern_lines(e, a);
	for (size_t k = 0; k < e->nline; k++) {
		if (e->line[k].len == 3 && !memcmp(e->line[k].p, "...", 3)) {
			e->id[k] = LINE_ANY;
			if (*first == SIZE_MAX)
				*first = k;
			*last = k;
		}
	}
}

/*
 * Glob matching over lines, "..." being the star. The lines before the
 * first star must start the text and those after the last star must end
 * it; each run of lines between two stars is then taken at its earliest
 * place after the run before it, which is never worse (a later place only
 * leaves less room for the runs after it). Linear time.
 */
static int match_ellipsis(struct text *e, struct text *a)
{
	size_t first, last;

	split_stars(e, a, &first, &last);
	if (first == SIZE_MAX) {
		if (e->nline != a->nline)
			return 0;
		for (size_t k = 0; k < e->nline; k++)
			if (e->id[k] != a->id[k])
				return 0;
		return 1;
	}

	size_t tail = e->nline - last - 1;
	if (first + tail > a->nline)
		return 0;
	for (size_t k = 0; k < first; k++)
		if (e->id[k] != a->id[k])
			return 0;
	for (size_t k = 0; k < tail; k++)
		if (e->id[last + 1 + k] != a->id[a->nline - tail + k])
			return 0;

	size_t *fail = xreallocarray(NULL, e->nline, sizeof(*fail));
	size_t j = first;
	for (size_t i = first + 1; i <= last && j != SIZE_MAX;) {
		size_t star = i;
		while (e->id[star] != LINE_ANY)
			star++;
		j = find_run(e->id + i, star - i, a->id, j, a->nline - tail, fail);
		i = star + 1;
	}
	free(fail);
	return j != SIZE_MAX;
}

static int is_blank(const struct span *s)
{
	for (size_t i = 0; i < s->len; i++)
		if (s->p[i] != ' ' && s->p[i] != '\t')
			return 0;
	return 1;
}

/* Taking the earliest actual line for each expected one is never worse. */
static int match_contains(struct text *e, struct text *a)
{
	size_t j = 0;

	text_split(e);
	text_split(a);
	for (size_t i = 0; i < e->nline; i++) {
		const struct span *n = &e->line[i];

		if (is_blank(n))
			continue;
		while (j < a->nline && (a->line[j].len < n->len ||
					!memmem(a->line[j].p, a->line[j].len, n->p, n->len)))
			j++;
		if (j == a->nline)
			return 0;
		j++;
	}
	return 1;
}

int match_output(enum match_mode mode, const char *expected, size_t elen,
		 const char *actual, size_t alen)
{
	struct text e, a;
	int ok = 0;

	text_init(&e, expected, elen);
	text_init(&a, actual, alen);
	switch (mode) {
	case MATCH_EXACT:
		ok = e.b.len == a.b.len && !memcmp(e.b.p, a.b.p, e.b.len);
		break;
	case MATCH_ELLIPSIS:
		ok = match_ellipsis(&e, &a);
		break;
	case MATCH_CONTAINS:
		ok = match_contains(&e, &a);
		break;
	}
	text_release(&e);
	text_release(&a);
	return ok;
}

/*
 * Marks in del[] the lines of a and in ins[] the lines of b that a shortest
 * edit script from a to b removes and adds (Myers 1986: the greedy forward
 * pass, keeping each round's frontier to walk the path back). Returns 0,
 * marking nothing, if that needs more than maxd edits.
 */
static int myers(const size_t *a, int n, const size_t *b, int m, char *del,
		 char *ins, int maxd)
{
	int *v = xreallocarray(NULL, 2 * (size_t)maxd + 3, sizeof(*v));
	int *trace = NULL;
	size_t tcap = 0;
	int off = maxd + 1, d, found = 0;

	v[off + 1] = 0;
	for (d = 0; d <= maxd && !found; d++) {
		size_t need = ((size_t)d + 1) * ((size_t)d + 1);

		if (need > tcap) {
			tcap = ((size_t)maxd + 1) * ((size_t)maxd + 1);
			if (tcap > 2 * need)
				tcap = 2 * need;
			trace = xreallocarray(trace, tcap, sizeof(*trace));
		}
		for (int k = -d; k <= d; k += 2) {
			int x, y;

			if (k == -d || (k != d && v[off + k - 1] < v[off + k + 1]))
				x = v[off + k + 1];
			else
				x = v[off + k - 1] + 1;
			y = x - k;
			while (x < n && y < m && a[x] == b[y])
				x++, y++;
			v[off + k] = x;
			trace[(size_t)d * (size_t)d + (size_t)(k + d)] = x;
			if (x >= n && y >= m) {
				found = 1;
				break;
			}
		}
	}
	if (found) {
		/*
		 * The first round to reach (n, m) does so inside the grid: a
		 * path that left it would have a shorter one that did not.
		 */
		int x = n, y = m;

		for (d--; d > 0; d--) {
			const int *pv = trace + (size_t)(d - 1) * (size_t)(d - 1) + (d - 1);
			int k = x - y, pk;

			if (k == -d || (k != d && pv[k - 1] < pv[k + 1]))
				pk = k + 1;
			else
				pk = k - 1;
			x = pv[pk];
			y = x - pk;
			if (pk == k + 1)
				ins[y] = 1;
			else
				del[x] = 1;
		}
	}
	free(trace);
	free(v);
	return found;
}

/*
 * Slides each run of changed lines of one text along equal lines, as GNU
 * diff's shift_boundaries() does, so that runs merge where they can and
 * otherwise sit as low as possible, lined up with a run in the other text.
 * The script stays as short; it just reads like diff -u's. changed[] and
 * other[] have a 0 before index 0 and at index n.
 */
static void shift_boundaries(char *changed, const size_t *eq, size_t len,
			     const char *other)
{
	ptrdiff_t n = (ptrdiff_t)len, i = 0, j = 0;

	for (;;) {
		ptrdiff_t start, runlength, corr;

		while (i < n && !changed[i]) {
			while (other[j++])
				;
			i++;
		}
		if (i == n)
			break;
		start = i;
		while (changed[++i])
			;
		while (other[j])
			j++;
		do {
			runlength = i - start;
			/* Back, merging with earlier runs. */
			while (start && eq[start - 1] == eq[i - 1]) {
				changed[--start] = 1;
				changed[--i] = 0;
				while (changed[start - 1])
					start--;
				while (other[--j])
					;
			}
			corr = other[j - 1] ? i : n;
			/* Forward, merging with later runs, as far as it goes. */
			while (i != n && eq[start] == eq[i]) {
				changed[start++] = 0;
				changed[i++] = 1;
				while (changed[i])
					i++;
				while (other[++j])
					corr = i;
			}
		} while (runlength != i - start);
		/* Back to where the other text changes too, if it can. */
		while (corr < i) {
			changed[--start] = 1;
			changed[--i] = 0;
			while (other[--j])
				;
		}
	}
}

/* The diff's lines, counted all, written only up to the cap. */
struct emit {
	struct buf *out;
	size_t lines;
	size_t max;
	/* Where the texts stand in a file: hunk ranges count from offset (0: from the text's start);
	   origin[i], when not NULL, is the expected text's line i as written (i up to nline). */
	size_t offset;
	const size_t *origin;
	size_t first; /* the expected line, as written, where the first change is; SIZE_MAX: none */
};

static int emit_begin(struct emit *em)
{
	return em->lines++ < em->max;
}

/* Writes s with the bytes a terminal could act on as \xNN. */
static void add_escaped(struct buf *out, const char *p, size_t len)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *s = (const unsigned char *)p;
	size_t i = 0;

	while (i < len) {
		size_t end = i + utf8_first_invalid(p + i, len - i), run = i;

		while (i < end) {
			unsigned c = s[i];
			size_t n = 1;
			int esc;

			if (c < 0x80) {
				esc = (c < 0x20 && c != '\t') || c == 0x7f;
			} else {
				n = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
				esc = c == 0xc2 && s[i + 1] < 0xa0;	/* C1 controls */
			}
			if (esc) {
				buf_add(out, p + run, i - run);
				for (size_t k = 0; k < n; k++) {
					char x[4] = { '\\', 'x', hex[s[i + k] >> 4],
						      hex[s[i + k] & 15] };
					buf_add(out, x, sizeof(x));
				}
				run = i + n;
			}
			i += n;
		}
		buf_add(out, p + run, end - run);
		if (i < len) {
			char x[4] = { '\\', 'x', hex[s[i] >> 4], hex[s[i] & 15] };
			buf_add(out, x, sizeof(x));
			i++;
		}
	}
}

static void emit_line(struct emit *em, char prefix, const struct span *l)
{
	if (!emit_begin(em))
		return;
	buf_addc(em->out, prefix);
	add_escaped(em->out, l->p, l->len);
	buf_addc(em->out, '\n');
}

/* diff -u's range: "start,count", "start" for one line, "before,0" for none. */
static void add_range(struct buf *out, size_t start, size_t count)
{
	if (count == 1)
		buf_addf(out, "%zu", start + 1);
	else if (count == 0)
		buf_addf(out, "%zu,0", start);
	else
		buf_addf(out, "%zu,%zu", start + 1, count);
}

/* A run of removed lines [a0, a1) replaced by added lines [b0, b1). */
struct change {
	size_t a0, a1, b0, b1;
};

static size_t min_size(size_t x, size_t y)
{
	return x < y ? x : y;
}

static void emit_hunks(struct emit *em, const struct text *e, const struct text *a,
		       const char *del, const char *ins, const char *label)
{
	struct change *c = NULL;
	size_t nc = 0, alloc = 0, i = 0, j = 0;

	while (i < e->nline || j < a->nline) {
		if ((i < e->nline && del[i]) || (j < a->nline && ins[j])) {
			if (nc == alloc) {
				alloc = alloc ? 2 * alloc : 16;
				c = xreallocarray(c, alloc, sizeof(*c));
			}
			c[nc].a0 = i;
			c[nc].b0 = j;
			while (i < e->nline && del[i])
				i++;
			while (j < a->nline && ins[j])
				j++;
			c[nc].a1 = i;
			c[nc].b1 = j;
			nc++;
		} else {
			i++;
			j++;
		}
	}
	if (nc)
		em->first = em->origin ? em->origin[c[0].a0] : c[0].a0;
	if (nc && emit_begin(em))
		buf_addf(em->out, "--- %s\n", label);
	if (nc && emit_begin(em))
		buf_adds(em->out, "+++ actual\n");

	for (size_t h = 0, next; h < nc; h = next) {
		size_t last = h;

		while (last + 1 < nc && c[last + 1].a0 - c[last].a1 <= 2 * DIFF_CONTEXT)
			last++;
		next = last + 1;
		size_t before = min_size(DIFF_CONTEXT, c[h].a0 - (h ? c[h - 1].a1 : 0));
		size_t after = min_size(DIFF_CONTEXT,
					(next < nc ? c[next].a0 : e->nline) - c[last].a1);
		size_t as = c[h].a0 - before, ae = c[last].a1 + after;
		size_t bs = c[h].b0 - before, be = c[last].b1 + after;

		if (emit_begin(em)) {
			size_t was = em->origin ? em->origin[as] : as;
			buf_adds(em->out, "@@ -");
			add_range(em->out, em->offset + was, ae - as);
			buf_adds(em->out, " +");
			add_range(em->out, em->offset + bs, be - bs);
			buf_adds(em->out, " @@\n");
		}
		i = as;
		j = bs;
		for (size_t k = h; k <= last; k++) {
			for (; i < c[k].a0; i++, j++)
				emit_line(em, ' ', &e->line[i]);
			for (; i < c[k].a1; i++)
				emit_line(em, '-', &e->line[i]);
			for (; j < c[k].b1; j++)
				emit_line(em, '+', &a->line[j]);
		}
		for (; i < ae; i++)
			emit_line(em, ' ', &e->line[i]);
	}
	free(c);
}

static void diff_texts(struct buf *out, const char *expected, size_t elen, const char *actual, size_t alen,
		       size_t max_lines, const char *label, size_t offset, const size_t *origin, size_t *first,
		       int normalised)
{
	struct emit em = { out, 0, max_lines ? max_lines : SIZE_MAX, offset, origin, SIZE_MAX };
	struct text e, a;
	size_t pre = 0, suf = 0;

	text_init_(&e, expected, elen, normalised);
	text_init_(&a, actual, alen, normalised);
	text_split(&e);
	text_split(&a);
	intern_lines(&e, &a);

	size_t ne = e.nline, na = a.nline;
	while (pre < ne && pre < na && e.id[pre] == a.id[pre])
		pre++;
	while (suf < ne - pre && suf < na - pre && e.id[ne - 1 - suf] == a.id[na - 1 - suf])
		suf++;

	/* With a 0 on either side, for shift_boundaries(). */
	char *delmem = xcalloc(ne + 2, 1), *insmem = xcalloc(na + 2, 1);
	char *del = delmem + 1, *ins = insmem + 1;
	size_t n = ne - pre - suf, m = na - pre - suf;
	int found = 0;

	if (n <= INT_MAX / 4 && m <= INT_MAX / 4) {
		size_t maxd = min_size(DIFF_MAX_EDITS, n + m);

		if (n + m)
			maxd = min_size(maxd, DIFF_MAX_WORK / (n + m));
		found = myers(e.id + pre, (int)n, a.id + pre, (int)m, del + pre,
			      ins + pre, (int)maxd);
	}
	if (!found) {
		memset(del + pre, 1, n);
		memset(ins + pre, 1, m);
	}
	shift_boundaries(del, e.id, ne, ins);
	shift_boundaries(ins, a.id, na, del);
	emit_hunks(&em, &e, &a, del, ins, label);
	if (em.lines > em.max)
		buf_addf(out, "... (%zu more lines)\n", em.lines - em.max);
	if (first)
		*first = em.first;

	free(delmem);
	free(insmem);
	text_release(&e);
	text_release(&a);
}

void match_diff(struct buf *out, const char *expected, size_t elen,
		const char *actual, size_t alen, size_t max_lines)
{
	diff_texts(out, expected, elen, actual, alen, max_lines, "expected", 0, NULL, NULL, 0);
}

/* Comparisons spent at most on placing the runs of a pattern that do not occur whole. */
#define PLACE_MAX_WORK 4000000

/*
 * Where the run seg[0..n) of expected lines best lines up with a[from..to):
 * where it occurs whole, else where most of its lines are equal to the
 * actual lines beside them (the earliest such place), else from.
 */
static size_t place_run(const size_t *seg, size_t n, const size_t *a, size_t from, size_t to, size_t *fail,
			size_t *work)
{
	size_t end = find_run(seg, n, a, from, to, fail), best = from, best_score = 0;

	if (end != SIZE_MAX)
		return end - n;
	if (to - from < n)
		return from;
	for (size_t p = from; p + n <= to && *work < PLACE_MAX_WORK; p++) {
		size_t score = 0;
		for (size_t k = 0; k < n; k++)
			score += seg[k] == a[p + k];
		*work += n;
		if (score > best_score) {
			best_score = score;
			best = p;
		}
	}
	return best;
}

/*
 * The expected text of match=ellipsis as the actual output would read if it
 * matched: each "..." line replaced by the actual lines it stands for. The
 * lines before the first "..." are set against the first actual lines, those
 * after the last against the last ones, each run between against the place
 * it lines up with best, after the run before it. Diffing that with the
 * actual text shows the lines that really differ, never a "..." that matched.
 */
static void expand_ellipsis(struct buf *out, struct text *e, struct text *a, size_t **origin)
{
	size_t n = 0, alloc = 16;

	*origin = xreallocarray(NULL, alloc, sizeof **origin);
#define ORIGIN(k)                                                                          \
	do {                                                                               \
		if (n + 1 >= alloc)                                                        \
			*origin = xreallocarray(*origin, alloc *= 2, sizeof **origin);     \
		(*origin)[n++] = (k);                                                      \
	} while (0)
	size_t first, last, na;

	split_stars(e, a, &first, &last);
	na = a->nline;
	if (first == SIZE_MAX) {
		buf_add(out, e->b.p, e->b.len);
		for (size_t k = 0; k < e->nline; k++)
			ORIGIN(k);
		ORIGIN(e->nline);
		return;
	}
	size_t tail = e->nline - last - 1;
	size_t cur = min_size(first, na);
	size_t tail_at = na >= tail && na - tail > cur ? na - tail : cur;
	size_t *fail = xreallocarray(NULL, e->nline, sizeof(*fail));
	size_t *from = xreallocarray(NULL, e->nline, sizeof(*from)); /* per "...": its actual lines */
	size_t *to = xreallocarray(NULL, e->nline, sizeof(*to));
	size_t work = 0, star = first;

	while (star <= last) {
		size_t next = star + 1;
		while (next <= last && e->id[next] != LINE_ANY)
			next++;
		size_t at = tail_at;
		if (next <= last) {
			at = place_run(e->id + star + 1, next - star - 1, a->id, cur, tail_at, fail, &work);
			if (at < cur)
				at = cur;
		}
		from[star] = cur;
		to[star] = at;
		cur = min_size(at + (next - star - 1), tail_at);
		star = next;
	}
	for (size_t k = 0; k < e->nline; k++) {
		if (e->id[k] != LINE_ANY) {
			buf_add(out, e->line[k].p, e->line[k].len);
			buf_addc(out, '\n');
			ORIGIN(k);
			continue;
		}
		for (size_t j = from[k]; j < to[k]; j++) {
			buf_add(out, a->line[j].p, a->line[j].len);
			buf_addc(out, '\n');
			ORIGIN(k);
		}
	}
	ORIGIN(e->nline);
#undef ORIGIN
	free(fail);
	free(from);
	free(to);
}

void match_diff_at(struct buf *out, enum match_mode mode, const char *expected, size_t elen, const char *actual,
		   size_t alen, size_t max_lines, int first_line, int *diff_line)
{
	size_t offset = first_line > 1 ? (size_t)first_line - 1 : 0, first = SIZE_MAX;

	if (mode != MATCH_ELLIPSIS) {
		diff_texts(out, expected, elen, actual, alen, max_lines, "expected", offset, NULL, &first, 0);
	} else {
		struct text e, a;
		struct buf x = BUF_INIT;
		size_t *origin;

		text_init(&e, expected, elen);
		text_init(&a, actual, alen);
		expand_ellipsis(&x, &e, &a, &origin);
		diff_texts(out, x.p, x.len, a.b.p, a.b.len, max_lines,
			   "expected (each '...' shown as the lines it stands for)", offset, origin, &first, 1);
		free(origin);
		buf_release(&x);
		text_release(&e);
		text_release(&a);
	}
	if (diff_line)
		*diff_line = first == SIZE_MAX ? 0 : (int)(offset + first + 1);
}

void match_diff_mode(struct buf *out, enum match_mode mode, const char *expected, size_t elen,
		     const char *actual, size_t alen, size_t max_lines)
{
	match_diff_at(out, mode, expected, elen, actual, alen, max_lines, 1, NULL);
}
