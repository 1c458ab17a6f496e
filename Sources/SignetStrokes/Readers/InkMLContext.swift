import SignetCore

/// What applies to a trace: its channels, the capture resolution and the brush.
struct InkMLContext: Sendable {
    var format = InkMLTraceFormat.implicit
    /// Capture units per inch, from the X channel's resolution or units.
    var unitsPerInch: Double?
    var brush: XMLElement?

    /// The pen a `<brush>` describes: `color`, `transparency` (0–255), and the larger of
    /// `width` and `height` converted to capture units (when its unit can be converted); what
    /// the brush leaves out comes from the standard pen in this context's units.
    func pen(_ context: ReadContext, place: String) throws -> Pen? {
        guard let brush else { return nil }
        var properties: [String: (value: String, units: String?)] = [:]
        for p in brush.children(named: "brushProperty") {
            if let name = p.attribute("name"), let value = p.attribute("value") {
                properties[name] = (value, p.attribute("units"))
            }
        }
        var pen = Pen.standard(unitsPerInch: unitsPerInch)
        if let color = properties["color"]?.value {
            guard let c = Color(css: color) else {
                throw context.badValue(
                    place, "the brush color '\(color)' is not a color Signet knows; use \(Color.acceptedForms)")
            }
            pen.color = c
        }
        if let text = properties["transparency"]?.value, let t = Double(text), t.isFinite {
            pen.color.alpha = 1 - min(max(t, 0), 255) / 255
        }
        let sizes = ["width", "height"].compactMap { properties[$0] }.compactMap {
            size(value: $0.value, units: $0.units)
        }
        if let widest = sizes.max(), widest > 0 { pen.width = widest }
        return pen
    }

    /// True when the brush says to ignore pressure.
    var ignoresPressure: Bool {
        guard let brush else { return false }
        return brush.children(named: "brushProperty").contains {
            $0.attribute("name") == "ignorePressure"
                && ["1", "true"].contains($0.attribute("value")?.lowercased() ?? "")
        }
    }

    /// A brush size in capture units: physical units need the capture resolution; no unit means capture units.
    private func size(value: String, units: String?) -> Double? {
        guard let v = Double(value), v.isFinite else { return nil }
        guard let units, let perInch = InkMLUnits.perInch(units) else { return units == nil ? v : nil }
        return unitsPerInch.map { v / perInch * $0 }
    }
}
