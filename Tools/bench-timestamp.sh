#!/usr/bin/env bash
# PAdES B-T and B-LT signing benchmark, side by side in one run on the same generated files, the
# same key and the same local timestamp authority, OCSP responder and CRLs (Certomancer's Animator
# on 127.0.0.1, started here from Tests/Fixtures/certomancer and stopped at the end):
#   B-T:  signet sign --pades --tsa URL         vs   pyhanko sign addsig --use-pades --timestamp-url URL
#   B-LT: signet sign --pades --tsa URL --ltv   vs   … --timestamp-url URL --with-validation-info
# Both make a dry-run token to size /Contents and then the real one (two TSA requests each).
# Prints wall time (median of RUNS), peak RSS (largest of the runs), bytes added, and for B-LT the
# bytes after the signed revision (the validation-data update).
#
# usage: Tools/bench-timestamp.sh [SIZES_MB...]      (default: 10 100)
#   SIGNET=path/to/signet (default .build/release/signet, built if missing), RUNS=3
set -euo pipefail
cd "$(dirname "$0")/.."
SIGNET=${SIGNET:-.build/release/signet}
RUNS=${RUNS:-3}
SIZES=("${@:-10 100}")
[ -x "$SIGNET" ] || swift build -c release --product signet >&2
command -v pyhanko >/dev/null || { echo "pyhanko not found: make test-deps" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "/usr/bin/time not found: make test-deps" >&2; exit 1; }
work=$(mktemp -d)
animator=
cleanup() {
  exec 3>&- 2>/dev/null || true
  [ -n "$animator" ] && kill "$animator" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# The Animator serves until its standard input (a FIFO held open on fd 3) closes.
export SIGNET_FIXTURE_P12_PASSWORD="bench-$$"
printf '%s' "$SIGNET_FIXTURE_P12_PASSWORD" > "$work/pass.txt"
mkdir "$work/pki" && mkfifo "$work/life"
python3 Tests/Fixtures/certomancer/animate.py "$work/pki" <"$work/life" >"$work/animator.json" 2>"$work/animator.log" &
animator=$!
exec 3>"$work/life"
for _ in $(seq 600); do [ -s "$work/animator.json" ] && break; sleep 0.1; done
url=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["url"])' "$work/animator.json")
tsa="$url/signet/tsa/tsa"
p12="$work/pki/signer.p12"

# measure OUTFILE CMD...: runs CMD $RUNS times; prints "median_seconds peak_rss_kb"
measure() {
  local out=$1; shift
  local times=() rss=0
  for _ in $(seq "$RUNS"); do
    rm -f "$out"
    /usr/bin/time -f '%e %M' -o "$work/time.txt" "$@" >/dev/null 2>"$work/err.txt" || { cat "$work/err.txt" >&2; return 1; }
    read -r t m < <(tail -1 "$work/time.txt")
    times+=("$t"); [ "$m" -gt "$rss" ] && rss=$m
  done
  printf '%s %s\n' "$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')" "$rss"
}

# after_signature FILE: bytes after the end of the first signature's /ByteRange (the updates after it).
after_signature() {
  python3 - "$1" <<'PY'
import os, re, sys
data = open(sys.argv[1], "rb").read()
a, b, c, d = map(int, re.search(rb"/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)", data).groups())
print(len(data) - (c + d))
PY
}

printf '\n%-8s %-44s %9s %11s %12s\n' "size" "tool (local Certomancer TSA, OCSP, CRLs)" "wall s" "peak RSS" "bytes added"
for mb in ${SIZES[*]}; do
  in="$work/in-$mb.pdf"
  python3 Tools/make-large-pdf.py "$in" "$mb"
  insize=$(stat -c %s "$in")
  cat "$in" > /dev/null   # page cache warm for both
  read -r t_sig m_sig < <(measure "$work/signet.pdf" "$SIGNET" sign "$in" -o "$work/signet.pdf" --p12 "$p12" \
    --password-file "$work/pass.txt" --pades --tsa "$tsa")
  sig_bytes=$(( $(stat -c %s "$work/signet.pdf") - insize ))
  read -r t_ph m_ph < <(measure "$work/pyhanko.pdf" pyhanko sign addsig --field Sig1 --use-pades --timestamp-url "$tsa" \
    pkcs12 --passfile "$work/pass.txt" "$in" "$work/pyhanko.pdf" "$p12")
  ph_bytes=$(( $(stat -c %s "$work/pyhanko.pdf") - insize ))
  printf '%-8s %-44s %9s %8d KB %12d\n' "${mb} MB" "signet sign --pades --tsa" "$t_sig" "$m_sig" "$sig_bytes"
  printf '%-8s %-44s %9s %8d KB %12d\n' "${mb} MB" "pyhanko sign addsig --use-pades --timestamp-url" "$t_ph" "$m_ph" "$ph_bytes"
  awk -v a="$t_sig" -v b="$t_ph" -v c="$m_sig" -v d="$m_ph" \
    'BEGIN { printf "%-8s signet / pyhanko: wall %.2f×, peak RSS %.2f×\n", "", (b > 0 ? a / b : 0), (d > 0 ? c / d : 0) }'
  verdict=$("$SIGNET" verify "$work/signet.pdf" --ca "$work/pki/root.pem" || true)
  grep -q "timestamp valid" <<<"$verdict" || echo "  warning: signet verify does not report the timestamp valid" >&2

  # B-LT: the same, then validation data (certificates, OCSP responses, CRLs) in a /DSS.
  read -r t_sig m_sig < <(measure "$work/signet.pdf" "$SIGNET" sign "$in" -o "$work/signet.pdf" --p12 "$p12" \
    --password-file "$work/pass.txt" --pades --tsa "$tsa" --ltv)
  sig_bytes=$(( $(stat -c %s "$work/signet.pdf") - insize ))
  read -r t_ph m_ph < <(measure "$work/pyhanko.pdf" pyhanko sign addsig --field Sig1 --use-pades --timestamp-url "$tsa" \
    --with-validation-info --trust "$work/pki/root.pem" --trust-replace \
    pkcs12 --passfile "$work/pass.txt" "$in" "$work/pyhanko.pdf" "$p12")
  ph_bytes=$(( $(stat -c %s "$work/pyhanko.pdf") - insize ))
  printf '%-8s %-44s %9s %8d KB %12d  (LT update %d)\n' "${mb} MB" "signet sign --pades --tsa --ltv" "$t_sig" "$m_sig" \
    "$sig_bytes" "$(after_signature "$work/signet.pdf")"
  printf '%-8s %-44s %9s %8d KB %12d  (LT update %d)\n' "${mb} MB" "pyhanko … --with-validation-info" "$t_ph" "$m_ph" \
    "$ph_bytes" "$(after_signature "$work/pyhanko.pdf")"
  awk -v a="$t_sig" -v b="$t_ph" -v c="$m_sig" -v d="$m_ph" \
    'BEGIN { printf "%-8s signet / pyhanko: wall %.2f×, peak RSS %.2f×\n", "", (b > 0 ? a / b : 0), (d > 0 ? c / d : 0) }'
  for f in signet pyhanko; do
    verdict=$("$SIGNET" verify "$work/$f.pdf" --ca "$work/pki/root.pem" || true)
    grep -q "PAdES level: B-LT" <<<"$verdict" || echo "  warning: signet verify does not find $f's output B-LT" >&2
  done
  rm -f "$in" "$work"/*.pdf
done
echo
echo "machine: $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p' | head -1); load average $(cut -d' ' -f1-3 /proc/loadavg); pyHanko $(pyhanko --version | sed 's/.*version //')"
