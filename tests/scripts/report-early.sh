#!/bin/sh
# Diagnostics as they happen: with -j 2, a lesson whose blocks are done is reported while a block
# of another lesson still runs. Lesson 01's block waits on a FIFO that this test holds closed
# until lesson 02's compile error has been printed: no sleep, no timing. The progress line, on a
# terminal, names the block that is running, not the last one done.
set -u
LITLAB=${LITLAB:-build/litlab}
case $LITLAB in /*) ;; *) LITLAB=$(pwd)/$LITLAB ;; esac
work=$(mktemp -d)
fail=0
bad() { echo "FAIL: $*"; fail=1; }
export LITLAB_CACHE_DIR="$work/cache"
mkdir -p "$work/shown" "$work/lessons" && cd "$work" || exit 1
mkfifo shown/gate
export LITLAB_SANDBOX_PATHS="$work/shown"
cat >lessons/01-waits.md <<EOF
# Waits

\`\`\`c id=waits timeout=120
#include <stdio.h>
int main(void)
{
    char line[64];
    FILE *f = fopen("$work/shown/gate", "r");
    if (!f || !fgets(line, sizeof line, f))
        return 1;
    fputs(line, stdout);
    return 0;
}
\`\`\`

\`\`\`output
not what the gate says
\`\`\`
EOF
cat >lessons/02-broken.md <<'EOF'
# Broken

```c id=broken
int main(void) { return undeclared; }
```

```c id=fine
int main(void) { return 0; }
```
EOF

# open_gate: writes a line into the FIFO without waiting for a reader (O_RDWR never blocks).
open_gate() {
	python3 -c 'import os; fd = os.open("shown/gate", os.O_RDWR); os.write(fd, b"opened\n"); os.close(fd)'
}
"$LITLAB" check -j 2 lessons >out 2>&1 &
pid=$!
trap 'open_gate 2>/dev/null; kill $pid 2>/dev/null; rm -rf "$work"' EXIT
# Until lesson 02's error is out, or check ended (then it was not reported early: the gate was
# never opened, so 01 cannot have finished unless it failed another way).
while ! grep -q "^lessons/02-broken.md:4:25: error:" out && kill -0 $pid 2>/dev/null; do
	python3 -c 'import select; select.select([], [], [], 0.05)'
done
grep -q "^litlab: " out && bad "check ended before the gate opened: $(cat out)"
grep -q "^lessons/02-broken.md:4:25: error:.*undeclared.*\[compile\]$" out ||
	bad "lesson 02's compile error was not printed while lesson 01 ran: $(cat out)"
grep -q "^lessons/01-waits.md" out && bad "lesson 01 was reported before its block ended: $(cat out)"
open_gate
wait $pid
rc=$?
[ $rc -eq 1 ] || bad "exit $rc, not 1: $(cat out)"
# 02 first (done early), then 01 (its block ran last), then the summary.
order=$(grep -n "^lessons/0[12]-\|^litlab: " out | sed 's/:lessons\/\(0[12]\)-.*/ \1/; s/:litlab: .*/ summary/' | awk '{print $2}' | uniq | tr '\n' ' ')
[ "$order" = "02 01 summary " ] || bad "the order was '$order', not '02 01 summary': $(cat out)"
grep -q "^lessons/01-waits.md:17:1: error: stdout of block 'waits' differs" out ||
	bad "lesson 01's mismatch is missing: $(cat out)"

# The progress line names what runs: written in place on a terminal, the last line before 02's
# report is lesson 01's block running.
rm -rf "$LITLAB_CACHE_DIR"
cat >pty.py <<'EOF'
import os, pty, subprocess, sys
master, slave = pty.openpty()
env = dict(os.environ)
env.pop("NO_COLOR", None)
p = subprocess.Popen(sys.argv[1:], stdin=slave, stdout=slave, stderr=slave, close_fds=True, env=env)
os.close(slave)
out = b""
opened = False
while True:
    try:
        chunk = os.read(master, 65536)
    except OSError:
        break
    if not chunk:
        break
    out += chunk
    if not opened and b"02-broken.md:4:25: error:" in out:
        fd = os.open("shown/gate", os.O_RDWR)
        os.write(fd, b"opened\n")
        os.close(fd)
        opened = True
p.wait()
open("tty.out", "wb").write(out)
EOF
mv pty.py onpty.py
python3 onpty.py "$LITLAB" check -j 2 lessons
python3 - <<'EOF' || bad "progress: $(cat -v tty.out)"
import sys
out = open("tty.out", "rb").read().decode("utf-8", "replace")
before = out[:out.index("lessons/02-broken.md:4:25: error:")]
shown = [s for s in before.split("\r\x1b[K") if s.strip()]
# While 01's block waits on the gate, the line says so, whatever finished last.
if not shown or "01-waits: waits running" not in shown[-1]:
    print("the progress line before 02's report was", shown[-1:] or "none")
    sys.exit(1)
EOF

[ $fail -eq 0 ] && echo "report-early: ok"
exit $fail
