import SignetFiles

/// The certificates a user trusts (`--ca FILE`, repeatable; each file may hold several PEM certificates).
public final class TrustAnchors {
    let certificates: [Certificate]

    public init(files: [String]) throws {
        certificates = try files.flatMap { try SigningIdentity.readCertificates($0) }
    }

    /// Subjects of the anchors.
    public var subjects: [String] { certificates.map(\.subject) }
}
