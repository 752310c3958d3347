#!/bin/sh
# litlab reads a rule child as untrusted: what a course's file writes once it is past Lua's walls
# cannot make another file look as if it ran, forge a record of another file, flood litlab with
# errors, give more rules than a file may, or leave so that another file is blamed. A shim
# preloaded into litlab (LD_PRELOAD) stands for such code: it runs inside the confined child and
# writes on its pipe what the rule pass never would. Files 0-2 are litlab's own, 3 the course's
# (course/rules/a.lua), 4 a reviewer's (--rules trusted/), which a course's folder comes before.
set -u
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
mkdir -p "$work/course/rules" "$work/trusted"
printf '# Forged\n\nA sentence.\n' >"$work/course/01-a.md"
cat >"$work/course/rules/a.lua" <<'LUA'
return { id = "course-rule", severity = "note", lesson = function(lesson, report) end }
LUA
cat >"$work/trusted/strict.lua" <<'LUA'
return { id = "org-policy", severity = "warning", lesson = function(lesson, report) report({ line = 1, col = 1 }, "policy ran") end }
LUA
cat >"$work/forge.c" <<'C'
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static int mode;

__attribute__((constructor)) static void init(void)
{
	const char *m = getenv("FORGE");
	mode = m ? atoi(m) : 0;
}

static void say(const char *s)
{
	syscall(SYS_write, 3, s, strlen(s));
}

/* litlab's records go out through write() on descriptor 3, the rule child's pipe: the course
   file's handler about to run ("H 3 ...") in the pass, its first rule ("R 3\t...") in the loader */
ssize_t write(int fd, const void *buf, size_t n)
{
	int pass = fd == 3 && n >= 4 && !memcmp(buf, "H 3 ", 4), load = fd == 3 && n >= 4 && !memcmp(buf, "R 3\t", 4);

	if (mode == 1 && pass) { /* the reviewer's file "ran" clean, and the child leaves */
		say("E 3\nS 4\nE 4\n");
		_exit(0);
	}
	if (mode == 2 && pass) /* a ledger record under litlab's own timing rule (file 2) */
		say("L 2 3 11 timing-needs-metadata\t3x faster\tas specified\tforged by the course\n");
	if (mode == 3 && pass) /* one error, a hundred thousand times */
		for (int i = 0; i < 100000; i++)
			say("X 3 1\tboom\n");
	if (mode == 5 && pass) /* a record no child of litlab's writes (it would fill the memo, kept for ever) */
		say("D 3 x\tjunk that is no report\n");
	if (mode == 6 && pass) { /* the course's file ends itself and leaves as if all were done */
		say("E 3\n");
		_exit(0);
	}
	if (mode == 4 && load) { /* more rules than a file may return */
		char rec[64];
		for (int i = 0; i < 300; i++) {
			snprintf(rec, sizeof rec, "R 3\tforged-%d\terror\t\t\n", i);
			say(rec);
		}
	}
	return syscall(SYS_write, fd, buf, n);
}
C
cc -shared -fPIC -o "$work/forge.so" "$work/forge.c" || { echo "FAIL: cannot build the shim"; exit 1; }
run() {
	rm -rf "$work/cache" # each run its own rule pass, not the memo of the one before
	LITLAB_CACHE_DIR="$work/cache" FORGE=$1 LD_PRELOAD="$work/forge.so" ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0" \
		timeout 600 "$LITLAB" "$2" --rules "$work/trusted" "$work/course/01-a.md" >"$work/out" 2>&1
	echo "exit $?" >>"$work/out"
}

# 0. without the shim's forging, the reviewer's rule runs
run 0 check
grep -q "01-a.md:1:1: warning: policy ran \[org-policy\]" "$work/out" || { cat "$work/out"; echo "FAIL: the reviewer's rule did not run"; fail=1; }

# 1. the course's file says the reviewer's file ran, and leaves: the reviewer's file runs all the same
run 1 check
grep -q "01-a.md:1:1: warning: policy ran \[org-policy\]" "$work/out" ||
	{ cat "$work/out"; echo "FAIL: a course's file kept the reviewer's rule from running"; fail=1; }
grep -q "a.lua:1:1: error: rule failed on '[^']*': it wrote records no rule file can make" "$work/out" ||
	{ cat "$work/out"; echo "FAIL: the forged records were not an error of the course's file"; fail=1; }
grep -q "^exit 1$" "$work/out" || { cat "$work/out"; echo "FAIL: check did not fail"; fail=1; }

# 2. a ledger record forged under litlab's own rule is not listed, and is an error
run 2 audit
grep -q "forged by the course" "$work/out" && { cat "$work/out"; echo "FAIL: a forged ledger record was listed"; fail=1; }
run 2 check
grep -q "a.lua:1:1: error: rule failed on '[^']*': it wrote records no rule file can make" "$work/out" ||
	{ cat "$work/out"; echo "FAIL: the forged ledger record was not an error"; fail=1; }

# 3. a file fails once, however many times its child says so
run 3 check
n=$(grep -c "boom" "$work/out")
[ "$n" -eq 1 ] || { head -5 "$work/out"; echo "FAIL: $n errors kept of a file that failed 100000 times, not 1"; fail=1; }

# 4. a loader that gives more rules than a file may return: the file is broken, and says why
run 4 check
grep -q "a.lua:1:1: error: rule file failed to load: its loader wrote records no rule file can make" "$work/out" ||
	{ cat "$work/out"; echo "FAIL: 300 rules from one file were taken"; fail=1; }
grep -q "policy ran \[org-policy\]" "$work/out" || { cat "$work/out"; echo "FAIL: the reviewer's rule did not run after it"; fail=1; }

# 5. a malformed record stops the child: it is not kept, nor remembered in a memo
run 5 check
grep -q "a.lua:1:1: error: rule failed on '[^']*': it wrote records no rule file can make" "$work/out" ||
	{ cat "$work/out"; echo "FAIL: a malformed record was taken in silence"; fail=1; }
ls "$work/cache/memo/"rules-* >/dev/null 2>&1 && { echo "FAIL: a pass with a malformed record was remembered"; fail=1; }

# 6. a course's file that ends itself and leaves: the reviewer's file runs, and is not blamed
run 6 check
grep -q "policy ran \[org-policy\]" "$work/out" || { cat "$work/out"; echo "FAIL: the reviewer's rule did not run after a course's file left"; fail=1; }
grep -q "strict.lua.*rule-error" "$work/out" && { cat "$work/out"; echo "FAIL: the reviewer's file was blamed for the course's"; fail=1; }
exit $fail
