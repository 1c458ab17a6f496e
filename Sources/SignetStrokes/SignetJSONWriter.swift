/// Writes a drawing as Signet's own stroke JSON (docs/formats.md), which `SignetJSONReader` reads
/// back: `{"format":"signet-strokes","version":1,"canvas":…,"unitsPerInch":…,"strokes":[{"points":[…]}]}`
/// with each point an object of the values it has (`x`, `y`, `t`, `force`, `tiltX`, `tiltY`). Pens
/// are left out: the JSON carries what was captured, not how it is drawn.
package enum SignetJSONWriter {
    package static func json(_ drawing: Drawing) -> [UInt8] {
        var out = #"{"format":"\#(SignetJSONReader.formatName)","version":1"#
        if let canvas = drawing.canvas {
            out += #","canvas":{"width":\#(number(canvas.width)),"height":\#(number(canvas.height))}"#
        }
        if let unitsPerInch = drawing.unitsPerInch { out += #","unitsPerInch":\#(number(unitsPerInch))"# }
        out += #","strokes":["#
        for (s, stroke) in drawing.strokes.enumerated() {
            out += (s == 0 ? "" : ",") + #"{"points":["#
            for (p, sample) in stroke.samples.enumerated() {
                let values: [(String, Double?)] = [
                    ("x", sample.x), ("y", sample.y), ("t", sample.t), ("force", sample.force),
                    ("tiltX", sample.tiltX), ("tiltY", sample.tiltY),
                ]
                let members = values.compactMap { name, value in value.map { #""\#(name)":\#(number($0))"# } }
                out += (p == 0 ? "" : ",") + "{" + members.joined(separator: ",") + "}"
            }
            out += "]}"
        }
        out += "]}\n"
        return Array(out.utf8)
    }

    /// A finite number as JSON writes it (integers without a fraction); anything else as 0.
    private static func number(_ value: Double) -> String {
        value.isFinite ? value.shown : "0"
    }
}
