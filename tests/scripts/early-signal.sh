#!/bin/sh
# A signal sent right after litlab starts is not lost: litlab no longer waits at start for the
# thread that takes SIGINT, SIGTERM and SIGHUP (sandbox_catch_signals()); a signal sent before
# that thread waits stays pending, blocked in every thread, until it takes it. Each run checks a
# lesson whose block never ends and is sent SIGTERM as soon as litlab has replaced the shell (its
# command line is litlab's), then after a few milliseconds more (the outcome is the same
# whatever the moment), anywhere from before main() to the block's start: it must end by the
# signal (143), never run on to the block's 10 s time limit, which a lost signal would.
set -u
LITLAB=${LITLAB:-build/litlab}
case $LITLAB in /*) ;; *) LITLAB=$(pwd)/$LITLAB ;; esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
cat >"$work/01-loop.md" <<'MD'
# Loop

```c
int main(void) { for (;;) {} }
```
MD
i=0
for wait in 0 0 0 0 0.001 0.002 0.003 0.005 0.01 0.02; do
	LITLAB_CACHE_DIR="$work/cache" "$LITLAB" check "$work/01-loop.md" >"$work/out" 2>&1 &
	pid=$!
	while ! tr '\0' ' ' </proc/$pid/cmdline 2>/dev/null | grep -q ' check '; do
		kill -0 $pid 2>/dev/null || break
	done
	[ "$wait" = 0 ] || sleep "$wait"
	kill -TERM $pid
	wait $pid
	rc=$?
	if [ $rc -ne 143 ]; then
		echo "FAIL: run $i: exit $rc, not 143"
		cat "$work/out"
		fail=1
		break
	fi
	i=$((i + 1))
done
[ $fail -eq 0 ] && echo "early-signal: ok"
exit $fail
