#!/bin/sh
# Tiers C and D: processes of a launch that keep forking a successor outlive the launch and litlab.
cd "$(dirname "$0")"
for t in ${TIERS:-C D}; do
  LITLAB_ISOLATION=$t timeout 120 ${LITLAB:-/work/wt-attack/build/litlab} check --fresh lessons/01-flee.md; echo "tier $t: litlab exit $?"
  sleep 3
  echo "tier $t: 3 s after litlab ended, processes of ./prog still running:"; ps -eo pid,ppid,uid,etime,comm | awk '$5=="prog"' | head -5
  echo "count: $(ps -eo comm | grep -c '^prog$')"
  sleep 40
  echo "after 40 s: $(ps -eo comm | grep -c '^prog$')"
done
