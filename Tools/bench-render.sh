#!/usr/bin/env bash
# Render benchmark: Signet (Swift, cairo + libpng) against a Python + pycairo script doing the
# same job, side by side in one run. Both read the same generated Signet JSON signatures (3–6
# strokes of 300–1500 points), draw midpoint quadratics 2.5 units wide at 2x with round caps and
# joins, crop to the ink + 8 px and write PNGs. Each figure is the median of RUNS runs.
#   Tools/bench-render.sh            (COUNT=200 RUNS=5 by default)
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

cores=$(nproc)
py=(python3 Tools/bench_pycairo.py "$work/in" "$work/out")
sw=(.build/release/signet-bench render "$work/in" --out "$work/out")
rows=()
row() { # label, then the command
  local label=$1; shift
  read -r s b < <(median "$@")
  rows+=("$label|$s|$b")
}
row "pycairo script, 1 core" taskset -c 0 "${py[@]}" 1
row "signet-bench (library), 1 core" taskset -c 0 "${sw[@]}" --jobs 1
row "signet render --output-dir (CLI), 1 core" cli
row "pycairo script, ANTIALIAS_FAST, 1 core" taskset -c 0 "${py[@]}" 1 fast
row "signet-bench --antialias fast, 1 core" taskset -c 0 "${sw[@]}" --jobs 1 --antialias fast
row "pycairo script, $cores processes" "${py[@]}" "$cores"
row "signet-bench (library), $cores threads" "${sw[@]}" --jobs "$cores"

echo "$COUNT signatures, median of $RUNS runs; $(nproc) cores,$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
echo
printf '%s\n' "${rows[@]}" | awk -F'|' -v n="$COUNT" '
  NR == 1 { base = $2 }
  { printf "| %-42s | %12.1f | %5.2fx | %9d |\n", $1, n / $2, base / $2, $3 / n }
' | { printf "| %-42s | %12s | %6s | %9s |\n|%s|%s|%s|%s|\n" "job" "signatures/s" "ratio" "PNG bytes" \
        "--------------------------------------------" "--------------" "--------" "-----------"; cat; }
echo
echo "ratio: against the pycairo script on one core; PNG bytes: mean per signature"
