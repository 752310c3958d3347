/* test_quantity.c: the quantity scanner, phrase by phrase. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lesson/quantity.h"
#include "base/util.h"
#include "testutil.h"

#define NOT -1
#define TIME QUANTITY_TIME
#define RATE QUANTITY_RATE
#define SPEEDUP QUANTITY_SPEEDUP

/*
 * One phrase each: kind NOT means nothing may be found in it; otherwise
 * exactly one quantity of that kind, covering exactly span (its first
 * occurrence in text).
 */
static const struct row {
	const char *text;
	int kind;
	const char *span;
} rows[] = {
	/* time values */
	{ "The loop finished in 12 ms on the first try.", TIME, "12 ms" },
	{ "it took 12ms", TIME, "12ms" },
	{ "about ~12 ms", TIME, "12 ms" },
	{ "5 ns per access", TIME, "5 ns" },
	{ "a 3 us stall", TIME, "3 us" },
	{ "a 3 \xc2\xb5s stall (micro sign)", TIME, "3 \xc2\xb5s" },
	{ "a 3 \xce\xbcs stall (mu)", TIME, "3 \xce\xbcs" },
	{ "a 3\xc2\xb5s stall", TIME, "3\xc2\xb5s" },
	{ "A suppression without a reason does not count: 5 s.", TIME, "5 s" },
	{ "done in 2s", TIME, "2s" },
	{ "done in 2 sec.", TIME, "2 sec" },
	{ "3 secs later", TIME, "3 secs" },
	{ "after 1 second", TIME, "1 second" },
	{ "after 90 Seconds", TIME, "90 Seconds" },
	{ "a 5 min build", TIME, "5 min" },
	{ "3 mins to compile", TIME, "3 mins" },
	{ "roughly 20 minutes", TIME, "20 minutes" },
	{ "a 1 minute wait", TIME, "1 minute" },
	{ "runs for 2 h", TIME, "2 h" },
	{ "2 hr of CPU", TIME, "2 hr" },
	{ "12 hrs total", TIME, "12 hrs" },
	{ "one full 1 hour run", TIME, "1 hour" },
	{ "36 HOURS", TIME, "36 HOURS" },
	{ "250 milliseconds", TIME, "250 milliseconds" },
	{ "1 millisecond", TIME, "1 millisecond" },
	{ "40 microseconds", TIME, "40 microseconds" },
	{ "7 nanoseconds", TIME, "7 nanoseconds" },
	{ "it took 1.5 s", TIME, "1.5 s" },
	{ "it took .5 s", TIME, ".5 s" },
	{ "it took 1,000 ms", TIME, "1,000 ms" },
	{ "it took 1,234,567 ns", TIME, "1,234,567 ns" },
	{ "it took 1e-3 s", TIME, "1e-3 s" },
	{ "between 10-20 ms", TIME, "10-20 ms" },
	{ "between 10\xe2\x80\x93" "20 ms", TIME, "10\xe2\x80\x93" "20 ms" },
	{ "between 10 \xe2\x80\x93 20 ms", TIME, "10 \xe2\x80\x93 20 ms" },
	{ "thin 12\xe2\x80\x89ms", TIME, "12\xe2\x80\x89ms" },
	{ "narrow 12\xe2\x80\xafms", TIME, "12\xe2\x80\xafms" },
	{ "nbsp 12\xc2\xa0ms", TIME, "12\xc2\xa0ms" },
	{ "split 12\nms over a line", TIME, "12\nms" },
	{ "split 12\r\nms over a CRLF line", TIME, "12\r\nms" },
	{ "12 ms", TIME, "12 ms" },
	{ "12 ms at the start", TIME, "12 ms" },
	{ "at the end 12 ms", TIME, "12 ms" },
	{ "(12 ms)", TIME, "12 ms" },
	{ "**12 ms**", TIME, "12 ms" },
	{ "a 30-second timeout", TIME, "30-second" },
	{ "took 100s of runs", TIME, "100s" },
	{ "12 ms/iteration", TIME, "12 ms" },
	{ "2.14 s on Lua 5.4", TIME, "2.14 s" },
	{ "-5 ms of skew", TIME, "5 ms" },
	{ "x=5 s", TIME, "5 s" },
	/* rates */
	{ "100 ops/s", RATE, "100 ops/s" },
	{ "3 GB/s of bandwidth", RATE, "3 GB/s" },
	{ "2.5 MB/s", RATE, "2.5 MB/s" },
	{ "a 40 Gbps link", RATE, "40 Gbps" },
	{ "a 100 Mbps link", RATE, "100 Mbps" },
	{ "10 FLOP/s", RATE, "10 FLOP/s" },
	{ "3.2 GFLOP/s peak", RATE, "3.2 GFLOP/s" },
	{ "19.5 TFLOPS", RATE, "19.5 TFLOPS" },
	{ "12 it/s", RATE, "12 it/s" },
	{ "500 req/s", RATE, "500 req/s" },
	{ "1e6 ops/sec", RATE, "1e6 ops/sec" },
	{ "200 requests per second", RATE, "200 requests per second" },
	{ "3 ops per second", RATE, "3 ops per second" },
	{ "5 frames/s", RATE, "5 frames/s" },
	{ "60 fps", RATE, "60 fps" },
	{ "100/s", RATE, "100/s" },
	{ "10 per second", RATE, "10 per second" },
	{ "3 million ops/s", RATE, "3 million ops/s" },
	{ "100k ops/s", RATE, "100k ops/s" },
	{ "4 GiB/min", RATE, "4 GiB/min" },
	{ "3 times per second", RATE, "3 times per second" },
	{ "3GB/s", RATE, "3GB/s" },
	{ "50k IOPS", RATE, "50k IOPS" },
	/* speed-up claims */
	{ "3x faster", SPEEDUP, "3x faster" },
	{ "it is 3\xc3\x97 slower", SPEEDUP, "3\xc3\x97 slower" },
	{ "3X faster", SPEEDUP, "3X faster" },
	{ "3 x faster", SPEEDUP, "3 x faster" },
	{ "2.5 times faster", SPEEDUP, "2.5 times faster" },
	{ "we saw a speedup of 3x here", SPEEDUP, "a speedup of 3x" },
	{ "A speedup of 3x here", SPEEDUP, "A speedup of 3x" },
	{ "the speed-up of 2.5\xc3\x97 here", SPEEDUP, "speed-up of 2.5\xc3\x97" },
	{ "a speedup of 2.5 on 8 cores", SPEEDUP, "a speedup of 2.5" },
	{ "a slowdown of 40%", SPEEDUP, "a slowdown of 40%" },
	{ "40% faster", SPEEDUP, "40% faster" },
	{ "40 percent slower", SPEEDUP, "40 percent slower" },
	{ "twice as fast", SPEEDUP, "twice as fast" },
	{ "Twice as slow as before", SPEEDUP, "Twice as slow" },
	{ "a 3x speedup", SPEEDUP, "3x speedup" },
	{ "10x quicker", SPEEDUP, "10x quicker" },
	{ "3x as fast", SPEEDUP, "3x as fast" },
	{ "a 10-fold speedup", SPEEDUP, "10-fold speedup" },
	{ "1.5x slowdown", SPEEDUP, "1.5x slowdown" },
	/* not timing values */
	{ "PyTorch 2.14", NOT, NULL },
	{ "v1.2.3", NOT, NULL },
	{ "gcc 12.2.0", NOT, NULL },
	{ "gcc 12.2.0 s", NOT, NULL },
	{ "Lua 5.4", NOT, NULL },
	{ "C11", NOT, NULL },
	{ "2026-10-28", NOT, NULL },
	{ "28 Oct 2026", NOT, NULL },
	{ "1990-1999", NOT, NULL },
	{ "2019\xe2\x80\x93" "2023", NOT, NULL },
	{ "an 8-byte word", NOT, NULL },
	{ "64-bit", NOT, NULL },
	{ "the 1990s", NOT, NULL },
	{ "the \xe2\x80\x99" "90s", NOT, NULL },
	{ "1000s of requests", NOT, NULL },
	{ "the 1980\xe2\x80\x93" "1990s", NOT, NULL },
	{ "the 1980s\xe2\x80\x93" "1990s", NOT, NULL },
	{ "O(n) time", NOT, NULL },
	{ "O(n log n)", NOT, NULL },
	{ "a 4x4 grid", NOT, NULL },
	{ "a 3x3 matrix", NOT, NULL },
	{ "4 KiB", NOT, NULL },
	{ "12 MB", NOT, NULL },
	{ "7680 bytes", NOT, NULL },
	{ "20 samples", NOT, NULL },
	{ "3 runs", NOT, NULL },
	{ "132 parameters", NOT, NULL },
	{ "x86-64", NOT, NULL },
	{ "0x10", NOT, NULL },
	{ "s1 and s2", NOT, NULL },
	{ "2s complement", NOT, NULL },
	{ "40% of the array", NOT, NULL },
	{ "section 3", NOT, NULL },
	{ "5 sheep", NOT, NULL },
	{ "10 hosts", NOT, NULL },
	{ "4 samples", NOT, NULL },
	{ "12 MS", NOT, NULL },
	{ "3x", NOT, NULL },
	{ "Mbps", NOT, NULL },
	{ "GFLOP/s and TFLOPS", NOT, NULL },
	{ "make lab-90", NOT, NULL },
	{ "-std=c11 -O0", NOT, NULL },
	{ "UTF-8 text", NOT, NULL },
	{ "step 3 seconds", TIME, "3 seconds" },
	{ "5 s\xc3\xa9" "ances", NOT, NULL },
	{ "20 samples per run", NOT, NULL },
	{ "halves the latency", SPEEDUP, "halves the latency" }, /* a change of a latency by its factor (eighteenth round) */
	{ "a speedup", NOT, NULL },
	{ "twice the size", NOT, NULL },
	{ "1.5.2 ms", NOT, NULL },
	{ "H2O/s", NOT, NULL },
	{ "", NOT, NULL },
};

