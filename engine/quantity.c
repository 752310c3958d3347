/*
 * quantity.c: a small hand-written scanner for timing values in prose (see
 * quantity.h for what counts).
 *
 * One pass over the text. At each number that stands on its own, a few
 * fixed lookaheads (factor and claim, unit, rate) decide what it is; at a
 * few words ("a", "speedup", "twice") the word-led claims are tried. A
 * failed try resumes after the number or word it started at, and every
 * lookahead covers a bounded number of tokens, so each byte is read a
 * bounded number of times: linear time, whatever the input.
 *
 * Positions are byte offsets; every function returns the end of what it
 * matched, or 0 for no match (a match is never empty, so 0 is free).
 */
#include <string.h>

#include "quantity.h"

struct text {
	const unsigned char *t;
	size_t n;
};

static int is_digit(unsigned c)
{
	return c >= '0' && c <= '9';
}

static int is_alpha(unsigned c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static unsigned to_lower(unsigned c)
{
	return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
}

/* Decodes the UTF-8 sequence at p into *cp; its length, or 0 if invalid or cut off. */
static size_t u8_decode(const struct text *s, size_t p, unsigned *cp)
{
	const unsigned char *t = s->t + p;
	size_t avail = s->n - p, len;
	unsigned c, min;

	if (p >= s->n)
		return 0;
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
	size_t len = u8_decode(s, p, &c);

	return len && is_word_cp(c) ? len : 0;
}

/* 1 if the character that ends right before p is a word character. */
static int word_char_before(const struct text *s, size_t p)
{
	size_t q = p;
	unsigned c;

	if (p == 0)
		return 0;
	if (s->t[p - 1] < 0x80)
		return is_word_cp(s->t[p - 1]);
	while (q > 0 && p - q < 4 && (s->t[q - 1] & 0xc0) == 0x80)
		q--;
	if (q == 0)
		return 0;
	q--;
	return u8_decode(s, q, &c) == p - q && is_word_cp(c);
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
	if (c == ' ' || (c >= '\t' && c <= '\r') || c == 0xa0 ||
	    (c >= 0x2000 && c <= 0x200a) || c == 0x202f || c == 0x205f)
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
	size_t len = strlen(word);

	if (p > s->n || s->n - p < len)
		return 0;
	for (size_t i = 0; i < len; i++) {
		unsigned a = s->t[p + i], b = (unsigned char)word[i];

		if (any_case ? to_lower(a) != to_lower(b) : a != b)
			return 0;
	}
	return word_char_at(s, p + len) ? 0 : p + len;
}

static size_t match_word_ci(const struct text *s, size_t p, const char *word)
{
	return match_word_(s, p, word, 1);
}

/* The first of words (NULL-terminated) that matches at p. */
static size_t match_any(const struct text *s, size_t p, const char *const *words, int any_case)
{
	size_t e;

	for (; *words; words++)
		if ((e = match_word_(s, p, *words, any_case)))
			return e;
	return 0;
}

static const char *const time_symbols[] = {
	"ns", "us", "\xc2\xb5s", "\xce\xbcs", "ms", "s", "h",
	"sec", "secs", "min", "mins", "hr", "hrs",
	"msec", "msecs", "usec", "usecs", "nsec", "nsecs", NULL
};

static const char *const time_words[] = {
	"second", "seconds", "minute", "minutes", "hour", "hours",
	"millisecond", "milliseconds", "microsecond", "microseconds",
	"nanosecond", "nanoseconds", "picosecond", "picoseconds", NULL
};

static size_t match_time_unit(const struct text *s, size_t p)
{
	size_t e = match_any(s, p, time_symbols, 0);

	return e ? e : match_any(s, p, time_words, 1);
}

/* "/s", "/sec", "/hour"... */
static size_t match_slash_time(const struct text *s, size_t p)
{
	return match_lit(s, p, "/") ? match_time_unit(s, p + 1) : 0;
}

/* "per second", "per ms"... */
static size_t match_per_time(const struct text *s, size_t p)
{
	size_t e = match_word_ci(s, p, "per");

	return e ? match_time_unit(s, skip_space(s, e)) : 0;
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
	static const char *const plain[] = { "fps", "qps", "rps", "tps", NULL };
	size_t e = word_end(s, p);
	const unsigned char *w = s->t + p;

	if (e == p)
		return 0;
	if (is_prefixed(w, e - p, "bps", "kKMGTP") || is_prefixed(w, e - p, "Bps", "kKMGTP") ||
	    is_prefixed(w, e - p, "FLOPS", "kKMGTPE") || is_prefixed(w, e - p, "IOPS", "kKM"))
		return e;
	return match_any(s, p, plain, 0);
}

/* A claim about speed, after a factor: "faster", "as fast". */
static size_t match_claim(const struct text *s, size_t p)
{
	static const char *const claims[] = {
		"faster", "slower", "quicker", "speedup", "speed-up",
		"slowdown", "slow-down", NULL
	};
	static const char *const bare[] = { "fast", "slow", "quick", NULL };
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

	if (e)
		return e;
	if ((e = match_lit(s, p, "\xc3\x97")))
		return word_char_at(s, e) ? 0 : e;
	return match_lit(s, p, "%");
}

static size_t match_multiplier(const struct text *s, size_t p)
{
	static const char *const words[] = { "thousand", "million", "billion", "trillion", NULL };

	return match_any(s, p, words, 1);
}

struct number {
	size_t end;
	size_t digits;	/* digits before any '.', ',' or exponent */
	int plain;	/* digits only */
};

static size_t skip_digits(const struct text *s, size_t p)
{
	while (p < s->n && is_digit(s->t[p]))
		p++;
	return p;
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
	num->end = q;
	return 1;
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
	if (t[p - 1] == '-' && word_char_before(s, p - 1))
		return 0;
	if (p >= 4 && memcmp(t + p - 3, "\xe2\x80\x93", 3) == 0 && is_digit(t[p - 4]))
		return 0;
	return 1;
}

/* Numbers followed by an "s" that is not seconds: "1990s", "'90s", "2s complement". */
static int is_not_seconds(const struct text *s, size_t start, const struct number *num)
{
	size_t p = num->end;

	if (p >= s->n || s->t[p] != 's' || word_char_at(s, p + 1))
		return 0;
	if (num->plain && s->t[p - 1] == '0') {
		if (num->digits == 4)
			return 1;
		if (num->digits == 2 && start > 0 &&
		    (s->t[start - 1] == '\'' ||
		     (start >= 3 && memcmp(s->t + start - 3, "\xe2\x80\x99", 3) == 0)))
			return 1;
	}
	return match_word_ci(s, skip_space(s, p + 1), "complement") != 0;
}

/* "10-20", "10–20", "10 – 20": the end of the second number, or p ("1980–1990s" is no range). */
static size_t skip_range(const struct text *s, size_t p)
{
	struct number num;
	size_t q = p, e;

	if (q < s->n && s->t[q] == '-') {
		q++;
	} else {
		q = skip_space(s, q);
		if (!(e = match_lit(s, q, "\xe2\x80\x93")))
			return p;
		q = skip_space(s, e);
	}
	if (q < s->n && is_digit(s->t[q]) && parse_number(s, q, &num) &&
	    !is_not_seconds(s, q, &num))
		return num.end;
	return p;
}

/*
 * A quantity that starts with the number at start; its end, or 0. *skip is
 * where the number itself ends, so that a failed try is not repeated inside
 * it ("1,000,000" read again from each group would be quadratic).
 */
static size_t scan_number(const struct text *s, size_t start, enum quantity_kind *kind,
			  size_t *skip)
{
	struct number num;
	size_t p, q, w, e;

	*skip = start;
	if (!parse_number(s, start, &num))
		return 0;
	*skip = num.end;
	if (is_not_seconds(s, start, &num))
		return 0;
	p = skip_range(s, num.end);
	if (p < s->n && s->t[p] && strchr("kKMGTB", s->t[p]) && !word_char_at(s, p + 1))
		p++;
	q = skip_space(s, p);

	*kind = QUANTITY_SPEEDUP;
	e = match_factor(s, q);
	if (!e && match_lit(s, p, "-"))
		e = match_word_ci(s, p + 1, "fold");
	if (e && (e = match_claim(s, skip_space(s, e))))
		return e;

	if ((e = match_multiplier(s, q)))
		q = skip_space(s, e);
	*kind = QUANTITY_RATE;
	if ((e = match_slash_time(s, q)) || (e = match_per_time(s, q)))
		return e;
	if (q < s->n && (is_alpha(s->t[q]) || s->t[q] >= 0x80) && (w = word_end(s, q)) > q) {
		if ((e = match_rate_word(s, q)) || (e = match_slash_time(s, w)) ||
		    (e = match_per_time(s, skip_space(s, w))))
			return e;
		*kind = QUANTITY_TIME;
		if ((e = match_time_unit(s, q)))
			return e;
	}

	/* "a 30-second timeout": only the long forms, "8-byte" and "64-bit" stay out */
	*kind = QUANTITY_TIME;
	if (match_lit(s, p, "-") && (e = match_any(s, p + 1, time_words, 1)))
		return e;
	return 0;
}

/* A claim that starts with the word at p: "a speedup of 3x", "twice as fast". */
static size_t scan_word(const struct text *s, size_t p)
{
	static const char *const nouns[] = {
		"speedup", "speedups", "speed-up", "speed-ups",
		"slowdown", "slowdowns", "slow-down", "slow-downs", NULL
	};
	static const char *const multiples[] = { "twice", "thrice", "half", NULL };
	struct number num;
	size_t e;

	if ((e = match_any(s, p, multiples, 1)))
		return match_claim(s, skip_space(s, e));
	if ((e = match_word_ci(s, p, "a")) || (e = match_word_ci(s, p, "an")))
		p = skip_space(s, e);
	if (!(e = match_any(s, p, nouns, 1)))
		return 0;
	if (!(e = match_word_ci(s, skip_space(s, e), "of")))
		return 0;
	p = skip_space(s, e);
	if (p < s->n && s->t[p] == '~')
		p++;
	if (p >= s->n || !(is_digit(s->t[p]) || s->t[p] == '.') || !parse_number(s, p, &num))
		return 0;
	p = skip_range(s, num.end);
	e = match_factor(s, skip_space(s, p));
	return e ? e : p;
}

size_t quantity_scan(const char *text, size_t len, struct quantity *out, size_t max)
{
	struct text s = { (const unsigned char *)text, len };
	enum quantity_kind kind = QUANTITY_TIME;
	size_t count = 0, p = 0, end, skip, step;
	unsigned c;

	while (p < len) {
		if (number_starts(&s, p)) {
			if (!(end = scan_number(&s, p, &kind, &skip))) {
				/* and what is glued to it: "1990s", "3x3", "12.2.0" */
				p = skip;
				while (p < len && (word_char_at(&s, p) == 1 || s.t[p] == '.'))
					p++;
				continue;
			}
		} else if (word_char_at(&s, p)) {
			kind = QUANTITY_SPEEDUP;
			if (!(end = scan_word(&s, p))) {
				p = word_end(&s, p);
				continue;
			}
		} else {
			step = u8_decode(&s, p, &c);
			p += step ? step : 1;
			continue;
		}
		if (count < max) {
			out[count].kind = kind;
			out[count].start = p;
			out[count].len = end - p;
		}
		count++;
		p = end;
	}
	return count;
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
	}
	return "unknown";
}
