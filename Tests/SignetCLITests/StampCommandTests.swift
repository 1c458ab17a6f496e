import Foundation
import SignetTestSupport
import Testing

/// `signet stamp` as a real process: what it prints, what it writes, and its options.
@Suite("signet stamp")
struct StampCommandTests {
    static let input = GeometryFixture.document(pageCount: 3)

    func json(_ r: ProcessResult) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(r.stdout)) as? [String: Any], "\(r.stdoutText) \(r.stderr)")
    }

    @Test("--json reports input, output, mode, pages, bytes added and each page's user-space rectangle")
    func jsonReport() throws {
        let dir = TemporaryDirectory("stamp-json")
        let input = dir.write("in.pdf", bytes: Self.input)
        let stamp = dir.write("stamp.png", bytes: TestStamp.png())
        let output = dir.path("out.pdf")
        let r = try ProcessRunner.signet([
            "stamp", input, "-o", output, "--image", stamp, "--pages", "all",
            "--at", "72,72", "--width", "150", "--json",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let object = try json(r)
        #expect(
            Set(object.keys) == [
                "input", "output", "mode", "form", "pages_stamped", "bytes_added", "per_page", "warnings", "hidden",
            ])
        #expect((object["hidden"] as? [Any])?.isEmpty == true, "no annotation hides the stamp")
        #expect(object["mode"] as? String == "rewrite")
        #expect(object["pages_stamped"] as? Int == 3)
        let size = try Data(contentsOf: URL(fileURLWithPath: output)).count
        #expect(object["bytes_added"] as? Int == size - Self.input.count)
        let pages = try #require(object["per_page"] as? [[String: Any]])
        #expect(pages.map { $0["page"] as? Int } == [1, 2, 3])
        // Page 1 is A4 portrait: 72 pt from the left and the top, 150 × 50 pt.
        let rect = try #require(pages[0]["rect_user_space"] as? [Double])
        #expect(
            rect.count == 4 && abs(rect[0] - 72) < 0.01 && abs(rect[2] - 222) < 0.01
                && abs(rect[3] - (841.89 - 72)) < 0.01, "\(rect)")
        #expect(!r.stderr.contains("\r"), "no progress bar when stderr is not a terminal")
    }

    @Test("a human summary line without --json")
    func summary() throws {
        let dir = TemporaryDirectory("stamp-summary")
        let input = dir.write("in.pdf", bytes: Self.input)
        let stamp = dir.write("stamp.png", bytes: TestStamp.png())
        let r = try ProcessRunner.signet(["stamp", input, "-o", dir.path("out.pdf"), "--image", stamp])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdoutText.hasPrefix("stamped page 3 of \(input) into \(dir.path("out.pdf")) (rewritten, "),
            "\(r.stdoutText)")
    }

    @Test("-o - writes the PDF to standard output")
    func toStdout() throws {
        let dir = TemporaryDirectory("stamp-stdout")
        let input = dir.write("in.pdf", bytes: Self.input)
        let stamp = dir.write("stamp.png", bytes: TestStamp.png())
        let r = try ProcessRunner.signet(["stamp", input, "-o", "-", "--image", stamp, "--incremental"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(Array(r.stdout.prefix(Self.input.count)) == Self.input)
        let written = dir.write("out.pdf", bytes: r.stdout)
        #expect(try QPDFTool.check(written).isClean)
        #expect(r.stderr.contains("stamped page 3"), "the summary goes to stderr when stdout carries the PDF")
    }

    @Test("- reads the PDF from standard input; nothing is left in the temporary folder")
    func fromStdin() throws {
        let dir = TemporaryDirectory("stamp-stdin")
        let stamp = dir.write("stamp.png", bytes: TestStamp.png())
        let output = dir.path("out.pdf")
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = dir.path("")
        let r = try ProcessRunner.signet(
            ["stamp", "-", "-o", output, "--image", stamp, "--incremental", "--json"],
            stdin: Self.input, environment: environment)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try json(r)["input"] as? String == "-")
        #expect(
            byteDifference(
                try Array(Data(contentsOf: URL(fileURLWithPath: output)).prefix(Self.input.count)), Self.input) == nil)
        #expect(dir.contents() == ["out.pdf", "stamp.png"], "the spooled copy of standard input is removed")
        let bad = try ProcessRunner.signet(["info", "-"], stdin: Array("not a pdf".utf8), environment: environment)
        #expect(bad.status == 2 && bad.stderr.contains("standard input: not a PDF"), "\(bad.stderr)")
    }

    @Test(
        "--password-file opens an encrypted file and the output keeps its encryption",
        .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.missingNote)))
    func passwordFile() throws {
        let dir = TemporaryDirectory("stamp-password")
        let password = dir.write("pw.txt", "view\n")
        let stamp = dir.write("stamp.png", bytes: TestStamp.png())
        let output = dir.path("out.pdf")
        // A neutral name: the corpus file's name contains the password.
        let input = dir.write(
            "in.pdf",
            bytes: try Array(
                Data(contentsOf: URL(fileURLWithPath: Corpus.path("pdfs/qpdf/enc-XI-R6,V5,U=view,O=master.pdf")))))
        let r = try ProcessRunner.signet([
            "stamp", input, "-o", output,
            "--image", stamp, "--password-file", password,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stderr.contains("view") && !r.stdoutText.contains("view"), "the password never shows")
        let info = try ProcessRunner.run("qpdf", ["--show-encryption", "--password=view", output])
        #expect(info.stdoutText.contains("R = 6"), "\(info.stdoutText)")
        let locked = try ProcessRunner.run("qpdf", ["--check", output])
        #expect(locked.status == 2, "without the password the output cannot be opened")
    }

    @Test(
        "a damaged file is stamped as a repaired copy, with a note",
        .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.missingNote)))
    func damagedWarns() throws {
        let dir = TemporaryDirectory("stamp-damaged")
        let stamp = dir.write("stamp.png", bytes: TestStamp.png())
        let output = dir.path("out.pdf")
        let r = try ProcessRunner.signet([
            "stamp", Corpus.path("pdfs/pdfjs/helloworld-bad.pdf"), "-o", output, "--image", stamp, "--width", "60",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stderr.contains(
                "note: \(Corpus.path("pdfs/pdfjs/helloworld-bad.pdf")) was damaged (qpdf had to reconstruct"),
            "the note on stderr: \(r.stderr)")
        #expect(try QPDFTool.check(output).isClean)
    }

    @Test(
        "--strokes embeds vector ink: no image, a few KB",
        .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.missingNote)))
    func strokes() throws {
        let dir = TemporaryDirectory("stamp-strokes")
        let input = dir.write("in.pdf", bytes: Self.input)
        let output = dir.path("out.pdf")
        let r = try ProcessRunner.signet([
            "stamp", input, "-o", output, "--strokes", Corpus.path("strokes/svc2004/U13S27.TXT"),
            "--incremental", "--json",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let added = try #require(try json(r)["bytes_added"] as? Int)
        #expect(added < 8000, "\(added) bytes for a vector signature")
        let objects = try ProcessRunner.run("qpdf", ["--json", "--json-key=qpdf", output])
        #expect(!objects.stdoutText.contains("/Subtype\": \"/Image"), "vector ink, no image XObject")
        #expect(objects.stdoutText.contains("/Subtype\": \"/Form"))
    }

    @Test("--opacity and --blend go into an ExtGState")
    func opacityAndBlend() throws {
        let dir = TemporaryDirectory("stamp-opacity")
        let input = dir.write("in.pdf", bytes: Self.input)
        let stamp = dir.write("stamp.png", bytes: TestStamp.png())
        let output = dir.path("out.pdf")
        let r = try ProcessRunner.signet([
            "stamp", input, "-o", output, "--image", stamp, "--opacity", "0.5", "--blend", "multiply",
            "--at", "100,100", "--width", "300", "--incremental",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let bytes = try String(decoding: Data(contentsOf: URL(fileURLWithPath: output)), as: UTF8.self)
        #expect(bytes.contains("/BM /Multiply") && bytes.contains("/ca 0.5"))
        // Red at half opacity over white paper renders pink, not red.
        let page = try Pdftoppm.render(pdf: output, page: 3, dpi: 72)
        let (x, y) = (100 + 40, 100 + 20)  // inside the red quarter
        let i = (y * page.width + x) * 3
        #expect(
            page.rgb[i] > 240 && page.rgb[i + 1] > 100 && page.rgb[i + 1] < 155,
            "\(page.rgb[i]) \(page.rgb[i + 1]) \(page.rgb[i + 2])")
    }
}
