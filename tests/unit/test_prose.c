/*
 * test_prose.c: prose units and their position maps (prose_collect): text
 * without markup, code spans as U+FFFC, positions as written, and every
 * position inside the lesson's text whatever the bytes.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "check/cite.h"
#include "lesson/lesson.h"
#include "lesson/prose.h"
#include "lesson/quantity.h"
#include "testutil.h"

#define PATH "lessons/15-pointers.md"

/* Every byte of every unit maps into lesson->text. */
static void expect_positions_inside(const struct lesson *l, const struct prose *p)
{
	for (size_t i = 0; i < p->n; i++)
		for (size_t off = 0; off < p->v[i].len; off++)
			assert_in_range(p->v[i].pos[off], 0, l->text_len - 1);
}

static void test_markup_and_positions(void **state)
{
	const char *src = "# Title\n\nSome **12**\nms and `x = 1` here.\n";
	struct lesson *l = lesson_parse(PATH, src, strlen(src));
	struct prose p;
	int line, col;

	(void)state;
	prose_collect(&p, l);
	assert_int_equal(p.n, 2);
	assert_int_equal(p.v[0].kind, UNIT_HEADING);
	assert_int_equal(p.v[0].level, 1);
	assert_string_equal(p.v[0].text, "Title");
	assert_int_equal(p.v[1].kind, UNIT_PARAGRAPH);
	assert_string_equal(p.v[1].text, "Some 12\nms and \xEF\xBF\xBC here.");
	assert_int_equal(p.v[1].nspans, 1);
	assert_string_equal(p.v[1].spans[0].text, "x = 1");
	/* "12" keeps its place inside the emphasis; "ms" is on the next line. */
	prose_position(l, &p.v[1], 5, &line, &col);
	assert_int_equal(line, 3);
	assert_int_equal(col, 8);
	prose_position(l, &p.v[1], 8, &line, &col);
	assert_int_equal(line, 4);
	assert_int_equal(col, 1);
	expect_positions_inside(l, &p);
	prose_release(&p);
	lesson_free(l);
}

/*
 * A line break at the very end of the text: its search for the end of the
 * line ran off the end, and the break was mapped one past the text (found
 * by fuzzing: cmark turned the NUL and the lone byte into U+FFFD, whose
 * first byte the mapper found on the next line).
 */
static void test_break_at_end_of_text(void **state)
{
	static const char src[] = { '\0', '\n', '\xef' };
	struct lesson *l = lesson_parse(PATH, src, sizeof src);
	struct prose p;

	(void)state;
	prose_collect(&p, l);
	assert_int_equal(p.n, 1);
	expect_positions_inside(l, &p);
	prose_release(&p);
	lesson_free(l);
}

/*
 * Many units, and a unit with many code spans: each array grew by one
 * element at a time, which AddressSanitizer's realloc() copies every time
 * (seconds for a 64 KiB lesson).
 */
static void test_many_units(void **state)
{
	struct buf b = BUF_INIT;
	struct prose p;
	enum { N = 20000 };

	(void)state;
	for (int i = 0; i < N; i++)
		buf_adds(&b, "a\n\n");
	for (int i = 0; i < N; i++)
		buf_adds(&b, "`c` ");
	long long t0 = test_cpu_ns();
	struct lesson *l = lesson_parse(PATH, b.p, b.len);
	prose_collect(&p, l);
	double s = (double)(test_cpu_ns() - t0) / 1e9;
	if (s >= 2.0)
		print_error("collecting %d units took %.2f s\n", N, s);
	assert_true(s < 2.0);
	assert_int_equal(p.n, N + 1);
	assert_int_equal(p.v[N].nspans, N);
	prose_release(&p);
	lesson_free(l);
	buf_release(&b);
}

/*
 * A link tail that does not match (a destination cut by a block quote's
 * line) leaves the cursor before a long destination; thousands of links
 * after it each scanned it again (quadratic: 520 KB took ten seconds).
 */
