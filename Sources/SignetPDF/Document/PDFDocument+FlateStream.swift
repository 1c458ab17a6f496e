extension PDFDocument {
    /// A new stream holding `data` compressed with `/FlateDecode`; `dictionary` adds entries.
    package func makeFlateStream(_ data: [UInt8], dictionary: String? = nil) throws -> PDFObject {
        let deflated: [UInt8]
        do {
            deflated = try Zlib.deflate(data)
        } catch {
            throw self.error(
                .structure("cannot compress a new stream (zlib status \((error as? Zlib.Failure)?.status ?? 0))"))
        }
        return try makeStream(deflated, filter: "/FlateDecode", dictionary: dictionary)
    }
}
