#!/usr/bin/env python3
"""Writes SampleStrokes/: synthetic handwritten signatures, one file per stroke format Signet reads.

Deterministic (seeded): running it again writes the same bytes. Each signature is a name
written in cursive: letters are sequences of via-points (baseline 0, x-height 1, y up) that a
Catmull-Rom spline joins; the pen runs along it at a speed that follows the two-thirds power
law of human drawing (slower in tight curves), sampled at the capture rate with a little clock
jitter; pressure ramps in and out and eases off when the pen is fast. Dots of i and j are
single taps, t is crossed, and some signatures end with an underline flourish.

usage: Tools/make-samples.py [OUTPUT_DIR]   (default: SampleStrokes next to this script's folder)
"""
import json
import math
import os
import random
import sys

# Letter shapes: via-points in letter units (x to the right, y up from the baseline), and the
# width the letter advances. Lowercase letters start and end on the baseline so they join.
LETTERS = {
    "a": ([(0.55, 0.75), (0.3, 0.95), (0.05, 0.5), (0.25, 0.02), (0.55, 0.45), (0.62, 0.95), (0.6, 0.2), (0.8, 0.02)], 0.85),
    "e": ([(0.45, 0.45), (0.5, 0.85), (0.25, 0.9), (0.08, 0.5), (0.25, 0.05), (0.7, 0.1)], 0.75),
    "i": ([(0.2, 0.9), (0.22, 0.1), (0.42, 0.05)], 0.45),
    "l": ([(0.35, 1.2), (0.5, 2.1), (0.35, 2.35), (0.18, 1.9), (0.25, 0.6), (0.32, 0.02), (0.55, 0.08)], 0.6),
    "n": ([(0.12, 0.8), (0.2, 0.02), (0.3, 0.75), (0.5, 0.95), (0.62, 0.6), (0.64, 0.05), (0.85, 0.08)], 0.9),
    "m": ([(0.1, 0.8), (0.15, 0.02), (0.25, 0.75), (0.4, 0.95), (0.5, 0.6), (0.52, 0.02), (0.6, 0.75), (0.78, 0.95),
           (0.88, 0.6), (0.9, 0.05), (1.1, 0.08)], 1.15),
    "o": ([(0.5, 0.9), (0.2, 0.85), (0.05, 0.45), (0.3, 0.02), (0.6, 0.4), (0.5, 0.9), (0.75, 0.8)], 0.85),
    "r": ([(0.12, 0.8), (0.2, 0.95), (0.28, 0.6), (0.3, 0.05), (0.35, 0.7), (0.55, 0.92), (0.68, 0.75)], 0.75),
    "s": ([(0.35, 0.95), (0.45, 0.5), (0.5, 0.15), (0.25, 0.02), (0.1, 0.2), (0.45, 0.1), (0.65, 0.05)], 0.7),
    "t": ([(0.25, 1.1), (0.32, 1.75), (0.28, 0.6), (0.3, 0.05), (0.55, 0.1)], 0.6),
    "u": ([(0.1, 0.85), (0.12, 0.15), (0.35, 0.02), (0.55, 0.5), (0.6, 0.9), (0.6, 0.1), (0.8, 0.05)], 0.85),
    "v": ([(0.1, 0.85), (0.3, 0.05), (0.55, 0.9), (0.5, 0.75), (0.7, 0.85)], 0.75),
    "c": ([(0.6, 0.8), (0.45, 0.95), (0.12, 0.6), (0.2, 0.08), (0.65, 0.12)], 0.7),
    "d": ([(0.55, 0.75), (0.3, 0.95), (0.05, 0.5), (0.25, 0.02), (0.55, 0.45), (0.7, 2.2), (0.62, 0.2), (0.82, 0.02)], 0.9),
    "h": ([(0.35, 1.3), (0.45, 2.2), (0.3, 2.3), (0.2, 1.6), (0.2, 0.02), (0.3, 0.7), (0.55, 0.95), (0.65, 0.5),
           (0.66, 0.05), (0.85, 0.1)], 0.95),
    "y": ([(0.1, 0.85), (0.15, 0.2), (0.35, 0.05), (0.58, 0.6), (0.6, 0.9), (0.55, -0.6), (0.35, -1.1), (0.2, -0.8),
           (0.5, -0.1), (0.8, 0.15)], 0.85),
    "g": ([(0.55, 0.75), (0.3, 0.95), (0.05, 0.5), (0.25, 0.02), (0.55, 0.45), (0.6, 0.9), (0.55, -0.6), (0.35, -1.1),
           (0.18, -0.8), (0.5, -0.1), (0.8, 0.12)], 0.9),
    "k": ([(0.35, 1.3), (0.45, 2.2), (0.3, 2.3), (0.2, 1.6), (0.2, 0.02), (0.3, 0.5), (0.55, 0.85), (0.45, 0.5),
           (0.3, 0.45), (0.6, 0.02), (0.8, 0.08)], 0.9),
    "z": ([(0.15, 0.85), (0.6, 0.9), (0.2, 0.05), (0.5, 0.1), (0.55, -0.5), (0.3, -0.7), (0.7, 0.05)], 0.8),
    "p": ([(0.15, 0.85), (0.2, -1.1), (0.22, 0.3), (0.45, 0.95), (0.7, 0.55), (0.4, 0.05), (0.25, 0.2), (0.75, 0.08)], 0.85),
    "f": ([(0.35, 1.3), (0.5, 2.2), (0.3, 2.3), (0.25, 1.5), (0.25, -0.9), (0.2, -1.0), (0.3, 0.1), (0.6, 0.2)], 0.65),
    "b": ([(0.35, 1.3), (0.45, 2.2), (0.3, 2.3), (0.2, 1.6), (0.2, 0.02), (0.3, 0.6), (0.55, 0.9), (0.65, 0.5),
           (0.35, 0.02), (0.75, 0.15)], 0.9),
}

