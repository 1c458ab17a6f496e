#!/usr/bin/env python3
"""Stamping benchmark competitor: pikepdf, written the way a competent pikepdf user would.

Usage: bench-stamp-pikepdf.py IN.pdf STAMP.png OUT.pdf X Y W H

Puts STAMP.png on every page at the rectangle (X, Y, W, H) given in points of the page AS
DISPLAYED (top-left origin). One image XObject (with an /SMask for the alpha) wrapped in one
form XObject is shared by every page; Page.add_overlay wraps the old content in q/Q and undoes
the page's /Rotate and /UserUnit when it places the form.
"""
import sys
import zlib

import pikepdf
from pikepdf import Dictionary, Name, Rectangle
from PIL import Image


def shared_form(pdf, png_path):
    """One form XObject drawing the PNG, with alpha as an /SMask."""
    image = Image.open(png_path).convert("RGBA")
    width, height = image.size
    common = dict(Type=Name.XObject, Subtype=Name.Image, Width=width, Height=height,
                  BitsPerComponent=8, Filter=Name.FlateDecode)
    alpha = pikepdf.Stream(pdf, zlib.compress(image.getchannel("A").tobytes()),
                           ColorSpace=Name.DeviceGray, **common)
    rgb = pikepdf.Stream(pdf, zlib.compress(image.convert("RGB").tobytes()),
                         ColorSpace=Name.DeviceRGB, SMask=alpha, **common)
    content = f"q {width} 0 0 {height} 0 0 cm /Img Do Q".encode()
    return pikepdf.Stream(pdf, content, Type=Name.XObject, Subtype=Name.Form,
                          BBox=[0, 0, width, height],
                          Resources=Dictionary(XObject=Dictionary(Img=rgb)))


def user_rect(page, x, y, w, h):
    """The user-space rectangle that shows as (x, y, w, h) on screen: CropBox clipped to the
    MediaBox, inherited /Rotate (pikepdf normalises it), /UserUnit."""
    crop, media = [float(v) for v in page.cropbox], [float(v) for v in page.mediabox]
    x0, y0 = max(min(crop[0], crop[2]), min(media[0], media[2])), max(min(crop[1], crop[3]), min(media[1], media[3]))
    x1, y1 = min(max(crop[0], crop[2]), max(media[0], media[2])), min(max(crop[1], crop[3]), max(media[1], media[3]))
    unit = float(page.obj.get(Name.UserUnit, 1))
    x, y, w, h = x / unit, y / unit, w / unit, h / unit
    rotation = page.rotation % 360
    if rotation == 90:      # screen x runs along user +y, screen y along user +x
        return Rectangle(x0 + y, y0 + x, x0 + y + h, y0 + x + w)
    if rotation == 180:
        return Rectangle(x1 - x - w, y0 + y, x1 - x, y0 + y + h)
    if rotation == 270:
        return Rectangle(x1 - y - h, y1 - x - w, x1 - y, y1 - x)
    return Rectangle(x0 + x, y1 - y - h, x0 + x + w, y1 - y)


def main():
    src, png, out = sys.argv[1:4]
    x, y, w, h = (float(v) for v in sys.argv[4:8])
    with pikepdf.open(src) as pdf:
        form = shared_form(pdf, png)
        for page in pdf.pages:
            page.add_overlay(form, user_rect(page, x, y, w, h))
        pdf.save(out)


if __name__ == "__main__":
    main()
