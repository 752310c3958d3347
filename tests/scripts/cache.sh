#!/bin/sh
# The evidence cache (.litlab/, here $LITLAB_CACHE_DIR): a second check takes every block from
# it with the same diagnostics, statuses and JSON; a change to the code, a block's cflags=, the
# front matter's cflags, stdin, args, an included header, the compiler's version string or the
# assembler it runs (binutils upgraded) runs that block again; --fresh runs everything and rewrites the records; a corrupt record is one
# warning naming the file, then rebuilt; two checks at once both succeed and leave valid
# records; measure blocks come back with when and where they were measured; build uses it;
# without LITLAB_CACHE_DIR it is .litlab/ in the current folder, ignored by git; a cache that
# cannot be written is one warning.
set -u
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
case $LITLAB in /*) ;; *) LITLAB=$(pwd)/$LITLAB ;; esac

# A compiler wrapper with a version string of our own, which also puts $work/inc on the
# include path: a lesson cannot have a header beside it, the wrapper's folder can. (Readable
# by all: the sandbox may run the compiler as another user.)
chmod 755 "$work"
mkdir -p "$work/bin" "$work/inc" "$work/l"
cat >"$work/bin/cc-wrap" <<EOF
#!/bin/sh
case "\$1" in
--version) cat "$work/version"; exit 0 ;;
-print-prog-name=as) echo "$work/bin/as"; exit 0 ;;
esac
exec cc -I"$work/inc" "\$@"
EOF
# The assembler it says it runs (the real one behind it): an upgrade of it is a new toolchain.
printf '#!/bin/sh\nexec as "$@"\n' >"$work/bin/as"
chmod +x "$work/bin/cc-wrap" "$work/bin/as"
echo "cc-wrap 1.0" >"$work/version"
echo '#define GREETING "hello"' >"$work/inc/greeting.h"
PATH=$work/bin:$PATH
CC=cc-wrap
LITLAB_CACHE_DIR=$work/cache
# The secret records are signed with (a memo planted below is signed with it, as litlab would).
XDG_STATE_HOME=$work/state
mkdir -p "$XDG_STATE_HOME" && chmod 700 "$XDG_STATE_HOME"
export XDG_STATE_HOME
# plant FILE TEXT: writes TEXT (printf format) to the memo FILE, signed as litlab signs it.
lib=$(pwd)/tests/scripts
plant() {
	printf "$2" | python3 -c 'import sys; sys.path.insert(0, sys.argv[1]); import cache_record; cache_record.write(sys.argv[2], sys.argv[3], sys.argv[4], sys.stdin.buffer.read())' \
		"$lib" "$1" "$LITLAB_CACHE_DIR" "$XDG_STATE_HOME/litlab/cache-secret"
}
# The sandbox shows the compiler the wrapper (the compiler litlab was given) and, named here,
# the folder of headers; nothing else of the host.
LITLAB_SANDBOX_PATHS=$work/inc
export PATH CC LITLAB_CACHE_DIR LITLAB_SANDBOX_PATHS

lesson=$work/l/01-cache.md
write_lesson() { # $1: the front matter's cflags, $2: hello's code line, $3: echo's stdin, $4: args, $5: flags
	cat >"$lesson" <<EOF
---
title: Cache
cflags: $1
---
# Cache

\`\`\`c id=hello
#include <stdio.h>
#include "greeting.h"
int main(void) { $2 return 0; }
\`\`\`

\`\`\`output
hello
\`\`\`

\`\`\`c id=echo cflags="$5"
#include <stdio.h>
int main(void) { int c; while ((c = getchar()) != EOF) putchar(c); return 0; }
\`\`\`

\`\`\`stdin
$3
\`\`\`

\`\`\`c id=args args="$4"
#include <stdio.h>
int main(int argc, char **argv) { for (int i = 1; i < argc; i++) puts(argv[i]); return 0; }
\`\`\`

\`\`\`c id=wrong
#include <stdio.h>
int main(void) { puts("actual"); return 0; }
\`\`\`

\`\`\`output
expected
\`\`\`

\`\`\`c id=refused compile-fail
int main(void) { return undeclared; }
\`\`\`

\`\`\`c id=timed measure warmup=1 samples=3
int main(void) { return 0; }
\`\`\`
EOF
}
write_lesson "-std=c11" 'puts(GREETING);' "abc" "x y" "-O0"

# Prints "ID cached|fresh" per compiled block, and the JSON without what each run measures anew.
summarize() { # $1: the JSON document, $2: where the stripped document goes
	python3 - "$1" "$2" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
def strip(j):
    if isinstance(j, dict):
        return {k: strip(v) for k, v in j.items()
                if k not in ("wall_ms", "user_ms", "sys_ms", "max_rss_kb", "cached", "made", "measurement")}
    if isinstance(j, list):
        return [strip(v) for v in j]
    return j
json.dump(strip(doc), open(sys.argv[2], "w"), indent=1, sort_keys=True)
for l in doc["lessons"]:
    for b in l["blocks"]:
        if "evidence" in b:
            e = b["evidence"]
            # Cached evidence says when it was made (issue 17); fresh evidence has no such date.
            assert ("made" in e) == e["cached"], e
            assert not e["cached"] or (len(e["made"]) == 20 and e["made"].endswith("Z")), e
            print(b["id"], "cached" if e["cached"] else "fresh")
PY
}
check() { # $1: a name for the outputs; the rest: options
	name=$1
	shift
	"$LITLAB" check --format json "$@" "$lesson" >"$work/$name.json" 2>"$work/$name.err"
	echo $? >"$work/$name.rc"
	summarize "$work/$name.json" "$work/$name.stripped" >"$work/$name.cached"
}
expect_cached() { # $1: name, $2: the blocks expected to run again (the others come from the cache)
	for id in hello echo args wrong refused timed; do
		want=cached
		case " $2 " in *" $id "*) want=fresh ;; esac
		grep -qx "$id $want" "$work/$1.cached" || { echo "FAIL: $1: block $id is not $want:"; cat "$work/$1.cached"; fail=1; }
	done
}

# 1. Cold, then warm: everything from the cache, the same diagnostics, statuses and document.
check cold
expect_cached cold "hello echo args wrong refused timed"
[ "$(cat "$work/cold.rc")" = 1 ] || { cat "$work/cold.err"; echo "FAIL: the lesson's one error did not make exit 1"; fail=1; }
grep -q "stdout of block 'wrong' differs" "$work/cold.err" || { cat "$work/cold.err"; echo "FAIL: no mismatch reported"; fail=1; }
check warm
expect_cached warm ""
cmp -s "$work/cold.err" "$work/warm.err" || { diff -u "$work/cold.err" "$work/warm.err"; echo "FAIL: diagnostics differ from the cache"; fail=1; }
cmp -s "$work/cold.stripped" "$work/warm.stripped" || { diff -u "$work/cold.stripped" "$work/warm.stripped" | head -30; echo "FAIL: the document differs from the cache"; fail=1; }
[ "$(cat "$work/warm.rc")" = 1 ] || { echo "FAIL: warm exit status"; fail=1; }
# A measure block keeps when and where it was measured: the same record as the cold run's.
python3 - "$work/cold.json" "$work/warm.json" <<'PY' || { echo "FAIL: the cached measurement is not the one measured"; fail=1; }
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
m = lambda d: [b["measurement"] for l in d["lessons"] for b in l["blocks"] if b["id"] == "timed"][0]
ma, mb = m(a), m(b)
sys.exit(0 if ma == mb and ma["environment"]["date_utc"] and ma["wall_ns"]["values"] else 1)
PY

# 2. Each change runs again only the blocks it touches.
write_lesson "-std=c11" 'puts(GREETING); /* edited */' "abc" "x y" "-O0"
check code; expect_cached code "hello"
write_lesson "-std=c11" 'puts(GREETING); /* edited */' "abc" "x y" "-O1"
check flag; expect_cached flag "echo"
write_lesson "-std=c11" 'puts(GREETING); /* edited */' "abcd" "x y" "-O1"
check stdin; expect_cached stdin "echo"
write_lesson "-std=c11" 'puts(GREETING); /* edited */' "abcd" "x z" "-O1"
check args; expect_cached args "args"
write_lesson "-std=c99" 'puts(GREETING); /* edited */' "abcd" "x z" "-O1"
check fm; expect_cached fm "hello echo args wrong refused timed"
echo '#define GREETING "hello" /* edited */' >"$work/inc/greeting.h"
check header; expect_cached header "hello"
echo "cc-wrap 1.1" >"$work/version"
check version; expect_cached version "hello echo args wrong refused timed"
# The assembler replaced (binutils upgraded), the driver and its version as they were.
printf '#!/bin/sh\n# 2.41\nexec as "$@"\n' >"$work/bin/as.new" && chmod +x "$work/bin/as.new" && mv "$work/bin/as.new" "$work/bin/as"
check assembler; expect_cached assembler "hello echo args wrong refused timed"

