#!/usr/bin/env python3
"""What a byte budget looks like: Signet's choice of size and quality against ImageMagick's
jpeg:extent, a Pillow quality search and two fixed policies, scored the same way for all.

For every test image and budget it writes one JPEG per policy and scores it with SSIM at the
original size (scikit-image; luma 0.299R+0.587G+0.114B of the original flattened onto white
against the output scaled back to the original size with Pillow's Lanczos when it was smaller;
Gaussian window sigma 1.5), the way a viewer shows each at the same display size:

  signet       `signet compress --format jpeg` with its defaults (the best SSIM of the full size
               and a few downscaled sizes)
  full size    `signet compress --format jpeg --no-resize`: the full size at the best quality that fits
               (no row when even quality 1 is over the budget)
  halving      the first of 1, 1/2, 1/4, ... (Pillow Lanczos) at which quality 50 or more fits,
               at the best quality that fits there (Pillow, optimize=True)
  imagemagick  `convert -define jpeg:extent=BUDGET` (full size)
  pillow       Tools/pillow-budget-fit.py: binary search of the quality at full size

Signet passes a row when it fits and its SSIM is the best, or within 0.005 of the best, of the
files that fit (ImageMagick and Pillow write quality 1 over the budget when nothing fits; those
rows are marked and not counted). One run each:
this is about what the budget buys, not speed (see bench-compress.py for times).

Images: the three of bench-compress-images.py, and noise.png there (3000x2000 noise over a gradient).

Usage: bench-budget-choice.py [--signet PATH] [--work DIR]
"""
import argparse
import importlib.util
import io
import json
import os
import subprocess
import sys

from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
BUDGETS = (100_000, 30_000)
IMAGES = ("signature.png", "seal.png", "photo.jpg", "noise.png")
TOLERANCE = 0.005


def bench_compress():
    """luma / flattened / ssim / load_average, shared with bench-compress.py."""
    spec = importlib.util.spec_from_file_location("bench_compress", os.path.join(HERE, "bench-compress.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


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
    reference = bc.luma(flat)
    rows = []
    for policy, path in out.items():
        with Image.open(path) as image:
            size = image.size
        rows.append({"policy": policy, "bytes": os.path.getsize(path), "quality": quality[policy], "size": size,
                     "ssim": bc.ssim(reference, path, flat.size)})
    return rows, runner


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--signet", default=os.path.join(HERE, "..", ".build", "release", "signet"))
    parser.add_argument("--work", default="/tmp/signet-bench-compress")
    args = parser.parse_args()
    bc = bench_compress()
    subprocess.run([sys.executable, os.path.join(HERE, "bench-compress-images.py"), args.work], check=True,
                   stdout=subprocess.DEVNULL)
    print(f"load average before: {bc.load_average()}")
    print(f"| image | budget | policy | size | q | bytes | SSIM |")
    print(f"|---|---:|---|---|---:|---:|---:|")
    verdicts = []
    for name in IMAGES:
        for budget in BUDGETS:
            rows, runner = case(bc, os.path.abspath(args.signet), args.work, name, budget)
            for r in rows:
                fits = "" if r["bytes"] <= budget else " (over!)"
                print(f"| {name} | {budget} | {r['policy']} | {r['size'][0]}×{r['size'][1]} | {r['quality']} "
                      f"| {r['bytes']}{fits} | {r['ssim']:.4f} |")
            ours = rows[0]
            # What fits competes; a file over the budget is shown but is no answer.
            best = max((r["ssim"] for r in rows[1:] if r["bytes"] <= budget), default=0)
            fits = ours["bytes"] <= budget
            runner_text = f"{runner['width']}×{runner['height']} q{runner['quality']}" if runner else "none"
            verdicts.append((name, budget, ours["ssim"] - best, fits, runner_text))
    print(f"load average after: {bc.load_average()}")
    print(f"\nsignet's SSIM minus the best other policy's (pass: >= -{TOLERANCE}, and within the budget):")
    failed = 0
    for name, budget, delta, fits, runner in verdicts:
        ok = delta >= -TOLERANCE and fits
        failed += not ok
        print(f"  {name:<14}{budget:>8}  {delta:+.4f}  {'pass' if ok else 'FAIL'}  (signet's runner-up: {runner})")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
