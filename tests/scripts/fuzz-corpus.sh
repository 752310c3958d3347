#!/bin/sh
# tests/scripts/fuzz-corpus.sh: every fuzz target's seed corpus (tests/fuzz/corpus/NAME/, crash
# reproducers included) run once through the target, built with gcc's sanitizer objects
# (build/san/fuzz/replay_NAME, made by make test). The fuzzing itself is make fuzz.
status=0
for dir in tests/fuzz/corpus/*/; do
	name=$(basename "$dir")
	if ! build/san/fuzz/replay_"$name" "$dir"*; then
		echo "fuzz-corpus: $name: a corpus input failed (see above)"
		status=1
	fi
done
exit $status
