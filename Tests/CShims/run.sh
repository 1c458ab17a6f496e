#!/usr/bin/env bash
# Builds the libpng and libjpeg shims (Sources/CSignetPNG, Sources/CSignetJPEG) and the qpdf loader (Sources/CSignetQPDF) with their tests and runs them three ways: at -O2 under
# AddressSanitizer and UndefinedBehaviorSanitizer, and plain at -O3 and -Os as a release build
# compiles them (glibc's heap checks catch a double free there; the old setjmp bug in the JPEG
# encoder aborted only in those plain optimised builds, not under ASan). Also compiles the shims
# with GCC's -Wclobbered -Werror (clang has no such warning) as a second guard on the setjmp rule
# in docs/architecture.md. `make test` runs this; CC overrides the compiler.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=.build/cshims
mkdir -p "$out"
cc=${CC:-clang}
shims=(Sources/CSignetJPEG/*.c Sources/CSignetPNG/*.c)
includes=(-ISources/CSignetJPEG/include -ISources/CSignetJPEG -ISources/CSignetPNG/include -ISources/CSignetPNG)
if command -v gcc >/dev/null; then
    for f in "${shims[@]}"; do gcc -O2 -Wall -Wextra -Wclobbered -Werror "${includes[@]}" -c "$f" -o "$out/gcc-check.o"; done
fi
build_and_run() {
    local name=$1
    shift
    # ld.gold warns about ASan's local symbols; nothing else is filtered.
    "$cc" "$@" -Wall -Werror "${includes[@]}" Tests/CShims/shim_tests.c "${shims[@]}" -o "$out/$name" \
        -ljpeg -lpng 2> >(grep -v "Cannot export local symbol" >&2)
    echo "C shims ($name: $*)"
    ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 "$out/$name"
}
build_and_run sanitized -O2 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
build_and_run release-O3 -O3
build_and_run release-Os -Os

# The qpdf loader (Sources/CSignetQPDF): libqpdf loaded on the first call, its forwarded functions and
# the wrapped qpdf_oh_new_stream, the same three ways.
cxx=${CXX:-clang++}
qpdf_run() {
    local name=$1
    shift
    "$cxx" -std=c++17 "$@" -Wall -Werror -ISources/CSignetQPDF/include Tests/CShims/qpdf_load_tests.cpp \
        Sources/CSignetQPDF/*.cpp -o "$out/$name" 2> >(grep -v "Cannot export local symbol" >&2)
    echo "qpdf loader ($name: $*)"
    ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 "$out/$name"
}
qpdf_run qpdf-sanitized -O2 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
qpdf_run qpdf-release-O3 -O3
qpdf_run qpdf-release-Os -Os