static void test_table(void **state)
{
	(void)state;
	int failed = 0;

	for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
		const struct row *r = &rows[i];
		size_t len = strlen(r->text);
		struct quantity q[4];
		size_t n = quantity_scan(r->text, len, q, ARRAY_LEN(q));

		if (r->kind == NOT) {
			if (n != 0) {
				fprintf(stderr, "row %zu '%s': found '%.*s' (%s), expected nothing\n",
					i, r->text, (int)q[0].len, r->text + q[0].start,
					quantity_kind_name(q[0].kind));
				failed++;
			}
			continue;
		}
		const char *at = strstr(r->text, r->span);
		assert_non_null(at);
		size_t start = (size_t)(at - r->text);
		if (n != 1 || q[0].kind != (enum quantity_kind)r->kind || q[0].start != start ||
		    q[0].len != strlen(r->span)) {
			fprintf(stderr, "row %zu '%s': expected '%s' (%s), found %zu", i, r->text,
				r->span, quantity_kind_name((enum quantity_kind)r->kind), n);
			for (size_t j = 0; j < n && j < ARRAY_LEN(q); j++)
				fprintf(stderr, " '%.*s' (%s)", (int)q[j].len, r->text + q[j].start,
					quantity_kind_name(q[j].kind));
			fputc('\n', stderr);
			failed++;
		}
	}
	assert_int_equal(failed, 0);
}

