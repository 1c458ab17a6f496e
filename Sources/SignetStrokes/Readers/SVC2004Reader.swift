/// Reads SVC2004 signature text: the first line is the number of samples, then one line per
/// sample `X Y TIME BUTTON AZIMUTH ALTITUDE PRESSURE` (Task 2) or `X Y TIME BUTTON` (Task 1).
///
/// - The tablet's Y axis points up: Y is flipped (`maxY - y`, over all samples) so letters stand upright.
/// - BUTTON 0 samples are the pen hovering (one precedes every stroke) and are not ink; a 0→1
///   transition starts a new stroke.
/// - Pressure 0…1023 becomes force 0…1; time stays in the file's milliseconds (it may repeat
///   or go backwards in real captures; both are kept).
/// - Coordinates are the tablet's: SVC2004 was captured on a WACOM Intuos at 100 lines per mm,
///   so the drawing has 2540 units per inch (the corpus signatures come out 3–10 cm wide) and
///   the standard pen in those units.
enum SVC2004Reader {
    /// Tablet units per inch (100 lines per mm).
    static let unitsPerInch = 2540.0

    private struct Row {
        var x, y, t: Double
        var down: Bool
        var pressure: Double?
        var line: Int
    }

    static func read(_ bytes: UnsafeBufferPointer<UInt8>, _ context: ReadContext) throws -> Drawing {
        try context.requireSingleDrawing()
        var declared: Int?
        var rows: [Row] = []
        var lineStart = 0
        var lineNumber = 0
        while lineStart < bytes.count {
            var end = lineStart
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            lineNumber += 1
            defer { lineStart = end + 1 }
            let fields = try numbers(in: bytes, lineStart..<end, context)
            if fields.isEmpty { continue }
            if declared == nil {
                guard fields.count == 1, let n = Int(exactly: fields[0]), n >= 0 else {
                    throw context.syntax(
                        "the first line should hold the number of samples", offset: lineStart, in: bytes,
                        language: "SVC2004")
                }
                declared = n
                continue
            }
            guard fields.count == 7 || fields.count == 4 else {
                throw context.syntax(
                    "expected 7 numbers (X Y TIME BUTTON AZIMUTH ALTITUDE PRESSURE) or 4 (X Y TIME BUTTON), found \(fields.count)",
                    offset: lineStart, in: bytes, language: "SVC2004")
            }
            guard rows.count < context.limits.maxPoints else {
                throw context.error(
                    .limitExceeded(place: "line \(lineNumber)", what: "points", limit: "\(context.limits.maxPoints)"))
            }
            var pressure: Double?
            if fields.count == 7 {
                guard (0...1023).contains(fields[6]) else {
                    throw context.badValue("line \(lineNumber)", "pressure \(fields[6].shown) is outside 0…1023")
                }
                pressure = fields[6] / 1023
            }
            rows.append(
                Row(
                    x: fields[0], y: fields[1], t: fields[2], down: fields[3] != 0, pressure: pressure, line: lineNumber
                ))
        }
        guard let declared else { throw context.error(.empty) }
        guard declared == rows.count else {
            throw context.badValue(
                "line 1", "the header promises \(declared) samples but \(rows.count) follow; the file may be cut short")
        }
        let maxY = rows.lazy.map(\.y).max() ?? 0
        var builder = DrawingBuilder(context)
        var slot: Int?
        for row in rows {
            guard row.down else {
                slot = nil
                continue
            }
            let current = try slot ?? builder.startStroke(at: "line \(row.line)")
            slot = current
            try builder.append(
                Sample(x: row.x, y: maxY - row.y, t: row.t, force: row.pressure), to: current, at: "line \(row.line)")
        }
        return try builder.drawing(unitsPerInch: unitsPerInch, noInk: "no sample has the pen down (BUTTON 1)")
    }

    /// The numbers of one line, separated by spaces or tabs.
    private static func numbers(
        in text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ context: ReadContext
    ) throws -> [Double] {
        var out: [Double] = []
        var i = range.lowerBound
        while i < range.upperBound {
            let c = text[i]
            if c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") || c == UInt8(ascii: "\r") {
                i += 1
                continue
            }
            let start = i
            while i < range.upperBound, text[i] != UInt8(ascii: " "), text[i] != UInt8(ascii: "\t"),
                text[i] != UInt8(ascii: "\r")
            { i += 1 }
            let word = String(decoding: UnsafeBufferPointer(rebasing: text[start..<i]), as: UTF8.self)
            guard let v = Double(word), v.isFinite else {
                throw context.syntax("'\(word)' is not a number", offset: start, in: text, language: "SVC2004")
            }
            out.append(v)
        }
        return out
    }
}
