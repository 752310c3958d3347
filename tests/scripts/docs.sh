#!/bin/sh
# The docs say what the code does: docs/lesson-format.md, docs/json.md and docs/litlab.1 are
# compared with what litlab itself prints and accepts, never with a copy kept here:
#   - rule ids: 'litlab rules' and the ids the engine's sources report, against the rule table;
#   - attributes, modes, front matter keys, match modes: the lists litlab's own error messages
#     give for an unknown one (and the names lesson.c compares), against the format's tables;
#     statistics: measure.c's list;
#   - commands and options: 'litlab --help' and 'litlab CMD --help', against the manual page's
#     sections, both ways; the environment variables the sources read, against ENVIRONMENT;
#   - JSON: the example lesson of docs/json.md is checked, and the document must have exactly the
#     fields of the example shown there, each in a table (and each table's field in the sources);
#   - the manual page renders without a warning (when groff is there); no doc cites DESIGN.md,
#     which a clone does not have.
# Run from the project root with LITLAB set (tests/run.sh does).
set -u
LITLAB=${LITLAB:-build/litlab}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0

# What litlab accepts, from its own messages about what it does not.
cat >"$work/probe.md" <<'EOF'
---
nosuchkey: 1
---
# Probe

```c nosuchattr
int main(void) { return 0; }
```

```text nosuchattr
shown
```

```console nosuchattr
$ true
```

```c
int main(void) { return 0; }
```

```output nosuchattr=1 match=nosuchmatch stream=nosuchstream
x
```
EOF
"$LITLAB" check --no-rules "$work/probe.md" >/dev/null 2>"$work/probe.out"
"$LITLAB" rules >"$work/rules.out" 2>&1 || { echo "FAIL: litlab rules"; cat "$work/rules.out"; fail=1; }
"$LITLAB" --help >"$work/help.out" 2>&1
for c in $(sed -n '/^commands:/,/^$/s/^  \([a-z][a-z-]*\) .*/\1/p' "$work/help.out"); do
	"$LITLAB" "$c" --help >"$work/help-$c.out" 2>&1 || { echo "FAIL: litlab $c --help"; fail=1; }
done
"$LITLAB" --version >"$work/version.out"

# The example of docs/json.md, checked as the doc says.
mkdir -p "$work/json/lessons"
awk '/^````markdown$/ { on = 1; next } on && /^````$/ { exit } on' docs/json.md >"$work/json/lessons/01-example.md"
(cd "$work/json" && LITLAB_CACHE_DIR="$work/cache" "$LITLAB" check --format json lessons/01-example.md) \
	>"$work/json.out" 2>"$work/json.err"
rc=$?
[ $rc -le 1 ] || { echo "FAIL: the example of docs/json.md: exit $rc"; cat "$work/json.err"; fail=1; }

WORK=$work python3 - <<'EOF' || fail=1
import glob, json, os, re, sys

work = os.environ["WORK"]
bad = []

def read(p):
    with open(p, encoding="utf-8") as f:
        return f.read()

def section(text, title):
    """The lines of the Markdown section whose heading is title, up to the next heading as high."""
    lines = text.split("\n")
    for i, l in enumerate(lines):
        m = re.match(r"(#+) (.*)$", l)
        if m and m.group(2) == title:
            out = []
            for k in lines[i + 1:]:
                n = re.match(r"(#+) ", k)
                if n and len(n.group(1)) <= len(m.group(1)):
                    break
                out.append(k)
            return out
    bad.append("no section '%s'" % title)
    return []

def tables(lines):
    """Each table of the lines: the code spans of the first cell of each row, header and rule left out."""
    out, cur, inside = [], None, False
    for l in lines + [""]:
        if l.startswith("|"):
            if not inside:
                cur, inside = [], True
                continue  # the header
            cells = re.split(r"(?<!\\)\|", l)
            if re.match(r"\s*-+\s*$", cells[1]):
                continue  # the rule
            cur.append(re.findall(r"`([^`]+)`", cells[1]))
        elif inside:
            out.append([x for row in cur for x in row])
            inside = False
    return out

