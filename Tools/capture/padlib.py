"""Shared by the capture browser tests and the benchmark: the system Chromium under Playwright,
Capture/ served without a server (page.route), synthetic pens, mice and fingers through the
DevTools protocol, and stroke loading from the corpus (SVC2004 pens, signature_pad mice)."""
import json
import math
import os
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
CAPTURE = ROOT / "Capture"
CORPUS = pathlib.Path(os.environ.get("SIGNET_CORPUS", ROOT.parent / "shared" / "corpus"))
CHROMIUM = os.environ.get("SIGNET_CHROMIUM", "/usr/bin/chromium")
TYPES = {"html": "text/html", "css": "text/css", "js": "text/javascript"}
PAGE = "http://pad.test/index.html"


def launch(playwright):
    if not os.path.exists(CHROMIUM):
        sys.exit(f"FAIL: no Chromium at {CHROMIUM} (install Debian's chromium: make test-deps)")
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])


def serve_capture_folder(page):
    """Answers http://pad.test/NAME with Capture/NAME (what `signet capture` embeds)."""

    def route(r):
        name = r.request.url.rsplit("/", 1)[-1].split("?")[0] or "index.html"
        f = CAPTURE / name
        if f.is_file():
            r.fulfill(body=f.read_bytes(), content_type=TYPES.get(name.rsplit(".", 1)[-1], "text/plain"))
        else:
            r.fulfill(status=404, body="no")

    page.route("http://pad.test/**", route)


def open_pad(context, url=PAGE):
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    if url == PAGE:
        serve_capture_folder(page)
    page.goto(url)
    # Waiting by selector, not by a function: the served page's CSP forbids eval.
    page.locator("signet-pad canvas").wait_for(state="attached")
    page.errors = errors
    return page


def canvas_origin(page):
    """The pad canvas's top-left corner in page coordinates."""
    return page.evaluate(
        "() => { const r = document.getElementById('pad').shadowRoot.querySelector('canvas')"
        ".getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; }"
    )


class Pointer:
    """Dispatches samples through CDP, each awaited (Chromium's DevTools input drops a move sent
    while the previous one is still unacknowledged, so tests send one at a time)."""

    def __init__(self, page, kind):
        self.cdp = page.context.new_cdp_session(page)
        self.kind = kind
        self.ox, self.oy = canvas_origin(page)[:2]

    def mouse(self, type_, s):
        params = dict(type=type_, x=self.ox + s["x"], y=self.oy + s["y"], button="left", clickCount=1,
                      buttons=0 if type_ == "mouseReleased" else 1, pointerType=self.kind)
        if self.kind == "pen":
            params.update(force=s.get("force", 0.5), tiltX=s.get("tiltX", 0), tiltY=s.get("tiltY", 0))
        self.cdp.send("Input.dispatchMouseEvent", params)

    def stroke(self, samples, lift=True):
        """One contact through `samples`; with lift=False the pen stays down on the last one."""
        if self.kind == "touch":
            points = lambda s: [dict(x=self.ox + s["x"], y=self.oy + s["y"], id=1, force=s.get("force", 1))]
            self.cdp.send("Input.dispatchTouchEvent", dict(type="touchStart", touchPoints=points(samples[0])))
            for s in samples[1:]:
                self.cdp.send("Input.dispatchTouchEvent", dict(type="touchMove", touchPoints=points(s)))
            self.cdp.send("Input.dispatchTouchEvent", dict(type="touchEnd", touchPoints=[]))
            return
        self.mouse("mousePressed", samples[0])
        for s in samples[1:]:
            self.mouse("mouseMoved", s)
        if lift:
            self.mouse("mouseReleased", samples[-1])


def fit(strokes, width=600, height=200, margin=20):
    """Strokes of {x, y, ...} scaled and moved into a width×height canvas, y down, to 1/4 px."""
    xs = [s["x"] for st in strokes for s in st]
    ys = [s["y"] for st in strokes for s in st]
    k = min((width - 2 * margin) / max(max(xs) - min(xs), 1), (height - 2 * margin) / max(max(ys) - min(ys), 1))
    out = []
    for st in strokes:
        out.append([dict(s, x=round((margin + (s["x"] - min(xs)) * k) * 4) / 4,
                         y=round((margin + (s["y"] - min(ys)) * k) * 4) / 4) for s in st])
    return out


