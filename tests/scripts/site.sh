#!/bin/sh
# litlab build: golden pages for every caption kind (tests/site/expected, compared with
# diff -u, nothing masked); hostile program output escaped; a measured block's panel, plot
# and references (structure only: its times differ from run to run); two builds of the
# same lessons byte-identical (and a third, from the evidence cache, the same but for its
# captions saying so); an erroring lesson leaves the old site byte-identical; a
# folder build did not write is never replaced, nor one behind a link, nor a mark that is a link,
# nor a site holding a file its last build did not write (.litlab-site lists what it wrote);
# audit in its three formats.
#
# The compiler is a wrapper with a fixed name and version, so that the pages do not depend
# on the machine's gcc. Update the golden pages with: UPDATE=1 sh tests/scripts/site.sh
set -u
LITLAB=${LITLAB:-build/litlab}
case $LITLAB in /*) ;; *) LITLAB=$(pwd)/$LITLAB ;; esac
top=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0

mkdir -p "$work/bin"
cat >"$work/bin/litlab-test-cc" <<'EOF'
#!/bin/sh
case "$1" in --version) echo "litlab-test-cc 1.0"; exit 0 ;; esac
exec cc "$@"
EOF
chmod +x "$work/bin/litlab-test-cc"
PATH=$work/bin:$PATH
CC=litlab-test-cc
# This script's own evidence cache, empty at the start: the golden pages are of a first run.
LITLAB_CACHE_DIR=$work/cache
export PATH CC LITLAB_CACHE_DIR

# The folder's contents as one checksum list.
sums() {
	(cd "$1" && find . -type f | LC_ALL=C sort | xargs sha256sum)
}

cd "$top/tests/site" || exit 1

# 1. Golden pages.
"$LITLAB" build -o "$work/a" 50-captions.md 52-hostile.md 2>"$work/err"
rc=$?
[ "$rc" -eq 0 ] || { cat "$work/err"; echo "FAIL: build of the fixtures exited $rc"; fail=1; }
for page in 50-captions.html 52-hostile.html index.html audit.html receipts.html; do
	if [ "${UPDATE:-}" = 1 ]; then
		cp "$work/a/$page" "expected/$page"
	elif ! diff -u "expected/$page" "$work/a/$page"; then
		echo "FAIL: $page differs from tests/site/expected/$page"
		fail=1
	fi
done
cmp -s "$work/a/style.css" "$top/site/style.css" || { echo "FAIL: style.css is not site/style.css"; fail=1; }
[ -f "$work/a/.litlab-site" ] || { echo "FAIL: no .litlab-site mark"; fail=1; }

# 2. Hostile output: escaped, no NUL, no ESC, valid UTF-8, nothing executable.
page=$work/a/52-hostile.html
grep -q '&lt;script&gt;alert(1)&lt;/script&gt;' "$page" || { echo "FAIL: <script> output not escaped"; fail=1; }
grep -q '&lt;img src=x onerror=alert(2)&gt;' "$page" || { echo "FAIL: stderr output not escaped"; fail=1; }
if grep -qi '<script\|<img' "$page"; then echo "FAIL: a tag from program output reached the page"; fail=1; fi
if LC_ALL=C grep -q "$(printf '\033')" "$page"; then echo "FAIL: an escape byte reached the page"; fail=1; fi
if [ "$(tr -d '\000' <"$page" | wc -c)" -ne "$(wc -c <"$page")" ]; then echo "FAIL: a NUL byte reached the page"; fail=1; fi
python3 -c 'import sys; open(sys.argv[1], "rb").read().decode("utf-8")' "$page" ||
	{ echo "FAIL: the page is not valid UTF-8"; fail=1; }
grep -q "nul$(printf '\357\277\275')byte" "$page" || { echo "FAIL: NUL not shown as U+FFFD"; fail=1; }

# 3. Author HTML passes through; anchors are unique.
grep -q '<details><summary>Show worked solution</summary>' "$work/a/50-captions.html" ||
	{ echo "FAIL: raw <details> did not pass through"; fail=1; }
ids=$(grep -o ' id="[^"]*"' "$work/a/50-captions.html" | sort | uniq -d)
[ -z "$ids" ] || { echo "FAIL: duplicate ids: $ids"; fail=1; }

# 4. Two builds of the same input are byte-identical (each with an empty cache); a build
#    from the cache differs only in saying so, on each executed block.
LITLAB_CACHE_DIR=$work/cache-b "$LITLAB" build -o "$work/b" 50-captions.md 52-hostile.md 2>/dev/null
# receipts.json names each evidence record by its hash, and a record holds its run's times: masked.
diff -r -x receipts.json "$work/a" "$work/b" >/dev/null || { diff -r "$work/a" "$work/b" | head -20; echo "FAIL: two builds differ"; fail=1; }
sed 's/"evidence_sha256": "[0-9a-f]*"/"evidence_sha256": "..."/' "$work/a/receipts.json" >"$work/ra"
sed 's/"evidence_sha256": "[0-9a-f]*"/"evidence_sha256": "..."/' "$work/b/receipts.json" | diff -u "$work/ra" - ||
	{ echo "FAIL: the receipts of two builds differ beyond the evidence records' hashes"; fail=1; }
"$LITLAB" build -o "$work/c" 50-captions.md 52-hostile.md 2>/dev/null
made=' Evidence reused from the cache, made <time datetime="[0-9T:-]*Z">[0-9T:-]*Z</time>\.'
n=$(grep -o "$made" "$work/c/50-captions.html" "$work/c/52-hostile.html" | wc -l)
# Every block that was built says so, with the date its evidence was made (compile-only and
# compile-fail blocks too: issue 17).
[ "$n" -eq 6 ] || { echo "FAIL: the build from the cache says so, with its date, on $n blocks, not 6"; fail=1; }
for page in 50-captions.html 52-hostile.html; do
	sed "s|$made||" "$work/c/$page" | diff -u "$work/a/$page" - ||
		{ echo "FAIL: $page from the cache differs beyond saying so"; fail=1; }
done

# 5. An erroring lesson: exit 1, the reason, nothing written, the old site byte-identical.
before=$(sums "$work/a")
"$LITLAB" build -o "$work/a" 50-captions.md bad/53-broken.md 2>"$work/err"
rc=$?
[ "$rc" -eq 1 ] || { echo "FAIL: build with an erroring lesson exited $rc, not 1"; fail=1; }
grep -q 'litlab: not building the site: 1 error in the lessons (run litlab check)' "$work/err" ||
	{ cat "$work/err"; echo "FAIL: no 'not building the site' message"; fail=1; }
[ "$(sums "$work/a")" = "$before" ] || { echo "FAIL: the old site changed"; fail=1; }
ls -d "$work"/a.* 2>/dev/null && { echo "FAIL: a temporary folder was left beside the site"; fail=1; }

# 6. A good build replaces the old site whole: the page of a lesson no longer built goes (the last
#    build wrote it: .litlab-site says so), nothing is left beside it.
"$LITLAB" build -o "$work/a" 52-hostile.md 2>"$work/err" || { cat "$work/err"; echo "FAIL: rebuild over a site"; fail=1; }
[ ! -e "$work/a/50-captions.html" ] && [ -f "$work/a/52-hostile.html" ] ||
	{ echo "FAIL: the rebuilt site is not exactly the new one"; fail=1; }
ls -d "$work"/a.* 2>/dev/null && { echo "FAIL: a temporary or old folder was left beside the site"; fail=1; }

# 6a. A file the last build did not write (a stray page, one in a folder of its own) stops the build:
#     exit 2, each named, the site unchanged (user review: build deleted a CNAME and images).
echo stale >"$work/a/stale.html"
mkdir -p "$work/a/img" && echo png >"$work/a/img/mine.png"
before=$(sums "$work/a")
"$LITLAB" build -o "$work/a" 52-hostile.md 2>"$work/err"
rc=$?
[ "$rc" -eq 2 ] && grep -qx "  $work/a/stale.html" "$work/err" && grep -qx "  $work/a/img/mine.png" "$work/err" ||
	{ cat "$work/err"; echo "FAIL: a file build did not write did not stop it (exit $rc), or is not named"; fail=1; }
[ "$(sums "$work/a")" = "$before" ] || { echo "FAIL: the site changed"; fail=1; }
rm -r "$work/a/stale.html" "$work/a/img"

# 6b. A build whose site is already there, byte for byte, writes nothing (the folder is the same
#     one); a page changed by hand makes it write the site again.
"$LITLAB" build -o "$work/a" 52-hostile.md 2>"$work/err"
inode=$(stat -c %i "$work/a")
"$LITLAB" build -o "$work/a" 52-hostile.md 2>"$work/err" || { cat "$work/err"; echo "FAIL: rebuild of the same site"; fail=1; }
grep -q "site already up to date in '$work/a'" "$work/err" || { cat "$work/err"; echo "FAIL: no 'already up to date'"; fail=1; }
[ "$(stat -c %i "$work/a")" = "$inode" ] || { echo "FAIL: an unchanged site was replaced"; fail=1; }
echo edited >>"$work/a/index.html"
"$LITLAB" build -o "$work/a" 52-hostile.md 2>"$work/err"
grep -q "site written to" "$work/err" && ! grep -q edited "$work/a/index.html" ||
	{ echo "FAIL: a page edited by hand was not rewritten"; fail=1; }
# receipts.json and the mark are compared after the pages, once they are made: changed, rewritten too.
for f in receipts.json .litlab-site; do
	"$LITLAB" build -o "$work/a" 52-hostile.md 2>/dev/null
	echo >>"$work/a/$f" && cp "$work/a/$f" "$work/edited"
	"$LITLAB" build -o "$work/a" 52-hostile.md 2>"$work/err"
	grep -q "site written to" "$work/err" && ! cmp -s "$work/a/$f" "$work/edited" ||
		{ cat "$work/err"; echo "FAIL: $f edited by hand was not rewritten"; fail=1; }
done

# 7. A folder build did not write is never replaced; a fresh folder's parents are made.
mkdir -p "$work/mine" && echo keep >"$work/mine/notes.txt"
"$LITLAB" build -o "$work/mine" 52-hostile.md 2>"$work/err"
rc=$?
[ "$rc" -eq 2 ] && grep -q 'not replacing it' "$work/err" || { cat "$work/err"; echo "FAIL: build replaced a foreign folder (exit $rc)"; fail=1; }
[ "$(cat "$work/mine/notes.txt")" = keep ] || { echo "FAIL: the foreign folder changed"; fail=1; }
"$LITLAB" build -o "$work/new/deep/site/" 52-hostile.md 2>/dev/null && [ -f "$work/new/deep/site/index.html" ] ||
	{ echo "FAIL: build into a new nested folder"; fail=1; }

# 7b. What a repository plants where the site goes: the default site/ as a link to a victim's
#     folder (never followed: refused, exit 2), a .litlab-site mark that is a link (no mark: the
#     foreign folder is not replaced), -o DIR as a link (not replaced, not followed), a link
#     planted in the old site between two builds (removed itself, what it names untouched).
mkdir -p "$work/victim" "$work/proj"
echo important >"$work/victim/thesis.tex"
cp 52-hostile.md "$work/proj/"
ln -s "$work/victim" "$work/proj/site"
(cd "$work/proj" && "$LITLAB" build 52-hostile.md >/dev/null 2>"$work/err")
rc=$?
[ "$rc" -eq 2 ] && grep -q "'site': it is a symbolic link" "$work/err" || { cat "$work/err"; echo "FAIL: the default site/ as a link (exit $rc)"; fail=1; }
[ "$(ls "$work/victim")" = thesis.tex ] || { ls -la "$work/victim"; echo "FAIL: something was written through site/"; fail=1; }
mkdir -p "$work/mine2" && echo keep >"$work/mine2/notes.txt"
ln -s "$work/victim/thesis.tex" "$work/mine2/.litlab-site"
"$LITLAB" build -o "$work/mine2" 52-hostile.md 2>"$work/err"
rc=$?
[ "$rc" -eq 2 ] && grep -q 'not replacing it' "$work/err" || { cat "$work/err"; echo "FAIL: a planted mark link made a foreign folder replaceable (exit $rc)"; fail=1; }
[ "$(cat "$work/mine2/notes.txt")" = keep ] || { echo "FAIL: the foreign folder with a planted mark changed"; fail=1; }
ln -s "$work/a" "$work/alink"
"$LITLAB" build -o "$work/alink" 52-hostile.md 2>"$work/err"
[ $? -eq 2 ] && grep -q "is a symbolic link: not replacing it" "$work/err" || { cat "$work/err"; echo "FAIL: -o a link"; fail=1; }
ln -s "$work/victim" "$work/a/planted"
ln -s "$work/victim/thesis.tex" "$work/a/planted-file"
"$LITLAB" build -o "$work/a" 50-captions.md 2>"$work/err"
[ $? -eq 2 ] && grep -qx "  $work/a/planted" "$work/err" && grep -qx "  $work/a/planted-file" "$work/err" ||
	{ cat "$work/err"; echo "FAIL: links planted in the site did not stop the build"; fail=1; }
[ "$(cat "$work/victim/thesis.tex")" = important ] && [ "$(ls "$work/victim")" = thesis.tex ] ||
	{ echo "FAIL: a planted link was followed"; fail=1; }
rm "$work/a/planted" "$work/a/planted-file"
rm "$work/a/index.html" && ln -s "$work/victim/thesis.tex" "$work/a/index.html"
"$LITLAB" build -o "$work/a" 50-captions.md 2>"$work/err" || { cat "$work/err"; echo "FAIL: rebuild over a page made a link"; fail=1; }
[ "$(cat "$work/victim/thesis.tex")" = important ] && [ "$(ls "$work/victim")" = thesis.tex ] ||
	{ echo "FAIL: removing the old site followed a planted link"; fail=1; }
[ -f "$work/a/index.html" ] && [ ! -L "$work/a/index.html" ] || { echo "FAIL: the planted link survived the rebuild"; fail=1; }

# 8. A measured block: panel, plot, references (structure only).
"$LITLAB" build -o "$work/m" 51-measure.md 2>"$work/err" || { cat "$work/err"; echo "FAIL: build of the measure lesson"; fail=1; }
page=$work/m/51-measure.html
for want in '<figure class="block caption-measured" id="spin">' '<dl class="measure-panel" id="spin-measurement">' \
	'<dt>Samples</dt><dd>5 timed runs, after 1 warmup run</dd>' \
	'<dt>Boundary</dt><dd>exec to exit (the whole process); clock CLOCK_MONOTONIC</dd>' \
	'<dt>Wall time</dt><dd>min ' '<dt>Region</dt><dd><code>loop</code>' '<dt>Compiler</dt><dd><code>litlab-test-cc -std=c11 -O0</code> (litlab-test-cc 1.0)' \
	'<dt>CPU</dt>' '<dt>Kernel</dt>' '<dt>Date (UTC)</dt><dd><time datetime="' '<dt>Isolation</dt>' \
	'<dt>Load average</dt><dd>' \
	'<svg class="measure-svg"' 'class="dist-median"' '<span class="stream-label">stdout of the first run</span>done'; do
	grep -qF "$want" "$page" || { echo "FAIL: measure page lacks: $want"; fail=1; }
done
[ "$(grep -c 'class="dist-point"' "$page")" -eq 5 ] || { echo "FAIL: not one point per sample"; fail=1; }
grep -q '<a class="measure-ref" href="#spin" title="number of timed samples of spin">5</a> times' "$page" ||
	{ echo "FAIL: the samples reference"; fail=1; }
grep -Eq '<a class="measure-ref" href="#spin" title="median wall time[^"]*">[0-9.]+ (ns|µs|ms|s)</a>' "$page" ||
	{ echo "FAIL: the median reference has no value with a unit"; fail=1; }
grep -Eq '<a class="measure-ref" href="#spin" title="median time of region loop[^"]*">[0-9.]+ (ns|µs|ms|s)</a>' "$page" ||
	{ echo "FAIL: the region reference"; fail=1; }
if grep -q '{{measure' "$page"; then echo "FAIL: a reference was left unrendered"; fail=1; fi

# 9. audit: text, json (the check document), junit (well-formed XML, one case per block).
"$LITLAB" audit 50-captions.md >"$work/audit.txt" 2>/dev/null || { echo "FAIL: audit exited $?"; fail=1; }
grep -q '^50-captions.md:[0-9]*: refused compile-fail compile-failed: ' "$work/audit.txt" &&
	grep -q "^50-captions.md:[0-9]*: python-1 derived derived: not executed; reason: python is not part" "$work/audit.txt" ||
	{ cat "$work/audit.txt"; echo "FAIL: audit text"; fail=1; }
"$LITLAB" audit --format json 50-captions.md >"$work/audit.json" 2>/dev/null
"$LITLAB" check --format json 50-captions.md >"$work/check.json" 2>/dev/null
# The same document but for what each run measures anew.
python3 - "$work/audit.json" "$work/check.json" <<'EOF' || { echo "FAIL: audit json is not check's document"; fail=1; }
import json, sys
def strip(j):
    if isinstance(j, dict):
        return {k: strip(v) for k, v in j.items() if k not in ("wall_ms", "user_ms", "sys_ms", "max_rss_kb")}
    if isinstance(j, list):
        return [strip(v) for v in j]
    return j
a, c = (strip(json.load(open(f))) for f in sys.argv[1:3])
sys.exit(0 if a == c and a["lessons"] else 1)
EOF
"$LITLAB" audit --format junit 50-captions.md bad/53-broken.md >"$work/junit.xml" 2>/dev/null
rc=$?
[ "$rc" -eq 1 ] || { echo "FAIL: audit of an erroring lesson exited $rc, not 1"; fail=1; }
python3 - "$work/junit.xml" <<'EOF' || fail=1
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
suites = root.findall("testsuite")
cases = {c.get("name"): c for s in suites for c in s.findall("testcase")}
ok = (len(suites) == 2 and root.get("failures") == "1"
      and cases["wrong"].find("failure") is not None
      and cases["python-1"].find("skipped") is not None
      and cases["echo"].find("failure") is None and cases["echo"].find("skipped") is None)
if not ok:
    print("FAIL: junit document", ET.tostring(root)[:2000])
sys.exit(0 if ok else 1)
EOF

# A session that passed is shown once: its transcript is what ran, every line verified. One
# whose transcript says "..." also shows the session as it ran, folded away.
mkdir -p "$work/sess"
cat >"$work/sess/60-sessions.md" <<'EOF'
# Sessions

```console
$ echo alpha-once
alpha-once
```

```console
$ printf 'one\ntwo\nthree-hidden\n'
one
...
```
EOF
(cd "$work/sess" && "$LITLAB" build -o site 60-sessions.md >build.out 2>&1) || { echo "FAIL: session site"; cat "$work/sess/build.out"; fail=1; }
page=$work/sess/site/60-sessions.html
n=$(grep -c 'alpha-once' "$page")
[ "$n" -eq 2 ] || { echo "FAIL: a passed session is shown $n/2 times (command and line once each)"; fail=1; }
grep -q '<details class="session-run">' "$page" && grep -q 'three-hidden' "$page" ||
	{ echo "FAIL: a session with '...' does not show, folded, the lines it stands for"; fail=1; }
[ "$(grep -c '<details class="session-run">' "$page")" -eq 1 ] || { echo "FAIL: only the session with '...' is folded"; fail=1; }

[ "$fail" -eq 0 ] && echo "site: ok"
exit "$fail"
