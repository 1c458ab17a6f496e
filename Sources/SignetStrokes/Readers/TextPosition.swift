/// A 1-based line and column (in characters) of a byte offset.
struct TextPosition: Sendable, Hashable {
    var line: Int
    var column: Int

    init(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        var line = 1
        var lineStart = 0
        let end = min(offset, bytes.count)
        for i in 0..<end where bytes[i] == UInt8(ascii: "\n") {
            line += 1
            lineStart = i + 1
        }
        // Count characters, not bytes: UTF-8 continuation bytes (10xxxxxx) do not start one.
        var column = 1
        for i in lineStart..<end where bytes[i] & 0xC0 != 0x80 { column += 1 }
        self.line = line
        self.column = column
    }
}

/// Line numbers of byte offsets visited mostly in increasing order (one pass over the text).
struct LineCounter {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var offset = 0
    private var line = 1

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func line(at target: Int) -> Int {
        if target < offset { (offset, line) = (0, 1) }
        let end = min(target, bytes.count)
        while offset < end {
            if bytes[offset] == UInt8(ascii: "\n") { line += 1 }
            offset += 1
        }
        return line
    }
}
