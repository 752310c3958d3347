#!/bin/sh
# Tier D as it is meant: litlab run by a user who is not root, with no namespaces. Lesson code
# has the user's uid there, so what keeps it from the user's things is Landlock, the seccomp
# filter and litlab's own care. Run as root, this script runs litlab as uid 65534 (setpriv);
# run by a user, as that user. A program tries, as an attacker would:
#   - litlab's and its helper's environment and memory through /proc (they are not dumpable);
#   - the user's files outside the work folder: read one, change another's mode, owner, times;
#   - a System V shared memory segment and message queue of the host's (ipcmk);
#   - a socket;
#   - a file shown to it (LITLAB_SANDBOX_PATHS), opened for reading, then its mode, owner, times
#     or attributes changed through the descriptor (a set-uid copy writable by all);
#   - the limits, priority, CPUs, scheduling or I/O priority of litlab, its helper or the user's
#     processes (prlimit64, setpriority, sched_*, ioprio_set), and memory outside any limit
#     (memfd_create).
# Each attempt prints ESCAPED when it works; the block must pass with "contained".
set -u
LITLAB=${LITLAB:-build/litlab}
case $LITLAB in /*) ;; *) LITLAB=$(pwd)/$LITLAB ;; esac
work=$(mktemp -d)
fail=0
as_user=""
if [ "$(id -u)" -eq 0 ]; then
	command -v setpriv >/dev/null || { echo "skipped: no setpriv to run litlab as a user"; rm -rf "$work"; exit 0; }
	as_user="setpriv --reuid=65534 --regid=65534 --clear-groups"
fi
ids=""
cleanup() {
	for id in $ids; do $as_user ipcrm "$id" 2>/dev/null; done
	rm -rf "$work"
}
trap cleanup EXIT
# The litlab binary must be one the user can run (an ASan build under /root is not).
cp "$LITLAB" "$work/litlab"
mkdir -p "$work/home" "$work/lessons" "$work/tmp" "$work/shown"
echo "a tool" >"$work/shown/tool"
chmod 755 "$work/shown/tool"
echo "private key" >"$work/home/id_rsa"
echo "notes" >"$work/home/notes"
chmod 600 "$work/home/id_rsa"
chmod 644 "$work/home/notes"
[ -n "$as_user" ] && chown -R 65534:65534 "$work"
chmod 755 "$work"
shm=$($as_user ipcmk -M 4096 2>/dev/null | sed -n 's/.*id: *//p')
msq=$($as_user ipcmk -Q 2>/dev/null | sed -n 's/.*id: *//p')
[ -n "$shm" ] && ids="$ids -m $shm"
[ -n "$msq" ] && ids="$ids -q $msq"
cat >"$work/lessons/01-tier-d.md" <<MD
# Tier D

