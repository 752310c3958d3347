#!/bin/sh
# tests/corpus/measure.py reads reStructuredText as what it shows: a directive's indented body
# is prose (not an indented code block, which the rule would read as a display block), a literal
# block is an untagged fence (a program in it is code to the rule, a program's printed output is
# read as output), no line moves, and a report's column is the column in the .rst file.
set -u
here=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "corpus-rst.sh: $*"; exit 1; }
mkdir "$work/texts"
cat >"$work/texts/board.rst" <<'RST'
Board clock
===========

.. c:function:: int board_drift(void)

    Returns the drift of the board.

    The reference board drifts by 5 seconds.

    ::

        board_wait(7); /* 7 seconds */

Details
^^^^^^^

After a reset the board drifts by 6 seconds.

Results on the reference board::

    board_sum                      :  1271.000 cycle/op (best)

RST
printf '# corpus: board\n# files: *.rst\nboard.rst\t8\tspecified\t5 seconds\nboard.rst\t12\tnot-timing\t7 seconds\nboard.rst\t17\tspecified\t6 seconds\nboard.rst\t21\tclaim\t1271.000 cycle\n' >"$work/board.labels"
python3 "$here/tests/corpus/measure.py" "$LITLAB" "$work/board.labels" "$work/texts" -v >"$work/out" 2>&1 ||
	{ cat "$work/out"; fail "measure.py failed"; }
grep -q "board.rst:8:35: \[specified\] a time value '5 seconds' in prose may be" "$work/out" ||
	{ cat "$work/out"; fail "a directive's body was not read as prose at its column in the file"; }
grep -q "'7 seconds'" "$work/out" && { cat "$work/out"; fail "a program in a literal block was read as text"; }
grep -q "recall 1/1" "$work/out" || { cat "$work/out"; fail "a program's printed output in a literal block was not read as output"; }
grep -q "board.rst:17:35: \[specified\] a time value '6 seconds' in prose may be" "$work/out" ||
	{ cat "$work/out"; fail "the prose after a '^' title is not where it was"; }
python3 - "$here/tests/corpus" "$work/texts/board.rst" <<'PY' || fail "the Markdown of the .rst file is not line for line"
import sys
sys.path.insert(0, sys.argv[1])
import measure
lines = open(sys.argv[2]).readlines()
out, shift = measure.rst_as_markdown(lines)
assert len(out) == len(lines), (len(out), len(lines))
assert out[9] == "```\n" and out[12] == "```\n", out[8:14]
assert out[18] == "Results on the reference board::\n" and out[19] == "```\n" and out[21] == "```\n", out[17:]
assert out[13] == "### Details\n" and out[14] == "\n" and shift[14] == -4 and shift[8] == 4, (out[13], shift)
PY
# a list-table is shown as the table it is: its caption a paragraph, its rows a pipe table; a
# report on a cell is mapped back to the cell's own line and column (eighteenth round, ispc-docs)
cat >"$work/texts/speed.rst" <<'RST'
Speed
=====

.. list-table:: Performance of the new loop, compared to
   the reference implementation.

  * - Workload
    - 1 core
    - 4 cores
  * - Sort (1M keys)
    - 6.19x
    - 28.06x
  * - Hash
    - 3.6x
    - n/a

RST
printf '# corpus: speed\n# files: speed.rst\nspeed.rst\t11\tclaim\t6.19x\nspeed.rst\t12\tclaim\t28.06x\nspeed.rst\t14\tclaim\t3.6x\n' >"$work/speed.labels"
rm "$work/texts/board.rst"
python3 "$here/tests/corpus/measure.py" "$LITLAB" "$work/speed.labels" "$work/texts" -v >"$work/out" 2>&1 ||
	{ cat "$work/out"; fail "measure.py failed on a list-table"; }
grep -q "recall 3/3" "$work/out" && grep -q "false errors 0" "$work/out" ||
	{ cat "$work/out"; fail "a list-table's cells were not read as a table's, at their own lines"; }
# grid and simple tables are shown as the pipe tables they are, in place: a grid table's rows stay
# on their lines, its borders become empty rows or blank lines; a simple table's cells are cut at
# its columns, and a report on one is mapped back to its own column (thirty-third round, pypy-blog:
# both were read as a paragraph, their figures as prose's); the header takes the top border's line
# and the delimiter row the header's, so that a lead-in right above the rST table is right above the
# pipe table too ("Their start-up, in milliseconds:" gives "48.5" its unit; thirty-fourth round)
cat >"$work/texts/grid.rst" <<'RST'
Runs
====

The run times of the two versions, in seconds:

+---------+-------------+
| version | run time (s)|
+=========+=============+
| old     | 4.8+-0.15   |
+---------+-------------+
| new     | 1.34+-0.28  |
+---------+-------------+

And their throughput:

========  ==========
Version   req/s
========  ==========
old         14.4
--------  ----------
new       5 .. 7
========  ==========

Their start-up, in milliseconds:

+---------+-------+
| version | start |
+=========+=======+
| old     | 48.5  |
+---------+-------+

RST
printf '# corpus: grid\n# files: grid.rst\ngrid.rst\t9\tclaim\t4.8+-0.15\ngrid.rst\t11\tclaim\t1.34+-0.28\ngrid.rst\t19\tclaim\t14.4\ngrid.rst\t21\tclaim\t5\ngrid.rst\t21\tclaim\t7\ngrid.rst\t29\tclaim\t48.5\n' >"$work/grid.labels"
rm "$work/texts/speed.rst"
python3 - "$here" "$work/texts/grid.rst" <<'PY' || fail "a grid or simple table was not shown as a pipe table in place"
import sys
sys.path.insert(0, sys.argv[1] + "/tests/corpus")
import measure
lines = open(sys.argv[2]).readlines()
out, shift = measure.rst_as_markdown(lines)
assert len(out) == len(lines), (len(out), len(lines))
# (the header in the top border's place, right under the lead-in's blank line, as the rST table
# starts; thirty-fourth round)
assert out[4] == "\n" and out[5] == "| version | run time (s)|\n" and out[6] == "| --- | --- |\n", out[4:7]
assert out[7] == "| | |\n" and out[9] == "| | |\n" and out[11] == "\n", out[7:12]
assert shift[6] == [(1, 26, 7, 1)], shift[6]
assert out[14] == "\n" and out[15] == "| Version | req/s |\n" and out[16] == "| --- | --- |\n", out[14:17]
assert out[17] == "| | |\n" and out[18] == "| old | 14.4 |\n" and out[19] == "| | |\n", out[17:20]
assert out[20] == "| new | 5 .. 7 |\n" and out[21] == "\n", out[20:22]
assert shift[16] == [(3, 10, 17, 1), (13, 18, 17, 11)], shift[16]
assert shift[21] == [(3, 6, 21, 1), (9, 15, 21, 11)], shift[21]
PY
python3 "$here/tests/corpus/measure.py" "$LITLAB" "$work/grid.labels" "$work/texts" -v >"$work/out" 2>&1 ||
	{ cat "$work/out"; fail "measure.py failed on a grid table"; }
grep -q "recall 6/6" "$work/out" && grep -q "false errors 0" "$work/out" ||
	{ cat "$work/out"; fail "a grid or simple table's cells were not read as a table's, at their own columns"; }
exit 0
