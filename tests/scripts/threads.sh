#!/bin/sh
# The threads a check or build shares its work with (engine/base/twice.h, the block pool, the
# cache's writer) under ThreadSanitizer: cold and warm checks with -j 1 and -j 2, warm builds,
# a check whose cache folder is there but whose lessons run nothing. Any report fails.
# Run by `make test` with LITLAB_TSAN=build/tsan/litlab; without it, skipped.
set -u
top=$(pwd)
tsan=${LITLAB_TSAN:-}
if [ -z "$tsan" ]; then echo "threads: skipped (LITLAB_TSAN not set)"; exit 0; fi
case $tsan in /*) ;; *) tsan=$top/$tsan ;; esac
[ -x "$tsan" ] || { echo "FAIL: no ThreadSanitizer build at $tsan"; exit 1; }
nm "$tsan" 2>/dev/null | grep -q __tsan_init || { echo "FAIL: $tsan is not built with ThreadSanitizer"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
LITLAB_CACHE_DIR=$work/cache
export LITLAB_CACHE_DIR
export TSAN_OPTIONS="halt_on_error=0 report_signal_unsafe=0 exitcode=0"

run() { # $1: what; the rest: litlab's arguments
	what=$1
	shift
	"$tsan" "$@" >"$work/out" 2>"$work/err"
	if grep -q 'ThreadSanitizer' "$work/err"; then
		sed -n '1,60p' "$work/err"
		echo "FAIL: ThreadSanitizer reports on $what"
		fail=1
	fi
}

run "a cold check, -j 2" check -j 2 lessons/16-several-files.md lessons/15-profiling-and-resource-evidence.md
run "a cold check, -j 1" check -j 1 --fresh lessons/16-several-files.md
run "a warm check" check lessons/
run "a warm check, -j 1" check -j 1 lessons/
run "a build" build -o "$work/site" lessons/
run "a warm build" build -o "$work/site" lessons/
grep -q 'already up to date' "$work/err" || { cat "$work/err"; echo "FAIL: the second build was not warm"; fail=1; }
mkdir -p "$work/prose"
printf -- '---\ntitle: Prose\n---\n# Prose\n\nNothing runs here.\n' >"$work/prose/01-prose.md"
run "a check where nothing runs" check "$work/prose/01-prose.md"
# lessons whose rule passes report, cold then remembered, on two threads: the run's count of the
# bytes kept (rules.c's keep_record()) was a data race once
mkdir -p "$work/notes/rules"
printf '%s\n' 'return { id = "many-notes", severity = "note", lesson = function(lesson, report)' \
	'  for i = 1, 50 do report({ line = 1, col = 1 }, "note " .. i) end end }' >"$work/notes/rules/notes.lua"
for i in 01 02 03 04 05 06 07 08 09 10 11 12; do
	printf '# Notes %s\n\nSome text.\n\n```c\n#include <stdio.h>\nint main(void) { puts("hi"); return 0; }\n```\n\n```output\nhi\n```\n' \
		"$i" >"$work/notes/$i-notes.md"
done
run "a cold check of reporting rules, -j 2" check -j 2 "$work/notes"
run "a warm check of reporting rules, -j 2" check -j 2 "$work/notes"
grep -q "note 50 \[many-notes\]" "$work/err" || { sed -n '1,20p' "$work/err"; echo "FAIL: the rule's notes were not reported"; fail=1; }

[ "$fail" -eq 0 ] && echo "threads: ok"
exit "$fail"
