#!/usr/bin/env bash
# Verification benchmark, side by side in one run on the same file:
#   signet verify --ca root.pem FILE   vs   pyhanko sign validate --trust root.pem FILE
# on a ~100 MB PDF with 20 incremental updates, 5 of them signatures (the others form fills,
# annotations and /Info updates). pyHanko validates every signature with its difference analysis.
# Also signet with --allow-overlays, which skips the checks that run signet-preview (what poppler
# resolves, compared with qpdf; the overlay renders). Prints wall time (median of RUNS), peak RSS
# (largest of the runs), exit code, and signet's ratios.
#
# usage: Tools/bench-verify.sh
#   SIGNET=path/to/signet (default .build/release/signet, built if missing), RUNS=3,
#   SIZE_MB=100, PAGES=300. The input is cached in .build/bench-verify/ (delete it to regenerate).
set -euo pipefail
cd "$(dirname "$0")/.."
SIGNET=${SIGNET:-.build/release/signet}
RUNS=${RUNS:-3}
SIZE_MB=${SIZE_MB:-100}
PAGES=${PAGES:-300}
[ -x "$SIGNET" ] || swift build -c release --product signet >&2
command -v pyhanko >/dev/null || { echo "pyhanko not found: make test-deps" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "/usr/bin/time not found: make test-deps" >&2; exit 1; }

cache=.build/bench-verify
pdf=$cache/bench-${SIZE_MB}mb-${PAGES}p.pdf
root=$cache/bench-${SIZE_MB}mb-${PAGES}p-root.pem
generator=Tools/verify-corpus/make_bench_pdf.py
mkdir -p "$cache"
if [ ! -s "$pdf" ] || [ ! -s "$root" ] || [ "$generator" -nt "$pdf" ] || [ Tools/verify-corpus/make_corpus.py -nt "$pdf" ]; then
  echo "generating $pdf (once; cached)" >&2
  python3 "$generator" "$pdf.tmp" "$root" "$SIZE_MB" "$PAGES" >&2
  mv "$pdf.tmp" "$pdf"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# measure CMD...: runs CMD $RUNS times; prints "median_seconds peak_rss_kb exit_code"
measure() {
  local times=() rss=0 status=0
  for _ in $(seq "$RUNS"); do
    status=0
    /usr/bin/time -f '%e %M' -o "$work/time.txt" "$@" >"$work/out.txt" 2>"$work/err.txt" || status=$?
    read -r t m < <(tail -1 "$work/time.txt")
    times+=("$t"); [ "$m" -gt "$rss" ] && rss=$m
  done
  printf '%s %s %s\n' "$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')" "$rss" "$status"
}

cat "$pdf" > /dev/null   # page cache warm for both
read -r t_sig m_sig x_sig < <(measure "$SIGNET" verify --ca "$root" "$pdf")
cp "$work/out.txt" "$work/signet.txt"
# The same verification without the checks that run signet-preview (the comparison of what poppler
# resolves with what qpdf resolves, and the overlay renders): what those checks cost.
read -r t_bare m_bare x_bare < <(measure "$SIGNET" verify --ca "$root" --allow-overlays "$pdf")
read -r t_ph m_ph x_ph < <(measure pyhanko sign validate --trust "$root" --trust-replace --no-revocation-check "$pdf")
cp "$work/out.txt" "$work/pyhanko.txt"

size=$(stat -c %s "$pdf")
printf '\ninput: %s (%.1f MB, %s pages, 20 updates of which 5 signatures), median of %s runs\n' \
  "$pdf" "$(awk -v s="$size" 'BEGIN { print s / 1e6 }')" "$PAGES" "$RUNS"
printf '%-52s %9s %12s %6s\n' "tool" "wall s" "peak RSS" "exit"
printf '%-52s %9s %9d KB %6s\n' "signet verify --ca root.pem" "$t_sig" "$m_sig" "$x_sig"
printf '%-52s %9s %9d KB %6s\n' "signet verify --ca root.pem --allow-overlays" "$t_bare" "$m_bare" "$x_bare"
printf '%-52s %9s %9d KB %6s\n' "pyhanko sign validate --trust root.pem (all sigs)" "$t_ph" "$m_ph" "$x_ph"
awk -v a="$t_sig" -v b="$t_ph" -v c="$m_sig" -v d="$m_ph" \
  'BEGIN { printf "signet / pyhanko: wall %.2f×, peak RSS %.2f×\n", (b > 0 ? a / b : 0), (d > 0 ? c / d : 0) }'
awk -v a="$t_sig" -v b="$t_bare" 'BEGIN { printf "with / without the checks signet-preview runs: wall %.2f×\n", (b > 0 ? a / b : 0) }'
echo "signet's verdict: $(grep -c '^signature [0-9]* (field [^)]*): VALID' "$work/signet.txt") of $(grep -c '^signature [0-9]' "$work/signet.txt") signatures valid, changes permitted"
echo "pyhanko's verdict: $(grep -c ':INTACT:.*ACCEPTABLE_MODIFICATIONS' "$work/pyhanko.txt") of $(grep -c '^Signature' "$work/pyhanko.txt") signatures intact with acceptable modifications"
echo "machine: $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p' | head -1); pyHanko $(pyhanko --version | sed 's/.*version //')"
