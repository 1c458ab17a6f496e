#!/usr/bin/env python3
"""Camera-like test images for Signet's decoders, made with Pillow and Little CMS (Pillow's ImageCms).

Writes into DIR:
  upright.png                 the reference: a 96×64 picture whose four quadrants differ
  orient-N.jpg / orient-N.png  N = 1…8: the reference stored turned as a camera stores it, with EXIF
                              Orientation N (JPEG APP1 Exif; PNG eXIf chunk) — Pillow's exif_transpose
                              of each gives the reference back (checked here)
  orient-6-be.jpg             Orientation 6 in a big-endian ("MM") EXIF block
  adobe-rgb.icc               an Adobe RGB (1998)-compatible matrix profile (D50-adapted primaries,
                              gamma 563/256), written here byte by byte
  adobe.jpg / adobe.png       saturated colours stored in Adobe RGB with that profile embedded
  adobe-srgb.png              adobe.jpg's pixels (as Pillow decodes them) converted back to sRGB by
                              Little CMS: what a colour-managed viewer shows
  adobe-png-srgb.png          the same for adobe.png
  srgb-tagged.png             the reference with Little CMS's own sRGB profile embedded
  cmyk.jpg                    a CMYK JPEG as Pillow writes it (Adobe, inverted)
  picture.tif / .gif / .webp  the reference as TIFF (LZW), GIF and lossless WebP
  orient-6.tif                the TIFF stored turned, with TIFF Orientation 6

Usage: make-photo-fixtures.py DIR
"""
import argparse
import io
import os
import struct

from PIL import Image, ImageCms, ImageDraw, ImageOps

# What Pillow's exif_transpose does for each tag, and the inverse that stores the reference turned.
SHOW = {2: Image.Transpose.FLIP_LEFT_RIGHT, 3: Image.Transpose.ROTATE_180, 4: Image.Transpose.FLIP_TOP_BOTTOM,
        5: Image.Transpose.TRANSPOSE, 6: Image.Transpose.ROTATE_270, 7: Image.Transpose.TRANSVERSE,
        8: Image.Transpose.ROTATE_90}
STORE = {**SHOW, 6: Image.Transpose.ROTATE_90, 8: Image.Transpose.ROTATE_270}


def upright():
    image = Image.new("RGB", (96, 64), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, 47, 31), fill=(220, 30, 30))     # top left: red
    draw.rectangle((48, 0, 95, 31), fill=(30, 160, 40))    # top right: green
    draw.rectangle((0, 32, 47, 63), fill=(30, 50, 200))    # bottom left: blue
    draw.rectangle((48, 32, 95, 63), fill=(240, 200, 40))  # bottom right: yellow
    return image


def exif_block(orientation, big_endian=False):
    """The TIFF data of an EXIF block with one IFD entry: Orientation (SHORT)."""
    e = ">" if big_endian else "<"
    head = (b"MM\x00\x2a" if big_endian else b"II\x2a\x00") + struct.pack(e + "I", 8)
    entry = struct.pack(e + "HHIHH", 0x0112, 3, 1, orientation, 0)
    return head + struct.pack(e + "H", 1) + entry + struct.pack(e + "I", 0)


def s15(v):
    return struct.pack(">i", round(v * 65536))


