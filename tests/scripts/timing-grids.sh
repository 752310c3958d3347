#!/bin/sh
# Fifteenth round (issue 13): a table drawn as a grid (a '+----+' border, the header's lines, a
# '+====+' rule under them; pandoc's grid tables, reStructuredText's) reads its cells under their
# column's header as a pipe table's are; a header cell drawn over two columns heads both; a grid
# without the '=' rule has no header and says nothing of its cells. A cell's figure may be grouped
# in threes by dots ("2.812.500") or followed by an aside in parentheses ("0.0305 (3.0x)").
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-grids.md <<'EOF2'
# Grids

Our two kernels on the lab's board.

+----------------+-----------+----------+
| kernel         | time [us] | speed up |
+================+===========+==========+
| plain loop     | 2.812.500 |   1.0    |
+----------------+-----------+----------+
| unrolled       |   301.250 |   2.7    |
+----------------+-----------+----------+

+----------+---------------------+----------+
|          |      time [s]       |          |
| call     +----------+----------+ factor   |
|          |   old    |   new    |          |
+==========+==========+==========+==========+
| find     | 0.0712   | 0.0203   |     3.51 |
+----------+----------+----------+----------+
| scan     | 0.0911   | 0.0305 (3.0x)       |
+----------+----------+----------+----------+

+----------+-------------+
| job      | timeout [s] |
+==========+=============+
| backup   |   30        |
+----------+-------------+

+----------+----------+
| item     | 400      |
+----------+----------+
| count    | 12       |
+----------+----------+
EOF2

check_lesson 01-grids.md
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, not 1"; fail=1; }
# a whole number grouped in threes by dots is one figure
expect "01-grids.md:8:.*'2.812.500'.*'time \[us\]': the table's header"
expect "01-grids.md:8:.*'1.0'.*'speed up'"
expect "01-grids.md:10:.*'301.250'"
expect "01-grids.md:10:.*'2.7'"
# the header cell drawn over two columns heads both
expect "01-grids.md:18:.*'0.0712'.*'time \[s\]'"
expect "01-grids.md:18:.*'0.0203'.*'time \[s\]'"
# a figure with an aside in parentheses after it is still the cell's figure
expect "01-grids.md:20:.*'0.0305'.*'time \[s\]'"
expect "01-grids.md:20:.*'3.0x'"
# a setting's column holds settings
refuse "01-grids.md:26:"
in_ledger 01-grids.md "'30'"
# no '=' rule, no header: nothing said of the cells
refuse "01-grids.md:31:"
refuse "01-grids.md:33:"

exit $fail
