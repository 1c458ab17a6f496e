import COpenSSL

/// A hash function known to OpenSSL. The `EVP_MD` comes from OpenSSL's static tables
/// (`EVP_sha256`, `EVP_get_digestbyobj`) and is never freed.
package struct DigestAlgorithm: @unchecked Sendable {
    package let md: OpaquePointer
    /// OpenSSL's short name ("SHA256").
    package let name: String

    private init(md: OpaquePointer) {
        self.md = md
        name = EVP_MD_get0_name(md).map { String(cString: $0) } ?? "unknown"
    }

    package static var sha256: DigestAlgorithm { DigestAlgorithm(md: EVP_sha256()) }
    /// SHA-1: only where a format names it (DSS VRI keys), never to sign.
    package static var sha1: DigestAlgorithm { DigestAlgorithm(md: EVP_sha1()) }

    /// The digest an algorithm identifier names, or `nil` when OpenSSL does not know it.
    init?(_ identifier: ObjectID) {
        guard let shortName = OBJ_nid2sn(identifier.nid), let md = EVP_get_digestbyname(shortName) else {
            OpenSSL.clearErrors()
            return nil
        }
        self.init(md: md)
    }

    /// Output size in bytes.
    package var size: Int { Int(EVP_MD_get_size(md)) }
}
