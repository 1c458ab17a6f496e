#!/usr/bin/env bash
# External signer benchmark: the same RSA-2048 key signs the same generated PDF from a PEM file
# (--key) and through an --external-signer command that signs with openssl pkeyutl, embedded,
# incremental, invisible; then detached. The two alternate run by run (interleaved), so load moves
# both alike. Prints the median wall time and CPU of RUNS, peak RSS, and the ratio external / PEM
# (issue 22's target: ≤ 1.3× on a 100 MB PDF), plus the stand-in command's own median time.
#
# usage: Tools/bench-external.sh [SIZES_MB...]      (default: 100)
#   SIGNET=path/to/signet (default .build/release/signet, built if missing), RUNS=5
set -euo pipefail
cd "$(dirname "$0")/.."
SIGNET=${SIGNET:-.build/release/signet}
RUNS=${RUNS:-5}
SIZES=("${@:-100}")
[ -x "$SIGNET" ] || swift build -c release --product signet >&2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

openssl req -x509 -newkey rsa:2048 -nodes -keyout "$work/key.pem" -out "$work/cert.pem" -days 30 \
  -subj "/CN=Bench Signer" 2>/dev/null
cat > "$work/signer.sh" <<SH
#!/bin/sh
exec openssl pkeyutl -sign -inkey '$work/key.pem' -pkeyopt "digest:\$SIGNET_DIGEST_ALGORITHM"
SH
chmod +x "$work/signer.sh"
pem=(--key "$work/key.pem" --cert "$work/cert.pem")
external=(--external-signer "$work/signer.sh" --cert "$work/cert.pem")

source Tools/bench-measure.sh
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# The command alone, for what it costs by itself.
head -c 32 /dev/urandom > "$work/digest.bin"
command_times=()
for _ in $(seq "$RUNS"); do
  start=$EPOCHREALTIME
  SIGNET_DIGEST_ALGORITHM=sha256 "$work/signer.sh" < "$work/digest.bin" > /dev/null
  command_times+=("$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.3f", b - a }')")
done

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "the stand-in command alone: $(median "${command_times[@]}") s (median of $RUNS)"
printf '\n%-8s %-26s %9s %9s %8s %11s\n' "size" "signet sign, key" "wall s" "cpu s" "× PEM" "peak RSS"
for mb in ${SIZES[*]}; do
  in="$work/in-$mb.pdf"
  python3 Tools/make-large-pdf.py "$in" "$mb"
  cat "$in" > /dev/null   # page cache warm for both
  for mode in embedded detached; do
    if [ $mode = embedded ]; then out=(-o "$work/out.pdf"); file="$work/out.pdf"; else out=(--detached "$work/out.p7s"); file="$work/out.p7s"; fi
    t_pem=() c_pem=() t_ext=() c_ext=() m_pem=0 m_ext=0
    for _ in $(seq "$RUNS"); do
      read -r t m c < <(RUNS=1 measure "$file" "$SIGNET" sign "$in" "${out[@]}" "${pem[@]}")
      t_pem+=("$t") c_pem+=("$c"); [ "$m" -gt "$m_pem" ] && m_pem=$m
      read -r t m c < <(RUNS=1 measure "$file" "$SIGNET" sign "$in" "${out[@]}" "${external[@]}")
      t_ext+=("$t") c_ext+=("$c"); [ "$m" -gt "$m_ext" ] && m_ext=$m
    done
    tp=$(median "${t_pem[@]}") te=$(median "${t_ext[@]}")
    ratio=$(awk -v a="$te" -v b="$tp" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
    printf '%-8s %-26s %9s %9s %8s %8d KB\n' "${mb} MB" "PEM file ($mode)" "$tp" "$(median "${c_pem[@]}")" "1.00" "$m_pem"
    printf '%-8s %-26s %9s %9s %8s %8d KB\n' "${mb} MB" "external ($mode)" "$te" "$(median "${c_ext[@]}")" "$ratio" "$m_ext"
  done
  pdfsig "$work/out.pdf" 2>/dev/null | grep -q "Total document signed" || echo "  warning: pdfsig does not report the externally signed output as totally signed" >&2
  rm -f "$in" "$work"/out.*
done
echo
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "machine: $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p' | head -1); $(openssl version); signet: $SIGNET"
