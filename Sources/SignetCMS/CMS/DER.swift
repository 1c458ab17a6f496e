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