# 3. --fresh runs everything and rewrites the records: the next check takes them.
check fresh --fresh; expect_cached fresh "hello echo args wrong refused timed"
check after-fresh; expect_cached after-fresh ""

# 4. A corrupt record: one warning naming it, the block runs, the record is rebuilt.
rec=$(grep -l '"actual' "$work"/cache/evidence/*/*.json | xargs ls -t | head -n 1)
[ -n "$rec" ] || { echo "FAIL: no record of block 'wrong'"; fail=1; }
echo '{"format": 1, "key": "trunc' >"$rec"
check corrupt; expect_cached corrupt "wrong"
n=$(grep -c "warning: ignoring the cache record '$rec'" "$work/corrupt.err")
[ "$n" = 1 ] || { cat "$work/corrupt.err"; echo "FAIL: the corrupt record was reported $n times"; fail=1; }
check rebuilt; expect_cached rebuilt ""
grep -q corrupt "$work/rebuilt.err" && { echo "FAIL: the rebuilt record is still reported"; fail=1; }
cmp -s "$work/cold.err" "$work/rebuilt.err" || { diff -u "$work/cold.err" "$work/rebuilt.err"; echo "FAIL: diagnostics changed"; fail=1; }

# 5. Two checks at once, on an empty cache: both succeed, every record is whole.
rm -rf "$work/cache"
"$LITLAB" check "$lesson" >/dev/null 2>"$work/a.err" & pa=$!
"$LITLAB" check "$lesson" >/dev/null 2>"$work/b.err" & pb=$!
wait $pa; ra=$?
wait $pb; rb=$?
[ "$ra" = 1 ] && [ "$rb" = 1 ] || { cat "$work/a.err" "$work/b.err"; echo "FAIL: concurrent checks exited $ra and $rb"; fail=1; }
cmp -s "$work/a.err" "$work/b.err" || { echo "FAIL: concurrent checks disagree"; fail=1; }
python3 - "$work/cache" <<'PY' || { echo "FAIL: a record is not whole"; fail=1; }
import glob, json, os, sys
recs = glob.glob(os.path.join(sys.argv[1], "evidence", "*", "*"))
ok = len(recs) == 6
for r in recs:
    text = open(r).read()
    ok = ok and text.startswith("litlab-mac ")  # the line with its signature, then the record
    d = json.JSONDecoder().raw_decode(text.split("\n", 1)[1])[0]  # the JSON, then the paths
    ok = ok and r.endswith(d["key"] + ".json") and "evidence" in d
sys.exit(0 if ok else 1)
PY
check after-race; expect_cached after-race ""

# 6. build takes the evidence check left (a lesson without errors: build refuses the other).
mkdir "$work/good"
sed -n '1,/^hello$/p' "$lesson" >"$work/good/02-good.md" && echo '```' >>"$work/good/02-good.md"
"$LITLAB" check "$work/good" >/dev/null 2>&1 || { echo "FAIL: check of the good lesson"; fail=1; }
"$LITLAB" build -o "$work/site" "$work/good" >/dev/null 2>&1
grep -q 'Evidence reused from the cache' "$work/site/02-good.html" || { echo "FAIL: build did not use the cache"; fail=1; }

# 7. Without LITLAB_CACHE_DIR: .litlab/ in the current folder, which ignores itself.
(cd "$work/l" && unset LITLAB_CACHE_DIR && "$LITLAB" check 01-cache.md >/dev/null 2>&1)
[ -d "$work/l/.litlab/evidence" ] && [ "$(cat "$work/l/.litlab/.gitignore")" = "*" ] ||
	{ echo "FAIL: no .litlab/ with its .gitignore in the current folder"; fail=1; }

# 8. A cache that cannot be written: one warning, and the check goes on as if there were none.
echo file >"$work/file"
LITLAB_CACHE_DIR=$work/file/cache "$LITLAB" check "$work/good" >/dev/null 2>"$work/nowrite.err"
rc=$?
[ "$rc" = 0 ] && [ "$(grep -c 'warning: cannot write the evidence cache' "$work/nowrite.err")" = 1 ] ||
	{ cat "$work/nowrite.err"; echo "FAIL: an unwritable cache (exit $rc)"; fail=1; }

# 9. A lesson's rule pass is remembered with the evidence: the same inputs replay it without
# running a rule (a memo planted by hand is what comes back), --fresh runs the rules, a changed
# rule runs them, and a pass in which a rule failed is not remembered.
LITLAB_CACHE_DIR=$work/rcache
mkdir -p "$work/rc/rules"
printf '%s\n' '# Rules' '' 'A paragraph with MARK in it.' '' '```c id=one' '#include <stdio.h>' \
	'int main(void) { puts("one"); return 0; }' '```' '' '```output' 'one' '```' >"$work/rc/03-rules.md"
printf '%s\n' 'return { id = "no-mark", severity = "warning", summary = "no MARK in prose",' \
	'  text = function(unit, lesson, report)' \
	'    if unit.text:find("MARK", 1, true) then report(unit.at(1), "MARK found: remove it") end' \
	'  end }' >"$work/rc/rules/mark.lua"
"$LITLAB" check "$work/rc" >/dev/null 2>"$work/r1.err"
grep -q 'MARK found' "$work/r1.err" || { cat "$work/r1.err"; echo "FAIL: the course rule did not report"; fail=1; }
memo=$(ls "$work/rcache/memo/"rules-* 2>/dev/null)
[ "$(echo "$memo" | grep -c .)" = 1 ] || { echo "FAIL: one rules memo expected, found: $memo"; fail=1; }
"$LITLAB" check "$work/rc" >/dev/null 2>"$work/r2.err"
cmp -s "$work/r1.err" "$work/r2.err" || { diff "$work/r1.err" "$work/r2.err"; echo "FAIL: the remembered pass differs"; fail=1; }
[ -n "$memo" ] && plant "$memo" 'S 0\nD 0 3 1 warning derived-claims\tREPLAYED FROM THE MEMO\nE 0\n\n-- litlab memo end --\n'
"$LITLAB" check "$work/rc" >/dev/null 2>"$work/r3.err"
grep -q 'REPLAYED FROM THE MEMO' "$work/r3.err" || { cat "$work/r3.err"; echo "FAIL: the memo was not replayed"; fail=1; }
# Another litlab binary (a rebuild) does not take this one's memo: what rules see may differ.
cp "$LITLAB" "$work/litlab-rebuilt"
"$work/litlab-rebuilt" check "$work/rc" >/dev/null 2>"$work/r3c.err"
! grep -q 'REPLAYED' "$work/r3c.err" && grep -q 'MARK found' "$work/r3c.err" ||
	{ cat "$work/r3c.err"; echo "FAIL: another binary replayed this one's rule memo"; fail=1; }
# A memo cut short (no end line) is no memo: the rules run, nothing of it is replayed.
[ -n "$memo" ] && plant "$memo" 'D 0 3 1 warning no-mark\tCUT SHORT\n'
"$LITLAB" check "$work/rc" >/dev/null 2>"$work/r3b.err"
! grep -q 'CUT SHORT' "$work/r3b.err" && grep -q 'MARK found' "$work/r3b.err" ||
	{ cat "$work/r3b.err"; echo "FAIL: a memo without its end line was replayed"; fail=1; }
"$LITLAB" check --fresh "$work/rc" >/dev/null 2>"$work/r4.err"
grep -q 'REPLAYED' "$work/r4.err" && { echo "FAIL: --fresh replayed the rule memo"; fail=1; }
grep -q 'MARK found' "$work/r4.err" || { echo "FAIL: --fresh did not run the rules"; fail=1; }
sed -i 's/MARK found/MARK seen/' "$work/rc/rules/mark.lua"
"$LITLAB" check "$work/rc" >/dev/null 2>"$work/r5.err"
grep -q 'MARK seen' "$work/r5.err" || { cat "$work/r5.err"; echo "FAIL: a changed rule was not run"; fail=1; }
# What the loader learnt of the rule files (ids, severities, load errors) is remembered too.
meta=$(ls -t "$work/rcache/memo/"rule-meta-* 2>/dev/null | head -1) # the newest: the rules as they are now
[ -n "$meta" ] && plant "$meta" 'S 0\nX 0 1\tPLANTED LOAD ERROR\nE 0\n\n-- litlab memo end --\n'
"$LITLAB" check "$work/rc" >/dev/null 2>"$work/r7.err"
grep -q 'rule file failed to load: PLANTED LOAD ERROR' "$work/r7.err" ||
	{ cat "$work/r7.err"; echo "FAIL: the loader's memo was not replayed"; fail=1; }
rm -f "$work/rcache/memo/"rules-* "$work/rcache/memo/"rule-meta-*
printf '%s\n' 'return { id = "loops", severity = "warning", summary = "never ends",' \
	'  lesson = function(lesson, report) while true do end end }' >"$work/rc/rules/loop.lua"
"$LITLAB" check "$work/rc" >/dev/null 2>"$work/r6.err"
grep -q 'rule-error' "$work/r6.err" || { cat "$work/r6.err"; echo "FAIL: the looping rule was not stopped"; fail=1; }
[ -z "$(ls "$work/rcache/memo/"rules-* 2>/dev/null)" ] || { echo "FAIL: a pass with a rule-error was remembered"; fail=1; }

[ "$fail" -eq 0 ] && echo "cache: ok"
exit "$fail"
