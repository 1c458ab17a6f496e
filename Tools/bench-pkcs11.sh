#!/usr/bin/env bash
# PKCS#11 signing benchmark, side by side in one run: the same RSA-2048 key signs the same
# generated PDFs from a PEM file and from a SoftHSM2 token (temporary SOFTHSM2_CONF, key imported
# as PKCS#8), embedded, incremental, invisible. Prints wall time (median of RUNS) and peak RSS;
# the ratio is token / PEM (target ≤ 1.2×). Then the same for a detached signature.
#
# usage: Tools/bench-pkcs11.sh [SIZES_MB...]      (default: 10 100)
#   SIGNET=path/to/signet (default .build/release/signet, built if missing), RUNS=5
set -euo pipefail
cd "$(dirname "$0")/.."
SIGNET=${SIGNET:-.build/release/signet}
RUNS=${RUNS:-5}
SIZES=("${@:-10 100}")
MODULE=/usr/lib/softhsm/libsofthsm2.so
[ -x "$SIGNET" ] || swift build -c release --product signet >&2
[ -e "$MODULE" ] && command -v softhsm2-util >/dev/null || { echo "SoftHSM2 not found: make test-deps" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One RSA-2048 key and certificate: as PEM files, and imported into a fresh SoftHSM2 token.
export SOFTHSM2_CONF="$work/softhsm2.conf" BENCH_PIN="bench-$$"
mkdir "$work/tokens"
printf 'directories.tokendir = %s\nobjectstore.backend = file\nlog.level = ERROR\n' "$work/tokens" > "$SOFTHSM2_CONF"
openssl req -x509 -newkey rsa:2048 -nodes -keyout "$work/key.pem" -out "$work/cert.pem" -days 30 \
  -subj "/CN=Bench Signer" 2>/dev/null
openssl pkcs8 -topk8 -nocrypt -in "$work/key.pem" -out "$work/key.p8"
softhsm2-util --init-token --free --label Bench --pin "$BENCH_PIN" --so-pin "so-$$" >/dev/null
softhsm2-util --import "$work/key.p8" --token Bench --label bench --id 01 --pin "$BENCH_PIN" >/dev/null
token=(--pkcs11-module "$MODULE" --pkcs11-token Bench --pkcs11-key bench --pin-env BENCH_PIN --cert "$work/cert.pem")
pem=(--key "$work/key.pem" --cert "$work/cert.pem")

source Tools/bench-measure.sh

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '\n%-8s %-30s %9s %8s %11s\n' "size" "signet sign, key from" "wall s" "× PEM" "peak RSS"
for mb in ${SIZES[*]}; do
  in="$work/in-$mb.pdf"
  python3 Tools/make-large-pdf.py "$in" "$mb"
  cat "$in" > /dev/null   # page cache warm for both
  for mode in embedded detached; do
    if [ $mode = embedded ]; then out=(-o "$work/out.pdf"); file="$work/out.pdf"; else out=(--detached "$work/out.p7s"); file="$work/out.p7s"; fi
    read -r t_pem m_pem _ < <(measure "$file" "$SIGNET" sign "$in" "${out[@]}" "${pem[@]}")
    read -r t_tok m_tok _ < <(measure "$file" "$SIGNET" sign "$in" "${out[@]}" "${token[@]}")
    ratio=$(awk -v a="$t_tok" -v b="$t_pem" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
    printf '%-8s %-30s %9s %8s %8d KB\n' "${mb} MB" "PEM file ($mode)" "$t_pem" "1.00" "$m_pem"
    printf '%-8s %-30s %9s %8s %8d KB\n' "${mb} MB" "SoftHSM2 token ($mode)" "$t_tok" "$ratio" "$m_tok"
  done
  pdfsig "$work/out.pdf" 2>/dev/null | grep -q "Total document signed" || echo "  warning: pdfsig does not report the token-signed output as totally signed" >&2
  rm -f "$in" "$work"/out.*
done
echo
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "machine: $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p' | head -1); $(openssl version); $(softhsm2-util --version | sed 's/^/SoftHSM2 /')"
