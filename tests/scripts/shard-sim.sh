#!/bin/sh
# The sharding simulation at test size (make bench runs it with 5,000 blocks): 200 blocks in 10
# lessons checked as 4 shards by 4 processes with their own caches and secrets, exported, imported
# on a fifth, built: the build runs nothing, and its site holds the same pages, blocks, statuses and
# outputs as the site of one unsharded run, what each run measures (times, memory, dates) masked.
# tests/bench/shard_sim.py says how; it exits 1 when an assertion fails. Its timings are printed,
# never asserted.
set -u
LITLAB=${LITLAB:-build/litlab}
case $LITLAB in /*) ;; *) LITLAB=$(pwd)/$LITLAB ;; esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 tests/bench/shard_sim.py "$LITLAB" "$work" 10 200 4
