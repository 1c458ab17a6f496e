import SignetCore

/// Signing or verification could not proceed. `context` names what was being read or written
/// (a file, or "signature 2 of contract.pdf"); a password never appears in any message.
public typealias SignError = StageError<SignReason>

/// Why sign failed: each reason says its kind and how it reads.
public enum SignReason: StageReason {
    /// The key or bundle is encrypted and no password source was given.
    case passwordNeeded
    /// The password given does not open the key or bundle.
    case wrongPassword
    /// A PKCS#12 bundle with certificates but no private key.
    case noPrivateKey
    /// A key but no certificate at all.
    case noCertificate
    /// None of the certificates given belongs to the private key.
    case keyMatchesNoCertificate(certificates: Int)
    /// The file is not a PKCS#12 bundle, PEM key or certificate we can read.
    case unreadable(String)
    /// A key type Signet does not sign with.
    case unsupportedKey(String)
    /// RSASSA-PSS asked of a key that is not an RSA key.
    case pssNeedsRSAKey(String)
    /// `strict: true` (CLI `--strict`): the certificate is not valid at the signing time.
    case certificateOutOfValidity(subject: String, notBefore: String, notAfter: String, signingTime: String)
    /// The CMS signature is larger than the room reserved for it in the PDF.
    case signatureTooLarge(needed: Int, reserved: Int)
    /// A detached signature file that is not a CMS SignedData.
    case notASignature(String)
    /// An OpenSSL operation failed for reasons other than the input.
    case crypto(operation: String, details: String)
    /// The PDF is encrypted: its incremental update would need encrypting too.
    case encryptedPDF
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
    /// A key or bundle asks for more password-derivation iterations than Signet spends.
    case keyDerivationTooCostly(iterations: Int, limit: Int)
    /// A signature container (the `/Contents` reserve, or a CMS to verify) over the size limit.
    case containerTooLarge(bytes: Int, limit: Int)
    /// More signatures than one verification checks (`PDFVerifier.maxSignatures`).
    case tooManySignatures(count: Int, limit: Int)
    /// `PDFSignOptions.documentTimestamp` without `PDFSignOptions.timestamp` (no authority to ask).
    case documentTimestampNeedsAuthority

    /// Bad input, or a failure of the machine (see ``FailureKind``).
    public var kind: FailureKind {
        switch self {
        case .crypto: return .failed
        case .noSignatures: return .rejected
        default: return .badInput
        }
    }

    /// One line for the user: what failed, why, and what to try next.
    public func message(about context: String?) -> String {
        let context = context ?? "signing"
        switch self {
        case .passwordNeeded:
            return "\(context): is encrypted and no password was given; pass the identity's password to its loader."
        case .wrongPassword:
            return "\(context): the password does not open it; check the password given to the identity's loader."
        case .noPrivateKey:
            return
                "\(context): holds certificates but no private key; export the bundle with its key, or load a PEM key and certificate."
        case .noCertificate:
            return "\(context): holds a private key but no certificate; give its certificate as a PEM certificate file."
        case .keyMatchesNoCertificate(let count):
            return
                "\(context): the private key matches none of the \(count) certificate(s) given; give the certificate issued for this key."
        case .unreadable(let detail):
            return "\(context): cannot be read as a key or certificate (\(detail)); check that it is the right file."
        case .unsupportedKey(let type):
            return "\(context): \(type) keys are not supported for signing; use an RSA or EC (ECDSA) key."
        case .pssNeedsRSAKey(let type):
            return
                "\(context): RSASSA-PSS is an RSA padding and this is an \(type) key; sign with PKCS#1 v1.5 padding (ECDSA)."
        case .certificateOutOfValidity(let subject, let notBefore, let notAfter, let signingTime):
            return
                "\(context): certificate '\(subject)' is valid from \(notBefore) to \(notAfter), not at the signing time \(signingTime); renew it, or pass strict: false to sign with a warning."
        case .signatureTooLarge(let needed, let reserved):
            return
                "\(context): the signature needs \(needed) bytes but only \(reserved) are reserved for it; raise PDFSignOptions.reserve or leave it nil to size the room automatically."
        case .notASignature(let detail):
            return "\(context): not a CMS (PKCS#7) signature (\(detail)); give a detached CMS signature (.p7s)."
        case .crypto(let operation, let details):
            return "\(context): OpenSSL failed in \(operation) (\(details))."
        case .encryptedPDF:
            return
                "\(context): is encrypted, and signing it would need an encrypted incremental update, which Signet does not write; decrypt a copy first (qpdf --decrypt) and sign that."
        case .fieldNotFound(let name, let available):
            let list =
                available.isEmpty
                ? "the document has no signature fields"
                : "its signature fields are " + available.joined(separator: ", ")
            return
                "\(context): has no field named '\(name)' (\(list)); check PDFSignOptions.field or leave it nil to create a new field."
        case .fieldNotSignature(let name):
            return
                "\(context): field '\(name)' is not a signature field; name a signature field with PDFSignOptions.field."
        case .fieldAlreadySigned(let name):
            return
                "\(context): field '\(name)' is already signed; set PDFSignOptions.field to nil to add a new signature field."
        case .certifyNeedsUnsignedDocument:
            return
                "\(context): is already signed, and only the first signature may certify a document; set PDFSignOptions.certify to false."
        case .cannotAppend(let why):
            return
                "\(context): a signature cannot be appended to this file (\(why)); repair a copy first (qpdf IN.pdf repaired.pdf) and sign the repaired copy."
        case .certifiedNoChanges:
            return
                "\(context): is certified with DocMDP P=1 (no changes allowed), so adding a signature would invalidate the certification; sign a copy that is not certified."
        case .noSignatures:
            return "\(context): contains no signatures to verify; give the detached signature if there is one."
        case .outputMustBeFile:
            return "a signed PDF must be written to a file, not standard output (-o -); give -o FILE."
        case .keyDerivationTooCostly(let iterations, let limit):
            return
                "\(context): asks for \(iterations) password-derivation iterations, over the limit of \(limit); export the key again with a normal iteration count (OpenSSL's default is 2048)."
        case .tooManySignatures(let count, let limit):
            return
                "\(context): holds \(count) signatures, over the limit of \(limit) for one verification (each one hashes up to the whole file); check that this is the right file."
        case .documentTimestampNeedsAuthority:
            return
                "\(context): a document timestamp needs a timestamp authority; set PDFSignOptions.timestamp to its URL."
        case .containerTooLarge(let bytes, let limit):
            return
                "\(context): a signature container of \(bytes) bytes is over the limit of \(limit) bytes; sign with fewer chain certificates, or give a smaller PDFSignOptions.reserve."
        }
    }
}

extension SignError {
    /// An unexpected OpenSSL failure while working on `context`.
    package init(_ context: String, _ failure: OpenSSLFailure) {
        self.init(context, .crypto(operation: failure.operation, details: failure.summary))
    }
}
