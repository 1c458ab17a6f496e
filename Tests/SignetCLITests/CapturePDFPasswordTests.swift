import Foundation
import SignetTestSupport
import Testing

/// `signet capture --pdf` on an encrypted PDF: the password options of `sign` open it for the
/// page shown (signet-preview gets it on its standard input) and for the stamp, which keeps the
/// encryption. The signer is played by Python posting the strokes as the page would (`CaptureSigner`).
@Suite("CLI: capture --pdf of an encrypted PDF")
struct CapturePDFPasswordTests {
    @Test("--pdf-password-stdin opens the page and the stamp; the output stays encrypted")
    func encryptedPage() throws {
        if let missing = CaptureSigner.previewMissing { return print(missing) }
        let dir = TemporaryDirectory("capture-encrypted")
        let input = try PDFPasswordCLITests.encrypted(PDFPasswordCLITests.cases[3], in: dir)
        let out = dir.path("signed.pdf")
        let refused = try ProcessRunner.signet(["capture", "--pdf", input, "-o", out, "--timeout", "5"])
        #expect(
            CLIRefusal.problems(
                refused, command: "capture",
                message:
                    "\(input): the PDF is encrypted and needs a password; give it with --pdf-password-env VAR, --pdf-password-file FILE or --pdf-password-stdin"
            ) == [])
        let run = try CaptureSigner.run(
            ["capture", "--pdf", input, "-o", out, "--pdf-password-stdin", "--timeout", "120"], stdin: "view\n")
        #expect(run.status == 0, "signet capture: \(run)")
        #expect(!run.stderr.contains("view\n"), "the password is never printed")
        let opened = try ProcessRunner.run("qpdf", ["--password=view", "--check", out])
        #expect(opened.status == 0, "qpdf --check with the password: \(opened.stdoutText) \(opened.stderr)")
        let locked = try ProcessRunner.run("qpdf", ["--check", out])
        #expect(locked.status != 0, "the output still needs the password")
    }
}
