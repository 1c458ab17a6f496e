import SignetCore
import SignetTestSupport
import Testing

/// Library errors carry typed advice (``Advice``: an option property and what to do with it);
/// the CLI spells each property as its flag. These run real failing commands and read the one
/// stderr line: it must give the flags, never the library's property names.
@Suite("signet: advice in messages names flags")
struct FlagAdviceCLITests {
    /// Every library name of an option property (`RenderOptions.scale`), none of which a CLI
    /// user may see.
    static let libraryNames = OptionProperty.allCases.map(\.name).filter { $0.contains(".") }

    /// The library names `text` mentions.
    static func leaked(_ text: String) -> [String] { libraryNames.filter { text.contains($0) } }

    struct Case: Sendable, CustomTestStringConvertible {
        let label: String
        let arguments: [String]
        /// What the line must say, flags and all.
        let advice: String
        var testDescription: String { label }
    }

    static let renders: [Case] = [
        Case(
            label: "over the pixel limit", arguments: ["--scale", "300"],
            advice: "lower --scale or --dpi, or give --fit WxH."),
        Case(
            label: "ink shorter than the minimum", arguments: ["--min-ink-length", "5000"],
            advice: "shorter than --min-ink-length 5000"),
        Case(
            label: "--index beyond the drawings", arguments: ["--index", "3"],
            advice: "so --index 3 is out of range; use only --index 0."),
        Case(
            label: "--fit smaller than the padding", arguments: ["--fit", "10x10", "--padding", "8"],
            advice: "--fit must be larger than twice the padding"),
    ]

    @Test("render: the advice names the flags", arguments: renders)
    func render(_ c: Case) throws {
        let dir = TemporaryDirectory("flag-advice")
        let input = dir.write("sig.json", RenderCLITests.signature)
        let run = try ProcessRunner.signet(["render", input, "-o", dir.path("out.png")] + c.arguments)
        #expect(run.status == 2, "exit \(run.status): \(run.stderr)")
        #expect(run.stderr.contains(c.advice), "expected '\(c.advice)' in: \(run.stderr)")
        #expect(Self.leaked(run.stderr).isEmpty, "library names \(Self.leaked(run.stderr)) in: \(run.stderr)")
    }

    @Test("render: ink left of the canvas without cropping says to drop --no-crop")
    func inkOutsideCanvas() throws {
        let dir = TemporaryDirectory("flag-advice")
        let input = dir.write("neg.json", #"{"strokes":[{"points":[[-50,-40],[-10,-5]]}]}"#)
        let run = try ProcessRunner.signet(["render", input, "-o", dir.path("out.png"), "--no-crop"])
        #expect(run.status == 2, "exit \(run.status): \(run.stderr)")
        #expect(run.stderr.contains("drop --no-crop to crop to the ink"), "\(run.stderr)")
        #expect(Self.leaked(run.stderr).isEmpty, "library names \(Self.leaked(run.stderr)) in: \(run.stderr)")
    }

    @Test("compress: a budget out of reach without downscaling says to drop --no-resize")
    func budgetOutOfReach() throws {
        let dir = TemporaryDirectory("flag-advice")
        let input = dir.write("sig.json", RenderCLITests.signature)
        let png = dir.path("sig.png")
        let rendered = try ProcessRunner.signet(["render", input, "-o", png, "--scale", "4"])
        try #require(rendered.status == 0, "render: \(rendered.stderr)")
        let run = try ProcessRunner.signet([
            "compress", png, "-o", dir.path("small.jpg"), "--max-bytes", "200", "--no-resize",
        ])
        #expect(run.status == 1, "exit \(run.status): \(run.stderr)")
        #expect(run.stderr.contains("allow downscaling (drop --no-resize)"), "\(run.stderr)")
        #expect(run.stderr.contains("raise --max-bytes"), "\(run.stderr)")
        #expect(Self.leaked(run.stderr).isEmpty, "library names \(Self.leaked(run.stderr)) in: \(run.stderr)")
    }

    @Test("the library's names are what the scan looks for")
    func libraryNamesAreKnown() {
        #expect(Self.libraryNames.contains("RenderOptions.crop"), "\(Self.libraryNames)")
        #expect(Self.leaked("set RenderOptions.crop to true") == ["RenderOptions.crop"])
        #expect(Self.leaked("drop --no-crop").isEmpty)
    }
}
