#!/usr/bin/env python3
"""Side-by-side crops of budget results for docs/budget.md: the original and each file, flattened
onto white and scaled back to the original's size with Lanczos (as a viewer shows them at the same
display size), the same region of each, at 1:1, with its label underneath.

Usage: budget-crops.py OUT.png X,Y,W,H ORIGINAL LABEL=FILE...
"""
import sys

from PIL import Image, ImageDraw, ImageFont


def flattened(path, size=None):
    image = Image.open(path).convert("RGBA")
    white = Image.new("RGBA", image.size, "white")
    white.alpha_composite(image)
    out = white.convert("RGB")
    return out if size is None or out.size == size else out.resize(size, Image.LANCZOS)


def main():
    out, box, original = sys.argv[1], [int(v) for v in sys.argv[2].split(",")], sys.argv[3]
    x, y, w, h = box
    source = flattened(original)
    panels = [("original", source)] + [
        (label, flattened(path, source.size)) for label, path in (a.split("=", 1) for a in sys.argv[4:])]
    font = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 13)
    sheet = Image.new("RGB", (len(panels) * (w + 8) - 8, h + 22), "white")
    draw = ImageDraw.Draw(sheet)
    for i, (label, image) in enumerate(panels):
        sheet.paste(image.crop((x, y, x + w, y + h)), (i * (w + 8), 0))
        draw.text((i * (w + 8) + 2, h + 4), label, font=font, fill="black")
    sheet.save(out, optimize=True)


if __name__ == "__main__":
    main()
