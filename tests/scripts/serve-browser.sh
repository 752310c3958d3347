#!/bin/sh
# litlab serve in a real browser (tests/scripts/serve_browser.py): headless Chromium, driven
# through the DevTools protocol with the websocket module (Debian python3-websocket), opens a
# lesson's preview; an edit of the lesson changes the page by itself, a compile error appears on
# the page under its block as a draft, the fix makes the draft go. Screenshots go to
# build/screens/ (and to docs/ with SERVE_SCREENSHOTS=docs, which is how docs/serve-*.png
# were made). Skipped, with a note, without /usr/bin/chromium or the websocket module (make deps
# installs both).
set -u
LITLAB=${LITLAB:-build/litlab}
case $LITLAB in /*) ;; *) LITLAB=$(pwd)/$LITLAB ;; esac
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$CHROMIUM" ]; then
	echo "serve-browser: skipped: $CHROMIUM is not installed (make deps installs the chromium package)"
	exit 0
fi
# The websocket module of Debian's python3-websocket: the first python3 that has it.
py=
for p in python3 /usr/bin/python3; do
	if "$p" -c 'import websocket' 2>/dev/null; then
		py=$p
		break
	fi
done
if [ -z "$py" ]; then
	echo "serve-browser: skipped: no python3 with the websocket module (make deps installs python3-websocket)"
	exit 0
fi
exec "$py" "$(dirname "$0")/serve_browser.py" "$LITLAB" "$CHROMIUM" "$(pwd)/build/screens" ${SERVE_SCREENSHOTS:+"$SERVE_SCREENSHOTS"}
