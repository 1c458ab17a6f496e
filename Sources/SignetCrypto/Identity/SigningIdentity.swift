import FoundationEssentials
import SignetCore
import SignetFiles

/// A private key with its certificate and the chain to put next to it in a signature.
/// Load one with `SigningIdentity.pkcs12(path:password:)`, `SigningIdentity.pem(...)` or, for a
/// key that stays on a PKCS#11 token, `SigningIdentity.pkcs11(...)`.
///
/// Sendable: key and certificates are set once in `init` and only read afterwards; OpenSSL 3
/// allows one key or certificate to be used by several threads at once for reading (signing
/// with it through separate contexts), see openssl-threads(7); a token key serializes its signatures.
public final class SigningIdentity: @unchecked Sendable {
    let key: SigningKey
    /// The certificate's public key: what OpenSSL's CMS code is given for the SignerInfo (the
    /// private key may be out of its reach, on a token); the signature itself comes from `key`.
    let publicKey: PrivateKey
    let certificate: Certificate
    /// Other certificates (intermediates, root) carried in the signature so verifiers can build the chain.
    let chain: [Certificate]
    /// How an RSA key signs (`.pkcs1v15` unless ``withRSAPadding(_:)`` chose PSS); EC keys ignore it.
    package let rsaPadding: RSAPadding

    /// SHA-256 of the signer's certificate (DER), as sealed handwriting evidence names its signer.
    package var certificateSHA256: [UInt8] {
        get throws { try certificate.sha256 }
    }

    init(key: SigningKey, certificate: Certificate, chain: [Certificate], source: String) throws {
        let publicKey: PrivateKey
        do {
            publicKey = try certificate.publicKey()
        } catch let failure as OpenSSLFailure {
            throw SignError(source, failure)
        }
        guard ["RSA", "EC"].contains(publicKey.algorithm) else {
            throw SignError(source, .unsupportedKey(publicKey.algorithm))
        }
        self.key = key
        self.publicKey = publicKey
        self.certificate = certificate
        self.chain = chain.filter { !$0.isSame(as: certificate) }
        self.rsaPadding = .pkcs1v15
    }

    private init(_ other: SigningIdentity, rsaPadding: RSAPadding) {
        key = other.key
        publicKey = other.publicKey
        certificate = other.certificate
        chain = other.chain
        self.rsaPadding = rsaPadding
    }

    /// The same key and certificates, signing with `padding` (RSASSA-PSS or PKCS#1 v1.5).
    /// - Parameter padding: How the RSA key signs.
    /// - Throws: ``SignError`` when `padding` is PSS and the key is not an RSA key.
    public func withRSAPadding(_ padding: RSAPadding) throws -> SigningIdentity {
        guard padding == .pkcs1v15 || publicKey.algorithm == "RSA" else {
            throw SignError(subject, .pssNeedsRSAKey(publicKey.algorithm))
        }
        return SigningIdentity(self, rsaPadding: padding)
    }

    /// The signature of `message` (the DER signed attributes) with SHA-256 and ``rsaPadding``.
    func sign(_ message: [UInt8]) throws -> [UInt8] { try key.sign(message, padding: rsaPadding) }

    /// The signer's subject in RFC 2253 form.
    public var subject: String { certificate.subject }
    /// The certificate issuer's distinguished name.
    package var issuer: String { certificate.issuer }
    /// The start of the certificate's validity.
    package var notBefore: Date? { certificate.notBefore }
    /// The end of the certificate's validity.
    package var notAfter: Date? { certificate.notAfter }
    /// "RSA-2048", "EC-256".
    package var keyDescription: String { "\(publicKey.algorithm)-\(publicKey.bits)" }
    /// Subjects of the chain certificates, in the order they go into the signature.
    package var chainSubjects: [String] { chain.map(\.subject) }

    /// Whether the certificate is valid at `date`.
    /// - Parameter date: The instant to judge at.
    package func validity(at date: Date) -> CertificateValidity {
        CertificateValidity(notBefore: notBefore, notAfter: notAfter, at: date)
    }

    /// Throws when `strict` and the certificate is not valid at `date`; otherwise returns the
    /// warning to show (or `nil` when the certificate is valid).
    package func checkValidity(at date: Date, strict: Bool, source: String) throws -> Sentence? {
        let validity = validity(at: date)
        guard validity != .valid else { return nil }
        if strict {
            throw SignError(
                source,
                .certificateOutOfValidity(
                    subject: subject, notBefore: notBefore.map(DateText.utc) ?? "?",
                    notAfter: notAfter.map(DateText.utc) ?? "?", signingTime: DateText.utc(date)))
        }
        return
            "\(source): certificate '\(subject)' \(validity.phrase) at the signing time \(DateText.utc(date)); the signature will not validate as trusted (\(.set("true"), .identityStrict) to refuse)"
    }
}

/// Where a certificate stands at a given time.
package enum CertificateValidity: String, Sendable, Hashable, Codable {
    /// Within its validity.
    case valid
    /// Past its end.
    case expired
    /// Before its start.
    case notYetValid = "not-yet-valid"

    package init(notBefore: Date?, notAfter: Date?, at date: Date) {
        if let notBefore, date < notBefore {
            self = .notYetValid
        } else if let notAfter, date > notAfter {
            self = .expired
        } else {
            self = .valid
        }
    }

    var phrase: String {
        switch self {
        case .valid: return "is valid"
        case .expired: return "has expired"
        case .notYetValid: return "is not yet valid"
        }
    }
}

/// How dates read in messages and JSON: "2026-07-13T09:30:00Z".
package enum DateText {
    package static func utc(_ date: Date) -> String { UTCTime.iso8601(date) }
    static func parseUTC(_ text: String) -> Date? { UTCTime.parse(text) }
}
