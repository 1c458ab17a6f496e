#!/usr/bin/env bash
# Stamping benchmark, side by side in one run: `signet stamp` vs pikepdf (Page.add_overlay with one
# shared form XObject) vs `qpdf --overlay`. Input: a 1000-page document cycling the 22 geometries of
# the test fixture (A4, Letter landscape, /Rotate 90/180/270/-90/450/990, CropBox offsets, a CropBox
# overflowing the MediaBox, negative origins, UserUnit 2, inherited attributes, shared resources,
# an unbalanced cm), normalised by qpdf (compressed, object streams) as a real file would be; the
# stamp is the 600x200 transparent test PNG, placed at the same displayed rectangle on every page.
# Prints wall time (median of RUNS, runs alternating between tools) and its ratio to pikepdf, peak
# RSS (largest), output size, bytes added per page and qpdf --check, then placement and content
# correctness per geometry for every tool.
#   Tools/bench-stamp.sh            PAGES=1000 RUNS=5 by default
set -euo pipefail
cd "$(dirname "$0")/.."
PAGES=${PAGES:-1000}
RUNS=${RUNS:-5}
OUT=Tools/.bench/stamp
BIN=.build/release

python3 -c "import pikepdf, PIL" 2>/dev/null || { echo "the benchmark needs pikepdf and Pillow: python3 -m pip install pikepdf pillow" >&2; exit 2; }
swift build -c release --product signet >/dev/null
swift build -c release --product signet-stamp-bench >/dev/null
rm -rf "$OUT" && mkdir -p "$OUT"
"$BIN/signet-stamp-bench" inputs "$OUT" "$PAGES"
qpdf --object-streams=generate --compress-streams=y "$OUT/doc-raw.pdf" "$OUT/doc.pdf"
# The same pixels as the generated (uncompressed) PNG, deflate-compressed as any real PNG is.
python3 -c 'import sys; from PIL import Image; Image.open(sys.argv[1]).save(sys.argv[2], optimize=True)' \
    "$OUT/stamp-stored.png" "$OUT/stamp.png"
read -r -a TARGET <<<"$("$BIN/signet-stamp-bench" target)"   # --at X,Y --size WxH
IFS=', x' read -r X Y W H <<<"${TARGET[1]},${TARGET[3]}"

SIGNET=("$BIN/signet" stamp "$OUT/doc.pdf" -o "$OUT/signet.pdf" --image "$OUT/stamp.png" --pages all "${TARGET[@]}")
PIKEPDF=(python3 Tools/bench-stamp-pikepdf.py "$OUT/doc.pdf" "$OUT/stamp.png" "$OUT/pikepdf.pdf" "$X" "$Y" "$W" "$H")
# qpdf exits 3 when it only warned (it warns about every page without its own MediaBox).
QPDF=(qpdf "$OUT/doc.pdf" --overlay "$OUT/overlay.pdf" --from=1-22 --repeat=1-22 -- "$OUT/qpdf.pdf")

TOOLS=()
if "$BIN/signet" stamp --help >/dev/null 2>&1; then TOOLS+=(signet); else echo "signet stamp is not built yet: skipping signet" >&2; fi
TOOLS+=(pikepdf qpdf)

# once NAME: one timed run of the tool; appends "wall rss" to NAME.times, writes NAME.pdf.
once() {
    local name=$1 allowed="0" status=0
    local -n command=${name^^}
    [[ $name == qpdf ]] && allowed="0 3"
    rm -f "$OUT/$name.pdf"
    local start end
    start=$(date +%s%N)
    /usr/bin/time -f "%M" -o "$OUT/$name.time1" "${command[@]}" >"$OUT/$name.log" 2>&1 || status=$?
    end=$(date +%s%N)
    if [[ " $allowed " != *" $status "* ]]; then
        echo "$name failed (exit $status):" >&2
        tail -5 "$OUT/$name.log" >&2
        exit 1
    fi
    echo "$(( (end - start) / 1000000 )) $(tail -1 "$OUT/$name.time1")" >>"$OUT/$name.times"   # ms KB
}

# Runs alternate between the tools so a busy moment on the machine hits all of them alike.
for t in "${TOOLS[@]}"; do : >"$OUT/$t.times"; done
for _ in $(seq "$RUNS"); do
    for t in "${TOOLS[@]}"; do once "$t"; done
done

in_size=$(stat -c %s "$OUT/doc.pdf")
echo
echo "Stamping a 600x200 transparent PNG on all $PAGES pages ($in_size-byte input), median of $RUNS runs:"
median_ms() { sort -n -k1 "$OUT/$1.times" | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
base=$(median_ms pikepdf)
printf '%-8s %9s %11s %12s %13s %13s %13s\n' tool "wall s" "vs pikepdf" "peak RSS MB" "output bytes" "added B/page" "qpdf --check"
for t in "${TOOLS[@]}"; do
    ms=$(median_ms "$t")
    rss=$(sort -n -k2 "$OUT/$t.times" | tail -1 | awk '{printf "%.1f", $2/1024}')
    size=$(stat -c %s "$OUT/$t.pdf")
    check=$(qpdf --check "$OUT/$t.pdf" >/dev/null 2>&1 && echo clean || echo "exit $?")
    printf '%-8s %9s %11s %12s %13s %13s %13s\n' "$t" "$(awk "BEGIN {printf \"%.3f\", $ms / 1000}")" \
        "$(awk "BEGIN {printf \"%.2fx\", $ms / $base}")" "$rss" "$size" "$(( (size - in_size) / PAGES ))" "$check"
done
echo
echo "Placement (stamp within 1 pt of the target, upright) and page content (unchanged away from the stamp)"
echo "per geometry, on pages 1-22 (rendered with pdftoppm at 144 dpi):"
args=()
for t in "${TOOLS[@]}"; do args+=("$t=$OUT/$t.pdf"); done
"$BIN/signet-stamp-bench" check "$OUT/doc.pdf" "${args[@]}"
