import Foundation
import SignetTestSupport
import Testing

/// The corpus file, and the note when it is absent.
enum RemovedPagesFile {
    static let path = Corpus.path("pdfs/dss/dss-pades/src/test/resources/validation/pdf-removed-pages.pdf")
    static var isAvailable: Bool { FileManager.default.fileExists(atPath: path) }
    static let missingNote =
        "skipped: the shared corpus's DSS file \(path) is absent (set SIGNET_CORPUS to point at it)"
}

/// EU DSS's `pdf-removed-pages.pdf`: signed with three pages, then saved again with pages 1 and 3
/// removed (its page 2, object 6, is now page 1). `signet stamp` judges the stamp on the pages the
/// output has, and `verify` reads the stamped file: an annotation is compared on the page that
/// shows it now, never on a page number only an earlier revision had.
@Suite(
    "signet stamp on a signed PDF whose last save removed pages (process)",
    .enabled(if: RemovedPagesFile.isAvailable, Comment(rawValue: RemovedPagesFile.missingNote)))
struct StampRemovedPagesCLITests {
    static let file = RemovedPagesFile.path

    /// What a temporary file's name holds: an output's (`.out.pdf.signet-…`) or a copy's
    /// (`signet-copy-…`, `signet-stdin-…`).
    static let temporaryNames = [".signet-", "signet-copy-", "signet-stdin-"]

    func expectNoTemporaryPath(_ text: String, _ what: String) {
        for name in Self.temporaryNames {
            #expect(!text.contains(name), "\(what) shows a temporary file (\(name)): \(text)")
        }
    }

    @Test("the stamp is judged on the page the output has, written, shown, and verify reads the result")
    func stampAndVerify() throws {
        let dir = TemporaryDirectory("cli-stamp-removed-pages")
        let stamp = dir.write("stamp.png", bytes: TestStamp.png())
        let out = dir.path("out.pdf")
        let r = try ProcessRunner.signet([
            "stamp", Self.file, "-o", out, "--image", stamp, "--pages", "1", "--units", "%", "--at", "10,10",
            "--width", "25",
        ])
        expectNoTemporaryPath(r.stderr + r.stdoutText, "signet stamp")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdoutText.contains("(as a Stamp annotation, appended as an incremental update"), "\(r.stdoutText)")
        #expect(
            try StampLocator.locate(pdf: out, page: 1, baseline: Self.file) != nil,
            "pdftoppm shows the stamp on page 1 of \(out)")

        // The signature was already not valid (the page tree changed after it); verify says so and
        // names the stamp on page 1, the page that shows it now (it was page 2 when signed).
        let verdict = try ProcessRunner.signet(["verify", out, "--no-trust"])
        expectNoTemporaryPath(verdict.stderr + verdict.stdoutText, "signet verify")
        #expect(verdict.status == 3, "\(verdict.stderr)")
        #expect(verdict.stderr.contains("page tree changed"), "\(verdict.stderr)")
        #expect(verdict.stdoutText.contains("Stamp annotation added on page 1"), "\(verdict.stdoutText)")
    }

    @Test("the file on standard input, a page it does not have: the refusal names standard input, not the copy")
    func refusalFromStandardInput() throws {
        let dir = TemporaryDirectory("cli-stamp-removed-pages-stdin")
        let stamp = dir.write("stamp.png", bytes: TestStamp.png())
        let out = dir.path("out.pdf")
        let input = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.file)))
        let r = try ProcessRunner.signet(["stamp", "-", "-o", out, "--image", stamp, "--pages", "2"], stdin: input)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("standard input: page 2 is out of range (the document has 1 page)"), "\(r.stderr)")
        expectNoTemporaryPath(r.stderr, "signet stamp")
        #expect(dir.contents().sorted() == ["stamp.png"], "nothing written: \(dir.contents())")
    }
}
