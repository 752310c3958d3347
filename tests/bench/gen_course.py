#!/usr/bin/env python3
"""gen_course.py DIR N LINES: writes N lessons of about LINES lines each (prose, derived and
display blocks, one small run block) for the benchmarks."""
import os, sys

def lesson(i, lines):
    out = [f"---\ntitle: Generated lesson {i}\nlesson: {i}\n---\n", f"# Generated lesson {i}\n"]
    k = 0
    while sum(s.count("\n") for s in out) < lines:
        k += 1
        out.append(f"## Section {k}\n")
        out.append("A paragraph of prose about **evidence** and the workload contract, with a\n"
                   "second line that mentions `code spans` and a [link](https://example.invalid/)\n"
                   "and some numbers such as 64-bit, 8-byte and version 2.14 that are not timings.\n")
        out.append("- a list item with more words for the scanner to read\n"
                   "- another item, and a block quote follows\n")
        out.append("> A quoted remark that carries on for a line or two of text.\n")
        out.append(f"```sh\nmake lab-{i:02d}\n```\n")
        out.append(f"```python derived reason=\"illustration only\"\nprint({k})\n```\n\n```output\n{k}\n```\n")
    out.append(f"```c id=run-{i}\n#include <stdio.h>\nint main(void) {{ puts(\"{i}\"); return 0; }}\n```\n\n```output\n{i}\n```\n")
    return "\n".join(out)

d, n, lines = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
for i in range(1, n + 1):
    with open(os.path.join(d, f"{i:02d}-generated.md"), "w") as f:
        f.write(lesson(i, lines))
