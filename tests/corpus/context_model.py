#!/usr/bin/env python3
"""context_model.py DUMP [TEST] [--show THRESHOLD]: whether the words around an undecided figure
could decide it, learned from the labelled sets and measured on sets it did not learn from.

DUMP is the file measure.py appends to when LITLAB_CORPUS_DUMP names it (see unreported.py). The
figures are unreported.py's classes (a bare percentage, a bare factor, a fraction or multiple in
words, "N times", a bare number after a report), each one the rule left unreported: a gain where a
missed claim stands, a false error otherwise. Each is described by the words of its sentence (up
to six on each side, the nearest one and two on each side, its class, whether its line holds a
report, its file's density of reports) and a naive Bayes model is learned from every set whose name
does not match TEST (a regular expression, default '^hpc22': the twenty-second round's probes) and
measured on those that do. For each kind of text and each threshold on the model's log-odds it
prints the claims reporting the figures above it would catch and the false errors it would add, on
the sets it learned from and on the others. The twenty-third round's measure
(tests/corpus/README.md): in-sample the model separates well, out of sample it does not.

    rm -f /tmp/dump; LITLAB_CORPUS_DUMP=/tmp/dump make corpus
    python3 tests/corpus/context_model.py /tmp/dump '^hpc22'
"""
import collections
import math
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import unreported as U  # noqa: E402  (its classes and joiners)

THRESHOLDS = (10, 14, 18, 22, 26, 30)


def sentence_bounds(line, s, e):
    a = max(line.rfind(". ", 0, s), line.rfind("? ", 0, s), line.rfind("! ", 0, s), line.rfind("; ", 0, s))
    a = a + 2 if a >= 0 else 0
    ends = [i for i in (line.find(". ", e), line.find("? ", e), line.find("! ", e), line.find("; ", e)) if i >= 0]
    return a, (min(ends) + 1 if ends else len(line))


def features(cls, line, m, has_report, density):
    a, z = sentence_bounds(line, m.start(), m.end())
    left = re.findall(r"[a-z]+", line[a:m.start()].lower())[-6:]
    right = re.findall(r"[a-z]+", line[m.end():z].lower())[:6]
    f = {"C:" + cls, "REP:%d" % has_report, "D:%d" % density}
    f |= {"L:" + w for w in left} | {"R:" + w for w in right}
    if left:
        f.add("L1:" + left[-1])
    if right:
        f.add("R1:" + right[0])
    if len(left) > 1:
        f.add("L2:" + left[-2] + "_" + left[-1])
    if len(right) > 1:
        f.add("R2:" + right[0] + "_" + right[1])
    return f


def candidates(dump):
    """(set, kind, 1 if a missed claim else 0, features, where) for every unreported figure of a class."""
    return [(d["set"], kind, 1 if label and label["label"] == "claim" else 0,
             features(cls, line, m, 1 if reports else 0, col), f"{d['set']} {rel}:{n}: [{m.group(0)}]")
            for d, kind, rel, n, line, m, cls, label, col, reports in U.figures(dump)]


def main():
    args = [a for a in sys.argv[1:]]
    if not args or args[0] in ("-h", "--help"):
        sys.exit(__doc__)
    show = None
    if "--show" in args:
        i = args.index("--show")
        show = float(args[i + 1])
        del args[i:i + 2]
    test = re.compile(args[1] if len(args) > 1 else r"^hpc22")
    rows = candidates(args[0])
    train = [r for r in rows if not test.search(r[0])]
    held = [r for r in rows if test.search(r[0])]
    count = {0: collections.Counter(), 1: collections.Counter()}
    prior = {0: 0, 1: 0}
    for _, _, y, f, _ in train:
        prior[y] += 1
        count[y].update(f)
    vocab = set(count[0]) | set(count[1])

    def score(f):
        s = math.log((prior[1] + 1) / (prior[0] + 1))
        for w in f & vocab:
            s += math.log((count[1][w] + 0.5) / (prior[1] + 1)) - math.log((count[0][w] + 0.5) / (prior[0] + 1))
        return s

    print(f"learned from {len(train)} figures ({prior[1]} missed claims); held out {len(held)} "
          f"({sum(r[2] for r in held)} missed claims)")
    for which, data in (("learned", train), ("held out", held)):
        by = collections.defaultdict(list)
        for _, kind, y, f, _ in data:
            by[kind].append((score(f), y))
        for kind in sorted(by):
            cells = []
            for th in THRESHOLDS:
                gain = sum(1 for s, y in by[kind] if s > th and y)
                cost = sum(1 for s, y in by[kind] if s > th and not y)
                cells.append(f"{'>' + str(th)}: +{gain}/-{cost}")
            print(f"{which} {kind}: " + "  ".join(cells))
    if show is not None:
        for _, _, y, f, where in held:
            if score(f) > show:
                print(("  gain: " if y else "  false error: ") + where)
    return 0


if __name__ == "__main__":
    sys.exit(main())