static void test_table_is_large(void **state)
{
	(void)state;
	assert_true(ARRAY_LEN(rows) >= 70);
}

/* text holds exactly n quantities, covering want[0..n) in order, of the given kinds. */
static void expect_all(const char *text, const char *const *want,
		       const enum quantity_kind *kinds, size_t n)
{
	struct quantity q[8];
	size_t found = quantity_scan(text, strlen(text), q, ARRAY_LEN(q));
	const char *from = text;

	assert_int_equal(found, n);
	for (size_t i = 0; i < n; i++) {
		const char *at = strstr(from, want[i]);

		assert_non_null(at);
		assert_int_equal(q[i].start, (size_t)(at - text));
		assert_int_equal(q[i].len, strlen(want[i]));
		assert_int_equal(q[i].kind, kinds[i]);
		from = at + strlen(want[i]);
	}
}

static void test_several(void **state)
{
	(void)state;
	const char *text = "12 ms warm, 3x faster hot;\n"
			   "200 req/s at 2.5\xe2\x80\xafs, twice as fast as v1.2.3 (4 KiB).";
	const char *const want[] = { "12 ms", "3x faster", "200 req/s", "2.5\xe2\x80\xafs",
				     "twice as fast" };
	const enum quantity_kind kinds[] = { TIME, SPEEDUP, RATE, TIME, SPEEDUP };
	const char *const range[] = { "10 ms", "20 ms" };
	const char *const one_range[] = { "10 ms\xe2\x80\x93" "20 ms" };
	const enum quantity_kind two_times[] = { TIME, TIME };

	expect_all(text, want, kinds, ARRAY_LEN(want));
	/* a range with both units is one value; two values joined by a word are two */
	expect_all("from 10 ms\xe2\x80\x93" "20 ms", one_range, two_times, 1);
	expect_all("10 ms and 20 ms", range, two_times, 2);
	/* a compound's parts stand a space apart; wider, two columns of a printed table are two figures */
	const char *const compound[] = { "4 hours 30 minutes" };
	const char *const columns[] = { "0.955 ns", "0.96 ns" };
	expect_all("behind by 4 hours 30 minutes", compound, two_times, 1);
	expect_all("BM_Parse/0          0.955 ns        0.96 ns    749769481", columns, two_times, 2);
}

