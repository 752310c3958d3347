#!/bin/sh
# The hostile battery (issue 7, section 2): every program of tests/hostile/ becomes a block of one
# lesson, checked with `litlab check --format json`. For each block: the diagnostic rule ids it
# must get (none: it passes); a block past its time limit must get `timeout`. Then:
# nothing a block started is left (each gets a marker in its argv, which children inherit);
# nothing was written outside the work folder (canaries in the lesson's folder, in $HOME and in
# /etc); no connection reached the listener this script opens on 127.0.0.1 (and only there);
# litlab is unharmed (exit status 1, JSON that parses). Prints a table: block, expected, got,
# tier, wall time. The tier is the strongest this machine gives, or LITLAB_ISOLATION's. Then
# the two compiler bombs once more in tiers C and D, which must get resource-limit there too.
# A bomb stopped by the wall limit instead (a loaded machine) passes if no process of the run grew
# past the compiler's memory limit.
#
# litlab runs with TMPDIR pointing into this script's folder: that is the temporary root, the
# only place besides a work folder that tiers C and D let a program write to, and the lesson's
# folder is outside it.
set -u
LITLAB=${LITLAB:-build/litlab}
case $LITLAB in /*) ;; *) LITLAB=$(pwd)/$LITLAB ;; esac
top=$(pwd)
work=$(mktemp -d)
listener=
unix_listener=
cleanup() {
	[ -n "$listener" ] && kill "$listener" 2>/dev/null
	[ -n "$unix_listener" ] && kill "$unix_listener" 2>/dev/null
	rm -rf "$work"
}
trap cleanup EXIT
fail=0
marker=litlab-hostile-$$-$(date +%s)
echo "$marker" >"$work/marker"
lessons=$work/lesson
mkdir -p "$work/tmp" "$lessons"
chmod 755 "$work" "$lessons"
echo "the lesson's canary" >"$lessons/canary.txt"
cp "$lessons/canary.txt" "$work/canary.orig"
home=${HOME:-/nonexistent}
homefile=.litlab-hostile-$$
etc_canary=/etc/litlab-hostile-canary
if [ -e "$etc_canary" ]; then
	echo "FAIL: $etc_canary exists before the battery (an earlier run?)"
	exit 1
fi
export TMPDIR="$work/tmp" LITLAB_CACHE_DIR="$work/cache"

# The tier, from a first check of one small block.
printf '```c id=probe\nint main(void) { return 0; }\n```\n' >"$work/00-probe.md"
"$LITLAB" check --fresh --format json "$work/00-probe.md" >"$work/probe.json" 2>"$work/probe.err"
isolation=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["lessons"][0]["blocks"][0]["evidence"]["isolation"])' \
	"$work/probe.json") || { cat "$work/probe.err"; echo "FAIL: no isolation in the probe's evidence"; exit 1; }
tier=$(echo "$isolation" | cut -c1)
echo "isolation: $isolation"

# A listener on 127.0.0.1 (and nothing else), which writes down every connection.
python3 - "$work/port" "$work/connections" <<'PY' &
import socket, sys, time
s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
s.bind(("127.0.0.1", 0))
s.listen(8)
s.settimeout(0.2)
open(sys.argv[1] + ".tmp", "w").write(str(s.getsockname()[1]))
import os
os.rename(sys.argv[1] + ".tmp", sys.argv[1])
end = time.time() + 300
while time.time() < end:
    try:
        c, _ = s.accept()
        open(sys.argv[2], "a").write("connected\n")
        c.close()
    except socket.timeout:
        pass
PY
listener=$!
# A Unix socket on the host, as a database's or the system bus's would be, open to everyone.
mkdir -p "$work/sock" && chmod 777 "$work/sock"
python3 - "$work/sock/listener" "$work/unix-connections" <<'PY' &
import os, socket, sys, time
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.bind(sys.argv[1])
os.chmod(sys.argv[1], 0o777)
s.listen(8)
s.settimeout(0.2)
end = time.time() + 300
while time.time() < end:
    try:
        c, _ = s.accept()
        open(sys.argv[2], "a").write("connected\n")
        c.close()
    except socket.timeout:
        pass
PY
unix_listener=$!
i=0
while [ ! -s "$work/port" ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
port=$(cat "$work/port" 2>/dev/null)
[ -n "$port" ] || { echo "FAIL: the listener did not start"; exit 1; }
i=0
while [ ! -S "$work/sock/listener" ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done

# Which blocks run here. A process limit does not hold root in a forced tier B or D.
namespaced=0
case $tier in A | B) namespaced=1 ;; esac
bombs=1
if [ "$(id -u)" -eq 0 ] && { [ "$tier" = B ] || [ "$tier" = D ]; }; then bombs=0; fi
# Compiler bombs: the memory cgroup kills the compiler (tier A), or under RLIMIT_AS it says it is
# out of memory and exits 1 (tiers B to D): either way its memory limit, not a compile error.
bomb_rule=resource-limit
hog_rule=exit-status # RLIMIT_AS: malloc fails and the program exits 3
[ "$tier" = A ] && hog_rule=resource-limit # the memory cgroup kills it: named as its limit

# name | attributes | expected rule ids (- for none) | output block | only when
cat >"$work/plan" <<EOF
loop|timeout=1|timeout||
ignore-signals|timeout=1|timeout||
sleep-forever|timeout=1|timeout||
close-stdout|timeout=1|timeout||
fork-bomb|timeout=1|timeout||bombs
thread-bomb|timeout=1|timeout||
daemon|timeout=3|-||
zombies|timeout=3|-||
kill-parent|timeout=2|-||namespaced
kill-all|timeout=2|-||namespaced
memory-hog|timeout=60|$hog_rule||
stdout-flood|timeout=5|resource-limit||
stderr-flood|timeout=5|resource-limit||
big-file|timeout=5|resource-limit||
fill-tmp|timeout=5|resource-limit||namespaced
recursion|timeout=5|exit-status||
abort|timeout=2|exit-status||
segv-buffered|timeout=2|exit-status||
write-etc|timeout=2|-||
write-lesson|timeout=2 args="$lessons"|-||
write-home|timeout=2 args="$home $homefile"|-||
list-fds|timeout=2|-|0 1 2|
list-env|timeout=2|-|HOME LANG PATH TMPDIR TZ|
unshare|timeout=2|-||
ptrace|timeout=2|-||
tiocsti|timeout=2|-||
network|timeout=2 args="$port"|-||
output-bytes|timeout=2|-||
output-mismatch|timeout=2|output-mismatch|not what it prints|
dev-zero|timeout=2|$bomb_rule||
macro-bomb|timeout=2|$bomb_rule||
setuid-plant|timeout=2|-||
fill-work|timeout=20|resource-limit||namespaced
fill-inodes|timeout=20|resource-limit||namespaced
unix-socket|timeout=2 args="$work/sock/listener"|-||
mqueue-send|timeout=2 ldlibs="-lrt"|-||
mqueue-receive|timeout=2 ldlibs="-lrt"|-|none|
pty|timeout=2|-||
deep-nest|timeout=10|-||
stdin-link|measure samples=3 warmup=0 timeout=2 args="$lessons/canary.txt"|-|hello|
compile-wrapper|timeout=2 cflags="-wrapper /bin/sh,-c,env"|attribute||
EOF

# The lesson: a block per program, each with the marker in its args.
lesson=$lessons/01-hostile.md
: >"$lesson"
: >"$work/expected"
while IFS='|' read -r name attrs rule output only; do
	case $only in
	bombs) [ "$bombs" -eq 1 ] || { echo "$name|skipped (no process limit holds root in tier $tier)" >>"$work/skipped"; continue; } ;;
	namespaced) [ "$namespaced" -eq 1 ] || { echo "$name|skipped (tier $tier has no PID namespace and private /tmp)" >>"$work/skipped"; continue; } ;;
	esac
	src=$top/tests/hostile/$name.c
	[ "$name" = output-mismatch ] && src=$top/tests/hostile/output-bytes.c
	[ "$name" = compile-wrapper ] && src=$top/tests/hostile/list-env.c
	case $attrs in
	*args=\"*) attrs=$(echo "$attrs" | sed "s/args=\"\\([^\"]*\\)\"/args=\"\\1 $marker\"/") ;;
	*) attrs="$attrs args=\"$marker\"" ;;
	esac
	{
		printf '```c id=%s %s\n' "$name" "$attrs"
		cat "$src"
		printf '```\n\n'
		[ "$name" = stdin-link ] && printf '```stdin\nhello\n```\n\n'
		if [ -n "$output" ]; then
			printf '```output\n'
			for w in $output; do printf '%s\n' "$w"; done
			printf '```\n\n'
		fi
	} >>"$lesson"
	echo "$name|$rule|$attrs" >>"$work/expected"
done <"$work/plan"

# A compiler bomb must be stopped by a limit. Its memory limit comes first on a machine with CPU
# to spare; on a loaded one the wall limit (60 s) may come first. Either is right, provided its
# memory stayed bounded: with_rss runs a command and writes the largest resident size any of its
# processes reached (KiB, RUSAGE_CHILDREN) to a file, and the checks hold it to the compiler's
# limit. So a busy machine cannot fail the test, and a limit missing still does.
with_rss() {
	python3 -c 'import resource, subprocess, sys
rc = subprocess.call(sys.argv[2:])
open(sys.argv[1], "w").write("%d\n" % resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
sys.exit(rc)' "$@"
}
compile_mem_kib=$((4 * 1024 * 1024)) # COMPILE_MEM_BYTES (engine/run/runner.h)

t0=$(date +%s%N)
with_rss "$work/rss" timeout 900 "$LITLAB" check --fresh -j 4 --format json "$lesson" >"$work/out.json" 2>"$work/err"
rc=$?
t1=$(date +%s%N)
elapsed_ms=$(( (t1 - t0) / 1000000 ))
[ "$rc" -eq 1 ] || { cat "$work/err"; echo "FAIL: litlab check exited $rc, expected 1"; fail=1; }

# Diagnostics come in the lesson's order, each from its own block's list: one added to the
# lesson's shared list from a worker thread (a block killed at a sandbox limit, once) came first.
awk -F: -v f="$lesson" '$1 == f && $2 ~ /^[0-9]+$/ { if ($2 + 0 < last) { print "FAIL: line " $2 " reported after line " last; bad = 1 } last = $2 + 0 } END { exit bad }' "$work/err" || fail=1

# Nothing left: no live process (nor zombie) carries the marker; they get two seconds.
python3 - "$work/marker" <<'PY' || fail=1
import os, sys, time
marker = open(sys.argv[1]).read().strip().encode()
def left():
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            if marker in open(f"/proc/{pid}/cmdline", "rb").read():
                found.append(pid)
        except OSError:
            pass
    return found
end = time.time() + 2
while left() and time.time() < end:
    time.sleep(0.05)
if left():
    print("FAIL: processes left behind:", " ".join(left()))
    sys.exit(1)
PY

# Nothing written outside the work folders.
cmp -s "$lessons/canary.txt" "$work/canary.orig" || { echo "FAIL: the lesson's canary changed"; fail=1; }
extra=$(ls -A "$lessons" | grep -v -x -e canary.txt -e 01-hostile.md)
[ -z "$extra" ] || { echo "FAIL: new files in the lesson's folder: $extra"; fail=1; }
[ ! -e "$home/$homefile" ] || { rm -f "$home/$homefile"; echo "FAIL: a program wrote into $home"; fail=1; }
[ ! -e "$etc_canary" ] || { rm -f "$etc_canary"; echo "FAIL: a program wrote $etc_canary"; fail=1; }
[ ! -s "$work/connections" ] || { echo "FAIL: a program connected to the listener on 127.0.0.1"; fail=1; }
[ ! -s "$work/unix-connections" ] || { echo "FAIL: a program connected to the host's Unix socket"; fail=1; }
planted=$(find "$work" -perm /6000 2>/dev/null)
[ -z "$planted" ] || { echo "FAIL: set-id files on the host: $planted"; fail=1; }
ls "$TMPDIR" | grep -q . && { echo "FAIL: left in the temporary root: $(ls "$TMPDIR")"; fail=1; }

# Each block's rule ids, time and output; the table.
python3 - "$work/out.json" "$work/expected" "$tier" "$lesson" "$elapsed_ms" "$work/skipped" "$work/rss" "$compile_mem_kib" <<'PY' || fail=1
import json, re, sys
out, expected_path, tier, lesson_path, elapsed_ms, skipped_path, rss_path, mem_kib = sys.argv[1:9]
rss_kib, mem_kib = int(open(rss_path).read()), int(mem_kib)
try:
    doc = json.load(open(out))
except ValueError as e:
    print("FAIL: the JSON does not parse:", e)
    sys.exit(1)
lesson = doc["lessons"][0]
blocks = sorted(lesson["blocks"], key=lambda b: b["line"])
starts = [b["line"] for b in blocks] + [10**9]
rules = {b["id"]: set() for b in blocks}
messages = {b["id"]: [] for b in blocks}
for d in lesson["diagnostics"]:
    for i, b in enumerate(blocks):
        if starts[i] <= d["line"] < starts[i + 1]:
            rules[b["id"]].add(d["rule"])
            messages[b["id"]].append(d["message"])
by_id = {b["id"]: b for b in blocks}
ok = True
rows = []
for line in open(expected_path):
    name, rule, attrs = line.rstrip("\n").split("|")
    want = set() if rule == "-" else {rule}
    b = by_id.get(name)
    if b is None:
        print(f"FAIL: {name}: no such block in the JSON")
        ok = False
        continue
    got = rules[name]
    ev = b.get("evidence") or {}
    wall = ev.get("wall_ms")
    notes = []
    good = got == want
    if name in ("dev-zero", "macro-bomb") and got == {"timeout"} and want == {"resource-limit"} \
            and any("compiler took longer than" in m for m in messages[name]):
        # The wall limit came first (a loaded machine): right, if the memory stayed bounded.
        good = rss_kib <= mem_kib
        notes.append(f"the wall limit came first; the largest process reached {rss_kib // 1024} MiB"
                     + ("" if good else f", more than the compiler's {mem_kib // 1024} MiB limit"))
    stdout = ev.get("stdout") or ""
    if re.search(r"ALLOWED|INJECTED|CONNECTED|OPENED|WRITTEN", stdout):
        notes.append("an escape succeeded: " + stdout.replace("\n", "; "))
        good = False
    if name == "segv-buffered" and stdout:
        notes.append("the buffered line reached stdout")
        good = False
    if name in ("fill-work", "fill-inodes") and not re.search(r"stopped after [0-9]+ (MiB|files): No space left", stdout):
        notes.append("the work folder was not bounded: " + stdout.strip())
        good = False
    if name == "fill-tmp" and not re.search(r"stopped after ([0-9]+) MiB: No space left", stdout):
        notes.append("/tmp was not limited: " + stdout.strip())
        good = False
    if name == "output-bytes" and not (stdout.endswith("no final newline") and "\x1b[2J" in stdout and "nul" in stdout):
        notes.append("its output did not come through: " + repr(stdout[:80]))
        good = False
    if name in ("kill-parent", "kill-all") and "still here" not in stdout:
        notes.append("it did not survive")
        good = False
    ok &= good
    rows.append((name, " ".join(sorted(want)) or "-", " ".join(sorted(got)) or "-",
                 f"{wall:.0f} ms" if wall is not None else "(compile)", "ok" if good else "FAILED", "; ".join(notes)))
try:
    for line in open(skipped_path):
        name, why = line.rstrip("\n").split("|")
        rows.append((name, "", "", "", why, ""))
except OSError:
    pass
print(f"tier {tier}; check ran {elapsed_ms} ms")
w = [max(len(r[i]) for r in rows + [("block", "expected", "got", "wall", "", "")]) for i in range(4)]
print(f"{'block':<{w[0]}}  {'expected':<{w[1]}}  {'got':<{w[2]}}  {'wall':<{w[3]}}  result")
for r in rows:
    print(f"{r[0]:<{w[0]}}  {r[1]:<{w[1]}}  {r[2]:<{w[2]}}  {r[3]:<{w[3]}}  {r[4]}" + (f"  ({r[5]})" if r[5] else ""))
sys.exit(0 if ok else 1)
PY
# The compiler bombs again in tiers C and D (the battery above ran in the strongest tier), both
# tiers at once: a few seconds. No cgroup holds the compiler there; RLIMIT_AS does, and running
# out of it must read as the memory limit, named. A tier this machine cannot give (C needs root)
# is skipped.
mkdir "$work/bombs"
for name in dev-zero macro-bomb; do
	printf '```c id=%s\n' "$name"
	cat "$top/tests/hostile/$name.c"
	printf '```\n\n'
done >"$work/bombs/01-bombs.md"
pids=
t0=$(date +%s%N)
for t in C D; do
	LITLAB_ISOLATION=$t with_rss "$work/bombs/$t.rss" "$LITLAB" check --fresh --format json "$work/bombs/01-bombs.md" \
		>"$work/bombs/$t.json" 2>"$work/bombs/$t.err" &
	pids="$pids $!"
done
for p in $pids; do wait "$p"; done
elapsed_ms=$(( ($(date +%s%N) - t0) / 1000000 ))
ls "$TMPDIR" | grep -q . && { echo "FAIL: the bombs left in the temporary root: $(ls "$TMPDIR")"; fail=1; }
python3 - "$work/bombs" "$elapsed_ms" "$compile_mem_kib" <<'PY' || fail=1
import json, sys
folder, elapsed_ms, mem_kib = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
ok = True
for tier in "CD":
    try:
        doc = json.load(open(f"{folder}/{tier}.json"))
    except ValueError as e:
        print(f"FAIL: tier {tier}: the JSON does not parse: {e}")
        ok = False
        continue
    lesson = doc["lessons"][0]
    isolation = lesson["blocks"][0]["evidence"]["isolation"]
    if not isolation.startswith(tier):
        print(f"compiler bombs in tier {tier}: skipped (this machine gives {isolation[:1]} there)")
        continue
    for b in lesson["blocks"]:
        diags = [d for d in lesson["diagnostics"] if d["line"] == b["line"]]
        rules = sorted(d["rule"] for d in diags)
        good = rules == ["resource-limit"] and "memory limit" in diags[0]["message"]
        note = ""
        if rules == ["timeout"] and "compiler took longer than" in diags[0]["message"]:
            # The wall limit came first (a loaded machine): right, if the memory stayed bounded.
            rss_kib = int(open(f"{folder}/{tier}.rss").read())
            good = rss_kib <= mem_kib
            note = f"; the wall limit came first, the largest process reached {rss_kib // 1024} MiB"
        print(f"compiler bombs in tier {tier}: {b['id']}: {' '.join(rules) or '-'}: "
              f"{'ok' if good else 'FAILED'} ({'; '.join(d['message'] for d in diags)[:160]}{note})")
        ok &= good
print(f"(tiers C and D together: {elapsed_ms} ms)")
sys.exit(0 if ok else 1)
PY

[ "$fail" -eq 0 ] || { echo "--- litlab's stderr"; head -c 4000 "$work/err"; }
exit "$fail"