def svc2004(name):
    """A real pen signature (SVC2004 Task 2): strokes with pressure and tilt, y flipped to point down."""
    lines = (CORPUS / "strokes" / "svc2004" / name).read_text().split()
    n = int(lines[0])
    rows = [list(map(int, lines[1 + 7 * i: 8 + 7 * i])) for i in range(n)]
    strokes, current = [], []
    for x, y, t, button, az, alt, p in rows:
        if button == 0:
            if current:
                strokes.append(current)
            current = []
            continue
        lean = 90 - alt / 10
        current.append(dict(x=x, y=-y, force=round(p / 1023, 3),
                            tiltX=int(round(lean * math.cos(math.radians(az / 10)))),
                            tiltY=int(round(lean * math.sin(math.radians(az / 10))))))
    if current:
        strokes.append(current)
    return fit(strokes)


def signature_pad(name):
    """A real mouse drawing (signature_pad's face.json)."""
    import json

    groups = json.loads((CORPUS / "strokes" / "signature_pad" / name).read_text())
    return fit([[dict(x=p["x"], y=p["y"]) for p in g["points"]] for g in groups])


def corpus_available():
    return (CORPUS / "strokes" / "svc2004" / "U1S1.TXT").is_file()


class Checks:
    """Named checks that all run; the script exits 1 when any failed."""

    def __init__(self):
        self.failed = 0

    def check(self, name, ok, detail=""):
        print(("ok   " if ok else "FAIL ") + name + (f": {detail}" if detail else ""), flush=True)
        self.failed += 0 if ok else 1
        return ok

    def finish(self):
        print(f"{self.failed} failed" if self.failed else "all passed")
        sys.exit(1 if self.failed else 0)


THREE_STROKES = ('{"format":"signet-strokes","version":1,"strokes":[[[40,60,0],[120,90,30]],'
                 '[[150,60,400],[220,120,430]],[[260,80,800],[330,70,830]]]}')


def keyboard_checks(page, c, where, name):
    """The pad from the keyboard alone, with `name` its accessible name: Tab reaches it (tabindex 0)
    and shows a focus ring; Ctrl+Z and Backspace undo a stroke, Delete clears; the accessibility
    tree has its role, role description and name. The strokes are put in with fromJSON."""
    pad = "document.getElementById('pad')"
    page.evaluate("() => { document.activeElement?.blur(); window.scrollTo(0, 0); }")
    steps = 0
    for steps in range(1, 13):
        page.keyboard.press("Tab")
        if page.evaluate(f"() => document.activeElement === {pad}"):
            break
    focused = page.evaluate(f"() => document.activeElement === {pad}")
    c.check(f"{where}: Tab reaches the pad (tabindex 0)", focused and page.evaluate(f"() => {pad}.tabIndex") == 0,
            f"after {steps} Tab presses, focus on {page.evaluate('() => document.activeElement?.outerHTML.slice(0, 80)')}")
    ring = page.evaluate(f"() => {{ const s = getComputedStyle({pad}); "
                         f"return [{pad}.matches(':focus-visible'), s.outlineStyle, parseFloat(s.outlineWidth)]; }}")
    c.check(f"{where}: a visible focus ring on :focus-visible", ring[0] and ring[1] != "none" and ring[2] >= 2, str(ring))
    page.evaluate(f"() => {pad}.fromJSON({THREE_STROKES})")
    counts = [page.evaluate(f"() => {pad}.strokeCount")]
    for key in ["Control+z", "Backspace", "Delete"]:
        page.keyboard.press(key)
        counts.append(page.evaluate(f"() => {pad}.strokeCount"))
    c.check(f"{where}: Ctrl+Z and Backspace undo a stroke each, Delete clears", counts == [3, 2, 1, 0], str(counts))
    c.check(f"{where}: the pad keeps the focus", page.evaluate(f"() => document.activeElement === {pad}"))
    # Chromium's own accessibility tree (Playwright's aria_snapshot reads attributes only, so it
    # misses ElementInternals' ARIA defaults).
    node = accessibility_node(page, "application")
    props = {p["name"]: p["value"].get("value") for p in node.get("properties", [])}
    c.check(f"{where}: the accessibility tree has it as an application named '{name}'",
            node.get("name", {}).get("value") == name, json.dumps(node.get("name", {}).get("value")))
    c.check(f"{where}: described as a signature pad, with its key shortcuts, focusable",
            props.get("roledescription") == "signature pad" and props.get("keyshortcuts")
            == "Delete Backspace Control+Z Meta+Z" and props.get("focusable") is True, json.dumps(props))


def accessibility_node(page, role):
    """The first node of `role` in Chromium's accessibility tree (CDP), {} when there is none."""
    cdp = page.context.new_cdp_session(page)
    nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    cdp.detach()
    return next((n for n in nodes if n.get("role", {}).get("value") == role), {})
