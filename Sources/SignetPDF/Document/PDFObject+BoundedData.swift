extension PDFObject {
    /// A stream's decoded data when it decodes to at most `limit` bytes (FlateDecode inflated with
    /// that ceiling, as page content is: see `PageContent`), and whether a `nil` means the stream is
    /// larger than `limit` (it was inflated up to the limit to find out) rather than undecodable.
    package func boundedData(limit: Int) throws -> (bytes: [UInt8]?, overLimit: Bool) {
        switch try PageContent.decode(self, limit: limit) {
        case .bytes(let data): return (data, false)
        case .overLimit: return (nil, true)
        case .undecodable: return (nil, false)
        }
    }
}
