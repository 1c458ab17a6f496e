import Foundation
import SignetTestSupport
import Testing

/// `signet preview` run as a real process: exit codes, messages, files written or not.
@Suite("signet preview (CLI)")
struct PreviewCommandTests {
    static let fixtures = TemporaryDirectory("preview-cli-input")
    let folder = TemporaryDirectory("preview-cli")
    static let fixture = fixtures.write("fixture.pdf", bytes: GeometryFixture.document())

    /// Width and height from a PNG's IHDR chunk.
    static func pngSize(_ path: String) throws -> (Int, Int) {
        let bytes = try #require(FileManager.default.contents(atPath: path).map(Array.init))
        try #require(bytes.count > 24 && bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        func be(_ i: Int) -> Int { bytes[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (be(16), be(20))
    }

    @Test("one page at the default 150 dpi, UserUnit 2 honoured")
    func onePage() throws {
        let out = folder.path("p15.png")
        let r = try ProcessRunner.signet(["preview", Self.fixture, "-o", out, "--page", "15"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Self.pngSize(out) == (1250, 958), "600 x 460 pt displayed at 150 dpi")
        #expect(r.stdoutText.contains("page 15 of \(Self.fixture) → \(out) (1250×958 px at 150 dpi, page 600 × 460 pt"))
    }

    @Test("--width with --json")
    func json() throws {
        let out = folder.path("p13.png")
        let r = try ProcessRunner.signet([
            "preview", Self.fixture, "-o", out, "--page", "13", "--width", "325", "--json",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout)) as? [String: Any])
        let page = try #require((object["pages"] as? [[String: Any]])?.first)
        #expect(page["width"] as? Int == 325 && page["height"] as? Int == 225)
        #expect(page["displayed_width_pt"] as? Double == 650 && object["page_count"] as? Int == 22)
    }

    @Test("--all --output-dir writes every page, creating the folder")
    func all() throws {
        let dir = folder.path("all/nested")
        let r = try ProcessRunner.signet(["preview", Self.fixture, "--all", "--output-dir", dir, "--height", "100"])
        #expect(r.status == 0, "\(r.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(names == (1...22).map { String(format: "fixture-%02d.png", $0) })
        #expect(try Self.pngSize(dir + "/fixture-02.png") == (129, 100), "792 x 612 landscape")
    }

    @Test("-o - writes the PNG to standard output, and - reads the PDF from standard input")
    func standardStreams() throws {
        let pdf = try #require(FileManager.default.contents(atPath: Self.fixture))
        let r = try ProcessRunner.signet(
            ["preview", "-", "-o", "-", "--page", "3", "--width", "100"], stdin: Array(pdf))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(r.stderr.contains("page 3 of - → standard output (100×77 px"))
    }

    struct BadCase: Sendable, CustomTestStringConvertible {
        var name: String
        var arguments: [String]
        var environment: [String: String] = [:]
        var message: String
        var testDescription: String { name }
    }

    static let badCases: [BadCase] = [
        BadCase(name: "not a PDF", arguments: ["NOTES", "-o", "OUT"], message: "not a PDF (no %PDF- header"),
        BadCase(
            name: "page out of range", arguments: ["FIXTURE", "-o", "OUT", "--page", "30"],
            message: "there is no page 30: the PDF has 22 pages; pick --pages 1 to 22."),
        BadCase(
            name: "pixel limit", arguments: ["FIXTURE", "-o", "OUT", "--dpi", "9000"],
            message: "page 1 would render at 74409.5×105236.3 pixels, over the limit of 25000000 pixels"),
        BadCase(name: "no output", arguments: ["FIXTURE"], message: "say where the PNG goes"),
        BadCase(
            name: "dpi and width", arguments: ["FIXTURE", "-o", "OUT", "--dpi", "72", "--width", "10"],
            message: "give --dpi or --width/--height, not both"),
        BadCase(name: "all without folder", arguments: ["FIXTURE", "--all"], message: "--all needs --output-dir DIR"),
        BadCase(
            name: "unset password variable", arguments: ["FIXTURE", "-o", "OUT", "--password-env", "SIGNET_NOT_SET"],
            message: "SIGNET_NOT_SET"),
    ]

    @Test("bad input: exit 2, one sentence, the existing output untouched", arguments: badCases)
    func badInput(_ c: BadCase) throws {
        let notes = folder.write("notes.txt", "not a pdf\n")
        let out = folder.write("kept-\(c.name.replacingOccurrences(of: " ", with: "-")).png", "previous contents")
        let argv = ["preview"] + c.arguments.map { ["NOTES": notes, "FIXTURE": Self.fixture, "OUT": out][$0] ?? $0 }
        let r = try ProcessRunner.signet(argv, environment: c.environment.isEmpty ? nil : c.environment)
        #expect(CLIRefusal.problems(r, command: "preview", message: c.message) == [])
        #expect(
            String(decoding: FileManager.default.contents(atPath: out) ?? Data(), as: UTF8.self) == "previous contents")
        #expect(!folder.contents().contains { $0.hasPrefix(".kept-") }, "no temporary file left behind")
    }

    @Test(
        "encrypted input: password from the environment or a file, wrong password refused",
        .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.missingNote)))
    func passwords() throws {
        let pdf = Corpus.path("pdfs/qpdf/enc-XI-R6,V5,U=view,O=master.pdf")
        let out = folder.path("enc.png")
        let none = try ProcessRunner.signet(["preview", pdf, "-o", out])
        #expect(
            none.status == 2
                && none.stderr.contains("the file is encrypted and needs a password; give it with --password-env VAR"))
        let wrong = try ProcessRunner.signet(
            ["preview", pdf, "-o", out, "--password-env", "PW"], environment: ["PW": "nope"])
        #expect(wrong.status == 2 && wrong.stderr.contains("the password is wrong"))
        #expect(!FileManager.default.fileExists(atPath: out))
        let file = folder.write("pw.txt", "view\n")
        chmod(file, 0o600)  // a private password file, so no warning (which names the folder) is printed
        let right = try ProcessRunner.signet([
            "preview", pdf, "-o", out, "--password-file", file, "--page", "30", "--width", "50",
        ])
        #expect(right.status == 0, "\(right.stderr)")
        #expect(!right.stderr.contains("view") && !right.stdoutText.contains("view\n"), "the password is never printed")
    }
}
