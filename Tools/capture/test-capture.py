#!/usr/bin/env python3
"""`signet capture` end to end (run by Tests/SignetCaptureTests/CaptureBrowserTests.swift): start it,
read the address from stderr, sign in headless Chromium, press Done, check the file; the refusals
(wrong token, wrong Host, foreign Origin, oversized and bad bodies, a second submission) over raw
HTTP; Ctrl-C and --timeout leave nothing. Usage: test-capture.py SIGNET_BINARY WORK_DIR."""
import json
import pathlib
import re
import signal
import socket
import subprocess
import sys
import threading
import time

from PIL import Image
from playwright.sync_api import sync_playwright

import padlib

signet, work = sys.argv[1], pathlib.Path(sys.argv[2])
c = padlib.Checks()


class Capture:
    """A running `signet capture`, its address read from stderr."""

    def __init__(self, *args):
        self.proc = subprocess.Popen([signet, "capture", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True)
        line = self.proc.stderr.readline()
        m = re.search(r"http://127\.0\.0\.1:(\d+)/([A-Za-z0-9_-]+)/", line)
        if not m:
            sys.exit(f"FAIL: no address on stderr: {line!r}")
        self.url, self.port, self.token = m.group(0), int(m.group(1)), m.group(2)

    def finish(self, timeout=20):
        out, err = self.proc.communicate(timeout=timeout)
        return self.proc.returncode, out, err


def raw(port, request, read=True):
    """Sends bytes, returns the status code of the answer (or the open socket when read=False)."""
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    s.sendall(request)
    if not read:
        return s
    data = b""
    while chunk := s.recv(65536):
        data += chunk
    s.close()
    return int(data.split(b" ", 2)[1]) if data.startswith(b"HTTP/1.1 ") else None


def post(cap, body, host=None, origin=None, token=None, length=None):
    host = host or f"127.0.0.1:{cap.port}"
    origin = origin or f"http://{host}"
    head = (f"POST /{token or cap.token}/submit HTTP/1.1\r\nHost: {host}\r\nOrigin: {origin}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body) if length is None else length}\r\n\r\n")
    return head.encode() + body


def get(cap, path, host=None):
    return f"GET {path} HTTP/1.1\r\nHost: {host or f'127.0.0.1:{cap.port}'}\r\n\r\n".encode()


strokes = padlib.svc2004("U1S1.TXT") if padlib.corpus_available() else [
    [dict(x=40 + 5 * i, y=100 + (i % 7) * 6, force=0.3 + i / 100) for i in range(40)]]
good = json.dumps({"format": "signet-strokes", "version": 1, "canvas": {"width": 600, "height": 200},
                   "unitsPerInch": 96, "strokes": [[[40, 40, 0], [200, 120, 50], [300, 60, 90]]]}).encode()

# 1. End to end in the browser: sign, Done, a PNG that renders the drawing.
with sync_playwright() as pw:
    browser = padlib.launch(pw)
    for suffix in ["png", "json"]:
        out = work / f"signed.{suffix}"
        cap = Capture("-o", str(out), "--json", "--timeout", "60")
        page = padlib.open_pad(browser.new_context(viewport={"width": 800, "height": 480}), cap.url)
        if suffix == "png":
            padlib.keyboard_checks(page, c, "signet capture page", "Sign here")
        pen = padlib.Pointer(page, "pen")
        for s in strokes:
            pen.stroke(s)
        sent = page.evaluate("JSON.stringify(document.getElementById('pad').toJSON())")
        page.locator("#done").click()
        page.locator("body[data-state=saved]").wait_for(state="attached", timeout=15000)
        status = page.locator("#status").inner_text()
        code, stdout, stderr = cap.finish()
        c.check(f"capture -o .{suffix}: exit 0", code == 0, stderr.strip())
        c.check(f"capture -o .{suffix}: the page says saved", "Saved" in status, status)
        if suffix == "png":
            report = json.loads(stdout or "{}")
            img = Image.open(out).convert("RGBA") if out.exists() else None
            c.check("capture -o .png: a PNG with ink", img is not None and img.getchannel("A").getextrema()[1] > 200)
            c.check("capture --json: the render summary", report.get("width") == (img.width if img else -1)
                    and report.get("strokes") == len(strokes), stdout.strip())
        else:
            c.check("capture -o .json: the JSON as the page sent it", out.exists() and out.read_text() == sent)
            r = subprocess.run([signet, "render", str(out), "-o", str(work / "from-json.png")], capture_output=True)
            c.check("capture -o .json: signet render reads it", r.returncode == 0, r.stderr.decode().strip())
        c.check(f"capture -o .{suffix}: no page errors", not page.errors, "; ".join(page.errors))
    browser.close()

# 2. Refusals over raw HTTP; the command keeps waiting through all of them.
out = work / "refusals.json"
cap = Capture("-o", str(out), "--timeout", "60")
other = "B" * len(cap.token)
cases = [
    ("wrong token", get(cap, f"/{other}/"), 403),
    ("no token", get(cap, "/index.html"), 403),
    ("wrong Host (DNS rebinding)", get(cap, f"/{cap.token}/", host=f"attacker.example:{cap.port}"), 403),
    ("foreign Origin", post(cap, good, origin="http://attacker.example"), 403),
    ("submission with the wrong token", post(cap, good, token=other), 403),
    ("path outside the page", get(cap, f"/{cap.token}/../Package.swift"), 404),
    ("bad JSON body", post(cap, b'{"strokes": 5}'), 422),
    ("not JSON at all", post(cap, b"hello"), 422),
    ("chunked body", get(cap, f"/{cap.token}/").replace(b"\r\n\r\n", b"\r\nTransfer-Encoding: chunked\r\n\r\n"), 501),
]
for name, request, expected in cases:
    got = raw(cap.port, request)
    c.check(f"refused: {name} → {expected}", got == expected, str(got))
# An oversized body is refused from its Content-Length, before it is sent.
got = raw(cap.port, post(cap, b"", length=5 * 1024 * 1024))
c.check("refused: oversized body → 413", got == 413, str(got))
c.check("page served with the token", raw(cap.port, get(cap, f"/{cap.token}/")) == 200)
c.check("still waiting after the refusals", cap.proc.poll() is None and not out.exists())
# Two submissions at once: exactly one is taken.
a = raw(cap.port, post(cap, good), read=False)
b = raw(cap.port, post(cap, good.replace(b"300, 60", b"310, 70")), read=False)
answers = []
for s in (a, b):
    data = b""
    while chunk := s.recv(65536):
        data += chunk
    answers.append(int(data.split(b" ", 2)[1]))
code, _, stderr = cap.finish()
c.check("two submissions: one 200, one 409", sorted(answers) == [200, 409], str(answers))
c.check("refusals run: exit 0 with the one submission", code == 0 and out.exists()
        and json.loads(out.read_text())["strokes"][0][2] in ([300, 60, 90], [310, 70, 90]), stderr.strip())
try:
    socket.create_connection(("127.0.0.1", cap.port), timeout=2).close()
    c.check("server gone after the submission", False)
except OSError:
    c.check("server gone after the submission", True)

# A budget: --max-bytes fits the rendering as `signet render --max-bytes` does.
out = work / "budget.jpg"
cap = Capture("-o", str(out), "--max-bytes", "3KiB", "--scale", "4", "--json", "--timeout", "30")
status = raw(cap.port, post(cap, good))
code, stdout, stderr = cap.finish()
c.check("--max-bytes 3KiB: a JPEG under the budget", status == 200 and code == 0 and out.exists()
        and out.stat().st_size <= 3072 and out.read_bytes()[:2] == b"\xff\xd8", f"{stderr.strip()} {stdout.strip()}")

# An output that cannot be written: the page hears 500 with the reason, the command exits 1.
cap = Capture("-o", str(work / "no-such-folder" / "sig.json"), "--timeout", "30")
status = raw(cap.port, post(cap, good))
code, _, stderr = cap.finish()
c.check("unwritable output: 500 to the page, exit 1", status == 500 and code == 1 and "no-such-folder" in stderr,
        f"{status}, exit {code}: {stderr.strip()}")

# 3. --open runs xdg-open on a private file:// page that forwards to the address (a stand-in on PATH
#    records what it was given and the page's text); the tokenised address is on no command line.
fake = work / "bin"
fake.mkdir()
(fake / "xdg-open").write_text(
    f"#!/bin/sh\n{{ echo \"$1\"; cat \"${{1#file://}}\"; }} > {work / 'opened.txt'}\n")
(fake / "xdg-open").chmod(0o755)
env = dict(__import__("os").environ, PATH=f"{fake}:" + __import__("os").environ["PATH"])
proc = subprocess.run([signet, "capture", "-o", str(work / "opened.png"), "--open", "--timeout", "1"],
                      capture_output=True, text=True, env=env)
opened = (work / "opened.txt").read_text() if (work / "opened.txt").exists() else ""
given, _, page = opened.partition("\n")
printed = next((w for w in proc.stderr.split() if w.startswith("http://127.0.0.1:")), "")
c.check("--open: xdg-open gets a file:// page, not the address", given.startswith("file:///") and printed
        and printed not in given, given)
c.check("--open: the page forwards to the printed address", printed != "" and f"url={printed}" in page, page[:200])

# 4. Ctrl-C and --timeout: exit 1, nothing written.
out = work / "interrupted.png"
cap = Capture("-o", str(out))
cap.proc.send_signal(signal.SIGINT)
code, _, stderr = cap.finish()
c.check("Ctrl-C: exit 1, nothing written", code == 1 and not out.exists() and "nothing was written" in stderr,
        f"exit {code}: {stderr.strip()}")
out = work / "late.json"
start = time.monotonic()
cap = Capture("-o", str(out), "--timeout", "1")
code, _, stderr = cap.finish()
c.check("--timeout 1: exit 1 after about a second, nothing written",
        code == 1 and not out.exists() and time.monotonic() - start < 5 and "--timeout" in stderr,
        f"exit {code}: {stderr.strip()}")
leftovers = [p.name for p in work.iterdir() if ".signet-" in p.name]
c.check("no temporary files left", not leftovers, str(leftovers))
c.finish()
