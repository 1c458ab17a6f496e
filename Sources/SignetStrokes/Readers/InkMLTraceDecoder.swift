/// A trace's text could not be decoded: `offset` is a byte offset into the trace text.
struct InkMLTraceProblem: Error, Sendable {
    var offset: Int
    var problem: String
    /// True when the trace has more points than allowed (a limit, not a syntax error).
    var isLimit = false
}

/// Decodes the text of an InkML `<trace>` into channel values.
///
/// Points are separated by `,`; values within a point by white space or by their own sign
/// (`12-2` is 12 and −2; `1.5.3` is 1.5 and .3). A value may carry a qualifier that stays in
/// force for its channel until another one is given:
/// - `!` explicit value (the default),
/// - `'` first difference: the change from the previous point,
/// - `"` second difference: the change of that change, so `x[n] = 2·x[n−1] − x[n−2] + d`.
/// Microsoft Office writes traces this way (`9212 65294,'13'-22,"1"3,4 5,…`).
/// `T`/`F` (boolean channels) read as 1/0. Values of intermittent channels may be left out at
/// the end of a point and come back as NaN.
struct InkMLTraceDecoder {
    private enum Mode { case explicit, first, second }

    private struct ChannelState {
        var mode = Mode.explicit
        var previous = 0.0
        var velocity = 0.0
        var seen = 0
    }

    /// The values of every point, `channels` per point (flat); `required` must be present.
    static func decode(_ text: String, channels: Int, required: Int, maxPoints: Int) throws -> [Double] {
        var bytes = Array(text.utf8)
        return try bytes.withUnsafeMutableBufferPointer { buffer in
            var decoder = InkMLTraceDecoder(
                b: UnsafeBufferPointer(buffer), channels: channels, required: required, maxPoints: maxPoints)
            return try decoder.run()
        }
    }

    private let b: UnsafeBufferPointer<UInt8>
    private let channels: Int
    private let required: Int
    private let maxPoints: Int
    private var i = 0
    private var state: [ChannelState]
    private var values: [Double] = []
    private var inPoint = 0
    private var points = 0

    private init(b: UnsafeBufferPointer<UInt8>, channels: Int, required: Int, maxPoints: Int) {
        self.b = b
        self.channels = channels
        self.required = required
        self.maxPoints = maxPoints
        state = Array(repeating: ChannelState(), count: channels)
    }

    private mutating func run() throws -> [Double] {
        var pending: Mode?
        var pointStart = 0
        while true {
            skipSpace()
            guard i < b.count else { break }
            let c = b[i]
            // A point's problems are reported where its first value (or qualifier) starts.
            if inPoint == 0, pending == nil, c != UInt8(ascii: ",") { pointStart = i }
            switch c {
            case UInt8(ascii: ","):
                guard pending == nil else { throw fail("a qualifier (! ' \") without a value") }
                try endPoint(at: pointStart, last: false)
                i += 1
                pointStart = i
                continue
            case UInt8(ascii: "!"), UInt8(ascii: "'"), UInt8(ascii: "\""):
                guard pending == nil else { throw fail("two qualifiers in a row") }
                pending = c == UInt8(ascii: "!") ? .explicit : c == UInt8(ascii: "'") ? .first : .second
                i += 1
                continue
            default:
                break
            }
            let start = i
            let raw = try value()
            guard inPoint < channels else {
                throw InkMLTraceProblem(
                    offset: start,
                    problem: "point \(points + 1) has more than the \(channels) values its trace format names")
            }
            if let pending { state[inPoint].mode = pending }
            pending = nil
            values.append(try resolve(raw, channel: inPoint, at: start))
            inPoint += 1
        }
        guard pending == nil else { throw fail("a qualifier (! ' \") without a value") }
        try endPoint(at: pointStart, last: true)
        return values
    }

    /// Applies the channel's qualifier to a written value.
    private mutating func resolve(_ raw: Double, channel: Int, at offset: Int) throws -> Double {
        var s = state[channel]
        let value: Double
        switch s.mode {
        case .explicit:
            value = raw
        case .first:
            guard s.seen >= 1 else {
                throw InkMLTraceProblem(offset: offset, problem: "a first difference (') needs an earlier point")
            }
            value = s.previous + raw
        case .second:
            guard s.seen >= 2 else {
                throw InkMLTraceProblem(offset: offset, problem: "a second difference (\") needs two earlier points")
            }
            value = s.previous + s.velocity + raw
        }
        if s.seen >= 1 { s.velocity = value - s.previous }
        s.previous = value
        s.seen += 1
        state[channel] = s
        return value
    }

    private mutating func endPoint(at start: Int, last: Bool) throws {
        if inPoint == 0 {
            // A trailing comma (`…, 14 262, `) ends the trace without another point.
            if last { return }
            throw InkMLTraceProblem(offset: start, problem: "point \(points + 1) is empty")
        }
        guard inPoint >= required else {
            throw InkMLTraceProblem(
                offset: start,
                problem:
                    "point \(points + 1) has \(inPoint) value\(inPoint == 1 ? "" : "s"); its trace format needs \(required)"
            )
        }
        guard points < maxPoints else {
            throw InkMLTraceProblem(offset: start, problem: "more than \(maxPoints) points in one trace", isLimit: true)
        }
        values.append(contentsOf: repeatElement(.nan, count: channels - inPoint))
        points += 1
        inPoint = 0
    }

    /// `T`, `F`, or a signed decimal (`-12`, `+.5`, `3.25e-2`).
    private mutating func value() throws -> Double {
        let start = i
        if b[i] == UInt8(ascii: "T") || b[i] == UInt8(ascii: "F") {
            i += 1
            return b[start] == UInt8(ascii: "T") ? 1 : 0
        }
        var negative = false
        if b[i] == UInt8(ascii: "-") || b[i] == UInt8(ascii: "+") {
            negative = b[i] == UInt8(ascii: "-")
            i += 1
            skipSpace()
        }
        let digitsStart = i
        var integer: Int64 = 0
        var plain = true
        var digits = 0
        while i < b.count, isDigit(b[i]) {
            if digits < 18 { integer = integer * 10 + Int64(b[i] - 48) } else { plain = false }
            digits += 1
            i += 1
        }
        if i < b.count, b[i] == UInt8(ascii: ".") {
            plain = false
            i += 1
            while i < b.count, isDigit(b[i]) {
                digits += 1
                i += 1
            }
        }
        guard digits > 0 else {
            i = start
            throw fail("expected a number, not \(JSONParser.describe(b[start]))")
        }
        if i < b.count, b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") {
            var j = i + 1
            if j < b.count, b[j] == UInt8(ascii: "-") || b[j] == UInt8(ascii: "+") { j += 1 }
            if j < b.count, isDigit(b[j]) {
                plain = false
                i = j
                while i < b.count, isDigit(b[i]) { i += 1 }
            }
        }
        let magnitude: Double
        if plain {
            magnitude = Double(integer)
        } else {
            let text = String(decoding: UnsafeBufferPointer(rebasing: b[digitsStart..<i]), as: UTF8.self)
            guard let v = Double(text.hasPrefix(".") ? "0" + text : text) else {
                i = start
                throw fail("'\(text)' is not a number")
            }
            magnitude = v
        }
        return negative ? -magnitude : magnitude
    }

    private mutating func skipSpace() {
        while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 }
    }

    private func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }

    private func fail(_ problem: String) -> InkMLTraceProblem { InkMLTraceProblem(offset: i, problem: problem) }
}
