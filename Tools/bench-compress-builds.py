#!/usr/bin/env python3
"""Two builds of `signet compress` side by side: the six rows of bench-compress.py, each build run
--runs times per row, the builds alternating run by run so both see the same drift in the
machine's speed (on a shared machine it moves 10-25 % within minutes, more than most changes).

For each row and build: the median wall time of the whole process and its median CPU time (user +
system), the mean and the slowest tenth (90th percentile) of the wall times, and whether the two
builds wrote the same file, byte for byte. --row IMAGE:BUDGET (repeatable) runs only those rows.

Usage: bench-compress-builds.py BEFORE AFTER [--runs N] [--work DIR] [--row IMAGE:BUDGET ...]
"""
import argparse
import os
import resource
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROWS = [(name, budget) for name in ("signature.png", "seal.png", "photo.jpg") for budget in (100_000, 30_000)]


def timed(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{cmd[0]} failed: {done.stderr.decode().strip()}")
    return 1000 * wall, 1000 * (after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)


def slowest_tenth(values):
    """The 90th percentile: the value a tenth of the runs took longer than (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--work", default="/tmp/signet-bench-compress")
    parser.add_argument("--row", action="append", default=[], metavar="IMAGE:BUDGET")
    args = parser.parse_args()
    rows = [(name, int(budget)) for name, budget in (row.split(":") for row in args.row)] or ROWS
    unknown = [row for row in rows if row not in ROWS]
    if unknown:
        raise SystemExit(f"no such row: {unknown[0][0]}:{unknown[0][1]} (the rows: {', '.join(f'{n}:{b}' for n, b in ROWS)})")
    subprocess.run([sys.executable, os.path.join(HERE, "bench-compress-images.py"), args.work], check=True,
                   stdout=subprocess.DEVNULL)
    builds = [os.path.abspath(args.before), os.path.abspath(args.after)]
    with open("/proc/loadavg") as f:
        print(f"load average before: {' '.join(f.read().split()[:3])}; median of {args.runs} runs, builds alternating")
    print(f"{'image':<14}{'budget':>8}  {'before wall/cpu ms':>19}  {'after wall/cpu ms':>18}  "
          f"{'wall mean, p90 before → after':>32}  same file")
    for name, budget in rows:
        wall = {b: [] for b in builds}
        cpu = {b: [] for b in builds}
        written = {}
        for run in range(args.runs):
            for build in builds if run % 2 == 0 else builds[::-1]:
                out = os.path.join(args.work, f"builds-{builds.index(build)}-{budget}-{name.split('.')[0]}.jpg")
                w, c = timed([build, "compress", os.path.join(args.work, name), "-o", out, "--max-bytes", str(budget),
                              "--format", "jpeg"])
                wall[build].append(w)
                cpu[build].append(c)
                written[build] = out
        same = open(written[builds[0]], "rb").read() == open(written[builds[1]], "rb").read()
        cells = [f"{statistics.median(wall[b]):.0f} / {statistics.median(cpu[b]):.0f}" for b in builds]
        tails = [f"{statistics.mean(wall[b]):.0f}, {slowest_tenth(wall[b]):.0f}" for b in builds]
        print(f"{name:<14}{budget:>8}  {cells[0]:>19}  {cells[1]:>18}  {tails[0] + ' → ' + tails[1]:>32}  "
              f"{'yes' if same else 'NO'}")
    with open("/proc/loadavg") as f:
        print(f"load average after: {' '.join(f.read().split()[:3])}")


if __name__ == "__main__":
    main()
