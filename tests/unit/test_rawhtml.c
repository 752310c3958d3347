/*
 * test_rawhtml.c: what a lesson's raw HTML may put on its page (lesson/rawhtml.h): each way a tag,
 * an attribute, an address or a comment could run script, restyle the page or speak for litlab,
 * and the plain markup an author writes that must stay as it was.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/util.h"
#include "lesson/rawhtml.h"
#include "testutil.h"

struct notes {
	size_t n;
	size_t offset[16];
	char what[16][400];
};

static void note(void *arg, size_t offset, const char *what)
{
	struct notes *ns = arg;

	if (ns->n < 16) {
		ns->offset[ns->n] = offset;
		snprintf(ns->what[ns->n], sizeof ns->what[0], "%s", what);
	}
	ns->n++;
}

/* The page of these tests has one anchor of its own, a block's: "c-1". */
static int take_id(void *arg, const char *id)
{
	(void)arg;
	return strcmp(id, "c-1") != 0;
}

/* Filters an exact-size heap copy of html (ASan sees a read past its end), with its notes in ns. */
static char *filter(const char *html, struct notes *ns)
{
	struct buf out = BUF_INIT;
	size_t len = strlen(html);
	char *copy = xmalloc(len ? len : 1);

	memcpy(copy, html, len);
	struct rawhtml_hooks h = { note, take_id, ns };

	memset(ns, 0, sizeof *ns);
	rawhtml_filter(&out, copy, len, NULL, &h);
	free(copy);
	return buf_detach(&out, NULL);
}

#define EXPECT(in, want, nnotes)                                                                                       \
	do {                                                                                                           \
		struct notes ns_;                                                                                      \
		char *got_ = filter(in, &ns_);                                                                         \
		assert_string_equal(got_, want);                                                                       \
		assert_int_equal(ns_.n, nnotes);                                                                       \
		free(got_);                                                                                            \
	} while (0)

/* Plain markup an author writes comes out as it went in (written again, but the same). */
static void test_plain_markup_kept(void **state)
{
	(void)state;
	EXPECT("<details open>\n<summary>Answer</summary>\n\nText &amp; more &copy;\n</details>",
	       "<details open>\n<summary>Answer</summary>\n\nText &amp; more &copy;\n</details>", 0);
	EXPECT("<table><tr><td colspan=\"2\" align=center>x</td></tr></table>",
	       "<table><tr><td colspan=\"2\" align=\"center\">x</td></tr></table>", 0);
	EXPECT("<img src=\"fig.png\" alt=\"A figure\" width=300>",
	       "<img src=\"fig.png\" alt=\"A figure\" width=\"300\">", 0);
	EXPECT("<a href=\"https://example.com/?a=1&amp;b=2\" title='T'>x</a>",
	       "<a href=\"https://example.com/?a=1&amp;b=2\" title=\"T\">x</a>", 0);
	EXPECT("<BR/><Kbd>Ctrl</KBD>", "<br><kbd>Ctrl</kbd>", 0);
	EXPECT("<a href=\"#section\">up</a> <a href=\"../02-next.md\">next</a> <a href=\"mailto:a@b.c\">m</a>",
	       "<a href=\"#section\">up</a> <a href=\"../02-next.md\">next</a> <a href=\"mailto:a@b.c\">m</a>", 0);
}

