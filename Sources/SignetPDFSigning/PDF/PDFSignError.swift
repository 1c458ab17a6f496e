import SignetCore
import SignetCrypto

/// A PDF could not be signed, timestamped or verified as asked: its fields, its certification,
/// its encryption, the room for the signature or the number of signatures. `context` names the
/// file (or "signature 2 of contract.pdf").
public typealias PDFSignError = StageError<PDFSignReason>

/// Why a PDF could not be signed, timestamped or verified.
public enum PDFSignReason: StageReason {
    /// The CMS signature is larger than the room reserved for it in the PDF.
    case signatureTooLarge(needed: Int, reserved: Int)
    /// `PDFSignOptions.field` names no field of the document.
    case fieldNotFound(name: String, available: [String])
    /// `PDFSignOptions.field` names a field that is not a signature field.
    case fieldNotSignature(name: String)
    /// `PDFSignOptions.field` names a field that is already signed.
    case fieldAlreadySigned(name: String)
    /// `PDFSignOptions.certify` on a document that is already signed.
    case certifyNeedsUnsignedDocument
    /// The document is certified with DocMDP P=1: no change at all is allowed, not even a signature.
    case certifiedNoChanges
    /// The PDF's own structure cannot carry an incremental update (qpdf had to rebuild it).
    case cannotAppend(String)
    /// `verify` on a PDF without signatures.
    case noSignatures
    /// The output must be a seekable file (the signature is written into a reserved hole).
    case outputMustBeFile
    /// A signature container (the `/Contents` reserve, or one to verify) over the size limit.
    case containerTooLarge(bytes: Int, limit: Int)
    /// More signatures than one verification checks (`PDFVerifier.maxSignatures`).
    case tooManySignatures(count: Int, limit: Int)
    /// `PDFSignOptions.documentTimestamp` without `PDFSignOptions.timestamp` (no authority to ask).
    case documentTimestampNeedsAuthority

    /// Bad input (exit 2), a PDF without signatures too: there is nothing to verify.
    public var kind: FailureKind { .badInput }

    /// One line for the user: the file, what is wrong and what to try next.
    /// - Parameter context: The file, input, URL or step the failure is about; `nil` when unknown.
    public func message(about context: String?) -> Sentence {
        let context = context ?? "the PDF"
        switch self {
        case .signatureTooLarge(let needed, let reserved):
            return
                "\(context): the signature needs \(needed) bytes but only \(reserved) are reserved for it; \(.raise, .signReserve), or \(.unset, .signReserve) to size the room automatically."
        case .fieldNotFound(let name, let available):
            let list =
                available.isEmpty
                ? "the document has no signature fields"
                : "its signature fields are " + available.joined(separator: ", ")
            return
                "\(context): has no field named '\(name)' (\(list)); \(.check, .signField), or \(.unset, .signField) to create a new field."
        case .fieldNotSignature(let name):
            return
                "\(context): field '\(name)' is not a signature field; name a signature field with \(.signField)."
        case .fieldAlreadySigned(let name):
            return
                "\(context): field '\(name)' is already signed; \(.unset, .signField) to add a new signature field."
        case .certifyNeedsUnsignedDocument:
            return
                "\(context): is already signed, and only the first signature may certify a document; \(.set("false"), .signCertify)."
        case .cannotAppend(let why):
            return
                "\(context): a signature cannot be appended to this file (\(why)); repair a copy first (qpdf IN.pdf repaired.pdf) and sign the repaired copy."
        case .certifiedNoChanges:
            return
                "\(context): it is certified with DocMDP P=1 (no changes allowed), so adding a signature would invalidate the certification; sign a copy that is not certified."
        case .noSignatures:
            return "\(context): contains no signatures to verify; \(.give, .detachedSignature) if there is one."
        case .outputMustBeFile:
            return "a signed PDF must be written to a file, not standard output (-o -); give -o FILE."
        case .tooManySignatures(let count, let limit):
            return
                "\(context): holds \(count) signatures, over the limit of \(limit) for one verification (each one hashes up to the whole file); check that this is the right file."
        case .documentTimestampNeedsAuthority:
            return
                "\(context): a document timestamp needs a timestamp authority; \(.give, .signTimestamp)."
        case .containerTooLarge(let bytes, let limit):
            return
                "\(context): a signature container of \(bytes) bytes is over the limit of \(limit) bytes; sign with fewer chain certificates, or \(.lower, .signReserve)."
        }
    }
}
