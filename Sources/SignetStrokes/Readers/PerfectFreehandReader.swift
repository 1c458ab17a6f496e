/// Reads perfect-freehand input points: one stroke as an array of `[x, y, pressure?, t?]` or
/// `{x, y, pressure?}` points, or an object of named strokes (the library's test inputs), of
/// which `--index` picks one by position, counting from 0, or by name.
///
/// Note the order: perfect-freehand puts pressure third (`[x, y, pressure]`), unlike Signet's
/// compact `[x, y, t, force]`.
enum PerfectFreehandReader {
    static func read(_ json: JSONValue, _ context: ReadContext) throws -> Drawing {
        switch json {
        case .array(let points):
            try context.requireSingleDrawing()
            return try stroke(points, context, at: "")
        case .object(let paths):
            guard paths.count > 0 else { throw context.error(.noInk(detail: "the object has no named paths")) }
            let keys = paths.keys
            let chosen: Int
            if let wanted = context.drawingName {
                var names = DrawingNames(wanted)
                guard let found = keys.firstIndex(where: { names.matches([$0], listing: $0) }) else {
                    throw names.notFound(context, unit: "path named", listed: "path names")
                }
                chosen = found
            } else {
                guard context.index < paths.count else {
                    throw context.error(.indexOutOfRange(index: context.index, count: paths.count, unit: "named path"))
                }
                chosen = context.index
            }
            let place = "path '\(keys[chosen])'"
            return try stroke(
                try context.array(paths.values[chosen], named: "the path", at: place), context, at: "\(place), ")
        default:
            throw context.badValue(
                "top level", "expected an array of points or an object of named point arrays, not \(json.typeName)")
        }
    }

    private static func stroke(_ points: JSONArray, _ context: ReadContext, at prefix: String) throws -> Drawing {
        var builder = DrawingBuilder(context)
        if !points.isEmpty {
            let slot = try builder.startStroke(expectedPoints: points.count, at: "\(prefix)point 1")
            for (p, point) in points.enumerated() {
                let here = "\(prefix)point \(p + 1)"
                try builder.append(sample(point, context, at: here), to: slot, at: here)
            }
        }
        return try builder.drawing(noInk: "the point array is empty")
    }

    private static func sample(
        _ point: JSONValue, _ context: ReadContext, at place: @autoclosure () -> String
    ) throws -> Sample {
        switch point {
        case .array(let v):
            guard (2...4).contains(v.count) else {
                throw context.badValue(place(), "a point is [x, y, pressure?, t?], not \(v.count) values")
            }
            let n = try v.map { try context.number($0, named: "coordinate", at: place()) }
            return Sample(x: n[0], y: n[1], t: n.count > 3 ? n[3] : nil, force: n.count > 2 ? n[2] : nil)
        case .object(let o):
            return Sample(
                x: try context.number(o, "x", at: place()), y: try context.number(o, "y", at: place()),
                force: try context.optionalNumber(o, "pressure", at: place()))
        default:
            throw context.badValue(place(), "a point should be [x, y, …] or {x, y}, not \(point.typeName)")
        }
    }
}
