#!/bin/sh
# The raw HTML table reader hardened after the twentieth round's attacker review (round 20, html2;
# engine/rules/README.md "Raw HTML tables are tables"):
# - only an HTML block's "<table" is a table: a paragraph's text was decoded by cmark ("&lt;table&gt;",
#   "\<table>" are prose about tables), and its entities are not decoded a second time;
# - no table makes the rule fail on its limits: one piece per table (the pipe table's bound on
#   figures), rows only as wide as their cells, the columns written bounded by the bytes read, a
#   '<' with no '>' after it ends the tags, and the tags read in a lesson bounded;
# - a first row of <td> cells is data (no header: the lead-in decides); a header colspan names each
#   column it spans, a second header row refines the first, a rowspan holds its columns in the rows
#   below, a nested table does not end the outer one;
# - the sentence after an HTML table is read as it is after a pipe table;
# - <sup> raises to a power (2<sup>20</sup> is 2^20); a table in an HTML comment is not read.
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-prose.md <<'EOF2'
# Prose about tables

Rendering a &lt;table&gt; with 10,000 rows takes 40 ms in Firefox, and closing each &lt;/table&gt; early helps.

Rendering a \<table> with 10,000 rows takes 42 ms in Firefox, and closing each \</table> early helps.

A &amp; B <table><tr><th>a</th><th>Time</th></tr><tr><td>x</td><td>8&amp;mu;s</td></tr></table>

<table>
<tr><th>Function</th><th>Time (ms)</th></tr>
<tr><td>memcpy</td><td>44</td></tr>
<tr><td>strcpy</td><td>7&amp;mu;s</td></tr>
</table>
EOF2

check_lesson 01-prose.md
expect "01-prose.md:3:50: error: a time value '40 ms'"
expect "01-prose.md:5:45: error: a time value '42 ms'"
refuse "01-prose.md:7:.*8µs"
expect "01-prose.md:11:24: error: a time value '44' in a table"
refuse "µs'"

# the attacker's lessons (findings-r20-attacker.md, M1), each a few KB to a few hundred (the wide rows
# smaller than the attacker's: the sanitizers' build must stay well inside the rule's CPU limit; the
# cost itself is measured as a ratio, not asserted here)
{
	printf '# Spans\n\nThe loop takes 5 ms per call.\n\n<table>\n<tr>'
	awk 'BEGIN { for (i = 0; i < 125; i++) printf "<th colspan=64>c</th>"; print "</tr>";
		for (i = 0; i < 500; i++) print "<tr><td colspan=64>1" }'
	printf '</table>\n'
} >02-colspan.md
{
	printf '# Units\n\nThe loop takes 5 ms per call.\n\n<table>\n<tr><th>a</th><th>Units</th>'
	awk 'BEGIN { for (i = 0; i < 1000; i++) printf "<th>x</th>"; print "</tr>";
		for (i = 0; i < 1000; i++) print "<tr><td>1" }'
	printf '</table>\n'
} >03-units.md
{
	printf '# Wide\n\nThe loop takes 5 ms per call.\n\n<table>\n<tr>'
	awk 'BEGIN { for (i = 0; i < 8000; i++) printf "<th>c</th>"; print "</tr>";
		for (i = 0; i < 2000; i++) print "<tr><td>1</td></tr>" }'
	printf '</table>\n'
} >04-wide.md
{
	printf '# Open\n\nThe loop takes 5 ms per call.\n\n<table>\n<tr><th>Name</th><th>Time (ms)</th></tr>\n<tr><td>x</td><td>'
	awk 'BEGIN { for (i = 0; i < 200000; i++) printf "<a " }'
	printf '\n</table>\n'
} >05-nogt.md
{
	printf '# Lines\n\nThe loop takes 5 ms per call.\n\n<table>\n<tr><th>a</th><th>b</th></tr>\n'
	awk 'BEGIN { for (r = 0; r < 20; r++) { printf "<tr><td>1"; for (i = 0; i < 15; i++) printf "<br>1";
		for (i = 0; i < 300; i++) printf "<td>3"; print "" } }'
	printf '</table>\n'
} >06-lines.md
for f in 02-colspan.md 03-units.md 04-wide.md 05-nogt.md 06-lines.md; do
	check_lesson $f
	refuse "rule failed"
	expect "$f:3:[0-9]*: error: a time value '5 ms'"
