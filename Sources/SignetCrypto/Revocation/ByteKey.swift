/// Bytes as a set member or dictionary key, hashed in one pass over their buffer: `[UInt8]`
/// hashes element by element, which made each lookup of a 2.2 MB CRL cost about 20 ms and doubled
/// the time `verify` took on a file whose `/DSS` held two of them.
package struct ByteKey: Hashable, Sendable {
    package let bytes: [UInt8]

    package init(_ bytes: [UInt8]) { self.bytes = bytes }

    package func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
