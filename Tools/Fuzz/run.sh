#!/usr/bin/env bash
# Builds the fuzz targets with libFuzzer and AddressSanitizer, then runs each for a bounded time
# and prints the executions and findings per run (`make fuzz` calls this).
#
#   FUZZ_SECONDS=60     time per run (16 runs: the stroke target once per format and once detecting
#                       it, then png, jpeg, pdf, verify, numbers, http, raster)
#   FUZZ_RUNS="png pdf" only these runs
#   FUZZ_TIMEOUT=10     seconds one input may take before it counts as a hang
#   FUZZ_RSS_MB=2048    memory the process may reach; FUZZ_MALLOC_MB=1024 the largest single allocation
#   CORPUS=../shared/corpus  where the real seed files are
#
# Seeds are copied at run time (never committed) into .build/fuzz/corpus/RUN, where the corpus
# grows across runs; reproducers land in .build/fuzz/findings/RUN. Exit status 1 when anything
# was found. A reproducer is replayed with `.build/fuzz/release/fuzz-TARGET FILE`.
set -euo pipefail
# libFuzzer and AddressSanitizer report a crash themselves; Swift's backtracer, under ASan, reads the
# shadow gap and aborts or hangs (a trapped input once took 10 minutes to give up), as in sanitize.sh.
export SWIFT_BACKTRACE=${SWIFT_BACKTRACE:-enable=no}
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
seconds=${FUZZ_SECONDS:-60}
corpus=$(cd "${CORPUS:-../shared/corpus}" 2>/dev/null && pwd || true)
fuzz=$root/.build/fuzz
bin=$fuzz/release
runs_wanted=${FUZZ_RUNS:-"strokes-auto strokes-signet strokes-touch strokes-signature_pad strokes-quickdraw strokes-inkml strokes-svc2004 strokes-perfect-freehand strokes-excalidraw strokes-flutter strokes-getevent strokes-pointer-events png jpeg pdf verify numbers http raster iso19794"}

