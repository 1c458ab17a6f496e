#!/usr/bin/env bash
# `make sanitize`: the test suite under sanitizers, each build kept apart in .build/sanitize-NAME.
#   address    the whole suite under AddressSanitizer (with LeakSanitizer); one allocation above
#              1 GiB counts as an error (ASAN max_allocation_size_mb), as a runaway one would be
#   undefined  the whole suite with UndefinedBehaviorSanitizer in the C targets (the libpng and
#              libjpeg traps, the OpenSSL helpers); any report stops the process
#   thread     the tests that run work on several threads under ThreadSanitizer: batch workers,
#              render --jobs, the concurrent JPEG encodes, SSIM bands and resampling
#              (SANITIZE_THREAD_FILTER changes the selection; "" runs everything)
# SANITIZERS="address" runs only some. The `signet` the CLI tests run is the sanitized one
# (SIGNET_BIN), so a report in a child process fails its test through the exit status too.
# Prints build and test time per sanitizer; exit status 1 when any run failed or reported.
set -uo pipefail
cd "$(dirname "$0")/.."
sanitizers=${SANITIZERS:-"address undefined thread"}
thread_filter=${SANITIZE_THREAD_FILTER-"Batch|RenderCLITests|JPEGCodecTests|BudgetFitterTests|SSIMTests|ResampleTests|QualitySearchTests"}
export ASAN_OPTIONS=${ASAN_OPTIONS:-"max_allocation_size_mb=1024:detect_leaks=1:abort_on_error=1"}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-"halt_on_error=1:print_stacktrace=1"}
export TSAN_OPTIONS=${TSAN_OPTIONS:-"halt_on_error=1:second_deadlock_stack=1"}
# The sanitizers print their own stacks; Swift's backtracer would symbolicate a crash for minutes.
export SWIFT_BACKTRACE=enable=no
rows=()
failed=0
seconds_since() { echo $(( $(date +%s) - $1 )); }
for sanitizer in $sanitizers; do
    scratch=.build/sanitize-$sanitizer
    log=$scratch-test.log
    filter=()
    [ "$sanitizer" = thread ] && [ -n "$thread_filter" ] && filter=(--filter "$thread_filter")
    echo "== $sanitizer: building (swift build --build-tests --sanitize=$sanitizer) ..."
    start=$(date +%s)
    if ! swift build --build-tests --sanitize="$sanitizer" --scratch-path "$scratch" 2>&1 | grep -E "error:|Build complete"; then
        rows+=("$(printf '| %-9s | %7ss | %7s | %-8s | build failed' "$sanitizer" "$(seconds_since "$start")" - -)")
        failed=1
        continue
    fi
    build_time=$(seconds_since "$start")
    echo "== $sanitizer: testing ${filter[*]:-(whole suite)} ..."
    start=$(date +%s)
    SIGNET_BIN=$PWD/$scratch/debug/signet swift test --skip-build --disable-xctest --sanitize="$sanitizer" --scratch-path "$scratch" "${filter[@]}" > "$log" 2>&1
    status=$?
    test_time=$(seconds_since "$start")
    reports=$(grep -cE "ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:|WARNING: ThreadSanitizer" "$log")
    summary=$(grep -E "^[✔✘] Test run with" "$log" | tail -1 | sed -E 's/^. Test run with ([0-9]+) tests?.*(passed|failed).*/\1 tests \2/')
    [ "$status" -ne 0 ] || [ "$reports" -ne 0 ] && failed=1
    rows+=("$(printf '| %-9s | %7ss | %7ss | %-8s | %s (exit %d, log %s)' "$sanitizer" "$build_time" "$test_time" "$reports" "${summary:-no summary}" "$status" "$log")")
done
echo
echo "| sanitizer | build    | tests    | reports  | result"
echo "|-----------|----------|----------|----------|-------"
printf '%s\n' "${rows[@]}"
exit $failed
