#!/usr/bin/env python3
"""Browser tests of <signet-pad> as a web page uses it (run by CaptureBrowserTests.swift): the
image exports (toDataURL PNG and JPEG, toSVG) against the canvas, dot-size and background-color,
the element in a <form> (FormData, submission, required, disabled, reset), signet-change's
detail, and teardown (a page that mounts and unmounts pads keeps no listener or observer).
Usage: test-pad-api.py SIGNET_BINARY WORK_DIR (the binary is not used: these checks need no
renderer)."""
import base64
import io
import json
import math
import pathlib
import sys
import urllib.parse

from PIL import Image
from playwright.sync_api import sync_playwright

import padlib

work = pathlib.Path(sys.argv[2])
c = padlib.Checks()
PAD = "document.getElementById('pad')"

# A pen wave whose pressure varies, a mouse loop and a tap, in the 600 × 200 pad.
wave = [dict(x=40 + 4 * i, y=round(100 + 50 * math.sin(i / 10), 2), force=round(0.3 + 0.4 * math.sin(i / 22) ** 2, 3))
        for i in range(120)]
loop = [dict(x=round(300 + 60 * math.cos(i / 8), 2), y=round(100 + 40 * math.sin(i / 8), 2)) for i in range(52)]
tap = [dict(x=520, y=40)]


def draw(page, strokes):
    for kind, samples in strokes:
        padlib.Pointer(page, kind).stroke(samples)


def data_url_image(url):
    header, data = url.split(",", 1)
    return header, Image.open(io.BytesIO(base64.b64decode(data)))


# Compares the pad's canvas with an image drawn into a canvas of the same size in the page:
# IoU of the ink (alpha ≥ 128) and how many pixels' alpha differs by more than 2 levels.
COMPARE = """async ({ src }) => {
  const canvas = document.getElementById('pad').shadowRoot.querySelector('canvas');
  const img = new Image();
  img.src = src;
  await img.decode();
  const other = document.createElement('canvas');
  other.width = canvas.width;
  other.height = canvas.height;
  other.getContext('2d').drawImage(img, 0, 0, canvas.width, canvas.height);
  const a = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  const b = other.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  let both = 0, either = 0, differ = 0;
  for (let i = 3; i < a.length; i += 4) {
    const x = a[i] >= 128, y = b[i] >= 128;
    if (x && y) both++;
    if (x || y) either++;
    if (Math.abs(a[i] - b[i]) > 2) differ++;
  }
  return { iou: either ? both / either : 0, either, differ, size: [canvas.width, canvas.height] };
}"""


