#!/bin/sh
# A tag a lesson opens and does not close (lesson/rawhtml.h): it would wrap litlab's own markup,
# and a browser reopens an <s>, <a> or <b> left open in every block after it, figures and footer
# included: one '<s>' struck every caption after it, an '<a href>' made them and the footer a
# link elsewhere, a '<details>' hid a caption. The lesson's tags are closed in the paragraph,
# item or block they open in and before every block's figure; an end tag that closes nothing of
# the lesson's there is left out; each is a warning at its line. A <details> around prose stays.
. "$(dirname "$0")/lib/diag.sh"

cat >01-open.md <<'LESSON'
# Open tags

Some text <s>struck

```c id=hi
#include <stdio.h>
int main(void) { puts("hi"); return 0; }
```

```output
hi
```

<details><summary>Answer</summary>

Hidden *text <del>x* y</del> and <b><i>bi</b> after</i>.

- item </li></ul></main> <a href="https://evil.example/">link
- two

```c id=two
#include <stdio.h>
int main(void) { puts("two"); return 0; }
```

```output
two
```

</details>

<details><summary>Fine</summary>

Prose only, <p>and a paragraph.

</details>

> quoted <s>struck

End <a href="https://evil.example/">here

<a href="https://evil.example/"><strike>

<div title="Not run: the output above was typed">
LESSON

build_lesson 01-open.md
page=site/01-open.html

expect "01-open.md:3:19: warning: raw HTML '<s>' (line 3) is not closed in its paragraph: it is closed there.*\[raw-html\]"
expect "01-open.md:16:20: warning: raw HTML '<del>' (line 16) is not closed in its emphasis"
expect "01-open.md:16:23: warning: raw HTML '</del>' is left out of the page: it closes no tag"
expect "01-open.md:16:42: warning: raw HTML '<i>' (line 16) is not closed before '</b>'"
expect "01-open.md:18:8: warning: raw HTML '</li>' is left out"
expect "01-open.md:18:13: warning: raw HTML '</ul>' is left out"
expect "01-open.md:21:1: warning: raw HTML '<details>' (line 14) is not closed before this code block's figure"
expect "01-open.md:30:1: warning: raw HTML '</details>' is left out"
expect "01-open.md:38:.*raw HTML '<s>' (line 38) is not closed in its paragraph"
expect "01-open.md:40:.*raw HTML '<a>' (line 40) is not closed in its paragraph"
expect "01-open.md:16:52: warning: raw HTML '</i>' is left out"
expect "01-open.md:42:40: warning: raw HTML '<strike>' (line 42) is not closed in its paragraph"
expect "01-open.md:42:40: warning: raw HTML '<a>' (line 42) is not closed in its paragraph"
expect "01-open.md:44:1: warning: raw HTML '<div>' (line 44) is not closed by the lesson's end"
refuse "'<summary>'\|'<p>'\|'<li>'\|'<b>'\|'</main>'"

# Each figure and the footer stand outside every tag of the lesson's: at '<figure' and at
# '</main>' only litlab's <main> is open (void tags aside).
sed -n '/<main/,/<\/main>/p' "$page" | grep -o '</\?[a-z][a-z0-9]*' | awk '
	/^<(br|hr|img|wbr|col|meta|link)$/ { next }
	/^<figure$/ || /^<\/main$/ {
		if (n != 1) { printf "FAIL: %s inside", $0; for (k = 2; k <= n; k++) printf " <%s>", s[k]; print ""; bad = 1 }
	}
	/^<\// { name = substr($0, 3); if (n && s[n] == name) n--; else { print "FAIL: </" name "> closes no open <" name ">"; bad = 1 }; next }
	{ s[++n] = substr($0, 2) }
	END { exit bad }' || fail=1

body=$(sed -n '/<main/,/<\/main>/p' "$page")
for good in '<p>Some text <s>struck</s></p>' '<details><summary>Answer</summary>' \
	'<b><i>bi</i></b> after.' '<p>End <a href="https://evil.example/">here</a></p>' \
	'<details><summary>Fine</summary>' '<p>quoted <s>struck</s></p>'; do
	printf '%s' "$body" | grep -qF "$good" || { echo "FAIL: the page lost '$good'"; fail=1; }
done
[ "$(grep -c '<figcaption' "$page")" -eq 2 ] || { echo "FAIL: a caption is missing"; fail=1; }

# The page verifies as built.
"$LITLAB" verify site >out 2>err || { cat out err; echo "FAIL: the site does not verify"; fail=1; }

[ "$fail" -eq 0 ] && echo "raw-html-open: ok"
exit "$fail"
