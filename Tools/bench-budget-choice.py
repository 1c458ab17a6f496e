#!/usr/bin/env python3
"""What a byte budget looks like: Signet's choice of size and quality against ImageMagick's
jpeg:extent, a Pillow quality search and two fixed policies, and for PNG budgets against
pngquant, scored the same way for all.

Every output is scored against the original flattened onto white, the output flattened onto
white too and scaled back to the original size with Pillow's Lanczos when it was smaller, the way
a viewer shows each at the same display size (scikit-image SSIM, Gaussian window sigma 1.5):

  luma     SSIM of Y = 0.299R + 0.587G + 0.114B
  colour   0.8 SSIM(Y) + 0.1 SSIM(Cb) + 0.1 SSIM(Cr), JFIF's full-range YCbCr: the score Signet
           ranks its candidates by (ColorSSIM), which sees chroma blocking that luma misses
  ΔE       mean CIE76 colour difference in CIELAB (scikit-image rgb2lab, D65), pixel by pixel: a
           hue or chroma shift (a blue turned teal) that SSIM's mean term, relative to Cb and Cr
           near 128, barely sees; about 2.3 is a just-noticeable difference. Lower is better
  score    colour − 0.01 ΔE½, ΔE½ the mean CIE76 difference of the two images' 2×2 block means:
           the score Signet ranks its candidates by (ColorSSIM with ColorDifference)

JPEG policies:
  signet       `signet compress --format jpeg` with its defaults (the best colour score of the
               full size and a few downscaled sizes); its runner-up is listed below it
  full size    `signet compress --format jpeg --no-resize`: the full size at the best quality that fits
               (no row when even quality 1 is over the budget)
  halving      the first of 1, 1/2, 1/4, ... (Pillow Lanczos) at which quality 50 or more fits,
               at the best quality that fits there (Pillow, optimize=True)
  imagemagick  `convert -define jpeg:extent=BUDGET` (full size)
  pillow       Tools/pillow-budget-fit.py: binary search of the quality at full size

PNG policies (transparency kept):
  signet       `signet compress --format png`: the better of a lossless downscale and a palette PNG
  pngquant     `pngquant --speed 1 N` at full size, N the most colours of 256, 128, ... 2 that
               fits (the anchor for quality and size; Debian package pngquant)
  pngquant-256 `pngquant --speed 1` with its defaults (256 colours), whatever its size

Signet passes a row when it fits and its score is at least the best of ImageMagick and
Pillow (JPEG) or of pngquant within the budget (PNG), less 0.005 (ImageMagick and Pillow write
quality 1 over the budget when nothing fits; such files are marked and not counted). One run
each: this is about what the budget buys, not speed (see bench-compress.py for times).

Images: the three of bench-compress-images.py, noise.png there (3000x2000 noise over a
gradient), red-seal.png there (a flat red seal), blue-seal.png there (a seal of red, blue and
grey), logo.png there (smooth gradients), and multicolor.png: Tools/make-samples.py's
InkML signature (SampleStrokes/inkml-nora-quinn.inkml) with each stroke in its own pen colour
(red, blue, green, magenta), rendered by `signet render --scale 8`.

Usage: bench-budget-choice.py [--signet PATH] [--work DIR] [--images NAME,...] [--kind jpeg|png]
"""
import argparse
import importlib.util
import io
import json
import os
import re
import shutil
import subprocess
import sys

import numpy as np
from PIL import Image
from skimage.color import rgb2lab
from skimage.metrics import structural_similarity

HERE = os.path.dirname(os.path.abspath(__file__))
BUDGETS = (100_000, 30_000)
IMAGES = ("signature.png", "seal.png", "photo.jpg", "noise.png")
JPEG_CASES = [(name, budget) for name in IMAGES for budget in BUDGETS] + [
    ("multicolor.png", 30_000), ("red-seal.png", 30_000), ("red-seal.png", 10_000), ("blue-seal.png", 30_000),
    ("blue-seal.png", 15_000), ("logo.png", 30_000), ("logo.png", 10_000)]
PNG_CASES = [("signature.png", 30_000), ("multicolor.png", 30_000), ("red-seal.png", 30_000), ("seal.png", 100_000),
             ("blue-seal.png", 30_000), ("blue-seal.png", 100_000), ("logo.png", 30_000), ("logo.png", 100_000)]
TOLERANCE = 0.005
DIFFERENCE_WEIGHT = 0.01
PEN_COLORS = ("#D0101A", "#1030C8", "#0A8A2A", "#C01890")


