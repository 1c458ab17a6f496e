#!/usr/bin/env python3
"""<signet-pad> from the keyboard and to assistive technology, in headless Chromium (run by
Tests/SignetCaptureTests/CaptureBrowserTests.swift): on the pad page, Tab reaches the pad, a focus
ring shows, Ctrl+Z / Backspace undo and Delete clears, and the accessibility tree names it; in a
form, an empty required pad stops a submission made from the keyboard with the browser's
message at the pad, which gets the focus, and no "not focusable" console error; a <label> names
the pad; a disabled pad leaves the tab order and ignores the keys.
Usage: test-pad-keyboard.py SIGNET_BINARY WORK_DIR (neither is used: the page is served in-process)."""
from playwright.sync_api import sync_playwright

import padlib

c = padlib.Checks()
PAD = "document.getElementById('pad')"
FORM = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Form</title>
<script type="module" src="signet-pad.js"></script></head><body>
<form id="form" action="http://pad.test/submit" method="post">
  <p><label for="who">Name</label> <input id="who" name="who" value="Ada"></p>
  <label for="pad">Your signature</label>
  <signet-pad id="pad" name="signature" required></signet-pad>
  <button id="send">Send</button>
</form></body></html>"""


def form_page(context):
    page = context.new_page()
    page.errors, console, posted = [], [], []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.on("console", lambda m: console.append(m.text))
    # The browser's own messages ("An invalid form control … is not focusable.") come through the
    # DevTools Log domain, not as console API calls.
    cdp = context.new_cdp_session(page)
    cdp.on("Log.entryAdded", lambda e: console.append(e["entry"]["text"]))
    cdp.send("Log.enable")
    page.log_session = cdp
    padlib.serve_capture_folder(page)
    page.route("http://pad.test/form.html", lambda r: r.fulfill(body=FORM, content_type="text/html"))
    page.route("http://pad.test/submit", lambda r: (posted.append(r.request.post_data), r.fulfill(body="ok")))
    page.goto("http://pad.test/form.html")
    page.locator("signet-pad canvas").wait_for(state="attached")
    return page, console, posted


with sync_playwright() as pw:
    browser = padlib.launch(pw)

    # The pad page: keyboard and accessibility tree.
    page = padlib.open_pad(browser.new_context(viewport={"width": 800, "height": 480}))
    padlib.keyboard_checks(page, c, "pad page", "Sign here")
    c.check("pad page: Clear, Undo and Done are disabled again once the keys cleared the pad",
            page.evaluate("() => ['clear', 'undo', 'done'].every((id) => document.getElementById(id).disabled)"))
    c.check("pad page: no page errors", not page.errors, "; ".join(page.errors))

    # A form: an empty required pad stops a keyboard submission with the browser's message.
    page, console, posted = form_page(browser.new_context(viewport={"width": 800, "height": 480}))
    order = []
    while len(order) < 6 and (not order or order[-1] != "send"):
        page.keyboard.press("Tab")
        order.append(page.evaluate("() => document.activeElement?.id || document.activeElement?.localName"))
    page.keyboard.press("Enter")
    page.wait_for_timeout(300)
    c.check("form: Tab goes name → pad → Send", order == ["who", "pad", "send"], str(order))
    c.check("form: Enter on Send with an empty required pad posts nothing", not posted, str(posted))
    c.check("form: the browser moves the focus to the pad to show its message",
            page.evaluate(f"() => document.activeElement === {PAD}"),
            page.evaluate("() => document.activeElement?.outerHTML.slice(0, 80)"))
    c.check("form: the message is the pad's", page.evaluate(f"() => {PAD}.validationMessage") == "Please sign in the box.",
            page.evaluate(f"() => {PAD}.validationMessage"))
    unfocusable = [m for m in console if "not focusable" in m]
    c.check("form: no 'invalid form control is not focusable' console error", not unfocusable, "; ".join(unfocusable))
    name = padlib.accessibility_node(page, "application").get("name", {}).get("value")
    c.check("form: a <label for> names the pad (not the default label)", name == "Your signature", str(name))
    page.evaluate(f"() => {PAD}.fromJSON({padlib.THREE_STROKES})")
    page.keyboard.press("Delete")
    c.check("form: Delete clears the focused pad, which is invalid again",
            page.evaluate(f"() => {PAD}.isEmpty && {PAD}.validity.valueMissing"))
    page.evaluate(f"() => {PAD}.fromJSON({padlib.THREE_STROKES})")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.wait_for_timeout(500)
    c.check("form: signed, Enter on Send posts the signature", len(posted) == 1 and "signature=" in (posted[0] or ""),
            str(posted)[:120])

    # Disabled and read-only: out of the tab order, keys ignored.
    page, console, posted = form_page(browser.new_context(viewport={"width": 800, "height": 480}))
    page.evaluate(f"() => {{ {PAD}.fromJSON({padlib.THREE_STROKES}); {PAD}.disabled = true; }}")
    order = []
    for _ in range(3):
        page.keyboard.press("Tab")
        order.append(page.evaluate("() => document.activeElement?.id || document.activeElement?.localName"))
    c.check("disabled: out of the tab order (no tabindex)", "pad" not in order
            and page.evaluate(f"() => !{PAD}.hasAttribute('tabindex')"), str(order))
    page.evaluate(f"() => {{ {PAD}.disabled = false; {PAD}.readOnly = true; {PAD}.focus(); }}")
    page.keyboard.press("Delete")
    page.keyboard.press("Control+z")
    c.check("enabled again: tabindex 0; read-only: the keys change nothing",
            page.evaluate(f"() => {PAD}.tabIndex === 0 && {PAD}.strokeCount === 3"))
    page.evaluate(f"() => {{ {PAD}.setAttribute('tabindex', '-1'); {PAD}.disabled = true; {PAD}.disabled = false; }}")
    c.check("a tabindex the page sets is kept", page.evaluate(f"() => {PAD}.getAttribute('tabindex')") == "-1")
    c.check("form pages: no page errors", not page.errors, "; ".join(page.errors))
    browser.close()
c.finish()
