// swift-tools-version: 6.0
// Signet: captured pen strokes → crisp signature images → budgeted stamps → placed in PDFs → signed.
// One target per pipeline stage; dependencies point one way (see README "Architecture").
import PackageDescription

/// A C library found with pkg-config and installed from Debian when missing.
func systemLibrary(_ name: String, pkgConfig: String, apt: [String]) -> Target {
    .systemLibrary(name: name, pkgConfig: pkgConfig, providers: [.apt(apt)])
}

/// `-static-stdlib` for release builds of the programs; debug builds (the tests) link the toolchain's libraries.
/// The modules are compiled against the shared `FoundationEssentials`, which does not ask for its two helper
/// libraries (they are inside the shared one), so the static link names them.
let staticSwiftInRelease: [LinkerSetting] = [
    .unsafeFlags(["-static-stdlib", "-l_FoundationCShims", "-l_FoundationCollections"], .when(configuration: .release))
]

let package = Package(
    name: "Signet",
    products: [
        .library(name: "Signet", targets: ["Signet"]),
        .executable(name: "signet", targets: ["signet"]),
        .executable(name: "signet-preview", targets: ["signet-preview"]),
    ],
    targets: [
        // C libraries: one module each, headers only; every status is checked in one Swift file per library.
        // cairo-ft: cairo with FreeType, which loads the signature text's font from bytes.
        systemLibrary("CCairo", pkgConfig: "cairo-ft", apt: ["libcairo2-dev", "libfreetype-dev"]),
        systemLibrary("CPNG", pkgConfig: "libpng", apt: ["libpng-dev"]),
        systemLibrary("CJPEG", pkgConfig: "libjpeg", apt: ["libjpeg-dev"]),
        systemLibrary("CZlib", pkgConfig: "zlib", apt: ["zlib1g-dev"]),
        // Input formats beside PNG and JPEG: TIFF, GIF (first frame) and WebP (with its demuxer, for ICC and EXIF).
        systemLibrary("CTIFF", pkgConfig: "libtiff-4", apt: ["libtiff-dev"]),
        systemLibrary("CGIF", pkgConfig: "libgif", apt: ["libgif-dev"]),
        systemLibrary("CWebP", pkgConfig: "libwebpdemux", apt: ["libwebp-dev"]),
        // Little CMS: an embedded ICC profile's colours converted to sRGB before a budget fit scores and writes them.
        systemLibrary("CLCMS", pkgConfig: "lcms2", apt: ["liblcms2-dev"]),
        // libdeflate: whole-buffer inflate for PNG pixel data (PNGPixelData), far faster than zlib on long runs.
        systemLibrary("CDeflate", pkgConfig: "libdeflate", apt: ["libdeflate-dev"]),
        // qpdf's C API headers only (no pkg-config, nothing linked): CSignetQPDF dlopens libqpdf on the first PDF.
        .systemLibrary(name: "CQPDF", providers: [.apt(["libqpdf-dev"])]),
        systemLibrary("CPoppler", pkgConfig: "poppler-glib", apt: ["libpoppler-glib-dev"]),
        // poppler's own C++ API (GPL, like poppler-glib): what it resolves of a PDF, for signet-preview only.
        systemLibrary("CPopplerCore", pkgConfig: "poppler", apt: ["libpoppler-private-dev"]),
        systemLibrary("COpenSSL", pkgConfig: "openssl", apt: ["libssl-dev"]),
        systemLibrary("CIDN", pkgConfig: "libidn", apt: ["libidn-dev"]),
        // PKCS#11 types from p11-kit's pkcs11.h only: no library is linked, token modules are dlopen'ed.
        .systemLibrary(name: "CPKCS11", providers: [.apt(["libp11-kit-dev"])]),
        // libcurl's headers only (no pkg-config, nothing linked): CSignetCurl dlopens it on the first HTTP exchange.
        .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // The little C that Swift cannot express, one shim per library: setjmp/longjmp traps for libpng and for
        // libjpeg, and glibc's mallopt (which <malloc.h> alone declares).
        .target(name: "CSignetPNG", dependencies: ["CPNG"]),
        .target(name: "CSignetJPEG", dependencies: ["CJPEG"]),
        // libtiff's variadic error handler and its in-memory client; giflib's read callback and first frame.
        .target(name: "CSignetTIFF", dependencies: ["CTIFF"]),
        .target(name: "CSignetGIF", dependencies: ["CGIF"]),
        .target(name: "CSignetGlibc"),
        // OpenSSL's stack/memory macros as plain functions (kept apart so image code never links OpenSSL).
        .target(name: "CSignetOpenSSL", dependencies: ["COpenSSL"]),
        // libqpdf loaded on first use behind its own C API names, and the one call that lets a C++ exception
        // escape, wrapped in a try/catch.
        .target(name: "CSignetQPDF", dependencies: ["CQPDF"]),
        // poppler's object reading (C++) behind one C function: every object a reader resolves, for verify's
        // comparison of two readings.
        .target(name: "CSignetPoppler", dependencies: ["CPopplerCore", "COpenSSL"]),
        // libcurl loaded on first use, its variadic curl_easy_setopt/getinfo as fixed-type functions, its cast macros.
        .target(name: "CSignetCurl", dependencies: ["CCurl"]),

        // Pure stages: Swift only, no C, no I/O.
        .target(name: "SignetCore"),
        .target(name: "SignetStrokes", dependencies: ["SignetCore"]),
        // Where a stamp may go on a rendered page (`--at auto`): the free-area search, pure Swift.
        .target(name: "SignetPlacement", dependencies: ["SignetCore"]),
        // Thin file helpers at the edge: atomic output, bounded input, streamed ranges, secrets.
        .target(name: "SignetFiles", dependencies: ["SignetCore"]),
        // `signet capture`'s loopback HTTP server and the embedded `<signet-pad>` page (Capture/): sockets only.
        .target(name: "SignetCapture", dependencies: ["SignetCore"]),
        // Stages over C libraries.
        .target(name: "SignetRaster", dependencies: ["SignetStrokes", "CCairo"]),
        .target(
            name: "SignetCodecs",
            dependencies: [
                "SignetRaster", "CSignetPNG", "CSignetJPEG", "CDeflate", "CSignetTIFF", "CSignetGIF", "CWebP", "CLCMS",
            ]),
        // PDF documents, stamps, and the password forms (SASLprep by libidn) and envelope checks every opener shares.
        .target(
            name: "SignetPDF",
            dependencies: ["SignetCodecs", "SignetFiles", "SignetPlacement", "CQPDF", "CSignetQPDF", "CZlib", "CIDN"]),
        // poppler (GPL): the engine of the `signet-preview` executable only, not a library product (its API is `package`).
        .target(name: "SignetPreview", dependencies: ["SignetPDF", "CPoppler", "CSignetPoppler"]),
        // Identities (files, or keys on PKCS#11 tokens), detached CMS signing and verification, certificate and
        // timestamp checks: OpenSSL (and a dlopen'ed PKCS#11 module) only,
        // so a program that signs or verifies detached signatures never links cairo, libpng, libjpeg or qpdf.
        .target(name: "SignetCrypto", dependencies: ["SignetFiles", "COpenSSL", "CSignetOpenSSL", "CPKCS11"]),
        // HTTP for timestamps and revocation data: libcurl behind SignetCrypto's HTTPTransport, so CMS and
        // PDF code never link libcurl and are tested with a fake transport.
        .target(name: "SignetNet", dependencies: ["SignetCrypto", "CCurl", "CSignetCurl"]),
        // Embedded PDF signatures: signing, two-step signing, document timestamps, LTV updates: CMS over the PDF stage.
        .target(name: "SignetPDFSigning", dependencies: ["SignetCrypto", "SignetPDF", "SignetFiles"]),
        // Verification, a stage of its own: every rule of PDF verification (revisions, permitted changes, overlays,
        // coverage, PAdES levels) and the one function that turns findings into a verdict. It reads signature
        // dictionaries and the /DSS as signing writes them (SignetPDFSigning); CMS, certificates, revocation and
        // timestamps are SignetCrypto's, which knows no PDF words.
        .target(name: "SignetVerify", dependencies: ["SignetPDFSigning", "SignetCrypto", "SignetPDF", "SignetFiles"]),
        // Umbrella: re-exports the stages (not the GPL preview) and the one-call pipelines.
        .target(
            name: "Signet",
            dependencies: [
                "SignetStrokes", "SignetRaster", "SignetCodecs", "SignetPDF", "SignetCrypto", "SignetPDFSigning",
                "SignetVerify", "SignetNet", "SignetFiles", "SignetCapture",
            ]),
        // The CLI: parse, call the library, print. `signet` never links poppler (GPL, and a third of
        // the process's memory): `signet preview` runs the `signet-preview` executable installed next to it.
        .target(name: "SignetCLI", dependencies: ["Signet", "CSignetGlibc"]),
        // Release programs carry the Swift runtime and FoundationEssentials inside (`-static-stdlib`): they run
        // on a machine without the toolchain, and start in half the time (no 20 Swift libraries to load and bind).
        .executableTarget(name: "signet", dependencies: ["SignetCLI"], linkerSettings: staticSwiftInRelease),
        .executableTarget(
            name: "signet-preview", dependencies: ["SignetCLI", "SignetPreview"], linkerSettings: staticSwiftInRelease),
        // Benchmarks (Tools/): `signet-bench` renders generated signatures side by side with pycairo.
        .executableTarget(name: "signet-bench", dependencies: ["Signet", "SignetTestSupport"], path: "Tools/Bench"),

        // Benchmark inputs and placement check for `Tools/bench-stamp.sh`.
        .executableTarget(name: "signet-stamp-bench", dependencies: ["SignetTestSupport"], path: "Tools/StampBench"),

        // Tests.
        .target(
            name: "SignetTestSupport", dependencies: ["SignetCore", "SignetFiles", "SignetRaster"],
            path: "Tests/SignetTestSupport"),
        .testTarget(name: "SignetCoreTests", dependencies: ["SignetCore", "SignetTestSupport"]),
        .testTarget(name: "SignetFilesTests", dependencies: ["SignetFiles", "SignetTestSupport"]),
        .testTarget(name: "SignetCryptoTests", dependencies: ["SignetCrypto", "SignetTestSupport"]),
        .testTarget(name: "SignetStrokesTests", dependencies: ["SignetStrokes", "Signet", "SignetTestSupport"]),
        .testTarget(name: "SignetPlacementTests", dependencies: ["SignetPlacement", "SignetTestSupport"]),
        .testTarget(
            name: "SignetRasterTests", dependencies: ["SignetRaster", "SignetCodecs", "SignetTestSupport"],
            exclude: ["Goldens"]),
        .testTarget(
            name: "SignetCodecsTests", dependencies: ["SignetCodecs", "SignetTestSupport"], exclude: ["Reproducers"]),
        .testTarget(
            name: "SignetPDFTests", dependencies: ["SignetPDF", "SignetPreview", "SignetTestSupport"],
            exclude: ["Reproducers"]),
        .testTarget(name: "SignetPreviewTests", dependencies: ["SignetPreview", "SignetTestSupport"]),
        .testTarget(
            name: "SignetPDFSigningTests",
            dependencies: ["SignetCrypto", "SignetPDFSigning", "SignetVerify", "SignetPreview", "SignetTestSupport"]),
        .testTarget(
            name: "SignetVerifyTests",
            dependencies: [
                "SignetVerify", "SignetPDFSigning", "SignetCrypto", "SignetPDF", "SignetPreview", "SignetTestSupport",
            ]),
        .testTarget(name: "SignetNetTests", dependencies: ["SignetNet", "SignetTestSupport"]),
        .testTarget(
            name: "SignetCLITests",
            // The library's signer makes the signed files `signet sign` refuses to (a document that reads two ways).
            dependencies: ["SignetCodecs", "SignetPDFSigning", "SignetStrokes", "SignetTestSupport"]),
        .testTarget(name: "SignetCaptureTests", dependencies: ["SignetCapture", "SignetTestSupport"]),
        // What the docs state that code can check: the test count, the architecture table, one importer folder
        // per C library, the public API's size, the README picture.
        .testTarget(name: "SignetDocsTests", dependencies: ["SignetTestSupport"]),
        // The public Swift API only (`import Signet`), including the README's example.
        .testTarget(name: "SignetAPITests", dependencies: ["Signet", "SignetTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
