#!/bin/sh
# The example lesson in README.md checks clean.
set -u
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
awk '$0 == "````markdown" { on = 1; next } on && $0 == "````" { exit } on' README.md >"$work/07-counting-bytes.md"
[ -s "$work/07-counting-bytes.md" ] || { echo "no example in README.md"; exit 1; }
"$LITLAB" check "$work/07-counting-bytes.md"
