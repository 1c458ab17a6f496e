#!/usr/bin/env bash
# Render benchmark: Signet (Swift, cairo + libpng) against a Python + pycairo script doing the
# same job, side by side in one run. Both read the same generated Signet JSON signatures (3–6
# strokes of 300–1500 points), draw midpoint quadratics 2.5 units wide at 2x with round caps and
# joins, crop to the ink + 8 px and write PNGs. Each figure is the median of RUNS runs.
#   Tools/bench-render.sh            (COUNT=200 RUNS=3 by default)
set -euo pipefail
cd "$(dirname "$0")/.."
COUNT=${COUNT:-200}
RUNS=${RUNS:-3}

swift build -c release --product signet-bench >&2
swift build -c release --product signet >&2
python3 -c "import cairo" 2>/dev/null || { echo "needs pycairo: pip install pycairo" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
.build/release/signet-bench generate --count "$COUNT" --seed 42 --out "$work/in" >&2

# median of RUNS runs of a command printing "count seconds bytes"; prints "seconds bytes"
median() {
  for _ in $(seq "$RUNS"); do rm -rf "$work/out"; mkdir -p "$work/out"; "$@"; done \
    | sort -g -k2 | awk -v n="$RUNS" 'NR == int((n + 1) / 2) { print $2, $3 }'
}
# the CLI as a user runs it (atomic outputs: temporary file, fsync, rename), timed from outside
cli() {
  local start end
  start=$(date +%s%N)
  taskset -c 0 .build/release/signet render "$work"/in/*.json --output-dir "$work/out" >/dev/null
  end=$(date +%s%N)
  echo "$COUNT" "$(awk -v a="$start" -v b="$end" 'BEGIN { print (b - a) / 1e9 }')" "$(cat "$work"/out/*.png | wc -c)"
}

one_core="taskset -c 0"
read -r py1_s py1_b < <(median $one_core python3 Tools/bench_pycairo.py "$work/in" "$work/out")
read -r sw1_s sw1_b < <(median $one_core .build/release/signet-bench render "$work/in" --out "$work/out" --jobs 1)
read -r cli_s cli_b < <(median cli)
cores=$(nproc)
read -r pyN_s pyN_b < <(median python3 Tools/bench_pycairo.py "$work/in" "$work/out" "$cores")
read -r swN_s swN_b < <(median .build/release/signet-bench render "$work/in" --out "$work/out" --jobs "$cores")

awk -v n="$COUNT" -v cores="$cores" \
    -v py1="$py1_s" -v pb="$py1_b" -v sw1="$sw1_s" -v sb="$sw1_b" -v cl="$cli_s" -v cb="$cli_b" \
    -v pyN="$pyN_s" -v swN="$swN_s" 'BEGIN {
  printf "%d signatures, median of '"$RUNS"' runs, %s\n\n", n, "'"$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"'"
  printf "| %-44s | %13s | %6s | %14s |\n", "job", "signatures/s", "ratio", "mean PNG bytes"
  printf "|%s|%s|%s|%s|\n", "----------------------------------------------", "---------------", "--------", "----------------"
  printf "| %-44s | %13.1f | %6s | %14d |\n", "pycairo script, 1 core", n / py1, "1.00", pb / n
  printf "| %-44s | %13.1f | %6.2f | %14d |\n", "signet-bench (library), 1 core", n / sw1, py1 / sw1, sb / n
  printf "| %-44s | %13.1f | %6.2f | %14d |\n", "signet render --output-dir (CLI), 1 core", n / cl, py1 / cl, cb / n
  printf "| %-44s | %13.1f | %6.2f | %14d |\n", "pycairo script, " cores " processes", n / pyN, py1 / pyN, pb / n
  printf "| %-44s | %13.1f | %6.2f | %14d |\n", "signet-bench (library), " cores " threads", n / swN, py1 / swN, sb / n
  printf "\nSignet vs pycairo on one core: %.2fx the speed, %.1f%% of the PNG bytes\n", py1 / sw1, 100 * sb / pb
}'
