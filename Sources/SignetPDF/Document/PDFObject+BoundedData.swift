extension PDFObject {
    /// A stream's decoded data when it decodes to at most `limit` bytes (FlateDecode inflated with
    /// that ceiling, as page content is: see `PageContent`); `nil` when it is larger or undecodable.
    package func decodedData(limit: Int) throws -> [UInt8]? {
        guard case .bytes(let data) = try PageContent.decode(self, limit: limit) else { return nil }
        return data
    }
}
