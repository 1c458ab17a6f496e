#!/usr/bin/env python3
"""<signet-pad> benchmark in headless Chromium (Tools/bench-capture.sh runs it):

1. Replays a 2,000-sample pen signature at 240 Hz through the DevTools protocol (each sample's
   `timestamp` on the 240 Hz clock), and counts what the pad records beside what a plain
   `pointermove` listener without getCoalescedEvents (signature_pad's way) receives in the same
   replay. Two runs: each move awaited (the only way DevTools delivers every move: a move sent
   while the previous one is unacknowledged is dropped before the page), and paced at 240 Hz in
   real time without waiting (what survives of a real-time stream).
2. Frame work: the time the pad spends per animation frame (its pointer handlers plus its drawing)
   while the same signature is fed at 240 Hz density — 4 samples per 60 Hz frame — 95th percentile.
3. toJSON() of a 10,000-sample drawing, median of 21 calls.

With SIGNET_CAPTURE_BASELINE=DIR (another checkout's Capture/ folder, e.g. an earlier version's), 2 and 3 also run
for that pad, the two alternating in one run (5 rounds each), and both are printed.
"""
import asyncio
import math
import os
import pathlib
import statistics
import sys
import time

from playwright.async_api import async_playwright

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "capture"))
import padlib  # noqa: E402

N = 2000
HZ = 240


def signature():
    """2,000 samples of a looping pen signature in a 600×200 canvas, with pressure and tilt."""
    pts = []
    for i in range(N):
        u = i / N
        x = 30 + 540 * u + 25 * math.sin(u * 38)
        y = 100 + 55 * math.sin(u * 19) * math.cos(u * 7)
        pts.append(dict(x=round(x * 4) / 4, y=round(y * 4) / 4, force=round(0.3 + 0.4 * abs(math.sin(u * 11)), 3),
                        tiltX=20, tiltY=-10))
    return pts


async def open_page(browser, folder=padlib.CAPTURE):
    ctx = await browser.new_context(viewport={"width": 800, "height": 400})
    page = await ctx.new_page()

    async def route(r):
        name = r.request.url.rsplit("/", 1)[-1] or "index.html"
        await r.fulfill(body=(folder / name).read_bytes(), content_type=padlib.TYPES[name.rsplit(".", 1)[1]])

    await page.route("http://pad.test/**", route)
    await page.goto(padlib.PAGE)
    await page.locator("signet-pad canvas").wait_for(state="attached")
    await page.evaluate("""() => { window.plain = 0;
        document.getElementById('pad').shadowRoot.querySelector('canvas')
          .addEventListener('pointermove', () => window.plain++); }""")
    return ctx, page


async def replay(browser, samples, paced):
    ctx, page = await open_page(browser)
    cdp = await ctx.new_cdp_session(page)
    ox, oy = (await page.evaluate("""() => { const r = document.getElementById('pad').shadowRoot
        .querySelector('canvas').getBoundingClientRect(); return [r.left, r.top]; }"""))
    base = time.time()

    def event(kind, i):
        s = samples[i]
        return dict(type=kind, x=ox + s["x"], y=oy + s["y"], button="left", clickCount=1,
                    buttons=0 if kind == "mouseReleased" else 1, pointerType="pen", force=s["force"],
                    tiltX=s["tiltX"], tiltY=s["tiltY"], timestamp=base + i / HZ)

    await cdp.send("Input.dispatchMouseEvent", event("mousePressed", 0))
    start = time.perf_counter()
    pending = []
    for i in range(1, len(samples)):
        if paced:
            delay = start + i / HZ - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            pending.append(asyncio.ensure_future(cdp.send("Input.dispatchMouseEvent", event("mouseMoved", i))))
        else:
            await cdp.send("Input.dispatchMouseEvent", event("mouseMoved", i))
    await asyncio.gather(*pending)
    await cdp.send("Input.dispatchMouseEvent", event("mouseReleased", len(samples) - 1))
    wall = time.perf_counter() - start
    recorded = await page.evaluate("document.getElementById('pad').toJSON().strokes[0].points.length")
    plain = await page.evaluate("window.plain") + 1  # + the pointerdown sample
    await ctx.close()
    return recorded, plain, wall


