import SignetFiles

/// The checks every PDF opener makes before a parser (qpdf or poppler) sees the file, so every
/// command refuses a file that is not a PDF, or is cut short, in the same words.
package enum PDFEnvelope {
    package enum Problem: Sendable, Hashable {
        /// No `%PDF-` header in the first kilobyte.
        case notAPDF
        /// The file ends before its `%%EOF` marker (white space after it does not count).
        case truncated

        /// The sentence after the file's name.
        package var sentence: String {
            switch self {
            case .notAPDF: return "not a PDF (no %PDF- header in the first kilobyte); check that it is the right file."
            case .truncated: return "the file is truncated (it does not end with %%EOF); get a complete copy of it."
            }
        }
    }

    /// What is wrong with the bytes as a PDF, or `nil` when the header and the end marker are there.
    package static func problem(in source: any ByteSource) throws -> Problem? {
        let head = try source.bytes(0..<min(source.size, 1024))
        guard contains(head, "%PDF-") else { return .notAPDF }
        // White space after `%%EOF` is harmless, however long: the marker is sought before it.
        let end = try ByteScan.contentEnd(of: source)
        let tail = try source.bytes(max(0, end - 2048)..<end)
        guard contains(tail, "%%EOF") else { return .truncated }
        return nil
    }

    private static func contains(_ bytes: [UInt8], _ marker: String) -> Bool {
        let needle = Array(marker.utf8)
        guard bytes.count >= needle.count else { return false }
        return (0...(bytes.count - needle.count)).contains { i in bytes[i..<(i + needle.count)].elementsEqual(needle) }
    }
}
