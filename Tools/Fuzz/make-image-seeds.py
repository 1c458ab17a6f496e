#!/usr/bin/env python3
"""Writes small PNG and JPEG seeds for the fuzzers (Pillow): every PNG colour type and bit
depth the decoder handles, tRNS, interlacing and pHYs; JPEGs in gray, YCbCr (4:2:0 and 4:4:4),
RGB, CMYK (Adobe marker), baseline and progressive, with restart markers and a JFIF density.
Usage: make-image-seeds.py PNG_FOLDER JPEG_FOLDER"""
import sys
from pathlib import Path

from PIL import Image, ImageDraw


def picture(mode, size=(24, 16)):
    """A few shapes and a gradient, so every channel and the alpha carry structure."""
    base = Image.new("RGBA", size, (255, 255, 255, 0))
    draw = ImageDraw.Draw(base)
    for x in range(size[0]):
        draw.line([(x, 0), (x, 3)], fill=(x * 10 % 256, 255 - x * 7 % 256, 90, 255 * x // size[0]))
    draw.ellipse([3, 4, size[0] - 4, size[1] - 2], outline=(10, 20, 160, 255), width=2)
    draw.line([(0, size[1] - 1), (size[0] - 1, 5)], fill=(0, 0, 0, 200), width=1)
    return base if mode == "RGBA" else base.convert(mode)


def main(png_dir, jpeg_dir):
    png_dir.mkdir(parents=True, exist_ok=True)
    jpeg_dir.mkdir(parents=True, exist_ok=True)
    picture("RGBA").save(png_dir / "rgba.png", dpi=(300, 300))
    picture("RGB").save(png_dir / "rgb-interlaced.png", interlace=True)
    picture("L").save(png_dir / "gray.png")
    picture("LA").save(png_dir / "gray-alpha.png")
    picture("1").save(png_dir / "bilevel.png")
    picture("I;16").save(png_dir / "gray16.png")
    palette = picture("RGBA").convert("P", palette=Image.ADAPTIVE, colors=8)
    palette.save(png_dir / "palette.png", transparency=0)
    picture("RGB").save(png_dir / "rgb-trns.png", transparency=(255, 255, 255))
    Image.new("RGBA", (1, 1), (200, 30, 30, 128)).save(png_dir / "one-pixel.png")

    rgb = picture("RGB", (40, 24))
    rgb.save(jpeg_dir / "baseline.jpg", quality=80, dpi=(96, 96))
    rgb.save(jpeg_dir / "progressive.jpg", quality=60, progressive=True)
    rgb.save(jpeg_dir / "444.jpg", quality=90, subsampling=0)
    rgb.save(jpeg_dir / "optimized-restart.jpg", quality=70, optimize=True, restart_marker_blocks=1)
    picture("L", (40, 24)).save(jpeg_dir / "gray.jpg", quality=75)
    picture("CMYK", (40, 24)).save(jpeg_dir / "cmyk.jpg", quality=75)
    Image.new("RGB", (1, 1), (200, 30, 30)).save(jpeg_dir / "one-pixel.jpg")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(Path(sys.argv[1]), Path(sys.argv[2]))
