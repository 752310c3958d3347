#!/bin/sh
# timing-needs-metadata: a time value that no word near it decides passes as specified under a
# reference page's section that specifies the interface (Description, Parameters, Return value,
# ...), and is still reported ("may be") anywhere else: under a lesson's topic heading, under a
# commenting section (Notes, Examples) nested in a Description, or with no heading at all. A word
# that decides still decides in every section.
set -u
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "timing-sections.sh: $*"; exit 1; }
cat >"$work/01-ref.md" <<'LESSON'
# `adjclock()`

Within a year the drift of this board reaches 4 seconds.

## Description {.unnumbered}

The estimate is decayed so that most of it is forgotten in 60 seconds.

### Shortcuts

The daemon moves the clock back by 2 seconds.

The loop takes 3 ms on a laptop.

### Notes

The reference board drifts by 5 seconds.

## Return value

The result for a gap of 7 seconds is zero.

## Example

The program printed its answer in 8 seconds.
LESSON
cd "$work" || exit 1
"$LITLAB" check 01-ref.md >out 2>&1
grep -q "01-ref.md:3:.*'4 seconds' in prose may be a performance claim" out || { cat out; fail "a value before any section passed"; }
grep -q "'60 seconds'" out && { cat out; fail "a value in Description was reported"; }
grep -q "'2 seconds'" out && { cat out; fail "a value in a topic under Description was reported"; }
grep -q "'3 ms' in prose is a performance claim" out || { cat out; fail "a claim in Description passed"; }
grep -q "'5 seconds' in prose may be" out || { cat out; fail "a value in Notes under Description passed"; }
grep -q "'7 seconds'" out && { cat out; fail "a value in Return value was reported"; }
grep -q "'8 seconds' in prose may be" out || { cat out; fail "a value in Example passed"; }
"$LITLAB" audit 01-ref.md >text 2>/dev/null
grep -q "let pass '60 seconds' as specified ('Description {.unnumbered}': a reference page's section that specifies the interface)" text ||
	{ cat text; fail "the ledger does not say which section let the value pass"; }

# A section that states the interface's defaults specifies it too (an option's value when unset).
cat >04-option.md <<'LESSON'
# `OPT_IDLE`

## Default

45 seconds

## Notes

The reference board idled for 6 seconds.
LESSON
"$LITLAB" check 04-option.md >out 2>&1
grep -q "'45 seconds'" out && { cat out; fail "a value in Default was reported"; }
grep -q "'6 seconds' in prose may be" out || { cat out; fail "a value in Notes after Default passed"; }

# A lesson's own headings are topics: a bare value there is reported, as before.
cat >02-lesson.md <<'LESSON'
# Timing a loop

## Descriptions of the runs

The second run ended its work, and then 9 seconds.
LESSON
"$LITLAB" check 02-lesson.md >out 2>&1
grep -q "'9 seconds' in prose may be" out || { cat out; fail "a value under a topic heading passed"; }

# The sections of one lesson end with it: a lesson checked after a reference page starts with none.
printf 'The second run ended its work, and then 10 seconds.\n' >03-bare.md
"$LITLAB" check 01-ref.md 03-bare.md >out 2>&1
grep -q "03-bare.md:1:.*'10 seconds' in prose may be" out || { cat out; fail "a lesson inherited the section of the one before"; }

# A rate left unsure is the interface's too under such a section (eighth round: a hint's rate);
# elsewhere it is still reported, and a rate a word decides is still a claim there.
cat >05-hint.md <<'LESSON'
# `HINT_TICK_RATE`

## Remarks

When set, the main callback is asked to iterate 30 times per second.

The tuned loop runs at 900 frames per second.

## Notes

The board was asked to iterate 40 times per second.
LESSON
"$LITLAB" check 05-hint.md >out 2>&1
grep -q "'30 times per second'" out && { cat out; fail "a rate in Remarks was reported"; }
grep -q "'900 frames per second' in prose is a performance claim" out || { cat out; fail "a claimed rate in Remarks passed"; }
grep -q "'40 times per second' in prose may be" out || { cat out; fail "a rate in Notes after Remarks passed"; }

# A worked case in such a section ("For example, if the callback took ...") shows what the interface
# does for a given input: its values pass even under a word of running (eighth round); a plain claim
# there, and the same case under Notes, are still reported.
cat >06-timer.md <<'LESSON'
# `add_timer()`

## Remarks

For example, if the callback took 200 ms to execute and returned 900, the timer waits another 700 ms.

For example, the idle loop takes 5 ms here.

## Notes

For example, if the callback took 300 ms to execute, the timer waits less.
LESSON
"$LITLAB" check 06-timer.md >out 2>&1
grep -q "'200 ms'" out && { cat out; fail "a worked case in Remarks was reported"; }
grep -q "'5 ms' in prose is a performance claim" out || { cat out; fail "a claim in an example sentence of Remarks passed"; }
grep -q "'300 ms' in prose is a performance claim" out || { cat out; fail "a worked case in Notes passed"; }
exit 0