echo "building the fuzz targets (libFuzzer + AddressSanitizer, release) ..."
# SwiftPM does not always rebuild this package's own modules when a Signet module they import
# changes (a stale struct layout then reads past a stack slot); their sources are tiny, so they
# are always recompiled.
touch Tools/Fuzz/Sources/*/*.swift
swift build --package-path Tools/Fuzz --scratch-path "$fuzz" -c release --toolset Tools/Fuzz/toolset.json \
    -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address 2>&1 | grep -E "error:|Compiling|Build complete" || true
[ -x "$bin/fuzz-pdf" ] || { echo "the fuzz build failed" >&2; exit 2; }
[ -n "$corpus" ] || echo "note: no corpus at ${CORPUS:-../shared/corpus}; seeding from SampleStrokes/ and generated images only"

# Stroke seeds: two header bytes (the format's number in StrokeFuzz.formats, then --index 0) in
# front of each file of that format.
format_number() {
    case $1 in auto) echo 0 ;; signet) echo 1 ;; touch) echo 2 ;; signature_pad) echo 3 ;; quickdraw) echo 4 ;;
        inkml) echo 5 ;; svc2004) echo 6 ;; perfect-freehand) echo 7 ;; excalidraw) echo 8 ;;
        flutter) echo 9 ;; getevent) echo 10 ;; pointer-events) echo 11 ;; iso19794-7) echo 12 ;; esac
}
stroke_files() {
    local c=$corpus/strokes
    case $1 in
        signet) ls SampleStrokes/signet-* ;;
        touch) ls SampleStrokes/touch-* ;;
        signature_pad) ls SampleStrokes/signature-pad-* "$c"/signature_pad/*.json ;;
        quickdraw) ls SampleStrokes/quickdraw-* "$c"/quickdraw/* ;;
        inkml) ls SampleStrokes/inkml-* "$c"/inkml/* ;;
        svc2004) ls SampleStrokes/svc2004-* "$c"/svc2004/* ;;
        perfect-freehand) ls SampleStrokes/perfect-freehand-* "$c"/perfect_freehand/{inputs,dev_state_sample,dev_state_flash}.json ;;
        excalidraw) ls SampleStrokes/excalidraw-* "$c"/perfect_freehand/dev_state_excalidraw.json ;;
        flutter) ls SampleStrokes/flutter-* ;;
        getevent) ls SampleStrokes/getevent-* ;;
        pointer-events) ls SampleStrokes/pointer-events-* ;;
        auto) for f in signet touch signature_pad quickdraw inkml svc2004 perfect-freehand excalidraw flutter getevent pointer-events; do stroke_files $f; done ;;
    esac 2>/dev/null || true
}
seed() {  # seed RUN FOLDER
    local run=$1 dir=$2
    case $run in
        strokes-*)
            local format=${run#strokes-} n
            n=$(format_number "$format")
            for f in $(stroke_files "$format"); do
                { printf "\\x$(printf %02x "$n")\\x00"; cat "$f"; } > "$dir/seed-$(basename "$f")"
            done ;;
        png) python3 Tools/Fuzz/make-image-seeds.py "$dir" "$fuzz/unused-jpeg"
             [ -n "$corpus" ] && cp "$corpus"/strokes/signature_pad/*.png "$dir"/ ;;
        jpeg) python3 Tools/Fuzz/make-image-seeds.py "$fuzz/unused-png" "$dir" ;;
        pdf) [ -n "$corpus" ] && find "$corpus/pdfs" -name '*.pdf' -size -40k -exec cp {} "$dir"/ \; ;;
        iso19794) # the record of docs/iso19794-7.md's worked example: two strokes, X Y T F
                  printf 'SDI\0 10\0\xc1\x40\x80\xb0\x00\x80\xb0\x00\x80\xcf\xa0\0\0\0\0\0\x04\x80\x40\x80\x80\0\0\x80\0\x80\xc0\x81\0\0\x0a\xff\xff\x80\xc0\x81\0\0\x0a\0\0\x81\x40\x81\x80\0\x1e\x40\0' > "$dir/seed-two-strokes" ;;
        http) printf 'GET /AAAAAAAAAAAAAAAA/ HTTP/1.1\r\nHost: 127.0.0.1:8000\r\n\r\n' > "$dir/seed-get"
              printf 'POST /AAAAAAAAAAAAAAAA/submit HTTP/1.1\r\nHost: localhost:8000\r\nOrigin: http://localhost:8000\r\nContent-Length: 2\r\n\r\n{}' > "$dir/seed-post" ;;
        raster) python3 -c 'import random, sys
for n in range(4):
    random.seed(n); open(sys.argv[1] + "/seed-%d" % n, "wb").write(bytes(random.randrange(256) for _ in range(40 + 60 * n)))' "$dir" ;;
        numbers) printf '0\n10\n20\n30\n0000000009\n00000\n7\n9\n400\n1\n2\n1\n3\n1\n' > "$dir/seed-plain"
                 printf '0\n9223372036854775807\n9223372036854775807\n10\n+000000009\n00000\n+7\n+9\n+400\n1\n8\n1\n9223372036854775807\n1\n\x7f\xff\xff\xff\xff\xff\xff\xff\xff\x00' > "$dir/seed-overflow"
                 printf '0\n1e300\n20\n99999999999999999999999.0\n9223372036854775807\n-1\n-0\n7.0\n-400\n8\n8\n8\n0\n4294967296\n' > "$dir/seed-reals" ;;
        verify) [ -n "$corpus" ] && grep -l --null ByteRange $(find "$corpus/pdfs" -name '*.pdf' -size -80k) | xargs -0 -I{} cp {} "$dir"/ ;;
    esac
}

declare -A target=([png]=fuzz-png [jpeg]=fuzz-jpeg [pdf]=fuzz-pdf [verify]=fuzz-verify [numbers]=fuzz-numbers [http]=fuzz-http [raster]=fuzz-raster [iso19794]=fuzz-iso19794)
declare -A dict=([png]=png [jpeg]=jpeg [pdf]=pdf [verify]=pdf [numbers]=numbers [http]=http [raster]= [iso19794]=)
declare -A maxlen=([png]=65536 [jpeg]=65536 [pdf]=65536 [verify]=81920 [numbers]=1024 [http]=8192 [raster]=4096 [iso19794]=4096)
stamp=$(date +%Y%m%d-%H%M%S)
rows=()
found=0
for run in $runs_wanted; do
    bin_name=${target[$run]:-fuzz-strokes}
    dir=$fuzz/corpus/$run
    findings=$fuzz/findings/$stamp/$run
    log=$fuzz/logs/$run.log
    mkdir -p "$dir" "$findings" "$(dirname "$log")"
    seed "$run" "$dir"
    d=${dict[$run]-strokes}  # unset: the stroke dictionary; empty: none
    dictarg=()
    [ -n "$d" ] && dictarg=(-dict="Tools/Fuzz/dictionaries/$d.dict")
    echo "fuzzing $run for ${seconds}s ($(ls "$dir" | wc -l) inputs in $dir) ..."
    status=0
    "$bin/$bin_name" "$dir" -max_total_time="$seconds" -timeout="${FUZZ_TIMEOUT:-10}" \
        -rss_limit_mb="${FUZZ_RSS_MB:-2048}" -malloc_limit_mb="${FUZZ_MALLOC_MB:-1024}" \
        -max_len="${maxlen[$run]:-32768}" "${dictarg[@]}" \
        -print_final_stats=1 -artifact_prefix="$findings/" > "$log" 2>&1 || status=$?
    execs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | awk '{print $2}' | tail -1 || true)
    cov=$(grep -oE '^#[0-9]+.*cov: [0-9]+' "$log" | tail -1 | grep -oE 'cov: [0-9]+' | awk '{print $2}' || true)
    count=$(find "$findings" -type f | wc -l)
    [ "$count" -gt 0 ] && found=1
    [ "$status" -ne 0 ] && [ "$count" -eq 0 ] && { found=1; count="exit $status"; }
    rows+=("$(printf '| %-24s | %12s | %8s | %-10s | %s' "$run" "${execs:-?}" "${cov:-?}" "$count" "$( [ "$count" = 0 ] && echo "-" || echo "$findings (log: $log)")")")
done
echo
echo "fuzzing: ${seconds}s per run, $(date '+%Y-%m-%d %H:%M'), $(nproc) cores"
printf '| %-24s | %12s | %8s | %-10s | %s\n' run executions coverage findings where
echo "|--------------------------|--------------|----------|------------|------"
printf '%s\n' "${rows[@]}"
exit $found
