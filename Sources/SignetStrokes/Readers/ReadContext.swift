import SignetCore

/// What every reader needs besides the bytes: the input's name for messages, the index of the
/// drawing to read, the limits and the axes of a raw touch log.
struct ReadContext: Sendable {
    var name: String
    var index: Int
    /// The drawing asked for by name (`StrokeReadOptions.drawingName`), `nil` to go by `index`.
    var drawingName: String?
    var limits: StrokeLimits
    var touchAxes: TouchAxes

    init(name: String, options: StrokeReadOptions) {
        self.name = name
        self.index = options.index
        self.drawingName = options.drawingName
        self.limits = options.limits
        self.touchAxes = options.touchAxes
    }

    func error(_ reason: StrokeReadError.Reason) -> StrokeReadError {
        StrokeReadError(name, reason)
    }

    func badValue(_ place: String, _ problem: Sentence) -> StrokeReadError {
        error(.badValue(place: place, problem: problem))
    }

    func badValue(_ place: String, _ problem: String) -> StrokeReadError { badValue(place, Sentence(problem)) }

    /// A syntax error at a byte offset of `bytes` (whose first byte is line 1, column 1).
    func syntax(
        _ problem: String, offset: Int, in bytes: UnsafeBufferPointer<UInt8>, language: String, firstLine: Int = 1
    )
        -> StrokeReadError
    {
        let position = TextPosition(offset: offset, in: bytes)
        return error(
            .syntax(line: position.line + firstLine - 1, column: position.column, problem: problem, language: language))
    }

    /// Refuses a `StrokeReadOptions.index` other than 0, or a drawing name, for a format that
    /// holds one drawing.
    func requireSingleDrawing() throws {
        if let drawingName { throw error(.unnamedDrawings(name: drawingName)) }
        guard index == 0 else { throw error(.indexOutOfRange(index: index, count: 1, unit: "drawing")) }
    }
}

extension Double {
    /// The number as a message shows it: `2` rather than `2.0`; `NaN` and `Infinity` as JSON
    /// writers spell them.
    var shown: String {
        if isNaN { return "NaN" }
        if isInfinite { return self < 0 ? "-Infinity" : "Infinity" }
        guard self == rounded(), abs(self) < 1e15 else { return "\(self)" }
        return String(Int(self))
    }
}
