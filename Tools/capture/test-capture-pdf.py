#!/usr/bin/env python3
"""`signet capture --pdf` end to end (run by Tests/SignetCaptureTests/CaptureBrowserTests.swift): the
page shows the PDF's page with the box, the signer draws in headless Chromium, Done stamps and signs;
the output verifies (signet verify with the test root, pdfsig) and the red ink lies where the page
showed the box, on an upright and on a /Rotate 90 page; in a 1000 × 800 window the page scrolls a
box low on a long page into view with Done beside it; the server's refusals hold and nothing is
written before Done. Usage: test-capture-pdf.py SIGNET WORK_DIR IN.pdf P12 ROOT.pem LONG.pdf, the
PKCS#12 password in SIGNET_TEST_P12_PASSWORD. IN.pdf has two Letter pages: /Rotate 0, then /Rotate
90; LONG.pdf one page 612 × 2400 pt."""
import json
import pathlib
import re
import signal
import socket
import subprocess
import sys

from PIL import Image, ImageChops
from playwright.sync_api import sync_playwright

import padlib

signet, work, pdf, p12, root, long_pdf = (sys.argv[1], pathlib.Path(sys.argv[2]), sys.argv[3], sys.argv[4],
                                           sys.argv[5], sys.argv[6])
c = padlib.Checks()
IDENTITY = ["--p12", p12, "--password-env", "SIGNET_TEST_P12_PASSWORD"]


class Capture:
    """A running `signet capture --pdf`, its address read from stderr."""

    def __init__(self, *args, document=pdf):
        self.proc = subprocess.Popen([signet, "capture", "--pdf", document, *args], stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)
        self.line = self.proc.stderr.readline()
        m = re.search(r"http://127\.0\.0\.1:(\d+)/([A-Za-z0-9_-]+)/", self.line)
        if not m:
            self.proc.kill()
            sys.exit(f"FAIL: no address on stderr: {self.line!r} {self.proc.stderr.read()}")
        self.url, self.port, self.token = m.group(0), int(m.group(1)), m.group(2)

    def finish(self, timeout=60):
        out, err = self.proc.communicate(timeout=timeout)
        return self.proc.returncode, out, err


def raw(port, request):
    """Sends bytes, returns the answer's status code and body."""
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    s.sendall(request)
    data = b""
    while chunk := s.recv(65536):
        data += chunk
    s.close()
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split(b" ", 2)[1]), body


def request(cap, method, path, body=b"", host=None, origin=None):
    host = host or f"127.0.0.1:{cap.port}"
    extra = f"Origin: {origin or f'http://{host}'}\r\nContent-Length: {len(body)}\r\n" if method == "POST" else ""
    return f"{method} {path} HTTP/1.1\r\nHost: {host}\r\n{extra}\r\n".encode() + body


def red_bounds(path, page):
    """The red ink's bounding box on `page` of `path` as displayed, in fractions of the page."""
    prefix = work / f"render-{pathlib.Path(path).stem}-{page}"
    subprocess.run(["pdftoppm", "-r", "100", "-f", str(page), "-l", str(page), "-singlefile", "-png", str(path),
                    str(prefix)], check=True)
    img = Image.open(f"{prefix}.png").convert("RGB")
    r, g, b = img.split()
    red = ImageChops.multiply(r.point(lambda v: 255 if v > 150 else 0),
                              ImageChops.invert(ImageChops.lighter(g, b)).point(lambda v: 255 if v > 155 else 0))
    box = red.getbbox()
    if box is None:
        return None
    return [box[0] / img.width, box[1] / img.height, box[2] / img.width, box[3] / img.height]


def sign_in_browser(browser, cap, expect_text, keyboard=False):
    """Opens the page, checks what it says (and with keyboard=True the pad from the keyboard and its
    accessible name, padlib.keyboard_checks), draws a stroke across the pad's middle, presses Done.
    Returns the box as the page showed it and the drawn ink's bounds, both in fractions of the page."""
    page = browser.new_context(viewport={"width": 900, "height": 1300}).new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(cap.url)
    page.locator("body[data-document=shown]").wait_for(state="attached", timeout=15000)
    page.locator("#page").evaluate("img => img.decode()")
    hint = page.locator("#hint").inner_text()
    for text in expect_text:
        c.check(f"the page says '{text}'", text in hint, hint)
    if keyboard:
        padlib.keyboard_checks(page, c, "capture --pdf page", page.locator("#title").inner_text())
        page.evaluate("() => document.getElementById('pad').scrollIntoView({ block: 'center' })")
    img = page.locator("#page").bounding_box()
    pad = padlib.canvas_origin(page)
    shown = [(pad[0] - img["x"]) / img["width"], (pad[1] - img["y"]) / img["height"],
             (pad[0] + pad[2] - img["x"]) / img["width"], (pad[1] + pad[3] - img["y"]) / img["height"]]
    pen = padlib.Pointer(page, "pen")
    w, h = pad[2], pad[3]
    # A "⊐" whose straight runs reach the corners' coordinates, so the smoothed ink spans exactly
    # 15–85 % of the pad across and 30–70 % down (plus half the pen's width).
    run = [0.15 + 0.07 * i for i in range(11)]
    path = [(x, 0.3) for x in run] + [(0.85, 0.3 + 0.08 * i) for i in range(1, 6)] + [(x, 0.7) for x in run[::-1]]
    pen.stroke([dict(x=w * x, y=h * y, force=0.5) for x, y in path])
    drawn = [(pad[0] + w * 0.15 - img["x"]) / img["width"], (pad[1] + h * 0.3 - img["y"]) / img["height"],
             (pad[0] + w * 0.85 - img["x"]) / img["width"], (pad[1] + h * 0.7 - img["y"]) / img["height"]]
    page.locator("#done").click()
    page.locator("body[data-state=saved]").wait_for(state="attached", timeout=60000)
    c.check("no page errors", not errors, "; ".join(errors))
    page.context.close()
    return shown, drawn


