/// Byte-level scanning shared by detection and the line-based readers.
enum TextScan {
    static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 }

    static func firstNonSpace(_ text: UnsafeBufferPointer<UInt8>) -> Int? { text.firstIndex { !isSpace($0) } }

    /// The ranges of the lines (without `\n`), calling `body` for each until it returns false.
    static func forEachLine(_ text: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>) throws -> Bool) rethrows {
        var start = 0
        while start < text.count {
            var end = start
            while end < text.count, text[end] != 0x0A { end += 1 }
            var trimmed = end
            if trimmed > start, text[trimmed - 1] == 0x0D { trimmed -= 1 }
            guard try body(start..<trimmed) else { return }
            start = end + 1
        }
    }

    /// Up to `limit` lines that hold more than white space.
    static func nonBlankLines(_ text: UnsafeBufferPointer<UInt8>, limit: Int) -> [Range<Int>] {
        var out: [Range<Int>] = []
        forEachLine(text) { range in
            if text[range].contains(where: { !isSpace($0) }) { out.append(range) }
            return out.count < limit
        }
        return out
    }

    static func words(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [String] {
        text[range].split(whereSeparator: isSpace).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The first non-blank line parsed as a JSON object, when it is one on its own (NDJSON),
    /// and the offset where that line ends.
    static func firstLineObject(_ text: UnsafeBufferPointer<UInt8>, _ context: ReadContext) -> (JSONObject, end: Int)? {
        guard let line = nonBlankLines(text, limit: 1).first,
            text[line].first(where: { !isSpace($0) }) == UInt8(ascii: "{"),
            let value = try? JSONParser.parse(UnsafeBufferPointer(rebasing: text[line]), maxNesting: context.limits.maxNesting),
            let object = value.object
        else { return nil }
        return (object, line.upperBound)
    }
}
