#!/usr/bin/env python3
"""litlab build from warm evidence against the cmark command on the same lessons (issue 16).

Usage: build_vs_cmark.py LITLAB SITE-DIR LESSON.md...

Each side is one whole process, started the same way (no shell): `cmark --unsafe LESSONS...`
(cmark reads the files one after another and writes one document) and `LITLAB build -o SITE
LESSONS...`. One build first fills the evidence cache and the site; then 30 pairs, the two
sides alternating so that they share the machine's noise. Printed: each side's median and the
ratio of the medians (target at most 3x), and the median of the 30 per-pair ratios; then the
same for CPU time (user + system, from the children's rusage), which a busy machine disturbs
less than the wall clock (on a machine whose cores other work holds, the wall clock mostly
measures the wait for a core).
"""
import resource
import statistics
import subprocess
import sys
import time

PAIRS = 30  # a pair is two whole processes, about 15 ms: 30 pairs hold the noise of a busy host better than 10


def cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run(argv):
    c, t = cpu(), time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return (time.perf_counter() - t) * 1000.0, (cpu() - c) * 1000.0


def main():
    litlab, site, lessons = sys.argv[1], sys.argv[2], sys.argv[3:]
    build = [litlab, "build", "-o", site] + lessons
    cmark = ["cmark", "--unsafe"] + lessons
    first = subprocess.run(build, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    if first.returncode != 0:
        sys.stderr.write(first.stderr.decode(errors="replace"))
        sys.exit("build_vs_cmark: the first build failed")
    cm, bl = [], []
    for _ in range(PAIRS):
        cm.append(run(cmark))
        bl.append(run(build))
    for i, what in ((0, "wall"), (1, "cpu")):
        c = [x[i] for x in cm]
        b = [x[i] for x in bl]
        mc, mb = statistics.median(c), statistics.median(b)
        ratios = [y / x for y, x in zip(b, c) if x > 0]
        print("%s: cmark: %.1f ms   litlab build (warm): %.1f ms   ratio: %.2fx (target <= 3x; median of %d "
              "pairs; median of the pairs' ratios %.2fx)"
              % (what, mc, mb, mb / mc if mc > 0 else float("inf"), PAIRS,
                 statistics.median(ratios) if ratios else 0))


main()
