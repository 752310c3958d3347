#!/bin/sh
# check --sanitize: an out-of-bounds write (AddressSanitizer, which needs the memory limit
# lifted to start at all) and a signed overflow (UBSan) are [sanitizer] errors at the lesson
# lines that do them, a clean block passes, and without --sanitize nothing is said; a report
# points at its innermost frame that is lesson code (a NULL FILE * passed to fgets(), a helper).
# check --repeat 3: a block that prints an address is [nondeterministic], at its fence, naming
# the run that differs; a deterministic one passes.
set -u
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
case $LITLAB in /*) ;; *) LITLAB=$(pwd)/$LITLAB ;; esac
LITLAB_CACHE_DIR=$work/cache
export LITLAB_CACHE_DIR
cd "$work" || exit 1

cat >04-ub.md <<'MD'
# Undefined behaviour

```c id=oob
#include <stdio.h>
#include <stdlib.h>
int main(void)
{
    int *a = malloc(3 * sizeof *a);
    a[3] = 1;
    printf("%d\n", a[0]);
    free(a);
    return 0;
}
```

```c id=overflow
#include <limits.h>
#include <stdio.h>
int main(void)
{
    int x = INT_MAX;
    x += 1;
    printf("%d\n", x);
    return 0;
}
```

```c id=clean
#include <stdio.h>
int main(void) { puts("clean"); return 0; }
```

```output
clean
```
MD

"$LITLAB" check --sanitize 04-ub.md >/dev/null 2>err
rc=$?
[ "$rc" = 1 ] || { echo "FAIL: --sanitize exited $rc"; fail=1; }
grep -q "^04-ub.md:9:1: error: block 'oob' has a memory error: heap-buffer-overflow, WRITE of size 4 (AddressSanitizer) \[sanitizer\]$" err ||
	{ cat err; echo "FAIL: the out-of-bounds write is not at line 9"; fail=1; }
grep -q "^04-ub.md:22:7: error: block 'overflow' has undefined behaviour: signed integer overflow: 2147483647 + 1 cannot be represented in type 'int' (UndefinedBehaviorSanitizer) \[sanitizer\]$" err ||
	{ cat err; echo "FAIL: the signed overflow is not at line 22"; fail=1; }
[ "$(grep -c 'error:' err)" = 2 ] || { cat err; echo "FAIL: more errors than the two (an exit status?)"; fail=1; }
grep -q "0x[0-9a-f]\{6\}" err && { echo "FAIL: an address in the report"; fail=1; }
"$LITLAB" check 04-ub.md >/dev/null 2>err
grep -q sanitizer err && { echo "FAIL: a sanitizer error without --sanitize"; fail=1; }

cat >05-repeat.md <<'MD'
# Repeat

```c id=address
#include <stdio.h>
#include <stdlib.h>
int main(void)
{
    unsigned char noise = 0;
    FILE *f = fopen("/dev/urandom", "rb");
    if (f) {
        noise = (unsigned char)fgetc(f);
        fclose(f);
    }
    void *p = malloc(16);
    printf("%p %u\n", p, noise);
    free(p);
    return 0;
}
```

```c id=steady
#include <stdio.h>
int main(void) { puts("the same every time"); return 0; }
```

```output
the same every time
```
MD
"$LITLAB" check --repeat 3 05-repeat.md >/dev/null 2>err
rc=$?
[ "$rc" = 1 ] || { echo "FAIL: --repeat exited $rc"; fail=1; }
grep -q "^05-repeat.md:3:1: error: block 'address' printed another stdout on run 2 of 3 than on run 1: its output is not deterministic \[nondeterministic\]$" err ||
	{ cat err; echo "FAIL: the nondeterministic block is not reported"; fail=1; }
grep -q "steady" err && { cat err; echo "FAIL: the deterministic block is reported"; fail=1; }
"$LITLAB" check 05-repeat.md >/dev/null 2>err || { cat err; echo "FAIL: without --repeat the lesson passes"; fail=1; }
out=$("$LITLAB" check --repeat 0 05-repeat.md 2>&1); rc=$?
[ "$rc" = 2 ] && echo "$out" | grep -q "repeat needs a number" || { echo "FAIL: --repeat 0: $out"; fail=1; }

# The innermost frame that is lesson code: a NULL FILE * that fgets() reads (the frames above
# are libc's and the sanitizer's), an overflow inside a helper function (not main's call).
cat >06-frames.md <<'MD'
# Frames

```c id=nullfile
#include <stdio.h>
int main(void)
{
    FILE *f = fopen("missing.txt", "r");
    char line[32];
    if (fgets(line, sizeof line, f))
        puts(line);
    return 0;
}
```

```c id=helper
#include <stdlib.h>
static int get(const int *a, int i) { return a[i]; }
int main(void)
{
    int *a = malloc(4 * sizeof *a);
    int x = get(a, 4);
    free(a);
    return x;
}
```
MD
"$LITLAB" check --sanitize 06-frames.md >/dev/null 2>err
grep -q "^06-frames.md:9:1: error: block 'nullfile' has a memory error: SEGV (AddressSanitizer) \[sanitizer\]$" err ||
	{ cat err; echo "FAIL: the NULL FILE * is not at the fgets() line 9"; fail=1; }
grep -q "^06-frames.md:17:1: error: block 'helper' has a memory error: heap-buffer-overflow, READ of size 4" err ||
	{ cat err; echo "FAIL: the overflow is not at get()'s line 17"; fail=1; }

[ "$fail" -eq 0 ] && echo "sanitize: ok"
exit "$fail"
