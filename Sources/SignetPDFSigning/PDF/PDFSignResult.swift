/// What `PDFSigner.sign` wrote.
public struct PDFSignResult: Sendable, Hashable, Codable {
    /// The input, as named.
    package var input: String
    /// The output, as named.
    package var output: String
    /// The signature field's full name.
    public var field: String
    /// The page the signature widget is on (1-based).
    package var page: Int
    /// The widget's `/Rect` in default user space (`[0 0 0 0]` for an invisible signature).
    package var rect: [Double]
    /// The `/SubFilter` written.
    package var subFilter: String
    /// The `/ByteRange`: offset and length pairs of the bytes signed.
    package var byteRange: [Int]
    /// Bytes reserved for the CMS, and bytes it used.
    package var reserved: Int
    /// The size of the DER signature placed in the reserved space.
    package var signatureBytes: Int
    /// How many bytes the incremental update added to the file.
    public var bytesAdded: Int
    /// Whether the signature certifies the document (DocMDP).
    package var certified: Bool
    /// Whether the signature has a visible appearance.
    package var visible: Bool
    /// Whether the signature carries a signature timestamp (PAdES B-T).
    package var timestamped: Bool
    /// What the long-term-validation update added (PAdES B-LT), if one was made.
    public var ltv: LTVUpdateResult?
    /// The document timestamp added after the signature (PAdES B-LTA), if one was.
    public var documentTimestamp: DocumentTimestampResult?
    /// The damage of an input that was signed as a repaired copy (see
    /// `PDFDocument.opening(path:password:repairing:)`), or nil.
    package var repaired: String? = nil

    enum CodingKeys: String, CodingKey {
        case input, output, field, page, rect, reserved, certified, visible, timestamped, ltv, repaired
        case subFilter = "sub_filter"
        case byteRange = "byte_range"
        case signatureBytes = "signature_bytes"
        case bytesAdded = "bytes_added"
        case documentTimestamp = "document_timestamp"
    }
}
