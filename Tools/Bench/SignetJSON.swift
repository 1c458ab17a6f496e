import SignetStrokes

/// Writes a drawing in Signet JSON's compact form (a point is `[x, y, t, force]`), the input
/// both the Swift and the pycairo side of the benchmark read.
enum SignetJSON {
    static func encode(_ drawing: Drawing) -> String {
        var out = "{\"format\":\"signet-strokes\",\"version\":1"
        if let canvas = drawing.canvas {
            out += ",\"canvas\":{\"width\":\(number(canvas.width)),\"height\":\(number(canvas.height))}"
        }
        out += ",\"strokes\":["
        for (i, stroke) in drawing.strokes.enumerated() {
            out += i == 0 ? "{\"points\":[" : ",{\"points\":["
            for (j, s) in stroke.samples.enumerated() {
                out += j == 0 ? "[" : ",["
                out += number(s.x) + "," + number(s.y)
                if let t = s.t { out += "," + number(t) }
                if let f = s.force { out += "," + number(f, places: 3) }
                out += "]"
            }
            out += "]}"
        }
        return out + "]}\n"
    }

    /// A number with at most `places` decimals (2 by default: capture units are not finer).
    private static func number(_ v: Double, places: Int = 2) -> String {
        let factor = places == 3 ? 1000.0 : 100.0
        let r = (v * factor).rounded() / factor
        return r == r.rounded() ? String(Int(r)) : String(r)
    }
}
