#!/usr/bin/env python3
"""The three test images of the compression benchmark, generated from fixed seeds.

  signature.png  2400×800 RGBA: navy pen strokes (pycairo, round caps, varying width) on transparency
  seal.png       1600×1600 RGBA: a red rubber-stamp seal with grainy ink texture on transparency
  photo.jpg      4000×3000 RGB: a photo-like scene (gradients, soft shapes, texture, sensor noise), JPEG q92
  noise.png      3000×2000 RGB: noise over a gradient (the case of issue 13), lossless
  red-seal.png   900×900 RGBA: a flat red seal (two rings, text round the rim and across; Pillow,
                 drawn 4× larger and reduced for smooth edges) on transparency
  blue-seal.png  1024×1024 RGBA: a red-and-blue seal (a blue ring with white lettering and a shaded
                 rim, red stars, a grey scroll with dark text, a red centre with a cream emblem;
                 Pillow, drawn 4× larger and reduced) on transparency: saturated colours next to
                 each other, where chroma blocking shows
  logo.png       1024×1024 RGBA: a logo of smooth radial and angular gradients (orange through
                 magenta to violet round a blue globe) on transparency, where a palette shows bands

Usage: bench-compress-images.py OUTPUT_DIR
"""
import math
import os
import sys

import cairo
import numpy as np
from PIL import Image


def signature(path):
    w, h = 2400, 800
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, w, h)
    ctx = cairo.Context(surface)
    ctx.set_source_rgb(0.10, 0.14, 0.42)
    ctx.set_line_cap(cairo.LINE_CAP_ROUND)
    ctx.set_line_join(cairo.LINE_JOIN_ROUND)
    rng = np.random.default_rng(11)
    x0 = 120.0
    for stroke in range(7):
        # A handwriting-like stroke: a drifting baseline with loops, drawn as short segments of varying width.
        n = 400
        t = np.linspace(0, 1, n)
        span = rng.uniform(250, 420)
        loops = rng.uniform(3, 7)
        xs = x0 + t * span + 40 * np.sin(2 * math.pi * loops * t + rng.uniform(0, 6))
        ys = 420 + 160 * np.sin(2 * math.pi * (loops * 0.5) * t + rng.uniform(0, 6)) * np.exp(-1.5 * t) \
            + rng.normal(0, 0.6, n).cumsum() * 0.8
        widths = 3.5 + 3.0 * np.abs(np.sin(3 * math.pi * t + stroke))
        for i in range(n - 1):
            ctx.set_line_width(widths[i])
            ctx.move_to(xs[i], ys[i])
            ctx.line_to(xs[i + 1], ys[i + 1])
            ctx.stroke()
        x0 += span * 0.75
    # An underline flourish.
    ctx.set_line_width(4.5)
    ctx.move_to(150, 650)
    ctx.curve_to(800, 560, 1500, 720, 2250, 600)
    ctx.stroke()
    surface.write_to_png(path)


