#!/bin/sh
# litlab evidence export / import: records move between caches signed with different secrets (two
# machines); a check after the import runs nothing; a record is never replaced by another of its key;
# a hostile archive is refused whole, naming the file and the entry, and nothing of it is imported:
# a changed record, links, a folder, "..", an absolute name, a huge size, a key twice, a record the
# manifest does not list or a listed one missing, a cut-short file, a bad header, a pax header, a
# record of another key; with LITLAB_EVIDENCE_KEY, a manifest changed with its record.
set -u
LITLAB=${LITLAB:-build/litlab}
case $LITLAB in /*) ;; *) LITLAB=$(pwd)/$LITLAB ;; esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
unset LITLAB_EVIDENCE_KEY
mkdir -p "$work/course" "$work/a" "$work/b" "$work/c"
chmod 700 "$work/a" "$work/b" "$work/c"
cd "$work" || exit 1
i=1
for n in 1 2 3; do
	{
		printf '# Lesson %d\n\n' $n
		for b in 1 2; do
			printf '```c id=b%d\n#include <stdio.h>\nint main(void) { puts("%d.%d"); return 0; }\n```\n\n```output\n%d.%d\n```\n\n' \
				$b $n $b $n $b
		done
	} >course/0$n-l.md
done
# Machine A and machine B: their own cache and their own secret.
on() { m=$1; shift; XDG_STATE_HOME=$work/$m LITLAB_CACHE_DIR=$work/$m/cache "$@"; }
on a "$LITLAB" check --shard 1/2 course 2>a.err || { cat a.err; echo "FAIL: shard 1/2"; fail=1; }
on b "$LITLAB" check --shard 2/2 course 2>b.err || { cat b.err; echo "FAIL: shard 2/2"; fail=1; }
on a "$LITLAB" evidence export --shard 1/2 a.tar course 2>ea.err || { cat ea.err; echo "FAIL: export a"; fail=1; }
on b "$LITLAB" evidence export --shard 2/2 b.tar course 2>eb.err || { cat eb.err; echo "FAIL: export b"; fail=1; }
na=$(tar tf a.tar | grep -c '^evidence/')
nb=$(tar tf b.tar | grep -c '^evidence/')
[ $((na + nb)) -eq 6 ] || { tar tvf a.tar; tar tvf b.tar; echo "FAIL: the exports hold $na + $nb records, not 6"; fail=1; }
[ "$(tar tf a.tar | head -n 1)" = manifest.tsv ] || { echo "FAIL: the manifest is not first"; fail=1; }
grep -q "exported $na records of $na blocks of this shard to 'a.tar'" ea.err || { cat ea.err; echo "FAIL: export a's line"; fail=1; }
# A shard checked with --sanitize only has no record an export takes: the message says why it may be.
mkdir -m 700 s
on s "$LITLAB" check --shard 1/2 --sanitize course 2>/dev/null
on s "$LITLAB" evidence export --shard 1/2 s.tar course 2>err
grep -q "exported 0 records of $na blocks of this shard .* checked only with --sanitize or --repeat" err ||
	{ cat err; echo "FAIL: an export after a --sanitize check does not say why it holds nothing"; fail=1; }
# The same records make the same archive.
on a "$LITLAB" evidence export --shard 1/2 a2.tar course 2>/dev/null
cmp -s a.tar a2.tar || { echo "FAIL: two exports of the same records differ"; fail=1; }

cached() { # every block of the course has evidence and took it from the cache
	python3 -c 'import json,sys
d = json.load(sys.stdin)
ev = [b.get("evidence") for l in d["lessons"] for b in l["blocks"]]
sys.exit(0 if len(ev) == 6 and all(e and e["cached"] for e in ev) else 1)'
}
# Machine C imports both and checks: nothing runs.
on c "$LITLAB" evidence import a.tar b.tar 2>ic.err || { cat ic.err; echo "FAIL: import"; fail=1; }
grep -q "imported 'a.tar': $na records: $na added, 0 already here" ic.err || { cat ic.err; echo "FAIL: import's line"; fail=1; }
on c "$LITLAB" check --format json course 2>cc.err | cached || { cat cc.err; echo "FAIL: a check after the imports ran blocks"; fail=1; }
# (Without the imports, a check runs them: what makes the line above able to fail.)
mkdir -m 700 d
on d "$LITLAB" check --format json course 2>/dev/null | cached && { echo "FAIL: a cold check says cached"; fail=1; }
# Importing again adds nothing; a record of a key the cache holds is never replaced by another.
on c "$LITLAB" evidence import a.tar 2>ic2.err
grep -q "0 added, $na already here" ic2.err || { cat ic2.err; echo "FAIL: a second import"; fail=1; }
on d "$LITLAB" evidence export d.tar course 2>/dev/null # machine D ran every block itself
before=$(cat c/cache/evidence/*/*.json | cksum)
on c "$LITLAB" evidence import d.tar 2>ic3.err || { cat ic3.err; echo "FAIL: import d"; fail=1; }
grep -q "0 added, 0 already here, 6 kept" ic3.err || { cat ic3.err; echo "FAIL: another record of a key was not kept out"; fail=1; }
[ "$(cat c/cache/evidence/*/*.json | cksum)" = "$before" ] || { echo "FAIL: an import replaced a record"; fail=1; }