static void test_max_and_count(void **state)
{
	(void)state;
	const char *text = "1 s, 2 s, 3 s, 4 s";
	struct quantity q[2];

	assert_int_equal(quantity_scan(text, strlen(text), NULL, 0), 4);
	memset(q, 0, sizeof(q));
	assert_int_equal(quantity_scan(text, strlen(text), q, 1), 4);
	assert_int_equal(q[0].start, 0);
	assert_int_equal(q[0].len, 3);
	assert_int_equal(q[1].len, 0);	/* untouched */
}

/* text need not be NUL-terminated: nothing past len is read or matched. */
static void test_len_bounds(void **state)
{
	(void)state;
	struct quantity q[2];
	char *p = xmalloc(5);

	memcpy(p, "5 sec", 5);
	assert_int_equal(quantity_scan(p, 5, q, 2), 1);
	assert_int_equal(q[0].len, 5);
	assert_int_equal(quantity_scan(p, 3, q, 2), 1);	/* "5 s" */
	assert_int_equal(q[0].len, 3);
	assert_int_equal(quantity_scan(p, 4, q, 2), 0);	/* "5 se" */
	assert_int_equal(quantity_scan(p, 1, q, 2), 0);
	assert_int_equal(quantity_scan(p, 0, q, 2), 0);
	memcpy(p, "12 ms", 5);
	assert_int_equal(quantity_scan(p, 4, q, 2), 0);	/* "12 m" */
	free(p);

	/* a NUL inside the text is just a byte */
	assert_int_equal(quantity_scan("a\0 12 ms", 8, q, 2), 1);
	assert_int_equal(q[0].start, 3);
}

static void test_kind_names(void **state)
{
	(void)state;
	assert_string_equal(quantity_kind_name(QUANTITY_TIME), "time");
	assert_string_equal(quantity_kind_name(QUANTITY_RATE), "rate");
	assert_string_equal(quantity_kind_name(QUANTITY_SPEEDUP), "speedup");
}

static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static uint32_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (uint32_t)(rng_state >> 32);
}

static void check_spans(const char *text, size_t len)
{
	struct quantity q[64];
	size_t n = quantity_scan(text, len, q, ARRAY_LEN(q)), prev_end = 0;

	for (size_t i = 0; i < n && i < ARRAY_LEN(q); i++) {
		assert_true(q[i].start >= prev_end);
		assert_true(q[i].len > 0);
		assert_true(q[i].start + q[i].len <= len);
		assert_true(q[i].kind <= QUANTITY_SHARE);
		assert_true(q[i].cls <= QUANTITY_NOT_TIMING);
		assert_non_null(q[i].why);
		assert_true(q[i].cue + q[i].cue_len <= len || q[i].cue_span);
		prev_end = q[i].start + q[i].len;
	}
}

/*
 * Random bytes, then random soups of the pieces the scanner reacts to, each
 * in a buffer of exactly its length so that AddressSanitizer sees overreads.
 */
