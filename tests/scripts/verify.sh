#!/bin/sh
# litlab build writes receipts.json; litlab verify checks a site against them (issue 17):
# an untouched site verifies (exit 0, text and JSON); the receipts' hashes are plain SHA-256 a
# reviewer can recompute without litlab (python's hashlib here); a page edited after build, a
# receipt edited (alone, or with its hash recomputed), a lesson changed after build are each
# reported by name with exit 1; a lesson whose program reads a changed data file (a lesson
# file, file=) does not reproduce: exit 1, the block and its stdout named; output the lesson says
# varies (match=ellipsis) need not be the same bytes; no receipts: exit 2.
# No measure block: the timing rule is tested with fixed numbers in test_receipts.
set -u
LITLAB=${LITLAB:-build/litlab}
case $LITLAB in /*) ;; *) LITLAB=$(pwd)/$LITLAB ;; esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
LITLAB_CACHE_DIR=$work/cache
export LITLAB_CACHE_DIR
fail=0
cd "$work" || exit 1

cat >01-data.md <<'LESSON'
# Reading a data file

```text file=data.txt
3 4
```

```c id=reader
#include <stdio.h>
int main(void)
{
    int a, b;
    FILE *f = fopen("data.txt", "r");
    if (!f || fscanf(f, "%d %d", &a, &b) != 2)
        return 1;
    printf("%d\n", a + b);
    return 0;
}
```

```output
7
```

```c id=typo compile-fail
int main(void) { return x; }
```
LESSON
cat >02-plain.md <<'LESSON'
# Plain

```c id=hello
#include <stdio.h>
int main(void) { puts("hello"); return 3; }
```

```output
hello
```
LESSON
sed -i 's/^```c id=hello$/```c id=hello exit=3/' 02-plain.md

"$LITLAB" build -o site 01-data.md 02-plain.md 2>err || { cat err; echo "FAIL: build"; exit 1; }
[ -f site/receipts.json ] && [ -f site/receipts.html ] || { echo "FAIL: no receipts in the site"; exit 1; }
cp -r site pristine
cp 01-data.md 01-data.md.orig

verify() { # $1: expected exit status; the rest: verify's arguments. Output in out, err.
	want=$1
	shift
	"$LITLAB" verify "$@" >out 2>err
	rc=$?
	[ "$rc" -eq "$want" ] || { cat out err; echo "FAIL: verify $* exited $rc, not $want"; fail=1; }
}
restore() {
	rm -rf site && cp -r pristine site && cp 01-data.md.orig 01-data.md
}

# 1. An untouched site verifies.
verify 0 site
grep -qx '01-data.md:7: reader: reproduced (passed; exit status, stdout and stderr identical)' out &&
	grep -qx "01-data.md:24: typo: reproduced (compile-failed; the compiler's messages identical)" out &&
	grep -qx '02-plain.md:3: hello: reproduced (passed; exit status, stdout and stderr identical)' out &&
	grep -qx '01-data.md:3: text-1: display, not executed: nothing to run' out ||
	{ cat out; echo "FAIL: the ledger of an untouched site"; fail=1; }
grep -q 'litlab: verify: 4 blocks: 3 reproduced, 0 did not, 1 not executed;.* 0 changed; 0 receipts edited; 0 lessons changed: every claim reproduces' err ||
	{ cat err; echo "FAIL: the summary of an untouched site"; fail=1; }
verify 0 --format json site
python3 - out <<'PY' || { echo "FAIL: verify --format json of an untouched site"; fail=1; }
import json, sys
d = json.load(open(sys.argv[1]))
assert d["verified"] is True and d["summary"]["reproduced"] == 3, d["summary"]
assert all(f["status"] == "unchanged" for f in d["files"]), d["files"]
names = {f["name"] for f in d["files"]}
assert {"index.html", "audit.html", "receipts.html", "style.css", "01-data.html", "02-plain.html"} <= names, names
b = {x["id"]: x for l in d["lessons"] for x in l["blocks"]}
assert b["reader"]["verdict"] == "reproduced" and b["reader"]["receipt"] == "intact", b["reader"]
assert b["hello"]["claim"]["exit"] == 3, b["hello"]
PY

# 2. The receipts can be checked without litlab: lesson, page and output hashes are plain
#    SHA-256; a receipt's hash is that of its canonical JSON (sorted keys, no spaces) without
#    evidence_sha256 and receipt_sha256; each caption links to it.
python3 - site <<'PY' || { echo "FAIL: the receipts do not check out by hand"; fail=1; }
import hashlib, json, os, sys
site = sys.argv[1]
r = json.load(open(os.path.join(site, "receipts.json")))
h = lambda b: hashlib.sha256(b).hexdigest()
for name, hx in r["files"].items():
    assert h(open(os.path.join(site, name), "rb").read()) == hx, name
assert "receipts.json" not in r["files"]
for l in r["lessons"]:
    assert h(open(l["path"], "rb").read()) == l["lesson_sha256"], l["path"]
    page = open(os.path.join(site, l["page"]), encoding="utf-8").read()
    assert h(page.encode()) == l["page_sha256"]
    for b in l["blocks"]:
        c = {k: v for k, v in b.items() if k not in ("evidence_sha256", "receipt_sha256")}
        text = json.dumps(c, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        assert h(text.encode()) == b["receipt_sha256"], b["id"]
        link = 'href="receipts.html#%s:%s" data-receipt="sha256:%s"' % (l["page"][:-5], b["id"], b["receipt_sha256"])
        assert link in page, link
        assert b["lesson_sha256"] == l["lesson_sha256"]
hello = [b for l in r["lessons"] for b in l["blocks"] if b["id"] == "hello"][0]
assert hello["claim"]["stdout_sha256"] == h(b"hello\n"), hello
assert hello["evidence_sha256"] and len(hello["evidence_sha256"]) == 64
PY
grep -q 'id="02-plain:hello"' site/receipts.html || { echo "FAIL: receipts.html has no anchor for hello"; fail=1; }

# 3. A page edited after build.
sed -i 's/hello/HELLO/' site/02-plain.html
verify 1 site
grep -q "^site/02-plain.html: changed after build (sha256 " out || { cat out; echo "FAIL: the edited page is not named"; fail=1; }
grep -q '1 changed;' err || { cat err; echo "FAIL: the summary does not count the edited page"; fail=1; }
restore

# 4. A receipt edited: a claim changed (its hash no longer matches), then with its hash
#    recomputed (no longer the one its caption links to).
python3 - site/receipts.json <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
for l in r["lessons"]:
    for b in l["blocks"]:
        if b["id"] == "hello":
            b["claim"]["exit"] = 0
json.dump(r, open(sys.argv[1], "w"), indent=2)
PY
verify 1 site
grep -q "^02-plain.md:3: hello: does not reproduce: exit: 0 in the receipt, 3 now; its receipt was edited (it does not hash to its receipt_sha256)$" out ||
	{ cat out; echo "FAIL: the edited receipt is not named"; fail=1; }
grep -q "^site/receipts.json" out && { cat out; echo "FAIL: receipts.json is hashed in itself"; fail=1; }
python3 - site/receipts.json <<'PY'
import hashlib, json, sys
r = json.load(open(sys.argv[1]))
for l in r["lessons"]:
    for b in l["blocks"]:
        if b["id"] == "hello":
            c = {k: v for k, v in b.items() if k not in ("evidence_sha256", "receipt_sha256")}
            text = json.dumps(c, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
            b["receipt_sha256"] = hashlib.sha256(text.encode()).hexdigest()
json.dump(r, open(sys.argv[1], "w"), indent=2)
PY
verify 1 site
grep -q "^02-plain.md:3: hello: does not reproduce: exit: 0 in the receipt, 3 now; its receipt is not the one its page links to$" out ||
	{ cat out; echo "FAIL: a receipt edited with its hash recomputed is not named"; fail=1; }
restore
# A lesson's entry edited: its lesson hash (the lesson file is untouched).
sed -i '0,/"lesson_sha256": "[0-9a-f]*"/s//"lesson_sha256": "0000"/' site/receipts.json
verify 1 site
grep -qx "01-data.md: its entry in the receipts was edited (its lesson_sha256 is not its blocks')" out &&
	! grep -q "01-data.md: changed after build" out ||
	{ cat out; echo "FAIL: a lesson entry edited is not named"; fail=1; }
restore
# A block's receipt removed (the lesson untouched): its claim, on its page, would be checked by nothing.
python3 - site/receipts.json <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
for l in r["lessons"]:
    l["blocks"] = [b for b in l["blocks"] if b["id"] != "reader"]
json.dump(r, open(sys.argv[1], "w"), indent=2)
PY
verify 1 site
grep -qx "01-data.md: its entry in the receipts was edited (the lesson is as built and no receipt names its block 'reader': not verified)" out &&
	grep -q '1 receipt edited' err ||
	{ cat out err; echo "FAIL: a block's receipt removed is not named"; fail=1; }
restore
# A lesson's entry and its page's hash removed from the receipts (the page still in the site): a
# page a reader sees and that nothing checks.
python3 - site/receipts.json <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
r["lessons"] = [l for l in r["lessons"] if l["page"] != "02-plain.html"]
del r["files"]["02-plain.html"]
json.dump(r, open(sys.argv[1], "w"), indent=2)
PY
verify 1 site
grep -qx "site/02-plain.html: not in the receipts" out && grep -q '1 changed;' err ||
	{ cat out err; echo "FAIL: a page the receipts do not list is not named"; fail=1; }
restore

# 5. A lesson changed after build, where its program's output does not depend on it.
printf '\nA paragraph added after the build.\n' >>01-data.md
verify 1 site
grep -qx '01-data.md: changed after build' out || { cat out; echo "FAIL: the changed lesson is not named"; fail=1; }
grep -qx '01-data.md:7: reader: reproduced (passed; exit status, stdout and stderr identical)' out ||
	{ cat out; echo "FAIL: a block whose code did not change"; fail=1; }
restore

# 6. The data file a program reads changed (a lesson file): its output does not reproduce.
sed -i 's/^3 4$/3 5/' 01-data.md
verify 1 site
grep -qx "01-data.md: changed after build: the code of 'text-1', 'reader', 'typo' changed" out ||
	{ cat out; echo "FAIL: the changed lesson file is not named"; fail=1; }
grep -q '^01-data.md:7: reader: does not reproduce: status: passed in the receipt, failed now; stdout: sha256 [0-9a-f]*\.\.\. in the receipt, sha256 [0-9a-f]*\.\.\. now$' out ||
	{ cat out; echo "FAIL: the output that no longer reproduces is not named"; fail=1; }
verify 1 --format json site
python3 - out <<'PY' || { echo "FAIL: verify --format json of a changed data file"; fail=1; }
import json, sys
d = json.load(open(sys.argv[1]))
assert d["verified"] is False and d["summary"]["not_reproduced"] == 1, d["summary"]
b = {x["id"]: x for l in d["lessons"] for x in l["blocks"]}
assert b["reader"]["verdict"] == "not-reproduced" and b["reader"]["code"] == "changed", b["reader"]
assert {x["field"] for x in b["reader"]["differences"]} == {"status", "stdout_sha256"}, b["reader"]
assert [l["status"] for l in d["lessons"]] == ["changed", "unchanged"], d["lessons"]
PY
restore

# 7. A block gone from the lesson; no receipts at all; a usage error.
sed -i 's/id=typo/id=renamed/' 01-data.md
verify 1 site
grep -qx "01-data.md:24: typo: does not reproduce: no block of that id in the lesson now" out &&
	grep -q "new: 'renamed'" out || { cat out; echo "FAIL: a renamed block"; fail=1; }
restore

# A page replaced by a link (to a file outside) or a FIFO: not read, and said as what it is.
rm site/02-plain.html && ln -s "$PWD/02-plain.md" site/02-plain.html && mkfifo site/pipe.html
python3 - site/receipts.json <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
r["files"]["pipe.html"] = "0" * 64
json.dump(r, open(sys.argv[1], "w"), indent=2)
PY
verify 1 site
grep -qx "site/02-plain.html: not read: it is a symbolic link, which litlab does not follow there" out &&
	grep -qx "site/pipe.html: not read: it is not a regular file" out ||
	{ cat out; echo "FAIL: a page that is a link or a FIFO"; fail=1; }
restore

# Files the receipts list are read one at a time: only the lessons' pages are kept (for their links).
# Eight of 40 MiB (their hashes as listed) took 320 MiB more at once.
python3 - site <<'PY'
import hashlib, json, os, sys
r = json.load(open(os.path.join(sys.argv[1], "receipts.json")))
data = b"a" * (40 << 20)
for i in range(8):
    open(os.path.join(sys.argv[1], "big%d.txt" % i), "wb").write(data)
    r["files"]["big%d.txt" % i] = hashlib.sha256(data).hexdigest()
json.dump(r, open(os.path.join(sys.argv[1], "receipts.json"), "w"), indent=2)
PY
ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=0 /usr/bin/time -f '%M' -o rss "$LITLAB" verify site >out 2>err
[ "$(tail -n 1 rss)" -lt 250000 ] || { cat rss; echo "FAIL: verify kept the files it hashed (peak $(tail -n 1 rss) KB)"; fail=1; }
grep -q "every claim reproduces" err || { cat out err; echo "FAIL: a site with large files does not verify"; fail=1; }
restore

# 8. Receipts are not trusted: a lesson path outside this folder is reported, never read.
python3 - site/receipts.json <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
r["lessons"][1]["path"] = "../02-plain.md"
json.dump(r, open(sys.argv[1], "w"), indent=2)
PY
verify 1 site
grep -qx '../02-plain.md: not below this folder (build with a relative path to verify)' out &&
	grep -qx '../02-plain.md:3: hello: does not reproduce: its lesson was not read' out ||
	{ cat out; echo "FAIL: a lesson path outside the folder"; fail=1; }
restore
# ... and one below it that is a link out of it (a repository's lesson linking to /etc/passwd).
mkdir -p outside && cp 02-plain.md outside/ && ln -s "$PWD/outside/02-plain.md" 02-link.md
python3 - site/receipts.json <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
r["lessons"][1]["path"] = "02-link.md"
json.dump(r, open(sys.argv[1], "w"), indent=2)
PY
(mkdir inner && cd inner && ln -s ../site site && ln -s ../02-link.md 02-link.md &&
	"$LITLAB" verify site >../out 2>../err)
[ $? -eq 1 ] && grep -qx '02-link.md: not below this folder (a link out of it: not read)' out &&
	grep -qx '02-link.md:3: hello: does not reproduce: its lesson was not read' out ||
	{ cat out err; echo "FAIL: a lesson that links out of the folder was read"; fail=1; }
rm -rf inner 02-link.md outside
restore

# 9. A measurement is compared as a distribution and never fails verify, whatever the machine
#    does meanwhile: consistent or shifted, exit 0 either way (the rule itself: test_receipts).
cat >03-measure.md <<'LESSON'
# Measured

```c id=spin measure samples=3 warmup=0
int main(void) { return 0; }
```
LESSON
"$LITLAB" build -o msite 03-measure.md 2>err || { cat err; echo "FAIL: build of a measure block"; fail=1; }
verify 0 msite
grep -Eq '^03-measure.md:3: spin: reproduced \(measured; exit status, stdout and stderr identical\); measurement (consistent|shifted by [-+][0-9.]+%): median .* now, .* recorded \([-+][0-9.]+%\), (inside|outside) \[' out ||
	{ cat out; echo "FAIL: the measurement's comparison"; fail=1; }
# A measurement claim verify cannot compare (its quartiles not numbers, or out of order) is not
# reproduced, receipt hash rewritten or not; a huge one is compared without overflow (shifted).
for m in '"fast"' '{"q1": 9, "median": 5, "q3": 7}' '{"q1": 9223372036854775807, "median": 9223372036854775807, "q3": 9223372036854775807}'; do
	rm -rf msite2 && cp -r msite msite2
	python3 - msite2/receipts.json "$m" <<'PY'
import hashlib, json, sys
r = json.load(open(sys.argv[1]))
b = r["lessons"][0]["blocks"][0]
b["claim"]["measurement"]["wall_ns"] = json.loads(sys.argv[2])
c = {k: v for k, v in b.items() if k not in ("evidence_sha256", "receipt_sha256")}
b["receipt_sha256"] = hashlib.sha256(json.dumps(c, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()).hexdigest()
json.dump(r, open(sys.argv[1], "w"), indent=2)
PY
	verify 1 msite2
	case $m in
	*922337*) grep -Eq '^03-measure.md:3: spin: reproduced .*measurement shifted by -100.0%: .* outside \[[0-9]+ s, 9223372037 s\]' out ;;
	*) grep -q "^03-measure.md:3: spin: does not reproduce: measurement: a measurement whose wall_ns q1, median, q3 are not numbers in order in the receipt, a measurement now" out ;;
	esac || { cat out; echo "FAIL: a measurement claim of $m"; fail=1; }
done
# 10. Output the lesson itself says varies (match=ellipsis: here the clock's nanoseconds, never the
#     same twice) need not be the same bytes: the block reproduces, saying so.
cat >04-varies.md <<'LESSON'
# Varies

```c id=clock
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <time.h>
int main(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    printf("start\n%lld.%09ld\nend\n", (long long)ts.tv_sec, ts.tv_nsec);
    return 0;
}
```

```output match=ellipsis
start
...
end
```
LESSON
"$LITLAB" build -o vsite 04-varies.md 2>err || { cat err; echo "FAIL: build of a varying block"; fail=1; }
verify 0 vsite
grep -qx '04-varies.md:3: clock: reproduced (passed; exit status identical; stdout differs, as the lesson allows (match=ellipsis))' out ||
	{ cat out; echo "FAIL: output the lesson allows to vary"; fail=1; }
rm site/receipts.json
verify 2 site
grep -q "cannot read 'site/receipts.json'" err || { cat err; echo "FAIL: no receipts"; fail=1; }
verify 2 --format yaml site
verify 2 site other

[ "$fail" -eq 0 ] && echo "verify: ok"
exit "$fail"
