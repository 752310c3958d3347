#!/usr/bin/env python3
"""shard_sim.py LITLAB WORK LESSONS BLOCKS SHARDS: the sharding simulation (issue 17).

A generated course (gen_shard_course.py) is checked twice, as two CI set-ups would:

  one machine:   check (every block runs), then build -o site-one (runs nothing);
  a CI matrix:   SHARDS machines, each with its own cache and its own secret (XDG_STATE_HOME), each
                 `check --shard I/N` then `evidence export --shard I/N`; then one more machine
                 `evidence import` of every archive and `build -o site-sharded`.

It asserts that
  - the build after the imports ran nothing: every caption of a block that has evidence (executed,
    measured, compiled, compile failure, session) says its evidence came from the cache, and a
    check on that machine afterwards reports every block `"cached": true`;
  - the two sites hold the same files, and the same pages, blocks, statuses and outputs: every HTML
    page is compared line by line after masking what a run measures, which no two runs share:
    each number (with its unit of time or memory, if any) in a measure panel, a distribution plot
    (<dl class="measure-panel">, <svg>) or a {{measure:...}} figure of the prose (<a
    class="measure-ref">) becomes '#'; so does every figure followed by a unit of time or memory
    (ns, us, ms, s, KiB, MiB...) anywhere (the ledger's wall times), and every UTC date and time
    (2026-12-01T15:27:12Z), the load average a measurement was taken at ("load average 4.90"),
    and the hash of each receipt (a block's receipt holds what it claims, a measurement's quartiles
    among it: receipts.html and each caption's link). Everything else, outputs and statuses included, must be equal
    byte for byte. Files that are not pages (style.css aside) are compared by name only: a record's
    bytes, and so any hash of them, differ between two runs by their timings.

It prints, for each step: wall time, the peak resident memory of its largest process (wait4's
ru_maxrss: litlab, or a process it waited for, such as a compiler) and the machine's 1-minute load
average when it started (a busy machine makes a step slower: compare steps run at like loads), the slowest shard against the
unsharded check (each shard run alone, one after another), and the evidence's size per block.
Exit status 0 when every assertion holds.
"""
import json
import os
import re
import subprocess
import sys
import time

litlab, work, lessons, blocks, shards = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
here = os.path.dirname(os.path.abspath(__file__))
course = os.path.join(work, "course")
subprocess.run([sys.executable, os.path.join(here, "gen_shard_course.py"), course, str(lessons), str(blocks)], check=True)
failures = []
figures = []


def machine(name):
    """The environment of one machine: its own cache and its own secret."""
    d = os.path.join(work, "machine-" + name)
    os.makedirs(d, mode=0o700, exist_ok=True)
    env = dict(os.environ)
    env["XDG_STATE_HOME"] = d
    env["LITLAB_CACHE_DIR"] = os.path.join(d, "cache")
    env.pop("LITLAB_EVIDENCE_KEY", None)
    return env


