import SignetCrypto
import SignetFiles
import SignetPDF
import SignetPDFSigning

/// Handwriting evidence opened by its examiner: the record, and what it is bound to.
public struct ExtractedEvidence: Sendable, Hashable {
    /// 1-based position of its signature among the file's signatures, oldest first (as `verify` numbers them).
    public let signature: Int
    /// The signature's field.
    public let field: String
    /// The record sealed at signing time (ISO/IEC 19794-7 bytes).
    public let record: [UInt8]
    /// What it is bound to (checked against the document).
    public let binding: EvidenceBinding
}

/// `signet evidence extract`: every signature's sealed evidence opened with the examiner's key,
/// its GCM tag and its binding's seal checked, and its binding checked against the document: the
/// revision the signature covers must be the one it was sealed with, the appearance the widget
/// shows the one it was bound to. Whether the signature itself is valid is `verify`'s to say.
package enum EvidenceExtractor {
    package static func extract(
        source file: any ByteSource, password: Secret?, key: EvidenceKey
    ) throws -> [ExtractedEvidence] {
        let document = try PDFDocument(source: file, password: password)
        let read = try FileRevisions.read(file, cipher: try? document.readingCipher(using: OpenSSLCiphers()))
        var signed: [(field: String, signature: EmbeddedSignature, widget: PDFObject?)] = []
        for field in try FormFields.all(in: document) {
            guard let value = try field.signatureValue() else { continue }
            signed.append((field.name, try EmbeddedSignature(field: field.name, dictionary: value), try field.widget()))
        }
        signed.sort { $0.signature.coveredEnd < $1.signature.coveredEnd }
        var extracted: [ExtractedEvidence] = []
        for (offset, item) in signed.enumerated() {
            guard let widget = item.widget, let sealed = try EvidenceAttachment.read(from: widget) else { continue }
            let context = "\(file.name), signature \(offset + 1) (field \(item.field))"
            let (record, binding) = try EvidenceSeal.open(sealed, with: key, context: context)
            let revision = PDFVerifier.coveredRevision(item.signature, read.revisions)
            guard let revision, revision >= 2,
                try EvidenceCheck.documentDigests(before: read.revisions[revision - 2], file: file)
                    .contains(binding.documentDigest)
            else { throw EvidenceError(context, .boundToOtherDocument) }
            guard try EvidenceAttachment.appearanceDigest(of: widget) == binding.appearanceDigest else {
                throw EvidenceError(context, .boundToOtherAppearance)
            }
            extracted.append(
                ExtractedEvidence(signature: offset + 1, field: item.field, record: record, binding: binding))
        }
        guard !extracted.isEmpty else { throw EvidenceError(file.name, .noEvidence) }
        return extracted
    }
}
