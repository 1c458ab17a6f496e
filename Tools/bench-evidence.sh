#!/usr/bin/env bash
# Sealed handwriting evidence benchmark (issue 40: sealing may add at most 20 ms to signing), in one
# run on the same input, strokes and identity:
#   signet sign --strokes FILE                          (a visible signature drawn from the strokes)
#   signet sign --strokes FILE --evidence-for EXAMINER  (the same, with the strokes' ISO/IEC 19794-7
#                                                        record sealed for the examiner, RSA and EC)
#   openssl cms -encrypt -aes-256-gcm of the same record  (the envelope alone, by OpenSSL's own tool)
# Rows are medians of RUNS runs (wall time and CPU time = user + system); "added" is the median's
# difference to the first row. The load average is printed first: other work moves wall times.
#
# usage: Tools/bench-evidence.sh [SIZE_MB]   (default 1: a 1 MB one-page PDF)
#   SIGNET=path/to/signet (default .build/release/signet, built if missing), RUNS=21,
#   STROKES=file (default SampleStrokes/signet-amelia-reyes.json)
set -euo pipefail
cd "$(dirname "$0")/.."
SIGNET=${SIGNET:-.build/release/signet}
RUNS=${RUNS:-21}
SIZE=${1:-1}
STROKES=${STROKES:-SampleStrokes/signet-amelia-reyes.json}
[ -x "$SIGNET" ] || swift build -c release --product signet >&2
[ -x /usr/bin/time ] || { echo "needs GNU time (make test-deps)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

openssl req -x509 -newkey rsa:2048 -nodes -keyout "$work/signer.key" -out "$work/signer.pem" -days 30 \
  -subj "/CN=Bench Signer" 2>/dev/null
openssl req -x509 -newkey rsa:3072 -nodes -keyout "$work/rsa.key" -out "$work/rsa.pem" -days 30 \
  -subj "/CN=Bench Examiner RSA" 2>/dev/null
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout "$work/ec.key" -out "$work/ec.pem" \
  -days 30 -subj "/CN=Bench Examiner EC" 2>/dev/null
python3 Tools/make-large-pdf.py "$work/in.pdf" "$SIZE"
"$SIGNET" evidence export "$STROKES" -o "$work/record.iso" >/dev/null
cat "$work/in.pdf" "$STROKES" > /dev/null   # page cache warm for everyone

source Tools/bench-measure.sh

sign=("$SIGNET" sign "$work/in.pdf" -o "$work/out.pdf" --key "$work/signer.key" --cert "$work/signer.pem"
  --strokes "$STROKES")
echo "load before: $(uptime | sed 's/.*load average/load average/')"
echo "input: $(stat -c %s "$work/in.pdf") bytes of PDF; strokes: $STROKES; record: $(stat -c %s "$work/record.iso") bytes; $RUNS runs each"
printf '\n%-52s %9s %9s %9s %9s\n' "command" "wall ms" "added" "CPU ms" "added"
read -r t0 _ c0 < <(measure "$work/out.pdf" "${sign[@]}")
ms() { awk -v a="$1" 'BEGIN { printf "%.1f", a * 1000 }'; }
diff() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%+.1f", (a - b) * 1000 }'; }
row() { printf '%-52s %9s %9s %9s %9s\n' "$1" "$(ms "$2")" "$3" "$(ms "$4")" "$5"; }
row "signet sign --strokes (no evidence)" "$t0" "" "$c0" ""
for examiner in rsa ec; do
  read -r t _ c < <(measure "$work/out.pdf" "${sign[@]}" --evidence-for "$work/$examiner.pem")
  row "signet sign --strokes --evidence-for ($examiner examiner)" "$t" "$(diff "$t" "$t0")" "$c" "$(diff "$c" "$c0")"
  read -r t _ c < <(measure "$work/env.p7m" openssl cms -encrypt -aes-256-gcm -binary -outform DER \
    -in "$work/record.iso" -out "$work/env.p7m" -recip "$work/$examiner.pem")
  row "openssl cms -encrypt -aes-256-gcm ($examiner, record alone)" "$t" "" "$c" ""
done
"${sign[@]}" --evidence-for "$work/ec.pem" >/dev/null
{ "$SIGNET" verify "$work/out.pdf" 2>/dev/null || true; } | grep -q "biometric evidence present" \
  || echo "  warning: signet verify does not report the evidence" >&2
echo
echo "load after: $(uptime | sed 's/.*load average/load average/')"
echo "machine: $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p' | head -1); $(openssl version)"
