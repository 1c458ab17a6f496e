// swift-tools-version: 6.0
// libFuzzer targets for Signet's parsers. A package of its own, so the normal build never needs
// the fuzzer's flags: `make fuzz` (or Tools/Fuzz/run.sh) builds it with
//   swift build --package-path Tools/Fuzz --scratch-path .build/fuzz -c release \
//     -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address
// and runs each target for a bounded time. See Tools/Fuzz/README.md.
import Foundation
import PackageDescription

/// The fuzz targets call the stages' internals (readers, decoders, the verifier), which are
/// `package` in Signet, not `public`: they are compiled as members of the Signet package, under
/// the name SwiftPM gives it — its folder's name (the path dependency's identity), lowercased,
/// with every character that cannot be in an identifier replaced by `_` (`packageAccess: false`
/// keeps SwiftPM from passing this package's own name after it).
let signetPackageName: String = {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()  // Tools/Fuzz
        .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent.lowercased()
    let name = String(folder.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    return name.first?.isNumber == true ? "_" + name : name
}()
let joinSignet: [SwiftSetting] = [.unsafeFlags(["-package-name", signetPackageName])]

/// One fuzz target: an executable whose entry point hands libFuzzer's driver the test function.
/// SwiftPM links executables with `main` aliased to `<module>_main`, which each target defines
/// (so libFuzzer's own `main` is never pulled in); `-parse-as-library` keeps Swift from
/// generating a top-level `main` of its own.
func fuzzTarget(_ name: String) -> Target {
    .executableTarget(
        name: name, dependencies: ["FuzzSupport"], packageAccess: false,
        swiftSettings: [.unsafeFlags(["-parse-as-library"])] + joinSignet)
}

let package = Package(
    name: "SignetFuzz",
    dependencies: [.package(name: "Signet", path: "../..")],
    targets: [
        // `LLVMFuzzerRunDriver`, libFuzzer's entry point for programs that own `main`.
        .systemLibrary(name: "CLibFuzzer", path: "Sources/CLibFuzzer"),
        .target(
            name: "FuzzSupport", dependencies: ["CLibFuzzer", .product(name: "Signet", package: "Signet")],
            packageAccess: false, swiftSettings: joinSignet),
        fuzzTarget("fuzz-strokes"),
        fuzzTarget("fuzz-png"),
        fuzzTarget("fuzz-jpeg"),
        fuzzTarget("fuzz-pdf"),
        fuzzTarget("fuzz-verify"),
        fuzzTarget("fuzz-numbers"),
        fuzzTarget("fuzz-http"),
        fuzzTarget("fuzz-raster"),
        fuzzTarget("fuzz-iso19794"),
    ]
)
