import SignetCrypto
import SignetPDF

/// Where sealed evidence lives in a PDF: two embedded files associated with the signature's widget
/// (ISO 32000-2 §14.13, `/AF` on the annotation): the envelope (`/AFRelationship /Source`: the
/// record the appearance was drawn from) and its binding (`/Supplement`). They are written in the
/// signature's own update, so its ByteRange covers them.
package enum EvidenceAttachment {
    /// The embedded files' names (`/F` and `/UF`).
    package static let envelopeName = "handwriting-evidence.p7m"
    package static let bindingName = "handwriting-evidence-binding.der"

    /// Seals `evidence` for the signature whose widget is `widget` (its appearance already set) in
    /// `document` (opened, not yet written), and associates it with the widget.
    static func attach(_ evidence: HandwritingEvidence, to widget: PDFObject, in document: PDFDocument) throws {
        let sealed =
            try evidence.presealed
            ?? EvidenceSeal.seal(
                evidence.record, documentDigest: try documentDigest(of: document),
                appearanceDigest: try appearanceDigest(of: widget), examiner: evidence.examiner)
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
        try widget.set("/AF", files)
    }

    /// The sealed evidence associated with `widget`, or nil when it carries none.
    package static func read(from widget: PDFObject) throws -> SealedEvidence? {
        var envelope: [UInt8]?
        var binding: [UInt8]?
        for spec in try widget.value("/AF")?.items() ?? [] {
            guard let stream = try spec.value("/EF")?.value("/F") else { continue }
            switch try spec.value("/UF")?.textValue() ?? spec.value("/F")?.textValue() {
            case envelopeName?: envelope = try stream.streamData(decoded: true)
            case bindingName?: binding = try stream.streamData(decoded: true)
            default: continue
            }
        }
        guard let envelope, let binding else { return nil }
        return SealedEvidence(envelope: envelope, binding: binding)
    }

    /// SHA-256 of the document as opened: the bytes an incremental update is appended to.
    package static func documentDigest(of document: PDFDocument) throws -> [UInt8] {
        try ContentDigest.compute(document.source, ranges: [0..<document.fileSize], algorithm: .sha256)
    }

    /// SHA-256 of what the widget shows: its normal appearance stream and every XObject it draws
    /// (through `/Resources /XObject`, names in order, and images' `/SMask`), depth first, each
    /// stream's data as stored, preceded by its length (8 bytes, big-endian); no appearance hashes
    /// nothing.
    package static func appearanceDigest(of widget: PDFObject) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var seen: Set<PDFObjectID> = []
        func visit(_ stream: PDFObject) throws {
            guard try stream.kind == .stream || stream.isPendingStream else { return }
            if let id = try stream.id, !seen.insert(id).inserted { return }
            let data = try stream.streamData(decoded: false)
            bytes += withUnsafeBytes(of: UInt64(data.count).bigEndian, Array.init) + data
            if let xobjects = try stream.value("/Resources")?.value("/XObject") {
                for name in try xobjects.keys().sorted() {
                    if let child = try xobjects.value(name) { try visit(child) }
                }
            }
            if let mask = try stream.value("/SMask") { try visit(mask) }
        }
        if let normal = try widget.value("/AP")?.value("/N") { try visit(normal) }
        return try ContentDigest.compute(bytes, algorithm: .sha256)
    }
}
