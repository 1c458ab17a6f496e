#!/usr/bin/env bash
# Where the key lives, side by side in one run: the same RSA-2048 key signs the same generated PDF
# from a PEM file (--key), from a SoftHSM2 token (--pkcs11-…, temporary SOFTHSM2_CONF, key
# imported as PKCS#8) and through an --external-signer command that signs with openssl pkeyutl;
# embedded, incremental, invisible, then detached. The sources alternate run by run (interleaved),
# so load moves them alike. Prints the median wall and CPU time of RUNS, peak RSS and the ratio to
# the PEM file (targets: token ≤ 1.2×, external ≤ 1.3×), plus the stand-in command's own time.
# Without SoftHSM2 the token rows are left out, with a note.
#
# usage: Tools/bench-key-sources.sh [SIZES_MB...]      (default: 100)
#   SIGNET=path/to/signet (default .build/release/signet, built if missing), RUNS=5
set -euo pipefail
cd "$(dirname "$0")/.."
SIGNET=${SIGNET:-.build/release/signet}
RUNS=${RUNS:-5}
SIZES=("${@:-100}")
MODULE=/usr/lib/softhsm/libsofthsm2.so
[ -x "$SIGNET" ] || swift build -c release --product signet >&2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

openssl req -x509 -newkey rsa:2048 -nodes -keyout "$work/key.pem" -out "$work/cert.pem" -days 30 \
  -subj "/CN=Bench Signer" 2>/dev/null
declare -A options
options[pem]="--key $work/key.pem --cert $work/cert.pem"
names=(pem)

if [ -e "$MODULE" ] && command -v softhsm2-util >/dev/null; then
  export SOFTHSM2_CONF="$work/softhsm2.conf" BENCH_PIN="bench-$$"
  mkdir "$work/tokens"
  printf 'directories.tokendir = %s\nobjectstore.backend = file\nlog.level = ERROR\n' "$work/tokens" > "$SOFTHSM2_CONF"
  openssl pkcs8 -topk8 -nocrypt -in "$work/key.pem" -out "$work/key.p8"
  softhsm2-util --init-token --free --label Bench --pin "$BENCH_PIN" --so-pin "so-$$" >/dev/null
  softhsm2-util --import "$work/key.p8" --token Bench --label bench --id 01 --pin "$BENCH_PIN" >/dev/null
  options[token]="--pkcs11-module $MODULE --pkcs11-token Bench --pkcs11-key bench --pin-env BENCH_PIN --cert $work/cert.pem"
  names+=(token)
else
  echo "note: SoftHSM2 not found (make test-deps installs it); no token rows" >&2
fi

cat > "$work/signer.sh" <<SH
#!/bin/sh
exec openssl pkeyutl -sign -inkey '$work/key.pem' -pkeyopt "digest:\$SIGNET_DIGEST_ALGORITHM"
SH
chmod +x "$work/signer.sh"
options[external]="--external-signer $work/signer.sh --cert $work/cert.pem"
names+=(external)
declare -A label=([pem]="PEM file" [token]="SoftHSM2 token" [external]="external command")

source Tools/bench-measure.sh
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# The stand-in command alone, for what it costs by itself.
head -c 32 /dev/urandom > "$work/digest.bin"
command_times=()
for _ in $(seq "$RUNS"); do
  start=$EPOCHREALTIME
  SIGNET_DIGEST_ALGORITHM=sha256 "$work/signer.sh" < "$work/digest.bin" > /dev/null
  command_times+=("$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.3f", b - a }')")
done

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "the external stand-in command alone: $(median "${command_times[@]}") s (median of $RUNS)"
printf '\n%-8s %-30s %9s %9s %8s %11s\n' "size" "signet sign, key from" "wall s" "cpu s" "× PEM" "peak RSS"
for mb in ${SIZES[*]}; do
  in="$work/in-$mb.pdf"
  python3 Tools/make-large-pdf.py "$in" "$mb"
  cat "$in" > /dev/null   # page cache warm for all
  for mode in embedded detached; do
    if [ $mode = embedded ]; then out=(-o "$work/out.pdf"); file="$work/out.pdf"; else out=(--detached "$work/out.p7s"); file="$work/out.p7s"; fi
    declare -A walls=() cpus=() peak=()
    for _ in $(seq "$RUNS"); do
      for name in "${names[@]}"; do
        # shellcheck disable=SC2086 # the options are words without spaces (mktemp paths)
        read -r t m c < <(RUNS=1 measure "$file" "$SIGNET" sign "$in" "${out[@]}" ${options[$name]})
        walls[$name]+="$t " cpus[$name]+="$c "
        [ "$m" -gt "${peak[$name]:-0}" ] && peak[$name]=$m
      done
      [ $mode = embedded ] && { pdfsig "$file" 2>/dev/null | grep -q "Total document signed" \
        || echo "  warning: pdfsig does not report the last output as totally signed" >&2; }
    done
    # shellcheck disable=SC2086
    base=$(median ${walls[pem]})
    for name in "${names[@]}"; do
      # shellcheck disable=SC2086
      wall=$(median ${walls[$name]}) cpu=$(median ${cpus[$name]})
      ratio=$(awk -v a="$wall" -v b="$base" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
      printf '%-8s %-30s %9s %9s %8s %8d KB\n' "${mb} MB" "${label[$name]} ($mode)" "$wall" "$cpu" "$ratio" "${peak[$name]}"
    done
    unset walls cpus peak
  done
  rm -f "$in" "$work"/out.*
done
echo
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
softhsm=$(softhsm2-util --version 2>/dev/null || echo "none")
echo "machine: $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p' | head -1); $(openssl version); SoftHSM2 $softhsm; signet: $SIGNET"
