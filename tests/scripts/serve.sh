#!/bin/sh
# litlab serve over HTTP on 127.0.0.1 (a listener the test opens with --port 0): pages, only the
# rendered pages served, reload by Server-Sent Events after an edit, drafts with errors in place,
# timed-out blocks held until Enter, busy ports. tests/scripts/serve_test.py says what it checks.
set -u
LITLAB=${LITLAB:-build/litlab}
case $LITLAB in /*) ;; *) LITLAB=$(pwd)/$LITLAB ;; esac
# serve opens libmicrohttpd when a preview starts: no command links it, nor GnuTLS with it, whose
# loading took 2.6 ms of every command (a warm build took about ten).
if command -v readelf >/dev/null 2>&1 && readelf -d "$LITLAB" | grep -E 'NEEDED.*(microhttpd|gnutls)'; then
	echo "FAIL: $LITLAB is linked against the HTTP library (serve should open it)"
	exit 1
fi
exec python3 "$(dirname "$0")/serve_test.py" "$LITLAB"
