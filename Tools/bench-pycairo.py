#!/usr/bin/env python3
"""The render job as a small Python + pycairo script, for the side-by-side benchmark.

Reads Signet JSON (compact points [x, y, t, force]) with json.load, draws midpoint quadratic
curves (as cubics: cairo has no quadratics) with line width 2.5 at 2x scale, round caps and
joins, crops to the points' bounds plus half the pen width and 8 px of padding, and writes the
PNG with cairo's write_to_png. Prints one line: count wall_seconds total_png_bytes cpu_seconds
(CPU time of this process; with JOBS > 1 the workers' time is not in it).

usage: bench-pycairo.py IN_DIR OUT_DIR [JOBS [fast]]
  JOBS > 1 renders in that many processes; "fast" uses cairo.ANTIALIAS_FAST
"""
import json
import math
import multiprocessing
import os
import sys
import time

import cairo

SCALE, WIDTH, PAD = 2.0, 2.5, 8
FAST = len(sys.argv) > 4 and sys.argv[4] == "fast"


def render(path, out_path):
    with open(path) as f:
        doc = json.load(f)
    strokes = [s["points"] for s in doc["strokes"] if s["points"]]
    xs = [p[0] for s in strokes for p in s]
    ys = [p[1] for s in strokes for p in s]
    half = WIDTH / 2
    min_x, min_y = min(xs) - half, min(ys) - half
    w = int(math.ceil((max(xs) + half - min_x) * SCALE)) + 2 * PAD
    h = int(math.ceil((max(ys) + half - min_y) * SCALE)) + 2 * PAD
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, w, h)
    ctx = cairo.Context(surface)
    if FAST:
        ctx.set_antialias(cairo.ANTIALIAS_FAST)
    ctx.translate(PAD, PAD)
    ctx.scale(SCALE, SCALE)
    ctx.translate(-min_x, -min_y)
    ctx.set_line_width(WIDTH)
    ctx.set_line_cap(cairo.LINE_CAP_ROUND)
    ctx.set_line_join(cairo.LINE_JOIN_ROUND)
    for s in strokes:
        if len(s) == 1:
            ctx.arc(s[0][0], s[0][1], half, 0, 2 * math.pi)
            ctx.fill()
            continue
        x0, y0 = s[0][0], s[0][1]
        ctx.move_to(x0, y0)
        for i in range(1, len(s) - 1):
            qx, qy = s[i][0], s[i][1]
            ex, ey = (qx + s[i + 1][0]) / 2, (qy + s[i + 1][1]) / 2
            ctx.curve_to(x0 + 2 / 3 * (qx - x0), y0 + 2 / 3 * (qy - y0),
                         ex + 2 / 3 * (qx - ex), ey + 2 / 3 * (qy - ey), ex, ey)
            x0, y0 = ex, ey
        ctx.line_to(s[-1][0], s[-1][1])
        ctx.stroke()
    surface.write_to_png(out_path)
    return os.path.getsize(out_path)


def render_pair(pair):
    return render(*pair)


def main():
    in_dir, out_dir = sys.argv[1], sys.argv[2]
    jobs = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    os.makedirs(out_dir, exist_ok=True)
    names = sorted(n for n in os.listdir(in_dir) if n.endswith(".json"))
    pairs = [(os.path.join(in_dir, n), os.path.join(out_dir, n[:-5] + ".png")) for n in names]
    start, cpu_start = time.perf_counter(), time.process_time()
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            total = sum(pool.map(render_pair, pairs, chunksize=8))
    else:
        total = sum(render_pair(p) for p in pairs)
    print(len(names), time.perf_counter() - start, total, time.process_time() - cpu_start)


if __name__ == "__main__":
    main()
