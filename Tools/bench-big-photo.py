#!/usr/bin/env python3
"""Memory and time of fitting a 48 MP photo (8000×6000 JPEG) under 100 KB: `signet compress` beside
ImageMagick's jpeg:extent and a Pillow binary search (Pillow's own draft mode — libjpeg's DCT
scaling — is not used, as a plain script would not), each run as its own process under
/usr/bin/time -v, interleaved. The table shows peak resident memory (maximum RSS) and wall time
(medians of --runs), the output's size and dimensions, and its SSIM against the original, both
brought to 2000×1500 with Lanczos (a screen's view of the whole photo; at 48 MP a full-size
comparison would cost the benchmark more than the tools), luma 0.299R+0.587G+0.114B, Gaussian
window σ = 1.5.

The photo is bench-compress-images.py's photo scene drawn at 8000×6000 (JPEG q92), made once.

Usage: bench-big-photo.py [--signet PATH] [--runs N] [--work DIR] [--budget BYTES]
"""
import argparse
import importlib.util
import os
import re
import statistics
import subprocess
import sys

import numpy as np
from PIL import Image
from skimage.metrics import structural_similarity

HERE = os.path.dirname(os.path.abspath(__file__))
PILLOW_SEARCH = """
import io, sys
from PIL import Image
source, out, budget = sys.argv[1], sys.argv[2], int(sys.argv[3])
image = Image.open(source).convert("RGB")
best, low, high = None, 1, 95
while low <= high:
    quality = (low + high) // 2
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=quality, optimize=True)
    if buffer.tell() <= budget:
        best, low = buffer.getvalue(), quality + 1
    else:
        high = quality - 1
while best is None:
    image = image.resize((image.width * 3 // 4, image.height * 3 // 4), Image.LANCZOS)
    for quality in (50, 30, 10):
        buffer = io.BytesIO()
        image.save(buffer, "JPEG", quality=quality, optimize=True)
        if buffer.tell() <= budget:
            best = buffer.getvalue()
            break
open(out, "wb").write(best)
"""


def luma(image):
    a = np.asarray(image.convert("RGB"), dtype=np.float64)
    return a[..., 0] * 0.299 + a[..., 1] * 0.587 + a[..., 2] * 0.114


def timed(command):
    result = subprocess.run(["/usr/bin/time", "-v"] + command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"{command[0]} failed: {result.stderr[-2000:]}")
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", result.stderr).group(1))
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)", result.stderr)
    seconds = int(wall.group(1) or 0) * 3600 + int(wall.group(2)) * 60 + float(wall.group(3))
    return rss / 1024, seconds


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--signet", default=os.path.join(HERE, "..", ".build", "release", "signet"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--work", default=os.path.join(HERE, "..", ".build", "bench-big-photo"))
    parser.add_argument("--budget", type=int, default=100_000)
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    source = os.path.join(args.work, "photo-48mp.jpg")
    if not os.path.exists(source):
        spec = importlib.util.spec_from_file_location("images", os.path.join(HERE, "bench-compress-images.py"))
        images = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(images)
        images.photo(source, 8000, 6000)
    out = lambda tool: os.path.join(args.work, f"out-{tool}.jpg")
    tools = {
        "signet": [args.signet, "compress", source, "-o", out("signet"), "--max-bytes", str(args.budget)],
        "imagemagick": ["convert", source, "-define", f"jpeg:extent={args.budget}", out("imagemagick")],
        "pillow": [sys.executable, "-c", PILLOW_SEARCH, source, out("pillow"), str(args.budget)],
    }
    with open("/proc/loadavg") as f:
        print("load before:", " ".join(f.read().split()[:3]))
    samples = {tool: [] for tool in tools}
    for _ in range(args.runs):
        for tool, command in tools.items():
            samples[tool].append(timed(command))
    with open("/proc/loadavg") as f:
        print("load after:", " ".join(f.read().split()[:3]))
    original = Image.open(source)
    print(f"\n{original.width}×{original.height} JPEG ({os.path.getsize(source)} bytes) → {args.budget} bytes,"
          f" median of {args.runs}\n")
    view = (2000, 1500)
    reference = luma(original.resize(view, Image.LANCZOS))
    print("| tool | peak RSS MiB | wall s | bytes | output | SSIM at 2000×1500 |")
    print("|---|---|---|---|---|---|")
    for tool in tools:
        rss = statistics.median(s[0] for s in samples[tool])
        wall = statistics.median(s[1] for s in samples[tool])
        result = Image.open(out(tool))
        ssim = structural_similarity(reference, luma(result.resize(view, Image.LANCZOS)), gaussian_weights=True, sigma=1.5,
                                     use_sample_covariance=False, data_range=255)
        print(f"| {tool} | {rss:.0f} | {wall:.2f} | {os.path.getsize(out(tool))} | {result.width}×{result.height}"
              f" | {ssim:.4f} |")


if __name__ == "__main__":
    main()