static void test_fuzz(void **state)
{
	(void)state;
	static const char *const pieces[] = {
		"1", "2", "0", "12", "1990", ".", ",", ",000", "-", "e", "e-", "x", "X",
		"\xc3\x97", "%", " ", "\n", "\xc2\xa0", "\xe2\x80\x89", "\xe2\x80\xaf",
		"\xe2\x80\x93", "\xe2\x80\x99", "'", "s", "ms", "\xc2\xb5", "\xce\xbc", "us",
		"sec", "second", "min", "h", "/", "/s", "per", "ops", "GB", "Gbps", "FLOPS",
		"times", "faster", "as", "fast", "a", "speedup", "speed-up", "of", "twice",
		"fold", "k", "M", "million", "complement", "v", "_", "~", "\xc2", "\xe2\x80",
		"\xf0\x9f", "\x80", "\xff", "cycles", "cycle", "CPU", "clock", "{{", "}}", "|", "---",
		"IPC", "the", "time", "factor", "order", "magnitude", "half", "three", "sleep", "UTC",
		"\xef\xbf\xbc", "--", "+", "=", "every", "higher", "than", "Second", "Street", "e.g.",
		"  ", "latency", "(ns)", "ahead",
	};
	char tmp[512];

	for (int round = 0; round < 10000; round++) {
		size_t len = 0;

		if (round % 2) {
			size_t want = rng() % 64;

			while (len < want) {
				const char *piece = pieces[rng() % ARRAY_LEN(pieces)];
				size_t plen = strlen(piece);

				memcpy(tmp + len, piece, plen);
				len += plen;
			}
		} else {
			len = rng() % 128;
			for (size_t i = 0; i < len; i++)
				tmp[i] = (char)(rng() & 0xff);
		}
		char *text = xmalloc(len);
		memcpy(text, tmp, len);
		check_spans(text, len);
		/* every prefix, so that each lookahead meets the end of the text */
		for (size_t cut = 0; cut < len; cut++)
			check_spans(text, cut);
		free(text);
	}
}

/*
 * Inputs that would make a careless scanner quadratic finish at once: a
 * quadratic scan of 256 KiB takes many minutes, a linear one about a second
 * of CPU under ASan (the densest, "\xef\xbf\xbc 1 s, ", 5 s for 1 MiB after
 * the fifth round's merge), so the bound is 10 s, room for a busy machine.
 */
static void test_long_inputs(void **state)
{
	(void)state;
	static const char *const units[] = { "1,000", "1-", "a ", " ", "1 ", "9", "1.", "a speedup of ",
					     "1 ms ", "| 1 ", "1  ", "half of the ", "factor of ", "{{", "IPC of ",
					     "word ", "\xef\xbf\xbc ", "from 1 to ", "hundreds of ", "1 times to ",
					     ", up from 1", "If zero, 1 s ", "users 1 s ", "one x every ", "%1",
					     "\xef\xbf\xbc 1 s, ", "1~", "1'", "1:", "1+" };
	/* lists, ranges and restatements (fifth round): dense in values, so a quarter of the length */
	static const char *const lists[] = { "1, 1 s ", "must 1 s ", "1 s, about 1 s, ", "1 ms, or 1 s, ",
					     "receive 1% of the time, ", "2^1 s ", "two clocks ", "respectively, 1, ",
					     "(1 s) ", "(-1 s, +", "if it takes longer than 1 s ", "happen 1% of the time ",
					     "\"At 1 s, ", "1 s rule " };
	size_t len = 1 << 18;
	char *text = xmalloc(len);

	for (size_t u = 0; u < ARRAY_LEN(units); u++) {
		size_t ulen = strlen(units[u]);
		long long t0 = test_cpu_ns();

		for (size_t i = 0; i < len; i++)
			text[i] = units[u][i % ulen];
		check_spans(text, len);
		assert_true(test_cpu_ns() - t0 < 10000000000LL);
	}
	for (size_t u = 0; u < ARRAY_LEN(lists); u++) {
		size_t ulen = strlen(lists[u]);
		long long t0 = test_cpu_ns();

		for (size_t i = 0; i < len / 4; i++)
			text[i] = lists[u][i % ulen];
		check_spans(text, len / 4);
		assert_true(test_cpu_ns() - t0 < 10000000000LL);
	}
	free(text);
}