/* Tags that run, restyle, embed or make litlab's own markup are shown as text, end tags too. */
static void test_other_tags_shown_as_text(void **state)
{
	(void)state;
	EXPECT("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;", 1);
	EXPECT("<style>.caption{display:none}</style>", "&lt;style&gt;.caption{display:none}&lt;/style&gt;", 1);
	EXPECT("<figure class=\"block caption-executed\"><figcaption>executed</figcaption></figure>",
	       "&lt;figure class=&quot;block "
	       "caption-executed&quot;&gt;&lt;figcaption&gt;executed&lt;/figcaption&gt;&lt;/figure&gt;",
	       2);
	EXPECT("<svg><script>x</script></svg>", "&lt;svg&gt;&lt;script&gt;x&lt;/script&gt;&lt;/svg&gt;", 2);
	EXPECT("<iframe srcdoc=\"<script>x</script>\">",
	       "&lt;iframe srcdoc=&quot;&lt;script&gt;x&lt;/script&gt;&quot;&gt;", 2);
	EXPECT("<pre>hello 42</pre>", "&lt;pre&gt;hello 42&lt;/pre&gt;",
	       1); /* a pre on the page is a captioned block's */
	EXPECT("<meta http-equiv=refresh content=\"0;url=https://x\">",
	       "&lt;meta http-equiv=refresh content=&quot;0;url=https://x&quot;&gt;", 1);
	EXPECT("<base href=\"https://x/\"><form action=x><input>",
	       "&lt;base href=&quot;https://x/&quot;&gt;&lt;form action=x&gt;&lt;input&gt;", 3);
	/* a name a browser would end elsewhere is no tag of the list */
	EXPECT("<a\"x>y", "&lt;a&quot;x&gt;y", 1);
	EXPECT("<scr<script>ipt>", "&lt;scr&lt;script&gt;ipt&gt;", 2);
	/* an override shows letters in another order than the rules read them: "sm 3" as "3 ms" */
	EXPECT("<bdo dir=rtl>sm 3</bdo>", "&lt;bdo dir=rtl&gt;sm 3&lt;/bdo&gt;", 1);
	/* a code box is a block's, with its caption: a typed transcript in a <pre> had none */
	EXPECT("<pre>$ ./a.out\n42\n</pre>", "&lt;pre&gt;$ ./a.out\n42\n&lt;/pre&gt;", 1);
}

/* An attribute the tag does not keep is left out, whatever its case, quoting or place. */
static void test_attributes_left_out(void **state)
{
	struct notes ns;
	char *got;

	(void)state;
	EXPECT("<img src=x onerror=alert(1)>", "<img src=\"x\">", 1);
	EXPECT("<img src=x ONERROR = 'alert(1)'>", "<img src=\"x\">", 1);
	EXPECT("<span class=\"caption\" style=\"color:red\" id=\"c-1\" data-receipt=\"sha256:00\">x</span>",
	       "<span>x</span>", 2);
	/* what only tunes another site's page goes without a word */
	EXPECT("<img src=a.png class=wp-image loading=lazy decoding=async srcset=\"b.png 2x\">", "<img src=\"a.png\">",
	       0);
	EXPECT("<a href=\"https://x\" rel=nofollow target=_blank class=y>z</a>", "<a href=\"https://x\">z</a>", 0);
	/* anchors: kept unless the page has them, or they could be no anchor */
	EXPECT("<li id=\"fn1\"><a name=top>x</a></li>", "<li id=\"fn1\"><a name=\"top\">x</a></li>", 0);
	EXPECT("<li id=\"c-1\">x</li>", "<li>x</li>", 1);
	EXPECT("<li id=\"a b\">x</li><li id=\"\">y</li><li id=x&amp;y>z</li>", "<li>x</li><li>y</li><li>z</li>", 3);
	EXPECT("<span name=top>x</span>", "<span>x</span>", 0); /* only an <a> has a name */
	EXPECT("<div/onclick=alert(1)>x</div>", "<div>x</div>", 1);
	/* a browser keeps the first of two: so does the filter, and never a second one it did not check */
	EXPECT("<a href=\"https://ok\" href=\"javascript:x\">x</a>", "<a href=\"https://ok\">x</a>", 0);
	/* values escaped: no quote breaks out */
	EXPECT("<abbr title='a\"onmouseover=\"x'>y</abbr>", "<abbr title=\"a&quot;onmouseover=&quot;x\">y</abbr>", 0);
	got = filter("<p title=\"x\" onclick=\"y\">", &ns);
	assert_int_equal(ns.offset[0], 13); /* where the attribute stands */
	assert_non_null(strstr(ns.what[0], "'onclick'"));
	free(got);
}