static void test_unmatched_link_tails_linear(void **state)
{
	struct buf b = BUF_INIT;
	struct prose p;
	enum { N = 30000 };

	(void)state;
	buf_adds(&b, "[z]: /y\n\n> [x](/");
	for (int i = 0; i < 10 * N; i++)
		buf_addc(&b, 'A');
	buf_adds(&b, "\n> \"t\")");
	for (int i = 0; i < N; i++)
		buf_adds(&b, "[z]");
	buf_adds(&b, "\n");
	long long t0 = test_cpu_ns();
	struct lesson *l = lesson_parse(PATH, b.p, b.len);
	prose_collect(&p, l);
	double s = (double)(test_cpu_ns() - t0) / 1e9;
	if (s >= 2.0)
		print_error("collecting a paragraph of %d links took %.2f s\n", N / 2, s);
	assert_true(s < 2.0);
	assert_int_equal(p.n, 1);
	expect_positions_inside(l, &p);
	prose_release(&p);
	lesson_free(l);
	buf_release(&b);
}

/* A pipe table is one unit, a row a line; a bare number takes its meaning from its column's header. */
static void test_table_unit(void **state)
{
	const char *src = "# T\n\n| Operation | Latency (ns) | Count |\n| --- | ---: | --- |\n| load | 12 | 3 |\n";
	struct lesson *l = lesson_parse(PATH, src, strlen(src));
	struct prose p;
	struct quantity q[4];
	int line, col;

	(void)state;
	prose_collect(&p, l);
	assert_int_equal(p.n, 2);
	assert_string_equal(p.v[1].text, "| Operation | Latency (ns) | Count |\n| --- | ---: | --- |\n| load | 12 | 3 |");
	size_t n = quantity_scan(p.v[1].text, p.v[1].len, q, 4);
	assert_int_equal(n, 1); /* the 3 under "Count" is no time */
	assert_int_equal(q[0].kind, QUANTITY_TIME);
	assert_int_equal(q[0].cls, QUANTITY_CLAIM);
	assert_memory_equal(p.v[1].text + q[0].cue, "Latency (ns)", 12);
	prose_position(l, &p.v[1], q[0].start, &line, &col);
	assert_int_equal(line, 5);
	assert_int_equal(col, 10);
	prose_release(&p);
	lesson_free(l);
}

/*
 * A link whose destination holds a character of the text after it ("[#1](https://x/...): `f`"):
 * the code span after it, and the text after that, keep their own positions.
 */
static void test_span_after_long_link(void **state)
{
	const char *src = "# T\n\n[#91246](https://github.com/rust-lang/rust/pull/91246): `Layout::array` is a\n"
			  "function.\ncompile times by up to 4% here.\n";
	struct lesson *l = lesson_parse(PATH, src, strlen(src));
	struct prose p;
	int line, col;

	(void)state;
	prose_collect(&p, l);
	assert_int_equal(p.n, 2);
	assert_int_equal(p.v[1].nspans, 1);
	const char *four = strstr(p.v[1].text, "4%");
	assert_non_null(four);
	prose_position(l, &p.v[1], (size_t)(four - p.v[1].text), &line, &col);
	assert_int_equal(line, 5);
	assert_int_equal(col, 24);
	prose_position(l, &p.v[1], p.v[1].spans[0].offset, &line, &col);
	assert_int_equal(line, 3);
	assert_int_equal(col, 57);
	expect_positions_inside(l, &p);
	prose_release(&p);
	lesson_free(l);
}

/*
 * Text after a link whose destination is long (longer than the look-ahead
 * that maps text to the source) keeps its column: the link's tail, "](...)"
 * or "][label]", is stepped over in the source. Also with emphasis in the
 * link text, a title with parentheses, an image, and a reference link.
 */
static void test_text_after_long_link(void **state)
{
	static const char *const links[] = {
		"[the docs](https://example.com/a/very/long/path/that/goes/on/and/on/for/more/than/one/hundred/bytes/index.html)",
		"[**the** docs](https://example.com/a/very/long/path/that/goes/on/and/on/for/more/than/one/hundred/bytes/index.html)",
		"[the docs](https://example.com/a/very/long/path/that/goes/on/and/on/for/more/than/one/hundred/bytes/x.html \"a (title)\")",
		"![the docs](https://example.com/a/very/long/path/that/goes/on/and/on/for/more/than/one/hundred/bytes/img.png)",
		"[the docs][a-reference-label-that-is-long-enough-to-pass-the-look-ahead-of-the-mapping-by-far]",
		"<https://example.com/an/autolink/that/is/long/enough/to/pass/the/look/ahead/of/the/mapping/by/far/x.html>",
	};

	(void)state;
	for (size_t i = 0; i < sizeof links / sizeof *links; i++) {
		char *src = xasprintf("# T\n\nSee %s: it took 5 ms.\n\n[a-reference-label-that-is-long-enough-to-pass-"
				      "the-look-ahead-of-the-mapping-by-far]: https://example.com/\n",
				      links[i]);
		struct lesson *l = lesson_parse(PATH, src, strlen(src));
		struct prose p;
		int line, col;
		prose_collect(&p, l);
		const char *five = strstr(p.v[1].text, "5 ms");
		assert_non_null(five);
		prose_position(l, &p.v[1], (size_t)(five - p.v[1].text), &line, &col);
		assert_int_equal(line, 3);
		assert_int_equal(col, (int)(strstr(src, "5 ms") - strstr(src, "See") + 1));
		expect_positions_inside(l, &p);
		prose_release(&p);
		lesson_free(l);
		free(src);
	}
}

