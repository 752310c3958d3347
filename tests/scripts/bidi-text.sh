#!/bin/sh
# The bidi controls that reorder a line (U+202A-U+202E, U+2066-U+2069) are shown on the page as
# \u202e, never obeyed (render/highlight.h, lesson/rawhtml.h): a derived block whose reason was
# U+202E and "detucexe dna delipmoc" had a caption that read "compiled and executed" in a
# browser, while the derived-claims rule read it as stored and let it pass; prose and raw HTML
# could show "3 ms" to the reader and "sm 3" to the timing rule, as could <bdo dir=rtl> (shown as text).
. "$(dirname "$0")/lib/diag.sh"

rlo=$(printf '\342\200\256')
cat >01-bidi.md <<LESSON
# Bidi

\`\`\`c derived reason="${rlo}detucexe dna delipmoc"
int main(void) { return 0; }
\`\`\`

It takes ${rlo}sm 3, <span>${rlo}sm 4</span>, <bdo dir="rtl">sm 5</bdo>.
LESSON

LITLAB_CACHE_DIR=$work/cache "$LITLAB" build -o site 01-bidi.md >out 2>err
rc=$?
[ "$rc" -eq 0 ] || { cat err; echo "FAIL: build exited $rc"; exit 1; }
page=site/01-bidi.html
if grep -q "$rlo" "$page"; then
	echo "FAIL: the page holds U+202E"
	fail=1
fi
expect "01-bidi.md:7:.*raw HTML '<bdo>' is shown as text"
for good in 'Reason: \u202edetucexe dna delipmoc' 'It takes \u202esm 3, <span>\u202esm 4</span>, &lt;bdo dir=&quot;rtl&quot;&gt;sm 5'; do
	grep -qF "$good" "$page" || { echo "FAIL: the page lacks '$good'"; fail=1; }
done

[ "$fail" -eq 0 ] && echo "bidi-text: ok"
exit "$fail"