# Hostile archives, made from a.tar. Each must be refused (exit 1) with a message naming the file and
# the entry, into an empty cache, which must stay without a record.
python3 - "$work" <<'EOF'
import hashlib, io, json, os, sys, tarfile
work = sys.argv[1]
src = tarfile.open(os.path.join(work, "a.tar"))
members = [(m.name, src.extractfile(m).read()) for m in src.getmembers()]
manifest = members[0][1]
records = members[1:]
key0, body0 = records[0][0].split("/")[2][:-5], records[0][1]

def info(name, data, **kw):
    ti = tarfile.TarInfo(name)
    ti.size = len(data)
    for k, v in kw.items():
        setattr(ti, k, v)
    return ti

def write(name, entries, fmt=tarfile.USTAR_FORMAT):
    with tarfile.open(os.path.join(work, "bad", name), "w", format=fmt) as t:
        for e in entries:
            if isinstance(e, tarfile.TarInfo):
                t.addfile(e)
            else:
                t.addfile(info(e[0], e[1]), io.BytesIO(e[1]))

def relist(entries):
    """A manifest that lists these records, with their real hashes."""
    lines = [manifest.split(b"\n")[0]]
    for n, b in entries:
        lines.append(("%s\t%s\t%d" % (n.split("/")[2][:-5], hashlib.sha256(b).hexdigest(), len(b))).encode())
    return b"\n".join(lines) + b"\n"

def restate(body):
    """The record with the hash it states for its evidence made again (a forger can, there is no key)."""
    d, _ = json.JSONDecoder().raw_decode(body.decode())
    if "evidence_sha256" not in d:
        return body
    h = hashlib.sha256(json.dumps(d["evidence"], sort_keys=True, separators=(",", ":"),
                                  ensure_ascii=False).encode()).hexdigest()
    return body.replace(d["evidence_sha256"].encode(), h.encode())

os.mkdir(os.path.join(work, "bad"))
changed = body0.replace(b'"stdout":"1.1\\n"', b'"stdout":"forged\\n"').replace(b'"stdout":"2.1\\n"', b'"stdout":"forged\\n"')
changed = changed if changed != body0 else body0.replace(b'"exit_code":0', b'"exit_code":1')
assert changed != body0
# changed with its manifest but not the hash it states for its evidence: refused, whoever signs
write("misstated.tar", [("manifest.tsv", relist([(records[0][0], changed)] + records[1:])), (records[0][0], changed)] + records[1:])
changed = restate(changed)
write("changed.tar", [members[0], (records[0][0], changed)] + records[1:])
# changed with its manifest: accepted without a key (the archive is trusted as its maker), refused with one
write("relisted.tar", [("manifest.tsv", relist([(records[0][0], changed)] + records[1:])), (records[0][0], changed)] + records[1:])
sym = info(records[0][0], b"", type=tarfile.SYMTYPE, linkname="/etc/passwd")
write("symlink.tar", [members[0], sym] + records[1:])
hard = info(records[0][0], b"", type=tarfile.LNKTYPE, linkname="manifest.tsv")
write("hardlink.tar", [members[0], hard] + records[1:])
write("folder.tar", [members[0], info("evidence/", b"", type=tarfile.DIRTYPE)] + records)
write("dotdot.tar", [members[0], ("evidence/../../%s.json" % key0, body0)] + records[1:])
write("absolute.tar", [members[0], ("/tmp/%s.json" % key0, body0)] + records[1:])
write("other-name.tar", [members[0], ("README", b"hello\n")] + records)
write("control-name.tar", [members[0], ("evil\n\x1b[2Jname", b"x")] + records)
write("twice.tar", [members[0]] + records + [records[0]])
write("unlisted.tar", [("manifest.tsv", relist(records[1:]))] + records)
write("missing.tar", [members[0]] + records[1:])
write("no-manifest.tar", records)
write("manifest-twice.tar", [("manifest.tsv", manifest + manifest)] + records)
write("pax.tar", [members[0]] + records, fmt=tarfile.PAX_FORMAT) if False else None
pax = info(records[0][0], body0)
pax.pax_headers = {"comment": "x"}
with tarfile.open(os.path.join(work, "bad", "pax.tar"), "w", format=tarfile.PAX_FORMAT) as t:
    t.addfile(info(*members[0]), io.BytesIO(members[0][1]))
    t.addfile(pax, io.BytesIO(body0))
