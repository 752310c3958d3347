#!/usr/bin/env python3
"""gen_course.py DIR N LINES [--blocks B [--programs PDIR]]: writes N lessons of about LINES
lines each (prose, derived and display blocks, one small run block) for the benchmarks; with
--blocks, N lessons of B distinct run blocks each (LINES is ignored), and with --programs each
block's program also as PDIR/K.c, for a shell loop to build the same programs."""
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

def program(k):
    """A small distinct program and what it prints."""
    s = sum(i * i % 7 for i in range(k))
    code = (f"#include <stdio.h>\nint main(void)\n{{\n    long s = 0;\n    for (long i = 0; i < {k}; i++)\n"
            f"        s += i * i % 7;\n    printf(\"block {k}: %ld\\n\", s);\n    return 0;\n}}\n")
    return code, f"block {k}: {s}\n"

def blocks_lesson(i, blocks, progs):
    """A lesson of `blocks` run blocks with their output blocks, and a little prose."""
    out = [f"---\ntitle: Generated lesson {i}\nlesson: {i}\ncflags: {CFLAGS}\n---\n", f"# Generated lesson {i}\n",
           "Each block below sums a few squares and prints the sum.\n"]
    for b in range(blocks):
        k = 1000 + i * blocks + b
        code, output = program(k)
        out.append(f"```c id=sum-{k}\n{code}```\n\n```output\n{output}```\n")
        if progs:
            with open(os.path.join(progs, f"{k}.c"), "w") as f:
                f.write(code)
    return "\n".join(out)

# The flags of the --blocks lessons: the benchmark's shell loop compiles with the same.
CFLAGS = "-std=c11 -O2"

args = sys.argv[1:]
blocks = progs = None
if "--blocks" in args:
    k = args.index("--blocks"); blocks = int(args[k + 1]); del args[k:k + 2]
if "--programs" in args:
    k = args.index("--programs"); progs = args[k + 1]; del args[k:k + 2]
d, n, lines = args[0], int(args[1]), int(args[2])
for i in range(1, n + 1):
    with open(os.path.join(d, f"{i:02d}-generated.md"), "w") as f:
        f.write(blocks_lesson(i, blocks, progs) if blocks else lesson(i, lines))
