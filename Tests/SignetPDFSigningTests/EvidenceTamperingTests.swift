import Foundation
import SignetFiles
import SignetPDF
import SignetTestSupport
import Testing

@testable import SignetCrypto
@testable import SignetPDFSigning
@testable import SignetVerify

/// Evidence someone without the record tries to pass off as a signature's: added or replaced in
/// an update after the signature, carried by a signature whose own update rewrites the page, or
/// carried by another signer. Each is built here, then `verify` and `extract` must say no.
extension EvidenceSigningTests {
    /// `path` with an incremental update that `edit` makes, written to `output`.
    func update(_ path: String, to output: String, _ edit: (PDFDocument) throws -> Void) throws {
        let document = try PDFDocument(path: path)
        try edit(document)
        let out = try AtomicOutput(path: output)
        _ = try IncrementalWriter(document: document).write(to: out)
        try out.commit()
    }

    /// Evidence of another record for `signed`'s only signature, bound to what it signed, its
    /// appearance and its signer, as anyone can make it from the file and the examiner's certificate.
    func forged(for signed: String, unsigned: String) throws -> SealedEvidence {
        let document = try PDFDocument(path: signed)
        let widget = try #require(try FormFields.all(in: document).first?.widget())
        let signer = try #require(try verify(signed).first?.signer?.certificateSHA256)
        return try EvidenceSeal.seal(
            Array("forged record".utf8),
            documentDigest: try EvidenceAttachment.documentDigest(of: PDFDocument(path: unsigned)),
            appearanceDigest: try EvidenceAttachment.appearanceDigest(of: widget), signerDigest: signer,
            examiner: try EvidenceExaminer(certificateAt: pki.rsaCert))
    }

    func extract(_ path: String) throws -> [ExtractedEvidence] {
        let key = try EvidenceKey.pem(keyPath: pki.rsaKey, certificatePath: pki.rsaCert, password: nil)
        return try EvidenceExtractor.extract(source: try ReadableFile(path: path), password: nil, key: key, now: Date())
            .opened
    }

    /// `path`'s first signature's evidence has `status`, its line says `words`, and extract refuses
    /// it for a reason of `reason`'s case.
    func refused(_ path: String, _ status: EvidenceReport.Status, _ words: String, _ reason: EvidenceReason) throws {
        /// A reason's case name ("notCovered").
        func named(_ reason: EvidenceReason?) -> String {
            reason.map { String(String(describing: $0).prefix { $0 != "(" }) } ?? "none"
        }
        let report = try #require(try verify(path).first)
        #expect(report.evidence?.status == status, "\(String(describing: report.evidence))")
        #expect(report.evidence?.line.contains(words) == true, "\(report.evidence?.line ?? "no evidence line")")
        let error = #expect(throws: EvidenceError.self) { try extract(path) }
        #expect(named(error?.reason) == named(reason), "\(String(describing: error))")
    }