# The pad's own handlers get pointer events built as Chromium builds them for hardware (a
# pointermove carrying 4 coalesced samples), dispatched on its canvas; its drawing runs in its own
# requestAnimationFrame callback, timed by wrapping requestAnimationFrame. A frame's work is the
# handler time of one batch plus the drawing that batch scheduled.
FRAME_WORK = """async (samples) => {
  const canvas = document.getElementById('pad').shadowRoot.querySelector('canvas');
  const r = canvas.getBoundingClientRect();
  const raf = window.requestAnimationFrame.bind(window);
  let drawing = 0;
  window.requestAnimationFrame = (callback) => raf((t) => {
    const t0 = performance.now();
    callback(t);
    drawing += performance.now() - t0;
  });
  const init = (s) => ({ pointerId: 7, pointerType: 'pen', isPrimary: true, button: 0, buttons: 1,
    clientX: r.left + s.x, clientY: r.top + s.y, pressure: s.force, tiltX: s.tiltX, tiltY: s.tiltY,
    bubbles: true, cancelable: true, composed: true });
  // Chromium gives a constructed event no coalesced events (PointerEventInit's coalescedEvents
  // notwithstanding): the batch is the event's own getCoalescedEvents.
  const send = (type, s, coalesced = null) => {
    const event = new PointerEvent(type, init(s));
    if (coalesced) event.getCoalescedEvents = () => coalesced;
    const t0 = performance.now();
    canvas.dispatchEvent(event);
    return performance.now() - t0;
  };
  const frames = [];
  let handlers = send('pointerdown', samples[0]);
  let i = 1;
  await new Promise((done) => {
    const frame = () => {
      frames.push(handlers + drawing);  // the previous batch: its handlers, then its drawing
      drawing = 0;
      const batch = [];
      for (let k = 0; k < 4 && i < samples.length; k++, i++) batch.push(new PointerEvent('pointermove', init(samples[i])));
      if (batch.length) {
        handlers = send('pointermove', samples[i - 1], batch);
        raf(frame);
        return;
      }
      frames.push(send('pointerup', samples[samples.length - 1]));  // the pen-up repaints the stroke
      done();
    };
    raf(frame);
  });
  window.requestAnimationFrame = raf;
  frames.sort((a, b) => a - b);
  return { frames: frames.length, p50: frames[Math.floor(frames.length * 0.5)],
           p95: frames[Math.floor(frames.length * 0.95)], max: frames[frames.length - 1],
           recorded: document.getElementById('pad').toJSON().strokes[0].points.length };
}"""

TO_JSON = """() => {
  const strokes = [];
  for (let s = 0; s < 10; s++) {
    const points = [];
    for (let i = 0; i < 1000; i++) points.push({ x: 30 + i * 0.5, y: 20 + s * 15 + Math.sin(i / 9) * 6,
      t: s * 2000 + i * 4.17, force: 0.5 + 0.3 * Math.sin(i / 20), tiltX: 20, tiltY: -10 });
    strokes.push({ pointerType: 'pen', points });
  }
  const pad = document.getElementById('pad');
  pad.fromJSON({ strokes });
  const times = [];
  let n = 0;
  for (let k = 0; k < 21; k++) {
    const t0 = performance.now();
    const out = pad.toJSON();
    times.push(performance.now() - t0);
    n = out.strokes.reduce((a, s) => a + s.points.length, 0);
  }
  times.sort((a, b) => a - b);
  return { samples: n, median: times[10], max: times[20] };
}"""


async def main():
    samples = signature()
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=padlib.CHROMIUM, headless=True, args=["--no-sandbox"])
        print(f"replay: {N} pen samples at {HZ} Hz through CDP (Chromium {browser.version})")
        for paced, label in [(False, "each move awaited"), (True, "paced in real time")][int(len(sys.argv) > 1):]:
            recorded, plain, wall = await replay(browser, samples, paced)
            print(f"  {label:20} pad recorded {recorded:5} ({100 * recorded / N:5.1f} %)   plain pointermove "
                  f"{plain:5} ({100 * plain / N:5.1f} %)   {wall:5.1f} s")
        baseline = os.environ.get("SIGNET_CAPTURE_BASELINE")
        pads = [("this pad", padlib.CAPTURE)] + ([("baseline", pathlib.Path(baseline))] if baseline else [])
        for round_ in range(5 if baseline else 1):
            for label, folder in pads:
                ctx, page = await open_page(browser, folder)
                work = await page.evaluate(FRAME_WORK, samples)
                j = await page.evaluate(TO_JSON)
                await ctx.close()
                print(f"{label} (round {round_ + 1}): frame work at 240 Hz density (4 samples per frame, "
                      f"{work['frames']} frames): p50 {work['p50']:.2f} ms, p95 {work['p95']:.2f} ms, "
                      f"max {work['max']:.2f} ms (pad recorded {work['recorded']} of {N}); "
                      f"toJSON() of {j['samples']} samples: median {j['median']:.2f} ms, max {j['max']:.2f} ms")
        await browser.close()


asyncio.run(main())
