#!/bin/sh
# litlab serve with many pages open in one browser (headless Chromium, --dump-dom): a browser
# opens at most 6 connections to a host, so pages that each held an event stream left a seventh
# page waiting forever. A page of the test's own (a file: the preview runs no script of a lesson,
# see PREVIEW_CSP) opens 8 pages of the preview in frames, then one more; that page must load
# (all the pages listen through one shared worker, one stream). The
# dump is taken at the page's load event, which waits for every frame: it only comes at
# --timeout (WAIT seconds) when a page hangs. Every listener is on 127.0.0.1 (serve's --port 0).
# Skipped, with a note, without /usr/bin/chromium (make deps installs it).
set -u
LITLAB=${LITLAB:-build/litlab}
case $LITLAB in /*) ;; *) LITLAB=$(pwd)/$LITLAB ;; esac
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
WAIT=120
if [ ! -x "$CHROMIUM" ]; then
	echo "serve-tabs: skipped: $CHROMIUM is not installed (make deps installs the chromium package)"
	exit 0
fi
work=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT
cd "$work" || exit 1
mkdir lessons
cat >lessons/01-one.md <<'EOF'
# One

```c
#include <stdio.h>
int main(void) { puts("one"); return 0; }
```

```output
one
```
EOF
LITLAB_CACHE_DIR=$work/cache "$LITLAB" serve --port 0 lessons </dev/null >url 2>err &
pid=$!
i=0
until grep -q 'pages 1 ready' err 2>/dev/null; do
	i=$((i + 1))
	if [ $i -gt $((WAIT * 10)) ] || ! kill -0 $pid 2>/dev/null; then
		echo "FAIL: serve-tabs: serve did not start: $(cat err)"
		exit 1
	fi
	sleep 0.1
done
url=$(head -1 url)
cat >tabs.html <<EOF
<!DOCTYPE html>
<html><body>
<p id="state">0 pages</p>
<script>
var n = 0, state = document.getElementById("state");
function loaded() {
	state.textContent = ++n + " pages";
	if (n == 8) {
		var late = document.createElement("iframe");
		late.onload = function () { state.textContent = "the ninth page loaded"; };
		late.src = "${url}index.html";
		document.body.appendChild(late);
	}
}
for (var i = 0; i < 8; i++) {
	var f = document.createElement("iframe");
	f.onload = loaded;
	f.src = "${url}01-one.html?" + i;
	document.body.appendChild(f);
}
</script>
</body></html>
EOF
timeout $((WAIT + 30)) "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run \
	--disable-background-networking --user-data-dir="$work/profile" --timeout=$((WAIT * 1000)) \
	--dump-dom "file://$work/tabs.html" >dom 2>chromium.err
if ! grep -q '<p id="state">the ninth page loaded</p>' dom; then
	echo "FAIL: serve-tabs: with 8 pages of the preview open, another page does not load: $(grep -o '<p id="state">[^<]*' dom)"
	exit 1
fi
exit 0
