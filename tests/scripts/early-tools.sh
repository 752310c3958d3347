#!/bin/sh
# Where a cache folder is there already, check makes the runner and the cache on its helper
# thread while the lessons load (cmd/course_check.c, base/twice.h), before it knows whether a
# block runs. Where none runs, that must be unseen: nothing written into the cache folder (no
# memo of the isolation or the compiler, no index) nor into the secret's folder, and no warning
# (a secret that cannot be kept, another user's records), exactly as `check -j 1` does. Many
# long lessons give the helper the time to begin; where it does not, the checks below hold too.
set -u
LITLAB=${LITLAB:-build/litlab}
case $LITLAB in /*) ;; *) LITLAB=$(pwd)/$LITLAB ;; esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
mkdir -p "$work/c/lessons" "$work/state" "$work/other-state"
chmod 700 "$work/state" "$work/other-state" # root takes an XDG_STATE_HOME only of its own
cd "$work/c" || exit 1
for i in $(seq 10 69); do
	{
		printf -- '---\ntitle: Prose %s\n---\n# Prose %s\n\n' "$i" "$i"
		for k in $(seq 1 150); do printf 'Paragraph %s, with *some* text and a [link](https://example.org/%s).\n\n' "$k" "$k"; done
	} >"lessons/$i-prose.md"
done
printf -- '---\ntitle: Code\n---\n# Code\n\n```c\nint main(void) { return 0; }\n```\n' >"$work/code.md"
export LITLAB_CACHE_DIR="$work/cache" XDG_STATE_HOME="$work/state"

quiet() { # $1: what is tested; the rest: the environment. check lessons/ writes and says nothing new
	what=$1
	shift
	for n in 1 2 3; do
		before=$(find "$LITLAB_CACHE_DIR" "$work/state" "$work/other-state" | sort)
		env "$@" "$LITLAB" check lessons/ >"$work/out" 2>"$work/err"
		rc=$?
		after=$(find "$LITLAB_CACHE_DIR" "$work/state" "$work/other-state" | sort)
		[ "$rc" -eq 0 ] || { cat "$work/err"; echo "FAIL: $what: exit $rc"; fail=1; return; }
		[ "$before" = "$after" ] ||
			{ echo "$after"; echo "FAIL: $what: tools made for nothing wrote files"; fail=1; return; }
		if grep -v '^litlab: 60 lessons, 0 blocks' "$work/err" | grep -q .; then
			cat "$work/err"; echo "FAIL: $what: tools made for nothing said something"; fail=1; return
		fi
	done
}

# 1. An empty cache folder (made by hand, or emptied): no memo, no index, no secret made.
mkdir "$LITLAB_CACHE_DIR"
quiet "an empty cache folder"
[ -z "$(ls -A "$work/state")" ] || { ls -R "$work/state"; echo "FAIL: a secret made for nothing"; fail=1; }

# 2. A cache that another user's litlab wrote (a .litlab committed to the course): its records
#    are not trusted, which is said only when a block would take one.
cp "$work/code.md" "$work/c/code.md"
"$LITLAB" check code.md >/dev/null 2>&1 || { echo "FAIL: the code lesson does not pass"; fail=1; }
rm code.md
quiet "another user's cache" XDG_STATE_HOME="$work/other-state"

# 3. A compiler the memos do not know (another CC): nothing remembered of it.
mkdir "$work/bin"
ln -s "$(command -v cc)" "$work/bin/other-cc"
quiet "another compiler" CC="$work/bin/other-cc"

[ "$fail" -eq 0 ] && echo "early-tools: ok"
exit "$fail"
