/// What adding a document timestamp (`/Type /DocTimeStamp`, `/SubFilter /ETSI.RFC3161`) wrote.
public struct DocumentTimestampResult: Sendable, Hashable, Codable {
    /// The input, as named.
    package var input: String
    /// The output, as named.
    package var output: String
    /// The timestamp field's full name.
    public var field: String
    /// The authority's URL (without credentials).
    public var authority: String
    /// The `/ByteRange`: offset and length pairs of the bytes stamped.
    package var byteRange: [Int]
    /// Bytes reserved for the token in `/Contents`.
    package var reserved: Int
    /// The size of the TimeStampToken placed there.
    package var tokenBytes: Int
    /// How many bytes the incremental update added.
    package var bytesAdded: Int

    enum CodingKeys: String, CodingKey {
        case input, output, field, authority, reserved
        case byteRange = "byte_range"
        case tokenBytes = "token_bytes"
        case bytesAdded = "bytes_added"
    }
}
