import Glibc
import SignetCore

/// Reads an Excalidraw scene (`{"type":"excalidraw","elements":[…]}`): every `freedraw` element
/// that is not deleted becomes a stroke; other elements (shapes, arrows, text) are not ink.
///
/// Points are relative to the element's `x`, `y` and turned by its `angle` (radians) about the
/// centre of their bounds, as Excalidraw draws them. `pressures` give the force when recorded.
/// The pen follows the element: `strokeColor`, `opacity` (0–100) and Excalidraw's freedraw
/// thickness of 4.25 × `strokeWidth`, pressure-sensitive unless `simulatePressure` is set
/// (then Excalidraw derives width from speed, as Signet's velocity model does).
enum ExcalidrawReader {
    static let thicknessPerStrokeWidth = 4.25

    static func read(_ json: JSONValue, _ context: ReadContext) throws -> Drawing {
        try context.requireSingleDrawing()
        let scene = try context.object(json, named: "an Excalidraw scene", at: "top level")
        var builder = DrawingBuilder(context)
        for (e, value) in try context.array(scene, "elements", at: "top level").enumerated() {
            let place = "element \(e + 1)"
            let element = try context.object(value, named: "an element", at: place)
            guard try context.optionalString(element, "type", at: place) == "freedraw" else { continue }
            if case .bool(true)? = element["isDeleted"] { continue }
            let origin = Point(
                x: try context.number(element, "x", at: place), y: try context.number(element, "y", at: place))
            let angle = try context.optionalNumber(element, "angle", at: place) ?? 0
            guard angle.isFinite else {
                throw context.badValue(place, "\"angle\" is \(angle.shown), not a finite number")
            }
            let points = try context.array(element, "points", at: place).enumerated().map { (p, point) -> Point in
                let pair = try context.array(point, named: "a point", at: "\(place), point \(p + 1)")
                guard pair.count == 2 else {
                    throw context.badValue("\(place), point \(p + 1)", "a point is [x, y], not \(pair.count) values")
                }
                return Point(
                    x: try context.number(pair[0], named: "x", at: "\(place), point \(p + 1)"),
                    y: try context.number(pair[1], named: "y", at: "\(place), point \(p + 1)"))
            }
            let pressures =
                try element["pressures"].map { value in
                    try context.array(value, named: "\"pressures\"", at: place).map {
                        try context.number($0, named: "pressure", at: place)
                    }
                } ?? []
            let simulated =
                element["simulatePressure"].map {
                    guard case .bool(true) = $0 else { return false }
                    return true
                }
                ?? pressures.isEmpty
            let slot = try builder.startStroke(
                pen: try pen(element, simulated: simulated, context, at: place), at: place)
            let turned = rotated(points, by: angle)
            for (p, point) in turned.enumerated() {
                let force = !simulated && p < pressures.count ? pressures[p] : nil
                try builder.append(
                    Sample(x: origin.x + point.x, y: origin.y + point.y, force: force), to: slot,
                    at: "\(place), point \(p + 1)")
            }
        }
        return try builder.drawing(strokeNoun: "freedraw element", noInk: "no freedraw elements")
    }

    private static func pen(
        _ element: JSONObject, simulated: Bool, _ context: ReadContext, at place: String
    ) throws -> Pen {
        var color = try context.optionalColor(element, "strokeColor", at: place) ?? .black
        let opacity = try context.optionalNumber(element, "opacity", at: place) ?? 100
        guard opacity.isFinite, (0...100).contains(opacity) else {
            throw context.badValue(place, "\"opacity\" should be within 0…100, not \(opacity.shown)")
        }
        color.alpha *= opacity / 100
        let size = (try context.optionalPositive(element, "strokeWidth", at: place) ?? 1) * thicknessPerStrokeWidth
        // perfect-freehand with thinning 0.6 draws 0.4× the size at no pressure and 1.6× at full.
        return Pen(
            color: color, width: size, minWidth: 0.4 * size, maxWidth: 1.6 * size,
            widthModel: simulated ? .velocity : .pressure)
    }

    /// `points` turned by `angle` about the centre of their bounds.
    private static func rotated(_ points: [Point], by angle: Double) -> [Point] {
        guard angle != 0, let first = points.first else { return points }
        var lo = first, hi = first
        for p in points {
            lo = Point(x: min(lo.x, p.x), y: min(lo.y, p.y))
            hi = Point(x: max(hi.x, p.x), y: max(hi.y, p.y))
        }
        let c = lo.midpoint(hi)
        let (s, k) = (sin(angle), cos(angle))
        return points.map { p in
            let d = p - c
            return Point(x: c.x + d.x * k - d.y * s, y: c.y + d.x * s + d.y * k)
        }
    }
}
