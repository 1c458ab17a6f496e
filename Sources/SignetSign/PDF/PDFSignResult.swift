/// What `PDFSigner.sign` wrote.
public struct PDFSignResult: Sendable, Hashable, Codable {
    public var input: String
    public var output: String
    /// The signature field's full name.
    public var field: String
    /// The page the signature widget is on (1-based).
    public var page: Int
    /// The widget's `/Rect` in default user space (`[0 0 0 0]` for an invisible signature).
    public var rect: [Double]
    public var subFilter: String
    public var byteRange: [Int]
    /// Bytes reserved for the CMS, and bytes it used.
    public var reserved: Int
    public var signatureBytes: Int
    public var bytesAdded: Int
    public var certified: Bool
    public var visible: Bool

    enum CodingKeys: String, CodingKey {
        case input, output, field, page, rect, reserved, certified, visible
        case subFilter = "sub_filter"
        case byteRange = "byte_range"
        case signatureBytes = "signature_bytes"
        case bytesAdded = "bytes_added"
    }
}
