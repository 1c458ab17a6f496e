import SignetCore

/// A signing identity, or a CMS signature, could not be used. `context` names what was being
/// read or written (a file, or "signature 2 of contract.pdf"); a password never appears in any
/// message. What is refused about a PDF is a `PDFSignError` (SignetPDFSigning).
public typealias SignError = StageError<SignReason>

/// Why an identity or a CMS signature could not be used.
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
    /// A detached signature file that is not a CMS SignedData.
    case notASignature(String)
    /// A signature (or its timestamp token) carrying more certificates than a verifier tries.
    case tooManyCertificates(count: Int, limit: Int)
    /// A signature (or its timestamp token) carrying more CRLs than a verifier reads.
    case tooManyCRLs(count: Int, limit: Int)
    /// An OpenSSL operation failed for reasons other than the input.
    case crypto(operation: String, details: String)
    /// A key or bundle asks for more password-derivation iterations than Signet spends.
    case keyDerivationTooCostly(iterations: Int, limit: Int)

    /// Bad input, or a failure of the machine (see ``FailureKind``).
    public var kind: FailureKind {
        if case .crypto = self { return .failed }
        return .badInput
    }

    /// One line for the user: what failed, why, and what to try next.
    /// - Parameter context: The file, input, URL or step the failure is about; `nil` when unknown.
    public func message(about context: String?) -> Sentence {
        let context = context ?? "signing"
        switch self {
        case .passwordNeeded:
            return "\(context): is encrypted and no password was given; \(.give, .identityPassword)."
        case .wrongPassword:
            return "\(context): the password does not open it; \(.check, .identityPassword)."
        case .noPrivateKey:
            return
                "\(context): holds certificates but no private key; export the bundle with its key, or \(.give, .identityKeyAndCertificate)."
        case .noCertificate:
            return "\(context): holds a private key but no certificate; \(.give, .identityCertificate)."
        case .keyMatchesNoCertificate(let count):
            return
                "\(context): the private key matches none of the \(count) certificate(s) given; give the certificate issued for this key."
        case .unreadable(let detail):
            return "\(context): cannot be read as a key or certificate (\(detail)); check that it is the right file."
        case .unsupportedKey(let type):
            return "\(context): \(type) keys are not supported for signing; use an RSA or EC (ECDSA) key."
        case .pssNeedsRSAKey(let type):
            return
                "\(context): RSASSA-PSS is an RSA padding and this is an \(type) key; \(.set(".pkcs1v15"), .identityPSS) (EC keys sign with ECDSA)."
        case .certificateOutOfValidity(let subject, let notBefore, let notAfter, let signingTime):
            return
                "\(context): certificate '\(subject)' is valid from \(notBefore) to \(notAfter), not at the signing time \(signingTime); renew it, or \(.set("false"), .identityStrict) to sign with a warning."
        case .notASignature(let detail):
            return "\(context): not a CMS (PKCS#7) signature (\(detail)); \(.give, .detachedSignature)."
        case .tooManyCertificates(let count, let limit):
            return
                "\(context): carries \(count) certificates, over the limit of \(limit); a signer's chain needs a few, so it is not judged."
        case .tooManyCRLs(let count, let limit):
            return
                "\(context): carries \(count) CRLs, over the limit of \(limit); a signer's chain needs one per CA, so it is not judged."
        case .crypto(let operation, let details):
            return "\(context): OpenSSL failed in \(operation) (\(details))."
        case .keyDerivationTooCostly(let iterations, let limit):
            return
                "\(context): asks for \(iterations) password-derivation iterations, over the limit of \(limit); export the key again with a normal iteration count (OpenSSL's default is 2048)."
        }
    }
}

extension SignError {
    /// An unexpected OpenSSL failure while working on `context`.
    package init(_ context: String, _ failure: OpenSSLFailure) {
        self.init(context, .crypto(operation: failure.operation, details: failure.summary))
    }
}
