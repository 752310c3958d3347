#!/bin/sh
# Findings of the second attacker's review that a whole run shows, in every tier this machine
# gives (A, B and C as root; B as a user, whose spawner has the programs' uid):
#   1. A program acts on another process named by its pid: its limits (prlimit64 lowered the
#      spawner's, and every later launch of the slot inherited them), its priority, its CPUs, its
#      scheduling, its I/O priority. Only its own (pid 0) may change.
#      Nor may it write another process's memory through /proc/PID/mem (a session's shell, to
#      forge its transcript): /proc is read-only in tiers A and B, Landlock's in C and D.
#   2. Memory that is no process's address space: in tiers B to D, where RLIMIT_AS is the only
#      bound, memfd_create and System V shared memory and message queues are refused.
#   3. check --sanitize keeps tier A's memory cgroup: a sanitized program that touches more than
#      the memory limit is stopped with resource-limit.
#   4. Tier C: two runs at once never share a range of uids (the end of a launch kills every
#      process of its uid, so a shared one would kill the other run's programs). A run holds its
#      range's lock; before, the range came from its pid alone, and collided where pid_max is
#      above the number of ranges.
#   5. A "cc" in the course's folder, with "." (or an empty entry) in PATH: litlab never runs it
#      (it once asked it for its --version, outside the sandbox, while building with /usr/bin's).
#   6. Tier C with a TMPDIR the slots' uids cannot cross (a mktemp -d folder, mode 0700): the
#      block could not be built, and the message names TMPDIR (it was a compiler killed by SIGABRT).
#   7. Tier C: a process left under a uid of a range no run holds (its run was killed outright) is
#      killed by the next run, whichever range that run takes.
# Each attempt prints ESCAPED when it works; the block must pass with "contained".
set -u
LITLAB=${LITLAB:-build/litlab}
case $LITLAB in /*) ;; *) LITLAB=$(pwd)/$LITLAB ;; esac
work=$(mktemp -d)
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT
fail=0
marker=litlab-review2-$$-$(date +%s)
# The litlab binary must be one a user can run (an ASan build under /root is not).
cp "$LITLAB" "$work/litlab"
mkdir -p "$work/lessons"
cat >"$work/lessons/01-others.md" <<'MD'
# Other processes

```c id=others
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/msg.h>
#include <sys/resource.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
static int escaped;
static void tried(const char *what, int worked) { if (worked) { printf("ESCAPED: %s\n", what); escaped = 1; } }
int main(void)
{
    /* Its parent (the spawner, or litlab's helper), PID 1 of its namespace, the next pids. */
    pid_t who[] = { getppid(), 1, getpid() + 1, getpid() - 1 };
    struct rlimit none = { 0, 0 };
    for (int i = 0; i < 4; i++) {
        if (who[i] <= 0 || who[i] == getpid()) continue;
        tried("prlimit another process", prlimit(who[i], RLIMIT_FSIZE, &none, NULL) == 0);
        tried("prlimit another process's CPU", prlimit(who[i], RLIMIT_CPU, &none, NULL) == 0);
        tried("renice another process", setpriority(PRIO_PROCESS, (id_t)who[i], 19) == 0);
        cpu_set_t one;
        CPU_ZERO(&one);
        CPU_SET(0, &one);
        tried("pin another process", sched_setaffinity(who[i], sizeof one, &one) == 0);
        struct sched_param sp = { 0 };
        tried("reschedule another process", sched_setscheduler(who[i], SCHED_IDLE, &sp) == 0);
    }
    /* A child writes this process's memory, as a program run by a session's shell would the
       shell's: same uid, dumpable. */
    char mem[64];
    snprintf(mem, sizeof mem, "/proc/%d/mem", (int)getpid());
    pid_t kid = fork();
    if (kid == 0)
        _exit(open(mem, O_RDWR) >= 0 ? 1 : 0);
    int st = 0;
    waitpid(kid, &st, 0);
    tried("write another process's memory (/proc/PID/mem)", WIFEXITED(st) && WEXITSTATUS(st) == 1);
    tried("renice every process of the uid", setpriority(PRIO_USER, 0, 19) == 0);
    tried("renice the process group", setpriority(PRIO_PGRP, 0, 19) == 0);
    tried("I/O priority of the uid", syscall(SYS_ioprio_set, 3 /* IOPRIO_WHO_USER */, 0, (2 << 13) | 7) == 0);
    struct rlimit own;
    getrlimit(RLIMIT_CORE, &own);
    tried("(its own limits cannot be set)", setrlimit(RLIMIT_CORE, &own) != 0);
    /* One step lower than it runs at: any process may (litlab may run under nice already). */
    errno = 0;
    int now = getpriority(PRIO_PROCESS, 0);
    tried("(it cannot renice itself)", errno != 0 || setpriority(PRIO_PROCESS, 0, now < 19 ? now + 1 : 19) != 0);
    /* Tier A counts these in its memory cgroup; the others refuse them. */
    const char *tier = getenv("TIER");
    if (tier && *tier != 'A') {
        tried("memfd_create", syscall(SYS_memfd_create, "x", 0) >= 0);
        int sv[2];
        tried("a socket pair (buffers no limit counts)", socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0);
        tried("System V shared memory", shmget(IPC_PRIVATE, 1 << 20, IPC_CREAT | 0600) >= 0);
        tried("a System V message queue", msgget(IPC_PRIVATE, IPC_CREAT | 0600) >= 0);
    }
    if (!escaped) puts("contained");
    return 0;
}
```

```output
contained
```
MD
cat >"$work/lessons/02-sanitized.md" <<'MD'
# A sanitized program that holds 3 GiB

```c id=hog timeout=300
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void)
{
    for (int i = 0; i < 48; i++) { /* 3 GiB, touched */
        char *p = malloc(64 << 20);
        if (!p) { puts("refused"); return 0; }
        memset(p, 1, 64 << 20);
    }
    puts("held 3 GiB");
    return 0;
}
```

```output
refused
```
MD

# run NAME TIER AS-USER LESSON [OPTION...]: checks LESSON in TIER, as root or as uid 65534.
run() {
	name=$1 tier=$2 user=$3 lesson=$4
	shift 4
	mkdir -p "$work/$name/tmp"
	prefix=""
	if [ "$user" = user ]; then
		command -v setpriv >/dev/null || { echo "$name: skipped (no setpriv)"; return 0; }
		chown -R 65534:65534 "$work/$name" "$work/lessons"
		prefix="setpriv --reuid=65534 --regid=65534 --clear-groups"
	fi
	(cd "$work" && $prefix env TMPDIR="$work/$name/tmp" LITLAB_CACHE_DIR="$work/$name/cache" \
		LITLAB_ISOLATION="$tier" ./litlab check --fresh "$@" --format json "lessons/$lesson" \
		>"$work/$name/out.json" 2>"$work/$name/err")
	echo "$?" >"$work/$name/rc"
}

# A program's environment is fixed by litlab: each tier gets its own copy of the lesson, with
# the tier written into the source.
check_tier() {
	name=$1 tier=$2 user=$3
	sed "s/getenv(\"TIER\")/\"$tier\"/" "$work/lessons/01-others.md" >"$work/lessons/01-$name.md"
	run "$name" "$tier" "$user" "01-$name.md"
	python3 - "$work/$name" "$tier" <<'PY' || fail=1
import json, sys
d, tier = sys.argv[1], sys.argv[2]
rc = open(d + "/rc").read().strip()
try:
    b = json.load(open(d + "/out.json"))["lessons"][0]["blocks"][0]
except Exception as e:
    print(f"{d}: FAIL: no JSON ({e}); exit {rc}; stderr: {open(d + '/err').read()[:400]}")
    sys.exit(1)
iso = b["evidence"]["isolation"]
print(f"{d.rsplit('/', 1)[1]}: {iso}: {b['status']}: {b['evidence']['stdout'].strip()}")
if not iso.startswith(tier + ":"):
    print(f"  skipped: this machine gives {iso[:1]}, not {tier}")
    sys.exit(0)
if b["status"] != "passed" or rc != "0":
    print(f"  FAIL: status {b['status']}, exit {rc}")
    sys.exit(1)
PY
}
check_tier a A root
check_tier b B root
check_tier c C root
if [ "$(id -u)" -eq 0 ]; then
	check_tier bu B user
fi

# 3. --sanitize in tier A: the cgroup stops it (resource-limit), it is not let hold 3 GiB. The block
#    has a long time limit: under ASan, on a busy machine, touching 2 GiB can take longer than the
#    default 10 s, and the memory limit, not the clock, is what is tested.
run san A root 02-sanitized.md --sanitize
python3 - "$work/san" <<'PY' || fail=1
import json, sys
d = sys.argv[1]
les = json.load(open(d + "/out.json"))["lessons"][0]
b = les["blocks"][0]
iso = b["evidence"]["isolation"]
if not iso.startswith("A:"):
    print(f"sanitize: skipped: this machine gives {iso[:1]}, not A")
    sys.exit(0)
rules = sorted(x["rule"] for x in les["diagnostics"])
print(f"sanitize: {b['status']}: {rules}: {b['evidence']['stdout'].strip()}")
if "resource-limit" not in rules or "held 3 GiB" in b["evidence"]["stdout"]:
    print("  FAIL: a sanitized program held more than the memory limit")
    sys.exit(1)
PY
# 4. Two tier C runs at once: the first holds its program until the second's has printed.
mkdir -p "$work/gate"
chmod 755 "$work/gate"
cat >"$work/lessons/03-hold.md" <<MD
# Hold

\`\`\`c id=hold timeout=120 args="$marker"
#include <stdio.h>
#include <unistd.h>
int main(void)
{
    printf("%u\\n", (unsigned)getuid());
    fflush(stdout);
    while (access("$work/gate/open", F_OK) != 0)
        usleep(10000);
    return 0;
}
\`\`\`
MD
cat >"$work/lessons/04-uid.md" <<'MD'
# Uid

```c id=uid
#include <stdio.h>
#include <unistd.h>
int main(void) { printf("%u\n", (unsigned)getuid()); return 0; }
```
MD
mkdir -p "$work/c1/tmp" "$work/c2/tmp"
(cd "$work" && TMPDIR="$work/c1/tmp" LITLAB_CACHE_DIR="$work/c1/cache" LITLAB_SANDBOX_PATHS="$work/gate" \
	LITLAB_ISOLATION=C timeout 300 ./litlab check --fresh --format json lessons/03-hold.md >"$work/c1/out.json" 2>"$work/c1/err") &
first=$!
# The second starts once the first's program runs (its marker is in a process's argv).
while ! grep -qsa -- "$marker" /proc/[0-9]*/cmdline 2>/dev/null; do
	kill -0 $first 2>/dev/null || break
	sleep 0.05
done
(cd "$work" && TMPDIR="$work/c2/tmp" LITLAB_CACHE_DIR="$work/c2/cache" \
	LITLAB_ISOLATION=C timeout 300 ./litlab check --fresh --format json lessons/04-uid.md >"$work/c2/out.json" 2>"$work/c2/err")
touch "$work/gate/open"
wait $first
python3 - "$work/c1/out.json" "$work/c2/out.json" <<'PY' || fail=1
import json, sys
b = [json.load(open(p))["lessons"][0]["blocks"][0] for p in sys.argv[1:3]]
iso = b[0]["evidence"]["isolation"]
if not iso.startswith("C:"):
    print(f"two runs: skipped: this machine gives {iso[:1]}, not C")
    sys.exit(0)
uids = [int(x["evidence"]["stdout"].split()[0]) for x in b]
ranges = [(u - 2140000000) // 64 for u in uids]
print(f"two tier C runs at once: uids {uids}, ranges {ranges}")
if ranges[0] == ranges[1]:
    print("  FAIL: two runs share a range of uids")
    sys.exit(1)
PY
# 5. PATH with "." first, and a cc of the repository's in the current folder.
mkdir -p "$work/repo/lessons"
cp "$work/lessons/04-uid.md" "$work/repo/lessons/"
printf '#!/bin/sh\ntouch "%s/ran"\nexec /usr/bin/cc "$@"\n' "$work/repo" >"$work/repo/cc"
chmod +x "$work/repo/cc"
(cd "$work/repo" && PATH=".:$PATH" LITLAB_CACHE_DIR="$work/repo/cache" "$work/litlab" check lessons >/dev/null 2>&1)
[ ! -e "$work/repo/ran" ] || { echo "FAIL: litlab ran the repository's cc found through PATH's '.'"; fail=1; }
(cd "$work/repo" && PATH=":$PATH" LITLAB_CACHE_DIR="$work/repo/cache2" "$work/litlab" check lessons >/dev/null 2>&1)
[ ! -e "$work/repo/ran" ] || { echo "FAIL: litlab ran the repository's cc found through PATH's empty entry"; fail=1; }
# 6. Tier C, TMPDIR closed to other users.
mkdir -p "$work/closed/tmp"
chmod 700 "$work/closed"
(cd "$work" && TMPDIR="$work/closed/tmp" LITLAB_CACHE_DIR="$work/closed/cache" LITLAB_ISOLATION=C \
	./litlab check --fresh lessons/04-uid.md >/dev/null 2>"$work/closed.err")
if ! grep -q "could not be built: the sandbox's users cannot reach the temporary folder.*set TMPDIR" "$work/closed.err"; then
	if LITLAB_ISOLATION=C "$work/litlab" check --format json "$work/lessons/04-uid.md" 2>/dev/null | grep -q '"isolation": "C:'; then
		echo "FAIL: a TMPDIR the sandbox's users cannot cross is not named"
		cat "$work/closed.err"
		fail=1
	fi
fi
# 7. A leftover under range 4000's sixth uid (a range whose lock file exists, held by no one).
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null && [ -d /run/litlab ]; then
	touch /run/litlab/uids-4000
	setpriv --reuid=$((2140000000 + 4000 * 64 + 5)) --regid=$((2140000000 + 4000 * 64)) --clear-groups \
		sleep 300 &
	left=$!
	# The leftover is one only once setpriv has taken the range's uid: wait for that (a busy machine
	# may run the check before it did, and nothing of the range would be there to kill).
	want=$((2140000000 + 4000 * 64 + 5))
	i=0
	while ! grep -qs "^Uid:[[:space:]]*$want[[:space:]]" "/proc/$left/status" && [ $i -lt 600 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	(cd "$work" && TMPDIR="$work/c1/tmp" LITLAB_CACHE_DIR="$work/c1/cache" LITLAB_ISOLATION=C \
		./litlab check --fresh --format json lessons/04-uid.md >"$work/left.json" 2>/dev/null)
	# Killed means gone or a zombie (this shell has not reaped it); SIGKILL may take a moment to land.
	gone() { ! grep -qs '^State:[[:space:]]*[^Z]' "/proc/$left/status"; }
	i=0
	while ! gone && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
	if grep -q '"isolation": "C:' "$work/left.json" && ! gone; then
		echo "FAIL: a process of a range no run holds outlived the next tier C run"
		fail=1
	fi
	kill -9 "$left" 2>/dev/null
	wait "$left" 2>/dev/null
	rm -f /run/litlab/uids-4000
fi
exit $fail
