#!/bin/sh
# check --format sarif: a SARIF 2.1.0 log on stdout (docs/editors.md), checked for the structure
# the standard requires of what it holds, and against the JSON document's diagnostics: one result
# per diagnostic, at its file, line and column (in code points: the lesson has a multibyte
# character before one), with its rule id, level and message; the text diagnostics still on
# stderr; the exit status as with text.
set -u
LITLAB=${LITLAB:-build/litlab}
case $LITLAB in /*) ;; *) LITLAB=$(pwd)/$LITLAB ;; esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }
export LITLAB_CACHE_DIR="$work/cache"
mkdir -p "$work/les sons" && cp tests/editors/01-editors.md "$work/les sons/" || exit 1
printf '\n```c id=wide args=ü nosuch\nint main(void) { return 0; }\n```\n' >>"$work/les sons/01-editors.md"
cd "$work" || exit 1

"$LITLAB" check --format sarif "les sons/01-editors.md" >sarif.json 2>text.err
rc=$?
[ $rc -eq 1 ] || bad "exit $rc, not 1"
grep -q "^les sons/01-editors.md:[0-9]*:[0-9]*: error:" text.err || bad "no text diagnostics on stderr: $(cat text.err)"
"$LITLAB" check --format json "les sons/01-editors.md" >doc.json 2>/dev/null
python3 - <<'EOF' || bad "the SARIF log: $(head -c 3000 sarif.json)"
import json, sys
log = json.load(open("sarif.json"))
doc = json.load(open("doc.json"))
def need(cond, what):
    if not cond:
        print("SARIF:", what)
        sys.exit(1)
need(log.get("version") == "2.1.0", "version is not 2.1.0")
need(isinstance(log.get("$schema"), str) and "sarif-2.1.0" in log["$schema"], "no 2.1.0 $schema")
need(isinstance(log.get("runs"), list) and len(log["runs"]) == 1, "not one run")
run = log["runs"][0]
driver = run["tool"]["driver"]
need(driver["name"] == "litlab" and isinstance(driver.get("version"), str), "driver name or version")
rules = driver["rules"]
need(len({r["id"] for r in rules}) == len(rules), "a rule listed twice")
for r in rules:
    need(isinstance(r["shortDescription"]["text"], str) and r["shortDescription"]["text"], "rule without text")
need(run.get("columnKind") in ("utf16CodeUnits", "unicodeCodePoints"), "columnKind")
results = run["results"]
want = []
for l in doc["lessons"]:
    for g in l["diagnostics"]:
        want.append((g["path"], g["line"], g["rule"], g["severity"], g["message"], g["column"]))
need(len(results) == len(want), "%d results for %d diagnostics" % (len(results), len(want)))
text = open("les sons/01-editors.md", encoding="utf-8").read().split("\n")
for res, (path, line, rule, sev, msg, col) in zip(results, want):
    need(res["ruleId"] == rule, "ruleId %s, not %s" % (res["ruleId"], rule))
    need(rules[res["ruleIndex"]]["id"] == rule, "ruleIndex points at another rule")
    need(res["level"] == {"error": "error", "warning": "warning", "note": "note"}[sev], "level")
    need(res["message"]["text"].startswith(msg), "message %r" % res["message"]["text"][:80])
    locs = res["locations"]
    need(len(locs) == 1, "not one location")
    art = locs[0]["physicalLocation"]["artifactLocation"]
    need(art["uri"] == path.replace(" ", "%20") and art.get("uriBaseId") == "%SRCROOT%", "uri %r" % art)
    reg = locs[0]["physicalLocation"]["region"]
    need(reg["startLine"] == line, "startLine %d, not %d" % (reg["startLine"], line))
    # Columns count code points: the byte column's prefix, decoded.
    prefix = text[line - 1].encode("utf-8")[:col - 1].decode("utf-8", "replace")
    need(reg["startColumn"] == len(prefix) + 1, "startColumn %d at %s:%d:%d" % (reg["startColumn"], path, line, col))
# After a multibyte character, the byte column (22) and the code point column (21) differ.
odd = [r for r in results if "'nosuch'" in r["message"]["text"]]
need(odd and odd[0]["locations"][0]["physicalLocation"]["region"]["startColumn"] == 21, "the column after 'ü'")
need([g for g in want if "'nosuch'" in g[4]][0][5] == 22, "the byte column of 'nosuch' is not 22")
EOF

"$LITLAB" check --format yaml "les sons/01-editors.md" >usage.out 2>&1
[ $? -eq 2 ] && grep -q "text, json or sarif" usage.out || bad "--format yaml: $(cat usage.out)"
[ $fail -eq 0 ] && echo "sarif: ok"
exit $fail