static void test_class_names(void **state)
{
	(void)state;
	assert_string_equal(quantity_kind_name(QUANTITY_CYCLES), "cycles");
	assert_string_equal(quantity_kind_name(QUANTITY_SHARE), "share");
	assert_string_equal(quantity_class_name(QUANTITY_CLAIM), "claim");
	assert_string_equal(quantity_class_name(QUANTITY_UNSURE), "unsure");
	assert_string_equal(quantity_class_name(QUANTITY_SPECIFIED), "specified");
	assert_string_equal(quantity_class_name(QUANTITY_NOT_TIMING), "not timing");
}

/* The first quantity that overlaps text[at, at + len), or NULL. */
static const struct quantity *covering(const struct quantity *q, size_t n, size_t at, size_t len)
{
	for (size_t i = 0; i < n; i++)
		if (q[i].start < at + len && at < q[i].start + q[i].len)
			return &q[i];
	return NULL;
}

/*
 * tests/corpus/sentences.tsv: every pattern, each with its label. Backticks
 * make code spans (one U+FFFC each, as prose_collect() makes them) and "\n"
 * a line break. A claim must be reported (claim or unsure), a specified
 * duration found and let pass as specified, the rest not reported.
 */
static void test_sentences(void **state)
{
	(void)state;
	FILE *f = fopen("tests/corpus/sentences.tsv", "r");
	char line[2048];
	int failed = 0, nrows = 0, claims = 0, specified = 0, other = 0;

	assert_non_null(f);
	while (fgets(line, sizeof line, f)) {
		char *label = line, *want, *sentence, *nl;
		if (line[0] == '#' || line[0] == '\n')
			continue;
		if ((nl = strchr(line, '\n')))
			*nl = '\0';
		want = strchr(label, '\t');
		assert_non_null(want);
		*want++ = '\0';
		sentence = strchr(want, '\t');
		assert_non_null(sentence);
		*sentence++ = '\0';
		const char *hit = strstr(sentence, want);
		assert_non_null(hit);
		size_t want_at = (size_t)(hit - sentence);

		/* the text as prose_collect() would give it */
		char text[2048], spans_text[8][256];
		const char *span_ptr[8];
		size_t offsets[8], nspans = 0, len = 0, mapped = 0;
		for (size_t i = 0; sentence[i];) {
			if (i == want_at)
				mapped = len;
			if (sentence[i] == '`' && strchr(sentence + i + 1, '`') && nspans < 8) {
				const char *close = strchr(sentence + i + 1, '`');
				size_t k = (size_t)(close - sentence - i - 1);
				memcpy(spans_text[nspans], sentence + i + 1, k);
				spans_text[nspans][k] = '\0';
				span_ptr[nspans] = spans_text[nspans];
				if (want_at > i && want_at <= (size_t)(close - sentence))
					mapped = len;
				offsets[nspans++] = len;
				memcpy(text + len, "\xef\xbf\xbc", 3);
				len += 3;
				i = (size_t)(close - sentence) + 1;
			} else if (sentence[i] == '\\' && sentence[i + 1] == 'n') {
				text[len++] = '\n';
				i += 2;
			} else {
				text[len++] = sentence[i++];
			}
		}
		struct quantity_spans sp = { span_ptr, offsets, nspans, NULL, 0, 0 };
		struct quantity q[16];
		size_t n = quantity_find(text, len, nspans ? &sp : NULL, q, ARRAY_LEN(q));
		if (n > ARRAY_LEN(q))
			n = ARRAY_LEN(q);
		size_t want_len = strlen(want);
		if (strchr(want, '`'))
			want_len = 3; /* a code span is one U+FFFC */
		const struct quantity *at = covering(q, n, mapped, want_len);
		int ok;
		nrows++;
		if (!strcmp(label, "claim")) {
			claims++;
			ok = at && (at->cls == QUANTITY_CLAIM || at->cls == QUANTITY_UNSURE);
		} else if (!strcmp(label, "specified")) {
			specified++;
			ok = at && at->cls == QUANTITY_SPECIFIED;
		} else {
			other++;
			ok = !at || at->cls == QUANTITY_SPECIFIED || at->cls == QUANTITY_NOT_TIMING;
		}
		if (!ok) {
			fprintf(stderr, "%s '%s' in: %s\n  found: %s %s%s\n", label, want, sentence,
				at ? quantity_class_name(at->cls) : "nothing",
				at ? "because " : "", at ? at->why : "");
			failed++;
		}
	}
	fclose(f);
	/* every kind is there, and the file was read whole */
	assert_true(claims >= 40 && specified >= 15 && other >= 10);
	assert_int_equal(nrows, claims + specified + other);
	assert_int_equal(failed, 0);
}

