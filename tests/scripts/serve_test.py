#!/usr/bin/env python3
"""litlab serve, driven over HTTP on 127.0.0.1 (a listener the test opens: --port 0).

Usage: serve_test.py LITLAB

Checks: the URL on stdout; the pages; only the rendered pages are served (no path,
however written, and no link a lesson writes reaches a host file; POST refused; a
foreign Host refused); an edit reaches an open event stream as a reload and the page
holds the new text; a compile error makes the page a draft with the error under its
block; fixing it makes the draft go; a block that timed out is not run again until
Enter; a busy port and an address that is not this machine's are clear errors; a client
that never finishes its request is let go; two lessons that would make one page (which
build refuses) make a draft that says so.
Nothing here measures time: each wait only fails when litlab hangs (WAIT seconds).
"""
import http.client
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time

WAIT = 120
LITLAB = sys.argv[1]
work = tempfile.mkdtemp(prefix="serve-test.")
failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL: " + msg)


def wait_for(pred, what):
    end = time.monotonic() + WAIT
    while time.monotonic() < end:
        v = pred()
        if v:
            return v
        time.sleep(0.05)
    raise SystemExit("FAIL: litlab serve hangs: " + what + "\n" + stderr_text())


def stderr_text():
    try:
        with open(os.path.join(work, "stderr")) as f:
            return f.read()
    except OSError:
        return ""


def request(port, path, method="GET", host=None, body=None):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
    c.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
    c.putheader("Host", host or "127.0.0.1:%d" % port)
    if body is not None:
        c.putheader("Content-Length", str(len(body)))
    c.endheaders(body.encode() if body is not None else None)
    r = c.getresponse()
    data = r.read().decode("utf-8", "replace")
    c.close()
    return r.status, data


def save(path, text):
    """As an editor saves: a temporary file beside it, renamed over it."""
    tmp = os.path.join(os.path.dirname(path), "." + os.path.basename(path) + ".swp")
    with open(tmp, "w") as f:
        f.write(text)
    os.rename(tmp, path)


class Events:
    """An event stream of the preview, read on a thread of its own."""

    def __init__(self, port, since):
        self.lines = []
        self.lock = threading.Lock()
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
        self.conn.request("GET", "/.litlab/events?since=%d" % since)
        self.resp = self.conn.getresponse()
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        try:
            while True:
                line = self.resp.readline()
                if not line:
                    return
                with self.lock:
                    self.lines.append(line.decode().rstrip("\n"))
        except Exception:
            return

    def reloads(self):
        with self.lock:
            return [int(l[6:]) for l in self.lines if l.startswith("data: ")
                    ] if "event: reload" in self.lines else []

    def hello(self):
        with self.lock:
            return any(l.startswith(": litlab preview") for l in self.lines)

    def close(self):
        self.conn.close()


def is_draft(page):
    return "<title>DRAFT" in page or 'class="draft' in page or 'class="diag diag-error"' in page


def generation(page):
    m = re.search(r'<script src="/\.litlab/page\.js" data-gen="(\d+)"></script>', page)
    return int(m.group(1)) if m else None


LESSON = """# Hello

Some prose about {word}.

```c
#include <stdio.h>
int main(void) {{ puts("{word}"); return 0; }}
```

```output
{word}
```

A paragraph after the block.

[a link out](../../../../../../etc/passwd) and ![an image](/etc/passwd)
and [another](file:///etc/passwd).
"""

lessons = os.path.join(work, "lessons")
os.mkdir(lessons)
lesson = os.path.join(lessons, "01-hello.md")
save(lesson, LESSON.format(word="apples"))
os.symlink("/etc/passwd", os.path.join(lessons, "passwd.html"))
# Nothing litlab writes for its evidence goes into the watched folder.
env = dict(os.environ)
err = open(os.path.join(work, "stderr"), "w")
proc = subprocess.Popen([LITLAB, "serve", "--port", "0", "lessons"], cwd=work, stdin=subprocess.PIPE,
                        stdout=subprocess.PIPE, stderr=err, env=env)
