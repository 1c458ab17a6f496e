import Testing

@testable import SignetCrypto

/// The DER Signet writes (lengths, SET OF) and the framing it reads before any library parse:
/// lengths of up to eight octets worth at most 31 bits, indefinite lengths on constructed
/// elements only, one-byte tags, bounded nesting.
@Suite("DER framing")
struct DERTests {
    /// `tag`, the DER length of `content`, `content`.
    static func tlv(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] { [tag] + DER.length(content.count) + content }
    static func sequence(_ elements: [UInt8]...) -> [UInt8] { tlv(0x30, elements.flatMap { $0 }) }
    static let int1: [UInt8] = [0x02, 0x01, 0x01]
    static let null: [UInt8] = [0x05, 0x00]

    @Test(
        "lengths: short form below 128, the fewest long-form octets above",
        arguments: [
            (0, [0x00]), (1, [0x01]), (127, [0x7F]), (128, [0x81, 0x80]), (255, [0x81, 0xFF]),
            (256, [0x82, 0x01, 0x00]), (65_535, [0x82, 0xFF, 0xFF]), (65_536, [0x83, 0x01, 0x00, 0x00]),
            (Int(Int32.max), [0x84, 0x7F, 0xFF, 0xFF, 0xFF]),
        ] as [(Int, [UInt8])])
    func length(_ n: Int, expected: [UInt8]) {
        #expect(DER.length(n) == expected, "length octets of \(n): \(DER.length(n))")
    }

    /// X.690 §11.6: the encodings sorted as octet strings, a shorter one before a longer one it begins.
    @Test("a SET OF sorts its elements' encodings")
    func setOf() {
        let elements: [[UInt8]] = [[0x04, 0x01, 0x02], [0x02, 0x01, 0x05], [0x04, 0x01], [0x02, 0x01, 0x03]]
        let set = DER.set(of: elements)
        let expected: [UInt8] = [0x31, 0x0B, 0x02, 0x01, 0x03, 0x02, 0x01, 0x05, 0x04, 0x01, 0x04, 0x01, 0x02]
        #expect(set == expected, "SET OF: \(set)")
        #expect(DER.set(of: []) == [0x31, 0x00], "an empty SET OF")
    }

    @Test(
        "the elements of a sequence, by their byte ranges",
        arguments: [
            ("DER", sequence(int1, null), [2..<5, 5..<7]),
            ("empty", [0x30, 0x00], []),
            (
                "long-form length with leading zeros", [0x30, 0x84, 0x00, 0x00, 0x00, 0x05] + int1 + null,
                [6..<9, 9..<11]
            ),
            ("eight length octets", [0x30, 0x88, 0, 0, 0, 0, 0, 0, 0, 0x02] + null, [10..<12]),
            ("indefinite length", [0x30, 0x80] + int1 + null + [0x00, 0x00], [2..<5, 5..<7]),
            (
                "indefinite inside indefinite", [0x30, 0x80, 0x30, 0x80] + int1 + [0x00, 0x00, 0x00, 0x00],
                [2..<9]
            ),
            ("trailing bytes after the sequence", sequence(int1) + [0xFF, 0xFF], [2..<5]),
        ] as [(String, [UInt8], [Range<Int>])])
    func elements(_ name: String, bytes: [UInt8], expected: [Range<Int>]) {
        let ranges = DER.elements(ofSequence: bytes)
        #expect(ranges == expected, "\(name): \(String(describing: ranges))")
    }

