import SignetCrypto
import SignetPDF

/// Where sealed evidence lives in a PDF: two embedded files associated with the form XObject that
/// shows the handwriting (ISO 32000-2 §14.13, `/AF` on the widget's `/AP /N`, or on a page
/// stamp's form: see ``EvidenceCarrier``): the envelope
/// (`/AFRelationship /Source`: the record the appearance was drawn from) and its binding
/// (`/Supplement`). They are written in the signature's own update, so its ByteRange covers them;
/// on the appearance rather than the widget, since pyHanko accepts new objects under a new
/// signature field's appearance and refuses them under its widget.
package enum EvidenceAttachment {
    /// The embedded files' names (`/F` and `/UF`).
    package static let envelopeName = "handwriting-evidence.p7m"
    package static let bindingName = "handwriting-evidence-binding.der"

    /// The most bytes an evidence file may decode to (4 MiB): a record of a few seconds is some
    /// kilobytes, so anything near it is not Signet's evidence (and a compressed stream is not
    /// inflated past it).
    package static let maxFileBytes = 4 << 20

    /// Evidence in a PDF that cannot be read as Signet writes it.
    package struct Unreadable: Error, CustomStringConvertible {
        package let description: String
    }

    /// Seals `evidence` for the signature whose handwriting `carrier` shows (its appearance
    /// already set: the widget's, or the stamp's and where pages draw it) in `document` (opened,
    /// not yet written), signed by the certificate whose SHA-256 is `signer`, and associates it
    /// with the form XObject `carrier` shows (``EvidenceCarrier/holder()``).
    package static func attach(
        _ evidence: HandwritingEvidence, to carrier: EvidenceCarrier, in document: PDFDocument, signer: [UInt8]
    ) throws {
        guard let holder = try carrier.holder(), try holder.kind == .stream else {
            throw PDFError(document.path, .structure("internal: the signature's appearance is not one stream"))
        }
        let sealed =
            try evidence.presealed
            ?? EvidenceSeal.seal(
                evidence.record, documentDigest: try documentDigest(of: document),
                appearanceDigest: try carrier.appearanceDigest(), signerDigest: signer, examiner: evidence.examiner)
        let files = try document.parse("[]")
        for (name, bytes, relationship, type, what) in [
            (envelopeName, sealed.envelope, "/Source", "application#2Fpkcs7-mime", "Handwriting evidence sealed for"),
            (
                bindingName, sealed.binding, "/Supplement", "application#2Foctet-stream",
                "What the evidence is bound to, sealed for"
            ),
        ] {
            let stream = try document.makeStream(
                bytes,
                dictionary: "<< /Type /EmbeddedFile /Subtype /\(type) /Params << /Size \(bytes.count) >> >>")
            let spec = try document.makeIndirect(
                try document.parse("<< /Type /Filespec /AFRelationship \(relationship) /EF << >> >>"))
            try spec.set("/F", try document.string(Array(name.utf8)))
            try spec.set("/UF", try document.string(PDFText.bytes(name)))
            try spec.set("/Desc", try document.string(PDFText.bytes("\(what) \(evidence.examiner.subject)")))
            try spec.value("/EF")?.set("/F", stream)
            try files.append(spec)
        }
        try holder.set("/AF", files)
    }

    /// The sealed evidence associated with what `carrier` shows, or nil when it carries none.
    /// - Throws: ``Unreadable`` when a file is named twice, does not decode, or decodes to more
    ///   than ``maxFileBytes``.
    package static func read(from carrier: EvidenceCarrier) throws -> SealedEvidence? {
        var found: [String: [UInt8]] = [:]
        for spec in try carrier.holder()?.value("/AF")?.items() ?? [] {
            guard let stream = try spec.value("/EF")?.value("/F") else { continue }
            let name = try spec.value("/UF")?.textValue() ?? spec.value("/F")?.textValue()
            guard let name, [envelopeName, bindingName].contains(name) else { continue }
            guard found[name] == nil else {
                throw Unreadable(description: "the appearance's /AF names \(name) twice")
            }
            let (bytes, overLimit) = try stream.boundedData(limit: maxFileBytes)
            guard let bytes else {
                throw Unreadable(
                    description: overLimit
                        ? "\(name) decodes to more than \(maxFileBytes) bytes" : "\(name) does not decode")
            }
            found[name] = bytes
        }
        guard let envelope = found[envelopeName], let binding = found[bindingName] else { return nil }
        return SealedEvidence(envelope: envelope, binding: binding)
    }

    /// SHA-256 of the document as opened: the bytes an incremental update is appended to.
    package static func documentDigest(of document: PDFDocument) throws -> [UInt8] {
        try ContentDigest.compute(document.source, ranges: [0..<document.fileSize], algorithm: .sha256)
    }
}
