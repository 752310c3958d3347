#!/usr/bin/env python3
"""litlab serve in a real browser: headless Chromium driven through the DevTools protocol.

Usage: serve_browser.py LITLAB CHROMIUM SCREENSHOT-DIR...

A lesson is opened in serve's preview; the lesson file is edited and the page must change
by itself (no reload asked of the browser: a mark left in the page's window must be gone);
a compile error is introduced and must appear on the page under its block, the page marked
as a draft (title, banner, watermark class); the error is fixed and the draft must go.
Screenshots of the draft and of the fixed page (serve-draft.png, serve-fixed.png) go to
each SCREENSHOT-DIR. Every listener is on 127.0.0.1 (serve's --port 0, Chromium's
--remote-debugging-port=0). No wait is a timing assertion: each only fails on a hang.
"""
import base64
import http.client
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

import websocket

WAIT = 120
LITLAB, CHROMIUM = sys.argv[1], sys.argv[2]
SHOTS = sys.argv[3:]
work = tempfile.mkdtemp(prefix="serve-browser.")
procs = []

LESSON = """# Counting {word}

The program prints how many {word} there are.

```c
#include <stdio.h>
int main(void) {{ printf("%d {word}\\n", {count}); return 0; }}
```

```output
{count} {word}
```

Change the count and save: the page follows.

<script>window.litlabLessonScript = 1;</script>
<img src="data:," onerror="window.litlabLessonScript = 2" alt="">
"""


def stderr_text():
    try:
        with open(os.path.join(work, "serve.err")) as f:
            return f.read()
    except OSError:
        return ""


def hang(what):
    raise SystemExit("FAIL: hangs: %s\n--- serve's stderr:\n%s" % (what, stderr_text()))


def wait_for(pred, what):
    end = time.monotonic() + WAIT
    while time.monotonic() < end:
        v = pred()
        if v:
            return v
        time.sleep(0.05)
    hang(what)


def save(path, text):
    tmp = os.path.join(os.path.dirname(path), ".edit.tmp")
    with open(tmp, "w") as f:
        f.write(text)
    os.rename(tmp, path)


class DevTools:
    def __init__(self, ws_url):
        self.ws = websocket.create_connection(ws_url, timeout=WAIT, suppress_origin=True)
        self.next = 0

    def call(self, method, tolerate=False, **params):
        self.next += 1
        self.ws.send(json.dumps({"id": self.next, "method": method, "params": params}))
        while True:
            msg = json.loads(self.ws.recv())
            if msg.get("id") == self.next:
                if "error" in msg and tolerate:
                    return None
                if "error" in msg:
                    raise SystemExit("FAIL: %s: %s" % (method, msg["error"]))
                return msg.get("result", {})

    def js(self, expr):
        r = self.call("Runtime.evaluate", tolerate=True, expression=expr, returnByValue=True)
        if r is None or "exceptionDetails" in r:
            return None  # the page is between two loads
        return r.get("result", {}).get("value")

    def screenshot(self, name):
        data = base64.b64decode(self.call("Page.captureScreenshot", format="png")["data"])
        for d in SHOTS:
            os.makedirs(d, exist_ok=True)
            with open(os.path.join(d, name), "wb") as f:
                f.write(data)


