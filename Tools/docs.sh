#!/bin/bash
# Builds the DocC documentation of `import Signet` into .build/docs with the toolchain's own
# tools (no swift-docc-plugin): `swift build` for the modules, `swift-symbolgraph-extract` for
# the Signet module together with the stage modules it re-exports (@_exported), `docc convert`
# for Sources/Signet/Signet.docc. Fails on any DocC warning and on any documentation gap: a public
# symbol without a /// comment, or a function without `- Parameters:` or `- Throws:` where it has
# them (Tools/docs-undocumented.py lists them).
#   Tools/docs.sh           build .build/docs
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
OUT=.build/docs
GRAPHS=.build/docs-symbolgraph
REEXPORTED=SignetCore,SignetStrokes,SignetFiles,SignetRaster,SignetCodecs,SignetPDF,SignetCrypto,SignetPDFSigning,SignetVerify,SignetNet,SignetCapture

$SWIFT build --target Signet
BIN=$($SWIFT build --show-bin-path)

# The C modules the stage modules import: system library module maps, and the module maps
# SwiftPM generates for the C targets (with their include folders).
flags=()
for map in Sources/C*/module.modulemap; do flags+=(-I "$(dirname "$map")"); done
for inc in Sources/CSignet*/include; do flags+=(-Xcc "-I$inc"); done
for map in "$BIN"/CSignet*.build/module.modulemap; do flags+=(-Xcc "-fmodule-map-file=$map"); done
for dir in $(pkg-config --cflags-only-I cairo libpng libjpeg zlib libqpdf openssl libidn 2>/dev/null); do
    flags+=(-Xcc "$dir")
done

rm -rf "$GRAPHS" && mkdir -p "$GRAPHS"
swift-symbolgraph-extract -module-name Signet -target "$(uname -m)-unknown-linux-gnu" \
    -I "$BIN/Modules" "${flags[@]}" -minimum-access-level public -skip-inherited-docs \
    -experimental-allowed-reexported-modules="$REEXPORTED" -output-dir "$GRAPHS"

rm -rf "$OUT"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
docc convert Sources/Signet/Signet.docc --additional-symbol-graph-dir "$GRAPHS" --output-path "$OUT" \
    --fallback-display-name Signet --fallback-bundle-identifier org.signet \
    --fallback-default-module-kind "Swift Package" --warnings-as-errors 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
if grep -qE '(warning|error):' "$log"; then status=1; fi

undocumented=0
python3 Tools/docs-undocumented.py "$GRAPHS/Signet.symbols.json" || undocumented=$?
if [ "$status" -ne 0 ]; then echo "docs: DocC reported problems (above)" >&2; exit 1; fi
if [ "$undocumented" -ne 0 ]; then echo "docs: public symbols with documentation gaps (above)" >&2; exit 1; fi
echo "docs: $OUT (open $OUT/documentation/signet/index.html through a web server)"
