#!/bin/sh
# litlab serve over HTTP on 127.0.0.1 (a listener the test opens with --port 0): pages, only the
# rendered pages served, reload by Server-Sent Events after an edit, drafts with errors in place,
# timed-out blocks held until Enter, busy ports. tests/scripts/serve_test.py says what it checks.
set -u
LITLAB=${LITLAB:-build/litlab}
case $LITLAB in /*) ;; *) LITLAB=$(pwd)/$LITLAB ;; esac
exec python3 "$(dirname "$0")/serve_test.py" "$LITLAB"