def near(a, b, tolerance):
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def inside(inner, outer, slack=0.004):
    return (inner[0] >= outer[0] - slack and inner[1] >= outer[1] - slack and inner[2] <= outer[2] + slack
            and inner[3] <= outer[3] + slack)


with sync_playwright() as pw:
    browser = padlib.launch(pw)

    # 1. Page 1, signed with a name: verifies, and the ink is where the page showed the box.
    signed = work / "signed.pdf"
    cap = Capture("-o", str(signed), "--page", "1", "--at", "300,480", "--size", "220x80", "--color", "#ff0000",
                  "--name", "Alice Example", "--reason", "I agree", *IDENTITY, "--json", "--timeout", "120")
    c.check("the address line names the page and the file", "sign page 1 of" in cap.line, cap.line.strip())
    shown, drawn = sign_in_browser(browser, cap, ["Signing", "page 1 of 2", "as Alice Example"], keyboard=True)
    code, stdout, stderr = cap.finish()
    c.check("signed: exit 0", code == 0, stderr.strip())
    report = json.loads(stdout or "{}")
    c.check("signed: one incremental update with the signature", report.get("signature") is not None
            and report.get("artwork") == "vector", stdout.strip()[:300])
    v = subprocess.run([signet, "verify", str(signed), "--ca", root], capture_output=True, text=True)
    c.check("signed: signet verify with the test root passes", v.returncode == 0, (v.stdout + v.stderr).strip()[-400:])
    p = subprocess.run(["pdfsig", str(signed)], capture_output=True, text=True)
    c.check("signed: pdfsig finds a valid signature", "Signature is Valid" in p.stdout, p.stdout.strip()[-400:])
    # The box as the page showed it: 300,480 pt from the top-left of a 612 x 792 pt page, 220 x 80 pt.
    expected = [300 / 612, 480 / 792, 520 / 612, 560 / 792]
    c.check("the page showed the box where --at/--size put it", near(shown, expected, 0.004), f"{shown} vs {expected}")
    ink = red_bounds(signed, 1)
    c.check("signed: the ink lies in the box", ink is not None and inside(ink, shown), f"{ink} in {shown}")
    c.check("signed: the ink is where it was drawn", ink is not None and near(ink, drawn, 0.006), f"{ink} vs {drawn}")

    # 2. Page 2 (/Rotate 90), only stamped: the box is on the page as displayed (landscape).
    stamped = work / "stamped.pdf"
    cap = Capture("-o", str(stamped), "--page", "2", "--at", "60,50", "--width", "240", "--color", "red",
                  "--timeout", "120")
    shown, drawn = sign_in_browser(browser, cap, ["page 2 of 2"])
    code, _, stderr = cap.finish()
    c.check("rotated: exit 0", code == 0, stderr.strip())
    expected = [60 / 792, 50 / 612, 300 / 792, 130 / 612]
    c.check("rotated: the page showed the box where --at/--width put it", near(shown, expected, 0.004),
            f"{shown} vs {expected}")
    ink = red_bounds(stamped, 2)
    c.check("rotated: the ink lies in the box", ink is not None and inside(ink, shown), f"{ink} in {shown}")
    c.check("rotated: the ink is where it was drawn, upright", ink is not None and near(ink, drawn, 0.006),
            f"{ink} vs {drawn}")
    q = subprocess.run(["qpdf", "--check", str(stamped)], capture_output=True, text=True)
    c.check("rotated: qpdf --check passes", q.returncode == 0, q.stdout.strip()[-300:])

    # 3. A box near the foot of a 2400 pt page, in a 1000 x 800 window: the page scrolls to it, and
    #    the box and Done are both in the window without the signer scrolling.
    low = work / "low.pdf"
    cap = Capture("-o", str(low), "--at", "400,2300", "--size", "180x60", "--timeout", "120", document=long_pdf)
    page = browser.new_context(viewport={"width": 1000, "height": 800}).new_page()
    page.goto(cap.url)
    page.locator("body[data-document=shown]").wait_for(state="attached", timeout=15000)
    page.locator("#page").evaluate("img => img.decode()")
    seen = page.evaluate("""() => {
        const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
        return { pad: box(document.getElementById('pad').shadowRoot.querySelector('canvas')),
                 done: box(document.getElementById('done')), scrolled: window.scrollY,
                 window: [window.innerWidth, window.innerHeight] };
    }""")
    width, height = seen["window"]
    for name in ["pad", "done"]:
        left, top, right, bottom = seen[name]
        c.check(f"long page: the {name} is within the 1000 x 800 window after load",
                left >= 0 and top >= 0 and right <= width and bottom <= height, f"{seen[name]} in {seen['window']}")
    c.check("long page: the page was scrolled to the box", seen["scrolled"] > 800, str(seen["scrolled"]))
    pad = padlib.canvas_origin(page)
    pen = padlib.Pointer(page, "pen")
    pen.stroke([dict(x=pad[2] * x, y=pad[3] * 0.5, force=0.5) for x in (0.2, 0.4, 0.6, 0.8)])
    page.locator("#done").click()
    page.locator("body[data-state=saved]").wait_for(state="attached", timeout=60000)
    page.context.close()
    code, _, stderr = cap.finish()
    c.check("long page: Done in view stamps it, exit 0", code == 0 and low.exists(), stderr.strip())
    browser.close()

