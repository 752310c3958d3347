#!/bin/sh
# A lesson's raw HTML and links on its page (lesson/rawhtml.h): a lesson written by someone the
# reader never met cannot run script on its page, restyle or hide litlab's captions, show a
# caption of its own making (or a code box without one: <pre>), take an id of litlab's, link to
# javascript: (a cited value's source too, on the page and in the ledger), or make an untouched
# site fail to verify by copying a receipt link; each thing left out that the reader would miss is
# a warning at its line (a class is not); the plain markup an author writes (details, tables,
# images, links, footnote anchors) is published as written.
. "$(dirname "$0")/lib/diag.sh"

cat >01-raw.md <<'LESSON'
# Raw HTML

<div>href="receipts.html#01-raw:hi" data-receipt="sha256:0000000000000000000000000000000000000000000000000000000000000000"</div>

```c id=hi
#include <stdio.h>
int main(void) { puts("hi"); return 0; }
```

```output
hi
```

<style>.caption-executed { display: none }</style>

<figure class="block caption-executed" id="hi"><pre>hello 42</pre><figcaption class="caption">executed</figcaption></figure>

Inline <img src=fig.png onerror="alert(1)" alt=Fig> and <a href="jav&#x61;script:alert(1)">x</a>,
<span class="caption" style="color:red" id="content">y</span>, <kbd>Ctrl</kbd>.

[click](javascript:alert(2)) [fine](https://example.com/?a=1&b=2)

<details><summary>Answer</summary>

Hidden at first.

</details>

<script>document.title = 'owned'</script>

It takes {{cite:agner|4 cycles}}.

<pre>
$ ./hi
hello 42
</pre>

<ol><li id="fn1">a note</li><li id="hi-dist">x</li><li id="hi">y</li></ol>

[agner]: javascript:alert(3) "Agner Fog, Instruction tables"
LESSON

build_lesson 01-raw.md
page=site/01-raw.html

# Each thing left out, at its line, and nothing warned of twice.
expect "01-raw.md:14:1: warning: raw HTML '<style>' is shown as text.*\[raw-html\]"
expect "01-raw.md:16:1: warning: raw HTML '<figure>' is shown as text"
expect "01-raw.md:16:.*'<figcaption>' is shown as text"
expect "01-raw.md:18:.*the attribute 'onerror' of raw HTML '<img>' is left out"
expect "01-raw.md:18:.*the address 'jav&#x61;script:alert(1)' of raw HTML '<a>' is left out"
expect "01-raw.md:19:.*the attribute 'style' of raw HTML '<span>'"
expect "01-raw.md:19:.*the id 'content' of raw HTML '<span>' is left out of the page: the page has it already"
expect "01-raw.md:38:.*the id 'hi-dist' of raw HTML '<li>' is left out of the page: the page has it already"
expect "01-raw.md:38:.*the id 'hi' of raw HTML '<li>' is left out"
refuse "'class'\|'fn1'"
expect "01-raw.md:21:1: warning: the address 'javascript:alert(2)' of a link is left out"
expect "01-raw.md:29:1: warning: raw HTML '<script>' is shown as text"
expect "01-raw.md:31:10: warning: the address 'javascript:alert(3)' of the source of '{{cite:agner|4 cycles}}' is left out"
expect "01-raw.md:33:1: warning: raw HTML '<pre>' is shown as text"
refuse "'</script>'"
refuse "kbd\|details\|summary\|example.com"

body=$(sed -n '/<main/,/<\/main>/p' "$page")
for bad in '<script' '<style' 'onerror' 'javascript:' 'class="caption" style' \
	'href="receipts.html#01-raw:hi" data-receipt="sha256:0000'; do
	if printf '%s' "$body" | grep -qF "$bad"; then
		echo "FAIL: the page holds '$bad'"
		fail=1
	fi
done
# A typed transcript is no code box of the page's: those are blocks', with their captions.
for line in '&lt;pre&gt;' '&lt;/pre&gt;'; do
	printf '%s\n' "$body" | grep -qxF "$line" || { echo "FAIL: the lesson's <pre> is not shown as text"; fail=1; }
done
# A cited value's source is a link on the page and in the ledger: the same rule as a Markdown link's.
grep -q 'href="javascript:' site/audit.html && { echo "FAIL: the ledger links to javascript:"; fail=1; }
printf '%s' "$body" | grep -qF 'Agner Fog, Instruction tables' || { echo "FAIL: the page lost the cite's source"; fail=1; }
# litlab's figure, caption and ids only: the lesson's copies are text or gone.
for one in '<figure' '<figcaption' 'id="content"' 'id="hi"'; do
	[ "$(grep -o "$one" "$page" | wc -l)" -eq 1 ] || { echo "FAIL: '$one' is on the page other than once"; fail=1; }
done
for good in '<kbd>Ctrl</kbd>' '<details><summary>Answer</summary>' '<img src="fig.png" alt="Fig">' \
	'<a href="https://example.com/?a=1&amp;b=2">fine</a>' '&lt;script&gt;document.title' \
	'&lt;figure class=&quot;block caption-executed&quot; id=&quot;hi&quot;&gt;' '<li id="fn1">a note</li>' \
	'&lt;pre&gt;hello 42&lt;/pre&gt;'; do
	printf '%s' "$body" | grep -qF "$good" || { echo "FAIL: the page lost '$good'"; fail=1; }
done

# An untouched site verifies: the copied receipt link is text, not the caption's.
"$LITLAB" verify site >out 2>err || { cat out err; echo "FAIL: an untouched site does not verify"; fail=1; }

[ "$fail" -eq 0 ] && echo "raw-html: ok"
exit "$fail"
