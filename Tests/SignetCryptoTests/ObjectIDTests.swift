import Testing

@testable import SignetCrypto

/// Object identifiers as Swift values, named and split (signature algorithm → hash and key) by
/// OpenSSL's tables, and the digests they name.
@Suite("Object identifiers and digests")
struct ObjectIDTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let dotted: String
        let name: String
        let digest: String?
        let key: String?
        var testDescription: String { dotted }
    }

    static let sha256 = "2.16.840.1.101.3.4.2.1"

    @Test(
        "names, and what a signature algorithm names",
        arguments: [
            Case(
                dotted: "1.2.840.113549.1.1.11", name: "sha256WithRSAEncryption", digest: sha256,
                key: "1.2.840.113549.1.1.1"),
            Case(
                dotted: "1.2.840.113549.1.1.5", name: "sha1WithRSAEncryption", digest: "1.3.14.3.2.26",
                key: "1.2.840.113549.1.1.1"),
            Case(dotted: "1.2.840.10045.4.3.2", name: "ecdsa-with-SHA256", digest: sha256, key: "1.2.840.10045.2.1"),
            Case(dotted: "1.2.840.113549.1.1.10", name: "rsassaPss", digest: nil, key: "1.2.840.113549.1.1.10"),
            Case(dotted: "1.3.101.112", name: "ED25519", digest: nil, key: "1.3.101.112"),
            Case(dotted: sha256, name: "sha256", digest: nil, key: nil),
            Case(dotted: "1.2.840.113549.1.7.2", name: "pkcs7-signedData", digest: nil, key: nil),
            Case(dotted: "1.3.6.1.5.5.7.3.8", name: "Time Stamping", digest: nil, key: nil),
            Case(dotted: "1.2.3.4.5.6.7.8", name: "1.2.3.4.5.6.7.8", digest: nil, key: nil),
        ])
    func names(_ c: Case) {
        let id = ObjectID(dotted: c.dotted)
        #expect(id.dotted == c.dotted, "dotted form of \(c.dotted)")
        #expect(id.name == c.name, "name of \(c.dotted): \(id.name)")
        #expect(
            id.signatureDigest?.dotted == c.digest,
            "hash named by \(c.dotted): \(String(describing: id.signatureDigest))")
        #expect(id.signatureKey?.dotted == c.key, "key named by \(c.dotted): \(String(describing: id.signatureKey))")
    }

    @Test("an identifier OpenSSL does not know has no names of its own")
    func unknown() {
        let id = ObjectID(dotted: "1.2.3.4.5.6.7.8")
        #expect(
            id.longName == nil && id.shortName == nil, "names of 1.2.3.4.5.6.7.8: \(String(describing: id.longName))")
    }

    @Test("identifiers made from text and from OpenSSL's numbers are equal")
    func equality() {
        #expect(ObjectID(dotted: "1.2.840.113549.1.1.1") == .rsaEncryption, "rsaEncryption")
        #expect(ObjectID(dotted: "1.2.840.10045.2.1") == .ecPublicKey, "id-ecPublicKey")
        #expect(ObjectID(dotted: "1.2.840.113549.1.7.1") == .data, "id-data")
        #expect(ObjectID.md5 != .sha1, "MD5 and SHA-1")
    }

    @Test(
        "the digest an identifier names, and its size",
        arguments: [
            (sha256, "SHA256", 32), ("1.3.14.3.2.26", "SHA1", 20), ("1.2.840.113549.2.5", "MD5", 16),
            ("2.16.840.1.101.3.4.2.3", "SHA512", 64),
        ])
    func digests(_ dotted: String, name: String, size: Int) throws {
        let digest = try #require(DigestAlgorithm(ObjectID(dotted: dotted)), "the digest \(dotted) names")
        #expect(digest.name == name && digest.size == size, "\(dotted): \(digest.name), \(digest.size) bytes")
    }

    @Test("identifiers that are not digests name none")
    func notDigests() {
        #expect(DigestAlgorithm(ObjectID(dotted: "1.2.840.113549.1.1.1")) == nil, "rsaEncryption as a digest")
        #expect(DigestAlgorithm(ObjectID(dotted: "1.2.3.4.5.6.7.8")) == nil, "an unknown identifier as a digest")
        #expect(DigestAlgorithm.sha256.size == 32 && DigestAlgorithm.sha1.size == 20, "the two named digests' sizes")
    }
}