# 4. The server's rules hold with --pdf; nothing is written before Done.
out = work / "refused.pdf"
cap = Capture("-o", str(out), *IDENTITY, "--timeout", "60")
t = cap.token
other = "B" * len(t)
good = json.dumps({"format": "signet-strokes", "version": 1, "canvas": {"width": 180, "height": 60},
                   "unitsPerInch": 96, "strokes": [[[20, 20, 0], [90, 40, 50], [160, 30, 90]]]}).encode()
cases = [
    ("the page image without the token", request(cap, "GET", f"/{other}/page.png"), 403),
    ("the document facts without the token", request(cap, "GET", f"/{other}/document.json"), 403),
    ("wrong Host (DNS rebinding)", request(cap, "GET", f"/{t}/document.json", host=f"evil.example:{cap.port}"), 403),
    ("foreign Origin", request(cap, "POST", f"/{t}/submit", good, origin="http://evil.example"), 403),
    ("no ink", request(cap, "POST", f"/{t}/submit", json.dumps(dict(json.loads(good), strokes=[])).encode()), 422),
    ("not JSON", request(cap, "POST", f"/{t}/submit", b"hello"), 422),
]
for name, req, expected in cases:
    got, _ = raw(cap.port, req)
    c.check(f"--pdf refused: {name} → {expected}", got == expected, str(got))
status, png = raw(cap.port, request(cap, "GET", f"/{t}/page.png"))
c.check("--pdf: the page image is served with the token", status == 200 and png[:8] == b"\x89PNG\r\n\x1a\n", str(status))
status, facts = raw(cap.port, request(cap, "GET", f"/{t}/document.json"))
facts = json.loads(facts) if status == 200 else {}
c.check("--pdf: the facts name the file, the last page and the signer", facts.get("file") == pathlib.Path(pdf).name
        and facts.get("page") == 2 and facts.get("signer"), str(facts))
c.check("--pdf: nothing written while waiting", cap.proc.poll() is None and not out.exists())
first, _ = raw(cap.port, request(cap, "POST", f"/{t}/submit", good))
code, _, stderr = cap.finish()
c.check("--pdf: one good submission signs and ends", first == 200 and code == 0 and out.exists(), stderr.strip())
cap = Capture("-o", str(work / "interrupted.pdf"))
cap.proc.send_signal(signal.SIGINT)
code, _, stderr = cap.finish()
c.check("--pdf: Ctrl-C exits 1 and writes nothing", code == 1 and not (work / "interrupted.pdf").exists(),
        stderr.strip())

# 5. What cannot work on this PDF is refused before anything is served (the rest: CaptureCLITests).
for name, args, needle in [
    ("a box off the page", ["capture", "--pdf", pdf, "-o", str(work / "x.pdf"), "--page", "1", "--at", "600,10",
                            "--size", "90x30", "--timeout", "5"],
     "outside"),
    ("no such page", ["capture", "--pdf", pdf, "-o", str(work / "x.pdf"), "--page", "3", "--timeout", "5"], "page"),
]:
    r = subprocess.run([signet, *args], capture_output=True, text=True, timeout=30)
    c.check(f"refused up front: {name}", r.returncode != 0 and needle in r.stderr and "http://" not in r.stderr,
            f"exit {r.returncode}: {r.stderr.strip()}")
leftovers = [p.name for p in work.iterdir() if ".signet-" in p.name or p.name == "x.pdf"]
c.check("no temporary or partial files left", not leftovers, str(leftovers))
c.finish()
