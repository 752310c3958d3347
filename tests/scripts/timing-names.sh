#!/bin/sh
# A number right after a word not of grammar names the item that word names (tests/corpus/README.md,
# twelfth round): an assembler's hexadecimal "mode 13h", "INT 33h" (a video mode, an interrupt) is no
# count of hours, and "the speedup on view 2" names a view, no speed-up; both let pass, the first
# listed in the ledger. After a word of grammar, a hedge or a word of running the figure is an amount
# and stays reported ("is 3h", "about 2h", "took 4h", "the speedup on large inputs is 2.5").
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-names.md <<'EOF2'
# Old video modes

The demo switches the card to mode 13h and reads the mouse through INT 33h.

| Part  | Needs                  |
| ----- | ---------------------- |
| Video | VGA (256-colour mode 13h) |

What speedup does your code reach on view 2 of the image?

The whole batch is 3h on the old runner, the nightly build needs about 2h, and the import took 4h.

The speedup on large inputs is 2.5 once the data fits in cache.
EOF2

check_lesson 01-names.md
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, not 1"; fail=1; }
refuse "01-names.md:3:"
refuse "01-names.md:7:"
refuse "01-names.md:9:"
expect "01-names.md:11:.*'3h'"
expect "01-names.md:11:.*'2h'"
expect "01-names.md:11:.*'4h'"
expect "01-names.md:13:.*'2.5'"
in_ledger 01-names.md "'mode 13h'" "'INT 33h'"

exit $fail
