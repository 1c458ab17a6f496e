#!/usr/bin/env bash
# Embedded PDF signature benchmark, side by side in one run on the same generated files:
#   signet sign (embedded, incremental, invisible)  vs  pyHanko (sign addsig pkcs12)
#   vs the floor: openssl cms -sign -binary (detached CMS of the same file, nothing written into it).
# Prints wall time and CPU time (user + system; medians of RUNS), peak RSS and bytes added; ratios
# are against openssl cms. The load average is printed first: other work moves wall times.
#
# usage: Tools/bench-sign.sh [SIZES_MB...]      (default: 10 100)
#   SIGNET=path/to/signet (default .build/release/signet, built if missing), RUNS=5
set -euo pipefail
cd "$(dirname "$0")/.."
SIGNET=${SIGNET:-.build/release/signet}
RUNS=${RUNS:-5}
SIZES=("${@:-10 100}")
[ -x "$SIGNET" ] || swift build -c release --product signet >&2
command -v pyhanko >/dev/null || { echo "pyhanko not found: make test-deps" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One RSA-2048 identity for every tool: PEM for openssl, PKCS#12 (AES) for signet and pyHanko.
export BENCH_PASS="bench-$$"
printf '%s' "$BENCH_PASS" > "$work/pass.txt"
openssl req -x509 -newkey rsa:2048 -nodes -keyout "$work/key.pem" -out "$work/cert.pem" -days 30 \
  -subj "/CN=Bench Signer" 2>/dev/null
openssl pkcs12 -export -inkey "$work/key.pem" -in "$work/cert.pem" -out "$work/signer.p12" -passout env:BENCH_PASS

source Tools/bench-measure.sh

echo "load before: $(uptime | sed 's/.*load average/load average/')"
printf '\n%-8s %-34s %9s %8s %8s %8s %11s %12s\n' "size" "tool" "wall s" "× cms" "CPU s" "× cms" "peak RSS" \
  "bytes added"
for mb in ${SIZES[*]}; do
  in="$work/in-$mb.pdf"
  python3 Tools/make-large-pdf.py "$in" "$mb"
  insize=$(stat -c %s "$in")
  cat "$in" > /dev/null   # page cache warm for everyone
  read -r t_cms m_cms c_cms < <(measure "$work/cms.p7s" openssl cms -sign -binary -in "$in" -signer "$work/cert.pem" \
    -inkey "$work/key.pem" -outform DER -out "$work/cms.p7s")
  cms_bytes=$(stat -c %s "$work/cms.p7s")
  read -r t_sig m_sig c_sig < <(measure "$work/signet.pdf" "$SIGNET" sign "$in" -o "$work/signet.pdf" --p12 "$work/signer.p12" \
    --password-file "$work/pass.txt")
  sig_bytes=$(( $(stat -c %s "$work/signet.pdf") - insize ))
  read -r t_ph m_ph c_ph < <(measure "$work/pyhanko.pdf" pyhanko sign addsig --field Sig1 pkcs12 --passfile "$work/pass.txt" \
    "$in" "$work/pyhanko.pdf" "$work/signer.p12")
  ph_bytes=$(( $(stat -c %s "$work/pyhanko.pdf") - insize ))
  ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }
  row() { # tool wall rss cpu added
    printf '%-8s %-34s %9s %8s %8s %8s %8d KB %12s\n' "${mb} MB" "$1" "$2" "$(ratio "$2" "$t_cms")" "$4" \
      "$(ratio "$4" "$c_cms")" "$3" "$5"
  }
  row "openssl cms -sign (detached floor)" "$t_cms" "$m_cms" "$c_cms" "($cms_bytes .p7s)"
  row "signet sign (embedded)" "$t_sig" "$m_sig" "$c_sig" "$sig_bytes"
  row "pyhanko sign addsig" "$t_ph" "$m_ph" "$c_ph" "$ph_bytes"
  pdfsig "$work/signet.pdf" 2>/dev/null | grep -q "Total document signed" || echo "  warning: pdfsig does not report the signet output as totally signed" >&2
  rm -f "$in" "$work"/*.pdf
done
/usr/bin/time -f "%M" -o "$work/time.txt" "$SIGNET" --version >/dev/null
echo
echo "signet's own floor: 'signet --version' peaks at $(cat "$work/time.txt") KB (shared libraries and runtime, before any work)"
# What the loader maps at start-up (libcurl only when an HTTP request is made: --tsa, --ltv).
libraries=$(ldd "$SIGNET" | wc -l)
curl=$(ldd "$SIGNET" | grep -c libcurl || true)
echo "signet maps $libraries shared libraries at start-up ($curl of them libcurl); openssl: $(ldd "$(command -v openssl)" | wc -l)"
echo "load after: $(uptime | sed 's/.*load average/load average/')"
echo "machine: $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(free -g | awk '/Mem:/ {print $2}') GB RAM; $(openssl version); pyHanko $(pyhanko --version | sed 's/.*version //')"
