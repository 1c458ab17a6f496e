#!/usr/bin/env bash
# `make sanitize`: the test suite under sanitizers, each build kept apart in .build/sanitize-NAME.
#   address    the whole suite under AddressSanitizer (with LeakSanitizer, Tools/lsan.supp); one
#              allocation above 1 GiB counts as an error (ASAN max_allocation_size_mb)
#   undefined  the whole suite with UndefinedBehaviorSanitizer in the C targets (the libpng and
#              libjpeg traps, the OpenSSL and qpdf helpers; swiftc itself has no UBSan on Linux);
#              any report stops the process
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
# Memory other libraries keep for the life of the process (fontconfig, the test harness's reads).
export LSAN_OPTIONS=${LSAN_OPTIONS:-"suppressions=$PWD/Tools/lsan.supp:print_suppressions=0"}
ubsan_runtime=$(ls "$(dirname "$(readlink -f "$(command -v swift)")")"/../lib/clang/*/lib/linux/libclang_rt.ubsan_standalone-x86_64.so 2>/dev/null | head -1)
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
    # swiftc has no -sanitize=undefined on Linux, so UBSan instruments the C targets through clang
    # and links clang's runtime; the other two go through SwiftPM's --sanitize.
    case $sanitizer in
        undefined) flags=(-Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined
                          -Xlinker "$ubsan_runtime" -Xlinker -rpath -Xlinker "$(dirname "$ubsan_runtime")") ;;
        *) flags=(--sanitize="$sanitizer") ;;
    esac
    echo "== $sanitizer: building (swift build --build-tests ${flags[*]}) ..."
    start=$(date +%s)
    swift build --build-tests "${flags[@]}" --scratch-path "$scratch" > "$scratch-build.log" 2>&1
    build_status=$?
    grep -E "error:|Build complete" "$scratch-build.log"
    if [ "$build_status" -ne 0 ]; then
        rows+=("$(printf '| %-9s | %7ss | %7s | %-8s | build failed' "$sanitizer" "$(seconds_since "$start")" - -)")
        failed=1
        continue
    fi
    build_time=$(seconds_since "$start")
    echo "== $sanitizer: testing ${filter[*]:-(whole suite)} ..."
    start=$(date +%s)
    SIGNET_SANITIZER=$sanitizer SIGNET_BIN=$PWD/$scratch/debug/signet \
        swift test --skip-build --disable-xctest "${flags[@]}" --scratch-path "$scratch" "${filter[@]}" > "$log" 2>&1
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
