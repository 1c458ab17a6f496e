import SignetFiles

/// Spans of a file read 1 MiB at a time, so a span of any length costs bounded memory.
package enum ByteScan {
    static let chunk = 1 << 20

    /// The offset of the first byte in `range` that is not PDF white space, or `nil` when all are.
    package static func firstNonWhitespace(in range: Range<Int>, of file: any ByteSource) throws -> Int? {
        var position = range.lowerBound
        while position < range.upperBound {
            let window = try file.bytes(position..<min(range.upperBound, position + chunk))
            if let i = window.firstIndex(where: { !SyntaxReader.isWhitespace($0) }) { return position + i }
            position += window.count
        }
        return nil
    }

    /// True when any of `needles` occurs in `range` (windows overlap by the longest needle).
    static func contains(_ needles: [[UInt8]], in range: Range<Int>, of file: any ByteSource) throws -> Bool {
        let overlap = needles.map(\.count).max() ?? 0
        var position = range.lowerBound
        while position < range.upperBound {
            let window = try file.bytes(position..<min(range.upperBound, position + chunk + overlap))
            if needles.contains(where: { window.firstRange(of: $0) != nil }) { return true }
            position += chunk
        }
        return false
    }
}

extension ByteScan {
    /// Just past the last byte of `file` that is not white space (0 when every byte is): what a
    /// reader looks for at the end of a file (`%%EOF`, `startxref`) lies before any white space
    /// that follows it, however long. Read backwards a chunk at a time.
    package static func contentEnd(of file: any ByteSource) throws -> Int {
        var end = file.size
        while end > 0 {
            let start = max(0, end - chunk)
            let window = try file.bytes(start..<end)
            if let i = window.lastIndex(where: { !SyntaxReader.isWhitespace($0) }) { return start + i + 1 }
            end = start
        }
        return 0
    }
}
