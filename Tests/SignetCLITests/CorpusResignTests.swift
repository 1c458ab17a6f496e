import Foundation
import SignetTestSupport
import Testing

/// Every already-signed (README B4) and form (B5) PDF of the corpus signed again: the new
/// signature is valid for pdfsig and every earlier signature keeps the verdict it had.
@Suite(
    "CLI: signing the corpus's signed and form PDFs again",
    .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.missingNote)))
struct CorpusResignTests {
    let pki = TestPKI.shared

    static let signedAndForms = [
        "qpdf/digitally-signed.pdf", "pdfjs/signed_verified.pdf", "pdfjs/issue16553.pdf",
        "pyhanko/minimal-two-fields-signed-twice.pdf", "pyhanko/ed448-shake256-nolen.pdf", "endesive/pdf-acrobat.pdf",
        "endesive/test-signed-cms-hsm-Google.pdf", "node-signpdf/signed-twice.pdf",
        "node-signpdf/incrementally_signed.pdf",
        "node-signpdf/with-placeholder.pdf", "pyhanko/minimal-two-fields.pdf", "pyhanko/minimal-with-field.pdf",
        "pyhanko/simple-acroform-states.pdf", "endesive/blank_form.pdf", "qpdf/form-filled-by-acrobat.pdf",
        "pdfjs/form_two_pages.pdf", "pdfjs/xfa_issue14315.pdf", "py-pdf-sample-files/libreoffice-form.pdf",
        "py-pdf-sample-files/pdflatex-forms.pdf", "node-signpdf/formexample.pdf", "pdfjs/prefilled_f1040.pdf",
        // Signed and encrypted (empty user password): re-signed in place, the update encrypted with its key.
        "pdfjs/issue17069.pdf",
    ]

    /// Files that must be refused, with the reason in the message.
    static let refused = [
        ("pyhanko/certified-with-indirect-refs-in-dir.pdf", "DocMDP P=1"),
        ("endesive/pdf-adobe-webcapture-x509.rsa_sha1.pdf", "DocMDP P=1"),
    ]

    @Test("signed again, earlier signatures keep their verdict", arguments: signedAndForms)
    func resign(_ file: String) throws {
        let dir = TemporaryDirectory()
        let input = Corpus.path("pdfs/" + file)
        let before = try SignatureCheckers.pdfsig(input).map(\.validation)
        let out = dir.path("resigned.pdf")
        let result = try ProcessRunner.signet([
            "sign", input, "-o", out, "--key", pki.ecKey, "--cert", pki.ecCert, "--chain", pki.chain,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let after = try SignatureCheckers.pdfsig(out)
        #expect(after.map(\.validation) == before + ["Signature is Valid."])
        #expect(after.last?.totalDocumentSigned == true)
        let inputBytes = try Data(contentsOf: URL(fileURLWithPath: input))
        #expect(
            byteDifference(try Data(contentsOf: URL(fileURLWithPath: out)).prefix(inputBytes.count), inputBytes) == nil)
    }

    @Test("refused with a clear reason", arguments: refused)
    func refuse(_ file: String, reason: String) throws {
        let dir = TemporaryDirectory()
        let result = try ProcessRunner.signet(
            ["sign", Corpus.path("pdfs/" + file), "-o", dir.path("out.pdf"), "--key", pki.ecKey, "--cert", pki.ecCert])
        #expect(result.status == 2)
        #expect(result.stderr.contains(reason), "\(result.stderr)")
        #expect(dir.contents().isEmpty)
    }
}
