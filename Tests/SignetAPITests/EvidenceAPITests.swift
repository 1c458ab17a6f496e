import Foundation
import Signet
import SignetTestSupport
import Testing

/// Sealed handwriting evidence through the public API only, as docs/evidence.md shows it.
@Suite("Evidence through the public API")
struct EvidenceAPITests {
    let pki = TestPKI.shared

    /// What each test signs: a contract in a folder of its own, the sample strokes, the RSA signer.
    struct Setup {
        let dir: TemporaryDirectory
        let input: String
        let output: String
        let drawing: Drawing
        let identity: SigningIdentity
    }

    func setup(_ name: String) throws -> Setup {
        let dir = TemporaryDirectory(name)
        return Setup(
            dir: dir, input: try TestPDF.write(to: dir.path("contract.pdf")), output: dir.path("signed.pdf"),
            drawing: try StrokeFile.read(
                path: Corpus.packageRoot.appendingPathComponent("SampleStrokes/signet-amelia-reyes.json").path),
            identity: try SigningIdentity.pem(
                keyPath: pki.rsaKey, certificatePath: pki.rsaCert, chainPath: pki.chain, password: nil))
    }

    @Test("sign with the strokes' record sealed, verify reports it bound, the examiner extracts the record")
    func signVerifyExtract() throws {
        let given = try setup("api-evidence")
        let (_, input, output, drawing, identity) = (
            given.dir, given.input, given.output, given.drawing, given.identity
        )
        let record = try ISO19794_7.encode(drawing)
        let evidence = HandwritingEvidence(record: record, examiner: try EvidenceExaminer(certificateAt: pki.ecCert))
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

    @Test(
        "the examiner's two outputs: in memory the record as sealed and its strokes, on files 0600 and the same bytes")
    func evidenceFiles() throws {
        let given = try setup("api-evidence-files")
        let (dir, input, output, drawing, identity) = (
            given.dir, given.input, given.output, given.drawing, given.identity
        )
        let record = try ISO19794_7.encode(drawing)
        try SignetAPI.sign(
            pdfAt: input, to: output, identity: identity, options: PDFSignOptions(signingTime: SignetAPICallTests.now),
            appearance: SignatureAppearance(
                artwork: .ink(Ink(drawing)),
                evidence: HandwritingEvidence(record: record, examiner: try EvidenceExaminer(certificateAt: pki.ecCert))
            ))
        let key = try EvidenceKey.pem(keyPath: pki.ecKey, certificatePath: pki.ecCert, password: nil)
        let opened = try #require(try SignetAPI.extractEvidence(pdfAt: output, key: key).first)

        let files = try SignetAPI.evidenceFiles(opened, name: "signed.pdf, signature 1")
        #expect(files.record == record, "the record as sealed: \(files.record.count) of \(record.count) bytes")
        let recordPath = dir.path("sig.iso")
        let strokesPath = dir.path("sig.json")
        let written = try SignetAPI.writeEvidence(opened, recordTo: recordPath, strokesTo: strokesPath)
        #expect(written == files)
        for (path, bytes) in [(recordPath, files.record), (strokesPath, files.strokes)] {
            let onDisk = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(onDisk == bytes, "\(path): \(onDisk.count) bytes written, \(bytes.count) returned")
            let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
            #expect(mode == 0o600, "\(path) is created 0600, not \(String(mode ?? 0, radix: 8))")
        }
        // The strokes read back as the record decodes: same strokes, samples and times.
        let strokes = try StrokeFile.read(path: strokesPath)
        let decoded = try ISO19794_7.decode(record)
        #expect(strokes.strokes.count == drawing.strokes.count, "\(strokes.strokes.count) of \(drawing.strokes.count)")
        #expect(
            strokes.strokes.map(\.samples.count) == decoded.strokes.map(\.samples.count),
            "\(strokes.strokes.map(\.samples.count)) vs \(decoded.strokes.map(\.samples.count))")
        // Every sample where the record puts it, to the precision the JSON shows.
        let pairs = zip(strokes.strokes.flatMap(\.samples), decoded.strokes.flatMap(\.samples))
        let worst = pairs.map { max(abs($0.x - $1.x), abs($0.y - $1.y), abs(($0.t ?? -1) - ($1.t ?? -2))) }.max()
        #expect(
            (worst ?? 1) < 1e-6,
            "largest difference between the JSON and the decoded record: \(String(describing: worst))")
    }

    @Test("a pipeline seals the strokes' record on its stamp; verify reports it bound, the examiner extracts it")
    func pipelineOnStamp() throws {
        let given = try setup("api-stamp-evidence")
        let (_, input, output, drawing, identity) = (
            given.dir, given.input, given.output, given.drawing, given.identity
        )
        try SignetAPI.pipeline(
            drawing, pdfAt: input, to: output, options: PipelineOptions(artwork: .vector),
            signing: PipelineSigning(
                identity: identity, options: PDFSignOptions(signingTime: SignetAPICallTests.now),
                examiner: try EvidenceExaminer(certificateAt: pki.rsaCert)))
        let report = try SignetAPI.verify(pdfAt: output, options: SignetAPICallTests.integrityOnly)
        #expect(
            report.signatures.first?.evidence?.status == .bound,
            "\(String(describing: report.signatures.first?.evidence))")
        let key = try EvidenceKey.pem(keyPath: pki.rsaKey, certificatePath: pki.rsaCert, password: nil)
        let opened = try SignetAPI.extractEvidence(pdfAt: output, key: key)
        #expect(opened.first?.record == (try ISO19794_7.encode(drawing)), "\(opened.map(\.record.count))")
    }
}