def exports(browser):
    ctx = browser.new_context(viewport={"width": 800, "height": 480}, device_scale_factor=2)
    page = padlib.open_pad(ctx)
    draw(page, [("pen", wave), ("mouse", loop), ("mouse", tap)])
    got = page.evaluate(f"{PAD}.toJSON()")
    c.check("export: three strokes, the tap one point", [len(s["points"]) for s in got["strokes"]][1:] == [len(loop), 1],
            json.dumps([len(s["points"]) for s in got["strokes"]]))

    png = page.evaluate(f"{PAD}.toDataURL()")
    header, img = data_url_image(png)
    c.check("toDataURL(): a PNG at the canvas's resolution", header == "data:image/png;base64" and img.size == (1200, 400),
            f"{header} {img.size}")
    alpha = img.convert("RGBA").getchannel("A")
    clear = sum(v == 0 for v in alpha.tobytes())
    c.check("toDataURL(): PNG keeps transparency", img.mode == "RGBA" and clear > 0.9 * img.size[0] * img.size[1],
            f"{img.mode}, {clear} px fully transparent")
    same = page.evaluate(COMPARE, {"src": png})
    c.check("toDataURL(): PNG is the canvas (alpha within 2 levels everywhere)", same["differ"] == 0 and same["either"] > 2000,
            json.dumps(same))

    canvas_background = f"getComputedStyle({PAD}.shadowRoot.querySelector('canvas')).backgroundColor"
    c.check("background-color unset: the canvas is transparent over the element's CSS background",
            page.evaluate(canvas_background) == "rgba(0, 0, 0, 0)", page.evaluate(canvas_background))
    page.evaluate(f"{PAD}.backgroundColor = '#ffeeaa'")
    c.check("background-color: the property reflects the attribute",
            page.evaluate(f"{PAD}.getAttribute('background-color')") == "#ffeeaa")
    c.check("background-color: the canvas shows it", page.evaluate(canvas_background) == "rgb(255, 238, 170)")
    header, img = data_url_image(page.evaluate(f"{PAD}.toDataURL('image/jpeg', 0.92)"))
    rgb = img.convert("RGB")
    corner = rgb.getpixel((2, 2))
    dark = sum(r + g + b < 200 for r, g, b in zip(*[iter(rgb.tobytes())] * 3))
    c.check("toDataURL('image/jpeg'): a JPEG on the background colour", header == "data:image/jpeg;base64"
            and img.mode == "RGB" and all(abs(a - b) <= 6 for a, b in zip(corner, (255, 238, 170))) and dark > 1000,
            f"{header}, corner {corner}, {dark} dark px")

    blob = page.evaluate(f"{PAD}.toBlob('image/jpeg', 0.9).then((b) => [b.type, b.size])")
    c.check("toBlob('image/jpeg'): a JPEG Blob", blob[0] == "image/jpeg" and blob[1] > 1000, json.dumps(blob))
    svg = page.evaluate(f"{PAD}.toSVG()")
    (work / "pad.svg").write_text(svg)
    c.check("toSVG(): an SVG document of the pad's CSS size",
            svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200" viewBox="0 0 600 200">'),
            svg[:100])
    same = page.evaluate(COMPARE, {"src": "data:image/svg+xml;charset=utf-8," + urllib.parse.quote(svg)})
    c.check("toSVG(): drawn into a canvas, the canvas's ink (IoU >= 0.97)", same["iou"] >= 0.97,
            f"{same['iou']:.4f} ({same['either']} px)")

    # dot-size: a tap is as wide as a line by default, dot-size wide when set.
    c.check("dot-size: a tap is pen-width wide by default", got["pen"].get("dotSize") == 2.5, json.dumps(got["pen"]))
    page.evaluate(f"{PAD}.clear(); {PAD}.setAttribute('dot-size', '8')")
    draw(page, [("mouse", tap)])
    ink = page.evaluate("""() => { const c = document.getElementById('pad').shadowRoot.querySelector('canvas');
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; let lo = 1e9, hi = -1;
        for (let i = 3; i < d.length; i += 4) if (d[i] >= 128) { const x = ((i - 3) / 4) % c.width;
          lo = Math.min(lo, x); hi = Math.max(hi, x); } return hi - lo + 1; }""")
    dot = page.evaluate(f"{PAD}.toJSON().pen.dotSize")
    c.check("dot-size: 8 px exported and painted 8 CSS px wide", dot == 8 and 15 <= ink <= 17, f"dotSize {dot}, {ink} device px")
    c.check("exports: no page errors", not page.errors, "; ".join(page.errors))
    ctx.close()


FORM = """<form id="form" action="http://pad.test/submit" method="post">
  <label for="pad">Signature</label>
  <fieldset id="set"><signet-pad id="pad" name="signature" required></signet-pad></fieldset>
  <input name="who" value="Ada">
</form>"""


