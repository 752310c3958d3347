#!/bin/sh
# litlab build as a new author meets it (user review):
# 1. build never deletes what it did not write: a CNAME or an image put into the site stops the
#    build (exit 2, each named, the site unchanged); .litlab-site lists what the build wrote;
#    a site from before that list (the old one-line mark) is replaced only when it holds nothing
#    but what old builds wrote (the mark, style.css, index.html, audit.html, pages naming litlab);
# 2. a link to another lesson's file goes to its page; a file of the lessons' folder a lesson
#    links to or shows is copied at the same path (regular files only, no link followed, nothing
#    outside the folder); a missing one is a warning at the lesson line;
# 3. the index counts compile-fail blocks as such, not as compiled;
# 4. a lesson whose page is one the site makes itself (index.md): a message that says so;
# 5. a lesson linking a file named receipts.json: a warning, the site's own receipts.
set -u
LITLAB=${LITLAB:-build/litlab}
case $LITLAB in /*) ;; *) LITLAB=$(pwd)/$LITLAB ;; esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
LITLAB_CACHE_DIR=$work/cache
export LITLAB_CACHE_DIR NO_COLOR=1
sums() {
	(cd "$1" && find . -type f | LC_ALL=C sort | xargs sha256sum)
}
mkdir -p "$work/c/lessons/img" "$work/c/lessons/data" && cd "$work/c" || exit 1
cat >lessons/01-one.md <<'LESSON'
# One

![diagram](img/diagram.png)

See [lesson two](02-two.md), [its loops](02-two.md#loops), [the data](data/input.csv),
[again](./img/../data/input.csv "same file") and [the web](https://example.org/02-two.md).

![missing](img/missing.png)

![linked](img/link.png) ![outside](../secret.txt) ![fifo](img/fifo.png)
LESSON
printf '# Two\n\n## Loops\n\nText.\n' >lessons/02-two.md
printf '\211PNG fake image\n' >lessons/img/diagram.png
printf 'a,b\n1,2\n' >lessons/data/input.csv
echo TOPSECRET >secret.txt
ln -s ../../secret.txt lessons/img/link.png
mkfifo lessons/img/fifo.png

# 2. Links and files.
"$LITLAB" build -o site >out 2>err || { cat err; echo "FAIL: 2: build"; fail=1; }
page=site/01-one.html
grep -q '<a href="02-two.html">lesson two</a>' $page && grep -q '<a href="02-two.html#loops">its loops</a>' $page ||
	{ grep -o '<a href="[^"]*"' $page; echo "FAIL: 2: a link to a lesson's file does not go to its page"; fail=1; }
grep -q '<a href="https://example.org/02-two.md">' $page || { echo "FAIL: 2: an absolute URL was changed"; fail=1; }
cmp -s site/img/diagram.png lessons/img/diagram.png && cmp -s site/data/input.csv lessons/data/input.csv ||
	{ ls -R site; echo "FAIL: 2: the files the lesson links to were not copied at the same path"; fail=1; }
grep -q '<img src="img/diagram.png" alt="diagram">' $page || { echo "FAIL: 2: the image's URL changed"; fail=1; }
grep -qx "lessons/01-one.md:8:1: warning: 'img/missing.png' (in 'lessons') does not exist: the site's link to it is broken \[site-file\]" err ||
	{ cat err; echo "FAIL: 2: no warning at the line of a missing image"; fail=1; }
grep -q "^lessons/01-one.md:10:1: warning: 'img/link.png' (in 'lessons') is a symbolic link.*\[site-file\]" err &&
	grep -q "^lessons/01-one.md:10:[0-9]*: warning: '../secret.txt' is outside the lessons' folder.*\[site-file\]" err &&
	grep -q "^lessons/01-one.md:10:[0-9]*: warning: 'img/fifo.png' (in 'lessons') is not a regular file.*\[site-file\]" err ||
	{ cat err; echo "FAIL: 2: no warning for a link, a file outside, a FIFO"; fail=1; }
[ -e site/img/link.png ] || [ -e site/secret.txt ] || [ -e site/img/fifo.png ] && { ls -R site; echo "FAIL: 2: copied what it must not"; fail=1; }
grep -rq TOPSECRET site && { echo "FAIL: 2: a file outside the lessons' folder reached the site"; fail=1; }
grep -q "and 2 files the lessons link to" err || { cat err; echo "FAIL: 2: the summary"; fail=1; }
grep -qx 'img/diagram.png' site/.litlab-site && grep -qx 'data/input.csv' site/.litlab-site &&
	grep -qx '01-one.html' site/.litlab-site && grep -qx '.litlab-site' site/.litlab-site ||
	{ cat site/.litlab-site; echo "FAIL: 2: .litlab-site does not list what build wrote"; fail=1; }
"$LITLAB" build -o site >out 2>err && grep -q "already up to date" err || { cat err; echo "FAIL: 2: a second build wrote again"; fail=1; }
rm lessons/img/link.png lessons/img/fifo.png
sed -i '/missing/d; /linked/d' lessons/01-one.md

# 1. What the user put into the site stops the build, and stays.
"$LITLAB" build -o site >out 2>err || { cat err; echo "FAIL: 1: build"; fail=1; }
echo course.example.org >site/CNAME
mkdir -p site/pics && echo png >site/pics/photo.png
before=$(sums site)
"$LITLAB" build -o site >out 2>err
rc=$?
[ $rc -eq 2 ] || { cat err; echo "FAIL: 1: build over files it did not write exited $rc, not 2"; fail=1; }
grep -qx '  site/CNAME' err && grep -qx '  site/pics/photo.png' err && grep -q "into the lessons' folder" err ||
	{ cat err; echo "FAIL: 1: the files are not named, or the way on is not said"; fail=1; }
[ "$(sums site)" = "$before" ] || { echo "FAIL: 1: the site changed"; fail=1; }
rm -r site/CNAME site/pics
"$LITLAB" build -o site >out 2>err || { cat err; echo "FAIL: 1: build once they are gone"; fail=1; }

# 1b. A site from before .litlab-site listed files: replaced when it holds only what old builds wrote.
legacy() {
	rm -rf old && mkdir old
	echo "This folder is written by 'litlab build' and replaced whole by each build." >old/.litlab-site
	for f in index.html audit.html 01-one.html 09-gone.html; do
		printf '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>x</title>\n<meta name="generator" content="litlab 0.0.9">\n' >old/$f
	done
	echo 'body {}' >old/style.css
}
legacy
"$LITLAB" build -o old >out 2>err || { cat err; echo "FAIL: 1b: an old site was not replaced"; fail=1; }
[ ! -e old/09-gone.html ] && [ -f old/02-two.html ] && grep -q '^# litlab build' old/.litlab-site ||
	{ ls -a old; echo "FAIL: 1b: the old site was not replaced whole"; fail=1; }
for extra in CNAME notes.html img/x.png; do
	legacy
	mkdir -p old/img && echo mine >old/$extra
	[ "$extra" = img/x.png ] || rmdir old/img
	"$LITLAB" build -o old >out 2>err
	[ $? -eq 2 ] && grep -qx "  old/$extra" err && [ "$(cat old/$extra)" = mine ] ||
		{ cat err; echo "FAIL: 1b: an old site holding $extra was replaced"; fail=1; }
done

# 3. Compile-fail blocks in the index.
mkdir -p "$work/cf/lessons" && cd "$work/cf" || exit 1
printf '# Errors\n\n```c id=e1 compile-fail\nint main(void) { return x; }\n```\n\n```c id=e2 compile-fail\nint main(void) { return y; }\n```\n' \
	>lessons/01-errors.md
"$LITLAB" build -o site >out 2>err || { cat err; echo "FAIL: 3: build"; fail=1; }
grep -q '<li>0 compiled</li>' site/index.html && grep -q '<li>2 compile-failed as expected</li>' site/index.html ||
	{ grep '<li>' site/index.html; echo "FAIL: 3: compile-fail blocks counted as compiled"; fail=1; }

# 4. A lesson named like a page the site makes itself: the message says so, not "two lessons".
mkdir -p "$work/ix" && cd "$work/ix" || exit 1
printf '# I am the index\n' >index.md
"$LITLAB" build -o site index.md >out 2>err
rc=$?
[ $rc -eq 2 ] && grep -q "two pages of the site would both be 'index.html' (.*a lesson named like a page the site makes itself" err ||
	{ cat err; echo "FAIL: 4: a lesson named index.md: exit $rc"; fail=1; }

# 5. A lesson linking a file of its folder named receipts.json: a warning, and the site's own
#    receipts (it was copied in as the lessons' file, then the build stopped: "two pages would
#    both be 'receipts.json' (two lessons with one file name...)").
mkdir -p "$work/rj/lessons" && cd "$work/rj" || exit 1
printf '# Receipts\n\nSee [them](receipts.json).\n' >lessons/01-receipts.md
printf '{"forged": true}\n' >lessons/receipts.json
"$LITLAB" build -o site >out 2>err
rc=$?
[ $rc -eq 0 ] && grep -q "'receipts.json' is the name of a file the site makes itself" err &&
	grep -q '"receipts":' site/receipts.json && ! grep -q forged site/receipts.json ||
	{ cat err; echo "FAIL: 5: a lesson linking receipts.json: exit $rc"; fail=1; }

[ $fail -eq 0 ] && echo "site-user: ok"
exit $fail
