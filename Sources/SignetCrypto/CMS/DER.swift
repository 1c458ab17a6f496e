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

extension DER {
    /// The byte ranges of the elements inside the definite-length SEQUENCE that `bytes` starts
    /// with (each element's tag, length and content); `nil` when the framing does not add up.
    static func elements(ofSequence bytes: [UInt8]) -> [Range<Int>]? {
        guard bytes.first == 0x30, let outer = header(bytes, at: 0), outer.end <= bytes.count else { return nil }
        var ranges: [Range<Int>] = []
        var cursor = outer.contentStart
        while cursor < outer.end {
            guard let element = header(bytes, at: cursor), element.end <= outer.end else { return nil }
            ranges.append(cursor..<element.end)
            cursor = element.end
        }
        return ranges
    }

    /// Where the content of the element at `offset` starts and where the element ends.
    private static func header(_ bytes: [UInt8], at offset: Int) -> (contentStart: Int, end: Int)? {
        guard offset + 2 <= bytes.count, bytes[offset] & 0x1F != 0x1F else { return nil }
        let first = Int(bytes[offset + 1])
        guard first & 0x80 != 0 else { return (offset + 2, offset + 2 + first) }
        let count = first & 0x7F
        guard (1...4).contains(count), offset + 2 + count <= bytes.count else { return nil }
        let length = bytes[(offset + 2)..<(offset + 2 + count)].reduce(0) { $0 << 8 | Int($1) }
        return (offset + 2 + count, offset + 2 + count + length)
    }
}
