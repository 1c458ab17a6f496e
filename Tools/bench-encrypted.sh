#!/usr/bin/env bash
# Signing and stamping an encrypted PDF in place against the same PDF unencrypted, side by side in
# one run: a generated PDF of SIZE MB, encrypted by qpdf with AES-256 (R6) and an empty user
# password (the common "owner password only" file), signed by `signet sign` and stamped by
# `signet stamp` (incremental in both cases); pyHanko signs the encrypted file too, for scale.
# Rows alternate plain/encrypted within each run so load hits both alike. Medians of RUNS.
#
# usage: Tools/bench-encrypted.sh [SIZE_MB]      (default: 100)
#   SIGNET=path/to/signet (default .build/release/signet, built if missing), RUNS=5
set -euo pipefail
cd "$(dirname "$0")/.."
SIGNET=${SIGNET:-.build/release/signet}
RUNS=${RUNS:-5}
MB=${1:-100}
[ -x "$SIGNET" ] || swift build -c release --product signet >&2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

export BENCH_PASS="bench-$$"
openssl req -x509 -newkey rsa:2048 -nodes -keyout "$work/key.pem" -out "$work/cert.pem" -days 30 \
  -subj "/CN=Bench Signer" 2>/dev/null
openssl pkcs12 -export -inkey "$work/key.pem" -in "$work/cert.pem" -out "$work/signer.p12" -passout env:BENCH_PASS
python3 -c "
import struct, zlib
w, h = 40, 20
raw = b''.join(b'\x00' + bytes([200, 0, 0, 255] * w) for _ in range(h))
chunk = lambda t, d: struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d))
open('$work/stamp.png', 'wb').write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 6, 0, 0, 0))
    + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))"

python3 Tools/make-large-pdf.py "$work/plain.pdf" "$MB"
qpdf --encrypt "" "owner-$$" 256 -- "$work/plain.pdf" "$work/encrypted.pdf"
cat "$work/plain.pdf" "$work/encrypted.pdf" > /dev/null   # page cache warm for both

source Tools/bench-measure.sh
RUNS_EACH=$RUNS
RUNS=1
declare -A wall cpu rss
for _ in $(seq "$RUNS_EACH"); do
  for kind in plain encrypted; do
    read -r t m c < <(measure "$work/signed-$kind.pdf" "$SIGNET" sign "$work/$kind.pdf" -o "$work/signed-$kind.pdf" \
      --p12 "$work/signer.p12" --password-env BENCH_PASS)
    wall[sign-$kind]+="$t "; cpu[sign-$kind]+="$c "; rss[sign-$kind]=$m
    read -r t m c < <(measure "$work/stamped-$kind.pdf" "$SIGNET" stamp "$work/signed-$kind.pdf" \
      -o "$work/stamped-$kind.pdf" --image "$work/stamp.png")
    wall[stamp-$kind]+="$t "; cpu[stamp-$kind]+="$c "; rss[stamp-$kind]=$m
  done
  if command -v pyhanko >/dev/null; then
    read -r t m c < <(measure "$work/pyhanko.pdf" python3 -c "
import sys, os
from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
from pyhanko.sign import signers
w = IncrementalPdfFileWriter(open('$work/encrypted.pdf', 'rb'))
w.encrypt('')
s = signers.SimpleSigner.load_pkcs12('$work/signer.p12', passphrase=os.environ['BENCH_PASS'].encode())
signers.sign_pdf(w, signers.PdfSignatureMetadata(field_name='Sig1'), signer=s, output=open('$work/pyhanko.pdf', 'wb'))")
    wall[pyhanko]+="$t "; cpu[pyhanko]+="$c "; rss[pyhanko]=$m
  fi
done
median() { printf '%s\n' $1 | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
pdfsig "$work/stamped-encrypted.pdf" | grep -q "Signature is Valid" || { echo "the encrypted output does not verify" >&2; exit 1; }

echo "load: $(uptime | sed 's/.*load average/load average/')   ${MB} MB, AES-256, empty user password, medians of $RUNS_EACH"
printf '%-34s %9s %8s %9s %10s\n' "job" "wall s" "CPU s" "× plain" "peak RSS"
for job in sign stamp; do
  base=$(median "${wall[$job-plain]}")
  for kind in plain encrypted; do
    t=$(median "${wall[$job-$kind]}")
    printf '%-34s %9s %8s %9s %8s MB\n' "signet $job ($kind)" "$t" "$(median "${cpu[$job-$kind]}")" \
      "$(awk -v a="$t" -v b="$base" 'BEGIN { printf "%.2f", a / b }')" "$(( ${rss[$job-$kind]} / 1024 ))"
  done
done
if [ -n "${wall[pyhanko]:-}" ]; then
  t=$(median "${wall[pyhanko]}")
  printf '%-34s %9s %8s %9s %8s MB\n' "pyHanko sign (encrypted)" "$t" "$(median "${cpu[pyhanko]}")" \
    "$(awk -v a="$t" -v b="$(median "${wall[sign-plain]}")" 'BEGIN { printf "%.2f", a / b }')" "$(( ${rss[pyhanko]} / 1024 ))"
fi