    @Test("evidence replaced after the signature (the appearance's /AF, or the files it names) is not covered")
    func replacedAfterSigning() throws {
        let dir = TemporaryDirectory("evidence-replaced")
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let signed = dir.path("signed.pdf")
        try sign(input, signed, examinerCert: pki.rsaCert)
        #expect(try extract(signed).first?.record == record)
        let forgery = try forged(for: signed, unsigned: input)
        let examiner = try EvidenceExaminer(certificateAt: pki.rsaCert)
        var evidence = HandwritingEvidence(record: [], examiner: examiner)
        evidence.presealed = forgery

        let widgetAF = dir.path("widget-af.pdf")
        try update(signed, to: widgetAF) { document in
            let widget = try #require(try FormFields.all(in: document).first?.widget())
            try EvidenceAttachment.attach(evidence, to: .widget(widget), in: document, signer: [])
            try document.markChanged(widget)
        }
        try refused(widgetAF, .notCovered, "changed after the signature, not covered", .notCovered(""))

        let files = dir.path("files.pdf")
        try update(signed, to: files) { document in
            let widget = try #require(try FormFields.all(in: document).first?.widget())
            for spec in try #require(try widget.value("/AP")?.value("/N")?.value("/AF")).items() {
                let name = try spec.value("/UF")?.textValue()
                let bytes = name == EvidenceAttachment.envelopeName ? forgery.envelope : forgery.binding
                try spec.value("/EF")?.set(
                    "/F", try document.makeStream(bytes, dictionary: "<< /Type /EmbeddedFile >>"))
                try document.markChanged(spec)
            }
        }
        try refused(files, .notCovered, "changed after the signature, not covered", .notCovered(""))
        let changes = try #require(try verify(files).first).changes.map(\.what)
        #expect(
            changes.contains { $0.hasPrefix("a file associated with the appearance (handwriting evidence)") },
            "the change list names the evidence's files, not the appearance: \(changes)")
    }

    @Test("evidence added to a signature made without it is not covered")
    func addedAfterSigning() throws {
        let dir = TemporaryDirectory("evidence-added")
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let signed = dir.path("signed.pdf"), added = dir.path("added.pdf")
        try sign(input, signed, examinerCert: nil)
        var evidence = HandwritingEvidence(record: [], examiner: try EvidenceExaminer(certificateAt: pki.rsaCert))
        evidence.presealed = try forged(for: signed, unsigned: input)
        try update(signed, to: added) { document in
            let widget = try #require(try FormFields.all(in: document).first?.widget())
            try EvidenceAttachment.attach(evidence, to: .widget(widget), in: document, signer: [])
            try document.markChanged(widget)
        }
        try refused(added, .notCovered, "added after the signature, not covered", .notCovered(""))
    }

    @Test("a signature whose own update rewrites the page does not bind the evidence it carries")
    func signingUpdateRewritesPage() throws {
        let dir = TemporaryDirectory("evidence-rewrite")
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let signedA = dir.path("a.pdf"), swapped = dir.path("swapped.pdf")
        try sign(input, signedA, examinerCert: pki.rsaCert)
        // The same document before signing, so the binding's document digest matches.
        try sign(input, swapped, examinerCert: pki.rsaCert, presealed: try sealed(in: signedA)) { document in
            try document.page(1).object.set("/Contents", try document.makeStream(Array("0 0 m 9 9 l S".utf8)))
        }
        try refused(swapped, .notBound, "not bound to what this signature shows", .notBound(""))
        let report = try #require(try verify(swapped).first)
        #expect(report.evidence?.detail?.contains("page 1") == true, "\(report.evidence?.detail ?? "")")
    }

    @Test("another signer's signature carrying the evidence: bound to another signer")
    func otherSigner() throws {
        let dir = TemporaryDirectory("evidence-signer")
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let signedA = dir.path("a.pdf"), other = dir.path("other.pdf")
        try sign(input, signedA, examinerCert: pki.rsaCert)
        try sign(input, other, examinerCert: pki.rsaCert, presealed: try sealed(in: signedA), p12: pki.ecP12)
        try refused(other, .otherSigner, "bound to another signer", .boundToOtherSigner)
    }
}

extension EvidenceSigningTests {
    @Test("evidence of a signature that covers the file's first revision is reported as bound to nothing before it")
    func firstRevision() throws {
        let dir = TemporaryDirectory("evidence-first")
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let signed = dir.path("signed.pdf")
        try sign(input, signed, examinerCert: pki.rsaCert)
        let file = try ReadableFile(path: signed)
        let document = try PDFDocument(path: signed)
        let widget = try FormFields.all(in: document).first?.widget()
        let report = EvidenceCheck.run(
            EvidenceCheck.Signed(field: "Signature1", widget: widget, revision: 1, signer: nil),
            revisions: try FileRevisions.read(file, cipher: nil).revisions, file: file, mapped: try MappedFile.of(file),
            password: nil)
        #expect(report?.status == .notBound, "\(String(describing: report))")
        #expect(report?.line.contains("covers the file's first revision") == true, "\(report?.line ?? "")")
    }
}
