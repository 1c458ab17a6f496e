#!/usr/bin/env bash
# Render benchmark: Signet (Swift, its own rasteriser + libpng) against a Python + pycairo script doing the
# same job, side by side in one run. Both read the same generated Signet JSON signatures (3–6
# strokes of 300–1500 points), draw midpoint quadratics 2.5 units wide at 2x with round caps and
# joins, crop to the ink + 8 px and write PNGs. Every row is the median of RUNS runs, the rows
# taking turns; one-core rows
# are pinned to CPU 0 with taskset. "CPU" columns use the process's user+system time, which other
# load on the machine disturbs far less than wall time.
#   Tools/bench-render.sh            (COUNT=200 RUNS=5 by default)
#   BASELINE=path/to/other/signet    adds that binary's CLI row (an earlier build) to the same run
set -euo pipefail
cd "$(dirname "$0")/.."
COUNT=${COUNT:-200}
RUNS=${RUNS:-5}

swift build -c release --product signet-bench >&2
swift build -c release --product signet >&2
python3 -c "import cairo" 2>/dev/null || { echo "needs pycairo: python3 -m pip install pycairo" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
.build/release/signet-bench generate --count "$COUNT" --seed 42 --out "$work/in" >&2

# The median of a row's runs (each line "count wall_seconds bytes cpu_seconds"): wall time, bytes, CPU time.
median() {
  local wall cpu
  wall=$(sort -g -k2 "$1" | awk -v n="$RUNS" 'NR == int((n + 1) / 2) { print $2, $3 }')
  cpu=$(sort -g -k4 "$1" | awk -v n="$RUNS" 'NR == int((n + 1) / 2) { print $4 }')
  echo "$wall $cpu"
}
# A command timed from outside, as a user sees it (start-up and exit included), printing the
# same line the benchmarks print: the CLI (atomic outputs: temporary file, fsync, rename), and the
# library's bench the same way so the two compare like for like.
outside() {
  python3 - "$COUNT" "$work" "$@" <<'PY'
import glob, resource, subprocess, sys, time
count, work, command = sys.argv[1], sys.argv[2], sys.argv[3:]
start = time.perf_counter()
subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
wall = time.perf_counter() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
size = sum(len(open(p, "rb").read()) for p in glob.glob(work + "/out/*.png"))
print(count, wall, size, usage.ru_utime + usage.ru_stime)
PY
}

cores=$(nproc)
py=(python3 Tools/bench-pycairo.py "$work/in" "$work/out")
sw=(.build/release/signet-bench render "$work/in" --out "$work/out")
labels=() shows=() commands=()
row() { # label, CPU column shown (yes/no), then the command
  labels+=("$1"); shows+=("$2"); shift 2
  commands+=("$(printf '%q ' "$@")")
}
row "pycairo script, 1 core" yes taskset -c 0 "${py[@]}" 1
row "signet-bench (library), 1 core" yes taskset -c 0 "${sw[@]}" --jobs 1
row "signet-bench --format signet, 1 core" yes taskset -c 0 "${sw[@]}" --jobs 1 --format signet
row "signet-bench (library), 1 core, timed outside" yes outside taskset -c 0 "${sw[@]}" --jobs 1
row "signet render --output-dir (CLI), 1 core" yes \
  outside taskset -c 0 .build/release/signet render "$work"/in/*.json --output-dir "$work/out"
if [ -n "${BASELINE:-}" ]; then
  row "baseline signet render (CLI), 1 core" yes \
    outside taskset -c 0 "$BASELINE" render "$work"/in/*.json --output-dir "$work/out"
fi
row "pycairo script, ANTIALIAS_FAST, 1 core" yes taskset -c 0 "${py[@]}" 1 fast
row "signet-bench --antialias fast, 1 core" yes taskset -c 0 "${sw[@]}" --jobs 1 --antialias fast
row "pycairo script, $cores processes" no "${py[@]}" "$cores"
row "signet-bench (library), $cores threads" no "${sw[@]}" --jobs "$cores"
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
# Rows take turns, RUNS rounds of one run each, so a change in the machine's load falls on every
# row alike rather than on whichever row was running.
for _ in $(seq "$RUNS"); do
  for i in "${!commands[@]}"; do
    rm -rf "$work/out"; mkdir -p "$work/out"
    eval "${commands[$i]}" >> "$work/runs.$i"
  done
done
rows=()
for i in "${!commands[@]}"; do
  read -r wall bytes cpu < <(median "$work/runs.$i")
  [ "${shows[$i]}" = yes ] || cpu=-
  rows+=("${labels[$i]}|$wall|$bytes|$cpu")
done

echo "$COUNT signatures, median of $RUNS runs (rows interleaved); $cores cores,$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
echo "load average (1, 5, 15 min) before the runs: $load_before; after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
printf "| %-46s | %10s | %6s | %10s | %6s | %9s |\n" "job" "sig/s wall" "ratio" "sig/s CPU" "ratio" "PNG bytes"
printf "|%s|%s|%s|%s|%s|%s|\n" "------------------------------------------------" "------------" "--------" "------------" "--------" "-----------"
printf '%s\n' "${rows[@]}" | awk -F'|' -v n="$COUNT" '
  NR == 1 { wall0 = $2; cpu0 = $4 }
  {
    cpu = $4 == "-" ? "         -" : sprintf("%10.1f", n / $4)
    ratio = $4 == "-" ? "     -" : sprintf("%5.2fx", cpu0 / $4)
    printf "| %-46s | %10.1f | %5.2fx | %s | %s | %9d |\n", $1, n / $2, wall0 / $2, cpu, ratio, $3 / n
  }'
echo
echo "ratios: against the pycairo script on one core; PNG bytes: mean per signature"
echo
# The same ink drawn by Signet's rasteriser and by cairo's scan converter (the stated tolerance).
.build/release/signet-bench generate --count 60 --seed 7 --out "$work/compare" >&2
.build/release/signet-bench compare-rasterizers "$work/compare"