def seal(path):
    size = 1600
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, size, size)
    ctx = cairo.Context(surface)
    c = size / 2
    ctx.set_source_rgb(0.80, 0.08, 0.10)
    for radius, width in ((740, 34), (650, 12), (420, 10)):
        ctx.set_line_width(width)
        ctx.arc(c, c, radius, 0, 2 * math.pi)
        ctx.stroke()
    ctx.select_font_face("DejaVu Sans", cairo.FONT_SLANT_NORMAL, cairo.FONT_WEIGHT_BOLD)
    ctx.set_font_size(92)
    text = "SIGNET TRADING COMPANY LIMITED * APPROVED * "
    for i, ch in enumerate(text):
        angle = 2 * math.pi * i / len(text) - math.pi / 2
        ctx.save()
        ctx.translate(c + 545 * math.cos(angle), c + 545 * math.sin(angle))
        ctx.rotate(angle + math.pi / 2)
        ctx.move_to(-28, 30)
        ctx.show_text(ch)
        ctx.restore()
    ctx.set_font_size(150)
    for line, y in (("PAID", c - 40), ("2026-11-30", c + 140)):
        extents = ctx.text_extents(line)
        ctx.move_to(c - extents.width / 2 - extents.x_bearing, y)
        ctx.show_text(line)
    surface.flush()
    # Grainy rubber-stamp ink: multiply alpha by blotchy noise.
    rgba = np.ndarray((size, size, 4), dtype=np.uint8, buffer=surface.get_data()).copy()
    rng = np.random.default_rng(12)
    grain = rng.uniform(0.55, 1.0, (size // 4, size // 4))
    grain = np.kron(grain, np.ones((4, 4))) * rng.uniform(0.8, 1.0, (size, size))
    bgra = rgba.astype(np.float64)
    alpha = bgra[..., 3] * grain
    out = np.zeros((size, size, 4), dtype=np.uint8)
    nonzero = bgra[..., 3] > 0
    for k, src in ((0, 2), (1, 1), (2, 0)):  # cairo is premultiplied BGRA
        straight = np.where(nonzero, bgra[..., src] * 255 / np.maximum(bgra[..., 3], 1), 0)
        out[..., k] = np.clip(straight, 0, 255).astype(np.uint8)
    out[..., 3] = np.clip(alpha, 0, 255).astype(np.uint8)
    Image.fromarray(out, "RGBA").save(path, optimize=False)


def photo(path, w=4000, h=3000):
    rng = np.random.default_rng(13)
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    img = np.empty((h, w, 3), dtype=np.float32)
    img[..., 0] = 120 + 70 * np.sin(x / 900 + 0.5) * np.cos(y / 1300)
    img[..., 1] = 130 + 50 * np.cos(x / 700 - y / 1100)
    img[..., 2] = 150 - 60 * (y / h) + 20 * np.sin(x / 500)
    for _ in range(40):
        cx, cy, r = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(80, 600)
        color = rng.uniform(-80, 80, 3).astype(np.float32)
        d = np.sqrt((x - cx) ** 2 + (y - cy) ** 2)
        mask = np.clip((r - d) / 6, 0, 1)
        img += mask[..., None] * color
    # Fine texture (foliage-like) in the lower half, and sensor noise everywhere.
    texture = rng.normal(0, 1, (h // 8, w // 8)).astype(np.float32)
    texture = np.kron(texture, np.ones((8, 8), dtype=np.float32))
    img += (y[..., None] > h / 2) * texture[..., None] * 14
    img += rng.normal(0, 3, (h, w, 3)).astype(np.float32)
    Image.fromarray(np.clip(img, 0, 255).astype(np.uint8), "RGB").save(path, quality=92)


def noise(path):
    w, h = 3000, 2000
    rng = np.random.default_rng(14)
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    img = np.stack([60 + 150 * x / w, 80 + 120 * y / h, 200 - 120 * x / w], axis=-1)
    img += rng.integers(-12, 13, (h, w, 3)).astype(np.float32)
    Image.fromarray(np.clip(img, 0, 255).astype(np.uint8), "RGB").save(path)


def red_seal(path):
    from PIL import ImageDraw, ImageFont
    size, k = 900, 4
    big = Image.new("RGBA", (size * k, size * k), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    red = (200, 16, 30, 255)
    c = size * k / 2
    for radius, width in ((430, 26), (370, 8)):
        r = radius * k
        draw.ellipse((c - r, c - r, c + r, c + r), outline=red, width=width * k)
    font = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", 58 * k)
    text = "NORTHWIND LEGAL SERVICES * CERTIFIED * "
    for i, ch in enumerate(text):
        angle = 2 * math.pi * i / len(text) - math.pi / 2
        glyph = Image.new("RGBA", (90 * k, 90 * k), (0, 0, 0, 0))
        ImageDraw.Draw(glyph).text((45 * k, 45 * k), ch, font=font, fill=red, anchor="mm")
        glyph = glyph.rotate(-math.degrees(angle) - 90, resample=Image.BICUBIC)
        x, y = c + 400 * k * math.cos(angle), c + 400 * k * math.sin(angle)
        big.alpha_composite(glyph, (int(x - 45 * k), int(y - 45 * k)))
    middle = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", 120 * k)
    draw.text((c, c - 60 * k), "SEALED", font=middle, fill=red, anchor="mm")
    draw.text((c, c + 90 * k), "2026-12-03", font=ImageFont.truetype(
        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", 80 * k), fill=red, anchor="mm")
    big.resize((size, size), Image.LANCZOS).save(path)


def blue_seal(path):
    from PIL import ImageDraw, ImageFont
    size, k = 1024, 4
    n = size * k
    c = n / 2
    y, x = np.mgrid[0:n, 0:n].astype(np.float32)
    d = np.hypot(x - c, y - c) / k
    # A blue ring shaded from its rim inwards, a red disc inside, each with a smooth edge.
    rgba = np.zeros((n, n, 4), dtype=np.float32)
    ring = np.clip((500 - d) / 1.5, 0, 1) * np.clip((d - 330) / 1.5, 0, 1)
    shade = 0.75 + 0.25 * np.cos((d - 415) / 85 * math.pi / 2)
    blue = np.stack([40 * shade, 70 * shade, 150 * shade], axis=-1)
    disc = np.clip((322 - d) / 1.5, 0, 1)
    red = np.stack([190 + 0 * d, 24 + 0 * d, 36 + 0 * d], axis=-1)
    for mask, colour in ((ring, blue), (disc, red)):
        rgba[..., :3] = rgba[..., :3] * (1 - mask[..., None]) + colour * mask[..., None]
        rgba[..., 3] = np.maximum(rgba[..., 3], mask * 255)
    big = Image.fromarray(np.clip(rgba, 0, 255).astype(np.uint8), "RGBA")
    del rgba, y, x, d
    draw = ImageDraw.Draw(big)
    bold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
    font = ImageFont.truetype(bold, 64 * k)
    text = "HARBOUR CITY NOTARY PUBLIC  \u2605  OFFICIAL SEAL  \u2605  "
    for i, ch in enumerate(text):
        angle = 2 * math.pi * i / len(text) - math.pi / 2
        glyph = Image.new("RGBA", (96 * k, 96 * k), (0, 0, 0, 0))
        fill = (235, 40, 50, 255) if ch == "\u2605" else (250, 250, 245, 255)
        ImageDraw.Draw(glyph).text((48 * k, 48 * k), ch, font=font, fill=fill, anchor="mm")
        glyph = glyph.rotate(-math.degrees(angle) - 90, resample=Image.BICUBIC)
        gx, gy = c + 415 * k * math.cos(angle), c + 415 * k * math.sin(angle)
        big.alpha_composite(glyph, (int(gx - 48 * k), int(gy - 48 * k)))
    # A cream emblem: a five-pointed star in the red centre.
    points = [(c + r * k * math.cos(math.pi * j / 5 - math.pi / 2), c - 70 * k + r * k * math.sin(math.pi * j / 5 - math.pi / 2))
              for j, r in zip(range(10), [150, 60] * 5)]
    draw.polygon(points, fill=(245, 232, 200, 255))
    # A grey scroll across the seal with dark lettering, its ends folded in a darker grey.
    for dx in (-1, 1):
        draw.polygon([(c + dx * 470 * k, c + 90 * k), (c + dx * 520 * k, c + 140 * k), (c + dx * 470 * k, c + 190 * k),
                      (c + dx * 380 * k, c + 190 * k), (c + dx * 380 * k, c + 90 * k)], fill=(120, 124, 118, 255))
    draw.rounded_rectangle((c - 420 * k, c + 70 * k, c + 420 * k, c + 170 * k), radius=14 * k, fill=(176, 180, 172, 255),
                           outline=(90, 92, 88, 255), width=5 * k)
    draw.text((c, c + 120 * k), "APPROVED 2026", font=ImageFont.truetype(bold, 72 * k), fill=(30, 32, 40, 255),
              anchor="mm")
    big.resize((size, size), Image.LANCZOS).save(path)


def logo(path):
    size = 1024
    y, x = np.mgrid[0:size, 0:size].astype(np.float64)
    c = size / 2
    dx, dy = (x - c) / c, (y - c) / c
    r = np.hypot(dx, dy)
    angle = np.arctan2(dy, dx)
    # An outer swirl: orange at the top fading through magenta to violet, shaded by the radius.
    t = (np.sin(angle * 1.0 + 2.0 * r) + 1) / 2
    outer = np.stack([255 - 90 * t, 150 - 120 * t + 60 * r, 40 + 170 * t], axis=-1) * (1.05 - 0.35 * r[..., None])
    # An inner globe: light blue to deep indigo from its upper left.
    gx, gy = dx + 0.12, dy + 0.05
    g = np.hypot(gx + 0.25, gy + 0.25)
    inner = np.stack([120 - 90 * g, 190 - 140 * g, 255 - 90 * g], axis=-1)
    globe = np.clip((0.55 - np.hypot(gx, gy)) * size / 2, 0, 1)[..., None]
    rgb = outer * (1 - globe) + inner * globe
    alpha = np.clip((0.96 - r) * size / 2, 0, 1) * 255
    out = np.dstack([np.clip(rgb, 0, 255), alpha]).round().astype(np.uint8)
    Image.fromarray(out, "RGBA").save(path)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for name, make in (("signature.png", signature), ("seal.png", seal), ("photo.jpg", photo), ("noise.png", noise),
                       ("red-seal.png", red_seal), ("blue-seal.png", blue_seal), ("logo.png", logo)):
        path = os.path.join(out, name)
        if not os.path.exists(path):
            make(path)
        print(path)


if __name__ == "__main__":
    main()