def form(browser):
    ctx = browser.new_context(viewport={"width": 800, "height": 480}, device_scale_factor=1)
    page = padlib.open_pad(ctx)
    posted = []

    def submit(route):
        posted.append(urllib.parse.parse_qs(route.request.post_data or ""))
        route.fulfill(body="ok", content_type="text/plain")

    page.route("http://pad.test/submit", submit)
    page.evaluate("(html) => { document.body.innerHTML = html; }", FORM)
    page.locator("#pad canvas").wait_for(state="attached")
    fields = "() => [...new FormData(document.getElementById('form')).keys()]"
    c.check("form: the pad is one of the form's elements, labelled",
            page.evaluate(f"document.getElementById('form').elements.namedItem('signature') === {PAD} "
                          f"&& {PAD}.form.id === 'form' && {PAD}.labels.length === 1"))
    c.check("form: empty, FormData has no signature", page.evaluate(fields) == ["who"], json.dumps(page.evaluate(fields)))
    validity = page.evaluate(f"[{PAD}.validity.valueMissing, {PAD}.checkValidity(), {PAD}.validationMessage]")
    c.check("required + empty: valueMissing, invalid, with a message", validity[0] is True and validity[1] is False
            and validity[2] != "", json.dumps(validity))
    page.evaluate(f"window.invalid = 0; {PAD}.addEventListener('invalid', () => invalid++); "
                  "document.getElementById('form').requestSubmit()")
    page.wait_for_timeout(300)
    c.check("required + empty: the form is not submitted", not posted and page.evaluate("invalid") >= 1,
            f"{len(posted)} posts, {page.evaluate('invalid')} invalid events")

    page.evaluate(f"window.changes = []; {PAD}.addEventListener('signet-change', (e) => changes.push(e.detail))")
    draw(page, [("pen", wave)])
    value = page.evaluate("() => new FormData(document.getElementById('form')).get('signature')")
    drawing = page.evaluate(f"{PAD}.toJSON()")
    c.check("form: FormData's signature is the drawing's stroke JSON",
            value is not None and json.loads(value) == drawing, (value or "none")[:80])
    c.check("value: the same text as the form's entry", page.evaluate(f"{PAD}.value") == value)
    c.check("required + signed: valid", page.evaluate(f"{PAD}.checkValidity() && !{PAD}.validity.valueMissing"))
    with page.expect_request("http://pad.test/submit"):
        page.evaluate("document.getElementById('form').requestSubmit()")
    page.wait_for_timeout(200)
    sent = posted[0] if posted else {}
    c.check("form: submitting posts the stroke JSON under its name",
            sent.get("who") == ["Ada"] and json.loads(sent.get("signature", ["{}"])[0]) == drawing,
            json.dumps({k: v[0][:60] for k, v in sent.items()}))

    # Back on the form (the submission navigated away).
    page = padlib.open_pad(ctx)
    page.evaluate("(html) => { document.body.innerHTML = html; }", FORM)
    page.locator("#pad canvas").wait_for(state="attached")
    page.evaluate(f"window.changes = []; {PAD}.addEventListener('signet-change', (e) => changes.push(e.detail))")
    draw(page, [("pen", wave), ("mouse", loop)])
    page.evaluate(f"{PAD}.undo()")
    page.evaluate("document.getElementById('form').reset()")
    c.check("form reset: the pad is empty again", page.evaluate(f"{PAD}.isEmpty && {PAD}.validity.valueMissing"))
    page.evaluate(f"{PAD}.fromJSON({json.dumps(drawing)})")
    changes = page.evaluate("changes")
    c.check("signet-change detail: { strokeCount, cause } per stroke, undo, reset, fromJSON", changes == [
        {"strokeCount": 1, "cause": "stroke"}, {"strokeCount": 2, "cause": "stroke"}, {"strokeCount": 1, "cause": "undo"},
        {"strokeCount": 0, "cause": "clear"}, {"strokeCount": 1, "cause": "fromJSON"}], json.dumps(changes))

    page.evaluate(f"{PAD}.disabled = true")
    c.check("disabled: matches :disabled and is left out of FormData",
            page.evaluate(f"{PAD}.matches(':disabled')") and page.evaluate(fields) == ["who"],
            json.dumps(page.evaluate(fields)))
    draw(page, [("mouse", loop)])
    c.check("disabled: input ignored", page.evaluate(f"{PAD}.strokeCount") == 1)
    page.evaluate(f"{PAD}.disabled = false; document.getElementById('set').disabled = true")
    draw(page, [("mouse", loop)])
    c.check("in a disabled fieldset: input ignored, nothing submitted",
            page.evaluate(f"{PAD}.strokeCount") == 1 and page.evaluate(fields) == ["who"])
    page.evaluate("document.getElementById('set').disabled = false")
    draw(page, [("mouse", loop)])
    c.check("enabled again: input drawn", page.evaluate(f"{PAD}.strokeCount") == 2)
    c.check("form: no page errors", not page.errors, "; ".join(page.errors))
    ctx.close()


