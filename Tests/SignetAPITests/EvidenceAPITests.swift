import Foundation
import Signet
import SignetTestSupport
import Testing

/// Sealed handwriting evidence through the public API only, as docs/evidence.md shows it.
@Suite("Evidence through the public API")
struct EvidenceAPITests {
    let pki = TestPKI.shared

    @Test("sign with the strokes' record sealed, verify reports it bound, the examiner extracts the record")
    func signVerifyExtract() throws {
        let dir = TemporaryDirectory("api-evidence")
        let input = try TestPDF.write(to: dir.path("contract.pdf"))
        let output = dir.path("signed.pdf")
        let drawing = try StrokeFile.read(
            path: Corpus.packageRoot.appendingPathComponent("SampleStrokes/signet-amelia-reyes.json").path)
        let record = try ISO19794_7.encode(drawing)
        let evidence = HandwritingEvidence(record: record, examiner: try EvidenceExaminer(certificateAt: pki.ecCert))
        let identity = try SigningIdentity.pem(
            keyPath: pki.rsaKey, certificatePath: pki.rsaCert, chainPath: pki.chain, password: nil)
        try SignetAPI.sign(
            pdfAt: input, to: output, identity: identity, options: PDFSignOptions(signingTime: SignetAPICallTests.now),
            appearance: SignatureAppearance(artwork: .ink(Ink(drawing)), evidence: evidence))

        let report = try SignetAPI.verify(pdfAt: output, options: SignetAPICallTests.integrityOnly)
        #expect(
            report.signatures.first?.evidence?.status == .bound,
            "\(String(describing: report.signatures.first?.evidence))")
        // The envelope's recipient (issuer and serial), not the binding's label.
        #expect(
            report.signatures.first?.evidence?.examiner?.contains(" serial ") == true,
            "\(String(describing: report.signatures.first?.evidence?.examiner))")

        let key = try EvidenceKey.pem(keyPath: pki.ecKey, certificatePath: pki.ecCert, password: nil)
        let opened = try SignetAPI.extractEvidence(pdfAt: output, key: key)
        #expect(opened.count == 1 && opened[0].record == record, "\(opened.map(\.record.count)) of \(record.count)")
        #expect(opened.first?.binding.examiner == "O=Signet Tests,CN=Elliptic Signer")
        #expect(try ISO19794_7.decode(opened[0].record).strokes.count == drawing.strokes.count)
    }
}