# Capitals: a large entry loop and a body, 2.6 units tall; they end on the baseline.
CAPITALS = {
    "A": ([(0.1, 0.05), (0.7, 2.6), (0.85, 2.5), (1.0, 0.05), (0.9, 0.9), (0.4, 1.0), (1.1, 1.1), (1.3, 0.05)], 1.4),
    "J": ([(0.3, 2.0), (1.0, 2.6), (1.2, 2.4), (0.9, 0.0), (0.6, -1.0), (0.3, -0.6), (0.9, 0.1), (1.2, 0.1)], 1.3),
    "M": ([(0.05, 0.05), (0.3, 2.4), (0.45, 2.5), (0.55, 0.2), (0.85, 2.4), (1.0, 2.5), (1.05, 0.1), (1.3, 0.05)], 1.4),
    "T": ([(0.1, 2.1), (0.7, 2.5), (1.5, 2.45), (0.9, 2.3), (0.8, 1.0), (0.6, 0.02), (0.4, 0.3), (1.1, 0.1)], 1.3),
    "L": ([(0.6, 1.6), (1.0, 2.5), (0.8, 2.6), (0.5, 1.6), (0.3, 0.2), (0.05, 0.0), (0.3, 0.2), (1.0, 0.05)], 1.2),
    "S": ([(0.2, 0.9), (1.0, 2.55), (0.6, 2.6), (0.4, 2.1), (0.9, 1.2), (0.7, 0.1), (0.2, 0.2), (0.9, 0.15)], 1.1),
    "K": ([(0.3, 2.5), (0.25, 0.02), (0.35, 1.1), (1.0, 2.4), (0.5, 1.2), (0.8, 0.05), (1.1, 0.1)], 1.2),
    "P": ([(0.3, 0.02), (0.4, 2.5), (1.0, 2.4), (1.05, 1.7), (0.35, 1.3), (0.6, 1.2), (1.0, 0.3), (1.2, 0.1)], 1.3),
    "O": ([(0.7, 2.5), (0.25, 2.2), (0.1, 1.0), (0.5, 0.02), (1.0, 0.9), (0.9, 2.3), (0.5, 2.3), (1.2, 0.15)], 1.3),
    "I": ([(0.2, 1.9), (0.8, 2.5), (0.75, 1.2), (0.55, 0.05), (0.2, 0.3), (1.0, 0.1)], 1.1),
    "N": ([(0.1, 0.05), (0.35, 2.5), (0.5, 2.3), (0.85, 0.05), (1.0, 2.5), (1.1, 2.2), (1.25, 0.1)], 1.35),
    "Z": ([(0.2, 2.3), (1.1, 2.5), (0.2, 0.05), (1.0, 0.1), (0.9, -0.6), (0.5, -0.7), (1.2, 0.1)], 1.3),
    "E": ([(0.9, 2.3), (0.4, 2.5), (0.5, 1.5), (0.2, 1.3), (0.3, 0.1), (1.0, 0.2), (1.2, 0.1)], 1.25),
    "R": ([(0.3, 0.02), (0.35, 2.5), (1.0, 2.3), (0.9, 1.5), (0.35, 1.3), (0.7, 1.1), (1.0, 0.05), (1.2, 0.1)], 1.3),
    "B": ([(0.3, 0.02), (0.35, 2.5), (0.95, 2.3), (0.85, 1.5), (0.4, 1.3), (1.05, 0.9), (0.8, 0.1), (0.3, 0.05), (1.2, 0.1)], 1.3),
    "C": ([(1.0, 2.2), (0.7, 2.55), (0.25, 2.0), (0.1, 0.9), (0.45, 0.02), (1.0, 0.3), (1.2, 0.1)], 1.25),
    "F": ([(0.2, 2.2), (0.7, 2.5), (1.3, 2.45), (0.7, 2.3), (0.55, 0.9), (0.4, 0.02), (0.3, 1.2), (0.9, 1.3), (1.1, 0.1)], 1.25),
    "H": ([(0.25, 2.5), (0.2, 0.02), (0.3, 1.2), (0.9, 1.3), (1.0, 2.5), (0.95, 0.05), (1.2, 0.1)], 1.3),
    "Q": ([(0.7, 2.5), (0.25, 2.2), (0.1, 1.0), (0.5, 0.02), (1.0, 0.9), (0.9, 2.3), (0.5, 2.3), (0.6, 0.5), (1.1, -0.2), (1.3, 0.1)], 1.35),
    "V": ([(0.05, 2.4), (0.25, 2.5), (0.55, 0.02), (0.95, 2.5), (1.1, 2.3), (1.0, 1.5), (1.2, 0.1)], 1.3),
}


