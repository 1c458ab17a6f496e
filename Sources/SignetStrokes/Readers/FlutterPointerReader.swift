/// Reads Flutter pointer logs: `PointerData` records (dart:ui) as an app dumps them to JSON, a
/// JSON array of records or an object `{"devicePixelRatio": 2.75, "data": [records]}` (the
/// shape of a `PointerDataPacket` with the view's ratio beside it).
///
/// A record is `{"change", "physicalX", "physicalY", "timeStamp", "device", "kind", "pressure",
/// "pressureMin", "pressureMax", …}`; other members are ignored.
/// - `change` (`down`, or `PointerChange.down` as Dart prints it): `down` starts a stroke for its
///   `device`, `move` adds a point, `up` adds its point and ends it, `cancel` throws it away;
///   `add`, `remove`, `hover` and the trackpad's `panZoom…` are not ink.
/// - `physicalX`/`physicalY` are physical pixels; divided by `devicePixelRatio` when the
///   container gives it, they are Flutter's logical pixels (about 96 per inch).
/// - `timeStamp` is microseconds (a `Duration`), read as milliseconds.
/// - `pressure` runs from `pressureMin` to `pressureMax` (0 and 1 when absent); a device that
///   senses none reports min = max and gets no pressure, and so does a `mouse`. Strokes of an
///   `invertedStylus` (the eraser end) are not ink.
enum FlutterPointerReader {
    private enum Change: String {
        case down, move, up, cancel, add, remove, hover, panZoomStart, panZoomUpdate, panZoomEnd
    }

    static func read(_ json: JSONValue, _ context: ReadContext) throws -> Drawing {
        try context.requireSingleDrawing()
        let records: JSONArray
        var ratio = 1.0
        switch json {
        case .array(let items):
            records = items
        case .object(let o):
            records = try context.array(o, "data", at: "top level")
            ratio = try context.optionalPositive(o, "devicePixelRatio", at: "top level") ?? 1
        default:
            throw context.badValue("top level", "expected Flutter pointer data records, not \(json.typeName)")
        }
        var strokes = OpenStrokes<Double>(context)
        for (i, record) in records.enumerated() {
            try apply(record, ratio: ratio, to: &strokes, at: "record \(i + 1)")
        }
        return try strokes.builder.drawing(
            noInk: records.isEmpty ? "no pointer records" : "no pointer went down (change \"down\")")
    }

    private static func apply(
        _ record: JSONValue, ratio: Double, to strokes: inout OpenStrokes<Double>, at place: String
    ) throws {
        let context = strokes.context
        let o = try context.object(record, named: "a pointer record", at: place)
        guard let name = try context.optionalString(o, "change", at: place) else {
            throw context.badValue(
                place, "\"change\" is missing; every pointer record needs one of down, move, up, cancel")
        }
        guard let change = Change(rawValue: String(name.dropPrefix("PointerChange."))) else {
            throw context.badValue(
                place,
                "change '\(name)' is not one of down, move, up, cancel, add, remove, hover, panZoomStart/Update/End")
        }
        let kind = try context.optionalString(o, "kind", at: place).map { String($0.dropPrefix("PointerDeviceKind.")) }
        let device = try context.optionalNumber(o, "device", at: place) ?? 0
        switch change {
        case .add, .remove, .hover, .panZoomStart, .panZoomUpdate, .panZoomEnd:
            return
        case .cancel:
            return strokes.cancel(device)
        case .down, .move, .up:
            if kind == "invertedStylus" || kind == "trackpad" { return }
        }
        for key in ["physicalX", "physicalY"] where o[key] == nil {
            throw context.badValue(
                place, "\"\(key)\" is missing; a \(change.rawValue) record needs physicalX and physicalY")
        }
        let sample = Sample(
            x: try context.number(o, "physicalX", at: place) / ratio,
            y: try context.number(o, "physicalY", at: place) / ratio,
            t: try context.optionalNumber(o, "timeStamp", at: place).map { $0 / 1000 },
            force: kind == "mouse" ? nil : try force(o, context, at: place))
        switch change {
        case .down: try strokes.down(device, sample, at: place)
        case .up: try strokes.up(device, sample, at: place)
        default: try strokes.move(device, sample, at: place)
        }
    }

    /// `pressure` over `pressureMin`…`pressureMax`; `nil` when the device senses none (min = max).
    private static func force(_ o: JSONObject, _ context: ReadContext, at place: String) throws -> Double? {
        guard let pressure = try context.optionalNumber(o, "pressure", at: place) else { return nil }
        let low = try context.optionalNumber(o, "pressureMin", at: place) ?? 0
        let high = try context.optionalNumber(o, "pressureMax", at: place) ?? 1
        guard high > low else { return nil }
        return min(max((pressure - low) / (high - low), 0), 1)
    }
}

extension String {
    /// The string without `prefix` when it starts with it.
    fileprivate func dropPrefix(_ prefix: String) -> Substring {
        hasPrefix(prefix) ? dropFirst(prefix.count) : self[...]
    }
}
