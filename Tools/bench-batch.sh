#!/usr/bin/env bash
# Batch benchmark: COUNT small render jobs (one signature each, ~2 KB of Signet JSON, 2–3 strokes)
# through `signet batch` with one worker and with every core, side by side with the ways a user
# would otherwise run the same list: one `signet render --output-dir` process over all inputs, and
# GNU parallel starting one `signet render` per job. Then peak RSS of `signet batch` against the
# job count. Every output is written atomically (temporary file, fsync, rename), so on a disk the
# fsync latency is part of each job; the tmpfs rows (/dev/shm, where fsync costs nothing) show the
# CPU-bound scaling. Rows are medians of RUNS runs (by wall time); the load average at the start
# of each row is printed because other work on the machine moves wall-clock figures.
# Every job runs in one of the batch's worker processes; BASELINE=/path/to/an/older/signet adds its
# batch rows beside them (for example the last build whose batch ran jobs on threads in one process).
#   Tools/bench-batch.sh          (COUNT=10000 RUNS=3 SUBSET=1000 by default)
set -euo pipefail
cd "$(dirname "$0")/.."
COUNT=${COUNT:-10000}
RUNS=${RUNS:-3}
SUBSET=${SUBSET:-1000}
cores=$(nproc)

swift build -c release --product signet >&2
signet=$PWD/.build/release/signet
command -v parallel >/dev/null || { echo "needs GNU parallel (make test-deps)" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "needs GNU time (make test-deps)" >&2; exit 1; }

work=$(mktemp -d)
shm=$(mktemp -d /dev/shm/signet-bench-XXXXXX 2>/dev/null || true)
trap 'rm -rf "$work" ${shm:+"$shm"}' EXIT

# Inputs: COUNT distinct small signatures; job lists write out/NNNNN.png into a given folder.
python3 - "$COUNT" "$work" <<'PY'
import json, math, os, random, sys
count, work = int(sys.argv[1]), sys.argv[2]
os.makedirs(work + "/in")
rng = random.Random(42)
for i in range(count):
    strokes = []
    x0 = 10
    for s in range(rng.randint(2, 3)):
        n = rng.randint(25, 45)
        pts = [[round(x0 + k * 4 + rng.uniform(0, 2), 1), round(60 + 35 * math.sin(k / 4 + i + s) + rng.uniform(0, 3), 1), k * 16]
               for k in range(n)]
        x0 += n * 4 + 10
        strokes.append({"points": pts})
    with open(f"{work}/in/{i:05d}.json", "w") as f:
        json.dump({"format": "signet-strokes", "version": 1, "canvas": {"width": x0 + 20, "height": 120}, "strokes": strokes}, f)
PY
joblist() { # count, output folder → path of the list
  local list="$work/jobs-$1-$(basename "$2").ndjson"
  python3 - "$1" "$work" "$2" > "$list" <<'PY'
import json, sys
count, work, out = int(sys.argv[1]), sys.argv[2], sys.argv[3]
for i in range(count):
    print(json.dumps({"op": "render", "input": f"{work}/in/{i % 100000:05d}.json", "output": f"{out}/{i:05d}.png"}))
PY
  echo "$list"
}

# Runs "$@" RUNS times with a fresh output folder $out; prints the median run's
# "wall user sys maxrss_kb" and the load average (1 min) seen before the first run.
measure() {
  local out=$1; shift
  local load; load=$(cut -d' ' -f1 /proc/loadavg)
  for _ in $(seq "$RUNS"); do
    rm -rf "$out"; mkdir -p "$out"
    /usr/bin/time -f "%e %U %S %M" -o "$work/time" "$@" > /dev/null 2> "$work/stderr" || { cat "$work/stderr" >&2; exit 1; }
    cat "$work/time"
  done | sort -g -k1 | awk -v n="$RUNS" 'NR == int((n + 1) / 2)' | tr '\n' ' '
  echo "$load"
}

