import SignetCrypto
import SignetPDF

/// What shows the handwriting a signature's sealed evidence was drawn from, and so where the
/// evidence's files live and what its binding's appearance digest covers: the signature's own
/// widget (`sign --evidence-for`), or a page stamp written in the signature's own update, next to
/// an invisible signature (`pipeline` and `capture --pdf` with `--evidence-for`).
package enum EvidenceCarrier {
    /// A signature's widget annotation: the files go on its normal appearance.
    case widget(PDFObject)
    /// A page stamp's form XObject (``StampPlacements`` finds where pages draw it): the files go on it.
    case stamp(PDFObject)

    /// The document the carrier is in.
    package var document: PDFDocument {
        switch self {
        case .widget(let object), .stamp(let object): object.document
        }
    }

    /// The form XObject whose `/AF` holds the evidence's files (`nil`: a widget without a normal appearance).
    package func holder() throws -> PDFObject? {
        switch self {
        case .widget(let widget): try widget.value("/AP")?.value("/N")
        case .stamp(let form): form
        }
    }

    /// SHA-256 of the appearance shown (``EvidenceAttachment/appearanceDigest(of:)`` for a widget,
    /// ``EvidenceAttachment/appearanceDigest(ofStamp:)`` for a stamp).
    package func appearanceDigest() throws -> [UInt8] {
        switch self {
        case .widget(let widget): try EvidenceAttachment.appearanceDigest(of: widget)
        case .stamp(let form): try EvidenceAttachment.appearanceDigest(ofStamp: form)
        }
    }

    /// The same carrier in `document` (another revision of the same file): the widget of field
    /// `field`, or the object with the stamp form's number; `nil` when it has none.
    package func counterpart(in document: PDFDocument, field: String) throws -> EvidenceCarrier? {
        switch self {
        case .widget:
            return try FormFields.all(in: document).first { $0.name == field }?.widget().map(EvidenceCarrier.widget)
        case .stamp(let form):
            guard let id = try form.id else { return nil }
            return try document.object(id).map(EvidenceCarrier.stamp)
        }
    }

    /// The carrier of the evidence of the signature of `widget`, in the document `widget` is in: the
    /// widget when its appearance carries evidence files, else the first form XObject among `written`
    /// (the objects the signature's own update wrote) that carries them, else `nil`. A carrier whose
    /// files cannot be read counts as carrying them.
    package static func find(widget: PDFObject, written: [PDFObjectID]) throws -> EvidenceCarrier? {
        if try carries(.widget(widget)) { return .widget(widget) }
        for id in written.sorted(by: { $0.number < $1.number }) {
            guard let object = try widget.document.object(id), try object.kind == .stream,
                try object.value("/Subtype")?.nameValue() == "/Form", try carries(.stamp(object))
            else { continue }
            return .stamp(object)
        }
        return nil
    }

    private static func carries(_ carrier: EvidenceCarrier) throws -> Bool {
        do { return try EvidenceAttachment.read(from: carrier) != nil } catch { return true }
    }
}