/*
 * A pandoc table (CommonMark: a paragraph per header and row, a thematic
 * break for the rule) is one unit, its lines as written, and a value in a
 * row takes its meaning from the header words over its column; dashes in
 * fenced code make no table.
 */
static void test_pandoc_table_unit(void **state)
{
	const char *src = "# T\n\n"
			  "Version   Relative\n"		  /* line 3 */
			  "          speedup\n"
			  "\n"
			  "-------   --------\n"		  /* line 6 */
			  "   1         1\n"
			  "\n"
			  "   2        11\n"		  /* line 9 */
			  "------------------\n"
			  "\n"
			  "After.\n\n"			  /* line 12 */
			  "```\nHead  Time\n----  ----\nrow   5 ms\n```\n";
	struct lesson *l = lesson_parse(PATH, src, strlen(src));
	struct prose p;
	struct quantity q[4];
	int line, col;

	(void)state;
	prose_collect(&p, l);
	assert_int_equal(p.n, 3);
	assert_string_equal(p.v[1].text, "Version   Relative\n          speedup\n\n-------   --------\n   1         1\n\n   2        11");
	assert_int_equal(p.v[1].line, 3);
	assert_int_equal(p.v[1].end_line, 9);
	assert_string_equal(p.v[2].text, "After.");
	size_t n = quantity_scan(p.v[1].text, p.v[1].len, q, 4);
	assert_int_equal(n, 2); /* the 1 and the 11 of the speedup column; not the versions */
	assert_int_equal(q[0].cls, QUANTITY_SPECIFIED); /* the baseline */
	assert_int_equal(q[1].kind, QUANTITY_SPEEDUP);
	assert_int_equal(q[1].cls, QUANTITY_CLAIM);
	assert_memory_equal(p.v[1].text + q[1].cue, "speedup", 7);
	prose_position(l, &p.v[1], q[1].start, &line, &col);
	assert_int_equal(line, 9);
	assert_int_equal(col, 13);
	expect_positions_inside(l, &p);
	prose_release(&p);
	lesson_free(l);
}

/* The lesson has n diagnostics with this rule id. */
static void expect_diags(const struct lesson *l, const char *rule, int n)
{
	int found = 0;

	for (size_t i = 0; i < l->diags.n; i++)
		found += strcmp(l->diags.v[i].rule, rule) == 0;
	assert_int_equal(found, n);
}

static const char *diag_at(const struct lesson *l, int line, int col)
{
	for (size_t i = 0; i < l->diags.n; i++)
		if (l->diags.v[i].line == line && l->diags.v[i].col == col)
			return l->diags.v[i].message;
	return "";
}

/*
 * Inline TeX math is read as the text it typesets: delimiters and braces
 * go, \times, \mu, \approx, \% and the font commands become what they
 * print, and every byte left maps where it stood; a code span after a
 * rewritten span keeps its U+FFFC's offset. Money, an escaped dollar, a
 * span that holds a reference and an unclosed '$' stay as written.
 */