rows=()
row() { # label, jobs, workers, output folder, command…
  local label=$1 jobs=$2 workers=$3 out=$4; shift 4
  echo "running: $label" >&2
  rows+=("$label|$jobs|$workers|$(measure "$out" "$@")")
}
disk=$work/out
list=$(joblist "$COUNT" "$disk")
row "signet batch, disk" "$COUNT" 1 "$disk" "$signet" batch "$list" --jobs 1
row "signet batch, disk" "$COUNT" "$cores" "$disk" "$signet" batch "$list" --jobs "$cores"
if [ -n "${BASELINE:-}" ]; then
  row "baseline batch, disk" "$COUNT" 1 "$disk" "$BASELINE" batch "$list" --jobs 1
  row "baseline batch, disk" "$COUNT" "$cores" "$disk" "$BASELINE" batch "$list" --jobs "$cores"
fi
if [ -n "$shm" ]; then
  shmlist=$(joblist "$COUNT" "$shm/out")
  row "signet batch, tmpfs" "$COUNT" 1 "$shm/out" "$signet" batch "$shmlist" --jobs 1
  row "signet batch, tmpfs" "$COUNT" "$cores" "$shm/out" "$signet" batch "$shmlist" --jobs "$cores"
  if [ -n "${BASELINE:-}" ]; then
    row "baseline batch, tmpfs" "$COUNT" 1 "$shm/out" "$BASELINE" batch "$shmlist" --jobs 1
    row "baseline batch, tmpfs" "$COUNT" "$cores" "$shm/out" "$BASELINE" batch "$shmlist" --jobs "$cores"
  fi
fi
# (awk, not head: head closes the pipe early, and pipefail then stops the script.)
inputs=$(ls "$work/in" | awk -v n="$COUNT" 'NR <= n' | sed "s|^|$work/in/|" | tr '\n' ' ')
# shellcheck disable=SC2086
row "signet render --output-dir (1 process), disk" "$COUNT" 1 "$disk" "$signet" render $inputs --output-dir "$disk"
ls "$work/in" | awk -v n="$SUBSET" 'NR <= n' | sed "s|^|$work/in/|" > "$work/subset"
row "GNU parallel, 1 signet render per job, disk" "$SUBSET" "$cores" "$disk" \
  parallel --will-cite -j "$cores" "$signet" render {} -o "$disk/{/.}.png" :::: "$work/subset"
for n in 1000 2000 "$COUNT"; do
  [ "$n" -le "$COUNT" ] || continue
  row "signet batch, peak RSS vs job count, disk" "$n" "$cores" "$disk" "$signet" batch "$(joblist "$n" "$disk")" --jobs "$cores"
done

echo
echo "$COUNT small render jobs (2–3 strokes, 25–45 points each); median of $RUNS runs; $cores cores,$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
echo
printf "| %-45s | %6s | %7s | %7s | %7s | %7s | %9s | %8s | %4s |\n" "run" "jobs" "workers" "wall s" "jobs/s" "speedup" "CPU ms/job" "peak RSS" "load"
printf "|%s|%s|%s|%s|%s|%s|%s|%s|%s|\n" "-----------------------------------------------" "--------" "---------" "---------" "---------" "---------" "------------" "----------" "------"
printf '%s\n' "${rows[@]}" | awk -F'|' '
  { split($4, m, " "); wall = m[1]; cpu = m[2] + m[3]; rss = m[4]; load = m[5]
    key = $1; if (!(key in base) && $3 == 1) base[key] = wall / $2
    speed = (key in base) ? sprintf("%6.2fx", base[key] / (wall / $2)) : "      -"
    printf "| %-45s | %6d | %7d | %7.2f | %7.0f | %7s | %10.2f | %5.1f MB | %4.1f |\n", $1, $2, $3, wall, $2 / wall, speed, 1000 * cpu / $2, rss / 1024, load }'
echo
echo "speedup: against the same row with 1 worker; CPU ms/job: user + system time per job; load: 1-minute load average at the start of the row"
