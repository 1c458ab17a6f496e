/// A page's content streams decoded and joined (a line break between streams), with a ceiling on
/// the decoded size: a few kilobytes of FlateDecode can claim gigabytes (a decompression bomb),
/// and qpdf decodes whatever a stream holds into memory.
///
/// FlateDecode streams (nearly every content stream) are inflated here and stop at the limit.
/// Other chains of qpdf's general filters are handed to qpdf only when their worst-case
/// expansion of the stored bytes stays under the limit; past it, the page is refused.
package enum PageContent {
    /// Decoded content one page may have (default 256 MiB; real pages stay far below 10 MiB).
    package static let defaultLimit = 256 << 20

    /// The most bytes one stored byte can become, per filter qpdf decodes.
    private static let expansion: [String: Int] = [
        "/FlateDecode": 1032, "/LZWDecode": 4096, "/RunLengthDecode": 128, "/ASCII85Decode": 5, "/ASCIIHexDecode": 1,
    ]

    enum Outcome {
        case bytes([UInt8])
        /// A stream uses a filter or parameters that cannot be decoded, or its data is damaged.
        case undecodable
        /// The content decodes (or may decode) to more than the limit.
        case overLimit
    }

    static func decode(_ page: PDFPage, limit: Int = defaultLimit) throws -> Outcome {
        guard let contents = try page.object.value("/Contents") else { return .bytes([]) }
        let streams = try contents.kind == .array ? try contents.items() : [contents]
        var out: [UInt8] = []
        for stream in streams where try stream.kind == .stream {
            if !out.isEmpty { out.append(0x0A) }
            switch try decode(stream, limit: limit - out.count) {
            case .bytes(let data): out += data
            case let other: return other
            }
        }
        return .bytes(out)
    }

    static func decode(_ stream: PDFObject, limit: Int) throws -> Outcome {
        let stored = try stream.streamData(decoded: false)
        guard let filters = try filters(of: stream) else { return .undecodable }
        if filters.isEmpty { return stored.count <= limit ? .bytes(stored) : .overLimit }
        if filters == ["/FlateDecode"], try !hasPredictor(stream) {
            switch Zlib.inflate(stored, limit: limit) {
            case .bytes(let data): return .bytes(data)
            case .overLimit: return .overLimit
            case .corrupt: return .undecodable
            }
        }
        var bound = stored.count
        for filter in filters {
            guard let factor = expansion[filter] else { return .undecodable }
            guard bound <= limit / factor else { return .overLimit }
            bound *= factor
        }
        do { return .bytes(try stream.streamData(decoded: true)) } catch is PDFError { return .undecodable }
    }

    /// The `/Filter` names in order (empty for none); `nil` when `/Filter` is malformed.
    private static func filters(of stream: PDFObject) throws -> [String]? {
        guard let filter = try stream.value("/Filter") else { return [] }
        if let name = try filter.nameValue() { return [name] }
        guard try filter.kind == .array else { return nil }
        var names: [String] = []
        for item in try filter.items() {
            guard let name = try item.nameValue() else { return nil }
            names.append(name)
        }
        return names
    }

    /// True when `/DecodeParms` asks for a PNG or TIFF predictor (left to qpdf).
    private static func hasPredictor(_ stream: PDFObject) throws -> Bool {
        guard let parms = try stream.value("/DecodeParms") else { return false }
        let dictionary = try parms.kind == .array ? try parms.items().first : parms
        return try (dictionary?.value("/Predictor")?.intValue() ?? 1) > 1
    }
}
