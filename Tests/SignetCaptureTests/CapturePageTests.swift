import Foundation
import SignetTestSupport
import Testing

@testable import SignetCapture

/// The page `signet capture` serves is Capture/'s files, byte for byte (one source).
@Suite struct CapturePageTests {
    @Test(arguments: [
        "index.html", "capture.css", "capture.js", "signet-pad.js", "signet-pad-core.js", "signet-stroke.js",
        "signet-ink.js",
    ])
    func servedFileIsCaptureFolderFile(_ name: String) throws {
        let disk = try Data(contentsOf: Corpus.packageRoot.appendingPathComponent("Capture/\(name)"))
        let served = try #require(CapturePage.file(named: name), "\(name) is not embedded; run Tools/embed-capture.py")
        #expect(
            byteDifference(served.bytes, disk) == nil,
            "\(name) differs from Capture/\(name); run Tools/embed-capture.py")
    }

    /// Capture/ holds the served page and the npm package's own files (README, package.json, the
    /// TypeScript declarations and their check, the lint configuration, the node unit tests), nothing else.
    @Test func everyServedFileIsInCaptureFolder() throws {
        let folder = try FileManager.default.contentsOfDirectory(
            atPath: Corpus.packageRoot.appendingPathComponent("Capture").path)
        for file in CapturePage.files { #expect(folder.contains(file.name), "\(file.name) is not in Capture/") }
        let packageOnly = folder.filter {
            ["README.md", "package.json", "biome.json", "tsconfig.json", "test"].contains($0) || $0.hasSuffix(".d.ts")
        }
        let served = CapturePage.files.map(\.name).sorted()
        let rest = folder.filter { !packageOnly.contains($0) }.sorted()
        #expect(served == rest, "served \(served), Capture/ has \(rest) besides the package's own files")
    }

    @Test(arguments: ["", "../Package.swift", "/etc/passwd", "index.html/", "INDEX.HTML", "package.json", "README.md"])
    func namesOutsideThePageAreNotFiles(_ name: String) {
        #expect(CapturePage.file(named: name) == nil)
    }
}
