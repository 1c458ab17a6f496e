#!/usr/bin/env python3
"""Compression benchmark: `signet compress` against ImageMagick's jpeg:extent and a Pillow
binary search, side by side in one run, on three generated images at two budgets.

For every case each tool runs --runs times, the tools interleaved so they share the machine's
load; the table shows the median wall time of the whole process, and bytes, JPEG quality,
dimensions and SSIM of the last output, plus the median CPU time (user + system) for context. SSIM is computed the same way for all three with
scikit-image (luma 0.299R+0.587G+0.114B of the original flattened onto white against the output
scaled back to the original size with Lanczos when it was downscaled; Gaussian window σ = 1.5).

The machine's load average (/proc/loadavg: 1, 5 and 15 minutes) is printed before and after
the run: other work on the machine slows every tool, and the wall-time ratios with it.

Usage: bench-compress.py [--signet PATH] [--runs N] [--work DIR]
"""
import argparse
import io
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import time

import numpy as np
from PIL import Image
from skimage.metrics import structural_similarity

HERE = os.path.dirname(os.path.abspath(__file__))
BUDGETS = (100_000, 30_000)
IMAGES = ("signature.png", "seal.png", "photo.jpg")


def luma(image):
    a = np.asarray(image.convert("RGB"), dtype=np.float64)
    return a[..., 0] * 0.299 + a[..., 1] * 0.587 + a[..., 2] * 0.114


def flattened(path):
    image = Image.open(path)
    if image.mode in ("RGBA", "LA", "PA", "P"):
        image = image.convert("RGBA")
        flat = Image.new("RGB", image.size, "white")
        flat.paste(image, mask=image.getchannel("A"))
        return flat
    return image.convert("RGB")


def ssim(reference_luma, output_path, size):
    output = Image.open(output_path).convert("RGB")
    if output.size != size:
        output = output.resize(size, Image.LANCZOS)
    return structural_similarity(reference_luma, luma(output), gaussian_weights=True, sigma=1.5,
                                 use_sample_covariance=False, data_range=255)


def commands(signet, source, out, budget):
    return {
        "signet": [signet, "compress", source, "-o", out["signet"], "--max-bytes", str(budget),
                   "--format", "jpeg", "--json"],
        "imagemagick": ["convert", source, "-background", "white", "-flatten",
                        "-define", f"jpeg:extent={budget}", out["imagemagick"]],
        "pillow": [sys.executable, os.path.join(HERE, "pillow-budget-fit.py"), source, out["pillow"], str(budget)],
    }


def quality_of(tool, output_path, stdout):
    if tool == "signet":
        return json.loads(stdout)["quality"]
    if tool == "pillow":
        return int(stdout.split()[0])
    return int(subprocess.run(["identify", "-format", "%Q", output_path], capture_output=True, text=True).stdout)


def run_case(signet, work, name, budget, runs):
    source = os.path.join(work, name)
    out = {tool: os.path.join(work, f"out-{tool}-{budget}-{name.split('.')[0]}.jpg")
           for tool in ("signet", "imagemagick", "pillow")}
    cmds = commands(signet, source, out, budget)
    times = {tool: [] for tool in cmds}
    cpu = {tool: [] for tool in cmds}
    stdout = {}
    order = list(cmds)
    for run in range(runs):
        for tool in order[run % 3:] + order[:run % 3]:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            done = subprocess.run(cmds[tool], capture_output=True, text=True)
            times[tool].append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu[tool].append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
            if done.returncode != 0:
                raise SystemExit(f"{tool} failed on {name} at {budget}: {done.stderr.strip()}")
            stdout[tool] = done.stdout
    reference = flattened(source)
    reference_luma = luma(reference)
    rows = []
    for tool in cmds:
        with Image.open(out[tool]) as image:
            size = image.size
        rows.append({
            "tool": tool, "ms": 1000 * statistics.median(times[tool]), "cpu": 1000 * statistics.median(cpu[tool]),
            "bytes": os.path.getsize(out[tool]),
            "quality": quality_of(tool, out[tool], stdout[tool]), "size": size,
            "ssim": ssim(reference_luma, out[tool], reference.size),
        })
    return rows


def load_average():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--signet", default=os.path.join(HERE, "..", ".build", "release", "signet"))
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--work", default="/tmp/signet-bench-compress")
    args = parser.parse_args()
    subprocess.run([sys.executable, os.path.join(HERE, "bench-compress-images.py"), args.work], check=True,
                   stdout=subprocess.DEVNULL)
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), "?")
    print(f"machine: {cpu}, {os.cpu_count()} cores, {platform.platform()}; median of {args.runs} runs, tools interleaved")
    print(f"load average before: {load_average()}")
    print(f"{'image':<14}{'budget':>8}  {'tool':<12}{'wall ms':>8}{'cpu ms':>8}{'bytes':>9}  fits{'q':>5}  {'size':<10}{'SSIM':>8}")
    summary = []
    for name in IMAGES:
        for budget in BUDGETS:
            rows = run_case(os.path.abspath(args.signet), args.work, name, budget, args.runs)
            for r in rows:
                fits = "yes" if r["bytes"] <= budget else "NO"
                size = f"{r['size'][0]}x{r['size'][1]}"
                print(f"{name:<14}{budget:>8}  {r['tool']:<12}{r['ms']:>8.0f}{r['cpu']:>8.0f}{r['bytes']:>9}  {fits:<4}{r['quality']:>5}"
                      f"  {size:<10}{r['ssim']:>8.4f}")
            ours = rows[0]
            others = rows[1:]
            fastest = min(r["ms"] for r in others)
            best = max(r["ssim"] for r in others)
            cheapest = min(r["cpu"] for r in others)
            summary.append((name, budget, ours["ms"] / fastest, ours["cpu"] / cheapest, ours["ssim"] - best, ours["bytes"] <= budget))
    print(f"load average after: {load_average()}")
    print("\nsignet vs the faster / better of the other two (targets: wall time ratio <= 0.70, SSIM difference >= 0, fits):")
    for name, budget, ratio, cpu_ratio, delta, fits in summary:
        print(f"  {name:<14}{budget:>8}  wall x{ratio:.2f}  cpu x{cpu_ratio:.2f}  SSIM {delta:+.4f}  fits {'yes' if fits else 'NO'}")


if __name__ == "__main__":
    main()
