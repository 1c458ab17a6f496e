#!/usr/bin/env bash
# Font cache benchmark: COUNT `pipeline` jobs through `signet batch` (render a signature, stamp
# it with visible text into a one-page PDF, sign with RSA-2048), side by side:
#   one font   — every job names the same --text-font: the process reads DejaVu Sans once;
#   own copy   — every job names its own copy of the font: each job reads and parses 0.7 MB
#                again, as every job did before the cache (TextFontCache).
# Outputs are written to tmpfs (/dev/shm) so fsync does not hide the difference. Rows are medians
# of RUNS runs (wall, user+sys CPU); the load average before each row is printed.
#   Tools/bench-font-cache.sh      (COUNT=200 RUNS=3 JOBS=2; SIGNET=path to test another binary)
set -euo pipefail
cd "$(dirname "$0")/.."
COUNT=${COUNT:-200}
RUNS=${RUNS:-3}
JOBS=${JOBS:-2}
font=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
if [ -z "${SIGNET:-}" ]; then
  swift build -c release --product signet >&2
  SIGNET=$PWD/.build/release/signet
fi
[ -x /usr/bin/time ] || { echo "needs GNU time (make test-deps)" >&2; exit 1; }
[ -f "$font" ] || { echo "needs DejaVu Sans (fonts-dejavu-core)" >&2; exit 1; }

work=$(mktemp -d /dev/shm/signet-font-bench-XXXXXX)
trap 'rm -rf "$work"' EXIT
openssl req -x509 -newkey rsa:2048 -nodes -keyout "$work/key.pem" -out "$work/cert.pem" -days 30 \
  -subj "/CN=Font Bench" 2>/dev/null
python3 - "$work" "$COUNT" "$font" <<'PY'
import json, math, os, shutil, sys
work, count, font = sys.argv[1], int(sys.argv[2]), sys.argv[3]
pts = [[10 + k * 4, round(60 + 30 * math.sin(k / 4), 1), k * 16] for k in range(40)]
with open(f"{work}/sig.json", "w") as f:
    json.dump({"format": "signet-strokes", "version": 1, "canvas": {"width": 200, "height": 120},
               "strokes": [{"points": pts}]}, f)
content = b"72 700 200 50 re S"
objs = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
        b"<< /Length %d >>\nstream\n%s\nendstream" % (len(content), content)]
pdf, offsets = b"%PDF-1.7\n", []
for i, o in enumerate(objs):
    offsets.append(len(pdf))
    pdf += b"%d 0 obj\n%s\nendobj\n" % (i + 1, o)
xref = len(pdf)
pdf += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1) + b"".join(b"%010d 00000 n \n" % o for o in offsets)
pdf += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, xref)
open(f"{work}/in.pdf", "wb").write(pdf)
os.makedirs(f"{work}/fonts")
for name, per_job in [("one", False), ("copy", True)]:
    with open(f"{work}/jobs-{name}.ndjson", "w") as f:
        for i in range(count):
            path = font
            if per_job:
                path = f"{work}/fonts/{i}.ttf"
                shutil.copyfile(font, path)
            print(json.dumps({"op": "pipeline", "input": f"{work}/sig.json", "pdf": f"{work}/in.pdf",
                              "output": f"{work}/out/{i}.pdf", "key": f"{work}/key.pem",
                              "cert": f"{work}/cert.pem", "text-font": path}), file=f)
PY

# One row: the median run by wall time of `signet batch` over a list, "wall cpu maxrss_kb".
measure() {
  for _ in $(seq "$RUNS"); do
    rm -rf "$work/out" && mkdir "$work/out"
    /usr/bin/time -f "%e %U %S %M" -o "$work/time" "$SIGNET" batch "$1" --jobs "$JOBS" >/dev/null 2>"$work/err" ||
      { cat "$work/err" >&2; exit 1; }
    read -r wall user sys rss < "$work/time"
    echo "$wall $(echo "$user + $sys" | bc -l) $rss"
  done | sort -n | sed -n "$(((RUNS + 1) / 2))p"
}

echo "signet batch, $COUNT pipeline jobs with visible text, --jobs $JOBS, median of $RUNS (tmpfs)"
printf '%-10s %8s %8s %10s %10s %s\n' "font" "wall s" "CPU s" "ms/job" "RSS MB" "load before"
for name in one copy; do
  load=$(cut -d' ' -f1 /proc/loadavg)
  read -r wall cpu rss < <(measure "$work/jobs-$name.ndjson")
  [ -n "$wall" ] || exit 1
  printf '%-10s %8.2f %8.2f %10.2f %10.1f %s\n' "$name" "$wall" "$cpu" "$(echo "$wall * 1000 / $COUNT" | bc -l)" \
    "$(echo "$rss / 1024" | bc -l)" "$load"
done
echo "machine: $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p' | head -1); $("$SIGNET" --version 2>/dev/null || true)"