class Signer:
    """One person's hand: size, slant, speed, pressure and how shaky or loopy they write."""

    def __init__(self, seed, x_height=22.0, slant=0.28, speed=0.28, pressure=0.55, jitter=0.05):
        self.rng = random.Random(seed)
        self.x_height = x_height      # capture units
        self.slant = slant            # shear: x += slant * y
        self.speed = speed            # units per ms on a straight run, relative to x-height 20
        self.pressure = pressure      # mean pressure 0…1
        self.jitter = jitter          # via-point wobble, in letter units

    def word(self, text, x0, y0):
        """The via-points of `text` written from the baseline point (x0, y0); y grows downward.
        Returns (points, marks) where marks are ('dot' | 'cross', x, y) in capture units."""
        pts, marks = [], []
        x = 0.0
        h, r = self.x_height, self.rng
        for k, ch in enumerate(text):
            shape, advance = CAPITALS[ch] if ch in CAPITALS else LETTERS[ch]
            if k == 0 and ch not in CAPITALS:
                pts.append((x - 0.3, 0.0))
            for (u, v) in shape:
                ju, jv = r.gauss(0, self.jitter), r.gauss(0, self.jitter)
                pts.append((x + u + ju, v + jv))
            if ch in "ij":
                marks.append(("dot", x + 0.3 + r.gauss(0, 0.08), 1.55 + r.gauss(0, 0.1)))
            if ch == "t":
                marks.append(("cross", x + 0.05, 1.15 + r.gauss(0, 0.05)))
            x += advance * (1 + r.gauss(0, 0.04))
        to_screen = lambda u, v: (x0 + (u + self.slant * v) * h, y0 - v * h)
        return [to_screen(u, v) for (u, v) in pts], [(m, *to_screen(u, v)) for (m, u, v) in marks], x * h


def catmull_rom(points, per_segment=24):
    """A dense polyline through `points` (centripetal-free uniform Catmull-Rom)."""
    if len(points) < 2:
        return list(points)
    p = [points[0]] + list(points) + [points[-1]]
    out = []
    for i in range(1, len(p) - 2):
        (x0, y0), (x1, y1), (x2, y2), (x3, y3) = p[i - 1], p[i], p[i + 1], p[i + 2]
        for s in range(per_segment):
            t = s / per_segment
            t2, t3 = t * t, t * t * t
            out.append((
                0.5 * (2 * x1 + (x2 - x0) * t + (2 * x0 - 5 * x1 + 4 * x2 - x3) * t2 + (3 * x1 - x0 - 3 * x2 + x3) * t3),
                0.5 * (2 * y1 + (y2 - y0) * t + (2 * y0 - 5 * y1 + 4 * y2 - y3) * t2 + (3 * y1 - y0 - 3 * y2 + y3) * t3),
            ))
    out.append(points[-1])
    return out


def pen_run(signer, path, rate_hz, t0):
    """Samples a pen moving along `path` at the capture rate: [(x, y, t_ms, pressure)].

    Speed follows the two-thirds power law (v ∝ curvature^(-1/3)), scaled to the signer's hand;
    pressure eases in over the first 40 ms and out over the last 30 ms, and drops a little when
    the pen is fast."""
    r = signer.rng
    # Arc length and a speed at every vertex of the dense path.
    seg = [math.dist(path[i], path[i + 1]) for i in range(len(path) - 1)]
    speeds = []
    for i in range(len(path)):
        a, b, c = path[max(i - 1, 0)], path[i], path[min(i + 1, len(path) - 1)]
        ab, bc = math.dist(a, b), math.dist(b, c)
        cross = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0])
        curvature = abs(cross) / max(ab * bc * max(ab + bc, 1e-9) / 2, 1e-9)
        v = signer.speed * signer.x_height / 20 * (max(curvature * signer.x_height, 0.05)) ** (-1 / 3)
        speeds.append(min(max(v, 0.08), 2.2))
    # Walk the path in time.
    samples, t, i, offset, wobble = [], t0, 0, 0.0, 0.0
    period = 1000.0 / rate_hz
    total = sum(seg)
    travelled = 0.0
    while i < len(seg):
        x = path[i][0] + (path[i + 1][0] - path[i][0]) * (offset / seg[i] if seg[i] else 0)
        y = path[i][1] + (path[i + 1][1] - path[i][1]) * (offset / seg[i] if seg[i] else 0)
        v = speeds[i]
        elapsed = t - t0
        remaining = (total - travelled) / max(v, 0.05)
        ease = min(1.0, elapsed / 40.0, remaining / 30.0 + 0.15)
        wobble = 0.85 * wobble + r.gauss(0, 0.008)   # pressure drifts smoothly, as a hand does
        p = signer.pressure * (1.08 - 0.25 * v / 2.2) * (0.35 + 0.65 * max(ease, 0)) + wobble
        samples.append((x, y, t, min(max(p, 0.02), 1.0)))
        step_t = period + r.uniform(-0.6, 0.6)
        t += step_t
        move = v * step_t
        while i < len(seg) and offset + move > seg[i]:
            move -= seg[i] - offset
            travelled += seg[i] - offset
            offset = 0.0
            i += 1
        offset += move
        travelled += move
    samples.append((path[-1][0], path[-1][1], t, 0.1))
    return samples, t


def signature(signer, first, last, origin, rate_hz=120, flourish=True):
    """The strokes of a signature: [(points)] with points (x, y, t_ms, pressure)."""
    r = signer.rng
    x0, y0 = origin
    strokes, t = [], 0.0
    marks = []
    for k, word in enumerate([first, last]):
        via, word_marks, width = signer.word(word, x0, y0 + r.gauss(0, 1.5))
        run, t = pen_run(signer, catmull_rom(via), rate_hz, t)
        strokes.append(run)
        marks += word_marks
        x0 += width + signer.x_height * (0.9 + r.uniform(0, 0.4))
        t += r.uniform(180, 320)   # pen lifted between words
    for kind, x, y in marks:
        if kind == "dot":
            strokes.append([(x, y, t, signer.pressure * 0.9)])
            t += r.uniform(150, 260)
        else:
            via = [(x - signer.x_height * 0.35, y + 1), (x + signer.x_height * 0.45, y - 1.5)]
            run, t = pen_run(signer, catmull_rom(via, per_segment=10), rate_hz, t)
            strokes.append(run)
            t += r.uniform(150, 260)
    if flourish:
        start = (origin[0] + signer.x_height * 0.5, origin[1] + signer.x_height * 0.7)
        end = (x0 - signer.x_height * 0.6, origin[1] + signer.x_height * 0.45)
        mid = ((start[0] + end[0]) / 2, start[1] + signer.x_height * 0.35)
        via = [start, mid, end, (end[0] + signer.x_height * 0.4, end[1] - signer.x_height * 0.3)]
        run, t = pen_run(signer, catmull_rom(via, per_segment=40), rate_hz, t)
        strokes.append(run)
    return strokes


