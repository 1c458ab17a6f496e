import SignetCore

/// Validation material for a certificate could not be gathered, or says the certificate is revoked.
public typealias RevocationError = StageError<RevocationReason>

/// Why revocation failed: each reason says its kind and how it reads.
public enum RevocationReason: StageReason {
    /// The signer's certificate (or one of its chain) is revoked: nothing is signed.
    case revoked(subject: String, whose: String, on: String?)
    /// The certificate names neither an OCSP responder nor a CRL distribution point.
    case noRevocationSource(subject: String)
    /// The certificate's issuer is not among the certificates given, and cannot be fetched.
    case issuerNotFound(subject: String)
    /// A fetched OCSP response or CRL failed its checks, so it is not used.
    case unusable(subject: String, url: String, why: String)
    /// The responder could not be asked (HTTP failure), with the transport's words.
    case fetchFailed(url: String, why: String)

    /// A revoked or unreachable certificate is bad input (exit 2); a responder failing is a failure (exit 1).
    public var kind: FailureKind {
        switch self {
        case .revoked, .noRevocationSource, .issuerNotFound: return .badInput
        case .unusable, .fetchFailed: return .failed
        }
    }

    /// One line for the user: what failed, why, and what to try next.
    /// - Parameter context: The file, input, URL or step the failure is about; `nil` when unknown.
    public func message(about context: String?) -> Sentence {
        let context = context ?? "revocation"
        switch self {
        case .revoked(let subject, let whose, let date):
            return
                "\(context): \(whose) certificate was revoked on \(date ?? "an unknown date") (\(subject)); sign with a certificate that is in force."
        case .noRevocationSource(let subject):
            return
                "\(context): the certificate \(subject) names no OCSP responder and no CRL distribution point, so no validation material can be fetched for it; sign without long-term validation or use a certificate that names one."
        case .issuerNotFound(let subject):
            return
                "\(context): the issuer of \(subject) is not among the certificates given and cannot be fetched; add it to the signer's chain."
        case .unusable(let subject, let url, let why):
            return
                "\(context): the revocation data from \(url) for \(subject) is not usable: \(why); try again later or ask the operator of that service."
        case .fetchFailed(let url, let why):
            return "\(context): cannot fetch revocation data from \(url): \(why); check the address and the network."
        }
    }
}