def compare(what, truth, documented):
    if not truth:
        bad.append("%s: found none in litlab or its sources: the test no longer reads them" % what)
    for x in sorted(set(truth) - set(documented)):
        bad.append("%s: '%s' is not documented" % (what, x))
    for x in sorted(set(documented) - set(truth)):
        bad.append("%s: '%s' is documented but does not exist" % (what, x))

def accepted(pattern):
    m = re.search(pattern, probe)
    if not m:
        bad.append("litlab no longer says: " + pattern)
        return []
    return [x.strip() for x in m.group(1).split(",")]

probe = read(work + "/probe.out")
fmt = read("docs/lesson-format.md")
sources = {p: read(p) for p in sorted(glob.glob("engine/*/*.c"))}
headers = "".join(read(p) for p in sorted(glob.glob("engine/*/*.h")))

# Rule ids.
rules_out = read(work + "/rules.out")
lua_ids = re.findall(r"^([a-z][a-z0-9-]*) ", rules_out, re.M)
aliases = [a for line in re.findall(r"^\s+aliases:(.*)$", rules_out, re.M) for a in line.split()]
engine_ids = set()
for text in sources.values():
    flat = re.sub(r"\s+", " ", text)
    engine_ids |= set(re.findall(r'\b(?:diags_add|error_at)\([^";]*"([a-z][a-z-]*)"', flat))
rule_tables = tables(section(fmt, "Rule ids"))
compare("rule id", set(lua_ids) | engine_ids, rule_tables[0] if rule_tables else [])
for a in aliases:
    if "(alias `%s`)" % a not in fmt:
        bad.append("rule alias '%s' is not documented in docs/lesson-format.md" % a)

# Front matter keys.
fm = tables(section(fmt, "Front matter"))
compare("front matter key", accepted(r"known: ([^)]*)\)"), fm[0] if fm else [])

# Attributes and modes.
# "id, use, ..., reason, and one mode: run, measure, ..."
m = re.search(r"unknown attribute 'nosuchattr' on a c block \(accepted: (.*), and one mode: ([^)]*)\)", probe)
if not m:
    bad.append("litlab no longer lists a c block's attributes and modes")
c_list = [x.strip() for x in m.group(1).split(",")] if m else []
modes = [x.strip() for x in m.group(2).split(",")] if m else []
c_table = tables(section(fmt, "Attributes of a c block"))
compare("c block attribute or mode", c_list + modes, c_table[0] if c_table else [])
other = tables(section(fmt, "Attributes of other code blocks"))
compare("display block attribute", accepted(r"on a text block \(accepted: ([^)]*)\)"), other[0] if other else [])
console = tables(section(fmt, "Attributes of a console block"))
compare("console block attribute", accepted(r"on a console block \(accepted: ([^)]*)\)"), console[0] if console else [])
out_list = accepted(r"on an output block \(accepted: ([^)]*)\)")
out_table = tables(section(fmt, "Output and stdin blocks"))
compare("output block attribute", [x.split("=")[0] for x in out_list], out_table[0] if out_table else [])
mode_table = tables(section(fmt, "Languages and modes"))
compare("mode", modes + ["display", "session"], mode_table[0] if mode_table else [])
# What lesson.c compares attribute names with must be in one of the tables.
lesson_c = sources.get("engine/lesson/lesson.c", "")
named = set(re.findall(r'strcmp\(a->key, "([a-z-]+)"\)', lesson_c))
documented = set(x for t in c_table + other + console + out_table for x in t)
for x in sorted(named - documented):
    bad.append("attribute '%s' (engine/lesson/lesson.c) is not documented" % x)

