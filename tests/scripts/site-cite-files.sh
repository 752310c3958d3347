#!/bin/sh
# A cited value's source that is a file of the lessons' folder ({{cite:ours|4 GB/s}} with
# "[ours]: results/bench.txt") is shown as a link, so the site holds the file, copied as a linked
# one is; a cited file that is missing is a [site-file] warning at the reference, as a missing
# linked file is (a new author's review, round 22: the site's link was broken, silently).
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0
export NO_COLOR=1
mkdir -p lessons/results
cat >lessons/01-cites.md <<'LESSON'
# Cites

The loop reaches {{cite:ours|4 GB/s}} and {{cite:gone|9 GB/s}}, and {{cite:web|3 cycles}} elsewhere.

[ours]: results/bench.txt "our run, 2026"
[gone]: results/missing.txt "our other run, 2026"
[web]: https://example.org/tables "a vendor, its tables, 2024"
LESSON
echo "bench: 4 GB/s" >lessons/results/bench.txt
build_lesson lessons
cmp -s lessons/results/bench.txt site/results/bench.txt || { cat err; echo "FAIL: the cited file is not in the site"; fail=1; }
grep -q 'href="results/bench.txt"' site/01-cites.html || { echo "FAIL: the page does not link the cited file"; fail=1; }
grep -q "^lessons/01-cites.md:3:[0-9]*: warning: 'results/missing.txt' (in 'lessons') does not exist: the site's link to it is broken \[site-file\]" err ||
	{ cat err; echo "FAIL: no warning at the reference for the missing cited file"; fail=1; }
[ "$(grep -c 'site-file' err)" -eq 1 ] || { cat err; echo "FAIL: a warning for the web source, or twice for one"; fail=1; }
exit $fail
