#!/bin/sh
# litlab promote: only the content lines of run blocks' differing output blocks change;
# CRLF, trailing blanks, info strings and every other byte stay; backticks in the new
# output lengthen both fences; patterns and measure blocks are left with a note; --dry-run
# writes nothing; a lesson that changes while promote runs is not written (exit 2); a
# folder where the temporary file cannot be made leaves the lesson whole (exit 2); and on
# every lesson with nothing to change the file stays byte-identical; a lesson whose fences are
# not where they should be is refused and left byte-identical, --dry-run too (exit 1).
set -u
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
fail=0
bt='```'

# 1. CRLF, backticks, trailing blanks, a pattern, a block that is already right.
printf '# Promote\r\n\r\nText with trailing blanks   \r\n\r\n%sc id=ticks\r\n#include <stdio.h>\r\nint main(void) { puts("a ```` b"); puts("two"); return 0; }\r\n%s\r\n\r\n%soutput   \r\nold\r\n%s\r\n\r\n%sc id=pattern\r\n#include <stdio.h>\r\nint main(void) { puts("x"); return 0; }\r\n%s\r\n\r\n%soutput match=ellipsis\r\ny\r\n...\r\n%s\r\n\r\n%sc id=right\r\n#include <stdio.h>\r\nint main(void) { puts("fine"); return 0; }\r\n%s\r\n\r\n%soutput\r\nfine\r\n%s\r\nend\r\n' \
	$bt $bt $bt $bt $bt $bt $bt $bt $bt $bt $bt $bt >"$work/01-crlf.md"
printf '# Promote\r\n\r\nText with trailing blanks   \r\n\r\n%sc id=ticks\r\n#include <stdio.h>\r\nint main(void) { puts("a ```` b"); puts("two"); return 0; }\r\n%s\r\n\r\n`````output   \r\na ```` b\r\ntwo\r\n`````\r\n\r\n%sc id=pattern\r\n#include <stdio.h>\r\nint main(void) { puts("x"); return 0; }\r\n%s\r\n\r\n%soutput match=ellipsis\r\ny\r\n...\r\n%s\r\n\r\n%sc id=right\r\n#include <stdio.h>\r\nint main(void) { puts("fine"); return 0; }\r\n%s\r\n\r\n%soutput\r\nfine\r\n%s\r\nend\r\n' \
	$bt $bt $bt $bt $bt $bt $bt $bt $bt $bt >"$work/want.md"
cp "$work/01-crlf.md" "$work/orig.md"

"$LITLAB" promote --dry-run "$work/01-crlf.md" >"$work/out" 2>"$work/err"
rc=$?
cat "$work/out" "$work/err"
cmp -s "$work/01-crlf.md" "$work/orig.md" || { echo "FAIL: --dry-run wrote the file"; fail=1; }
grep -qx -- '-old' "$work/out" && grep -qx -- '+a ```` b' "$work/out" || { echo "FAIL: --dry-run shows no diff"; fail=1; }
grep -q 'would promote 1 output block' "$work/out" || { echo "FAIL: --dry-run summary"; fail=1; }

"$LITLAB" promote "$work/01-crlf.md" >"$work/out" 2>"$work/err"
rc=$?
cat "$work/out" "$work/err"
cmp "$work/01-crlf.md" "$work/want.md" || { echo "FAIL: promoted file is not as expected"; od -c "$work/01-crlf.md" | head -40; fail=1; }
grep -qx "promoted 1 output block in $work/01-crlf.md" "$work/out" || { echo "FAIL: promote summary"; fail=1; }
grep -q "01-crlf.md:19:1: note: .*pattern (match=ellipsis): not promoted.*\[output-mismatch\]" "$work/err" ||
	{ echo "FAIL: no note for the pattern"; fail=1; }