killer = threading.Timer(600, proc.kill)
killer.start()
try:
    url = proc.stdout.readline().decode().strip()
    m = re.fullmatch(r"http://127\.0\.0\.1:(\d+)/", url)
    if not m:
        raise SystemExit("FAIL: no URL on stdout: %r\n%s" % (url, stderr_text()))
    port = int(m.group(1))
    # A client that never finishes its request: serve closes it (checked at the end), or enough of
    # them would hold every thread of the server and lock every page out.
    idle = socket.create_connection(("127.0.0.1", port), timeout=WAIT)
    idle.sendall(b"GET /index.html HTTP/1.1\r\n")

    # 1. The pages, once the first check is done.
    page = wait_for(lambda: (lambda r: r[0] == 200 and "apples" in r[1] and r[1])(
        request(port, "/01-hello.html")), "the first page")
    if is_draft(page):
        fail("a lesson without errors is shown as a draft")
    if generation(page) is None:
        fail("the page has no reload script")
    # No inline script of the preview's own, and a policy that runs none of a lesson's.
    if re.search(r"<script(?![^>]*\bsrc=)[^>]*>", page):
        fail("the preview put an inline script in a page")
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
    c.request("GET", "/01-hello.html")
    r = c.getresponse()
    r.read()
    csp = r.getheader("Content-Security-Policy") or ""
    c.close()
    script_src = re.search(r"script-src ([^;]*)", csp)
    if not script_src or script_src.group(1).strip() != "'self'" or "default-src 'self'" not in csp:
        fail("the page's Content-Security-Policy lets other scripts run: %r" % csp)
    for path in ("/", "/index.html", "/style.css", "/audit.html", "/.litlab/page.js"):
        st, _ = request(port, path)
        if st != 200:
            fail("%s: %d, not 200" % (path, st))

    # 2. Nothing but the rendered pages.
    for path in ("/../../../../etc/passwd", "/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/etc/passwd", "//etc/passwd",
                 "/..%2f..%2f..%2fetc%2fpasswd", "/lessons/01-hello.md", "/01-hello.md", "/passwd.html",
                 "/.litlab", "/.litlab/", "/file:///etc/passwd", "/./index.html/../../etc/passwd"):
        st, body = request(port, path)
        if st != 404 or "root:" in body:
            fail("%s: %d, not 404 (%r)" % (path, st, body[:60]))
    if "root:" in page:
        fail("the page holds the host's /etc/passwd")
    st, body = request(port, "/02-not-yet.html")
    if st != 404 or generation(body) is None:
        fail("a page the preview does not hold is not one that reloads by itself (%d)" % st)
    st, _ = request(port, "/index.html", method="POST", body="x=1")
    if st != 405:
        fail("POST: %d, not 405" % st)
    st, _ = request(port, "/index.html", host="attacker.example:%d" % port)
    if st != 403:
        fail("a foreign Host: %d, not 403" % st)
    st, _ = request(port, "/index.html", host="localhost:%d" % port)
    if st != 200:
        fail("Host localhost: %d, not 200" % st)

    # 3. An edit reloads an open page.
    gen = generation(page)
    ev = Events(port, gen)
    wait_for(ev.hello, "the event stream's first line")
    save(lesson, LESSON.format(word="pears"))
    wait_for(lambda: [g for g in ev.reloads() if g > gen], "a reload after an edit")
    st, page = request(port, "/01-hello.html")
    if "pears" not in page or "apples" in page:
        fail("after the reload, the page does not hold the edit")
    ev.close()

    # 4. A compile error: a draft, the error under its block; fixed: gone.
    gen = generation(page)
    ev = Events(port, gen)
    wait_for(ev.hello, "the event stream's first line")
    broken = LESSON.format(word="plums").replace('return 0; }', 'return 0 }')
    save(lesson, broken)
    wait_for(lambda: [g for g in ev.reloads() if g > gen], "a reload after a compile error")
    st, page = request(port, "/01-hello.html")
    ev.close()
    if st != 200:
        fail("a lesson with an error is not served (%d)" % st)
    if "<title>DRAFT (not published)" not in page or '<body class="draft">' not in page \
            or 'class="draft-banner"' not in page:
        fail("a lesson with an error is not marked as a draft")
    fig = page.find('<figure class="block')
    diag = page.find('<div class="diag diag-error"')
    after = page.find("A paragraph after the block.")
    if not (0 <= fig < diag < after):
        fail("the error is not under its block (figure %d, error %d, next paragraph %d)" % (fig, diag, after))
    if 'data-line="7"' not in page or "expected" not in page[diag:after]:
        fail("the error does not name line 7 and the compiler's message")
    if "01-hello.md:7:" not in stderr_text():
        fail("the error is not printed on the terminal")
    gen = generation(page)
    ev = Events(port, gen)
    wait_for(ev.hello, "the event stream's first line")
    save(lesson, LESSON.format(word="plums"))
    wait_for(lambda: [g for g in ev.reloads() if g > gen], "a reload after the fix")
    st, page = request(port, "/01-hello.html")
    ev.close()
    if is_draft(page) or "plums" not in page:
        fail("the fixed lesson is still a draft")

    # 5. A block that timed out is not run again until Enter.
    loop = os.path.join(lessons, "02-loop.md")
    save(loop, "# Loop\n\n```c timeout=0.3\nint main(void) { for (;;) ; }\n```\n")
    page = wait_for(lambda: (lambda r: r[0] == 200 and is_draft(r[1]) and r[1])(
        request(port, "/02-loop.html")), "the page of a block that times out")
    if "not run again" in page:
        fail("a block that timed out for the first time says it was not run again")
    # Prose after the block: its code and lines (in its #line directives) stay the same.
    save(loop, "# Loop\n\n```c timeout=0.3\nint main(void) { for (;;) ; }\n```\n\nNow with prose.\n")
    page = wait_for(lambda: (lambda r: "Now with prose" in r[1] and r[1])(request(port, "/02-loop.html")),
                    "the page after an edit")
    if "not run again" not in page:
        fail("a block that timed out with the same code and limits was run again")
    if "not run again" not in stderr_text():
        fail("the terminal does not say the block was not run again")
    if "'02-loop.md' changed: checking it again" not in stderr_text() or \
            "(the other lessons as they were)" not in stderr_text():
        fail("an edit of one lesson checked more than that lesson")
    gen = generation(page)
    proc.stdin.write(b"\n")
    proc.stdin.flush()
    page = wait_for(lambda: (lambda r: generation(r[1]) and generation(r[1]) > gen and r[1])(
        request(port, "/02-loop.html")), "the check asked for with Enter")
    if "not run again" in page or "timed out" not in stderr_text().split("asked to run again")[-1]:
        fail("Enter did not run the timed-out block again")
    # A lesson that takes another's number: the course is checked whole (numbers are its business).
    save(lesson, "---\nlesson: 2\n---\n" + LESSON.format(word="plums"))
    page = wait_for(lambda: (lambda r: "lesson-number" in r[1] and r[1])(request(port, "/02-loop.html")),
                    "the other lesson's page after a number taken twice")
    if "this is lesson 2, and so is" not in page:
        fail("a number taken twice is not shown on the page of the lesson that took it second")
    os.remove(loop)

    # 6. A busy port; an address that is not this machine's; a port out of range.
    for args, want in ((["--port", str(port)], "in use"), (["--port", "0", "--bind", "192.0.2.1"], "cannot listen"),
                       (["--port", "0", "--bind", "localhost"], "numeric"), (["--port", "70000"], "0 to 65535")):
        r = subprocess.run([LITLAB, "serve"] + args + ["lessons"], cwd=work, stdin=subprocess.DEVNULL,
                           capture_output=True, timeout=WAIT)
        if r.returncode != 2 or want not in r.stderr.decode():
            fail("serve %s: exit %d, %r" % (" ".join(args), r.returncode, r.stderr.decode()[:200]))
    # 6b. The idle client was let go (only a hang fails: it has WAIT seconds).
    try:
        if idle.recv(1) != b"":
            fail("an unfinished request got an answer")
    except (socket.timeout, TimeoutError):
        fail("serve still holds a connection whose request never ended after %d seconds" % WAIT)
    except OSError:
        pass  # reset: closed too
    idle.close()
    # 6c. Two lessons that would make one page (build refuses them): the preview is a draft that says so.
    for d, n in (("x", 3), ("y", 4)):
        os.mkdir(os.path.join(work, d))
        with open(os.path.join(work, d, "01-same.md"), "w") as f:
            f.write("---\nlesson: %d\n---\n# Same %s\n" % (n, d))
    other = subprocess.Popen([LITLAB, "serve", "--port", "0", "x", "y"], cwd=work, stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        oport = int(re.fullmatch(r"http://127\.0\.0\.1:(\d+)/", other.stdout.readline().decode().strip()).group(1))
        page = wait_for(lambda: (lambda r: r[0] == 200 and r[1])(request(oport, "/index.html")),
                        "the index of two lessons that make one page")
        if "<title>DRAFT" not in page or "would be &#39;01-same.html&#39;, as is &#39;x/01-same.md&#39;" not in page:
            fail("two lessons that make one page: the preview does not say so: %s" % page[:2000])
        other.stdin.write(b"q\n")
        other.stdin.flush()
        other.wait(timeout=WAIT)
    finally:
        other.kill()
    # 7. q and Enter: serve stops, every thread and page freed (the sanitizers' leak check runs).
    proc.stdin.write(b"q\n")
    proc.stdin.flush()
    rc = proc.wait(timeout=WAIT)
    if rc != 0:
        fail("serve stopped with q: exit %d, not 0" % rc)
finally:
    killer.cancel()
    proc.terminate()
    try:
        proc.wait(timeout=WAIT)
    except subprocess.TimeoutExpired:
        proc.kill()
    err.close()
    if failures:
        print(stderr_text())
    subprocess.run(["rm", "-rf", work])

if failures:
    sys.exit(1)
print("serve: %s" % "all checks passed")
