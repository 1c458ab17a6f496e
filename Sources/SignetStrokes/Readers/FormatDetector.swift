/// Tells the format of an input from its content, with the file extension as a fallback.
enum FormatDetector {
    /// What looking at the content found: the format, and the JSON value when the whole input
    /// had to be parsed to decide (so the reader does not parse it again).
    struct Finding {
        var format: StrokeFormat?
        var json: JSONValue?
    }

    /// Throws only for malformed JSON, whose line and column say more than "unknown format".
    static func detect(_ text: UnsafeBufferPointer<UInt8>, _ context: ReadContext) throws -> Finding {
        guard let first = TextScan.firstNonSpace(text) else { return Finding() }
        switch text[first] {
        case UInt8(ascii: "<"):
            return Finding(format: .inkml)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            if let (record, end) = TextScan.firstLineObject(text, context) {
                let format = classify(.object(record))
                if format?.isLineDelimited == true { return Finding(format: format) }
                // A one-line document: it is parsed already.
                if !text[end...].contains(where: { !TextScan.isSpace($0) }) {
                    return Finding(format: format ?? StrokeFormat.hinted(byName: context.name), json: .object(record))
                }
            }
            let json = try context.parseJSON(text)
            return Finding(format: classify(json) ?? StrokeFormat.hinted(byName: context.name), json: json)
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return Finding(format: looksLikeSVC2004(text) ? .svc2004 : StrokeFormat.hinted(byName: context.name))
        default:
            return Finding(format: StrokeFormat.hinted(byName: context.name))
        }
    }

    /// The format a parsed JSON value has, judged by its shape.
    static func classify(_ json: JSONValue) -> StrokeFormat? {
        switch json {
        case .object(let o):
            if o["format"]?.string == SignetJSONReader.formatName || o.has("strokes") { return .signet }
            if o["type"]?.string?.hasPrefix("excalidraw") == true || o.has("elements") { return .excalidraw }
            if o.has("phase") { return .touch }
            if o.has("drawing") { return .quickdraw }
            if o.values.contains(where: { isPointArray($0) }) { return .perfectFreehand }
            return nil
        case .array(let items):
            // An empty pad's signature_pad `toData()` is `[]`.
            guard let first = items.first else { return .signaturePad }
            switch first {
            case .object(let f):
                if f.has("phase") { return .touch }
                if f.has("drawing") { return .quickdraw }
                if f.has("points") { return .signaturePad }
                if f.has("x"), f.has("y") { return .perfectFreehand }
                return nil
            case .array(let inner):
                if case .object(let p)? = inner.first, p.has("x"), p.has("y") { return .signaturePad }
                if case .number? = inner.first { return .perfectFreehand }
                return nil
            default:
                return nil
            }
        default:
            return nil
        }
    }

    /// `[[x, y, …], …]` or `[{x, y}, …]`.
    private static func isPointArray(_ value: JSONValue) -> Bool {
        guard case .array(let items) = value, let first = items.first else { return false }
        switch first {
        case .array(let p): return (2...4).contains(p.count) && p.allSatisfy { $0.number != nil }
        case .object(let o): return o.has("x") && o.has("y")
        default: return false
        }
    }

    /// A first line holding one whole number, then a line of 4 or 7 numbers.
    private static func looksLikeSVC2004(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var lines = TextScan.nonBlankLines(text, limit: 2).makeIterator()
        guard let header = lines.next(), let sample = lines.next() else { return false }
        let headerWords = TextScan.words(text, header)
        let sampleWords = TextScan.words(text, sample)
        return headerWords.count == 1 && Int(headerWords[0]) != nil
            && (sampleWords.count == 4 || sampleWords.count == 7) && sampleWords.allSatisfy { Double($0) != nil }
    }
}
