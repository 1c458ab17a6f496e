#!/usr/bin/env python3
"""What a user would otherwise write: fit an image under a byte budget with Pillow.

Flattens transparency onto white, then binary-searches the JPEG quality 1…100 with
optimize=True (Pillow's default 4:2:0) for the largest quality whose file fits. When even
quality 1 is over the budget it writes quality 1 anyway (no resizing), like jpeg:extent.

Usage: pillow-budget-fit.py IN OUT BUDGET_BYTES   (prints: quality bytes)
"""
import io
import sys

from PIL import Image


def encode(image, quality):
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=quality, optimize=True)
    return buffer.getvalue()


def main():
    source, target, budget = sys.argv[1], sys.argv[2], int(sys.argv[3])
    image = Image.open(source)
    if image.mode in ("RGBA", "LA", "PA", "P"):
        image = image.convert("RGBA")
        flat = Image.new("RGB", image.size, "white")
        flat.paste(image, mask=image.getchannel("A"))
        image = flat
    else:
        image = image.convert("RGB")
    low, high, best = 1, 100, None
    while low <= high:
        quality = (low + high) // 2
        data = encode(image, quality)
        if len(data) <= budget:
            best, low = (quality, data), quality + 1
        else:
            high = quality - 1
    if best is None:
        best = (1, encode(image, 1))
    with open(target, "wb") as f:
        f.write(best[1])
    print(best[0], len(best[1]))


if __name__ == "__main__":
    main()