# Match modes, from "match=exact|ellipsis|contains", and the streams.
matches = [x for x in out_list if x.startswith("match=")]
match_table = tables(section(fmt, "Matching output"))
compare("match mode", matches[0][len("match="):].split("|") if matches else [], match_table[0] if match_table else [])
for s in re.findall(r"stream=([a-z|]+)", " ".join(out_list))[0].split("|") if out_list else []:
    if "`%s`" % s not in fmt:
        bad.append("stream '%s' is not documented" % s)

# Statistics of {{measure:...}}.
m = re.search(r'measure_stat_names\[\] = "([^"]*)"', sources.get("engine/run/measure.c", ""))
stats = [x.strip() for x in m.group(1).split(",")] if m else []
if not stats:
    bad.append("engine/run/measure.c: no measure_stat_names")
ref_tables = tables(section(fmt, "Measured values"))
compare("statistic", stats, ref_tables[1] if len(ref_tables) > 1 else [])

# The manual page: commands and their options, both ways.
man = read("docs/litlab.1")
help_all = read(work + "/help.out")
commands = re.findall(r"^  ([a-z][a-z-]*) ", help_all.split("commands:")[1].split("\n\n")[0], re.M)
man_sections = {}
cur = None
lines = man.split("\n")
for i, l in enumerate(lines):
    if l.startswith(".SH"):
        cur = None
    m = re.match(r'\.SS "?([^"]*)"?$', l)
    if m:
        cur = m.group(1)
        man_sections[cur] = set()
    elif cur and l == ".TP" and i + 1 < len(lines):
        opts = re.findall(r"(?<![\w\\-])\\-(\\-[a-z][a-z\\-]*|[a-zA-Z]\b)", lines[i + 1])
        man_sections[cur] |= set("-" + o.replace("\\-", "-") for o in opts)
compare("command in docs/litlab.1", commands, [s for s in man_sections if s != "Without a command"])
for c in commands:
    text = read("%s/help-%s.out" % (work, c))
    opts = set()
    for l in text.split("\n"):
        m = re.match(r"  (-[a-zA-Z])?(?:, )?(--[a-z][a-z-]*)?(?= |$)", l)
        if m and (m.group(1) or m.group(2)):
            opts |= set(x for x in m.groups() if x)
    compare("option of '%s' in docs/litlab.1" % c, opts, man_sections.get(c, set()))
for o in ("--help", "--version"):
    if o.replace("-", "\\-") not in man:
        bad.append("docs/litlab.1 does not document litlab %s" % o)
version = read(work + "/version.out").split()[-1]
if not re.search(r'^\.TH LITLAB 1 \S+ "litlab %s"' % re.escape(version), man, re.M):
    bad.append("docs/litlab.1's .TH does not name litlab %s" % version)

# The environment litlab reads, in ENVIRONMENT.
defines = dict(re.findall(r'#define (\w+) "([A-Z_]+)"', "".join(sources.values()) + headers))
read_env = set()
for text in sources.values():
    for name in re.findall(r'getenv\((\w+|"[A-Z_]+")\)', text):
        read_env.add(name.strip('"') if name.startswith('"') else defines.get(name, name))
env_sec = man.split(".SH ENVIRONMENT")[1].split("\n.SH ")[0] if ".SH ENVIRONMENT" in man else ""
env_doc = re.findall(r"^\.TP\n\.B ([A-Z_]+)$", env_sec, re.M)
compare("environment variable in docs/litlab.1", read_env, env_doc)
# 'litlab --help' lists every variable a user may set (the manual's, but the one litlab sets
# for its own helpers), and the ones lesson programs read outside litlab.
help_env = help_all.split("\nenvironment:\n")[1] if "\nenvironment:\n" in help_all else ""
for v in sorted(set(env_doc) - {"LITLAB_SANDBOX_HELPER"}) + ["LITLAB_REGION_STDERR"]:
    if not re.search(r"^  %s " % v, help_env, re.M):
        bad.append("litlab --help does not list the environment variable %s" % v)
