import SignetFiles

/// The certificates a user trusts (`--ca FILE`, repeatable; each file may hold several PEM certificates).
///
/// Sendable: the certificates are read once in `init` and only read afterwards (each
/// verification builds its own store; see openssl-threads(7)).
public final class TrustAnchors: @unchecked Sendable {
    let certificates: [Certificate]

    /// Reads the PEM or DER certificates in `files` as trust anchors; throws ``SignError`` when one cannot be read.
    /// - Parameter files: PEM or DER certificate files.
    /// - Throws: ``SignError`` when a file cannot be read or holds no certificate.
    public init(files: [String]) throws {
        certificates = try files.flatMap { try SigningIdentity.readCertificates($0) }
    }

    /// Subjects of the anchors.
    package var subjects: [String] { certificates.map(\.subject) }
}
