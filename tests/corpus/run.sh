#!/bin/sh
# make corpus: recall and false errors of timing-needs-metadata on each labelled corpus whose full
# text is present (tests/corpus/README.md says how to put it there). Fetches nothing.
# Usage: sh tests/corpus/run.sh LITLAB TEXTS-DIR
set -u
litlab=$1
texts=$2
found=0
for labels in tests/corpus/*.labels; do
	name=$(basename "$labels" .labels)
	if [ -d "$texts/$name" ]; then
		python3 tests/corpus/measure.py "$litlab" "$labels" "$texts/$name" || exit 1
		found=$((found + 1))
	else
		echo "$name: not present in $texts/$name (see tests/corpus/README.md); skipped"
	fi
done
[ "$found" -gt 0 ] || echo "no labelled corpus is present: nothing measured"
exit 0
