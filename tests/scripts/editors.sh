#!/bin/sh
# What editors read (docs/editors.md): on a pseudo-terminal, with --color=never and with
# NO_COLOR set, the gcc problem-matcher pattern matches each diagnostic line exactly once and
# nothing else (the compiler's messages are not repeated under them, indented); vim's default
# errorformat reads each diagnostic at its file, line and column; --color=auto colours on a
# terminal only, and colour leaves "PATH:LINE:COL: SEVERITY:" as it is; --color=WHAT is checked.
set -u
LITLAB=${LITLAB:-build/litlab}
case $LITLAB in /*) ;; *) LITLAB=$(pwd)/$LITLAB ;; esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }
export LITLAB_CACHE_DIR="$work/cache"
top=$(pwd)
cp tests/editors/01-editors.md "$work/" || exit 1
cd "$work" || exit 1

# The diagnostics, as the JSON document has them: what every reader must find.
"$LITLAB" check --format json 01-editors.md >doc.json 2>/dev/null
python3 -c '
import json
d = json.load(open("doc.json"))
with open("expected", "w") as f:
    for g in d["lessons"][0]["diagnostics"]:
        f.write("%s:%d:%d:%s\n" % (g["path"], g["line"], g["column"], g["severity"]))
'
[ "$(wc -l <expected)" -ge 8 ] || bad "the lesson has $(wc -l <expected) diagnostics, fewer than its 8 mistakes"

# onpty.py OUT ARGS...: runs litlab check ARGS on a pseudo-terminal (its stdin, stdout, stderr), all
# it writes into OUT.
cat >onpty.py <<'EOF'
import os, pty, subprocess, sys
master, slave = pty.openpty()
p = subprocess.Popen(sys.argv[2:], stdin=slave, stdout=slave, stderr=slave, close_fds=True)
os.close(slave)
out = b""
while True:
    try:
        chunk = os.read(master, 65536)
    except OSError:
        break
    if not chunk:
        break
    out += chunk
p.wait()
open(sys.argv[1], "wb").write(out.replace(b"\r\n", b"\n"))
EOF

# gcc.py OUT: the gcc pattern against every line of OUT; each match must be a diagnostic of
# expected, at its path, line, column and severity, and each of those matched exactly once.
# (A program whose output holds such a line would be read there too: a diff quotes output as it
# was. docs/editors.md says so.)
cat >gcc.py <<'EOF'
import re, sys
pat = re.compile(r"^(.*):(\d+):(\d+):\s+(warning|error):\s+(.*)$")
want = [l.rstrip("\n") for l in open("expected") if not l.rstrip().endswith(":note")]
got = []
for line in open(sys.argv[1], encoding="utf-8", errors="replace").read().split("\n"):
    # As a terminal shows it: a progress line taken away ("\r\033[K") is not there.
    line = line.split("\r")[-1].replace("\033[K", "")
    m = pat.match(line)
    if m:
        got.append("%s:%s:%s:%s" % (m.group(1), m.group(2), m.group(3), m.group(4)))
if sorted(got) != sorted(want):
    print("gcc pattern read %s\nwhere the diagnostics are %s" % (got, want))
    sys.exit(1)
EOF

python3 onpty.py never.out "$LITLAB" check --color=never 01-editors.md
python3 gcc.py never.out || bad "--color=never on a terminal: $(cat never.out)"
grep -q "$(printf '\033')" never.out && bad "--color=never on a terminal: an escape was written"
NO_COLOR=1 python3 onpty.py nocolor.out "$LITLAB" check 01-editors.md
python3 gcc.py nocolor.out || bad "NO_COLOR on a terminal: $(cat nocolor.out)"
grep -q "$(printf '\033')" nocolor.out && bad "NO_COLOR on a terminal: an escape was written"
# auto on a terminal: colour, which leaves the part a matcher reads as it is.
env -u NO_COLOR python3 onpty.py auto.out "$LITLAB" check 01-editors.md
grep -q "$(printf '\033')\[1m" auto.out || bad "--color=auto on a terminal without NO_COLOR: no colour"
python3 gcc.py auto.out || bad "colour on a terminal: the gcc pattern does not read it: $(cat -v auto.out)"
# Not a terminal: no colour unless asked for.
env -u NO_COLOR "$LITLAB" check 01-editors.md 2>plain.out
grep -q "$(printf '\033')" plain.out && bad "--color=auto into a file: an escape was written"
NO_COLOR=1 "$LITLAB" check --color=always 01-editors.md 2>always.out
grep -q "$(printf '\033')\[1m" always.out || bad "--color=always into a file: no colour"
"$LITLAB" check --color=sometimes 01-editors.md >usage.out 2>&1
[ $? -eq 2 ] && grep -q "auto, always or never" usage.out || bad "--color=sometimes: $(cat usage.out)"

# The compiler's messages are said once: no diagnostic's text again, indented, under it.
grep -q "^ .*01-editors.md:[0-9]*:[0-9]*: *\(error\|warning\):" never.out &&
	bad "a compiler message is repeated under its diagnostic: $(cat never.out)"

# vim's default errorformat (when vim is there: make deps installs it).
if command -v vim >/dev/null 2>&1; then
	vim -es -u NONE -i NONE -N -c 'set efm&' -c 'cgetfile never.out' -c 'redir! > qf.out' \
		-c 'for e in getqflist() | if e.valid | echo bufname(e.bufnr) . ":" . e.lnum . ":" . e.col . ":" . e.text | endif | endfor' \
		-c 'redir END' -c 'qa!' </dev/null >/dev/null 2>&1
	python3 - <<'EOF' || bad "vim's errorformat: $(cat qf.out)"
import sys
want = [l.rstrip("\n").rsplit(":", 1)[0] for l in open("expected")]
got = [l for l in open("qf.out").read().split("\n") if l.strip()]
# Each diagnostic is one entry at its place; a valid entry at no diagnostic would be a line read
# twice (the same message, indented) or a place made up.
places = [":".join(g.split(":")[:3]) for g in got]
missing = [w for w in want if places.count(w) < want.count(w)]
if missing:
    print("vim read no entry for", missing, "in", got)
    sys.exit(1)
extra = [p for p in places if p not in want]
if extra:
    print("vim read entries at no diagnostic:", extra)
    sys.exit(1)
EOF
	# The errorformat of docs/editors.md: each diagnostic, and nothing else.
	efm=$(sed -n 's/^set errorformat=//p' "$top/docs/editors.md")
	[ -n "$efm" ] || bad "docs/editors.md has no 'set errorformat='"
	vim -es -u NONE -i NONE -N -c "set errorformat=$efm" -c 'cgetfile never.out' -c 'redir! > qf2.out' \
		-c 'for e in getqflist() | if e.valid | echo bufname(e.bufnr) . ":" . e.lnum . ":" . e.col . ":" . e.type | endif | endfor' \
		-c 'redir END' -c 'qa!' </dev/null >/dev/null 2>&1
	python3 - <<'EOF' || bad "docs/editors.md's errorformat: $(cat qf2.out)"
import sys
want = []
for l in open("expected"):
    place, sev = l.rstrip("\n").rsplit(":", 1)
    want.append(place + ":" + sev[0])
got = [l for l in open("qf2.out").read().split("\n") if l.strip()]
if sorted(got) != sorted(want):
    print("read", got, "\nnot", want)
    sys.exit(1)
EOF
else
	echo "editors: vim not installed: its errorformat is not tried"
fi

[ $fail -eq 0 ] && echo "editors: ok"
exit $fail