# another key's record under this key (hash and size as listed)
other = records[1][1]
write("other-key.tar", [("manifest.tsv", relist([(records[0][0], other)])), (records[0][0], other)])
# another format: the record's "format" changed, listed as it is
fmt = body0.replace(b'"format":', b'"format":9', 1)
write("format.tar", [("manifest.tsv", relist([(records[0][0], fmt)])), (records[0][0], fmt)])
# timings no run has (a build's page of a measure block subtracted them: a signed overflow), listed as they are
import json
for name, wall in (("negative-time.tar", -(1 << 63)), ("huge-time.tar", (1 << 63) - 1)):
    d, end = json.JSONDecoder().raw_decode(body0.decode())  # the JSON, then the paths
    d["evidence"]["run"]["wall_ns"] = wall
    t = json.dumps(d, separators=(",", ":")).encode() + body0.decode()[end:].encode()
    write(name, [("manifest.tsv", relist([(records[0][0], t)])), (records[0][0], t)])
good = open(os.path.join(work, "a.tar"), "rb").read()
def raw(name, data):
    open(os.path.join(work, "bad", name), "wb").write(data)
# cut short: inside a record, and at a block boundary after one (no end marker)
raw("cut-inside.tar", good[:512 * 3 + 100])
first = 512 + (len(manifest) + 511) // 512 * 512
raw("cut-boundary.tar", good[:first + 512 + (len(body0) + 511) // 512 * 512])
# a size of 8 GiB in the second header
h = bytearray(good[first:first + 512])
h[124:136] = b"77777777777\0"
h[148:156] = b"        "
h[148:156] = (b"%06o\0 " % sum(h))
raw("huge.tar", good[:first] + bytes(h) + good[first + 512:])
# a size in base-256
h = bytearray(good[first:first + 512])
h[124:136] = b"\x80" + (1 << 40).to_bytes(11, "big")
h[148:156] = b"        "
h[148:156] = (b"%06o\0 " % sum(h))
raw("base256.tar", good[:first] + bytes(h) + good[first + 512:])
# a header whose checksum is wrong
h = bytearray(good[first:first + 512]); h[0] ^= 1
raw("checksum.tar", good[:first] + bytes(h) + good[first + 512:])
raw("garbage.tar", b"this is not a tar file at all\n" * 40)
raw("empty.tar", b"")
raw("zeros.tar", b"\0" * 1024)
EOF
mkdir -m 700 e
expect_refused() { # FILE WORDS: refused, exit 1, the message names the file and says WORDS
	f=$1; shift
	on e "$LITLAB" evidence import "bad/$f" >out 2>err
	rc=$?
	# (one line: a sanitizer's report would add more, with an exit status of 1 too)
	if [ $rc -ne 1 ] || ! grep -q "refused the evidence archive 'bad/$f'" err || ! grep -q -- "$*" err ||
		[ "$(wc -l <err)" -ne 1 ]; then
		cat err; echo "FAIL: bad/$f: exit $rc, expected a refusal saying '$*'"; fail=1
	fi
	if [ -d e/cache/evidence ] && [ -n "$(find e/cache/evidence -type f)" ]; then
		echo "FAIL: bad/$f: a record was imported"; fail=1; rm -rf e/cache
	fi
}
key0=$(tar tf a.tar | sed -n 2p)
expect_refused changed.tar "entry '$key0': its SHA-256 is not the one the manifest lists"
expect_refused symlink.tar "entry '$key0': it is a symbolic link"
expect_refused hardlink.tar "entry '$key0': it is a hard link"
expect_refused folder.tar "entry 'evidence/': it is a folder"
expect_refused dotdot.tar "entry 'evidence/../../.*': its name is not evidence/XX/KEY.json"
expect_refused absolute.tar "entry '/tmp/.*': its name is not evidence/XX/KEY.json"
expect_refused other-name.tar "entry 'README': its name is not"
expect_refused control-name.tar "entry 'evil\\\\n\\\\x1b\\[2Jname': its name is not"
expect_refused twice.tar "entry '$key0': a second entry for the same key"
expect_refused unlisted.tar "entry '$key0': the manifest does not list its key"
expect_refused missing.tar "entry '$key0': the manifest lists it and the archive does not hold it"
expect_refused no-manifest.tar "the first entry is not manifest.tsv"
expect_refused manifest-twice.tar "entry 'manifest.tsv': line"
expect_refused pax.tar "it is a pax header"
expect_refused other-key.tar "entry '$key0': not a record this litlab can use: it is the record of another key"
expect_refused format.tar "entry '$key0': not a record this litlab can use: its format is not"
expect_refused negative-time.tar "entry '$key0': not a record this litlab can use: its evidence is incomplete or malformed"
expect_refused huge-time.tar "entry '$key0': not a record this litlab can use: its evidence is incomplete or malformed"
expect_refused misstated.tar "entry '$key0': not a record this litlab can use: the hash it states for its evidence is not its evidence's"
expect_refused cut-inside.tar "cut short"
expect_refused cut-boundary.tar "the archive ends before its end marker (cut short)"
expect_refused huge.tar "entry '$key0': it is 8589934591 bytes, more than the"
expect_refused base256.tar "its size is not an octal number"
expect_refused checksum.tar "its checksum is wrong"
expect_refused garbage.tar "not a tar header"
expect_refused empty.tar "cut short"
expect_refused zeros.tar "it is empty"
# Several files: a refused one does not stop the others; the exit status says one was refused.
on e "$LITLAB" evidence import bad/changed.tar b.tar >out 2>err
[ $? -eq 1 ] && grep -q "imported 'b.tar': $nb records: $nb added" err || { cat err; echo "FAIL: a good archive after a bad one"; fail=1; }
rm -rf e/cache

# A manifest changed together with its record: accepted without a key (a record is trusted as the
# machine that exported it), refused with LITLAB_EVIDENCE_KEY, which signs the manifest.
on e "$LITLAB" evidence import bad/relisted.tar 2>err || { cat err; echo "FAIL: relisted without a key"; fail=1; }
rm -rf e/cache
export LITLAB_EVIDENCE_KEY=0123456789abcdef-shared-ci-secret
on e "$LITLAB" evidence import bad/relisted.tar 2>err
[ $? -eq 1 ] && grep -q "the archive's manifest is not signed" err || { cat err; echo "FAIL: an unsigned archive with a key"; fail=1; }
on a "$LITLAB" evidence export --shard 1/2 signed.tar course 2>/dev/null
tar tf signed.tar | sed -n 2p | grep -q '^manifest.mac$' || { tar tf signed.tar; echo "FAIL: no manifest.mac"; fail=1; }
on e "$LITLAB" evidence import signed.tar 2>err || { cat err; echo "FAIL: a signed archive"; fail=1; }
rm -rf e/cache
python3 - signed.tar signed-relisted.tar <<'EOF'
import hashlib, io, sys, tarfile
src = tarfile.open(sys.argv[1])
m = [(x.name, src.extractfile(x).read()) for x in src.getmembers()]
name, body = m[2]
body = body.replace(b'"exit_code":0', b'"exit_code":1')
lines = m[0][1].split(b"\n")
key = name.split("/")[2][:-5].encode()
lines = [l if not l.startswith(key) else b"%s\t%s\t%d" % (key, hashlib.sha256(body).hexdigest().encode(), len(body)) for l in lines]
m[0] = (m[0][0], b"\n".join(lines))
m[2] = (name, body)
with tarfile.open(sys.argv[2], "w", format=tarfile.USTAR_FORMAT) as t:
    for n, b in m:
        ti = tarfile.TarInfo(n); ti.size = len(b); t.addfile(ti, io.BytesIO(b))
EOF
on e "$LITLAB" evidence import signed-relisted.tar 2>err
[ $? -eq 1 ] && grep -q "entry 'manifest.mac': the manifest is not signed with LITLAB_EVIDENCE_KEY" err ||
	{ cat err; echo "FAIL: a signed manifest changed with its record"; fail=1; }
LITLAB_EVIDENCE_KEY=short on e "$LITLAB" evidence import signed.tar 2>err
[ $? -eq 2 ] && grep -q "shorter than 16 bytes" err || { cat err; echo "FAIL: a short key"; fail=1; }
unset LITLAB_EVIDENCE_KEY

# Portable: a record names the folders the compiler searched by their entries, not their inodes and
# times, so that it is fresh on another machine of the same image. Here the folders are made again
# (new inodes and times, the same names and bytes) between the export and the import.
mkdir -p inc/first inc/second moved
chmod 755 "$work" inc inc/first inc/second
printf '#define GREETING "hello"\n' >inc/second/greet.h
cat >moved/01-greet.md <<MD
---
cflags: -I$work/inc/first -I$work/inc/second
---
# Greet

\`\`\`c id=greet
#include <stdio.h>
#include "greet.h"
int main(void) { puts(GREETING); return 0; }
\`\`\`

\`\`\`output
hello
\`\`\`
MD
export LITLAB_SANDBOX_PATHS="$work/inc/first:$work/inc/second"
on a "$LITLAB" check moved 2>err || { cat err; echo "FAIL: check moved"; fail=1; }
on a "$LITLAB" evidence export moved.tar moved 2>err
sleep 1 # (a new modification time, whatever the file system's resolution)
cp -rp inc inc2 && rm -rf inc && cp -r inc2 inc && rm -rf inc2 && chmod 755 inc inc/first inc/second
mkdir -m 700 f
on f "$LITLAB" evidence import moved.tar 2>err || { cat err; echo "FAIL: import moved"; fail=1; }
on f "$LITLAB" check --format json moved 2>err | python3 -c 'import json,sys
d = json.load(sys.stdin)
sys.exit(0 if d["lessons"][0]["blocks"][0]["evidence"]["cached"] else 1)' ||
	{ cat err; echo "FAIL: a record is stale once its search folders are made again, the same"; fail=1; }
# And a header put in the earlier folder still makes it stale (it would shadow the one built with).
printf '#define GREETING "shadow"\n' >inc/first/greet.h
on f "$LITLAB" check moved >out 2>err
[ $? -eq 1 ] && grep -q shadow err || { cat err; echo "FAIL: a shadowing header did not make the record stale"; fail=1; }

# A record this cache holds that is stale (a header it was built with changed since) is replaced by an
# imported one that is fresh: else the import keeps it, and the build runs the block again.
rm -f inc/first/greet.h
printf '#define GREETING "hel" "lo"\n' >inc/second/greet.h
[ -n "$(find f/cache/evidence -name '*.json')" ] || { echo "FAIL: machine F holds no record to go stale"; fail=1; }
on a "$LITLAB" check moved 2>err || { cat err; echo "FAIL: check moved with a new header"; fail=1; }
on a "$LITLAB" evidence export moved2.tar moved 2>err
on f "$LITLAB" evidence import moved2.tar 2>err
grep -q "imported 'moved2.tar': 1 record: 1 added" err || { cat err; echo "FAIL: a stale record was kept over a fresh one"; fail=1; }
on f "$LITLAB" check --format json moved 2>err | python3 -c 'import json,sys
d = json.load(sys.stdin)
sys.exit(0 if d["lessons"][0]["blocks"][0]["evidence"]["cached"] else 1)' ||
	{ cat err; echo "FAIL: a check after importing a fresh record over a stale one ran the block"; fail=1; }

# Usage errors.
for args in "" "nosuch" "export" "import" "export --shard 0/2 x.tar" "import --nosuch x.tar"; do
	# shellcheck disable=SC2086
	on e "$LITLAB" evidence $args >out 2>err
	[ $? -eq 2 ] || { cat err; echo "FAIL: 'evidence $args' is no usage error"; fail=1; }
done
# An option after the operands (they end the options) is named as what it may be.
on a "$LITLAB" evidence export x.tar course --shard 1/2 >out 2>err
[ $? -eq 2 ] && grep -q "cannot open '--shard': .* (an option? options come before the paths)" err ||
	{ cat err; echo "FAIL: an option after the paths"; fail=1; }
on e "$LITLAB" evidence import a.tar --help >out 2>err
[ $? -eq 2 ] && grep -q "cannot read the evidence archive '--help': .* (an option? options come before the files)" err ||
	{ cat err; echo "FAIL: an option after the files"; fail=1; }
on e "$LITLAB" evidence import nosuch.tar >out 2>err
[ $? -eq 2 ] && grep -q "cannot read the evidence archive 'nosuch.tar'" err || { cat err; echo "FAIL: a missing file"; fail=1; }
exit $fail