static void test_tex_math(void **state)
{
	const char *src = "# M\n\n"
			  "A $3\\times$ speedup, 10 $\\mu$s, $\\approx 40\\%$ and `x` in $2.5\\,\\text{ns}$.\n\n" /* 3 */
			  "It costs 5$, a deal at 200$, not $5 and $10.\n\n"				    /* 5 */
			  "Escaped \\$4$ and $x{{cite:k|1 ns}}$ and an open $2\n\n"			    /* 7 */
			  "A $$10^{9}$$ rate and $\\mathrm{GB}/s$.\n";					    /* 9 */
	struct lesson *l = lesson_parse(PATH, src, strlen(src));
	struct prose p;
	int line, col;

	(void)state;
	prose_collect(&p, l);
	assert_int_equal(p.n, 5);
	assert_string_equal(p.v[1].text, "A 3\xc3\x97 speedup, 10 \xc2\xb5s, ~ 40% and \xEF\xBF\xBC in 2.5 ns.");
	/* the "3" of "$3\times$" is at column 4, the "\xc3\x97" at its backslash */
	prose_position(l, &p.v[1], 2, &line, &col);
	assert_int_equal(line, 3);
	assert_int_equal(col, 4);
	prose_position(l, &p.v[1], 3, &line, &col);
	assert_int_equal(col, 5);
	/* the code span's U+FFFC moved with the text */
	assert_int_equal(p.v[1].nspans, 1);
	const char *fffc = strstr(p.v[1].text, "\xEF\xBF\xBC");
	assert_non_null(fffc);
	assert_int_equal(p.v[1].spans[0].offset, (size_t)(fffc - p.v[1].text));
	assert_string_equal(p.v[2].text, "It costs 5$, a deal at 200$, not $5 and $10.");
	assert_string_equal(p.v[3].text, "Escaped $4$ and $x{{cite:k|1 ns}}$ and an open $2");
	assert_string_equal(p.v[4].text, "A $$10^9$$ rate and GB/s."); /* display math typeset too, its "$$" kept */
	expect_positions_inside(l, &p);

	/* what the timing rule reads: a speed-up, a time, a share, a time, a rate */
	struct quantity q[8];
	size_t n = quantity_scan(p.v[1].text, p.v[1].len, q, 8);
	assert_int_equal(n, 4);
	assert_int_equal(q[0].kind, QUANTITY_SPEEDUP);
	assert_int_equal(q[1].kind, QUANTITY_TIME);
	assert_int_equal(q[3].kind, QUANTITY_TIME);
	prose_position(l, &p.v[1], q[3].start, &line, &col);
	assert_int_equal(col, (int)(strstr(src, "2.5") - strstr(src, "A $3")) + 1);
	prose_release(&p);
	lesson_free(l);
}

/*
 * Math typesets no space: "\mu s" prints "µs", so a space after \mu before
 * its unit goes ("5 \mu s", "\mathrm{\mu s}", "\mu \mathrm{s}"); before a
 * digit or an operator it stays ("\mu = 3"). Math in a reference stays as
 * written ("{{cite:k|$3\times$}}"), as the renderer looks it up.
 */
static void test_tex_math_mu(void **state)
{
	const char *src = "# M\n\n"
			  "It takes $5 \\mu s$, $1\\,\\mathrm{\\mu s}$, 7 $\\mu s$ and $3\\,\\mu \\mathrm{s}$; $\\mu = 3$.\n";
	struct lesson *l = lesson_parse(PATH, src, strlen(src));
	struct prose p;

	(void)state;
	prose_collect(&p, l);
	assert_int_equal(p.n, 2);
	assert_string_equal(p.v[1].text, "It takes 5 \xc2\xb5s, 1 \xc2\xb5s, 7 \xc2\xb5s and 3 \xc2\xb5s; \xc2\xb5 = 3.");
	expect_positions_inside(l, &p);
	struct quantity q[8];
	size_t n = quantity_scan(p.v[1].text, p.v[1].len, q, 8);
	assert_int_equal(n, 4);
	for (size_t i = 0; i < n; i++)
		assert_int_equal(q[i].kind, QUANTITY_TIME);
	prose_release(&p);
	lesson_free(l);

	/* math inside a reference stays as written, as the renderer finds the reference */
	src = "# M\n\nA {{cite:k|$3\\times$}} speedup and $2\\times$.\n";
	l = lesson_parse(PATH, src, strlen(src));
	prose_collect(&p, l);
	assert_string_equal(p.v[1].text, "A {{cite:k|$3\\times$}} speedup and 2\xc3\x97.");
	expect_positions_inside(l, &p);
	prose_release(&p);
	lesson_free(l);
}

/*
 * {{cite:KEY|TEXT}}: KEY a link reference definition (any case), the cited
 * value in the ledger with its source; an unknown KEY, a malformed or
 * unclosed cite and the near misses of a reference are errors at their place.
 */
