/// A zlib stream that inflates to `count` bytes of `a` from about 1/160 of that: one literal,
/// then length-258 matches at distance 1 in one fixed-Huffman deflate block (13 bits each).
/// Built directly, so a test can make a 300 MiB bomb in milliseconds without zlib.
package enum FlateBomb {
    package static func zlib(decodingTo count: Int) -> [UInt8] {
        precondition(count >= 1 + 258 * 2 && (count - 1) % 258 == 0, "count must be 1 + 258·k, k ≥ 2")
        var bits = BitWriter()
        bits.put(1, 1)  // BFINAL
        bits.put(1, 2)  // BTYPE 01: fixed Huffman codes
        bits.code(0x30 + 0x61, 8)  // literal 'a'
        let unit = { (w: inout BitWriter) in
            for _ in 0..<8 {
                w.code(0xC0 + 5, 8)  // length code 285: 258 bytes
                w.code(0, 5)  // distance code 0: distance 1
            }
        }
        // Eight matches are 104 bits, a whole number of bytes: from the second unit on, each
        // unit's bytes are the same, so they are repeated rather than written bit by bit.
        let matches = (count - 1) / 258
        let units = matches / 8
        if units >= 2 {
            unit(&bits)
            unit(&bits)
            let pattern = Array(bits.bytes.suffix(13))
            bits.bytes.reserveCapacity(bits.bytes.count + 13 * (units - 2) + 16)
            for _ in 2..<units { bits.bytes += pattern }
        } else {
            for _ in 0..<units { unit(&bits) }
        }
        for _ in 0..<(matches - 8 * max(units, 0)) {
            bits.code(0xC0 + 5, 8)
            bits.code(0, 5)
        }
        bits.code(0, 7)  // end of block
        bits.flush()
        return [0x78, 0x01] + bits.bytes + adler32(of: UInt8(ascii: "a"), count: count)
    }

    /// Adler-32 of `count` copies of `byte`, in closed form (big-endian, as zlib stores it).
    static func adler32(of byte: UInt8, count: Int) -> [UInt8] {
        let m = 65521, n = count % m, v = Int(byte)
        let a = (1 + n * v) % m
        // b = Σ_{i=1..count} (1 + i·v) = count + v·count(count+1)/2, taken mod m.
        let pairs = count % 2 == 0 ? ((count / 2) % m) * ((count + 1) % m) : (count % m) * (((count + 1) / 2) % m)
        let b = (n + v * (pairs % m)) % m
        return [UInt8(b >> 8), UInt8(b & 0xFF), UInt8(a >> 8), UInt8(a & 0xFF)]
    }
}

/// Deflate's bit order: fields least significant bit first, Huffman codes most significant first.
struct BitWriter {
    var bytes: [UInt8] = []
    private var pending: UInt32 = 0
    private var pendingCount = 0

    mutating func put(_ value: UInt32, _ count: Int) {
        for i in 0..<count { push((value >> UInt32(i)) & 1) }
    }

    mutating func code(_ value: UInt32, _ count: Int) {
        for i in stride(from: count - 1, through: 0, by: -1) { push((value >> UInt32(i)) & 1) }
    }

    mutating func flush() {
        if pendingCount > 0 { bytes.append(UInt8(pending)) }
        pending = 0
        pendingCount = 0
    }

    private mutating func push(_ bit: UInt32) {
        pending |= bit << UInt32(pendingCount)
        pendingCount += 1
        if pendingCount == 8 { flush() }
    }
}
