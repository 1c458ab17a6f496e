/// A deterministic 16-byte value for the second half of a trailer's `/ID` after an update: two
/// FNV-1a hashes of the appended bytes. Not a security feature — `/ID` only tells readers that
/// this revision differs from the previous one; the first half is kept as it was.
struct FileIdentifier {
    private var a: UInt64 = 0xcbf2_9ce4_8422_2325
    private var b: UInt64 = 0x6c62_272e_07bb_0142

    mutating func add(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            b = (b ^ UInt64(byte ^ 0x5A)) &* 0x0000_0100_0000_01B3
        }
    }

    /// `<…>` with 32 hex digits.
    var hexString: String {
        func hex(_ v: UInt64) -> String {
            let s = String(v, radix: 16)
            return String(repeating: "0", count: 16 - s.count) + s
        }
        return "<" + hex(a) + hex(b) + ">"
    }
}
