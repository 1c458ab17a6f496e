/// The few DER encodings Signet builds itself.
enum DER {
    /// A DER SET OF: the elements' encodings sorted as octet strings (X.690 §11.6), wrapped in
    /// tag 0x31. CMS signs the signed attributes in exactly this form (RFC 5652 §5.4).
    static func set(of elements: [[UInt8]]) -> [UInt8] {
        let sorted = elements.sorted { a, b in
            for (x, y) in zip(a, b) where x != y { return x < y }
            return a.count < b.count
        }
        let body = sorted.flatMap { $0 }
        return [0x31] + length(body.count) + body
    }

    /// Definite-length octets: short form below 128, long form above.
    static func length(_ n: Int) -> [UInt8] {
        guard n >= 0x80 else { return [UInt8(n)] }
        var bytes: [UInt8] = []
        var rest = n
        while rest > 0 {
            bytes.insert(UInt8(rest & 0xFF), at: 0)
            rest >>= 8
        }
        return [0x80 | UInt8(bytes.count)] + bytes
    }
}

/// Reading the framing of DER, and of BER with indefinite lengths (what `openssl cms -stream`
/// writes), without decoding any content: tags of one byte (every CMS and RFC 3161 tag), lengths
/// of up to eight octets (leading zeros included; OpenSSL takes any number) worth at most 31 bits, indefinite lengths on constructed elements only, nested at most
/// `maxDepth` deep. Used where Signet needs one element's bytes, or a count, before (or instead
/// of) a library parse.
extension DER {
    static let maxDepth = 64

    /// The byte ranges of the elements inside the SEQUENCE that `bytes` starts with (each
    /// element's tag, length and content); `nil` when the framing does not add up.
    static func elements(ofSequence bytes: [UInt8]) -> [Range<Int>]? {
        guard let end = end(bytes, at: 0), end <= bytes.count else { return nil }
        return children(bytes, of: 0..<end, tag: 0x30)
    }

    /// The content octets of the element at `range` (one of `elements(ofSequence:)`) when its tag is
    /// `tag` and its length definite; nil otherwise.
    static func content(_ bytes: [UInt8], of range: Range<Int>, tag: UInt8) -> [UInt8]? {
        guard bytes[range.lowerBound] == tag, let (start, length) = header(bytes, at: range.lowerBound), let length,
            start + length == range.upperBound
        else { return nil }
        return Array(bytes[start..<range.upperBound])
    }

    /// A primitive or constructed element: `tag`, the definite length, `content`.
    static func element(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] { [tag] + length(content.count) + content }

    /// The DER of the content type id-signedData (1.2.840.113549.1.7.2): an EnvelopedData also
    /// carries certificates and CRLs (in its originatorInfo), where this does not count them.
    static let signedDataType: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02]

    /// How many certificates and CRLs (revocation values) the `certificates` and `crls` fields of
    /// the CMS SignedData in `bytes` (a ContentInfo) hold, from the framing alone; 0 for a field
    /// that is absent, nil when `bytes` is not framed like a SignedData (the verifier then refuses it unparsed).
    static func carriedCounts(inSignedData bytes: [UInt8]) -> (certificates: Int, crls: Int)? {
        guard let infoEnd = end(bytes, at: 0), let info = children(bytes, of: 0..<infoEnd, tag: 0x30),
            info.count == 2, bytes[info[0]].elementsEqual(signedDataType),
            let explicit = children(bytes, of: info[1], tag: 0xA0), explicit.count == 1,
            let fields = children(bytes, of: explicit[0], tag: 0x30)
        else { return nil }
        // SignedData: version, digestAlgorithms, encapContentInfo, [0] certificates, [1] crls, signerInfos.
        func count(_ tag: UInt8) -> Int? {
            guard let field = fields.dropFirst(3).first(where: { bytes[$0.lowerBound] == tag }) else { return 0 }
            return children(bytes, of: field, tag: tag)?.count
        }
        guard let certificates = count(0xA0), let crls = count(0xA1) else { return nil }
        return (certificates, crls)
    }

    /// The bytes of the issuer Name of the CRL in `bytes` (a DER CertificateList: its TBSCertList
    /// holds an optional version, the signature algorithm, then the issuer), from the framing
    /// alone; nil when `bytes` is not framed like one.
    static func crlIssuer(_ bytes: [UInt8]) -> [UInt8]? {
        guard let list = elements(ofSequence: bytes), list.count == 3,
            let tbs = children(bytes, of: list[0], tag: 0x30), tbs.count >= 3
        else { return nil }
        let issuer = tbs[bytes[tbs[0].lowerBound] == 0x02 ? 2 : 1]
        guard bytes[issuer.lowerBound] == 0x30 else { return nil }
        return Array(bytes[issuer])
    }

    /// The elements inside the constructed element at `range` when its tag is `tag`; nil otherwise
    /// or when they do not fill it exactly (up to the end-of-contents octets of an indefinite length).
    private static func children(_ bytes: [UInt8], of range: Range<Int>, tag: UInt8) -> [Range<Int>]? {
        guard bytes[range.lowerBound] == tag, let (start, length) = header(bytes, at: range.lowerBound) else {
            return nil
        }
        let stop = length == nil ? range.upperBound - 2 : range.upperBound
        var ranges: [Range<Int>] = []
        var cursor = start
        while cursor < stop {
            guard let next = end(bytes, at: cursor), next <= stop else { return nil }
            ranges.append(cursor..<next)
            cursor = next
        }
        return cursor == stop ? ranges : nil
    }

    /// Where the element at `offset` ends (after its end-of-contents octets when its length is
    /// indefinite); nil when it runs past `bytes` or its framing is not one this reads.
    private static func end(_ bytes: [UInt8], at offset: Int, depth: Int = 0) -> Int? {
        guard depth < maxDepth, let (start, length) = header(bytes, at: offset) else { return nil }
        if let length { return start + length <= bytes.count ? start + length : nil }
        guard bytes[offset] & 0x20 != 0 else { return nil }  // indefinite lengths are for constructed elements
        var cursor = start
        while cursor + 2 <= bytes.count {
            if bytes[cursor] == 0 && bytes[cursor + 1] == 0 { return cursor + 2 }
            guard let next = end(bytes, at: cursor, depth: depth + 1) else { return nil }
            cursor = next
        }
        return nil
    }

    /// Where the content of the element at `offset` starts, and its length (nil: indefinite).
    static func header(_ bytes: [UInt8], at offset: Int) -> (start: Int, length: Int?)? {
        guard offset >= 0, offset + 2 <= bytes.count, bytes[offset] & 0x1F != 0x1F else { return nil }
        let first = Int(bytes[offset + 1])
        guard first & 0x80 != 0 else { return (offset + 2, first) }
        let count = first & 0x7F
        if count == 0 { return (offset + 2, nil) }
        // Up to 8 length octets (leading zeros included); the value in 31 bits.
        guard count <= 8, offset + 2 + count <= bytes.count else { return nil }
        let octets = bytes[(offset + 2)..<(offset + 2 + count)]
        guard octets.dropLast(4).allSatisfy({ $0 == 0 }) else { return nil }
        let length = octets.suffix(4).reduce(0) { $0 << 8 | Int($1) }
        guard length <= Int(Int32.max) else { return nil }
        return (offset + 2 + count, length)
    }
}
