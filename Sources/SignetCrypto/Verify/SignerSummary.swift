import FoundationEssentials
import SignetCore

/// The signer certificate as a verification report shows it.
public struct SignerSummary: Sendable, Hashable, Codable {
    /// The certificate subject's distinguished name.
    public var subject: String
    /// The issuer's distinguished name.
    package var issuer: String
    /// The serial number, in hexadecimal.
    package var serial: String
    /// The start of the validity, ISO 8601.
    package var notBefore: String?
    /// The end of the validity, ISO 8601.
    package var notAfter: String?
    /// The subject holds a bidirectional control or a zero-width character (`HiddenCharacters`),
    /// which can make the name read as another; the text report shows them escaped (`<U+202E>`).
    package var nameHasControls: Bool
    /// SHA-256 of the certificate (DER): what handwriting evidence names its signer by.
    package var certificateSHA256: [UInt8] = []

    enum CodingKeys: String, CodingKey {
        case subject, issuer, serial
        case notBefore = "not_before"
        case notAfter = "not_after"
        case nameHasControls = "name_has_controls"
    }

    init(_ certificate: Certificate) {
        subject = certificate.subject
        issuer = certificate.issuer
        serial = certificate.serialHex
        notBefore = certificate.notBefore.map(DateText.utc)
        notAfter = certificate.notAfter.map(DateText.utc)
        nameHasControls = HiddenCharacters.found(in: subject)
        certificateSHA256 = (try? certificate.sha256) ?? []
    }
}

/// Whether the signer's chain ends at a certificate the user trusts (`--ca`).
public enum TrustStatus: String, Sendable, Hashable, Codable {
    /// The chain ends at a trust anchor.
    case trusted
    /// The chain does not end at a trust anchor, or no anchor was given.
    case untrusted
    /// Trust was not asked for (`--no-trust`), or the signature failed before its chain mattered.
    case notJudged = "not-judged"
}
