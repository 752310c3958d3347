#!/bin/sh
# What the seventeenth round taught the timing rule (tests/corpus/README.md, engine/rules/README.md):
# - a per-item cost in cycles may be written in the singular before its slash ("cycle/op");
# - a block with no language tag that holds a program is code (its comments and arguments are
#   not read); one that holds what a program printed is read as printed output.
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-round17.md <<'EOF2'
# Round seventeen

On the lab machine the scalar loop costs 1271.000 cycle/op at best.

The loop, as the author wrote it, with no language on its fence:

```
#include <unistd.h>
int main(void) {
    usleep(100000);   // 100 ms
    return 0;         /* after 2 seconds at most */
}
```

What the benchmark printed, with no language either:

```
scalar                          :  1271.000 cycle/op (best)
libc sin                        :  0.221 s
```
EOF2

check_lesson 01-round17.md
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, not 1"; fail=1; }
expect "01-round17.md:3:42: error: a cycle count '1271.000 cycle'"
refuse "01-round17.md:9:"
refuse "01-round17.md:10:"
expect "01-round17.md:18:36: error: a cycle count '1271.000 cycle'"
expect "01-round17.md:19:36: error: a time value '0.221 s'"
exit $fail