    @Test(
        "framing that does not add up is refused",
        arguments: [
            ("nothing", []),
            ("a tag alone", [0x30]),
            ("not a sequence", [0x31, 0x00]),
            ("content shorter than its length", [0x30, 0x05] + int1),
            ("an element running past the sequence", [0x30, 0x03, 0x02, 0x05, 0x01, 0x02, 0x03, 0x04, 0x05]),
            ("nine length octets", [0x30, 0x89, 0, 0, 0, 0, 0, 0, 0, 0, 0x02] + null),
            ("a length over 31 bits", [0x30, 0x84, 0x80, 0x00, 0x00, 0x00]),
            ("a length over 31 bits in eight octets", [0x30, 0x88, 0, 0, 0, 0x01, 0, 0, 0, 0x02] + null),
            ("an indefinite length on a primitive element", [0x30, 0x80, 0x04, 0x80, 0x00, 0x00, 0x00, 0x00]),
            ("an indefinite length never closed", [0x30, 0x80] + int1),
            ("a multi-byte tag", [0x30, 0x04, 0x1F, 0x81, 0x00, 0x00]),
            ("a multi-byte tag outside", [0x3F, 0x81, 0x00]),
        ] as [(String, [UInt8])])
    func refused(_ name: String, bytes: [UInt8]) {
        #expect(
            DER.elements(ofSequence: bytes) == nil,
            "\(name) was read as \(String(describing: DER.elements(ofSequence: bytes)))")
    }

    @Test("nesting is read up to the depth limit and refused beyond it")
    func depth() {
        func nested(_ levels: Int) -> [UInt8] {
            Array(repeating: [0x30, 0x80], count: levels).flatMap { $0 }
                + Array(repeating: [0x00, 0x00], count: levels).flatMap { $0 }
        }
        #expect(DER.elements(ofSequence: nested(DER.maxDepth)) != nil, "\(DER.maxDepth) indefinite levels")
        #expect(DER.elements(ofSequence: nested(DER.maxDepth + 1)) == nil, "\(DER.maxDepth + 1) indefinite levels")
    }

    /// ContentInfo { contentType, [0] SignedData { version, digestAlgorithms, encapContentInfo,
    /// [0] certificates, [1] crls, signerInfos } }, with `certificates` and `crls` elements.
    static func signedData(certificates: Int?, crls: Int?, type: [UInt8] = DER.signedDataType) -> [UInt8] {
        var fields = int1 + tlv(0x31, []) + sequence(tlv(0x06, [0x2A]))
        if let certificates {
            fields += tlv(0xA0, Array(repeating: sequence(null), count: certificates).flatMap { $0 })
        }
        if let crls { fields += tlv(0xA1, Array(repeating: sequence(int1), count: crls).flatMap { $0 }) }
        fields += tlv(0x31, [])
        return sequence(type, tlv(0xA0, sequence(fields)))
    }

    @Test(
        "the certificates and CRLs a SignedData carries, counted from its framing",
        arguments: [(2, 1), (0, 0), (nil, 3), (5, nil), (nil, nil)] as [(Int?, Int?)])
    func carriedCounts(certificates: Int?, crls: Int?) throws {
        let counts = try #require(
            DER.carriedCounts(inSignedData: Self.signedData(certificates: certificates, crls: crls)))
        #expect(
            counts.certificates == certificates ?? 0 && counts.crls == crls ?? 0,
            "counts for \(String(describing: certificates)) certificates, \(String(describing: crls)) CRLs: \(counts)")
    }

    /// An EnvelopedData (1.2.840.113549.1.7.3) carries certificates and CRLs too, where they are not counted.
    @Test("another content type is not counted as a SignedData")
    func otherContentType() {
        var enveloped = DER.signedDataType
        enveloped[enveloped.count - 1] = 0x03
        let bytes = Self.signedData(certificates: 1, crls: 1, type: enveloped)
        #expect(DER.carriedCounts(inSignedData: bytes) == nil, "an EnvelopedData's counts")
        let cut = Array(Self.signedData(certificates: 1, crls: 1).dropLast())
        #expect(DER.carriedCounts(inSignedData: cut) == nil, "a SignedData cut short")
    }

    @Test("the issuer of a CRL, with and without a version")
    func crlIssuer() {
        let issuer = Self.sequence(
            Self.tlv(0x31, Self.sequence(Self.tlv(0x06, [0x55, 0x04, 0x03]), Self.tlv(0x0C, Array("CA".utf8)))))
        let algorithm = Self.sequence(Self.tlv(0x06, [0x2A, 0x86, 0x48]))
        let thisUpdate = Self.tlv(0x17, Array("260101000000Z".utf8))
        let signature = Self.tlv(0x03, [0x00, 0x01])
        let versioned = Self.sequence(Self.sequence(Self.int1, algorithm, issuer, thisUpdate), algorithm, signature)
        let unversioned = Self.sequence(Self.sequence(algorithm, issuer, thisUpdate), algorithm, signature)
        #expect(DER.crlIssuer(versioned) == issuer, "issuer of a v2 CRL")
        #expect(DER.crlIssuer(unversioned) == issuer, "issuer of a v1 CRL")
        let noIssuer = Self.sequence(Self.sequence(Self.int1, algorithm, thisUpdate), algorithm, signature)
        #expect(DER.crlIssuer(noIssuer) == nil, "a TBSCertList whose issuer is not a sequence")
        #expect(DER.crlIssuer(Self.sequence(Self.int1)) == nil, "not a CertificateList")
    }
}
