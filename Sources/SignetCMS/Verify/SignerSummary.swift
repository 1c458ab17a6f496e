import FoundationEssentials

/// The signer certificate as a verification report shows it.
public struct SignerSummary: Sendable, Hashable, Codable {
    public var subject: String
    public var issuer: String
    public var serial: String
    public var notBefore: String?
    public var notAfter: String?

    enum CodingKeys: String, CodingKey {
        case subject, issuer, serial
        case notBefore = "not_before"
        case notAfter = "not_after"
    }

    init(_ certificate: Certificate) {
        subject = certificate.subject
        issuer = certificate.issuer
        serial = certificate.serialHex
        notBefore = certificate.notBefore.map(DateText.utc)
        notAfter = certificate.notAfter.map(DateText.utc)
    }
}

/// Whether the signer's chain ends at a certificate the user trusts (`--ca`).
public enum TrustStatus: String, Sendable, Hashable, Codable {
    case trusted
    /// The chain does not end at a trust anchor, or no anchor was given.
    case untrusted
    /// Trust was not asked for (`--no-trust`), or the signature failed before its chain mattered.
    case notJudged = "not-judged"
}