static void test_cited_values(void **state)
{
	const char *src = "# Cites\n\n"
			  "It costs {{cite:Intel Opt|4 cycles}} per hit.\n\n"	 /* line 3 */
			  "Unknown {{cite:nope|5 ns}}, malformed {{cite:nope}}.\n\n" /* line 5 */
			  "Near: {{ measure:m:median }} {{mesure:m:min}} {{cite intel opt|3 cycles}}.\n\n" /* 7 */
			  "Open {{cite:intel opt|4 cycles\n\n"			 /* line 9 */
			  "Fine: {{measure:m:median}}, and {{ anything else }} is no reference.\n\n" /* 11 */
			  "[intel opt]: <https://example.invalid/o> 'Intel, manual, 2023'\n\n"
			  "Missing: {{ measure:loop:median }} {{ measure:m:average }}.\n\n" /* line 15 */
			  "```c id=m measure\nint main(void) { return 0; }\n```\n\n"
			  "```c id=loop\nint main(void) { return 0; }\n```\n";
	struct lesson *l = lesson_parse(PATH, src, strlen(src));
	struct lesson_result lr;

	(void)state;
	memset(&lr, 0, sizeof lr);
	lr.lesson = l;
	cite_resolve(&lr);
	assert_int_equal(lr.ledger.ncites, 1);
	assert_string_equal(lr.ledger.cites[0].key, "Intel Opt");
	assert_string_equal(lr.ledger.cites[0].text, "4 cycles");
	assert_string_equal(lr.ledger.cites[0].url, "https://example.invalid/o");
	assert_string_equal(lr.ledger.cites[0].title, "Intel, manual, 2023");
	assert_int_equal(lr.ledger.cites[0].line, 3);
	assert_int_equal(lr.ledger.cites[0].col, 10);
	assert_non_null(ledger_cite(&lr.ledger, "cite:Intel Opt|4 cycles", 23));
	expect_diags(l, "cite-reference", 4);
	expect_diags(l, "measure-reference", 4);
	assert_non_null(strstr(diag_at(l, 5, 9), "no link reference definition '[nope]'"));
	assert_non_null(strstr(diag_at(l, 5, 39), "malformed cited value"));
	assert_non_null(strstr(diag_at(l, 7, 7), "write {{measure:m:median}}"));
	assert_non_null(strstr(diag_at(l, 7, 30), "write {{measure:m:min}}"));
	assert_non_null(strstr(diag_at(l, 7, 47), "write {{cite:intel opt|3 cycles}}"));
	assert_non_null(strstr(diag_at(l, 9, 6), "not closed"));
	/* a near miss gets a spelling that would resolve, or is told why there is none */
	assert_non_null(strstr(diag_at(l, 15, 10), "nor is there a measure block 'loop' in this lesson: write "
						   "{{measure:ID:STAT}} with one of its measure blocks (m)"));
	assert_null(strstr(diag_at(l, 15, 10), "{{measure:loop:median}}"));
	assert_non_null(strstr(diag_at(l, 15, 36), "nor is 'average' a statistic: write {{measure:m:STAT}}"));
	ledger_release(&lr.ledger);
	lesson_free(l);
}

/*
 * The number of units of src's lesson_prose_refs(), which must be exactly
 * those of its whole prose that hold "{{" (text, map, line, kind), kept with
 * the lesson; fails the test, naming src, if not.
 */
static size_t refs_match(const char *src, size_t len)
{
	struct lesson *l = lesson_parse(PATH, src, len);
	struct prose all;
	size_t j = 0;

	prose_collect(&all, l);
	const struct prose *refs = lesson_prose_refs(l);
	for (size_t i = 0; i < all.n; i++) {
		const struct text_unit *u = &all.v[i];
		if (!memmem(u->text, u->len, "{{", 2))
			continue;
		if (j >= refs->n || refs->v[j].len != u->len || memcmp(refs->v[j].text, u->text, u->len) != 0 ||
		    memcmp(refs->v[j].pos, u->pos, u->len * sizeof *u->pos) != 0 || refs->v[j].line != u->line ||
		    refs->v[j].kind != u->kind)
			fail_msg("lesson_prose_refs() differs from lesson_prose() at unit %zu of:\n%s", i, src);
		j++;
	}
	if (j != refs->n)
		fail_msg("lesson_prose_refs() has %zu units, not %zu, of:\n%s", refs->n, j, src);
	if (lesson_prose_refs(l) != refs)
		fail_msg("lesson_prose_refs() was not kept with the lesson");
	prose_release(&all);
	lesson_free(l);
	return j;
}