/* A figure in a code span is code unless a performance word says otherwise. */
static void test_span_figures(void **state)
{
	(void)state;
	const char *texts[] = { "35 GB/s", "2 seconds" };
	size_t offs[] = { 0, 0 };
	struct quantity q[4];
	const char *claim = "Bandwidth in practice is \xef\xbf\xbc.";
	const char *code = "Print \xef\xbf\xbc when done.";
	struct quantity_spans sp = { texts, offs, 1, NULL, 0, 0 };

	offs[0] = strstr(claim, "\xef") - claim;
	assert_int_equal(quantity_find(claim, strlen(claim), &sp, q, 4), 1);
	assert_int_equal(q[0].span, 1);
	assert_int_equal(q[0].kind, QUANTITY_RATE);
	assert_int_equal(q[0].cls, QUANTITY_CLAIM);
	/* decided by its own unit: the cue is in the span, not in the text (found by fuzzing: the
	   cue's offset was read in the text, past its end) */
	assert_int_equal(q[0].cue_span, 1);
	assert_memory_equal(texts[0] + q[0].cue, "GB/s", 4);
	texts[0] = "2 seconds";
	offs[0] = strstr(code, "\xef") - code;
	assert_int_equal(quantity_find(code, strlen(code), &sp, q, 4), 1);
	assert_int_equal(q[0].cls, QUANTITY_NOT_TIMING);
	/* an identifier in a span decides as a word would */
	const char *slept = "Call \xef\xbf\xbc for 2 seconds.";
	texts[0] = "thrd_sleep()";
	offs[0] = strstr(slept, "\xef") - slept;
	assert_int_equal(quantity_find(slept, strlen(slept), &sp, q, 4), 1);
	assert_int_equal(q[0].cls, QUANTITY_SPECIFIED);
	assert_int_equal(q[0].cue_span, 1);
	assert_memory_equal(texts[0] + q[0].cue, "sleep", 5);
}

/* A bare figure in a table among results is unsure; without the mark, or in a column of counts or of
   row labels, it is nothing (thirtieth round). */
static void test_results_table(void **state)
{
	(void)state;
	const char *t = "| cpu | base | fast | threads | misses (count) |\n"
			"|-----|------|------|---------|----------------|\n"
			"| 8275CL | 910 | 605 | 16 | 31 |\n";
	struct quantity q[8];
	struct quantity_spans sp = { NULL, NULL, 0, NULL, 0, 0 };

	assert_int_equal(quantity_find(t, strlen(t), &sp, q, 8), 0);
	sp.results = 1;
	assert_int_equal(quantity_find(t, strlen(t), &sp, q, 8), 2);
	for (int i = 0; i < 2; i++) {
		assert_int_equal(q[i].cls, QUANTITY_UNSURE);
		assert_int_equal(q[i].kind, QUANTITY_TIME);
	}
	assert_memory_equal(t + q[0].start, "910", 3);
	assert_memory_equal(t + q[0].cue, "base", 4);
	assert_memory_equal(t + q[1].start, "605", 3);
	assert_memory_equal(t + q[1].cue, "fast", 4);
	/* a column of small whole numbers counts something ("| 14 | 0 |": tests passed and failed) */
	const char *counts = "| test | passed | ok |\n|------|--------|----|\n| sort | 14 | 0 |\n";
	assert_int_equal(quantity_find(counts, strlen(counts), &sp, q, 8), 0);
	/* prose is never a table among results */
	const char *prose = "It ran 910 times.";
	assert_int_equal(quantity_find(prose, strlen(prose), &sp, q, 8), 0);
}

/* Nothing inside a {{...}} reference is scanned: it is the reference's business. */
static void test_references_skipped(void **state)
{
	(void)state;
	const char *t = "costs {{cite:intel|4 cycles}} and {{measure:m:median}} but 5 ms here";
	struct quantity q[4];

	assert_int_equal(quantity_scan(t, strlen(t), q, 4), 1);
	assert_int_equal(q[0].start, (size_t)(strstr(t, "5 ms") - t));
}

