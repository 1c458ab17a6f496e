import Foundation
import SignetFiles
import SignetTestSupport
import Testing

@testable import SignetCrypto
@testable import SignetPDFSigning

/// Signing and verifying stay bounded: `/Contents` reserves when signing, CMS sizes and the
/// number of signatures when verifying.
@Suite("Signature limits")
struct SignatureLimitTests {
    let dir = TemporaryDirectory("container-limits")

    @Test("a --reserve over 1 MiB is refused before anything is written")
    func reserve() throws {
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let identity = try SigningIdentity.pkcs12(path: TestPKI.shared.rsaP12, password: Secret(TestPKI.password))
        let options = PDFSignOptions(signingTime: Date(), reserve: PDFSignOptions.maxReserve + 1)
        let error = #expect(throws: PDFSignError.self) {
            try PDFSigner.sign(input: input, output: dir.path("out.pdf"), identity: identity, options: options)
        }
        #expect(
            error?.message
                == "\(input): a signature container of 1048577 bytes is over the limit of 1048576 bytes; sign with fewer chain certificates, or lower PDFSignOptions.reserve."
        )
        #expect(!dir.contents().contains("out.pdf"))
    }

    @Test("a /Contents over 16 MiB is reported unreadable, not parsed")
    func verifyContainer() throws {
        // A signature field whose /Contents holds 16 MiB + 1 bytes (33 MB of hex).
        var pdf = RawPDFBuilder()
        let catalog = pdf.reserve(), pages = pdf.reserve(), page = pdf.reserve()
        let hex = String(repeating: "30", count: PDFVerifier.maxContainerBytes + 1)
        let signature = pdf.add(
            "<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /adbe.pkcs7.detached /ByteRange [0 10 20 30] /Contents <\(hex)> >>"
        )
        let field = pdf.add(
            "<< /FT /Sig /T (Big) /V \(signature) 0 R /Type /Annot /Subtype /Widget /Rect [0 0 0 0] /P \(page) 0 R >>")
        pdf.set(page, "<< /Type /Page /Parent \(pages) 0 R /MediaBox [0 0 612 792] /Annots [\(field) 0 R] >>")
        pdf.set(pages, "<< /Type /Pages /Kids [\(page) 0 R] /Count 1 >>")
        pdf.set(catalog, "<< /Type /Catalog /Pages \(pages) 0 R /AcroForm << /Fields [\(field) 0 R] /SigFlags 3 >> >>")
        let input = dir.write("big.pdf", bytes: pdf.build(root: catalog))
        let reports = try PDFVerifier.verify(path: input, password: nil, options: VerifyOptions(now: Date())).signatures
        #expect(reports.count == 1)
        #expect(reports.first?.valid == false)
        #expect(
            reports.first?.problems == [
                "its /Contents holds 16777217 bytes, over the limit of 16777216 bytes for a signature"
            ])
    }

    @Test("more than 1,000 signatures are refused before any is hashed")
    func tooManySignatures() throws {
        let input = dir.write("many.pdf", bytes: HostilePDFs.signatureFields(PDFVerifier.maxSignatures + 1))
        let error = #expect(throws: PDFSignError.self) {
            try PDFVerifier.verify(path: input, password: nil, options: VerifyOptions(now: Date())).signatures
        }
        #expect(
            error?.message
                == "\(input): holds 1001 signatures, over the limit of 1000 for one verification (each one hashes up to the whole file); check that this is the right file."
        )
        #expect(
            try PDFVerifier.verify(
                path: dir.write("few.pdf", bytes: HostilePDFs.signatureFields(3)), password: nil,
                options: VerifyOptions(now: Date())
            ).signatures.count == 3)
    }
}
