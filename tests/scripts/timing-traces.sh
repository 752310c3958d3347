#!/bin/sh
# What a printed trace and a printed report say (engine/rules/README.md, timing-needs-metadata,
# fourteenth round):
# - a bare fraction in angle brackets closing a traced call's record ("close(3) = 0 <0.000123>",
#   or alone on the line that continues the record) is the time the call took: a claim;
# - a line's label in capitals ("SET: 81234.50 requests per second") names a command, not a setting;
#   the same figure after the word in small letters, "set to", is still a setting;
# - a row of a printed report indented by a tab is read under its header, the tab moving it to the
#   next multiple of eight columns; a header's rule commented out by '#' is a drawn line; after a
#   branch sampling command the report's percentages are still shares of branches;
# - a percentage before a metric's glued name is that metric's share of the run, whatever its words.
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

printf '%s\n' '# Traces' '' 'Plain words.' '' '```' '$ tracer -T -- ./app' \
	'openat(AT_FDCWD, "data.bin", O_RDONLY) = 3' \
	'                  <0.000081>' \
	'read(3, "", 4096)        = 0 <0.000042>' \
	'exit_group(0)            = ?' \
	'```' '' '```' '$ loadgen -t set,get -q' \
	'SET: 81234.50 requests per second' \
	'GET: 90412.75 requests per second' \
	'```' '' 'The pool size is set to 5000 requests per second by default.' '' \
	'```' '$ prof report --stdio' \
	'# Children   Self    Samples  Command  Object  Symbol' \
	'# ........  .......  .......  .......  ......  .......' \
	'	98.20%  97.10%    41213    app      app    [.] walk' \
	'```' '' '```' '$ perf record -b -- ./app' '$ perf report -n --stdio' \
	'# Overhead  Samples  Object  Source Sym  Target Sym' \
	'# ........  .......  ......  ..........  ..........' \
	'  61.20%      9012   app     [.] walk    [.] walk' \
	'```' '' '```' '$ counters -M Pipeline -- ./app' \
	' 0.4 %  bad_speculation_mispredicts        (25.01%)' \
	' 2.3 %  backend_bound_memory               (25.01%)' \
	'                 #   0.7 %  tma_bad_speculation' \
	'```' >01-traces.md

check_lesson 01-traces.md
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, not 1"; fail=1; }
expect "01-traces.md:8:20: error: a time value '0.000081'"
expect "01-traces.md:9:31: error: a time value '0.000042'"
refuse "01-traces.md:10:"
expect "01-traces.md:15:6: error: a rate '81234.50 requests per second'"
expect "01-traces.md:16:6: error: a rate '90412.75 requests per second'"
refuse "01-traces.md:19:"
expect "01-traces.md:25:2: error: a share of the run time '98.20%'"
expect "01-traces.md:25:10: error: a share of the run time '97.10%'"
refuse "'41213'"
refuse "01-traces.md:32:"
expect "01-traces.md:38:2: error: a share of the run time '0.4 %'"
expect "01-traces.md:39:2: error: a share of the run time '2.3 %'"
expect "01-traces.md:40:22: error: a share of the run time '0.7 %'"
refuse "25.01%"

in_ledger 01-traces.md \
	"01-traces.md:19:25: let pass '5000 requests per second' as specified"
exit $fail
