#!/usr/bin/env python3
"""gen_shard_course.py DIR LESSONS BLOCKS: writes LESSONS lessons that hold BLOCKS code blocks in all,
for the sharding simulation (tests/scripts/shard-sim.sh, make bench): every kind of block a course
has, in turn: run blocks with their output (some with stdin, some using a fragment), compile-only,
compile-fail, derived and display blocks, a shell session over a lesson file, and one measure block
per lesson whose figure the prose cites ({{measure:...}}), so that a shard must leave the reference
to the build. Every program is distinct, so that no two blocks share evidence."""
import os
import sys


def program(k):
    s = sum(i * i % 7 for i in range(k % 500))
    code = ("#include <stdio.h>\nint main(void)\n{\n    long s = 0;\n"
            f"    for (long i = 0; i < {k % 500}; i++)\n        s += i * i % 7;\n"
            f"    printf(\"block {k}: %ld\\n\", s);\n    return 0;\n}}\n")
    return code, f"block {k}: {s}\n"


def block(k, slot, lesson):
    """The Markdown of block k, of the kind slot picks; a block of each kind in 10 consecutive."""
    kind = slot % 10
    if kind in (0, 3, 6):
        code, out = program(k)
        return f"```c id=b{k}\n{code}```\n\n```output\n{out}```\n"
    if kind == 1:
        return (f"```c id=b{k}\n#include <stdio.h>\nint main(void)\n{{\n    char line[64];\n"
                f"    while (fgets(line, sizeof line, stdin))\n        printf(\"{k}: %s\", line);\n    return 0;\n}}\n```\n\n"
                f"```stdin\nalpha\nbeta\n```\n\n```output\n{k}: alpha\n{k}: beta\n```\n")
    if kind == 2:
        return f"```text id=b{k}\nA table shown as it is, block {k}.\n```\n"
    if kind == 4:
        return (f"```c id=b{k} compile-only\nint square_{k}(int x);\nint square_{k}(int x) {{ return x * x; }}\n"
                f"int main(void) {{ return square_{k}(0); }}\n```\n")
    if kind == 5:
        return (f"```c id=b{k} compile-fail\nint main(void) {{ return undeclared_{k}; }}\n```\n\n"
                f"```output match=contains\nerror: 'undeclared_{k}' undeclared\n```\n")
    if kind == 7:
        return (f"```python id=b{k} derived reason=\"no Python in this course's sandbox\"\nprint({k} * 2)\n```\n\n"
                f"```output\n{k * 2}\n```\n")
    if kind == 8:
        return (f"```c id=b{k} fragment\nstatic int twice_{k}(int x) {{ return 2 * x; }}\n```\n\n"
                f"```c id=u{k} use=b{k}\n#include <stdio.h>\nint main(void) {{ printf(\"%d\\n\", twice_{k}({k})); return 0; }}\n```\n\n"
                f"```output\n{2 * k}\n```\n")
    # kind 9: a lesson file and a session that reads it
    return (f"```text file=data-{k}.txt\none {k}\ntwo {k}\n```\n\n"
            f"```console id=b{k}\n$ wc -l data-{k}.txt\n2 data-{k}.txt\n$ grep two data-{k}.txt\ntwo {k}\n```\n")


def blocks_in(kind_block):
    return 2 if kind_block % 10 in (8, 9) else 1  # a fragment and its user; a lesson file and its session


def main():
    d, lessons, total = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    os.makedirs(d, exist_ok=True)
    per = total // lessons
    k = 0
    for i in range(1, lessons + 1):
        want = per + (1 if i <= total % lessons else 0)
        out = [f"---\ntitle: Generated lesson {i}\nlesson: {i}\ncflags: -std=c11 -O1\n---\n",
               f"# Generated lesson {i}\n",
               f"The measured block below took {{{{measure:m{i}:median}}}} (median of its samples).\n",
               f"```c id=m{i} measure samples=3 warmup=0\n#include <stdio.h>\n"
               f"int main(void) {{ volatile long s = 0; for (long j = 0; j < {1000 + i}; j++) s += j; "
               f"printf(\"%ld\\n\", (long)s); return 0; }}\n```\n\n"
               f"```output\n{sum(range(1000 + i))}\n```\n"]
        n, slot = 1, 0
        while n < want:
            if n + blocks_in(slot) > want:
                slot += 1
                continue
            k += 1
            out.append(f"## Part {k}\n\nSome prose about block {k}.\n")
            out.append(block(k, slot, i))
            n += blocks_in(slot)
            slot += 1
        with open(os.path.join(d, f"{i:03d}-generated.md"), "w") as f:
            f.write("\n".join(out))


main()