[ "$rc" -eq 1 ] || { echo "FAIL: the pattern still fails, but promote exited $rc"; fail=1; }
# Promoting again: nothing to do, byte-identical.
cp "$work/01-crlf.md" "$work/once.md"
"$LITLAB" promote "$work/01-crlf.md" >"$work/out" 2>&1
grep -q 'nothing to promote' "$work/out" || { cat "$work/out"; echo "FAIL: second promote"; fail=1; }
cmp -s "$work/01-crlf.md" "$work/once.md" || { echo "FAIL: second promote changed the file"; fail=1; }

# 1b. A lesson whose only error promote fixes: exit 0, and no error said to be left (the
#     mismatch points at the first line that differs, below the output block's fence: promote
#     counted it as left, and exited 1).
printf '# Fixed\n\n%sc id=one\n#include <stdio.h>\nint main(void) { puts("a"); puts("b"); return 0; }\n%s\n\n%soutput\na\nold\n%s\n' \
	$bt $bt $bt $bt >"$work/01b-fixed.md"
"$LITLAB" promote "$work/01b-fixed.md" >"$work/out" 2>"$work/err"
rc=$?
[ "$rc" -eq 0 ] && ! grep -q "still has" "$work/err" && grep -qx b "$work/01b-fixed.md" ||
	{ cat "$work/out" "$work/err"; echo "FAIL: a promote that fixed every error exited $rc"; fail=1; }

# 2. A measure block is never promoted.
cat >"$work/02-measure.md" <<MD
${bt}c id=timed measure samples=2 warmup=0
#include <stdio.h>
int main(void) { puts("real"); return 0; }
${bt}

${bt}output
typed
${bt}
MD
cp "$work/02-measure.md" "$work/orig.md"
"$LITLAB" promote "$work/02-measure.md" >"$work/out" 2>&1
cmp -s "$work/02-measure.md" "$work/orig.md" || { echo "FAIL: a measure block was promoted"; fail=1; }
grep -q "measure block 'timed'" "$work/out" || { cat "$work/out"; echo "FAIL: no note for the measure block"; fail=1; }

# 3. (The lesson changing while promote runs was tried here with a block that appended to its own
#    lesson. No tier lets lesson code write a host file any more (test_sandbox, hostile.sh): the
#    race itself is tested in tests/unit/test_promote.c, on atomic_write()'s check before renaming.)
cat >"$work/orig.md" <<MD
${bt}c id=plain
#include <stdio.h>
int main(void) { puts("new"); return 0; }
${bt}

${bt}output
old
${bt}
MD

# 4. The temporary file cannot be made (a read-only folder): the lesson survives whole.
if [ "$(id -u)" -ne 0 ]; then
	mkdir "$work/ro"
	cp "$work/orig.md" "$work/ro/04-ro.md"
	cp "$work/ro/04-ro.md" "$work/ro-orig.md"
	chmod a-w "$work/ro"
	"$LITLAB" promote "$work/ro/04-ro.md" >"$work/out" 2>&1
	rc=$?
	chmod u+w "$work/ro"
	cat "$work/out"
	[ "$rc" -eq 2 ] || { echo "FAIL: unwritable folder: exit $rc, expected 2"; fail=1; }
	grep -q "cannot create a temporary file in .*was not changed" "$work/out" || { echo "FAIL: unwritable folder message"; fail=1; }
	cmp -s "$work/ro/04-ro.md" "$work/ro-orig.md" || { echo "FAIL: the lesson was damaged"; fail=1; }
else
	echo "skipped the read-only folder case: root can write anywhere (tests/unit/test_promote.c covers a failed write)"
fi

# 5. With nothing to change, every lesson stays byte-identical.
mkdir "$work/same"
for f in ../shared/examples/90-contract-basics.md lessons/[0-9]*.md; do
	[ -f "$f" ] || continue
	cp "$f" "$work/same/"
	b=$(basename "$f")
	"$LITLAB" promote "$work/same/$b" >"$work/out" 2>&1
	rc=$?
	grep -q 'nothing to promote' "$work/out" || { cat "$work/out"; echo "FAIL: $b: promote found something to change"; fail=1; }
	cmp -s "$f" "$work/same/$b" || { echo "FAIL: $b changed"; fail=1; }
	[ "$rc" -eq 0 ] || { cat "$work/out"; echo "FAIL: $b: exit $rc"; fail=1; }
