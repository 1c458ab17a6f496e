import SignetCore

/// Reads Signet's own stroke JSON (docs/formats.md):
/// `{"format":"signet-strokes","version":1,"canvas":{…},"pen":{…},"strokes":[…]}` where a stroke
/// is `{"points":[…],"pen":{…}}` or a bare array of points, and a point is `{"x","y","t","force"}`
/// (with `"tiltX"`, `"tiltY"` in degrees for pens) or compact `[x, y, t?, force?]`. Unknown members
/// are ignored, so writers may add metadata.
enum SignetJSONReader {
    static let formatName = "signet-strokes"
    static let version = 1.0

    static func read(_ json: JSONValue, _ context: ReadContext) throws -> Drawing {
        try context.requireSingleDrawing()
        let root = try context.object(json, named: "the top level", at: "top level")
        if let format = try context.optionalString(root, "format", at: "top level"), format != formatName {
            throw context.badValue(
                "top level", "\"format\" is '\(format)', not '\(formatName)'; try another \(.strokeFormat)")
        }
        if let version = try context.optionalNumber(root, "version", at: "top level"), version != Self.version {
            throw context.badValue(
                "top level", "version \(version.shown) is not one this Signet reads (1); update Signet")
        }
        var canvas: Size?
        if let value = root["canvas"] {
            let c = try context.object(value, named: "\"canvas\"", at: "canvas")
            guard let w = try context.optionalPositive(c, "width", at: "canvas"),
                let h = try context.optionalPositive(c, "height", at: "canvas")
            else { throw context.badValue("canvas", "\"canvas\" needs both \"width\" and \"height\"") }
            canvas = Size(width: w, height: h)
        }
        let unitsPerInch = try context.optionalPositive(root, "unitsPerInch", at: "top level")
        let standard = Pen.standard(unitsPerInch: unitsPerInch)
        let drawingPen = try root["pen"].map { try pen($0, base: standard, context, at: "drawing") } ?? standard

        var builder = DrawingBuilder(context)
        for (s, stroke) in try context.array(root, "strokes", at: "top level").enumerated() {
            let place = "stroke \(s + 1)"
            let points: JSONArray
            var strokePen: Pen?
            switch stroke {
            case .array(let items):
                points = items
            case .object(let members):
                points = try context.array(members, "points", at: place)
                strokePen = try members["pen"].map { try pen($0, base: drawingPen, context, at: place) }
            default:
                throw context.badValue(
                    place, "a stroke should be an object with \"points\" or an array of points, not \(stroke.typeName)")
            }
            let slot = try builder.startStroke(pen: strokePen, expectedPoints: points.count, at: place)
            // The place is spelled from the numbers, so the hot loop captures no string.
            for (p, point) in points.enumerated() {
                try builder.append(
                    sample(point, context, at: "stroke \(s + 1), point \(p + 1)"), to: slot,
                    at: "stroke \(s + 1), point \(p + 1)")
            }
        }
        var drawing = try builder.drawing(canvas: canvas, unitsPerInch: unitsPerInch, noInk: "\"strokes\" is empty")
        drawing.pen = drawingPen
        return drawing
    }

    /// `{"x","y","t"?,"force"?,"tiltX"?,"tiltY"?}` or `[x, y, t?, force?]` (`null` skips a slot:
    /// `[x, y, null, 0.4]`).
    static func sample(_ point: JSONValue, _ context: ReadContext, at place: @autoclosure () -> String) throws -> Sample
    {
        switch point {
        case .array(let v):
            guard (2...4).contains(v.count) else {
                throw context.badValue(place(), "a compact point is [x, y, t?, force?], not \(v.count) values")
            }
            func slot(_ i: Int, _ name: String) throws -> Double? {
                guard i < v.count else { return nil }
                if let n = v.number(at: i) { return n }
                switch v[i] {
                case .number(let n): return n
                case .null: return nil
                case let other: throw context.badValue(place(), "\"\(name)\" should be a number, not \(other.typeName)")
                }
            }
            guard let x = try slot(0, "x"), let y = try slot(1, "y") else {
                throw context.badValue(place(), "x and y cannot be null")
            }
            return Sample(x: x, y: y, t: try slot(2, "t"), force: try slot(3, "force"))
        case .object(let o):
            return Sample(
                x: try context.number(o, "x", at: place()), y: try context.number(o, "y", at: place()),
                t: try context.optionalNumber(o, "t", at: place()),
                force: try context.optionalNumber(o, "force", at: place()),
                tiltX: try context.optionalNumber(o, "tiltX", at: place()),
                tiltY: try context.optionalNumber(o, "tiltY", at: place()))
        default:
            throw context.badValue(place(), "a point should be an object or an array, not \(point.typeName)")
        }
    }

    /// `{"color","width","minWidth","maxWidth","dotSize","widthModel"}`, each optional, over `base`.
    static func pen(_ value: JSONValue, base: Pen, _ context: ReadContext, at place: String) throws -> Pen {
        let o = try context.object(value, named: "\"pen\"", at: place)
        var pen = base
        let here = "\(place) pen"
        if let color = try context.optionalColor(o, "color", at: here) { pen.color = color }
        if let w = try context.optionalPositive(o, "width", at: here) { pen.width = w }
        if let w = try context.optionalPositive(o, "minWidth", at: here) { pen.minWidth = w }
        if let w = try context.optionalPositive(o, "maxWidth", at: here) { pen.maxWidth = w }
        if let w = try context.optionalPositive(o, "dotSize", at: here) { pen.dotSize = w }
        if let name = try context.optionalString(o, "widthModel", at: here) {
            guard let model = WidthModel(rawValue: name) else {
                let all = WidthModel.allCases.map(\.rawValue).joined(separator: ", ")
                throw context.badValue(here, "\"widthModel\" is '\(name)'; use one of \(all)")
            }
            pen.widthModel = model
        }
        return pen
    }
}
