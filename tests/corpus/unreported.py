#!/usr/bin/env python3
"""unreported.py DUMP [--show KIND CLASS]: what the timing rule would gain and cost if it also
reported a class of figure it now leaves alone, by kind of text and by how dense with reports
each file already is.

DUMP is the file measure.py appends to when LITLAB_CORPUS_DUMP names it (one JSON line per set:
each file's reports at their source lines, and every label with whether a report hit it):

    rm -f /tmp/dump; LITLAB_CORPUS_DUMP=/tmp/dump make corpus; python3 tests/corpus/unreported.py /tmp/dump

The classes are forms the rule decides from the words around them, and leaves unreported when
no word decides: a bare percentage ('within 10%'), a bare factor ('2-3x'), a fraction or
multiple in words ('half', 'a third', 'doubled', 'twice'), 'N times'/'N-fold', and a bare
number after a report in its sentence on the same line ('~12 ns per lookup instead of ~34').
Each unreported occurrence outside fenced blocks is a gain when a claim that was missed stands
there, and a false error otherwise (a labelled non-claim, or nothing labelled: the labellers
marked every time-like figure, so an unlabelled one is not a performance claim). A file's
density is its reports per 1000 words: the question this answers is whether a document that
already states many measured figures can be trusted with the undecided ones (the twenty-second
round's measure, tests/corpus/README.md).
"""
import collections
import json
import re
import sys

CLASSES = {
    "percent": r"(?<![\w.%])(?:~|≈)?\d+(?:\.\d+)?(?:\s?[-–]\s?\d+(?:\.\d+)?)?\s?%",
    "factor": r"(?<![\w.])\d+(?:\.\d+)?(?:\s?[-–]\s?\d+(?:\.\d+)?)?\s?[x×](?!\w)",
    "fraction": r"\b(?:half|halves|halved|halving|a third|two thirds|a quarter|three quarters|a fifth|"
                r"a tenth|double|doubles|doubled|twice|triple|tripled)\b",
    "times": r"\b(?:\d+(?:\.\d+)?|two|three|four|five|six|seven|eight|nine|ten|twenty|hundred)[- ](?:times|fold)\b",
    "bare-after": r"(?<![\w.$^/#\-+*=<>\[(`])(?:~|≈)?\d+(?:[.,]\d+)?(?![\w%×/`\]\-]|\.\d)",
}
# after a bare number, a word that is not one of these makes it a count or a size ("16 elements")
JOINS = set("and to on at in for with while against instead versus vs or when but which then so the a "
            "than from after before if as of by up down".split())
DENSITY = [0, 1, 2, 4, 8, 16]  # reports per 1000 words: the lower edge of each column


def figures(dump):
    """Each unreported figure of a class in the sets of DUMP, outside fenced blocks: (the set's dump
    line, its kind, the file, the line number, the line, the match, the class, the label at the figure
    or None, the file's density column, the line's reports). A figure of a claim already reported,
    and a bare number that follows no report in its sentence or is followed by a noun, are skipped."""
    with open(dump, encoding="utf-8") as f:
        for row in f:
            d = json.loads(row)
            kind = d.get("kind") or "unsorted"
            labels = collections.defaultdict(list)
            for lb in d["labels"]:
                if lb.get("first"):
                    labels[(lb["file"], lb["line"])].append(lb)
            for rel in d["files"]:
                try:
                    with open(f"{d['texts']}/{rel}", "rb") as t:
                        lines = t.read().decode("utf-8", "replace").split("\n")
                except OSError:
                    continue
                reports = collections.defaultdict(list)
                for line, column, n in d["reports"].get(rel, []):
                    reports[line].append((column, column + max(n, 1) - 1))
                words = sum(len(x.split()) for x in lines)
                density = 1000.0 * sum(len(v) for v in reports.values()) / max(words, 1)
                col = max(i for i, edge in enumerate(DENSITY) if density >= edge)
                fenced = False
                for n, line in enumerate(lines, 1):
                    if line.lstrip().startswith(("```", "~~~")):
                        fenced = not fenced
                        continue
                    if fenced:
                        continue
                    for cls, pattern in CLASSES.items():
                        if cls == "bare-after" and (line.lstrip().startswith("|") or line.startswith("    ")):
                            continue
                        for m in re.finditer(pattern, line, re.I):
                            a = len(line[:m.start()].encode()) + 1
                            z = a + len(m.group(0).encode()) - 1
                            if any(x <= z and a <= y for x, y in reports.get(n, [])):
                                continue  # reported already
                            if cls == "bare-after":
                                after = line[m.end():]
                                w = re.match(r"\s*([A-Za-z]+)", after)
                                if w and w.group(1).lower() not in JOINS:
                                    continue
                                before = line[:m.start()]
                                cut = max(before.rfind(". "), before.rfind("? "), before.rfind("! "))
                                first = len(line[:cut + 1].encode()) + 1 if cut >= 0 else 1
                                if not any(first <= x < a for x, _ in reports.get(n, [])):
                                    continue
                            at = [lb for lb in labels.get((rel, n), []) if lb["first"] <= z and a <= lb["last"]]
                            label = at[0] if at else None
                            if label and label["label"] == "claim" and label["hit"]:
                                continue
                            yield d, kind, rel, n, line, m, cls, label, col, reports.get(n, [])


def main():
    args = sys.argv[1:]
    if not args or args[0] in ("-h", "--help"):
        sys.exit(__doc__)
    show = args[2:4] if len(args) >= 4 and args[1] == "--show" else None
    gain, cost = collections.Counter(), collections.Counter()
    shown = []
    for d, kind, rel, n, line, m, cls, label, col, _ in figures(args[0]):
        if label and label["label"] == "claim":
            gain[(kind, cls, col)] += 1
            what = "gain"
        else:
            cost[(kind, cls, col)] += 1
            what = "false error"
        if show and show == [kind, cls]:
            shown.append(f"  {what}: {d['set']} {rel}:{n}: [{m.group(0)}] "
                         f"{line[max(0, m.start() - 70):m.end() + 30].strip()}")
    kinds = sorted({k[0] for k in list(gain) + list(cost)})
    print("reports per 1000 words:" + "".join(f"{'>=' + str(e):>12}" for e in DENSITY))
    for kind in kinds:
        for cls in CLASSES:
            cells = "".join(f"{'+%d/-%d' % (gain[(kind, cls, c)], cost[(kind, cls, c)]):>12}"
                            for c in range(len(DENSITY)))
            print(f"{kind + ' ' + cls:<23}{cells}")
    print("(+claims it would catch / -false errors it would add, if the class were reported in such files)")
    for s in shown:
        print(s)
    return 0


if __name__ == "__main__":
    sys.exit(main())
