#!/bin/sh
# What the twentieth round taught the timing rule about raw HTML (avr-libc's benchmark pages):
# - a raw HTML table is read as the pipe table it shows: its first row (<th> cells) names the
#   columns, each <td> cell's figures are decided by its column's header; closing tags are
#   optional, attributes are markup, <sub>/<sup> part the header's words, a caption leads it in;
# - <br> breaks a cell into lines: a "Units" column names the unit of each line of a row;
# - an HTML block's character references for a unit's letter or the space before it (&mu;s,
#   &micro;s, &#181;s, &#956;s, &nbsp;, &times;) are read as what they show;
# - a table never closed, or of thousands of rows, is read in one pass.
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

# avr-libc's bench-libm.dox: one <tr> a line, no closing tags, attributes on the cells.
cat >01-columns.md <<'EOF2'
# Columns

The following tables contain benchmark values for some functions.

<table>
<caption>libm benchmarks for ATmega128 (avr51, with MUL)</caption>
  <tr>
  <th>Function
  <th width="15%">Size
  <th>x<sub>0</sub>
  <th>x<sub>1</sub>
  <th>Cycles<sub>avr</sub>
  <th>Cycles<sub>max</sub>
  <th>log<sub>10</sub>(Err<sub>max</sub>)
  <tr><td> acosf <td align='right'> 1102 <td> -1 <td> 1 <td align="right"> 1957 <td align="right"> 2464 <td align="center"> -6.66
  <tr><td> sinf <td align='right'> 910 <td> 0 <td> 3.15 <td align="right"> 1744 <td align="right"> 2146 <td align="center"> <b>-3.67</b>
  <tr><td colspan='7'>
  <tr><td> tanf <td align='right'> 1178 <td> 0 <td> 3.15 <td align="right"> 2178 <td align="right"> 2946 <td align="center"> -2.86
</table>
EOF2

check_lesson 01-columns.md
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, not 1"; fail=1; }
expect "01-columns.md:15:[0-9]*: error: a cycle count '1957' in a table.*'Cycles avr'"
expect "01-columns.md:15:[0-9]*: error: a cycle count '2464' in a table.*'Cycles max'"
expect "01-columns.md:16:[0-9]*: error: a cycle count '1744'"
expect "01-columns.md:16:[0-9]*: error: a cycle count '2146'"
expect "01-columns.md:18:[0-9]*: error: a cycle count '2178'"
expect "01-columns.md:18:[0-9]*: error: a cycle count '2946'"
refuse "'1102'"
refuse "'910'"
refuse "'3.15'"
refuse "'-6.66'"
refuse "'-3.67'"
refuse "01-columns.md:[3-9]:"
refuse "01-columns.md:1[0-4]:"
refuse "'15%'"

# avr-libc's bench-libc.dox: each row's "Units" cell names the unit of each line of its cells.
cat >02-units.md <<'EOF2'
# Units

<table>
  <tr><th>Function <th>Units
    <th>avr2
    <th>avr6
  <tr><td><tt>atoi ("12345")</tt> <td>Flash bytes<br>Stack bytes<br>Cycles
    <td align="right">82<br>4<br>155
    <td align="right">76<br>6<br>167
  <tr><td><tt>ftostre (1.2345f, s, 6, 0)</tt> <td>Flash bytes<br>Stack bytes<br>Cycles
    <td align="right">1128 (1016)<br>20<br>1339
    <td align="right">1078 (968)<br>22<br>1191
</table>
EOF2

check_lesson 02-units.md
expect "02-units.md:8:[0-9]*: error: a cycle count '155' in a table.*'Cycles': the table row's label"
expect "02-units.md:9:[0-9]*: error: a cycle count '167'"
expect "02-units.md:11:[0-9]*: error: a cycle count '1339'"
expect "02-units.md:12:[0-9]*: error: a cycle count '1191'"
refuse "'82'"
refuse "'4'"
refuse "'1128'"
refuse "'1016'"
refuse "'20'"
refuse "'12345'"
refuse "02-units.md:[3-7]:"

