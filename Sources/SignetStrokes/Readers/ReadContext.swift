/// What every reader needs besides the bytes: the input's name for messages, the index of the
/// drawing to read and the limits.
struct ReadContext: Sendable {
    var name: String
    var index: Int
    var limits: StrokeLimits

    init(name: String, options: StrokeReadOptions) {
        self.name = name
        self.index = options.index
        self.limits = options.limits
    }

    func error(_ reason: StrokeReadError.Reason) -> StrokeReadError {
        StrokeReadError(file: name, reason: reason)
    }

    func badValue(_ place: String, _ problem: String) -> StrokeReadError {
        error(.badValue(place: place, problem: problem))
    }

    /// A syntax error at a byte offset of `bytes` (whose first byte is line 1, column 1).
    func syntax(_ problem: String, offset: Int, in bytes: UnsafeBufferPointer<UInt8>, language: String, firstLine: Int = 1)
        -> StrokeReadError
    {
        let position = TextPosition(offset: offset, in: bytes)
        return error(.syntax(line: position.line + firstLine - 1, column: position.column, problem: problem, language: language))
    }

    /// Refuses an `--index` other than 0 for a format that holds one drawing.
    func requireSingleDrawing() throws {
        guard index == 0 else { throw error(.indexOutOfRange(index: index, count: 1, unit: "drawing")) }
    }
}

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