\`\`\`c id=tries args="$work/home ${shm:--1} ${msq:--1} $work/shown/tool"
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/xattr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/msg.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>
static int escaped;
static void tried(const char *what, int worked) { if (worked) { printf("ESCAPED: %s\\n", what); escaped = 1; } }
static pid_t parent_of(pid_t pid)
{
    char path[64], text[512];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    FILE *f = fopen(path, "r");
    if (!f || !fgets(text, sizeof text, f)) { if (f) fclose(f); return 0; }
    fclose(f);
    char *p = strrchr(text, ')');
    return p ? (pid_t)atoi(p + 4) : 0;
}
int main(int argc, char **argv)
{
    if (argc < 5) return 2;
    char path[4096];
    pid_t spawner = getppid(), litlab = parent_of(spawner);
    pid_t who[] = { spawner, litlab };
    for (int i = 0; i < 2; i++) {
        if (who[i] <= 1) continue;
        snprintf(path, sizeof path, "/proc/%d/environ", (int)who[i]);
        int fd = open(path, O_RDONLY);
        char buf[16];
        tried("litlab's environment", fd >= 0 && read(fd, buf, sizeof buf) > 0);
        snprintf(path, sizeof path, "/proc/%d/mem", (int)who[i]);
        tried("litlab's memory", open(path, O_RDWR) >= 0);
    }
    snprintf(path, sizeof path, "%s/id_rsa", argv[1]);
    tried("read the user's key", open(path, O_RDONLY) >= 0);
    tried("chmod the user's key", chmod(path, 0666) == 0);
    snprintf(path, sizeof path, "%s/notes", argv[1]);
    tried("chmod the user's notes", chmod(path, 0777) == 0);
    tried("chmod through fchmodat", fchmodat(AT_FDCWD, path, 0777, 0) == 0);
    tried("chown the user's notes", chown(path, getuid(), getgid()) == 0);
    tried("touch the user's notes", utimes(path, NULL) == 0);
    tried("write the user's notes", open(path, O_WRONLY | O_APPEND) >= 0);
    int shm = atoi(argv[2]), msq = atoi(argv[3]);
    if (shm >= 0) tried("attach the host's shared memory", shmat(shm, NULL, 0) != (void *)-1);
    if (msq >= 0) {
        struct { long type; char text[8]; } m = { 1, "x" };
        tried("send to the host's message queue", msgsnd(msq, &m, 2, IPC_NOWAIT) == 0);
    }
    tried("a socket", socket(AF_UNIX, SOCK_STREAM, 0) >= 0);
    int tool = open(argv[4], O_RDONLY);
    tried("(the shown file is not readable)", tool < 0);
    tried("fchmod a shown file set-uid", fchmod(tool, 06777) == 0);
    tried("fchown a shown file", fchown(tool, getuid(), getgid()) == 0);
    tried("futimens a shown file", futimens(tool, NULL) == 0);
    tried("fsetxattr a shown file", fsetxattr(tool, "user.x", "1", 1, 0) == 0);
    struct rlimit none = { 0, 0 };
    for (int i = 0; i < 2; i++) {
        if (who[i] <= 1) continue;
        tried("prlimit another process", prlimit(who[i], RLIMIT_FSIZE, &none, NULL) == 0);
        tried("renice another process", setpriority(PRIO_PROCESS, (id_t)who[i], 19) == 0);
        cpu_set_t one;
        CPU_ZERO(&one);
        CPU_SET(0, &one);
        tried("pin another process", sched_setaffinity(who[i], sizeof one, &one) == 0);
        struct sched_param sp = { 0 };
        tried("reschedule another process", sched_setscheduler(who[i], SCHED_IDLE, &sp) == 0);
    }
    tried("renice every process of the user", setpriority(PRIO_USER, 0, 19) == 0);
    tried("I/O priority of the user", syscall(SYS_ioprio_set, 3 /* IOPRIO_WHO_USER */, 0, (2 << 13) | 7) == 0);
    tried("memory outside its limit (memfd)", syscall(SYS_memfd_create, "x", 0) >= 0);
    /* What it may do to itself, it does. */
    struct rlimit own;
    getrlimit(RLIMIT_CORE, &own);
    tried("(its own limits cannot be set)", setrlimit(RLIMIT_CORE, &own) != 0);
    /* One step lower than it runs at: any process may (litlab may run under nice already). */
    errno = 0;
    int now = getpriority(PRIO_PROCESS, 0);
    tried("(it cannot renice itself)", errno != 0 || setpriority(PRIO_PROCESS, 0, now < 19 ? now + 1 : 19) != 0);
    /* What it may do in its own folder, it does. */
    FILE *f = fopen("mine", "w");
    tried("(its own folder is not writable)", !f);
    if (f) fclose(f);
    if (!escaped) puts("contained");
    return 0;
}
\`\`\`

\`\`\`output
contained
\`\`\`
MD
[ -n "$as_user" ] && chown -R 65534:65534 "$work/lessons"
(cd "$work" && $as_user env HOME="$work/home" TMPDIR="$work/tmp" LITLAB_CACHE_DIR="$work/cache" \
	LITLAB_SANDBOX_PATHS="$work/shown" LITLAB_ISOLATION=D ./litlab check --fresh --format json lessons/01-tier-d.md >"$work/out.json" 2>"$work/err")
rc=$?
cat "$work/err"
python3 - "$work/out.json" <<'PY' || fail=1
import json, sys
b = json.load(open(sys.argv[1]))["lessons"][0]["blocks"][0]
iso = b["evidence"]["isolation"]
print("isolation:", iso)
print(b["evidence"]["stdout"], end="")
if not iso.startswith("D:"):
    print("FAIL: not tier D"); sys.exit(1)
if b["status"] != "passed":
    print("FAIL: the block did not pass:", b["status"]); sys.exit(1)
PY
[ "$rc" -eq 0 ] || { echo "FAIL: exit $rc"; fail=1; }
[ "$(stat -c %a "$work/home/id_rsa")" = 600 ] || { echo "FAIL: the key's mode changed"; fail=1; }
[ "$(stat -c %a "$work/home/notes")" = 644 ] || { echo "FAIL: the notes' mode changed"; fail=1; }
[ "$(stat -c %a "$work/shown/tool")" = 755 ] || { echo "FAIL: the shown file's mode changed"; fail=1; }
left=$(ls -A "$work/tmp")
[ -z "$left" ] || { echo "FAIL: left in the temporary root: $left"; fail=1; }
exit $fail
