import Foundation
import Signet
import SignetTestSupport
import Testing

/// docs/install.md's package that depends on Signet: its `main.swift` calls, run here through the
/// same public API, print the line the page says they print.
@Suite("docs/install.md's example package")
struct InstallExampleTests {
    @Test("the example's calls print the line docs/install.md shows")
    func printsWhatThePageSays() throws {
        let page = try String(contentsOf: Corpus.packageRoot.appendingPathComponent("docs/install.md"), encoding: .utf8)
        let code = try #require(
            page.firstMatch(of: /`hello-signet\/Sources\/HelloSignet\/main.swift`:\n+```\n([^`]*)```/)?.1,
            "docs/install.md no longer shows HelloSignet's main.swift")
        let calls = [
            #"let drawing = try StrokeFile.read(path: "../signet/SampleStrokes/signet-amelia-reyes.json")"#,
            "let png = try SignetAPI.render(drawing)",
            #"print("\(drawing.strokes.count) strokes → \(png.layout.width)×\(png.layout.height) px, \(png.bytes.count) bytes")"#,
        ]
        for call in calls {
            #expect(code.contains(call), "docs/install.md's main.swift no longer has \(call):\n\(code)")
        }
        let stated = try #require(
            page.firstMatch(of: /and prints `([^`]*)`/)?.1, "docs/install.md no longer says what it prints")
        let sample = Corpus.packageRoot.appendingPathComponent("SampleStrokes/signet-amelia-reyes.json").path
        let drawing = try StrokeFile.read(path: sample)
        let png = try SignetAPI.render(drawing)
        let printed =
            "\(drawing.strokes.count) strokes → \(png.layout.width)×\(png.layout.height) px, \(png.bytes.count) bytes"
        #expect(String(stated) == printed, "docs/install.md says it prints '\(stated)'; the calls give '\(printed)'")
    }
}