/* An address is read as a browser reads it before its scheme is judged. */
static void test_addresses(void **state)
{
	(void)state;
	EXPECT("<a href=\"javascript:alert(1)\">x</a>", "<a>x</a>", 1);
	EXPECT("<a href=\"JaVaScRiPt:alert(1)\">x</a>", "<a>x</a>", 1);
	EXPECT("<a href=\"jav&#x61;script:alert(1)\">x</a>", "<a>x</a>", 1);
	EXPECT("<a href=\"jav&#97script:alert(1)\">x</a>", "<a>x</a>", 1); /* a reference without its ';' */
	EXPECT("<a href=\"java&Tab;script&colon;alert(1)\">x</a>", "<a>x</a>", 1);
	EXPECT("<a href=\"java\tscr\nipt:alert(1)\">x</a>", "<a>x</a>", 1);
	EXPECT("<a href=\" \x01javascript:alert(1)\">x</a>", "<a>x</a>", 1);
	EXPECT("<a href=\"javascript&rarrw;x\">x</a>", "<a>x</a>", 1); /* a reference it does not know */
	EXPECT("<a href=\"vbscript:x\">x</a><a href=\"data:text/html,x\">y</a>", "<a>x</a><a>y</a>", 2);
	EXPECT("<img src=\"data:image/png;base64,AAAA\">", "<img src=\"data:image/png;base64,AAAA\">", 0);
	EXPECT("<img src=\"data:image/svg+xml,<svg onload=x>\">", "<img>", 1);
	EXPECT("<a href=\"data:image/png;base64,AAAA\">x</a>", "<a>x</a>", 1); /* only an image may be data */
	/* what is kept is written decoded and escaped once */
	EXPECT("<a href=\"https://e.com/?q=&lt;b&gt;&amp;c=1\">x</a>",
	       "<a href=\"https://e.com/?q=&lt;b&gt;&amp;c=1\">x</a>", 0);
	assert_int_equal(rawhtml_url_ok("javascript:alert(1)", 0), 0);
	assert_int_equal(rawhtml_url_ok("  JAVASCRIPT:alert(1)", 0), 0);
	assert_int_equal(rawhtml_url_ok("https://example.com/a:b", 0), 1);
	assert_int_equal(rawhtml_url_ok("02-loops.md#x", 0), 1);
	assert_int_equal(rawhtml_url_ok("./a:b", 0), 1);
	assert_int_equal(rawhtml_url_ok("data:image/gif;base64,R0", 1), 1);
	assert_int_equal(rawhtml_url_ok("data:image/gif;base64,R0", 0), 0);
}

/* Comments, declarations, CDATA are left out; a tag its block ends inside is text, not a trap for what follows. */
static void test_hidden_and_unclosed(void **state)
{
	(void)state;
	EXPECT("a<!-- litlab-disable x -->b", "ab", 0);
	EXPECT("a<!-- x --!><script>alert(1)</script> -->b", "ab", 0);
	EXPECT("a<!-->b<!--->c", "abc", 0);
	EXPECT("a<!-- never closed <script>", "a", 0);
	EXPECT("<!DOCTYPE html>x<?php echo 1 ?>y<![CDATA[<script>]]>z", "xyz", 3);
	EXPECT("<img src=\"x", "&lt;img src=&quot;x", 1);
	EXPECT("<a href=x title='y", "&lt;a href=x title=&#39;y", 1);
	EXPECT("1 < 2 > 0 & \"q\"", "1 &lt; 2 &gt; 0 &amp; &quot;q&quot;", 0);
	/* a bidi control that reorders a line is shown, in text and in a value (render/highlight.h) */
	EXPECT("<b title=\"\xE2\x80\xAE" "x\">\xE2\x80\xAE" "sm 3</b>\xE2\x81\xA6", "<b title=\"\\u202ex\">\\u202esm 3</b>\\u2066", 0);
	EXPECT("\xE2\x80", "\xE2\x80", 0);
	EXPECT("</ div>", "&lt;/ div&gt;", 0);
	EXPECT("", "", 0);
}

/*
 * A tag the lesson leaves open would wrap litlab's own markup (a browser reopens an <s> or <a> in
 * every block after it: figures, captions, the footer): the tags are balanced in the container of
 * litlab's they stand in, closed at its end and before a block's figure; an end tag that closes
 * nothing of the lesson's there is left out.
 */
