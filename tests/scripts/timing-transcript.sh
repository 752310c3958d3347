#!/bin/sh
# A transcript of an interactive session shown in a display block (tests/corpus/README.md, eleventh
# round): whatever its fence's tag, a block whose lines begin with a prompt (a word, a path or an
# address glued to '>', '$' or '#', a parenthesised name, "In [N]:", ">>> ") shows a session:
# - the lines typed after a prompt (and those that continue them: "... ", a '>' line, a line
#   indented under what was typed) are inputs: not read, their figures listed in the ledger;
# - what follows until the next prompt is what the program printed: read as output ("@time"'s
#   seconds and its "% gc time", %timeit's per-loop time);
# - a `console` block shown, not run, whose command starts a program with its own prompt: the same;
# - blocks that are no transcripts stay code, not read: C with '->' (even "node-> next") or a
#   parenthesised name ("(isnan) (x)") or a cast ("(void) alarm(1);"), a log's "Job# 1", a diff ('>' alone is a quotation's or a diff's mark), a
#   heredoc, Python with '>>>' in a docstring.
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-repl.md <<'EOF'
# Sessions

Plain words.

```
In [1]: %timeit parse(data, limit="40 ms")
1.2 ms ± 3 µs per loop (mean ± std. dev. of 7 runs, 1000 loops each)
In [2]: %timeit parse(data, limit="80 ms")
1.9 ms ± 5 µs per loop (mean ± std. dev. of 7 runs, 1000 loops each)
```

```julia
julia> @time work(100; pause = "5 s")
  0.412371 seconds (19 allocations: 608 bytes, 3.20% gc time)

julia> for i in 1:2
           @time step(i; budget = "9 ms")
       end
  0.100511 seconds
  0.098230 seconds
```

```console derived reason="an interactive session: shown, not run"
$ python3 -q
>>> sleep_for("250 ms")
>>> bench()
took 12.5 ms
```

```cpp
node-> next = head;   /* took 3 ms */
node-> prev = tail;   /* took 4 ms */
printf("%d\n", p->len >> 1);
```

```diff
3c3
< timeout = 5 s
---
> timeout = 2 ms
> retry = 7 ms
```

```sh
cat > run.conf <<END
interval = 10 s
END
```

```python
def slow():
    """Wait.

    >>> slow()
    took 6 s
    >>> slow()
    took 6 s
    """
```

```gdb
(gdb) run --delay 3s
the step took 4.5 ms
(gdb) continue
```

```cpp
(isnan) (x);
wait_for(x); /* took 6 ms */
```
EOF

check_lesson 01-repl.md
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, not 1"; fail=1; }
# an untagged IPython transcript: the typed arguments are inputs, the per-loop times (and their
# spread) output
refuse "'40 ms'"
refuse "'80 ms'"
expect "01-repl.md:7:1: error: a time value '1.2 ms' in a display block (shown, not run)"
expect "01-repl.md:9:1: error: a time value '1.9 ms' in a display block (shown, not run)"
# a Julia transcript in a fence tagged with its language: @time's output read, the typed lines not
refuse "'5 s'"
refuse "'9 ms'"
expect "01-repl.md:14:3: error: a time value '0.412371 seconds' in a display block"
expect "01-repl.md:14:48: error: a share of the run time '3.20% gc time' in a display block"
expect "01-repl.md:19:3: error: a time value '0.100511 seconds' in a display block"
expect "01-repl.md:20:3: error: a time value '0.098230 seconds' in a display block"
# a console block shown, not run, whose command starts a REPL
refuse "'250 ms'"
expect "01-repl.md:27:6: error: a time value '12.5 ms' in a derived output"
# no transcripts: code, a diff, a heredoc, a docstring
refuse "01-repl.md:3[0-9]:"
refuse "01-repl.md:4[0-9]:"
refuse "01-repl.md:5[0-9]:"
refuse "01-repl.md:6[0-2]:"
# a debugger's prompt, a parenthesised name before a command; "(isnan) (x)" is C, no prompt
refuse "'3s'"
expect "01-repl.md:63:15: error: a time value '4.5 ms' in a display block"
refuse "01-repl.md:6[4-9]:"
refuse "01-repl.md:7[0-9]:"
[ "$(grep -c 'timing-needs-metadata' err)" -eq 10 ] || { echo "FAIL: not 10 timing reports:"; cat err; fail=1; }

# C's casts open lines as a debugger's prompt does ("(void) alarm(1);" as "(gdb) break main"): no
# prompt, the block stays code, its comments not read as a program's output
cat >02-casts.md <<'EOF'
# Casts

```cpp
(void) signal(SIGALRM, on_alarm);
(void) alarm(1);
spin();   /* runs for 1 second, then the handler fires */
```

```cpp
(size_t) fwrite(buf, 1, n, out);
elapsed = now() - start;   /* took 5 ms */
```
EOF

check_lesson 02-casts.md
[ $rc -eq 0 ] || { echo "FAIL: casts: exit $rc, not 0"; fail=1; }
refuse "02-casts.md"

# a log's lines that open with a number's label glued to '#' ("Job# 1") are printed, no root prompt's
cat >03-log.md <<'EOF'
# A log

```
Job# 1 finished in 40 ms
Job# 2 finished in 55 ms
```
EOF

check_lesson 03-log.md
expect "03-log.md:4:.*'40 ms'"
expect "03-log.md:5:.*'55 ms'"

# a shell's prompt names its folder: after a `cd` it is the same prompt, the line after it typed
cat >04-cd.md <<'EOF'
# A session that changes folder

```
alice@lab:~/src$ cd build
alice@lab:~/src/build$ ./loadgen 30s
sent 1000 requests in 30.02 s
```
EOF

check_lesson 04-cd.md
refuse "04-cd.md:5:"
expect "04-cd.md:6:.*'30.02 s'"

# the prompts of other shells' defaults: "[user@host folder]$ " (Fedora's, RHEL's: a space inside
# its brackets; a `cd` changes the folder) and a bare folder, "~/src$ "
cat >04-brackets.md <<'EOF'
# Sessions on lab machines

```
[alice@lab src]$ cd build
[alice@lab build]$ ./loadgen 30s
sent 1000 requests in 30.04 s
```

```
~/src$ ./loadgen 45s
sent 1000 requests in 45.03 s
```
EOF

check_lesson 04-brackets.md
refuse "04-brackets.md:5:"
expect "04-brackets.md:6:.*'30.04 s'"
refuse "04-brackets.md:10:"
expect "04-brackets.md:11:.*'45.03 s'"

# Python and IPython mark a continued line with "... ": an indented line there is printed, as
# cProfile's header is
cat >05-cprofile.md <<'EOF'
# Profiling in Python

```
>>> import cProfile
>>> cProfile.run("solve(board)")
         214 function calls in 0.512 seconds
```

```
In [3]: %prun solve(board)
         214 function calls in 0.498 seconds
```
EOF

check_lesson 05-cprofile.md
expect "05-cprofile.md:6:.*'0.512 seconds'"
expect "05-cprofile.md:11:.*'0.498 seconds'"

in_ledger 01-repl.md \
	"01-repl.md:6:36: let pass '40 ms' as specified ('In [1]:': a line typed after a prompt" \
	"01-repl.md:13:33: let pass '5 s' as specified ('julia>': a line typed after a prompt" \
	"01-repl.md:17:36: let pass '9 ms' as specified ('an indent under what was typed': a line typed after a prompt" \
	"01-repl.md:25:16: let pass '250 ms' as specified (a line typed after a prompt"
exit $fail