done

# 6. An output block's closing fence missing mid-file (a new author's slip): the block swallows a
#    heading, a paragraph and a whole C block up to that block's closing fence. promote must
#    refuse, with or without --dry-run (exit 1, the file byte-identical, no diff), naming the
#    line where the close is missing; and run nothing. So must it for a closing fence too short
#    and for one of the other character.
cat >"$work/06-swallow.md" <<MD
# A lesson

${bt}c id=first
#include <stdio.h>
int main(void) { puts("new"); return 0; }
${bt}

${bt}output
old

## Second part

Some prose that matters.

${bt}c id=second
#include <stdio.h>
int main(void) { puts("two"); return 0; }
${bt}

${bt}output
two
${bt}
MD
printf '# Short\n\n%sc id=a\nint main(void) { return 0; }\n%s\n\n````output\nold\n%s\n\n## Next\n\nProse.\n' $bt $bt $bt >"$work/06-short.md"
printf '# Other\n\n%sc id=a\nint main(void) { return 0; }\n%s\n\n%soutput\nold\n~~~\n\nProse.\n' $bt $bt $bt >"$work/06-other.md"
for f in 06-swallow 06-short 06-other; do
	cp "$work/$f.md" "$work/orig.md"
	for mode in --dry-run ""; do
		"$LITLAB" promote $mode "$work/$f.md" >"$work/out" 2>"$work/err"
		rc=$?
		cat "$work/out" "$work/err"
		[ "$rc" -eq 1 ] || { echo "FAIL: $f $mode: exit $rc, expected 1"; fail=1; }
		cmp -s "$work/$f.md" "$work/orig.md" || { echo "FAIL: $f $mode: the lesson changed"; diff "$work/orig.md" "$work/$f.md"; fail=1; }
		grep -q '^[-+]' "$work/out" && { echo "FAIL: $f $mode: a diff was shown"; fail=1; }
		grep -q "promoted\|would promote" "$work/out" && { echo "FAIL: $f $mode: said it promoted"; fail=1; }
		grep -q "in its structure (above): promote changes nothing until .* fixed; '$work/$f.md' was not changed" "$work/err" ||
			{ echo "FAIL: $f $mode: no refusal message"; fail=1; }
	done
done
grep -q "06-other.md:7:1: error: this output block is never closed: line 9 ('~~~') cannot close it.*make it '\`\`\`' \[unclosed-fence\]" "$work/err" ||
	{ echo "FAIL: the other fence character is not named"; fail=1; }
"$LITLAB" promote "$work/06-short.md" 2>&1 | grep -q "06-short.md:7:1: error: .*its closing fence is missing on line 9 ('\`\`\`', shorter than the opening fence): make it '\`\`\`\`'" ||
	{ echo "FAIL: the short fence is not named"; fail=1; }
"$LITLAB" promote "$work/06-swallow.md" 2>&1 | grep -q "06-swallow.md:8:1: error: this output block is not closed before line 15 .*its closing fence is missing before line 11: add a line '\`\`\`' there \[unclosed-fence\]" ||
	{ echo "FAIL: the line where the close is missing is not named"; fail=1; }
# check says the same, and does not bury it under a diff of the swallowed prose.
"$LITLAB" check "$work/06-swallow.md" >/dev/null 2>"$work/err"
grep -q "06-swallow.md:8:1: error: this output block is not closed before line 15" "$work/err" || { cat "$work/err"; echo "FAIL: check does not report the fence"; fail=1; }
grep -q "Some prose that matters" "$work/err" && { cat "$work/err"; echo "FAIL: check shows the swallowed prose"; fail=1; }

# 7. Usage errors.
"$LITLAB" promote >/dev/null 2>&1
[ $? -eq 2 ] || { echo "FAIL: promote without a path is not exit 2"; fail=1; }
exit $fail