static void test_open_tags_closed(void **state)
{
	struct rawhtml_open open = { 0 };
	struct buf out = BUF_INIT;
	struct notes ns;
	const struct rawhtml_hooks nh = { note, NULL, &ns };

	(void)state;
	/* a whole (no stack given): closed at its end, end tags HTML lets out closed without a word */
	EXPECT("<s>x", "<s>x</s>", 0);
	EXPECT("<ul><li>a<li>b</ul><p>c<div>d</div>", "<ul><li>a<li>b</li></ul><p>c<div>d</div>", 0);
	EXPECT("<table><tr><td>a<td>b<tr><td>c</table>", "<table><tr><td>a<td>b<tr><td>c</td></tr></table>", 0);
	/* misnested: closed where the outer one ends, the later end tag left out */
	EXPECT("<b><i>x</b>y</i>", "<b><i>x</i></b>y", 2);
	EXPECT("</div></li></ul></figure></main>z", "&lt;/figure&gt;&lt;/main&gt;z", 3); /* no tags of the list: text */
	EXPECT("<br></br><img src=x></img>", "<br><img src=\"x\">", 2);

	/* in a paragraph of litlab's: closed at its end, told with the line it opened at */
	memset(&ns, 0, sizeof ns);
	open.line = 5;
	rawhtml_enter(&open);
	const char *para = "a\n\n<del>b <a href=\"https://e.org/\">";
	rawhtml_filter(&out, para, strlen(para), &open, &nh);
	assert_int_equal(rawhtml_any_open(&open), 1);
	rawhtml_leave(&out, &open, "in its paragraph", &nh);
	assert_string_equal(out.p, "a\n\n<del>b <a href=\"https://e.org/\"></a></del>");
	assert_int_equal(ns.n, 2);
	assert_non_null(strstr(ns.what[0], "'<a>' (line 7) is not closed in its paragraph"));
	assert_non_null(strstr(ns.what[0], "write '</a>' where it ends"));
	assert_non_null(strstr(ns.what[1], "'<del>' (line 7)"));
	assert_int_equal(open.n, 0);

	/* before a figure: every tag closed, the containers kept; a later end tag closes nothing */
	buf_reset(&out);
	memset(&ns, 0, sizeof ns);
	rawhtml_enter(&open);
	rawhtml_filter(&out, "<details><summary>S</summary>", 29, &open, &nh);
	rawhtml_enter(&open);
	rawhtml_filter(&out, "<s>", 3, &open, &nh);
	rawhtml_close_all(&out, &open, "before this code block's figure", &nh);
	assert_int_equal(rawhtml_any_open(&open), 0);
	rawhtml_filter(&out, "</s>", 4, &open, &nh);
	rawhtml_leave(&out, &open, "in its list item", &nh);
	rawhtml_filter(&out, "</details>", 10, &open, &nh);
	rawhtml_leave(&out, &open, "in its block quote", &nh);
	assert_string_equal(out.p, "<details><summary>S</summary><s></s></details>");
	assert_int_equal(ns.n, 4);
	assert_non_null(strstr(ns.what[0], "'<s>' (line 5) is not closed before this code block's figure"));
	assert_non_null(strstr(ns.what[1], "'<details>'"));
	/* the warning says the block stays in view, and what to write */
	assert_non_null(strstr(ns.what[1], "the block stays in view"));
	assert_non_null(strstr(ns.what[1], "write '</details>' before the block, or show the block outside it"));
	assert_non_null(strstr(ns.what[2], "'</s>' is left out"));
	assert_non_null(strstr(ns.what[3], "'</details>' is left out"));
	assert_int_equal(open.n, 0);
	rawhtml_open_release(&open);
	buf_release(&out);
}

/* Random bytes: never a '<' that starts a tag outside the list, never a read past the end (ASan). */
static void test_random_bytes(void **state)
{
	static const char alphabet[] = "<>/=\"' \t\naAsScCrRiIpPtT&#x;:!-?[]ovnlkhfg123";
	unsigned seed = 12345;

	(void)state;
	for (int round = 0; round < 3000; round++) {
		char in[64];
		size_t len = (size_t)(round % 63);
		for (size_t k = 0; k < len; k++) {
			seed = seed * 1103515245u + 12345u;
			in[k] = alphabet[(seed >> 16) % (sizeof alphabet - 1)];
		}
		in[len] = '\0';
		struct notes ns;
		char *got = filter(in, &ns);
		for (const char *p = strchr(got, '<'); p; p = strchr(p + 1, '<')) {
			size_t k = (size_t)(p[1] == '/');
			size_t nl = strspn(p + 1 + k, "abcdefghijklmnopqrstuvwxyz0123456789");
			char name[16] = "";
			assert_true(nl > 0 && nl < sizeof name);
			memcpy(name, p + 1 + k, nl);
			assert_true(strcmp(name, "script") != 0 && strcmp(name, "style") != 0);
			assert_true(p[1 + k + nl] == '>' || p[1 + k + nl] == ' ');
		}
		free(got);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plain_markup_kept),   cmocka_unit_test(test_other_tags_shown_as_text),
		cmocka_unit_test(test_attributes_left_out), cmocka_unit_test(test_addresses),
		cmocka_unit_test(test_hidden_and_unclosed), cmocka_unit_test(test_open_tags_closed),
		cmocka_unit_test(test_random_bytes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