def adobe_rgb_profile():
    """A v2 RGB display profile: D50 white, Adobe RGB (1998) primaries adapted to D50, gamma 2.2."""
    def xyz(x, y, z):
        return b"XYZ " + b"\0" * 4 + s15(x) + s15(y) + s15(z)
    def text(t):
        return b"text" + b"\0" * 4 + t.encode() + b"\0"
    def desc(t):
        raw = t.encode() + b"\0"
        return b"desc" + b"\0" * 4 + struct.pack(">I", len(raw)) + raw + b"\0" * 4 + b"\0" * 4 + b"\0" * 3 + b"\0" * 67
    curve = b"curv" + b"\0" * 4 + struct.pack(">IH", 1, 563) + b"\0\0"
    tags = [(b"desc", desc("Signet test Adobe RGB (1998) compatible")), (b"cprt", text("No copyright, test data")),
            (b"wtpt", xyz(0.9642, 1.0, 0.8249)), (b"rXYZ", xyz(0.60974, 0.31111, 0.01947)),
            (b"gXYZ", xyz(0.20528, 0.62567, 0.06087)), (b"bXYZ", xyz(0.14919, 0.06322, 0.74457)),
            (b"rTRC", curve), (b"gTRC", curve), (b"bTRC", curve)]
    offset = 128 + 4 + 12 * len(tags)
    table, data = b"", b""
    for sig, body in tags:
        while (offset + len(data)) % 4:
            data += b"\0"
        table += sig + struct.pack(">II", offset + len(data), len(body))
        data += body
    body = struct.pack(">I", len(tags)) + table + data
    size = 128 + len(body)
    header = (struct.pack(">I", size) + b"\0" * 4 + bytes([2, 0x10, 0, 0]) + b"mntrRGB XYZ "
              + struct.pack(">6H", 2026, 1, 1, 0, 0, 0) + b"acsp" + b"\0" * 24 + struct.pack(">I", 0)
              + s15(0.9642) + s15(1.0) + s15(0.8249) + b"\0" * 48)
    assert len(header) == 128
    return header + body


def saturated():
    """Bands of colours sRGB can show but that sit far from their Adobe RGB values."""
    image = Image.new("RGB", (120, 80))
    draw = ImageDraw.Draw(image)
    colours = [(0, 200, 0), (230, 20, 20), (20, 40, 230), (0, 180, 200), (250, 140, 0), (160, 40, 160)]
    for i, colour in enumerate(colours):
        draw.rectangle((i * 20, 0, i * 20 + 19, 79), fill=colour)
    return image


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("dir")
    args = parser.parse_args()
    os.makedirs(args.dir, exist_ok=True)
    path = lambda name: os.path.join(args.dir, name)
    reference = upright()
    reference.save(path("upright.png"))
    for n in range(1, 9):
        stored = reference.transpose(STORE[n]) if n in STORE else reference.copy()
        exif = exif_block(n)
        stored.save(path(f"orient-{n}.jpg"), quality=95, subsampling=0, exif=b"Exif\0\0" + exif)
        stored.save(path(f"orient-{n}.png"), exif=exif)
        shown = ImageOps.exif_transpose(Image.open(path(f"orient-{n}.png"))).convert("RGB")
        assert shown.tobytes() == reference.tobytes(), f"Pillow does not show orient-{n}.png upright"
    reference.transpose(STORE[6]).save(path("orient-6-be.jpg"), quality=95, subsampling=0,
                                       exif=b"Exif\0\0" + exif_block(6, big_endian=True))

    icc = adobe_rgb_profile()
    with open(path("adobe-rgb.icc"), "wb") as f:
        f.write(icc)
    adobe = ImageCms.ImageCmsProfile(io.BytesIO(icc))
    srgb = ImageCms.createProfile("sRGB")
    colours = saturated()
    stored = ImageCms.profileToProfile(colours, srgb, adobe, outputMode="RGB")
    stored.save(path("adobe.jpg"), quality=95, subsampling=0, icc_profile=icc)
    stored.save(path("adobe.png"), icc_profile=icc)
    decoded = Image.open(path("adobe.jpg"))
    ImageCms.profileToProfile(decoded, adobe, srgb, outputMode="RGB").save(path("adobe-srgb.png"))
    ImageCms.profileToProfile(stored, adobe, srgb, outputMode="RGB").save(path("adobe-png-srgb.png"))

    reference.save(path("srgb-tagged.png"), icc_profile=ImageCms.ImageCmsProfile(srgb).tobytes())
    reference.convert("CMYK").save(path("cmyk.jpg"), quality=95)
    reference.save(path("picture.tif"), compression="tiff_lzw")
    reference.transpose(STORE[6]).save(path("orient-6.tif"), compression="tiff_lzw", tiffinfo={0x0112: 6})
    reference.save(path("picture.gif"))
    reference.save(path("picture.webp"), lossless=True)


if __name__ == "__main__":
    main()
