/// Reads W3C Pointer Events as a web page logs them: a JSON array of
/// `{"type", "pointerId", "pointerType", "clientX", "clientY", "pressure", "tiltX", "tiltY",
/// "timeStamp", …}` (other members, such as `buttons` or `isPrimary`, are ignored unless named here).
///
/// - `pointerdown` starts a stroke for its `pointerId`, `pointermove` adds a point to it,
///   `pointerup` ends it (adding its point when it moved), `pointercancel` throws it away. A move
///   of a pointer that is not down is hovering, not ink, unless its `buttons` say a button is
///   pressed (a log that began mid-stroke). Every other event type (`pointerover`,
///   `pointerenter`, `gotpointercapture`, …) is skipped.
/// - `clientX`/`clientY` are CSS pixels; `timeStamp` is milliseconds.
/// - `pressure` is 0…1, but a device without a sensor reports a constant (0.5 while pressed): a
///   stroke whose pressure never leaves 0, 0.5 or 1 has none, as `<signet-pad>` decides, and a
///   `mouse` has none. A `pointerup` reports pressure 0, so its point keeps the last pressure.
enum PointerEventsReader {
    /// The pressures a device without a pressure sensor reports.
    static let noPressure: Set<Double> = [0, 0.5, 1]

    static func read(_ json: JSONValue, _ context: ReadContext) throws -> Drawing {
        try context.requireSingleDrawing()
        let events = try context.array(json, named: "the top level", at: "top level")
        var strokes = OpenStrokes<PointerID>(context)
        for (i, event) in events.enumerated() {
            try apply(event, to: &strokes, at: "event \(i + 1)")
        }
        var builder = strokes.builder
        builder.dropConstantForce(noPressure)
        return try builder.drawing(
            noInk: events.isEmpty
                ? "no pointer events" : "no pointer went down (pointerdown), or every one was cancelled")
    }

    enum PointerID: Hashable, Sendable {
        case number(Double)
        case text(String)
    }

    private static func apply(_ event: JSONValue, to strokes: inout OpenStrokes<PointerID>, at place: String) throws {
        let context = strokes.context
        let o = try context.object(event, named: "a pointer event", at: place)
        guard let type = try context.optionalString(o, "type", at: place) else {
            throw context.badValue(
                place, "\"type\" is missing; every pointer event needs one (pointerdown, pointermove, pointerup, …)")
        }
        guard ["pointerdown", "pointermove", "pointerup", "pointercancel"].contains(type) else { return }
        let id: PointerID
        switch o["pointerId"] {
        case .number(let n)?: id = .number(n)
        case .string(let s)?: id = .text(s)
        case nil: throw context.badValue(place, "\"pointerId\" is missing; a \(type) event needs one")
        case let other?: throw context.badValue(place, "\"pointerId\" should be a number, not \(other.typeName)")
        }
        if type == "pointercancel" { return strokes.cancel(id) }
        for key in ["clientX", "clientY"] where o[key] == nil {
            throw context.badValue(place, "\"\(key)\" is missing; a \(type) event needs clientX and clientY")
        }
        let pointerType = try context.optionalString(o, "pointerType", at: place)
        var sample = Sample(
            x: try context.number(o, "clientX", at: place), y: try context.number(o, "clientY", at: place),
            t: try context.optionalNumber(o, "timeStamp", at: place),
            force: pointerType == "mouse" ? nil : try context.optionalNumber(o, "pressure", at: place),
            tiltX: pointerType == "pen" ? try context.optionalNumber(o, "tiltX", at: place) : nil,
            tiltY: pointerType == "pen" ? try context.optionalNumber(o, "tiltY", at: place) : nil)
        switch type {
        case "pointerdown":
            try strokes.down(id, sample, at: place)
        case "pointermove":
            let pressing = (try context.optionalNumber(o, "buttons", at: place) ?? 0) != 0
            guard strokes.isDown(id) || pressing else { return }
            try strokes.move(id, sample, at: place)
        default:
            guard strokes.isDown(id) else { return }
            let last = strokes.last(id)
            sample.force = last?.force
            try strokes.up(id, last?.point == sample.point ? nil : sample, at: place)
        }
    }
}