/*
 * lesson_prose_refs(): exactly the units of the whole prose whose text holds
 * "{{", with the same text and map, wherever the braces come from (one
 * literal, two literals around emphasis, escapes, entities, an HTML block,
 * a table); a "{{" only inside a code span or a code block is no unit's.
 */
static void test_prose_refs(void **state)
{
	static const char *const srcs[] = {
		"# T\n\nTook {{measure:a:median}} here.\n\nNothing here.\n",
		"# T\n\nSplit *{*{measure:a:median}} by emphasis.\n\nA {lone} brace.\n",
		"# T\n\nEscaped \\{\\{measure:a:min}} braces.\n",
		"# T\n\nEntities &#123;&#123;cite:k|4 cycles}} here.\n\n[k]: https://example.org \"a\"\n",
		"# T\n\nOnly `{{measure:a:median}}` in code.\n\n```c\nint x = 0; /* {{measure:a:max}} */\n```\n",
		"# T\n\n<div>\n{{ measure:a:median }}\n</div>\n\nAfter {\n{ a break between.\n",
		"# {{measure:a:median}} in a heading\n\n| a | b |\n| --- | --- |\n| {{cite:k|1 ns}} | 2 |\n\n"
		"| c | d |\n| --- | --- |\n| 1 | 2 |\n",
		"# T\n\nVersion   Time\n\n-------   ----\n   1      {{measure:a:median}}\n----------------\n\nTail {{.\n",
	};

	(void)state;
	for (size_t k = 0; k < sizeof srcs / sizeof *srcs; k++)
		assert_true(refs_match(srcs[k], strlen(srcs[k])) > 0 || k == 4); /* all but the code-only one */
}

/* xorshift64: the same sequence on every platform, unlike rand(). */
static uint64_t next_rand(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/*
 * lesson_prose_refs() against the whole prose on thousands of lessons made
 * of the pieces that decide where a unit's text comes from: braces split
 * by emphasis, escapes, entities, code spans, breaks, links and images
 * (their destinations and titles are no unit's text), raw HTML inline and
 * in blocks, containers, setext headings, pipe and pandoc tables, CRLF.
 */
static void test_prose_refs_random(void **state)
{
	static const char *const pieces[] = {
		"{", "{{", "}}", "*", "_", "`", "``", "\\{", "&#123;", "&lbrace;", "&#x7b;", "<b>", "</b>",
		"\n", "\n\n", "\r\n", "[", "](x.md)", "](<{{x}}> \"{{t}}\")", "![", "]", "<{{http://x}}>",
		"<span title=\"{{\">", "|", "\n---  ---\n", "\n| a | b |\n|---|---|\n| ", " |",
		"\n  Version   Time\n  -------   ----\n  1   ", "  ", "\t", "> ", "\n> ", "- ", "\n1. ",
		"\n===\n", "# ", "measure:a:b", "cite:k|1", "{{measure:", "*{*", "**{**{", "x", " ",
		"<div>\n", "\n</div>\n", "\n```\n", "\\", "<!-- ", " -->", "\n    ", "&amp;",
		"[a]: /u \"{{t}}\"\n", "\xef\xbf\xbc",
	};
	uint64_t seed = 0x2545f4914f6cdd1du;
	size_t with_refs = 0;

	(void)state;
	for (int k = 0; k < 3000; k++) {
		struct buf src = BUF_INIT;
		buf_adds(&src, "# T\n\n");
		for (size_t n = 1 + next_rand(&seed) % 40; n > 0; n--)
			buf_adds(&src, pieces[next_rand(&seed) % (sizeof pieces / sizeof *pieces)]);
		buf_addc(&src, '\n');
		with_refs += refs_match(src.p, src.len) > 0;
		buf_release(&src);
	}
	assert_true(with_refs > 1000); /* the pieces make braces often enough to test something */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_markup_and_positions),
		cmocka_unit_test(test_break_at_end_of_text),
		cmocka_unit_test(test_many_units),
		cmocka_unit_test(test_table_unit),
		cmocka_unit_test(test_span_after_long_link),
		cmocka_unit_test(test_text_after_long_link),
		cmocka_unit_test(test_unmatched_link_tails_linear),
		cmocka_unit_test(test_pandoc_table_unit),
		cmocka_unit_test(test_tex_math),
		cmocka_unit_test(test_tex_math_mu),
		cmocka_unit_test(test_cited_values),
		cmocka_unit_test(test_prose_refs),
		cmocka_unit_test(test_prose_refs_random),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
