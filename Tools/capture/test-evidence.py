#!/usr/bin/env python3
"""The pad's capture → sign → extract → plot path with sealed evidence (run by
Tests/SignetCaptureTests/EvidenceBrowserTests.swift): `signet capture` in headless Chromium takes a
pen signature with pressure and tilt; `signet sign --strokes --evidence-for` seals its ISO/IEC
19794-7 record for an examiner into the signature; `signet verify` reports it; `signet evidence
extract` opens it with the examiner's key; `signet evidence plot` draws it over the captured strokes.
Then `signet capture --pdf --evidence-for` in Chromium: the signer draws on the PDF's page, the record
is sealed on the page stamp, and verify and extract find it there.
Usage: test-evidence.py SIGNET WORK PDF P12 ROOT EXAMINER.pem EXAMINER.key (the P12's password in
SIGNET_TEST_P12_PASSWORD)."""
import json
import pathlib
import re
import subprocess
import sys

from playwright.sync_api import sync_playwright

import padlib

signet, work = sys.argv[1], pathlib.Path(sys.argv[2])
pdf, p12, root, examiner, examiner_key = sys.argv[3:8]
c = padlib.Checks()


def run(*args):
    r = subprocess.run([signet, *args], capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr


def points(stroke):
    return stroke["points"] if isinstance(stroke, dict) else stroke


strokes = padlib.svc2004("U1S1.TXT") if padlib.corpus_available() else [
    [dict(x=40 + 5 * i, y=100 + (i % 7) * 6, force=0.3 + i / 100, tiltX=10, tiltY=-20) for i in range(40)],
    [dict(x=120 + 4 * i, y=60 + (i % 5) * 9, force=0.5, tiltX=15, tiltY=-25) for i in range(30)]]

# 1. Capture: the signer draws with a pen in Chromium and presses Done.
captured = work / "pad.json"
proc = subprocess.Popen([signet, "capture", "-o", str(captured), "--timeout", "60"], stdout=subprocess.PIPE,
                        stderr=subprocess.PIPE, text=True)
m = re.search(r"http://127\.0\.0\.1:\d+/[A-Za-z0-9_-]+/", proc.stderr.readline())
if not m:
    sys.exit("FAIL: no address on stderr")
with sync_playwright() as pw:
    browser = padlib.launch(pw)
    page = padlib.open_pad(browser.new_context(viewport={"width": 800, "height": 480}), m.group(0))
    pen = padlib.Pointer(page, "pen")
    for s in strokes:
        pen.stroke(s)
    page.locator("#done").click()
    page.locator("body[data-state=saved]").wait_for(state="attached", timeout=15000)
    c.check("capture: no page errors", not page.errors, "; ".join(page.errors))
    browser.close()
out, err = proc.communicate(timeout=20)
c.check("capture: exit 0, the strokes written", proc.returncode == 0 and captured.exists(), err.strip())
pad = json.loads(captured.read_text())
samples = [p for s in pad["strokes"] for p in points(s)]

# 2. Sign with the record sealed for the examiner.
signed = work / "signed.pdf"
code, out, err = run("sign", pdf, "-o", str(signed), "--p12", p12, "--password-env", "SIGNET_TEST_P12_PASSWORD",
                     "--strokes", str(captured), "--evidence-for", examiner)
c.check("sign --evidence-for: exit 0, sealed for the examiner", code == 0 and "pen dynamics sealed for" in out,
        (out + err).strip())

# 3. Verify reports it.
code, out, err = run("verify", str(signed), "--ca", root)
c.check("verify: valid, with the evidence line", code == 0 and "biometric evidence present" in out
        and "bound to this revision" in out, (out + err).strip()[-600:])

# 4. The examiner extracts it.
case = work / "case"
code, out, err = run("evidence", "extract", str(signed), "--key", examiner_key, "--cert", examiner, "-o",
                     f"{case}/", "--json")
record = case / "signature-1.iso"
c.check("extract: exit 0, the record and the strokes", code == 0 and record.exists()
        and (case / "signature-1.json").exists(), err.strip())
data = record.read_bytes() if record.exists() else b""
c.check("extract: an ISO/IEC 19794-7 record (format identifier SDI, version 1.0)", data[:8] == b"SDI\x00 10\x00",
        data[:8].hex())
back = json.loads((case / "signature-1.json").read_text()) if (case / "signature-1.json").exists() else {"strokes": []}
c.check("extract: every stroke the pad captured", len(back["strokes"]) == len(pad["strokes"]),
        f"{len(back['strokes'])} of {len(pad['strokes'])}")
c.check("extract: every sample, with its time and pressure",
        sum(len(points(s)) for s in back["strokes"]) == len(samples)
        and all("t" in p and "force" in p for s in back["strokes"] for p in points(s)),
        f"{sum(len(points(s)) for s in back['strokes'])} of {len(samples)}")
c.check("extract: the pen's tilt kept", any(p.get("tiltX") for s in back["strokes"] for p in points(s)))

# 5. The examiner plots the sealed record over the captured strokes.
plot = work / "compare.svg"
code, out, err = run("evidence", "plot", str(record), str(captured), "-o", str(plot))
c.check("plot: exit 0, an SVG of both", code == 0 and plot.exists() and "<svg" in plot.read_text()[:400],
        (out + err).strip())

# 6. capture --pdf --evidence-for: drawn on the PDF's page, sealed on the stamp with the invisible signature.
stamped = work / "stamped.pdf"
proc = subprocess.Popen([signet, "capture", "--pdf", pdf, "-o", str(stamped), "--p12", p12, "--password-env",
                         "SIGNET_TEST_P12_PASSWORD", "--evidence-for", examiner, "--timeout", "120"],
                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
m = re.search(r"http://127\.0\.0\.1:\d+/[A-Za-z0-9_-]+/", proc.stderr.readline())
if not m:
    proc.kill()
    sys.exit("FAIL: capture --pdf printed no address on stderr")
with sync_playwright() as pw:
    browser = padlib.launch(pw)
    page = browser.new_context(viewport={"width": 900, "height": 1300}).new_page()
    page.goto(m.group(0))
    page.locator("body[data-document=shown]").wait_for(state="attached", timeout=15000)
    pad = padlib.canvas_origin(page)
    pen = padlib.Pointer(page, "pen")
    pen.stroke([dict(x=pad[2] * (0.1 + 0.04 * i), y=pad[3] * (0.3 + 0.03 * (i % 9)), force=0.3 + i / 60, tiltX=10,
                     tiltY=-15) for i in range(20)])
    page.locator("#done").click()
    page.locator("body[data-state=saved]").wait_for(state="attached", timeout=60000)
    browser.close()
out, err = proc.communicate(timeout=60)
c.check("capture --pdf --evidence-for: exit 0, sealed for the examiner",
        proc.returncode == 0 and "pen dynamics sealed for" in out, (out + err).strip())
code, out, err = run("verify", str(stamped), "--ca", root)
c.check("capture --pdf: verify finds the stamp's evidence bound", code == 0 and "bound to this revision" in out,
        (out + err).strip()[-600:])
case = work / "case-pdf"
code, out, err = run("evidence", "extract", str(stamped), "--key", examiner_key, "--cert", examiner, "-o", f"{case}/")
record = case / "signature-1.iso"
data = record.read_bytes() if record.exists() else b""
c.check("capture --pdf: extract writes the record from the stamp", code == 0 and data[:8] == b"SDI\x00 10\x00",
        (err or data[:8].hex()).strip())
back = json.loads((case / "signature-1.json").read_text()) if (case / "signature-1.json").exists() else {"strokes": []}
c.check("capture --pdf: the record holds the stroke drawn, timed, with its pressure",
        len(back["strokes"]) == 1 and all("t" in p and "force" in p for p in points(back["strokes"][0])),
        json.dumps(back)[:300])
c.finish()