def one_stroke_signature(signer, first, last, origin, rate_hz=120):
    """A signature written without lifting the pen (the kind a single point array can hold):
    the words run into each other and a loop under the name closes it."""
    r = signer.rng
    x0, y0 = origin
    via = []
    for word in (first, last):
        points, _, width = signer.word(word, x0, y0 + r.gauss(0, 1.5))
        via += points
        x0 += width + signer.x_height * 0.6
    h = signer.x_height
    end = via[-1]
    via += [(end[0] + 0.5 * h, end[1] - 0.4 * h), (end[0] + 0.2 * h, end[1] + 0.6 * h),
            ((origin[0] + end[0]) / 2, origin[1] + 0.9 * h), (origin[0] + 0.3 * h, origin[1] + 0.5 * h)]
    run, _ = pen_run(signer, catmull_rom(via), rate_hz, 0.0)
    return run


# --- writers, one per format ---------------------------------------------------------------

def r2(v):
    return round(v, 2)


def write(folder, name, text):
    with open(os.path.join(folder, name), "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def signet_full(strokes):
    return json.dumps({
        "format": "signet-strokes", "version": 1, "canvas": {"width": 600, "height": 200},
        "pen": {"color": "#1A237E", "width": 2.2},
        "strokes": [{"points": [{"x": r2(x), "y": r2(y), "t": round(t), "force": round(p, 3)} for x, y, t, p in s]} for s in strokes],
    }, separators=(",", ":")) + "\n"


def signet_compact(strokes):
    body = ",\n".join("  [" + ",".join(f"[{r2(x)},{r2(y)},{round(t)},{round(p, 2)}]" for x, y, t, p in s) + "]" for s in strokes)
    return '{"format":"signet-strokes","version":1,"canvas":{"width":600,"height":200},"strokes":[\n' + body + "\n]}\n"


def touch_events(strokes, rng):
    """began/moved/ended events; a palm touch lands mid-signature and is cancelled."""
    events = []
    for k, s in enumerate(strokes):
        touch = 10 + k
        for j, (x, y, t, p) in enumerate(s):
            phase = "began" if j == 0 else "ended" if j == len(s) - 1 else "moved"
            events.append({"phase": phase, "id": touch, "x": r2(x), "y": r2(y), "t": round(t, 1), "force": round(p, 3)})
        if len(s) == 1:
            events.append({"phase": "ended", "id": touch, "x": r2(s[0][0]), "y": r2(s[0][1]), "t": round(s[0][2] + 60, 1), "force": 0.0})
    # The palm: touches down during the first word, drifts, is cancelled by the system.
    first = strokes[0]
    t_palm = first[len(first) // 3][2]
    palm = [{"phase": "began", "id": 99, "x": 540.0, "y": 185.0, "t": round(t_palm, 1), "force": 0.9}]
    for j in range(1, 6):
        palm.append({"phase": "moved", "id": 99, "x": r2(540 + j * 1.5), "y": r2(185 - j), "t": round(t_palm + j * 8.3, 1), "force": 0.9})
    palm.append({"phase": "cancelled", "id": 99, "t": round(t_palm + 50, 1)})
    events = sorted(events + palm, key=lambda e: e["t"])
    return events


def touch_ndjson(strokes, rng):
    return "".join(json.dumps(e, separators=(",", ":")) + "\n" for e in touch_events(strokes, rng))


def touch_array(strokes, rng):
    return "[\n" + ",\n".join(json.dumps(e, separators=(",", ":")) for e in touch_events(strokes, rng)) + "\n]\n"


def signature_pad(strokes, epoch):
    groups = []
    for s in strokes:
        groups.append({
            "penColor": "rgb(13, 27, 94)", "dotSize": 0, "minWidth": 0.6, "maxWidth": 2.6,
            "velocityFilterWeight": 0.7, "compositeOperation": "source-over",
            "points": [{"time": round(epoch + t), "x": r2(x), "y": r2(y), "pressure": round(p, 3)} for x, y, t, p in s],
        })
    return json.dumps(groups, separators=(",", ":")) + "\n"


def signature_pad_legacy(strokes, epoch):
    groups = [{"color": "black", "points": [{"time": round(epoch + t), "x": r2(x), "y": r2(y)} for x, y, t, p in s]} for s in strokes]
    return json.dumps(groups, separators=(",", ":")) + "\n"


def quickdraw(records):
    lines = []
    for word, key, strokes in records:
        drawing = [[[r2(x) for x, y, t, p in s], [r2(y) for x, y, t, p in s], [round(t) for x, y, t, p in s]] for s in strokes]
        lines.append(json.dumps({"word": word, "countrycode": "NL", "timestamp": "2024-05-02 09:14:07.12 UTC",
                                 "recognized": True, "key_id": key, "drawing": drawing}, separators=(",", ":")))
    return "\n".join(lines) + "\n"


def inkml(strokes):
    """InkML with an explicit trace format: X Y in mm (2 decimals), T in ms, F 0–1024."""
    traces = []
    for k, s in enumerate(strokes):
        pts = ", ".join(f"{x / 4:.2f} {y / 4:.2f} {round(t)} {round(p * 1024)}" for x, y, t, p in s)
        traces.append(f'  <trace xml:id="t{k}">{pts}</trace>')
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<ink xmlns="http://www.w3.org/2003/InkML">\n'
            '  <traceFormat>\n    <channel name="X" type="decimal" units="mm"/>\n    <channel name="Y" type="decimal" units="mm"/>\n'
            '    <channel name="T" type="integer" units="ms"/>\n    <channel name="F" type="integer" min="0" max="1024"/>\n  </traceFormat>\n'
            '  <annotation type="writer">synthetic sample written by Tools/make-samples.py</annotation>\n'
            + "\n".join(traces) + "\n</ink>\n")


def office_inkml(strokes):
    """InkML the way Microsoft Office writes it: a context with resolution 1000/cm, a brush, and
    traces of integer X Y F in difference encoding (explicit first point, then first
    differences, then second differences, signs as separators)."""
    def encode(s):
        rows = [(round(x * 26.46), round(y * 26.46), round(p * 32767)) for x, y, t, p in s]   # px at 96 dpi → 1/1000 cm
        parts = [" ".join(str(v) for v in rows[0])]
        if len(rows) > 1:
            parts.append("".join(f"'{b - a}" for a, b in zip(rows[0], rows[1])))
        for n in range(2, len(rows)):
            second = [c - 2 * b + a for a, b, c in zip(rows[n - 2], rows[n - 1], rows[n])]
            text = "".join(f'"{v}' for v in second) if n == 2 else ""
            if n > 2:
                text = str(second[0]) + "".join(("" if v < 0 else " ") + str(v) for v in second[1:])
            parts.append(text)
        return ",".join(parts)
    traces = "\n".join(f'    <inkml:trace contextRef="#ctx0" brushRef="#br0">{encode(s)}</inkml:trace>' for s in strokes)
    return ('<inkml:ink xmlns:inkml="http://www.w3.org/2003/InkML">\n  <inkml:definitions>\n'
            '    <inkml:context xml:id="ctx0">\n      <inkml:inkSource xml:id="inkSrc0">\n        <inkml:traceFormat>\n'
            '          <inkml:channel name="X" type="integer" min="-2.14748E9" max="2.14748E9" units="cm"/>\n'
            '          <inkml:channel name="Y" type="integer" min="-2.14748E9" max="2.14748E9" units="cm"/>\n'
            '          <inkml:channel name="F" type="integer" max="32767" units="dev"/>\n        </inkml:traceFormat>\n'
            '        <inkml:channelProperties>\n'
            '          <inkml:channelProperty channel="X" name="resolution" value="1000" units="1/cm"/>\n'
            '          <inkml:channelProperty channel="Y" name="resolution" value="1000" units="1/cm"/>\n'
            '          <inkml:channelProperty channel="F" name="resolution" value="0" units="1/dev"/>\n'
            '        </inkml:channelProperties>\n      </inkml:inkSource>\n    </inkml:context>\n'
            '    <inkml:brush xml:id="br0">\n      <inkml:brushProperty name="width" value="0.05" units="cm"/>\n'
            '      <inkml:brushProperty name="height" value="0.05" units="cm"/>\n'
            '      <inkml:brushProperty name="color" value="#0B3D91"/>\n    </inkml:brush>\n  </inkml:definitions>\n'
            + traces + "\n</inkml:ink>\n")


def svc2004(strokes):
    """SVC2004 Task 2 text: tablet units (Y axis up), absolute ms, a BUTTON 0 hover sample
    before every stroke, azimuth/altitude, pressure 0–1023."""
    rows = []
    clock = 48_213_770
    for s in strokes:
        x, y, t, p = s[0]
        rows.append((round(x * 16), round((200 - y) * 16) + 3, round(clock + t - 10), 0, 1480, 640, 0))
        for x, y, t, p in s:
            rows.append((round(x * 16), round((200 - y) * 16), round(clock + t), 1, 1500, 660, round(p * 1023)))
    return f"{len(rows)}\n" + "".join(" ".join(str(v) for v in r) + "\n" for r in rows)


def perfect_freehand(s):
    return "[\n" + ",\n".join(f"  [{r2(x)},{r2(y)},{round(p, 2)},{round(t)}]" for x, y, t, p in s) + "\n]\n"


def excalidraw(strokes):
    elements = []
    for k, s in enumerate(strokes):
        x0, y0 = s[0][0], s[0][1]
        xs, ys = [x for x, *_ in s], [y for _, y, *_ in s]
        elements.append({
            "type": "freedraw", "version": 12, "versionNonce": 1000 + k, "isDeleted": False, "id": f"sig{k}",
            "fillStyle": "hachure", "strokeWidth": 1, "strokeStyle": "solid", "roughness": 1, "opacity": 100, "angle": 0,
            "x": r2(x0), "y": r2(y0), "strokeColor": "#1e1e1e", "backgroundColor": "transparent",
            "width": r2(max(xs) - min(xs)), "height": r2(max(ys) - min(ys)), "seed": 4242 + k, "groupIds": [],
            "points": [[r2(x - x0), r2(y - y0)] for x, y, t, p in s], "pressures": [round(p, 3) for x, y, t, p in s],
            "simulatePressure": False, "lastCommittedPoint": [r2(s[-1][0] - x0), r2(s[-1][1] - y0)],
        })
    return json.dumps({"type": "excalidraw", "version": 2, "source": "https://excalidraw.com", "elements": elements,
                       "appState": {"viewBackgroundColor": "#ffffff", "gridSize": None}}, indent=1) + "\n"


def flutter(strokes, rng):
    """Flutter PointerData records as an app dumps them (`change`/`kind` by name, `timeStamp` in
    µs, physical pixels at devicePixelRatio 2.75): a stylus that is added, hovers between
    strokes and is removed at the end, and a palm touch that the framework cancels."""
    dpr, epoch = 2.75, 93_412_550_000
    def record(change, kind, device, pointer, x, y, t, pressure, buttons, distance=0.0):
        return {"timeStamp": round(epoch + t * 1000), "change": change, "kind": kind, "signalKind": "none",
                "device": device, "pointerIdentifier": pointer, "physicalX": round(x * dpr, 1),
                "physicalY": round(y * dpr, 1), "buttons": buttons, "obscured": False, "synthesized": False,
                "pressure": round(pressure, 4), "pressureMin": 0.0, "pressureMax": 1.0, "distance": distance,
                "distanceMax": 1.0, "size": 0.0, "tilt": 0.61, "orientation": -1.2}
    x0, y0, t0, _ = strokes[0][0]
    records = [record("add", "stylus", 2, 0, x0 - 20, y0 + 15, t0 - 120, 0.0, 0, 1.0)]
    for k, s in enumerate(strokes):
        x, y, t, _ = s[0]
        records.append(record("hover", "stylus", 2, k, x - 3, y + 2, t - 16, 0.0, 0, 0.3))
        for j, (x, y, t, p) in enumerate(s):
            change = "down" if j == 0 else "up" if j == len(s) - 1 else "move"
            records.append(record(change, "stylus", 2, k + 1, x, y, t, p, 0 if change == "up" else 1))
        if len(s) == 1:
            records.append(record("up", "stylus", 2, k + 1, x, y, t + 45, s[0][3], 0))
    first = strokes[0]
    t_palm = first[len(first) // 2][2]
    palm = [record("down", "touch", 5, 90, 560, 190, t_palm, 1.0, 1)]
    palm += [record("move", "touch", 5, 90, 560 - j, 190 - j, t_palm + j * 8.3, 1.0, 1) for j in range(1, 4)]
    palm.append(record("cancel", "touch", 5, 90, 557, 187, t_palm + 40, 1.0, 0))
    for r in palm:
        r["pressureMin"], r["pressureMax"] = 1.0, 1.0
    x, y, t, _ = strokes[-1][-1]
    records.append(record("remove", "stylus", 2, len(strokes), x, y, t + 300, 0.0, 0, 1.0))
    records = sorted(records + palm, key=lambda r: r["timeStamp"])
    body = ",\n".join("  " + json.dumps(r, separators=(",", ":")) for r in records)
    return '{"devicePixelRatio":2.75,"data":[\n' + body + "\n]}\n"



def flutter_packets(strokes, rng):
    """Flutter pointer data as an app records it from `PlatformDispatcher.onPointerDataPacket`: a
    JSON array of packets `{"ts", "events"}` (one per frame), `change`/`kind` written as the enums'
    indexes, physical pixels with no devicePixelRatio beside them, and the records the engine's
    converter synthesizes (`"synthesized": true`): an add before the stylus first hovers, and a
    move to where the pen lifted when the up lands away from the last move. A palm (kind touch)
    lands mid-signature and is cancelled; the stylus is removed at the end."""
    dpr, epoch_us, clock_ms = 2.625, 402_118_930_000, 1_733_500_000_000
    CANCEL, ADD, REMOVE, HOVER, DOWN, MOVE, UP = range(7)
    TOUCH, STYLUS = 0, 2
    def record(change, kind, device, pointer, x, y, t, pressure, buttons, synthesized=False):
        return {"timeStamp": round(epoch_us + t * 1000), "change": change, "kind": kind, "signalKind": 0,
                "device": device, "pointerIdentifier": pointer, "physicalX": round(x * dpr, 2),
                "physicalY": round(y * dpr, 2), "buttons": buttons, "synthesized": synthesized,
                "pressure": round(pressure, 4), "pressureMin": 0.0, "pressureMax": 1.0,
                "distance": 0.0 if buttons else 0.4, "distanceMax": 1.0, "tilt": 0.55, "orientation": -1.1}
    x0, y0, t0, _ = strokes[0][0]
    records = [record(ADD, STYLUS, 3, 0, x0 - 18, y0 + 12, t0 - 110, 0.0, 0, synthesized=True),
               record(HOVER, STYLUS, 3, 0, x0 - 18, y0 + 12, t0 - 110, 0.0, 0)]
    for k, s in enumerate(strokes):
        x, y, t, _ = s[0]
        records.append(record(HOVER, STYLUS, 3, k, x - 2, y + 3, t - 17, 0.0, 0))
        for j, (x, y, t, p) in enumerate(s):
            records.append(record(DOWN if j == 0 else MOVE, STYLUS, 3, k + 1, x, y, t, p, 1))
        x, y, t, p = s[-1]
        t_up = t + rng.uniform(6, 12)
        if len(s) > 1 and rng.random() < 0.6:
            # The up reports the pen a little further on; the converter moves the pointer there first.
            x, y = x + rng.uniform(0.3, 1.2), y + rng.uniform(-0.6, 0.6)
            records.append(record(MOVE, STYLUS, 3, k + 1, x, y, t_up, p, 1, synthesized=True))
        records.append(record(UP, STYLUS, 3, k + 1, x, y, t_up, p, 0))
    first = strokes[0]
    t_palm = first[len(first) // 2][2]
    palm = [record(ADD, TOUCH, 7, 0, 548, 201, t_palm, 0.0, 0, synthesized=True),
            record(DOWN, TOUCH, 7, 60, 548, 201, t_palm, 0.8, 1)]
    palm += [record(MOVE, TOUCH, 7, 60, 548 - j, 201 - j, t_palm + j * 8.3, 0.8, 1) for j in range(1, 4)]
    palm += [record(CANCEL, TOUCH, 7, 60, 545, 198, t_palm + 41, 0.8, 0),
             record(REMOVE, TOUCH, 7, 60, 545, 198, t_palm + 41, 0.8, 0)]
    x, y, t, _ = strokes[-1][-1]
    records.append(record(REMOVE, STYLUS, 3, len(strokes), x, y, t + 280, 0.0, 0))
    records = sorted(records + palm, key=lambda r: r["timeStamp"])
    packets, frame = [], None
    for r in records:
        at = r["timeStamp"] // 16_667
        if at != frame:
            packets.append({"ts": clock_ms + (r["timeStamp"] - epoch_us) // 1000, "events": []})
            frame = at
        packets[-1]["events"].append(r)
    return "[\n" + ",\n".join(json.dumps(p, separators=(",", ":")) for p in packets) + "\n]\n"

def getevent(strokes, rng):
    """`getevent -lp` (the touchscreen's axes) followed by `getevent -lt`: multi-touch protocol B
    (slots, tracking ids, only changed axes reported), BTN_TOUCH on the first contact, a palm
    that lands on slot 1 mid-word, and the panel's own MSC_TIMESTAMP events."""
    scale, top = 1.9, 700
    header = [
        "add device 1: /dev/input/event0",
        '  name:     "qpnp_pon"',
        "  events:",
        "    KEY (0001): KEY_VOLUMEDOWN        KEY_POWER",
        "  input props:",
        "    <none>",
        "add device 2: /dev/input/event3",
        '  name:     "sec_touchscreen"',
        "  events:",
        "    KEY (0001): BTN_TOOL_FINGER       BTN_TOUCH",
        "    ABS (0003): ABS_MT_SLOT           : value 0, min 0, max 9, fuzz 0, flat 0, resolution 0",
        "                ABS_MT_TOUCH_MAJOR    : value 0, min 0, max 255, fuzz 0, flat 0, resolution 0",
        "                ABS_MT_POSITION_X     : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0",
        "                ABS_MT_POSITION_Y     : value 0, min 0, max 2339, fuzz 0, flat 0, resolution 0",
        "                ABS_MT_TRACKING_ID    : value 0, min 0, max 65535, fuzz 0, flat 0, resolution 0",
        "                ABS_MT_PRESSURE       : value 0, min 0, max 255, fuzz 0, flat 0, resolution 0",
        "    MSC (0004): MSC_TIMESTAMP",
        "  input props:",
        "    INPUT_PROP_DIRECT",
    ]
    clock = 5183.201377
    events = []   # (t_ms, order, type, code, value)
    def ev(t, order, typ, code, value):
        events.append((t, order, typ, code, value))
    tracking = 0x1a4
    order = 0
    for s in strokes:
        last = {}
        for j, (x, y, t, p) in enumerate(s):
            order += 1
            frame = [("EV_ABS", "ABS_MT_SLOT", 0)] if j == 0 else []
            if j == 0:
                frame.append(("EV_ABS", "ABS_MT_TRACKING_ID", tracking))
            now = {"ABS_MT_POSITION_X": round(x * scale), "ABS_MT_POSITION_Y": round(top + y * scale),
                   "ABS_MT_PRESSURE": max(1, round(p * 255)), "ABS_MT_TOUCH_MAJOR": 4 + round(p * 6)}
            frame += [("EV_ABS", code, v) for code, v in now.items() if last.get(code) != v]
            last = now
            if j == 0:
                frame.append(("EV_KEY", "BTN_TOUCH", "DOWN"))
            frame += [("EV_MSC", "MSC_TIMESTAMP", round(t * 1000) % 0x7fffffff), ("EV_SYN", "SYN_REPORT", 0)]
            for typ, code, value in frame:
                ev(t, order, typ, code, value)
        t_up = s[-1][2] + 8.3
        order += 1
        for typ, code, value in [("EV_ABS", "ABS_MT_TRACKING_ID", -1), ("EV_KEY", "BTN_TOUCH", "UP"),
                                 ("EV_SYN", "SYN_REPORT", 0)]:
            ev(t_up, order, typ, code, value)
        tracking += 1
    # The palm: a second contact on slot 1 while the first word is written.
    first = strokes[0]
    t_palm = first[len(first) // 2][2] + 0.5
    for j in range(4):
        frame = [("EV_ABS", "ABS_MT_SLOT", 1)]
        if j == 0:
            frame.append(("EV_ABS", "ABS_MT_TRACKING_ID", 0x2ff))
        if j < 3:
            frame += [("EV_ABS", "ABS_MT_POSITION_X", 1010 - j), ("EV_ABS", "ABS_MT_POSITION_Y", 1180 + j),
                      ("EV_ABS", "ABS_MT_PRESSURE", 90)]
        else:
            frame.append(("EV_ABS", "ABS_MT_TRACKING_ID", -1))
        frame += [("EV_ABS", "ABS_MT_SLOT", 0), ("EV_SYN", "SYN_REPORT", 0)]
        for typ, code, value in frame:
            ev(t_palm + j * 8.3, 0, typ, code, value)
    events.sort(key=lambda e: (e[0], e[1]))
    lines = []
    for t, _, typ, code, value in events:
        seconds = clock + t / 1000
        text = value if isinstance(value, str) else f"{value & 0xffffffff:08x}"
        lines.append(f"[{seconds:15.6f}] /dev/input/event3: {typ:<12} {code:<20} {text:<20}")
    return "\n".join(header + lines) + "\n"


def pointer_events(strokes, rng):
    """W3C Pointer Events logged by a web page (`JSON.stringify` of the fields it keeps): a pen
    that enters, hovers between strokes (pointermove with buttons 0), and leaves."""
    origin = 4821.3
    def event(kind, x, y, t, pressure, buttons):
        return {"type": kind, "pointerId": 2, "pointerType": "pen", "isPrimary": True, "clientX": round(x + 12, 2),
                "clientY": round(y + 86, 2), "pressure": round(pressure, 4), "tiltX": -18, "tiltY": 27,
                "buttons": buttons, "timeStamp": round(origin + t, 3)}
    x0, y0, t0, _ = strokes[0][0]
    events = [event("pointerover", x0 - 30, y0 + 20, t0 - 90, 0, 0), event("pointerenter", x0 - 30, y0 + 20, t0 - 90, 0, 0)]
    for k, s in enumerate(strokes):
        if k > 0:
            (ax, ay, at, _), (bx, by, bt, _) = strokes[k - 1][-1], s[0]
            for j in range(1, 4):
                f = j / 4
                events.append(event("pointermove", ax + (bx - ax) * f, ay + (by - ay) * f - 6, at + (bt - at) * f, 0, 0))
        for j, (x, y, t, p) in enumerate(s):
            kind = "pointerdown" if j == 0 else "pointermove"
            events.append(event(kind, x, y, t, p, 1))
        x, y, t, _ = s[-1]
        events.append(event("pointerup", x, y, t + 8, 0, 0))
    x, y, t, _ = strokes[-1][-1]
    events += [event("pointerout", x + 40, y, t + 200, 0, 0), event("pointerleave", x + 40, y, t + 200, 0, 0)]
    return "[\n" + ",\n".join(json.dumps(e, separators=(",", ":")) for e in events) + "\n]\n"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(here), "SampleStrokes")
    os.makedirs(folder, exist_ok=True)

    def sig(seed, first, last, **hand):
        signer = Signer(seed, **hand)
        return signature(signer, first, last, (40 + signer.rng.uniform(0, 10), 120))

    write(folder, "signet-amelia-reyes.json", signet_full(sig(11, "Amelia", "Reyes", x_height=20, slant=0.3)))
    write(folder, "signet-compact-jonas-birk.json", signet_compact(sig(12, "Jonas", "Birk", x_height=23, slant=0.18, speed=0.35)))
    write(folder, "touch-mira-chen.ndjson", touch_ndjson(sig(13, "Mira", "Chen", x_height=21, slant=0.35), random.Random(13)))
    write(folder, "touch-array-oskar-lind.json", touch_array(sig(14, "Oskar", "Lind", x_height=24, slant=0.22, speed=0.3), random.Random(14)))
    write(folder, "signature-pad-lena-fischer.json", signature_pad(sig(15, "Lena", "Fischer", x_height=20, slant=0.4), 1714640000000))
    write(folder, "signature-pad-legacy-sami-okafor.json", signature_pad_legacy(sig(16, "Sami", "Okafor", x_height=26, slant=0.15), 1637131700000))
    write(folder, "quickdraw-theo-marin.ndjson", quickdraw([
        ("signature", "6021837462919168", sig(17, "Theo", "Marin", x_height=22, slant=0.25)),
        ("signature", "6021837462919169", sig(18, "Tina", "Marsh", x_height=19, slant=0.3)),
    ]))
    write(folder, "inkml-nora-quinn.inkml", inkml(sig(19, "Nora", "Quinn", x_height=21, slant=0.27)))
    write(folder, "inkml-office-iris-vance.xml", office_inkml(sig(20, "Iris", "Vance", x_height=22, slant=0.33)))
    write(folder, "svc2004-pablo-ruiz.txt", svc2004(sig(21, "Pablo", "Ruiz", x_height=24, slant=0.2, speed=0.32)))
    kai = Signer(22, x_height=22, slant=0.25)
    write(folder, "perfect-freehand-kaito-imura.json", perfect_freehand(one_stroke_signature(kai, "Kaito", "Imura", (40, 120))))
    write(folder, "excalidraw-zoe-hill.excalidraw", excalidraw(sig(23, "Zoe", "Hill", x_height=22, slant=0.3)))
    write(folder, "flutter-lina-hoff.json", flutter(sig(24, "Lina", "Hoff", x_height=21, slant=0.28), random.Random(24)))
    write(folder, "flutter-packets-mila-novak.json", flutter_packets(sig(27, "Mila", "Novak", x_height=22, slant=0.24), random.Random(27)))
    write(folder, "getevent-ravi-kumar.txt", getevent(sig(25, "Ravi", "Kumar", x_height=23, slant=0.2), random.Random(25)))
    write(folder, "pointer-events-nico-baird.json", pointer_events(sig(26, "Nico", "Baird", x_height=22, slant=0.3), random.Random(26)))


if __name__ == "__main__":
    main()