/* The quantity at the start of want in t, or fails: its text is exactly want. */
static void expect_whole(const char *t, const char *want)
{
	struct quantity q[8];
	size_t n = quantity_scan(t, strlen(t), q, 8), at = (size_t)(strstr(t, want) - t);

	for (size_t i = 0; i < n && i < 8; i++)
		if (q[i].start == at) {
			assert_int_equal(q[i].len, strlen(want));
			return;
		}
	fail_msg("no quantity '%s' in: %s", want, t);
}

/* Every number word is read as a figure, whichever its first letter, alone, capitalised, joined by a
   hyphen and before "hundred" (the scanner tries only the words of the letter it meets). */
static void test_number_words(void **state)
{
	(void)state;
	static const char *const words[] = {
		"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
		"eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
		"nineteen", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
		"hundred", "thousand",
	};
	char t[160], want[80];

	for (size_t i = 0; i < ARRAY_LEN(words); i++) {
		snprintf(want, sizeof want, "%s milliseconds", words[i]);
		snprintf(t, sizeof t, "The lookup took %s per call.", want);
		expect_whole(t, want);
		snprintf(want, sizeof want, "%c%s milliseconds", words[i][0] - 'a' + 'A', words[i] + 1);
		snprintf(t, sizeof t, "%s per call.", want);
		expect_whole(t, want);
	}
	expect_whole("The lookup took twenty-five milliseconds per call.", "twenty-five milliseconds");
	expect_whole("The lookup took Ninety-Nine milliseconds per call.", "Ninety-Nine milliseconds");
	expect_whole("The batch took three hundred milliseconds in all.", "three hundred milliseconds");
}

/* A decimal comma is part of its number where no list can be meant; "1m 01s" is one duration. */
static void test_decimal_comma(void **state)
{
	(void)state;
	struct quantity q[8];
	const char *list = "options 1,2,3 seconds apart";

	expect_whole("paused for 0,0935090 secs here", "0,0935090 secs");
	expect_whole("[Times: user=10,96 sys=0,06, real=1,53 secs]", "1,53 secs");
	expect_whole("finished in 1m 01s", "1m 01s");
	/* a list: "3 seconds" alone, never "2,3 seconds" */
	assert_int_equal(quantity_scan(list, strlen(list), q, 8), 1);
	assert_int_equal(q[0].start, (size_t)(strstr(list, "3 seconds") - list));
	/* thousands stay thousands */
	expect_whole("took 1,500 ms", "1,500 ms");
	/* a record's fields share the unit written at its end, a decimal comma too */
	expect_whole("[Times: user=10,96 sys=0,06, real=1,53 secs]", "10,96");
	expect_whole("[Times: user=10,96 sys=0,06, real=1,53 secs]", "0,06");
	expect_whole("cpu=0.41 wall=0.12 secs", "0.41");
}

/* A pandoc-style table whose rule has a column of percentages under "Overhead": each is a share of the run
   time the header names without its '%'; a column of percentages under "Count" is not. */
static void test_percent_column(void **state)
{
	(void)state;
	struct quantity q[8];
	const char *t = "  Overhead  Phase       Count\n  --------  ----------  -----\n    41.20%  parse       12.00%\n";
	size_t n = quantity_find(t, strlen(t), NULL, q, 8);

	assert_int_equal(n, 1);
	assert_int_equal(q[0].start, (size_t)(strstr(t, "41.20%") - t));
	assert_int_equal(q[0].len, strlen("41.20%"));
	assert_int_equal(q[0].kind, QUANTITY_SHARE);
	assert_int_equal(q[0].cls, QUANTITY_CLAIM);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_table_is_large),
		cmocka_unit_test(test_several),
		cmocka_unit_test(test_max_and_count),
		cmocka_unit_test(test_len_bounds),
		cmocka_unit_test(test_kind_names),
		cmocka_unit_test(test_fuzz),
		cmocka_unit_test(test_long_inputs),
		cmocka_unit_test(test_class_names),
		cmocka_unit_test(test_sentences),
		cmocka_unit_test(test_span_figures),
		cmocka_unit_test(test_results_table),
		cmocka_unit_test(test_references_skipped),
		cmocka_unit_test(test_decimal_comma),
		cmocka_unit_test(test_number_words),
		cmocka_unit_test(test_percent_column),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
