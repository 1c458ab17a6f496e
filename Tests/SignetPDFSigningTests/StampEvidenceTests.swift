import Foundation
import SignetCore
import SignetFiles
import SignetPDF
import SignetTestSupport
import Testing

@testable import SignetCrypto
@testable import SignetPDFSigning
@testable import SignetVerify

/// Evidence on a page stamp added in the signature's own update, next to an invisible signature
/// (what `pipeline` and `capture --pdf` write): bound when the stamp and where pages draw it are
/// what the binding names, and refused when moved to another document or another stamp, when the
/// signature's update changes the page besides adding the stamp, or when added after signing.
@Suite("Evidence sealed on a page stamp")
struct StampEvidenceTests {
    let pki = TestPKI.shared
    let record: [UInt8] = Array("stamp record ".utf8) + (0..<2000).map { UInt8(truncatingIfNeeded: $0 &* 71) }

    /// Stamps `input` (as page content, or as a Stamp annotation) at `at` and signs it invisibly in
    /// one update, the evidence of `record` (or `presealed`) on the stamp's form; `also` changes the
    /// document in the same update.
    func stampAndSign(
        _ input: String, _ output: String, at: Point? = nil, annotation: Bool = false,
        presealed: SealedEvidence? = nil, also: ((PDFDocument) throws -> Void)? = nil
    ) throws {
        let identity = try SigningIdentity.pkcs12(path: pki.rsaP12, password: Secret(TestPKI.password))
        var evidence = HandwritingEvidence(record: record, examiner: try EvidenceExaminer(certificateAt: pki.rsaCert))
        evidence.presealed = presealed
        let options = StampOptions(placement: StampPlacement(at: at), asAnnotation: annotation)
        try PDFSigner.sign(
            input: input, output: output, identity: identity, options: PDFSignOptions(signingTime: Date()),
            editing: { document -> SignatureAppearance? in
                let edit = try Stamper.apply(
                    try StampArtwork.image(TestStamp.png(), name: "test stamp"), options: options, to: document,
                    incremental: true)
                let form = try #require(try edit.formID.flatMap(document.object))
                try EvidenceAttachment.attach(
                    evidence, to: .stamp(form), in: document, signer: try identity.certificateSHA256)
                try also?(document)
                return nil
            })
    }

    func reports(_ path: String) throws -> [SignatureReport] {
        try PDFVerifier.verify(
            path: path, password: nil,
            options: VerifyOptions(now: Date(), anchors: try TrustAnchors(files: [pki.rootCert]))
        ).signatures
    }

    func extract(_ path: String) throws -> [ExtractedEvidence] {
        let key = try EvidenceKey.pem(keyPath: pki.rsaKey, certificatePath: pki.rsaCert, password: nil)
        return try EvidenceExtractor.extract(source: try ReadableFile(path: path), password: nil, key: key, now: Date())
            .opened
    }

    /// The last signature's evidence has `status`, and extract refuses the file for `reason`'s case.
    func refused(_ path: String, _ status: EvidenceReport.Status, _ reason: String) throws {
        let report = try #require(try reports(path).last)
        #expect(report.evidence?.status == status, "\(String(describing: report.evidence))")
        let error = #expect(throws: EvidenceError.self) { try extract(path) }
        let said = error.map { String(describing: $0.reason) } ?? "no error"
        #expect(said.hasPrefix(reason), "\(said), not \(reason)")
    }