def bench_compress():
    """luma / flattened / ssim / load_average, shared with bench-compress.py."""
    spec = importlib.util.spec_from_file_location("bench_compress", os.path.join(HERE, "bench-compress.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def planes(image):
    """Y, Cb and Cr (JFIF, full range) of an RGB image, as float arrays."""
    a = np.asarray(image.convert("RGB"), dtype=np.float64)
    r, g, b = a[..., 0], a[..., 1], a[..., 2]
    return (0.299 * r + 0.587 * g + 0.114 * b,
            128 - 0.168736 * r - 0.331264 * g + 0.5 * b,
            128 + 0.5 * r - 0.418688 * g - 0.081312 * b)


def lab(image):
    return rgb2lab(np.asarray(image.convert("RGB"), dtype=np.float32) / 255)


def halved(rgb):
    """The means of an RGB image's 2×2 blocks (the last odd row and column left out), 0…1."""
    a = np.asarray(rgb, dtype=np.float64)[: rgb.height // 2 * 2, : rgb.width // 2 * 2] / 255
    return (a[0::2, 0::2] + a[1::2, 0::2] + a[0::2, 1::2] + a[1::2, 1::2]) / 4


def reference_of(flat):
    """What `scores` compares against: the planes, CIELAB pixels and CIELAB 2×2 means of `flat`."""
    return planes(flat), lab(flat), rgb2lab(halved(flat))


def scores(bc, reference, path):
    """(luma, colour) SSIM, mean ΔE and the score of the file at `path` against the reference
    (`reference_of`), at their size."""
    output = bc.flattened(path)
    size = reference[0][0].shape[::-1]
    if output.size != size:
        output = output.resize(size, Image.LANCZOS)
    each = [structural_similarity(x, y, gaussian_weights=True, sigma=1.5, use_sample_covariance=False,
                                  data_range=255) for x, y in zip(reference[0], planes(output))]
    delta = float(np.mean(np.linalg.norm(reference[1] - lab(output), axis=-1)))
    colour = 0.8 * each[0] + 0.1 * each[1] + 0.1 * each[2]
    halved_delta = float(np.mean(np.linalg.norm(reference[2] - rgb2lab(halved(output.convert("RGB"))), axis=-1)))
    return each[0], colour, delta, colour - DIFFERENCE_WEIGHT * halved_delta


def multicolor(signet, work):
    """The sample InkML signature with one pen colour per stroke, rendered to multicolor.png."""
    path = os.path.join(work, "multicolor.png")
    if os.path.exists(path):
        return
    with open(os.path.join(HERE, "..", "SampleStrokes", "inkml-nora-quinn.inkml")) as f:
        ink = f.read()
    brushes = "".join(f'<brush xml:id="pen{i}"><brushProperty name="color" value="{c}"/></brush>'
                      for i, c in enumerate(PEN_COLORS))
    ink = ink.replace("</traceFormat>", f"</traceFormat><definitions>{brushes}</definitions>", 1)
    count = iter(range(1_000))
    ink = re.sub(r"<trace ", lambda _: f'<trace brushRef="#pen{next(count) % len(PEN_COLORS)}" ', ink)
    source = os.path.join(work, "multicolor.inkml")
    with open(source, "w") as f:
        f.write(ink)
    run([signet, "render", source, "-o", path, "--scale", "8"])


def best_quality(image, budget):
    """The largest Pillow quality whose JPEG fits, and its bytes (None when quality 1 is over)."""
    def encode(q):
        buffer = io.BytesIO()
        image.save(buffer, "JPEG", quality=q, optimize=True)
        return buffer.getvalue()
    low, high, best = 1, 100, None
    while low <= high:
        q = (low + high) // 2
        data = encode(q)
        if len(data) <= budget:
            best, low = (q, data), q + 1
        else:
            high = q - 1
    return best


def halving(flat, budget, out):
    image = flat
    while True:
        best = best_quality(image, budget)
        if best and best[0] >= 50 or min(image.size) < 64:
            break
        image = flat.resize((max(image.width // 2, 1), max(image.height // 2, 1)), Image.LANCZOS)
    if best is None:
        raise SystemExit("halving: nothing fits")
    with open(out, "wb") as f:
        f.write(best[1])
    return best[0]


def run(cmd, may_fail=False):
    """stdout, or None when `may_fail` and the command exits 1 (the budget cannot be met)."""
    done = subprocess.run(cmd, capture_output=True, text=True)
    if may_fail and done.returncode == 1:
        return None
    if done.returncode != 0:
        raise SystemExit(f"{cmd[0]} failed: {done.stderr.strip()}")
    return done.stdout


def case(bc, signet, work, name, budget):
    source = os.path.join(work, name)
    stem = name.split(".")[0]
    out = {p: os.path.join(work, f"choice-{p.replace(' ', '-')}-{budget}-{stem}.jpg")
           for p in ("signet", "full size", "halving", "imagemagick", "pillow")}
    quality, runner = {}, None
    report = json.loads(run([signet, "compress", source, "-o", out["signet"], "--max-bytes", str(budget),
                             "--format", "jpeg", "--json"]))
    quality["signet"], runner = report["quality"], report["runner_up"]
    full = run([signet, "compress", source, "-o", out["full size"], "--max-bytes", str(budget), "--format", "jpeg",
                "--no-resize", "--json"], may_fail=True)
    if full is None:
        del out["full size"]  # even quality 1 is over the budget at full size
    else:
        quality["full size"] = json.loads(full)["quality"]
    flat = bc.flattened(source)
    quality["halving"] = halving(flat, budget, out["halving"])
    run(["convert", source, "-background", "white", "-flatten", "-define", f"jpeg:extent={budget}", out["imagemagick"]])
    quality["imagemagick"] = int(run(["identify", "-format", "%Q", out["imagemagick"]]))
    quality["pillow"] = int(run([sys.executable, os.path.join(HERE, "pillow-budget-fit.py"), source,
                                 out["pillow"], str(budget)]).split()[0])
    return score_rows(bc, reference_of(flat), out, quality), report, runner


def score_rows(bc, reference, out, quality):
    rows = []
    for policy, path in out.items():
        with Image.open(path) as image:
            size = image.size
        luma, colour, delta, score = scores(bc, reference, path)
        rows.append({"policy": policy, "bytes": os.path.getsize(path), "quality": quality[policy], "size": size,
                     "luma": luma, "colour": colour, "delta": delta, "score": score})
    return rows


def png_case(bc, signet, work, name, budget):
    source = os.path.join(work, name)
    stem = name.split(".")[0]
    out = {p: os.path.join(work, f"choice-{p}-{budget}-{stem}.png") for p in ("signet", "pngquant", "pngquant-256")}
    report = json.loads(run([signet, "compress", source, "-o", out["signet"], "--max-bytes", str(budget),
                             "--format", "png", "--json"]))
    quality = {"signet": report["layout"]}
    for colors in (256, 128, 64, 32, 16, 8, 4, 2):
        run(["pngquant", "--force", "--speed", "1", "--output", out["pngquant"], str(colors), source])
        quality["pngquant"] = f"{colors} colours"
        if os.path.getsize(out["pngquant"]) <= budget:
            break
    run(["pngquant", "--force", "--speed", "1", "--output", out["pngquant-256"], source])
    quality["pngquant-256"] = "256 colours"
    flat = bc.flattened(source)
    return score_rows(bc, reference_of(flat), out, quality), report, report["runner_up"]


def table(name, budget, rows, report, runner):
    """Prints the rows; returns signet's score minus the best peer's that fits."""
    for r in rows:
        fits = "" if r["bytes"] <= budget else " (over!)"
        print(f"| {name} | {budget} | {r['policy']} | {r['size'][0]}×{r['size'][1]} | {r['quality']} "
              f"| {r['bytes']}{fits} | {r['luma']:.4f} | {r['colour']:.4f} | {r['delta']:.2f} | {r['score']:.4f} |")
        if r["policy"] == "signet" and runner:
            estimate = "≈" if runner["estimated"] else ""
            print(f"| | | signet runner-up | {runner['width']}×{runner['height']} | {runner['quality'] or ''} "
                  f"| {runner['bytes'] or 'estimate'} | {estimate}{runner['ssim']:.4f} "
                  f"| | | {estimate}{runner['score']:.4f} |")
    peers = ("imagemagick", "pillow", "pngquant")
    best = max((r["score"] for r in rows if r["policy"] in peers and r["bytes"] <= budget), default=0)
    return rows[0]["score"] - best, rows[0]["bytes"] <= budget


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--signet", default=os.path.join(HERE, "..", ".build", "release", "signet"))
    parser.add_argument("--work", default="/tmp/signet-bench-compress")
    parser.add_argument("--images", help="only the rows of these images (comma-separated names)")
    parser.add_argument("--kind", choices=("jpeg", "png"), help="only the JPEG or only the PNG rows")
    args = parser.parse_args()
    wanted = set(args.images.split(",")) if args.images else None
    if shutil.which("pngquant") is None:
        subprocess.run([os.path.join(HERE, "install-deps.sh"), "pngquant"], check=True)
    bc = bench_compress()
    signet = os.path.abspath(args.signet)
    subprocess.run([sys.executable, os.path.join(HERE, "bench-compress-images.py"), args.work], check=True,
                   stdout=subprocess.DEVNULL)
    multicolor(signet, args.work)
    print(f"load average before: {bc.load_average()}")
    print("| image | budget | policy | size | q | bytes | luma SSIM | colour SSIM | ΔE | score |")
    print("|---|---:|---|---|---:|---:|---:|---:|---:|---:|")
    verdicts = []
    for name, budget in JPEG_CASES if args.kind != "png" else []:
        if wanted and name not in wanted:
            continue
        delta, fits = table(name, budget, *case(bc, signet, args.work, name, budget))
        verdicts.append(("jpeg", name, budget, delta, fits))
    for name, budget in PNG_CASES if args.kind != "jpeg" else []:
        if wanted and name not in wanted:
            continue
        delta, fits = table(name, budget, *png_case(bc, signet, args.work, name, budget))
        verdicts.append(("png", name, budget, delta, fits))
    print(f"load average after: {bc.load_average()}")
    print(f"\nsignet's score minus the best peer's that fits (ImageMagick and Pillow for JPEG, pngquant "
          f"for PNG; pass: >= -{TOLERANCE}, and within the budget):")
    failed = 0
    for kind, name, budget, delta, fits in verdicts:
        ok = delta >= -TOLERANCE and fits
        failed += not ok
        print(f"  {kind:<5}{name:<16}{budget:>8}  {delta:+.4f}  {'pass' if ok else 'FAIL'}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