def main():
    lessons = os.path.join(work, "lessons")
    os.mkdir(lessons)
    lesson = os.path.join(lessons, "01-counting.md")
    save(lesson, LESSON.format(word="apples", count=3))
    err = open(os.path.join(work, "serve.err"), "w")
    serve = subprocess.Popen([LITLAB, "serve", "--port", "0", "lessons"], cwd=work, stdin=subprocess.DEVNULL,
                             stdout=subprocess.PIPE, stderr=err)
    procs.append(serve)
    url = serve.stdout.readline().decode().strip()
    if not re.fullmatch(r"http://127\.0\.0\.1:\d+/", url):
        raise SystemExit("FAIL: no URL on stdout: %r\n%s" % (url, stderr_text()))

    profile = os.path.join(work, "profile")
    chrome = subprocess.Popen(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--hide-scrollbars", "--window-size=1000,820",
         "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0", "--user-data-dir=" + profile,
         "about:blank"],
        stdout=subprocess.DEVNULL, stderr=open(os.path.join(work, "chromium.err"), "w"))
    procs.append(chrome)
    active = os.path.join(profile, "DevToolsActivePort")
    wait_for(lambda: os.path.exists(active) and open(active).read().count("\n") >= 1, "Chromium's DevTools port")
    port = int(open(active).read().split("\n")[0])

    def page_target():
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
        c.request("GET", "/json/list")
        targets = json.loads(c.getresponse().read())
        c.close()
        pages = [t for t in targets if t.get("type") == "page"]
        return pages[0]["webSocketDebuggerUrl"] if pages else None

    dt = DevTools(wait_for(page_target, "Chromium's page"))
    dt.call("Page.enable")
    dt.call("Runtime.enable")
    dt.call("Emulation.setDeviceMetricsOverride", width=1000, height=820, deviceScaleFactor=1, mobile=False)
    dt.call("Page.navigate", url=url + "01-counting.html")
    wait_for(lambda: dt.js("document.readyState === 'complete' && document.body.innerText.includes('3 apples')"),
             "the lesson's page")
    failures = []

    def expect(cond, msg):
        if not cond:
            failures.append(msg)
            print("FAIL: " + msg)

    # 0. The lesson's own script and event handler do not run in the preview (its CSP): a
    #    repository the reviewer did not write runs at 127.0.0.1, whose cookies the browser
    #    shares with every other local server. The preview's own script does (it reloads).
    expect(dt.js("window.litlabLessonScript === undefined"), "a lesson's inline script ran in the preview")

    # 1. An edit: the page changes by itself.
    dt.js("window.litlabMark = 1")
    save(lesson, LESSON.format(word="pears", count=5))
    wait_for(lambda: dt.js("document.body && document.body.innerText.includes('5 pears')"), "the edited page")
    expect(dt.js("window.litlabMark === undefined"), "the page changed without being loaded again")
    expect(not dt.js("document.body.classList.contains('draft')"), "a page without errors is a draft")

    # 2. A compile error: on the page, under its block, the page a draft.
    broken = LESSON.format(word="pears", count=5).replace("return 0; }", "return 0 }")
    save(lesson, broken)
    wait_for(lambda: dt.js("!!document.querySelector('div.diag.diag-error')"), "the draft page")
    state = dt.js("""(() => {
        const d = document.querySelector('div.diag.diag-error');
        const prev = d.previousElementSibling;
        const banner = document.querySelector('.draft-banner');
        const r = banner.getBoundingClientRect(), rd = d.getBoundingClientRect();
        return {title: document.title, draft: document.body.classList.contains('draft'),
                prev: prev && prev.tagName + ' ' + prev.className, line: d.dataset.line, text: d.innerText,
                banner: r.width > 0 && r.height > 0 && getComputedStyle(banner).visibility === 'visible',
                bannerText: banner.innerText, shown: rd.width > 0 && rd.height > 0};
    })()""")
    expect(state["title"].startswith("DRAFT (not published)"), "the draft's title: %r" % state["title"])
    expect(state["draft"], "the draft's body has no class draft (watermark)")
    expect(state["banner"] and "DRAFT" in state["bannerText"], "the draft banner is not shown")
    expect(state["prev"] == "FIGURE block caption-compile-failed" or (state["prev"] or "").startswith("FIGURE"),
           "the error is not right under its block's figure: %r" % state["prev"])
    expect(state["line"] == "7" and "expected" in state["text"] and state["shown"],
           "the error on the page: line %r, %r" % (state["line"], state["text"][:120]))
    dt.js("document.querySelector('div.diag.diag-error').scrollIntoView({block: 'center'})")
    dt.js("window.scrollTo(0, 0)")
    dt.screenshot("serve-draft.png")

    # 3. Fixed: the draft goes.
    save(lesson, LESSON.format(word="pears", count=7))
    wait_for(lambda: dt.js("document.body && document.body.innerText.includes('7 pears') && "
                           "!document.querySelector('div.diag.diag-error')"), "the fixed page")
    expect(not dt.js("document.title.startsWith('DRAFT')"), "the fixed page's title still says DRAFT")
    expect(not dt.js("!!document.querySelector('.draft-banner')"), "the fixed page still has the banner")
    expect(not dt.js("document.body.classList.contains('draft')"), "the fixed page is still a draft")
    dt.screenshot("serve-fixed.png")
    dt.ws.close()
    return failures


try:
    watchdog = threading.Timer(600, lambda: [p.kill() for p in procs])
    watchdog.daemon = True
    watchdog.start()
    failures = main()
    watchdog.cancel()
finally:
    for p in procs:
        p.terminate()
    for p in procs:
        try:
            p.wait(timeout=WAIT)
        except subprocess.TimeoutExpired:
            p.kill()
    shutil.rmtree(work, ignore_errors=True)

if failures:
    sys.exit(1)
print("serve-browser: the page followed the edit, showed the error under its block as a draft, and the draft went")
