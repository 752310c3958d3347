#!/usr/bin/env python3
"""jobs.py LITLAB WORK: the evidence cache and parallel runs (issue 7), as a table of ratios.

Each ratio is measured side by side in this one run: the sides alternate within each round
(and the order rotates from round to round), so that both see the same machine; the figure
is the median of the rounds' ratios (each round's two sides ran minutes apart at most). The
CPU time of each side (its own and its children's, from wait4) is shown beside the wall
time: on a busy machine wall time also counts the waiting for a CPU, CPU time does not.
Targets that are missed are printed as missed.

  cold   check --fresh -j 1  against  a shell loop of `cc FLAGS && ./a.out` over the same
         programs with the same flags, on a course of 100 blocks
  jobs   check --fresh -j 2  against  check --fresh -j 1 on the same course
  warm   check with nothing changed: the whole run divided by the 100 blocks; and the cost
         of one more block: (1000-block course - 100-block course) / 900
  rss    peak resident memory of check itself at 1000 blocks: warm (wait4's ru_maxrss: its
         children are only `cc --version`) and cold (VmHWM of the process, read every 5 ms:
         wait4's figure would be the compiler's)

BENCH_ROUNDS (default 5) sets the rounds of the cold and -j sides.
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

# Everything goes to a new folder inside WORK: the courses, their programs and the evidence
# cache are made afresh on every run, so that a WORK used before (the same folder given twice)
# neither stops the run on folders that exist already nor warms its "cold" sides.
litlab = os.path.abspath(sys.argv[1])
os.makedirs(sys.argv[2], exist_ok=True)
work = tempfile.mkdtemp(prefix="jobs-", dir=os.path.abspath(sys.argv[2]))
top = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
rounds = int(os.environ.get("BENCH_ROUNDS", "5"))
cflags = "-std=c11 -O2"  # gen_course.py's CFLAGS
env = dict(os.environ, LITLAB_CACHE_DIR=os.path.join(work, "cache"))
env.pop("NO_COLOR", None)


def gen(name, lessons, blocks):
    course, progs = os.path.join(work, name), os.path.join(work, name + "-progs")
    os.makedirs(course)
    os.makedirs(progs)
    subprocess.run([sys.executable, os.path.join(top, "tests/bench/gen_course.py"), course, str(lessons), "0",
                    "--blocks", str(blocks), "--programs", progs], check=True)
    return course, progs


def run_cpu(argv):
    """(wall seconds, CPU seconds of it and its children) of argv; it must succeed."""
    t0 = time.perf_counter()
    p = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    err = p.stderr.read()
    _, status, ru = os.wait4(p.pid, 0)
    t = time.perf_counter() - t0
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode != 0:
        sys.exit(f"bench: {' '.join(argv)} failed ({p.returncode}): {err.decode()[-2000:]}")
    return t, ru.ru_utime + ru.ru_stime


def run(argv):
    return run_cpu(argv)[0]


def peak_rss_kb(argv):
    """(VmHWM of the process, read until it exits; ru_maxrss from wait4) in KiB."""
    p = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    hwm = 0
    while True:
        try:
            with open(f"/proc/{p.pid}/status") as f:
                for line in f:
                    if line.startswith("VmHWM:"):
                        hwm = max(hwm, int(line.split()[1]))
        except OSError:
            pass
        pid, status, ru = os.wait4(p.pid, os.WNOHANG)
        if pid:
            return hwm, ru.ru_maxrss
        time.sleep(0.005)


load_before = os.getloadavg()[0]
c100, p100 = gen("c100", 10, 10)
c1000, _ = gen("c1000", 100, 10)
aout = os.path.join(work, "a.out")
bare = ["sh", "-c", 'for f in "$1"/*.c; do cc $3 -o "$2" "$f" && "$2" >/dev/null </dev/null || exit 1; done',
        "bare", p100, aout, cflags]
sides = {
    "bare": bare,
    "j1": [litlab, "check", "--fresh", "-j", "1", c100],
    "j2": [litlab, "check", "--fresh", "-j", "2", c100],
}
times = {k: [] for k in sides}
cpu = {k: [] for k in sides}
order = list(sides)
for r in range(rounds):
    for k in order[r % 3:] + order[:r % 3]:
        t, c = run_cpu(sides[k])
        times[k].append(t)
        cpu[k].append(c)
med = {k: statistics.median(v) for k, v in times.items()}
medcpu = {k: statistics.median(v) for k, v in cpu.items()}


def paired(a, b):
    """The median of the rounds' ratios a/b."""
    return statistics.median(x / y for x, y in zip(times[a], times[b]))


# Warm: the cache is full from the rounds above; nothing changes between runs.
warm100 = statistics.median([run([litlab, "check", c100]) for _ in range(10)])
run([litlab, "check", c1000])  # cold: fills the cache for the 1000-block course
warm1000 = statistics.median([run([litlab, "check", c1000]) for _ in range(5)])
per_block = warm100 / 100 * 1000
marginal = (warm1000 - warm100) / 900 * 1000

hwm_cold, _ = peak_rss_kb([litlab, "check", "--fresh", c1000])
hwm_warm, ru_warm = peak_rss_kb([litlab, "check", c1000])
rss_mb = max(ru_warm, hwm_cold) / 1024

cpus = os.cpu_count()
cold, jobs = paired("j1", "bare"), paired("j2", "j1")
rows = [
    ("cold check --fresh -j 1 / bare `cc && ./a.out` loop, 100 blocks",
     f"{cold:.3f}x ({med['j1']:.2f} s / {med['bare']:.2f} s; CPU {medcpu['j1'] / medcpu['bare']:.3f}x)",
     "<= 1.05x", cold <= 1.05),
    ("check --fresh -j 2 / check --fresh -j 1, 100 blocks",
     f"{jobs:.3f}x ({med['j2']:.2f} s / {med['j1']:.2f} s; {cpus} CPUs)", "<= 0.6x", jobs <= 0.6),
    ("warm check, nothing changed: whole run / 100 blocks",
     f"{per_block:.3f} ms per block ({warm100 * 1000:.1f} ms in all)", "<= 0.5 ms", per_block <= 0.5),
    ("warm check: one block more, (1000 - 100 blocks) / 900",
     f"{marginal:.3f} ms per block ({warm1000 * 1000:.1f} ms for 1000)", "<= 0.5 ms", marginal <= 0.5),
    ("peak RSS of check at 1000 blocks (max of warm and cold)",
     f"{rss_mb:.1f} MB (warm {ru_warm / 1024:.1f}, cold {hwm_cold / 1024:.1f})", "<= 50 MB", rss_mb <= 50),
]
w = max(len(r[0]) for r in rows)
v = max(len(r[1]) for r in rows)
print(f"{'':<{w}}  {'measured':<{v}}  target     ")
for name, value, target, ok in rows:
    print(f"{name:<{w}}  {value:<{v}}  {target:<9}  {'met' if ok else 'MISSED'}")
load_after = os.getloadavg()[0]
print(f"({rounds} rounds of the cold and -j sides, sides alternating; medians of the rounds' ratios; load average "
      f"{load_before:.2f} before, {load_after:.2f} after, on {cpus} CPUs)")
if max(load_before, load_after) > 1.0:
    print("note: other work was running: the ratios, and -j 2 most of all (it needs a second idle CPU), "
          "are not what an idle machine gives")
