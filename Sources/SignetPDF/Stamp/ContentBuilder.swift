import SignetCore

/// Writes content-stream operators: numbers in plain decimal, one operator per line.
struct ContentBuilder {
    private(set) var bytes: [UInt8] = []
    let decimals: Int

    init(decimals: Int = 3) { self.decimals = decimals }

    /// `operands… op`, e.g. `line([1, 2], "m")` → `1 2 m`.
    mutating func line(_ operands: [Double], _ op: String) {
        let text = operands.isEmpty ? op : PDFNumber.format(operands, decimals: decimals) + " " + op
        bytes.append(contentsOf: Array((text + "\n").utf8))
    }

    mutating func raw(_ text: String) { bytes.append(contentsOf: Array((text + "\n").utf8)) }

    mutating func point(_ p: Point, _ op: String) { line([p.x, p.y], op) }

    /// `a b c d e f cm`, with more precision for the scale terms than for the offsets.
    static func matrix(_ t: Transform) -> String {
        PDFNumber.format([t.a, t.b, t.c, t.d], decimals: 6) + " " + PDFNumber.format([t.e, t.f], decimals: 3) + " cm"
    }
}
