import SignetCore

/// Reads signature_pad's `toData()` in its three historic shapes:
/// - current (v4+): `[{penColor, dotSize, minWidth, maxWidth, velocityFilterWeight,
///   compositeOperation, points: [{x, y, time, pressure}]}]`;
/// - legacy (v3): `[{color, points: [{x, y, time}]}]`;
/// - oldest (v2): `[[{x, y, time, color}]]`.
///
/// signature_pad pens are velocity pens: each group becomes a `Pen(widthModel: .velocity)`.
/// signature_pad paints discs of radius `width` along the curve (its SVG export confirms:
/// `r = dotSize` for dots), so its widths are half line widths; Signet doubles `minWidth`,
/// `maxWidth` and `dotSize` into line widths. Missing options take signature_pad's defaults
/// (black, 0.5, 2.5, velocity filter 0.7). Eraser groups (`destination-out`) are refused.
enum SignaturePadReader {
    static func read(_ json: JSONValue, _ context: ReadContext) throws -> Drawing {
        try context.requireSingleDrawing()
        let groups = try context.array(json, named: "the top level", at: "top level")
        var builder = DrawingBuilder(context)
        for (g, group) in groups.enumerated() {
            let place = "group \(g + 1)"
            let points: JSONArray
            let pen: Pen
            switch group {
            case .object(let o):
                points = try context.array(o, "points", at: place)
                pen = try self.pen(o, colorKey: o.has("penColor") ? "penColor" : "color", context, at: place)
            case .array(let items):
                points = items
                let first = items.first?.object ?? JSONObject()
                pen = try self.pen(first, colorKey: "color", context, at: "\(place), point 1")
            default:
                throw context.badValue(place, "a group should be an object with \"points\", not \(group.typeName)")
            }
            let slot = try builder.startStroke(pen: pen, expectedPoints: points.count, at: place)
            for (p, point) in points.enumerated() {
                let here = "\(place), point \(p + 1)"
                let o = try context.object(point, named: "a point", at: here)
                let sample = Sample(
                    x: try context.number(o, "x", at: here), y: try context.number(o, "y", at: here),
                    t: try context.optionalNumber(o, "time", at: here),
                    force: try context.optionalNumber(o, "pressure", at: here))
                try builder.append(sample, to: slot, at: here)
            }
        }
        return try builder.drawing(strokeNoun: "group", noInk: "the array of point groups is empty")
    }

    private static func pen(_ o: JSONObject, colorKey: String, _ context: ReadContext, at place: String) throws -> Pen {
        if let operation = try context.optionalString(o, "compositeOperation", at: place),
            operation == "destination-out"
        {
            throw context.badValue(
                place,
                "this is an eraser group (compositeOperation destination-out), which Signet cannot draw; remove it")
        }
        let minWidth = try context.optionalNumber(o, "minWidth", at: place) ?? 0.5
        guard minWidth.isFinite, minWidth >= 0 else {
            throw context.badValue(place, "\"minWidth\" should be 0 or more, not \(minWidth.shown)")
        }
        let maxWidth = try context.optionalPositive(o, "maxWidth", at: place) ?? 2.5
        let dotSize = try context.optionalNumber(o, "dotSize", at: place) ?? 0
        guard dotSize.isFinite, dotSize >= 0 else {
            throw context.badValue(place, "\"dotSize\" should be 0 or more, not \(dotSize.shown)")
        }
        let weight = try context.optionalNumber(o, "velocityFilterWeight", at: place) ?? 0.7
        guard weight.isFinite, weight >= 0, weight <= 1 else {
            throw context.badValue(place, "\"velocityFilterWeight\" should be within 0…1, not \(weight.shown)")
        }
        return Pen(
            color: try context.optionalColor(o, colorKey, at: place) ?? .black, width: minWidth + maxWidth,
            minWidth: 2 * minWidth, maxWidth: 2 * maxWidth, dotSize: dotSize > 0 ? 2 * dotSize : nil,
            velocityFilterWeight: weight, widthModel: .velocity)
    }
}