# avr-libc's faq.dox.in: closed tags, a cell per line, the microsecond written as &mu;.
cat >03-entities.md <<'EOF2'
# Entities

<table>
 <tr>
  <th>Optimization Flags
  <th>Size of .text
  <th>Time for Test \#1
  <th>Time for Test \#2
 </tr>
 <tr>
  <td>-O3</td>
  <td>6898</td>
  <td>903 &mu;s</td>
  <td>19.7 ms</td>
 </tr>
 <tr>
  <td>-Os</td>
  <td>6618</td>
  <td>955&nbsp;&micro;s</td>
  <td>20.1 ms</td>
 </tr>
</table>

<p>The new loop runs 3&times; faster than the old one.</p>

<p>Each call takes 12&nbsp;ms on the board, and 40&#181;s on the host; a miss costs 900&#956;s.</p>

<p>Set the timeout to 5&nbsp;ms before the call.</p>

<img src="chart.png" width="90%" alt="chart">
EOF2

check_lesson 03-entities.md
expect "03-entities.md:13:[0-9]*: error: a time value '903 µs' in a table.*'Time for Test"
expect "03-entities.md:14:[0-9]*: error: a time value '19.7 ms' in a table is a performance claim"
expect "03-entities.md:19:[0-9]*: error: a time value '955 µs' in a table is a performance claim"
expect "03-entities.md:20:[0-9]*: error: a time value '20.1 ms' in a table is a performance claim"
refuse "'6898'"
refuse "'6618'"
expect "03-entities.md:24:[0-9]*: error: a speed-up claim '3× faster'"
expect "03-entities.md:26:[0-9]*: error: a time value '12 ms'.*'takes'"
expect "03-entities.md:26:[0-9]*: error: a time value '40µs'"
expect "03-entities.md:26:[0-9]*: error: a time value '900µs'"
refuse "03-entities.md:28:"
refuse "03-entities.md:30:"

# A table never closed and a table of thousands of rows: read in one pass, each row under its header;
# a paragraph's "&lt;table&gt;" is text, and what follows it is read as prose.
{
	printf '# Long\n\nWrite &lt;table&gt; around the rows; the parser takes 5 ms per page.\n\n<table>\n'
	printf '<tr><th>Name<th>Size<th>Latency (us)\n'
	i=0
	while [ $i -lt 3000 ]; do
		printf '<tr><td>f%d<td>%d<td>%d\n' $i $i $((i % 97 + 1))
		i=$((i + 1))
	done
} >04-long.md

check_lesson 04-long.md
expect "04-long.md:3:[0-9]*: error: a time value '5 ms' in prose"
expect "04-long.md:7:[0-9]*: error: a time value '1' in a table.*'Latency (us)'"
# one piece per table, so the pipe table's bound on figures (256 per litlab.quantities call; round 20,
# html2): the 256th figure stands on line 262, as in the same pipe table
expect "04-long.md:262:[0-9]*: error: a time value '[0-9]*' in a table"
refuse "04-long.md:406:"
refuse "04-long.md:7:[0-9]*: error: a time value '0'"
# A caption leads its table in, as a sentence before a pipe table does, and is read as prose too.
cat >05-captions.md <<'EOF2'
# Captions

<table>
<caption>Run times (ms)</caption>
<tr><th>Case<th>Small<th>Large
<tr><td>copy<td>12<td>40
</table>

<table>
<caption>Sorting a million keys takes 5 ms</caption>
<tr><th>Case<th>Keys
<tr><td>sort<td>1000000
</table>
EOF2

check_lesson 05-captions.md
expect "05-captions.md:6:[0-9]*: error: a time value '12' in a table.*'ms': the sentence that leads the table in"
expect "05-captions.md:6:[0-9]*: error: a time value '40' in a table"
expect "05-captions.md:10:[0-9]*: error: a time value '5 ms' in HTML.*'takes'"
refuse "'1000000'"
exit $fail
