/// Byte-level scanning shared by detection and the line-based readers.
enum TextScan {
    static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 }

    static func firstNonSpace(_ text: UnsafeBufferPointer<UInt8>) -> Int? { text.firstIndex { !isSpace($0) } }

    /// The ranges of the lines (without `\n`), calling `body` for each until it returns false.
    static func forEachLine(_ text: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>) throws -> Bool) rethrows {
        var start = 0
        while start < text.count {
            let end = lineEnd(text, from: start)
            var trimmed = end
            if trimmed > start, text[trimmed - 1] == 0x0D { trimmed -= 1 }
            guard try body(start..<trimmed) else { return }
            start = end + 1
        }
    }

    /// The offset of the first `\n` at or after `start`, or the end of `text`. Eight bytes are
    /// checked at a time (a one-line JSON file is one long line).
    static func lineEnd(_ text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var i = start
        if let base = text.baseAddress {
            let raw = UnsafeRawPointer(base)
            while i + 8 <= text.count {
                // Nonzero exactly when one of the eight bytes is a line feed.
                let x = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ 0x0A0A_0A0A_0A0A_0A0A
                if (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080 != 0 { break }
                i += 8
            }
        }
        while i < text.count, text[i] != 0x0A { i += 1 }
        return i
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

    /// The line at `range` parsed as a JSON object, when it is one on its own (an NDJSON record).
    static func lineObject(
        _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ context: ReadContext
    ) -> JSONObject? {
        guard text[range].first(where: { !isSpace($0) }) == UInt8(ascii: "{") else { return nil }
        return
            (try? JSONParser.parse(UnsafeBufferPointer(rebasing: text[range]), maxNesting: context.limits.maxNesting))?
            .object
    }
}
