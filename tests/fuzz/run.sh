#!/bin/sh
# tests/fuzz/run.sh: runs one libFuzzer target for a while (make fuzz, make fuzz-smoke).
# Usage: sh tests/fuzz/run.sh NAME SECONDS
# Fuzzes build/fuzz/fuzz_NAME on build/fuzz/corpus-NAME, a working copy of the seeds in
# tests/fuzz/corpus/NAME/ that keeps what earlier runs found. A crash, leak, UB report or
# timeout is saved as build/fuzz/NAME-crash-*, -leak-* or -timeout-*; the log is
# build/fuzz/NAME.log. FUZZ_FLAGS adds libFuzzer options (e.g. -len_control=0 to try long inputs
# at once). Prints one line; exits 1 if the target failed.
name=$1
seconds=$2
bin=build/fuzz/fuzz_$name
work=build/fuzz/corpus-$name
log=build/fuzz/$name.log
mkdir -p "$work"
cp tests/fuzz/corpus/"$name"/* "$work"/
dict=
[ -e tests/fuzz/"$name".dict ] && dict=-dict=tests/fuzz/$name.dict
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
"$bin" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
	-print_final_stats=1 -artifact_prefix=build/fuzz/"$name"- $dict $FUZZ_FLAGS "$work" >"$log" 2>&1
rc=$?
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
# CPU seconds of the fuzzer (children's user + system time): the limit above is wall time.
# (times, not in a pipe: a subshell has no children's times of its own.)
times >build/fuzz/"$name".times
cpu=$(tail -n 1 build/fuzz/"$name".times | sed 's/m/ /g; s/s//g' | awk '{ printf "%.0f", $1 * 60 + $2 + $3 * 60 + $4 }')
if [ "$rc" -eq 0 ]; then
	echo "fuzz: $name: ${seconds} s (${cpu} s CPU), ${runs:-?} runs, $(ls "$work" | wc -l) inputs in $work, no failure"
	exit 0
fi
grep -E '^(==[0-9]+==ERROR|SUMMARY|.*runtime error|.*fuzz check failed|artifact_prefix|Test unit written)' "$log" | head -n 8
echo "fuzz: $name: FAILED (exit $rc): see $log"
exit 1
