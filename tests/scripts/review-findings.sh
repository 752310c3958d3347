#!/bin/sh
# Findings of the security review (see ../shared/security-review/) that only a whole run of
# litlab shows, each varied as a hostile author would:
#   1. SIGINT, SIGTERM and SIGHUP during a check stop every program, remove every work folder
#      and end litlab with 130, 143 and 129, saying so in one line; in every tier this machine gives.
#   2. A lab (litlab lab) whose program nests 2,200 folders and leaves a set-id copy of itself
#      leaves nothing on the host.
#   3. #include "/dev/stdin": litlab does not read its own stdin for the cache key.
#   4. A library the linker read (in a folder shown with LITLAB_SANDBOX_PATHS) is in the key:
#      rebuilt, the block runs again.
#   5. A header beside the course, included by a relative path, is not there at all.
#   6. Lessons and rule files that are links, FIFOs or devices are refused, never read.
# The signals are sent once the program is seen running (a marker in its argv), never after a
# guessed delay.
set -u
LITLAB=${LITLAB:-build/litlab}
case $LITLAB in /*) ;; *) LITLAB=$(pwd)/$LITLAB ;; esac
top=$(pwd)
work=$(mktemp -d)
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT
fail=0
export TMPDIR="$work/tmp" LITLAB_CACHE_DIR="$work/cache"
mkdir -p "$TMPDIR"
marker=litlab-review-$$-$(date +%s)

# 1. Signals.
cat >"$work/01-slow.md" <<MD
# Slow

\`\`\`c id=slow timeout=60 args="$marker"
#define _GNU_SOURCE
#include <stdio.h>
#include <time.h>
#include <unistd.h>
int main(void)
{
    fclose(fopen("left-behind", "w"));
    /* Chains that fork a successor and exit at once, in sessions of their own: a cleanup that
       scans for processes is outrun by them. They end by themselves after 30 s. */
    time_t stop = time(NULL) + 30;
    for (int k = 0; k < 8; k++)
        if (fork() == 0) {
            setsid();
            for (;;) {
                pid_t p = fork();
                if (p > 0 || time(NULL) > stop)
                    _exit(0);
                usleep(500);
            }
        }
    for (;;)
        pause();
}
\`\`\`
MD
running() { # the program carries the marker: 0 once it runs (grep itself has it only as a pattern)
	grep -qsa -- "$marker" /proc/[0-9]*/cmdline 2>/dev/null
}
for tier in "" C D; do
	for sig in INT TERM HUP; do
		case $sig in INT) want=130 ;; TERM) want=143 ;; HUP) want=129 ;; esac
		LITLAB_ISOLATION=$tier "$LITLAB" check --fresh "$work/01-slow.md" >"$work/out" 2>&1 &
		pid=$!
		i=0
		while ! running && [ $i -lt 600 ]; do sleep 0.05; i=$((i + 1)); done
		running || { echo "FAIL: tier '$tier': the program never ran"; cat "$work/out"; fail=1; }
		kill -s "$sig" "$pid"
		wait "$pid"
		rc=$?
		[ "$rc" -eq "$want" ] || { echo "FAIL: tier '$tier', SIG$sig: exit $rc, expected $want"; cat "$work/out"; fail=1; }
		grep -q "^litlab: stopped by SIG$sig: every program it ran was stopped" "$work/out" ||
			{ echo "FAIL: tier '$tier', SIG$sig: litlab did not say why it stopped"; cat "$work/out"; fail=1; }
		i=0
		while running && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
		running && { echo "FAIL: tier '$tier', SIG$sig: the program outlived litlab"; fail=1; }
		left=$(ls -A "$TMPDIR")
		[ -z "$left" ] || { echo "FAIL: tier '$tier', SIG$sig: left in the temporary root: $left"; fail=1; rm -rf "${TMPDIR:?}"/*; }
	done
done
for d in /sys/fs/cgroup/pids /sys/fs/cgroup/memory; do
	[ -d "$d" ] || continue
	for c in "$d"/litlab-*; do
		[ -d "$c" ] || continue
		pid=$(basename "$c" | cut -d- -f2)
		kill -0 "$pid" 2>/dev/null || { echo "FAIL: a cgroup of a litlab that is gone: $c"; fail=1; }
	done
done

# 2. A lab that plants a set-id copy of itself 2,200 folders down.
mkdir -p "$work/course/lessons"
cat >"$work/course/lessons/01-plant.md" <<'MD'
# A plant

```c id=plant
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
static char self[1 << 20];
int main(void)
{
    int in = open("/proc/self/exe", O_RDONLY);
    ssize_t n = read(in, self, sizeof self);
    close(in);
    chmod(".", 0777);
    for (int depth = 0; depth < 2200; depth++)
        if (mkdir("d", 0777) < 0 || chdir("d") < 0)
            break;
    int out = open("s", O_WRONLY | O_CREAT | O_TRUNC, 0755);
    if (n > 0 && write(out, self, (size_t)n) != n)
        return 1;
    close(out);
    chmod("s", 06755);
    puts("done");
    return 0;
}
```

```output
done
```
MD
(cd "$work/course" && "$LITLAB" tangle >/dev/null && "$LITLAB" lab 1 >"$work/out" 2>&1) ||
	{ cat "$work/out"; echo "FAIL: the lab did not pass"; fail=1; }
left=$(ls -A "$TMPDIR")
[ -z "$left" ] || { echo "FAIL: lab: left in the temporary root: $left"; fail=1; }
planted=$(find "$work" -perm /6000 2>/dev/null)
[ -z "$planted" ] || { echo "FAIL: lab: set-id files on the host: $planted"; fail=1; }

# 3. #include "/dev/stdin", with litlab's stdin a FIFO that stays open: litlab must not read it.
cat >"$work/03-stdin.md" <<'MD'
# Stdin

```c id=reads-stdin
#include "/dev/stdin"
int main(void) { return 0; }
```
MD
mkfifo "$work/fifo"
exec 3<>"$work/fifo" # a writer that never writes: a read of it waits for ever
timeout 30 "$LITLAB" check --fresh "$work/03-stdin.md" <"$work/fifo" >"$work/out" 2>&1
rc=$?
exec 3>&-
[ "$rc" -eq 0 ] || { cat "$work/out"; echo "FAIL: #include \"/dev/stdin\": exit $rc (124: litlab waited on its stdin)"; fail=1; }

# 4. A library rebuilt in a shown folder runs the block again.
mkdir -p "$work/lib" "$work/l4"
chmod 755 "$work/lib"
build_lib() {
	printf 'int helper(void) { return %s; }\n' "$1" >"$work/lib/h.c"
	(cd "$work/lib" && cc -c h.c && rm -f libhelper.a && ar rcs libhelper.a h.o) || fail=1
	chmod 644 "$work/lib/libhelper.a"
}
cat >"$work/l4/04-lib.md" <<MD
# A library

\`\`\`c id=uses-lib ldlibs="-L$work/lib -lhelper"
#include <stdio.h>
int helper(void);
int main(void) { printf("%d\\n", helper()); return 0; }
\`\`\`

\`\`\`output
1
\`\`\`
MD
build_lib 1
LITLAB_SANDBOX_PATHS=$work/lib "$LITLAB" check "$work/l4/04-lib.md" >"$work/out" 2>&1 || { cat "$work/out"; echo "FAIL: the library block"; fail=1; }
build_lib 2
LITLAB_SANDBOX_PATHS=$work/lib "$LITLAB" check "$work/l4/04-lib.md" >"$work/out" 2>&1
rc=$?
[ "$rc" -eq 1 ] || { cat "$work/out"; echo "FAIL: a rebuilt library was not noticed (exit $rc)"; fail=1; }
grep -q "output-mismatch" "$work/out" || { cat "$work/out"; echo "FAIL: no output-mismatch after the library changed"; fail=1; }

# 5. A header next to the course, included by a relative path: lesson code sees nothing of the
#    course's folders, so it is not found (once it was read, and left out of the cache key).
mkdir -p "$work/l5/lessons"
echo '#define VALUE 1' >"$work/l5/shared-value.h"
cat >"$work/l5/lessons/05-rel.md" <<'MD'
# A relative header

```c id=rel-header
#include <stdio.h>
#include "../shared-value.h"
#include "../../shared-value.h"
int main(void) { printf("%d\n", VALUE); return 0; }
```
MD
(cd "$work/l5" && "$LITLAB" check --fresh lessons/05-rel.md >"$work/out" 2>&1)
rc=$?
[ "$rc" -eq 1 ] && grep -q "shared-value.h: No such file" "$work/out" ||
	{ cat "$work/out"; echo "FAIL: a header outside the lesson was found (exit $rc)"; fail=1; }

# 6. Lessons and rules a repository carries as links, FIFOs or devices: a lesson linked to a
#    root-only file was published on the site; one linked to /dev/zero ran litlab out of memory,
#    a FIFO hung it.
mkdir -p "$work/l6/lessons/rules" "$work/secret"
chmod 700 "$work/secret"
echo "root-only secret 42" >"$work/secret/s"
chmod 600 "$work/secret/s"
printf '# One\n' >"$work/l6/lessons/01-one.md"
ln -s "$work/secret/s" "$work/l6/lessons/02-notes.md"
(cd "$work/l6" && "$LITLAB" build -o site >"$work/out" 2>&1)
rc=$?
[ "$rc" -eq 2 ] && grep -q "02-notes.md' is a symbolic link" "$work/out" ||
	{ cat "$work/out"; echo "FAIL: a lesson that is a link was read (exit $rc)"; fail=1; }
grep -rq "secret 42" "$work/l6" "$work/out" && { echo "FAIL: the secret reached the site or the output"; fail=1; }
rm "$work/l6/lessons/02-notes.md"
mkfifo "$work/l6/lessons/03-fifo.md"
(cd "$work/l6" && timeout 30 "$LITLAB" check >"$work/out" 2>&1)
rc=$?
[ "$rc" -eq 2 ] && grep -q "03-fifo.md' is not a regular file" "$work/out" ||
	{ cat "$work/out"; echo "FAIL: a lesson that is a FIFO (exit $rc; 124: it hung)"; fail=1; }
rm "$work/l6/lessons/03-fifo.md"
ln -s /dev/zero "$work/l6/zero.md"
(cd "$work/l6" && timeout 30 "$LITLAB" check zero.md >"$work/out" 2>&1)
rc=$?
[ "$rc" -eq 2 ] && grep -q "not a regular file" "$work/out" ||
	{ cat "$work/out"; echo "FAIL: a lesson named as a link to /dev/zero (exit $rc)"; fail=1; }
ln -s "$work/secret/s" "$work/l6/lessons/rules/steal.lua"
(cd "$work/l6" && "$LITLAB" check lessons/01-one.md >"$work/out" 2>&1)
rc=$?
[ "$rc" -eq 2 ] && grep -q "rule file .*steal.lua.*symbolic link" "$work/out" ||
	{ cat "$work/out"; echo "FAIL: a rule file that is a link was read (exit $rc)"; fail=1; }
cd "$top"
exit $fail
