import Foundation
import SignetTestSupport
import Testing

/// `signet stamp` on bad input, run as a real process: exit 2, one clear sentence on stderr,
/// no output file left behind, the input unchanged.
@Suite("signet stamp: bad input")
struct StampBadInputTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var label: String
        /// Writes the input PDF into the folder and returns its path.
        var input: @Sendable (TemporaryDirectory) throws -> String
        var extra: [String] = []
        var environment: [String: String] = [:]
        var message: String
        var needsCorpus = false
        var testDescription: String { label }
    }

    static func corpus(_ file: String) -> @Sendable (TemporaryDirectory) throws -> String {
        { dir in
            let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: Corpus.path("pdfs/" + file))))
            return dir.write((file as NSString).lastPathComponent, bytes: bytes)
        }
    }

    static let minimal = GeometryFixture.document(pageCount: 1)

    static let cases: [Case] = [
        Case(label: "not a PDF", input: { $0.write("notes.pdf", "just some text, not a PDF\n") }, message: "not a PDF"),
        Case(label: "empty file", input: { $0.write("empty.pdf", bytes: []) }, message: "not a PDF"),
        Case(
            label: "truncated", input: { $0.write("cut.pdf", bytes: Array(minimal.prefix(minimal.count / 2))) },
            message: "truncated"),
        Case(
            label: "missing page", input: { $0.write("missing.pdf", bytes: MissingPagePDF.bytes) },
            message: "page 2 is missing"),
        Case(
            label: "page out of range", input: { $0.write("one.pdf", bytes: minimal) }, extra: ["--pages", "3"],
            message: "page 3 is out of range"),
        Case(
            label: "stamp larger than the page", input: { $0.write("one.pdf", bytes: minimal) },
            extra: ["--width", "2000"],
            message: "larger than the page"),
        Case(
            label: "stamp reaching outside the page", input: { $0.write("one.pdf", bytes: minimal) },
            extra: ["--at", "500,10", "--width", "200"],
            message: "reaches outside the page"),
        Case(
            label: "bad page list", input: { $0.write("one.pdf", bytes: minimal) }, extra: ["--pages", "2-x"],
            message: "page selection"),
        Case(
            label: "page tree loop", input: corpus("qpdf/pages-loop.pdf"), message: "loops back on itself",
            needsCorpus: true),
        Case(
            label: "damaged beyond repair", input: corpus("qpdf/recover-xref-stream.pdf"),
            message: "damaged beyond repair", needsCorpus: true),
        Case(
            label: "no password for an encrypted file", input: corpus("qpdf/20-pages.pdf"), message: "needs a password",
            needsCorpus: true),
        Case(
            label: "wrong password", input: corpus("qpdf/20-pages.pdf"), extra: ["--password-env", "PW"],
            environment: ["PW": "nope"],
            message: "password is wrong", needsCorpus: true),
        Case(
            label: "unset password variable", input: corpus("qpdf/20-pages.pdf"),
            extra: ["--password-env", "UNSET_SIGNET_PW"],
            message: "is not set", needsCorpus: true),
        Case(
            label: "incremental on a reconstructed file", input: corpus("pdfjs/helloworld-bad.pdf"),
            extra: ["--incremental", "--width", "50"],
            message: "reconstruct", needsCorpus: true),
        Case(
            label: "rewrite of a signed file", input: corpus("pdfjs/signed_verified.pdf"), extra: ["--rewrite"],
            message: "--break-signatures", needsCorpus: true),
    ]

    @Test("exit 2, one sentence, nothing written, input unchanged", arguments: cases.filter { !$0.needsCorpus })
    func refused(_ c: Case) throws {
        try check(c)
    }

    /// The cases on copies of corpus files: skipped, with the corpus's note, when it is absent.
    @Test(
        "exit 2, one sentence, nothing written, input unchanged (corpus files)",
        .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.missingNote)), arguments: cases.filter(\.needsCorpus))
    func refusedCorpus(_ c: Case) throws {
        try check(c)
    }

    private func check(_ c: Case) throws {
        let dir = TemporaryDirectory("stamp-bad")
        let input = try c.input(dir)
        let stamp = dir.write("stamp.png", bytes: TestStamp.png(width: 60, height: 20))
        let before = try Data(contentsOf: URL(fileURLWithPath: input))
        let files = dir.contents()
        var environment = ProcessInfo.processInfo.environment
        environment.merge(c.environment) { $1 }
        let r = try ProcessRunner.signet(
            ["stamp", input, "-o", dir.path("out.pdf"), "--image", stamp] + c.extra, environment: environment)
        #expect(CLIRefusal.problems(r, command: "stamp", message: c.message, folder: dir, before: files) == [])
        #expect(
            byteDifference(try Data(contentsOf: URL(fileURLWithPath: input)), before) == nil,
            "the input must not change")
    }

    @Test(
        "usage errors",
        arguments: [
            (["--image", "x.png", "--strokes", "y.json"], "either --image or --strokes"),
            ([], "--image FILE or --strokes FILE"),
            (["--image", "x.png", "--password", "secret"], "unknown option --password"),
            (["--image", "x.png", "--size", "10x10", "--width", "5"], "either --size or --width"),
            (["--image", "x.png", "--incremental", "--rewrite"], "either --incremental or --rewrite"),
            (["--image", "x.png", "--opacity", "1.5"], "--opacity must be between 0 and 1"),
            (["--image", "x.png", "--units", "cm"], "--units must be one of"),
        ])
    func usage(_ extra: [String], _ message: String) throws {
        let dir = TemporaryDirectory("stamp-usage")
        let input = dir.write("in.pdf", bytes: Self.minimal)
        let r = try ProcessRunner.signet(["stamp", input, "-o", dir.path("out.pdf")] + extra)
        #expect(r.status == 2)
        #expect(r.stderr.contains(message), "\(r.stderr)")
        #expect(!dir.contents().contains("out.pdf"))
    }

    @Test("an image in no format Signet reads, and one it knows by name")
    func notAnImage() throws {
        let dir = TemporaryDirectory("stamp-image")
        let input = dir.write("in.pdf", bytes: Self.minimal)
        let image = dir.write("stamp.png", "a signature, in words")
        let r = try ProcessRunner.signet(["stamp", input, "-o", dir.path("out.pdf"), "--image", image])
        #expect(r.status == 2)
        #expect(r.stderr.contains("not a PNG, JPEG, TIFF, GIF or WebP image"), "\(r.stderr)")
        let avif = dir.write(
            "stamp.avif", bytes: [0, 0, 0, 20] + Array("ftypavif".utf8) + [0, 0, 0, 0] + Array("avif".utf8))
        let named = try ProcessRunner.signet(["stamp", input, "-o", dir.path("out.pdf"), "--image", avif])
        #expect(named.status == 2 && named.stderr.contains("AVIF is not supported"), "\(named.stderr)")
        #expect(!dir.contents().contains("out.pdf"))
    }
}

/// A two-page document whose second page is a reference to an object that does not exist.
enum MissingPagePDF {
    static var bytes: [UInt8] {
        var pdf = RawPDFBuilder()
        let catalog = pdf.reserve(), pages = pdf.reserve()
        let content = pdf.addStream("", Array("BT ET".utf8))
        let page = pdf.add("<< /Type /Page /Parent \(pages) 0 R /Contents \(content) 0 R >>")
        pdf.set(pages, "<< /Type /Pages /Kids [\(page) 0 R 99 0 R] /Count 2 /MediaBox [0 0 612 792] >>")
        pdf.set(catalog, "<< /Type /Catalog /Pages \(pages) 0 R >>")
        return pdf.build(root: catalog)
    }
}
