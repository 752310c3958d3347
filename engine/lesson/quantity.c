/*
 * quantity.c: a small hand-written scanner for time-like quantities in
 * prose, and the judge of whether each is a performance claim (see
 * quantity.h for what counts).
 *
 * One pass over the text. At each number (digits or a number word) that
 * stands on its own, a few fixed lookaheads (factor, unit, cycles, rate)
 * decide what it is; at a few words ("a", "speedup", "factor", "half",
 * "IPC") the word-led forms are tried. A failed try resumes after the number
 * or word it started at, and every lookahead covers a bounded number of
 * words, so each byte is read a bounded number of times.
 *
 * Then each quantity's class: a form may decide it ("3x faster" is a
 * claim, "171 Second Street" a name); otherwise the nearest deciding word
 * of the sentence does, looked for up to CONTEXT_BEFORE words before the
 * value and CONTEXT_AFTER after it (a bounded window again: linear time,
 * whatever the input), or the header of the table column the value stands
 * in.
 *
 * Positions are byte offsets; every matcher returns the end of what it
 * matched, or 0 for no match (a match is never empty, so 0 is free).
 */
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#include "lesson/quantity.h"

#define CONTEXT_BEFORE 10
#define CONTEXT_AFTER 8
#define CONTEXT_BEFORE_FACTOR 16 /* a factor or a percentage: its performance word may stand farther */
#define GAP_WORDS 3	/* words allowed between a number and "cycles" or "per second" */
#define WORD_MAX 40	/* longer words are compared by their first WORD_MAX bytes */
#define SPAN_REACH 4 /* words between a code-span factor and its performance word */
#define SPAN_PEEK 64	/* bytes of a code span looked at for a deciding identifier */
#define UNDECIDED (-1)
#define TABLE_LINE_MAX 4096 /* longer lines are no table row: a row is looked at per value in it */

struct text {
	const unsigned char *t;
	size_t n;
	const struct quantity_spans *spans;
	int table; /* the text is a table: a line break ends a clause, as a row ends */
	int money; /* a currency sign or a word of money stands somewhere in the text (else no value is priced) */
	int runs;  /* a word of code running stands somewhere in the text: text_runs(), -1 until asked */
};

static int is_digit(unsigned c)
{
	return c >= '0' && c <= '9';
}

static int is_alpha(unsigned c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int is_upper(unsigned c)
{
	return c >= 'A' && c <= 'Z';
}

static unsigned to_lower(unsigned c)
{
	return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
}

/* Decodes the UTF-8 sequence at p into *cp; its length, or 0 if invalid or cut off. */
static size_t u8_decode(const struct text *s, size_t p, unsigned *cp)
{
	const unsigned char *t = s->t + p;
	size_t avail, len;
	unsigned c, min;

	if (p >= s->n)
		return 0;
	avail = s->n - p;
	c = t[0];
	if (c < 0x80) {
		*cp = c;
		return 1;
	} else if (c >= 0xc2 && c < 0xe0) {
		len = 2, c &= 0x1f, min = 0x80;
	} else if (c >= 0xe0 && c < 0xf0) {
		len = 3, c &= 0x0f, min = 0x800;
	} else if (c >= 0xf0 && c < 0xf5) {
		len = 4, c &= 0x07, min = 0x10000;
	} else {
		return 0;
	}
	if (avail < len)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((t[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (t[i] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return len;
}

/*
 * Letters, digits and '_' make words; so do the Latin, Greek and Cyrillic
 * letters beyond ASCII (µ among them), so that "5 sé" has no unit "s".
 */
static int is_word_cp(unsigned c)
{
	if (c < 0x80)
		return is_alpha(c) || is_digit(c) || c == '_';
	if (c == 0xb5)
		return 1;
	if (c >= 0xc0 && c <= 0x24f)
		return c != 0xd7 && c != 0xf7;
	return c >= 0x370 && c <= 0x52f;
}

/* Length of the word character at p, or 0. */
static size_t word_char_at(const struct text *s, size_t p)
{
	unsigned c;
	size_t len;

	if (p < s->n && s->t[p] < 0x80) /* the common case, without decoding */
		return is_alpha(s->t[p]) || is_digit(s->t[p]) || s->t[p] == '_';
	len = u8_decode(s, p, &c);

	return len && is_word_cp(c) ? len : 0;
}

/* Where the character that ends right before p starts (p - 1 for ASCII or invalid bytes). */
static size_t char_before(const struct text *s, size_t p)
{
	size_t q = p;
	unsigned c;

	if (p == 0)
		return 0;
	if (s->t[p - 1] < 0x80)
		return p - 1;
	while (q > 0 && p - q < 4 && (s->t[q - 1] & 0xc0) == 0x80)
		q--;
	if (q == 0)
		return p - 1;
	q--;
	return u8_decode(s, q, &c) == p - q ? q : p - 1;
}

/* 1 if the character that ends right before p is a word character. */
static int word_char_before(const struct text *s, size_t p)
{
	size_t q;

	if (p == 0)
		return 0;
	q = char_before(s, p);
	return word_char_at(s, q) == p - q;
}

static size_t word_end(const struct text *s, size_t p)
{
	size_t len;

	while ((len = word_char_at(s, p)))
		p += len;
	return p;
}

static size_t space_at(const struct text *s, size_t p)
{
	unsigned c;
	size_t len = u8_decode(s, p, &c);

	if (!len)
		return 0;
	if (c == ' ' || (c >= '\t' && c <= '\r') || c == 0xa0 || (c >= 0x2000 && c <= 0x200a) || c == 0x202f ||
	    c == 0x205f)
		return len;
	return 0;
}

static size_t skip_space(const struct text *s, size_t p)
{
	size_t len;

	while ((len = space_at(s, p)))
		p += len;
	return p;
}

/* The start of the run of ' ' that ends at p (p itself when none). */
static size_t back_over_blanks(const struct text *s, size_t p)
{
	while (p > 0 && s->t[p - 1] == ' ')
		p--;
	return p;
}

/* The bytes of lit at p, exactly; no word boundary asked. */
static size_t match_lit(const struct text *s, size_t p, const char *lit)
{
	size_t len = strlen(lit);

	if (p > s->n || s->n - p < len || memcmp(s->t + p, lit, len) != 0)
		return 0;
	return p + len;
}

/* word at p as a whole word (nothing word-like right after), cased as given or in any case. */
static size_t match_word_(const struct text *s, size_t p, const char *word, int any_case)
{
	size_t i = 0;

	for (; word[i]; i++) {
		unsigned a, b = (unsigned char)word[i];
		if (p + i >= s->n)
			return 0;
		a = s->t[p + i];
		if (any_case ? to_lower(a) != to_lower(b) : a != b)
			return 0;
	}
	return word_char_at(s, p + i) ? 0 : p + i;
}

static size_t match_word_ci(const struct text *s, size_t p, const char *word)
{
	return match_word_(s, p, word, 1);
}

/* The first of words (NULL-terminated) that matches at p. */
static size_t match_any(const struct text *s, size_t p, const char *const *words, int any_case)
{
	size_t e;
	unsigned c0, c1;

	if (p >= s->n)
		return 0;
	c0 = any_case ? to_lower(s->t[p]) : s->t[p];
	c1 = p + 1 < s->n ? (any_case ? to_lower(s->t[p + 1]) : s->t[p + 1]) : 0;
	for (; *words; words++) {
		unsigned w0 = (unsigned char)(*words)[0], w1 = (unsigned char)(*words)[1];
		if ((any_case ? to_lower(w0) : w0) != c0)
			continue; /* most words fail here, cheaply */
		if (w1 && (any_case ? to_lower(w1) : w1) != c1)
			continue; /* and most others on their second letter */
		if ((e = match_word_(s, p, *words, any_case)))
			return e;
	}
	return 0;
}

/* The code span whose U+FFFC stands at p, or NULL. */
static const char *span_at(const struct text *s, size_t p, size_t *index)
{
	const struct quantity_spans *sp = s->spans;
	size_t lo = 0, hi;

	if (p >= s->n || s->t[p] != 0xef || !sp || !sp->n || !match_lit(s, p, "\xef\xbf\xbc"))
		return NULL;
	hi = sp->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (sp->offset[mid] < p)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < sp->n && sp->offset[lo] == p && sp->text[lo]) {
		*index = lo + 1;
		return sp->text[lo];
	}
	return NULL;
}

/* ---- units ---- */

static const char *const time_symbols[] = {
	"ns", "us", "\xc2\xb5s", "\xce\xbcs", "ms", "s", "h",
	"sec", "secs", "min", "mins", "hr", "hrs",
	"msec", "msecs", "usec", "usecs", "nsec", "nsecs",
	"\xc2\xb5sec", "\xc2\xb5secs", "\xce\xbcsec", "\xce\xbcsecs", /* "~1µsec" (twenty-third round, folly-docs) */
	"microsec", "microsecs", "nanosec", "nanosecs", "millisec", "millisecs",
	"micros", "millis", "nanos", /* "1292 micros/op": db_bench's, Java's (nineteenth round, rocksdb-blog) */
	NULL
};

static const char *const time_words[] = {
	"second", "seconds", "minute", "minutes", "hour", "hours",
	"millisecond", "milliseconds", "microsecond", "microseconds",
	"nanosecond", "nanoseconds", "picosecond", "picoseconds", NULL
};

static const char *const subsecond_words[] = {
	"millisecond", "microsecond", "nanosecond", "picosecond", NULL
};

static size_t match_time_unit(const struct text *s, size_t p)
{
	size_t e = match_any(s, p, time_symbols, 0);

	/* "n^2/s^2", "$2s$", "$4s(\alpha + ...)$", "1/h_x": a letter raised, indexed, closing TeX math or
	   multiplying a bracket is a variable, no unit (twentieth round, cs5220-notes) */
	if (e == p + 1 && e < s->n && (s->t[e] == '^' || s->t[e] == '_' || s->t[e] == '$' || s->t[e] == '('))
		return 0;
	return e ? e : match_any(s, p, time_words, 1);
}

/* p past digits; the end of the digits (and ".digits") from p, or p. */
static size_t digits_at(const struct text *s, size_t p, int fraction)
{
	size_t e = p;

	while (e < s->n && is_digit(s->t[e]))
		e++;
	if (fraction && e > p && e + 1 < s->n && s->t[e] == '.' && is_digit(s->t[e + 1]))
		for (e++; e < s->n && is_digit(s->t[e]); e++)
			;
	return e;
}

/*
 * After a whole number at p: "m0.012s", "m30s", "h15m", "h15m30s" (a
 * duration written as the shell's `time` writes it), "m 01s" (cargo's), or ":00.12elapsed"
 * (GNU time). The end, or 0. A clock time ("12:30") is none of these.
 */
static size_t match_compound_time(const struct text *s, size_t p)
{
	size_t e;

	if (p + 1 >= s->n)
		return 0;
	if (s->t[p] == 'h' && is_digit(s->t[p + 1])) {
		e = digits_at(s, p + 1, 0);
		if (e >= s->n || s->t[e] != 'm')
			return 0;
		e++;
		if (e < s->n && is_digit(s->t[e])) {
			e = digits_at(s, e, 1);
			if (e >= s->n || s->t[e] != 's')
				return 0;
			e++;
		}
		return word_char_at(s, e) ? 0 : e;
	}
	if (s->t[p] == 'm' && is_digit(s->t[p + 1])) {
		e = digits_at(s, p + 1, 1);
		return e < s->n && s->t[e] == 's' && !word_char_at(s, e + 1) ? e + 1 : 0;
	}
	/* "1m 01s", as cargo writes a build's time: minutes and seconds, one space between */
	if (s->t[p] == 'm' && s->t[p + 1] == ' ' && p + 2 < s->n && is_digit(s->t[p + 2])) {
		e = digits_at(s, p + 2, 1);
		return e < s->n && s->t[e] == 's' && !word_char_at(s, e + 1) ? e + 1 : 0;
	}
	if (s->t[p] == ':' && p + 2 < s->n && is_digit(s->t[p + 1]) && is_digit(s->t[p + 2])) {
		e = digits_at(s, p + 1, 1);
		size_t f = match_lit(s, e, "elapsed");
		return f && !word_char_at(s, f) ? f : 0;
	}
	return 0;
}

static int is_hedge(const struct text *s, size_t a, size_t b);
static size_t cores_used(const struct text *s, size_t a, size_t b, size_t q);
static int end_led(const struct text *s, size_t a);
static int one_magnitude(const struct text *s, size_t a, size_t b);
static size_t arrow_at(const struct text *s, size_t p);
static int cpu_verb_before(const struct text *s, size_t p);
struct cword;
static int loose_hedge(const struct text *s, const struct cword *w);
static int hedge_word(const struct text *s, const struct cword *w);
static int bare_tail(const struct text *s, size_t p);
static int spent_after(const struct text *s, size_t e);
static int possessive(const struct text *s, const struct cword *w);
static int is_bound(const struct text *s, size_t a, size_t b);
static int threshold_before(const struct text *s, size_t start);
static int pipe_cell(const struct text *s, size_t a, size_t b, size_t col, size_t *cs, size_t *ce);
struct cword;
static int runs_in_sentence(const struct text *s, size_t p);
static int text_runs(const struct text *s);
static int word_before(const struct text *s, size_t p, int max, const char *const *words, struct cword *w);

/*
 * 1 if the "second" at [a, e) is an ordinal: a word follows it that is no
 * preposition or joiner ("about a second time", "around a second thread");
 * "about a second (or two)", "around a second of runtime" are a unit.
 */
static int ordinal_second(const struct text *s, size_t a, size_t e)
{
	static const char *const after[] = { "of", "or", "and", "to", "for", "on", "in", "per", "with", "at", "before",
					     "after", "than", "which", "that", "longer", "shorter", "faster", "slower",
					     "more", "less", NULL };
	size_t g = skip_space(s, e);

	if (to_lower(s->t[a]) != 's' || g >= s->n || !is_alpha(s->t[g]))
		return 0;
	return !match_any(s, g, after, 1);
}

/* The end of "extra cycle" or "additional cycle" at p, one cycle more ("1 extra cycle", "an extra cycle"); 0 if none. */
static size_t extra_cycle(const struct text *s, size_t p)
{
	size_t e = match_any(s, p, (const char *const[]){ "extra", "additional", NULL }, 1);

	return e ? match_word_ci(s, skip_space(s, e), "cycle") : 0;
}
/* amounts of data, spelled out or abbreviated: "megabytes", "MB" */
static const char *const data_words[] = { "bytes", "kilobytes", "megabytes", "gigabytes", "terabytes", "KB", "MB",
					  "GB", "TB", "KiB", "MiB", "GiB", "TiB", NULL };

static const char *const cycle_words[] = { "cycles", "clocks", "clockticks", NULL };
static const char *const one_cycle[] = { "cycle", "clock", NULL };

/* "cycles", "clock cycles"; "cycle" only when one is true (after 1, one, a). */
static size_t match_cycles_(const struct text *s, size_t p, int one)
{
	size_t e = match_any(s, p, cycle_words, 1);

	if (e)
		return e < s->n && s->t[e] == '=' ? 0 : e; /* "CYCLES=82.9": the name of the field that follows */
	if (one && (e = match_word_ci(s, p, "cycle")))
		return e;
	/* "1271.000 cycle/op", "0.8 cycle/byte": a per-item cost's unit, singular as "ns/op" is */
	if ((e = match_word_ci(s, p, "cycle")) && e + 1 < s->n && s->t[e] == '/' && is_alpha(s->t[e + 1]))
		return e;
	/* "clock cycles" */
	if ((e = match_word_ci(s, p, "clock")))
		return one ? match_any(s, skip_space(s, e), one_cycle, 1) : match_any(s, skip_space(s, e), cycle_words, 1);
	return 0;
}

static size_t match_cycles(const struct text *s, size_t p)
{
	return match_cycles_(s, p, 0);
}

/* Whether the name of the NAME=VALUE field whose '=' is at eq is a word of cycles ("CYCLES="). */
static int field_of_cycles(const struct text *s, size_t eq)
{
	size_t a = eq;

	while (a > 0 && eq - a < 12 && is_alpha(s->t[a - 1]))
		a--;
	if (a == eq || (a > 0 && (word_char_at(s, a - 1) || s->t[a - 1] == ':' || s->t[a - 1] == '.')))
		return 0;
	return match_any(s, a, cycle_words, 1) == eq;
}

/* "/s", "/sec", "/hour"... */
static size_t match_slash_time(const struct text *s, size_t p)
{
	return match_lit(s, p, "/") ? match_time_unit(s, p + 1) : 0;
}

/* "/cycle", "/clk": a per-cycle rate's unit ("1.5 uops/cycle", "4/clock") */
static size_t match_slash_cycle(const struct text *s, size_t p)
{
	static const char *const one[] = { "cycle", "clock", "clk", "cyc", NULL };

	return match_lit(s, p, "/") ? match_any(s, p + 1, one, 1) : 0;
}

/* "per second", "per ms"... */
static size_t match_per_time(const struct text *s, size_t p)
{
	size_t e = match_word_ci(s, p, "per");

	return e ? match_time_unit(s, skip_space(s, e)) : 0;
}

/*
 * 1 if a verb of costing or running, or a hedge, stands in [a, b): "polling 1000 times costs about a
 * millisecond" is a count and a cost, not "1000 times a millisecond" (twenty-first round).
 */
static int verb_between(const struct text *s, size_t a, size_t b)
{
	static const char *const verbs[] = { "costs", "cost", "takes", "took", "take", "runs", "ran", "needs", "needed",
					     "adds", "added", "is", "was", "are", "were", "about", "around", "roughly",
					     "nearly", "almost", "approximately", NULL };

	for (size_t k = a; k < b; k++)
		if (is_alpha(s->t[k]) && (k == a || !is_alpha(s->t[k - 1])) && match_any(s, k, verbs, 1))
			return 1;
	return 0;
}

/* "a second", "an hour": after a count of events, a rate ("100 seeks a second"). */
static size_t match_a_time(const struct text *s, size_t p)
{
	static const char *const ones[] = { "second", "minute", "hour", "millisecond", "microsecond", "nanosecond",
					    NULL };
	size_t e = match_word_ci(s, p, "a");

	if (!e && !(e = match_word_ci(s, p, "an")))
		return 0;
	p = skip_space(s, e);
	e = match_any(s, p, ones, 1);
	/* "form a second clique", "using a second function": an ordinal */
	return e && !ordinal_second(s, p, e) ? e : 0;
}

/* "per cycle", "every cycle", "every other cycle", "each clock", "every two cycles". */
static size_t match_per_cycle(const struct text *s, size_t p)
{
	static const char *const lead[] = { "per", "every", "each", "a", NULL };
	static const char *const one[] = { "cycle", "clock", "clocktick", NULL };
	static const char *const some[] = { "two", "three", "four", "2", "3", "4", NULL };
	size_t e = match_any(s, p, lead, 1), f;

	if (!e)
		return 0;
	p = skip_space(s, e);
	if ((e = match_word_ci(s, p, "other")))
		p = skip_space(s, e);
	if ((e = match_word_ci(s, p, "clock")) && (f = match_word_ci(s, skip_space(s, e), "cycle")))
		return f;
	if ((e = match_any(s, p, one, 1)))
		return e;
	if ((e = match_any(s, p, some, 1)) && (f = match_word_ci(s, skip_space(s, e), "cycles")))
		return f;
	return 0;
}

/* 1 if w[0..len) is base, or one of the prefixes followed by base. */
static int is_prefixed(const unsigned char *w, size_t len, const char *base, const char *prefixes)
{
	size_t blen = strlen(base);

	if (len == blen + 1 && strchr(prefixes, w[0]))
		w++, len--;
	return len == blen && memcmp(w, base, blen) == 0;
}

/* Units that are rates by themselves: "40 Gbps", "19.5 TFLOPS". */
static size_t match_rate_word(const struct text *s, size_t p)
{
	static const char *const plain[] = { "fps", "FPS", "qps", "rps", "tps", NULL };
	size_t e = word_end(s, p);
	const unsigned char *w = s->t + p;

	if (e == p)
		return 0;
	/* "60 Mqps", "2 Mrps": millions of queries or requests a second (twenty-first round) */
	if (is_prefixed(w, e - p, "qps", "kKMG") || is_prefixed(w, e - p, "rps", "kKMG"))
		return e;
	/* "111 MTEPS", "2.3 GTEPS": traversed edges a second, graph500's rate (twenty-second round) */
	if ((e - p == 4 && !memcmp(w, "TEPS", 4)) || is_prefixed(w, e - p, "TEPS", "kKMGT"))
		return e;
	if (is_prefixed(w, e - p, "bps", "kKMGTP") || is_prefixed(w, e - p, "Bps", "kKMGTP") ||
	    is_prefixed(w, e - p, "FLOPS", "kKMGTPE") || is_prefixed(w, e - p, "IOPS", "kKM") ||
	    is_prefixed(w, e - p, "iops", "kKM") || is_prefixed(w, e - p, "Iops", "kKM"))
		return e;
	/* "9.6 MIPS vs. 21 MIPS": millions of instructions a second; "2 MIPS cores", "32-bit MIPS
	   assembly" name the architecture (nineteenth round, pypy-blog) */
	if (e - p == 4 && !memcmp(w, "MIPS", 4)) {
		size_t g = skip_space(s, e), b = p;
		while (b > 0 && s->t[b - 1] == ' ')
			b--;
		if (b == 0 || !is_digit(s->t[b - 1]))
			return 0; /* "64-bit MIPS": the architecture's word size */
		if (g < s->n && is_alpha(s->t[g]) &&
		    !match_any(s, g, (const char *const[]){ "vs", "and", "or", "on", "in", "for", "with", "at", "to",
							    "than", "across", "per", "when", "while", "from", NULL }, 1))
			return 0;
		return e;
	}
	return match_any(s, p, plain, 0);
}

/* A claim about speed, after a factor: "faster", "as fast". */
static size_t match_claim(const struct text *s, size_t p)
{
	static const char *const claims[] = {
		"faster", "slower", "quicker", "sooner", "speedup", "speedups", "speed-up", "speed-ups",
		"slowdown", "slowdowns", "slow-down", NULL
	};
	static const char *const bare[] = { "fast", "slow", "quick", "quickly", "long", "short", NULL };
	size_t e = match_any(s, p, claims, 1);

	if (e)
		return e;
	if ((e = match_word_ci(s, p, "as")))
		return match_any(s, skip_space(s, e), bare, 1);
	return 0;
}

/* What makes a number a factor: "x", "×", "times", "%", "percent" ("-fold" is the caller's). */
static size_t match_factor(const struct text *s, size_t p)
{
	static const char *const words[] = { "x", "times", "percent", NULL };
	size_t e = match_any(s, p, words, 1);

	/* "a tile of 64 x 64", "a 3 × 3 kernel": a dimension, one number times another, no factor (twentieth
	   round, an HPC author's chapters) */
	if (e && e == p + 1 && skip_space(s, e) > e && skip_space(s, e) < s->n && is_digit(s->t[skip_space(s, e)]))
		return 0;
	if (e)
		return e;
	if ((e = match_lit(s, p, "\xc3\x97"))) {
		if (skip_space(s, e) > e && skip_space(s, e) < s->n && is_digit(s->t[skip_space(s, e)]))
			return 0;
		return word_char_at(s, e) ? 0 : e;
	}
	if ((e = match_lit(s, p, "\\%")))
		return e; /* "10\%": a percent sign escaped for LaTeX */
	return match_lit(s, p, "%");
}

static size_t match_multiplier(const struct text *s, size_t p)
{
	static const char *const words[] = { "thousand", "million", "billion", "trillion", NULL };

	return match_any(s, p, words, 1);
}

/* ---- numbers ---- */

struct number {
	size_t end;
	size_t digits;	/* digits before any '.', ',' or exponent */
	int plain;	/* digits only */
	int nines;	/* digits only, all of them 9, at least three: a representation's limit */
};

static size_t skip_digits(const struct text *s, size_t p)
{
	while (p < s->n && is_digit(s->t[p]))
		p++;
	return p;
}

/*
 * The one-letter unit at [q, e) ("h", "s") after a number ending at p is a
 * letter, not a unit, where it does not stand as a unit does: two or more
 * spaces from its number (a column of printed text: "68   h"), or followed
 * by another lone letter ("98.6 h z", characters a program printed; not the
 * words "a" and "I").
 */
static int letter_not_unit(const struct text *s, size_t p, size_t q, size_t e)
{
	if (e != q + 1)
		return 0;
	if (q >= p + 2 && s->t[q - 1] == ' ' && s->t[q - 2] == ' ')
		return 1;
	size_t a = skip_space(s, e);
	return a > e && a < s->n && is_alpha(s->t[a]) && !strchr("aAI", s->t[a]) && !word_char_at(s, a + 1) &&
	       !(a + 1 < s->n && (s->t[a + 1] == '.' || s->t[a + 1] == '\''));
}

/*
 * After the value of a KEY=VALUE field that ends at p: whether the fields
 * that follow it on its line, up to four, end with a time unit that they all
 * share ("user=0,55 sys=0,10, real=0,09 secs", a JVM's CPU times): each
 * field's value is a time in that unit. Fields are set apart by spaces and
 * a comma; a value is digits, perhaps with a decimal point or comma.
 */
static int record_unit(const struct text *s, size_t p)
{
	const unsigned char *t = s->t;

	for (int k = 0; k < 4; k++) {
		size_t a = p, b, d;
		while (a < s->n && (t[a] == ' ' || t[a] == ','))
			a++;
		if (a == p)
			return 0;
		for (b = a; b < s->n && (is_alpha(t[b]) || t[b] == '_'); b++)
			;
		if (b == a || b + 1 >= s->n || t[b] != '=' || !is_digit(t[b + 1]))
			return 0;
		d = skip_digits(s, b + 1);
		if (d + 1 < s->n && (t[d] == '.' || t[d] == ',') && is_digit(t[d + 1]))
			d = skip_digits(s, d + 1);
		if (match_time_unit(s, d < s->n && t[d] == ' ' ? d + 1 : d))
			return 1;
		p = d;
	}
	return 0;
}

/*
 * A decimal comma after the whole digits [p, q), as a locale writes a number
 * ("0,09 secs", "1,5265450 secs"), only where the comma cannot join a list
 * of numbers: not three digits after it (thousands), no other comma or dot
 * and digit around the number ("1,2,3"; "2,3" of it), and a time unit right
 * after the fraction, glued or after one space, or at the end of the record
 * whose field it is (record_unit()). 1 if it is one.
 */
static int decimal_comma(const struct text *s, size_t p, size_t q)
{
	const unsigned char *t = s->t;

	if (q == p || q + 1 >= s->n || t[q] != ',' || !is_digit(t[q + 1]))
		return 0;
	size_t f = skip_digits(s, q + 1);
	if (f - (q + 1) == 3)
		return 0;
	if (f + 1 < s->n && (t[f] == ',' || t[f] == '.') && is_digit(t[f + 1]))
		return 0;
	if (p >= 2 && (t[p - 1] == ',' || t[p - 1] == '.') && is_digit(t[p - 2]))
		return 0;
	if (p > 0 && t[p - 1] == '=' && record_unit(s, f))
		return 1; /* "user=0,55 sys=0,10, real=0,09 secs" */
	if (f < s->n && t[f] == ' ')
		f++;
	return match_time_unit(s, f) != 0;
}

/* The end of "^9", "^-3" at q, or of " \xc3\x97 10^9", "*10^6" (a power of ten that multiplies the number ending at q); else q. */
static size_t number_power(const struct text *s, size_t q)
{
	const unsigned char *t = s->t;
	size_t e = q;

	if (e < s->n && t[e] == '^') {
		e++;
	} else {
		if (e < s->n && t[e] == ' ')
			e++;
		if (e + 1 < s->n && (!memcmp(t + e, "\xc3\x97", 2) || !memcmp(t + e, "\xc2\xb7", 2)))
			e += 2;
		else if (e < s->n && t[e] == '*')
			e++;
		else
			return q;
		if (e < s->n && t[e] == ' ')
			e++;
		if (!(e + 3 < s->n && t[e] == '1' && t[e + 1] == '0' && t[e + 2] == '^'))
			return q;
		e += 3;
	}
	if (e < s->n && t[e] == '-')
		e++;
	return e < s->n && is_digit(t[e]) ? skip_digits(s, e) : q;
}

/*
 * The number at p: 12, 1.5, .5, 1,000, 1e6. 0 when there is none, or
 * when it is part of a dotted version such as 12.2.0.
 */
static int parse_number(const struct text *s, size_t p, struct number *num)
{
	size_t q = skip_digits(s, p), e;

	num->digits = q - p;
	num->plain = 1;
	num->nines = 0;
	if (num->digits >= 3) {
		num->nines = 1;
		for (size_t i = p; i < q; i++)
			num->nines &= s->t[i] == '9';
	}
	/* thousands: "1,000", "12,345,678"; "1,5" is two numbers */
	if (num->digits >= 1 && num->digits <= 3) {
		while (q < s->n && s->t[q] == ',' && skip_digits(s, q + 1) == q + 4) {
			q += 4;
			num->plain = 0;
		}
	}
	if (q + 1 < s->n && s->t[q] == '.' && is_digit(s->t[q + 1])) {
		q = skip_digits(s, q + 1);
		num->plain = 0;
		if (q + 1 < s->n && s->t[q] == '.' && is_digit(s->t[q + 1]))
			return 0;
	} else if (q == p + num->digits && decimal_comma(s, p, q)) {
		q = skip_digits(s, q + 1);
		num->plain = 0;
	}
	if (q == p)
		return 0;
	if (q < s->n && (s->t[q] == 'e' || s->t[q] == 'E')) {
		e = q + 1;
		if (e < s->n && (s->t[e] == '+' || s->t[e] == '-'))
			e++;
		if (e < s->n && is_digit(s->t[e])) {
			q = skip_digits(s, e);
			num->plain = 0;
		}
	}
	/* a power, as TeX math writes one ("$10^9$" is read as "10^9"), and a mantissa times a power of
	   ten ("1.5 \times 10^9", "3*10^6"): one number, not a factor and an exponent */
	if ((e = number_power(s, q)) != q) {
		q = e;
		num->plain = 0;
	}
	if (!num->plain)
		num->nines = 0;
	num->end = q;
	return 1;
}

/*
 * The number word at p ("zero" to "twenty", the tens to "ninety", "hundred", "thousand"): its end,
 * or 0. The words are listed by their first letter, and only the letter at p's are tried: the scanner
 * asks at nearly every word of prose, and trying all thirty each time was a twentieth of the rule
 * pass (callgrind, `tests/bench/gen_course.py`).
 */
static size_t number_word_1(const struct text *s, size_t p)
{
	static const char *const z[] = { "zero", NULL }, *const o[] = { "one", NULL },
				 *const t[] = { "two", "three", "ten", "twelve", "thirteen", "twenty", "thirty", "thousand", NULL },
				 *const f[] = { "four", "five", "fourteen", "fifteen", "forty", "fifty", NULL },
				 *const x[] = { "six", "seven", "sixteen", "seventeen", "sixty", "seventy", NULL },
				 *const e[] = { "eight", "eleven", "eighteen", "eighty", NULL },
				 *const n[] = { "nine", "nineteen", "ninety", NULL }, *const h[] = { "hundred", NULL };

	if (p >= s->n)
		return 0;
	switch (to_lower(s->t[p])) {
	case 'z': return match_any(s, p, z, 1);
	case 'o': return match_any(s, p, o, 1);
	case 't': return match_any(s, p, t, 1);
	case 'f': return match_any(s, p, f, 1);
	case 's': return match_any(s, p, x, 1);
	case 'e': return match_any(s, p, e, 1);
	case 'n': return match_any(s, p, n, 1);
	case 'h': return match_any(s, p, h, 1);
	default: return 0;
	}
}

/* A number word at p ("three", "twenty-five", "three hundred"); its end, or 0. */
static size_t number_word(const struct text *s, size_t p)
{
	size_t e = number_word_1(s, p), f;

	if (!e)
		return 0;
	if (match_lit(s, e, "-") && (f = number_word_1(s, e + 1)))
		e = f;
	if ((f = match_any(s, skip_space(s, e), (const char *const[]){ "hundred", "thousand", NULL }, 1)))
		e = f;
	/* "two and a half times faster": the fraction is part of the number (twenty-first round) */
	if ((f = match_word_ci(s, skip_space(s, e), "and")) && (f = match_word_ci(s, skip_space(s, f), "a")) &&
	    (f = match_any(s, skip_space(s, f), (const char *const[]){ "half", "quarter", NULL }, 1)) && !word_char_at(s, f))
		e = f;
	return e;
}

/*
 * Whether a number may start at p: not glued to a word or a dot before it,
 * nor to a hyphen glued to one ("x86-64", "UTF-8"), nor to an en dash after
 * a digit ("2019–2023"; a range is read from its first number).
 */
static int number_starts(const struct text *s, size_t p)
{
	const unsigned char *t = s->t;

	if (!(is_digit(t[p]) || (t[p] == '.' && p + 1 < s->n && is_digit(t[p + 1]))))
		return 0;
	if (p == 0)
		return 1;
	if (t[p - 1] == '.' || word_char_before(s, p))
		return 0;
	if (t[p - 1] == '/' && p >= 2 && is_digit(t[p - 2]))
		return 0; /* the 8 of "1/8" */
	/* "%10s", "%-32s", "%08d": a printf or scanf conversion's width, not a figure */
	for (size_t q = p, k = 0; q > 0 && k < 4; q--, k++) {
		if (t[q - 1] == '%')
			return 0;
		if (!strchr("-+#0'", t[q - 1]))
			break;
	}
	/* "sub-1%", "sub-10ms": a bound is still a figure */
	if (t[p - 1] == '-' && word_char_before(s, p - 1) &&
	    !(p >= 4 && to_lower(t[p - 4]) == 's' && to_lower(t[p - 3]) == 'u' && to_lower(t[p - 2]) == 'b' &&
	      !(p >= 5 && word_char_before(s, p - 4))))
		return 0;
	if (p >= 4 && memcmp(t + p - 3, "\xe2\x80\x93", 3) == 0 && is_digit(t[p - 4]))
		return 0;
	return 1;
}

/* 1 if t[a, b) is the largest value of a 32- or 64-bit integer type: a representation's limit. */
static int int_limit(const struct text *s, size_t a, size_t b)
{
	static const char *const limits[] = { "2147483647", "4294967295", "9223372036854775807",
					      "18446744073709551615", "2,147,483,647", "4,294,967,295", NULL };

	for (const char *const *l = limits; *l; l++)
		if (b - a == strlen(*l) && !memcmp(s->t + a, *l, b - a))
			return 1;
	return 0;
}

/* 1 if a hedge or a word of running leads the number at start: "~7000s", "took 1800s", "about 2500s". */
static int seconds_led(const struct text *s, size_t start)
{
	static const char *const words[] = { "took", "takes", "take", "taking", "about", "around", "approximately",
					     "roughly", "nearly", "almost", "within", "ran", "runs", "lasted", NULL };
	size_t a = start, b;

	if (a > 0 && s->t[a - 1] == '~')
		return 1;
	while (a > 0 && s->t[a - 1] == ' ')
		a--;
	b = a;
	while (a > 0 && is_alpha(s->t[a - 1]))
		a--;
	return b > a && (a == 0 || !is_alpha(s->t[a - 1])) && match_any(s, a, words, 1) == b;
}

/* Numbers followed by an "s" that is not seconds: "1990s", "'90s", "2s complement". */
static int is_not_seconds(const struct text *s, size_t start, const struct number *num)
{
	size_t p = num->end;

	if (p >= s->n || s->t[p] != 's' || word_char_at(s, p + 1))
		return 0;
	if (num->plain && s->t[p - 1] == '0') {
		/* "the 1990s", "RTX 3090s", "the 8000s": a decade, a model's plural, a range of numbers;
		   "~7000s", "took 1800s" are a run's seconds (nineteenth round, kobzol-blog) */
		if (num->digits == 4 && !seconds_led(s, start))
			return 1;
		if (num->digits == 2 && start > 0 &&
		    (s->t[start - 1] == '\'' ||
		     (start >= 3 && memcmp(s->t + start - 3, "\xe2\x80\x99", 3) == 0)))
			return 1;
	}
	return match_word_ci(s, skip_space(s, p + 1), "complement") != 0;
}

static int names_memory(const struct text *s, size_t a, size_t b);

/*
 * Things a factor or a percentage "of the X" may be of that are no speed: a store, a size, a count, a
 * setting ("four times the L2 cache", "within 5% of the limit"; factor_tail, percent_tail).
 */
static const char *const other_things[] = { "cache", "array", "buffer", "table", "page", "file", "disk", "heap",
					    "stack", "register", "width", "size", "number", "count", "amount", "work",
					    "data", "default", "request", "padding", "capacity", "length", "alignment",
					    "stride", "limit", "budget", "quota", "total", "struct", "record", "code",
					    "space", "instructions", NULL };

/*
 * Nouns whose number names an item, not a figure of the claim beside it: "version 3 vs. 4 ms", "for
 * degree 16 and 40% faster", "on core 2", "n = 4", "gcc 13" (named_number, from_to, carried_unit).
 */
static const char *const item_names[] = { "version", "v", "chapter", "section", "step", "figure", "table", "listing",
					  "line", "level", "page", "lab", "lesson", "core", "cores", "cpu", "thread",
					  "threads", "node", "nodes", "n", "k", "m", "size", "sizes", "width", "degree",
					  "order", "rank", "round", "year", "day", "week", "gcc", "clang", "python", "linux",
					  "o", "x", "y", "z", "i", "j", NULL };

/*
 * 1 if the number ending at p is a name's ("on V8 6.0 and 0.5 s", "for degree 16 and 40% faster"):
 * the word before it is capitalized or names what is numbered, so "and" after it opens no range
 * (twenty-first round).
 */
static int named_number(const struct text *s, size_t p)
{
	size_t a = p, w, e;

	while (a > 0 && (is_digit(s->t[a - 1]) || s->t[a - 1] == '.' || s->t[a - 1] == ','))
		a--;
	while (a > 0 && s->t[a - 1] == ' ')
		a--;
	e = a;
	while (a > 0 && (is_alpha(s->t[a - 1]) || is_digit(s->t[a - 1])))
		a--;
	if (a == e || e - a > 16)
		return 0;
	w = a;
	if (is_upper(s->t[w])) { /* not a sentence's first word ("Why is it slow? Between 40 and 60 ms") */
		size_t k = w;
		while (k > 0 && (s->t[k - 1] == ' ' || s->t[k - 1] == '\n' || s->t[k - 1] == '"' || s->t[k - 1] == '('))
			k--;
		return k > 0 && !strchr(".!?:;*#|>-", s->t[k - 1]);
	}
	return match_any(s, w, item_names, 1) == e;
}

/* "10-20", "10--20", "10–20", "10 – 20": the end of the second number, or p ("1980–1990s" is no range). */
static size_t skip_range(const struct text *s, size_t p)
{
	struct number num;
	size_t q = p, e;

	if (match_lit(s, q, "--")) {
		q += 2;
	} else if ((e = match_lit(s, q, "-or-")) || (e = match_lit(s, q, "-to-"))) {
		q = e; /* "4-or-5-times", "2-to-3-fold" */
	} else if (q < s->n && s->t[q] == '-') {
		q++;
	} else {
		q = skip_space(s, q);
		/* "at 280 and 305 cycles", "by 1 or 2%" */
		if (!(e = match_lit(s, q, "\xe2\x80\x93")) && !(e = match_lit(s, q, "--")) &&
		    !(q > p && ((e = match_word_ci(s, q, "and")) || (e = match_word_ci(s, q, "or"))) && !named_number(s, p)) &&
		    !(q > p && (e = match_lit(s, q, "-")) && space_at(s, e)) && /* "40 - 400" */
		    !(q > p && (e = match_lit(s, q, "..")) && space_at(s, e)))
			/* "5 .. 7", a range's ends spaced apart (thirty-third round, pypy-blog) */
			return p;
		q = skip_space(s, e);
	}
	if (q < s->n && is_digit(s->t[q]) && parse_number(s, q, &num) && !is_not_seconds(s, q, &num))
		return num.end;
	return p;
}

/* ---- words around a value ---- */

/* Lowercased copy of w[0..len) (at most WORD_MAX bytes) into buf; its length. */
static size_t lower_copy(char *buf, const unsigned char *w, size_t len)
{
	size_t n = len < WORD_MAX ? len : WORD_MAX;

	for (size_t i = 0; i < n; i++)
		buf[i] = (char)to_lower(w[i]);
	buf[n] = '\0';
	return n;
}

/*
 * 1 if the byte at p ends a sentence: . ! ? ; followed by space or the end,
 * a table's '|', or either '$' of a "$$" that opens or closes TeX math: a
 * formula is a clause of its own, its terms ("score_x = 100\% \times ...")
 * decided by its own symbols, not by the prose that introduces it.
 */
static int stops_clause(const struct text *s, size_t p)
{
	unsigned c = s->t[p];

	if (c == '|' || (c == '\n' && s->table))
		return 1;
	if (c == '$')
		return (p + 1 < s->n && s->t[p + 1] == '$') || (p > 0 && s->t[p - 1] == '$');
	if (c != '.' && c != '!' && c != '?' && c != ';')
		return 0;
	/* "e.g. 100x", "i.e. 5 ms": a one-letter word before the dot is an abbreviation ("give only 5.1x." ends
	   its sentence: the letter is a factor's) */
	if (c == '.' && p >= 1 && is_alpha(s->t[p - 1]) && (p < 2 || !(is_alpha(s->t[p - 2]) || is_digit(s->t[p - 2]))))
		return 0;
	/* "9.01% vs. 7.46%" */
	if (c == '.' && p >= 2 && to_lower(s->t[p - 2]) == 'v' && to_lower(s->t[p - 1]) == 's' &&
	    (p < 3 || !is_alpha(s->t[p - 3])))
		return 0;
	return p + 1 >= s->n || space_at(s, p + 1) || s->t[p + 1] == '\n';
}

/* A word of the context: [start, end) in text; span > 0 when it is a code span. */
struct cword {
	size_t start, end;
	size_t span;
	const char *span_text;
};

/* Word characters plus the '-' and '\'' inside a word ("time-out", "o'clock"). */
static size_t cword_end(const struct text *s, size_t p)
{
	size_t start = p;

	for (;;) {
		size_t e = word_end(s, p);
		/* parts joined past WORD_MAX bytes are words of their own: "1'1'1'..." would be quadratic */
		if (e > p && e + 1 < s->n && (s->t[e] == '-' || s->t[e] == '\'') && word_char_at(s, e + 1) &&
		    e - start <= WORD_MAX) {
			p = e + 1;
			continue;
		}
		return e;
	}
}

static int speaks_of_change(const struct text *s, const struct cword *w);

/*
 * The next context word at or after p, before the sentence ends; 0 when
 * there is none. *next is where to look for the one after.
 */
static int next_cword(const struct text *s, size_t p, struct cword *w, size_t *next)
{
	while (p < s->n) {
		size_t len, idx;
		const char *sp;
		if ((sp = span_at(s, p, &idx))) {
			w->start = p, w->end = p + 3, w->span = idx, w->span_text = sp;
			*next = p + 3;
			return 1;
		}
		if ((len = word_char_at(s, p))) {
			w->start = p, w->end = cword_end(s, p), w->span = 0, w->span_text = NULL;
			*next = w->end;
			return 1;
		}
		if (stops_clause(s, p))
			return 0;
		if (s->t[p] == '~' || s->t[p] == '%') {
			w->start = p, w->end = p + 1, w->span = 0, w->span_text = NULL;
			*next = p + 1;
			return 1;
		}
		len = space_at(s, p);
		if (!len) {
			unsigned c;
			len = u8_decode(s, p, &c);
		}
		p += len ? len : 1;
	}
	return 0;
}

/* The context word that ends at or before p, within the sentence; 0 when there is none. */
static int prev_cword(const struct text *s, size_t p, struct cword *w, size_t *prev)
{
	while (p > 0) {
		size_t q = char_before(s, p), idx;
		const char *sp;
		if (p >= 3 && (sp = span_at(s, p - 3, &idx))) { /* a span that opens the text too */
			w->start = p - 3, w->end = p, w->span = idx, w->span_text = sp;
			*prev = p - 3;
			return 1;
		}
		if (word_char_at(s, q) == p - q) {
			size_t b = q;
			while (b > 0) {
				size_t c = char_before(s, b);
				if (word_char_at(s, c) == b - c) {
					b = c;
				} else if ((s->t[c] == '-' || s->t[c] == '\'') && c > 0 && word_char_before(s, c) &&
					   p - c <= WORD_MAX) {
					b = c;
				} else {
					break;
				}
			}
			w->start = b, w->end = p, w->span = 0, w->span_text = NULL;
			*prev = b;
			return 1;
		}
		if (stops_clause(s, q))
			return 0;
		if (s->t[q] == '~' && !(q > 0 && (is_alpha(s->t[q - 1]) || is_digit(s->t[q - 1]))) &&
		    !(q + 1 < s->n && (is_alpha(s->t[q + 1]) || s->t[q + 1] == '\\'))) {
			/* "~10 ns"; "\times~100\%" is LaTeX's unbreakable space, no hedge */
			w->start = q, w->end = p, w->span = 0, w->span_text = NULL;
			*prev = q;
			return 1;
		}
		p = q;
	}
	return 0;
}

/* 1 if a comma stands in [a, b). */
static int comma_between(const struct text *s, size_t a, size_t b)
{
	return b > a && memchr(s->t + a, ',', b - a) != NULL;
}

/* 1 if the last ',' in [a, b) is followed by "by" and then b (a factor's phrase that goes on with the verb before). */
static int by_after_comma(const struct text *s, size_t a, size_t b)
{
	size_t c = b, e;

	while (c > a && s->t[c - 1] != ',')
		c--;
	if (c == a)
		return 0;
	return (e = match_word_ci(s, skip_space(s, c), "by")) && skip_space(s, e) == b;
}

/* ---- deciding words ---- */

enum {
	CF_PREFIX = 1,	/* the word starts with it */
	CF_TIME = 2,	/* decides only about time values and rates, not cycles or factors */
	CF_BEFORE = 4,	/* only before the value */
	CF_AFTER = 8,	/* only after the value */
	CF_FACTOR = 16, /* only a performance word for factors and percentages, no decision about a time */
	CF_NEAR = 32,	/* its reach holds for factors and percentages too */
};

static const char W_SLEEP[] = "a sleep, wait or timeout";
static const char W_INTERVAL[] = "an interval, period or sampling rate";
static const char W_RESOLUTION[] = "a timer's resolution";
static const char W_BUCKET[] = "a histogram's bucket width: a setting of the plot";
static const char W_REMAINING[] = "a part of a whole ('the remaining 90%'), not a change of speed";
static const char W_EXPERIMENT[] = "how long an experiment runs or warms up: a setting of the measurement, not code's time";
static const char W_CLOCK[] = "a clock, calendar or time-zone fact";
static const char W_INPUT[] = "an input, setting or threshold";
static const char W_LIMIT[] = "a limit, range or definition";
static const char W_RUN[] = "how long code takes";
static const char W_SPEED[] = "speed, latency or throughput";
static const char W_COST[] = "a cost, overhead or penalty";
static const char W_CHANGE[] = "a speed-up or slow-down";
static const char W_MEASURED[] = "a measured or typical figure";
static const char W_HEADER[] = "the table's header";
static const char W_ROW[] = "the table row's label";
static const char W_LEAD[] = "the sentence that leads the table in or captions it";
static const char W_NONE[] = "no word near it decides";
static const char W_NAME[] = "a name";
static const char W_BINARY[] = "binary digits";
static const char W_DECADE[] = "a decade or a round count";
static const char W_NOT_TIME[] = "a factor of something that is not time";
static const char W_TRANSFER[] = "a transfer rate, like a clock frequency";
static const char W_CODE[] = "a code span with no performance word near it";
static const char W_BASELINE[] = "the baseline of a speed-up column (1 by definition)";
static const char W_TIMED_FACTOR[] = "a ratio in a table of measured times: a speed-up";
static const char W_TIMED_FIGURE[] = "a figure with its ratio to a baseline beside it (in a table of times, or a mean with its spread): a time";
static const char W_TOTAL_ROW[] = "the total row of a table of shares (100% by definition)";
static const char W_CLASSES[] = "the class boundaries of a definition table";
static const char W_SETTINGS[] = "what each value of a setting means: a table of a parameter's values 0, 1, 2, ...";
static const char W_WORKLOAD[] = "a workload a table defines (a column says when each row arrives): its times are givens";
static const char W_SIBLING[] = "listed with a performance claim of the same sentence";
static const char W_RESULTS[] = "a figure of a table of results that names no unit";
static const char W_AFTER_REF[] = "continues the measured or cited figure before it, its unit left out: typed, not measured";
static const char W_IDEAL[] = "the whole (100%): an ideal or a bound, not a measurement";
static const char W_THRESHOLD[] = "a threshold for a metric, not a measurement";
static const char W_OCCURS[] = "how often a value occurs";
static const char W_BRANCH[] = "how often a branch or event goes one way";
static const char W_SELECT[] = "how many elements a filter keeps, not time";
static const char W_AT_POINT[] = "the point the change before it holds at, not a second change";
static const char W_BOUND[] = "the limit of a representation";
static const char W_ALWAYS[] = "an idiom ('always')";
static const char W_SHARE[] = "a share of the run time";
static const char W_CPU[] = "a share of the processors' time: how busy the code keeps them";
static const char W_FIELD[] = "a printed field's name: what its value measured";
/* "10.57% gc time": the share's own noun names the time it is a share of (eleventh round) */
static const char W_NAMED_SHARE[] = "a share of the time it names";
static const char W_CYCLES[] = "a cycle count";
static const char W_BANDWIDTH[] = "a bandwidth or throughput unit";
static const char W_ORDER[] = "an order of magnitude that no word near it calls a figure";
static const char W_SLICE[] = "a scheduler's time slice";
static const char W_LINE[] = "a serial line's speed (bps, baud): a setting";
static const char W_PERSON[] = "a person's time (a wait, an exercise), not code's";
static const char W_FORMULA[] = "a formula's conversion to a percentage (times 100%)";
static const char W_MODEL[] = "a parameter of a distribution a model is given: its input";
static const char W_PRICE[] = "a price: money paid per unit of time, not a speed";
static const char W_MONEY[] = "an amount of money";
static const char W_SPREAD[] = "the spread of a measurement or a distribution, not its time";
static const char W_RETAIN[] = "how long data is kept: a retention period, a setting";
static const char W_REST[] = "what a sleep or a timeout had left";
static const char W_DEVICES[] = "a count of clocks, not of clock cycles";
static const char W_BUSY[] = "how many processors a run kept busy: a measured utilisation";
static const char W_ALLOT[] = "a share of the CPU a scheduler gives: a policy, not a measurement";
static const char W_UNIT[] = "the unit of a value, not a figure";
static const char W_REQUIRE[] = "a requirement ('must', 'shall'): a limit";
static const char W_EPOCH[] = "a point in time: seconds counted from an epoch (more than 30 years)";
static const char W_MEASURE_OF[] = "a percentage of something that is not time";
static const char W_SIZE[] = "a change of size or memory, not of time";
static const char W_VERSION[] = "a year or a product's version, not a figure";
static const char W_NOTATION[] = "a written value the sentence defines ('\"15s\" means ...'): a notation";
static const char W_RESERVE[] = "the size of a reserve (cushion, slack, headroom) a design leaves: a setting";
static const char W_LINK[] = "a link's nominal speed in bits per second, said of the link: a setting, like a line's";
/* the message says so: its author already opened the sentence with "Assume" (an author's review,
   thirteenth round: the message asked for what the sentence had) */
static const char W_REAL_MACHINE[] = "a supposition placed on a real machine, the reader's or the course's: "
				     "a run the reader is asked to take on trust";
static const char W_MEMORY_SHARE[] = "a cost in memory or space, not in time";
static const char W_TYPICAL[] = "a supposition of what is typical of real systems: a real figure, not a model's given";
static const char W_SUPPOSED[] = "a given of a model the sentence asks the reader to suppose, not a run";
static const char W_AXIS[] = "a row of positions in time (cycle or tick numbers counting up by one), not durations";
static const char W_SCALE[] = "the span of a chart's axis: the scale of a picture, not a figure of code";
static const char W_POPULATION[] = "a share of people or of projects, counted: no time";
static const char W_HEDGED_SHARE[] = "a percentage only a hedge qualifies, in a sentence with no word of speed, time, cost or change";
static const char W_FAME[] = "an idiom ('15 minutes of fame')";
static const char W_BASELINE_NAMED[] = "the baseline the other factors are measured against, 1x by definition";
static const char W_DIGITS[] = "the plural of a digit ('1s and 0s'), not a duration";
static const char W_HEX[] = "a name in hexadecimal ('mode 13h', 'INT 33h'): the number names the item the word before it names";

struct cue {
	const char *word;
	signed char cls;
	unsigned char flags;
	unsigned char reach; /* the farthest it decides, in words between it and the value */
	const char *why;
};

#define SPEC QUANTITY_SPECIFIED
#define CLAIM QUANTITY_CLAIM
#define NOTT QUANTITY_NOT_TIMING

static const struct cue cues[] = {
	/* sleeps, waits, timeouts */
	{ "sleep", SPEC, CF_PREFIX, 10, W_SLEEP },
	{ "asleep", SPEC, 0, 10, W_SLEEP }, /* "can only be asleep accurately for one second" (sixteenth round) */
	{ "slept", SPEC, 0, 10, W_SLEEP },
	{ "nanosleep", SPEC, 0, 10, W_SLEEP },
	{ "usleep", SPEC, 0, 10, W_SLEEP },
	{ "wait", SPEC, CF_PREFIX, 10, W_SLEEP },
	{ "timeout", SPEC, CF_PREFIX, 10, W_SLEEP },
	{ "time-out", SPEC, CF_PREFIX, 10, W_SLEEP },
	{ "timed", SPEC, 0, 10, W_SLEEP },
	{ "deadline", SPEC, CF_PREFIX, 10, W_SLEEP },
	{ "expir", SPEC, CF_PREFIX, 10, W_SLEEP },
	{ "alarm", SPEC, CF_PREFIX, 10, W_SLEEP },
	{ "watchdog", SPEC, 0, 10, W_SLEEP },
	{ "remaining", SPEC, CF_TIME, 6, W_REST }, /* "it returns the remaining time, for example 1.2 seconds" */
	{ "pause", SPEC, CF_PREFIX | CF_TIME, 4, W_SLEEP },
	{ "suspend", SPEC, CF_PREFIX | CF_TIME, 10, W_SLEEP }, /* "suspends the calling thread for at least 2 seconds" */
	{ "blocks", SPEC, CF_TIME | CF_BEFORE, 3, W_SLEEP },	/* "it blocks for up to 5 seconds" */
	{ "blocked", SPEC, CF_TIME | CF_BEFORE, 3, W_SLEEP },
	{ "blocking", SPEC, CF_TIME | CF_BEFORE, 3, W_SLEEP },
	{ "timer", SPEC, 0, 6, W_INTERVAL },
	{ "timers", SPEC, 0, 6, W_INTERVAL },
	/* intervals and periods */
	{ "interval", SPEC, CF_PREFIX, 6, W_INTERVAL },
	{ "period", SPEC, CF_BEFORE, 6, W_INTERVAL }, /* "a period of 10 ms"; "a 10s period of unresponsiveness" is an event */
	{ "periods", SPEC, CF_BEFORE, 6, W_INTERVAL },
	{ "every", SPEC, CF_BEFORE, 1, W_INTERVAL },
	/* "we plot memory usage per 100 milliseconds": the period a rate counts over (seventeenth round) */
	{ "per", SPEC, CF_BEFORE | CF_TIME, 0, W_INTERVAL },
	{ "spaced", SPEC, CF_TIME | CF_BEFORE, 2, W_INTERVAL }, /* "probes spaced 1 second apart": the gap between events */
	{ "refresh", SPEC, CF_PREFIX, 6, W_INTERVAL },
	{ "poll", SPEC, CF_PREFIX, 6, W_INTERVAL },
	{ "tick", SPEC, 0, 4, W_INTERVAL },
	{ "ticks", SPEC, 0, 4, W_INTERVAL },
	{ "ticking", SPEC, 0, 4, W_INTERVAL },
	{ "ticked", SPEC, 0, 4, W_INTERVAL },
	{ "jiffy", SPEC, 0, 4, W_INTERVAL }, /* the kernel's tick: "giving a jiffy of 0.001 seconds" */
	{ "jiffies", SPEC, 0, 4, W_INTERVAL },
	{ "heartbeat", SPEC, CF_PREFIX, 6, W_INTERVAL },
	{ "sampling", SPEC, 0, 8, W_INTERVAL },
	{ "monitored", SPEC, 0, 4, W_INTERVAL },
	{ "window", SPEC, CF_TIME, 3, W_INTERVAL },
	{ "last", SPEC, CF_TIME | CF_BEFORE, 0, W_INTERVAL },
	{ "next", SPEC, CF_TIME | CF_BEFORE, 0, W_INTERVAL }, /* "accessed in the next 30 seconds": a window */
	{ "ttl", SPEC, 0, 10, W_SLEEP },		     /* a time to live: an expiry */
	{ "ttls", SPEC, 0, 10, W_SLEEP },
	{ "time-to-live", SPEC, 0, 10, W_SLEEP },
	{ "granularity", SPEC, 0, 8, W_RESOLUTION },
	/* "a histogram with buckets of 1 µs", "10 ms bins" in a plot: the width of a histogram's bucket, only
	   where a histogram or a plot is near (plot_near) (twentieth round) */
	{ "bucket", SPEC, CF_TIME, 2, W_BUCKET },
	{ "buckets", SPEC, CF_TIME, 2, W_BUCKET },
	{ "bins", SPEC, CF_TIME, 2, W_BUCKET },
	/* "after a warm-up of a few hundred milliseconds", "warming up for 2 s": how long a measurement
	   warms up is its setting, where it is given (warmup_set); "the warm-up took 3 s", "a typical
	   warm-up is 2 s" are measured */
	{ "warm-up", SPEC, CF_TIME, 4, W_EXPERIMENT },
	{ "warmup", SPEC, CF_TIME, 4, W_EXPERIMENT },
	{ "warm-ups", SPEC, CF_TIME, 4, W_EXPERIMENT },
	{ "warmups", SPEC, CF_TIME, 4, W_EXPERIMENT },
	{ "warming", SPEC, CF_TIME, 3, W_EXPERIMENT },
	{ "timeslice", SPEC, CF_PREFIX, 4, W_INTERVAL },
	{ "slice", SPEC, CF_PREFIX | CF_TIME, 2, W_INTERVAL },
	{ "quantum", SPEC, 0, 4, W_INTERVAL },
	/* "the allotment is 50 ms", "its whole allotment of 50 ms": an MLFQ's time at a level, its policy */
	{ "allotment", SPEC, CF_PREFIX | CF_TIME, 4, W_SLICE },
	{ "record", SPEC, CF_PREFIX | CF_TIME | CF_BEFORE, 1, W_INTERVAL }, /* "lets you record 1-2 minutes" */
	/* a timeout by what happens when it passes: "no reply in five seconds, and it retransmits" */
	{ "retransmi", SPEC, CF_PREFIX, 4, W_SLEEP },
	{ "re-transmi", SPEC, CF_PREFIX, 4, W_SLEEP },
	{ "resend", SPEC, CF_PREFIX, 4, W_SLEEP },
	{ "retry", SPEC, 0, 4, W_SLEEP },
	{ "retries", SPEC, 0, 4, W_SLEEP },
	/* resolution */
	{ "resolution", SPEC, 0, 10, W_RESOLUTION },
	{ "fine", SPEC, CF_TIME | CF_BEFORE, 2, W_RESOLUTION }, /* "as fine as one nanosecond" */
	{ "finer", SPEC, CF_TIME | CF_BEFORE, 2, W_RESOLUTION },
	{ "coarse", SPEC, CF_TIME | CF_BEFORE, 2, W_RESOLUTION },
	{ "coarser", SPEC, CF_TIME | CF_BEFORE, 2, W_RESOLUTION },
	{ "precision", SPEC, 0, 6, W_RESOLUTION },
	{ "accuracy", SPEC, 0, 6, W_RESOLUTION },
	{ "accurate", SPEC, 0, 3, W_RESOLUTION },
	{ "margin", SPEC, 0, 3, W_RESOLUTION }, /* "within an error margin of 1%" */
	/* clocks, calendars, time zones */
	{ "clock", SPEC, CF_TIME | CF_AFTER, 0, W_CLOCK },
	{ "clocks", SPEC, CF_TIME | CF_AFTER, 0, W_CLOCK },
	{ "utc", SPEC, 0, 10, W_CLOCK },
	{ "gmt", SPEC, 0, 10, W_CLOCK },
	{ "timezone", SPEC, CF_PREFIX, 10, W_CLOCK },
	/* a factor ahead or behind is a lead in speed ("an order of magnitude ahead of std::sort", "three
	   times behind xoshiro"); a time ahead or behind is a clock's (twenty-third round: four probe
	   chapters) */
	{ "ahead", CLAIM, CF_FACTOR, 3, W_CHANGE },
	{ "behind", CLAIM, CF_FACTOR, 3, W_CHANGE },
	{ "ahead", SPEC, 0, 3, W_CLOCK },
	{ "behind", SPEC, 0, 3, W_CLOCK },
	{ "midnight", SPEC, 0, 8, W_CLOCK },
	{ "noon", SPEC, 0, 8, W_CLOCK },
	{ "epoch", SPEC, 0, 8, W_CLOCK },
	{ "leap", SPEC, 0, 8, W_CLOCK },
	{ "dst", SPEC, 0, 8, W_CLOCK },
	{ "offset", SPEC, CF_TIME, 3, W_CLOCK }, /* "a two-hour offset" */
	{ "offsets", SPEC, CF_TIME, 3, W_CLOCK },
	{ "daylight", SPEC, 0, 8, W_CLOCK },
	{ "calendar", SPEC, 0, 8, W_CLOCK },
	{ "o'clock", SPEC, 0, 0, W_CLOCK },
	/* a clock convention: "the time in 24-hour notation", "the 12-hour format" */
	{ "notation", SPEC, CF_TIME | CF_AFTER, 0, W_CLOCK },
	{ "format", SPEC, CF_TIME | CF_AFTER, 0, W_CLOCK },
	{ "representation", SPEC, CF_TIME | CF_AFTER, 0, W_CLOCK },
	{ "am", SPEC, CF_AFTER | CF_TIME, 0, W_CLOCK },
	{ "pm", SPEC, CF_AFTER | CF_TIME, 0, W_CLOCK },
	{ "since", SPEC, CF_AFTER | CF_TIME, 0, W_CLOCK },
	{ "after", SPEC, CF_AFTER | CF_TIME, 0, W_CLOCK },
	{ "after", SPEC, CF_BEFORE | CF_TIME, 0, W_SLEEP }, /* "after 3 seconds, the child exits": a delay */
	{ "past", SPEC, CF_AFTER | CF_TIME, 0, W_CLOCK },
	{ "into", SPEC, CF_AFTER | CF_TIME, 0, W_CLOCK },
	{ "later", SPEC, CF_AFTER | CF_TIME, 0, W_CLOCK },
	{ "ago", SPEC, CF_AFTER | CF_TIME, 0, W_CLOCK },
	{ "timestamp", SPEC, CF_PREFIX, 4, W_CLOCK },
	{ "date", SPEC, CF_PREFIX | CF_TIME, 4, W_CLOCK },
	{ "year", SPEC, CF_PREFIX | CF_TIME, 3, W_CLOCK },
	{ "month", SPEC, CF_PREFIX | CF_TIME, 3, W_CLOCK },
	{ "day", SPEC, CF_TIME, 2, W_CLOCK },
	{ "days", SPEC, CF_TIME, 2, W_CLOCK },
	/* inputs, settings, thresholds */
	{ "default", SPEC, CF_PREFIX, 6, W_INPUT },
	{ "setting", SPEC, CF_PREFIX, 6, W_INPUT },
	{ "configur", SPEC, CF_PREFIX, 6, W_INPUT },
	{ "option", SPEC, CF_PREFIX, 6, W_INPUT },
	{ "argument", SPEC, CF_PREFIX, 8, W_INPUT },
	{ "parameter", SPEC, CF_PREFIX, 8, W_INPUT },
	{ "set", SPEC, 0, 3, W_INPUT },
	{ "sets", SPEC, 0, 3, W_INPUT },
	/* "the harness allows 2 s per test", "each test is allotted 5 s" (twenty-third round, a new author's
	   review) */
	{ "allows", SPEC, CF_BEFORE | CF_TIME, 3, W_INPUT }, /* (a time: "allows for 60 GB/s" is a capacity) */
	{ "allow", SPEC, CF_BEFORE | CF_TIME, 3, W_INPUT },
	{ "allowed", SPEC, CF_BEFORE | CF_TIME, 3, W_INPUT },
	{ "allotted", SPEC, CF_BEFORE | CF_TIME, 3, W_INPUT },
	{ "grants", SPEC, CF_BEFORE | CF_TIME, 3, W_INPUT },
	{ "specif", SPEC, CF_PREFIX, 6, W_INPUT },
	{ "pass", SPEC, 0, 3, W_INPUT },
	{ "passed", SPEC, 0, 3, W_INPUT },
	{ "passing", SPEC, 0, 3, W_INPUT },
	{ "budget", SPEC, 0, 4, W_INPUT },
	{ "inject", SPEC, CF_PREFIX | CF_TIME, 3, W_INPUT }, /* "inject 500 nanoseconds of spin-wait time": a delay added on purpose */
	{ "chose", SPEC, CF_PREFIX | CF_TIME, 3, W_INPUT }, /* "Here, I've chosen 30 seconds": a choice is an input */
	{ "choos", SPEC, CF_PREFIX | CF_TIME, 3, W_INPUT },
	{ "picked", SPEC, CF_TIME, 3, W_INPUT },
	{ "sending", SPEC, CF_TIME | CF_BEFORE, 0, W_INPUT }, /* "if you're sending 40 positional updates per second" */
	{ "send", SPEC, CF_TIME | CF_BEFORE, 0, W_INPUT },
	{ "threshold", SPEC, CF_PREFIX, 6, W_INPUT },
	{ "break-even", SPEC, 0, 8, W_THRESHOLD }, /* "the break-even point is one access every 400 seconds" */
	{ "breakeven", SPEC, 0, 8, W_THRESHOLD },
	{ "target", SPEC, 0, 2, W_INPUT },
	{ "goal", SPEC, 0, 4, W_INPUT },
	{ "acceptable", SPEC, 0, 6, W_INPUT },
	{ "tolerable", SPEC, 0, 6, W_INPUT },
	{ "aim", SPEC, 0, 6, W_INPUT },
	/* limits, ranges, definitions */
	{ "must", SPEC, 0, 5, W_LIMIT },
	{ "limit", SPEC, CF_PREFIX | CF_TIME, 5, W_LIMIT },
	{ "range", SPEC, CF_PREFIX | CF_TIME | CF_BEFORE, 1, W_LIMIT },
	{ "clamp", SPEC, CF_PREFIX | CF_TIME, 6, W_LIMIT }, /* "the value is clamped to the range ..." */
	{ "valid", SPEC, 0, 6, W_LIMIT },
	{ "invalid", SPEC, 0, 6, W_LIMIT },
	{ "field", SPEC, CF_PREFIX, 6, W_LIMIT },
	{ "member", SPEC, CF_PREFIX, 6, W_LIMIT },
	{ "represent", SPEC, CF_PREFIX, 6, W_LIMIT },
	{ "stored", SPEC, CF_TIME, 6, W_LIMIT }, /* "a value of 1.5 seconds is stored as..." */
	{ "normaliz", SPEC, CF_PREFIX | CF_TIME, 6, W_LIMIT }, /* "90 seconds is normalized to 1 minute 30 seconds" */
	{ "units", SPEC, CF_TIME | CF_BEFORE, 2, W_LIMIT },	  /* "counted in units of 10 milliseconds" */
	{ "multiple", SPEC, CF_TIME | CF_BEFORE, 2, W_LIMIT },	  /* "rounded up to a multiple of 10 ms" */
	{ "multiples", SPEC, CF_TIME | CF_BEFORE, 2, W_LIMIT },
	{ "rounded", SPEC, CF_TIME, 6, W_LIMIT },
	{ "kill", SPEC, CF_PREFIX | CF_TIME, 6, W_LIMIT }, /* "up to 10 seconds of CPU time before it is killed" */
	{ "value", SPEC, CF_TIME | CF_BEFORE, 1, W_LIMIT },
	{ "defin", SPEC, CF_PREFIX, 6, W_LIMIT },
	{ "equals", SPEC, CF_TIME, 2, W_LIMIT },
	{ "equivalent", SPEC, CF_TIME, 4, W_LIMIT }, /* "this is equivalent to 5 minutes and 30 seconds" */
	{ "return", SPEC, CF_TIME | CF_BEFORE, 3, W_LIMIT }, /* "a maximum return value of 2147483.647 seconds" */
	{ "returns", SPEC, CF_TIME | CF_BEFORE, 0, W_LIMIT }, /* "difftime() returns 3600 seconds": its output, not its speed */
	{ "priority", SPEC, CF_TIME, 4, W_SLICE }, /* "a high enough priority to get 400 milliseconds" */
	{ "priorities", SPEC, CF_TIME, 4, W_SLICE },
	{ "billionth", SPEC, CF_PREFIX, 4, W_LIMIT },
	{ "millionth", SPEC, CF_PREFIX, 4, W_LIMIT },
	{ "thousandth", SPEC, CF_PREFIX, 4, W_LIMIT },
	{ "standard", SPEC, 0, 6, W_LIMIT },
	{ "frequency", SPEC, CF_TIME, 3, W_LIMIT },
	/* how long code takes */
	{ "take", CLAIM, 0, 5, W_RUN },
	{ "takes", CLAIM, 0, 5, W_RUN },
	{ "took", CLAIM, 0, 5, W_RUN },
	{ "taking", CLAIM, 0, 5, W_RUN },
	{ "spend", CLAIM, CF_PREFIX, 6, W_RUN },
	{ "spent", CLAIM, 0, 6, W_RUN },
	{ "run", CLAIM, 0, 4, W_RUN },
	{ "runs", CLAIM, 0, 4, W_RUN },
	{ "ran", CLAIM, 0, 4, W_RUN },
	{ "running", CLAIM, 0, 4, W_RUN },
	{ "runtime", CLAIM, 0, 6, W_RUN },
	{ "run-time", CLAIM, 0, 6, W_RUN },
	{ "execut", CLAIM, CF_PREFIX, 5, W_RUN },
	{ "complet", CLAIM, CF_PREFIX, 4, W_RUN },
	{ "finish", CLAIM, CF_PREFIX, 4, W_RUN },
	{ "render", CLAIM, CF_PREFIX, 4, W_RUN },
	{ "elapsed", CLAIM, 0, 6, W_RUN },
	{ "duration", CLAIM, 0, 3, W_RUN },
	{ "frame", CLAIM, CF_PREFIX, 4, W_RUN },
	{ "time", CLAIM, CF_FACTOR, 4, W_RUN },
	{ "times", CLAIM, CF_FACTOR, 4, W_RUN },
	{ "cycles", CLAIM, CF_FACTOR, 4, W_RUN },
	{ "ipc", CLAIM, CF_FACTOR, 4, W_SPEED },
	{ "cpi", CLAIM, CF_FACTOR, 4, W_SPEED },
	{ "cpe", CLAIM, CF_FACTOR, 4, W_SPEED },
	{ "icount", CLAIM, CF_PREFIX | CF_FACTOR, 8, W_CHANGE },
	{ "bound", CLAIM, CF_FACTOR, 4, W_SHARE },
	{ "retiring", CLAIM, CF_FACTOR, 4, W_SHARE },
	{ "utilization", CLAIM, CF_FACTOR, 6, W_SHARE },
	{ "occupied", CLAIM, CF_FACTOR, 4, W_SHARE }, /* "those ports are 98% occupied" */
	{ "busy", CLAIM, CF_FACTOR, 4, W_SHARE },
	{ "scaling", CLAIM, CF_FACTOR, 6, W_CHANGE },
	{ "efficiency", CLAIM, CF_FACTOR, 6, W_CHANGE },
	/* speed, latency, throughput */
	{ "latenc", CLAIM, CF_PREFIX, 8, W_SPEED },
	{ "throughput", CLAIM, CF_PREFIX, 8, W_SPEED },
	{ "bandwidth", CLAIM, CF_PREFIX, 8, W_SPEED },
	{ "speed", CLAIM, CF_PREFIX, 8, W_SPEED },
	{ "surpass", CLAIM, CF_PREFIX, 6, W_CHANGE }, /* "we surpass the naive approach by about 15%" */
	{ "outperform", CLAIM, CF_PREFIX, 6, W_CHANGE },

	{ "sped", CLAIM, 0, 8, W_CHANGE }, /* "sped up its micro-benchmarks by up to 1.30x" (sixteenth round) */
	{ "fast", CLAIM, CF_PREFIX, 6, W_SPEED },
	{ "slow", CLAIM, CF_PREFIX, 6, W_SPEED },
	{ "quick", CLAIM, CF_PREFIX, 6, W_SPEED },
	{ "respon", CLAIM, CF_PREFIX, 6, W_SPEED },
	{ "perform", CLAIM, CF_PREFIX, 8, W_SPEED },
	{ "perf", CLAIM, 0, 6, W_SPEED },
	{ "fps", CLAIM, 0, 4, W_SPEED },
	{ "peak", CLAIM, CF_FACTOR, 4, W_SPEED }, /* "85% of peak FLOPS" */
	/* a benchmark's score is how fast code ran, as the benchmark counts it: "our score went up 4x" */
	{ "score", CLAIM, CF_FACTOR, 6, W_SPEED },
	{ "scores", CLAIM, CF_FACTOR, 6, W_SPEED },
	/* costs */
	{ "overhead", CLAIM, CF_PREFIX, 8, W_COST },
	{ "penalt", CLAIM, CF_PREFIX, 8, W_COST },
	{ "cost", CLAIM, CF_PREFIX, 6, W_COST },
	{ "stall", CLAIM, CF_PREFIX, 6, W_COST },
	{ "delay", CLAIM, CF_PREFIX, 4, W_COST },
	{ "wasted", CLAIM, 0, 6, W_COST },
	{ "expensive", CLAIM, 0, 6, W_COST },
	/* changes */
	{ "improv", CLAIM, CF_PREFIX, 8, W_CHANGE },
	{ "gain", CLAIM, CF_PREFIX, 8, W_CHANGE },
	{ "regress", CLAIM, CF_PREFIX, 8, W_CHANGE },
	{ "degrad", CLAIM, CF_PREFIX, 6, W_CHANGE },
	{ "boost", CLAIM, CF_PREFIX, 6, W_CHANGE },
	{ "drop", CLAIM, CF_PREFIX, 6, W_CHANGE },
	{ "loss", CLAIM, 0, 6, W_CHANGE },
	{ "longer", CLAIM, CF_FACTOR, 2, W_RUN },
	{ "shorter", CLAIM, CF_FACTOR, 2, W_RUN },
	{ "saved", CLAIM, 0, 6, W_CHANGE },
	{ "saves", CLAIM, 0, 6, W_CHANGE },
	{ "save", CLAIM, 0, 6, W_CHANGE },
	{ "saving", CLAIM, CF_PREFIX, 6, W_CHANGE },
	{ "shaved", CLAIM, 0, 6, W_CHANGE },

	{ "win", CLAIM, 0, 6, W_CHANGE },
	{ "wins", CLAIM, 0, 6, W_CHANGE },
	{ "gap", CLAIM, CF_FACTOR, 8, W_CHANGE },
	{ "gaps", CLAIM, CF_FACTOR, 8, W_CHANGE },
	{ "delta", CLAIM, CF_FACTOR, 1, W_CHANGE }, /* "a 100x delta": right after the factor only ("delta encoding") */
	{ "difference", CLAIM, CF_FACTOR, 4, W_CHANGE }, /* "the difference is 3.5x": of nothing else named, of speed */
	/* measured or typical figures */
	{ "benchmark", CLAIM, CF_PREFIX | CF_TIME, 6, W_MEASURED },
	{ "measured", CLAIM, CF_TIME, 6, W_MEASURED },
	{ "observed", CLAIM, CF_TIME, 6, W_MEASURED },
	{ "median", CLAIM, CF_TIME, 6, W_MEASURED },
	{ "average", CLAIM, CF_TIME, 6, W_MEASURED },
	{ "mean", CLAIM, CF_TIME, 4, W_MEASURED },
	{ "percentile", CLAIM, CF_TIME, 6, W_MEASURED },
	{ "typically", CLAIM, CF_BEFORE | CF_TIME, 1, W_MEASURED }, /* right before the value, a hedge: "(typically 10 ms)" */
	{ "typical", CLAIM, CF_PREFIX | CF_TIME, 6, W_MEASURED },
	{ "roughly", CLAIM, CF_BEFORE, 1, W_MEASURED },
	{ "about", CLAIM, CF_BEFORE, 1, W_MEASURED },
	{ "around", CLAIM, CF_BEFORE, 1, W_MEASURED },
	{ "approximately", CLAIM, CF_BEFORE, 1, W_MEASURED },
	{ "~", CLAIM, CF_BEFORE, 0, W_MEASURED },
	/* how often a branch or event goes one way (for shares of "the time") */
	{ "branch", NOTT, CF_PREFIX | CF_FACTOR, 8, W_BRANCH },
	{ "taken", NOTT, CF_FACTOR, 8, W_BRANCH },
	{ "predict", NOTT, CF_PREFIX | CF_FACTOR, 8, W_BRANCH },
	{ "mispredict", NOTT, CF_PREFIX | CF_FACTOR, 8, W_BRANCH },
	{ "direction", NOTT, CF_FACTOR, 8, W_BRANCH },
	{ "true", NOTT, CF_FACTOR | CF_BEFORE, 2, W_BRANCH },
	{ "false", NOTT, CF_FACTOR | CF_BEFORE, 2, W_BRANCH },
	/* "at 50% selectivity", "against selectivity from 0 to 100%": a filter's pass rate (twenty-second round) */
	{ "selectiv", NOTT, CF_PREFIX | CF_FACTOR, 8, W_SELECT },
	{ "unrol", NOTT, CF_PREFIX | CF_FACTOR, 8, W_NOT_TIME },
	/* what a factor or a percentage of memory, size or counts is about: not time */
	{ "memory", NOTT, CF_FACTOR, 4, W_NOT_TIME },
	{ "rss", NOTT, CF_FACTOR, 4, W_NOT_TIME },
	{ "size", NOTT, CF_FACTOR, 4, W_NOT_TIME },
	{ "sizes", NOTT, CF_FACTOR, 4, W_NOT_TIME },
	{ "footprint", NOTT, CF_FACTOR, 4, W_NOT_TIME },
	{ "page", NOTT, CF_FACTOR | CF_AFTER | CF_NEAR, 0, W_NOT_TIME }, /* "19% page utilization" */
	{ "allocations", NOTT, CF_FACTOR, 4, W_NOT_TIME },
	{ "misses", NOTT, CF_FACTOR, 4, W_NOT_TIME },
	{ "jam", NOTT, CF_FACTOR, 8, W_NOT_TIME },
	/* the spread of a measurement or a distribution: "increases the variance ... by a factor of 25" */
	{ "variance", NOTT, CF_FACTOR, 8, W_SPREAD },
	{ "deviation", NOTT, CF_FACTOR, 8, W_SPREAD },
	{ "spread", NOTT, CF_FACTOR, 8, W_SPREAD },
	/* "run-to-run variation of 5%": how much runs differ (twenty-second round; "within the noise" is no
	   cue: "we measured 2% and it was within the noise" is a result) */
	{ "run-to-run", NOTT, CF_FACTOR, 4, W_SPREAD },
	/* "the value 31, which is in error by about 0.6%": how far a figure is off (seventeenth round) */
	{ "error", NOTT, CF_FACTOR, 4, W_SPREAD },
};

/* Identifiers in a code span that decide as a word would: `thrd_sleep()`, `tv_nsec`. */
static const struct cue span_cues[] = {
	{ "sleep", SPEC, 0, 10, W_SLEEP },
	{ "wait", SPEC, 0, 10, W_SLEEP },
	{ "timeout", SPEC, 0, 10, W_SLEEP },
	{ "timed", SPEC, 0, 10, W_SLEEP },
	{ "alarm", SPEC, 0, 10, W_SLEEP },
	{ "alrm", SPEC, 0, 10, W_SLEEP },
	{ "timer", SPEC, 0, 8, W_INTERVAL },
	{ "tv_nsec", SPEC, 0, 10, W_LIMIT },
	{ "tv_sec", SPEC, 0, 10, W_LIMIT },
	{ "tv_usec", SPEC, 0, 10, W_LIMIT },
	{ "timespec", SPEC, 0, 10, W_LIMIT },
	{ "timeval", SPEC, 0, 10, W_LIMIT },
	{ "tm_", SPEC, 0, 10, W_CLOCK },
	{ "time_t", SPEC, 0, 10, W_CLOCK },
	{ "clocks_per_sec", SPEC, 0, 10, W_RESOLUTION },
	{ "difftime", SPEC, 0, 8, W_CLOCK },
	{ "mktime", SPEC, 0, 8, W_CLOCK },
	{ "strftime", SPEC, 0, 8, W_CLOCK },
	{ "localtime", SPEC, 0, 8, W_CLOCK },
	{ "gmtime", SPEC, 0, 8, W_CLOCK },
	{ "bound", CLAIM, CF_FACTOR, 8, W_SHARE },
	{ "retiring", CLAIM, CF_FACTOR, 8, W_SHARE },
	{ "speculation", CLAIM, CF_FACTOR, 8, W_SHARE },
	{ "latency", CLAIM, CF_FACTOR, 8, W_SPEED },
	{ "cycles", CLAIM, CF_FACTOR, 8, W_SPEED },
	{ "ipc", CLAIM, CF_FACTOR, 8, W_SPEED },
};

/* Words that only join: after a factor they leave the decision to the sentence. */
static const char *const joiners[] = {
	"of", "in", "on", "at", "to", "for", "with", "by", "than", "and", "or", "when", "while", "if",
	"as", "over", "across", "compared", "relative", "from", "the", "a", "an", "this", "that", "these",
	"those", "its", "their", "our", "your", "it", "is", "was", "are", "were", "be", "up", "per",
	"overall", "on", "average", "here", "there", "now", "then", "again", "which", "but", "so",
	"respectively", "improvement", "such", "after", "before", "without", "because", "due", "since", "once",
	"until", "where", "instead", "thanks", NULL
};

/* Comparatives: a factor with one of these needs a performance word to be a claim. */
static const char *const comparatives[] = {
	"more", "less", "fewer", "higher", "lower", "larger", "smaller", "bigger", "greater",
	"increase", "decrease", "reduction", "difference", "worse", "better", "cut", NULL
};

struct found_cue {
	const struct cue *cue;
	size_t dist;
	size_t at, len, span;
	int before;
};

/* 1 if a digit stands in [a, b) of the text ("10KiB"). */
static int memchr_digit(const struct text *s, size_t a, size_t b)
{
	for (; a < b; a++)
		if (is_digit(s->t[a]))
			return 1;
	return 0;
}

/*
 * 1 if the "per" at p names the period a measure is sampled over: "we plot
 * memory usage per 100 milliseconds", after a noun of what is sampled, with
 * no figure or unit of data in the three words before ("10KiB per 400ms",
 * "1000 requests per 100 ms", "a frame per 16 ms" are rates).
 */
static int sampled_per(const struct text *s, size_t p)
{
	static const char *const sampled[] = { "usage", "utilization", "utilisation", "consumption", "footprint",
					       "load", "activity", "traffic", "samples", "readings", "counts", NULL };
	struct cword w;
	size_t prev;
	int noun = 0;

	for (int d = 0; d < 3 && prev_cword(s, p, &w, &prev); d++, p = prev) {
		if (w.span || memchr_digit(s, w.start, w.end) || match_any(s, w.start, data_words, 1) == w.end)
			return 0;
		if (d == 0 && match_any(s, w.start, sampled, 1) == w.end)
			noun = 1;
	}
	return noun;
}

/* The cue w is, for a value of the given use (0: a time, 1: cycles, 2: a factor or percentage). */
static int word_after(const struct text *s, size_t p, struct cword *w);

/* 1 if w, two letters or more all in capitals, opens its line (spaces before it) and a ':' closes it:
   a line's label in capitals names an item, a command or a key ("SET: 74239.05 requests per second",
   a benchmark's line per command), not the English word it spells (fourteenth round). */
static int caps_label(const struct text *s, const struct cword *w)
{
	/* a setting's own name in capitals ("TIMEOUT: 300 s" in a config's dump) still names the setting
	   (an author's review, fourteenth round) */
	static const char *const settings[] = { "timeout", "interval", "period", "delay", "limit", "deadline",
						"default", NULL };

	if (w->end >= s->n || s->t[w->end] != ':' || w->end - w->start < 2)
		return 0;
	if (match_any(s, w->start, settings, 1) == w->end)
		return 0;
	for (size_t i = w->start; i < w->end; i++)
		if (s->t[i] < 'A' || s->t[i] > 'Z')
			return 0;
	for (size_t i = w->start; i > 0 && s->t[i - 1] != '\n'; i--)
		if (s->t[i - 1] != ' ' && s->t[i - 1] != '\t')
			return 0;
	return 1;
}

/* 1 if "for [the|a] memory" (RAM, data, a load, the cache, the disk, I/O...) follows p: a wait on the hardware. */
static int waits_on_hardware(const struct text *s, size_t p)
{
	static const char *const things[] = { "memory", "ram", "dram", "data", "load", "loads", "cache", "caches",
					      "disk", "io", "i/o", "network", "bus", "miss", "misses", "operands",
					      "results", "result", NULL };
	struct cword w;

	if (!word_after(s, p, &w) || w.span || match_word_ci(s, w.start, "for") != w.end || !word_after(s, w.end, &w) ||
	    w.span)
		return 0;
	for (int k = 0; k < 3; k++) {
		if (match_any(s, w.start, things, 1) == w.end)
			return 1;
		if (!match_any(s, w.start, (const char *const[]){ "the", "a", "an", "main", "its", "their", "L1", "L2",
								   "L3", NULL }, 1) || !word_after(s, w.end, &w) || w.span)
			return 0;
	}
	return 0;
}

/*
 * 1 if the verb "perform" (performs, performed, performing) at [.., e) takes
 * an object: a determiner follows ("to perform the correction", "performs a
 * lookup"), and no comparison within the two words after it ("performs a
 * lot better", "performed the same"); or it is passive ("before collection
 * will be performed"). Then it means "carry out" and says nothing of speed;
 * "performance" and "performs well" still do.
 */
static int performs_task(const struct text *s, const char *word, size_t b, size_t e)
{
	static const char *const verb[] = { "perform", "performs", "performed", "performing", NULL };
	static const char *const det[] = { "the", "a", "an", "this", "that", "these", "those", "its", "their",
					   "our", "your", "his", "her", "each", "every", "some", "any", "such",
					   "another", NULL };
	static const char *const compare[] = { "same", "best", "worst", "faster", "slower", "well", "poorly",
					       "equally", "similarly", NULL };
	struct cword w;
	int k;

	static const char *const be[] = { "is", "are", "was", "were", "be", "been", "being", NULL };
	struct cword v;
	size_t pv;

	for (k = 0; verb[k] && strcmp(word, verb[k]); k++)
		;
	if (verb[k] && !strcmp(word, "performed") && prev_cword(s, b, &v, &pv) && !v.span &&
	    match_any(s, v.start, be, 1) == v.end)
		return 1;
	if (!verb[k] || !word_after(s, e, &w) || w.span || match_any(s, w.start, det, 1) != w.end)
		return 0;
	for (k = 0; k < 2 && word_after(s, w.end, &w) && !w.span; k++)
		if (match_any(s, w.start, comparatives, 1) == w.end || match_any(s, w.start, compare, 1) == w.end)
			return 0;
	return 1;
}

/* 1 if the "delay" at w is a verb the text tells the program or the reader to do: first in a comment,
   or after "to", "then", "first". */
static int delay_verb(const struct text *s, const struct cword *w)
{
	/* "a miss can delay the load 60 ns" is a cost: no modal, no subject */
	static const char *const leads[] = { "to", "then", "and", "first", "simply", "just", NULL };
	struct cword p;
	size_t prev, a = w->start;

	while (a > 0 && (s->t[a - 1] == ' ' || s->t[a - 1] == '\t'))
		a--;
	/* a comment's first word ("// delay 1 second", "/\* delay 500ms *\/"); a line's or a label's
	   first word ("- Delay: 5 ms", "Delay 40 ms, loss 0.1%") may name a measured delay */
	if (a >= 2 && ((s->t[a - 2] == '/' && s->t[a - 1] == '/') || (s->t[a - 2] == '/' && s->t[a - 1] == '*')))
		return 1;
	return prev_cword(s, w->start, &p, &prev) && !p.span && match_any(s, p.start, leads, 1) == p.end;
}

/*
 * 1 if a histogram, a plot or a distribution is named within a few words of w in its clause: a
 * bucket's or a bin's width is then the plot's setting ("a histogram with buckets of 1 µs", "the
 * latency distribution in 10 ms bins"); "a table of 1024 buckets: 40 ns" is a hash table's.
 */
static int plot_near(const struct text *s, const struct cword *w)
{
	static const char *const plots[] = { "plot", "plots", "plotted", "chart", "charts", "graph", "graphs",
					     "heatmap", "heatmaps", "distribution", "distributions", NULL };
	struct cword x;
	size_t p, next;
	char buf[WORD_MAX + 1];

	for (int dir = 0; dir < 2; dir++) {
		p = dir ? w->end : w->start;
		for (int d = 0; d < 12 && (dir ? next_cword(s, p, &x, &next) : prev_cword(s, p, &x, &next)); d++, p = next) {
			if (x.span || x.end - x.start > WORD_MAX)
				continue;
			lower_copy(buf, s->t + x.start, x.end - x.start);
			if (strstr(buf, "histogram") || match_any(s, x.start, plots, 1) == x.end)
				return 1;
		}
	}
	return 0;
}

/*
 * 1 if the warm-up at w is given its length, a setting of the measurement: the length after "of" or
 * "for" ("a warm-up of a few hundred milliseconds", "warming up for 2 s"), or before it after a word
 * that adds one ("after a 2 s warm-up", "with a 500 ms warm-up"). "A typical warm-up is 2 s", "the
 * warm-up phase lasts 2 s", "Warming up the cache: 3 ms" tell how long one took: measured.
 */
static int warmup_set(const struct text *s, const struct cword *w, int before)
{
	static const char *const adds[] = { "after", "with", "following", "plus", "add", "adds", "added", "allow",
					    "allows", "use", "uses", "used", "do", "does", "did", NULL };
	static const char *const whose[] = { "the", "its", "their", "this", "that", "each", "every", "our", "my",
					     "your", "his", "her", NULL };
	struct cword x;

	if (!before)
		return word_before(s, w->start, 5, adds, &x);
	if (!word_after(s, w->end, &x) || x.span)
		return 0;
	if (match_word_ci(s, x.start, "up") == x.end && (!word_after(s, x.end, &x) || x.span))
		return 0;
	if (match_any(s, x.start, (const char *const[]){ "of", "for", NULL }, 1) != x.end)
		return 0;
	/* "the warm-up of the JIT is 2 s": what warms up, not its length */
	return !(word_after(s, x.end, &x) && !x.span && match_any(s, x.start, whose, 1) == x.end);
}

/* 1 if "size" at w says where a factor holds: "at every size", "for all sizes", "across different sizes". */
static int at_sizes(const struct text *s, const struct cword *w);

/*
 * 1 if "pass" at w is the noun: after an article, a demonstrative, an ordinal, "each", "per", "one" or a
 * noun-like word that is no verb's subject pronoun ("the force pass", "each pass", "a second pass"),
 * and no "to" or "as" after it ("pass 5 ms to it" is a verb whatever comes before).
 */
static int at_sizes(const struct text *s, const struct cword *w)
{
	struct cword v;
	size_t prev;

	return prev_cword(s, w->start, &v, &prev) && !v.span &&
	       match_any(s, v.start, (const char *const[]){ "every", "each", "all", "any", "most", "small", "large",
							    "smaller", "larger", "big", "bigger", "different", "various",
							    "these", "those", "other", NULL }, 1) == v.end &&
	       prev_cword(s, prev, &v, &prev) && !v.span &&
	       match_any(s, v.start, (const char *const[]){ "at", "for", "across", "over", "on", "in", NULL }, 1) == v.end;
}

static int pass_noun(const struct text *s, const struct cword *w)
{
	static const char *const leads[] = { "the", "a", "an", "this", "that", "each", "every", "per", "one", "first",
					     "second", "third", "last", "final", "next", "single", "another", "same",
					     "whole", "our", "its", NULL };
	struct cword v, n;
	size_t prev;

	/* "the two-pass one", "a single-pass scan": the end of a compound that names a variant (twenty-second
	   round, an HPC author's chapters) */
	if (w->end - w->start > 5 && s->t[w->end - 5] == '-' &&
	    (is_digit(s->t[w->start]) || number_word(s, w->start) == w->end - 5 ||
	     match_any(s, w->start, (const char *const[]){ "single", "multi", "double", "triple", "one", NULL }, 1) ==
		     w->end - 5))
		return 1; /* (not "by-pass", "band-pass": an attacker's review) */
	if (word_after(s, w->end, &n) && !n.span &&
	    (match_any(s, n.start, (const char *const[]){ "to", "as", "in", "it", "the", NULL }, 1) == n.end ||
	     is_digit(s->t[n.start]) || number_word(s, n.start)))
		return 0; /* "The callers pass 250 ms.": a figure right after it is what is passed */
	if (!prev_cword(s, w->start, &v, &prev) || v.span)
		return 0;
	if (match_any(s, v.start, leads, 1) == v.end)
		return 1;
	/* "the force pass": a noun before it, itself after an article; "the callers pass" is a plural
	   subject and its verb */
	if (v.end - v.start > 2 && s->t[v.end - 1] == 's' && s->t[v.end - 2] != 's')
		return 0;
	return prev_cword(s, prev, &v, &prev) && !v.span &&
	       match_any(s, v.start, (const char *const[]){ "the", "a", "an", "each", "this", "that", NULL }, 1) == v.end;
}

static const struct cue *cue_of(const struct text *s, const struct cword *w, int use, int before, size_t dist,
				size_t *at, size_t *len)
{
	char buf[WORD_MAX + 1];
	struct cword next;
	size_t n;

	if (w->span) {
		char low[SPAN_PEEK + 1];
		size_t k = 0;
		for (; w->span_text[k] && k < SPAN_PEEK; k++)
			low[k] = (char)to_lower((unsigned char)w->span_text[k]);
		low[k] = '\0';
		for (size_t i = 0; i < sizeof span_cues / sizeof span_cues[0]; i++) {
			const char *hit = strstr(low, span_cues[i].word);
			if ((span_cues[i].flags & CF_FACTOR) && use < 2)
				continue;
			if (hit && dist <= span_cues[i].reach) {
				*at = (size_t)(hit - low);
				*len = strlen(span_cues[i].word);
				return &span_cues[i];
			}
		}
		return NULL;
	}
	if (w->start > 0 && s->t[w->start - 1] == '\\')
		return NULL; /* "\\times", "\\textrm": a LaTeX command, not a word */
	/* "<Weak<T> as Drop>::drop", "RawVec<T,A>::current_memory": a word joined to "::" or closing a
	   type's '<...>' is part of a code path, a name, not a word of prose (twentieth round, cargo
	   llvm-lines) */
	if ((w->end + 1 < s->n && s->t[w->end] == ':' && s->t[w->end + 1] == ':') ||
	    (w->start >= 2 && s->t[w->start - 1] == ':' && s->t[w->start - 2] == ':') ||
	    (w->end < s->n && s->t[w->end] == '>' && w->start > 0 && memchr(s->t + (w->start > 40 ? w->start - 40 : 0), '<',
										  w->start - (w->start > 40 ? w->start - 40 : 0))))
		return NULL;
	n = lower_copy(buf, s->t + w->start, w->end - w->start);
	/* "jemalloc cut p99 by 30%", "raised p99 from 1,460": a percentile's name (p50, p90, p95, p99,
	   p999, "p99.9" read up to its point) right before "by" or "from" names a latency, as the word
	   does (twenty-fifth round, a probe's allocator chapters); as a noun's modifier or before "of"
	   it is any distribution's ("the p99 payload grew 3x", "The p90 of household income", "Daily
	   rainfall at p99 rose 20%", a "P90 mask": an attacker's review) */
	if (match_any(s, w->start, (const char *const[]){ "p50", "p75", "p90", "p95", "p99", "p999", "p9999", NULL }, 0) ==
		    w->end &&
	    word_after(s, w->end, &next) && !next.span &&
	    match_any(s, next.start, (const char *const[]){ "by", "from", NULL }, 1) == next.end) {
		static const struct cue percentile = { "p99", CLAIM, 0, 8, W_SPEED };
		*at = w->start;
		*len = w->end - w->start;
		return dist <= percentile.reach ? &percentile : NULL;
	}
	/* "Delay for three seconds", "delays for 10 ms": the verb, with its duration right after
	   "for", is a wait the program makes (a delay's cost is "a delay of", "the delay for a miss") */
	if ((!strcmp(buf, "delay") || !strcmp(buf, "delays")) && before && dist == 1 && word_after(s, w->end, &next) &&
	    !next.span && match_word_ci(s, next.start, "for") == next.end) {
		static const struct cue delay_for = { "delay for", SPEC, 0, 1, W_SLEEP };
		*at = w->start;
		*len = next.end - w->start;
		return &delay_for;
	}
	/* "pulses of approximately 100 microseconds period", "the one hour period first": a period named
	   right after its length, a definition ("a 10s period of unresponsiveness", "a 2 second period
	   where nothing happened" are events; "a steady 16.7 ms pace" a frame rate's) (nineteenth round,
	   arduino-ref) */
	if (!before && dist == 0 && !strcmp(buf, "period") &&
	    !(word_after(s, w->end, &next) && !next.span &&
	      match_any(s, next.start, (const char *const[]){ "of", "where", "when", "in", "during", "that", "which", "with",
							   "without", "while", NULL }, 1) == next.end)) {
		static const struct cue period_after = { "period", SPEC, 0, 6, W_INTERVAL };
		*at = w->start;
		*len = w->end - w->start;
		return &period_after;
	}
	/* "// delay 1 second", "then delay 500ms": the verb, its duration its object, where no article or
	   modifier makes it a noun ("adds a delay of 10ms", "the delay 10 ms later") (nineteenth round,
	   cmsis-rtos2, arduino-ref) */
	if ((!strcmp(buf, "delay") || !strcmp(buf, "delays")) && before && dist == 0 && use == 0 && delay_verb(s, w) &&
	    !(w->end < s->n && s->t[w->end] == ':')) {
		static const struct cue delay_verb_cue = { "delay", SPEC, 0, 1, W_SLEEP };
		*at = w->start;
		*len = w->end - w->start;
		return &delay_verb_cue;
	}
	/* "loses by a factor of almost three", "lost by 15%": losing by a factor is a slow-down, whatever
	   else the sentence names ("the branch is hard to predict") (twenty-first round; "loses 2x the
	   resolution" has no "by" and is left to weak_cue) */
	if ((!strcmp(buf, "loses") || !strcmp(buf, "lose") || !strcmp(buf, "lost") || !strcmp(buf, "losing")) &&
	    use >= 2 && before && dist <= 4 && word_after(s, w->end, &next) && !next.span &&
	    match_word_ci(s, next.start, "by") == next.end) {
		static const struct cue lose_by = { "loses by", CLAIM, 0, 4, W_CHANGE };
		*at = w->start;
		*len = next.end - w->start;
		return &lose_by;
	}
	/* "`waitpid` returns in about 1 µs", "the call returned within 3 ms": how long the call took to
	   come back, not the value it returns (twenty-first round, an author's review) */
	if ((!strcmp(buf, "returns") || !strcmp(buf, "return") || !strcmp(buf, "returned")) && before &&
	    word_after(s, w->end, &next) && !next.span &&
	    match_any(s, next.start, (const char *const[]){ "in", "within", "after", NULL }, 1) == next.end) {
		static const struct cue returns_in = { "returns in", CLAIM, 0, 3, W_RUN };
		*at = w->start;
		*len = next.end - w->start;
		return dist <= 3 ? &returns_in : NULL;
	}
	/* "RSS overhead from 29% to under 15%", "the memory overhead is 12%", "space cost": an overhead or a
	   cost that a word of memory names right before it is one in memory, not in time (twenty-fifth
	   round, a probe's allocator chapters; "the per-call overhead is 12%" stays a cost of time) */
	if ((!strcmp(buf, "overhead") || !strcmp(buf, "overheads") || !strcmp(buf, "cost") || !strcmp(buf, "costs")) &&
	    use >= 2 && prev_cword(s, w->start, &next, &(size_t){ 0 }) && !next.span &&
	    match_any(s, next.start, (const char *const[]){ "memory", "rss", "space", "storage", "heap", "footprint",
							     "metadata", "ram", "disk", NULL }, 1) == next.end) {
		static const struct cue memory_cost = { "overhead", NOTT, CF_FACTOR, 8, W_MEMORY_SHARE };
		/* unless its clause names a time after it: "Memory overhead is 9% of total time", "The heap
		   overhead adds 12% to the latency", "... every write waits for `fsync`" (an attacker's review) */
		struct cword v = *w;
		size_t pv, from = w->end;
		int timed = 0, stop = 0;
		for (int k = 0; k < 12 && !timed && !stop && next_cword(s, v.end, &v, &pv); k++) {
			for (; from < v.start && !stop; from++)
				stop = stops_clause(s, from);
			timed = !stop && !v.span && (match_any(s, v.start, (const char *const[]){ "time", "runtime", "latency",
											  "latencies", "wall-clock", "waits",
											  "wait", "slower", "faster", NULL },
						      1) == v.end ||
					    match_time_unit(s, v.start) == v.end);
		}
		if (!timed) {
			*at = next.start;
			*len = w->end - next.start;
			return dist <= memory_cost.reach ? &memory_cost : NULL;
		}
	}
	/* "fine rasterization 2.04ms": "fine" or "coarse" before a noun names a stage or a kind of thing; a
	   resolution is "as fine as", "finer than", "fine-grained" (sixteenth round) */
	if ((!strcmp(buf, "fine") || !strcmp(buf, "coarse") || !strcmp(buf, "finer") || !strcmp(buf, "coarser")) &&
	    word_after(s, w->end, &next) && !next.span && is_alpha(s->t[next.start]) &&
	    !match_any(s, next.start, (const char *const[]){ "as", "than", "grained", "enough", "resolution",
							     "granularity", "to", NULL }, 1))
		return NULL;
	/* "2.04ms at the best setting of CHUNK": the setting a figure was measured at, after it, is the
	   run's condition, not what the figure is (sixteenth round) */
	if (!before && (!strncmp(buf, "setting", 7) || !strncmp(buf, "configur", 8) || !strcmp(buf, "value")) &&
	    word_before(s, w->start, 1, (const char *const[]){ "best", "optimal", "fastest", "ideal", NULL }, &next))
		return NULL;
	/* "run the code for half a second before starting the clock", "Run each benchmark for 10 s": the
	   verb told (first in its sentence or item, or after "to", "then", "first"), its duration after
	   "for", is how long an experiment runs, a setting; "during a single one-minute run": a run's
	   length as the adjective of the noun "run", after a word that spans or sets up the run, names a
	   run set up so (twentieth round) */
	if (!strcmp(buf, "run") || !strcmp(buf, "runs")) {
		static const struct cue run_for = { "run", SPEC, 0, 5, W_EXPERIMENT };
		struct cword p, f;
		size_t pv, nx = w->end;
		if (before && dist <= 5 && !strcmp(buf, "run") && (!prev_cword(s, w->start, &p, &pv) || delay_verb(s, w))) {
			/* "for" the last word before the value ("Run time for the loop: 5 s" is a run's time) */
			size_t d = 0;
			while (d < dist && next_cword(s, nx, &f, &pv))
				d++, nx = pv;
			if (d == dist && dist > 0 && !f.span && match_word_ci(s, f.start, "for") == f.end) {
				*at = w->start;
				*len = w->end - w->start;
				return &run_for;
			}
		}
		/* only a run set up or spanned so: "during a single one-minute run", "we did a 2-hour run";
		   "A full 2-hour run of the suite is the bottleneck", "Each 40-minute run of the pipeline
		   costs" tell how long what runs takes (an attacker's review) */
		static const char *const spans[] = { "during", "in", "over", "throughout", "across", "within", "for",
						     "after", "do", "does", "did", "doing", "perform", "performs",
						     "performed", "start", "starts", "started", "launch", "launched",
						     "schedule", "scheduled", "use", "used", "make", "made", "run", "ran",
						     "execute", "executed", NULL };
		if (!before && dist == 0 && prev_cword(s, w->start, &p, &pv) && !p.span &&
		    skip_space(s, p.end) == w->start && memchr(s->t + p.start, '-', p.end - p.start) &&
		    !(word_after(s, w->end, &f) && !f.span && match_word_ci(s, f.start, "of") == f.end) &&
		    word_before(s, p.start, 3, spans, &f)) {
			*at = w->start;
			*len = w->end - w->start;
			return &run_for;
		}
	}
	/* "the lowest run of 1s", "runs of 1s": a run as a noun, a sequence of things, no running (sixteenth
	   round) */
	if ((!strcmp(buf, "run") || !strcmp(buf, "runs")) && word_after(s, w->end, &next) && !next.span &&
	    match_word_ci(s, next.start, "of") == next.end)
		return NULL;
	/* "on a laptop running a browser", "a server running Linux": "running" right after a noun its
	   determiner leads, before what runs there (an article or a name), says what a machine runs, a
	   condition of the figure, not how long code takes (twentieth round) */
	if (!strcmp(buf, "running") && word_after(s, w->end, &next) && !next.span &&
	    (match_any(s, next.start, (const char *const[]){ "a", "an", "the", NULL }, 1) == next.end ||
	     (s->t[next.start] >= 'A' && s->t[next.start] <= 'Z'))) {
		struct cword noun, det;
		size_t pv;
		if (prev_cword(s, w->start, &noun, &pv) && !noun.span && is_alpha(s->t[noun.start]) &&
		    skip_space(s, noun.end) == w->start &&
		    match_any(s, noun.start, (const char *const[]){ "is", "are", "was", "were", "be", "been", "keep",
								     "keeps", "kept", "start", "starts", "started", "stop",
								     "while", "when", "by", "after", "before", "of", "from",
								     "spent", "spend", "spends", "time", "total", "the", "a",
								     "an", "its", "and", "or", "not", "still", "also", NULL }, 1) != noun.end &&
		    prev_cword(s, noun.start, &det, &pv) && !det.span &&
		    match_any(s, det.start, (const char *const[]){ "a", "an", "the", "each", "every", "any", "one",
								   "my", "our", "your", "this", "that", "some", NULL }, 1) ==
			    det.end)
			return NULL;
	}
	/* "5 ms per pass", "each pass takes": a pass over the data, an iteration, no value passed */
	if (!strcmp(buf, "pass") &&
	    word_before(s, w->start, 1, (const char *const[]){ "per", "each", "every", NULL }, &next))
		return NULL;
	/* "target(s)": targets counted (a build's, as cargo prints them), no goal set */
	if (!strcmp(buf, "target") && w->end + 3 <= s->n && !memcmp(s->t + w->end, "(s)", 3))
		return NULL;
	/* "+3-11% compression speed for `arm` target", "for the aarch64 target": a platform a build is for,
	   named in code type or as an architecture, no goal set (thirty-fourth round, zstd's changelog) */
	if ((!strcmp(buf, "target") || !strcmp(buf, "targets")) && prev_cword(s, w->start, &next, &(size_t){ 0 }) &&
	    (next.span || match_any(s, next.start, (const char *const[]){ "arm", "arm64", "aarch64", "x86", "x86-64",
									  "x86_64", "x64", "amd64", "i386", "i686", "wasm",
									  "riscv", "risc-v", "mips", "powerpc", "ppc64",
									  "ppc64le", "s390x", NULL }, 1) == next.end)) {
		/* (right after "for": "Our `frame_time` target is 16 ms", "the `SLO` target", "We aim for the
		   `render` target of 33 ms" are goals: an attacker's review) */
		/* (nothing but spaces between: "for arm, target 50 ms per frame" is a goal, its verb after a
		   comma: a second attacker's review) */
		struct cword f;
		int joined = 1;
		for (size_t k = next.end; k < w->start; k++)
			joined &= space_at(s, k) != 0;
		if (joined && prev_cword(s, next.start, &f, &(size_t){ 0 }) && !f.span &&
		    match_word_ci(s, f.start, "for") == f.end) {
			for (size_t k = f.end; k < next.start; k++)
				joined &= space_at(s, k) != 0;
			if (joined)
				return NULL;
		}
	}
	/* "times out after half a second", "timed out": a timeout in two words */
	if ((!strcmp(buf, "times") || !strcmp(buf, "timed") || !strcmp(buf, "time")) && dist <= 10 &&
	    word_after(s, w->end, &next) && match_word_ci(s, next.start, "out") == next.end) {
		static const struct cue times_out = { "times out", SPEC, 0, 10, W_SLEEP };
		*at = w->start;
		*len = next.end - w->start;
		return &times_out;
	}
	/* "Give or take a factor of 2", "give or take 5 ms": a margin, not a figure of its own */
	if (!strcmp(buf, "take") && dist <= 6 && w->start >= 8) {
		struct cword o, g;
		size_t pv;
		if (prev_cword(s, w->start, &o, &pv) && !o.span && match_word_ci(s, o.start, "or") == o.end &&
		    prev_cword(s, o.start, &g, &pv) && !g.span && match_word_ci(s, g.start, "give") == g.end) {
			static const struct cue margin_f = { "give or take", NOTT, 0, 6, W_SPREAD };
			static const struct cue margin_t = { "give or take", SPEC, 0, 6, W_RESOLUTION };
			*at = g.start;
			*len = w->end - g.start;
			return use >= 2 ? &margin_f : &margin_t;
		}
	}
	/* "daylight saving time", "daylight savings": a name, no time saved */
	if (!strncmp(buf, "saving", 6)) {
		size_t pv;
		if (prev_cword(s, w->start, &next, &pv) && !next.span && match_word_ci(s, next.start, "daylight") == next.end)
			return NULL;
	}
	/* a compound decides by its last part when not by itself: "wall-time", "compile-time", "max-rss" */
	for (size_t skip = 0, pass = 0; pass < 2; pass++) {
	const char *word = buf + skip;
	size_t wn = n - skip;
	if (pass) {
		const char *dash = memrchr(buf, '-', n);
		if (!dash || (size_t)(dash - buf) + 2 > n)
			break;
		skip = (size_t)(dash - buf) + 1;
		word = buf + skip;
		wn = n - skip;
	}
	if (!wn || !strchr("abcdefghijklmnopqrstuvwxyz~", word[0]))
		continue;
	for (size_t i = 0; i < sizeof cues / sizeof cues[0]; i++) {
		const struct cue *c = &cues[i];
		if (c->word[0] != word[0])
			continue;
		size_t cl = strlen(c->word);
		int hit = (c->flags & CF_PREFIX) ? wn >= cl && memcmp(word, c->word, cl) == 0
						 : wn == cl && memcmp(word, c->word, cl) == 0;
		/* "definitely", "definite": a word of certainty, no definition */
		if (hit && c->why == W_LIMIT && wn >= 8 && memcmp(word, "definite", 8) == 0)
			continue;
		/* "10KiB per 400ms", "15 MB per 100 ms": a rate's figure before "per" makes the time its
		   denominator, the rate a claim; only "usage per 100 ms" names a period */
		if (hit && c->why == W_INTERVAL && !strcmp(c->word, "per") && !sampled_per(s, w->start))
			continue;
		/* "45% of respondents", "the module responsible for it": people who answer and a duty, no
		   response (seventeenth round) */
		if (hit && c->why == W_SPEED && !strcmp(c->word, "respon") && wn >= 9 &&
		    (!memcmp(word, "responden", 9) || !memcmp(word, "responsib", 9)))
			continue;
		/* "Specifically, I achieved an 18-fold speed up": an adverb of focus ("in particular"), no
		   word of specifying (eleventh round) */
		if (hit && c->why == W_INPUT && wn >= 12 && memcmp(word, "specifically", 12) == 0)
			continue;
		/* "1,271.48 msec task-clock", "cpu-clock": a clock named by what it counts measured the
		   time, as "wall-clock minutes" (twelfth round); a clock fact is "a 24-hour clock" */
		if (hit && pass && c->why == W_CLOCK && !strncmp(word, "clock", 5))
			continue;
		/* "renderers", "an executor": the agent of a verb of running names a part of a program, not
		   its running (eighth round) */
		if (hit && c->why == W_RUN && (c->flags & CF_PREFIX) &&
		    ((wn == cl + 2 && (!memcmp(word + cl, "er", 2) || !memcmp(word + cl, "or", 2))) ||
		     (wn == cl + 3 && (!memcmp(word + cl, "ers", 3) || !memcmp(word + cl, "ors", 3)))))
			continue;
		/* "which allows for 60 GB/s": what a part can do, no allowance given */
		if (hit && c->why == W_INPUT && !strncmp(c->word, "allow", 5) && word_after(s, w->end, &next) && !next.span &&
		    match_word_ci(s, next.start, "for") == next.end)
			continue;
		/* "The clock is 5% behind", "2% behind schedule": a clock's or a plan's lead, no speed */
		if (hit && c->cls == CLAIM && (c->flags & CF_FACTOR) && (!strcmp(c->word, "ahead") || !strcmp(c->word, "behind")) &&
		    (!runs_in_sentence(s, w->start) || /* "The write pointer is two times ahead of the read pointer" */
		     /* "may run at most twice ahead of the read index", "at most 5% behind the leader's": a bound */
		     word_before(s, w->start, 5, (const char *const[]){ "most", "least", NULL }, &next) ||
		     word_before(s, w->start, 8, (const char *const[]){ "clock", "clocks", "utc", "gmt", "zone", NULL }, &next) ||
		     (word_after(s, w->end, &next) && !next.span &&
		      match_any(s, next.start, (const char *const[]){ "schedule", "plan", "utc", "gmt", NULL }, 1) == next.end)))
			continue;
		/* a hedge ("about", "~") qualifies the value right after it, a factor's too */
		if (!hit || (dist > c->reach && (use < 2 || (c->flags & CF_NEAR) ||
						 (c->why == W_MEASURED && (c->flags & CF_BEFORE)))))
			continue;
		if ((c->flags & CF_BEFORE) && !before)
			continue;
		if ((c->flags & CF_AFTER) && before)
			continue;
		if ((c->flags & CF_TIME) && use != 0)
			continue;
		if ((c->flags & CF_FACTOR) && use < 2)
			continue;
		if (c->cls == NOTT && use < 2)
			continue;
		/* "a table of 1024 buckets: 40 ns", "with 64 buckets": a hash table's buckets; a bucket's width is
		   a setting only near a histogram or a plot (twentieth round, an attacker's review) */
		if (c->why == W_BUCKET && !plot_near(s, w))
			continue;
		/* "A typical warm-up is 2 s": a warm-up's length is a setting only where it is given */
		if (c->why == W_EXPERIMENT && !warmup_set(s, w, before))
			continue;
		/* "blocked: 96 ms": a label, the name of a variant (a blocked loop, a blocking version) listed
		   with its result, not a thread blocking (an author's review, twelfth round) */
		if (c->why == W_SLEEP && !strncmp(c->word, "block", 5) && before && w->end < s->n && s->t[w->end] == ':')
			continue;
		/* "94% of its slots waiting", "~95% of its cycles waiting on loads": the share of the run a
		   program spent stalled, a measurement; "the load waits about 200 cycles for DRAM": a stall's
		   length, hedged, measured (twenty-second round: four writers of chapters and lessons) */
		if (c->why == W_SLEEP && !strncmp(word, "wait", 4) &&
		    ((use >= 2 && !before) ||
		     (use == 1 && wn > 4 && before && word_after(s, w->end, &next) && !next.span &&
		      (match_any(s, next.start, (const char *const[]){ "about", "roughly", "around", "nearly", "almost",
									 "some", "approximately", NULL }, 1) == next.end ||
		       s->t[next.start] == '~'))))
			continue;
		/* "waiting time", "wait times": a noun for a latency, not a wait */
		if (c->why == W_SLEEP && word_after(s, w->end, &next) && (match_word_ci(s, next.start, "time") ||
									   match_word_ci(s, next.start, "times")))
			continue;
		/* "the difference is 3.5x", not "difference in the nice values ... a factor of 1.25": it names what differs */
		if (!strcmp(c->word, "difference") && word_after(s, w->end, &next) && !next.span &&
		    match_any(s, next.start, (const char *const[]){ "in", "of", "between", NULL }, 1) == next.end)
			continue;
		/* "the average wait on our server was 17 ms", "median waits": a statistic's noun, the latency
		   jobs saw, not a wait the program is told to make (an author's review, thirteenth round) */
		if (c->why == W_SLEEP && !strncmp(word, "wait", 4) && (wn == 4 || (wn == 5 && word[4] == 's'))) {
			struct cword st;
			size_t pv;
			if (prev_cword(s, w->start, &st, &pv) && !st.span &&
			    match_any(s, st.start, (const char *const[]){ "average", "mean", "median", "typical",
									    "measured", "observed", NULL }, 1) == st.end)
				continue;
		}
		/* "stalls for 200 cycles waiting for memory": code waiting on the hardware is a stall, not a sleep */
		if (c->why == W_SLEEP && !strncmp(word, "wait", 4) && waits_on_hardware(s, w->end))
			continue;
		/* "the standard library", "standard output", "standard deviation": no limit from a standard */
		if (c->why == W_LIMIT && c->word[0] == 's' && word_after(s, w->end, &next) &&
		    match_any(s, next.start, (const char *const[]){ "library", "libraries", "output", "input", "error",
								    "deviation", "streams", "stream", NULL }, 1) == next.end)
			continue;
		/* "Test #71: st_wcs_srv ....   Passed    5.01 sec", "PASSED in 0.1s": a test runner's status,
		   then the time the test ran; a value passed is "passed to", "passed as" (nineteenth round,
		   lws-readmes' ctest, tcmalloc-docs' bazel) */
		if (c->why == W_INPUT && !strcmp(word, "passed") && before &&
		    (s->t[w->start] == 'P' || (word_after(s, w->end, &next) && !next.span &&
					       (is_digit(s->t[next.start]) || match_word_ci(s, next.start, "in") == next.end))))
			continue;
		/* "close to the blocked Bloom filter's: 29 ns", "the blocked version takes 3 ms": "blocked" or
		   "blocking" naming a variant (cache blocking), after a determiner, not a thread blocking
		   (twenty-first round) */
		if (c->why == W_SLEEP && (!strcmp(word, "blocked") || !strcmp(word, "blocking")) &&
		    word_before(s, w->start, 1, (const char *const[]){ "the", "a", "an", "our", "this", "that", "its",
									"their", "each", NULL }, &next))
			continue;
		/* "the branchless search beats the original ... by 2-3x", "45% faster than the branchy one":
		   a version named by how it branches, not how often a branch goes one way (twenty-first round) */
		if (c->why == W_BRANCH && (!strcmp(word, "branchless") || !strcmp(word, "branchy") ||
					   !strcmp(word, "branch-free")))
			continue;
		/* "beats the original at every size, by a factor of 2-3x", "faster for all sizes": where the
		   factor holds, not what it is a factor of (twenty-first round) */
		if (c->cls == NOTT && c->why == W_NOT_TIME && (!strcmp(word, "size") || !strcmp(word, "sizes")) &&
		    at_sizes(s, w))
			continue;
		/* "60% faster at low selectivity, though only 10% at high selectivity": a selectivity said in
		   words is where the figure holds, not what the figure is (twenty-second round) */
		if (c->why == W_SELECT &&
		    word_before(s, w->start, 1, (const char *const[]){ "low", "high", "medium", "moderate", "full", "any",
								     "every", "all", "intermediate", "varying", NULL }, &next))
			continue;
		if (c->why == W_INTERVAL && !strcmp(word, "every") && before && word_after(s, w->end, &next) &&
		    !next.span && at_sizes(s, &next))
			continue;

		/* "the force pass went from 2.7 ms", "each pass takes 40 ms", "the second pass": a pass of an
		   algorithm over its data, the noun after a determiner, an ordinal or a noun, not a value passed
		   (twenty-first round, an HPC author's chapters) */
		if (c->why == W_INPUT && !strcmp(word, "pass") && pass_noun(s, w))
			continue;
		/* "tm_min takes values from 0 to 59 minutes", "takes on values": a range of values, no run
		   (nineteenth round, an author's review) */
		if (c->why == W_RUN && !strncmp(word, "tak", 3) && word_after(s, w->end, &next) && !next.span &&
		    (match_any(s, next.start, (const char *const[]){ "values", "value", NULL }, 1) == next.end ||
		     (match_word_ci(s, next.start, "on") == next.end && word_after(s, next.end, &next) && !next.span &&
		      match_any(s, next.start, (const char *const[]){ "values", "value", NULL }, 1) == next.end)))
			continue;
		/* "on a select set of benchmarks", "the set of inputs": a collection, the noun, no setting
		   (nineteenth round, pypy-blog) */
		if (c->why == W_INPUT && (!strcmp(word, "set") || !strcmp(word, "sets")) &&
		    word_after(s, w->end, &next) && !next.span && match_word_ci(s, next.start, "of") == next.end)
			continue;
		/* "slower for sparse sets, by about 60%", "for small sets": the plural noun after an adjective;
		   "the limit set by one crc32 per cycle": a cause, the participle before "by" (twenty-second
		   round, an HPC author's chapters) */
		if (c->why == W_INPUT && (!strcmp(word, "set") || !strcmp(word, "sets"))) {
			struct cword pw;
			size_t pv;
			/* (not "It is set by `init()` to 250 ms", "is set by the caller": a passive with its verb of
			   being is a setting; not "Each of these sets 40 ms": a pronoun's verb; an attacker's
			   review) */
			if (!strcmp(word, "set") && word_after(s, w->end, &next) && !next.span &&
			    match_word_ci(s, next.start, "by") == next.end &&
			    !(prev_cword(s, w->start, &pw, &pv) && !pw.span &&
			      match_any(s, pw.start, (const char *const[]){ "is", "are", "was", "were", "be", "been", "being",
									    "gets", "get", "got", NULL }, 1) == pw.end))
				continue;
			if (!strcmp(word, "sets") && prev_cword(s, w->start, &pw, &pv) && !pw.span &&
			    match_any(s, pw.start, (const char *const[]){ "sparse", "dense", "small", "large", "big", "data",
									  "bit", "hash", "sorted", "working", NULL }, 1) == pw.end)
				continue;
		}
		/* "SET: 74239.05 requests per second": a command's name as a line's label, no setting */
		if (c->cls == SPEC && before && caps_label(s, w))
			continue;
		/* "the skew used to perform the correction": carrying out a task, not its speed */
		if (c->why == W_SPEED && !strncmp(word, "perform", 7) && performs_task(s, word, w->start, w->end))
			continue;
		*at = w->start + skip;
		*len = w->end - w->start - skip;
		return c;
	}
	}
	return NULL;
}

/*
 * The nearest deciding word around [start, end) for a value of the given
 * use; 0 when none. Ties go to the word before, then to a specified
 * duration.
 */
static int nearest_cue(const struct text *s, size_t start, size_t end, int use, struct found_cue *best)
{
	struct cword w;
	size_t p = start, next, at, len, hedge = 0;
	int found = 0, by = 0;

	for (size_t d = 0; d < (use >= 2 ? CONTEXT_BEFORE_FACTOR : CONTEXT_BEFORE) && prev_cword(s, p, &w, &next);
	     d++, p = next) {
		/* a factor's performance word is in its own clause: "run 2x faster, and cut costs by a factor of two";
		   ", by a factor of 2-3x" right after the comma goes on with the verb before it ("beats the
		   original at every size, by a factor of 2-3x", twenty-first round) */
		if (use == 4 && comma_between(s, w.end, p) && !(comma_between(s, p, start) ? 0 : by_after_comma(s, w.end, start)))
			break;
		/* a time's hedge looks past its own comma only: "the clock, typically 10 ms", not "With a 5 s
		   timeout, the query returns in about 2 ms" */
		if (use == 0 && found && d > hedge + 1 && comma_between(s, w.end, p))
			break;
		/* a hedge before a time is no word between: "wraps after about 72 minutes" */
		const struct cue *c = cue_of(s, &w, use, 1, found && use == 0 ? d - hedge - 1 : d, &at, &len);
		if (c && found) {
			/* "sleep about 5 s", "mispredictions (about 15%)": a hedge yields to the word it follows
			   ("large sizes (about 1.3x)": not to a size, which is what the figure is about) */
			/* it decides at the hedge's distance: "wait for a ~100ms slow call" is still a wait */
			/* "cuts misses by about 30%": the amount by which a count changes, whatever the hedge */
			if (c->cls == SPEC || c->why == W_BRANCH || (by && (c->why == W_NOT_TIME || c->why == W_SPREAD)))
				*best = (struct found_cue){ c, hedge, at, len, w.span, 1 };
			break;
		}
		if (found && !w.span && match_word_ci(s, w.start, "by") == w.end)
			by = 1;
		if (c && (!found || d < best->dist || (d == best->dist && c->cls == SPEC && best->cue->cls != SPEC))) {
			*best = (struct found_cue){ c, d, at, len, w.span, 1 };
			found = 1;
			if (c->why != W_MEASURED || !(c->flags & CF_BEFORE))
				break; /* the nearest before is found: farther ones cannot beat it */
			hedge = d;
		}
		/* only the word the hedge follows, or one a preposition or an article joins: "sleep for about 5 s",
		   "wait for a ~100ms call"; a time's hedge yields to any word of its sentence that specifies it,
		   unless a claim's word comes first ("the granularity of the clock, typically 10 ms") */
		if (found && use != 0 && (d >= hedge + 3 || (d > hedge && (w.span || match_any(s, w.start,
			(const char *const[]){ "for", "of", "in", "to", "at", "by", "a", "an", "the", NULL }, 1) != w.end))))
			break;
	}
	p = end;
	for (size_t d = 0; d < CONTEXT_AFTER && next_cword(s, p, &w, &next); d++, p = next) {
		if (found && d >= best->dist + (best->cue->cls == SPEC ? 0 : 1))
			break;
		/* "unroll the loop by a factor of two, we execute...": a factor's words are in its clause */
		if ((use >= 2 || found) && comma_between(s, p, w.start))
			break;
		const struct cue *c = cue_of(s, &w, use, 0, d, &at, &len);
		if (c && (!found || d < best->dist || (d == best->dist && c->cls == SPEC && best->cue->cls != SPEC))) {
			*best = (struct found_cue){ c, d, at, len, w.span, 0 };
			found = 1;
			break;
		}
	}
	return found;
}

/* q decided: class cls, by the words [at, at + len) of the text (no code span), for why. */
static void decide(struct quantity *q, enum quantity_class cls, size_t at, size_t len, const char *why)
{
	q->cls = cls;
	q->cue = at;
	q->cue_len = len;
	q->cue_span = 0;
	q->why = why;
}

static void set_cue(struct quantity *q, const struct found_cue *f)
{
	q->cue = f->at;
	q->cue_len = f->len;
	q->cue_span = f->span;
	q->why = f->cue->why;
}

/* The nearest of words among the max context words before p (none in a code span), in *w: 1, else 0. */
static int word_before(const struct text *s, size_t p, int max, const char *const *words, struct cword *w)
{
	size_t prev;

	for (int d = 0; d < max && prev_cword(s, p, w, &prev); d++, p = prev)
		if (!w->span && match_any(s, w->start, words, 1) == w->end)
			return 1;
	return 0;
}

/* The word right after p (spaces skipped), as a context word; 0 if a sentence end or nothing comes. */
static int word_after(const struct text *s, size_t p, struct cword *w)
{
	size_t next;

	size_t q = skip_space(s, p);
	if (s->table && memchr(s->t + p, '\n', q - p))
		return 0;
	p = q;
	if (p >= s->n || !(word_char_at(s, p) || span_at(s, p, &next)))
		return 0;
	return next_cword(s, p, w, &next);
}

static int is_joiner(const struct text *s, const struct cword *w)
{
	return !w->span && match_any(s, w->start, joiners, 1) == w->end;
}

/* The first word after p that is not a joiner, within two words; 0 if none (or "than", "and", "but" comes first). */
static int noun_after(const struct text *s, size_t p, struct cword *w)
{
	for (int k = 0; k < 3; k++) {
		/* "throughput is 4 times higher and the code is ...": the next clause's noun is not the
		   comparative's (nineteenth round) */
		if (!word_after(s, p, w) || (!w->span && match_any(s, w->start, (const char *const[]){ "than", "and", "but",
											  "whereas", NULL }, 1) == w->end))
			return 0;
		if (!is_joiner(s, w))
			return 1;
		p = w->end;
	}
	return 0;
}

/*
 * 1 if a preposition or a conjunction follows the comparative adjective cmp ("in" names what it
 * compares: "4 times higher in latency"): "is 20% better when the
 * pixels ...", "20% higher with the new queue": the comparative has no noun of its own, and what it
 * compares is the sentence's subject (eighteenth round).
 */
static int predicative(const struct text *s, const struct cword *cmp)
{
	static const char *const words[] = { "with", "when", "on", "for", "using", "at", "after", "if",
					     "under", "over", "across", "compared", "relative", "by", "while",
					     "whenever", "because", "since", "once", NULL };
	struct cword w;

	/* a comparative noun's object follows a preposition: "a 20% reduction in traffic" */
	if (match_any(s, cmp->start, (const char *const[]){ "increase", "decrease", "reduction", "difference", NULL },
		      1) == cmp->end)
		return 0;
	return word_after(s, cmp->end, &w) && !w.span && match_any(s, w.start, words, 1) == w.end;
}

/* 1 if the clause before p (back to its start, at most 150 bytes) names memory or a size: its subject. */
static int memory_subject(const struct text *s, size_t p)
{
	static const char *const words[] = { "memory", "rss", "size", "sizes", "footprint", "heap", "binary",
					     "ram", "storage", "disk", NULL };
	size_t a = p;

	while (a > 0 && p - a < 150 && s->t[a - 1] != '\n' && !stops_clause(s, a - 1) && s->t[a - 1] != ',')
		a--;
	for (size_t q = a; q < p; q++)
		if (is_alpha(s->t[q]) && (q == a || !is_alpha(s->t[q - 1])) && match_any(s, q, words, 1))
			return 1;
	return 0;
}

/* The performance word that w is, for a factor or a percentage; NULL if it is none. */
static const struct cue *perf_word(const struct text *s, const struct cword *w, size_t *at, size_t *len)
{
	const struct cue *c = cue_of(s, w, 3, 0, 0, at, len);

	return c && c->cls == CLAIM ? c : NULL;
}

/*
 * The performance word of the sentence before the one holding start (at
 * most CONTEXT_BEFORE_FACTOR words back to its start, 30 into the one before): a bare
 * factor whose own sentence names nothing often gives the figure for what
 * the sentence before compared. 1 if found (*f, its distance 0).
 */
static int prior_sentence(const struct text *s, size_t start, int use, struct found_cue *f)
{
	struct cword w;
	size_t p = start, prev, at, len, x;
	int d = 0;

	for (; d < CONTEXT_BEFORE_FACTOR && prev_cword(s, p, &w, &prev); d++)
		p = prev;
	if (d == CONTEXT_BEFORE_FACTOR)
		return 0;
	for (x = p; x > 0 && p - x < 8; x--)
		if (stops_clause(s, x - 1))
			break;
	if (x == 0 || p - x >= 8 || s->t[x - 1] == '|' || s->t[x - 1] == '\n')
		return 0;
	p = x - 1;
	for (d = 0; d < 30 && prev_cword(s, p, &w, &prev); d++, p = prev) {
		const struct cue *c = cue_of(s, &w, use, 1, 0, &at, &len);
		if (c && c->cls == CLAIM && c->why != W_MEASURED) {
			*f = (struct found_cue){ c, 0, at, len, w.span, 1 };
			return 1;
		}
	}
	return 0;
}

/* ---- the candidates ---- */

struct cand {
	enum quantity_kind kind;
	int cls; /* UNDECIDED: the sentence decides */
	int use; /* for nearest_cue(): 0 a time or rate, 1 cycles, 2 a factor or percentage */
	size_t cue, cue_len;
	size_t cue_span; /* the cue stands in this code span (its own text), not in the text */
	const char *why;
	int need_perf; /* a factor or a percentage: only a quantity if a performance word is near */
	size_t span;   /* the value is this code span ("IPC of `0.2`"), found from the word before it */
	int bare;      /* a number with no unit, led by its metric's name ("IPC goes from 4.0"): "to 7.1" is one too */
	int order;     /* an order of magnitude ("hundreds of cycles"): a figure only when a word says so */
	int comparative; /* a factor with a comparative and no noun after ("ten times less") */
	int calendar;    /* days, weeks, months or years: a run time only when a word of running leads it */
	int bound_one;   /* "more than an hour": a quantity only when a word of running leads it, then read as any */
	int clock;       /* hours and minutes together ("21 hours, 17 minutes"): a clock's span, unless run */
	int sibling;     /* "9.0% vs. 7.5% overhead": a share only the far end of its range or comparison decides */
	int refers;      /* "2.7 times the single-core one", "ten times that": a factor of the figure before it (1: in its
			    sentence, 2: or the one before; 3, 4: the same, with no other number between: "within N%
			    of each other", "within N% of the X one") */
};

/*
 * 1 if the number at [start, end) is one and the noun at [q, w) a call: "one call per second"
 * says how often a function is called, a period, as "once per second" and "a call every
 * second" do; a throughput of calls counts many ("a million calls per second").
 */
static int one_call_per(const struct text *s, size_t start, size_t end, size_t q, size_t w)
{
	static const char *const calls[] = { "call", "invocation", NULL };

	if (!(end == start + 1 && s->t[start] == '1') && match_word_ci(s, start, "one") != end)
		return 0;
	return match_any(s, q, calls, 1) == w;
}

static void decided(struct cand *c, int cls, size_t cue, size_t cue_len, const char *why)
{
	c->cls = cls;
	c->cue = cue;
	c->cue_len = cue_len;
	c->why = why;
}

/*
 * "a thousand times shorter than its typical time slice": a factor whose
 * comparison ends at p and compares with a specified duration (a slice, a
 * timeout, an interval) is specified too. 1 if it is (c decided).
 */
static int than_specified(const struct text *s, size_t p, struct cand *c)
{
	struct cword w;
	size_t next, at, len;
	const struct cue *k;

	if (!word_after(s, p, &w) || w.span || match_word_ci(s, w.start, "than") != w.end)
		return 0;
	p = w.end;
	for (int d = 0; d < 5 && next_cword(s, p, &w, &next); d++, p = next) {
		if ((k = cue_of(s, &w, 0, 0, 0, &at, &len)) && k->cls == SPEC &&
		    (k->why == W_SLEEP || k->why == W_INTERVAL || k->why == W_SLICE)) {
			decided(c, SPEC, at, len, k->why);
			return 1;
		}
	}
	return 0;
}

/* 1 if the line around p names an electric signal or an amplifier (a voltage, an ADC, a channel, a
   gain's constant in code): a gain there is an amplifier's. */
static int signal_gain(const struct text *s, size_t p)
{
	static const char *const words[] = { "v", "mv", "volt", "volts", "voltage", "amplifier", "amplifiers",
					     "amplification", "adc", "adcs", "analog", "analogue", "channel", "channels",
					     "pga", "signal", "signals", "db", "sensor", "sensors", "preamp", NULL };
	size_t a = p, b = p;

	while (a > 0 && s->t[a - 1] != '\n' && p - a < 200)
		a--;
	while (b < s->n && s->t[b] != '\n' && b - p < 200)
		b++;
	for (size_t q = a; q < b; q++) {
		size_t idx;
		const char *span = span_at(s, q, &idx);
		if (span && strcasestr(span, "gain_"))
			return 1;
		if (q > a && (word_char_at(s, q - 1) || is_digit(s->t[q - 1])) && !(to_lower(s->t[q]) == 'v' && is_digit(s->t[q - 1])))
			continue;
		size_t e = match_any(s, q, words, 1);
		if (e && !word_char_at(s, e))
			return 1;
		if (q + 5 <= b && !strncasecmp((const char *)s->t + q, "gain_", 5))
			return 1;
	}
	return 0;
}

/*
 * 1 if the sentence around p speaks of code running: a cycle, an operation, a call, a lookup, an
 * increment ("five times the cost of a plain increment"), so that a cost is a run's, not a price
 * ("five times the cost of an Arduino") (twentieth round, an attacker's review).
 */
static const char *const run_words[] = { "cycle", "cycles", "increment", "increments", "call", "calls", "lookup",
					 "lookups", "operation", "operations", "op", "ops", "atomic", "atomics",
					 "access", "accesses", "instruction", "instructions", "iteration",
					 "iterations", "loop", "branch", "miss", "misses", "lock", "locks", "syscall",
					 "syscalls", "request", "requests", "query", "queries", "ns", "nanoseconds",
					 "microseconds", "milliseconds", "thread", "threads", "element", "elements",
					 NULL };

/* The sentence around p, at most 300 bytes on each side: [*a, *b). */
static void sentence_around(const struct text *s, size_t p, size_t *a, size_t *b)
{
	*a = p, *b = p;
	while (*a > 0 && p - *a < 300 && !stops_clause(s, *a - 1))
		(*a)--;
	while (*b < s->n && *b - p < 300 && !stops_clause(s, *b))
		(*b)++;
}

static int runs_in_sentence(const struct text *s, size_t p)
{
	const char *const *runs = run_words;
	size_t a, b;

	sentence_around(s, p, &a, &b);
	for (size_t k = a; k < b; k++)
		if (is_alpha(s->t[k]) && (k == 0 || !is_alpha(s->t[k - 1])) && match_any(s, k, runs, 1))
			return 1;
	return 0;
}

/* 1 if a word of code running (runs_in_sentence()'s) or of speed stands anywhere in the text: its
   paragraph speaks of code running, so that a weak form ("worth 12%", "half as fast", "ahead of") is of
   a run, whatever its own sentence holds (twenty-third round); asked through text_runs(), once per text. */
static int runs_in_text(const struct text *s)
{
	/* and words of speed or of the machine a performance text uses ("Blocking is worth 60% in L1") */
	static const char *const perf[] = { "faster", "slower", "speed", "speedup", "speed-up", "throughput", "latency",
					    "bandwidth", "performance", "cache", "l1", "l2", "l3", "ms", "seconds", "simd",
					    "benchmark", "benchmarks", "profile", "vectorized", "core", "cores", NULL };

	for (size_t k = 0; k < s->n; k++)
		if (is_alpha(s->t[k]) && (k == 0 || !is_alpha(s->t[k - 1])) &&
		    (match_any(s, k, run_words, 1) || match_any(s, k, perf, 1)))
			return 1;
	return 0;
}

/*
 * 1 if a word of a benchmark or of code running stands in the 60 words before p, across sentences:
 * what makes a score a benchmark's ("Small regressions can pile up ... The period started with a
 * score of 3000", "gets 0.52 instructions per cycle. The slow version scores a terrible 0.08"), where
 * a grade's is none ("A score of 90 or more is an A"; twenty-third round, a new author's review).
 */
static int score_context(const struct text *s, size_t p)
{
	static const char *const words[] = { "performance", "benchmark", "benchmarks", "geekbench", "spec", "specint",
					     "specfp", "speed", "throughput", "faster", "slower", "perf", "regression",
					     "regressions", NULL };
	size_t k = p;

	for (int d = 0; d < 60 && k > 0; d++) {
		while (k > 0 && !is_alpha(s->t[k - 1]))
			k--;
		size_t b = k;
		while (b > 0 && is_alpha(s->t[b - 1]))
			b--;
		if (b == k)
			break;
		if (match_any(s, b, words, 1) == k || match_any(s, b, run_words, 1) == k)
			return 1;
		k = b;
	}
	return 0;
}

/* runs_in_text(s), computed the first time a form asks (most texts hold no weak form) */
static int text_runs(const struct text *s)
{
	if (s->runs < 0)
		((struct text *)s)->runs = runs_in_text(s); /* every text is a local, never const */
	return s->runs;
}

/* 1 if "what" ending at p opens a clause that ends on a verb of getting ("what the naive loop got"). */
static int what_got(const struct text *s, size_t p)
{
	struct cword w;

	for (int k = 0; k < 6 && word_after(s, p, &w) && !w.span; k++, p = w.end)
		if (match_any(s, w.start, (const char *const[]){ "got", "gets", "did", "does", "managed", "reached", "gave",
								  "achieved", "delivered", "took", "needed", "ran", NULL }, 1) == w.end)
			return 1;
	return 0;
}

/*
 * 1 if a verb of holding or doing stands just before the factor that ends at e ("holds four times the
 * entries", "ran 251004 times the loop body"): a count of things or of runs, not a factor of speed.
 */
static int counted_times(const struct text *s, size_t e)
{
	return word_before(s, e, 3,
			   (const char *const[]){ "holds", "hold", "holding", "contains", "stores", "has", "have", "uses",
						  "needs", "ran", "runs", "run", "executes", "executed", "calls", "called",
						  "iterates", "reads", "writes", "does", "did", "do", "performs", "allocates",
						  "repeats", "repeated", "loops", NULL },
			   &(struct cword){ 0 });
}

/* After a factor ending at e ("3x", "2 times"): what follows decides, or the sentence. */
static size_t factor_tail(const struct text *s, size_t e, int is_times, struct cand *c)
{
	struct cword w, w2;
	size_t f, at, len;
	const struct cue *pc;

	c->kind = QUANTITY_SPEEDUP;
	c->use = 2;
	if ((f = match_claim(s, skip_space(s, e)))) {
		decided(c, CLAIM, skip_space(s, e), f - skip_space(s, e), W_CHANGE);
		return f;
	}
	if (!word_after(s, e, &w))
		goto bare;
	/* "2x as large as the L1", "4 times as many elements": a factor of a size or a count */
	if (!w.span && match_word_ci(s, w.start, "as") == w.end && word_after(s, w.end, &w2) && !w2.span &&
	    match_any(s, w2.start, (const char *const[]){ "large", "big", "small", "many", "much", "wide", "few",
							  "heavy", "tall", "deep", NULL }, 1) == w2.end) {
		decided(c, NOTT, w2.start, w2.end - w2.start, W_NOT_TIME);
		return w2.end;
	}
	/* "five times as expensive", "3x as costly": a factor of a cost (twentieth round, an HPC author's
	   chapters) */
	if (!w.span && match_word_ci(s, w.start, "as") == w.end && word_after(s, w.end, &w2) && !w2.span &&
	    match_any(s, w2.start, (const char *const[]){ "expensive", "costly", "slow", "fast", "quick", NULL }, 1) ==
		    w2.end &&
	    (match_any(s, w2.start, (const char *const[]){ "slow", "fast", "quick", NULL }, 1) || runs_in_sentence(s, e))) {
		decided(c, CLAIM, w2.start, w2.end - w2.start, W_CHANGE);
		return w2.end;
	}
	/* "2.7 times the single-core one", "more than four times the DRAM figure", "ten times that": a factor
	   of a figure named before it, which the sentence must give (quantity_find() looks: refers)
	   (twenty-first round, an HPC author's chapters) */
	if (!w.span && (match_word_ci(s, w.start, "that") == w.end || match_word_ci(s, w.start, "the") == w.end ||
			match_word_ci(s, w.start, "its") == w.end || match_word_ci(s, w.start, "what") == w.end)) {
		/* "three times what the naive loop got": "what" points back as "that" does */
		int that = match_word_ci(s, w.start, "that") == w.end;
		if (match_word_ci(s, w.start, "what") == w.end && what_got(s, w.end)) {
			c->need_perf = 1;
			c->refers = 2;
			return w.end;
		}
		w2 = w;
		for (int k = 0; k < 3 && (that || word_after(s, w2.end, &w2)) && !w2.span; k++) {
			/* "three times that on a spinning disk": a preposition after it too */
			if (that ? (!word_after(s, w.end, &w2) ||
				    match_any(s, w2.start, (const char *const[]){ "of", "on", "in", "for", "with", "at", "under",
										  "when", NULL }, 1) == w2.end)
				 : match_any(s, w2.start, (const char *const[]){ "one", "figure", "figures", "value",
										   "result", "number", "median", "mean", "average",
										   "baseline", "original", "loop", "version", "kernel",
										   "implementation", NULL }, 1) == w2.end &&
					   (match_word_ci(s, w2.start, "number") != w2.end ||
					    !word_after(s, w2.end, &w2) || match_word_ci(s, w2.start, "of") != w2.end)) {
				/* "251004 times the loop ran": a count, its verb after the noun; "ran 251004 times the loop
				   body": before the number */
				struct cword v2;
				if (!that && counted_times(s, e))
					return 0;
				if (!that && word_after(s, w2.end, &v2) && !v2.span &&
				    match_any(s, v2.start, (const char *const[]){ "ran", "runs", "run", "executes", "executed",
										  "iterates", "iterated", "is", "was", "went",
										  NULL }, 1) == v2.end)
					return 0;
				c->need_perf = 1;
				c->refers = that ? 2 : 1;
				return that ? w.end : w2.end;
			}
			if (that || is_joiner(s, &w2))
				break;
		}
	}
	/* "some five times the cost of a plain increment", "three times the throughput": a number of times
	   the speed or cost of something, one of its nouns right after "the" ("251004 times the loop ran"
	   stays a count) */
	if (is_times && !w.span && match_word_ci(s, w.start, "the") == w.end) {
		/* the noun or the word before it ("the uncontended cost") */
		w2 = w;
		for (int k = 0; k < 2 && word_after(s, w2.end, &w2) && !w2.span && !is_joiner(s, &w2); k++)
			if (match_any(s, w2.start, (const char *const[]){ "speed", "throughput", "bandwidth", "performance",
									   "latency", "cost", "costs", "runtime", "overhead",
									   "rate", NULL }, 1) == w2.end &&
			    (!match_any(s, w2.start, (const char *const[]){ "cost", "costs", NULL }, 1) ||
			     runs_in_sentence(s, e))) {
				decided(c, CLAIM, w2.start, w2.end - w2.start, W_CHANGE);
				return e;
			}
		/* "That is 25 GB/s, four times the scalar generator", "3.7 times the starting point": a factor
		   of a singular thing named after "the" (not plural counts: "four times the entries", "twice the
		   stores"), no store, size or count (other_things), not after a verb of holding or doing
		   (counted_times), when a rate or a time stands before it in its sentence, or in the one before
		   after "That is" ("It runs at 1.9 G integers per second. That is three times the plain varint";
		   "It takes 40 ms. Reserve four times the default." is no factor of speed: an attacker's
		   review), with no other number between (refers 3, 4) (twenty-second round: five HPC chapters
		   in three waves) */
		int ended = 0;
		w2 = w;
		for (int k = 0; k < 3 && !ended && word_after(s, w2.end, &w2) && !w2.span && is_alpha(s->t[w2.start]) &&
				!is_joiner(s, &w2); k++) {
			if (names_memory(s, w2.start, w2.end) || match_any(s, w2.start, other_things, 1) == w2.end)
				return 0;
			ended = w2.end >= s->n || stops_clause(s, w2.end) || s->t[w2.end] == ',' || bare_tail(s, w2.end);
		}
		if (ended && !(s->t[w2.end - 1] == 's' && w2.end - w2.start > 3 && s->t[w2.end - 2] != 's') &&
		    !counted_times(s, e)) {
			c->need_perf = 1;
			c->refers = word_before(s, e, 4, (const char *const[]){ "that", "this", NULL }, &(struct cword){ 0 }) ? 4 : 3;
			return w2.end;
		}
	}
	if (!w.span && match_any(s, w.start, comparatives, 1) == w.end) {
		/* "4 times higher": the noun after, or the sentence, must be about performance */
		if (!predicative(s, &w) && noun_after(s, w.end, &w2)) {
			struct cword n1 = w2;
			/* "a four-fold reduction in store-buffer stalls": the noun phrase's own words */
			for (int k = 0; k < 3; k++) {
				if ((pc = perf_word(s, &w2, &at, &len))) {
					decided(c, CLAIM, at, len, pc->why);
					return w2.end;
				}
				if (!word_after(s, w2.end, &w2) || w2.span || is_joiner(s, &w2))
					break;
			}
			decided(c, NOTT, n1.start, n1.end - n1.start, W_NOT_TIME);
			return w.end;
		}
		/* "up to 8x difference, we see...": a difference of nothing else named is one of speed */
		if (match_word_ci(s, w.start, "difference") == w.end) {
			decided(c, CLAIM, w.start, w.end - w.start, W_CHANGE);
			return w.end;
		}
		c->need_perf = 1;
		c->comparative = 1;
		return w.end;
	}
	/* "internal 0.6 V reference with 2x gain", "a 128x, 64x, and 32x gain" of an ADC's channel: an
	   amplifier's gain, no speed (nineteenth round, arduino-ref, nodemcu-docs) */
	if (!w.span && match_any(s, w.start, (const char *const[]){ "gain", "gains", NULL }, 1) == w.end &&
	    signal_gain(s, w.start)) {
		decided(c, NOTT, w.start, w.end - w.start, W_NOT_TIME);
		return w.end;
	}
	/* "each trial about three times cheaper again": a factor of a cost where the sentence speaks of code
	   running ("3x cheaper than the Arduino" is a price) (twenty-first round) */
	if (!w.span && match_any(s, w.start, (const char *const[]){ "cheaper", "costlier", NULL }, 1) == w.end &&
	    (!s->money || runs_in_sentence(s, e) || word_before(s, e, 8, (const char *const[]){ "trial", "trials", "division",
										    "divisions", "multiplication", "step",
										    "steps", "check", "checks", "pass",
										    "path", NULL }, &w2) ||
	     (word_after(s, w.end, &w2) && !w2.span && match_word_ci(s, w2.start, "on") == w2.end &&
	      word_after(s, w2.end, &w2) && word_after(s, w2.end, &w2) && !w2.span &&
	      match_any(s, w2.start, (const char *const[]){ "path", "paths", NULL }, 1) == w2.end))) {
		decided(c, CLAIM, w.start, w.end - w.start, W_COST);
		return w.end;
	}
	/* "polling 1000 times costs about a millisecond": a count of times as a subject, its verb after it
	   (twenty-first round, an author's review) */
	if (is_times && !w.span &&
	    match_any(s, w.start, (const char *const[]){ "costs", "cost", "takes", "took", "runs", "ran", "adds",
							 "added", "makes", "made", "needs", "needed", NULL }, 1) == w.end)
		return 0;
	if ((pc = perf_word(s, &w, &at, &len))) {
		decided(c, CLAIM, at, len, pc->why);
		than_specified(s, w.end, c);
		return w.end;
	}
	/* "a 1.4-1.6x end to end speedup", "3x overall wall-clock speedup": the noun of the change a few words
	   on, past modifiers of it only ("5 times to measure the speedup" is a count, then a purpose)
	   (eighteenth round) */
	if (!is_times) {
		static const char *const modifiers[] = { "end", "end-to-end", "overall", "total", "average", "mean",
							 "median", "geomean", "wall-clock", "wallclock", "observed",
							 "measured", "net", "real", "raw", "relative", "additional", "further",
							 "extra", "potential", "typical", "best", "worst", "latency",
							 "throughput", "performance", "runtime", NULL };
		struct cword m = w;
		int ends = 0;
		for (int k = 0; k < 4 && !m.span; k++) {
			if (match_any(s, m.start, (const char *const[]){ "speedup", "speedups", "speed-up", "speed-ups",
									  "slowdown", "slowdowns", "improvement", "improvements",
									  "reduction", "reductions", "gain", "gains", "win",
									  "wins", NULL },
				      1) == m.end) {
				if (k == 0)
					break; /* right after the factor: read as before */
				decided(c, CLAIM, m.start, m.end - m.start, W_CHANGE);
				return m.end;
			}
			/* "to" only in "end to end" */
			if (match_word_ci(s, m.start, "to") == m.end ? ends != 1 : !match_any(s, m.start, modifiers, 1))
				break;
			ends += match_word_ci(s, m.start, "end") == m.end;
			if (m.end >= s->n || stops_clause(s, m.end) || s->t[m.end] == ',' || !word_after(s, m.end, &m))
				break;
		}
	}
	/* "9x the number of instructions", "1.6x the storage cost", "2x the throughput": a factor multiplies the
	   noun phrase after it; a resource or a count in it makes it no speed, else a performance word a speed
	   ("N times the" is read as a count: "251004 times the loop ran") */
	if (!is_times && !w.span && match_word_ci(s, w.start, "the") == w.end) {
		static const char *const things[] = { "number", "numbers", "amount", "count", "storage", "space", "disk",
						      "capacity", "power", "energy", "area", "price", "money", "instructions",
						      "bytes", "lines", NULL };
		const struct cue *hit = NULL;
		size_t hat = 0, hlen = 0;
		w2 = w;
		for (int k = 0; k < 2 && word_after(s, w2.end, &w2) && !w2.span; k++) {
			pc = cue_of(s, &w2, 3, 0, 0, &at, &len);
			if (match_any(s, w2.start, things, 1) == w2.end || (pc && pc->cls == NOTT)) {
				decided(c, NOTT, w2.start, w2.end - w2.start, W_NOT_TIME);
				return w2.end;
			}
			if (!hit && pc && pc->cls == CLAIM)
				hit = pc, hat = at, hlen = len;
			if (match_word_ci(s, w2.start, "of") == w2.end)
				continue;
		}
		if (hit) {
			decided(c, CLAIM, hat, hlen, hit->why);
			return e;
		}
	}
	if (!is_joiner(s, &w) && !(w.end - w.start > 4 && !w.span && match_lit(s, w.end - 3, "ing"))) {
		/* "16x threads", "2 times the size"; "4-5x depending on the size" leaves it to the sentence */
		if (is_times)
			return 0;
		/* "a 2x compile time penalty": the noun phrase the factor opens ends in a word of performance,
		   as "a four-fold reduction in stalls" does (fifteenth round); a resource in it first stops it */
		w2 = w;
		for (int k = 0; k < 3 && !w2.span; k++) {
			pc = cue_of(s, &w2, 3, 0, 0, &at, &len);
			if (pc && pc->cls == NOTT)
				break;
			if (k && pc && pc->cls == CLAIM && pc->why != W_MEASURED) {
				decided(c, CLAIM, at, len, pc->why);
				return e;
			}
			if (!word_after(s, w2.end, &w2) || is_joiner(s, &w2) ||
			    match_word_ci(s, w2.start, "the") == w2.end)
				break;
		}
		decided(c, NOTT, w.start, w.end - w.start, W_NOT_TIME);
		return e;
	}
bare:
	/* "about 6-7 times over scalar": the sentence's weak words decide (weak_cue) */
	if (is_times && !(word_after(s, e, &w) && !w.span && match_word_ci(s, w.start, "over") == w.end))
		return 0; /* "ran two times": a count */
	c->need_perf = 1;
	return e;
}

/*
 * "slows the loop down by 3 to 4 times", "the speedup approaches eighty
 * times": a bare "N times" (a count by itself: "ran two times") is a factor
 * when a word of change stands before it in its clause and no noun follows
 * ("three times the instructions", "4 times as many elements"). The end, or 0.
 */
static size_t times_claim(const struct text *s, size_t start, size_t e, struct cand *c)
{
	static const char *const changes[] = { "speedup", "speedups", "speed-up", "speed-ups", "slowdown", "slowdowns",
					       "slow-down", "slows", "slowed", "slowing", "speeds", "sped",
					       "gap", "faster", "slower", NULL };
	struct cword w;
	size_t prev, p = start;

	if (word_after(s, e, &w) && !w.span &&
	    (match_word_ci(s, w.start, "the") == w.end || match_word_ci(s, w.start, "as") == w.end ||
	     match_word_ci(s, w.start, "of") == w.end || !is_joiner(s, &w)))
		return 0;
	/* "the difference between two times": times of day, not a factor */
	if (prev_cword(s, start, &w, &prev) && !w.span &&
	    match_any(s, w.start, (const char *const[]){ "between", "the", "these", "those", "both", "all", "at", NULL }, 1) ==
		    w.end)
		return 0;
	for (int d = 0; d < 8 && prev_cword(s, p, &w, &prev); d++, p = prev) {
		if (comma_between(s, w.end, p))
			break;
		if (!w.span && match_any(s, w.start, changes, 1) == w.end) {
			c->kind = QUANTITY_SPEEDUP;
			c->use = 2;
			c->need_perf = 0;
			decided(c, CLAIM, w.start, w.end - w.start, W_CHANGE);
			return e;
		}
	}
	return 0;
}

/*
 * An aside at p: a parenthesis of at most 80 bytes on one line that gives
 * no total of its own, or the ')' that closes one; its end, or p.
 */
static size_t skip_aside(const struct text *s, size_t p)
{
	if (p < s->n && s->t[p] == ')')
		return p + 1;
	if (p >= s->n || s->t[p] != '(')
		return p;
	for (size_t q = p + 1; q < s->n && q < p + 80; q++) {
		if (s->t[q] == ')')
			return q + 1;
		if (match_word_ci(s, q, "total") && !word_char_before(s, q))
			return p; /* "(for a total of six instructions) per clock": the figure is inside */
		if (s->t[q] == '(' || s->t[q] == '\n')
			return p;
	}
	return p;
}

/* Skips up to GAP_WORDS words that may stand between a number and its unit; where each could end. */
static size_t gap_words(const struct text *s, size_t p, size_t ends[GAP_WORDS])
{
	size_t n = 0;

	while (n < GAP_WORDS) {
		size_t q = skip_space(s, p), e = q;
		int letters = 0;
		if (s->table && memchr(s->t + p, '\n', q - p))
			break; /* a table's row ends at its line */
		while (e < s->n && !space_at(s, e) && !stops_clause(s, e) && s->t[e] != ',' && s->t[e] != '(' &&
		       s->t[e] != ')' && s->t[e] != '/' && s->t[e] != '|' && e - q <= WORD_MAX) {
			letters |= is_alpha(s->t[e]) || s->t[e] >= 0x80;
			e++;
		}
		/* a word longer than WORD_MAX is none: "1~1~1~..." read from each number would be quadratic;
		   a NAME=VALUE word is a field of a printed record, which says nothing of the number before it */
		if (e == q || !letters || memchr(s->t + q, '=', e - q) || e - q > WORD_MAX ||
		    match_word_ci(s, q, "per") || match_word_ci(s, q, "every") ||
		    match_word_ci(s, q, "each") || match_word_ci(s, q, "in") || match_word_ci(s, q, "of") ||
		    match_word_ci(s, q, "and") || match_word_ci(s, q, "or") || match_word_ci(s, q, "to") ||
		    match_word_ci(s, q, "at") || match_word_ci(s, q, "on") || match_word_ci(s, q, "from") ||
		    match_word_ci(s, q, "with") || match_word_ci(s, q, "for") || match_word_ci(s, q, "by") ||
		    match_word_ci(s, q, "than") || match_word_ci(s, q, "the") || match_word_ci(s, q, "is") ||
		    match_word_ci(s, q, "are") || match_word_ci(s, q, "was") || match_word_ci(s, q, "were"))
			break;
		ends[n++] = e;
		p = e;
	}
	return n;
}

/*
 * A span told in hours and minutes together, as a clock or an uptime tells it: "21 hours, 17
 * minutes", "15h 38m 58s", the hours' unit at [q, e). The end of its minutes (or seconds), or 0.
 * No run time is written so (a run is told in one unit, "2 hours", or as `time` prints it,
 * "125m3.2s"); like a calendar span, it is one only when a word of running leads it, else a
 * clock's span, specified (issue 13, eighth round).
 */
static size_t clock_span(const struct text *s, size_t q, size_t e)
{
	static const char *const hours[] = { "h", "hr", "hrs", "hour", "hours", NULL };
	static const char *const minutes[] = { "m", "min", "mins", "minute", "minutes", NULL };
	static const char *const seconds[] = { "s", "sec", "secs", "second", "seconds", NULL };
	size_t p, f, g;

	if (match_any(s, q, hours, 1) != e)
		return 0;
	p = e < s->n && s->t[e] == ',' ? e + 1 : e;
	p = skip_space(s, p);
	if (p >= s->n || !is_digit(s->t[p]) || (f = digits_at(s, p, 0)) == p)
		return 0;
	if (!(g = match_any(s, skip_space(s, f), minutes, 1)))
		return 0;
	p = skip_space(s, g < s->n && s->t[g] == ',' ? g + 1 : g);
	if (p < s->n && is_digit(s->t[p]) && (f = digits_at(s, p, 1)) > p && (f = match_any(s, skip_space(s, f), seconds, 1)))
		return f;
	return g;
}

/* A compound or range after a time value ending at e: "4 hours 30 minutes", "100ms--200ms"; the new end. */
static size_t time_tail(const struct text *s, size_t e)
{
	for (int k = 0; k < 2; k++) {
		struct number num;
		size_t q = skip_space(s, e), f;
		if (match_lit(s, q, "--"))
			q += 2;
		else if (match_lit(s, q, "\xe2\x80\x93") || match_lit(s, q, "\xe2\x80\x94"))
			q += 3;
		else if (match_lit(s, q, "-"))
			q += 1;
		else if (q > e + 1) /* a compound's parts stand a space apart: wider, they are columns ("0.95 ns   0.96 ns") */
			return e;
		q = skip_space(s, q);
		if (q >= s->n || !is_digit(s->t[q]) || !parse_number(s, q, &num))
			return e;
		f = match_time_unit(s, skip_space(s, num.end));
		if (!f)
			return e;
		e = f;
	}
	return e;
}

/* The end of the "'s" or "’s" of a possessive at p (right after a name), or 0. */
static size_t possessive_end(const struct text *s, size_t p)
{
	size_t e = match_lit(s, p, "'s");

	if (!e)
		e = match_lit(s, p, "\xe2\x80\x99s");
	return e && !word_char_at(s, e) ? e : 0;
}

static int time_counted(const struct text *s, size_t e);

/* The share nouns: "% of the time", "% of cycles". */
static size_t share_tail(const struct text *s, size_t e)
{
	static const char *const dets[] = { "the", "its", "all", "their", "our", "total", "available", "such",
					    "these", "those", "this", "that", "attainable", "achievable", "theoretical",
					    "peak", "new", "remaining", "whole", "entire", "overall", "measured", NULL };
	/* "60-90% of attainable peak performance": the share of the machine's peak a code reaches
	   (nineteenth round, blis-docs); "90% of the flops" is a share of the work */
	static const char *const nouns[] = { "time", "runtime", "run-time", "cycles", "slots", "throughput",
					     "bandwidth", "latency", "performance", "peak", "roof", "roofline", NULL };
	static const char *const compound[] = { "execution", "running", "run", "cpu", "wall", "pipeline",
						"dispatch", "issue", "mean", "total", "elapsed", NULL };
	size_t f = match_word_ci(s, skip_space(s, e), "of"), g, h, det = 0; /* det: the last determiner's start */

	if (!f)
		return 0;
	for (int k = 0; k < 5; k++) {
		size_t q = skip_space(s, f);
		/* "about 60% of the theoretical maximum": a peak by another name, after a word that says so */
		if (det && match_any(s, det, (const char *const[]){ "theoretical", "attainable", "achievable", NULL }, 1) &&
		    (g = match_any(s, q, (const char *const[]){ "maximum", "max", "figure", "limit", "bound", NULL }, 1)) &&
		    !word_char_at(s, g))
			return g; /* "97% of the theoretical figure" (twentieth round) */
		if ((g = match_any(s, q, nouns, 1))) {
			/* "90% of the performance bugs": "performance" naming the next noun's kind */
			struct cword w;
			size_t next;
			/* "20% of the time steps", "of the time stamps": a count of steps (twenty-ninth round; a
			   time slice or a runtime budget is time) */
			if (match_any(s, q, (const char *const[]){ "time", "runtime", NULL }, 1) && time_counted(s, g))
				return 0;
			if (match_word_ci(s, q, "performance") && next_cword(s, g, &w, &next) && !w.span &&
			    !stops_clause(s, g) && s->t[g] != ',' && is_alpha(s->t[w.start]) &&
			    !match_any(s, w.start, (const char *const[]){ "of", "on", "in", "for", "with", "when", "and",
									  "or", "at", "while", "than", "compared", "by",
									  "across", "from", "to", "is", "was", "are", NULL },
				       1))
				return 0;
			return g;
		}
		/* "40% of the total.", "two thirds of the total, the rest in I/O": the total time, the noun left
		   out at the clause's end (twenty-first round) */
		if (det && (g = match_word_ci(s, q, "total")) && bare_tail(s, g) &&
		    word_before(s, e, 8, (const char *const[]){ "costs", "cost", "takes", "took", "take", "spent", "spends",
							       "spend", "accounts", "account", "goes", "went", "is", "are",
							       "was", "were", NULL }, &(struct cword){ 0 }) &&
		    !word_before(s, e, 8, (const char *const[]){ "holds", "hold", "holding", "stores", "contains", "uses",
								"cache", "memory", "disk", "users", NULL }, &(struct cword){ 0 }))
			return g; /* "The cache holds 40% of the total." is of no time (an attacker's review) */
		if ((g = match_any(s, q, dets, 1)) || (g = match_any(s, q, compound, 1)))
			f = g, det = q;
		/* "90% of MKL's performance": whose it is, a name's possessive */
		else if ((g = word_end(s, q)) > q && g - q <= WORD_MAX && (g = possessive_end(s, g)))
			f = g, det = 0;
		/* "98% of the packed version's time": one word before the name, after a determiner (twenty-second
		   round, an HPC author's chapters) */
		else if (det && (g = word_end(s, q)) > q && g - q <= WORD_MAX && g < s->n && s->t[g] == ' ' &&
			 (g = skip_space(s, g)) && (h = word_end(s, g)) > g && h - g <= WORD_MAX && (h = possessive_end(s, h)))
			f = h, det = 0;
		/* "80% of network latency", "20% of the request latency": a latency is a time, whatever
		   one word says whose it is (fourteenth round) */
		else if ((g = word_end(s, q)) > q && g - q <= WORD_MAX &&
			 match_word_ci(s, skip_space(s, g), "latency"))
			f = g;
		/* "within 3% of the 64-thread time", "of the single-core run time": a hyphenated word says
		   which run (twenty-first round) */
		else if (det && (g = cword_end(s, q)) > q && g - q <= WORD_MAX && memchr(s->t + q, '-', g - q) &&
			 s->t[g - 1] != '-')
			f = g;
		else
			return 0;
	}
	return 0;
}

/*
 * The start of the noun of a share's tail [e, f) when it names the run's time in so many words ("of our
 * run time", "of the total runtime", "of the CPU time"): such a share is of the time whatever the
 * sentence says of memory ("memory allocation ... accounts for 50.9% of our run time", go-blog;
 * twenty-third round); 0 for "of the time" (how often, or a share of it) and other nouns.
 */
static size_t run_time_named(const struct text *s, size_t e, size_t f)
{
	static const char *const runs[] = { "execution", "running", "run", "cpu", "wall", "elapsed", NULL };
	size_t p = e, g;
	struct cword n;

	/* "30% of the runtime memory": the noun goes on */
	if (!bare_tail(s, f) && word_after(s, f, &n) && !n.span &&
	    !match_any(s, n.start, (const char *const[]){ "on", "in", "for", "of", "with", "when", "while", "and", "or",
							  "at", "by", "to", "across", "during", "spent", NULL }, 1))
		return 0;
	while ((p = skip_space(s, p)) < f) {
		size_t w = word_end(s, p);
		if (w == p)
			return 0;
		if (match_any(s, p, (const char *const[]){ "runtime", "run-time", NULL }, 1) == f)
			return p;
		if (match_any(s, p, runs, 1) == w && (g = match_word_ci(s, skip_space(s, w), "time")) == f)
			return p;
		p = w;
	}
	return 0;
}

/*
 * "32.4% of the samples", "in 84.1% of the samples", "91% of samples in bar": a profile's share of the
 * run time, when a word of profiling or of running stands near it in the sentence (nineteenth round,
 * go-blog, perf-book); "drop 90% of samples" of a random generator is no run time.
 * The end of "samples", or 0.
 */
static size_t samples_share(const struct text *s, size_t start, size_t e)
{
	/* not "function", "stack" nor a name in code alone: "the function discards 5% of the samples as
	   outliers", "the survey's stack ranking ... in 30% of the samples" are a data set's */
	static const char *const words[] = { "profile", "profiles", "profiler", "profiling", "pprof", "perf",
					     "callee", "caller", "hotspot", "hottest", "running",
					     "executing", "spent", "spends", "on-cpu", NULL };
	size_t f = match_word_ci(s, skip_space(s, e), "of"), g;
	struct cword w;

	/* "the second mode in the distribution accounts for 15% of all samples": a histogram's share */
	if (!f || word_before(s, start, CONTEXT_BEFORE_FACTOR, (const char *const[]){ "distribution", "histogram",
										 "mode", NULL }, &w))
		return 0;
	f = skip_space(s, f);
	if ((g = match_any(s, f, (const char *const[]){ "the", "all", "our", "its", NULL }, 1)))
		f = skip_space(s, g);
	/* "more than 50% of samples are attributed to it", "at least 10%": a threshold, how often */
	if (threshold_before(s, start) || word_before(s, start, 1, (const char *const[]){ "least", NULL }, &w))
		return 0;
	if ((g = match_any(s, f, (const char *const[]){ "profile", "profiling", "cpu", NULL }, 1)))
		f = skip_space(s, g);
	if (!(g = match_word_ci(s, f, "samples")))
		return 0;
	/* "the first rows account for 32.4% of the samples": a profile's rows share them out */
	if (word_before(s, start, CONTEXT_BEFORE_FACTOR, words, &w) ||
	    word_before(s, start, 3, (const char *const[]){ "account", "accounts", "accounted", NULL }, &w))
		return g;
	/* "91% of samples in bar have foo as its caller": the words after, in the same clause */
	{
		size_t next, p = g;
		for (int d = 0; d < 8 && next_cword(s, p, &w, &next) && !stops_clause(s, p); d++, p = next)
			if (!w.span && match_any(s, w.start, words, 1) == w.end)
				return g;
	}
	return 0;
}

/* After a percentage ending at e: a claim word, a share of the time, or the sentence. */
/*
 * 1 if "by" leads the figure at start, a hedge or "only" between ("improve performance by only 1% will
 * pay", "speeding up a routine by 10% will help"): the figure is the amount of a change, an adverbial,
 * so the word after it is no noun it describes ("50% misprediction rate") and the sentence decides.
 */
static int by_amount(const struct text *s, size_t start)
{
	static const char *const hedges[] = { "only", "just", "about", "around", "almost", "nearly", "roughly",
					      "approximately", "over", "another", "a", "further", NULL };
	struct cword w;
	size_t prev;

	for (int k = 0; k < 3 && prev_cword(s, start, &w, &prev) && !w.span; k++, start = prev) {
		if (match_word_ci(s, w.start, "by") == w.end)
			return 1;
		if (match_any(s, w.start, hedges, 1) != w.end)
			return 0;
	}
	return 0;
}

/* "30% wasted space", "a 5% overhead in memory": after the word of cost ending at e, the start of a
   noun of memory or space it is a cost in, or 0: memory is no time (fourteenth round). */
static size_t memory_after(const struct text *s, size_t e)
{
	size_t g = skip_space(s, e), h;

	if ((h = match_word_ci(s, g, "in")))
		g = skip_space(s, h);
	return match_any(s, g, (const char *const[]){ "memory", "space", "storage", "RAM", "disk", "heap", NULL }, 1) ? g : 0;
}

/*
 * "`perf` says 45% in `rand`, 30% in the `log` ...", "A fresh profile shows decoding at 19%,
 * intersection at 24%": a profile read out, each percentage the share of the run a function or a
 * stage took. Where the percentage at [start, e) is followed by "in" or "on", or follows a stage's
 * name and "at", and a profiler stands before it in its sentence with a verb of showing right after
 * it (a profile, a profiler, perf, pprof, gprof, callgrind, VTune, a flame graph: "says", "shows",
 * "reports", "attributes"), the profile of no other thing (a velocity, power, memory or heap
 * profile; "The profiler samples 1% in production", "coverage is 92% in parser.c" show nothing): 1,
 * and *cue, *cue_len, *cue_span say which word decided; else 0 (twenty-second round: three HPC
 * chapters in two rounds; an attacker's review narrowed it).
 */
static int profile_share(const struct text *s, size_t start, size_t e, size_t *cue, size_t *cue_len,
			 size_t *cue_span)
{
	static const char *const tools[] = { "profile", "profiler", "profiling", "perf", "pprof", "gprof", "callgrind",
					     "vtune", "flamegraph", "flame", NULL };
	static const char *const shows[] = { "says", "said", "shows", "showed", "show", "reports", "reported",
					     "gives", "gave", "attributes", "attributed", "puts", "put", "finds", "found",
					     NULL };
	struct cword w, pw, v;
	size_t prev, pv;

	/* "In the new profile `hash_lookup` is down to 22%": a function's share moved to (twenty-third round) */
	int moved = prev_cword(s, start, &pw, &prev) && !pw.span && match_word_ci(s, pw.start, "to") == pw.end &&
		    prev_cword(s, prev, &pw, &prev) && !pw.span &&
		    match_any(s, pw.start, (const char *const[]){ "down", "dropped", "fell", "fallen", "falls", "drops",
								  "climbed", "climbs", "rose", "rises", "grew", "grows",
								  "shrank", "shrinks", NULL }, 1) == pw.end;
	if (!(moved || (word_after(s, e, &w) && !w.span &&
	       match_any(s, w.start, (const char *const[]){ "inside", "in", "on", NULL }, 1) == w.end) ||
	      (prev_cword(s, start, &pw, &prev) && !pw.span && match_word_ci(s, pw.start, "at") == pw.end &&
	       prev_cword(s, prev, &pw, &prev) &&
	       (pw.span || (is_alpha(s->t[pw.start]) && !(pw.end - pw.start > 3 && match_lit(s, pw.end - 2, "ed")) &&
			    !match_any(s, pw.start, (const char *const[]){ "taken", "run", "runs", "is", "was", "are",
									   "were", "be", "stays", "sits", "set", "held", NULL },
				       1))))))
		return 0; /* (a stage before "at", not a verb: "The profile was taken at 50%") */
	w.start = start;
	for (int d = 0; d < 40 && prev_cword(s, w.start, &w, &prev); d++) {
		int tool = w.span ? !strcmp(w.span_text, "perf") || !strcmp(w.span_text, "pprof") ||
					    !strcmp(w.span_text, "gprof") || !strncmp(w.span_text, "perf ", 5)
				  : match_any(s, w.start, tools, 1) == w.end;
		if (!tool)
			continue;
		/* "a flame graph shows": the tool's name is two words */
		v = w;
		if (!w.span && match_word_ci(s, w.start, "flame") == w.end &&
		    !(word_after(s, w.end, &v) && !v.span && match_word_ci(s, v.start, "graph") == v.end))
			continue;
		/* the profile of what: "the velocity profile", "a power profile" are no run's */
		if (!w.span && prev_cword(s, w.start, &pw, &pv) && !pw.span && is_alpha(s->t[pw.start]) &&
		    !match_any(s, pw.start, (const char *const[]){ "a", "an", "the", "our", "this", "that", "fresh", "new",
								   "cpu", "time", "first", "second", "final", "quick",
								   "perf", "sampling", NULL }, 1))
			continue;
		/* a verb of showing in the four words after it ("`perf` says", "A fresh profile shows", "the
		   profile of the loop shows"), or the profile as a place ("In the new profile ...") */
		int showing = word_before(s, w.start, 3, (const char *const[]){ "in", "from", "per", NULL },
					  &(struct cword){ 0 });
		for (int k = 0; k < 4 && !showing && word_after(s, v.end, &v) && !v.span; k++)
			showing = match_any(s, v.start, shows, 1) == v.end;
		if (!showing)
			continue;
		/* what it shows: not memory, a heap, allocations, coverage, fragmentation */
		for (v = w; word_after(s, v.end, &v) && v.start < start;)
			if (!v.span && match_any(s, v.start, (const char *const[]){ "memory", "heap", "allocation", "allocations",
										  "coverage", "fragmentation", "power",
										  "energy", NULL }, 1) == v.end)
				return 0;
		*cue = w.span ? 0 : w.start;
		*cue_len = w.span ? strlen(w.span_text) : w.end - w.start;
		*cue_span = w.span;
		return 1;
	}
	return 0;
}

/*
 * 1 if the "within" at w, its "of" ending at g, says how close a run came to another ("the loop ran
 * within 3% of the hand-written one", "it is within 10% of ours"): a verb of running right before
 * "within", or one of being or arriving when what it is compared with is a version of the code, ours
 * or a speed (version_named()); no condition or requirement in the clause
 * before it ("must perform within 20% of the reference", "if the time is within 10% of it": a bound);
 * the thing compared no accuracy ("within 1% of the true value") and no other measure named after it
 * ("within 29% of it in misses"). *verb gets the verb that decided. Twenty-third round: the form
 * recurred in ten probe chapters by as many writers, and in two real sets.
 */
static int ran_within(const struct text *s, size_t w, size_t g, size_t *verb, size_t *verb_len);

/*
 * 1 if the noun phrase after g names a version of the code or a speed: "ours", "theirs", a phrase
 * ending in version, one, implementation, loop, kernel, code, routine, library or build ("the
 * hand-written version", "the two-pass one"), or holding a rate or a time unit ("the 8 bytes per
 * cycle we worked out"). Words of size or count end the search.
 */
static int version_named(const struct text *s, size_t g)
{
	static const char *const versions[] = { "version", "versions", "one", "implementation", "loop", "kernel",
						"code", "routine", "library", "build", "variant", NULL };
	struct cword x = { .end = g };

	if (word_after(s, g, &x) && !x.span && match_any(s, x.start, (const char *const[]){ "ours", "theirs", NULL }, 1) == x.end)
		return 1;
	x.end = g;
	for (int k = 0; k < 6 && word_after(s, x.end, &x) && !stops_clause(s, x.start - 1); k++) {
		if (x.span)
			continue;
		if (match_any(s, x.start, versions, 1) == x.end)
			return 1;
		if (match_word_ci(s, x.start, "per") == x.end || match_time_unit(s, x.start) == x.end)
			return 1;
		if (is_joiner(s, &x) || names_memory(s, x.start, x.end) || match_any(s, x.start, other_things, 1) == x.end)
			return 0;
	}
	return 0;
}

static int ran_within(const struct text *s, size_t w, size_t g, size_t *verb, size_t *verb_len)
{
	static const char *const runs[] = { "ran", "runs", "run", "running", "performs", "performed", "perform",
					    "finishes", "finished", "executes", "executed", NULL };
	/* a verb of being or arriving says a run's closeness only when what it is compared with is a
	   version of the code, ours, or a speed ("the log is within 30% of libmvec's version", "it is
	   within 10% of ours"; "the output is within 1% of the reference", "the average is within 5%
	   of the median" are readings: an attacker's review) */
	static const char *const being[] = { "comes", "came", "come", "gets", "got", "get", "stays", "stayed", "is", "are",
					     "was", "were", "lands", "landed", "sits", "remains", "remained", "matches",
					     "matched", NULL };
	static const char *const asides[] = { "still", "now", "always", "consistently", "all", "both", "only", "then",
					      "to", "already", "easily", "comfortably", "usually", NULL };
	static const char *const bounds[] = { "if", "must", "should", "need", "needs", "required", "requires",
					      "require", "credit", "points", "aim", "aims", "target", "goal", "want",
					      "wants", "expect", "unless", "whether", "until", "suppose", "when", "whenever",
					      "as", "long", NULL };
	static const char *const exact[] = { "true", "exact", "correct", "actual", "expected", "predicted", "estimate",
					     "estimated", "answer", "value", "values", "target", "goal", "requirement",
					     "error", "truth", "pi", "nominal", "setpoint", "measured", "rating", "rated",
					     "reference", "library's", NULL };
	/* what the clause speaks of is a reading, not a run ("the clock is within 1% of 16 MHz") */
	static const char *const gauges[] = { "estimate", "estimates", "error", "accuracy", "approximation",
					      "approximations", "answer", "voltage", "frequency", "clock", "baud",
					      "baudrate", "reading", "readings", "count", "counts", "temperature",
					      "prediction", "predictions", "ratio", "sum", "result", "results", "output",
					      "root", "simulation", "regulator", "array", "buffer", "size", "file", NULL };
	static const char *const measures[] = { "misses", "instructions", "accuracy", "error", "bytes", "count",
						"counts", "footprint", "allocations", "lines", "branches", "energy",
						"power", "size", NULL };
	struct cword v, x = { .end = g };
	size_t p = w, prev;

	while (prev_cword(s, p, &v, &prev) && !v.span && match_any(s, v.start, asides, 1) == v.end &&
	       !stops_clause(s, v.end))
		p = v.start;
	if (!prev_cword(s, p, &v, &prev) || v.span)
		return 0;
	if (match_any(s, v.start, being, 1) == v.end) {
		if (!version_named(s, g))
			return 0;
	} else if (match_any(s, v.start, runs, 1) != v.end) {
		return 0;
	}
	for (size_t i = v.end; i < w; i++)
		if (stops_clause(s, i) || s->t[i] == ',')
			return 0;
	*verb = v.start, *verb_len = v.end - v.start;
	for (int k = 0; k < 16 && prev_cword(s, p, &v, &prev); k++, p = v.start) {
		int stop = 0;
		for (size_t i = v.end; i < p; i++)
			stop |= stops_clause(s, i) || s->t[i] == ','; /* "As expected, the loop ran within 3%" */
		if (stop)
			break;
		if (!v.span && (match_any(s, v.start, bounds, 1) == v.end || match_any(s, v.start, gauges, 1) == v.end))
			return 0;
	}
	for (int k = 0; k < 8 && word_after(s, x.end, &x) && !stops_clause(s, x.start - 1); k++) {
		if (x.span)
			continue;
		if (k < 5 && match_any(s, x.start, exact, 1) == x.end)
			return 0;
		if (match_word_ci(s, x.start, "in") == x.end) {
			struct cword y;
			if (word_after(s, x.end, &y) && !y.span &&
			    (match_any(s, y.start, measures, 1) == y.end || names_memory(s, y.start, y.end)))
				return 0;
		}
	}
	return 1;
}

/* The word before the figure at start, past the words that only hedge or bound it ("by about", "worth
   up to"); 0 if none or a code span. */
static int lead_word(const struct text *s, size_t start, struct cword *w)
{
	static const char *const leads[] = { "about", "around", "roughly", "approximately", "nearly", "almost",
					     "another", "only", "just", "some", "up", "to", "over", "maybe", "~", NULL };
	size_t prev, p = start;

	for (int k = 0; k < 3 && prev_cword(s, p, w, &prev) && !w->span && match_any(s, w->start, leads, 1) == w->end; k++)
		p = w->start;
	return prev_cword(s, p, w, &prev) && !w->span;
}

/*
 * The verb whose change a "by N%" (or a factor) at [start, e) gives: *cls CLAIM for a verb of speed
 * ("slowed the benchmark by 6%"), of winning or trailing where code runs ("Copy trails triad ... by
 * 11-13%"), or of change whose object is a run's time or speed ("improved performance 3.5 times"), NOTT
 * for a verb of change whose object names memory only ("grew the binary by 18%"), and 1; 0 for anything
 * else, and when words after the figure say what it is of; the verb in *verb. The verb
 * decides over a nearer word of another clause ("... by 6%: instruction cache misses went up"); the
 * scan stays in the clause (twenty-third round, a probe chapter whose two figures were each decided
 * by the other's words).
 */
static int by_change(const struct text *s, size_t start, size_t e, int *cls, size_t *verb, size_t *verb_len)
{
	static const char *const speed[] = { "slowed", "slows", "sped", "speeds", "accelerated", "accelerates",
					     "regressed", "regresses", NULL };
	/* verbs of winning and trailing say speed only where the sentence speaks of code running ("beat
	   the deadline by 10%", "The stock trails the index by 2%": an attacker's review) */
	static const char *const wins[] = { "outperformed", "outperforms", "outperform", "beat", "beats", "trails",
					    "trailed", "lags", "lagged", NULL };
	static const char *const change[] = { "grew", "grows", "increased", "increases", "shrank", "shrinks",
					      "reduced", "reduces", "cut", "cuts", "raised", "lowered", "improved",
					      "improves", "exceeds", "exceeded", NULL };
	/* what a verb of change changes when it is a run's ("reduced elapsed interval by ~ten times",
	   "improved performance 3.5 times") */
	static const char *const runs[] = { "performance", "time", "times", "latency", "latencies", "throughput",
					    "speed", "runtime", "elapsed", "bandwidth", "overhead", NULL };
	/* a duration the code is given ("increased the sleep time by 50%", "the polling interval by 2x") */
	static const char *const given[] = { "sleep", "wait", "timeout", "delay", "poll", "polling", "period", "tick",
					     "deadline", "interval", "budget", "limit", "quantum", "slice", NULL };
	struct cword w, v;
	size_t prev, p, by;

	/* "by 4% of the vote", "by 40% in maximum error", "by 4% accuracy": a change of something the words
	   after the figure name */
	if (word_after(s, e, &v) && !v.span && is_alpha(s->t[v.start]) && !match_claim(s, v.start) &&
	    (match_any(s, v.start, (const char *const[]){ "of", "in", NULL }, 1) == v.end ||
	     (!is_joiner(s, &v) &&
	      !match_any(s, v.start, (const char *const[]){ "and", "or", "but", "since", "because", "while", "when",
							    "with", "than", "across", "over", "on", "at", "from", "to",
							    "for", "after", "before", "compared", "against", "thanks",
							    "overall", "again", NULL }, 1))))
		return 0;
	if (!lead_word(s, start, &w))
		return 0;
	/* "improved performance 3.5 times": the verb and its object right before the figure, no "by" */
	if (match_any(s, w.start, runs, 1) == w.end && prev_cword(s, w.start, &v, &prev) && !v.span &&
	    (match_any(s, v.start, change, 1) == v.end || match_any(s, v.start, speed, 1) == v.end) &&
	    (e >= s->n || stops_clause(s, e) || s->t[e] == ',' || s->t[e] == '!' || s->t[e] == ')')) {
		/* (the figure ends its clause: "increased speed 3 times before the board shut down" counts
		   occurrences) */
		*verb = v.start, *verb_len = v.end - v.start;
		*cls = CLAIM;
		return 1;
	}
	if (match_word_ci(s, w.start, "by") != w.end)
		return 0;
	by = p = w.start;
	for (int k = 0; k < 8 && prev_cword(s, p, &w, &prev); k++, p = w.start) {
		for (size_t i = w.end; i < p; i++)
			if (stops_clause(s, i) || (s->t[i] == ',' && k > 0) || s->t[i] == ':')
				return 0; /* "Copy trails triad at every thread count, by 11-13%": a comma before "by" */
		if (w.span)
			continue;
		if (match_any(s, w.start, speed, 1) == w.end ||
		    (match_any(s, w.start, wins, 1) == w.end && runs_in_sentence(s, start))) {
			*verb = w.start, *verb_len = w.end - w.start;
			*cls = CLAIM;
			return 1;
		}
		if (match_any(s, w.start, change, 1) == w.end) {
			*verb = w.start, *verb_len = w.end - w.start;
			if (names_memory(s, w.end, by)) {
				/* "reduced the memory access time by 20%": a time of memory, the sentence decides */
				for (size_t q = w.end; (q = skip_space(s, q)) < by; q = word_end(s, q) > q ? word_end(s, q) : q + 1)
					if (match_any(s, q, runs, 1) ||
					    match_any(s, q, (const char *const[]){ "cost", "costs", NULL }, 1))
						return 0;
				*cls = NOTT;
				return 1;
			}
			/* "reduced elapsed interval by ~ten times", "exceeds the sequential version by over 32
			   times": of a run's time or speed, or of a version of the code */
			int elapsed = 0; /* "reduced elapsed interval": what was measured */
			for (size_t q = w.end; (q = skip_space(s, q)) < by; q = word_end(s, q) > q ? word_end(s, q) : q + 1)
				elapsed |= match_word_ci(s, q, "elapsed") != 0;
			for (size_t q = w.end; !elapsed && (q = skip_space(s, q)) < by;
			     q = word_end(s, q) > q ? word_end(s, q) : q + 1)
				if (match_any(s, q, given, 1))
					return 0;
			for (size_t q = w.end; (q = skip_space(s, q)) < by; q = word_end(s, q) > q ? word_end(s, q) : q + 1)
				if (match_any(s, q, runs, 1) ||
				    match_any(s, q, (const char *const[]){ "version", "implementation", NULL }, 1)) {
					*cls = CLAIM;
					return 1;
				}
			return 0;
		}
		if (match_word_ci(s, w.start, "and") == w.end)
			return 0;
	}
	return 0;
}

static int time_compound(const struct text *s, size_t e);
static int sibling_joins(const struct text *s, size_t a, size_t b);

/*
 * 1 if a percentage ending at e is the near end of a range or one side of a comparison whose far end,
 * another percentage, follows: "9.0% vs. 7.5%", "+14% to +45%", "38% -> 69%".
 */
static int sibling_next(const struct text *s, size_t e)
{
	size_t g = skip_space(s, e), lim = e + 20 < s->n ? e + 20 : s->n;
	struct number n;

	while (g < lim && !is_digit(s->t[g]) && s->t[g] != '\n')
		g++;
	if (g >= lim || !is_digit(s->t[g]))
		return 0;
	size_t f = g;
	if (f > e && (s->t[f - 1] == '+' || s->t[f - 1] == '~'))
		f--;
	if (!sibling_joins(s, e, f) || !parse_number(s, g, &n))
		return 0;
	g = skip_space(s, n.end);
	return g < s->n && (s->t[g] == '%' || match_lit(s, g, "\\%"));
}

/* 1 if "time" ending at e opens a compound that counts steps or marks ("time steps", "time stamps"). */
static int time_counted(const struct text *s, size_t e)
{
	struct cword n;

	return word_after(s, e, &n) && !n.span &&
	       match_any(s, n.start, (const char *const[]){ "step", "steps", "stamp", "stamps", "zone", "zones", "series",
							    NULL }, 1) == n.end;
}

/* Words that set a bound on the processors' share a program may take or give it one ("limit the container to
   200% CPU", "give the database 50% of one hardware thread", "exceeds 100% of the cgroup quota"). */
static const char *const cpu_limits[] = { "limit", "limits", "limited", "limiting", "cap", "caps", "capped", "quota",
					  "quotas", "restrict", "restricts", "restricted", "throttle", "throttled",
					  "reserve", "reserved", "give", "gives", "gave", "allocate", "allocates",
					  "allocated", "assign", "assigns", "assigned", "leave", "exceed", "exceeds",
					  "exceeded", "exceeding", "alert", "alerts", "alarm", "alarms", "warn", "warns",
					  "threshold", NULL };

static int rate_phrase(const struct text *l, size_t p, size_t *e);

/* 1 if [a, u) ends in a unit of time (match_time_unit) of a second or less ("per second", "/s", "per ms"). */
static int time_unit_under_minute(const struct text *s, size_t a, size_t u)
{
	size_t v = u;

	while (v > a && (is_alpha(s->t[v - 1]) || (unsigned char)s->t[v - 1] >= 0x80))
		v--;
	return match_time_unit(s, v) == u &&
	       !match_any(s, v, (const char *const[]){ "h", "min", "mins", "hr", "hrs", "minute", "minutes", "hour",
						       "hours", NULL }, 1);
}

static size_t percent_tail(const struct text *s, size_t start, size_t e, struct cand *c)
{
	struct cword w, w2;
	size_t f, at, len;
	const struct cue *pc;
	struct number num;

	/* "10% to 50%", "1%-4%", "40% - 70%": one value */
	f = skip_space(s, e);
	if (match_lit(s, f, "--"))
		f += 2;
	else if (match_lit(s, f, "-"))
		f += 1;
	else if (match_lit(s, f, "\xe2\x80\x93"))
		f += 3;
	else if ((at = match_word_ci(s, f, "to")))
		f = at;
	else
		f = 0;
	if (f) {
		f = skip_space(s, f);
		if (f + 1 < s->n && (s->t[f] == '+' || s->t[f] == '~') && is_digit(s->t[f + 1]) && start > 0 &&
		    s->t[start - 1] == s->t[f])
			f++; /* "+14% to +45%": both ends signed */
		if (f < s->n && is_digit(s->t[f]) && parse_number(s, f, &num) && (at = match_factor(s, skip_space(s, num.end))) &&
		    s->t[at - 1] == '%')
			e = at;
	}

	c->kind = QUANTITY_SPEEDUP;
	c->use = 3;
	{
		/* "20% of the time steps", "10% of the time stamps": a share of a count of steps (twenty-ninth
		   round) */
		size_t g = match_word_ci(s, skip_space(s, e), "of"), h;
		if (g && (h = match_word_ci(s, skip_space(s, g), "the")))
			g = h;
		if (g && (h = match_word_ci(s, skip_space(s, g), "time")) && time_counted(s, h)) {
			c->kind = QUANTITY_SHARE;
			decided(c, NOTT, skip_space(s, g), word_end(s, skip_space(s, h)) - skip_space(s, g), W_NOT_TIME);
			return word_end(s, skip_space(s, h));
		}
	}
	if ((f = share_tail(s, e)) || (f = samples_share(s, start, e))) {
		c->kind = QUANTITY_SHARE;
		if (e - start == 4 && match_lit(s, start, "100%"))
			decided(c, NOTT, start, f - start, W_ALWAYS);
		else if ((at = run_time_named(s, e, f)))
			decided(c, CLAIM, at, f - at, W_NAMED_SHARE);
		return f;
	}
	/* "runs within 10-20% of the best", "within 12% of the spec sheet": how far from the fastest a
	   version is, a change of speed (twentieth round, an HPC author's chapters); "within 5% of the
	   theoretical peak" is a share of the peak, as the nineteenth round has it */
	{
		struct cword b;
		size_t pv, g, h;
		int got = prev_cword(s, start, &b, &pv) && !b.span;
		/* "within about 30% of what memcpy achieves": a hedge between (twenty-third round) */
		if (got && is_hedge(s, b.start, b.end))
			got = prev_cword(s, b.start, &b, &pv) && !b.span;
		if (got && match_word_ci(s, b.start, "within") == b.end &&
		    (g = match_word_ci(s, skip_space(s, e), "of")) && !share_tail(s, e)) {
			g = skip_space(s, g);
			/* "14 versus 23 ns, and in L1 the two are within 10% of each other": how far apart the
			   figures just given are, a change of them (twenty-second round; quantity_find() looks for
			   the figure: refers) */
			if ((h = match_word_ci(s, g, "each")) && (h = match_word_ci(s, skip_space(s, h), "other")) &&
			    !word_char_at(s, h)) {
				c->need_perf = 1;
				c->refers = 3;
				return h;
			}
			if ((h = match_any(s, g, (const char *const[]){ "the", "its", "their", NULL }, 1)))
				g = skip_space(s, h);
			if ((h = match_any(s, g, (const char *const[]){ "best", "fastest", "peak", "optimum", "optimal",
									"spec", "theoretical", "ideal", "hand-tuned",
									"vendor", "native", NULL }, 1))) {
				decided(c, CLAIM, g, h - g, W_CHANGE);
				return h;
			}
			/* "the branchless version is within 2% of the two-pass one", "within 10% of ours": how far
			   from another version, when a figure of speed was just given (quantity_find() looks for
			   it: refers; twenty-second round, an author's review and two HPC chapters) */
			struct cword v = { .end = g };
			int size = 0;
			for (int k = 0; k < 5 && word_after(s, v.end, &v) && !v.span && !stops_clause(s, v.start - 1); k++)
				size |= names_memory(s, v.start, v.end) || match_any(s, v.start, other_things, 1) == v.end;
			if (!size) {
				size_t verb, verb_len;
				if (ran_within(s, b.start, g, &verb, &verb_len)) {
					decided(c, CLAIM, verb, verb_len, W_CHANGE);
					return e;
				}
				c->need_perf = 1;
				c->refers = 4;
				return e;
			}
		}
	}
	/* ("this alone was worth 12%" stays to the sentence: a grade's share is worth N% too, in a paragraph
	   about threads and benchmarks as well; two attackers' reviews, twenty-third round) */
	{
		size_t verb, verb_len;
		int cls;
		if (by_change(s, start, e, &cls, &verb, &verb_len)) {
			decided(c, cls, verb, verb_len, cls == CLAIM ? W_CHANGE : W_MEMORY_SHARE);
			return e;
		}
	}
	/* "The peak is 48 GFLOPS. We are at less than 3% of that.": a share of the figure just given, as "a
	   third of that" is (twenty-second round; quantity_find() looks for the figure: refers) */
	{
		size_t g = match_word_ci(s, skip_space(s, e), "of"), h;
		if (g && (h = match_word_ci(s, skip_space(s, g), "that")) && bare_tail(s, h)) {
			c->need_perf = 1;
			c->refers = 2;
			return h;
		}
	}
	/* "an increase of 34% requests per second", "34% more queries per second": a change of the work a
	   program does each second, a throughput (thirty-fourth round, tokio-blog). Only a program's work
	   (requests, queries, transactions, operations, calls, messages, lookups); not "34% of requests
	   per second", a share of them, nor a setting's ("Set the rate limit to 10% more requests per
	   second", "a free account may make 50% more calls per second"), nor a car's meters or a game's
	   enemies per second (an attacker's review) */
	{
		size_t g = skip_space(s, e), h, u;
		if ((h = match_any(s, g, (const char *const[]){ "more", "fewer", "less", "higher", "lower", "extra",
								"additional", "in", NULL }, 1)))
			g = skip_space(s, h);
		if (g < s->n && (h = match_any(s, g, (const char *const[]){ "requests", "request", "queries", "query",
									    "transactions", "transaction", "operations",
									    "operation", "ops", "calls", "call", "messages",
									    "message", "lookups", "lookup", "reqs", NULL }, 1)) &&
		    !word_char_at(s, h) && rate_phrase(s, g, &u) && u - h <= 16 && time_unit_under_minute(s, h, u)) {
			/* (a setting's is let pass as one, and listed in the ledger so) */
			if (word_before(s, start, 10, cpu_limits, &w) ||
			    word_before(s, start, 10, (const char *const[]){ "set", "sets", "setting", "allow", "allows",
									      "allowed", "may", "must", "can", "should",
									      "configure", "configured", "maximum", "max",
									      "minimum", "min", "permit", "permits", "burst",
									      "policy", "up", NULL },
					&w)) {
				c->kind = QUANTITY_SHARE;
				decided(c, SPEC, w.start, w.end - w.start, W_INPUT);
				return e;
			}
			/* what the program does ("handles", "serves", "processes") or a change of it ("an increase
			   of"); not the load offered, forecast or generated ("clients send 40% more requests per
			   second at lunch", "Peak hour brings 50% more lookups per second": a second attacker's
			   review) */
			struct cword o;
			size_t pv;
			if (word_before(s, start, 6, (const char *const[]){ "handle", "handles", "handled", "handling",
									      "serve", "serves", "served", "serving",
									      "process", "processes", "processed", "sustain",
									      "sustains", "sustained", "achieve", "achieves",
									      "achieved", "deliver", "delivers", "delivered",
									      NULL },
					&w) ||
			    (prev_cword(s, start, &o, &pv) && !o.span && match_word_ci(s, o.start, "of") == o.end &&
			     prev_cword(s, o.start, &o, &pv) && !o.span &&
			     match_any(s, o.start, (const char *const[]){ "increase", "improvement", "gain", "boost", "drop",
									  "decrease", "reduction", "regression", "loss",
									  NULL }, 1) == o.end)) {
				decided(c, CLAIM, g, u - g, W_CHANGE);
				return e;
			}
		}
	}
	if ((f = match_claim(s, skip_space(s, e)))) {
		size_t g = memory_after(s, f);
		if (g) {
			decided(c, NOTT, g, word_end(s, g) - g, W_MEMORY_SHARE);
			return f;
		}
		decided(c, CLAIM, skip_space(s, e), f - skip_space(s, e), W_CHANGE);
		return f;
	}
	/* "(<1% of one core)", "takes 100% of all CPUs": a share of the processors, as "N% CPU" below */
	{
		size_t g = match_word_ci(s, skip_space(s, e), "of"), h;
		if (g) {
			g = skip_space(s, g);
			if ((h = match_any(s, g, (const char *const[]){ "one", "a", "all", "the", "each", "every", "its", "our",
									"their", "two", "four", "eight", NULL }, 1)))
				g = skip_space(s, h);
			/* "44% of one hardware thread": a processor by another name (twenty-ninth round; "of the
			   machine", "of the host", "of the vCPUs", "of the cgroup quota" and "of the hardware
			   threads" were taken back after two attackers' reviews: memory, a sizing rule, a
			   parasite's host, a throttling threshold, a count of threads as often) */
			if ((h = match_word_ci(s, g, "hardware")) &&
			    (f = match_word_ci(s, skip_space(s, h), "thread")))
				h = f;
			else
				h = match_any(s, g, (const char *const[]){ "core", "cores", "cpu", "cpus", "processor",
									   "processors", NULL }, 1);
			if (h && !word_char_at(s, h) && !(h < s->n && (s->t[h] == '-' || s->t[h] == '\'')) &&
			    !match_lit(s, h, "\xe2\x80\x99") &&
			    /* "90% of the CPU usage is forgotten": a noun after names something else */
			    !(skip_space(s, h) < s->n && is_alpha(s->t[skip_space(s, h)]) &&
			      !match_any(s, skip_space(s, h), (const char *const[]){ "on", "in", "at", "for", "and", "or", "but",
										   "with", "when", "while", "during", "each",
										   "per", "across", "if", "so", "to", NULL }, 1))) {
				c->kind = QUANTITY_SHARE;
				/* "cap the service at 50% of the cgroup quota": a bound set on it */
				if (word_before(s, start, 6, cpu_limits, &w))
					decided(c, SPEC, w.start, w.end - w.start, W_LIMIT);
				else
					decided(c, CLAIM, g, h - g, W_CPU);
				return h;
			}
		}
	}
	/* "takes 0% CPU", "spins at 100% CPU", "around 150% CPU time each": how busy the code keeps the
	   processors, a share of their time (nineteenth round, lws-readmes, pypy-blog, posa-book) */
	if ((f = match_word_ci(s, skip_space(s, e), "cpu")) && !word_char_at(s, f) && (f >= s->n || s->t[f] != '-')) {
		size_t g = skip_space(s, f), h;
		if ((h = match_any(s, g, (const char *const[]){ "time", "load", "usage", "utilization", "utilisation",
								"use", NULL }, 1)))
			f = h;
		/* "100% CPU bandwidth", "50% CPU quota": the share names a budget or a setting of the CPU, read
		   as before ("~73% CPU increase" is still how busy it keeps them) */
		g = skip_space(s, f);
		if (g < s->n && !word_char_at(s, f) &&
		    match_any(s, g, (const char *const[]){ "bandwidth", "quota", "quotas", "share", "shares", "cores",
							   "core", "count", "affinity", "limit", "limits", "cap",
							   "budget", "reservation", "frequency", "bound", "bound-", NULL }, 1))
			goto not_cpu;
		c->kind = QUANTITY_SHARE;
		/* "limit the container to 200% CPU", "a quota of 50% CPU": a bound set on it */
		if (word_before(s, start, 6, cpu_limits, &w))
			decided(c, SPEC, w.start, w.end - w.start, W_LIMIT);
		else
			decided(c, CLAIM, skip_space(s, e), 3, W_CPU);
		return f;
	}
not_cpu:
	/* "13.92 % Slots", "8.56 % Clocks", "16.48% slots": a share followed by the pipeline's unit it shares
	   out, as top-down tools print a metric (toplev, topdown-tool); "N% of the slots" without "of" */
	if ((f = match_any(s, skip_space(s, e), (const char *const[]){ "slots", "clocks", "cycles", NULL }, 1))) {
		c->kind = QUANTITY_SHARE;
		decided(c, CLAIM, skip_space(s, e), f - skip_space(s, e), W_SHARE);
		return f;
	}
	if (sibling_next(s, e)) {
		/* "9.0% vs. 7.5% overhead", "from +14% to +45%": the far end decides (twenty-ninth round) */
		c->sibling = 1;
		c->need_perf = 1;
		return e;
	}
	if (word_after(s, e, &w)) {
		/* "drops to 30% of what it was", "to 40% of the original": a change, the sentence decides
		   (nineteenth round) */
		if (!w.span && match_word_ci(s, w.start, "of") == w.end && noun_after(s, w.end, &w2) &&
		    !w2.span && match_any(s, w2.start, (const char *const[]){ "what", "before", "original", "baseline",
									  "previous", NULL }, 1) == w2.end) {
			/* "about 0.2% of what the core could do": a share of what the machine can reach, its
			   peak (twentieth round, an HPC author's chapters) */
			struct cword m = w2;
			for (int k = 0; k < 3 && match_word_ci(s, w2.start, "what") == w2.end && word_after(s, m.end, &m) &&
					!m.span;
			     k++)
				if (match_any(s, m.start, (const char *const[]){ "core", "cores", "cpu", "cpus", "machine",
										 "hardware", "processor", "chip", "gpu",
										 "peak", NULL }, 1) == m.end) {
					c->kind = QUANTITY_SHARE;
					decided(c, CLAIM, w2.start, m.end - w2.start, W_SHARE);
					return e;
				}
			c->need_perf = 1;
			return e;
		}
		if (!w.span && match_word_ci(s, w.start, "of") == w.end && noun_after(s, w.end, &w2) &&
		    !perf_word(s, &w2, &at, &len)) {
			/* "49% of the build time", "12% of the GC time": a share of the time of a phase a program
			   or a build goes through, named right before "time" (not "time steps", "time slots";
			   twenty-ninth round; "30% of the lesson time", "60% of the match time", "25% of the test
			   time" (an exam), "40% of the request time" (a customer's), "of the decompression time"
			   (a diver's): other words name a person's or a game's time, two attackers' reviews) */
			struct cword t;
			if (!w2.span && word_after(s, w2.end, &t) && !t.span &&
			    match_any(s, w2.start, (const char *const[]){ "build", "compile", "compilation", "link", "linking",
									  "gc", "startup", "boot", "ci", "render", "rendering",
									  "frame", "kernel", "query", "codegen", "optimization",
									  "optimisation", "parse", "parsing", "decode", "decoding",
									  "encode", "encoding", "compression", "pipeline", "cpu",
									  NULL }, 1) == w2.end &&
			    match_any(s, t.start, (const char *const[]){ "time", "runtime", NULL }, 1) == t.end &&
			    !time_compound(s, t.end)) {
				c->kind = QUANTITY_SHARE;
				decided(c, CLAIM, w2.start, t.end - w2.start, W_SHARE);
				return e;
			}
			return 0; /* "50% of samples", "75% of its branches" */
		}
		if ((pc = perf_word(s, &w, &at, &len))) {
			size_t g = memory_after(s, w.end);
			if (g)
				decided(c, NOTT, g, word_end(s, g) - g, W_MEMORY_SHARE);
			else
				decided(c, CLAIM, at, len, pc->why);
			return w.end;
		}
		if (!w.span && match_any(s, w.start, comparatives, 1) == w.end) {
			/* "Memory usage during the latency test is 30% higher with tracing": what the clause
			   before compares is memory (eighteenth round) */
			if (predicative(s, &w) && memory_subject(s, start)) {
				decided(c, NOTT, w.start, w.end - w.start, W_NOT_TIME);
				return w.end;
			}
			if (!predicative(s, &w) && noun_after(s, w.end, &w2)) {
				/* "a 3.5% reduction in compiler bootstrap time": the noun phrase's own words */
				for (int k = 0; k < 3; k++) {
					if ((pc = perf_word(s, &w2, &at, &len))) {
						decided(c, CLAIM, at, len, pc->why);
						return w2.end;
					}
					if (!word_after(s, w2.end, &w2) || is_joiner(s, &w2))
						break;
				}
				return 0; /* "a 20% reduction in traffic" */
			}
			c->need_perf = 1;
			return w.end;
		}
		/* "shaved another 8% off the traversal", "took 10% off the build": a reduction, the sentence
		   decides (twenty-first round) */
		if (!w.span && match_word_ci(s, w.start, "off") == w.end) {
			c->need_perf = 1;
			return w.end;
		}
		/* "about 30% below the mutex", "5% above the baseline": how far from another figure, the sentence
		   decides (twenty-third round) */
		if (!w.span && match_any(s, w.start, (const char *const[]){ "below", "above", NULL }, 1) == w.end) {
			/* "the slowest run was up to 6% above the median": a spread of the runs */
			size_t g = match_word_ci(s, skip_space(s, w.end), "the"), h;
			if (g && (h = match_any(s, skip_space(s, g), (const char *const[]){ "median", "mean", "average", NULL }, 1)) &&
			    bare_tail(s, h)) {
				decided(c, NOTT, skip_space(s, g), h - skip_space(s, g), W_SPREAD);
				return w.end;
			}
			c->need_perf = 1;
			return w.end;
		}
		if (!w.span && match_word_ci(s, w.start, "range") == w.end) {
			/* "lots in the 1-4% range": the sentence decides */
			c->need_perf = 1;
			return e;
		}
		if (!is_joiner(s, &w) && !match_word_ci(s, w.start, "per") && !by_amount(s, start)) {
			/* "10.57% gc time", "89.65% compilation time": a share named by the time it is a share of,
			   "of" elided (the share nouns read "% of the compilation time"). "time" must end the noun
			   phrase ("50% compile time reduction" is a reduction) and the word before it name a kind
			   of time, not how often ("50% every time") (issue 13, eleventh round) */
			if (!w.span && word_after(s, w.end, &w2) && !w2.span &&
			    (match_word_ci(s, w2.start, "time") == w2.end || match_word_ci(s, w2.start, "runtime") == w2.end) &&
			    match_any(s, w.start, (const char *const[]){ "every", "each", "any", "some", "no", "one", "same",
									  "first", "last", "next", "whole", "full", NULL }, 1) != w.end) {
				struct cword w3;
				if (!word_after(s, w2.end, &w3) || is_joiner(s, &w3)) {
					c->kind = QUANTITY_SHARE;
					decided(c, CLAIM, w.start, w2.end - w.start, W_NAMED_SHARE);
					return w2.end;
				}
				/* "a 15% compile time reduction", "a 5% build time improvement": the change of that
				   time (seventeenth round, rust-blog) */
				if (!w3.span && match_any(s, w3.start, (const char *const[]){ "reduction", "reductions",
						"improvement", "improvements", "increase", "decrease", "regression", "regressions",
						"saving", "savings", "speedup", "win", "wins", "gain", "gains", NULL }, 1) == w3.end) {
					decided(c, CLAIM, w.start, w3.end - w.start, W_CHANGE);
					return w3.end;
				}
			}
			/* "+3-11% compression speed", "+10-20% cold dict compression speed": a change of the speed
			   the noun phrase names, its last word a word of speed (seventeenth round, zstd-docs) */
			{
				struct cword v = w;
				for (int k = 0; k < 4 && !v.span && is_alpha(s->t[v.start]); k++) {
					if (match_any(s, v.start, (const char *const[]){ "speed", "speeds", "throughput",
							"bandwidth", "performance", NULL }, 1) == v.end) {
						if (k == 0)
							break; /* "10% speed" alone: perf_word decided it above, or nothing does */
						/* "equivalent to 100% CPU bandwidth": all of a CPU's share a scheduler gives,
						   no speed */
						if ((e - start == 4 && match_lit(s, start, "100%")) ||
						    match_word_ci(s, w.start, "CPU"))
							break;
						decided(c, CLAIM, w.start, v.end - w.start, W_CHANGE);
						return v.end;
					}
					if (!word_after(s, v.end, &v) || is_joiner(s, &v))
						break;
				}
			}
			/* "24% Core Bound", "52.3% Frontend Bound performance bottleneck" */
			if (word_after(s, w.end, &w2) && (pc = perf_word(s, &w2, &at, &len)) && pc->why == W_SHARE &&
			    !((pc = cue_of(s, &w, 3, 0, 0, &at, &len)) && pc->cls == NOTT)) {
				pc = perf_word(s, &w2, &at, &len);
				c->kind = QUANTITY_SHARE;
				decided(c, CLAIM, at, len, pc->why);
				return w2.end;
			}
			/* "0.2 % tma bad speculation": a printed metric's name of three words, read from a glued
			   name (tma_bad_speculation) by the timing rule (issue 13, eighth round) */
			if (!w.span && word_after(s, w.end, &w2) && !w2.span && !is_joiner(s, &w2) &&
			    !cue_of(s, &w, 3, 0, 0, &at, &len) && !cue_of(s, &w2, 3, 0, 0, &at, &len) &&
			    word_after(s, w2.end, &w2) && (pc = perf_word(s, &w2, &at, &len)) && pc->why == W_SHARE) {
				c->kind = QUANTITY_SHARE;
				decided(c, CLAIM, at, len, pc->why);
				return w2.end;
			}
			return 0; /* "50% misprediction rate", "40% of the array" are found by nothing else */
		}
	}
	{
		/* "the 10% that did improve it", "the other 90%": a part of a set, named by its share */
		struct cword pw;
		size_t prev;
		if (prev_cword(s, start, &pw, &prev) && !pw.span &&
		    (match_word_ci(s, pw.start, "the") == pw.end || match_word_ci(s, pw.start, "other") == pw.end) &&
		    (!word_after(s, e, &w) || (!w.span && match_any(s, w.start, (const char *const[]){ "that", "which", "who", NULL }, 1) == w.end)))
			return 0;
	}
	{
		size_t cue, cue_len, cue_span;
		if (profile_share(s, start, e, &cue, &cue_len, &cue_span)) {
			c->kind = QUANTITY_SHARE;
			decided(c, CLAIM, cue, cue_len, W_SHARE);
			c->cue_span = cue_span; /* "`perf` says": the span's own text names it */
			return e;
		}
	}
	c->need_perf = 1;
	return e;
}

/* A verb of using the processors' time in the six words before p: "uses", "averaged", "burns". */
static int cpu_verb_before(const struct text *s, size_t p)
{
	return word_before(s, p, 6, (const char *const[]){ "uses", "used", "using", "consumes", "consumed", "consuming",
							  "burns", "burned", "burnt", "burning", "averaged", "averages",
							  "averaging", "eats", "ate", "occupies", "occupied", "saves",
							  "saved", "saving", "peaked", "peaks", NULL },
			   &(struct cword){ 0 });
}

/*
 * "uses about 10.5 cores", "averaged 1.1 CPUs", "saving something like 175 cores at peak": a number
 * [a, b) of cores (the word at q) a run keeps busy. A fraction, "at peak" ending its phrase or "on
 * average" says it was measured, and a verb of using before it that it is the code's. Not a bound, a
 * default or a plan ("uses 2.5 CPUs at most", "2.5 cores per die", "by default", "Plan for 32 cores
 * at peak"), a setting ("capped at 2.5 CPUs", "With --cpus=0.5 the container uses 0.5 CPUs", "a
 * container with 0.5 CPUs"), a noun the cores name ("a 0.5 CPU request", "2.5 CPU seconds"), nor a
 * whole number a hedge alone leads ("a typical laptop uses about 4 cores"): two attackers' reviews.
 * The end, or 0.
 */
static size_t cores_used(const struct text *s, size_t a, size_t b, size_t q)
{
	struct cword w, v;
	size_t e, g, h, prev, k;
	int frac, peak = 0, average = 0;

	if (!(e = match_any(s, q, (const char *const[]){ "core", "cores", "cpu", "cpus", "vcpu", "vcpus", NULL }, 1)) ||
	    (e < s->n && (s->t[e] == '-' || s->t[e] == '\'')))
		return 0;
	frac = memchr(s->t + a, '.', b - a) != NULL;
	g = skip_space(s, e);
	if ((h = match_word_ci(s, g, "at")) && (h = match_word_ci(s, skip_space(s, h), "peak")))
		/* "at peak" ends its phrase: not "at peak frequency", "at peak hours" */
		peak = !(word_after(s, h, &w) && !w.span && !is_joiner(s, &w) &&
			 !match_any(s, w.start, (const char *const[]){ "and", "but", "while", "on", "in", "during",
								       "across", "for", NULL }, 1));
	if ((h = match_word_ci(s, g, "on")) && match_word_ci(s, skip_space(s, h), "average"))
		average = 1;
	if (match_any(s, g, (const char *const[]){ "per", "max", "maximum", "worth", NULL }, 1) ||
	    ((h = match_word_ci(s, g, "at")) &&
	     match_any(s, skip_space(s, h), (const char *const[]){ "most", "least", NULL }, 1)) ||
	    ((h = match_word_ci(s, g, "by")) && match_word_ci(s, skip_space(s, h), "default")))
		return 0;
	/* what follows names no other noun: the end of the clause, or a word that joins or places it */
	if (word_after(s, e, &v) && !v.span && !peak && !average && !is_joiner(s, &v) &&
	    !match_any(s, v.start, (const char *const[]){ "and", "or", "but", "while", "when", "on", "in", "over",
							  "during", "across", "for", "of", "at", "under", "with", NULL },
		       1))
		return 0;
	if (!(frac || peak || average) || !cpu_verb_before(s, a) || word_before(s, a, 6, cpu_limits, &w))
		return 0;
	/* a setup: "a container with 0.5 CPUs"; a flag or an assignment earlier in the sentence sets it */
	if (prev_cword(s, a, &w, &prev) && !w.span && match_word_ci(s, w.start, "with") == w.end)
		return 0;
	for (k = a; k > 0 && a - k < 120 && !stops_clause(s, k - 1); k--)
		if (s->t[k - 1] == '=' || (s->t[k - 1] == '-' && k >= 2 && s->t[k - 2] == '-'))
			return 0;
	return e;
}

/* "(an|N) order(s) of magnitude" at p; its end, or 0. */
static size_t match_magnitude(const struct text *s, size_t p)
{
	size_t e = match_word_ci(s, p, "order");

	if (!e && !(e = match_word_ci(s, p, "orders")))
		return 0;
	if (!(e = match_word_ci(s, skip_space(s, e), "of")))
		return 0;
	return match_word_ci(s, skip_space(s, e), "magnitude");
}

/*
 * A quantity that starts with the number at start (digits, or a number
 * word when word_end is not 0: it ends there); its end, or 0. *skip is
 * where the number itself ends, so that a failed try is not repeated
 * inside it ("1,000,000" read again from each group would be quadratic).
 */
/* The names of a KEY=VALUE field's key (or of one of its parts) that make its value a setting. */
static const char *const field_settings[] = { "timeout", "ttl", "interval", "delay", "period", "deadline", "sleep",
					      "wait", "backoff", "keepalive", "retry", "limit", NULL };

/*
 * The start of the key of a KEY=VALUE field whose '=' is at eq: letters, digits and '_' (and, with
 * parts, the '/', '-' and '.' that join a key's parts: "ns/query", "duty-cycle"), after a space, a
 * line's start, '(', '[' or ','; eq when there is none.
 */
static size_t field_key(const struct text *s, size_t eq, int parts)
{
	size_t a = eq;

	while (a > 0 && eq - a < 48 &&
	       (is_alpha(s->t[a - 1]) || is_digit(s->t[a - 1]) || s->t[a - 1] == '_' ||
		(parts && (s->t[a - 1] == '/' || s->t[a - 1] == '-' || s->t[a - 1] == '.'))))
		a--;
	if (a > 0 && !space_at(s, a - 1) && s->t[a - 1] != '\n' && s->t[a - 1] != '(' && s->t[a - 1] != '[' &&
	    s->t[a - 1] != ',')
		return eq;
	return a;
}

/*
 * The key of the KEY=VALUE field whose '=' is at eq: 1 if one of its parts (set apart by '_', '/', '-' or
 * '.') is a unit of time ("ns/query", "ns_per_access", "time_ns", "latency_us"); c is then a time,
 * decided by the key: a setting's words make it specified, else a claim.
 */
static int field_of_time(const struct text *s, size_t eq, struct cand *c)
{
	static const char *const units[] = { "ns", "us", "ms", "sec", "secs", "usec", "usecs", "nsec", "nsecs", "msec",
					     "msecs", "seconds", "micros", "millis", "nanos", NULL };
	size_t a = field_key(s, eq, 1), p;
	int unit = 0, setting = 0;

	if (a == eq)
		return 0;
	/* "pwm.init(freq=5000, duty_ns=5000)": a call's argument; "CONFIG_USEC_PER_TICK=10000": a
	   configuration's constant, in capitals: inputs */
	{
		size_t b = a;
		int lower = 0;
		while (b > 0 && space_at(s, b - 1))
			b--;
		for (p = a; p < eq; p++)
			lower |= s->t[p] >= 'a' && s->t[p] <= 'z';
		if ((b > 0 && (s->t[b - 1] == '(' || s->t[b - 1] == ',')) || !lower)
			setting = 1;
	}
	for (p = a; p < eq;) {
		size_t e = p;
		while (e < eq && (is_alpha(s->t[e]) || is_digit(s->t[e])))
			e++;
		for (const char *const *u = units; e > p && *u; u++)
			unit |= strlen(*u) == e - p && !strncasecmp((const char *)s->t + p, *u, e - p);
		for (const char *const *u = field_settings; e > p && *u; u++)
			setting |= strlen(*u) == e - p && !strncasecmp((const char *)s->t + p, *u, e - p);
		p = e < eq ? e + 1 : e;
	}
	if (!unit)
		return 0;
	c->kind = QUANTITY_TIME;
	c->use = 0;
	decided(c, setting ? SPEC : CLAIM, a, eq - a, setting ? W_INPUT : W_FIELD);
	return 1;
}

static size_t scan_number(const struct text *s, size_t start, size_t word_end_, struct cand *c, size_t *skip)
{
	struct number num;
	size_t p, q, e, f, ends[GAP_WORDS], ng;

	memset(c, 0, sizeof *c);
	c->cls = UNDECIDED;
	*skip = start;
	if (word_end_) {
		num.end = word_end_;
		num.plain = num.nines = 0;
		num.digits = 0;
		*skip = word_end_;
	} else {
		if (!parse_number(s, start, &num))
			return 0;
		*skip = num.end;
		if (is_not_seconds(s, start, &num))
			return 0;
		/* a field's value whose unit the record writes once, at its end */
		if (start > 0 && s->t[start - 1] == '=' && record_unit(s, num.end)) {
			c->kind = QUANTITY_TIME;
			return num.end;
		}
		/* "ns/query=70.2", "ns_per_access=4.1", "time_ns=88": a field named with a unit of time holds a
		   time, a setting's ("timeout_ms=500") specified (nineteenth round, an HPC author's review) */
		if (start > 0 && s->t[start - 1] == '=' && field_of_time(s, start - 1, c))
			return num.end;
		/* "CYCLES=82.9019": a field named for cycles holds a cycle count */
		if (start > 0 && s->t[start - 1] == '=' && field_of_cycles(s, start - 1)) {
			c->kind = QUANTITY_CYCLES;
			c->use = 1;
			return num.end;
		}
	}
	p = word_end_ ? num.end : skip_range(s, num.end);
	if (!word_end_ && p < s->n && strchr("kKMGTB", s->t[p]) && !word_char_at(s, p + 1))
		p++;
	if (!word_end_ && p < s->n && s->t[p] == '+' && space_at(s, p + 1))
		p++; /* "200+ cycles" */
	q = skip_space(s, p);
	if (s->table && memchr(s->t + p, '\n', q - p))
		q = p; /* a table's cell takes no unit from the next row */

	/* "about 2/3 the speed of rand", "1/3 of the speed": a fraction of a speed, as "half the speed" is
	   ("1/100 of the time" is how often, "1/4 of the remaining buffer" no speed) */
	if (!word_end_ && num.plain && p == num.end && p + 1 < s->n && s->t[p] == '/' && is_digit(s->t[p + 1])) {
		size_t g = skip_space(s, skip_digits(s, p + 1)), of = match_word_ci(s, g, "of");

		if (of)
			g = skip_space(s, of);
		if ((f = match_word_ci(s, g, "the")) &&
		    (e = match_any(s, skip_space(s, f),
				   (const char *const[]){ "speed", "throughput", "bandwidth", "performance", NULL }, 1))) {
			c->kind = QUANTITY_SPEEDUP;
			c->use = 2;
			decided(c, CLAIM, skip_space(s, f), e - skip_space(s, f), W_CHANGE);
			return skip_digits(s, p + 1);
		}
	}
	/* factors and percentages */
	/* "a 4-times speedup", "a 4-or-5-times performance hit": the factor hyphenated before its noun, as
	   "-fold" is (nineteenth round, pypy-blog) */
	if ((e = match_factor(s, q)) ||
	    (match_lit(s, p, "-") && ((e = match_word_ci(s, p + 1, "fold")) || (e = match_word_ci(s, p + 1, "times"))))) {
		int percent = s->t[e - 1] == '%' || s->t[e - 1] == 't';
		int is_times = !percent && (s->t[e - 1] == 's');
		/* "width=50%" is an attribute; "7950X" a model name, unless a claim follows ("3X faster") */
		if (start > 0 && s->t[start - 1] == '=')
			return 0;
		if (s->t[e - 1] == 'X' && q == p && !match_claim(s, skip_space(s, e)) &&
		    !match_any(s, skip_space(s, e), (const char *const[]){ "longer", "shorter", NULL }, 1))
			return 0; /* "took 5-10X longer" is a factor of time too (seventeenth round, zstd-docs) */
		/* "the 0x prefix": hexadecimal, no factor */
		if (to_lower(s->t[e - 1]) == 'x' && q == p && num.end == start + 1 && s->t[start] == '0')
			return 0;
		if (!percent) {
			/* "5 times to 20 times faster", "2x or 3x slower": one factor, read from its first number */
			size_t g = skip_space(s, e), h;
			struct number n2;
			/* "3x-5x faster", "a 2x--22x gain": the two ends joined by a dash (twenty-ninth round) */
			if (((h = match_word_ci(s, g, "to")) || (h = match_word_ci(s, g, "or")) || (h = match_lit(s, g, "--")) ||
			     (h = match_lit(s, g, "-")) || (h = match_lit(s, g, "\xe2\x80\x93"))) &&
			    (g = skip_space(s, h)) < s->n && is_digit(s->t[g]) && parse_number(s, g, &n2) &&
			    (h = match_factor(s, skip_space(s, n2.end))) && s->t[h - 1] == s->t[e - 1])
				e = h;
		}
		{
			/* "improved performance 3.5 times", "slowed it down by 2x": the verb decides, as for "by N%" */
			size_t verb, verb_len;
			int cls;
			if (!percent && by_change(s, start, e, &cls, &verb, &verb_len)) {
				c->kind = QUANTITY_SPEEDUP;
				c->use = 2;
				decided(c, cls, verb, verb_len, cls == CLAIM ? W_CHANGE : W_MEMORY_SHARE);
				return e;
			}
		}
		f = percent ? percent_tail(s, start, e, c) : factor_tail(s, e, is_times, c);
		if (f)
			return f;
		if (is_times && (f = times_claim(s, start, e, c)))
			return f;
		memset(c, 0, sizeof *c);
		c->cls = UNDECIDED;
		/* "3 times per second" is a rate, found below */
	}
	/* "uses about 10.5 cores at peak", "averaged 1.1 CPUs": how many processors' time the code keeps
	   busy, a share of them (twenty-ninth round); a machine's count ("has 16 cores", "uses 4 cores")
	   is a whole number with no hedge */
	if (!word_end_ && (e = cores_used(s, start, num.end, q))) {
		c->kind = QUANTITY_SHARE;
		decided(c, CLAIM, q, word_end(s, q) - q, W_CPU);
		return e;
	}
	if ((e = match_magnitude(s, q))) {
		f = factor_tail(s, e, 0, c);
		return f ? f : 0;
	}

	/* a duration written whole: the shell's `time` ("0m0.012s", "1m30s"), "2h15m", GNU time's
	   "0:00.12elapsed" */
	if (num.plain && p == num.end && (e = match_compound_time(s, p))) {
		c->kind = QUANTITY_TIME;
		return e;
	}

	/* binary digits, decades and round counts glued to an "s" */
	if (!word_end_ && num.plain && p == num.end && match_lit(s, p, "s") && !word_char_at(s, p + 1)) {
		size_t after = skip_space(s, p + 1);
		size_t len = num.end - start;
		if (len == 1 && (s->t[start] == '0' || s->t[start] == '1') &&
		    (match_word_ci(s, after, "and") || match_word_ci(s, after, "or") || match_lit(s, p + 1, "-and-") ||
		     match_lit(s, p + 1, "-or-"))) {
			c->kind = QUANTITY_TIME;
			decided(c, NOTT, start, p + 1 - start, W_BINARY);
			return p + 1;
		}
		if (len == 1 && (s->t[start] == '0' || s->t[start] == '1')) {
			/* "all 1s", "all 0s": every bit set or clear */
			struct cword w;
			size_t prev;
			if (prev_cword(s, start, &w, &prev) && !w.span && match_word_ci(s, w.start, "all") == w.end) {
				c->kind = QUANTITY_TIME;
				decided(c, NOTT, start, p + 1 - start, W_BINARY);
				return p + 1;
			}
		}
		if (len == 1 && (s->t[start] == '0' || s->t[start] == '1') && start >= 4) {
			/* the "0s" of "1s and 0s" */
			struct cword w;
			size_t prev;
			if (prev_cword(s, start, &w, &prev) && (match_word_ci(s, w.start, "and") == w.end ||
								 match_word_ci(s, w.start, "or") == w.end) &&
			    prev_cword(s, w.start, &w, &prev) && w.end - w.start == 2 &&
			    (s->t[w.start] == '0' || s->t[w.start] == '1') && s->t[w.start + 1] == 's') {
				c->kind = QUANTITY_TIME;
				decided(c, NOTT, start, p + 1 - start, W_BINARY);
				return p + 1;
			}
		}
		if ((len == 2 && s->t[start + 1] == '0') || match_word_ci(s, after, "of")) {
			struct cword w;
			size_t prev;
			int decade = len == 2 && prev_cword(s, start, &w, &prev) &&
				     (match_word_ci(s, w.start, "the") == w.end || match_word_ci(s, w.start, "early") == w.end ||
				      match_word_ci(s, w.start, "late") == w.end || match_word_ci(s, w.start, "mid") == w.end);
			int round = match_word_ci(s, after, "of") && s->t[p - 1] == '0' &&
				    (s->t[start] == '1' && (len == 2 || len == 3 || len == 4));
			if (round) {
				/* "100s of nanoseconds", "100s of CPU clock cycles": a figure by its order */
				size_t u = skip_space(s, match_word_ci(s, after, "of")), g = u;
				if ((e = match_time_unit(s, u))) {
					c->kind = QUANTITY_TIME;
					return e;
				}
				for (int k = 0; k < 3 && g < s->n; k++) {
					if ((e = match_cycles(s, g))) {
						c->kind = QUANTITY_CYCLES;
						c->use = 1;
						return e;
					}
					if (!is_alpha(s->t[g]) || match_word_ci(s, g, "the"))
						break;
					g = skip_space(s, word_end(s, g));
				}
			}
			if (decade || round) {
				c->kind = QUANTITY_TIME;
				decided(c, NOTT, start, p + 1 - start, W_DECADE);
				return p + 1;
			}
		}
	}

	if ((e = match_multiplier(s, q)))
		q = skip_space(s, e);

	/* rates: "100 ops/s", "3 GB/s", "10 per second", "3M 16-bit integers per second" */
	c->kind = QUANTITY_RATE;
	c->use = 0;
	if ((e = match_slash_time(s, q)) || (e = match_per_time(s, q)))
		return e;
	if ((e = match_per_cycle(s, q)) || (q == p && (e = match_slash_cycle(s, q)))) {
		decided(c, CLAIM, q, e - q, W_SPEED);
		return e;
	}
	if (q < s->n && (is_alpha(s->t[q]) || s->t[q] >= 0x80)) {
		size_t w = word_end(s, q);
		/* "1.57 chars/cycle", "1 store/cycle" */
		if (w > q && (e = match_slash_cycle(s, w))) {
			decided(c, CLAIM, q, e - q, W_SPEED);
			return e;
		}
		/* "110 bps", "9600 baud": a serial line's speed, a setting like a clock frequency */
		if ((e = match_word_ci(s, q, "baud")) || (e = match_word_(s, q, "bps", 0))) {
			decided(c, SPEC, q, e - q, W_LINE);
			return e;
		}
		if ((e = match_rate_word(s, q))) {
			decided(c, CLAIM, q, e - q, W_BANDWIDTH);
			return e;
		}
		/* "3200 MT/s", "three UPI links at 10.4 GT/s": transfers a second, a link's rate */
		if (w > q && (e = match_lit(s, w, "/s")) && !word_char_at(s, e) && w - q == 2 &&
		    (s->t[q] == 'M' || s->t[q] == 'G') && s->t[q + 1] == 'T') {
			decided(c, SPEC, q, e - q, W_TRANSFER);
			return e;
		}
		if (w > q && ((e = match_slash_time(s, w)) || (e = match_per_time(s, skip_space(s, w))))) {
			if (w - q >= 2 && s->t[w - 1] == 'B' && match_slash_time(s, w))
				decided(c, CLAIM, q, e - q, W_BANDWIDTH);
			else if (match_any(s, q, (const char *const[]){ "samples", "sample", "ticks", "tick", "interrupts",
									 NULL }, 1))
				decided(c, SPEC, q, w - q, W_INTERVAL); /* "1000 samples per second": a sampling rate */
			else if (one_call_per(s, start, num.end, q, w))
				decided(c, SPEC, start, w - start, W_INTERVAL); /* "one call per second": a period */
			return e;
		}
		/* time units */
		c->kind = QUANTITY_TIME;
		/* "6.2 CPU seconds", "3 wall-clock hours": a time named with the clock that counts it */
		if ((e = match_any(s, q, (const char *const[]){ "CPU", "wall-clock", "wall", NULL }, 0)) &&
		    skip_space(s, e) > e && match_time_unit(s, skip_space(s, e)))
			q = skip_space(s, e);
		if ((e = match_time_unit(s, q))) {
			/* "batch=1   ns/query=70.2": the next field's key, no unit of this value */
			if (q > p && e < s->n && (s->t[e] == '=' || s->t[e] == '_' ||
						  (s->t[e] == '/' && word_end(s, e + 1) < s->n &&
						   s->t[word_end(s, e + 1)] == '=')))
				return 0;
			if ((num.nines && match_any(s, q, (const char *const[]){ "ns", "nsec", "nsecs", "nanoseconds",
										  "us", "usec", "usecs", "microseconds",
										  "ms", "msec", "milliseconds", NULL }, 1)) ||
			    int_limit(s, start, num.end) ||
			    (start >= 2 && s->t[start - 1] == '^' && is_digit(s->t[start - 2])) ||
			    (start >= 3 && s->t[start - 1] == '*' && s->t[start - 2] == '*' && is_digit(s->t[start - 3])))
				/* "999999999 ns", "2147483647 seconds", "2^32 microseconds" (a power: a type's range) */
				decided(c, SPEC, start, e - start, W_BOUND);
			if (letter_not_unit(s, num.end, q, e))
				return 0;
			/* "1614581530 s": a clock's reading, seconds since an epoch; no code runs 30 years */
			if (num.plain && num.digits >= 10 &&
			    match_any(s, q, (const char *const[]){ "s", "sec", "secs", "seconds", "second", NULL }, 1) == e)
				decided(c, SPEC, start, e - start, W_EPOCH);
			if ((f = clock_span(s, q, e))) {
				c->clock = 1;
				return f;
			}
			/* "Family 17h", "the 10h generation": a processor family's name, in hex */
			if (e == q + 1 && s->t[q] == 'h' && q == p) {
				struct cword cw;
				size_t prev;
				if ((prev_cword(s, start, &cw, &prev) && !cw.span && match_word_ci(s, cw.start, "family") == cw.end) ||
				    (word_after(s, e, &cw) && !cw.span && (match_word_ci(s, cw.start, "generation") == cw.end ||
									   match_word_ci(s, cw.start, "family") == cw.end))) {
					decided(c, NOTT, start, e - start, W_NAME);
					return e;
				}
			}
			/* "171 Second Street": a capitalized unit word before a capitalized word */
			if (s->t[q] >= 'A' && s->t[q] <= 'Z' && e - q > 3) {
				size_t n = skip_space(s, e);
				if (n > e && n < s->n && s->t[n] >= 'A' && s->t[n] <= 'Z')
					decided(c, NOTT, start, word_end(s, n) - start, W_NAME);
			}
			return time_tail(s, e);
		}
		/* "would take about 10 months": a calendar span, a quantity only when a word of running leads it */
		if ((e = match_any(s, q, (const char *const[]){ "day", "days", "week", "weeks", "month", "months", "year",
								 "years", NULL }, 1))) {
			c->calendar = 1;
			return e;
		}
	}
	/* "can issue 4 of these per cycle", "2 of them per clock": a rate of what was named before
	   (nineteenth round) */
	{
		size_t g = match_word_ci(s, skip_space(s, p), "of"), h;
		if (g && (h = match_any(s, skip_space(s, g), (const char *const[]){ "them", "these", "those", NULL }, 1)) &&
		    (e = match_per_cycle(s, skip_space(s, h)))) {
			c->kind = QUANTITY_RATE;
			c->use = 0;
			decided(c, CLAIM, skip_space(s, h), e - skip_space(s, h), W_SPEED);
			return e;
		}
	}
	/* cycles: "14 CPU cycles", "1.75 cycles per byte" */
	c->kind = QUANTITY_CYCLES;
	c->use = 1;
	ng = gap_words(s, p, ends);
	{
		int one = word_end_ ? (match_word_ci(s, start, "one") || match_word_ci(s, start, "zero"))
				    : (num.end - start == 1 && s->t[start] == '1');
		size_t at = skip_space(s, p);
		if (one && (e = match_cycles_(s, at, 1)))
			return e;
		/* "1 extra cycle of latency" */
		if (one && (e = extra_cycle(s, at)))
			return e;
	}
	for (size_t k = 0; k <= ng; k++) {
		size_t at = skip_space(s, k ? ends[k - 1] : p);
		if ((e = match_cycles(s, at)) || (k <= 2 && (e = match_per_cycle(s, at)))) {
			if (s->t[e - 1] != 's' && !match_cycles(s, at)) {
				c->kind = QUANTITY_RATE;
				decided(c, CLAIM, at, e - at, W_SPEED);
			} else if ((f = match_word_ci(s, skip_space(s, e), "per")) && word_char_at(s, skip_space(s, f))) {
				e = word_end(s, skip_space(s, f)); /* "cycles per byte" */
			}
			return e;
		}
		if (k > 0) {
			/* "3M 16-bit integers per second", "two 32-bit words per clock cycle", "100 seeks a second" */
			c->kind = QUANTITY_RATE;
			c->use = 0;
			if ((e = match_per_time(s, at)) || (e = match_slash_time(s, ends[k - 1])) ||
			    (at < s->n && (s->t[at] == 'a' || s->t[at] == 'A') && !verb_between(s, p, ends[k - 1]) &&
			     (e = match_a_time(s, at)) && !match_word_ci(s, skip_space(s, e), "apart")))
				return e; /* "two times an hour apart" are two points in time */
			/* "1.8 million read IOPS": a rate unit after the words that say what is counted */
			if (at < s->n && strchr("bBfFiIkKMGTPqrt", s->t[at]) && (e = match_rate_word(s, at))) {
				decided(c, CLAIM, at, e - at, W_BANDWIDTH);
				return e;
			}
			/* "two stores (two 256-bit or one 512-bit) per cycle", "(a total of six instructions) per clock" */
			if ((e = skip_aside(s, at)) > at && (f = match_per_cycle(s, skip_space(s, e)))) {
				decided(c, CLAIM, skip_space(s, e), f - skip_space(s, e), W_SPEED);
				return f;
			}
			c->kind = QUANTITY_CYCLES;
			c->use = 1;
		}
	}
	/* "8 instructions in 4 cycles" is found at the 4 */

	/* "a 30-second timeout", "a 4-cycle latency": only long forms, "8-byte" and "64-bit" stay out */
	if (match_lit(s, p, "-")) {
		c->kind = QUANTITY_TIME;
		c->use = 0;
		if ((e = match_any(s, p + 1, time_words, 1)))
			return e;
		c->kind = QUANTITY_CYCLES;
		c->use = 1;
		if ((e = match_any(s, p + 1, (const char *const[]){ "cycle", "clock", NULL }, 1)))
			return e;
	}
	/* "0.98 CPUs utilized": how many processors a run kept busy, on average over its time */
	if ((e = match_any(s, q, (const char *const[]){ "CPUs", "CPU", "cores", NULL }, 1)) &&
	    (f = match_any(s, skip_space(s, e), (const char *const[]){ "utilized", "utilised", NULL }, 1))) {
		c->kind = QUANTITY_SHARE;
		c->use = 2;
		decided(c, CLAIM, q, f - q, W_BUSY);
		return f;
	}
	/* "IPC of 4" is found at the word, "4 IPC" here; CS:APP's cycles per element ("1.27 CPE") too */
	if ((e = match_any(s, q, (const char *const[]){ "IPC", "CPI", "CPE", NULL }, 0))) {
		c->kind = QUANTITY_RATE;
		decided(c, CLAIM, q, e - q, W_SPEED);
		return e;
	}
	return 0;
}

/*
 * The value after a metric's name that ends at e ("IPC of 1.4", "IPC (0--1)",
 * "IPC also goes up from 4.0", "IPC of `0.2`"): its end, with *value_start
 * where it starts and c a rate the name [cue, cue + cue_len) decided; 0 if
 * no value follows within a few joining words.
 */
static size_t metric_value(const struct text *s, size_t e, size_t cue, size_t cue_len, struct cand *c,
			   size_t *value_start)
{
	struct number num;
	size_t q = skip_space(s, e), f;

	for (int k = 0; k < 5; k++) {
		if (q < s->n && (s->t[q] == '(' || s->t[q] == '=' || s->t[q] == ':' || s->t[q] == '~'))
			q = skip_space(s, q + 1);
		if (q < s->n && is_digit(s->t[q]) && number_starts(s, q) && parse_number(s, q, &num)) {
			c->kind = QUANTITY_RATE;
			decided(c, CLAIM, cue, cue_len, W_SPEED);
			c->bare = 1;
			*value_start = q;
			return skip_range(s, num.end);
		}
		{
			/* "IPC of `0.2`" */
			size_t idx;
			const char *sp = span_at(s, q, &idx);
			struct text in;
			if (sp && is_digit((unsigned char)sp[0])) {
				in.t = (const unsigned char *)sp;
				in.n = strlen(sp);
				in.spans = NULL;
				in.table = 0;
				if (parse_number(&in, 0, &num) && num.end == in.n) {
					c->kind = QUANTITY_RATE;
					decided(c, CLAIM, cue, cue_len, W_SPEED);
					c->span = idx;
					*value_start = q;
					return q + 3;
				}
			}
		}
		if (!(f = match_any(s, q, (const char *const[]){ "of", "is", "was", "goes", "went", "up", "down", "from",
								  "rises", "rose", "falls", "fell", "drops", "dropped",
								  "increases", "increased", "decreases", "decreased",
								  "improves", "improved", "about", "around", "also", "only",
								  NULL }, 1)))
			break;
		q = skip_space(s, f);
	}
	return 0;
}

static int bare_tail(const struct text *s, size_t p);
static int parallel_value(const struct text *s, size_t a, size_t p, size_t b);
static int run_again(const struct text *s, size_t a, size_t p, size_t b);
static int sized_subject(const struct text *s, const struct cword *v, size_t prev);
static int carried_unit(const struct text *s, size_t a, size_t p, size_t b);
static void reference_anchor(const struct text *s, size_t p, size_t e, struct quantity *a);
struct found_cue;
static int weak_cue(const struct text *s, const struct quantity *q, struct found_cue *f);
static size_t sleep_restated(const struct text *s, const struct quantity *q, size_t *hint);
static int sentence_of_change(const struct text *s, const struct quantity *q);

static int grammar_word(const struct text *s, const struct cword *w);

/*
 * "The speedup is 2.5 on large arrays", "the relative speedup of the SIMD
 * version is around 5", "the speedup reaches 3": a speed-up's value written
 * as a bare number within eight words after its noun [noun, noun_end), in its
 * clause; after a place ("on", "for") a number right after a word not of
 * grammar names an item ("the speedup on view 1"). Its end, with
 * *value_start where it starts; 0 if none.
 */
static size_t speedup_value(const struct text *s, size_t noun, size_t noun_end, struct cand *c, size_t *value_start)
{
	struct cword w, last = { 0 };
	struct number num;
	size_t p = noun_end, next;
	int place = 0;

	for (int d = 0; d < 8 && next_cword(s, p, &w, &next); d++, p = next) {
		if (w.span || comma_between(s, p, w.start))
			return 0;
		if (!is_digit(s->t[w.start])) {
			place |= match_any(s, w.start, (const char *const[]){ "on", "for", "in", "at", "with", "under", "over",
									      "than", "vs", "versus", NULL },
					   1) == w.end;
			last = w;
			continue;
		}
		/* "What speedup do you observe on view 1?": after a place ("on", "for"), a number right after
		   a word not of grammar names the item that word names (twelfth round), no value */
		if (place && last.end && !grammar_word(s, &last))
			return 0;
		/* prose only: "Speedup} = (1 - \frac{...}" is a formula; a digit within a name ("SSE2",
		   "AVX-512") is part of a word */
		int name = 0;

		for (size_t i = noun_end; i < w.start; i++) {
			char ch = s->t[i];

			if (is_alpha(ch) || (name && is_digit(ch))) {
				name = 1;
				continue;
			}
			name = name && ch == '-' && i + 1 < w.start && is_digit(s->t[i + 1]);
			if (!(name || space_at(s, i) || ch == '-' || ch == '\'' || ch == '~'))
				return 0;
		}
		if (number_starts(s, w.start) && parse_number(s, w.start, &num)) {
			size_t end = skip_range(s, num.end), g = skip_space(s, num.end);
			struct number n2;
			/* "is 2.8 / 5.7": two values of it set apart by a slash, one per case, as "2.8 or 5.7"; its
			   cases may follow in parentheses ("2.1 / 3.9 (one / four threads)") */
			if (!bare_tail(s, num.end) && g > num.end && g < s->n && s->t[g] == '/' && space_at(s, g + 1) &&
			    (g = skip_space(s, g + 1)) < s->n && is_digit(s->t[g]) && parse_number(s, g, &n2) &&
			    (bare_tail(s, n2.end) || (space_at(s, n2.end) && (g = skip_space(s, n2.end)) < s->n &&
						      s->t[g] == '(')))
				end = n2.end;
			else if (!bare_tail(s, num.end))
				return 0;
			c->kind = QUANTITY_SPEEDUP;
			c->use = 2;
			c->bare = 1;
			decided(c, CLAIM, noun, noun_end - noun, W_CHANGE);
			*value_start = w.start;
			return end;
		}
		return 0; /* "the speedup on 8 threads": a number of something else first */
	}
	return 0;
}

/* A claim that starts with the word at p: "a speedup of 3x", "twice as fast", "half a second". */
/*
 * A verb of multiplying (double, triple, quadruple, in any form) whose object or subject, within four
 * words of its clause, is a speed noun states a speed-up by its factor: "more than doubled the
 * benchmark score", "compilers double in performance", "doubles processor performance" ("halves the
 * latency" stays no quantity, as before). The verb's end; *f the noun's end. 0 when no speed noun follows, or the word names a type
 * or a count ("a double", "double precision", "double the size"), or the noun a capacity of hardware
 * ("doubling the available bandwidth": what a design gives, not what a run measured).
 */
/*
 * 1 if the noun "time" or "times" at w is a run's time: not "each time", "at times", "3 times" (how
 * often), "the time step", "the time it sleeps", "the time between polls" (a setting or a span), nor a
 * wait's, a sleep's or a backoff's time (a setting).
 */
static int run_time_noun(const struct text *s, const struct cword *w)
{
	static const char *const often[] = { "each", "every", "any", "first", "at", "some", "several", "many", "few",
					     "multiple", "one", "two", "three", "ten", "next", "last", "same", NULL };
	static const char *const set[] = { "wait", "waiting", "sleep", "sleeping", "backoff", "retry", "poll",
					   "polling", "idle", "timeout", "delay", "response", NULL };
	static const char *const parts[] = { "step", "steps", "slice", "slices", "quantum", "limit", "limits", "window",
					     "zone", "it", "between", "before", "after", "stamp", "stamps", "out", "to",
					     "unit", "units", "counter", NULL };
	struct cword v;
	size_t next;

	if (match_word_ci(s, w->start, "time") != w->end && match_word_ci(s, w->start, "times") != w->end)
		return 1;
	if (prev_cword(s, w->start, &v, &next) && !v.span &&
	    (is_digit(s->t[v.start]) || match_any(s, v.start, often, 1) == v.end || match_any(s, v.start, set, 1) == v.end))
		return 0;
	if (word_after(s, w->end, &v) && !v.span && match_any(s, v.start, parts, 1) == v.end)
		return 0;
	return 1;
}

static size_t multiplies_speed(const struct text *s, size_t p, size_t *f)
{
	static const char *const verbs[] = { "double", "doubles", "doubled", "doubling", "triple", "triples",
					     "tripled", "tripling", "quadruple", "quadruples", "quadrupled",
					     "quadrupling", "halve", "halves", "halved", "halving", NULL };
	/* what a run's speed or cost is measured as: "doubles the cost of memory addressing", "tripled build
	   times" (eighteenth round: the time and cost a run takes) */
	static const char *const nouns[] = { "speed", "speeds", "performance", "throughput", "bandwidth", "latency",
					     "latencies", "score", "scores", "cost", "costs", "time", "times",
					     "runtime", "runtimes", "overhead", NULL };
	/* words between a subject and its verb: "has almost doubled", "was halved", "more than doubled" */
	static const char *const between[] = { "almost", "nearly", "roughly", "about", "more", "than", "then", "also",
					       "effectively", "essentially", "approximately", "has", "have", "had", "was",
					       "were", "is", "are", "been", "got", "just", "even", "easily", NULL };
	struct cword w, a;
	size_t e, r, next;

	if (!strchr("dDtTqQhH", s->t[p]) || !(e = match_any(s, p, verbs, 1)) || e != cword_end(s, p) ||
	    (prev_cword(s, p, &w, &next) && !w.span && (match_any(s, w.start, (const char *const[]){ "a", "an", NULL }, 1) == w.end)))
		return 0;
	/* "double check", "can double as the counter": no change of anything */
	if (word_after(s, e, &a) && !a.span &&
	    match_any(s, a.start, (const char *const[]){ "check", "checks", "checked", "checking", "as", "click", NULL },
		      1) == a.end)
		return 0;
	/* "halves of equal cost", "to double costs time": a noun, "of" or a verb after it */
	if (word_after(s, e, &a) && !a.span &&
	    match_any(s, a.start, (const char *const[]){ "of", "costs", "takes", "is", "are", "was", "were", "has",
							  "have", "needs", "requires", "uses", NULL }, 1) == a.end &&
	    !(match_word_ci(s, a.start, "of") != a.end && match_word_ci(s, p, "doubles") != e &&
	      match_any(s, p, (const char *const[]){ "double", "halve", "triple", "quadruple", NULL }, 1) != e))
		return 0;
	/* "Sorting doubles takes more time", "an array of doubles costs": C's values, a verb after them */
	if (match_word_ci(s, p, "doubles") == e &&
	    ((word_after(s, e, &a) && !a.span &&
	      match_any(s, a.start, (const char *const[]){ "takes", "take", "costs", "cost", "are", "is", "were", "was",
							    "have", "has", "need", "needs", "require", "requires", "use",
							    "uses", "occupy", "occupies", NULL }, 1) == a.end) ||
	     (prev_cword(s, p, &w, &next) && !w.span &&
	      (match_any(s, w.start, (const char *const[]){ "of", "two", "three", "four", "the", "sorting", "comparing",
							     "adding", "summing", "storing", NULL }, 1) == w.end ||
	       is_digit(s->t[w.start])))))
		return 0;
	/* the bare form ("double", "triple", "halve") is C's type or an adjective ("a double time",
	   "double compression") unless a verb's word comes before it ("would double", "to halve", "more
	   than double") or an article after it ("double the speed") */
	if (match_any(s, p, (const char *const[]){ "double", "triple", "quadruple", "halve", NULL }, 1) == e) {
		static const char *const before[] = { "would", "will", "could", "can", "may", "might", "should", "must",
						      "to", "not", "nearly", "almost", "roughly", "effectively",
						      "essentially", "also", "does", "did", "do", NULL };
		static const char *const after[] = { "the", "its", "their", "our", "your", "this", "in", NULL };
		int verb = 0;
		if (prev_cword(s, p, &w, &next) && !w.span && !stops_clause(s, w.end)) {
			struct cword v;
			size_t n2;
			if (match_any(s, w.start, before, 1) == w.end)
				verb = 1;
			/* "cast to double", "converted to double": the type; "more than double": a verb */
			if (verb && match_word_ci(s, w.start, "to") == w.end && prev_cword(s, w.start, &v, &n2) && !v.span &&
			    match_any(s, v.start, (const char *const[]){ "cast", "casts", "casting", "convert", "converts",
									  "converted", "converting", "conversion",
									  "promoted", "promotes", "promote", "pointer",
									  "pointers", "back", "float", NULL }, 1))
				verb = 0;
			if (match_word_ci(s, w.start, "than") == w.end && prev_cword(s, w.start, &v, &n2) && !v.span &&
			    match_word_ci(s, v.start, "more") == v.end)
				verb = 1;
		}
		if (!verb && !(word_after(s, e, &a) && !a.span && match_any(s, a.start, after, 1) == a.end))
			return 0;
	}
	/* its subject right before it, words of tense or degree between: "the decompression speed doubles",
	   "the run time has almost doubled", "Build times doubled" (eighteenth round) */
	r = p;
	for (int k = 0; k < 4 && prev_cword(s, r, &w, &next) && !w.span; k++, r = w.start) {
		int gap = 1; /* only spaces between the subject and the verb: "cost--double compression" is none */
		for (size_t i = w.end, len; i < r; i += len ? len : 1)
			gap &= (len = space_at(s, i)) != 0;
		if (!gap)
			break;
		if (match_any(s, w.start, nouns, 1) == w.end) {
			if (!run_time_noun(s, &w))
				return 0;
			*f = e;
			return e;
		}
		if (!match_any(s, w.start, between, 1))
			break;
	}
	r = e;
	for (int k = 0; k < 4 && next_cword(s, r, &w, &next); k++, r = next) {
		for (size_t i = r; i < w.start; i++)
			if (s->t[i] == ',' || stops_clause(s, i))
				return 0;
		if (!w.span && match_any(s, w.start, nouns, 1) == w.end) {
			if (!run_time_noun(s, &w))
				return 0;
			*f = w.end;
			return e;
		}
		/* "triple the amount of time it takes": a quantity of something, not the run's time */
		if (!w.span && match_any(s, w.start, (const char *const[]){ "amount", "number", "size", "count", NULL },
					 1) == w.end)
			return 0;
		if (!w.span && k == 0 && match_word_ci(s, w.start, "precision") == w.end)
			return 0;
		/* "doubling the available bandwidth": a capacity the hardware's design gives, not a run's speed */
		if (!w.span && match_any(s, w.start, (const char *const[]){ "available", "theoretical", "maximum",
									    "peak", NULL }, 1) == w.end)
			return 0;
	}
	return 0;
}


static const char *const magnitudes[] = { "tens", "dozens", "hundreds", "thousands", "millions", "billions", NULL };

/* After an order's word ending at e ("tens"), maybe others joined to it ("to hundreds, or even thousands,"),
   the end of the "of" that follows them, or 0. */
static size_t skip_space_commas(const struct text *s, size_t p)
{
	size_t len;

	while (p < s->n && ((len = space_at(s, p)) || s->t[p] == ','))
		p += len ? len : 1;
	return p;
}

static size_t orders_of(const struct text *s, size_t e)
{
	for (int k = 0; k < 3; k++) {
		size_t g = skip_space_commas(s, e), f;
		if (!(f = match_any(s, g, (const char *const[]){ "to", "or", "and", NULL }, 1)))
			break;
		g = skip_space(s, f);
		if ((f = match_word_ci(s, g, "even")))
			g = skip_space(s, f);
		if (!(f = match_any(s, g, magnitudes, 1)))
			break;
		e = f;
	}
	return match_word_ci(s, skip_space_commas(s, e), "of");
}
/*
 * "parsing gigabytes of JSON per second", "at gigabytes per second": a
 * plural unit of data per unit of time with no number is a bandwidth by
 * its order, as "hundreds of megabytes per second" is; after a number, or
 * "in" or "of", it names the unit of a value ("measured in gigabytes per
 * second"; sixteenth round). Its end, c filled, or 0.
 */
static size_t data_order(const struct text *s, size_t p, struct cand *c)
{
	static const char *const units[] = { "kilobytes", "megabytes", "gigabytes", "terabytes", "megabits", "gigabits",
					     NULL };
	/* ("the numbers below are gigabytes per second": what figures are, twenty-first round) */
	static const char *const naming[] = { "in", "of", "per", "the", "a", "many", "how", "are", "is", "were", "was",
					      "be", NULL };
	struct cword w;
	size_t prev, e, f, g, h;

	if (p >= s->n || !s->t[p] || !strchr("kmgtKMGT", s->t[p]) || !(e = match_any(s, p, units, 1)))
		return 0;
	g = skip_space(s, e);
	if ((f = match_word_ci(s, g, "of")) && is_alpha(s->t[skip_space(s, f)]))
		g = skip_space(s, word_end(s, skip_space(s, f)));
	if (!(h = match_per_time(s, g)))
		return 0;
	if (prev_cword(s, p, &w, &prev) && !w.span &&
	    (is_digit(s->t[w.end - 1]) || number_word(s, w.start) || match_any(s, w.start, naming, 1) == w.end))
		return 0;
	memset(c, 0, sizeof *c);
	c->cls = UNDECIDED;
	c->kind = QUANTITY_RATE;
	return h;
}

/*
 * "improved WASM speed by x2/x3", "a x4 speedup": a factor with its sign first, after "by" or an
 * article, or before a word of speed, one or two digits; "x86", "x64", "X360", "x2APIC", "%x19" name
 * things (nineteenth round, xxhash-docs). p is at the 'x', a digit after it. The end, or 0.
 */
static size_t x_factor(const struct text *s, size_t p, struct cand *c)
{
	struct number num;

	/* a register ("%x19"), an architecture or a product ("x86", "x64", "X360"): no factor */
	if (p > 0 && (s->t[p - 1] == '%' || s->t[p - 1] == '$'))
		return 0;
	if ((p == 0 || !word_char_at(s, p - 1)) && parse_number(s, p + 1, &num) && !word_char_at(s, num.end) &&
	    !(num.end < s->n && s->t[num.end] == '-') && num.end - (p + 1) <= 2 &&
	    !match_any(s, p + 1, (const char *const[]){ "16", "32", "64", "86", "87", NULL }, 0)) {
		struct cword b;
		size_t bn, g = num.end, h;
		int led = prev_cword(s, p, &b, &bn) && !b.span &&
			  match_any(s, b.start, (const char *const[]){ "by", "a", "~", "about", "around", "roughly",
									 "nearly", "almost", "over", NULL }, 1) == b.end;
		if (g + 2 < s->n && s->t[g] == '/' && (s->t[g + 1] == 'x' || s->t[g + 1] == 'X') && is_digit(s->t[g + 2]) &&
		    parse_number(s, g + 2, &num) && !word_char_at(s, num.end))
			g = num.end; /* "x2/x3" */
		if ((h = match_claim(s, skip_space(s, g)))) {
			c->kind = QUANTITY_SPEEDUP;
			c->use = 2;
			decided(c, CLAIM, skip_space(s, g), h - skip_space(s, g), W_CHANGE);
			return h;
		}
		if (led) {
			c->kind = QUANTITY_SPEEDUP;
			c->use = 2;
			c->need_perf = 1;
			return g;
		}
		return 0;
	}
	return 0;
}

/*
 * "a load factor of 0.75", "the blocking factor 4", "a replication factor of 3": a noun right before
 * "factor" that names a known parameter (how full, how blocked, how many copies, how much unrolled or
 * scaled, a safety margin) makes the factor that parameter's value, no speed (twentieth round, an HPC
 * chapter's hash table). Any other word before it leaves a factor of speed: "by a factor of 3", "an
 * impressive factor of 3", "a rough factor of 4", "the speedup factor" (an attacker's review: no list
 * of adjectives can hold them all). 1 if the word before p is such a noun.
 */
static int parameter_factor(const struct text *s, size_t p)
{
	static const char *const params[] = {
		"load", "blocking", "block", "replication", "scale", "unroll", "unrolling", "fudge", "form", "growth",
		"fill", "filling", "tiling", "tile", "duty", "safety", "packing", "compression", "expansion",
		"amplification", "oversubscription", "oversampling", "interleave", "interleaving", "vectorization",
		"vectorisation", "vector", "stretch", "damping", "weighting", "weight", "correction", "conversion",
		"normalization", "normalisation", "branching", "coarsening", "batching", "overcommit", "striping",
		"quality", "zoom", "aspect", "crest", "power", "decay", "smoothing", "forgetting", "bloat",
		"fan-out", "fanout", "fan-in", "fanin", "dilation", "stride", "decimation", "upsampling",
		"downsampling", "magnification", "coupling", "occupancy", "sharding", "splitting", "spreading",
		"slack", "headroom", "resize", "resizing", "Q", "k", NULL };
	struct cword w;
	size_t prev;

	if (!prev_cword(s, p, &w, &prev) || w.span || !is_alpha(s->t[w.start]))
		return 0;
	for (size_t k = w.end; k < p; k++)
		if (s->t[k] != ' ' && s->t[k] != '-')
			return 0; /* "(load) factor": set apart, not a compound */
	return match_any(s, w.start, params, 1) == w.end;
}

/* The parts a fraction names: "a third", "a twentieth" */
static const char *const fractions[] = { "third", "quarter", "fifth", "sixth", "eighth", "tenth", "twentieth",
					 "hundredth", NULL };

/*
 * After a fraction and its "of" (ending at f): "a quarter of the peak", "a third of the run time",
 * "a twentieth of the original time", "half of what the SSD delivers", "half of what a scalar parse
 * costs": a part of a speed, of a run's time or of what the machine can do, a claim (twentieth
 * round, HPC authors' chapters). "a third of the time" is how often, no time: "time" needs a word
 * before it that names whose ("run", "original", "total"). Decides c; its end, or 0.
 */
static int slots_lost(const struct text *s, size_t e);

/*
 * 1 if a verb of costing, saving or accounting stands in the five words before the "of" that ends at
 * f ("they take a third of the time", "saves a quarter of the time", "accounts for half of the
 * time"): the fraction is of a run's time, not how often (twenty-second round).
 */
static int cost_verb_before(const struct text *s, size_t f)
{
	struct cword w;

	return word_before(s, f, 5, (const char *const[]){ "take", "takes", "took", "taking", "save", "saves", "saved",
							 "saving", "cost", "costs", "costing", "accounts", "account",
							 "accounted", "spend", "spends", "eats", "eat", "ate", NULL }, &w);
}

/*
 * 1 if the sentence around p speaks of code running: a word of it (runs_in_sentence) or a code span
 * ("half the time is spent in `approx_pi()`"), not of people, cars or meetings ("half the time is spent
 * in meetings": an attacker's review).
 */
static int code_in_sentence(const struct text *s, size_t p)
{
	size_t a, b;

	if (runs_in_sentence(s, p))
		return 1;
	sentence_around(s, p, &a, &b);
	return memmem(s->t + a, b - a, "\xef\xbf\xbc", 3) != NULL;
}

/* 1 if "time" ending at e names a compound's first part ("time steps", "time slots", "time stamps"). */
static int time_compound(const struct text *s, size_t e)
{
	struct cword n;

	return word_after(s, e, &n) && !n.span &&
	       match_any(s, n.start, (const char *const[]){ "step", "steps", "slot", "slots", "slice", "slices", "stamp",
							    "stamps", "unit", "units", "frame", "frames", "window",
							    "windows", "zone", "zones", "line", "lines", "allowed", "allotted",
							    "limit", "budget", "scale", "series", NULL }, 1) == n.end;
}

/*
 * 1 if "takes" or "took" stands in the three words before p after a subject of its own ("the new
 * version takes half the time"), not as an order ("Take half the time to plan": an attacker's review).
 */
static int takes_before(const struct text *s, size_t p)
{
	struct cword w, u;
	size_t prev, pu;

	for (int d = 0; d < 3 && prev_cword(s, p, &w, &prev); d++, p = prev)
		if (!w.span && match_any(s, w.start, (const char *const[]){ "takes", "took", NULL }, 1) == w.end)
			return prev_cword(s, prev, &u, &pu) && !stops_clause(s, u.end);
	return 0;
}

/*
 * 1 if "in" (or "within") or a verb of being stands right before the fraction at p, a hedge maybe
 * between: "answers in a quarter of the time of a classic one", "finishes in half the time", "stage 1
 * was a quarter of the time", "Box-Muller was half the time": how long a run took against another, or
 * a part's share of one, not how often ("is mispredicted half the time", "wrong half of the time";
 * twenty-fourth round: five probe writers and a profiler's tutorial).
 */
static int time_fraction_lead(const struct text *s, size_t p, size_t e)
{
	struct cword w, n;
	size_t prev;

	/* "in half the time steps", "half the time slots": a count of steps; and only in a sentence of code
	   running ("finish the lab in half the time", "the rice cooks in half the time", "the car covers
	   the distance in half the time": two attackers' reviews) */
	if (time_compound(s, e) || !code_in_sentence(s, p) || !prev_cword(s, p, &w, &prev) || w.span)
		return 0;
	if (loose_hedge(s, &w) && (!prev_cword(s, prev, &w, &prev) || w.span))
		return 0;
	if (match_any(s, w.start, (const char *const[]){ "in", "within", NULL }, 1) == w.end)
		return 1;
	/* after a verb of being, the share ends its clause or names whose time: "is half the time wrong" is
	   how often */
	return match_any(s, w.start, (const char *const[]){ "is", "was", "are", "were", NULL }, 1) == w.end &&
	       (bare_tail(s, e) || (word_after(s, e, &n) && !n.span &&
				    match_any(s, n.start, (const char *const[]){ "of", "to", NULL }, 1) == n.end));
}

static size_t fraction_of(const struct text *s, size_t p, size_t f, struct cand *c)
{
	static const char *const nouns[] = { "peak", "speed", "throughput", "bandwidth", "performance", "gain",
					     "latency", "runtime", "cycles", NULL };
	static const char *const whose[] = { "run", "original", "total", "execution", "wall", "wall-clock", "cpu",
					     "compile", "build", "whole", "entire", "old", "previous", "baseline",
					     "running", "remaining", NULL };
	static const char *const can[] = { "reach", "reaches", "reached", "deliver", "delivers", "delivered", "do",
					   "does", "did", "achieve", "achieves", "achieved", "costs", "cost", "takes",
					   "took", "sustain", "sustains", "sustained", "manage", "manages", "managed",
					   "could", "can", NULL };
	struct cword w, v;
	size_t next, g = skip_space(s, f), h;

	if ((h = match_word_ci(s, g, "what"))) {
		/* "half of what the SSD delivers", "two thirds of what the reduction reached" */
		struct cword m = { .end = h };
		for (int k = 0; k < 5 && word_after(s, m.end, &m) && !m.span; k++)
			if (match_any(s, m.start, can, 1) == m.end) {
				c->kind = QUANTITY_SHARE;
				decided(c, CLAIM, g, m.end - g, W_SHARE);
				return m.end;
			}
		return 0;
	}
	/* "a third of that", "roughly a quarter of that": of the figure just given (twenty-first round;
	   quantity_find() looks for it: refers) */
	if ((h = match_word_ci(s, g, "that")) && bare_tail(s, h)) {
		c->kind = QUANTITY_SHARE;
		c->use = 2;
		c->need_perf = 1;
		c->refers = 2;
		return h;
	}
	/* "two thirds of its time in the hash function": a program's own time (twenty-first round) */
	if ((h = match_any(s, g, (const char *const[]){ "its", "their", NULL }, 1)) &&
	    (f = match_word_ci(s, skip_space(s, h), "time")) && !word_char_at(s, f)) {
		c->kind = QUANTITY_SHARE;
		decided(c, CLAIM, g, f - g, W_SHARE);
		return f;
	}
	if ((h = match_any(s, g, (const char *const[]){ "the", "its", "their", "our", "this", NULL }, 1)))
		g = skip_space(s, h);
	if (!next_cword(s, g, &w, &next) || w.span || w.start != g)
		return 0;
	for (int k = 0; k < 3; k++) {
		if (match_any(s, w.start, nouns, 1) == w.end ||
		    (k && match_word_ci(s, w.start, "time") == w.end && match_any(s, v.start, whose, 1) == v.end) ||
		    (match_word_ci(s, w.start, "time") == w.end && !time_counted(s, w.end) &&
		     (spent_after(s, w.end) || cost_verb_before(s, f) || (!k && time_fraction_lead(s, p, w.end)))) ||
		    (match_word_ci(s, w.start, "slots") == w.end && slots_lost(s, w.end))) {
			c->kind = QUANTITY_SHARE;
			decided(c, CLAIM, g, w.end - g, W_SHARE);
			return w.end;
		}
		/* "an eighth of the machine's bandwidth": whose it is, a possessive */
		if (!k && possessive(s, &w)) {
			v = w;
			if (!word_after(s, w.end, &w) || w.span)
				return 0;
			continue;
		}
		v = w;
		if (!word_after(s, w.end, &w) || w.span)
			return 0;
	}
	return 0;
}

/*
 * 1 if one of the four words after "slots" at e says what the pipeline did with them ("four fifths of
 * the slots retire useful work", "two fifths of the slots are thrown away on mispredictions"): a
 * top-down share, not the slots of a hash table ("a third of the slots are empty"; twenty-second round).
 */
static int slots_lost(const struct text *s, size_t e)
{
	/* (not "idle", "bound", "lost", "wasted": DIMM, PCIe and semaphore slots are so too; an attacker's
	   review) */
	static const char *const words[] = { "retire", "retired", "retiring", "thrown", "stall", "stalled", "stalls",
					     "waiting", "spent", NULL };
	struct cword w = { .end = e };

	for (int k = 0; k < 4 && word_after(s, w.end, &w) && !w.span; k++)
		if (match_any(s, w.start, words, 1) == w.end)
			return 1;
	return 0;
}

/*
 * 1 if the words after a share of "the time" at e say it was spent ("of the time is spent finding a
 * word", "of the time goes to parsing", "of the time was spent in malloc"): a share of the run time,
 * not how often (twenty-first round).
 */
static int spent_after(const struct text *s, size_t e)
{
	struct cword w;

	/* "Three quarters of the time, then, went into ...": a one-word aside between */
	if (e < s->n && s->t[e] == ',') {
		size_t g = skip_space(s, e + 1), h;
		if (!(h = match_any(s, g, (const char *const[]){ "then", "therefore", "thus", "so", "still", "now", NULL }, 1)) ||
		    h >= s->n || s->t[h] != ',')
			return 0;
		e = h + 1;
	}
	if (!word_after(s, e, &w) || w.span)
		return 0;
	/* "went into", "goes to": not "goes smoothly", "went well", "goes by", "went unnoticed" (an
	   attacker's review, twenty-fifth round) */
	if (match_any(s, w.start, (const char *const[]){ "goes", "went", "go", NULL }, 1) == w.end)
		return word_after(s, w.end, &w) && !w.span &&
		       match_any(s, w.start, (const char *const[]){ "to", "into", "on", "in", "toward", "towards", NULL },
				 1) == w.end;
	return match_any(s, w.start, (const char *const[]){ "is", "was", "are", "were", NULL }, 1) == w.end &&
	       word_after(s, w.end, &w) && !w.span && match_word_ci(s, w.start, "spent") == w.end;
}

/*
 * 1 if a word of a processor's work stands in the sentence around [p, e) ("which the core can do twice
 * per cycle", "the load port issues once per cycle"): the cycle is a clock's, not a control loop's, a
 * PWM period's or a collector's ("Call update() once per cycle", "marked at most once per cycle": an
 * attacker's review, twenty-second round).
 */
static int machine_near(const struct text *s, size_t p, size_t e)
{
	static const char *const words[] = { "core", "cores", "cpu", "cpus", "processor", "port", "ports", "issue",
					     "issues", "issued", "retire", "retires", "retired", "dispatch",
					     "dispatches", "execute", "executes", "instruction", "instructions", "uop",
					     "uops", "alu", "alus", "fma", "fmas", "pipeline", "pipelined", "load",
					     "loads", "store", "stores", "shuffle", "shuffles", "simd", "vector", NULL };
	struct cword w = { .start = p }, v = { .end = e };
	size_t pv;

	for (int d = 0; d < 12 && prev_cword(s, w.start, &w, &pv); d++)
		if (!w.span && match_any(s, w.start, words, 1) == w.end)
			return 1;
	for (int d = 0; d < 6 && next_cword(s, v.end, &v, &pv); d++)
		if (!v.span && match_any(s, v.start, words, 1) == v.end)
			return 1;
	return 0;
}

static size_t scan_word(const struct text *s, size_t p, struct cand *c, size_t *value_start)
{
	static const char *const nouns[] = {
		"speedup", "speedups", "speed-up", "speed-ups",
		"slowdown", "slowdowns", "slow-down", "slow-downs", NULL
	};
	static const char *const multiples[] = { "twice", "thrice", NULL };
	static const char *const adverbs[] = { "approximately", "about", "roughly", "nearly", "almost", "around",
					       "over", "more", "than", "at", "least", "most", "up", "to", NULL };
	struct number num;
	size_t e, f, skip;

	if ((s->t[p] == 'x' || s->t[p] == 'X') && p + 1 < s->n && is_digit(s->t[p + 1])) {
		memset(c, 0, sizeof *c);
		c->cls = UNDECIDED;
		*value_start = p;
		return x_factor(s, p, c);
	}
	/* every word-led form starts with one of these letters: most words leave here */
	if (!strchr("abcdefhilmnoqstzABCDEFHILMNOQSTZ", s->t[p]) || !s->t[p]) {
		*value_start = p;
		return strchr("gkGK", s->t[p]) && s->t[p] ? data_order(s, p, c) : 0;
	}
	if ((s->t[p] == 'l' || s->t[p] == 'L') && !match_word_ci(s, p, "latency"))
		return 0; /* of the words in 'l' only "latency" leads a value */
	/* "a threefold improvement", "a tenfold speedup": a factor in one word, as "3-fold" (nineteenth round) */
	if ((e = match_any(s, p, (const char *const[]){ "twofold", "threefold", "fourfold", "fivefold", "sixfold",
							 "sevenfold", "eightfold", "ninefold", "tenfold", "hundredfold",
							 "thousandfold", NULL }, 1))) {
		struct cword w;
		size_t at, len;
		/* only with its noun of speed right after ("reduce energy usage e.g. fivefold because ..." is no
		   speed) */
		/* "the difference between them is eightfold.": the word ends its clause after a verb of being,
		   and the sentence decides (twenty-first round) */
		int predicate = (e >= s->n || stops_clause(s, e) || s->t[e] == ',') &&
				word_before(s, p, 1, (const char *const[]){ "is", "was", "are", "were", "be", "been", NULL }, &w);
		if (!predicate &&
		    (!word_after(s, e, &w) || w.span || !(match_claim(s, w.start) || perf_word(s, &w, &at, &len))))
			return 0;
		memset(c, 0, sizeof *c);
		c->cls = UNDECIDED;
		*value_start = p;
		return factor_tail(s, e, 0, c);
	}
	memset(c, 0, sizeof *c);
	c->cls = UNDECIDED;
	*value_start = p;
	c->kind = QUANTITY_SPEEDUP;
	c->use = 2;
	/* "which the core can do twice per cycle": a per-cycle rate in a word of how often, as "two per cycle"
	   is (twenty-second round, an HPC author's chapters) */
	if ((e = match_any(s, p, (const char *const[]){ "once", "twice", "thrice", NULL }, 1)) &&
	    (f = match_per_cycle(s, skip_space(s, e))) && machine_near(s, p, f)) {
		c->kind = QUANTITY_RATE;
		c->use = 0;
		decided(c, CLAIM, skip_space(s, e), f - skip_space(s, e), W_SPEED);
		return f;
	}
	if ((e = match_any(s, p, multiples, 1))) {
		if ((f = match_claim(s, skip_space(s, e)))) {
			decided(c, CLAIM, skip_space(s, e), f - skip_space(s, e), W_CHANGE);
			return f;
		}
		/* "twice the speed of version 4", "twice as expensive": as "2 times" is read */
		if ((f = factor_tail(s, e, 1, c)) && (c->cls == CLAIM || c->refers))
			return f;
		memset(c, 0, sizeof *c);
		c->cls = UNDECIDED;
		return 0;
	}
	/* "half a second", "half of the cycles" */
	if ((e = match_word_ci(s, p, "half"))) {
		size_t q = skip_space(s, e);
		/* "about half that", "only half of that": half of the figure just given (twenty-first round, an
		   HPC author's chapters; quantity_find() looks for the figure: refers) */
		if ((f = match_word_ci(s, q, "of")))
			q = skip_space(s, f);
		if ((f = match_word_ci(s, q, "that")) && (bare_tail(s, f) || match_word_ci(s, skip_space(s, f), "gap"))) {
			c->kind = QUANTITY_SPEEDUP;
			c->use = 2;
			c->need_perf = 1;
			c->refers = 2;
			return f;
		}
		q = skip_space(s, e);
		/* "It was half as fast as three streams", "half again as fast as constant %": a factor of speed,
		   as "twice as fast" is (twenty-third round: two probe chapters, and the "twice" form's own) */
		if ((f = match_word_ci(s, q, "again")))
			q = skip_space(s, f);
		/* only "as fast", "as slow", "as quick": "half faster than the upper half?" is two halves, "half
		   as long" a length (an attacker's review) */
		if ((f = match_word_ci(s, q, "as")) &&
		    (f = match_any(s, skip_space(s, f), (const char *const[]){ "fast", "slow", "quick", "quickly", NULL }, 1)) &&
		    text_runs(s) &&
		    !word_before(s, p, 3, (const char *const[]){ "moves", "move", "walks", "walk", "travels", "drives", "flies",
								  "spins", "falls", "runs", "scrolls", NULL }, &(struct cword){ 0 })) {
			c->kind = QUANTITY_SPEEDUP;
			c->use = 2;
			decided(c, CLAIM, q, f - q, W_CHANGE);
			return f;
		}
		q = skip_space(s, e);
		/* "uses half a CPU", "averaged half a core": the processors' time it keeps busy (twenty-ninth
		   round; "needs half a core", a requirement, and "runs on half a core", hardware, are not) */
		if ((f = match_word_ci(s, q, "a")) &&
		    (f = match_any(s, skip_space(s, f), (const char *const[]){ "core", "cpu", "vcpu", NULL }, 1)) &&
		    !(f < s->n && (s->t[f] == '-' || s->t[f] == '\'')) && cpu_verb_before(s, p)) {
			c->kind = QUANTITY_SHARE;
			decided(c, CLAIM, p, f - p, W_CPU);
			return f;
		}
		if ((f = match_word_ci(s, q, "a")) || (f = match_word_ci(s, q, "an"))) {
			c->kind = QUANTITY_TIME;
			c->use = 0;
			return match_any(s, skip_space(s, f), (const char *const[]){ "second", "minute", "hour",
										   "millisecond", "microsecond",
										   "nanosecond", "cycle", NULL }, 1);
		}
		if ((f = share_tail(s, e)) || ((f = match_word_ci(s, q, "of")) && (f = share_tail(s, q)))) {
			c->kind = QUANTITY_SHARE;
			return f;
		}
		if ((f = match_word_ci(s, q, "of")) && (f = fraction_of(s, p, f, c)))
			return f; /* "half of what the SSD delivers", "half of the run time" */
		/* "finishes in half the time", "Box-Muller was half the time", "half the time is spent in
		   approx_pi()": as "half of the time" is read (twenty-fourth round) */
		if ((f = match_word_ci(s, q, "the")) && (f = match_word_ci(s, skip_space(s, f), "time")) &&
		    !word_char_at(s, f) && !time_compound(s, f) &&
		    (((spent_after(s, f) || takes_before(s, p)) && code_in_sentence(s, p)) || time_fraction_lead(s, p, f))) {
			c->kind = QUANTITY_SHARE;
			decided(c, CLAIM, q, f - q, W_SHARE);
			return f;
		}
		if (match_word_ci(s, q, "of") || match_word_ci(s, q, "the")) {
			/* "half of the available FMA execution throughput", "half of the CPU execution resources",
			   "runs at half the speed" */
			static const char *const perf_nouns[] = { "throughput", "cycles", "execution", "bandwidth", "speed",
							     "performance", "latency", NULL };
			struct cword w;
			size_t next, r = match_word_ci(s, q, "of") ? match_word_ci(s, q, "of") : q;
			for (int k = 0; k < 5 && next_cword(s, r, &w, &next); k++, r = next) {
				if (w.span)
					break;
				if (match_any(s, w.start, perf_nouns, 1) == w.end) {
					int of = match_word_ci(s, q, "of") != 0;
					c->kind = of ? QUANTITY_SHARE : QUANTITY_SPEEDUP;
					decided(c, CLAIM, w.start, w.end - w.start, of ? W_SHARE : W_CHANGE);
					return w.end;
				}
			}
		}
		return 0;
	}
	/* "double the speed", "triple the throughput" */
	if ((e = match_any(s, p, (const char *const[]){ "double", "doubles", "doubled", "triple", "tripled",
							 "quadruple", "quadrupled", NULL }, 1)) &&
	    (f = match_word_ci(s, skip_space(s, e), "the")) &&
	    (f = match_any(s, skip_space(s, f), (const char *const[]){ "speed", "throughput", "bandwidth",
									"performance", NULL }, 1))) {
		decided(c, CLAIM, p, f - p, W_CHANGE);
		return f;
	}
	if ((e = multiplies_speed(s, p, &f))) {
		decided(c, CLAIM, p, f - p, W_CHANGE);
		return f;
	}
	/* "sub-millisecond", "sub microsecond", "subsecond": a time under one unit, with no figure, as an
	   order of magnitude ("tens of milliseconds") is: the words around decide ("typically
	   sub-millisecond" is a figure; "sub-second resolution" specifies); none: not timing */
	if ((s->t[p] == 's' || s->t[p] == 'S') && p + 3 < s->n && s->t[p + 1] == 'u' && s->t[p + 2] == 'b') {
		size_t q = p + 3;
		if (s->t[q] == '-' || s->t[q] == ' ')
			q++;
		if (((f = match_any(s, q, subsecond_words, 1)) || (f = match_word_ci(s, q, "second"))) &&
		    !match_lit(s, f, "-by-")) {
			c->kind = QUANTITY_TIME;
			c->use = 0;
			c->order = 1; /* no figure: one only when a word near it says so, as "tens of ms" */
			return f;
		}
	}
	/* "our second order of magnitude improvement", "often orders of magnitude faster": a factor whatever
	   leads it, as "an order of magnitude" is; after "the" or "same" it names the scale of a value ("the
	   order of magnitude of the result", "the same order of magnitude as the mean"), no factor */
	if ((s->t[p] == 'o' || s->t[p] == 'O') && (f = match_magnitude(s, p))) {
		struct cword w;
		size_t prev;
		if (prev_cword(s, p, &w, &prev) && !w.span &&
		    match_any(s, w.start, (const char *const[]){ "the", "same", NULL }, 1) == w.end)
			return 0;
		return factor_tail(s, f, 0, c);
	}
	/* "a millisecond", "an order of magnitude", "a speedup of 3x" */
	if ((e = match_word_ci(s, p, "a")) || (e = match_word_ci(s, p, "an"))) {
		size_t q = skip_space(s, e);
		/* "a gigabyte per second": a rate of one unit */
		if ((f = match_any(s, q, (const char *const[]){ "byte", "kilobyte", "megabyte", "gigabyte", "terabyte",
								 "KB", "MB", "GB", "TB", "KiB", "MiB", "GiB", "TiB",
								 NULL }, 1)) &&
		    ((e = match_per_time(s, skip_space(s, f))) || (e = match_slash_time(s, f)))) {
			c->kind = QUANTITY_RATE;
			c->use = 0;
			return e;
		}
		/* "over a cycle per byte" */
		if ((f = match_cycles_(s, q, 1)) && (e = match_word_ci(s, skip_space(s, f), "per")) &&
		    word_char_at(s, skip_space(s, e))) {
			c->kind = QUANTITY_CYCLES;
			c->use = 1;
			return word_end(s, skip_space(s, e));
		}
		/* "a couple of microseconds", "a couple of hundred cycles": two of the unit, read as a figure by
		   its order is, as "tens of nanoseconds" (a word near it must say it is one: "costs a couple of
		   nanoseconds"; "after a couple of seconds" says nothing); "a cycle or two" where "cost" leads
		   it or a comparative follows ("costs a cycle or two", "a cycle or two slower") (twenty-fifth
		   round: four probe writers).
		   "a few nanoseconds" names no figure: the real sets' labels leave it out, and reporting it
		   found 33 of those for 3 labelled claims */
		{
			size_t g = q, h;
			if ((h = match_word_ci(s, q, "couple")) && (h = match_word_ci(s, skip_space(s, h), "of")))
				g = skip_space(s, h);
			if (g != q && (h = match_any(s, g, (const char *const[]){ "hundred", "thousand", "dozen", NULL }, 1)))
				g = skip_space(s, h);
			size_t cy = g != q ? match_cycles(s, g) : 0;
			if (g != q && (((h = match_any(s, g, time_words, 1)) && s->t[h - 1] == 's' && match_time_unit(s, g)) ||
				       (h = cy)) &&
			    !word_char_at(s, h) && !(h < s->n && s->t[h] == '-')) {
				c->kind = cy ? QUANTITY_CYCLES : QUANTITY_TIME;
				c->use = c->kind == QUANTITY_CYCLES;
				c->order = 1;
				return h;
			}
			struct cword v;
			size_t pv;
			if ((h = match_word_ci(s, q, "cycle")) && (g = match_word_ci(s, skip_space(s, h), "or")) &&
			    (g = match_word_ci(s, skip_space(s, g), "two")) && !word_char_at(s, g) &&
			    /* only as a cost: "costs a cycle or two", "a cycle or two slower"; "took a cycle or two of
			       chemotherapy", "saves a cycle or two of chemotherapy", "adds a cycle or two per lap",
			       "finds a cycle or two in the list" are other cycles (two attackers' reviews) */
			    ((prev_cword(s, p, &v, &pv) && !v.span &&
			      match_any(s, v.start, (const char *const[]){ "cost", "costs", "costing", NULL }, 1) == v.end) ||
			     (word_after(s, g, &v) && !v.span &&
			      match_any(s, v.start, (const char *const[]){ "slower", "faster", "longer", "shorter", NULL }, 1) ==
				      v.end))) {
				c->kind = QUANTITY_CYCLES;
				c->use = 1;
				return g; /* its words around decided it a cost: no cue need say so */
			}
		}
		/* "about a second", "around an hour", "a full second": after a hedge, or before "full", the
		   article is the number one; "second" stays an ordinal when a word that is no preposition or
		   joiner follows it ("about a second time", ordinal_second) (fifteenth round); so after a
		   bound: "more than an hour", "under a second", "within a minute" (nineteenth round) */
		{
			static const char *const whole[] = { "second", "minute", "hour", NULL };
			struct cword w;
			size_t prev, g = q;
			if ((f = match_word_ci(s, q, "full")))
				g = skip_space(s, f);
			if ((g != q || (prev_cword(s, p, &w, &prev) && !w.span &&
					(is_hedge(s, w.start, w.end) || is_bound(s, w.start, w.end)))) &&
			    (f = match_any(s, g, whole, 1)) && !word_char_at(s, f) && !ordinal_second(s, g, f) &&
			    !(g == q && f < s->n && s->t[f] == '-')) { /* "under a second-stage loader" */
				c->kind = QUANTITY_TIME;
				c->use = 0;
				/* after a bound, only when a word of running leads it, as a calendar span
				   ("takes more than an hour"; "off by more than a second", "(more than a
				   minute)" are a clock's error and a limit); then read as any figure ("if a
				   request takes more than a minute" is a condition) */
				c->bound_one = g == q && !is_hedge(s, w.start, w.end);
				return f;
			}
		}
		/* "a third of a nanosecond", "a quarter of a cycle", "a cycle and a half": a duration spelled out
		   below or beside one unit, as "half a second" is (twenty-third round: six probe chapters) */
		{
			static const char *const units[] = { "second", "minute", "hour", "millisecond", "microsecond",
							     "nanosecond", "cycle", NULL };
			size_t g, h;
			if ((f = match_any(s, q, fractions, 1)) && (g = match_word_ci(s, skip_space(s, f), "of")) &&
			    ((h = match_word_ci(s, skip_space(s, g), "a")) || (h = match_word_ci(s, skip_space(s, g), "an"))) &&
			    (g = skip_space(s, h), h = match_any(s, g, units, 1)) && !word_char_at(s, h) &&
			    !(h < s->n && s->t[h] == '-')) {
				c->kind = match_word_ci(s, g, "cycle") ? QUANTITY_CYCLES : QUANTITY_TIME;
				c->use = c->kind == QUANTITY_CYCLES;
				return h;
			}
			/* ("a minute and a half long", "an hour and a half lecture": a length of something else; a
			   second and longer only as "a minute" is, after a hedge or a bound) */
			if ((f = match_any(s, q, units + 3, 1)) && !word_char_at(s, f) && (g = match_word_ci(s, skip_space(s, f), "and")) &&
			    ((h = match_word_ci(s, skip_space(s, g), "a")) || (h = match_word_ci(s, skip_space(s, g), "an"))) &&
			    (h = match_word_ci(s, skip_space(s, h), "half")) && !word_char_at(s, h)) {
				c->kind = match_word_ci(s, q, "cycle") ? QUANTITY_CYCLES : QUANTITY_TIME;
				c->use = c->kind == QUANTITY_CYCLES;
				return h;
			}
		}
		/* "at a quarter of the peak", "a third of the bandwidth": a fraction of the machine's speed
		   (twentieth round, an HPC author's chapters; "a third of the time" is how often) */
		if ((f = match_any(s, q, fractions, 1)) && (f = match_word_ci(s, skip_space(s, f), "of")) &&
		    (f = fraction_of(s, p, f, c)))
			return f;
		/* "drops by another fifth", "lower by about a quarter": a fraction a change is by; the sentence
		   decides (twenty-first round) */
		if ((f = match_any(s, q, fractions, 1)) && !word_char_at(s, f) && bare_tail(s, f) &&
		    word_before(s, p, 3, (const char *const[]){ "by", NULL }, &(struct cword){ 0 })) {
			c->kind = QUANTITY_SPEEDUP;
			c->use = 2;
			c->need_perf = 1;
			return f;
		}
		/* "about a quarter longer", "a third faster": a fraction of a change of time or speed
		   (twenty-first round) */
		if ((f = match_any(s, q, fractions, 1)) && !word_char_at(s, f)) {
			size_t g = skip_space(s, f), h;
			if ((h = match_claim(s, g)) ||
			    (h = match_any(s, g, (const char *const[]){ "longer", "shorter", NULL }, 1))) {
				c->kind = QUANTITY_SPEEDUP;
				c->use = 2;
				decided(c, CLAIM, g, h - g, W_CHANGE);
				return h;
			}
		}
		/* "an extra cycle of latency": one clock cycle more */
		if ((f = extra_cycle(s, q))) {
			c->kind = QUANTITY_CYCLES;
			c->use = 1;
			return f;
		}
		/* "a millisecond-by-millisecond trace": a unit in an X-by-X compound names a
		   granularity, not an amount */
		if ((f = match_any(s, q, subsecond_words, 1)) && !match_lit(s, f, "-by-")) {
			c->kind = QUANTITY_TIME;
			c->use = 0;
			return f;
		}
		if ((f = match_magnitude(s, q)))
			return factor_tail(s, f, 0, c);
		p = q;
	}
	/* "(a) factor of ten", "a factor between four and five": its performance word in its own clause */
	/* "the factor-of-4 slow-down": the phrase hyphenated before its noun (nineteenth round) */
	if ((p == 0 || !word_char_at(s, p - 1)) && (e = match_lit(s, p, "factor-of-")) && e < s->n &&
	    is_digit(s->t[e]) && parse_number(s, e, &num)) {
		c->use = 4;
		f = num.end;
		if (match_lit(s, f, "-"))
			f++;
		if ((e = match_claim(s, f))) {
			decided(c, CLAIM, f, e - f, W_CHANGE);
			return e;
		}
		c->need_perf = 1;
		return num.end;
	}
	if (((e = match_word_ci(s, p, "factor")) || (e = match_word_ci(s, p, "factors"))) && !parameter_factor(s, p)) {
		c->use = 4; /* "may slow down by factors of 10 to 100" too (eighteenth round) */
		size_t q;
		if (!(f = match_word_ci(s, skip_space(s, e), "of")) && !(f = match_word_ci(s, skip_space(s, e), "between"))) {
			/* "(approximately factor 8)", "faster by factor two": "of" left out after "by" or a hedge
			   (eighteenth round); "the growth factor 2" names a parameter */
			size_t g = skip_space(s, e);
			struct cword b;
			size_t bn;
			if (g == e || g >= s->n || !(is_digit(s->t[g]) || s->t[g] == '~' || number_word(s, g)) ||
			    !prev_cword(s, p, &b, &bn) || b.span ||
			    !match_any(s, b.start, (const char *const[]){ "by", "approximately", "about", "roughly", "around",
									   "nearly", "almost", NULL }, 1))
				return 0;
			f = e;
		}
		q = skip_space(s, f);
		for (int k = 0; k < 3 && (f = match_any(s, q, adverbs, 1)); k++)
			q = skip_space(s, f); /* "a factor of at least 25", "of up to about 3" */
		if (q < s->n && s->t[q] == '~')
			q++;
		if (q < s->n && is_digit(s->t[q]) && parse_number(s, q, &num))
			f = skip_range(s, num.end);
		else if (!(f = number_word(s, q)))
			return 0;
		/* "25 to 30", "four and five", "2 or 2.5" */
		{
			size_t g = skip_space(s, f), h;
			if (((h = match_word_ci(s, g, "to")) || (h = match_word_ci(s, g, "and")) || (h = match_word_ci(s, g, "or"))) &&
			    ((g = skip_space(s, h)) < s->n) &&
			    ((is_digit(s->t[g]) && parse_number(s, g, &num) && (f = num.end)) || (h = number_word(s, g))))
				f = h && !is_digit(s->t[g]) ? h : f;
		}
		/* "is a factor of 4 faster": the claim's own word decides, no other is needed (nineteenth
		   round; before, a word of performance had to stand near too) */
		if ((e = match_claim(s, skip_space(s, f)))) {
			decided(c, CLAIM, skip_space(s, f), e - skip_space(s, f), W_CHANGE);
			return e;
		}
		c->need_perf = 1;
		return f;
	}
	/* "a performance score of around 4500", "scores a terrible 0.08": a benchmark's score is its result, when
	   a performance word stands in its clause or in the sentence before */
	if (p + 1 < s->n && to_lower(s->t[p]) == 's' && to_lower(s->t[p + 1]) == 'c' &&
	    (e = match_any(s, p, (const char *const[]){ "score", "scores", "scored", NULL }, 1))) {
		size_t q = skip_space(s, e);
		/* a benchmark's score only: "a score out of 100", "A score of 90 or more is an A", "the median
		   score was 72" are grades (twenty-third round, a new author's review); "score" does not
		   vouch for itself */
		if (!score_context(s, p))
			return 0;
		for (int k = 0; k < 3 && q < s->n; k++) {
			if (is_digit(s->t[q]) && number_starts(s, q) && parse_number(s, q, &num) && bare_tail(s, num.end)) {
				c->kind = QUANTITY_RATE;
				c->use = 4;
				c->need_perf = 1;
				c->bare = 1;
				*value_start = q;
				return num.end;
			}
			if (!is_alpha(s->t[q]) || (f = word_end(s, q)) - q > WORD_MAX)
				break;
			q = skip_space(s, f);
		}
		return 0;
	}
	/* "IPC of 1.4", "IPC (0--1)", "IPC goes up from 4.0", "a CPE of 0.54" */
	if ((e = match_any(s, p, (const char *const[]){ "IPC", "CPI", "CPE", NULL }, 0)))
		return metric_value(s, e, p, e - p, c, value_start);
	/* "a reciprocal throughput of 6", "its latency is 3": an instruction's figures, their unit understood */
	if (p + 1 < s->n &&
	    (((s->t[p] == 'l' || s->t[p] == 'L') && (e = match_word_ci(s, p, "latency"))) ||
	     ((s->t[p] == 't' || s->t[p] == 'T') && s->t[p + 1] == 'h' && (e = match_word_ci(s, p, "throughput")))) &&
	    (f = metric_value(s, e, p, e - p, c, value_start)) && !c->span && bare_tail(s, f)) {
		if (to_lower(s->t[p]) == 'l')
			c->kind = QUANTITY_TIME;
		return f;
	}
	/* "hundreds of nanoseconds", "thousands of CPU cycles", "hundreds of extra microseconds": a figure by its
	   order; "tens or hundreds of milliseconds", "from tens to hundreds, or even thousands, of milliseconds":
	   orders joined by "to", "or" or "and" before one "of" and its unit, one figure of that unit, a range */
	if ((e = match_any(s, p, magnitudes, 1)) && (e = orders_of(s, e))) {
		size_t g = skip_space(s, e), h;
		/* "tens of thousands of times slower", "hundreds of times faster": a factor by its order */
		if ((f = match_any(s, g, (const char *const[]){ "hundreds", "thousands", "millions", "billions", NULL }, 1)) &&
		    (h = match_word_ci(s, skip_space(s, f), "of")))
			g = skip_space(s, h);
		if ((f = match_word_ci(s, g, "times")) && match_claim(s, skip_space(s, f)))
			return factor_tail(s, f, 1, c);
		for (int k = 0; k < 3 && g < s->n; k++) {
			if ((f = match_time_unit(s, g)) && match_any(s, g, time_words, 1)) {
				c->kind = QUANTITY_TIME;
				c->use = 0;
				c->order = 1;
				return f;
			}
			if ((f = match_cycles(s, g))) {
				c->kind = QUANTITY_CYCLES;
				c->use = 1;
				c->order = 1;
				return f;
			}
			/* "hundreds of megabytes per second": an amount of data by its order in a unit of time, a
			   bandwidth as its digits would be (fifteenth round); other things counted per second stay
			   no time */
			if ((f = match_any(s, g, data_words, 1)) &&
			    ((h = match_per_time(s, skip_space(s, f))) || (h = match_slash_time(s, f)))) {
				/* sixteenth round: a bandwidth by its order is a bandwidth, as its digits are (nothing
				   near it deciding, it is reported), not a vague order ("tens of milliseconds") */
				c->kind = QUANTITY_RATE;
				c->use = 0;
				return h;
			}
			if (!is_alpha(s->t[g]) || match_any(s, g, joiners, 1))
				break; /* "millions of transfers per second" is no time (nor "thousands of passengers per
					  hour": built in the twenty-fourth round for "millions of JSON documents per
					  second", taken back after an attacker's review) */
			g = skip_space(s, word_end(s, g));
		}
		return 0;
	}
	if ((e = data_order(s, p, c)))
		return e;
	/* "two thirds of the remaining time", "four fifths of the time is spent ...", "nine tenths of the
	   samples": a fraction in words, read as "a third" is (twenty-first round) */
	/* ("two-thirds", "Three-quarters of the time", "one fifth of that": hyphened, or one of a fraction) */
	if ((e = match_word_ci(s, p, "one")) || (e = number_word(s, p)))
		e = e < s->n && s->t[e] == '-' ? e + 1 : skip_space(s, e);
	if (e &&
	    ((f = match_any(s, e, (const char *const[]){ "thirds", "quarters", "fifths", "sixths", "eighths", "tenths",
							NULL }, 1)) ||
	     (match_word_ci(s, p, "one") && (f = match_any(s, e, fractions, 1)))) &&
	    !word_char_at(s, f)) {
		size_t g;
		c->kind = QUANTITY_SHARE;
		c->use = 2;
		if ((g = match_word_ci(s, skip_space(s, f), "of")) && (g = fraction_of(s, p, g, c)))
			return g;
		memset(c, 0, sizeof *c);
		c->cls = UNDECIDED;
		return 0;
	}
	/* number words: "three milliseconds", "two times as fast", "twenty cycles" */
	if ((e = number_word(s, p)))
		return scan_number(s, p, e, c, &skip);
	/* "a speedup of 3x" */
	if (!(e = match_any(s, p, nouns, 1)))
		return 0;
	size_t noun = p, noun_end = e;
	if (!(e = match_word_ci(s, skip_space(s, e), "of")))
		return speedup_value(s, noun, noun_end, c, value_start);
	p = skip_space(s, e);
	for (int k = 0; k < 2 && (f = match_any(s, p, (const char *const[]){ "up", "to", "about", "roughly", "approximately",
									   "around", "nearly", "almost", NULL }, 1)); k++)
		p = skip_space(s, f);
	if (p < s->n && s->t[p] == '~')
		p++;
	if (p >= s->n || !(is_digit(s->t[p]) || s->t[p] == '.') || !parse_number(s, p, &num))
		return speedup_value(s, noun, noun_end, c, value_start);
	p = skip_range(s, num.end);
	decided(c, CLAIM, noun, noun_end - noun, W_CHANGE); /* its noun decides: "speed-up" */
	e = match_factor(s, skip_space(s, p));
	return e ? e : p;
}

/* ---- tables ---- */

/*
 * 1 if line [a, b) is drawn with dashes: at least three, at least min_marks
 * of the characters in marks between them, nothing else but those in other.
 */
static int dash_line(const struct text *s, size_t a, size_t b, const char *marks, const char *other, int min_marks)
{
	int dashes = 0, n = 0;

	for (size_t i = a; i < b; i++) {
		unsigned c = s->t[i];
		if (c == '-')
			dashes++;
		else if (c && strchr(marks, (int)c))
			n++;
		else if (!c || !strchr(other, (int)c))
			return 0;
	}
	return dashes >= 3 && n >= min_marks;
}

/* 1 if line [a, b) is a pipe table's delimiter row: | --- | :---: | */
static int delimiter_row(const struct text *s, size_t a, size_t b)
{
	return dash_line(s, a, b, "|", ": \t", 1);
}

/* 1 if line [a, b) is a border drawn above a pipe table: dashes, set apart by '|' or '+' ("| --- + --- |"). */
static int border_row(const struct text *s, size_t a, size_t b)
{
	return dash_line(s, a, b, "|+", " \t", 2);
}

static size_t line_end(const struct text *s, size_t p)
{
	const unsigned char *nl = memchr(s->t + p, '\n', s->n - p);

	return nl ? (size_t)(nl - s->t) : s->n;
}

/*
 * What a table header or row label [a, b) says its numbers are: a kind
 * and a class (UNDECIDED when it names no timing). Looks for a time unit,
 * "latency", "time", "cycles", "speedup", a bandwidth, "IPC", "%" with a
 * share word. percent_cells: the values read are percentages ("64.90%"
 * under "Overhead"), the '%' the header leaves out.
 */
/* a header that names a setting or a model's input (as a printed table's, timing.lua's col_settings) */
static const char *const spec_words[] = { "timeout", "sleep", "interval", "period", "resolution", "limit",
					   "default", "deadline", "timestamp", "date", "year", "rate(mt/s)", "mt/s",
					   "delay", "setting", "option", "parameter", "argument", "allowed",
					   "granularity", "quantum", "arrival", "burst", NULL };

/* 1 if a header cell [a, b) holds a word that names a setting (spec_words): "Timeout", "Default" */
static int names_setting(const struct text *s, size_t a, size_t b)
{
	for (size_t p = a; p < b; p = word_end(s, p) > p ? word_end(s, p) : p + 1) {
		if (p > a && word_char_at(s, p - 1))
			continue;
		if (match_any(s, p, spec_words, 1))
			return 1;
		/* "Timeouts", "Defaults": a plural names the same setting */
		size_t e = word_end(s, p);
		char buf[WORD_MAX + 1];
		if (e > p + 1 && e - p <= WORD_MAX && to_lower(s->t[e - 1]) == 's') {
			lower_copy(buf, s->t + p, e - p - 1);
			for (const char *const *w = spec_words; *w; w++)
				if (!strcmp(buf, *w))
					return 1;
		}
	}
	return 0;
}

/*
 * 1 if the header cell [cs, ce) compares one thing with another ("PyPy vs CPython (arm)",
 * "vs. `std::sort`"), or, with relative, says its figures are relative ("relative"), and names
 * nothing else they could be of ("Ratio (compressed vs original)", "Lines (Rust vs C)", "relative
 * error").
 */
static int compares_in(const struct text *s, size_t cs, size_t ce, int relative)
{
	static const char *const others[] = { "ratio", "ratios", "size", "sizes", "lines", "loc", "offset", "offsets",
					      "bytes", "memory", "count", "counts", "compressed", "original", "score",
					      "error", "errors", "accuracy", "frequency", "share", "p-value", "p", "runs",
					      "iterations", "samples", "n", "significance", NULL };
	int vs = 0;

	for (size_t q = cs; q < ce; q++) {
		size_t e;
		if (q > cs && is_alpha(s->t[q - 1]))
			continue;
		if ((e = match_any(s, q, others, 1)) && !word_char_at(s, e))
			return 0;
		if (match_word_ci(s, q, "vs") || match_word_ci(s, q, "versus") || match_lit(s, q, "vs.") ||
		    (relative && match_word_ci(s, q, "relative")))
			vs = 1;
	}
	return vs;
}

static int header_kind(const struct text *s, size_t a, size_t b, enum quantity_kind *kind, int percent_cells)
{
	int percent = percent_cells, share = 0, found = 0, spec = 0, change = 0, other = 0;
	size_t h = skip_space(s, a);

	/* "1 tick", "1 cycle": the column gives what one tick of a timer or cycle of a clock lasts, a
	   definition (eighteenth round; "1 ms" over measured values is a requested time, left as it was) */
	if (h + 1 < b && s->t[h] == '1' && space_at(s, h + 1)) {
		size_t u = skip_space(s, h + 1), ue = word_end(s, u);
		if (ue > u && (match_word_ci(s, u, "tick") == ue || match_word_ci(s, u, "cycle") == ue ||
			       match_word_ci(s, u, "clock") == ue)) {
			size_t r = ue;
			while (r < b && space_at(s, r))
				r++;
			if (r == b) {
				*kind = QUANTITY_TIME;
				return SPEC;
			}
		}
	}
	for (size_t p = a; p < b;) {
		size_t e = word_end(s, p);
		if (e == p) {
			if (s->t[p] == '%')
				percent = 1;
			if (match_lit(s, p, "/s") && !word_char_at(s, p + 2) && p > a && s->t[p - 1] == 'B') {
				*kind = QUANTITY_RATE;
				found = 1;
			}
			p++;
			continue;
		}
		char buf[WORD_MAX + 1];
		size_t n = lower_copy(buf, s->t + p, e - p);
		(void)n;
		if (match_any(s, p, spec_words, 1))
			spec = 1;
		/* "| first | second |", "| Step | second |": a header that is the word "second" alone is an
		   ordinal (the second try, the second run), not the unit, which a header writes "seconds", "s"
		   or "(s)" (twenty-first round) */
		if (!strcmp(buf, "second") && skip_space(s, a) == p) {
			size_t r = e;
			while (r < b && space_at(s, r))
				r++;
			if (r == b)
				return UNDECIDED;
		}
		/* "min/max", "Min, %", "Min": a minimum, not minutes ("Build, min", "CPU min", "(min)" are minutes) */
		if (!strcmp(buf, "min") && !(p > a && s->t[p - 1] && strchr("([/", s->t[p - 1]))) {
			size_t g = e, r = b;
			while (g < b && space_at(s, g))
				g++;
			while (r > a && space_at(s, r - 1))
				r--;
			if ((e < b && (s->t[e] == '/' || s->t[e] == ',')) || match_word_ci(s, g, "max") ||
			    (skip_space(s, a) == p && e == r)) {
				p = e;
				continue;
			}
		}
		if (match_time_unit(s, p) == e && p > a + 4 && (match_word_ci(s, p - 4, "per") == p - 1 || s->t[p - 1] == '/')) {
			*kind = QUANTITY_RATE; /* "addresses per s", "ops/s" */
			found = 1;
		} else if (match_time_unit(s, p) == e || !strcmp(buf, "latency") || !strcmp(buf, "latencies") ||
		    !strcmp(buf, "time") || !strcmp(buf, "duration") || !strcmp(buf, "elapsed") ||
		    !strcmp(buf, "runtime") || !strncmp(buf, "lat", 4)) {
			if (!found)
				*kind = QUANTITY_TIME;
			found = 1;
		} else if (!strcmp(buf, "cycles") || !strcmp(buf, "cycle") || !strcmp(buf, "clk") ||
			   !strcmp(buf, "clocks")) {
			*kind = QUANTITY_CYCLES;
			found = 1;
		} else if (!strncmp(buf, "speedup", 7) || !strcmp(buf, "slowdown") || !strcmp(buf, "faster") ||
			   !strcmp(buf, "slower") ||
			   ((!strcmp(buf, "speed") || !strcmp(buf, "slow")) && match_lit(s, e, "-") &&
			    (match_word_ci(s, e + 1, "up") || match_word_ci(s, e + 1, "ups") ||
			     match_word_ci(s, e + 1, "down")))) {
			/* "times faster than Dask": a column of factors, a comparison between two programs */
			*kind = QUANTITY_SPEEDUP;
			found = 1;
		} else if (!strcmp(buf, "ipc") || !strcmp(buf, "cpi") || !strcmp(buf, "cpe") || strstr(buf, "throughput") ||
			   !strcmp(buf, "bandwidth") || !strcmp(buf, "bw") || !strcmp(buf, "gflops") ||
			   !strcmp(buf, "flops") || !strcmp(buf, "speed") || !strcmp(buf, "iops") || !strcmp(buf, "gflops/s") ||
			   !strcmp(buf, "mflops") || !strcmp(buf, "tflops") || !strcmp(buf, "qps") || !strcmp(buf, "rps") ||
			   !strcmp(buf, "velocity") || /* "Small Data Velocity" (nineteenth round, xxhash-docs) */
			   !strcmp(buf, "teps") || (buf[0] && strchr("kmgt", buf[0]) && !strcmp(buf + 1, "teps"))) {
			*kind = QUANTITY_RATE;
			found = 1;
		} else if (!strcmp(buf, "bound") || !strcmp(buf, "slots") || !strcmp(buf, "retiring") ||
			   !strcmp(buf, "stalled") || !strcmp(buf, "overhead") ||
			   ((!strcmp(buf, "peak") || !strcmp(buf, "roof")) && p >= a + 3 &&
			    match_word_ci(s, p - 3, "of") == p - 1 && !names_memory(s, a, b))) {
			/* "% of peak" over "41": how much of the machine's speed a version reaches (twentieth round,
			   an HPC author's chapters; "Peak RAM usage" is memory) */
			share = 1;
		} else if (!strcmp(buf, "change") || !strcmp(buf, "delta") || !strcmp(buf, "diff") ||
			   !strcmp(buf, "difference") || !strcmp(buf, "improvement") || !strcmp(buf, "reduction") ||
			   !strcmp(buf, "gain") || !strcmp(buf, "regression")) {
			change = 1;
		} else if (!strcmp(buf, "size") || !strcmp(buf, "memory") || !strcmp(buf, "rss") || !strcmp(buf, "bytes") ||
			   !strcmp(buf, "count") || !strcmp(buf, "instructions") || !strcmp(buf, "misses")) {
			other = 1;
		}
		p = e;
	}
	if (!found && percent && share) {
		*kind = QUANTITY_SHARE;
		found = 1;
	}
	/* "% Change", "Delta (%)": a column of speed-ups, unless it says of what else */
	if (!found && percent && change && !other) {
		*kind = QUANTITY_SPEEDUP;
		found = 1;
	}
	if (!found)
		return UNDECIDED;
	return spec ? SPEC : CLAIM;
}

/* A cell [a, b) that holds nothing but a number ("864", "~40", "10-25", "4.31E+12", "200+"); its span. */
static int bare_number(const struct text *s, size_t a, size_t b, size_t *ns, size_t *ne)
{
	struct number num;

	while (a < b && (space_at(s, a) || s->t[a] == '~' || s->t[a] == '<' || s->t[a] == '>' || s->t[a] == '$'))
		a += space_at(s, a) ? space_at(s, a) : 1;
	if (a + 1 < b && s->t[a] == '-' && is_digit(s->t[a + 1]))
		a++; /* "-2.5" ("$-2.5$" typeset as math): a figure, its sign kept */
	while (b > a && (s->t[b - 1] == ' ' || s->t[b - 1] == '\t' || s->t[b - 1] == '+' || s->t[b - 1] == '*' ||
			 s->t[b - 1] == '$'))
		b--;
	if (a >= b || !is_digit(s->t[a]) || !parse_number(s, a, &num))
		return 0;
	size_t e = skip_range(s, num.end), f;
	if (e != b && (f = match_multiplier(s, skip_space(s, e))) == b)
		e = f; /* "35 million" under "addresses per s" */
	if (e != b)
		return 0;
	*ns = a;
	*ne = e;
	return 1;
}

/*
 * 1 if [a, c) is a figure and its spread, one value: "1908.3 ± 91.2" (hyperfine's Markdown export;
 * twenty-seventh round), "4.8+-0.15" and "12 +/- 3", the same written in ASCII (thirty-third round,
 * a benchmark table of pypy-blog).
 */
static int spread_value(const struct text *s, size_t a, size_t c)
{
	for (size_t d = a; d + 1 < c; d++) {
		size_t sign = (unsigned char)s->t[d] == 0xc2 && (unsigned char)s->t[d + 1] == 0xb1 ? 2
			      : match_lit(s, d, "+/-")					    ? 3
			      : match_lit(s, d, "+-")					    ? 2
											    : 0;
		if (!sign)
			continue;
		size_t e = d, f = d + sign, x0, x1, y0, y1;

		while (e > a && space_at(s, e - 1))
			e--;
		while (f < c && space_at(s, f))
			f++;
		return e > a && f < c && bare_number(s, a, e, &x0, &x1) && x0 == a && x1 == e &&
		       bare_number(s, f, c, &y0, &y1) && y0 == f && y1 == c;
	}
	return 0;
}

/*
 * A table cell [a, b) that holds a figure: a bare one (bare_number()), a
 * whole number grouped in threes by dots ("2.669.333"), or a bare one but for
 * an aside in parentheses after it ("143635 (6.3x)": a time, then its factor,
 * read on its own). 1 with the figure's span, else 0.
 */
static int cell_number(const struct text *s, size_t a, size_t b, size_t *ns, size_t *ne)
{
	size_t c = b, d, groups = 0;

	if (bare_number(s, a, b, ns, ne))
		return 1;
	while (c > a && space_at(s, c - 1))
		c--;
	while (a < c && space_at(s, a))
		a++;
	/* "2.669.333": a whole number grouped in threes by dots (two dots or more: "1.150" stays a fraction) */
	for (d = a; d < c && d - a < 3 && is_digit(s->t[d]); d++)
		;
	while (d > a && d + 4 <= c && s->t[d] == '.' && is_digit(s->t[d + 1]) && is_digit(s->t[d + 2]) &&
	       is_digit(s->t[d + 3]))
		d += 4, groups++;
	if (d == c && groups >= 2) {
		*ns = a;
		*ne = c;
		return 1;
	}
	/* "0.48 G", "2.4M" under "Cells/s": a figure with its SI prefix, the column's unit its header's
	   (twenty-first round, two HPC authors' tables) */
	if (c - a >= 2 && strchr("KMGTk", s->t[c - 1]) && (is_digit(s->t[c - 2]) || s->t[c - 2] == ' ')) {
		size_t e = c - 1;
		while (e > a && s->t[e - 1] == ' ')
			e--;
		if (e > a && e + 2 >= c && bare_number(s, a, e, ns, ne) && *ns == a && *ne == e) {
			*ne = c;
			return 1;
		}
	}
	if (spread_value(s, a, c)) {
		*ns = a;
		*ne = c;
		return 1;
	}
	if (c == a || s->t[c - 1] != ')')
		return 0;
	while (c > a && s->t[c - 1] != '(')
		c--;
	if (c == a || c - 1 == a || s->t[c - 2] != ' ')
		return 0;
	/* "4.8+-0.15 (1.0x)": a figure and its spread, an aside after it */
	for (d = c - 1; d > a && space_at(s, d - 1); d--)
		;
	if (spread_value(s, a, d)) {
		*ns = a;
		*ne = d;
		return 1;
	}
	return bare_number(s, a, c - 1, ns, ne);
}

/*
 * 1 if pipe cell [a, b) holds two figures with decimals set apart by a spaced slash, one per case
 * ("| 1.65 / 2.02 |": the core conversion's cycles and the whole run's; thirty-fourth round) and the
 * one at p is [ns, ne). A slash with no spaces is a fraction or a date ("1/2", "3/4"); whole numbers
 * are a score out of its total, a time signature, a duty cycle's two parts ("4 / 5", "3 / 4", "25 /
 * 75": an attacker's review).
 */
static int cell_pair(const struct text *s, size_t a, size_t b, size_t p, size_t *ns, size_t *ne)
{
	const unsigned char *slash = b > a ? memchr(s->t + a, '/', b - a) : NULL;
	size_t m, xs, xe, ys, ye;

	if (!slash)
		return 0;
	m = (size_t)(slash - s->t);
	if (m == a || m + 1 >= b || !space_at(s, m - 1) || !space_at(s, m + 1) || memchr(s->t + m + 1, '/', b - m - 1) ||
	    !bare_number(s, a, m, &xs, &xe) || !bare_number(s, m + 1, b, &ys, &ye) ||
	    !memchr(s->t + xs, '.', xe - xs) || !memchr(s->t + ys, '.', ye - ys))
		return 0;
	if (p == xs)
		*ns = xs, *ne = xe;
	else if (p == ys)
		*ns = ys, *ne = ye;
	else
		return 0;
	return 1;
}

/*
 * Table geometry of the line holding p: for a pipe table (its second line
 * a delimiter row), the header cell above the column p stands in; for a
 * line of columns set apart by two or more spaces, its first column (the
 * row's label). Found once per line by the caller.
 */
struct table {
	int pipe;		/* the text is a pipe table */
	int bare;		/* a pipe table with no delimiter row: its rows start right under the header */
	size_t header;		/* start of the header line */
	size_t line, line_end;	/* the line being scanned */
	int rows;		/* the line is a row of space-separated columns with a label */
	size_t label, label_end;
	int dash;		/* a pandoc table: header lines, then a rule of dashes per column */
	int grid;		/* a grid table (dash too): its rule is the '=' line under the header, its cells walled by '|' */
	size_t rule, rule_end;	/* the rule line (the header is [0, rule)) */
	int classes;		/* the header names classes ("Interaction Class") or a workload's arrivals: its values define them */
	size_t classes_at, classes_len;
	const char *classes_why; /* W_CLASSES, W_WORKLOAD or W_SETTINGS */
	size_t classes_span;	/* the code span that names the setting (W_SETTINGS), or 0 */
	int lead_cls;		/* what the sentence leading the table in says its figures are (UNDECIDED: nothing) */
	enum quantity_kind lead_kind;
	size_t lead_cue, lead_cue_len; /* the words that say it, in spans->lead */
	uint64_t result_cols;	/* the table stands among results (spans->results): the columns whose bare figures
				   nothing decides are unsure (result_columns) */
	int lead_factors;	/* it names only a comparison of speed ("Performance of ispc ... compared to"): it decides factors */
	int timed;		/* a cell above or to the left holds a measured time, rate or cycle count (a claim) */
	int gridish;		/* the text's first line is a grid table's border ("+----+----+") */
	size_t first_row_end;	/* then, the end of its first row: the line before its second border (0: none near) */
	size_t claim_end;	/* the end of the last time kept as a claim (or unsure), 0: none */
	signed char ratio_col[64]; /* per column: 1 its header names a ratio of speed, -1 not, 0 not yet read */
	size_t ratio_cue[64][2]; /* per column: the header cell's words, the cue of its ratios */
	size_t ratio_row_line;	/* the line whose label ratio_row describes (its start + 1; 0: none) */
	size_t ratio_time_line;	/* the row (its start + 1) where a time kept had its ratio beside it (timed_factor) */
	int lead_bench;		/* the lead-in speaks of benchmarks and their runs */
	uint64_t baseline_cols;	/* the columns with a baseline's ratio in a cell ("4.2 (1x)"): a bit each */
	signed char ratio_row;	/* 1 if that row's label names a ratio of speed ("relative to C") */
};

/* Number of runs of two dashes or more that make line [a, b), spaces between; 0 if anything else. */
static int rule_runs(const struct text *s, size_t a, size_t b)
{
	int runs = 0;

	while (a < b && s->t[a] == ' ')
		a++;
	while (a < b) {
		size_t r = a;
		while (a < b && s->t[a] == '-')
			a++;
		if (a - r < 2)
			return 0;
		runs++;
		while (a < b && (s->t[a] == ' ' || s->t[a] == '\t'))
			a++;
		if (a < b && s->t[a] != '-')
			return 0;
	}
	return runs;
}

/* The integer that is all of pipe cell [a, b) (spaces and '*' of emphasis around it), or -1. */
static long cell_integer(const struct text *s, size_t a, size_t b)
{
	long v = 0;
	size_t n = 0;

	while (a < b && (space_at(s, a) || s->t[a] == '*'))
		a++;
	while (b > a && (space_at(s, b - 1) || s->t[b - 1] == '*'))
		b--;
	for (; a < b && n < 6; a++, n++) {
		if (!is_digit(s->t[a]))
			return -1;
		v = v * 10 + (s->t[a] - '0');
	}
	return a == b && n ? v : -1;
}

/*
 * 1 if the pipe table whose header is [0, e1) and delimiter row ends at e2 lists a setting's values:
 * its first column counts 0, 1, 2, ... (from 0, as an enumeration does), three rows or more, under a header cell that names
 * the parameter in code ("|`inactive_duration`|t standby (ms)|") or calls it a value, mode, setting or
 * option: each row says what one value means, a definition (nineteenth round, nodemcu-docs). A table
 * of sizes ("| `n` | time |" over 1000, 10000) does not count up by one, nor from 0 one of threads.
 */
static int settings_table(const struct text *s, size_t e1, size_t e2)
{
	/* not "Level" nor "Index": "| Level | Name | ~Cost (ns) |" over 0, 1, 2 ranks measured costs */
	static const char *const names[] = { "value", "values", "mode", "modes", "setting", "settings", "option",
					     "options", "code", "codes", NULL };
	size_t cs, ce, idx, a = e2 + 1, rows = 0;
	long next = -1;
	int named = 0;

	if (!pipe_cell(s, 0, e1, 0, &cs, &ce))
		return 0;
	while (cs < ce && space_at(s, cs))
		cs++;
	named = span_at(s, cs, &idx) != NULL || (match_any(s, cs, names, 1) && !word_char_at(s, match_any(s, cs, names, 1)));
	if (!named)
		return 0;
	while (a < s->n) {
		size_t e = line_end(s, a);
		long v;
		if (!pipe_cell(s, a, e, 0, &cs, &ce) || (v = cell_integer(s, cs, ce)) < 0)
			return 0;
		if (next < 0 ? v != 0 : v != next)
			return 0;
		next = v + 1;
		rows++;
		a = e + 1;
	}
	return rows >= 3;
}

/*
 * A word of header [a, b) that says the table defines what its values are:
 * classes ("Interaction Class", "Category"), or a workload, a column saying
 * when each row arrives ("| job | arrival time | running time |": each
 * job's times are the exercise's givens, not a run's). *why: which.
 */
static int classes_word(const struct text *s, size_t a, size_t b, size_t *at, size_t *len, const char **why)
{
	static const char *const words[] = { "class", "classes", "category", "categories", "tier", "tiers", "grade",
					      "grades", "arrival", "arrivals", NULL };
	for (size_t p = a; p < b;) {
		size_t e = word_end(s, p), m;
		if (e == p) {
			p++;
			continue;
		}
		if ((m = match_any(s, p, words, 1)) == e) {
			*at = p, *len = e - p;
			*why = to_lower(s->t[p]) == 'a' ? W_WORKLOAD : W_CLASSES;
			return 1;
		}
		p = e;
	}
	return 0;
}

/*
 * 1 if header [a, b) names what a workload's run gives each row (its
 * latency, response, wait, turnaround, finish or completion): an outcome,
 * not one of the workload's givens.
 */
static int outcome_header(const struct text *s, size_t a, size_t b)
{
	static const char *const words[] = { "latency", "latencies", "response", "wait", "waiting", "turnaround",
					      "finish", "finished", "completion", "completed", "end", NULL };
	for (size_t p = a; p < b;) {
		size_t e = word_end(s, p);
		if (e == p) {
			p++;
			continue;
		}
		if (match_any(s, p, words, 1) == e)
			return 1;
		p = e;
	}
	return 0;
}

/*
 * The number of cells line [a, b) draws as a grid table's rule of c ('-'
 * between rows, '=' under the header): "+----+----+", "+====+:===+"; 0 if
 * it is no such rule.
 */
static int grid_rule(const struct text *s, size_t a, size_t b, unsigned char c)
{
	int runs = 0;

	while (a < b && s->t[a] == ' ')
		a++;
	while (b > a && (s->t[b - 1] == ' ' || s->t[b - 1] == '\r'))
		b--;
	if (b - a < 3 || s->t[a] != '+' || s->t[b - 1] != '+')
		return 0;
	for (size_t p = a + 1; p < b; p++) {
		if (s->t[p] == '+') {
			if (s->t[p - 1] == '+')
				return 0;
			runs++;
		} else if (s->t[p] != c && s->t[p] != ':') {
			return 0;
		}
	}
	return runs;
}

/* 1 if [a, b) is one opening tag and nothing else: '<', a letter, no '<' or '>' until the '>' that ends it. */
static int lone_tag(const struct text *s, size_t a, size_t b)
{
	while (b > a && (s->t[b - 1] == ' ' || s->t[b - 1] == '\t' || s->t[b - 1] == '\r'))
		b--;
	if (b - a < 3 || s->t[a] != '<' || !is_alpha(s->t[a + 1]) || s->t[b - 1] != '>')
		return 0;
	for (size_t p = a + 1; p < b - 1; p++)
		if (s->t[p] == '<' || s->t[p] == '>')
			return 0;
	return 1;
}

/* The number of '|' on line [a, b) if it opens with one (spaces before it skipped), else 0. */
static size_t pipe_cells(const struct text *s, size_t a, size_t b)
{
	size_t n = 0;

	while (a < b && (s->t[a] == ' ' || s->t[a] == '\t'))
		a++;
	if (a >= b || s->t[a] != '|')
		return 0;
	for (; a < b; a++)
		n += s->t[a] == '|';
	return n;
}

/* 1 if every line of s opens with '|' and holds as many as the first, at least three of each, and
   none is a delimiter row: a pipe table written without its rule. */
static int bare_pipe_table(const struct text *s)
{
	size_t a = 0, lines = 0, first = 0;

	while (a < s->n) {
		size_t e = line_end(s, a), n = pipe_cells(s, a, e);
		if (n < 3 || (lines && n != first) || e - a > TABLE_LINE_MAX || delimiter_row(s, a, e))
			return 0;
		if (!lines++) {
			/* a header names its columns: no cell of it opens with a figure ("| Timeout | 30 s |"
			   over "| Retries | 3 |" is a list of settings, no header) */
			first = n;
			for (size_t q = a; q < e; q++)
				if (s->t[q] == '|') {
					size_t r = q + 1;
					while (r < e && space_at(s, r))
						r++;
					if (r < e && is_digit(s->t[r]))
						return 0;
				}
		}
		a = e + 1;
	}
	return lines >= 3;
}

static int grid_rows(const struct text *s);

static void table_setup(const struct text *s, struct table *tb)
{
	size_t e1, e2, a;

	memset(tb, 0, sizeof *tb);
	tb->line_end = (size_t)-1;
	if ((tb->gridish = grid_rows(s))) {
		/* the first row: the lines up to the second border, found once per text, a few lines at most */
		size_t h = line_end(s, 0);
		for (int k = 0; k < 6 && h < s->n; k++) {
			size_t l = h + 1, g = skip_space(s, l);
			if (g < s->n && s->t[g] == '+') {
				tb->first_row_end = l;
				break;
			}
			h = line_end(s, l);
		}
	}
	e1 = line_end(s, 0);
	if (e1 >= s->n)
		return;
	/* a raw HTML block whose first line is a lone opening tag ("<div>") wraps what follows: a pipe
	   table may start on its second line, its header there (fifteenth round) */
	if (s->t[0] == '<' && lone_tag(s, 0, e1)) {
		size_t h = e1 + 1;
		e1 = line_end(s, h);
		if (e1 < s->n && memchr(s->t + h, '|', e1 - h) && delimiter_row(s, e1 + 1, line_end(s, e1 + 1))) {
			tb->pipe = 1;
			tb->header = h;
			tb->classes = classes_word(s, h, e1, &tb->classes_at, &tb->classes_len, &tb->classes_why);
		}
		return;
	}
	e2 = line_end(s, e1 + 1);
	/* a border drawn above a pipe table's header ("| ----- + ----- |"): the header is on the second line
	   (sixteenth round); a grid table's border ("+----+") has no delimiter row under its next line */
	if (e2 < s->n && border_row(s, 0, e1) && memchr(s->t + e1 + 1, '|', e2 - e1 - 1) &&
	    delimiter_row(s, e2 + 1, line_end(s, e2 + 1))) {
		tb->pipe = 1;
		tb->header = e1 + 1;
		tb->classes = classes_word(s, e1 + 1, e2, &tb->classes_at, &tb->classes_len, &tb->classes_why);
		return;
	}
	if (memchr(s->t, '|', e1) && delimiter_row(s, e1 + 1, e2)) {
		tb->pipe = 1;
		tb->classes = classes_word(s, 0, e1, &tb->classes_at, &tb->classes_len, &tb->classes_why);
		if (!tb->classes && settings_table(s, e1, e2)) {
			size_t idx = 0;
			tb->classes = 1;
			pipe_cell(s, 0, e1, 0, &tb->classes_at, &e2);
			while (tb->classes_at < e2 && space_at(s, tb->classes_at))
				tb->classes_at++;
			tb->classes_len = word_end(s, tb->classes_at) - tb->classes_at;
			const char *name = span_at(s, tb->classes_at, &idx);
			if (name) /* a cue in code type: its offset in the span's own text */
				tb->classes_span = idx, tb->classes_at = 0, tb->classes_len = strlen(name);
			tb->classes_why = W_SETTINGS;
		}
		return;
	}
	/* a pipe table with no delimiter row, as a reader still sees one ("| Benchmark | PyPy vs CPython |"
	   over "| ai | 3.61 |"; an rST line block, a Markdown table missing its rule) (nineteenth round,
	   pypy-blog): its first line the header */
	if (bare_pipe_table(s)) {
		tb->pipe = tb->bare = 1;
		tb->classes = classes_word(s, 0, e1, &tb->classes_at, &tb->classes_len, &tb->classes_why);
		return;
	}
	/* a pandoc table: its rule within the first lines, under a header */
	/* the header's lines are read for every value: each must be short, as a row is */
	if (e1 > TABLE_LINE_MAX)
		return;
	a = e1 + 1;
	if (grid_rule(s, 0, e1, '-') >= 2) {
		/* a grid table: a border, the header's lines, then the '=' rule under them; none, no header */
		for (int k = 0; k < 6 && a < s->n; k++) {
			size_t e = line_end(s, a);
			if (e - a > TABLE_LINE_MAX || grid_rule(s, a, e, '-'))
				return;
			if (grid_rule(s, a, e, '=') >= 2) {
				tb->dash = tb->grid = 1;
				tb->rule = a;
				tb->rule_end = e;
				tb->classes = classes_word(s, 0, a, &tb->classes_at, &tb->classes_len, &tb->classes_why);
				return;
			}
			a = e + 1;
		}
		return;
	}
	for (int k = 0; k < 6 && a < s->n; k++) {
		size_t e = line_end(s, a);
		if (e - a > TABLE_LINE_MAX)
			return;
		if (rule_runs(s, a, e) >= 2) {
			tb->dash = 1;
			tb->rule = a;
			tb->rule_end = e;
			tb->classes = classes_word(s, 0, a, &tb->classes_at, &tb->classes_len, &tb->classes_why);
			return;
		}
		a = e + 1;
	}
}

/*
 * For a value at p on a row of a pandoc table: what the header words above
 * its column say (the column is the rule's run of dashes under which p
 * stands; each header line's words over that run are read). UNDECIDED
 * when nothing does. is_time: the value is a time, which a header that names
 * a setting ("Timeout", "Default") decides as that setting's.
 */
static int dash_column(const struct text *s, const struct table *tb, size_t p, enum quantity_kind *kind, size_t *cs,
			size_t *ce, int percent_cells, int is_time)
{
	size_t ls = p, col, ra = 0, rb = 0, q, found = 0, sa = 0, sb = 0;
	unsigned char rc = tb->grid ? '=' : '-';
	int setting = 0;

	if (!tb->dash || p < tb->rule_end)
		return UNDECIDED;
	while (ls > 0 && s->t[ls - 1] != '\n')
		ls--;
	col = p - ls;
	/* the run under which col stands, or the first one after it */
	for (q = tb->rule; q < tb->rule_end;) {
		if (s->t[q] != rc) {
			q++;
			continue;
		}
		size_t r = q;
		while (q < tb->rule_end && (s->t[q] == rc || s->t[q] == ':'))
			q++;
		if (col < q - tb->rule) {
			ra = r - tb->rule, rb = q - tb->rule;
			found = 1;
			break;
		}
	}
	if (!found)
		return UNDECIDED;
	int best = UNDECIDED;
	for (size_t a = 0; a < tb->rule;) {
		size_t e = line_end(s, a);
		if (e - a > ra && e - a <= TABLE_LINE_MAX) {
			size_t x = a + ra, y = e - a < rb ? e : a + rb;
			if (tb->grid) {
				/* the cell the column's start stands in, between its walls: a header cell may span columns */
				y = x;
				while (x > a && s->t[x - 1] != '|' && s->t[x - 1] != '+')
					x--;
				while (y < e && s->t[y] != '|' && s->t[y] != '+')
					y++;
			}
			while (x > a && s->t[x - 1] != ' ' && !tb->grid)
				x--; /* the whole word that reaches into the column */
			while (y < e && s->t[y] != ' ' && !tb->grid)
				y++;
			while (x < y && space_at(s, x))
				x++;
			while (y > x && space_at(s, y - 1))
				y--;
			enum quantity_kind k;
			int cls = x < y ? header_kind(s, x, y, &k, percent_cells) : UNDECIDED;
			if (cls != UNDECIDED && (best == UNDECIDED || cls == SPEC)) {
				best = cls;
				*kind = k;
				*cs = x, *ce = y;
			} else if (cls == UNDECIDED && is_time && !setting && x < y && names_setting(s, x, y)) {
				setting = 1;
				sa = x, sb = y;
			}
		}
		a = e + 1;
	}
	/* "Timeout" over "30 s": a time under a header that names a setting and no time (on none of its
	   lines: "Time with" over "default flags" is a time) is that setting's value, as in a pipe table */
	if (best == UNDECIDED && setting) {
		best = SPEC;
		*kind = QUANTITY_TIME;
		*cs = sa, *ce = sb;
	}
	return best;
}

/* The [start, end) of cell number col (0-based, counting the '|' before it) of line [a, b). */
static int pipe_cell(const struct text *s, size_t a, size_t b, size_t col, size_t *cs, size_t *ce)
{
	size_t k = 0, start = a;
	size_t p = a;

	while (p < b && space_at(s, p))
		p++;
	if (p < b && s->t[p] == '|')
		start = p + 1;
	for (p = start; p <= b; p++) {
		if (p == b || (s->t[p] == '|' && !(p > a && s->t[p - 1] == '\\'))) {
			if (k == col) {
				*cs = start;
				*ce = p;
				return 1;
			}
			k++;
			start = p + 1;
		}
	}
	return 0;
}

/* The column of offset p in pipe line [a, b). */
static size_t pipe_column(const struct text *s, size_t a, size_t p)
{
	size_t k = 0, q = a;

	while (q < p && space_at(s, q))
		q++;
	if (q < p && s->t[q] == '|')
		q++;
	for (; q < p; q++)
		if (s->t[q] == '|' && !(q > a && s->t[q - 1] == '\\'))
			k++;
	return k;
}

/* Enters the line holding p: finds its row label when it is a row of space-separated columns. */
static void table_line(const struct text *s, struct table *tb, size_t p)
{
	size_t a = p, gaps = 0, first_gap = 0, bare = 0;

	while (a > 0 && s->t[a - 1] != '\n')
		a--;
	tb->line = a;
	tb->line_end = line_end(s, a);
	tb->rows = 0;
	if (tb->pipe || tb->grid || tb->line_end - a > TABLE_LINE_MAX || !memmem(s->t + a, tb->line_end - a, "  ", 2))
		return;
	for (size_t q = a; q + 1 < tb->line_end; q++) {
		if (s->t[q] == ' ' && s->t[q + 1] == ' ' && q > a && s->t[q - 1] != ' ') {
			size_t r = q;
			while (r < tb->line_end && s->t[r] == ' ')
				r++;
			size_t c = r, ns, ne;
			while (c < tb->line_end && !(s->t[c] == ' ' && c + 1 < tb->line_end && s->t[c + 1] == ' '))
				c++;
			if (bare_number(s, r, c, &ns, &ne))
				bare++;
			if (!gaps++)
				first_gap = q;
		}
	}
	if (gaps >= 2 && bare >= 2 && first_gap > a) {
		tb->rows = 1;
		tb->label = a;
		while (tb->label < first_gap && space_at(s, tb->label))
			tb->label++;
		tb->label_end = first_gap;
	}
}

/* ---- the scan ---- */

/* A figure that is all of t[a, b): the candidate it is; 0 if none. */
static int whole_figure(const char *t, size_t a, size_t b, struct cand *c)
{
	size_t skip, e;
	struct text in;

	for (;;) { /* "`~10 ms`", "`≈112 μs`" (twenty-third round, akinshin-blog) */
		if (a < b && (t[a] == ' ' || t[a] == '~'))
			a++;
		else if (a + 2 < b && (!memcmp(t + a, "\xe2\x89\x88", 3) || !memcmp(t + a, "\xe2\x88\xbc", 3)))
			a += 3; /* "≈", "∼" */
		else
			break;
	}
	while (b > a && t[b - 1] == ' ')
		b--;
	if (a >= b || !is_digit((unsigned char)t[a]))
		return 0;
	in.t = (const unsigned char *)t;
	in.n = b;
	in.spans = NULL;
	in.table = 0;
	e = scan_number(&in, a, 0, c, &skip);
	if (e == b)
		return 1;
	/* "1.3x", "86%": a bare factor or percentage decided by the sentence */
	{
		struct number num;
		if (!parse_number(&in, a, &num))
			return 0;
		e = skip_range(&in, num.end);
		e = skip_space(&in, e);
		if ((e + 1 == b && (t[e] == 'x' || t[e] == '%')) || (e + 2 == b && !memcmp(t + e, "\xc3\x97", 2))) {
			memset(c, 0, sizeof *c);
			c->cls = UNDECIDED;
			c->kind = QUANTITY_SPEEDUP;
			c->use = t[e] == '%' ? 3 : 2;
			c->need_perf = 1;
			return 1;
		}
	}
	return 0;
}

/*
 * A code span that holds nothing but a figure, or a calculation that ends
 * in one ("`2400 * 8 = 19.2 GB/s`"), or starts with a factor its own words
 * call a claim ("`6.1x speedup / 16 threads = 38%`"): the candidate it
 * is, read from its own text.
 */
static int span_figure(const char *t, struct cand *c)
{
	size_t len = strlen(t), skip, e;
	const char *eq = memrchr(t, '=', len);
	struct text in;

	if (whole_figure(t, 0, len, c))
		return 1;
	if (eq && eq > t && eq[-1] != '=' && eq[-1] != '!' && eq[-1] != '<' && eq[-1] != '>' &&
	    whole_figure(t, (size_t)(eq - t) + 1, len, c))
		return 1;
	if (len && is_digit((unsigned char)t[0])) {
		in.t = (const unsigned char *)t;
		in.n = len;
		in.spans = NULL;
		in.table = 0;
		e = scan_number(&in, 0, 0, c, &skip);
		if (e && c->cls == QUANTITY_CLAIM && c->kind == QUANTITY_SPEEDUP)
			return 1;
	}
	return 0;
}

/*
 * A code span that is a bare number or a calculation that ends in one
 * ("`120`", "`9/4 = 2.25`") and whose unit stands after it in the text
 * ("`9/4 = 2.25` cycles", "`3` seconds"): the end of that unit, with c the
 * candidate; 0 if it is not one.
 */
static size_t span_unit_after(const struct text *s, size_t p, const char *t, struct cand *c)
{
	size_t len = strlen(t), a = 0, e;
	const char *eq = memrchr(t, '=', len);
	struct text in;
	struct number num;

	if (eq && eq > t && eq[-1] != '=' && eq[-1] != '!' && eq[-1] != '<' && eq[-1] != '>')
		a = (size_t)(eq - t) + 1;
	while (a < len && t[a] == ' ')
		a++;
	in.t = (const unsigned char *)t;
	in.n = len;
	in.spans = NULL;
	in.table = 0;
	if (a >= len || !is_digit((unsigned char)t[a]) || !parse_number(&in, a, &num) || skip_space(&in, num.end) != len)
		return 0;
	a = p + 3;
	p = skip_space(s, a);
	if (s->table && memchr(s->t + a, '\n', p - a))
		return 0; /* a table's cell takes no unit from the next row */
	memset(c, 0, sizeof *c);
	c->cls = UNDECIDED;
	if ((e = match_cycles_(s, p, num.end - a == 1 && t[a] == '1'))) {
		c->kind = QUANTITY_CYCLES;
		c->use = 1;
		return e;
	}
	if ((e = match_any(s, p, time_words, 1))) {
		c->kind = QUANTITY_TIME;
		return e;
	}
	return 0;
}

/*
 * 1 if a cell of pipe row [a, b) holds nothing but a switch's value ("Yes",
 * "No", "On", "Off", "Any"): the row lists settings, and its label names
 * the thing set ("| Preemptive With Time Slicing | Yes | 1 | 1 |"), not what
 * its figures measure.
 */
static int switch_row(const struct text *s, size_t a, size_t b)
{
	static const char *const values[] = { "yes", "no", "on", "off", "any", "enabled", "disabled", NULL };
	size_t cs, ce;

	for (size_t col = 1; pipe_cell(s, a, b, col, &cs, &ce); col++) {
		while (cs < ce && space_at(s, cs))
			cs++;
		while (ce > cs && space_at(s, ce - 1))
			ce--;
		if (ce > cs && match_any(s, cs, values, 1) == ce)
			return 1;
	}
	return 0;
}

/*
 * The class a pipe table row's label (its first cell, words only) gives
 * a value at p in a later column, with [*cs, *ce) the label; UNDECIDED
 * when the label names no metric, p stands in the first column, or the row
 * is a row of settings (switch_row).
 */
static int row_label(const struct text *s, const struct table *tb, size_t p, enum quantity_kind *kind, size_t *cs,
		     size_t *ce)
{
	int cls;

	if (pipe_column(s, tb->line, p) == 0 || !pipe_cell(s, tb->line, tb->line_end, 0, cs, ce))
		return UNDECIDED;
	while (*cs < *ce && space_at(s, *cs))
		(*cs)++;
	while (*ce > *cs && space_at(s, *ce - 1))
		(*ce)--;
	if (*cs >= *ce || !is_alpha(s->t[*cs]))
		return UNDECIDED; /* "| 10MB | ...": a value, not a label */
	cls = header_kind(s, *cs, *ce, kind, 0);
	return cls != UNDECIDED && switch_row(s, tb->line, tb->line_end) ? UNDECIDED : cls;
}

/* 1 if a word of memory or size stands in the header line [a, b) ("| Benchmark | Peak RSS | Delta |"). */
static int names_memory(const struct text *s, size_t a, size_t b)
{
	static const char *const words[] = { "memory", "rss", "size", "sizes", "bytes", "footprint", "heap", "binary",
					     NULL };

	size_t e, g;

	for (size_t p = a; p < b; p++)
		if (is_alpha(s->t[p]) && (p == a || !is_alpha(s->t[p - 1])) && (e = match_any(s, p, words, 1))) {
			/* "binary insertion", "binary search": an algorithm's name ("Binary size" stays one) */
			if (match_word_ci(s, p, "binary") && (g = skip_space(s, e)) < b && is_alpha(s->t[g]))
				continue;
			return 1;
		}
	return 0;
}

/*
 * What the sentence that leads a table in says its figures are (eighteenth
 * round): a noun of results, then a unit after "in" or in brackets ("The
 * results in MB/s are:", "Run times (ms)", "Decoding throughput in MB/s"); a
 * speed-up by its plural noun ("the following table shows speedups"), or its
 * singular in a caption or a sentence that names the table ("ISPC speed-up
 * with target redesign"); or a comparison of speed ("Performance of ispc ...
 * compared to a reference"), which decides only factors ("6.19x"). A setting
 * named just before the unit ("the default timeouts, in ms") makes the figures
 * specified. Sets tb's lead fields.
 */
/*
 * "millions of allocation-free pairs per second", "operations per second", "requests/s": a rate named
 * in words from p, a count's order or its noun, at most four words, then "per" and a unit of time; its
 * end in *e. 1 if it is one.
 */
static int rate_phrase(const struct text *l, size_t p, size_t *e)
{
	size_t q = p, f;

	for (int k = 0; k < 7 && q < l->n; k++) {
		size_t w = word_end(l, q);
		if (w == q)
			return 0;
		while (w + 1 < l->n && l->t[w] == '-' && is_alpha(l->t[w + 1]))
			w = word_end(l, w + 1); /* "allocation-free" */
		if (k && match_word_ci(l, q, "per") == w && (f = match_time_unit(l, skip_space(l, w)))) {
			*e = f;
			return 1;
		}
		if (k && (f = match_slash_time(l, w))) {
			*e = f; /* "requests/s" */
			return 1;
		}
		/* "in API calls a client may make per minute:", "in frames the game must draw per second:": a
		   limit or a requirement, no measured rate (a second attacker's review) */
		if (match_any(l, q, (const char *const[]){ "may", "must", "can", "should", "might", "allowed", NULL }, 1) == w)
			return 0;
		q = skip_space(l, w);
		if (q < l->n && !is_alpha(l->t[q]))
			return 0;
	}
	return 0;
}

/*
 * 1 if the lead-in before p names rates a device offers or is set to, not rates measured: "supported baud
 * rates, in bits per second:", "ADC output data rates, in samples per second:" (twentieth round, an
 * attacker's review).
 */
static int rates_offered(const struct text *l, size_t p)
{
	static const char *const words[] = { "supported", "baud", "available", "allowed", "configurable",
					     "selectable", "possible", "nominal", "sampling", "adc", "dac", "output",
					     "settings", "setting", "configure", "configured", "uart", "serial", "wire",
					     "cap", "caps", "capped", "limit", "limits", "maximum", "max", "quota", "quotas",
					     "refill", "tier", "tiers", NULL };

	for (size_t k = 0; k < p; k++)
		if (is_alpha(l->t[k]) && (k == 0 || !is_alpha(l->t[k - 1])) && match_any(l, k, words, 1))
			return 1;
	return 0;
}

/*
 * 1 if the lead-in says its figures come from a configuration or a specification ("Ticks per second, as
 * configured in FreeRTOSConfig.h:", "Values are cycles, from the Cortex-M4 technical reference manual:",
 * "The timings are clock cycles as specified by JEDEC:"): they are settings and definitions, not
 * measured (an attacker's review, twenty-second round).
 */
static int lead_specified(const struct text *l)
{
	for (size_t p = 0; p < l->n; p++)
		if (is_alpha(l->t[p]) && (p == 0 || !is_alpha(l->t[p - 1])) &&
		    match_any(l, p, (const char *const[]){ "configured", "configuration", "specified", "specification",
							   "manual", "datasheet", "documented", "nominal", "rated", "JEDEC",
							   NULL }, 1))
			return 1;
	return 0;
}

/* 1 if a word of waiting or retrying stands in l after p ("Seconds to wait before each retry:"). */
static int lead_waits(const struct text *l, size_t p)
{
	for (; p < l->n; p++)
		if (is_alpha(l->t[p]) && (p == 0 || !is_alpha(l->t[p - 1])) &&
		    match_any(l, p, (const char *const[]){ "wait", "waits", "retry", "retries", "sleep", "delay",
							   "delays", "timeout", "timeouts", "backoff", "interval",
							   "intervals", NULL }, 1))
			return 1;
	return 0;
}

/*
 * After "Table 2:", "Table:", "[Table 2." at the start of a line of l (brackets or emphasis before; a
 * heading above and a caption below come joined by a newline): where its words start, or 0.
 */
static size_t caption_label(const struct text *l)
{
	for (size_t line = 0; line < l->n;) {
		size_t p = line, e;
		while (p < l->n && (l->t[p] == ' ' || l->t[p] == '\t' || l->t[p] == '[' || l->t[p] == '(' ||
				    l->t[p] == '*' || l->t[p] == '_'))
			p++;
		if ((e = match_word_ci(l, p, "table"))) {
			p = e;
			while (p < l->n && l->t[p] == ' ')
				p++;
			while (p < l->n && is_digit(l->t[p]))
				p++;
			if (p < l->n && (l->t[p] == ':' || l->t[p] == '.'))
				return skip_space(l, p + 1);
		}
		const unsigned char *nl = memchr(l->t + line, '\n', l->n - line);
		if (!nl)
			break;
		line = (size_t)(nl - l->t) + 1;
	}
	return 0;
}

/*
 * After "of" at p, "(the) slots", "cycles", "time" or "runtime", ending the noun (not "time slots", a
 * schedule's): the end, or 0. A lead-in that ends on ':' names so what its cells are shares of.
 */
static size_t share_noun(const struct text *l, size_t p)
{
	size_t u = match_word_ci(l, p, "the"), g;

	u = match_any(l, u ? skip_space(l, u) : p, (const char *const[]){ "slots", "cycles", "time", "runtime", NULL }, 1);
	if (!u || word_char_at(l, u) || ((g = skip_space(l, u)) < l->n && is_alpha(l->t[g]) &&
					 !match_any(l, g, (const char *const[]){ "in", "for", "of", "per", "at", "on",
										 "by", "across", "over", NULL }, 1)))
		return 0;
	return u;
}

/*
 * 1 if the lead-in [0, own) of l speaks of code's results compared, so that a bracket ending it may
 * name their unit: a word of results ("time", "latency", "throughput") or of comparing ("compare",
 * "versus") and one of code running ("per query", "lookups": run_words; not "Reaction times of the
 * participants (in ms):"), no word of a setting ("Recommended rest between sets (in s):", "The TCP timers we use
 * (in s):", "Frame budget for each subsystem (in ms):") nor of speed, whose factors the lead-in's
 * own form decides ("How much faster each version runs (in ms):"; a second attacker's review).
 */
static int tail_bracket_names(const struct text *l, size_t own)
{
	static const char *const results[] = { "time", "times", "timing", "timings", "latency", "latencies",
					       "throughput", "results", "runtime", "runtimes", "compare", "compares",
					       "compared", "versus", "vs", NULL };
	static const char *const other[] = { "faster", "slower", "speedup", "speed-up", "speedups", "speed-ups",
					     "performance", "recommended", "budget", "budgets", "timer", "timers",
					     "allots", "allotted", "target", "targets", "limit", "limits", NULL };
	int named = 0, runs = 0;

	if (names_setting(l, 0, own))
		return 0;
	for (size_t q = 0; q < own; q = word_end(l, q) > q ? word_end(l, q) : q + 1) {
		if (q > 0 && word_char_at(l, q - 1))
			continue;
		if (match_any(l, q, other, 1))
			return 0;
		named |= match_any(l, q, results, 1) != 0;
		runs |= match_any(l, q, run_words, 1) != 0;
	}
	return named && runs;
}

/*
 * 1 if "cycles" is one of the three words after p and "per" one of the four after it ("how much CPU
 * cycles are spent per one byte"; not "how many cycles of rinsing each program does", a second
 * attacker's review).
 */
static int cycles_ahead(const struct text *l, size_t p)
{
	int found = 0;

	for (int k = 0; k < 7; k++) {
		size_t q = skip_space(l, p), e = word_end(l, q);
		if (e == q)
			return 0;
		if (!found && k < 3 && match_word_ci(l, q, "cycles") == e)
			found = k + 1;
		else if (found && k - found < 4 && match_word_ci(l, q, "per") == e)
			return 1;
		p = e;
	}
	return 0;
}

static void lead_setup(const struct quantity_spans *sp, struct table *tb)
{
	static const char *const changes[] = { "speedup", "speedups", "speed-up", "speed-ups", "slowdown", "slowdowns",
					       NULL };
	static const char *const results[] = { "results", "result", "times", "time", "timings", "timing", "latency",
					       "latencies", "throughput", "throughputs", "speed", "speeds", "bandwidth",
					       "durations", "duration", "numbers", "figures", "figure", "measurements", "performance",
					       "runtime", "runtimes", "rates", "rate", "values", "columns", "column", "cells",
					       "cell", "entries", "entry", NULL };
	struct text l = { (const unsigned char *)sp->lead, sp->lead_len, NULL, 0, 0, -1 };
	size_t prev = 0, prev_end = 0, words = 0, noun = 0; /* noun: 1 + the word count at the last noun of results */
	size_t perf = 0, perf_end = 0; /* a word of speed ("performance", "faster"), when no unit is named */
	size_t cop = 0; /* 1 + the word count at "are" or "is" after a noun of results */
	int colon = 0, table = 0;

	tb->lead_cls = UNDECIDED;
	tb->lead_factors = 0;
	/* "Benchmarks were run 50 times each": what a mean with its spread and its ratio stands for
	   (timed_figure): benchmarks and their runs ("normalised to the cohort mean", "compared with the
	   benchmark index" are a class's grades and a fund's returns: a second attacker's review) */
	{
		int bench = 0, runs = 0;
		for (size_t q = 0; q < l.n && q < 400; q = word_end(&l, q) > q ? word_end(&l, q) : q + 1) {
			if (q > 0 && word_char_at(&l, q - 1))
				continue;
			size_t e = word_end(&l, q);
			bench |= match_any(&l, q, (const char *const[]){ "benchmarks", "benchmarked", NULL }, 1) == e;
			runs |= match_any(&l, q, (const char *const[]){ "run", "runs", "ran", "iterations", "warmup", "warm-up",
									"repetitions", NULL }, 1) == e;
		}
		tb->lead_bench = bench && runs;
	}
	if (sp->lead_len > 400)
		return;
	/* the lead-in's own end: a sentence after the table may follow it, after a blank line ("Here is how
	   they compare (ns per query):" over "For short ranges the hybrid is twice as fast as the sparse
	   table": twenty-fourth round) */
	size_t own = l.n;
	{
		const unsigned char *bl = memmem(l.t, l.n, "\n\n", 2);
		if (bl)
			own = (size_t)(bl - l.t);
	}
	for (size_t q = own; q > 0 && (space_at(&l, q - 1) || l.t[q - 1] == ':'); q--)
		colon |= l.t[q - 1] == ':';
	/* "Table 2: nanoseconds per lookup, ...", pandoc's "Table: time per query in ms": after a table
	   caption's label, its first words say what the figures are (twenty-first round, an author's
	   review) */
	size_t cap = caption_label(&l), cap_words = 0;
	/* "Here is the time per query for trees of different sizes (in μs):", "... bucketed by query length
	   (ns per query):": a bracket that ends the lead-in right before its ':' names the figures' unit,
	   however far its noun, in a lead-in of results (tail_bracket_names; twenty-fourth round: a probe's
	   two tables) */
	size_t tail_open = 0, tail_close = 0;
	/* "a table" anywhere in the lead-in or the sentence after the table (the word read below only once
	   the loop reaches it: "Speed-up of the parallel version over the serial one:" over a table and
	   "The table above shows ...", a second attacker's review) */
	for (size_t q = 0; q < l.n; q = word_end(&l, q) > q ? word_end(&l, q) : q + 1)
		if ((q == 0 || !word_char_at(&l, q - 1)) && match_word_ci(&l, q, "table"))
			table = 1;
	if (colon && tail_bracket_names(&l, own)) {
		size_t q = own;
		while (q > 0 && (space_at(&l, q - 1) || l.t[q - 1] == ':'))
			q--;
		if (q > 0 && l.t[q - 1] == ')') {
			tail_close = q - 1;
			for (size_t k = tail_close; k > 0 && tail_close - k < 40; k--)
				if (l.t[k - 1] == '(') {
					tail_open = k;
					break;
				}
		}
	}
	for (size_t p = 0; p < l.n;) {
		size_t e = word_end(&l, p), u;
		if (e == p) {
			p++;
			continue;
		}
		words++;
		int in = prev_end > prev && match_word_ci(&l, prev, "in") == prev_end;
		/* "(ms)", "[ns]": a bracket of its own, not "command(s)" */
		int bracket = p > 0 && (l.t[p - 1] == '(' || l.t[p - 1] == '[') && (p == 1 || space_at(&l, p - 2));
		/* ", in nanoseconds:", ", cycles per element for each branch probability:": a unit set apart by a
		   comma in a sentence that ends on ':' names what the table's figures are (twentieth round, an HPC
		   author's chapters: "Each figure below is the average over 10^7 lookups, in nanoseconds:") */
		size_t before = in ? prev : p;
		while (before > 0 && space_at(&l, before - 1))
			before--;
		int capt = cap && p >= cap && ++cap_words <= 3;
		/* "Nanoseconds per lookup at three table sizes:": a lead-in that opens with its unit and ends on
		   ':' names what the figures are (twenty-first round, an author's review) */
		int opener = colon && words == 1;
		int apposed = (colon && before > 0 && l.t[before - 1] == ',') || capt;
		int named = (noun && words - noun <= 5) || apposed;
		/* "Times in the table below are nanoseconds per query", "The numbers below are bytes read per
		   nanosecond": the unit the results are, a verb of being between (nineteenth round, an HPC
		   author's review) */
		int is = cop && words - cop <= 3 && noun && words - noun <= 9;
		enum quantity_kind k = QUANTITY_TIME;
		int found = 0;
		if ((u = match_any(&l, p, changes, 1)) && !word_char_at(&l, u)) {
			/* "speedups", or "speed-up" in a caption or a sentence about the table */
			found = l.t[u - 1] == 's' || !colon || table;
			k = QUANTITY_SPEEDUP, e = u;
		} else if (noun && words - noun <= 2 &&
			   (u = match_any(&l, p, (const char *const[]){ "relative", "normalized", "normalised", NULL }, 1)) == e &&
			   match_word_ci(&l, skip_space(&l, e), "to")) {
			/* "The table gives the time relative to the aligned version", "runtimes normalized to the
			   baseline": the figures are ratios of times, factors of speed (twenty-first round, an HPC
			   author's chapters) */
			k = QUANTITY_SPEEDUP, found = 1;
		} else if ((in || bracket || capt) && named && (u = match_time_unit(&l, p)) && u < l.n && l.t[u] == '/' &&
			   u + 1 < l.n && (l.t[u + 1] == 's' || match_time_unit(&l, u + 1))) {
			k = QUANTITY_RATE, found = 1, e = word_end(&l, u + 1); /* "in ops/s" */
		} else if ((in || bracket || capt || opener) && (named || is || opener) && (u = match_time_unit(&l, p)) == e &&
			   (!bracket || (e < l.n && (l.t[e] == ')' || l.t[e] == ']')))) {
			/* "Times in the table above are in ms." too */
			k = QUANTITY_TIME, found = 1;
		} else if (tail_open && (p == tail_open || (in && prev == tail_open)) && (u = match_time_unit(&l, p)) == e &&
			   (e == tail_close ||
			    ((u = match_word_ci(&l, skip_space(&l, e), "per")) && word_end(&l, skip_space(&l, u)) == tail_close))) {
			/* "(in μs):", "(ns per query):" */
			k = QUANTITY_TIME, found = 1;
		} else if (is && match_any(&l, p, time_words, 1) == e) {
			k = QUANTITY_TIME, found = 1; /* "are nanoseconds per query" */
		} else if (is && match_word_ci(&l, p, "per") == e && (u = match_any(&l, skip_space(&l, e), time_words, 1)) &&
			   !word_char_at(&l, u)) {
			k = QUANTITY_RATE, found = 1, e = u; /* "are bytes read per nanosecond" */
		} else if ((is || named) && match_word_ci(&l, p, "per") == e &&
			   (u = match_any(&l, skip_space(&l, e), (const char *const[]){ "cycle", "clock", NULL }, 1)) &&
			   !word_char_at(&l, u)) {
			/* "Figures are bytes per cycle:", "Throughput in bytes per cycle:": a per-cycle rate
			   (twenty-second round, an HPC author's chapters) */
			k = QUANTITY_RATE, found = 1, e = u;
		} else if ((in || apposed) && named && rate_phrase(&l, p, &u) && !rates_offered(&l, p)) {
			k = QUANTITY_RATE, found = 1, e = u; /* "in millions of allocation-free pairs per second" */
		} else if (opener && match_any(&l, p, results, 1) != e && (u = match_per_time(&l, skip_space(&l, e)))) {
			/* "Doubles per second, for the last row:": a lead-in that opens with the rate, as
			   "Nanoseconds per lookup ...:" opens with the time (twenty-second round) */
			k = QUANTITY_RATE, found = 1, e = u;
		} else if ((in || bracket || apposed || opener) && (named || opener) && match_any(&l, p, time_words, 1) == e &&
			   match_time_unit(&l, p) != e) {
			k = QUANTITY_TIME, found = 1; /* ", nanoseconds per query:" */
		} else if ((in || bracket || apposed || opener || is) && (named || opener || is) &&
			   (match_word_ci(&l, p, "cycles") == e || match_word_ci(&l, p, "cycle") == e) &&
			   (!opener || match_word_ci(&l, skip_space(&l, e), "per") || (e < l.n && l.t[e] == '/'))) {
			/* "Cycles per element for each version:" too ("Cycles found in each graph:" counts
			   cycles of a graph: an attacker's review) */
			k = QUANTITY_CYCLES, found = 1;
		} else if (colon && match_any(&l, p, (const char *const[]){ "share", "shares", "percentage", "percentages",
									  "fraction", "fractions", NULL }, 1) == e &&
			   (u = match_word_ci(&l, skip_space(&l, e), "of")) && (u = share_noun(&l, skip_space(&l, u)))) {
			/* "the following shares of slots (percent):" over a top-down table's categories: each
			   cell a share of the run's slots (twenty-second round, an HPC author's chapters) */
			k = QUANTITY_SHARE, found = 1, e = u;
		} else if ((in || bracket || apposed || opener) && (named || opener) && match_rate_word(&l, p) == e) {
			/* "GFLOPS for the three versions, at several sizes:", "The throughput in GFLOPS:": a unit
			   that is a rate by itself, as "in GB/s" is (twenty-second round, an HPC author's chapters) */
			k = QUANTITY_RATE, found = 1;
		} else if ((in || bracket) && named && e + 1 < l.n && l.t[e] == '/' &&
			   (l.t[e + 1] == 's' || match_time_unit(&l, e + 1)) && !word_char_at(&l, word_end(&l, e + 1))) {
			/* "in MB/s", "(ops/sec)": a rate */
			k = QUANTITY_RATE, found = 1, e = word_end(&l, e + 1);
		}
		if (found) {
			/* (an opening unit's setting follows it: "Seconds to wait before each retry:") */
			tb->lead_cls = (names_setting(&l, prev_end > 60 ? prev_end - 60 : 0, p) ||
					(opener && (names_setting(&l, e, l.n) || lead_waits(&l, e))) || lead_specified(&l)) &&
						       k != QUANTITY_SPEEDUP ?
					       SPEC :
					       CLAIM;
			tb->lead_kind = k;
			tb->lead_cue = p, tb->lead_cue_len = e - p;
			return;
		}
		if (match_any(&l, p, results, 1) == e || names_setting(&l, p, e))
			noun = words; /* "the run times in seconds", "the default timeouts, in ms" */
		else if (noun && match_any(&l, p, (const char *const[]){ "are", "is", NULL }, 1) == e)
			cop = words;
		/* "The numbers show how much CPU cycles are spent per one byte": what the figures count, as
		   "are" says what they are, when it is cycles (thirty-fourth round; "show how many
		   milliseconds the LED stays on", "how many hours each student practised" are a setting's and
		   a survey's: an attacker's review) */
		else if (noun && words - noun <= 2 && match_any(&l, p, (const char *const[]){ "show", "shows", NULL }, 1) == e &&
			 (u = match_word_ci(&l, skip_space(&l, e), "how")) &&
			 (u = match_any(&l, skip_space(&l, u), (const char *const[]){ "much", "many", NULL }, 1)) &&
			 !word_char_at(&l, u) && cycles_ahead(&l, u)) {
			e = u;
			words += 2;
			cop = words;
		}
		/* "the next two are nanoseconds per query": a count of columns as the subject */
		else if (prev_end > prev && (number_word(&l, prev) == prev_end || match_word_ci(&l, prev, "both") == prev_end) &&
			 match_any(&l, p, (const char *const[]){ "are", "is", NULL }, 1) == e)
			cop = noun = words;
		/* "The table lists nanoseconds per value.": a verb of showing after "table" says what the
		   figures are, as "are" after a noun of results does (twenty-first round) */
		else if (table && words <= 4 &&
			 match_any(&l, p, (const char *const[]){ "lists", "gives", "shows", "holds", "reports", NULL }, 1) == e)
			cop = noun = words;
		if (!perf_end && match_any(&l, p, (const char *const[]){ "performance", "faster", "slower", "speed",
									  "speeds", NULL }, 1) == e)
			perf = p, perf_end = e;
		prev = p, prev_end = e;
		p = e;
	}
	/* "Performance of ispc with the workloads, compared to a reference C++ implementation" over a column of
	   "6.19x": a factor there is a speed-up; a bare figure is still nothing */
	if (perf_end) {
		tb->lead_cls = CLAIM;
		tb->lead_kind = QUANTITY_SPEEDUP;
		tb->lead_cue = perf, tb->lead_cue_len = perf_end - perf;
		tb->lead_factors = 1;
	}
}

/*
 * 1 if the bracket at p (before b) holds one word of four letters or more that is no unit ("network
 * (scalar)", "merge (branchless)", "sort (SIMD)"): it names a variant, as "(AVX2)" does, not what the
 * column counts ("Params (M)", "(bytes)", "(count)"; twenty-second round, an HPC author's chapters).
 */
static int bracket_variant(const struct text *s, size_t p, size_t b)
{
	size_t q = p + 1, e = q;

	/* "intersect (per word)", "(per query)": what the figure is normalized by, as the lead-in's unit is */
	if ((e = match_word_ci(s, q, "per")) && e < b && s->t[e] == ' ')
		return 1;
	e = q;
	while (e < b && (is_alpha(s->t[e]) || s->t[e] == '-'))
		e++;
	if (e - q < 4 || e >= b || (s->t[e] != ')' && s->t[e] != ']') || match_time_unit(s, q) == e || names_memory(s, q, e))
		return 0;
	return !match_any(s, q, (const char *const[]){ "bytes", "count", "cycles", "cycle", "percent", "ratio", "items",
						       "elements", "ops", "calls", "keys", "rows", "lines", "words",
						       "pages", "units", "users", "tokens", "samples", "instructions",
						       NULL }, 1);
}

/*
 * 1 if header cell [a, b) names what its column holds on its own, so that a lead-in's unit is not
 * its: a count ("Threads", "N", "Rows"; not "4 cores", a configuration), a size, a price, a
 * date, a version or an identifier, a share ('%'), or a unit in brackets ("Params (M)").
 */
static int names_own(const struct text *s, size_t a, size_t b, int percent_ok)
{
	static const char *const words[] = { "thread", "threads", "core", "cores", "n", "size", "count", "elements",
					     "keys", "items", "iterations", "jobs", "workers", "processes", "nodes", "batch",
					     "bytes", "bits", "length", "input", "inputs", "cpus", "procs", "year", "version", "rows",
					     "release", "port", "price", "cost", "published", "issue", "id", "date", "users",
					     "storage", "depth", "entries", "buckets", "lines", "files", "rank", "deps",
					     "dependencies", "stars", "contributors", "commits", "tests", "errors", "warnings",
					     "calls", "allocations", "objects", "pages", "uops", "µops", NULL };
	/* what a run counts beside its times ("| load factor | probes | hit ratio | collisions |"): the
	   lead-in's unit is not theirs, a digit in the header or not (twenty-fifth round); "hit", "miss",
	   "loads", "steps", "branches" name the cases a latency table times ("| level | hit | miss |"
	   under "The latency of each access, in cycles:": an attacker's review) */
	static const char *const counted[] = { "factor", "ratio", "probes", "collisions", "comparisons", "swaps",
					       "instructions", "accuracy", "error", "score", NULL };
	int digit = memchr_digit(s, a, b);

	/* "Read, one core": a configuration in words, as "4 cores" */
	for (size_t p = a; p < b && !digit; p++)
		if (is_alpha(s->t[p]) && (p == a || !is_alpha(s->t[p - 1])) && number_word(s, p))
			digit = 1;
	if (names_memory(s, a, b))
		return 1;
	for (size_t p = a; p < b;) {
		size_t e = word_end(s, p);
		if (e == p) {
			/* ("| 50% kept |", "| 0% |": a setting the column was run at, as "4 cores" is; twenty-second
			   round, an author's review) */
			if (s->t[p] == '#' || s->t[p] == '$' || (s->t[p] == '%' && !percent_ok && !(p > a && is_digit(s->t[p - 1]))) ||
			    ((s->t[p] == '(' || s->t[p] == '[') && !digit && !bracket_variant(s, p, b)))
				return 1;
			p++;
			continue;
		}
		/* "ispc, 4 cores", "8 threads", "n=1000": a configuration the column's results were had on */
		/* ("input" names the column's inputs when it opens the header, "Input size", "Inputs"; after
		   a word it names the case the column ran on, "sorted input", "random input": a new author's
		   review, thirty-fourth round) */
		if ((match_any(s, p, words, 1) == e && !digit &&
		     !(skip_space(s, a) < p && match_any(s, p, (const char *const[]){ "input", "inputs", NULL }, 1) == e)) ||
		    match_any(s, p, counted, 1) == e)
			return 1;
		p = e;
	}
	return 0;
}

/* 1 if the table's lead-in decides a figure in column col (not the row labels' column, nor one whose
   header names what it holds) */
static int lead_decides(const struct text *s, const struct table *tb, size_t col, size_t hs, size_t he)
{
	return tb->lead_cls != UNDECIDED && tb->pipe && col > 0 &&
	       !names_own(s, hs, he, tb->lead_kind == QUANTITY_SPEEDUP) && !names_setting(s, hs, he);
}

/* 1 if figures of kind k carry a unit of their own: a time, a rate, a cycle count. */
static int unit_kind(enum quantity_kind k)
{
	return k == QUANTITY_TIME || k == QUANTITY_RATE || k == QUANTITY_CYCLES;
}

/*
 * 1 if header cell [a, b) names a unit ("fetch_add, cycles", "Time (ns)", "GB/s"), not only a metric
 * ("Latency", "Throughput": their unit may be the lead-in's, "The table below lists, in cycles, ...").
 */
static int header_unit(const struct text *s, size_t a, size_t b)
{
	for (size_t p = a; p < b;) {
		size_t e = word_end(s, p);
		if (e == p) {
			p++;
			continue;
		}
		if ((is_alpha(s->t[p]) && (p == a || !is_alpha(s->t[p - 1]))) &&
		    (match_time_unit(s, p) == e || match_rate_word(s, p) == e ||
		     match_any(s, p, (const char *const[]){ "cycles", "cycle", "clocks", NULL }, 1) == e ||
		     (e < b && s->t[e] == '/')))
			return 1;
		p = e;
	}
	return 0;
}

/*
 * A lead-in speaks for a table only when no header cell of it names a metric of its own ("| Model |
 * Params (M) | Latency |": the header says what each column holds), a speed-up aside; UNDECIDED in
 * tb then.
 */
static void lead_check_header(const struct text *s, struct table *tb)
{
	size_t e = line_end(s, tb->header), cs, ce;
	enum quantity_kind k;

	if (e - tb->header > TABLE_LINE_MAX) {
		tb->lead_cls = UNDECIDED;
		return;
	}
	/* a column of speed-ups beside the ones the lead-in names ("cycles per element for each branch
	   probability:" over "| p | branchy | branchless | speed-up |") compares them: the lead-in still
	   names the others (twentieth round) */
	for (size_t col = 1; col < 64 && pipe_cell(s, tb->header, e, col, &cs, &ce); col++)
		/* nor one that names its own unit of another kind beside the lead-in's ("The results, in
		   nanoseconds per operation:" over "| Threads | fetch_add | CAS loop | fetch_add, cycles |": that
		   column is cycles, the others the lead-in's; twenty-second round, an HPC author's chapters). A
		   column named for the lead-in's own unit ("| ns/lookup |") is the one it describes: the others
		   ("| load factor | probes |") are not its (an attacker's review). A header that names a metric
		   of time without a unit ("| Change | Time | Step |") says what its own column holds, and the
		   lead-in no longer what the others do: the twenty-fifth round let the lead-in speak for them
		   and took it back, after an attacker's review ("the times are in nanoseconds per element:" over
		   "| Struct | Time | `sizeof` | Padding |", "| Athlete | Time | Points |": no list of what a
		   column counts can be whole). */
		if (cs < ce && header_kind(s, cs, ce, &k, 0) != UNDECIDED &&
		    !(k == QUANTITY_SPEEDUP && tb->lead_kind != QUANTITY_SPEEDUP) &&
		    !(k != tb->lead_kind && unit_kind(k) && unit_kind(tb->lead_kind) && header_unit(s, cs, ce))) {
			tb->lead_cls = UNDECIDED;
			return;
		}
}

/* The class the pipe table's header gives the column q stands in; UNDECIDED when none. */
/* 1 if the word w stands in [a, b) */
static int names_word(const struct text *s, size_t a, size_t b, const char *w)
{
	size_t n = strlen(w);

	for (size_t p = a; p + n <= b; p++)
		if ((p == a || !is_alpha(s->t[p - 1])) && match_word_ci(s, p, w) == p + n)
			return 1;
	return 0;
}

/* 1 if a header cell of the pipe table other than column col names a time, a speed or a speed-up */
static int header_names_metric(const struct text *s, const struct table *tb, size_t col)
{
	size_t e = line_end(s, tb->header), cs, ce;
	enum quantity_kind k;

	if (e - tb->header > TABLE_LINE_MAX)
		return 0;
	for (size_t c = 1; c < 64 && pipe_cell(s, tb->header, e, c, &cs, &ce); c++)
		if (c != col && cs < ce && header_kind(s, cs, ce, &k, 0) == CLAIM && k != QUANTITY_SHARE)
			return 1;
	return 0;
}

/*
 * 1 if header cell [a, b) names a share ("share", "Share of total", "% of time", "CPU share",
 * "percent") of nothing but the run: every word of it is a word of sharing or of the run (the total,
 * the time, the cycles or samples), or a code span ("share of `fio`", the span's object replacement
 * character as the table's text holds it). Any other word names what the share is of ("Market
 * share", "% correct", "% cache hits", "Share of total allocations", "Share of `malloc` calls"): two
 * attackers' readings of the twenty-fifth round.
 */
static int share_of_time(const struct text *s, size_t a, size_t b)
{
	static const char *const shares[] = { "share", "shares", "percent", "percentage", NULL };
	static const char *const runs[] = { "of", "the", "total", "time", "runtime", "run", "cycles", "samples",
					    "wall", "cpu", "elapsed", NULL };
	int share = 0;

	for (size_t p = a; p < b;) {
		size_t e = word_end(s, p);
		if (e == p) {
			share |= s->t[p] == '%';
			p++;
			continue;
		}
		if (match_any(s, p, shares, 1) == e)
			share = 1;
		else if (match_any(s, p, runs, 1) != e && (is_alpha(s->t[p]) || is_digit(s->t[p])))
			return 0;
		p = e;
	}
	return share;
}

/* 1 if the line being scanned is a row of the pipe table's body: past its header and delimiter row. */
static int pipe_body(const struct text *s, const struct table *tb)
{
	return tb->line > line_end(s, tb->header) + (tb->bare ? 0 : 1);
}

static int header_class(const struct text *s, const struct table *tb, struct quantity *q)
{
	size_t cs, ce, col;
	enum quantity_kind k;
	int cls;

	if (tb && tb->classes && ((tb->pipe && pipe_body(s, tb)) ||
				  (tb->dash && q->start >= tb->rule_end)) &&
	    !(tb->classes_why == W_WORKLOAD && tb->pipe &&
	      pipe_cell(s, tb->header, line_end(s, tb->header), pipe_column(s, tb->line, q->start), &cs, &ce) &&
	      outcome_header(s, cs, ce)) &&
	    /* "| Category | Share of slots |" over "| Retiring | 15.2% |": a share a run measured, not a
	       class's bound (twenty-first round, an HPC author's top-down table) */
	    !(tb->pipe && pipe_cell(s, tb->header, line_end(s, tb->header), pipe_column(s, tb->line, q->start), &cs, &ce) &&
	      header_kind(s, cs, ce, &k, 1) == CLAIM && k == QUANTITY_SHARE)) {
		/* "Response Time" of an "Interaction Class": the values define the classes */
		decide(q, QUANTITY_SPECIFIED, tb->classes_at, tb->classes_len, tb->classes_why);
		q->cue_span = tb->classes_span;
		return SPEC;
	}
	if (tb && tb->dash) {
		cls = dash_column(s, tb, q->start, &k, &cs, &ce, 0, q->kind == QUANTITY_TIME);
		if (cls == UNDECIDED)
			return UNDECIDED;
		q->cls = (enum quantity_class)cls;
		q->cue = cs, q->cue_len = ce - cs, q->cue_span = 0, q->why = W_HEADER;
		return cls;
	}
	if (!tb || !tb->pipe || tb->header >= tb->line || tb->line_end - tb->line > TABLE_LINE_MAX ||
	    line_end(s, tb->header) - tb->header > TABLE_LINE_MAX)
		return UNDECIDED;
	col = pipe_column(s, tb->line, q->start);
	if (!pipe_cell(s, tb->header, line_end(s, tb->header), col, &cs, &ce))
		return UNDECIDED;
	/* a percentage's header may name only the change it is ("| Delta |" over "| -42% |")
	   (seventeenth round, rust-blog) */
	cls = header_kind(s, cs, ce, &k, q->len > 1 && s->t[q->start + q->len - 1] == '%' &&
			  !names_memory(s, tb->header, line_end(s, tb->header)));
	/* "| gcc speedup | 1x | 20x |", "| Latency | 70ms | 5ms | 14x |": a column whose header names no
	   metric ("Change", a product's name) holds what its row's label names; a factor there is a change of it */
	if (cls == UNDECIDED && (cls = row_label(s, tb, q->start, &k, &cs, &ce)) != UNDECIDED) {
		q->cls = (enum quantity_class)cls;
		q->cue = cs, q->cue_len = ce - cs, q->cue_span = 0, q->why = W_ROW;
		return cls;
	}
	/* "| Test | Timeout |" over "| fork | 5 s |": a time under a header that names a setting and no
	   time is that setting's value (an author's review, twelfth round) */
	if (cls == UNDECIDED && q->kind == QUANTITY_TIME && pipe_cell(s, tb->header, line_end(s, tb->header), col, &cs, &ce) &&
	    names_setting(s, cs, ce))
		cls = SPEC;
	/* "ISPC speed-up with target redesign" over "| Linux | 0.7 | 75.6 |": the lead-in names what the
	   column's figures are (eighteenth round) */
	if (cls == UNDECIDED && pipe_cell(s, tb->header, line_end(s, tb->header), col, &cs, &ce) &&
	    lead_decides(s, tb, col, cs, ce) && tb->lead_kind == QUANTITY_SPEEDUP && q->kind == QUANTITY_SPEEDUP &&
	    (!tb->lead_factors || (q->len > 1 && to_lower(s->t[q->start + q->len - 1]) == 'x'))) {
		/* a factor or a percentage found in a cell: its own unit is read, the lead-in says what it is
		   a change of (times and rates keep their own words) */
		q->cls = (enum quantity_class)tb->lead_cls;
		q->cue = tb->lead_cue, q->cue_len = tb->lead_cue_len, q->cue_span = QUANTITY_LEAD_CUE, q->why = W_LEAD;
		return tb->lead_cls;
	}
	/* "| vs. `std::sort` |", "| relative |" over "| 1.9x |": a factor written as one, in a column that
	   compares, beside a column of times or speeds, is a speed-up (twentieth round, an HPC author's
	   chapters; "| Screen | Scale (relative) |" over "2x" is no speed) */
	if (cls == UNDECIDED && q->kind == QUANTITY_SPEEDUP && q->len > 1 &&
	    (to_lower(s->t[q->start + q->len - 1]) == 'x' || match_lit(s, q->start + q->len - 2, "\xc3\x97") ||
	     /* "+26%" under "vs. previous": a signed change (twenty-first round) */
	     (s->t[q->start + q->len - 1] == '%' && q->start > 0 && (s->t[q->start - 1] == '+' || s->t[q->start - 1] == '-'))) &&
	    ((compares_in(s, cs, ce, 1) && (header_names_metric(s, tb, col) || tb->lead_cls == CLAIM)) ||
	     names_word(s, cs, ce, "gain") || names_word(s, cs, ce, "gains") || names_word(s, cs, ce, "improvement")))
		cls = CLAIM; /* "| Typical gain |" over "3-5x" too */
	/* "| threads | time | speed-up | efficiency |" over "64%": a parallel efficiency, a share of the
	   speed-up the threads could give (a power supply's "Efficiency" is none) */
	/* "| stage | time (s) | share |", "| Phase | Time (ms) | Share of total |" over "52%": a share of
	   the run's time beside the times it is of, as a printed profile's "share" column is (twenty-fifth
	   round, the probes of rounds 23 and 24; "| browser | users | share |" holds no time) */
	if (cls == UNDECIDED && q->len > 1 && s->t[q->start + q->len - 1] == '%' &&
	    (names_word(s, cs, ce, "efficiency") || share_of_time(s, cs, ce)) && header_names_metric(s, tb, col)) {
		q->kind = QUANTITY_SHARE;
		cls = CLAIM;
	}
	if (cls == UNDECIDED)
		return UNDECIDED;
	while (cs < ce && space_at(s, cs))
		cs++;
	while (ce > cs && space_at(s, ce - 1))
		ce--;
	q->cls = (enum quantity_class)cls;
	q->cue = cs, q->cue_len = ce - cs, q->cue_span = 0, q->why = W_HEADER;
	return cls;
}

/*
 * 1 if a cycle count or a time value follows in the clause after p: "17% of
 * the time the latency was one cycle" says how often a value occurs.
 */
static int value_follows(const struct text *s, size_t p)
{
	struct cword w, last = { 0 };
	size_t next, e;

	for (int d = 0; d < 10 && next_cword(s, p, &w, &next); d++, p = next, last = w) {
		if (w.span)
			continue;
		/* "half of the total runtime of 21 seconds": a value right after the share and "of" is the
		   whole's own, not one that occurs (fifteenth round) */
		if (d == 1 && !last.span && match_word_ci(s, last.start, "of") == last.end && is_digit(s->t[w.start]))
			return 0;
		if (is_digit(s->t[w.start]) || (e = number_word(s, w.start)) == w.end) {
			size_t q = skip_space(s, w.end);
			struct number num;
			if (match_cycles_(s, q, 1) || match_time_unit(s, q))
				return 1;
			/* "with a mean of 10ms": the unit glued to its number */
			if (is_digit(s->t[w.start]) && parse_number(s, w.start, &num) && num.end < w.end &&
			    match_time_unit(s, num.end) == w.end)
				return 1;
		}
	}
	return 0;
}

/* 1 if one of words stands in the three words before p (the subject of a verb at p, a verb before a value) */
static int one_of_three_before(const struct text *s, size_t p, const char *const *words)
{
	struct cword w;
	size_t prev;

	for (int d = 0; d < 3 && prev_cword(s, p, &w, &prev); d++, p = prev)
		if (!w.span && match_any(s, w.start, words, 1) == w.end)
			return 1;
	return 0;
}

/* 1 if one of the three words before p says that an event happens: "that will happen around 1% of the time". */
static int happens_before(const struct text *s, size_t p)
{
	static const char *const verbs[] = { "happen", "happens", "happened", "happening", "occur", "occurs",
					     "occurred", "occurring", NULL };

	return one_of_three_before(s, p, verbs);
}

/* Whether the word right before the value makes a percentage of a metric a threshold: "above 80%". */
static int threshold_before(const struct text *s, size_t start)
{
	static const char *const words[] = { "above", "below", "under", "exceeds", "exceeding", "than", NULL };
	struct cword w;
	size_t prev;

	return prev_cword(s, start, &w, &prev) && !w.span && match_any(s, w.start, words, 1) == w.end;
}

/*
 * "N or more", "N or greater", "N or above": a bound written right after a
 * value names the values past it, a class, not one figure. 1 if one
 * follows the value ending at e; *end is then the bound's end.
 */
static int bound_after(const struct text *s, size_t e, size_t *end)
{
	static const char *const bounds[] = { "more", "longer", "less", "shorter", "greater", "above", "below",
					      "higher", "lower", "over", "under", NULL };
	struct cword w;
	size_t f;

	if (!word_after(s, e, &w) || w.span || match_word_ci(s, w.start, "or") != w.end ||
	    !(f = match_any(s, skip_space(s, w.end), bounds, 1)) || word_char_at(s, f))
		return 0;
	*end = f;
	return 1;
}

/*
 * A time value nothing decided, that its form says is specified: a unit's
 * definition ("1,000 microseconds in a millisecond", and that "a
 * millisecond"), a duty cycle ("for 1 ns every 10,000 ns"), or a threshold
 * in a condition ("if that is longer than 10,000 ns").
 */
/*
 * "The Y axis goes from 0 to 5 milliseconds", "we change the Y-axis again, this time down to 0 to 50
 * ms": a time that opens or ends a span ('from', 'to' right before it) in a sentence that names a
 * chart's axis before it gives the scale of the picture, not a figure of code. Only for a time that
 * nothing else decided: "on the Y axis, the latency rises to 5 ms" is decided by its word.
 */
static int axis_span(const struct text *s, const struct quantity *q, size_t *cue, size_t *cue_len)
{
	struct cword w;
	size_t prev, b;

	if (!prev_cword(s, q->start, &w, &prev) || w.span ||
	    match_any(s, w.start, (const char *const[]){ "to", "from", NULL }, 1) != w.end)
		return 0;
	/* back to the start of the sentence, at most 200 bytes */
	for (b = w.start; b > 0 && w.start - b < 200; b--) {
		size_t c = b - 1;
		if (stops_clause(s, c) && s->t[c] != ';')
			break;
		if (c + 1 < s->n && s->t[c] == '\n' && s->t[c + 1] == '\n')
			break;
		if (to_lower(s->t[c]) == 'a' && (c == 0 || !is_alpha(s->t[c - 1])) &&
		    (match_word_ci(s, c, "axis") || match_word_ci(s, c, "axes"))) {
			*cue = c, *cue_len = 4;
			return 1;
		}
	}
	return 0;
}

static void specified_by_form(const struct text *s, struct quantity *q)
{
	static const char *const ones[] = { "a", "an", "one", "each", "every", "1", NULL };
	static const char *const than[] = { "longer", "shorter", "more", "less", "greater", "fewer", NULL };
	static const char *const conds[] = { "if", "when", "whenever", "unless", "once", "until", NULL };
	struct cword w, w2;
	size_t e = q->start + q->len, prev, p, f;

	if (word_after(s, e, &w) && !w.span) {
		if ((match_word_ci(s, w.start, "in") == w.end || match_word_ci(s, w.start, "for") == w.end) &&
		    (f = match_any(s, skip_space(s, w.end), ones, 1)) &&
		    match_time_unit(s, skip_space(s, f))) {
			q->cls = QUANTITY_SPECIFIED, q->cue = w.start, q->cue_len = match_time_unit(s, skip_space(s, f)) - w.start;
			q->why = W_LIMIT;
			return;
		}
		if (match_word_ci(s, w.start, "every") == w.end) {
			q->cls = QUANTITY_SPECIFIED, q->cue = w.start, q->cue_len = w.end - w.start, q->why = W_INTERVAL;
			return;
		}
		/* "callbacks that block for a millisecond or more": a bound of a class of durations, no run's time;
		   also "or greater", "or above" (eighth round) */
		if (bound_after(s, e, &f)) {
			q->cls = QUANTITY_SPECIFIED, q->cue = w.start, q->cue_len = f - w.start, q->why = W_LIMIT;
			return;
		}
		/* "10 milliseconds on the CPU at a time": a slice */
		{
			struct cword t;
			size_t r = e, nx;
			for (int k = 0; k < 6 && next_cword(s, r, &t, &nx); k++, r = nx) {
				if (!t.span && match_word_ci(s, t.start, "at") == t.end && (f = match_word_ci(s, skip_space(s, t.end), "a")) &&
				    (f = match_word_ci(s, skip_space(s, f), "time"))) {
					q->cls = QUANTITY_SPECIFIED, q->cue = t.start, q->cue_len = f - t.start, q->why = W_SLICE;
					return;
				}
			}
		}
		/* "10 seconds from now": a moment */
		if (match_word_ci(s, w.start, "from") == w.end && (f = match_word_ci(s, skip_space(s, w.end), "now"))) {
			q->cls = QUANTITY_SPECIFIED, q->cue = w.start, q->cue_len = f - w.start, q->why = W_CLOCK;
			return;
		}
	}
	if (!prev_cword(s, q->start, &w, &prev) || w.span)
		return;
	/* "events that block for a time equal or greater to 100 ms", "greater than or equal to 1 s": the same
	   bound written before the value, an inequality with "equal" in it (eighth round) */
	if (match_any(s, w.start, (const char *const[]){ "to", "than", NULL }, 1) == w.end) {
		p = w.start;
		for (int d = 0; d < 3 && prev_cword(s, p, &w2, &prev); d++, p = prev) {
			if (w2.span)
				break;
			if (match_word_ci(s, w2.start, "equal") == w2.end) {
				q->cls = QUANTITY_SPECIFIED, q->cue = w2.start, q->cue_len = w.end - w2.start, q->why = W_LIMIT;
				return;
			}
		}
	}
	/* "An hour is 3600 seconds", "a minute has 60 seconds": a unit's definition */
	if (match_any(s, w.start, (const char *const[]){ "is", "equals", "has", "makes", NULL }, 1) == w.end &&
	    prev_cword(s, w.start, &w2, &p) && !w2.span && match_time_unit(s, w2.start) == w2.end) {
		q->cls = QUANTITY_SPECIFIED, q->cue = w2.start, q->cue_len = w.end - w2.start, q->why = W_LIMIT;
		return;
	}
	/* "the signal will be delivered in 5 seconds": a delay */
	if (match_word_ci(s, w.start, "in") == w.end) {
		p = w.start;
		for (int d = 0; d < 6 && prev_cword(s, p, &w2, &prev); d++, p = prev) {
			if (!w2.span && (match_word_ci(s, w2.start, "will") == w2.end || match_lit(s, w2.end - 3, "'ll"))) {
				q->cls = QUANTITY_SPECIFIED, q->cue = w2.start, q->cue_len = w.end - w2.start, q->why = W_SLEEP;
				return;
			}
		}
	}
	/* "add 30 minutes to the time": an input to a calculation */
	if (match_any(s, w.start, (const char *const[]){ "add", "adds", "adding", "subtract", "subtracts", "subtracting",
							  NULL }, 1) == w.end) {
		struct cword t;
		size_t r = e, nx;
		for (int k = 0; k < 4 && next_cword(s, r, &t, &nx); k++, r = nx) {
			if (!t.span && (match_word_ci(s, t.start, "to") == t.end || match_word_ci(s, t.start, "from") == t.end)) {
				q->cls = QUANTITY_SPECIFIED, q->cue = w.start, q->cue_len = w.end - w.start, q->why = W_INPUT;
				return;
			}
		}
	}
	/* "... microseconds in a millisecond"; not the "(s)" glued to a noun, its plural ("target(s) in 29.80s") */
	if ((match_word_ci(s, w.start, "in") == w.end || match_word_ci(s, w.start, "for") == w.end) &&
	    prev_cword(s, w.start, &w2, &p) && !w2.span &&
	    match_time_unit(s, w2.start) == w2.end &&
	    !(w2.end == w2.start + 1 && w2.start >= 2 && s->t[w2.start - 1] == '(' && w2.end < s->n &&
	      s->t[w2.end] == ')' && word_char_before(s, w2.start - 1))) {
		q->cls = QUANTITY_SPECIFIED, q->cue = w2.start, q->cue_len = w.end - w2.start, q->why = W_LIMIT;
		return;
	}
	if (match_word_ci(s, w.start, "than") != w.end || !prev_cword(s, w.start, &w2, &p) || w2.span ||
	    match_any(s, w2.start, than, 1) != w2.end)
		return;
	e = w.end;
	p = w2.start;
	for (int d = 0; d < 8 && prev_cword(s, p, &w, &prev); d++, p = prev) {
		if (!w.span && match_any(s, w.start, conds, 1) == w.end) {
			q->cls = QUANTITY_SPECIFIED, q->cue = w.start, q->cue_len = e - w.start, q->why = W_THRESHOLD;
			return;
		}
	}
}

/* "per sample", "per interrupt" at the end of q or right after it: *w is the noun. */
static int per_sample(const struct text *s, const struct quantity *q, struct cword *w)
{
	static const char *const nouns[] = { "sample", "interrupt", NULL };
	size_t e = q->start + q->len, next;
	struct cword per;

	/* the quantity's own "per WORD": "4.5 million cycles per sample" */
	if (prev_cword(s, e, w, &next) && !w->span && w->end == e && match_any(s, w->start, nouns, 1) == e &&
	    prev_cword(s, w->start, &per, &next) && !per.span && per.start > q->start &&
	    match_word_ci(s, per.start, "per") == per.end)
		return 1;
	/* after it: "`4.5 million cycles` per sample" */
	return word_after(s, e, &per) && !per.span && match_word_ci(s, per.start, "per") == per.end &&
	       word_after(s, per.end, w) && !w->span && match_any(s, w->start, nouns, 1) == w->end;
}

/*
 * Words that make a factor or a percentage a change of speed only when nothing else in its sentence
 * decides (twenty-first round, HPC authors' chapters; an attacker's review found them overruling words
 * of size when they were ordinary cues): "gave another 11%", "a further 35-40%", "we measured 2%", "the
 * 6x over scalar", "beats the original ... by 2-3x", "-O3 bought about 26%", "both compilers lose about
 * 5%". A word of size, memory, money or signal anywhere in the sentence leaves the factor alone ("gave
 * another 11% on file size", "Memory use is 20% over the baseline", "measured 2x the expected voltage").
 * 1 with *f set when one decides.
 */
static int weak_cue(const struct text *s, const struct quantity *q, struct found_cue *f)
{
	static const struct cue weak = { "weak", CLAIM, 0, 0, W_CHANGE };
	static const char *const before[] = { "another", "further", "measured", "bought", "buys", "buy", "lose", "loses",
					      "lost", "losing", "beats", "beat", "beating", "scales", NULL };
	static const char *const other[] = { "size", "sizes", "memory", "binary", "binaries", "disk", "storage",
					     "bytes", "voltage", "resolution", "ratio", "compression", "price", "prices",
					     "money", "accuracy", "error", "errors", "users", "students", "budget",
					     "files", "file", "rss", "footprint", "heap", "battery", "power",
					     "energy", "signal", "gain", "weight", "grade", "grades", "score", NULL };
	struct cword w;
	size_t p = q->start, next, a = q->start, b = q->start + q->len, hit_at = 0, hit_len = 0;
	int hit = 0;

	/* "another 11%", "a further 35-40%", "we measured about 2%", "bought about 26%": three words before at
	   most; "beats the original at every size, by a factor of 2-3x": eight */
	for (int d = 0; d < 8 && prev_cword(s, p, &w, &next) && !w.span && !stops_clause(s, w.end); d++, p = next)
		if (match_any(s, w.start, before, 1) == w.end &&
		    (d < 5 || match_any(s, w.start, (const char *const[]){ "beats", "beat", "beating", NULL }, 1))) {
			hit = 1, hit_at = w.start, hit_len = w.end - w.start;
			break;
		}
	/* "the 6x over scalar", "35-40% over AVX2": a version it is set over, right after ("5% over budget",
	   "twice over the network": after "the", only a version's word) */
	if (!hit && word_after(s, b, &w) && !w.span && match_word_ci(s, w.start, "over") == w.end &&
	    word_after(s, w.end, &w) && !w.span &&
	    !match_any(s, w.start, (const char *const[]){ "budget", "limit", "limits", "target", "threshold", "quota",
							   "capacity", "time", "years", "year", "months", "period", "a", "an",
							   "its", "their", "and", "again", NULL }, 1) &&
	    (match_word_ci(s, w.start, "the") != w.end ||
	     (word_after(s, w.end, &w) && !w.span &&
	      match_any(s, w.start, (const char *const[]){ "baseline", "original", "previous", "naive", "scalar", "serial",
							    "old", "reference", "textbook", "first", "best", "default",
							    "plain", "unoptimized", NULL }, 1) == w.end)))
		hit = 1, hit_at = skip_space(s, q->start + q->len), hit_len = 4;
	if (!hit)
		return 0;
	/* "scales almost perfectly, 7.6x on 8 threads": of threads or cores only ("the image scales by 2x") */
	if (hit_len == 6 && match_word_ci(s, hit_at, "scales")) {
		int threads = 0;
		p = q->start + q->len;
		for (int d = 0; d < 6 && !threads && next_cword(s, p, &w, &next); d++, p = next)
			threads = !w.span && match_any(s, w.start, (const char *const[]){ "threads", "cores", "thread", "core",
											   NULL }, 1) == w.end;
		if (!threads)
			return 0;
	}
	/* the sentence must speak of nothing else the factor could be of */
	while (a > 0 && q->start - a < 300 && !stops_clause(s, a - 1))
		a--;
	while (b < s->n && b - q->start < 300 && !stops_clause(s, b))
		b++;
	for (size_t k = a; k < b; k++) {
		size_t e;
		if (is_alpha(s->t[k]) && (k == 0 || !is_alpha(s->t[k - 1])) && (e = match_any(s, k, other, 1))) {
			struct cword z = { k, e, 0, NULL };
			if (!(to_lower(s->t[k]) == 's' && at_sizes(s, &z))) /* "at every size" says where */
				return 0;
		}
	}
	*f = (struct found_cue){ &weak, 0, hit_at, hit_len, 0, 0 };
	return 1;
}

/* 1 if [a, b) is "sets" after a noun of data: "sample sets", "data sets", "working sets", "test sets". */
static int data_sets(const struct text *s, size_t a, size_t b)
{
	struct cword w, n;
	size_t prev;

	if (match_word_ci(s, a, "sets") != b || !prev_cword(s, a, &w, &prev) || w.span ||
	    match_any(s, w.start, (const char *const[]){ "sample", "data", "working", "test", "training", "input",
							"result", "key", "query", "instruction", "character", NULL },
		      1) != w.end)
		return 0;
	/* not "once the test sets the -O2 flag": a verb, its object after it */
	return !(word_after(s, b, &n) && !n.span &&
		 match_any(s, n.start, (const char *const[]){ "the", "a", "an", "its", "their", "our", "this", "it",
							      NULL }, 1) == n.end);
}

/* 1 if [a, b) is a word of three or more capital letters: a name ("SET", "GET"), not the verb. */
static int all_capitals(const struct text *s, size_t a, size_t b)
{
	if (b - a < 3)
		return 0;
	for (size_t i = a; i < b; i++)
		if (s->t[i] < 'A' || s->t[i] > 'Z')
			return 0;
	return 1;
}

static int classify_(const struct text *s, const struct table *tb, struct quantity *q, const struct cand *c)
{
	struct found_cue f = { 0 };
	int have = nearest_cue(s, q->start, q->start + q->len, c->use, &f);

	q->cue = q->cue_len = q->cue_span = 0;
	if (c->need_perf) {
		/* a factor or a percentage: only with a performance word near, which decides */
		if (c->cls != UNDECIDED && c->cls != QUANTITY_CLAIM) {
			q->cls = (enum quantity_class)c->cls;
			q->cue = c->cue, q->cue_len = c->cue_len, q->cue_span = c->cue_span, q->why = c->why;
			return 1;
		}
		/* a cell of a "% Change" column */
		if (header_class(s, tb, q) != UNDECIDED)
			return 1;
		if (!have && (c->use == 2 || c->use == 4) && !q->span && !c->comparative && prior_sentence(s, q->start, c->use, &f)) {
			/* "It's clear from the difference in run times ... The step up from long to volatile long is
			   100x, and another 4x up to atomic_long": what a bare factor compares was named just before */
			q->cls = QUANTITY_CLAIM;
			set_cue(q, &f);
			return 1;
		}
		if (!have && (c->use == 2 || c->use == 3 || c->use == 4) && !q->span && weak_cue(s, q, &f)) {
			q->cls = QUANTITY_CLAIM;
			set_cue(q, &f);
			return 1;
		}
		if (!have)
			return 0;
		if (q->span && c->use != 3 && f.dist > SPAN_REACH) {
			/* a factor in code type is a figure only right next to its performance word ("`4x`" may be
			   code); a percentage in code type ("`86%`") is a figure, decided by its sentence */
			q->cls = QUANTITY_NOT_TIMING;
			q->why = W_CODE;
			return 1;
		}
		q->cls = (enum quantity_class)f.cue->cls;
		set_cue(q, &f);
		return 1;
	}
	if (c->cls != UNDECIDED) {
		q->cls = (enum quantity_class)c->cls;
		q->cue = c->cue, q->cue_len = c->cue_len, q->cue_span = c->cue_span, q->why = c->why;
		/* "aim for less than 1% overhead": a threshold, whatever its form */
		/* ("3x faster on sample sets larger than 100 MB", "SET benchmarks got 2x slower": a noun of
		   data sets or a command's name, no setting; twenty-ninth round. "2x faster when configured
		   with a prescaler of 2" is still a setting's effect: an attacker's review) */
		if (c->cls == QUANTITY_CLAIM && have && f.cue->cls == QUANTITY_SPECIFIED && f.cue->why == W_INPUT &&
		    f.dist <= 3 && !((c->why == W_CHANGE || c->why == W_CPU) && !f.span &&
				     ((f.before && all_capitals(s, f.at, f.at + f.len)) ||
				      (!f.before && data_sets(s, f.at, f.at + f.len))))) {
			q->cls = QUANTITY_SPECIFIED;
			set_cue(q, &f);
		}
		/* a share of "the time" of a branch is how often it goes one way; a share whose own noun names
		   its time ("3.59% gc time") keeps it, whatever word of the clause is near */
		/* "Branch_Mispred: 0.22 % Slots": a share followed by the unit it shares out keeps it too */
		/* ("averaged 1.1 CPUs over the day": a share that names the processors is of their time, a
		   calendar word after it notwithstanding; twenty-ninth round) */
		if (q->kind == QUANTITY_SHARE && have && f.cue->cls != QUANTITY_CLAIM && c->why != W_NAMED_SHARE &&
		    !(c->why == W_CPU && c->cls == QUANTITY_CLAIM && !f.before && f.cue->why == W_CLOCK) &&
		    !(c->why == W_SHARE && c->cue > q->start && c->cue < q->start + q->len &&
		      match_any(s, c->cue, (const char *const[]){ "slots", "clocks", "cycles", NULL }, 1) ==
			      c->cue + c->cue_len)) {
			q->cls = (enum quantity_class)f.cue->cls;
			set_cue(q, &f);
		}
		return 1;
	}
	if (header_class(s, tb, q) != UNDECIDED)
		return 1;
	if (have) {
		q->cls = (enum quantity_class)f.cue->cls;
		set_cue(q, &f);
		return 1;
	}
	if (c->order) {
		/* "it can be tens of nanoseconds or thousands": an order of magnitude nothing calls a figure */
		q->cls = QUANTITY_NOT_TIMING;
		q->why = W_ORDER;
	} else if (q->kind == QUANTITY_SHARE) {
		struct cword w;
		q->cls = QUANTITY_CLAIM;
		q->why = W_SHARE;
		/* "87.5% of the time this does nothing": how often something happens, said of a clause */
		if (word_after(s, q->start + q->len, &w) && !w.span &&
		    match_any(s, w.start, (const char *const[]){ "this", "it", "that", "they", "we", "you", NULL }, 1) ==
			    w.end) {
			q->cls = QUANTITY_NOT_TIMING;
			q->cue = w.start, q->cue_len = w.end - w.start, q->why = W_OCCURS;
		}
	} else if (q->kind == QUANTITY_CYCLES) {
		struct cword w;
		size_t next;
		q->cls = QUANTITY_CLAIM;
		q->why = W_CYCLES;
		/* "during six consecutive cycles on the diagram": a window counted in cycles, no cost */
		if (next_cword(s, q->start, &w, &next) && next_cword(s, w.end, &w, &next) && !w.span &&
		    w.end <= q->start + q->len &&
		    match_any(s, w.start, (const char *const[]){ "consecutive", "successive", NULL }, 1) == w.end) {
			q->cls = QUANTITY_SPECIFIED;
			q->cue = w.start, q->cue_len = w.end - w.start, q->why = W_INTERVAL;
		}
		/* "the two clocks", "two system clocks": clocks counted, not clock cycles, when no cost word decides */
		if (q->len >= 6 && match_word_ci(s, q->start + q->len - 6, "clocks") == q->start + q->len) {
			q->cls = QUANTITY_NOT_TIMING;
			q->cue = q->start + q->len - 6, q->cue_len = 6, q->why = W_DEVICES;
		}
		/* "4.5 million cycles per sample": a sampling period */
		if (per_sample(s, q, &w)) {
			q->cls = QUANTITY_SPECIFIED;
			q->cue = w.start, q->cue_len = w.end - w.start, q->why = W_INTERVAL;
		}
	} else if (q->kind == QUANTITY_SPEEDUP) {
		q->cls = QUANTITY_CLAIM;
		q->why = W_CHANGE;
	} else if (q->span) {
		/* a figure in a code span is code until a performance word says otherwise: "print `1 second`" */
		q->cls = QUANTITY_NOT_TIMING;
		q->why = W_CODE;
	} else {
		q->cls = QUANTITY_UNSURE;
		q->why = W_NONE;
		if (q->kind == QUANTITY_TIME)
			specified_by_form(s, q);
		if (q->kind == QUANTITY_TIME && q->cls == QUANTITY_UNSURE && axis_span(s, q, &q->cue, &q->cue_len)) {
			q->cls = QUANTITY_NOT_TIMING;
			q->why = W_SCALE;
		}
	}
	return 1;
}

/*
 * A time value that a word of running decided, or none, that its sentence
 * says is specified: a budget ("each frame has 16 ms to complete") or a
 * class of events by their length ("events with a duration of more than a
 * microsecond"). 1 if it is.
 */
static int specified_in_sentence(const struct text *s, struct quantity *q)
{
	static const char *const has[] = { "has", "have", "had", "get", "gets", "given", NULL };
	static const char *const classes[] = { "events", "intervals", NULL };
	struct cword w, w2;
	size_t p, prev;

	if (word_after(s, q->start + q->len, &w) && !w.span && match_word_ci(s, w.start, "to") == w.end &&
	    word_after(s, w.end, &w2) && !w2.span && !is_digit(s->t[w2.start])) {
		if (word_before(s, q->start, 5, has, &w)) {
			decide(q, QUANTITY_SPECIFIED, w.start, w.end - w.start, W_INPUT);
			return 1;
		}
	}
	p = q->start;
	for (int d = 0; d < 8 && prev_cword(s, p, &w, &prev); d++, p = prev) {
		if (!w.span && (match_word_ci(s, w.start, "duration") == w.end || match_word_ci(s, w.start, "durations") == w.end)) {
			size_t end = w.end;
			for (int k = 0; k < 3 && prev_cword(s, w.start, &w2, &prev); k++) {
				if (!w2.span && match_any(s, w2.start, classes, 1) == w2.end) {
					decide(q, QUANTITY_SPECIFIED, w2.start, end - w2.start, W_LIMIT);
					return 1;
				}
				w = w2;
			}
			return 0;
		}
	}
	return 0;
}

/*
 * 1 if the word "user" at w names the CPU time a program spent in user mode,
 * not a person: a field's name before its value ("user: 0.557 s"), the name
 * of a kind of time ("user time", "user CPU", "user mode"), or the label
 * after a figure of time ("18.77 s user, 1.12 s sys", as time(1) and
 * rusage print it) (thirty-second round, mimalloc-docs).
 */
static int user_cpu_time(const struct text *s, const struct cword *w)
{
	static const char *const kinds[] = { "time", "times", "cpu", "mode", NULL };
	struct cword t;
	size_t next, a = w->start, u;

	if (match_word_ci(s, w->start, "user") != w->end)
		return 0;
	if (w->end < s->n && s->t[w->end] == ':')
		return 1;
	if (next_cword(s, w->end, &t, &next) && !t.span)
		for (const char *const *k = kinds; *k; k++)
			if (match_word_ci(s, t.start, *k) == t.end && t.start == w->end + 1)
				return 1;
	/* the unit of a figure just before it: "18.77 s user", "0.55s user" */
	while (a > 0 && s->t[a - 1] == ' ')
		a--;
	for (u = a; u > 0 && a - u < 8 && is_alpha((unsigned char)s->t[u - 1]); u--)
		;
	if (u == a || (u > 0 && is_alpha((unsigned char)s->t[u - 1])) || match_time_unit(s, u) != a)
		return 0;
	while (u > 0 && s->t[u - 1] == ' ')
		u--;
	return u > 0 && is_digit((unsigned char)s->t[u - 1]);
}

/*
 * A time value that a word of running or of cost decided, or none, whose
 * sentence is about a person's time, not code's: how long people wait
 * before they give up ("most people consider a delay of 2 seconds a long
 * wait"), how long an exercise takes ("each lab assignment can take 30
 * minutes"), how long a survey takes to fill ("should take you approximately
 * 10 minutes") or a page to read ("Estimated reading time: 25 mins", "a 5 min
 * read" ending its sentence). 1 if it is.
 */
static int person_in_sentence(const struct text *s, struct quantity *q)
{
	static const char *const persons[] = { "people", "person", "user", "users", "human", "humans", "reader",
					       "readers", "student", "students", "learner", "learners", "exercise",
					       "exercises", "assignment", "assignments", "homework", "quiz", "lecture",
					       "book", "books", "survey", "surveys", "questionnaire", NULL };
	struct cword w, t;
	size_t next;

	/* "Estimated reading time: 25 mins", "a 5 min read": how long a page takes to read, in minutes
	   ("Read time: 4 ms" is a disk's) (seventeenth round, dendibakh-blog) */
	if (memmem(s->t + q->start, q->len, "min", 3) &&
	    ((word_before(s, q->start, 2, (const char *const[]){ "reading", "read", NULL }, &w) &&
	      next_cword(s, w.end, &t, &next) && !t.span && match_word_ci(s, t.start, "time") == t.end) ||
	     (next_cword(s, q->start + q->len, &w, &next) && !w.span && match_word_ci(s, w.start, "read") == w.end &&
	      !next_cword(s, w.end, &t, &next)))) {
		decide(q, QUANTITY_SPECIFIED, w.start, w.end - w.start, W_PERSON);
		return 1;
	}
	if (!word_before(s, q->start, CONTEXT_BEFORE, persons, &w))
		return 0;
	/* "user=0.55": a field's name glued to its value (a record a program printed, time(1)'s
	   CPU time), no person */
	if (w.end < s->n && s->t[w.end] == '=')
		return 0;
	if (!w.span && user_cpu_time(s, &w))
		return 0;
	/* "user    0m0.552s": the same field set apart by spaces, first on its line, its value next */
	if (!w.span && w.end <= q->start) {
		size_t a = w.start, b = w.end;
		while (a > 0 && (s->t[a - 1] == ' ' || s->t[a - 1] == '\t'))
			a--;
		while (b < q->start && (s->t[b] == ' ' || s->t[b] == '\t'))
			b++;
		if ((a == 0 || s->t[a - 1] == '\n') && b == q->start && b > w.end)
			return 0;
	}
	decide(q, QUANTITY_SPECIFIED, w.start, w.end - w.start, W_PERSON);
	return 1;
}

/* 1 if the time q is told in a person's units: minutes, hours, days, weeks ("5 ms of work" is code's). */
static int human_scale(const struct text *s, const struct quantity *q)
{
	static const char *const units[] = { "min", "hour", "day", "week", "month", "year", NULL };

	for (const char *const *u = units; *u; u++)
		if (q->len >= strlen(*u) && memmem(s->t + q->start, q->len, *u, strlen(*u)))
			return 1;
	return 0;
}

/* What does a program's work: a machine, a tool that builds, a task it runs (for_machine, per_task) */
static const char *const workers[] = { "compiler", "compilers", "machine", "machines", "cpu", "cpus", "computer",
					"computers", "server", "servers", "cluster", "clusters", "ci", "gpu", "gpus", "core",
					"cores", "linker", "optimizer", "runner", "runners", "database", "kernel", "interpreter",
					"jit", "vm", "toolchain", "rustc", "gcc", "clang", "llvm", "cargo", "build", "builds",
					"rebuild", "rebuilds", "run", "runs", "compile", "compiles", "compilation", "test",
					"tests", "iteration", "iterations", "execution", "job", "jobs", "query", "queries",
					"request", "requests", "pipeline", "deploy", "deployment", "benchmark", "suite", NULL };

/*
 * 1 if, within a few words after p, a preposition names a machine or a task of one the time is for
 * ("of work for the compiler", "by the CPU"): the work is the machine's.
 */
static int for_machine(const struct text *s, size_t p)
{
	struct cword w;

	if (!word_after(s, p, &w) || w.span ||
	    match_any(s, w.start, (const char *const[]){ "for", "by", "on", "from", NULL }, 1) != w.end)
		return 0;
	for (int d = 0; d < 3 && word_after(s, w.end, &w) && !w.span; d++)
		if (match_any(s, w.start, workers, 1) == w.end)
			return 1;
	return 0;
}

/*
 * 1 if, within a few words after p, "each", "every" or "per" counts a machine's task ("3 hours on
 * every run of the test suite", "20 minutes waiting for each full rebuild"): a time spent on each
 * one is that task's time, whoever waits it out.
 */
static int per_task(const struct text *s, size_t p)
{
	struct cword w;
	size_t next;

	for (int d = 0; d < 5 && next_cword(s, p, &w, &next); d++, p = next) {
		if (w.span || match_any(s, w.start, (const char *const[]){ "each", "every", "per", NULL }, 1) != w.end)
			continue;
		for (int k = 0; k < 3 && word_after(s, w.end, &w) && !w.span; k++)
			if (match_any(s, w.start, workers, 1) == w.end)
				return 1;
		return 0;
	}
	return 0;
}

/*
 * A figure of the writer's own time: "I had spent 10 years in that city", "I have spent 10 minutes
 * googling", "I'll be spending 60% of my time on X and 40% on Y". A time or a share that spending
 * decides, whose subject is "I" (at most two auxiliaries between), or a share in a sentence that
 * speaks of "my time", is how a person spends time, not code (twentieth round, matklad-blog); "we
 * spend 30% of the time in malloc" is a program's run, as before, and so is "I have spent 3 hours on
 * every run of the test suite" (per_task). 1 if q is one.
 */
static int own_time(const struct text *s, struct quantity *q)
{
	static const char *const aux[] = { "had", "have", "has", "will", "would", "be", "been", "was", "am", "also",
					   "just", "probably", "already", NULL };
	struct cword w, t;
	size_t prev, p;
	int share = q->kind == QUANTITY_SPEEDUP || q->kind == QUANTITY_SHARE;

	if (q->span || q->cue_span || !(q->kind == QUANTITY_TIME || share))
		return 0;
	/* "each step took under an hour of work to write", "two days of effort", "one minute of work for
	   the human": a person's work, by the noun after "of" (twentieth round, an HPC author's case
	   study); "one minute of work for the compiler" is the machine's, a claim (matklad-blog) */
	if (q->kind == QUANTITY_TIME && (q->cls == QUANTITY_CLAIM || q->cls == QUANTITY_UNSURE) && human_scale(s, q) &&
	    word_after(s, q->start + q->len, &w) && !w.span && match_word_ci(s, w.start, "of") == w.end &&
	    word_after(s, w.end, &t) && !t.span &&
	    match_any(s, t.start, (const char *const[]){ "work", "effort", "engineering", "coding", "development",
							  "debugging", "reading", "writing", "thinking", "meetings",
							  NULL }, 1) == t.end &&
	    !for_machine(s, t.end)) {
		decide(q, QUANTITY_SPECIFIED, w.start, t.end - w.start, W_PERSON);
		return 1;
	}
	if (q->cls == QUANTITY_CLAIM && q->why == W_RUN && q->cue_len >= 5 && q->cue < q->start &&
	    (match_word_ci(s, q->cue, "spent") || match_word_ci(s, q->cue, "spend") ||
	     match_word_ci(s, q->cue, "spending")) && !per_task(s, q->start + q->len)) {
		p = q->cue;
		for (int d = 0; d < 3 && prev_cword(s, p, &w, &prev); d++, p = prev) {
			if (!w.span && s->t[w.start] == 'I' && (w.end - w.start == 1 || s->t[w.start + 1] == '\'')) {
				decide(q, QUANTITY_SPECIFIED, w.start, q->cue + q->cue_len - w.start, W_PERSON);
				return 1;
			}
			if (w.span || match_any(s, w.start, aux, 1) != w.end)
				break;
		}
	}
	if (!share || !(q->cls == QUANTITY_CLAIM || q->cls == QUANTITY_UNSURE))
		return 0;
	p = q->start;
	for (int d = 0; d < 30 && prev_cword(s, p, &w, &prev); d++, p = prev)
		if (!w.span && match_word_ci(s, w.start, "my") == w.end && next_cword(s, w.end, &t, &prev) && !t.span &&
		    match_word_ci(s, t.start, "time") == t.end) {
			decide(q, QUANTITY_SPECIFIED, w.start, t.end - w.start, W_PERSON);
			return 1;
		}
	return 0;
}

/*
 * "Let's just finish the remaining 90%!", "the other 40%", "the last 10%": a percentage right after
 * "the" and a word of what is left or which part, with no word of speed, cost or change in the three
 * words after it and no percentage before it in its sentence, is a part of a whole (the work), not a
 * change of speed (twentieth round, matklad-blog). "Only 26.3% of the slots were used, so the
 * remaining 73.7% were wasted" is the rest of a share: a share, as before; so is the rest of a run
 * ("Of the run, the remaining 30% is the kernel"). 1 if q is one.
 */
static int remaining_part(const struct text *s, struct quantity *q)
{
	static const char *const parts[] = { "remaining", "other", "last", "first", "final", NULL };
	struct cword w, a;
	size_t prev, e = q->start + q->len;

	if (q->kind != QUANTITY_SPEEDUP || q->span || s->t[e - 1] != '%' || s->table ||
	    !prev_cword(s, q->start, &w, &prev) || w.span || skip_space(s, w.end) != q->start ||
	    match_any(s, w.start, parts, 1) != w.end || !prev_cword(s, w.start, &a, &prev) || a.span ||
	    match_word_ci(s, a.start, "the") != a.end)
		return 0;
	/* "the remaining 73.7% were wasted": a word of speed, cost or change after it */
	{
		size_t p = e;
		for (int d = 0; d < 3 && next_cword(s, p, &w, &prev); d++, p = prev)
			if (speaks_of_change(s, &w))
				return 0;
	}
	/* "spend more than 80% of its time in LLVM, so reducing the remaining 20%": the rest of a share
	   the sentence gave before is that share's kind */
	{
		size_t p = a.start;
		for (int d = 0; d < 40 && prev_cword(s, p, &w, &prev); d++, p = prev)
			if (!w.span && w.end < s->n && s->t[w.end] == '%')
				return 0;
	}
	/* "Of the run, the remaining 30% is the kernel": a sentence that speaks of a run or its time
	   makes the rest a share of that run (an attacker's review) */
	{
		static const char *const runs[] = { "run", "runs", "runtime", "run-time", "time", "execution",
						    "profile", "cycles", "samples", NULL };
		size_t p = a.start;
		for (int d = 0; d < 40 && prev_cword(s, p, &w, &prev); d++, p = prev)
			if (!w.span && match_any(s, w.start, runs, 1) == w.end)
				return 0;
		p = e;
		for (int d = 0; d < 8 && next_cword(s, p, &w, &prev); d++, p = prev)
			if (!w.span && match_any(s, w.start, runs, 1) == w.end)
				return 0;
	}
	decide(q, QUANTITY_NOT_TIMING, a.start, e - a.start, W_REMAINING);
	return 1;
}

/*
 * A sentence that opens on an argument's value ("If zero, the duration is
 * between 0.25 and 0.5 seconds", "If NULL, ..."): it says what a function
 * does for that input, so its time values are specified. Looks back at most
 * 24 words for the sentence's start. 1 if q is one.
 */
static int argument_case(const struct text *s, struct quantity *q)
{
	static const char *const values[] = { "zero", "nonzero", "non-zero", "negative", "positive", "null", "0",
					      "omitted", "unset", NULL };
	struct cword w, first = { 0 }, second = { 0 }, words[6] = { { 0 } };
	size_t p = q->start, prev;
	int d = 0;

	for (; d < 24 && prev_cword(s, p, &w, &prev); d++, p = prev) {
		second = first, first = w;
		memmove(words + 1, words, sizeof words - sizeof words[0]);
		words[0] = w;
	}
	if (d < 2 || d == 24 || first.span || match_word_ci(s, first.start, "if") != first.end)
		return 0;
	if (second.span || match_any(s, second.start, values, 1) != second.end) {
		/* "If `timeout` is NULL, ...", "If arg is zero, ...": the argument named, then "is" and its value */
		int k;
		for (k = 2; k < 5 && k + 1 < d; k++)
			if (!words[k].span && match_word_ci(s, words[k].start, "is") == words[k].end)
				break;
		if (k == 5 || k + 1 >= d || words[k + 1].span ||
		    match_any(s, words[k + 1].start, values, 1) != words[k + 1].end)
			return 0;
		second = words[k + 1];
	}
	decide(q, QUANTITY_SPECIFIED, first.start, second.end - first.start, W_INPUT);
	return 1;
}

/*
 * "store pages for about 30 seconds", "cache the answer for five minutes":
 * how long data is kept is a retention period, a setting. 1 if q is one.
 */
static int retention(const struct text *s, struct quantity *q)
{
	static const char *const hedges[] = { "about", "around", "roughly", "approximately", "~", "at", "least",
					       "most", "up", "to", NULL };
	static const char *const keeps[] = { "keep", "keeps", "kept", "keeping", "store", "stores", "stored",
					      "storing", "retain", "retains", "retained", "retaining", "cache", "caches",
					      "cached", "caching", NULL };
	struct cword w, by;
	size_t p = q->start, prev;
	int d = 0;

	while (d < 3 && prev_cword(s, p, &w, &prev) && !w.span && match_any(s, w.start, hedges, 1) == w.end)
		p = prev, d++;
	if (!prev_cword(s, p, &w, &prev) || w.span || match_word_ci(s, w.start, "for") != w.end)
		return 0;
	p = w.start;
	for (d = 0; d < 4 && prev_cword(s, p, &by, &prev); d++, p = prev) {
		if (by.span)
			return 0;
		if (match_any(s, by.start, keeps, 1) == by.end) {
			decide(q, QUANTITY_SPECIFIED, by.start, w.end - by.start, W_RETAIN);
			return 1;
		}
	}
	return 0;
}

/*
 * "retrying if the response takes longer than 15ms", "as soon as the
 * response time exceeds 15ms", "the probability that a request takes more
 * than 15ms": a duration compared against in a condition, or in what a
 * share or a probability counts, is a threshold, whatever word of running
 * stands near. The condition must lead the value's own clause (no comma
 * between: "When the array outgrows the cache, a load takes more than 5 ns"
 * is a claim). A rate is compared the same way ("when your figures show
 * more than 6 IPC"), and a bound may follow the value ("if a frame takes
 * 40 ms or more", bound_after). 1 if q is one.
 */
static int threshold_clause(const struct text *s, struct quantity *q)
{
	static const char *const than[] = { "longer", "shorter", "more", "less", "greater", "fewer", "slower",
					     "faster", NULL };
	static const char *const conds[] = { "if", "when", "whenever", "unless", "once", "until", "soon",
					     "probability", "chance", "chances", "likelihood", "likely", "fraction",
					     "proportion", "share", "percentage", "odds", NULL };
	struct cword w, w2;
	size_t p, prev, e;

	if ((q->kind != QUANTITY_TIME && q->kind != QUANTITY_RATE) || q->span || !prev_cword(s, q->start, &w, &prev) ||
	    w.span)
		return 0;
	e = w.end;
	if (match_word_ci(s, w.start, "than") == w.end) {
		if (!prev_cword(s, w.start, &w2, &prev) || w2.span || match_any(s, w2.start, than, 1) != w2.end)
			return 0;
		p = w2.start;
		/* "Tracing ext4 operations slower than 10 ms", "I/O slower than 1 ms", "requests taking longer than
		   100ms": the comparison picks out the events of a kind that pass a bound, a filter's threshold
		   (seventeenth round, bcc-examples); not the events of a share or a count ("made 90% of queries
		   faster than 10 ms" is a claim) */
		{
			static const char *const events[] = { "operations", "ops", "requests", "queries", "calls",
							      "events", "reads", "writes", "syscalls", "transactions",
							      "commands", "packets", "accesses", "lookups", "IOs", "IO",
							      "anything", "everything", "taking", "lasting", NULL };
			struct cword w3, w4;
			size_t b = back_over_blanks(s, w2.start);
			if (b >= 3 && to_lower(s->t[b - 3]) == 'i' && s->t[b - 2] == '/' && to_lower(s->t[b - 1]) == 'o' &&
			    (b == 3 || !word_char_at(s, b - 4))) {
				decide(q, QUANTITY_SPECIFIED, b - 3, e - (b - 3), W_THRESHOLD); /* "I/O": one word */
				return 1;
			}
			if (prev_cword(s, w2.start, &w3, &prev) && !w3.span && match_any(s, w3.start, events, 1) == w3.end &&
			    !(prev_cword(s, w3.start, &w4, &prev) && !w4.span && match_word_ci(s, w4.start, "of") == w4.end)) {
				decide(q, QUANTITY_SPECIFIED, w3.start, e - w3.start, W_THRESHOLD);
				return 1;
			}
		}
	} else if (w.end - w.start >= 6 && !memcmp(s->t + w.start, "exceed", 6)) {
		p = w.start;
	} else if (bound_after(s, q->start + q->len, &e)) {
		/* "if the server detects a delay of 500 milliseconds or greater", "if your game runs at 22 fps
		   or above": the bound written after the value (issue 13, eighth round) */
		p = q->start;
	} else {
		return 0;
	}
	for (int d = 0; d < 10 && prev_cword(s, p, &w, &prev); d++, p = prev) {
		if (comma_between(s, w.end, p))
			return 0;
		if (!w.span && match_any(s, w.start, conds, 1) == w.end) {
			decide(q, QUANTITY_SPECIFIED, w.start, e - w.start, W_THRESHOLD);
			return 1;
		}
	}
	return 0;
}

/*
 * 1 if a currency sign or the start of a word of money (is_money's words)
 * stands anywhere in the text: one pass, so that a text without money
 * looks for no price around each value.
 */
static int has_money(const struct text *s)
{
	static const char *const stems[] = { "dollar", "cent", "pric", "euro", NULL };

	for (size_t i = 0; i < s->n; i++) {
		unsigned c = to_lower(s->t[i]);
		if (c == '$' || (c == 0xe2 && i + 2 < s->n && s->t[i + 1] == 0x82 && s->t[i + 2] == 0xac))
			return 1;
		if ((c == 'd' || c == 'c' || c == 'p' || c == 'e') && (i == 0 || !is_alpha(s->t[i - 1])))
			for (int k = 0; stems[k]; k++) {
				size_t j = 0;
				while (stems[k][j] && i + j < s->n && to_lower(s->t[i + j]) == (unsigned)stems[k][j])
					j++;
				if (!stems[k][j])
					return 1;
			}
	}
	return 0;
}

/* 1 if w is money: a number glued to a currency sign ("$5", "2K$"), or a word for it ("dollars"). */
static int is_money(const struct text *s, const struct cword *w)
{
	static const char *const words[] = { "dollar", "dollars", "cents", "price", "prices", "priced", "pricing",
					     "euro", "euros", NULL };

	if (w->span)
		return 0;
	if (is_digit(s->t[w->start]) || s->t[w->start] == '.')
		return (w->start > 0 && s->t[w->start - 1] == '$') || (w->end < s->n && s->t[w->end] == '$') ||
		       (w->start >= 3 && !memcmp(s->t + w->start - 3, "\xe2\x82\xac", 3)); /* EUR sign */
	return match_any(s, w->start, words, 1) == w->end;
}

/*
 * "at a price of around $0.004576 per second", "one disc access per second
 * costs about 2K$/a/s", "dollars to store a page for one second": a value
 * that is money, or a rate or duration money is paid for, is a price, not a
 * speed. The money must stand within 6 words in the sentence, and the word
 * that decided (if any) be a cost, a saving or a hedge ("costs about 2K$")
 * or stand farther than the money. 1 if q is one.
 */
static int priced(const struct text *s, struct quantity *q)
{
	struct cword w;
	size_t p, next, at = 0, len = 0, dist = (size_t)-1, cue_dist = (size_t)-1;

	if ((q->kind != QUANTITY_TIME && q->kind != QUANTITY_RATE) || q->span || !s->money)
		return 0;
	if (q->start > 0 && (s->t[q->start - 1] == '$' ||
			     (q->start >= 3 && !memcmp(s->t + q->start - 3, "\xe2\x82\xac", 3)))) {
		decide(q, QUANTITY_NOT_TIMING, q->start - 1, q->len + 1, W_MONEY);
		return 1;
	}
	/* "deliver 15 accesses per second and are priced at about 15K$": the price of another subject */
	static const char *const ands[] = { "and", "but", "while", "whereas", NULL };
	p = q->start;
	for (size_t d = 0; d < 6 && prev_cword(s, p, &w, &next); d++, p = next) {
		if (!w.span && match_any(s, w.start, ands, 1) == w.end)
			break;
		if (is_money(s, &w)) {
			at = w.start, len = w.end - w.start, dist = q->start - w.end;
			break;
		}
	}
	p = q->start + q->len;
	for (size_t d = 0; d < 6 && next_cword(s, p, &w, &next); d++, p = next) {
		if (!w.span && match_any(s, w.start, ands, 1) == w.end)
			break;
		if (is_money(s, &w)) {
			if (w.start - (q->start + q->len) < dist)
				at = w.start, len = w.end - w.start, dist = w.start - (q->start + q->len);
			break;
		}
	}
	if (dist == (size_t)-1)
		return 0;
	if (q->cue_len && !q->cue_span)
		cue_dist = q->cue + q->cue_len <= q->start ? q->start - (q->cue + q->cue_len)
			 : q->cue >= q->start + q->len ? q->cue - (q->start + q->len) : 0; /* its own unit: "1.8 million read IOPS" */
	if (q->cue_len && q->why != W_COST && q->why != W_CHANGE && q->why != W_MEASURED && cue_dist <= dist)
		return 0;
	decide(q, QUANTITY_SPECIFIED, at, len, W_PRICE);
	return 1;
}

/*
 * "At 60 FPS, each frame...", "At 3 GHz, a cycle...": a sentence that opens on a setting; and "Below 20
 * fps, add a delay", "Above 1 ms, ...": one that opens on a bound, a condition on what follows (eighth
 * round). 1 if q is it.
 */
static int condition_at(const struct text *s, struct quantity *q)
{
	struct cword w, w2;
	size_t prev, p = skip_space(s, q->start + q->len);

	if (p >= s->n || s->t[p] != ',' || !prev_cword(s, q->start, &w, &prev) || w.span ||
	    match_any(s, w.start, (const char *const[]){ "at", "below", "above", "under", NULL }, 1) != w.end)
		return 0;
	/* the sentence opens on it, or a quotation, a parenthesis or a colon does: 'means "At 28.774 seconds, a read..."' */
	p = w.start;
	while (p > 0 && (s->t[p - 1] == ' ' || s->t[p - 1] == '*' || s->t[p - 1] == '_'))
		p--;
	if (prev_cword(s, w.start, &w2, &prev) &&
	    !(p > 0 && (s->t[p - 1] == '"' || s->t[p - 1] == '(' || s->t[p - 1] == ':' ||
			(p >= 3 && !memcmp(s->t + p - 3, "\xe2\x80\x9c", 3)))))
		return 0;
	decide(q, QUANTITY_SPECIFIED, w.start, w.end - w.start, W_INPUT);
	return 1;
}

/* "the one-minute load average", "in 1-second steps": the window of an average, a step; 1 if q is one. */
static int window_after(const struct text *s, struct quantity *q)
{
	static const char *const windows[] = { "average", "averages", "load", "moving", "rolling", "sliding",
						"window", "windows", "steps", "step", "increments", "increment", NULL };
	struct cword w;

	if (!word_after(s, q->start + q->len, &w) || w.span || match_any(s, w.start, windows, 1) != w.end)
		return 0;
	/* "average" alone names a window only after a time written as one ("a 10-second average", "the
	   1 min average"); "LATENCY: 0.512 ms average", "took 3.2 ms average" give the average itself, a
	   result (an author's review, fourteenth round) */
	if (match_any(s, w.start, (const char *const[]){ "average", "averages", NULL }, 1) == w.end &&
	    !memchr(s->t + q->start, '-', q->len)) {
		struct cword d;
		size_t pv;
		if (!prev_cword(s, q->start, &d, &pv) || d.span ||
		    match_any(s, d.start, (const char *const[]){ "a", "an", "the", "its", "their", "each", "per",
								    "over", NULL }, 1) != d.end)
			return 0;
		for (size_t i = d.end; i < q->start; i++)
			if (s->t[i] != ' ')
				return 0;
	}
	decide(q, QUANTITY_SPECIFIED, w.start, w.end - w.start, W_INTERVAL);
	return 1;
}

/* 1 if the word w names a distribution a model draws from: "distributed", "a bimodal distribution". */
static int names_distribution(const struct text *s, const struct cword *w)
{
	static const char *const families[] = { "normal", "normally", "exponential", "exponentially", "bimodal",
						 "multimodal", "multi-modal", "uniform", "uniformly", "gaussian", "poisson",
						 "lognormal", "log-normal", "pareto", "zipf", "zipfian", "geometric",
						 "geometrically", "random", "randomly", NULL };
	struct cword next;

	if (w->span || !match_any(s, w->start, families, 1) || match_any(s, w->start, families, 1) != w->end)
		return match_word_ci(s, w->start, "distributed") == w->end;
	return word_after(s, w->end, &next) && !next.span &&
	       (match_word_ci(s, next.start, "distribution") == next.end ||
		match_word_ci(s, next.start, "distributed") == next.end);
}

/*
 * "latency follows a bimodal distribution: 99% of the time with a mean of
 * 10ms (normally distributed with a standard deviation of 2ms)", "the server
 * latency is exponentially distributed with a mean of 0.1ms": a time value
 * that a statistic word gives ("mean of", "deviation of", "distribution
 * around"), in a sentence that names the distribution it belongs to, is a
 * parameter the model is given, not a measured figure. 1 if q is one.
 */
static int model_input(const struct text *s, struct quantity *q)
{
	static const char *const stats[] = { "mean", "average", "median", "deviation", "sd", "stddev", "variance",
					      "std", NULL };
	static const char *const hedges[] = { "about", "around", "roughly", "approximately", "~", NULL };
	struct cword w, form = { 0 };
	size_t p = q->start, prev, next;
	int ok = 0;

	if (q->kind != QUANTITY_TIME || q->span || !(q->cls == QUANTITY_UNSURE || (q->cls == QUANTITY_CLAIM && q->why == W_MEASURED)))
		return 0;
	/* its form: "<statistic> of 10ms", "distribution around 10ms" */
	if (prev_cword(s, p, &w, &prev) && !w.span && match_any(s, w.start, hedges, 1) == w.end) {
		p = prev;
		if (prev_cword(s, p, &form, &prev) && !form.span &&
		    match_word_ci(s, form.start, "distribution") == form.end)
			ok = 1;
		if (!prev_cword(s, p, &w, &prev))
			w.span = 1;
	}
	if (!w.span && match_word_ci(s, w.start, "of") == w.end && prev_cword(s, w.start, &form, &prev) && !form.span &&
	    match_any(s, form.start, stats, 1) == form.end)
		ok = 1;
	if (!ok)
		return 0;
	/* the sentence names the distribution: at most 40 words either way */
	p = q->start;
	for (int d = 0; d < 40 && prev_cword(s, p, &w, &prev); d++, p = prev)
		if (names_distribution(s, &w))
			goto model;
	p = q->start + q->len;
	for (int d = 0; d < 40 && next_cword(s, p, &w, &next); d++, p = next)
		if (names_distribution(s, &w))
			goto model;
	return 0;
model:
	decide(q, QUANTITY_SPECIFIED, w.start, w.end - w.start, W_MODEL);
	return 1;
}

/*
 * "the server is busy 80% of the time ($\rho = 0.8$)", "a utilization of 50%
 * (u = 0.5)": a figure restated right after it as the value of a model's
 * symbol is a parameter given to the model. The symbol is a short name or a
 * LaTeX command, and its value the figure's (or the figure's percentage).
 * 1 if q is one.
 */
static int restated_symbol(const struct text *s, struct quantity *q)
{
	struct text in;
	struct number a, b;
	char x[64], y[64];
	size_t p = skip_space(s, q->start + q->len), sym;

	if (q->span || p >= s->n || s->t[p] != '(')
		return 0;
	p = skip_space(s, p + 1);
	if (p < s->n && s->t[p] == '$')
		p++;
	sym = p;
	if (p < s->n && s->t[p] == '\\')
		p++;
	while (p < s->n && p - sym < 12 && (word_char_at(s, p) || s->t[p] == '{' || s->t[p] == '}'))
		p += word_char_at(s, p) ? word_char_at(s, p) : 1;
	if (p == sym || p - sym >= 12 || is_digit(s->t[sym]))
		return 0;
	p = skip_space(s, p);
	if (p >= s->n || s->t[p] != '=')
		return 0;
	p = skip_space(s, p + 1);
	in = *s;
	if (p >= s->n || !is_digit(s->t[p]) || !parse_number(&in, p, &b) || b.end - p >= sizeof y ||
	    !is_digit(s->t[q->start]) || !parse_number(&in, q->start, &a) || a.end - q->start >= sizeof x)
		return 0;
	memcpy(x, s->t + q->start, a.end - q->start), x[a.end - q->start] = '\0';
	memcpy(y, s->t + p, b.end - p), y[b.end - p] = '\0';
	{
		double vx = strtod(x, NULL), vy = strtod(y, NULL);
		int percent = a.end < s->n && s->t[a.end] == '%';
		if (strchr(x, ',') || strchr(y, ','))
			return 0;
		if (!(vx == vy || (percent && vx / 100.0 > vy - 1e-9 && vx / 100.0 < vy + 1e-9)))
			return 0;
	}
	decide(q, QUANTITY_SPECIFIED, sym, b.end - sym, W_MODEL);
	return 1;
}

/* A deciding word for an input or a threshold ("acceptable", "target") in the sentence before start. */
static int input_before(const struct text *s, size_t start, struct found_cue *f)
{
	struct cword w;
	size_t p = start, prev, at, len;

	for (size_t d = 0; d < CONTEXT_BEFORE && prev_cword(s, p, &w, &prev); d++, p = prev) {
		const struct cue *c = cue_of(s, &w, 0, 1, 0, &at, &len);
		if (c && c->why == W_INPUT) {
			*f = (struct found_cue){ c, d, at, len, w.span, 1 };
			return 1;
		}
	}
	return 0;
}

/* 1 if q is 100% multiplied in: after '×', '*', "\\times" (a '~' between), or "multiply ... by". */
static int times_hundred(const struct text *s, const struct quantity *q)
{
	size_t p = q->start, b;
	struct cword w;
	size_t prev;

	if (!match_lit(s, p, "100%") && !match_lit(s, p, "100\\%"))
		return 0;
	while (p > 0 && (s->t[p - 1] == ' ' || s->t[p - 1] == '~'))
		p--;
	if ((p >= 1 && s->t[p - 1] == '*') || (p >= 2 && !memcmp(s->t + p - 2, "\xc3\x97", 2)) ||
	    (p >= 6 && !memcmp(s->t + p - 6, "\\times", 6)))
		return 1;
	if (!prev_cword(s, q->start, &w, &prev) || w.span || match_word_ci(s, w.start, "by") != w.end)
		return 0;
	b = w.start;
	for (int d = 0; d < 10 && prev_cword(s, b, &w, &prev); d++, b = prev)
		if (!w.span && w.end - w.start >= 7 && to_lower(s->t[w.start]) == 'm' &&
		    !memcmp(s->t + w.start + 1, "ultipl", 6))
			return 1;
	return 0;
}

/* 1 if q's unit is the nanosecond: an interval that short is the code's own pace, not a period set */
static int in_nanoseconds(const struct text *s, const struct quantity *q)
{
	size_t e = q->start + q->len, b = e;

	while (b > q->start && is_alpha(s->t[b - 1]))
		b--;
	return b < e && match_any(s, b, (const char *const[]){ "ns", "nanosecond", "nanoseconds", "ps", "picosecond",
								"picoseconds", NULL }, 1) == e;
}

/*
 * 1 if "one" or "a" opens the few words before p and what they name is an
 * event of the code, not a sample or an interrupt: "one mispredict every",
 * "a new random number every" (a throughput), not "one sample every" (a period).
 */
static int one_event_before(const struct text *s, size_t p)
{
	static const char *const periodic[] = { "sample", "samples", "interrupt", "interrupts", "tick", "ticks",
						"snapshot", "timer", "timers", "fires", "fire", "wakes", "polls", "poll",
						"refreshes", "refresh", "blinks", "toggles", "reset", "resets", "watchdog",
						"heartbeat", "pulse", "pulses", "emits", "emit", "sends", "send", "packet",
						"packets", "reading", "readings", "arrives", "arrive", "signal", "beacon",
						"frame", "frames", "generator", "counter", "conversion", "adc", "dac", "dma",
						"spi", "i2c", "uart", "bus", "set", "configure", "configured", "program",
						"mhz", "khz", "ghz", "hz", NULL };
	struct cword w;
	size_t prev, q = p;

	struct number num;
	int once = 0;

	/* anything periodic in the clause before: "The watchdog is reset once every 500 ns", "emits one
	   pulse every 25 ns" (an attacker's review) */
	for (int d = 0; d < 10 && prev_cword(s, q, &w, &prev); d++, q = prev)
		if (!w.span && match_any(s, w.start, periodic, 1) == w.end)
			return 0;
	for (int d = 0; d < 4 && prev_cword(s, p, &w, &prev); d++, p = prev) {
		if (w.span || match_any(s, w.start, periodic, 1) == w.end)
			return 0;
		if (d > 0 && match_any(s, w.start, (const char *const[]){ "one", "a", "an", NULL }, 1) == w.end)
			return 1;
		/* "can start only once every five cycles", "4 bytes every 1.1 ns" (twenty-third round: three
		   probe chapters); "fires once every 100 ns" stays a period */
		if (d == 0 && match_word_ci(s, w.start, "once") == w.end) {
			once = 1;
			continue;
		}
		if (d == 1 && is_digit(s->t[w.start]) && parse_number(s, w.start, &num) &&
		    !match_time_unit(s, skip_space(s, num.end)))
			return 1;
		if (is_joiner(s, &w))
			return once;
	}
	return once;
}

/*
 * A calendar span ("10 months", "two days") whose words just before say
 * code runs that long ("would take about 10 months", "ran for 3 days"):
 * a claim, decided by that word. 0 when none does: the span is dropped
 * ("40 years ago", "two core months" are no run times).
 */
static int calendar_run(const struct text *s, struct quantity *q)
{
	static const char *const skip[] = { "about", "around", "roughly", "approximately", "nearly", "almost", "over",
					     "for", "than", "more", "less", "up", "to", "at", "least", "~", NULL };
	/* after a bound: "takes a little bit under a second", "well over an hour" ("runs within 3 days of
	   the upgrade" is a schedule's: not for a calendar span) */
	static const char *const bounded[] = { "about", "around", "roughly", "approximately", "nearly", "almost",
						"over", "for", "than", "more", "less", "up", "to", "at", "least", "~",
						"under", "within", "just", "well", "slightly", "a", "little", "bit", "in",
						NULL }; /* "finishes in under a minute" */
	struct cword w;
	size_t p = q->start, prev, at, len;
	int bound = match_word_ci(s, q->start, "a") || match_word_ci(s, q->start, "an"); /* "an hour" */

	for (int d = 0; d < (bound ? 6 : 4) && prev_cword(s, p, &w, &prev); d++, p = prev) {
		const struct cue *c = cue_of(s, &w, 0, 1, 0, &at, &len);
		if (c && c->cls == CLAIM && c->why == W_RUN) {
			q->cls = QUANTITY_CLAIM;
			q->cue = at, q->cue_len = len, q->cue_span = w.span, q->why = W_RUN;
			return 1;
		}
		if (w.span || match_any(s, w.start, bound ? bounded : skip, 1) != w.end)
			return 0;
	}
	return 0;
}

/* ---- C-reference prose: what makes a value an input or a definition (issue 13, fifth round) ---- */

/* A word that only hedges the value right after it: "about 5 s", "typically 10 ms". */
static int is_hedge(const struct text *s, size_t a, size_t b)
{
	static const char *const hedges[] = { "about", "around", "approximately", "roughly", "nearly", "almost",
					      "typically", "~", NULL };

	return b > a && match_any(s, a, hedges, 1) == b;
}

/* 1 if the context word w is a hedge, a '~' glued to the figure after it too ("from ~12"). */
static int hedge_word(const struct text *s, const struct cword *w)
{
	return !w->span && (is_hedge(s, w->start, w->end) || (w->end == w->start + 1 && s->t[w->start] == '~'));
}

/*
 * A hedge before a figure that continues a claim ("and the 32-bit version about 25", "instead of
 * just 26", "still 7.4", "give only 5.1x"): is_hedge()'s words and the ones that only narrow
 * ("only", "just", "still", "barely", "merely").
 */
static int loose_hedge(const struct text *s, const struct cword *w)
{
	return !w->span && (is_hedge(s, w->start, w->end) ||
			    match_any(s, w->start, (const char *const[]){ "only", "just", "still", "barely", "merely", NULL },
				      1) == w->end);
}

/* 1 if the word at [a, b) bounds the figure after it: "more than", "under", "over", "within". */
static int is_bound(const struct text *s, size_t a, size_t b)
{
	static const char *const bounds[] = { "than", "under", "over", "within", NULL };

	return b > a && match_any(s, a, bounds, 1) == b;
}

/* 1 if q is a claim that only a hedge right before it decided ("to around 35 minutes"). */
static int hedge_claim(const struct text *s, const struct quantity *q)
{
	return q->cls == QUANTITY_CLAIM && q->why == W_MEASURED && !q->cue_span && q->cue + q->cue_len <= q->start &&
	       is_hedge(s, q->cue, q->cue + q->cue_len) && skip_space(s, q->cue + q->cue_len) == q->start;
}

/* Words that join a value to the one it continues: a list, a range, a restatement, and a hedge. */
static const char *const list_words[] = { "to", "and", "or", "through", "respectively", "about", "around",
					  "approximately", "roughly", "nearly", "~", NULL };

/* A byte that may stand between two values of one list: a space, a comma, an opening parenthesis, a sign. */
static int list_byte(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == ',' || c == '(' || c == '+' || c == '-' || c == '\\';
}

/*
 * 1 if [a, b) only joins a value to the one before it, as in "(-0.5s,
 * +0.5s)", "1 microsecond to around 35 minutes", "2147 seconds, about 36
 * minutes": list bytes and list words, at most 32 bytes.
 */
static int continues(const struct text *s, size_t a, size_t b)
{
	size_t e;

	if (b < a || b - a > 32)
		return 0;
	while (a < b) {
		if (list_byte(s->t[a]))
			a++;
		else if ((e = match_any(s, a, list_words, 1)) && e <= b)
			a = e;
		else
			return 0;
	}
	return 1;
}

/* 1 if an apposition ends at p: the text's end, or . , ; : ) after spaces. */
static int apposition_end(const struct text *s, size_t p)
{
	p = skip_space(s, p);
	return p >= s->n || strchr(".,;:)", s->t[p]) != NULL;
}

/*
 * Where the list of bare numbers that the value at p ends starts: "0.01,
 * 0.004, or 0.001 seconds" (and "respectively," before it), "950,000 (0.95
 * seconds)", "the range 0 to 999,999,999 nanoseconds". p when no bare
 * number stands right before the value. At most 12 steps back: bounded.
 */
static size_t list_head(const struct text *s, size_t p)
{
	size_t from = p, q = p, b;
	struct cword w;
	int numbers = 0;

	for (int k = 0; k < 12 && q > 0; k++) {
		while (q > 0 && list_byte(s->t[q - 1]))
			q--;
		/* "300 (i.e., 5 minutes)": a restatement's marker */
		if (q >= 4 && (!memcmp(s->t + q - 4, "i.e.", 4) || !memcmp(s->t + q - 4, "e.g.", 4)) &&
		    !word_char_before(s, q - 4)) {
			q -= 4;
			continue;
		}
		if (q > 0 && is_digit(s->t[q - 1])) {
			for (b = q; b > 0 && (is_digit(s->t[b - 1]) ||
					      ((s->t[b - 1] == ',' || s->t[b - 1] == '.') && b >= 2 && is_digit(s->t[b - 2])));
			     b--)
				;
			if (word_char_before(s, b) || (b > 0 && s->t[b - 1] == '.'))
				break; /* "i386", "INT_MAX", "v1.2": no bare number */
			from = q = b;
			numbers++;
			continue;
		}
		if (q > 0 && prev_cword(s, q, &w, &b) && !w.span && w.end == q && match_any(s, w.start, list_words, 1) == q) {
			if (numbers)
				from = w.start;
			q = w.start;
			continue;
		}
		break;
	}
	return numbers ? from : p;
}

/*
 * A time, rate or cycle count that nothing decided, or only a hedge, and
 * that ends a list of bare numbers ("a jiffies value of, respectively,
 * 0.01, 0.004, or 0.001 seconds") or restates one ("The default value is
 * 1,000,000 (1 second)"): the words around the list's first number decide.
 * 1 if they did.
 */
static int list_decides(const struct text *s, struct quantity *q, int use)
{
	struct found_cue f;
	size_t from;

	if (q->span || (q->cls != QUANTITY_UNSURE && !hedge_claim(s, q)))
		return 0;
	if ((from = list_head(s, q->start)) == q->start || !nearest_cue(s, from, q->start + q->len, use, &f))
		return 0;
	if (q->cls != QUANTITY_UNSURE && f.cue->cls != SPEC)
		return 0;
	q->cls = (enum quantity_class)f.cue->cls;
	set_cue(q, &f);
	return 1;
}

/*
 * A time value nothing decided, in a sentence that states a requirement
 * ("delta must be less than or equal to ... (respectively 2145 and -2145
 * seconds)", the standard's "shall"): a limit. Looks back at most 40 words,
 * within the sentence. 1 if it is one.
 */
static int requirement(const struct text *s, struct quantity *q)
{
	static const char *const words[] = { "must", "shall", NULL };
	struct cword w;

	if (q->cls != QUANTITY_UNSURE || q->span || q->kind != QUANTITY_TIME || !word_before(s, q->start, 40, words, &w))
		return 0;
	decide(q, QUANTITY_SPECIFIED, w.start, w.end - w.start, W_REQUIRE);
	return 1;
}

/*
 * "interpreted as a nanosecond value", "a millisecond timestamp": a unit
 * named, with no number, as the unit of a value gives no figure; and "the
 * 24-hour time", "12-hour time" name a clock convention; "fifths of a
 * millisecond" names a unit by a fraction of one. 1 if q is one.
 */
static int unit_of_value(const struct text *s, struct quantity *q)
{
	static const char *const nouns[] = { "value", "values", "field", "fields", "count", "counts", "counter",
					     "counters", "timestamp", "timestamps", "resolution", "granularity",
					     "precision", "unit", "units", "boundary", "boundaries", "clock", "clocks",
					     "timer", "timers", NULL };
	struct cword w;

	if (q->kind == QUANTITY_TIME && !q->span && (match_lit(s, q->start, "12") || match_lit(s, q->start, "24")) &&
	    (match_word_ci(s, q->start + 2, "-hour") == q->start + q->len ||
	     match_word_ci(s, skip_space(s, q->start + 2), "hour") == q->start + q->len) &&
	    word_after(s, q->start + q->len, &w) && !w.span && match_word_ci(s, w.start, "time") == w.end) {
		/* "the 24-hour time", "12-hour time": a clock convention */
		decide(q, QUANTITY_SPECIFIED, q->start, w.end - q->start, W_CLOCK);
		return 1;
	}
	if (q->kind == QUANTITY_TIME && !q->span && (match_word_ci(s, q->start, "a") || match_word_ci(s, q->start, "an")) &&
	    prev_cword(s, q->start, &w, &(size_t){ 0 }) && !w.span && match_word_ci(s, w.start, "of") == w.end &&
	    prev_cword(s, w.start, &w, &(size_t){ 0 }) && !w.span &&
	    match_any(s, w.start, (const char *const[]){ "halves", "thirds", "quarters", "fifths", "tenths",
							 "hundredths", "thousandths", "millionths", NULL }, 1) == w.end) {
		/* "the units for ESCDELAY are fifths of a millisecond": a unit named by a fraction of one
		   (seventeenth round, ncurses-man) */
		decide(q, QUANTITY_SPECIFIED, w.start, q->start + q->len - w.start, W_UNIT);
		return 1;
	}
	if (q->kind != QUANTITY_TIME || q->span ||
	    !(match_word_ci(s, q->start, "a") || match_word_ci(s, q->start, "an")) ||
	    !word_after(s, q->start + q->len, &w) || w.span || match_any(s, w.start, nouns, 1) != w.end)
		return 0;
	decide(q, QUANTITY_SPECIFIED, w.start, w.end - w.start, W_UNIT);
	return 1;
}

/* "Gray's five minute rule", "the 100 ms rule": a duration that names a rule or a law is a name. 1 if q is one. */
static int rule_name(const struct text *s, struct quantity *q)
{
	static const char *const nouns[] = { "rule", "rules", "law", "laws", "principle", NULL };
	struct cword w;

	if (q->kind != QUANTITY_TIME || q->span || !word_after(s, q->start + q->len, &w) || w.span ||
	    match_any(s, w.start, nouns, 1) != w.end)
		return 0;
	decide(q, QUANTITY_NOT_TIMING, q->start, w.end - q->start, W_NAME);
	return 1;
}

/*
 * "suspends the thread for the given duration, here 1.5 seconds": a noun of
 * running that a word of input qualifies (given, requested, specified,
 * supplied) names an argument. 1 if q's cue is one.
 */
static int given_noun(const struct text *s, struct quantity *q)
{
	static const char *const inputs[] = { "given", "requested", "specified", "supplied", "desired", "chosen",
					      NULL };
	struct cword w;
	size_t prev;

	if (q->cls != QUANTITY_CLAIM || q->why != W_RUN || q->cue_span || !q->cue_len ||
	    !prev_cword(s, q->cue, &w, &prev) || w.span || match_any(s, w.start, inputs, 1) != w.end)
		return 0;
	q->cls = QUANTITY_SPECIFIED;
	q->cue_len = q->cue + q->cue_len - w.start, q->cue = w.start, q->why = W_INPUT;
	return 1;
}

/*
 * "each receive half of the CPU cycles", "5% of the CPU time is reserved
 * for ...": a share of the CPU that something receives, or that is
 * allocated, reserved or guaranteed, is a scheduler's policy, not a
 * measurement. Looks at the three words before the value and after it.
 * 1 if q is one.
 */
static int allotted(const struct text *s, struct quantity *q)
{
	static const char *const verbs[] = { "receive", "receives", "received", "receiving", "allocate", "allocates",
					     "allocated", "allot", "allots", "allotted", "reserve", "reserves",
					     "reserved", "grant", "grants", "granted", "guarantee", "guarantees",
					     "guaranteed", "entitled", "assigned", NULL };
	struct cword w;
	size_t p, next;
	int d;

	if (q->span || (q->cls != QUANTITY_CLAIM && q->cls != QUANTITY_UNSURE) ||
	    (q->kind != QUANTITY_SHARE && !(q->kind == QUANTITY_SPEEDUP && s->t[q->start + q->len - 1] == '%')))
		return 0;
	for (d = 0, p = q->start; d < 3 && prev_cword(s, p, &w, &next); d++, p = next)
		if (!w.span && match_any(s, w.start, verbs, 1) == w.end)
			goto found;
	/* "speed up compilation by 5% if you allocate its code on huge pages": the amount of a change, and a
	   verb of another clause (seventeenth round, dendibakh-blog) */
	if (by_amount(s, q->start))
		return 0;
	for (d = 0, p = q->start + q->len; d < 3 && next_cword(s, p, &w, &next); d++, p = next) {
		if (!w.span && match_any(s, w.start, (const char *const[]){ "if", "when", "unless", "because", "since",
									  "while", "once", NULL }, 1) == w.end)
			break;
		if (!w.span && match_any(s, w.start, verbs, 1) == w.end)
			goto found;
	}
	return 0;
found:
	decide(q, QUANTITY_SPECIFIED, w.start, w.end - w.start, W_ALLOT);
	return 1;
}

/*
 * The value of a time quantity "1,000,000 microseconds", "1 second", "2.5
 * ms" in seconds; 0 when it is no such plain figure (a range, a number
 * word, a compound).
 */
static int seconds_of(const struct text *s, const struct quantity *q, double *v, double *scale)
{
	static const struct {
		const char *unit;
		double scale;
	} units[] = { { "ns", 1e-9 },	      { "nsec", 1e-9 },	       { "nanosecond", 1e-9 }, { "nanoseconds", 1e-9 },
		      { "us", 1e-6 },	      { "usec", 1e-6 },	       { "microsecond", 1e-6 }, { "microseconds", 1e-6 },
		      { "ms", 1e-3 },	      { "msec", 1e-3 },	       { "millisecond", 1e-3 }, { "milliseconds", 1e-3 },
		      { "s", 1 },	      { "sec", 1 },	       { "secs", 1 },		{ "second", 1 },
		      { "seconds", 1 },	      { "min", 60 },	       { "mins", 60 },		{ "minute", 60 },
		      { "minutes", 60 },      { "h", 3600 },	       { "hr", 3600 },		{ "hour", 3600 },
		      { "hours", 3600 } };
	size_t p = q->start, e = q->start + q->len;
	double x = 0, frac = 0.1;

	if (p >= e || !is_digit(s->t[p]))
		return 0;
	for (; p < e && (is_digit(s->t[p]) || (s->t[p] == ',' && p + 1 < e && is_digit(s->t[p + 1]))); p++)
		if (s->t[p] != ',')
			x = x * 10 + (s->t[p] - '0');
	if (p + 1 < e && s->t[p] == '.' && is_digit(s->t[p + 1]))
		for (p++; p < e && is_digit(s->t[p]); p++, frac /= 10)
			x += (s->t[p] - '0') * frac;
	p = skip_space(s, p);
	for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
		if (match_word_(s, p, units[i].unit, 0) == e) {
			*v = x * units[i].scale;
			*scale = units[i].scale;
			return 1;
		}
	}
	return 0;
}

/*
 * 1 if a and b are one duration in two units ("1,000,000 microseconds, or 1
 * second"): equal within 2%, their units not the same ("5 sec, 5 sec" is a list).
 */
static int same_duration(const struct text *s, const struct quantity *a, const struct quantity *b)
{
	double x, y, xs, ys;

	return seconds_of(s, a, &x, &xs) && seconds_of(s, b, &y, &ys) && x > 0 && y > 0 && xs != ys &&
	       (x > y ? x - y : y - x) <= 0.02 * (x > y ? x : y);
}

/* After e, "from run to run", "between runs" or "across runs": its end, or 0. */
static size_t run_to_run(const struct text *s, size_t e)
{
	size_t p = skip_space(s, e), f;

	if ((f = match_word_ci(s, p, "from")) && (f = match_word_ci(s, skip_space(s, f), "run")) &&
	    (f = match_word_ci(s, skip_space(s, f), "to")) && (f = match_word_ci(s, skip_space(s, f), "run")))
		return f;
	return ((f = match_word_ci(s, p, "between")) || (f = match_word_ci(s, p, "across"))) &&
			       (f = match_any(s, skip_space(s, f), (const char *const[]){ "runs", "repetitions", "reruns", NULL },
					      1)) && !word_char_at(s, f) ?
		       f :
		       0;
}

/*
 * 1 if w is a word of a change of speed: a percentage a spread between runs follows or precedes is
 * then the change, held across the runs ("The speedup averages 15% across runs", "wins by 10% across
 * runs", "The improvement across runs was 15%": an attacker's review). Not words of running: "A
 * spread between runs (about 3% from run to run)" names runs, no change.
 */
static int gain_word(const struct text *s, const struct cword *w)
{
	static const char *const words[] = { "speedup", "speed-up", "speedups", "faster", "slower", "gain", "gains",
					     "win", "wins", "won", "save", "saves", "saved", "cut", "cuts", "throughput",
					     "latency", "advantage", "cost", "costs", "slowdown", "slow-down", "penalty",
					     "overhead", "time", "improvement", "improvements", "improves", "improved",
					     "improve", "reduction", "reduces", "reduced", "regression", "regressed", NULL };

	return !w->span && match_any(s, w->start, words, 1) == w->end;
}

/* 1 if a word of a change of speed (gain_word()) stands in the sentence before p. */
static int gain_before(const struct text *s, size_t p)
{
	struct cword w;
	size_t next;

	for (int d = 0; d < 25 && prev_cword(s, p, &w, &next); d++, p = next)
		if (gain_word(s, &w))
			return 1;
	return 0;
}

/*
 * A spread between runs, the measurement's noise, not a speed: "hedged by ~5% from run to run",
 * "varies by about 3% between runs" (after the percentage, which only a hedge decided, with no word of
 * change before it: "The speedup averages 15% across runs", "wins by 10% across runs" stay claims),
 * "The spread from run to run was under 1.5%", "the variation between runs on an unpinned machine was
 * 10-12%" (named before it in its clause, no word of change there or a claim's word after it: "The
 * improvement across runs was 15%" stays one) (twenty-second round: an HPC author's chapters, a new
 * author's review, two attackers'). Where the words that say so start, and *len; or 0.
 */
static size_t run_spread(const struct text *s, const struct quantity *q, size_t *len)
{
	struct cword w = { .start = q->start };
	size_t e = q->start + q->len, r, pv, at = 0;

	if ((r = run_to_run(s, e)) && q->why == W_MEASURED && !gain_before(s, q->start)) {
		*len = r - skip_space(s, e);
		return skip_space(s, e);
	}
	if (q->cue_span)
		return 0;
	for (int d = 0; d < 8 && prev_cword(s, w.start, &w, &pv) && !w.span; d++) {
		if (gain_word(s, &w))
			return 0;
		if (stops_clause(s, w.end))
			break;
		if (match_any(s, w.start, (const char *const[]){ "from", "between", "across", NULL }, 1) == w.end &&
		    (r = run_to_run(s, w.start > 0 ? w.start - 1 : 0)))
			at = w.start, *len = r - w.start;
	}
	return at && !match_claim(s, skip_space(s, e)) ? at : 0;
}

/*
 * A change says what changed: a factor or a percentage joined to a comparative of size ("30% smaller",
 * "2x larger"), or a change that only a hedge decided ("by about 66%") in a clause that names memory or
 * size and no speed ("heap memory consumption ... reduced by about 66%", "reduce the size of the code by
 * around 35%"), is a change of size, whatever speed word stands in the next clause. 1 if it is.
 */
static int size_change(const struct text *s, struct quantity *q)
{
	static const char *const sizes[] = { "memory", "size", "sizes", "heap", "footprint", "rss", NULL };
	static const char *const speeds[] = { "time", "speed", "speedup", "faster", "slower", "latency",
					      "throughput", "performance", "score", "scores", "runtime", NULL };
	struct cword w;
	size_t p = q->start, prev, e = q->start + q->len, b = e;
	size_t at = 0, len = 0;

	if (q->kind != QUANTITY_SPEEDUP)
		return 0;
	while (b > q->start && is_alpha(s->t[b - 1]))
		b--;
	if (b < e && match_any(s, b, (const char *const[]){ "smaller", "larger", "bigger", NULL }, 1) == e) {
		decide(q, QUANTITY_NOT_TIMING, b, e - b, W_SIZE);
		return 1;
	}
	/* "the list now takes 1.6 bytes per integer, 15% more than before": a percentage set after an amount
	   of data by a comma is a change of that amount (twenty-second round, an HPC author's chapters) */
	if (b < e && match_any(s, b, (const char *const[]){ "more", "less", "fewer", NULL }, 1) == e) {
		size_t r = q->start;
		while (r > 0 && space_at(s, r - 1))
			r--;
		size_t back = r > 0 ? r - 1 : 0;
		if (r > 0 && s->t[r - 1] == ',')
			for (int d = 0; d < 4 && prev_cword(s, back, &w, &prev) && !w.span; d++, back = prev) {
				if (match_any(s, w.start, speeds, 1) == w.end || stops_clause(s, w.end) ||
				    match_time_unit(s, w.start) == w.end)
					break; /* "Copying 1 GB takes 80 ms, 15% more than memcpy": of the time */
				if (match_any(s, w.start, (const char *const[]){ "bytes", "byte", "bits", "KB", "MB", "GB",
										"kB", "KiB", "MiB", "GiB", NULL }, 0) == w.end &&
				    (w.end >= s->n || s->t[w.end] != '/')) {
					decide(q, QUANTITY_NOT_TIMING, w.start, w.end - w.start, W_SIZE);
					return 1;
				}
			}
	}
	if (q->why != W_MEASURED || s->t[e - 1] != '%')
		return 0;
	for (int d = 0; d < 16 && prev_cword(s, p, &w, &prev); d++, p = prev) {
		if (comma_between(s, w.end, p))
			break;
		for (size_t i = w.end; i < p; i++)
			if (stops_clause(s, i))
				return 0;
		if (w.span)
			continue;
		if (match_any(s, w.start, speeds, 1) == w.end)
			return 0;
		if (!len && match_any(s, w.start, sizes, 1) == w.end)
			at = w.start, len = w.end - w.start;
	}
	if (!len)
		return 0;
	decide(q, QUANTITY_NOT_TIMING, at, len, W_SIZE);
	return 1;
}

/*
 * "max_idle_ns: 881591204237 ns", "min_delay=5 ms": a value printed after
 * an identifier that opens with max_ or min_ is the bound the program holds
 * under that name, as a C constant so named is, a specified duration; a
 * measured statistic is printed under a plain "max" or "Max:" beside its min
 * and average, or with the word last ("lat_max"), and stays undecided
 * (fifteenth round). 1 if q is one.
 */
/* 1 if the word at w may stand between a range's "from" or "to" and its figure ("from less than a
   second", "to more than 8 hours", "from about 10 ms"). */
static int range_filler(const struct text *s, const struct cword *w)
{
	static const char *const words[] = { "less", "more", "than", "about", "around", "approximately", "roughly",
					     "nearly", "almost", "just", "under", "over", "a", "an", "~", NULL };

	return !w->span && match_any(s, w->start, words, 1) == w->end;
}

/*
 * "Works on pulses from 10 microseconds to 3 minutes in length", "ranging from less than a second to
 * more than 8 hours", "a working set of between 30 seconds and 5 minutes": the ends of a range that
 * no word near calls a run's time give the values an
 * interface takes or a table holds, a definition (nineteenth round, arduino-ref, tcmalloc-docs; "the
 * run time went from 10 s to 2 s" is decided by its words first). 1 if q is one.
 */
static int unsure_range(const struct text *s, struct quantity *q)
{
	static const char *const changes[] = { "went", "go", "goes", "gone", "going", "grew", "grow", "grows",
					       "dropped", "drops", "drop", "fell", "falls", "rose", "rises", "increased",
					       "increases", "decreased", "decreases", "reduced", "reduces", "reducing",
					       "improved", "improves", "shrank", "shrinks", "cut", "cuts", "sped", "jumped",
					       "climbed", "moved", "came", "slashed", "brought", "bringing", "down", "up",
					       "improvement", "reduction", "speedup", "varies", "vary", "varied", "varying",
					       NULL };
	static const char *const defines[] = { "range", "ranges", "ranging", "ranged", "work", "works", "working",
					       "accept", "accepts", "accepted", "valid", "support", "supports",
					       "supported", "allow", "allows", "allowed", "value", "values", "configurable",
					       "adjustable", "window", "windows", NULL };
	struct cword w, v;
	size_t p = q->start, prev, next, e = q->start + q->len, from_at = 0, r;
	int from = 0, to = 0, between = 0, defined = 0;

	if (q->kind != QUANTITY_TIME || q->span)
		return 0;
	for (int d = 0; d < 4 && prev_cword(s, p, &w, &prev); d++, p = prev) {
		if (!w.span && (match_word_ci(s, w.start, "from") == w.end || match_word_ci(s, w.start, "between") == w.end)) {
			from = 1;
			from_at = w.start;
			between = match_word_ci(s, w.start, "between") == w.end;
			break;
		}
		if (!w.span && (match_word_ci(s, w.start, "to") == w.end || match_word_ci(s, w.start, "and") == w.end)) {
			/* the second end: its "from" ("between") a few words before the "to" ("and") */
			const char *opener = match_word_ci(s, w.start, "to") == w.end ? "from" : "between";
			r = prev;
			for (int k = 0; k < 8 && prev_cword(s, r, &v, &r); k++)
				if (!v.span && match_word_ci(s, v.start, opener) == v.end) {
					/* its first end a figure: "from Python to C brought each call to 12 ms" is none */
					size_t g = v.end;
					struct cword u;
					for (int j = 0; j < 4 && next_cword(s, g, &u, &g); j++) {
						if (!u.span && (is_digit(s->t[u.start]) || match_time_unit(s, u.start) ||
								number_word(s, u.start))) {
							from = to = 1;
							break;
						}
						if (!range_filler(s, &u))
							break;
					}
					from_at = v.start;
					break;
				}
			break;
		}
		if (!range_filler(s, &w))
			return 0;
	}
	if (!from)
		return 0;
	/* "went from 10 s to 2 s", "decreases execution time from 8.5 seconds to", "latency varies from": a
	   change or a spread of what was measured, or a word of performance, before the range */
	r = from_at;
	for (int d = 0; d < 6 && prev_cword(s, r, &v, &r); d++) {
		size_t at, len;
		const struct cue *c;
		if (v.span)
			return 0;
		if (match_any(s, v.start, changes, 1) == v.end)
			return 0;
		if ((c = cue_of(s, &v, 0, 1, (size_t)d, &at, &len)) && c->cls == CLAIM)
			return 0;
		/* a word that says the range is what an interface takes or a table holds: "ranging from",
		   "works on pulses from", "a working set of between", "accepts values from"; none, and the
		   range may be a measure's ("a lookup is anywhere from 50 ns to 400 ns") */
		if (match_any(s, v.start, defines, 1) == v.end)
			defined = 1;
	}
	if (!defined)
		return 0;
	if (!to) {
		/* the first end: "to" after it, then a figure within a few words */
		if (!next_cword(s, e, &w, &next) || w.span || match_word_ci(s, w.start, between ? "and" : "to") != w.end)
			return 0;
		p = w.end;
		for (int d = 0; d < 4 && next_cword(s, p, &w, &next); d++, p = next) {
			if (!w.span && is_digit(s->t[w.start])) {
				to = 1;
				break;
			}
			if (!range_filler(s, &w))
				return 0;
		}
		if (!to)
			return 0;
	}
	decide(q, QUANTITY_SPECIFIED, from_at, 4, W_LIMIT);
	return 1;
}

static int bound_name(const struct text *s, struct quantity *q)
{
	size_t b = back_over_blanks(s, q->start), e;

	if (b == 0 || (s->t[b - 1] != ':' && s->t[b - 1] != '='))
		return 0;
	e = --b;
	while (b > 0 && e - b < 40 && (is_alpha(s->t[b - 1]) || is_digit(s->t[b - 1]) || s->t[b - 1] == '_'))
		b--;
	if (e - b < 5 || !memchr(s->t + b, '_', e - b))
		return 0;
	if (s->t[b + 3] != '_' || !(match_lit(s, b, "max") || match_lit(s, b, "min") || match_lit(s, b, "MAX") ||
				     match_lit(s, b, "MIN")))
		return 0;
	decide(q, QUANTITY_SPECIFIED, b, e - b, W_LIMIT);
	return 1;
}

/*
 * A hedge says a figure is approximate, not what it measures: a percentage
 * that only a hedge decided, given as the value of a noun ("a brightness of
 * about 22%", "the ratio is roughly 40%") measures that noun, and when the
 * noun is no word of time, speed, cost or change it is no time (fifteenth
 * round). What follows the percentage still speaks first ("about 22% of the
 * run"). 1 if q is such a value.
 */
static int measure_of(const struct text *s, struct quantity *q)
{
	static const char *const links[] = { "of", "is", "was", "are", "were", NULL };
	static const char *const pronouns[] = { "which", "that", "this", "these", "those", "there", "what", "share",
						"fraction", "proportion", "percentage", "portion", "part", NULL };
	struct cword w;
	size_t prev, at, len, e = q->start + q->len;

	if (q->kind != QUANTITY_SPEEDUP || s->t[e - 1] != '%' || !hedge_claim(s, q))
		return 0;
	if (match_word_ci(s, skip_space(s, e), "of"))
		return 0;
	if (!prev_cword(s, q->cue, &w, &prev) || w.span)
		return 0;
	if (match_word_ci(s, w.start, "or") == w.end) {
		/* "a brightness of pow(0.5, 2.2) or about 22%": the percentage restates the value before "or", a
		   call or a number; the noun is that value's */
		size_t b = back_over_blanks(s, w.start);
		if (b > 0 && s->t[b - 1] == ')') {
			size_t o = b - 1;
			while (o > 0 && b - o < 40 && s->t[o] != '(')
				o--;
			if (s->t[o] != '(')
				return 0;
			b = o;
			while (b > 0 && (is_alpha(s->t[b - 1]) || is_digit(s->t[b - 1]) || s->t[b - 1] == '_'))
				b--;
		} else {
			while (b > 0 && (is_digit(s->t[b - 1]) || s->t[b - 1] == '.'))
				b--;
		}
		if (b == w.start || !prev_cword(s, b, &w, &prev) || w.span)
			return 0;
	}
	if (match_any(s, w.start, links, 1) != w.end)
		return 0;
	if (!prev_cword(s, w.start, &w, &prev) || w.span || w.end - w.start < 4 || !is_alpha(s->t[w.start]) ||
	    match_any(s, w.start, pronouns, 1) == w.end)
		return 0;
	for (size_t i = w.start; i < w.end; i++)
		if (!is_alpha(s->t[i]))
			return 0;
	/* no word of speed, cost or change in the noun or the clause before it ("the average overhead of
	   sampling is about 5%", "an increase in performance of the benchmark overall of about 17%"); a
	   difference is one of speed here, though "difference of" names what differs for a factor */
	{
		struct cword v;
		size_t p = w.end, pv;
		for (int d = 0; d < 16 && prev_cword(s, p, &v, &pv); d++, p = pv) {
			if (comma_between(s, v.end, p))
				break;
			if (v.span)
				continue;
			if (perf_word(s, &v, &at, &len) || match_word_ci(s, v.start, "difference") == v.end)
				return 0;
		}
	}
	decide(q, QUANTITY_NOT_TIMING, w.start, w.end - w.start, W_MEASURE_OF);
	return 1;
}

/*
 * A bare whole number that a metric's name led to ("Speedometer ... 60") is no value of it when it is a
 * year ("from 2013 to 2018": four digits, 1900-2099, after a word of a span of time) or a product's
 * version: the number right after a capitalized name that is not the metric ("Chrome 60"), or joined to
 * such a number ("Chrome 60 and 64"). 1 if it is one.
 */
static int year_or_version(const struct text *s, struct quantity *q)
{
	static const char *const spans[] = { "from", "to", "since", "in", "until", "between", "and", "through",
					     NULL };
	struct cword w, v;
	size_t prev, prev2, n = q->len;

	for (size_t i = q->start; i < q->start + q->len; i++)
		if (!is_digit(s->t[i]))
			return 0;
	if (!prev_cword(s, q->start, &w, &prev) || w.span)
		return 0;
	if (n == 4 && (match_lit(s, q->start, "19") || match_lit(s, q->start, "20")) &&
	    match_any(s, w.start, spans, 1) == w.end) {
		decide(q, QUANTITY_NOT_TIMING, w.start, w.end - w.start, W_VERSION);
		return 1;
	}
	if (match_any(s, w.start, (const char *const[]){ "and", "to", "or", "vs", NULL }, 1) == w.end &&
	    prev_cword(s, prev, &v, &prev2) && !v.span && is_digit(s->t[v.start]) && v.end - v.start <= 3) {
		w = v;
		if (!prev_cword(s, prev2, &w, &prev) || w.span)
			return 0;
	}
	if (w.start != q->cue && w.end - w.start >= 3 && s->t[w.start] >= 'A' && s->t[w.start] <= 'Z' &&
	    s->t[w.start + 1] >= 'a' && s->t[w.start + 1] <= 'z' && !(q->cue >= w.start && q->cue < w.end)) {
		decide(q, QUANTITY_NOT_TIMING, w.start, w.end - w.start, W_VERSION);
		return 1;
	}
	return 0;
}

/*
 * "a 10 Gbit/s NIC", "a 1 Gbit/s network", "their 50Gb/s NICs": a rate in
 * bits per second standing right before a noun of a network link names the
 * link's kind, its nominal line speed, a setting like a serial line's baud
 * ("110 bps"), not how fast code ran. Bytes per second ("a 100MB/s disk")
 * and a rate followed by anything else ("100Gb/s of network bandwidth") are
 * left as they are (eighth round). 1 if q is one.
 */
static int link_speed(const struct text *s, struct quantity *q)
{
	static const char *const links[] = { "link", "links", "nic", "nics", "network", "networks", "networking",
					     "ethernet", "uplink", "uplinks", "port", "ports", "interface", "interfaces",
					     "card", "cards", "connection", "connections", "line", "lines", NULL };
	struct cword w;
	size_t e = q->start + q->len, u = q->start;
	int bits = 0;

	if (q->kind != QUANTITY_RATE || q->span)
		return 0;
	while (u < e && (is_digit(s->t[u]) || s->t[u] == '.' || s->t[u] == ',' || s->t[u] == ' '))
		u++;
	/* the unit: Gbit/s, Mbit/s, Gbps, Mbps, Gb/s, kb/s (a lowercase b is a bit) */
	if (u + 1 < e && strchr("kKMGT", s->t[u]) && s->t[u + 1] == 'b')
		bits = 1;
	if (!bits || !word_after(s, e, &w) || w.span)
		return 0;
	if (match_any(s, w.start, (const char *const[]){ "one", "ones", NULL }, 1) == w.end) {
		/* "within a 10 Gbit/s link, but not a 1 Gbit/s one": "one" is the link named just before */
		struct cword v;
		size_t p = q->start, prev;
		for (int d = 0; d < 12 && prev_cword(s, p, &v, &prev); d++, p = prev) {
			if (memchr(s->t + v.end, '.', p - v.end))
				return 0;
			if (!v.span && match_any(s, v.start, links, 1) == v.end)
				goto link;
		}
		return 0;
	}
	if (match_any(s, w.start, links, 1) != w.end)
		return 0;
link:
	decide(q, QUANTITY_SPECIFIED, q->start, w.end - q->start, W_LINK);
	return 1;
}

/*
 * 'For example "15s" means that the event happened 15 seconds ago', '"60"
 * means 60 times per second': a value quoted and then defined ("means",
 * "stands for", "represents") is a notation the text explains, not a
 * figure (eighth round). 1 if q is one.
 */
static int defined_notation(const struct text *s, struct quantity *q)
{
	size_t a = q->start, e = q->start + q->len;
	struct cword w;

	if (q->span)
		return 0;
	/* an opening quote right before, a closing one right after: " or the curly pair */
	if (a >= 1 && s->t[a - 1] == '"' && e < s->n && s->t[e] == '"')
		e += 1;
	else if (a >= 3 && !memcmp(s->t + a - 3, "\xe2\x80\x9c", 3) && e + 3 <= s->n && !memcmp(s->t + e, "\xe2\x80\x9d", 3))
		e += 3;
	else
		return 0;
	if (!word_after(s, e, &w) || w.span ||
	    match_any(s, w.start, (const char *const[]){ "means", "stands", "represents", "denotes", NULL }, 1) != w.end)
		return 0;
	decide(q, QUANTITY_SPECIFIED, w.start, w.end - w.start, W_NOTATION);
	return 1;
}

/*
 * "roughly 45 ms of cushion before audio would stutter", "200ms of slop":
 * a duration of a reserve is how much room a design leaves (a buffer's
 * length, a timer's slack), not how long code ran; a hedge does not make
 * it a measurement (eighth round). 1 if q is one.
 */
static int reserve_of(const struct text *s, struct quantity *q)
{
	static const char *const reserves[] = { "cushion", "slack", "slop", "headroom", "leeway", "buffer",
						"buffering", NULL };
	struct cword w, n;

	if (q->kind != QUANTITY_TIME || q->span || !word_after(s, q->start + q->len, &w) || w.span ||
	    match_word_ci(s, w.start, "of") != w.end || !word_after(s, w.end, &n) || n.span ||
	    match_any(s, n.start, reserves, 1) != n.end)
		return 0;
	decide(q, QUANTITY_SPECIFIED, n.start, n.end - n.start, W_RESERVE);
	return 1;
}

/*
 * 1 if the context word w is a word of grammar (an article, a preposition,
 * a conjunction, a copula, a hedge, a quantifier, a pronoun): a figure after one of
 * these is an amount ("after 3h", "is 2.5", "about 2h"); after any other
 * word, with nothing between, it may be a name that word gives an item.
 */
static int grammar_word(const struct text *s, const struct cword *w)
{
	static const char *const words[] = { "a", "an", "the", "of", "in", "at", "on", "to", "for", "after", "before",
					     "by", "than", "within", "about", "around", "over", "under", "every",
					     "each", "per", "up", "down", "from", "until", "till", "and", "or", "but",
					     "is", "was", "are", "were", "be", "been", "being", "only", "just", "nearly",
					     "almost", "roughly", "approximately", "some", "another", "next", "last",
					     "first", "least", "most", "more", "less", "like", "as", "into", "with",
					     "without", "between", "below", "above", "past", "via", "reaches",
					     "reached", "reach", "becomes", "became", "equals", "equal", "gives", "gave",
					     "get", "gets", "got", "remains", "stays", "still", "even", "also", "then",
					     "now", "so", "it's", "that's", "there's", "here's", "i", "you", "we", "they",
					     "it", "he", "she", "this", "that", "these", "those", NULL };
	return w->span || match_any(s, w->start, words, 1) == w->end;
}

/*
 * "mode 13h", "INT 33h", "a gameport via BIOS INT 15h": a whole number glued
 * to 'h' right after a word that is not one of grammar, only spaces
 * between, names the item that word names, in an assembler's hexadecimal
 * notation (a video mode, an interrupt, a register), not a count of hours
 * ("after 3h", "about 2h", "took 1h": a word of grammar, a hedge or a word
 * of running before it). Only a value nothing near decided. 1 if q is one.
 */
static int hex_name(const struct text *s, struct quantity *q)
{
	struct cword w;
	size_t prev, e = q->start + q->len, p;

	if (q->kind != QUANTITY_TIME || q->cls != QUANTITY_UNSURE || q->span || q->len < 2 || s->t[e - 1] != 'h')
		return 0;
	for (p = q->start; p < e - 1; p++)
		if (!is_digit(s->t[p]))
			return 0;
	/* a word of one letter names nothing: the "s" of a contraction an entity split ("it&rsquo;s 1h") */
	if (!prev_cword(s, q->start, &w, &prev) || w.span || w.end - w.start < 2 || grammar_word(s, &w) ||
	    !is_alpha(s->t[w.start]))
		return 0;
	for (p = w.end; p < q->start; p++)
		if (s->t[p] != ' ')
			return 0;
	decide(q, QUANTITY_NOT_TIMING, w.start, e - w.start, W_HEX);
	return 1;
}

/*
 * "Assume the toy processor issues one instruction per cycle", "(You can
 * assume every load takes 2 cycles.)", "For this lab, suppose each request
 * takes 10 ms", "Let's say a miss costs 100 cycles": a sentence that opens
 * by asking the reader to suppose sets up a model (an exercise's machine, a
 * scheduler's parameters), and its figures are the model's givens, not how
 * fast code ran (issue 13, twelfth round). The verb (assume, suppose,
 * imagine, pretend; "say" after "let's" or "let us", not alone: "Say your
 * mark cost is 20%" is a talk's figure) opens the sentence, after
 * at most three words of a subject and a modal ("you can", "we will", "let
 * us") or a lead phrase of at most five words that a comma closes ("For
 * this lab,"); so does "Given a" (an instance set up: "Given a monitor set
 * to 200% scaling"; "Given the ..." and "Given that ..." state a fact, and
 * "consider a test with these measurements" supposes a run: a claim). A
 * condition is no such frame: "if the loop took 10 s" (a
 * hypothetical result) and "assuming a 3 GHz clock, that is 30 ns" (a
 * conversion) stay as their words decide, and so does a supposed result
 * ("Suppose we measured the loop at 3 ms": a word of measuring, a result,
 * a benchmark or an observation before the value). Looks back at most 60
 * words for the sentence's start. 1 if q is one.
 */
/*
 * 1 if the sentence whose first word starts at p places what it says on a
 * real machine (the words from "on" at *at, *len bytes): "on" then, within three words, a machine, computer, laptop
 * or hardware that is the reader's, the writer's or the course's ("on your
 * machine", "on my laptop", "on the lab machine", "on this computer", "on
 * real hardware"); not "on a machine with 4 cores", which sets one up.
 */
static int on_real_machine(const struct text *s, size_t p, size_t *at, size_t *len)
{
	static const char *const owners[] = { "your", "my", "our", "this", "real", "actual", "lab", "test", NULL };
	static const char *const machines[] = { "machine", "machines", "computer", "computers", "laptop", "desktop",
						"hardware", NULL };
	struct cword w;
	size_t next;
	int on = -1, owner = 0;

	for (int d = 0; d < 80 && next_cword(s, p, &w, &next); d++, p = next) {
		if (w.span)
			continue;
		if (match_word_ci(s, w.start, "on") == w.end) {
			on = d, owner = 0;
			*at = w.start;
			continue;
		}
		if (on < 0 || d - on > 3)
			continue;
		if (match_any(s, w.start, owners, 1) == w.end)
			owner = 1;
		else if (owner && match_any(s, w.start, machines, 1) == w.end) {
			*len = w.end - *at;
			return 1;
		}
	}
	return 0;
}

static int supposed(const struct text *s, struct quantity *q)
{
	static const char *const verbs[] = { "assume", "suppose", "imagine", "pretend", NULL };
	static const char *const subjects[] = { "you", "we", "can", "may", "might", "could", "should", "must", "will",
						"shall", "let", "let's", "us", "we'll", "you'll", "also", "now", "just",
						"simply", "safely", "further", "then", "and", "so", NULL };
	struct cword words[8] = { { 0 } }, w;
	size_t p = q->start, prev;
	int d = 0, n, lead;

	for (; d < 60 && prev_cword(s, p, &w, &prev); d++, p = prev) {
		char low[16];
		memmove(words + 1, words, sizeof words - sizeof words[0]);
		words[0] = w;
		/* "Suppose we measured the loop at 3 ms": a supposed result is what ran, a claim */
		if (!w.span && w.end - w.start >= 6 && w.end - w.start < sizeof low) {
			lower_copy(low, s->t + w.start, w.end - w.start);
			if (!strncmp(low, "measur", 6) || !strncmp(low, "result", 6) || !strncmp(low, "benchm", 6) ||
			    !strncmp(low, "observ", 6))
				return 0;
		}
	}
	if (d == 60 || d < 2)
		return 0;
	n = d < 8 ? d : 8;
	/* a lead phrase its comma closes: "For this lab, suppose ..."; or its colon: "Note: assume ..." */
	for (lead = 1; lead < n && lead <= 5; lead++)
		if (comma_between(s, words[lead - 1].end, words[lead].start) ||
		    memchr(s->t + words[lead - 1].end, ':', words[lead].start - words[lead - 1].end))
			break;
	for (int from = 0; from < 2; from++) {
		int first = from ? lead : 0, i = first;
		if (from && (lead >= n || lead > 5))
			break;
		for (int k = 0; k < 3 && i < n && !words[i].span && match_any(s, words[i].start, subjects, 1) == words[i].end;
		     k++)
			i++;
		if (i >= n || words[i].span || words[i].end > q->start)
			continue;
		/* "Given a window on a monitor set to 200% scaling, ...": an instance set up ("the"/"that": a
		   fact, "Given the work a server does in a few hundred microseconds" states one; "consider a
		   performance test with the following measurements: 5 sec, ..." supposes a run, a claim) */
		if (i + 1 < n && !words[i + 1].span && match_word_ci(s, words[i].start, "given") == words[i].end &&
		    (match_word_ci(s, words[i + 1].start, "a") == words[i + 1].end ||
		     match_word_ci(s, words[i + 1].start, "an") == words[i + 1].end)) {
			decide(q, QUANTITY_SPECIFIED, words[i].start, words[i + 1].end - words[i].start, W_SUPPOSED);
			return 1;
		}
		if (match_any(s, words[i].start, verbs, 1) == words[i].end ||
		    (match_word_ci(s, words[i].start, "say") == words[i].end &&
		     i > first && (match_word_ci(s, words[i - 1].start, "let's") == words[i - 1].end ||
				   match_word_ci(s, words[i - 1].start, "us") == words[i - 1].end))) {
			/* "Assume the blocked version is 4x faster on your machine too": a run on a real machine
			   the reader is asked to take on trust, a claim; "Assume your computer executes 10^9
			   instructions per second" sets a model's machine up */
			size_t on_at = 0, on_len = 0;
			if (on_real_machine(s, words[0].start, &on_at, &on_len)) {
				decide(q, QUANTITY_CLAIM, on_at, on_len, W_REAL_MACHINE);
				return 1;
			}
			/* "let's assume the worst case for a typical broadband connection: a DNS lookup (50 ms)":
			   what is typical of real systems, figures a reader would want a source for (fourteenth
			   round) */
			struct cword t;
			size_t r = words[i].end, after;
			for (int k = 0; k < 60 && next_cword(s, r, &t, &after) && t.start < q->start; k++, r = after) {
				if (!t.span && match_word_ci(s, t.start, "typical") == t.end) {
					decide(q, QUANTITY_CLAIM, t.start, t.end - t.start, W_TYPICAL);
					return 1;
				}
			}
			decide(q, QUANTITY_SPECIFIED, words[i].start, words[i].end - words[i].start, W_SUPPOSED);
			return 1;
		}
	}
	return 0;
}

/*
 * "K 1s", "padding 0s", "a string of 1s and 0s": a 0 or a 1 with an "s" glued
 * to it that nothing decided is the plural of a digit, not a zero or
 * one-second duration (a second that a word of running or waiting decides
 * stays one: "took 1s"). 1 if q is one.
 */
static int binary_digits(const struct text *s, struct quantity *q)
{
	static const char *const counts[] = { "of", "padding", "leading", "trailing", "all", "many", "and", "or",
					      "with", NULL };
	struct cword w;
	size_t prev, e = q->start + q->len;

	/* nothing decided, or only a run, which bits come in ("the L 1s of the run flip") */
	int run = q->cls == QUANTITY_CLAIM && !q->cue_span && q->cue_len >= 3 && q->cue_len <= 4 &&
		  (match_word_ci(s, q->cue, "run") || match_word_ci(s, q->cue, "runs"));
	if ((q->cls != QUANTITY_UNSURE && !run) || q->span || q->kind != QUANTITY_TIME || q->len != 2 ||
	    (s->t[q->start] != '0' && s->t[q->start] != '1') || s->t[q->start + 1] != 's')
		return 0;
	/* what names digits: the other digit ("1s and 0s", "1s-and-0s"), or a count or word of strings before
	   ("K 1s", "N-K 0s", "padding 0s", "a string of 1s"); "close to 1s" is a second */
	if (e < s->n && (s->t[e] == '-' || s->t[e] == ' ')) {
		size_t a = e + 1, f = match_word_ci(s, a, "and");
		if (!f)
			f = match_word_ci(s, a, "or");
		if (!f)
			f = match_word_ci(s, a, "to"); /* "a run of 0s to 1s" */
		if (f && f < s->n && (s->t[f] == '-' || s->t[f] == ' ') && f + 2 < s->n &&
		    (s->t[f + 1] == '0' || s->t[f + 1] == '1') && s->t[f + 2] == 's' && !word_char_at(s, f + 3))
			goto digits;
	}
	if (!prev_cword(s, q->start, &w, &prev) || w.span)
		return 0;
	int var = w.end - w.start <= 5; /* a variable: "K", "N-K" */
	for (size_t k = w.start; var && k < w.end; k++)
		var = (s->t[k] >= 'A' && s->t[k] <= 'Z') || s->t[k] == '-' || (w.end - w.start == 1 && is_alpha(s->t[k]));
	if (!var && !is_digit(s->t[w.end - 1]) && match_any(s, w.start, counts, 1) != w.end)
		return 0;
digits:
	decide(q, QUANTITY_NOT_TIMING, q->start, q->len, W_DIGITS);
	return 1;
}

/*
 * "correctly rounded ... at 72.9% of the time", "each about 18.75% of the
 * time": a share of the time that nothing decided, or only a hedge, and
 * that no word of spending follows ("of the time spent in", "in foo") is
 * how often something happens, not a share of a program's run time
 * (sixteenth round). 1 if q is one.
 */
static int how_often(const struct text *s, struct quantity *q)
{
	static const char *const spent[] = { "spent", "spend", "in", "on", "running", "executing", "inside", NULL };
	static const char *const busy[] = { "spent", "spend", "spends", "spending", "busy", "stalled", "idle",
					    "running", "executing", NULL };
	struct cword w;
	size_t next;

	if (q->kind != QUANTITY_SHARE || q->span || s->table ||
	    (!(q->cls == QUANTITY_CLAIM && q->why == W_SHARE && !q->cue_len) && !hedge_claim(s, q)))
		return 0;
	if (q->len < 12 || memcmp(s->t + q->start + q->len - 11, "of the time", 11) != 0)
		return 0; /* "66% of the runtime", "26.3%", "half of the CPU": a share of something named */
	if (next_cword(s, q->start + q->len, &w, &next) && !w.span && match_any(s, w.start, spent, 1) == w.end)
		return 0;
	/* "half of the time is actually spent in the linker": a word of spending shortly after (seventeenth
	   round, rust-blog) */
	{
		size_t p = q->start + q->len;
		for (int d = 0; d < 4 && next_cword(s, p, &w, &next); d++, p = next)
			if (!w.span && match_any(s, w.start, busy, 1) == w.end)
				return 0;
	}
	/* "all the time spent in the comparator (about 17% of the time ...)", "partially busy (e.g., 80% of
	   the time)": a word of spending earlier in the sentence makes it a share of a run */
	if (word_before(s, q->start, 30, busy, &w))
		return 0;
	/* "one miss per element already accounts for half of the time", "saves half of the time": a share
	   of the run that one cost takes or a change gives back (twenty-second round) */
	if (word_before(s, q->start, 4, (const char *const[]){ "accounts", "account", "accounted", "saves", "save",
							     "saved", NULL }, &w))
		return 0;
	/* "the per-call overhead is about 20% of the time", "calls eat 20% of the time": a cost's share of
	   the run (twenty-third round, a new author's review) */
	if (word_before(s, q->start, 5, (const char *const[]){ "overhead", "overheads", "cost", "costs", "eat", "eats",
							     "ate", NULL }, &w))
		return 0;
	decide(q, QUANTITY_NOT_TIMING, q->start, q->len, W_OCCURS);
	return 1;
}

/* 1 if w is a word of speed, time, cost or change other than a hedge ("difference" too, as in measure_of()). */
static int speaks_of_change(const struct text *s, const struct cword *w)
{
	size_t at, len;

	if (w->span)
		return 0;
	return (perf_word(s, w, &at, &len) && !is_hedge(s, w->start, w->end)) ||
	       match_word_ci(s, w->start, "difference") == w->end;
}

/* 1 if a word of speed, time, cost or change stands in q's sentence (speaks_of_change()). */
static int sentence_of_change(const struct text *s, const struct quantity *q)
{
	struct cword w;
	size_t p = q->start, next;

	for (int d = 0; d < 25 && prev_cword(s, p, &w, &next); d++, p = next)
		if (speaks_of_change(s, &w))
			return 1;
	p = q->start + q->len;
	for (int d = 0; d < 12 && next_cword(s, p, &w, &next); d++, p = next)
		if (speaks_of_change(s, &w))
			return 1;
	return 0;
}

/*
 * "a minor negative impact of ~0.003%", "rate increases from ~2.2% to
 * ~3.7%", "extend the tail by about 20.75%": a percentage that only a
 * hedge decided, in a sentence with no word of speed, time, cost or change
 * but the hedge, is a share of something else (an error, a probability, a
 * space): not timing (sixteenth round, reynolds-blog). 1 if q is one.
 */
static int hedged_percent(const struct text *s, struct quantity *q)
{
	size_t e = q->start + q->len;

	if (q->kind != QUANTITY_SPEEDUP || s->t[e - 1] != '%' || !hedge_claim(s, q) || s->table)
		return 0;
	/* the sentence around it: prev_cword() and next_cword() stop at its ends */
	if (sentence_of_change(s, q))
		return 0;
	/* "-O3 bought about 26%": a weak word of gain decides, unless the sentence names something else */
	{
		struct found_cue f;
		if (weak_cue(s, q, &f))
			return 0;
	}
	decide(q, QUANTITY_NOT_TIMING, q->cue, q->cue_len, W_HEDGED_SHARE);
	return 1;
}

/*
 * "Around 45% respondents", "55% of respondents", "almost 42% of the users": a
 * percentage of people or of projects counts them, as a survey does; it is
 * no share of a run's time, whatever the sentence says they wait for
 * (seventeenth round, rust-blog). 1 if q is one.
 */
static int population_share(const struct text *s, struct quantity *q)
{
	static const char *const groups[] = { "respondents", "respondent", "people", "users", "developers",
					      "participants", "programmers", "engineers", "companies", "organizations",
					      "organisations", "teams", "contributors", "maintainers", "projects",
					      "crates", "packages", "repositories", "students", "customers", "voters",
					      "readers", "persons", NULL };
	static const char *const dets[] = { "the", "all", "our", "those", "these", "surveyed", "polled", NULL };
	size_t e = q->start + q->len, g, f;

	if (q->kind != QUANTITY_SPEEDUP || s->t[e - 1] != '%')
		return 0;
	g = skip_space(s, e);
	if ((f = match_word_ci(s, g, "of")))
		g = skip_space(s, f);
	for (int k = 0; k < 2 && (f = match_any(s, g, dets, 1)); k++)
		g = skip_space(s, f);
	if (!(f = match_any(s, g, groups, 1)))
		return 0;
	/* "42% of the users' time": a share of their time */
	if (f < s->n && (s->t[f] == '\'' || match_word_ci(s, skip_space(s, f), "time")))
		return 0;
	decide(q, QUANTITY_NOT_TIMING, g, f - g, W_POPULATION);
	return 1;
}

/*
 * "a delay of up to one second while the keypad code waits", "a range of
 * delays up to 120 hours": the most a delay can be, as an interface gives
 * it, is a bound, not a measured cost (seventeenth round, ncurses-man and
 * nuttx-docs). 1 if q is a time a word of delay decided, "up to" before it.
 */
static int delay_bound(const struct text *s, struct quantity *q)
{
	struct cword w, w2, w3;
	size_t next;

	if (q->kind != QUANTITY_TIME || q->why != W_COST || q->cue_span || q->cue_len < 5 ||
	    strncasecmp((const char *)s->t + q->cue, "delay", 5) != 0 ||
	    !prev_cword(s, q->start, &w, &next) || w.span || match_word_ci(s, w.start, "to") != w.end ||
	    !prev_cword(s, w.start, &w2, &next) || w2.span || match_word_ci(s, w2.start, "up") != w2.end ||
	    !prev_cword(s, w2.start, &w3, &next) || w3.span)
		return 0;
	/* the bound is the delay's own: "delays up to", "a delay of up to"; "the delay went up to 300 ms" is
	   what it did */
	if (match_word_ci(s, w3.start, "of") == w3.end && !(prev_cword(s, w3.start, &w3, &next) && !w3.span))
		return 0;
	if (match_any(s, w3.start, (const char *const[]){ "delay", "delays", NULL }, 1) != w3.end)
		return 0;
	decide(q, QUANTITY_SPECIFIED, w2.start, w.end - w2.start, W_LIMIT);
	return 1;
}

/*
 * "Set the nuttx0 inbound speed to 10Mbps", "sets the timer's period to 5
 * ms": the value a sentence sets something to is an input, however far the
 * verb stands from it in its clause (seventeenth round, nuttx-docs). 1 if q
 * is one.
 */
static int set_to(const struct text *s, struct quantity *q)
{
	struct cword w;
	size_t p, next;

	/* only a value a word of claim decided (a rate's unit, "10Mbps"): one nothing decided is left to
	   what the page says of it elsewhere (the command whose option sets it, as an argument) */
	if (q->span || q->cls != QUANTITY_CLAIM || (q->kind != QUANTITY_TIME && q->kind != QUANTITY_RATE) ||
	    !prev_cword(s, q->start, &w, &next) ||
	    w.span || match_word_ci(s, w.start, "to") != w.end)
		return 0;
	/* the verb and the thing set, a short noun phrase: a verb of change between ("when we set O3 the
	   run time dropped to 5 ms") makes the value what changed, not what was set */
	p = w.start;
	for (int d = 0; d < 5 && prev_cword(s, p, &w, &next) && !comma_between(s, w.end, p); d++, p = next) {
		if (w.span)
			continue;
		if (match_any(s, w.start, (const char *const[]){ "set", "sets", "setting", NULL }, 1) == w.end) {
			decide(q, QUANTITY_SPECIFIED, w.start, w.end - w.start, W_INPUT);
			return 1;
		}
		if (match_any(s, w.start, (const char *const[]){ "dropped", "drops",
				"fell", "fall", "falls", "brought", "went", "rose", "grew", "reduced", "cut", "improved",
				"made", NULL }, 1) == w.end)
			return 0;
	}
	return 0;
}

/* "Windows 9x", "Win 9x": the name of a family of systems, no factor (seventeenth round, pdcurses-docs). 1 if q is one. */
static int system_name(const struct text *s, struct quantity *q)
{
	struct cword w;
	size_t next;

	if (q->kind != QUANTITY_SPEEDUP || q->span || q->len != 2 || !match_lit(s, q->start, "9x") ||
	    !prev_cword(s, q->start, &w, &next) || w.span ||
	    match_any(s, w.start, (const char *const[]){ "windows", "win", NULL }, 1) != w.end)
		return 0;
	decide(q, QUANTITY_NOT_TIMING, w.start, q->start + q->len - w.start, W_NAME);
	return 1;
}

/* "its 15 minutes of fame", "15 minutes of infamy": an idiom, no duration. 1 if q is one. */
static int fame(const struct text *s, struct quantity *q)
{
	size_t e = q->start + q->len, f;

	if (q->kind != QUANTITY_TIME || q->span || !(f = match_word_ci(s, skip_space(s, e), "of")))
		return 0;
	f = skip_space(s, f);
	if (match_word_ci(s, f, "fame") || match_word_ci(s, f, "infamy")) {
		decide(q, QUANTITY_NOT_TIMING, q->start, q->len, W_FAME);
		return 1;
	}
	return 0;
}

/*
 * "which we define as the 1.00x baseline speed": a factor of one that
 * "baseline" follows or leads names the reference the other factors are
 * measured against, 1x by definition. 1 if q is one.
 */
static int baseline_factor(const struct text *s, struct quantity *q)
{
	static const char *const ones[] = { "1x", "1.0x", "1.00x", "1\xc3\x97", "1.0\xc3\x97", "1.00\xc3\x97", NULL };
	struct cword w;
	size_t next, e = q->start + q->len;

	if (q->kind != QUANTITY_SPEEDUP || q->span || match_any(s, q->start, ones, 0) != e)
		return 0;
	if (!(next_cword(s, e, &w, &next) && !w.span && match_word_ci(s, w.start, "baseline") == w.end) &&
	    !(prev_cword(s, q->start, &w, &next) && !w.span && match_word_ci(s, w.start, "baseline") == w.end))
		return 0;
	decide(q, QUANTITY_SPECIFIED, w.start, w.end - w.start, W_BASELINE_NAMED);
	return 1;
}

/*
 * "--tcmalloc_page_heap_delay=500ns", "-Dhttp.timeout=5s": a value given to a command-line option,
 * the token before its '=' opening with a dash, is an input (eighteenth round). 1 if q is one
 * (decided).
 */
static int option_value(const struct text *s, struct quantity *q)
{
	size_t p = q->start, a;

	if (q->kind != QUANTITY_TIME && q->kind != QUANTITY_RATE)
		return 0;
	if (p < 3 || s->t[p - 1] != '=')
		return 0;
	a = p - 1;
	while (a > 0 && p - a < 80 && (is_alpha(s->t[a - 1]) || is_digit(s->t[a - 1]) || s->t[a - 1] == '_' ||
				       s->t[a - 1] == '-' || s->t[a - 1] == '.'))
		a--;
	if (s->t[a] != '-' || a + 2 >= p - 1 || (a > 0 && !space_at(s, a - 1) && s->t[a - 1] != '\n' &&
						  s->t[a - 1] != '"' && s->t[a - 1] != '\''))
		return 0;
	decide(q, QUANTITY_SPECIFIED, a, p - 1 - a, W_INPUT);
	return 1;
}

/*
 * "icmp_seq=1 ttl=64 time=0.160 ms": a figure printed as a field's value belongs to that field, whatever
 * other fields' names stand near ("ttl" is no timeout of it): a measure's name ("time", "rtt",
 * "latency", "elapsed") makes it a claim, a setting's ("timeout", "interval") specified (nineteenth
 * round, seastar-docs' ping). 1 if q is one.
 */
static int field_value(const struct text *s, struct quantity *q)
{
	static const char *const measured[] = { "time", "rtt", "latency", "elapsed", "duration", "took", "wall",
						"avg", "mean", "median", "p50", "p90", "p95", "p99", "p999", NULL };
	size_t p = q->start, a;

	if ((q->kind != QUANTITY_TIME && q->kind != QUANTITY_RATE) || q->span || p < 2 || s->t[p - 1] != '=' ||
	    (a = field_key(s, p - 1, 0)) == p - 1)
		return 0;
	if (match_any(s, a, measured, 1) == p - 1) {
		decide(q, QUANTITY_CLAIM, a, p - 1 - a, W_FIELD);
		return 1;
	}
	if (match_any(s, a, field_settings, 1) == p - 1) {
		decide(q, QUANTITY_SPECIFIED, a, p - 1 - a, W_INPUT);
		return 1;
	}
	return 0;
}

/* Weighs w for observed_sleep(): 2 with *at, *len when it is one of strong, 1 when one of weak (NULL: none). */
static void observation_of(const struct text *s, const struct cword *w, const char *const *strong,
			   const char *const *weak, int *hit, size_t *at, size_t *len)
{
	size_t e;

	if (w->span)
		return;
	if ((e = match_any(s, w->start, strong, 1)) == w->end)
		*hit = 2, *at = w->start, *len = e - w->start;
	else if (weak && (e = match_any(s, w->start, weak, 1)) == w->end)
		*hit = 1, *at = w->start, *len = e - w->start;
}

/*
 * A sleep, a wait or a timer that a sentence says how it behaved when it ran, not how long it was asked
 * for: "a 1 ms `nanosleep` actually slept 1.06 ms", "`usleep(1000)` sleeps 1.08 ms on average", "the
 * timer fired 3 ms late under load", "the jitter of the sleep was 15 µs", "the wake-up latency after
 * `nanosleep` is about 60 µs" (twentieth round, an author's timers lesson). A word of observation in the
 * clause (measured, actually, on average, jitter, late, overshoot) makes the time a claim; a word of
 * what a run shows (latency, took) does so only when the sleep's word is not the figure's own ("sleep
 * for 5 ms", "a 1 ms `nanosleep`" stay what was asked for). 1 if q is one, then decided.
 */
static int observed_sleep(const struct text *s, struct quantity *q)
{
	static const char *const strong[] = { "measured", "actually", "average", "median", "mean", "observed",
					      "jitter", "late", "overshoot", "overshoots", "overshot", "overslept", NULL };
	static const char *const weak[] = { "latency", "latencies", NULL };
	static const char *const joins[] = { "for", "of", "a", "an", "the", "about", "~", "approximately", "up", "to",
					     "at", "least", "most", "roughly", "around", "nearly", "just", NULL };
	size_t at = 0, len = 0;
	int hit = 0, own = 0;

	/* a sleep's or a timer's (an interval of "every" is how often events come, whatever their average) */
	if (q->cls != QUANTITY_SPECIFIED || q->kind != QUANTITY_TIME ||
	    !(q->why == W_SLEEP || (q->why == W_INTERVAL && !q->cue_span &&
				    (match_word_ci(s, q->cue, "timer") || match_word_ci(s, q->cue, "timers") ||
				     match_word_ci(s, q->cue, "alarm")))))
		return 0;
	/* the words near the figure: six before it (strong or weak), four after (strong), in its sentence;
	   each word w is weighed by observation_of() */
	{
		struct cword w;
		size_t p = q->start, next;
		for (int d = 0; d < 6 && hit < 2 && prev_cword(s, p, &w, &next); d++, p = next)
			observation_of(s, &w, strong, hit ? NULL : weak, &hit, &at, &len);
		p = q->start + q->len;
		for (int d = 0; d < 4 && hit < 2 && next_cword(s, p, &w, &next); d++, p = next)
			observation_of(s, &w, strong, NULL, &hit, &at, &len);
	}
	if (!hit)
		return 0;
	if (hit == 2) {
		/* even so, the figure before the sleep's name, or after "for", is what was asked for ("a 1 ms
		   `nanosleep` actually slept 1.06 ms": the 1 ms) */
		struct cword w;
		size_t next, prev;
		if ((next_cword(s, q->start + q->len, &w, &next) && (w.span || (!q->cue_span && w.start == q->cue))) ||
		    (prev_cword(s, q->start, &w, &prev) && !w.span && match_word_ci(s, w.start, "for") == w.end))
			return 0;
	} else {
		/* the sleep's word right at the figure, nothing but joining words between: its argument ("sleep
		   for about 5 ms", "a 1 ms `nanosleep`"); a code span there (the call's name) too */
		struct cword w;
		size_t prev, p = q->start;
		while (prev_cword(s, p, &w, &prev) && !w.span && match_any(s, w.start, joins, 1) == w.end)
			p = prev;
		if (prev_cword(s, p, &w, &prev) &&
		    (w.span || (!q->cue_span && w.start <= q->cue && q->cue < w.end + 1)))
			own = 1;
		p = q->start + q->len;
		if (!own && next_cword(s, p, &w, &prev) &&
		    (w.span || (!q->cue_span && w.start == q->cue)))
			own = 1;
		if (own)
			return 0;
	}
	decide(q, QUANTITY_CLAIM, at, len, W_MEASURED);
	return 1;
}

/* Gives q its class: the form's, or the nearest deciding word's, or the table's; 0 to drop it. */
static int classify(const struct text *s, const struct table *tb, struct quantity *q, const struct cand *c)
{
	int percent;
	struct found_cue f;

	if (c->calendar) {
		/* "I had spent 10 years in that city": a calendar span spent by the writer */
		if (!calendar_run(s, q))
			return 0;
		own_time(s, q);
		return 1;
	}
	if (c->bound_one) {
		struct quantity gate = *q;
		if (!calendar_run(s, &gate))
			return 0;
	}
	if (c->clock) {
		/* "up 21 hours, 17 minutes": a clock's span, let pass (and listed) unless a word of running leads it */
		if (!calendar_run(s, q))
			decide(q, QUANTITY_SPECIFIED, q->start, q->len, W_CLOCK);
		return 1;
	}
	if (!classify_(s, tb, q, c))
		return 0;
	if (observed_sleep(s, q))
		return 1;
	if (option_value(s, q) || field_value(s, q) || binary_digits(s, q) || fame(s, q) || system_name(s, q) || population_share(s, q) || delay_bound(s, q) || set_to(s, q) || how_often(s, q) || hedged_percent(s, q) ||
	    baseline_factor(s, q) ||
	    unit_of_value(s, q) || rule_name(s, q) || allotted(s, q) || given_noun(s, q) || link_speed(s, q) ||
	    (q->cls == QUANTITY_UNSURE && (bound_name(s, q) || unsure_range(s, q))) ||
	    ((q->cls == QUANTITY_CLAIM || q->cls == QUANTITY_UNSURE) && defined_notation(s, q)) ||
	    ((q->cls == QUANTITY_UNSURE || hedge_claim(s, q)) && reserve_of(s, q)) ||
	    ((q->cls == QUANTITY_CLAIM || q->cls == QUANTITY_UNSURE) && threshold_clause(s, q)) ||
	    ((q->kind == QUANTITY_TIME || q->kind == QUANTITY_RATE || q->kind == QUANTITY_CYCLES) &&
	     list_decides(s, q, c->use)) || requirement(s, q))
		return 1;
	if ((q->cls == QUANTITY_CLAIM || q->cls == QUANTITY_UNSURE) && !s->table && supposed(s, q))
		return 1;
	if (hex_name(s, q))
		return 1;
	/* a hedge ("given approximately 10 seconds to clean up") is weaker than a word of running; and the
	   verb after "to" is what the budget is for ("you have 5 seconds to save your state"), no saving */
	if (q->kind == QUANTITY_TIME && !q->span &&
	    (q->cls == QUANTITY_UNSURE ||
	     (q->cls == QUANTITY_CLAIM && (q->why == W_RUN || q->why == W_MEASURED ||
					   (q->why == W_CHANGE && q->cue > q->start)))) &&
	    specified_in_sentence(s, q))
		return 1;
	if (q->kind == QUANTITY_TIME && !q->span &&
	    (q->cls == QUANTITY_UNSURE || (q->cls == QUANTITY_CLAIM && (q->why == W_RUN || q->why == W_COST || q->why == W_MEASURED))) &&
	    (person_in_sentence(s, q) || argument_case(s, q)))
		return 1;
	if (own_time(s, q) || remaining_part(s, q))
		return 1;
	if ((q->cls == QUANTITY_CLAIM || q->cls == QUANTITY_UNSURE) && !q->span &&
	    (q->kind == QUANTITY_TIME || q->kind == QUANTITY_RATE) && condition_at(s, q))
		return 1;
	if (model_input(s, q))
		return 1;
	if ((q->cls == QUANTITY_CLAIM || q->cls == QUANTITY_UNSURE) && restated_symbol(s, q))
		return 1;
	if ((q->cls == QUANTITY_CLAIM || q->cls == QUANTITY_UNSURE) && q->kind == QUANTITY_TIME && !q->span &&
	    retention(s, q))
		return 1;
	if ((q->cls == QUANTITY_CLAIM || q->cls == QUANTITY_UNSURE) && !s->table && priced(s, q))
		return 1;
	if ((q->cls == QUANTITY_CLAIM || q->cls == QUANTITY_UNSURE) && !q->span && q->kind == QUANTITY_TIME &&
	    window_after(s, q))
		return 1;
	if ((q->kind == QUANTITY_CYCLES || (q->kind == QUANTITY_TIME && in_nanoseconds(s, q))) &&
	    q->cls == QUANTITY_SPECIFIED && q->why == W_INTERVAL && !q->cue_span &&
	    match_word_ci(s, q->cue, "every") == q->cue + q->cue_len && one_event_before(s, q->cue)) {
		/* "one mispredict every 120 cycles", "a new random number every 3 cycles": a throughput */
		q->cls = QUANTITY_CLAIM;
		q->why = W_SPEED;
		return 1;
	}
	if (q->cls != QUANTITY_CLAIM || q->span)
		return 1;
	if (size_change(s, q) || measure_of(s, q) || (c->bare && q->kind == QUANTITY_RATE && year_or_version(s, q)))
		return 1;
	percent = q->len >= 2 && s->t[q->start + q->len - 1] == '%';
	if (percent && q->kind == QUANTITY_SPEEDUP && q->cls != QUANTITY_NOT_TIMING) {
		size_t at, len;
		if ((at = run_spread(s, q, &len))) {
			decide(q, QUANTITY_NOT_TIMING, at, len, W_SPREAD);
			return 1;
		}
	}
	if (percent && q->kind == QUANTITY_SPEEDUP && times_hundred(s, q)) {
		/* "(new / old - 1) × 100%", "multiply the ratio by 100%": a formula's conversion to a percentage */
		decide(q, QUANTITY_NOT_TIMING, q->start, q->len, W_FORMULA);
		return 1;
	}
	if (percent && q->kind == QUANTITY_SPEEDUP && threshold_before(s, q->start) && input_before(s, q->start, &f)) {
		/* "acceptable overhead is considered below 1%" */
		q->cls = QUANTITY_SPECIFIED;
		set_cue(q, &f);
		q->why = W_THRESHOLD;
		return 1;
	}
	/* (not "94% of its slots waiting, and the time per node is about 80 ns": a share of slots or cycles
	   is of the run, whatever follows; twenty-second round) */
	if (q->kind == QUANTITY_SHARE && q->len >= 4 && !memcmp(s->t + q->start + q->len - 4, "time", 4) &&
	    value_follows(s, q->start + q->len)) {
		/* "17% of the time the latency was one cycle", "99% of the time with a mean of 10ms" */
		decide(q, QUANTITY_NOT_TIMING, q->start, q->len, W_OCCURS);
	} else if (q->kind == QUANTITY_SHARE && happens_before(s, q->start)) {
		/* "that will happen around 1% of the time": how often an event happens, a probability */
		decide(q, QUANTITY_NOT_TIMING, q->start, q->len, W_BRANCH);
	} else if (q->why == W_SHARE && match_lit(s, q->start, "100%") &&
		   (q->len == 4 || space_at(s, q->start + 4))) {
		/* "Retiring at 100%", "100% machine utilization" */
		q->cls = QUANTITY_SPECIFIED;
		q->why = W_IDEAL;
	} else if (q->why == W_SHARE && percent && threshold_before(s, q->start)) {
		/* "a high Retiring metric (above 80%)" */
		q->cls = QUANTITY_SPECIFIED;
		q->why = W_THRESHOLD;
	}
	return 1;
}

/*
 * The reference [p, e) as the figure a bare number after it may continue: a {{measure:...}} is a
 * time (its statistic's unit is the run's), a {{cite:KEY|4 cycles}} what its shown text is; any
 * other reference leaves a->len 0.
 */
static void reference_anchor(const struct text *s, size_t p, size_t e, struct quantity *a)
{
	struct cand c;
	size_t bar, skip;

	a->len = 0;
	if (!match_lit(s, p, "{{measure:") && !match_lit(s, p, "{{cite:"))
		return;
	a->kind = QUANTITY_TIME;
	if (match_lit(s, p, "{{cite:")) {
		for (bar = p; bar < e && s->t[bar] != '|'; bar++)
			;
		bar = skip_space(s, bar + 1);
		memset(&c, 0, sizeof c);
		c.cls = UNDECIDED;
		if (bar + 2 < e && is_digit(s->t[bar]) && scan_number(s, bar, 0, &c, &skip) && skip <= e - 2)
			a->kind = c.kind;
		if (a->kind == QUANTITY_SPEEDUP || a->kind == QUANTITY_SHARE)
			return;
	}
	a->cls = QUANTITY_CLAIM;
	a->start = p, a->len = e - p;
	a->cue = p, a->cue_len = e - p, a->cue_span = 0, a->why = W_AFTER_REF;
	a->span = 0, a->table = 0;
}

/*
 * "the child calls `sleep(2)`, so it runs for 2 seconds": a time that restates the argument of a
 * sleeping call in a code span shortly before it in its sentence (`sleep(2)` and `alarm(5)` in
 * seconds, `usleep(500)` in microseconds, `Sleep(10)` and `msleep(10)` in milliseconds) is that
 * specified duration again (twenty-first round, an author's review: lesson 00's own example). *hint:
 * the first span not yet passed (the spans are in order). The span's index + 1, or 0.
 */
static size_t sleep_restated(const struct text *s, const struct quantity *q, size_t *hint)
{
	static const struct {
		const char *call;
		const char *unit; /* 's', 'm' (ms), 'u' (µs) */
	} calls[] = { { "sleep(", "s" }, { "alarm(", "s" }, { "usleep(", "u" }, { "Sleep(", "m" }, { "msleep(", "m" } };
	const struct quantity_spans *sp = s->spans;
	size_t i, v = 0, e = q->start, digits = 0;
	char unit;

	if (!sp || q->kind != QUANTITY_TIME || q->span)
		return 0;
	while (*hint < sp->n && sp->offset[*hint] < q->start)
		++*hint;
	for (; e < q->start + q->len && is_digit(s->t[e]) && digits < 9; e++, digits++)
		v = v * 10 + (s->t[e] - '0');
	if (!digits || (e < s->n && (s->t[e] == '.' || s->t[e] == ',')))
		return 0;
	e = skip_space(s, e);
	if (match_word_ci(s, e, "ms") || match_any(s, e, (const char *const[]){ "millisecond", "milliseconds", NULL }, 1))
		unit = 'm';
	else if (match_word_ci(s, e, "us") || match_lit(s, e, "\xc2\xb5s") ||
		 match_any(s, e, (const char *const[]){ "microsecond", "microseconds", NULL }, 1))
		unit = 'u';
	else if (match_word_ci(s, e, "s") || match_any(s, e, (const char *const[]){ "second", "seconds", "sec", "secs", NULL }, 1))
		unit = 's';
	else
		return 0;
	for (i = *hint; i > 0 && *hint - i < 8; i--) {
		size_t at = sp->offset[i - 1], k;
		const char *t = sp->text[i - 1];
		if (!t || q->start - at > 200)
			break;
		for (k = at; k < q->start && !stops_clause(s, k); k++)
			;
		if (k < q->start)
			break; /* a sentence's end between: not its sentence */
		if (!strncmp(t, "std::this_thread::", 18))
			t += 18;
		for (size_t c = 0; c < sizeof calls / sizeof calls[0]; c++) {
			size_t n = strlen(calls[c].call), w = 0, d = 0;
			if (strncmp(t, calls[c].call, n) || calls[c].unit[0] != unit)
				continue;
			for (t += n; *t >= '0' && *t <= '9' && d < 9; t++, d++)
				w = w * 10 + (size_t)(*t - '0');
			if (d && *t == ')' && w == v)
				return i;
			break;
		}
	}
	return 0;
}

/* Skips a {{...}} reference at p: the end of its "}}", or p when none closes on this line. */
static size_t skip_reference(const struct text *s, size_t p)
{
	for (size_t q = p + 2; q + 1 < s->n && s->t[q] != '\n'; q++)
		if (s->t[q] == '}' && s->t[q + 1] == '}')
			return q + 2;
	return p;
}

/* "1", "1.0", "1.00": the value a speed-up column gives its baseline. */
static int is_baseline(const struct text *s, size_t a, size_t b)
{
	if (a >= b || s->t[a] != '1')
		return 0;
	if (a + 1 == b)
		return 1;
	if (s->t[a + 1] != '.' || a + 2 == b)
		return 0;
	for (size_t i = a + 2; i < b; i++)
		if (s->t[i] != '0')
			return 0;
	return 1;
}

/*
 * "cycle 1    2    3    4", "tick  0  1  2  3": a row whose figures, its
 * label's own number first if it ends in one, are whole numbers counting up
 * by one (three or more) numbers positions in time, a timeline's columns
 * (the first cycle, the second ...), not durations: nothing ran for "3"
 * (issue 13, twelfth round; a measured row does not count up by one). 1 if
 * the row of tb is one.
 */
static int position_row(const struct text *s, const struct table *tb)
{
	size_t p = tb->label, e = tb->line_end;
	unsigned long prev = 0, count = 0;

	while (p < e) {
		size_t a, v;
		unsigned long n = 0;
		while (p < e && (s->t[p] == ' ' || s->t[p] == '\t'))
			p++;
		a = p;
		while (p < e && s->t[p] != ' ' && s->t[p] != '\t')
			p++;
		if (a == p)
			break;
		if (!is_digit(s->t[a])) {
			if (count)
				return 0; /* a word after the figures: no axis */
			continue;
		}
		for (v = a; v < p && is_digit(s->t[v]) && n < 100000; v++)
			n = n * 10 + (s->t[v] - '0');
		if (v != p || (count && n != prev + 1))
			return 0;
		prev = n;
		count++;
	}
	return count >= 3;
}

/* A bare number in a table cell whose header or row label names a timing; its end, or 0. */
/*
 * 1 if a row's label [a, b) is a variable's name: one letter, maybe with a
 * suffix after '-' or '_', and a colon ("s:", "s-a:", "x_1"): a debugger's
 * or a worked example's value, not a unit ("s:  7.000000954" holds no
 * seconds; sixteenth round).
 */
static int variable_label(const struct text *s, size_t a, size_t b)
{
	if (b > a && s->t[b - 1] == ':')
		b--;
	if (b <= a || !is_alpha(s->t[a]))
		return 0;
	if (b == a + 1)
		return 1;
	if (s->t[a + 1] != '-' && s->t[a + 1] != '_')
		return 0;
	for (size_t k = a + 2; k < b; k++)
		if (!is_alpha(s->t[k]) && !is_digit(s->t[k]))
			return 0;
	return b > a + 2;
}

/*
 * 1 if the pipe table's header cell [cs, ce) compares two things ("PyPy vs CPython (arm)") in a header
 * that names a speed-up in some cell ("| relative speedup |"): its figures are speed-ups too, one
 * thing's over the other's (nineteenth round, pypy-blog).
 */
static int versus_column(const struct text *s, const struct table *tb, size_t cs, size_t ce)
{
	static const char *const speed[] = { "speedup", "speed-up", "speedups", "speed-ups", "faster", "slowdown",
					     "slower", NULL };
	size_t he = line_end(s, tb->header), q;
	int named = 0;

	if (he - tb->header > TABLE_LINE_MAX || !compares_in(s, cs, ce, 1))
		return 0;
	/* "| time (s) | GUP/s | vs. serial |" over "2.15": beside a column of times or speeds, the
	   comparison's figures are speed-ups too (twentieth round, an HPC author's chapters); so are those
	   of a "relative" column beside "ns per access" (twenty-first round) */
	if (header_names_metric(s, tb, pipe_column(s, tb->header, cs)))
		return 1;
	if (!compares_in(s, cs, ce, 0))
		return 0;
	for (q = tb->header; q < he && !named; q++)
		named = (q == tb->header || !is_alpha(s->t[q - 1])) && match_any(s, q, speed, 1);
	return named;
}

/*
 * "| Benchmark | Mode | Cnt | Score | Units |" over "| testIntContiguous | avgt | 5 | 4601.940 | ns/op |":
 * a column named "Units" gives each row's unit, of the figures under a header of results ("Score",
 * "Error", "Mean"; "Cnt" is a count), as JMH and other harnesses print (twentieth round,
 * questdb-blog). The kind of that unit (a time per operation, a rate) and its cell [*us, *ue), or
 * UNDECIDED.
 */
static int units_column(const struct text *s, const struct table *tb, size_t col, size_t hs, size_t he,
			enum quantity_kind *kind, size_t *us, size_t *ue)
{
	static const char *const results[] = { "score", "error", "mean", "median", "avg", "average", "min", "max",
					       "value", "result", "p50", "p90", "p99", NULL };
	size_t hend = line_end(s, tb->header), a, b, u, e;

	while (hs < he && space_at(s, hs))
		hs++;
	if (hend - tb->header > TABLE_LINE_MAX || !(e = match_any(s, hs, results, 1)) || word_char_at(s, e))
		return UNDECIDED;
	for (size_t k = 1; k < 64 && pipe_cell(s, tb->header, hend, k, &a, &b); k++) {
		if (k == col)
			continue;
		a = skip_space(s, a);
		if (!(e = match_any(s, a, (const char *const[]){ "units", "unit", NULL }, 1)) || skip_space(s, e) < b)
			continue;
		if (!pipe_cell(s, tb->line, tb->line_end, k, &a, &b))
			return UNDECIDED;
		u = skip_space(s, a);
		while (b > u && space_at(s, b - 1))
			b--;
		/* "ns/op", "ms/op", "us": a time; "ops/s", "ops/ms": a rate */
		if ((e = match_time_unit(s, u)) && (e == b || (s->t[e] == '/' && word_end(s, e + 1) == b))) {
			*kind = QUANTITY_TIME;
		} else if ((e = word_end(s, u)) > u && (e = match_slash_time(s, e)) && e == b) {
			*kind = QUANTITY_RATE;
		} else {
			return UNDECIDED;
		}
		*us = u, *ue = b;
		return CLAIM;
	}
	return UNDECIDED;
}

/*
 * 1 if [p, p + n) is "100%" (or "100.0%") on a table row whose first cell is "total", "sum", "all" or
 * "overall": a table of shares ends on their sum (twenty-fourth round, a probe's profile).
 */
static int total_row(const struct text *s, size_t p, size_t n)
{
	size_t a = p, k = p;

	if (n < 4 || memcmp(s->t + p, "100", 3) != 0)
		return 0;
	k = p + 3;
	if (k < p + n && s->t[k] == '.')
		for (k++; k < p + n && s->t[k] == '0'; k++)
			;
	if (k + 1 != p + n || s->t[k] != '%')
		return 0;
	while (a > 0 && s->t[a - 1] != '\n')
		a--;
	while (a < p && (space_at(s, a) || s->t[a] == '|' || s->t[a] == '*'))
		a++;
	if (!(k = match_any(s, a, (const char *const[]){ "total", "sum", "all", "overall", NULL }, 1)))
		return 0;
	/* then figures, a unit maybe, the columns' gaps: a row, not a sentence ("All 100% of it ...") */
	for (size_t w = 0; k < p; k++) {
		w = is_alpha(s->t[k]) ? w + 1 : 0;
		if (w > 3)
			return 0;
	}
	return 1;
}

/* 1 if the text is drawn as a grid table: its first line a border of '+' and '-' ("+-----+----+"). */
static int grid_rows(const struct text *s)
{
	size_t a = skip_space(s, 0), e = line_end(s, 0);

	if (a + 2 >= e || s->t[a] != '+' || s->t[a + 1] != '-')
		return 0;
	for (size_t k = a; k < e; k++)
		if (s->t[k] != '+' && s->t[k] != '-' && s->t[k] != ' ')
			return 0;
	return 1;
}

/*
 * A cell of a table row that holds a ratio: "2.8x", "**1.9x**", "3 ×", or one after the figure it
 * is the ratio of, in brackets: "0.59+-0.07 (8.1x)", "0.120s (2.2x)". p: where the ratio's number
 * starts; [a, b): the cell. The end of its 'x', or 0.
 */
static size_t factor_cell(const struct text *s, size_t a, size_t b, size_t p)
{
	struct number num;
	size_t e, x;
	int bracket;

	while (a < b && (space_at(s, a) || s->t[a] == '*'))
		a++;
	while (b > a && (space_at(s, b - 1) || s->t[b - 1] == '*'))
		b--;
	bracket = p > a && s->t[p - 1] == '(' && b > p && s->t[b - 1] == ')';
	if (bracket)
		b--;
	else if (p != a)
		return 0;
	if (!parse_number(s, p, &num))
		return 0;
	e = skip_space(s, num.end);
	if (e < b && (s->t[e] == 'x' || s->t[e] == 'X'))
		x = e + 1;
	else if (match_lit(s, e, "\xc3\x97"))
		x = e + 2;
	else
		return 0;
	if (x != b || (bracket && p - 1 <= a) || (bracket && !space_at(s, p - 2)))
		return 0;
	return x;
}

/* 1 if header cell [a, b) names a ratio of something other than time: a size, a compression ratio, an unrolling. */
static int other_ratio_header(const struct text *s, size_t a, size_t b)
{
	static const char *const words[] = { "size", "sizes", "memory", "ram", "bytes", "compression", "compressed",
					     "footprint", "space", "smaller", "larger", "unroll", "unrolled", "unrolling",
					     "error", "accuracy", "loss", "energy", "power", "cost", "price", NULL };
	size_t e;
	int depth = 0;

	/* a variant named in brackets or a hyphened name is no header word ("PyPy (unroll-if-alt)") */
	if (b - a > 64)
		b = a + 64;
	for (size_t k = a; k < b; k++) {
		depth += s->t[k] == '(';
		depth -= s->t[k] == ')' && depth;
		if (!depth && (k == a || (!word_char_at(s, k - 1) && s->t[k - 1] != '-')) &&
		    (e = match_any(s, k, words, 1)) && !(e < b && s->t[e] == '-'))
			return 1;
	}
	return 0;
}

/*
 * 1 if cell [a, b) names a ratio of speeds or times: "speed-up", "Normalized to CPython", "relative to
 * C", "faster" ("scaling", "vs.", "gain" name as often an image's scaling, memory against a baseline,
 * an amplifier's gain: a second attacker's review).
 */
static int names_ratio(const struct text *s, size_t a, size_t b)
{
	static const char *const words[] = { "speedup", "speedups", "speed-up", "speed-ups", "faster", "slower", NULL };
	static const char *const to[] = { "normalized", "normalised", "relative", NULL };
	size_t e;

	if (b - a > 64)
		b = a + 64; /* a header's first words (a hostile one is kilobytes long) */
	for (size_t k = a; k < b; k++)
		if ((k == a || !word_char_at(s, k - 1)) &&
		    (match_any(s, k, words, 1) || ((e = match_any(s, k, to, 1)) && match_word_ci(s, skip_space(s, e), "to"))))
			return 1;
	return 0;
}

/*
 * "| CPython 2.7.5 | 3.879s | 1.0x |", "| no-partitioning | 3.92 | 1.39 | 2.8x |", "| relative to C | 1x
 * | 0.83x |" under a row of times: a ratio in a cell of a table whose cells above it or to its left
 * hold measured times or rates is a speed-up, a claim, the baseline's "1.0x" too, as the authors of
 * thirteen tables labelled it (twenty-fourth round: a JIT's blog in five posts' tables, an HPC
 * chapter's), when its column's header or its row's label names a ratio of speed (names_ratio) or it
 * follows a time in its cell: a ratio under any other header is as often a setting ("MSAA 4x",
 * "Backoff 2x", "Oversampling 16x": an attacker's review). Not in a row's first cell (a label: "2x
 * unrolled"), nor under a header that names a size. Decides c; the end, or 0.
 */
static size_t timed_factor(const struct text *s, struct table *tb, size_t p, struct cand *c)
{
	size_t col, a, b, x, u, hb = 0, hz = 0, la, lz;
	int says = 0;

	if (!tb->timed || p < tb->line || tb->line_end - tb->line > TABLE_LINE_MAX)
		return 0;
	if (tb->pipe && pipe_body(s, tb)) {
		hb = tb->header, hz = tb->header + 1;
	} else if (tb->grid && p >= tb->rule_end) {
		hb = 0, hz = tb->rule;
	} else if (!tb->pipe && !tb->dash && tb->gridish && tb->first_row_end && tb->first_row_end < tb->line &&
		   skip_space(s, tb->line) < s->n && s->t[skip_space(s, tb->line)] == '|') {
		hb = 0, hz = tb->first_row_end; /* a grid table with no '=' rule: its first row heads it */
	} else {
		return 0;
	}
	col = pipe_column(s, tb->line, p);
	if (col < 1 || col >= sizeof tb->ratio_col || !pipe_cell(s, tb->line, tb->line_end, col, &a, &b) ||
	    !(x = factor_cell(s, a, b, p)))
		return 0;
	/* "0.120s (2.2x)", "14 (1.4x)" under a lead-in's unit: the ratio of the time just kept as a claim in
	   its cell ("200 ms (3x)" under "Retransmit timeout" is a setting's, three retries) */
	for (u = p - 1; u > a && space_at(s, u - 1); u--)
		;
	says = s->t[p - 1] == '(' && tb->claim_end && tb->claim_end == u;
	if (says)
		tb->ratio_time_line = tb->line + 1;
	/* "| relative to C | 1x |": the row's label names a ratio of speed (read once a row) */
	if (!says && tb->ratio_row_line != tb->line + 1) {
		tb->ratio_row_line = tb->line + 1;
		tb->ratio_row = pipe_cell(s, tb->line, tb->line_end, 0, &la, &lz) && names_ratio(s, la, lz) &&
				!other_ratio_header(s, la, lz);
	}
	says |= tb->ratio_row;
	/* the header cells over the column, read once a column: a pipe table's header line, a grid table's
	   lines above its rule (its last six) */
	if (!tb->ratio_col[col]) {
		int lines = 0, named = 0, other = 0;
		for (size_t h = hb; h < hz && lines < 6; lines++) {
			size_t e = line_end(s, h), cs, ce;
			if (e - h <= TABLE_LINE_MAX && pipe_cell(s, h, e, col, &cs, &ce)) {
				other |= other_ratio_header(s, cs, ce);
				named |= names_ratio(s, cs, ce);
				while (cs < ce && space_at(s, cs))
					cs++;
				while (ce > cs && space_at(s, ce - 1))
					ce--;
				if (ce > cs && !tb->ratio_cue[col][1])
					tb->ratio_cue[col][0] = cs, tb->ratio_cue[col][1] = ce;
			}
			if (e >= s->n)
				break;
			h = e + 1;
		}
		tb->ratio_col[col] = other ? -2 : named ? 1 : -1;
	}
	if (tb->ratio_col[col] == -2 || !(says || tb->ratio_col[col] == 1))
		return 0;
	memset(c, 0, sizeof *c);
	c->kind = QUANTITY_SPEEDUP;
	if (tb->ratio_cue[col][1])
		decided(c, CLAIM, tb->ratio_cue[col][0], tb->ratio_cue[col][1] - tb->ratio_cue[col][0], W_TIMED_FACTOR);
	else
		decided(c, CLAIM, p, x - p, W_TIMED_FACTOR);
	return x;
}

/* [a, b) with the spaces at either end left out. */
static void trim_cell(const struct text *s, size_t *a, size_t *b)
{
	while (*a < *b && space_at(s, *a))
		(*a)++;
	while (*b > *a && space_at(s, *b - 1))
		(*b)--;
}

/*
 * 1 if header cell [a, b) may head a column of results: not empty, naming no count, size or setting,
 * nor what a course's tables hold beside results ("| Test | Passed | Failed |", "| Call | Return value |
 * errno |", "| Criterion | Points | Weight |", "| Event | L1 misses |": an attacker's review).
 */
static int results_header(const struct text *s, size_t a, size_t b)
{
	static const char *const not_results[] = { "passed", "failed", "pass", "fail", "test", "output",
						   "outputs", "value", "values", "return", "returns", "returned", "errno",
						   "exit", "status", "expected", "actual", "answer", "answers", "grade",
						   "grades", "mark", "marks", "points", "weight", "score", "scores", "hit",
						   "hits", "miss", "misses", "faults", "switches", "checksum", "sizeof",
						   "alignof", "percent", "precision", "recall", "accuracy", "rate", "students",
						   "result", "results", "code", "codes", "bit", "flag", "flags", "words",
						   "chars", "characters", "tokens", "sum", "hash", "per", NULL };

	trim_cell(s, &a, &b);
	if (a == b || names_own(s, a, b, 0) || names_setting(s, a, b))
		return 0;
	for (size_t p = a; p < b; p = word_end(s, p) > p ? word_end(s, p) : p + 1)
		if ((p == a || !is_alpha(s->t[p - 1])) && match_any(s, p, not_results, 1) == word_end(s, p))
			return 0;
	return 1;
}

/*
 * 1 if a header cell of the pipe table names a unit: the writer names units where they hold, so a
 * column without one is not the lead-in's ("Results ..., in nanoseconds per lookup:" over "| table |
 * ns/lookup | mutex | spinlock |": an attacker's review, twenty-fifth round) nor left unsure.
 */
static int header_names_unit(const struct text *s, const struct table *tb)
{
	size_t e = line_end(s, tb->header), cs, ce;

	if (e - tb->header > TABLE_LINE_MAX)
		return 1;
	for (size_t col = 0; col < 64 && pipe_cell(s, tb->header, e, col, &cs, &ce); col++)
		if (header_unit(s, cs, ce) || memchr(s->t + cs, '%', ce - cs))
			return 1; /* ("| Accuracy (%) |" names its unit as "| Time (ms) |" does) */
	return 0;
}

/*
 * The columns of a table among results whose bare figures are left unsure, a bit each (the first 64;
 * one pass over the header and the rows): not the row labels', under a header results_header()
 * takes, holding a figure with a decimal point or of 100 or more (a column of small whole numbers
 * counts something: "| 14 | 0 |", tests passed and failed).
 */
static uint64_t result_columns(const struct text *s, const struct table *tb)
{
	uint64_t headed = 0, cols = 0;
	size_t line = line_end(s, tb->header), cs, ce;

	for (size_t col = 1; col < 64 && pipe_cell(s, tb->header, line, col, &cs, &ce); col++)
		if (results_header(s, cs, ce))
			headed |= (uint64_t)1 << col;
	for (int row = 0; headed && line < s->n; row++) {
		size_t a = line + 1, b = line_end(s, a), ns, ne;
		line = b;
		if (row == 0 || b - a > TABLE_LINE_MAX)
			continue; /* the delimiter row */
		for (size_t col = 1; col < 64 && pipe_cell(s, a, b, col, &cs, &ce); col++) {
			size_t digits = 0, k;
			if (!cell_number(s, cs, ce, &ns, &ne))
				continue;
			for (k = ns; k < ne && s->t[k] != '.'; k++)
				digits += is_digit(s->t[k]);
			if (k < ne || digits >= 3)
				cols |= (uint64_t)1 << col;
		}
	}
	return headed & cols;
}

/*
 * 1 if a bare figure in column col of a table among results (timing.lua's
 * results_table decides, tb->result_cols its columns) is left unsure, nothing of its header, row or
 * lead-in having decided it: "Here are the timings on the 3900X:" over "| cpu cores | 1 | 2 |", a
 * dense page's "Performance" section over "| Size | Encode | Decode |" (thirtieth round: tables
 * whose unit the writer left to the prose were the largest part of the misses). The header cell is
 * the cue.
 */
static int results_cell(const struct text *s, const struct table *tb, size_t col, struct cand *c)
{
	size_t hs, he;

	if (col == 0 || col >= 64 || !(tb->result_cols >> col & 1) ||
	    !pipe_cell(s, tb->header, line_end(s, tb->header), col, &hs, &he))
		return 0;
	trim_cell(s, &hs, &he);
	c->kind = QUANTITY_TIME;
	decided(c, QUANTITY_UNSURE, hs, he - hs, W_RESULTS);
	return 1;
}

static size_t factor_cell(const struct text *s, size_t a, size_t b, size_t p);

static int other_ratio_header(const struct text *s, size_t a, size_t b);

/*
 * 1 if figure [ns, ne) in cell [a, b) of column col is a time: its ratio to a baseline follows it in
 * brackets, as a time kept earlier in its row has its own ("| 0.260s (1x) | 4.2 (1x) |": a time whose
 * unit the writer left out), or it is a mean with its spread in a table the lead-in says holds
 * benchmarks or figures normalised to a baseline ("Benchmarks were run 50 times each:" over "|
 * 4.8+-0.15 (1.0x) | 0.59+-0.07 (8.1x) |"); either under a header that names nothing of its own (a
 * size, a count, a unit in brackets, another ratio). Thirty-fourth round; an attacker's review took
 * away a time anywhere in the table ("| 1.20 | 40 (1x) |" under "Peak memory") and a spread under any
 * header ("| Resistance (kOhm) | 4.7 +- 0.2 (2x) |", "| Mean grade | 7.8+-1.2 (1.0x) |"). Decides c,
 * the ratio the cue; the ratio is then the speed-up of a time kept (timed_factor).
 */
static int timed_figure(const struct text *s, const struct table *tb, size_t col, size_t a, size_t b, size_t ns,
			size_t ne, struct cand *c)
{
	size_t o = skip_space(s, ne), x, hs, he;

	if (o >= b || o == ne || s->t[o] != '(' || !(x = factor_cell(s, a, b, o + 1)))
		return 0;
	/* (beside a time with its own ratio, a figure with decimals in a column that holds the baseline's
	   "(1x)" somewhere: "| 1 (1x) |" under "Machines", "| 4.2 (2x) |" under "Zoom" are a count and a
	   factor of their own, a second attacker's review) */
	if (!(tb->timed && tb->ratio_time_line == tb->line + 1 && memchr(s->t + ns, '.', ne - ns) && col < 64 &&
	      (tb->baseline_cols >> col & 1)) &&
	    !(tb->lead_bench && spread_value(s, ns, ne)))
		return 0;
	if (!pipe_cell(s, tb->header, line_end(s, tb->header), col, &hs, &he))
		return 0;
	trim_cell(s, &hs, &he);
	if (names_own(s, hs, he, 0) || other_ratio_header(s, hs, he) || header_unit(s, hs, he) ||
	    memchr(s->t + hs, '(', he - hs) || memchr(s->t + hs, '[', he - hs))
		return 0;
	c->kind = QUANTITY_TIME;
	decided(c, CLAIM, o + 1, x - o - 1, W_TIMED_FIGURE);
	return 1;
}

/*
 * The columns of a pipe table (the first 64) with a cell that ends in a baseline's ratio in brackets,
 * "(1x)", "(1.0x)", "(1.00x)": a bit each (one pass over the rows).
 */
static uint64_t baseline_columns(const struct text *s, const struct table *tb)
{
	uint64_t cols = 0;
	size_t line = line_end(s, tb->header), cs, ce;

	for (int row = 0; line < s->n; row++) {
		size_t a = line + 1, b = line_end(s, a);
		line = b;
		if (row == 0 || b - a > TABLE_LINE_MAX)
			continue; /* the delimiter row */
		for (size_t col = 1; col < 64 && pipe_cell(s, a, b, col, &cs, &ce); col++) {
			trim_cell(s, &cs, &ce);
			for (const char *const *w = (const char *const[]){ "(1x)", "(1.0x)", "(1.00x)", NULL }; *w; w++) {
				size_t n = strlen(*w);
				if (ce - cs > n && !memcmp(s->t + ce - n, *w, n))
					cols |= (uint64_t)1 << col;
			}
		}
	}
	return cols;
}

static size_t table_number(const struct text *s, const struct table *tb, size_t p, struct cand *c)
{
	size_t ns, ne, cs, ce, a, b;
	enum quantity_kind k = QUANTITY_TIME;
	int cls;

	memset(c, 0, sizeof *c);
	if (tb->pipe && tb->line_end - tb->line <= TABLE_LINE_MAX) {
		size_t col = pipe_column(s, tb->line, p);
		if (!pipe_body(s, tb) || !pipe_cell(s, tb->line, tb->line_end, col, &a, &b) ||
		    !((cell_number(s, a, b, &ns, &ne) && ns == p) || cell_pair(s, a, b, p, &ns, &ne)))
			return 0;
		if (!pipe_cell(s, tb->header, line_end(s, tb->header), col, &cs, &ce))
			return 0;
		cls = header_kind(s, cs, ce, &k, 0);
		if (cls != UNDECIDED && tb->classes && !(tb->classes_why == W_WORKLOAD && outcome_header(s, cs, ce))) {
			/* a figure under a timing header of a table that defines its values */
			c->kind = k;
			decided(c, SPEC, tb->classes_at, tb->classes_len, tb->classes_why);
			c->cue_span = tb->classes_span;
			return ne;
		}
		if (cls == UNDECIDED && !tb->lead_factors && lead_decides(s, tb, col, cs, ce) &&
		    row_label(s, tb, p, &k, &a, &b) == UNDECIDED) {
			/* "The results in MB/s are:" over "| f32 | 1551 | 798 |" */
			c->kind = tb->lead_kind;
			decided(c, tb->lead_cls, tb->lead_cue, tb->lead_cue_len, W_LEAD);
			c->cue_span = QUANTITY_LEAD_CUE;
			return ne;
		}
		if (cls == UNDECIDED && versus_column(s, tb, cs, ce)) {
			cls = CLAIM; /* "| PyPy vs CPython (arm) |" beside a speed-up column: its speed-ups */
			k = QUANTITY_SPEEDUP;
		}
		if (cls == UNDECIDED && (cls = units_column(s, tb, col, cs, ce, &k, &a, &b)) != UNDECIDED) {
			c->kind = k;
			decided(c, cls, a, b - a, W_ROW);
			return ne;
		}
		if (cls == UNDECIDED) {
			/* "| IOPS/GiB | 1400 | 0.01 |": the row's label names what its cells hold */
			if ((cls = row_label(s, tb, p, &k, &cs, &ce)) == UNDECIDED) {
				if (results_cell(s, tb, col, c))
					return ne;
				return timed_figure(s, tb, col, a, b, ns, ne, c) ? ne : 0;
			}
			c->kind = k;
			decided(c, cls, cs, ce - cs, W_ROW);
			return ne;
		}
		while (cs < ce && space_at(s, cs))
			cs++;
		while (ce > cs && space_at(s, ce - 1))
			ce--;
		c->kind = k;
		decided(c, cls, cs, ce - cs, W_HEADER);
		if (k == QUANTITY_SPEEDUP && is_baseline(s, ns, ne))
			decided(c, SPEC, cs, ce - cs, W_BASELINE);
		return ne;
	}
	if (tb->dash && p >= tb->rule_end && tb->line_end - tb->line <= TABLE_LINE_MAX) {
		a = p;
		b = p;
		while (b < tb->line_end && !(s->t[b] == ' ' && b + 1 < tb->line_end && s->t[b + 1] == ' ') &&
		       !(tb->grid && s->t[b] == '|'))
			b++;
		if (cell_number(s, a, b, &ns, &ne) && ns == p) {
			if (tb->classes) {
				c->kind = QUANTITY_TIME;
				decided(c, SPEC, tb->classes_at, tb->classes_len, tb->classes_why);
				c->cue_span = tb->classes_span;
				return ne;
			}
			if ((cls = dash_column(s, tb, p, &k, &cs, &ce, 0, 0)) != UNDECIDED) {
				c->kind = k;
				decided(c, cls, cs, ce - cs, W_HEADER);
				if (k == QUANTITY_SPEEDUP && is_baseline(s, ns, ne))
					decided(c, SPEC, cs, ce - cs, W_BASELINE);
				return ne;
			}
		} else if (b > a + 1 && s->t[b - 1] == '%' && bare_number(s, a, b - 1, &ns, &ne) && ns == p && !tb->classes &&
			   (cls = dash_column(s, tb, p, &k, &cs, &ce, 1, 0)) == CLAIM && k == QUANTITY_SHARE) {
			/* "64.90%" under "Overhead": a profile's column of shares, the header naming them without '%' */
			c->kind = k;
			decided(c, cls, cs, ce - cs, W_HEADER);
			return ne + 1;
		}
	}
	if (tb->pipe || !tb->rows || p < tb->label_end)
		return 0;
	a = p;
	b = p;
	while (b < tb->line_end && !(s->t[b] == ' ' && b + 1 < tb->line_end && s->t[b + 1] == ' '))
		b++;
	if (!bare_number(s, a, b, &ns, &ne) || ns != p || variable_label(s, tb->label, tb->label_end))
		return 0;
	cls = header_kind(s, tb->label, tb->label_end, &k, 0);
	if (cls == UNDECIDED)
		return 0;
	c->kind = k;
	decided(c, cls, tb->label, tb->label_end - tb->label, W_ROW);
	if (cls == CLAIM && position_row(s, tb))
		decided(c, NOTT, tb->label, tb->label_end - tb->label, W_AXIS);
	return ne;
}

/* 1 if [a, b) joins the two ends of a range ("to", "and", "through", "until", "or", a dash) or a conversion ("into"). */
static int range_joins(const struct text *s, size_t a, size_t b)
{
	size_t p = skip_space(s, a), e;

	if (b <= a || b - a > 12)
		return 0;
	if ((e = match_any(s, p, (const char *const[]){ "to", "and", "or", "through", "until", "into", NULL }, 1)) ||
	    (e = match_lit(s, p, "--")) || (e = match_lit(s, p, "-")) || (e = match_lit(s, p, "\xe2\x80\x93")))
		return skip_space(s, e) == b;
	return 0;
}

/*
 * 1 if no noun follows a number ending at p: the end, a clause's or an
 * aside's end, or a joining word ("to 7.1.", "1.1)", "to 2.4 and").
 */
static int bare_tail(const struct text *s, size_t p)
{
	if (word_char_at(s, p))
		return 0;
	p = skip_space(s, p);
	if (p < s->n && word_char_at(s, p))
		return match_any(s, p, joiners, 1) != 0; /* "from 1.2 to 2.4 and ...", not "5 ms and 3 threads" */
	return p >= s->n || stops_clause(s, p) || s->t[p] == ',' || s->t[p] == ')' || s->t[p] == ';' ||
	       (s->t[p] == '(' && p > 0 && space_at(s, p - 1)) || /* "to 1.81 (32-bit keys)": an aside */
	       (s->t[p] == '-' && space_at(s, p + 1)) || match_lit(s, p, "\xe2\x80\x94") ||
	       match_lit(s, p, "\xe2\x80\x93"); /* "0.08 - indicating", a dash that opens an aside */
}

static int up_from(const struct text *s, size_t a, size_t b);
static int other_metric(const struct text *s, size_t p);
static int contrast_value(const struct text *s, size_t a, size_t p, size_t b);
static int change_to(const struct text *s, size_t a, size_t p, size_t b);
static int from_far(const struct text *s, size_t qa, size_t a, size_t p, size_t b);
static int gap_value(const struct text *s, size_t qa, size_t a, size_t p, size_t b);

/*
 * "range from 1.33 to 1.81 (32-bit keys), and 1.25 to 1.68 (64-bit keys), with geomeans of 1.48 and
 * 1.44": a speed-up's values listed on in its sentence, each a ratio written with its decimals (a
 * bare whole number after a speed-up may count threads or keys). Between the speed-up ending at a
 * and the number [p, b): an aside in parentheses maybe, then a comma or "and", and maybe the name of
 * a mean of the speed-ups and "of"; nothing else (thirty-third round, highway-docs).
 */
static int speedup_list(const struct text *s, size_t a, size_t p, size_t b)
{
	static const char *const means[] = { "geomean", "geomeans", "mean", "means", "average", "averages", "median",
					     "medians", NULL };
	size_t q = skip_space(s, a), dot = 0;
	struct cword w;
	size_t next;
	int joined = 0, mean = 0;

	if (p <= a || p - a > 64 || !bare_tail(s, b))
		return 0;
	for (size_t k = p; k < b; k++)
		if (s->t[k] == '.')
			dot = k;
		else if (!is_digit(s->t[k]))
			return 0;
	if (!dot || dot + 1 >= b)
		return 0;
	if (q < p && s->t[q] == '(') { /* an aside: "(32-bit keys)" */
		const unsigned char *close = memchr(s->t + q, ')', p - q);
		if (!close || memchr(s->t + q + 1, '(', (size_t)(close - s->t) - q - 1))
			return 0;
		q = skip_space(s, (size_t)(close - s->t) + 1);
	}
	if (q < p && s->t[q] == ',') {
		joined = 1;
		q = skip_space(s, q + 1);
	}
	for (; q < p && next_cword(s, q, &w, &next) && w.start < p; q = skip_space(s, next)) {
		if (w.span || w.start != q)
			return 0;
		if (match_word_ci(s, w.start, "and") == w.end)
			joined = 1;
		else if (match_any(s, w.start, means, 1) == w.end)
			mean = 1;
		else if (!(mean && match_word_ci(s, w.start, "of") == w.end) &&
			 match_any(s, w.start, (const char *const[]){ "with", "a", "the", "geometric", NULL }, 1) != w.end)
			return 0;
	}
	return q == p && (joined || mean);
}

/*
 * "the link went from 2 s to forty", "costs tens of nanoseconds per write instead of one": a
 * number word [p, b) in the place of a bare number that the forms above read as the claim [qa, a)
 * again, its unit left out (twenty-fourth round: spelled-out figures recurred in probe chapters by
 * seven writers), only after a change to it, between a range's ends or set against the claim, with
 * no count between. "one" only where a word sets it against the claim ("instead of one"): elsewhere
 * it is the pronoun ("and the unrolled one."). kind: the claim's kind; a speed-up's or a share's is
 * no unit to carry.
 */
static int word_ellipsis(const struct text *s, enum quantity_kind kind, size_t qa, size_t a, size_t p, size_t b)
{
	int one;

	if (kind == QUANTITY_SPEEDUP || kind == QUANTITY_SHARE || !is_alpha(s->t[p]) || (p > 0 && word_char_at(s, p - 1)) ||
	    number_word(s, p) != b || match_any(s, p, (const char *const[]){ "hundred", "thousand", NULL }, 1) == b)
		return 0;
	if (b < s->n && (s->t[b] == '-' || s->t[b] == '%'))
		return 0;
	one = match_word_ci(s, p, "one") == b;
	if (other_metric(s, p))
		return 0;
	/* "on four cores instead of one", "with two runs against three", "over many streams instead of one":
	   a count between sets its own number against the word, not the claim */
	for (size_t k = a; k < p; k++)
		if (is_digit(s->t[k]) ||
		    (is_alpha(s->t[k]) && (k == 0 || !word_char_at(s, k - 1)) &&
		     ((number_word(s, k) && !word_char_at(s, number_word(s, k))) ||
		      match_any(s, k, (const char *const[]){ "many", "several", "few", "multiple", "dozens", "pool", "batch",
							     "batches", "group", "set", "all", "both", "each", "every",
							     NULL }, 1))))
			return 0;
	/* "instead of one that needs hashing", "rather than one per packet": the pronoun */
	if (one) {
		size_t g = skip_space(s, b);
		if (g < s->n && !stops_clause(s, g) && s->t[g] != ',' && s->t[g] != ';' && s->t[g] != ')')
			return 0;
	}
	/* ... or in the sentence before the claim ("took 3 ms against one server and 9 ms against three") */
	for (size_t k = qa; k > 0 && !stops_clause(s, k - 1); k--)
		if (is_alpha(s->t[k - 1]) && (k == 1 || !word_char_at(s, k - 2)) && number_word(s, k - 1) &&
		    !word_char_at(s, number_word(s, k - 1)))
			return 0;
	/* set against the claim only by "instead of" or "rather than" ("against three" may count servers) */
	if (contrast_value(s, a, p, b)) {
		struct cword w;
		size_t prev;
		return prev_cword(s, p, &w, &prev) && !w.span &&
		       match_any(s, w.start, (const char *const[]){ "of", "than", NULL }, 1) == w.end;
	}
	if (one)
		return 0;
	/* only where the sentence says the figure moved ("went from 2 seconds to forty") or ran
	   between two ends: a spelled-out number elsewhere is most often a count ("the recursion depth is
	   about twenty", "she ran about twelve", "four on your own": an attacker's review) */
	return ((range_joins(s, a, p) || up_from(s, a, p)) && bare_tail(s, b)) || change_to(s, a, p, b) ||
	       from_far(s, qa, a, p, b) || gap_value(s, qa, a, p, b);
}

/*
 * "runs at about 300 million lookups per second. The first cliff takes it to about 180 million",
 * "16 threads do 0.16 billion increments per second, while one thread manages 1 billion": a count in
 * millions, billions or thousands with nothing after it, in the clause of the rate ending at a or the
 * sentence after it, no other figure between: the rate again, its noun and unit left out
 * (twenty-third round: the form recurred in six probe chapters by as many writers). p and b: the
 * bare number's start and end; the end of the magnitude word, or 0.
 */
static size_t magnitude_again(const struct text *s, size_t a, size_t p, size_t b)
{
	size_t g = skip_space(s, b), e;
	int ends = 0;

	if (g == b || p <= a || p - a > 240 ||
	    !(e = match_any(s, g, (const char *const[]){ "million", "billion", "thousand", NULL }, 1)) || !bare_tail(s, e))
		return 0;
	for (size_t k = a; k < p; k++) {
		if (stops_clause(s, k) && ++ends > 1)
			return 0;
		if (is_digit(s->t[k]) && !word_char_before(s, k))
			return 0;
	}
	/* a value the rate moves to or holds at: "takes it to about 180 million", "close to 200 million",
	   "held at 10 million", "manages 1 billion"; not "The table has 4 million.", "We sort 10 million.",
	   "Set N to 10 million.", "Our test input is 10 million." (an attacker's review) */
	struct cword w, v;
	size_t prev, q = p;
	for (int k = 0; k < 3 && prev_cword(s, q, &w, &prev) && !w.span &&
			match_any(s, w.start, (const char *const[]){ "about", "around", "roughly", "approximately", "nearly",
								     "almost", "some", "just", "only", "~", NULL }, 1) == w.end;
	     k++)
		q = w.start;
	if (!prev_cword(s, q, &w, &prev) || w.span)
		return 0;
	/* "with the table at 4 million", "The counter wraps at 4 billion", "the file holds close to 900
	   million": a size or a count, a container named before (a second attacker's review) */
	{
		struct cword u;
		size_t r = w.start, pr;
		for (int k = 0; k < 5 && prev_cword(s, r, &u, &pr) && !stops_clause(s, u.end); k++, r = pr)
			if (!u.span && (names_memory(s, u.start, u.end) || match_any(s, u.start, other_things, 1) == u.end ||
					match_any(s, u.start, (const char *const[]){ "counter", "log", "wraps", "rotates",
										     "holds", "hold", "grow", "grows", "grew",
										     NULL }, 1) == u.end))
				return 0;
	}
	if (match_word_ci(s, w.start, "to") == w.end)
		return prev_cword(s, w.start, &v, &prev) && !v.span &&
				       match_any(s, v.start, (const char *const[]){ "set", "sets", "n", "equal", "equals",
										    "count", "size", "input", "up", NULL }, 1) != v.end ?
			       e :
			       0;
	return match_any(s, w.start, (const char *const[]){ "at", "manages", "managed", "reaches", "reached", "hits",
							     "hit", "does", "did", "delivers", "delivered", "sustains",
							     "sustained", "achieves", "achieved", NULL }, 1) == w.end ?
		       e :
		       0;
}

/*
 * 1 if the verb of being at v says the value of what is not run ("The buffer is about 300.", "the
 * array was about 4000"): a size, a count, a limit or a variable; prev: where the scan back stands.
 */
static int sized_subject(const struct text *s, const struct cword *v, size_t prev)
{
	struct cword u;

	return match_any(s, v->start, (const char *const[]){ "is", "are", "was", "were", "becomes", "became", NULL }, 1) ==
		       v->end &&
	       prev_cword(s, prev, &u, &prev) && !u.span &&
	       match_any(s, u.start, (const char *const[]){ "buffer", "buffers", "array", "arrays", "size", "sizes", "table",
							    "file", "files", "block", "blocks", "page", "pages", "line",
							    "lines", "list", "set", "count", "number", "length", "width",
							    "height", "limit", "value", "n", "k", NULL }, 1) == u.end;
}

/*
 * "... you would expect a query to take well under 50 ns. It takes about 300.", "An L3 hit is around
 * 40": a hedged bare number after a verb of running, costing or being, ending its clause, in the
 * claim's sentence or the one after it, whose subject is a few words with no figure: the same
 * quantity again, its unit left out (twenty-first round, an HPC author's chapters).
 */
static int run_again(const struct text *s, size_t a, size_t p, size_t b)
{
	static const char *const verbs[] = { "takes", "took", "take", "costs", "cost", "needs", "need", "needed",
					     "is", "are", "was", "were", "lasts", "lasted", "becomes", "became", NULL };
	struct cword v;
	size_t prev, k;
	int ends = 0, words = 0;

	if (p <= a || p - a > 160 || !bare_tail(s, b) || (b < s->n && (s->t[b] == '.' || s->t[b] == '%') &&
							 b + 1 < s->n && is_digit(s->t[b + 1])))
		return 0;
	for (k = a; k < p; k++)
		if ((stops_clause(s, k) && ++ends > 1) || (s->t[k] == '\n' && k + 1 < p && s->t[k + 1] == '\n'))
			return 0;
	if (!prev_cword(s, p, &v, &prev) || v.span || !loose_hedge(s, &v) || !prev_cword(s, prev, &v, &prev) ||
	    v.span || match_any(s, v.start, verbs, 1) != v.end || v.start < a)
		return 0;
	if (sized_subject(s, &v, prev))
		return 0;
	/* the subject: back to the clause's start, at most five words, none a number ("An L3 hit" is
	   one name) */
	for (k = v.start; k > a && !stops_clause(s, k - 1) && s->t[k - 1] != ',' && s->t[k - 1] != ';' &&
			  s->t[k - 1] != ':'; k--) {
		if (is_digit(s->t[k - 1]) && (k == 1 || !is_alpha(s->t[k - 2])))
			return 0;
		if (space_at(s, k - 1) && k < v.start && !space_at(s, k))
			words++;
	}
	return k > a && words <= 5;
}

/*
 * A bare figure that carries the unit of the claim ending at a, in the same paragraph and at most two
 * sentences on: hedged ("about 300", "close to 40") or written with a decimal point ("ours managed
 * 0.61"), ending its clause or followed by a preposition and no noun of its own, after no name
 * ("version 3", "n = 4") (twenty-first round: a paragraph that gives a time goes on in that unit).
 */
static int carried_unit(const struct text *s, size_t a, size_t p, size_t b)
{
	static const char *const preps[] = { "for", "in", "on", "at", "with", "under", "against", "versus", "vs",
					     "from", "when", "per", NULL };
	struct cword v, n;
	size_t prev, k;
	int ends = 0, decimal = 0, hedged = 0;

	if (p <= a || p - a > 300 || word_char_at(s, b) ||
	    (b < s->n && (s->t[b] == '%' || s->t[b] == 'x' || s->t[b] == '/' || s->t[b] == '^' || s->t[b] == '-')))
		return 0;
	for (k = a; k < p; k++) {
		if ((stops_clause(s, k) && ++ends > 2) || (s->t[k] == '\n' && s->table))
			return 0;
		if (s->t[k] == '=' || (s->t[k] == ':' && k + 1 < p && space_at(s, k + 1) && k + 3 >= p))
			return 0;
	}
	for (k = p; k < b; k++)
		decimal |= s->t[k] == '.';
	/* "0.033 s (6.61)": a bracket right after the figure gives its ratio or another form of it */
	if (decimal && p >= 1 && s->t[p - 1] == '(' && p - a <= 3 && bare_tail(s, b))
		return 1;
	if (!prev_cword(s, p, &v, &prev) || v.span)
		return 0;
	if (p > 0 && (s->t[p - 1] == '=' || s->t[p - 1] == '^' || s->t[p - 1] == '#' || s->t[p - 1] == '$' ||
		      s->t[p - 1] == '('))
		return 0;
	if (match_any(s, v.start, item_names, 1) == v.end)
		return 0;
	/* "on V8 6.0", "CPython 2.6", "PCIe 3.0": a product's version after its name */
	if (is_upper(s->t[v.start]) || (v.end - v.start <= 3 && is_digit(s->t[v.end - 1])))
		return 0;
	if (loose_hedge(s, &v) || match_any(s, v.start, (const char *const[]){ "under", "over", "than", NULL }, 1) == v.end)
		hedged = 1;
	/* "close to 40" ("the counter goes up to 40" is a count) */
	if (match_word_ci(s, v.start, "to") == v.end) {
		struct cword u;
		size_t pu;
		hedged = prev_cword(s, prev, &u, &pu) && !u.span &&
			 match_any(s, u.start, (const char *const[]){ "close", "closer", NULL }, 1) == u.end;
	}
	if (!decimal && !hedged)
		return 0;
	/* a decimal with no hedge only in the slot of a result: after a verb of reaching ("ours managed
	   0.61", "it reaches 2.3"), "at", "the" before a preposition ("just under the 1.9 of full SoA"),
	   or "of" after a total, an average or "instead" ("a total of 28.6", "instead of 9.8"); not "a
	   load factor of 0.75", "numpy 1.26", "pi is 3.14" (an attacker's review) */
	if (!hedged) {
		struct cword u, n2;
		size_t pu;
		int slot = match_any(s, v.start, (const char *const[]){ "managed", "manages", "reaches", "reached", "hits",
									 "hit", "gets", "got", "at", "says", "said", "gives",
									 "gave", "shows", "showed", NULL }, 1) == v.end;
		/* "the measurement is 1.1", "the median was 2.3": a figure of a run named as the subject */
		if (!slot && match_any(s, v.start, (const char *const[]){ "is", "was", NULL }, 1) == v.end &&
		    prev_cword(s, prev, &u, &pu) && !u.span)
			slot = match_any(s, u.start, (const char *const[]){ "measurement", "result", "median", "mean",
									    "average", "time", "latency", "throughput",
									    "reality", "figure", NULL }, 1) == u.end;
		if (!slot && match_word_ci(s, v.start, "the") == v.end)
			slot = word_after(s, b, &n2) && !n2.span &&
			       match_any(s, n2.start, (const char *const[]){ "of", "for", "in", "on", "with", NULL }, 1) == n2.end;
		if (!slot && match_word_ci(s, v.start, "of") == v.end && prev_cword(s, prev, &u, &pu) && !u.span)
			slot = is_digit(s->t[u.start]) ||
			       match_any(s, u.start, (const char *const[]){ "total", "instead", "average", "mean", "median",
									    "time", "cost", "figure", "one", "that", NULL }, 1) == u.end;
		if (!slot)
			return 0;
	}
	/* "The buffer is about 300.", "Each bucket has about 3.", "fewer than 12": a size or a count */
	if (hedged) {
		struct cword u;
		size_t pu;
		if (prev_cword(s, prev, &u, &pu) && !u.span &&
		    ((loose_hedge(s, &v) && sized_subject(s, &u, pu)) ||
		     match_any(s, u.start, (const char *const[]){ "has", "have", "had", "holds", "hold", "contains",
								  "stores", "keeps", "lists", "uses", "fewer", "less", NULL },
			       1) == u.end))
			return 0;
	}
	/* "When p is 0.5", "the MPKI is 0.01": a variable's or a metric's value */
	if (match_any(s, v.start, (const char *const[]){ "is", "was", "are", "were", "of", NULL }, 1) == v.end) {
		struct cword u;
		if (!prev_cword(s, prev, &u, &prev) || u.span || u.end - u.start == 1 || is_upper(s->t[u.start]))
			return 0;
	}
	if (bare_tail(s, b) && !(word_after(s, b, &n) && !n.span && match_any(s, n.start, (const char *const[]){ "and", "or", NULL }, 1) == n.end &&
				 word_after(s, n.end, &n) && !n.span && !is_joiner(s, &n)))
		return 1;
	return word_after(s, b, &n) && !n.span && match_any(s, n.start, preps, 1) == n.end &&
	       word_after(s, n.end, &n);
}

/*
 * "takes 65 milliseconds with std::sort and 40 with the radix sort", "about 1 ns in L1 (4 cycles), and
 * 12 for L2": a bare number that continues the claim ending at a, joined by "and" or a comma within
 * the clause, and followed by a preposition and the thing it is a figure of, as the first was: the
 * same quantity again, its unit left out (nineteenth round, an HPC author's chapters). p and b: the
 * bare number's start and end.
 */
static int parallel_value(const struct text *s, size_t a, size_t p, size_t b)
{
	static const char *const preps[] = { "with", "for", "in", "on", "at", "under", "using", "by", "from", "per", NULL };
	size_t q = p, e;
	struct cword w;

	if (p <= a || p - a > 48 || word_char_at(s, b) || (b < s->n && (s->t[b] == '.' || s->t[b] == '%')))
		return 0;
	for (size_t k = a; k < p; k++)
		if (stops_clause(s, k) || s->t[k] == ';' || (s->t[k] == ':' && (k + 1 >= p || space_at(s, k + 1))))
			return 0; /* "std::sort" holds no clause's end */
	while (q > a && space_at(s, q - 1))
		q--;
	/* "and" or a comma right before the number (a hedge between: "and about 12") */
	{
		struct cword v;
		size_t prev;
		if (!prev_cword(s, p, &v, &prev) || v.span)
			return 0;
		if (loose_hedge(s, &v))
			q = v.start;
		else if (match_word_ci(s, v.start, "than") == v.end && prev_cword(s, prev, &v, &prev) && !v.span &&
			 match_any(s, v.start, (const char *const[]){ "more", "less", NULL }, 1) == v.end)
			q = v.start; /* "and more than 40 for Euclid's" */
		while (q > a && space_at(s, q - 1))
			q--;
		/* "takes 3 cycles (4 on Skylake)": an aside opened right before it too (twenty-first round) */
		if (!(q > a && (s->t[q - 1] == ',' || (s->t[q - 1] == '(' && q >= 2 && space_at(s, q - 2)))) &&
		    !(q >= a + 3 && !strncasecmp((const char *)s->t + q - 3, "and", 3) && (q - 3 == a || !is_alpha(s->t[q - 4]))))
			return 0;
	}
	/* a preposition and a word after it, no noun of its own: "40 with the radix sort", "12 for L2" */
	e = skip_space(s, b);
	if (!word_after(s, b, &w) || w.span || match_any(s, w.start, preps, 1) != w.end || e != w.start)
		return 0;
	return word_after(s, w.end, &w);
}

/*
 * 1 if the code span at p names code a figure can be of: a function or an instruction ("vsqrtpd",
 * "tzcnt", "strtod()"), lowercase letters, digits and '_' with "()" maybe; not a constant, a flag, a
 * variable of one letter or a size ("UNROLL", "-Xmx", "i", "sizeof(long)": an attacker's review).
 */
static int code_name(const struct text *s, size_t p)
{
	size_t idx, n;
	const char *t = span_at(s, p, &idx);

	if (!t || (n = strlen(t)) < 2 || n > 40 || !strncmp(t, "sizeof", 6) || !strncmp(t, "alignof", 7) ||
	    !strncmp(t, "offsetof", 8) || !(t[0] >= 'a' && t[0] <= 'z'))
		return 0;
	if (n > 2 && !strcmp(t + n - 2, "()"))
		n -= 2;
	for (size_t k = 0; k < n; k++)
		if (!((t[k] >= 'a' && t[k] <= 'z') || (t[k] >= '0' && t[k] <= '9') || t[k] == '_'))
			return 0;
	return 1;
}

/*
 * 1 if the preposition w leads the claim starting at qa too, a hedge maybe between ("fell to 1.4 ns,
 * and the recursive one to 6.5", "`lzcnt` at one cycle, and `tzcnt` at two"): the gapped clause
 * repeats it before its own figure; gap_value() then asks what its subject is (twenty-sixth round).
 */
static int lead_again(const struct text *s, size_t qa, const struct cword *w)
{
	static const char *const leads[] = { "of", "at", "in", "to", "on", "under", "by", NULL };
	struct cword v;
	size_t prev;

	if (w->span || match_any(s, w->start, leads, 1) != w->end || !prev_cword(s, qa, &v, &prev) || v.span)
		return 0;
	if (loose_hedge(s, &v) && (!prev_cword(s, prev, &v, &prev) || v.span))
		return 0;
	return v.end - v.start == w->end - w->start &&
	       !strncasecmp((const char *)s->t + v.start, (const char *)s->t + w->start, w->end - w->start);
}

/*
 * "takes 4 cycles; MurmurHash's finalizer about 9; SipHash 20 or more", "35-88 cycles, and the 32-bit
 * version about 25": a clause that leaves out the verb and the unit of the claim ending at a. Right
 * after the claim's clause ends (';', ',' or "and", a few words of it between), a noun phrase of at most
 * six words that opens with no preposition, a hedge maybe, then the bare number [p, b), "or more" maybe,
 * and the clause's end (twentieth round, an HPC author's chapters). "in version 2", "on Linux 6" are
 * names.
 */
static int gap_value(const struct text *s, size_t qa, size_t a, size_t p, size_t b)
{
	static const char *const names[] = { "version", "v", "chapter", "section", "step", "figure", "fig", "table",
					     "line", "level", "page", "item", "option", "model", "type", "generation",
					     "gen", "revision", "rev", "number", "no", "part", "rule", "issue", "lesson",
					     "lab", "week", "day", "year", "phase", "stage", "round", "iteration", "test",
					     "case", "example", "gcc", "clang", "python", "java", "linux", "windows",
					     "macos", "ubuntu", "debian", "llvm", "node", "go", "c", "c++", "es", "setting",
					     "settings", "coefficient", "mode", "size", "count", "index", "id", "timer",
					     "timers", "port", "pin", "channel", "bit", "bits", "register", "address", NULL };
	static const char *const preps[] = { "on", "in", "with", "for", "at", "under", "using", "from", "to", "by",
					     "of", "over", "after", "before", "as", "per", "than", "into", NULL };
	static const char *const verbs[] = { "is", "are", "was", "were", "be", "been", "has", "have", "had", "holds",
					     "hold", "held", "contains", "uses", "use", "used", "needs", "need", "gets", "get",
					     "got", "makes", "make", "made", "does", "do", "did", "gives", "give", "gave",
					     "runs", "run", "ran", "takes", "take", "took", "returns", "stores", "reads",
					     "writes", "counts", "shows", "show", "includes", "spans", "fits", "keeps",
					     "becomes", "grows", "reaches", "allocates", "costs", "spends", "handles",
					     "processes", "sees", "saw", "finds", "found", "can", "could", "will", "would",
					     "may", "might", "must", "should", "set", "see", "increase", "decrease",
					     "cuts", "cut", "drops", "dropped", "grew", "grown", "goes", "went", "rises",
					     "rose", "falls", "fell", "shrinks", "shrank", "climbs", "climbed", "reduces",
					     "reduced", "moves", "moved", "becomes", "became", NULL };
	struct cword w, u;
	size_t prev, pu, q = p, e = b, bound = 0, last = 0, last_end = 0;
	int words = 0, whole = 0, parallel = 0, spans = 0, named = 1, metric = 0, det = 0, words_seen = 0;

	if (p <= a || p - a > 120 || word_char_at(s, b) ||
	    (b < s->n && (s->t[b] == '%' || s->t[b] == 'x') ))
		return 0;
	/* "20 or more" */
	if (word_after(s, b, &w) && !w.span && match_word_ci(s, w.start, "or") == w.end) {
		struct cword m;
		if (!word_after(s, w.end, &m) || m.span ||
		    match_any(s, m.start, (const char *const[]){ "more", "less", "so", NULL }, 1) != m.end)
			return 0;
		e = m.end;
	}
	e = skip_space(s, e);
	if (!(e >= s->n || stops_clause(s, e) || s->t[e] == ',' || (s->t[e] == '\n' && s->table)))
		return 0;
	if (!prev_cword(s, p, &w, &prev) || w.span)
		return 0;
	if (match_any(s, w.start, names, 1) == w.end)
		return 0;
	if (loose_hedge(s, &w)) {
		q = w.start;
		if (prev_cword(s, prev, &u, &pu) && lead_again(s, qa, &u))
			q = u.start, parallel = 1; /* "Fermat in about 330" */
	} else if (lead_again(s, qa, &w)) {
		q = w.start, parallel = 1; /* "`vsqrtpd` of 21": the claim's preposition again */
	} else if (e == skip_space(s, b) && !memchr(s->t + p, '.', b - p)) {
		/* a whole number right after a noun, with no hedge and no "or more": a name's number ("the Pi
		   5", "Fedora 39", "core 1", "Listing 3"), not a figure left without its unit; but after the
		   pronoun "one" ("the rwlock one 21", checked below) it is the figure again (twenty-sixth
		   round) */
		whole = 1;
	}
	/* "set the seed to 42", "cuts the file to 40": a number after "to" or a preposition is a target */
	if (q == p && match_any(s, w.start, preps, 1) == w.end)
		return 0;
	/* back to the clause's start: ';' or ',' ("and" after it maybe), or "and" alone */
	for (size_t k = q; k > a && !bound; k--) {
		unsigned c = s->t[k - 1];
		if (c == ';' || c == ',')
			bound = k;
		else if (k >= a + 3 && k + 1 < q && !word_char_at(s, k) && match_word_ci(s, k - 3, "and") == k &&
			 (k - 3 == a || !word_char_at(s, k - 4)))
			bound = k;
		else if (stops_clause(s, k - 1) || c == ':' || c == '(' || c == ')' || c == '|')
			return 0;
	}
	if (!bound)
		return 0;
	/* the clause of the claim: nothing but a few words between it and the boundary */
	for (size_t k = a; k + 1 < bound; k++)
		if (stops_clause(s, k) || s->t[k] == ':' || s->t[k] == '(' || s->t[k] == '=')
			return 0;
	if (bound - a > 48)
		return 0;
	/* the noun phrase: at most six words, the first no preposition, "and" after ',' skipped */
	for (size_t k = skip_space(s, bound); k < q; ) {
		size_t we = word_end(s, k);
		if (we == k) {
			int span = match_lit(s, k, "\xef\xbf\xbc");
			if (!space_at(s, k) && s->t[k] != '\'' && s->t[k] != '-' && !match_lit(s, k, "\xe2\x80\x99") && !span)
				return 0;
			if (span) {
				/* a code span names the subject too: "and `tzcnt` at two" */
				spans++;
				named &= code_name(s, k);
				if (++words > 6)
					return 0;
			}
			k += match_lit(s, k, "\xe2\x80\x99") || span ? 3 : 1;
			continue;
		}
		if (!words && match_word_ci(s, k, "and") == we) {
			k = we;
			continue;
		}
		if (!words && match_any(s, k, preps, 1) == we)
			return 0;
		if (match_any(s, k, verbs, 1) == we)
			return 0; /* "the buffer holds 4096": a clause with its own verb says its own figure */
		if (++words > 6)
			return 0;
		if (names_memory(s, k, we) ||
		    match_any(s, k, (const char *const[]){ "cpu", "ram", "disk", "image", "apk", "queue", "count", "error",
							  "errors", "power", "energy", "price", "score", "cost", "thread",
							  "threads", "pool", "connection", "connections", "retry", "retries",
							  "warning", "warnings", "file", "files", "test", "tests", NULL }, 1) == we)
			metric = 1; /* "and the memory one to 40", "and the APK one to 12", "the thread one to 8" */
		if (!words_seen++)
			det = match_any(s, k, (const char *const[]){ "the", "this", "that", "our", "its", "their", "a",
								     "an", "my", "your", NULL }, 1) == we;
		last = k, last_end = we;
		k = we;
	}
	/* the subject of a gapped figure with no hedge names the code it is a figure of: the pronoun
	   "one" in a phrase opened by a determiner ("the rwlock one 21", "the recursive one to 6.5"; not
	   "team one 3"), no word of a metric or a resource in it ("and the memory one to 40"); after the
	   claim's "at", "in", "on" or "under", that or a code span alone that names a function or an
	   instruction ("`tzcnt` at two", not "`UNROLL` at 4"; "and `vsqrtpd` of 21" went with "and
	   `retries` to 3"); no other figure between ("takes 4 s and touches 300 files; the incremental
	   one 12"), no year ("in '73", "the stable one 2024"). Three attackers' false reports took back
	   the rest: ';' clauses of lowercase words ("; the default timeout 30"), any subject before a
	   repeated preposition ("and the line count by 200"), a capitalised name ("and CPU to 35", "and
	   Android to 14": "Fermat in 330" is lost with them) */
	int one = words >= 2 && det && last_end && match_word_ci(s, last, "one") == last_end && !metric;
	if ((whole || parallel) && (p > 0 && s->t[p - 1] == '\''))
		return 0; /* "in '73": a year */
	if ((whole || parallel) && b - p == 4 && (match_lit(s, p, "19") || match_lit(s, p, "20")))
		return 0; /* "the stable one 2024": a year */
	if (whole || parallel) {
		/* another figure between the claim and the gapped figure is the one it continues ("takes 4 s
		   and touches 300 files; the incremental one 12") */
		for (size_t k = a; k < q; k++)
			if (is_digit(s->t[k]))
				return 0;
	}
	if (whole && !one)
		return 0;
	/* a code span after "to", "of" or "by" is as often a variable set or sized ("and `retries` to 3",
	   "and `malloc` of 64": a third attacker's review) */
	if (parallel && !one &&
	    !(words == 1 && spans == 1 && named &&
	      match_any(s, q, (const char *const[]){ "at", "in", "on", "under", NULL }, 1)))
		return 0;
	return words > 0;
}

/*
 * "went from 9.4 ns per element with `div` to 1.1": the far end of a range opened by "from" before the
 * claim [qa, a), a few words of what it was between ("with `div`"), "to" right before the bare
 * number [p, b) (twentieth round, an HPC author's chapters).
 */
static int from_far(const struct text *s, size_t qa, size_t a, size_t p, size_t b)
{
	struct cword w;
	size_t prev;

	if (p <= a || p - a > 48 || !bare_tail(s, b) || !prev_cword(s, qa, &w, &prev) || w.span)
		return 0;
	/* "from about 12 GFLOPS to 41", "from roughly 1 cycle per key to 5 or 6": a hedge between (twenty-fifth
	   round, two probe writers) */
	if (is_hedge(s, w.start, w.end) && (!prev_cword(s, w.start, &w, &prev) || w.span))
		return 0;
	if (match_word_ci(s, w.start, "from") != w.end || !prev_cword(s, p, &w, &prev) || w.span ||
	    match_word_ci(s, w.start, "to") != w.end || w.start < a)
		return 0;
	for (size_t k = a; k < p; k++)
		if (stops_clause(s, k) || s->t[k] == ',' || (s->t[k] == '\n' && s->table))
			return 0;
	return 1;
}

/* 1 if the word w ends in a possessive "'s" (or ’s, or s'). */
static int possessive(const struct text *s, const struct cword *w)
{
	return !w->span && w->end - w->start >= 3 &&
	       ((s->t[w->end - 1] == 's' && (s->t[w->end - 2] == '\'' || match_lit(s, w->end - 4, "\xe2\x80\x99"))) ||
		(s->t[w->end - 1] == '\'' && s->t[w->end - 2] == 's'));
}

/*
 * "ELL took 4.1 ms against CSR's 6.0", "4.8 cycles per point, barely more than the serial loop's 4.4",
 * "the pool's cost rose to 6.5 ns, and glibc's to 31": the bare number right after a possessive
 * (or after "to" after one, the verb left out) is the owner's figure of the claim before it, when a
 * word that sets it against the claim (against, versus, than, and) leads the owner's phrase of at
 * most four words (twenty-first round, an HPC author's chapters). w: the word before the number,
 * prev: where the word before it ends the scan back.
 */
/*
 * 1 if w is a possessive: "CSR's", or the "s" after a curly apostrophe ("glibc’s", the apostrophe
 * ending the word before), *prev then before the owner's word (an attacker's review).
 */
static int curly_owner(const struct text *s, struct cword *w, size_t *prev)
{
	if (possessive(s, w))
		return 1;
	if (!w->span && w->end - w->start == 1 && to_lower(s->t[w->start]) == 's' && w->start >= 4 &&
	    match_lit(s, w->start - 3, "\xe2\x80\x99") && is_alpha(s->t[w->start - 4])) {
		struct cword o;
		size_t pv;
		if (!prev_cword(s, w->start - 3, &o, &pv) || o.span)
			return 0;
		*prev = pv;
		return 1;
	}
	return 0;
}

static int possessive_lead(const struct text *s, size_t a, struct cword *w, size_t prev)
{
	static const char *const leads[] = { "against", "versus", "vs", "than", "and", "over", "with", NULL };
	struct cword v;

	if (match_word_ci(s, w->start, "to") == w->end || match_word_ci(s, w->start, "by") == w->end) {
		/* "and glibc's to 31", "and rho's by only 4" */
		if (!prev_cword(s, prev, w, &prev) || !curly_owner(s, w, &prev) || w->start < a)
			return 0;
		return prev_cword(s, prev, &v, &prev) && !v.span && match_word_ci(s, v.start, "and") == v.end &&
		       v.start >= a;
	}
	if (!curly_owner(s, w, &prev))
		return 0;
	for (int k = 0; k < 4 && prev_cword(s, prev, &v, &prev) && !v.span && v.start >= a; k++)
		if (match_any(s, v.start, leads, 1) == v.end)
			return 1;
	return 0;
}

/*
 * "6 cycles of latency instead of 26", "1.2 ns per element for the bit trick against 0.35 for the
 * intrinsic", "12 ns per lookup, down from 34": a bare number right after a word that sets it against
 * the claim ending at a, in the same clause, is the figure it is set against, its unit left out
 * (twentieth round, an HPC author's chapters). p and b: the bare number's start and end.
 */
static int contrast_value(const struct text *s, size_t a, size_t p, size_t b)
{
	struct cword w, v;
	size_t prev, e;

	if (p <= a || p - a > 64 || word_char_at(s, b) || (b < s->n && (s->t[b] == '%' || s->t[b] == '.') &&
							    b + 1 < s->n && is_digit(s->t[b + 1])))
		return 0;
	/* "with 4 threads instead of 8", "2 buffers instead of 1": a count between sets its own number
	   against the bare one, not the claim */
	for (size_t k = a; k < p; k++)
		if (stops_clause(s, k) || (s->t[k] == '\n' && s->table) || (is_digit(s->t[k]) && k + 1 < p))
			return 0;
	if (!prev_cword(s, p, &w, &prev) || w.span)
		return 0;
	if (loose_hedge(s, &w) && (!prev_cword(s, prev, &w, &prev) || w.span))
		return 0;
	if (w.start < a)
		return 0;
	if (possessive_lead(s, a, &w, prev)) {
		struct cword n;
		return bare_tail(s, b) || (word_after(s, b, &n) && !n.span &&
					   match_any(s, n.start, (const char *const[]){ "although", "though", "while",
											"but", "so", "which", NULL }, 1) == n.end);
	}
	e = w.end;
	if (match_any(s, w.start, (const char *const[]){ "against", "versus", "vs", NULL }, 1) == e ||
	    (match_word_ci(s, w.start, "of") == e && prev_cword(s, prev, &v, &prev) && !v.span &&
	     match_word_ci(s, v.start, "instead") == v.end) ||
	    (match_word_ci(s, w.start, "than") == e && prev_cword(s, prev, &v, &prev) && !v.span &&
	     match_word_ci(s, v.start, "rather") == v.end)) {
		/* then the end of the clause, or a preposition and what it is a figure of */
		struct cword n;
		if (bare_tail(s, b))
			return 1;
		return word_after(s, b, &n) && !n.span &&
		       match_any(s, n.start, (const char *const[]){ "with", "for", "in", "on", "at", "using", NULL }, 1) ==
			       n.end;
	}
	return 0;
}

/*
 * "runs at 1.7 elements per cycle; with the prefetch it climbs to 3.9", "Lookups take 4.2 ns in L1.
 * Past L3 the time rises to 40.": a bare number after a verb of change and "to" (or "reaches"), in
 * the clause of the claim ending at a or the sentence after it, is the value the claim moves to,
 * its unit left out (twentieth round). p and b: the bare number's start and end.
 */
static int change_to(const struct text *s, size_t a, size_t p, size_t b)
{
	static const char *const verbs[] = { "climbs", "climb", "climbed", "rises", "rise", "rose", "drops", "drop",
					     "dropped", "falls", "fall", "fell", "goes", "go", "went", "increases",
					     "increased", "decreases", "decreased", "improves", "improved", "jumps",
					     "jumped", "shrinks", "shrank", "dips", "dipped", "sinks", "sank", "creeps",
					     "crept", "soars", "soared", "degrades", "degraded", "slows", "slowed",
					     "grows", "grew", NULL };
	static const char *const reach[] = { "reaches", "reached", "reach", "hits", NULL };
	static const char *const subjects[] = { "it", "this", "that", "time", "times", "latency", "throughput",
						"speed", "bandwidth", "runtime", "cost", "performance", "timing", "median",
						"average", "mean", "latencies", "costs", NULL };
	struct cword w;
	size_t prev, ends = 0;
	int apart = 0;

	if (p <= a || p - a > 200 || !bare_tail(s, b) || (b < s->n && s->t[b] == '.' && b + 1 < s->n &&
							 is_digit(s->t[b + 1])))
		return 0;
	for (size_t k = a; k < p; k++) {
		if (s->t[k] == '|' || (s->t[k] == '\n' && s->table) || (stops_clause(s, k) && ++ends > 1))
			return 0; /* a table's cells are figures of their own; one sentence's end at most */
		/* a new clause: a comma, or "and" */
		apart |= s->t[k] == ',' ||
			 (k + 3 <= p && (k == 0 || !word_char_at(s, k - 1)) && match_word_ci(s, k, "and") == k + 3);
	}
	apart |= ends > 0;
	if (!prev_cword(s, p, &w, &prev) || w.span)
		return 0;
	if (loose_hedge(s, &w) && (!prev_cword(s, prev, &w, &prev) || w.span))
		return 0;
	if (match_any(s, w.start, reach, 1) == w.end)
		return !apart || one_of_three_before(s, prev, subjects);
	if (match_word_ci(s, w.start, "to") != w.end || !prev_cword(s, prev, &w, &prev) || w.span)
		return 0;
	if (match_any(s, w.start, (const char *const[]){ "up", "down", "back", NULL }, 1) == w.end &&
	    (!prev_cword(s, prev, &w, &prev) || w.span))
		return 0;
	if (match_any(s, w.start, verbs, 1) != w.end) {
		/* "cuts the chain to 12", "brings the latency down to 40": a verb of change and its object, which
		   names what moves */
		static const char *const moves[] = { "cuts", "cut", "brings", "brought", "reduces", "reduced", "lowers",
						     "lowered", "raises", "raised", "pushes", "pushed", NULL };
		static const char *const objects[] = { "it", "time", "latency", "chain", "cost", "runtime", "throughput",
						       "bandwidth", "speed", "overhead", NULL };
		int object = 0;
		for (int d = 0; d < 4; d++) {
			if (!w.span && match_any(s, w.start, objects, 1) == w.end)
				object = 1;
			if (!prev_cword(s, prev, &w, &prev) || w.span)
				return 0;
			if (match_any(s, w.start, moves, 1) == w.end)
				return object;
		}
		return 0;
	}
	/* in a new clause or sentence, its subject says what moves: "the time rises to 40", "it climbs to
	   3.9", not "the counter goes up to 40", "the error count dropped to 0", "the miss rate falls to 2" */
	return !apart || one_of_three_before(s, prev, subjects);
}

/*
 * "from 4 to 5 cycles", "from 200 to 60 cycles": a bare number [a, b) after
 * "from" whose "to" leads a quantity with a unit is that quantity's first
 * end; c is the second's candidate. 1 if it is.
 */
/* 1 if "from", then a number and "to" (once or twice), ends at p: the series a middle end stands in. */
static int from_before(const struct text *s, size_t p)
{
	struct cword w;
	size_t prev;

	for (int k = 0; k < 3; k++) {
		if (!prev_cword(s, p, &w, &prev) || w.span || !is_digit(s->t[w.start]) ||
		    !prev_cword(s, prev, &w, &prev) || w.span)
			return 0;
		if (match_word_ci(s, w.start, "from") == w.end)
			return 1;
		if (match_word_ci(s, w.start, "to") != w.end)
			return 0;
		p = prev;
	}
	return 0;
}

static int from_to(const struct text *s, size_t a, size_t b, struct cand *c)
{
	struct cword w;
	size_t prev, g, skip, h0;

	if (word_char_at(s, b))
		return 0;
	g = skip_space(s, b);
	/* "14 versus 23 ns", "9 vs. 12 cycles": the first of two figures set against each other takes the
	   second's unit (twenty-first round) */
	if ((g = match_word_ci(s, g, "versus")) || (g = match_word_ci(s, skip_space(s, b), "vs"))) {
		if (g < s->n && s->t[g] == '.')
			g++;
		g = skip_space(s, g);
		if (g >= s->n || !is_digit(s->t[g]) || !number_starts(s, g) || !scan_number(s, g, 0, c, &skip) ||
		    (c->kind != QUANTITY_TIME && c->kind != QUANTITY_CYCLES && c->kind != QUANTITY_RATE))
			return 0;
		/* "version 3 vs. 4 ms": a name's number */
		return !(prev_cword(s, a, &w, &prev) && !w.span && match_any(s, w.start, item_names, 1) == w.end);
	}
	/* "from 0.48 to 0.85 to 3.9 billion cells per second": a series of ends, the last with the unit;
	   a middle end follows "to" (twenty-first round). Twenty-ninth round: "2 to 8 times faster", "from
	   2 up to 16 times faster", "10 to 15% faster": the first end of a change its second end's
	   comparative decides, with or without "from"; "stalls for 5 to 10 ms", "1.12 -> 1.94 GB/s", "38
	   → 6 cycles": two ends of a duration, a rate or a cycle count with no "from"; "from about 2,600 to
	   about 190 per second": a hedge at either end */
	int got = prev_cword(s, a, &w, &prev) && !w.span;
	if (got && hedge_word(s, &w))
		got = prev_cword(s, prev, &w, &prev) && !w.span;
	int from = got && (match_word_ci(s, w.start, "from") == w.end || match_word_ci(s, w.start, "to") == w.end);
	/* with no "from", the first end must follow a verb of taking or moving, a preposition or a hedge
	   ("stalls for 5 to 10 ms", "went 1.12 to 4.61 GB/s") or open its clause ("median: 38 → 6
	   cycles"); a noun before it names the number ("Prescaler 64 → 1.024 ms", "Batch 32 -> 12 ms per
	   step", "Version 3 to 4 ms"), and so does "at" after no such verb ("At 512 to 6.3 ns": a point
	   of the axis; an attacker's review) */
	int named = !from && !end_led(s, a);
	int arrow = 0;
	g = skip_space(s, b);
	if ((h0 = match_word_ci(s, g, "up")))
		g = skip_space(s, h0);
	if ((skip = match_word_ci(s, g, "to")))
		g = skip;
	else if (!h0 && (skip = arrow_at(s, g)))
		g = skip, arrow = 1;
	else
		return 0;
	int middle = from && match_word_ci(s, w.start, "to") == w.end;
	for (int k = 0; k < 4; k++) {
		struct number n;
		size_t h;
		struct cword hw;
		g = skip_space(s, g);
		/* "to about 190 per second", "to ~7 ms" */
		if (next_cword(s, g, &hw, &h) && !hw.span && hw.start == g && is_hedge(s, hw.start, hw.end))
			g = skip_space(s, hw.end);
		if (g + 1 < s->n && s->t[g] == '~' && is_digit(s->t[g + 1]))
			g++;
		if (g >= s->n || !number_starts(s, g))
			return 0;
		if (scan_number(s, g, 0, c, &skip)) {
			if (c->kind == QUANTITY_SPEEDUP || c->kind == QUANTITY_SHARE)
				return k == 0 && c->cls == CLAIM;
			if (from && !h0 && (!middle || from_before(s, prev)))
				return 1;
			/* the two ends of one quantity are of one magnitude; a setting mapped to its effect need
			   not be ("9600 → 104 µs", "1 -> 10 ms, 2 -> 20 ms": an attacker's review) */
			return k == 0 && !from && !named && !h0 && one_magnitude(s, a, g);
		}
		memset(c, 0, sizeof *c);
		c->cls = UNDECIDED;
		if (arrow || !is_digit(s->t[g]) || !parse_number(s, g, &n) || word_char_at(s, n.end) ||
		    !(h = match_word_ci(s, skip_space(s, n.end), "to")))
			return 0;
		g = h;
	}
	return 0;
}

/*
 * 1 if [p, b) is "compared to", "compared with", "versus", "vs." or "against":
 * "0.11 instructions per cycle compared to 0.5", "12 ms versus 15".
 */
static int compared_with(const struct text *s, size_t p, size_t b)
{
	size_t e;

	if ((e = match_word_ci(s, p, "compared")) &&
	    ((e = match_word_ci(s, skip_space(s, e), "to")) || (e = match_word_ci(s, skip_space(s, e), "with"))))
		return skip_space(s, e) == b;
	if ((e = match_word_ci(s, p, "versus")) || (e = match_word_ci(s, p, "against")) || (e = match_word_ci(s, p, "vs")))
		return skip_space(s, e < s->n && s->t[e] == '.' ? e + 1 : e) == b;
	return 0;
}

/* 1 if [a, b) is ", up from" or "down from", or a comparison: "3.2 instructions per cycle, up from 1.1". */
static int up_from(const struct text *s, size_t a, size_t b)
{
	size_t p = skip_space(s, a), e;

	if (b <= a || b - a > 16)
		return 0;
	if (p < b && s->t[p] == ',')
		p = skip_space(s, p + 1);
	if (!(e = match_word_ci(s, p, "up")) && !(e = match_word_ci(s, p, "down")))
		return compared_with(s, p, b);
	return (e = match_word_ci(s, skip_space(s, e), "from")) && skip_space(s, e) == b;
}

/* An arrow at p ("->", "=>", the arrow sign): its end, or 0. */
static size_t arrow_at(const struct text *s, size_t p)
{
	size_t e;

	if ((e = match_lit(s, p, "->")) || (e = match_lit(s, p, "=>")) || (e = match_lit(s, p, "\xe2\x86\x92")))
		return e;
	return 0;
}

/*
 * 1 if [a, b) joins two figures as the ends of a range or two sides of a comparison: "to", "and", "or",
 * a dash, "vs.", "versus", "compared to", an arrow.
 */
static int sibling_joins(const struct text *s, size_t a, size_t b)
{
	size_t p = skip_space(s, a), e;

	if (b <= a || b - a > 16)
		return 0;
	if ((e = arrow_at(s, p)))
		return skip_space(s, e) == b;
	return range_joins(s, a, b) || compared_with(s, p, b);
}

/* The value of the number at p (digits, ',' between thousands, a decimal point, a k, M or G after it). */
static double number_value(const struct text *s, size_t p)
{
	char buf[64];
	size_t n = 0;

	for (; p < s->n && n + 1 < sizeof buf && (is_digit(s->t[p]) || s->t[p] == ',' || s->t[p] == '.'); p++)
		if (s->t[p] != ',')
			buf[n++] = (char)s->t[p];
	buf[n] = '\0';
	double v = strtod(buf, NULL);
	if (p < s->n && (s->t[p] == 'k' || s->t[p] == 'K'))
		v *= 1e3;
	else if (p < s->n && s->t[p] == 'M')
		v *= 1e6;
	else if (p < s->n && s->t[p] == 'G')
		v *= 1e9;
	return v;
}

/* 1 if the numbers at a and b are within a factor of 8 of each other, neither zero. */
static int one_magnitude(const struct text *s, size_t a, size_t b)
{
	double x = number_value(s, a), y = number_value(s, b);

	if (x <= 0 || y <= 0)
		return 0;
	return x <= 8 * y && y <= 8 * x;
}

/*
 * 1 if the bare number at a opens its line or an aside ('('), follows a metric's label and its ':',
 * or follows a verb of taking or moving, a preposition of a span or a hedge: what may lead the first
 * end of a range with no "from".
 */
static int end_led(const struct text *s, size_t a)
{
	static const char *const verbs[] = { "is", "was", "are", "were", "be", "been", "takes", "took", "take", "taking",
					     "lasts", "lasted", "last", "costs", "cost", "spends", "spent", "runs", "ran",
					     "run", "went", "goes", "go", "dropped", "drops", "fell", "falls", "rose",
					     "rises", "grew", "grows", "climbed", "climbs", "jumped", "jumps", "moved",
					     "moves", "improved", "improves", "stays", "stayed", "stay", "sits", "sat",
					     "sit", "hovers", "hovered", "ranges", "ranged", "varies", "varied", "stalls",
					     "stalled", "stall", "peaks", "peaked", "needs", "needed", "decreased",
					     "increased", "reduced", "shrank", "shrunk", "regressed", NULL };
	struct cword w;
	size_t p = a, prev;

	while (p > 0 && (s->t[p - 1] == ' ' || s->t[p - 1] == '\t' || s->t[p - 1] == '~'))
		p--;
	if (p == 0 || s->t[p - 1] == '\n' || s->t[p - 1] == '(')
		return 1;
	/* after a colon, a metric's label ("median: 38 → 6 cycles", "Startup: 1.5 -> 0.4 s"), not a list
	   of settings mapped to their effects ("Debounce levels: 1 -> 10 ms, 2 -> 20 ms": an attacker's
	   review) */
	if (s->t[p - 1] == ':') {
		size_t at, len;
		size_t e = a;
		while (e < s->n && (is_digit(s->t[e]) || s->t[e] == ','))
			e++;
		if (e + 1 < s->n && s->t[e] == '.' && is_digit(s->t[e + 1]))
			return 1; /* a decimal is a reading, not a level */
		if (!prev_cword(s, p - 1, &w, &prev) || w.span)
			return 0;
		return perf_word(s, &w, &at, &len) != NULL ||
		       match_any(s, w.start, (const char *const[]){ "median", "mean", "average", "avg", "min", "max",
								   "p50", "p90", "p95", "p99", "p999", "startup", "lookup",
								   "lookups", NULL }, 1) == w.end;
	}
	if (!prev_cword(s, a, &w, &prev) || w.span)
		return 0;
	if (hedge_word(s, &w) && (!prev_cword(s, prev, &w, &prev) || w.span))
		return 1;
	if (match_any(s, w.start, (const char *const[]){ "for", "in", "of", "under", "over", "within", "by", NULL }, 1) ==
	    w.end)
		return 1;
	/* "sits at 5 to 10 ms", "stays at 20 to 30 ns" */
	if (match_word_ci(s, w.start, "at") == w.end && (!prev_cword(s, prev, &w, &prev) || w.span))
		return 0;
	if (match_any(s, w.start, verbs, 1) == w.end)
		return 1;
	/* "Latency 12 -> 7 ms", "Throughput 1.12 → 1.94 GB/s": a metric's name, a label with no colon */
	{
		size_t at, len;
		const struct cue *pc = perf_word(s, &w, &at, &len);
		return pc && pc->cls == CLAIM && (w.start == 0 || s->t[w.start - 1] == '\n' || s->t[w.start - 1] == ' ') &&
		       at == w.start && len == w.end - w.start;
	}
}

/* 1 if [a, b) makes two durations one sum or equation: "is", "equals", "plus", "=", "+", ", which is". */
static int sum_joins(const struct text *s, size_t a, size_t b)
{
	static const char *const words[] = { "is", "equals", "plus", "minus", "makes", NULL };
	size_t p = skip_space(s, a), e;

	if (b <= a || b - a > 16)
		return 0;
	if ((e = match_lit(s, p, ",")) && (e = match_word_ci(s, skip_space(s, e), "which")))
		p = skip_space(s, e); /* ", which is" */
	if ((e = match_any(s, p, words, 1)) || (e = match_lit(s, p, "=")) || (e = match_lit(s, p, "+")))
		return skip_space(s, e) == b;
	return 0;
}

/*
 * The first word of the sentence holding p, at most `most` words back; 0
 * if it is farther. *stop is where the sentence before it ends (or 0).
 */
static int sentence_opening(const struct text *s, size_t p, int most, struct cword *first, size_t *stop)
{
	struct cword w;
	size_t prev, x;
	int d = 0;

	for (; d < most && prev_cword(s, p, &w, &prev); d++, p = prev)
		*first = w;
	if (d == 0 || d == most)
		return 0;
	*stop = 0;
	for (x = p; x > 0 && p - x < 8; x--)
		if (stops_clause(s, x - 1)) {
			*stop = x;
			break;
		}
	return 1;
}

/* 1 if "on" after p names a size or a memory within two words ("gave 3% on the binary", "4% on the stack
   depth"): what was gained is of that, no speed */
static int size_on(const struct text *s, size_t p)
{
	static const char *const sizes[] = { "binary", "binaries", "size", "sizes", "stack", "memory", "footprint",
					     "rss", "heap", "disk", "image", "executable", NULL };
	struct cword w;
	size_t next;

	if (!word_after(s, p, &w))
		return 0;
	for (int d = 0; d < 3 && next_cword(s, w.end, &w, &next); d++)
		if (!w.span && match_any(s, w.start, sizes, 1) == w.end)
			return 1;
	return 0;
}

/* 1 if the word right after p is w */
static int word_after_is(const struct text *s, size_t p, const char *w)
{
	struct cword n;

	return word_after(s, p, &n) && !n.span && match_word_ci(s, n.start, w) == n.end;
}

/*
 * 1 if the factor at p follows a verb of yielding ("give", "achieves", "reaches"), a hedge between
 * ("give only 5.1x", "reaches about 3x"); decides q as a claim by that verb.
 */
static int yields_factor(const struct text *s, size_t p, struct quantity *q)
{
	static const char *const verbs[] = { "give", "gives", "gave", "yield", "yields", "yielded", "achieve",
					     "achieves", "achieved", "reach", "reaches", "reached", "deliver", "delivers",
					     "delivered", "bought", "buys", "gained", "gains", "won", "wins", NULL };
	/* what gives a speed-up: a configuration or a change of the code ("gives 2x" in algebra, "the lens
	   gives 10x", "zoom can reach 30x" are none) */
	static const char *const givers[] = { "threads", "thread", "cores", "core", "version", "versions", "kernel",
					      "patch", "change", "changes", "optimization", "optimizations", "compiler",
					      "rewrite", "step", "steps", "vectorization", "unrolling", "prefetching",
					      "batching", "parallelization", "simd", "avx2", "avx-512", "gpu", "cache",
					      "layout", "trick", "flag", "flags", "pgo", "lto", "bolt", "inlining",
					      "-o2", "-o3", "o2", "o3", "-march=native", "tuning", NULL };
	struct cword w, v;
	size_t prev, pv;
	int hedged = 0, given = 0;

	if (!prev_cword(s, p, &w, &prev) || w.span)
		return 0;
	if (loose_hedge(s, &w) || is_bound(s, w.start, w.end)) {
		hedged = 1;
		if (!prev_cword(s, prev, &w, &prev) || w.span)
			return 0;
	}
	/* "gave another 5-6%" */
	if (match_any(s, w.start, (const char *const[]){ "another", "a", "an", "us", "them", NULL }, 1) == w.end &&
	    (!prev_cword(s, prev, &w, &prev) || w.span))
		return 0;
	if (match_any(s, w.start, verbs, 1) != w.end)
		return 0;
	pv = prev;
	for (int d = 0; d < 6 && !given && prev_cword(s, pv, &v, &pv); d++)
		given = !v.span && match_any(s, v.start, givers, 1) == v.end;
	if (!given && !hedged)
		return 0;
	q->cls = QUANTITY_CLAIM;
	q->cue = w.start, q->cue_len = w.end - w.start, q->cue_span = 0, q->why = W_CHANGE;
	return 1;
}

/*
 * 1 if a factor or a percentage [p, e) stands right after a time, a rate or a cycle count ending at a,
 * set apart by a comma, a dash or a bracket in the same clause, and names a change after it ("12 ns per
 * lookup, a 65% reduction", "7.4 ns (3x less)", "30% below the mutex").
 */
static int change_beside(const struct text *s, size_t a, size_t p, size_t e)
{
	static const char *const changes[] = { "reduction", "improvement", "speedup", "speed-up", "gain", "drop", "cut",
					       "saving", "savings", "increase", "decrease", "slowdown", "slow-down",
					       "less", "more", "lower", "higher", "faster", "slower", "better", "worse",
					       "fewer", "below", "above", NULL };
	struct cword w;
	int apart = 0;

	/* "9.9 GB/s with streaming stores, 16% less": a few words of what was run may stand between, no
	   other figure ("19 million sections per second, about 30% below the mutex": twenty-third round) */
	if (p <= a || p - a > 40)
		return 0;
	for (size_t k = a; k < p; k++) {
		if (stops_clause(s, k) || (is_digit(s->t[k]) && !word_char_before(s, k)))
			return 0;
		apart |= s->t[k] == ',' || s->t[k] == '(' || s->t[k] == '-' || match_lit(s, k, "\xe2\x80\x94") ||
			 match_lit(s, k, "\xe2\x80\x93");
	}
	if (!apart)
		return 0;
	/* "1.12 -> 1.94 GB/s, +73%", "(-13%)", "1.94 GB/s, up 73%": a signed percentage ending the
	   clause is the change the figure made (twenty-ninth round) */
	if (e > p && s->t[e - 1] == '%' && (bare_tail(s, e) || (e < s->n && s->t[e] == ')'))) {
		struct cword u;
		size_t pu;
		if (s->t[p - 1] == '+' || s->t[p - 1] == '-')
			return 1;
		if (prev_cword(s, p, &u, &pu) && !u.span && u.start > a &&
		    match_any(s, u.start, (const char *const[]){ "up", "down", NULL }, 1) == u.end)
			return 1;
	}
	/* the change word ends the quantity ("65% reduction" read whole) or comes right after it */
	for (size_t k = p; k < e; k++)
		if (is_alpha(s->t[k]) && (k == p || !is_alpha(s->t[k - 1])) && match_any(s, k, changes, 1) == e)
			return 1;
	return word_after(s, e, &w) && !w.span && match_any(s, w.start, changes, 1) == w.end;
}

/* 1 if [a, b) is " at " alone: "by about 60% at 0.1%". */
static int at_point(const struct text *s, size_t a, size_t b)
{
	size_t p = skip_space(s, a), e = match_word_ci(s, p, "at");

	return p > a && e && skip_space(s, e) == b && e < b;
}

/*
 * 1 if the word right before the bare number at p names another metric, whose value it is ("- 32:
 * 9.1 s, ratio 7.7", "an accuracy of 0.93"): no figure before it lends it its unit (twenty-second
 * round, an HPC author's chapters).
 */
static int other_metric(const struct text *s, size_t p)
{
	struct cword w;
	size_t prev;

	if (!prev_cword(s, p, &w, &prev) || w.span)
		return 0;
	if (match_word_ci(s, w.start, "of") == w.end && !prev_cword(s, prev, &w, &prev))
		return 0;
	return !w.span && match_any(s, w.start, (const char *const[]){ "ratio", "ratios", "score", "scores", "accuracy",
									"precision", "recall", "error", "loss", "entropy",
									NULL }, 1) == w.end;
}

/* Keeps q: in out while there is room, else in *spare (which LAST reads), counting it either way. */
static void keep(struct quantity *out, size_t max, size_t *count, struct quantity *spare, const struct quantity *q)
{
	if (*count < max)
		out[*count] = *q;
	else
		*spare = *q;
	(*count)++;
}

/*
 * Keeps [a, b) as the quantity prior stands for again, its unit left out ("from 4.0 to 7.1", "to
 * forty"), as keep() does.
 */
static void keep_again(struct quantity *out, size_t max, size_t *count, struct quantity *spare,
		       const struct quantity *prior, size_t a, size_t b)
{
	struct quantity far = *prior;

	far.start = a, far.len = b - a, far.span = 0;
	keep(out, max, count, spare, &far);
}

/*
 * 1 if the figure at b stands in a short sentence (at most 12 words to b)
 * that opens with the same word as the sentence just before it, which holds
 * the figure at a: two sentences of one frame ("With N=1, ... With N=10, ...").
 */
static int parallel_sentences(const struct text *s, size_t a, size_t b)
{
	struct cword fa = { 0 }, fb = { 0 };
	size_t stop_a, stop_b;

	if (a >= b || !sentence_opening(s, b, 12, &fb, &stop_b) || !stop_b || a >= stop_b || fb.span ||
	    !sentence_opening(s, stop_b - 1, 40, &fa, &stop_a) || fa.span || a < fa.start ||
	    fa.end - fa.start != fb.end - fb.start || fb.end - fb.start > WORD_MAX)
		return 0;
	for (size_t i = 0; i < fa.end - fa.start; i++)
		if (to_lower(s->t[fa.start + i]) != to_lower(s->t[fb.start + i]))
			return 0;
	return 1;
}

size_t quantity_find(const char *text, size_t len, const struct quantity_spans *spans, struct quantity *out,
		     size_t max)
{
	struct text s = { (const unsigned char *)text, len, spans, 0, 0, 0 };
	struct table tb;
	struct cand c;
	size_t count = 0, p = 0, end, skip, step, start, idx, no_close = 0, no_tag = 0;
	/* the last factor or percentage claimed, and the clause ends seen since (each byte looked at once) */
	size_t sib_start = 0, sib_end = 0, stop_scan = 0, last_stop = 0;
	size_t bare_end = 0; /* the end of the last quantity kept, when it was a metric's bare value */
	size_t first_end = 0; /* 1 + the index of a bare first end ("from 4 to 5 cycles"), which its second end decides */
	int sib_use = 0;
	/* the last candidate dropped undecided, a share or a factor a later claim may decide (pend) */
	int pend = 0;
	size_t pend_start = 0, pend_end = 0;
	unsigned cp;
	/* the last quantity kept, where out has no room for it (or is NULL): what comes after it is
	   decided the same whatever max is */
	struct quantity spare = { .why = W_NONE };
	/* a {{measure:...}} or {{cite:...}} reference read last: a figure after it may continue it
	   ("took {{measure:lookup:median}}; the sort is roughly 40 of it") as it would a typed one */
	struct quantity anchor = { .why = W_AFTER_REF };
	int anchored = 0;
	size_t sleep_hint = 0; /* the first code span not yet passed (sleep_restated) */
#define LAST (count <= max ? &out[count - 1] : &spare)
#define PRIOR (anchored ? &anchor : LAST)
	const char *span;

	s.money = has_money(&s);
	s.runs = -1;
	table_setup(&s, &tb);
	tb.lead_cls = UNDECIDED;
	tb.result_cols = tb.pipe && spans && spans->results && !header_names_unit(&s, &tb) ? result_columns(&s, &tb) : 0;
	tb.baseline_cols = tb.pipe && memmem(s.t, s.n, "(1", 2) ? baseline_columns(&s, &tb) : 0;
	if (tb.pipe && spans && spans->lead) {
		lead_setup(spans, &tb);
		if (tb.lead_cls != UNDECIDED)
			lead_check_header(&s, &tb);
	}
	if (tb.pipe)
		s.table = 1;
	if (tb.dash)
		s.table = 1;
	while (p < len) {
		if (p >= tb.line_end || tb.line_end == (size_t)-1 || p < tb.line)
			table_line(&s, &tb, p);
		start = p;
		if (s.t[p] == '{' && p + 1 < len && s.t[p + 1] == '{' && p >= no_close) {
			/* a reference is skipped whole; when none closes on this line, none will before its end */
			if ((end = skip_reference(&s, p)) > p) {
				reference_anchor(&s, p, end, &anchor);
				if (anchor.len) {
					anchored = 1;
					bare_end = end;
					/* "| {{measure:sort/insertion:median}} (7.3x) |": a measured time in a table's
					   cell, the ratio typed beside it is a speed-up of it as it would be of a typed
					   time (timed_factor; a new author's review, thirty-fourth round) */
					if (s.table || tb.gridish) {
						tb.timed = 1;
						tb.claim_end = end;
					}
				}
				p = end;
				continue;
			}
			no_close = line_end(&s, p);
		}
		if ((span = span_at(&s, p, &idx))) {
			if (span_figure(span, &c)) {
				if (c.cls != UNDECIDED && c.cue_len)
					c.cue_span = idx; /* decided by the span's own words */
				end = p + 3;
			} else if ((end = span_unit_after(&s, p, span, &c))) {
				/* "`9/4 = 2.25` cycles" */
			} else if ((!strcmp(span, "IPC") || !strcmp(span, "CPI") || !strcmp(span, "CPE")) &&
				   (memset(&c, 0, sizeof c), end = metric_value(&s, p + 3, 0, strlen(span), &c, &start))) {
				/* "the `IPC` goes up from 4.0": the name in code type, the value in text */
				c.cue_span = idx;
				span = NULL;
			} else {
				p += 3;
				continue;
			}
		} else if (number_starts(&s, p)) {
			if ((end = table_number(&s, &tb, p, &c))) {
				/* a bare number under a timing header */
			} else if ((end = timed_factor(&s, &tb, p, &c))) {
				/* a ratio beside measured times */
			} else if (!(end = scan_number(&s, p, 0, &c, &skip))) {
				size_t mag = bare_end && (count || anchored) && PRIOR->kind == QUANTITY_RATE ?
						     magnitude_again(&s, bare_end, p, skip) :
						     0;
				if (bare_end && (count || anchored) && !other_metric(&s, p) &&
				    (mag || ((range_joins(&s, bare_end, p) || up_from(&s, bare_end, p)) && bare_tail(&s, skip)) ||
				     (PRIOR->kind == QUANTITY_SPEEDUP && speedup_list(&s, bare_end, p, skip)) ||
							    (PRIOR->kind != QUANTITY_SPEEDUP && PRIOR->kind != QUANTITY_SHARE &&
							     (parallel_value(&s, bare_end, p, skip) ||
							      change_to(&s, bare_end, p, skip) ||
							      contrast_value(&s, bare_end, p, skip) ||
							      gap_value(&s, PRIOR->start, bare_end, p, skip) ||
							      run_again(&s, bare_end, p, skip) ||
							      carried_unit(&s, bare_end, p, skip) ||
							      from_far(&s, PRIOR->start, bare_end, p, skip))))) {
					/* "IPC goes up from 4.0 to 7.1": the far end of a metric's range is a value too */
					if (mag)
						skip = mag;
					keep_again(out, max, &count, &spare, PRIOR, p, skip);
					anchored = 0;
					bare_end = skip; /* "11 for the binary version and 40 for Euclid's": a chain */
					p = skip;
					continue;
				}
				size_t b2 = skip;
				if (b2 < len && strchr("kKMG", s.t[b2]) && !word_char_at(&s, b2 + 1))
					b2++; /* "from 390k to 310k ops/s" */
				if (from_to(&s, p, b2, &c)) {
					/* "goes from 4 to 5 cycles": the first end takes the unit of the second */
					end = b2;
					first_end = count + 1;
					goto found;
				}
				/* and what is glued to it: "1990s", "3x3", "12.2.0" */
				p = skip;
				while (p < len && (word_char_at(&s, p) == 1 || s.t[p] == '.'))
					p++;
				continue;
			}
		} else if (word_char_at(&s, p)) {
			if (!(end = scan_word(&s, p, &c, &start))) {
				size_t we = word_end(&s, p);
				if (bare_end && (count || anchored) && word_ellipsis(&s, PRIOR->kind, PRIOR->start, bare_end, p, we)) {
					/* "went from 2 seconds to forty": a figure spelled out, its unit left
					   out, as a bare number is read above */
					keep_again(out, max, &count, &spare, PRIOR, p, we);
					anchored = 0;
					bare_end = we;
				}
				p = we;
				continue;
			}
		} else if (s.t[p] == '<' && p >= no_tag && p + 2 < len &&
			   (is_alpha(s.t[p + 1]) || (s.t[p + 1] == '/' && is_alpha(s.t[p + 2])))) {
			/* a raw HTML tag's own text (its attributes: an anchor's title, a width="50%") is
			   markup, not what the page shows; when no '>' ends it on this line, none will */
			const unsigned char *gt = memchr(s.t + p, '>', line_end(&s, p) - p);
			if (gt) {
				p = (size_t)(gt - s.t) + 1;
			} else {
				no_tag = line_end(&s, p);
				p++;
			}
			continue;
		} else {
			step = u8_decode(&s, p, &cp);
			p += step ? step : 1;
			continue;
		}
	found:;
		/* every scanner ends past where it began; one that did not (a scratch word's end returned by
		   mistake, as a first version of a twenty-second-round form did) would scan the same bytes
		   forever: its candidate is dropped and the scan steps on */
		if (end <= p) {
			step = u8_decode(&s, p, &cp);
			p += step ? step : 1;
			continue;
		}
		struct quantity q;
		memset(&q, 0, sizeof q);
		/* "100 cycles roughly 2% of the time": how often a value occurs, not a share of the run time */
		if (c.kind == QUANTITY_SHARE && c.cls == UNDECIDED && count && !c.refers &&
		    (LAST->kind == QUANTITY_TIME || LAST->kind == QUANTITY_CYCLES) &&
		    LAST->start + LAST->len <= start && start - (LAST->start + LAST->len) < 24 &&
		    !memchr(s.t + LAST->start + LAST->len, '.', start - (LAST->start + LAST->len)) &&
		    !comma_between(&s, LAST->start + LAST->len, start))
			decided(&c, NOTT, start, end - start, W_OCCURS);
		q.kind = c.kind;
		q.start = start;
		q.len = end - start;
		q.span = span ? idx : c.span;
		q.why = W_NONE;
		int kept = classify(&s, &tb, &q, &c);
		if (kept && c.sibling && (q.cls == QUANTITY_CLAIM || q.cls == QUANTITY_UNSURE))
			kept = 0; /* "40% vs. 25% of the time": the far end decides whether the near one is a claim */
		q.table = s.table || q.why == W_ROW;
		if (kept && (q.kind == QUANTITY_SHARE || (q.table && q.kind == QUANTITY_SPEEDUP)) && q.cls == QUANTITY_CLAIM &&
		    total_row(&s, q.start, q.len)) {
			/* "total   1100   100%": the shares' sum, not a part's */
			q.cls = QUANTITY_NOT_TIMING;
			q.cue = q.start, q.cue_len = q.len, q.cue_span = 0, q.why = W_TOTAL_ROW;
		}
		if (kept && (s.table || tb.gridish) && (q.cls == QUANTITY_CLAIM || q.cls == QUANTITY_UNSURE) &&
		    (q.kind == QUANTITY_TIME || q.kind == QUANTITY_RATE || q.kind == QUANTITY_CYCLES)) {
			tb.timed = 1;
			tb.claim_end = q.start + q.len;
		}
		if (kept && (q.cls == QUANTITY_CLAIM || q.cls == QUANTITY_UNSURE) && (idx = sleep_restated(&s, &q, &sleep_hint))) {
			q.cls = QUANTITY_SPECIFIED;
			q.cue = 0, q.cue_span = idx, q.why = W_SLEEP;
			q.cue_len = strlen(s.spans->text[idx - 1]);
		}
		if (kept && q.kind == QUANTITY_SPEEDUP && count && LAST->kind == QUANTITY_SPEEDUP && q.len > 1 &&
		    s.t[start + q.len - 1] == '%' && at_point(&s, LAST->start + LAST->len, start)) {
			/* "slower for sparse sets, by about 60% at 0.1%": the point on the axis the change holds
			   at (a density, a selectivity), not a second change (twenty-second round) */
			q.cls = QUANTITY_NOT_TIMING;
			q.cue = start, q.cue_len = q.len, q.cue_span = 0, q.why = W_AT_POINT;
		}
		if (kept && q.kind == QUANTITY_TIME && count && LAST->kind == QUANTITY_TIME &&
		    (q.cls == QUANTITY_UNSURE || LAST->cls == QUANTITY_UNSURE) &&
		    q.cls != QUANTITY_CLAIM && LAST->cls != QUANTITY_CLAIM &&
		    sum_joins(&s, LAST->start + LAST->len, start)) {
			/* "90 seconds is 1 minute 30 seconds", "1 second plus 500 million nanoseconds": arithmetic */
			struct quantity *a = LAST;
			q.cls = a->cls = QUANTITY_SPECIFIED;
			q.cue = a->cue = a->start, q.cue_len = a->cue_len = start + q.len - a->start;
			q.cue_span = a->cue_span = 0, q.why = a->why = W_LIMIT;
		}
		if (kept && q.cls == QUANTITY_UNSURE && count && LAST->kind == q.kind &&
		    LAST->cls != QUANTITY_CLAIM && LAST->cls != QUANTITY_UNSURE &&
		    range_joins(&s, LAST->start + LAST->len, start)) {
			/* "in the time range from 20s to 40s": the second end is what the first is */
			q.cls = LAST->cls;
			q.cue = LAST->cue, q.cue_len = LAST->cue_len;
			q.cue_span = LAST->cue_span, q.why = LAST->why;
		}
		if (kept && first_end && first_end == count && q.cls != QUANTITY_UNSURE && LAST->kind == q.kind &&
		    sibling_joins(&s, LAST->start + LAST->len, start)) {
			/* "from 0 to 999999999 nanoseconds": the first end is what the second is. Twenty-ninth
			   round: a range is one figure, decided once, by its second end, which the words after
			   the range speak of ("runs for 1 to 3 s by default"; a first version let a claim at
			   either end decide, and an attacker's review found every default range reported) */
			LAST->cls = q.cls;
			LAST->cue = q.cue, LAST->cue_len = q.cue_len;
			LAST->cue_span = q.cue_span, LAST->why = q.why;
		}
		if (kept && count && (q.cls == QUANTITY_CLAIM || q.cls == QUANTITY_UNSURE) &&
		    LAST->kind == q.kind && !q.span &&
		    (LAST->cls == QUANTITY_NOT_TIMING || LAST->cls == QUANTITY_SPECIFIED) &&
		    (q.why == W_NONE || (q.why == W_MEASURED && !q.cue_span && is_hedge(&s, q.cue, q.cue + q.cue_len))) &&
		    parallel_sentences(&s, LAST->start, q.start)) {
			/* "With N=1, that'll happen around 1% of the time. With N=10, around 10% of the time.": a
			   sentence that repeats the frame of the one before, and no word of its own decides, continues it */
			q.cls = LAST->cls;
			q.cue = LAST->cue, q.cue_len = LAST->cue_len;
			q.cue_span = LAST->cue_span, q.why = LAST->why;
		}
		if (kept && count && LAST->kind == q.kind && LAST->cls == QUANTITY_SPECIFIED &&
		    (q.cls == QUANTITY_UNSURE || (hedge_claim(&s, &q) && apposition_end(&s, q.start + q.len))) &&
		    continues(&s, LAST->start + LAST->len, q.start)) {
			/* "(-0.5s, +0.5s)", "1 microsecond to around 35 minutes": a list, a range or a restatement
			   of a specified value is specified too */
			q.cls = LAST->cls;
			q.cue = LAST->cue, q.cue_len = LAST->cue_len;
			q.cue_span = LAST->cue_span, q.why = LAST->why;
		}
		if (kept && c.order && q.cls == QUANTITY_NOT_TIMING && q.why == W_ORDER && count &&
		    LAST->cls == QUANTITY_CLAIM && LAST->kind == q.kind && !LAST->span &&
		    LAST->start + LAST->len <= start && start - (LAST->start + LAST->len) < 200) {
			/* "typically around 500μs, then a couple of milliseconds ..., and up to hundreds of milliseconds":
			   an order of magnitude listed with a figure of the same sentence is one of the list */
			size_t i = LAST->start + LAST->len;
			while (i < start && !stops_clause(&s, i))
				i++;
			if (i == start) {
				q.cls = QUANTITY_CLAIM;
				q.cue = LAST->start, q.cue_len = LAST->len, q.cue_span = 0;
				q.why = W_SIBLING;
			}
		}
		if (kept && count && q.kind == QUANTITY_TIME && LAST->kind == QUANTITY_TIME &&
		    q.cls == QUANTITY_UNSURE && LAST->cls == QUANTITY_UNSURE && !q.span && !LAST->span &&
		    continues(&s, LAST->start + LAST->len, q.start) && same_duration(&s, LAST, &q)) {
			/* "1,000,000 microseconds, or 1 second": one duration in two units, a conversion */
			struct quantity *a = LAST;
			q.cls = a->cls = QUANTITY_SPECIFIED;
			q.cue = a->cue = a->start, q.cue_len = a->cue_len = start + q.len - a->start;
			q.cue_span = a->cue_span = 0, q.why = a->why = W_LIMIT;
		}
		if (kept && count && LAST->why == W_ALLOT && q.cls == QUANTITY_CLAIM &&
		    (q.why == W_SHARE || (!q.cue_span && ((q.cue >= q.start && q.cue < q.start + q.len) ||
						     (q.cue >= LAST->start &&
						      q.cue < LAST->start + LAST->len))))) {
			/* decided by its own words or the allocated share's, by no word of its own clause */
			/* "will receive 50% of the CPU cycles, rather than just 9% of the cycles": one allocation */
			size_t i = LAST->start + LAST->len;
			while (i < start && !stops_clause(&s, i))
				i++;
			if (i == start) {
				q.cls = QUANTITY_SPECIFIED;
				q.cue = LAST->cue, q.cue_len = LAST->cue_len, q.cue_span = 0, q.why = W_ALLOT;
			}
		}
		if (first_end && first_end != count + 1)
			first_end = 0;
		if (kept && q.span && q.cls == QUANTITY_NOT_TIMING && q.why == W_CODE && count &&
		    LAST->span && LAST->cls == QUANTITY_CLAIM && LAST->kind == q.kind &&
		    LAST->start + LAST->len <= start) {
			/* "runs in `0.42 s`, while the original needs `1.3 s`": one list of figures in code type */
			size_t i = LAST->start + LAST->len;
			while (i < start && !stops_clause(&s, i))
				i++;
			if (i == start) {
				q.cls = QUANTITY_CLAIM;
				q.cue_span = LAST->span, q.cue = 0, q.why = W_SIBLING;
				q.cue_len = s.spans && q.cue_span <= s.spans->n && s.spans->text[q.cue_span - 1] ?
						    strlen(s.spans->text[q.cue_span - 1]) : 0;
			}
		}
		if (!kept && c.need_perf && c.cls == UNDECIDED && count && !span && (c.use == 2 || c.use == 3) &&
		    (LAST->cls == QUANTITY_CLAIM || LAST->cls == QUANTITY_UNSURE) &&
		    (LAST->kind == QUANTITY_TIME || LAST->kind == QUANTITY_RATE || LAST->kind == QUANTITY_CYCLES) &&
		    change_beside(&s, LAST->start + LAST->len, start, end)) {
			/* "down to 12 ns per lookup, a 65% reduction": the change a time just stated is (twentieth
			   round, an HPC author's chapters) */
			q.cls = LAST->cls;
			q.cue = LAST->start, q.cue_len = LAST->len, q.cue_span = 0, q.why = W_CHANGE;
			kept = 1;
		}
		if (!kept && c.need_perf && c.cls == UNDECIDED && !span && (c.use == 2 || c.use == 3) &&
		    (bare_tail(&s, end) || word_after_is(&s, end, "on")) && !size_on(&s, end) &&
		    yields_factor(&s, start, &q)) {
			/* "Eight threads give only 5.1x.": a factor a configuration gives, ending its clause, is its
			   speed-up (twentieth round, an HPC author's chapters) */
			kept = 1;
		}
		if (c.refers && c.cls == UNDECIDED) {
			/* "rose to 38 GB/s, 2.7 times the single-core one": the figure it multiplies was just
			   given, in its sentence; "that" may point back one sentence ("... of almost 8x. A distance
			   of 4 gives only half of that") (twenty-first round). With no such figure the factor is
			   of something else, whatever its hedge ("The buffer is 4 KB; the stack is about half
			   that", "We expect about half that": an attacker's review) */
			int refok = 0;
			if (count && (LAST->cls == QUANTITY_CLAIM || LAST->cls == QUANTITY_UNSURE) &&
			    LAST->kind != QUANTITY_SHARE && LAST->start + LAST->len <= start &&
			    start - (LAST->start + LAST->len) < 160 && (q.kind != QUANTITY_SHARE || LAST->kind != QUANTITY_SPEEDUP)) {
				size_t i = LAST->start + LAST->len;
				int ends = 0;
				for (; i < start; i++)
					if ((stops_clause(&s, i) && s.t[i] != ';' && ++ends > (c.refers >= 2 && c.refers != 3)) ||
					    (c.refers >= 3 && ((is_digit(s.t[i]) && (i == 0 || (!is_alpha(s.t[i - 1]) && s.t[i - 1] != '^'))) ||
							       (c.refers == 3 && s.t[i] == ';'))))
						break;
				refok = i == start;
			}
			if (refok) {
				q.cls = LAST->cls;
				q.cue = LAST->start, q.cue_len = LAST->len, q.cue_span = 0, q.why = W_CHANGE;
				kept = 1;
			} else if (c.refers >= 3) {
				/* "must perform within 20% of the reference solution": a bound, no figure to compare
				   (refers 3: "within N% of each other", in the figure's own sentence; 4: "within N% of"
				   another version, in it or the one before; no other number between: "The sort took 12 ms. The two estimates of pi are
				   within 0.1% of each other", "GCC 12 and 13 produce binaries within 2% of each
				   other" compare something else; an attacker's review) */
				kept = 0;
			} else if (kept && (q.cls == QUANTITY_CLAIM || q.cls == QUANTITY_UNSURE) && !q.cue_span &&
				   is_hedge(&s, q.cue, q.cue + q.cue_len) && !sentence_of_change(&s, &q)) {
				kept = 0; /* only its hedge decided it ("throughput rises to roughly 3.3x the
					     single-lane figure" speaks of speed) */
			}
		}
		if (!kept && c.need_perf && c.cls == UNDECIDED &&
		    (sib_use == c.use || (sib_use >= 2 && c.use >= 2)) && (!span || c.use == 3)) {
			/* "up to 69% on bitmaps, up to 59% on nalgebra, up to 39% on secrecy": one list */
			for (stop_scan = stop_scan > sib_end ? stop_scan : sib_end; stop_scan < start; stop_scan++)
				if (stops_clause(&s, stop_scan))
					last_stop = stop_scan + 1;
			if (last_stop <= sib_end) {
				q.cls = QUANTITY_CLAIM;
				q.cue = sib_start, q.cue_len = sib_end - sib_start, q.cue_span = 0, q.why = W_SIBLING;
				kept = 1;
			}
		}
		if (kept && pend && q.cls == QUANTITY_CLAIM && !q.span &&
		    (q.kind == QUANTITY_SHARE || q.kind == QUANTITY_SPEEDUP) &&
		    (s.t[pend_end - 1] == '%') == !!memchr(s.t + q.start, '%', q.len) &&
		    pend_end <= start && sibling_joins(&s, pend_end, start)) {
			/* "9.0% vs. 7.5% overhead", "from +14% to +45%", "`38% -> 69%`": the near end of a range or
			   a comparison whose far end is a claim, no word of its own deciding it (twenty-ninth round) */
			struct quantity b = { .kind = q.kind, .start = pend_start, .len = pend_end - pend_start,
					      .cls = QUANTITY_CLAIM, .cue = q.start, .cue_len = q.len, .why = W_SIBLING,
					      .table = q.table };
			keep(out, max, &count, &spare, &b);
		}
		pend = 0;
		if (!kept && ((c.need_perf && c.cls == UNDECIDED) || c.sibling) && !span &&
		    (c.kind == QUANTITY_SHARE || c.kind == QUANTITY_SPEEDUP))
			pend = 1, pend_start = start, pend_end = end;
		if (kept) {
			keep(out, max, &count, &spare, &q);
			anchored = 0;
			/* a claim, or a figure that may be one ("climbs from 7.4 ns to 11": the far end is
			   reported as the near one is) */
			bare_end = (q.cls == QUANTITY_CLAIM || q.cls == QUANTITY_UNSURE) && (c.bare || q.kind != QUANTITY_SPEEDUP) ?
					   end :
					   0;
			if (q.cls == QUANTITY_CLAIM && (c.use == 2 || c.use == 3 || c.use == 4) && (!span || c.use == 3)) {
				sib_start = q.start, sib_end = q.start + q.len, sib_use = c.use;
				last_stop = 0;
			} else if (q.cls != QUANTITY_CLAIM) {
				sib_use = 0; /* "the peak memory by 5% and 10%": a list of something else */
			}
		}
		p = end;
	}
	return count;
}
#undef PRIOR
#undef LAST

size_t quantity_scan(const char *text, size_t len, struct quantity *out, size_t max)
{
	return quantity_find(text, len, NULL, out, max);
}

const char *quantity_kind_name(enum quantity_kind kind)
{
	switch (kind) {
	case QUANTITY_TIME:
		return "time";
	case QUANTITY_RATE:
		return "rate";
	case QUANTITY_SPEEDUP:
		return "speedup";
	case QUANTITY_CYCLES:
		return "cycles";
	case QUANTITY_SHARE:
		return "share";
	}
	return "unknown";
}

const char *quantity_class_name(enum quantity_class cls)
{
	switch (cls) {
	case QUANTITY_CLAIM:
		return "claim";
	case QUANTITY_UNSURE:
		return "unsure";
	case QUANTITY_SPECIFIED:
		return "specified";
	case QUANTITY_NOT_TIMING:
		return "not timing";
	}
	return "unknown";
}