done

cat >07-structure.md <<'EOF2'
# Structure

Lookup times, in ns:

<table>
<tr><td>hash map</td><td>42</td></tr>
<tr><td>B-tree</td><td>97</td></tr>
</table>

Lookup times, in ns:

<table>
<tr><td>hash map</td><td>43</td></tr>
</table>

<table>
<tr><th rowspan="2">Function</th><th colspan="2">Time (&micro;s)</th><th rowspan="2">Threads</th></tr>
<tr><th>-O2</th><th>-Os</th></tr>
<tr><td>memcpy</td><td>12</td><td>14</td><td>8</td></tr>
</table>

<table>
<tr><th>Function</th><th>Flags</th><th>Time (ms)</th></tr>
<tr><td rowspan="2">memcpy</td><td>-O2</td><td>21</td></tr>
<tr><td>-Os</td><td>24</td></tr>
</table>

<table><tr><th>Name</th><th>Time (ms)</th></tr><tr><td>a<td><table><tr><td>x</td></tr></table></td></tr><tr><td>b</td><td>903</td></tr></table>

<table>
<tr><th>Board</th><th>Pins</th></tr>
<tr><td>Uno</td><td>20</td></tr>
</table>
EOF2

check_lesson 07-structure.md
expect "07-structure.md:6:26: error: a time value '42'"
expect "07-structure.md:7:24: error: a time value '97'"
expect "07-structure.md:13:26: error: a time value '43'"
expect "07-structure.md:19:24: error: a time value '12'.*'Time (µs) -O2'"
expect "07-structure.md:19:35: error: a time value '14'.*'Time (µs) -Os'"
refuse "07-structure.md:19:46:"
refuse "07-structure.md:18:"
expect "07-structure.md:24:48: error: a time value '21'"
expect "07-structure.md:25:21: error: a time value '24'.*'Time (ms)'"
expect "07-structure.md:28:123: error: a time value '903'"
refuse "07-structure.md:32:"

cat >08-trail.md <<'EOF2'
# Trail

<table>
<tr><th>size</th><th>Eytzinger</th><th>B-tree</th></tr>
<tr><td>2^10</td><td>12.1</td><td>9.8</td></tr>
</table>

All figures above are nanoseconds per lookup.

<table>
<tr><th>size</th><th>Eytzinger</th><th>B-tree</th></tr>
<tr><td>2^10</td><td>13.1</td><td>8.8</td></tr>
</table>

The code of both layouts is in the appendix.
EOF2

check_lesson 08-trail.md
expect "08-trail.md:5:22: error: a time value '12.1'"
expect "08-trail.md:5:35: error: a time value '9.8'"
refuse "08-trail.md:12:"

cat >09-sup-comment.md <<'EOF2'
# Powers and comments

<table>
<tr><th>Elements</th><th>Time</th></tr>
<tr><td>2<sup>20</sup> cycles</td><td>42 ms</td></tr>
<tr><td>10<sup>-3</sup> s</td><td>x</td></tr>
</table>

<!--
<table><tr><th>a</th><th>Time (ms)</th></tr><tr><td>x</td><td>903</td></tr></table>
-->

<div>
<!-- the old figures: <table><tr><th>a</th><th>Time (ms)</th></tr><tr><td>x</td><td>904</td></tr></table> -->
<table><tr><th>a</th><th>Time (ms)</th></tr><tr><td>x</td><td>905</td></tr></table>
</div>
EOF2

check_lesson 09-sup-comment.md
refuse "'20 cycles'"
refuse "'3 s'"
expect "09-sup-comment.md:5:9: error: a cycle count '2^20 cycles'"
expect "09-sup-comment.md:5:39: error: a time value '42 ms'"
refuse "'903'"
refuse "'904'"
expect "09-sup-comment.md:15:63: error: a time value '905'"
exit $fail
