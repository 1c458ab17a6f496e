import Foundation
import SignetFiles
import SignetPDF
import SignetTestSupport
import Testing

@testable import SignetCrypto
@testable import SignetPDFSigning
@testable import SignetVerify

/// Handwriting evidence sealed into a signature: valid in signet verify, pdfsig and pyHanko, covered
/// by the signature, readable by the examiner, and refused when bound to another document.
@Suite("Evidence sealed into signatures")
struct EvidenceSigningTests {
    let pki = TestPKI.shared
    let record: [UInt8] = Array("record stand-in ".utf8) + (0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 131) }

    /// Signs `input` into `output` with the evidence of `record` sealed for `examinerCert` (or,
    /// with `presealed`, those files placed as they are; with `examinerCert` nil, no evidence),
    /// by the identity in `p12`; `editing` changes the document in the signature's own update.
    @discardableResult
    func sign(
        _ input: String, _ output: String, examinerCert: String?, presealed: SealedEvidence? = nil,
        p12: String? = nil, editing: ((PDFDocument) throws -> Void)? = nil
    ) throws -> PDFSignResult {
        var evidence = try examinerCert.map {
            HandwritingEvidence(record: record, examiner: try EvidenceExaminer(certificateAt: $0))
        }
        evidence?.presealed = presealed
        return try PDFSigner.sign(
            input: input, output: output,
            identity: try .pkcs12(path: p12 ?? pki.rsaP12, password: Secret(TestPKI.password)),
            options: PDFSignOptions(signingTime: Date(), reason: "Approved"),
            appearance: SignatureAppearance(
                artwork: try StampArtwork.image(TestStamp.png(), name: "test stamp"), evidence: evidence),
            editing: editing.map { edit in
                { document -> SignatureAppearance? in
                    try edit(document)
                    return nil
                }
            })
    }

    func verify(_ path: String) throws -> [SignatureReport] {
        try PDFVerifier.verify(
            path: path, password: nil,
            options: VerifyOptions(now: Date(), anchors: try TrustAnchors(files: [pki.rootCert]))
        ).signatures
    }

    /// The embedded files' bytes as qpdf reads them (`--show-attachment` lists only the name tree,
    /// so the appearance's /AF is found by the evidence reader of the PDF stage).
    func sealed(in path: String) throws -> SealedEvidence {
        let document = try PDFDocument(path: path)
        let widget = try #require(try FormFields.all(in: document).first?.widget())
        return try #require(try EvidenceAttachment.read(from: .widget(widget)))
    }

    @Test(
        "signed with evidence: valid everywhere, the evidence line, openssl decrypts the record",
        arguments: [false, true])
    func signsWithEvidence(ecExaminer: Bool) throws {
        let dir = TemporaryDirectory("evidence-sign")
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let out = dir.path("signed.pdf")
        let examinerCert = ecExaminer ? pki.ecCert : pki.rsaCert
        let result = try sign(input, out, examinerCert: examinerCert)
        let signed = try Array(Data(contentsOf: URL(fileURLWithPath: out)))
        #expect(result.byteRange[2] + result.byteRange[3] == signed.count, "the signature covers the whole file")

        let report = try #require(try verify(out).first)
        #expect(report.valid, "\(report.problems)")
        #expect(report.evidence?.status == .bound, "\(String(describing: report.evidence))")
        #expect(report.evidence?.recipients.count == 1, "\(String(describing: report.evidence))")
        #expect(
            report.evidence?.line.contains("sealed for \(report.evidence?.recipients.first ?? "?"),") == true,
            "the envelope's recipient, not the binding's label: \(report.evidence?.line ?? "")")
        #expect(report.evidence?.line.contains("bound to this revision") == true)
        #expect(try SignatureCheckers.pdfsig(out).first?.validation == "Signature is Valid.")
        #expect(try ProcessRunner.run("qpdf", ["--check", out]).status == 0)
        if SignatureCheckers.hasPyhanko {
            let pyhanko = try SignatureCheckers.pyhanko(out, trust: pki.rootCert)
            #expect(pyhanko.stdoutText.contains("judged VALID"), "\(pyhanko.stdoutText) \(pyhanko.stderr)")
        }
        let evidence = try sealed(in: out)
        let envelope = dir.write("evidence.p7m", bytes: evidence.envelope)
        let decrypted = try ProcessRunner.run(
            "openssl",
            [
                "cms", "-decrypt", "-binary", "-inform", "DER", "-in", envelope, "-recip", examinerCert, "-inkey",
                ecExaminer ? pki.ecKey : pki.rsaKey,
            ])
        #expect(decrypted.status == 0, "\(decrypted.stderr)")
        #expect(decrypted.stdout.elementsEqual(record), "decrypted \(decrypted.stdout.count) bytes of \(record.count)")
        #expect(
            !signed.indices.dropLast(record.count).contains { signed[$0..<($0 + 16)].elementsEqual(record.prefix(16)) },
            "the record's first bytes appear nowhere in clear")
    }

    @Test("flipping one byte of the embedded envelope breaks the signature")
    func envelopeCovered() throws {
        let dir = TemporaryDirectory("evidence-flip")
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let out = dir.path("signed.pdf")
        _ = try sign(input, out, examinerCert: pki.rsaCert)
        var bytes = try Array(Data(contentsOf: URL(fileURLWithPath: out)))
        let envelope = try sealed(in: out).envelope
        let at = try #require(
            bytes.indices.first { bytes[$0..<min($0 + 64, bytes.count)].elementsEqual(envelope.prefix(64)) },
            "the envelope is stored as it is")
        bytes[at + envelope.count / 2] ^= 0x01
        let tampered = dir.write("tampered.pdf", bytes: bytes)
        let report = try #require(try verify(tampered).first)
        #expect(report.integrity == .broken && !report.valid, "\(report.integrity)")
        #expect(try SignatureCheckers.pdfsig(tampered).first?.validation != "Signature is Valid.")
        if SignatureCheckers.hasPyhanko {
            let pyhanko = try SignatureCheckers.pyhanko(tampered, trust: pki.rootCert)
            #expect(!pyhanko.stdoutText.contains("judged VALID"), "\(pyhanko.stdoutText)")
        }
    }

    @Test("evidence of document A in a valid signature over document B: verify says whose it is not")
    func boundElsewhere() throws {
        let dir = TemporaryDirectory("evidence-elsewhere")
        let a = try TestPDF.write(to: dir.path("a.pdf"), rotations: [0])
        let b = try TestPDF.write(to: dir.path("b.pdf"), rotations: [0, 90])
        let signedA = dir.path("signed-a.pdf"), signedB = dir.path("signed-b.pdf")
        _ = try sign(a, signedA, examinerCert: pki.rsaCert)
        _ = try sign(b, signedB, examinerCert: pki.rsaCert, presealed: try sealed(in: signedA))
        let report = try #require(try verify(signedB).first)
        #expect(report.valid, "the signature itself holds: \(report.problems)")
        #expect(report.evidence?.status == .otherDocument, "\(String(describing: report.evidence))")
        #expect(report.evidence?.line.contains("not this signature's") == true)
    }
}

