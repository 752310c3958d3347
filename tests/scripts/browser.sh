#!/bin/sh
# A real browser opens every page of two built sites (the course in lessons/, and the
# fixtures in tests/site that hold every caption kind): headless Chromium loads each page
# at a desktop width (1280) and a phone width (390) inside a small harness page, which
# checks that the stylesheet applied, that nothing is wider than the window, and that each
# block's evidence caption (and each measurement panel and plot) is visible; every caption
# kind must be seen; no page may log to the console; no one-word cell of a ledger table (a mode,
# a status) is broken across lines ("measu re" was, issue 17). Screenshots of every page at both
# widths go to build/screens/.
#
# Skipped, with a note, when /usr/bin/chromium is absent (make deps installs it). The
# machine may have no network: Chromium starts with everything that phones home turned off.
set -u
LITLAB=${LITLAB:-build/litlab}
case $LITLAB in /*) ;; *) LITLAB=$(pwd)/$LITLAB ;; esac
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$CHROMIUM" ]; then
	echo "browser: skipped: $CHROMIUM is not installed (make deps installs the chromium package)"
	exit 0
fi
top=$(pwd)
screens=$top/build/screens
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$screens"
fail=0

chrome() {
	dir=$(mktemp -d "$work/profile.XXXXXX")
	timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--user-data-dir="$dir" "$@"
}

# 1. The two sites.
(cd "$top/tests/site" && "$LITLAB" build -o "$work/fixtures" 50-captions.md 51-measure.md 52-hostile.md) \
	>"$work/log" 2>&1 || { cat "$work/log"; echo "FAIL: cannot build the fixture site"; exit 1; }
sites=fixtures
if ls "$top"/lessons/[0-9]*.md >/dev/null 2>&1; then
	"$LITLAB" build -o "$work/course" "$top/lessons" >"$work/log" 2>&1 ||
		{ cat "$work/log"; echo "FAIL: cannot build the course site"; exit 1; }
	sites="fixtures course"
fi

# 2. The harness: every page in two iframes; the verdict goes into <pre id="result">.
for site in $sites; do
	pages=$(cd "$work/$site" && ls *.html | sed 's/.*/"&"/' | paste -sd, -)
	cat >"$work/$site/harness.html" <<EOF
<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>harness</title></head>
<body><pre id="result">pending</pre>
<script>
const pages = [$pages], widths = [1280, 390], out = [];
let pending = pages.length * widths.length;
function visible(win, el) {
  const r = el.getBoundingClientRect(), cs = win.getComputedStyle(el);
  return r.width > 0 && r.height > 0 && cs.visibility === 'visible' && cs.display !== 'none';
}
function check(f, page, w) {
  const d = f.contentDocument, win = f.contentWindow;
  if (!d) { out.push(page + ' ' + w + ' NOACCESS'); return; }
  let rules = 0;
  try { rules = d.styleSheets.length ? d.styleSheets[0].cssRules.length : 0; } catch (e) { rules = -1; }
  out.push(page + ' ' + w + ' stylesheet ' + (rules > 0 ? 'applied' : 'MISSING'));
  const sw = d.documentElement.scrollWidth;
  out.push(page + ' ' + w + ' width ' + (sw <= w ? 'fits' : 'OVERFLOW ' + sw));
  for (const fig of d.querySelectorAll('figure.block')) {
    const cap = fig.querySelector(':scope > figcaption.caption');
    const kind = Array.from(fig.classList).find(c => c.startsWith('caption-')) || 'caption-none';
    const ok = cap && visible(win, cap) && win.getComputedStyle(fig).borderLeftStyle === 'solid';
    out.push(page + ' ' + w + ' ' + kind + ' ' + (ok ? 'visible' : 'HIDDEN') + ' ' + fig.id);
  }
  // A ledger cell that is one word (a mode, a status, a line) is never broken across lines.
  for (const td of d.querySelectorAll('table.ledger td')) {
    const t = td.textContent.trim();
    if (!t || /\s/.test(t)) continue;
    const r = d.createRange();
    r.selectNodeContents(td);
    const tops = Array.from(r.getClientRects()).map(x => x.top);
    if (tops.length && Math.max(...tops) - Math.min(...tops) > 8) out.push(page + ' ' + w + ' BROKENWORD ' + t);
  }
  for (const m of d.querySelectorAll('.measure-panel, .measure-svg'))
    out.push(page + ' ' + w + ' ' + m.getAttribute('class') + ' ' + (visible(win, m) ? 'visible' : 'HIDDEN'));
}
for (const page of pages) for (const w of widths) {
  const f = document.createElement('iframe');
  f.style.width = w + 'px'; f.style.height = '900px';
  f.addEventListener('load', () => {
    check(f, page, w);
    if (--pending === 0) document.getElementById('result').textContent = out.join('\n') + '\nDONE';
  });
  f.src = page;
  document.body.appendChild(f);
}
</script></body></html>
EOF
	chrome --allow-file-access-from-files --virtual-time-budget=20000 --enable-logging=stderr --v=0 \
		--dump-dom "file://$work/$site/harness.html" >"$work/$site.dom" 2>"$work/$site.log"
	sed -n '/<pre id="result">/,/<\/pre>/p' "$work/$site.dom" | sed 's/<[^>]*>//g' >"$work/$site.result"
	grep -q '^DONE$' "$work/$site.result" || { cat "$work/$site.log"; echo "FAIL: $site: the harness did not finish"; fail=1; }
	if grep -E 'HIDDEN|MISSING|OVERFLOW|NOACCESS|BROKENWORD' "$work/$site.result"; then
		echo "FAIL: $site: see the lines above"
		fail=1
	fi
	if grep ':CONSOLE' "$work/$site.log"; then
		echo "FAIL: $site: a page logged to the console"
		fail=1
	fi
	cat "$work/$site.result" >>"$work/all.result"
	rm "$work/$site/harness.html"
done
for kind in executed compiled compile-fail measured derived display; do
	grep -q " 1280 caption-$kind visible" "$work/all.result" && grep -q " 390 caption-$kind visible" "$work/all.result" ||
		{ echo "FAIL: no visible caption-$kind at both widths"; fail=1; }
done
grep -q ' 390 measure-svg visible' "$work/all.result" || { echo "FAIL: no visible measurement plot on a phone"; fail=1; }

# 3. Screenshots at both widths, four at a time: every page of the course, and the fixtures'
#    lesson pages (their index and ledger look like the course's).
for site in $sites; do
	for page in "$work/$site"/*.html; do
		name=$site-$(basename "$page" .html)
		case $name in fixtures-index | fixtures-audit) continue ;; esac
		echo "$name-desktop.png 1280,900 $page"
		echo "$name-phone.png 390,844 $page"
	done
done >"$work/shots"
export CHROMIUM work screens
xargs -P 4 -L 1 sh -c 'dir=$(mktemp -d "$work/profile.XXXXXX")
	timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--user-data-dir="$dir" --hide-scrollbars --window-size="$1" --screenshot="$screens/$0" \
		"file://$2" >/dev/null 2>&1' <"$work/shots"
while read -r shot size page; do
	[ -s "$screens/$shot" ] || { echo "FAIL: no screenshot $screens/$shot"; fail=1; }
done <"$work/shots"
echo "browser: screenshots in $screens:"
(cd "$screens" && ls)

[ "$fail" -eq 0 ] && echo "browser: ok"
exit "$fail"
