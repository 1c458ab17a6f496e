import FoundationEssentials

/// Where `signet verify` looks for revocation data (`--revocation`).
public enum RevocationMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// Revocation is not checked.
    case none
    /// Only what the file holds: the DSS (and its VRI entries) and CRLs inside the CMS. Default.
    case offline
    /// What the file holds, and fresh OCSP responses or CRLs fetched from each certificate's URLs.
    case online
}

/// How `--revocation online` reaches OCSP responders and CRL distribution points: the caller's
/// HTTP transport, and fresh random bytes for each OCSP nonce (the library has neither a network
/// nor a random source of its own).
public struct OnlineRevocation: Sendable {
    /// Fetches `url`: a POST of `body` with `contentType` (`application/ocsp-request`), or a GET when `body` is nil.
    package var fetch: @Sendable (_ url: String, _ body: [UInt8]?, _ contentType: String?) throws -> [UInt8]
    /// Random bytes for one OCSP nonce.
    package var nonce: @Sendable () -> [UInt8]
    /// Certificates (DER) that complete chains a signature does not carry whole — an intermediate,
    /// the issuer of a timestamp authority whose certificate names no AIA URL, a root — for building
    /// chains before their revocation data is fetched. Empty by default.
    package var certificates: [[UInt8]] = []

    /// - Parameters:
    ///   - fetch: Fetches a URL: a POST of the body with the content type, or a GET when the body is nil.
    ///   - nonce: Random bytes for one OCSP nonce.
    /// - Throws: Nothing itself; `fetch` throws what the transport throws (``HTTPError``), reported as ``RevocationError``.
    package init(
        fetch: @escaping @Sendable (_ url: String, _ body: [UInt8]?, _ contentType: String?) throws -> [UInt8],
        nonce: @escaping @Sendable () -> [UInt8]
    ) {
        self.fetch = fetch
        self.nonce = nonce
    }

    /// Adds the PEM or DER certificates of `files` (each may hold several) to the certificates that
    /// complete the chains a signature does not carry whole.
    /// - Parameter files: Certificate files.
    /// - Throws: ``SignError`` when a file cannot be read or holds no certificate.
    public mutating func addCertificates(fromFiles files: [String]) throws {
        certificates += try files.flatMap { try SigningIdentity.readCertificates($0) }.map { try $0.der }
    }

    /// The fetch as the collector calls it.
    package var request: (RevocationRequest) throws -> [UInt8] {
        { [fetch] in try fetch($0.url, $0.body, $0.contentType) }
    }
}

/// What the revocation data says about one certificate of a chain.
package struct CertificateRevocation: Sendable, Hashable, Codable {
    /// The certificate's status at the time it was judged.
    package enum Status: String, Sendable, Hashable, Codable {
        /// Not revoked at that time.
        case good
        /// Revoked at or before that time.
        case revoked
        /// The responder does not know the certificate.
        case unknown
        /// No usable OCSP response or CRL speaks for the certificate at that time.
        case noData = "no-data"
    }

    /// The certificate's subject.
    package var subject: String
    /// Whose chain it belongs to: `signer` or `timestamp-authority`.
    package var chain: String
    /// The status at `time`.
    package var status: Status
    /// The time the status is judged at (the validation time of the signature or of its timestamp).
    package var time: String
    /// `ocsp` or `crl`, and whether it came from the file or was fetched (`online`).
    package var source: String?
    /// When the certificate was revoked (also when that lies after `time`).
    package var revokedAt: String?

    enum CodingKeys: String, CodingKey {
        case subject, chain, status, time, source
        case revokedAt = "revoked_at"
    }

    package init(subject: String, chain: String, status: Status, time: Date, source: String?, revokedAt: Date?) {
        self.subject = subject
        self.chain = chain
        self.status = status
        self.time = DateText.utc(time)
        self.source = source
        self.revokedAt = revokedAt.map(DateText.utc)
    }
}