def step(label, env, *args, ok=(0,), stdout=None):
    """Runs litlab with args; returns (wall seconds, peak RSS in KiB, stdout)."""
    load = os.getloadavg()[0]
    start = time.monotonic()
    p = subprocess.Popen([litlab] + list(args), env=env, cwd=work, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = p.communicate()
    wall = time.monotonic() - start
    rss = p.rusage.ru_maxrss if hasattr(p, "rusage") else 0
    if p.returncode not in ok:
        failures.append("%s: exit %d\n%s" % (label, p.returncode, err.decode(errors="replace")[-3000:]))
    figures.append((label, wall, rss, load))
    step.err = err.decode(errors="replace")
    return wall, rss, out


# subprocess does not keep the rusage of its child: wait4 does.
class _Popen(subprocess.Popen):
    def _try_wait(self, wait_flags):
        pid, sts, ru = os.wait4(self.pid, wait_flags)
        if pid == self.pid:
            self.rusage = ru
        return (pid, sts)


subprocess.Popen = _Popen

one = machine("one")
whole, _, _ = step("unsharded: check", one, "check", "course")
step("unsharded: build", one, "build", "-o", "site-one", "course")

archives = []
shard_walls = []
sizes = []
for i in range(1, shards + 1):
    env = machine("shard-%d" % i)
    w_check, _, _ = step("shard %d/%d: check" % (i, shards), env, "check", "--shard", "%d/%d" % (i, shards), "course")
    m = re.search(r"shard [0-9]+/[0-9]+: ([0-9]+) of the", step.err)
    sizes.append(int(m.group(1)) if m else -1)
    tar = "evidence-%d.tar" % i
    w_export, _, _ = step("shard %d/%d: export" % (i, shards), env, "evidence", "export", "--shard", "%d/%d" % (i, shards),
                          tar, "course")
    shard_walls.append((w_check, w_check + w_export))
    archives.append(tar)

build = machine("build")
step("build machine: import", build, "evidence", "import", *archives)
step("build machine: build", build, "build", "-o", "site-sharded", "course")

# The build ran nothing: every caption of a block that ran (executed, measured, session) says its
# evidence came from the cache, and so does every row of the ledger that names a compiler (the
# compile-only and compile-fail blocks' captions do not say where their evidence came from).
ran_caption = re.compile(r'<figcaption class="caption"><span class="badge">(executed|measured|session)')
site = os.path.join(work, "site-sharded")
counted = captions = ran = 0
for name in sorted(os.listdir(site)):
    if not name.endswith(".html") or name == "index.html":
        continue
    for line in open(os.path.join(site, name), encoding="utf-8"):
        if (ran_caption.search(line) and "from the cache" not in line) or (
                name == "audit.html" and "<samp>" in line and not re.search(r"\bcached\b", line)):
            ran += 1
            if ran <= 3:
                failures.append("the build ran a block: %s: %s" % (name, line.strip()[:300]))
        counted += name == "audit.html" and "<samp>" in line
        captions += bool(ran_caption.search(line))
if counted == 0:
    failures.append("no row of the ledger names a compiler on the sharded site")
if ran:
    failures.append("the build after the imports ran %d blocks (of %d with evidence)" % (ran, counted))
# And a check on the build machine takes every block from the cache.
_, _, out = step("build machine: check --format json", build, "check", "--format", "json", "course")
try:
    doc = json.loads(out)
    evs = [b.get("evidence") for l in doc["lessons"] for b in l["blocks"]]
    fresh = [e for e in evs if e and not e.get("cached")]
    if fresh or not any(evs):
        failures.append("a check after the imports ran %d blocks" % len(fresh))
except ValueError as e:
    failures.append("check --format json: %s" % e)
figures.pop()

# The two sites: the same files; the same pages once what a run measures is masked.
QUANTITY = r"[0-9][0-9.]*(\s?(ns|µs|us|ms|s|KiB|MiB|GiB|kB|KB|MB)\b)?"


def digits(m):
    return re.sub(QUANTITY, "#", m.group(0))


MASKS = [
    re.compile(r'<dl class="measure-panel".*?</dl>', re.S),
    re.compile(r"<svg.*?</svg>", re.S),
    re.compile(r'<a class="measure-ref"[^>]*>[^<]*</a>'),
    re.compile(r"\b[0-9][0-9.]* ?(ns|µs|us|ms|s|KiB|MiB|GiB|kB|KB|MB)\b"),
    re.compile(r"\b[0-9]{4}-[0-9]{2}-[0-9]{2}[T ][0-9]{2}:[0-9]{2}(:[0-9]{2})?Z?"),
    re.compile(r"load average [0-9][0-9.]*"),
]
# Receipt hashes: replaced whole (digits() would leave their letters).
RECEIPTS = [
    re.compile(r'data-receipt="sha256:[0-9a-f]{64}"'),
    re.compile(r"receipt <code>[0-9a-f]{64}</code>"),
]
masked = 0


def mask(text):
    global masked
    for m in MASKS:
        text, n = m.subn(digits, text)
        masked += n
    for m in RECEIPTS:
        text, n = m.subn("receipt #", text)
        masked += n
    return text


a, b = os.path.join(work, "site-one"), os.path.join(work, "site-sharded")
files_a = sorted(os.path.relpath(os.path.join(r, f), a) for r, _, fs in os.walk(a) for f in fs)
files_b = sorted(os.path.relpath(os.path.join(r, f), b) for r, _, fs in os.walk(b) for f in fs)
if files_a != files_b:
    failures.append("the sites hold other files: %s" % sorted(set(files_a) ^ set(files_b)))
pages = 0
for f in files_a:
    if f not in files_b or not (f.endswith(".html") or f.endswith(".css")):
        continue
    x = mask(open(os.path.join(a, f), encoding="utf-8").read()).split("\n")
    y = mask(open(os.path.join(b, f), encoding="utf-8").read()).split("\n")
    pages += 1
    if x != y:
        diff = [(i + 1, p, q) for i, (p, q) in enumerate(zip(x, y)) if p != q][:3]
        failures.append("%s differs after masking (%d lines against %d); first: %s" % (f, len(x), len(y), diff))

size = sum(os.path.getsize(os.path.join(work, t)) for t in archives)
records = 0
for t in archives:
    out = subprocess.run(["tar", "tf", os.path.join(work, t)], capture_output=True, text=True).stdout
    records += sum(1 for line in out.split("\n") if line.startswith("evidence/"))

print("course: %d lessons, %d blocks (%d records: the blocks that compile or run)" % (lessons, blocks, records))
for label, wall, rss, load in figures:
    print("  %-34s %8.2f s   peak RSS %7.1f MiB   load %5.2f" % (label, wall, rss / 1024.0, load))
slow = max(shard_walls, key=lambda w: w[0])
slow_job = max(w[1] for w in shard_walls)
print("slowest shard check against the unsharded check: %.2f s / %.2f s = %.2fx (target <= 0.3x with 4 shards)"
      % (slow[0], whole, slow[0] / whole if whole else 0))
print("slowest shard job (check + export) against the unsharded check: %.2f s / %.2f s = %.2fx"
      % (slow_job, whole, slow_job / whole if whole else 0))
print("evidence: %d bytes in %d archives: %.0f bytes per record, %.0f bytes per block of the course"
      % (size, len(archives), size / max(records, 1), size / max(blocks, 1)))
print("blocks per shard: %s (of %d)" % (", ".join(str(n) for n in sizes), blocks))
print("sites: %d files, %d pages compared, %d measured values and dates masked" % (len(files_a), pages, masked))
print("the build after the imports ran nothing: %d of %d ledger rows that name a compiler say 'cached', and %d "
      "captions of executed, measured or session blocks say the evidence came from the cache"
      % (counted - ran, counted, captions))
for f in failures:
    print("FAIL: " + f)
sys.exit(1 if failures else 0)
