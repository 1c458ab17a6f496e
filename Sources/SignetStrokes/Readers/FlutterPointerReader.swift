/// Reads Flutter pointer logs: dart:ui `PointerData` records as apps write them to JSON, in any
/// of three shapes:
/// - a JSON array of records;
/// - a JSON array of packets, `[{"ts": …, "events": [records]}, …]` (`data` in place of
///   `events` too: a `PointerDataPacket` as the engine hands it over; the packet's own `ts` is
///   the app's and not read);
/// - an object `{"devicePixelRatio": 2.75, "data": [records or packets]}`.
///
/// A record is `{"change", "physicalX", "physicalY", "timeStamp", "device", "kind", "pressure",
/// "pressureMin", "pressureMax", "signalKind", "synthesized", …}`; other members are ignored.
/// - `change` and `kind` are the enums by name (`down`, `PointerChange.down`) or by index (`4`),
///   in dart:ui's order (``FlutterPointerChange``, ``FlutterDeviceKind``).
/// - `down` starts a stroke for its `device`, `move` adds a point, `up` adds its point and ends
///   it, `cancel` throws it away; `add`, `remove`, `hover` and the trackpad's `panZoom…` are not
///   ink, but an `add` or `remove` while the device is down cancels its stroke (the engine's
///   `PointerDataPacketConverter` puts a cancel there).
/// - Synthesized records (`"synthesized": true`, which the converter inserts to keep a pointer's
///   state consistent) are read as Flutter's gesture layer reads them: like any other record. A
///   synthesized move lands where the pointer was lifted or cancelled, with that record's time;
///   like Flutter's velocity tracker, the width model gains no speed from its repeated time.
/// - A pointer signal (`signalKind` other than `none`: scroll, scale) is no contact change; while
///   its device is down it moves the pen to its position (the converter's synthesized move).
/// - `physicalX`/`physicalY` are physical pixels; divided by `devicePixelRatio` when the
///   container gives it, they are Flutter's logical pixels (about 96 per inch).
/// - `timeStamp` is microseconds (a `Duration`), read as milliseconds.
/// - `pressure` runs from `pressureMin` to `pressureMax` (0 and 1 when absent); a device that
///   senses none reports min = max and gets no pressure, and so does a `mouse`. Strokes of an
///   `invertedStylus` (the eraser end) are not ink.
enum FlutterPointerReader {
    static func read(_ json: JSONValue, _ context: ReadContext) throws -> Drawing {
        try context.requireSingleDrawing()
        let items: JSONArray
        var ratio = 1.0
        switch json {
        case .array(let array):
            items = array
        case .object(let o):
            items = try context.array(o, "data", at: "top level")
            ratio = try context.optionalPositive(o, "devicePixelRatio", at: "top level") ?? 1
        default:
            throw context.badValue("top level", "expected Flutter pointer data records, not \(json.typeName)")
        }
        var strokes = OpenStrokes<Double>(context)
        var records = 0
        for (i, item) in items.enumerated() {
            if let packet = packetRecords(item) {
                let place = "packet \(i + 1)"
                let packetRecords = try context.array(packet, named: "its events", at: place)
                for (j, record) in packetRecords.enumerated() {
                    try apply(record, ratio: ratio, to: &strokes, at: "\(place), record \(j + 1)")
                }
                records += packetRecords.count
            } else {
                try apply(item, ratio: ratio, to: &strokes, at: "record \(i + 1)")
                records += 1
            }
        }
        return try strokes.builder.drawing(
            noInk: records == 0 ? "no pointer records" : "no pointer went down (change \"down\")")
    }

    /// The records of a packet (`events` or `data` of an object that is not itself a record).
    static func packetRecords(_ item: JSONValue) -> JSONValue? {
        guard case .object(let o) = item, !o.has("change") else { return nil }
        return o["events"] ?? o["data"]
    }

    private static func apply(
        _ record: JSONValue, ratio: Double, to strokes: inout OpenStrokes<Double>, at place: String
    ) throws {
        let context = strokes.context
        let o = try context.object(record, named: "a pointer record", at: place)
        guard let change = try FlutterPointerChange.read(o, "change", context, at: place) else {
            throw context.badValue(
                place, "\"change\" is missing; every pointer record needs one of down, move, up, cancel")
        }
        let kind = try FlutterDeviceKind.read(o, "kind", context, at: place)
        let signal = try FlutterSignalKind.read(o, "signalKind", context, at: place) ?? FlutterSignalKind.none
        let device = try context.optionalNumber(o, "device", at: place) ?? 0
        if signal != .none {
            guard strokes.isDown(device) else { return }
        } else {
            switch change {
            case .add, .remove, .cancel:
                return strokes.cancel(device)
            case .hover, .panZoomStart, .panZoomUpdate, .panZoomEnd:
                return
            case .down, .move, .up:
                if kind == .invertedStylus { return }
            }
        }
        for key in ["physicalX", "physicalY"] where o[key] == nil {
            throw context.badValue(
                place, "\"\(key)\" is missing; a \(change.rawValue) record needs physicalX and physicalY")
        }
        let sample = Sample(
            x: try context.number(o, "physicalX", at: place) / ratio,
            y: try context.number(o, "physicalY", at: place) / ratio,
            t: try context.optionalNumber(o, "timeStamp", at: place).map { $0 / 1000 },
            force: kind == .mouse ? nil : try force(o, context, at: place))
        switch (signal, change) {
        case (.none, .down): try strokes.down(device, sample, at: place)
        case (.none, .up): try strokes.up(device, sample, at: place)
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