    @Test("a stamp in the page content or a Stamp annotation carries bound evidence", arguments: [false, true])
    func bound(annotation: Bool) throws {
        let dir = TemporaryDirectory("stamp-evidence-bound")
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let out = dir.path("signed.pdf")
        try stampAndSign(input, out, annotation: annotation)
        let report = try #require(try reports(out).first)
        #expect(report.integrity == .ok && report.changes.isEmpty, "\(report.changes)")
        #expect(report.evidence?.status == .bound, "\(String(describing: report.evidence))")
        #expect(try extract(out).first?.record == record)
        let document = try PDFDocument(path: out)
        let number = try #require(try stampForm(in: document))
        let placements = try StampPlacements(of: try #require(try document.object(PDFObjectID(number: number))))
        #expect(placements.drawn.count == (annotation ? 0 : 1) && placements.annotated.count == (annotation ? 1 : 0))
    }

    /// The number of the form XObject carrying evidence in `document` (the first).
    func stampForm(in document: PDFDocument) throws -> Int? {
        let page = try document.page(1)
        let resources = try page.object.value("/Resources")?.value("/XObject")
        for key in try resources?.keys() ?? [] {
            if let form = try resources?.value(key), try form.value("/AF") != nil { return try form.id?.number }
        }
        for annotation in try page.object.value("/Annots")?.items() ?? [] {
            let xobjects = try annotation.value("/AP")?.value("/N")?.value("/Resources")?.value("/XObject")
            for key in try xobjects?.keys() ?? [] {
                if let form = try xobjects?.value(key), try form.value("/AF") != nil { return try form.id?.number }
            }
        }
        return nil
    }

    /// `input` (a new test PDF in `dir`) stamped and signed with evidence into `dir`'s a.pdf, and that evidence.
    func signedOnce(in dir: TemporaryDirectory) throws -> (input: String, signed: String, sealed: SealedEvidence) {
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let signed = dir.path("a.pdf")
        try stampAndSign(input, signed)
        return (input, signed, try #require(try reports(signed).first?.evidence?.sealed))
    }

    @Test("a stamp's evidence is bound to its place: moved to another stamp of the same document, refused")
    func otherStamp() throws {
        let dir = TemporaryDirectory("stamp-evidence-moved")
        let (input, _, sealed) = try signedOnce(in: dir)
        let moved = dir.path("moved.pdf")
        try stampAndSign(input, moved, at: Point(x: 72, y: 72), presealed: sealed)
        try refused(moved, .otherAppearance, "boundToOtherAppearance")
        // The same stamp and place on the same document: bound (the digest is of what shows, not of object numbers).
        let again = dir.path("again.pdf")
        try stampAndSign(input, again, presealed: sealed)
        #expect(try reports(again).first?.evidence?.status == .bound)
    }

    @Test("a stamp's evidence moved to another document is refused")
    func otherDocument() throws {
        let dir = TemporaryDirectory("stamp-evidence-document")
        let (_, _, sealed) = try signedOnce(in: dir)
        let moved = dir.path("moved.pdf")
        let other = try TestPDF.write(to: dir.path("other.pdf"), rotations: [0, 0])
        try stampAndSign(other, moved, presealed: sealed)
        try refused(moved, .otherDocument, "boundToOtherDocument")
    }

    @Test("a signing update that changes the page besides adding the stamp does not bind the evidence")
    func pageRewritten() throws {
        let dir = TemporaryDirectory("stamp-evidence-rewrite")
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let out = dir.path("signed.pdf")
        try stampAndSign(input, out) { document in
            let page = try document.page(1).object
            let contents = try #require(try page.value("/Contents"))
            try contents.append(try document.makeStream(Array("0 0 m 300 300 l S".utf8)))
            try document.markChanged(page)
        }
        try refused(out, .notBound, "notBound")
        let detail = try reports(out).first?.evidence?.detail ?? ""
        #expect(detail.contains("page 1 content changed"), "\(detail)")
    }

    @Test("evidence added to a stamp after it was signed is not covered")
    func addedAfter() throws {
        let dir = TemporaryDirectory("stamp-evidence-added")
        let (_, signed, sealed) = try signedOnce(in: dir)
        let added = dir.path("added.pdf")
        // Replace the envelope in a later update: the signature covers the first one only.
        let document = try PDFDocument(path: signed)
        let number = try #require(try stampForm(in: document))
        let form = try #require(try document.object(PDFObjectID(number: number)))
        var evidence = HandwritingEvidence(record: [], examiner: try EvidenceExaminer(certificateAt: pki.rsaCert))
        evidence.presealed = SealedEvidence(envelope: sealed.envelope + [0], binding: sealed.binding)
        try EvidenceAttachment.attach(evidence, to: .stamp(form), in: document, signer: [])
        try document.markChanged(form)
        let out = try AtomicOutput(path: added)
        _ = try IncrementalWriter(document: document).write(to: out)
        try out.commit()
        try refused(added, .notCovered, "notCovered")
    }
}