# Each command's usage line names every option its --help lists.
for c in commands:
    text = read("%s/help-%s.out" % (work, c))
    usage = text.split("\n\n")[0]
    for l in text.split("\n"):
        m = re.match(r"  (-[a-zA-Z])?(?:, )?(--[a-z][a-z-]*)?(?= |$)", l)
        forms = [x for x in (m.groups() if m else ()) if x]
        if forms and "--help" not in forms and not any(re.search(r"\[%s[] ]" % re.escape(f), usage) for f in forms):
            bad.append("the usage line of 'litlab %s --help' does not name %s" % (c, forms[-1]))

# The engine's own rule ids (engine/rules/rules.c: which may be suppressed) are the ids the sources report.
m = re.search(r"engine_rule_ids\[\] = \{([^}]*)\}", sources.get("engine/rules/rules.c", ""))
listed = set(re.findall(r'"([a-z-]+)"', m.group(1))) if m else set()
compare("engine rule id in engine/rules/rules.c's engine_rule_ids", engine_ids, listed)

# JSON: the example's fields are those litlab prints now, and each is in a table.
def paths(v, at=""):
    out = set()
    if isinstance(v, dict):
        for k, x in v.items():
            out.add(at + "/" + k)
            out |= paths(x, at + "/" + k)
    elif isinstance(v, list):
        for x in v:
            out |= paths(x, at + "[]")
    return out

jdoc = read("docs/json.md")
m = re.search(r"^```json\n(.*?)^```$", jdoc, re.M | re.S)
try:
    shown = json.loads(m.group(1)) if m else None
except ValueError as e:
    shown = None
    bad.append("docs/json.md: the example is not JSON: %s" % e)
try:
    real = json.loads(read(work + "/json.out"))
except ValueError as e:
    real = None
    bad.append("the example lesson's JSON: %s" % e)
if shown is not None and real is not None:
    compare("JSON field (as litlab prints it for the example)", paths(real), paths(shown))
    names = set(p.rsplit("/", 1)[1] for p in paths(real))
    json_fields = set(x for t in tables(jdoc.split("\n")) for x in t)
    for x in sorted(names - json_fields):
        bad.append("JSON field '%s' is in no table of docs/json.md" % x)
    emitted = set(re.findall(r'"([a-z_0-9]+)"', sources.get("engine/render/report.c", "") +
                              sources.get("engine/cmd/course_check.c", "") +
                              sources.get("engine/cmd/receipts.c", "") + sources.get("engine/cmd/cmd-verify.c", "")))
    for x in sorted(json_fields - emitted):
        if re.fullmatch(r"[a-z_0-9]+", x):
            bad.append("docs/json.md documents field '%s', which no source of litlab's JSON writes" % x)

# No doc cites the contract a clone does not have; the README links every doc.
for p in ["README.md"] + sorted(p for p in glob.glob("docs/*") if not p.endswith(".png")):
    if "DESIGN.md" in read(p):
        bad.append("%s cites DESIGN.md, which is not in the repository" % p)
readme = read("README.md")
for p in sorted(glob.glob("docs/*")):
    if "(%s)" % p not in readme:
        bad.append("README.md does not link %s" % p)

for b in bad:
    print("FAIL: " + b)
sys.exit(1 if bad else 0)
EOF

# The manual page renders without a warning.
if command -v groff >/dev/null 2>&1; then
	out=$(groff -man -Tutf8 -ww -z docs/litlab.1 2>&1)
	[ $? -eq 0 ] && [ -z "$out" ] || { echo "FAIL: groff warns about docs/litlab.1: $out"; fail=1; }
else
	echo "docs: groff not found: the manual page's rendering is not checked (apt-get install groff-base)"
fi
[ $fail -eq 0 ] && echo "docs: in step with litlab"
exit $fail