extension EvidenceSigningTests {
    @Test(
        "extract opens the record with the examiner's key; refuses evidence bound to another document",
        arguments: [false, true])
    func extract(ecExaminer: Bool) throws {
        let dir = TemporaryDirectory("evidence-extract")
        let a = try TestPDF.write(to: dir.path("a.pdf"), rotations: [0])
        let b = try TestPDF.write(to: dir.path("b.pdf"), rotations: [0, 90])
        let signedA = dir.path("signed-a.pdf"), signedB = dir.path("signed-b.pdf")
        let cert = ecExaminer ? pki.ecCert : pki.rsaCert
        _ = try sign(a, signedA, examinerCert: cert)
        let key = try EvidenceKey.pem(
            keyPath: ecExaminer ? pki.ecKey : pki.rsaKey, certificatePath: cert, password: nil)
        let opened = try EvidenceExtractor.extract(
            source: try ReadableFile(path: signedA), password: nil, key: key, now: Date()
        ).opened
        #expect(opened.count == 1 && opened[0].record.elementsEqual(record) && opened[0].signature == 1)
        _ = try sign(b, signedB, examinerCert: cert, presealed: try sealed(in: signedA))
        let refused = #expect(throws: EvidenceError.self) {
            try EvidenceExtractor.extract(source: try ReadableFile(path: signedB), password: nil, key: key, now: Date())
        }
        #expect(refused?.reason == .boundToOtherDocument, "\(String(describing: refused))")
        #expect(refused?.message.contains("bound to another document") == true, "\(refused?.message ?? "")")
        let unsigned = #expect(throws: EvidenceError.self) {
            try EvidenceExtractor.extract(source: try ReadableFile(path: a), password: nil, key: key, now: Date())
        }
        #expect(unsigned?.reason == .noEvidence)
    }
}