# Counts the ResizeObservers observing something (each observe() until its disconnect()).
COUNT_OBSERVERS = """
  window.observing = 0;
  const Original = window.ResizeObserver;
  window.ResizeObserver = class extends Original {
    #n = 0;
    observe(...a) { this.#n++; window.observing++; return super.observe(...a); }
    disconnect() { window.observing -= this.#n; this.#n = 0; return super.disconnect(); }
  };
"""


def teardown(browser):
    ctx = browser.new_context(viewport={"width": 800, "height": 480}, device_scale_factor=1)
    ctx.add_init_script(COUNT_OBSERVERS)
    page = padlib.open_pad(ctx)
    cdp = ctx.new_cdp_session(page)

    def listeners(expression):
        target = cdp.send("Runtime.evaluate", {"expression": expression})["result"]["objectId"]
        return [e["type"] for e in cdp.send("DOMDebugger.getEventListeners", {"objectId": target})["listeners"]]

    def counters():
        cdp.send("HeapProfiler.collectGarbage")
        return cdp.send("Memory.getDOMCounters")

    window_before = listeners("window").count("resize")
    observing_before = page.evaluate("observing")
    page.evaluate("""() => { window.kept = [];
        for (let i = 0; i < 20; i++) { const p = document.createElement('signet-pad'); document.body.append(p);
          kept.push(p); } }""")
    mounted = listeners("window").count("resize"), page.evaluate("observing"), listeners("kept[0].shadowRoot.querySelector('canvas')")
    c.check("mounted: 20 pads listen to the window and observe their size",
            mounted[:2] == (window_before + 20, observing_before + 20) and len(mounted[2]) == 4,
            f"{mounted[0]} window resize listeners, {mounted[1]} observing, canvas {mounted[2]}")
    page.evaluate("() => { for (const p of kept) p.remove(); }")
    unmounted = listeners("window").count("resize"), page.evaluate("observing"), listeners("kept[0].shadowRoot.querySelector('canvas')")
    c.check("unmounted: no window listener, observer or canvas listener left",
            unmounted == (window_before, observing_before, []), f"{unmounted}")
    page.evaluate("() => { document.body.append(kept[0]); }")
    # Drawn on kept[0] by its own canvas's origin (padlib.Pointer finds #pad's).
    box = page.evaluate("() => { const r = kept[0].shadowRoot.querySelector('canvas').getBoundingClientRect(); return [r.left, r.top]; }")
    m = ctx.new_cdp_session(page)
    for type_, dx in [("mousePressed", 20), ("mouseMoved", 60), ("mouseMoved", 90), ("mouseReleased", 90)]:
        m.send("Input.dispatchMouseEvent", dict(type=type_, x=box[0] + dx, y=box[1] + 30, button="left", clickCount=1,
                                                buttons=0 if type_ == "mouseReleased" else 1))
    c.check("mounted again: the pad draws", page.evaluate("kept[0].strokeCount") == 1
            and listeners("window").count("resize") == window_before + 1)
    page.evaluate("() => { kept[0].remove(); window.kept = null; }")

    # Mount and unmount many pads, as a single-page app does; after a collection the page holds
    # as many listeners and nodes as before.
    before = counters()
    page.evaluate("""async () => { for (let i = 0; i < 50; i++) { const p = document.createElement('signet-pad');
        document.body.append(p); await new Promise(requestAnimationFrame); p.remove(); } }""")
    after = counters()
    c.check("50 mounts and unmounts: as many JS event listeners after as before",
            after["jsEventListeners"] == before["jsEventListeners"], f"{before} → {after}")
    c.check("50 mounts and unmounts: the removed pads' nodes are collected", after["nodes"] <= before["nodes"] + 10,
            f"{before} → {after}")
    c.check("teardown: no page errors", not page.errors, "; ".join(page.errors))
    ctx.close()


with sync_playwright() as pw:
    browser = padlib.launch(pw)
    exports(browser)
    form(browser)
    teardown(browser)
    browser.close()
c.finish()
