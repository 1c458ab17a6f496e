/// Turns raw touch events into strokes, one event at a time (so NDJSON can be streamed).
///
/// An event is `{"phase","id","x","y","t","force","maxForce"}`:
/// - `began` starts a stroke for its touch `id` (number or string; absent means 0); `moved` and
///   `stationary` add a point; `ended` adds its point (when it has one) and closes the stroke;
///   `cancelled` (or `canceled`) throws that touch's stroke away.
/// - Interleaved ids make separate strokes, kept in the order they began. A `moved` without a
///   `began` starts a stroke (a log that began mid-touch); a stroke still open at the end is kept.
/// - `force` is 0…1 (PointerEvent pressure); with `maxForce` (UIKit's maximumPossibleForce) it is
///   divided by it; a force above 1 otherwise counts as full pressure.
struct TouchEventAssembler: Sendable {
    private var strokes: OpenStrokes<TouchID>
    private var events = 0

    init(_ context: ReadContext) { strokes = OpenStrokes(context) }

    private var context: ReadContext { strokes.context }

    private enum TouchID: Hashable, Sendable {
        case number(Double)
        case text(String)
    }

    private enum Phase: String {
        case began, moved, stationary, ended, cancelled, canceled
    }

    /// Applies one event; `place` says where it is ("event 7", "line 7").
    mutating func apply(_ event: JSONValue, at place: @autoclosure () -> String) throws {
        events += 1
        let o = try context.object(event, named: "a touch event", at: place())
        guard let phaseName = try context.optionalString(o, "phase", at: place()) else {
            throw context.badValue(
                place(), "\"phase\" is missing; every touch event needs one of began, moved, ended, cancelled")
        }
        guard let phase = Phase(rawValue: phaseName) else {
            throw context.badValue(
                place(), "phase '\(phaseName)' is not one of began, moved, stationary, ended, cancelled")
        }
        let id: TouchID
        switch o["id"] {
        case nil, .null?: id = .number(0)
        case .number(let n)?: id = .number(n)
        case .string(let s)?: id = .text(s)
        case let other?: throw context.badValue(place(), "\"id\" should be a number or a string, not \(other.typeName)")
        }
        if phase == .cancelled || phase == .canceled { return strokes.cancel(id) }
        if phase == .ended, o["x"] == nil, o["y"] == nil { return try strokes.up(id, nil, at: place()) }
        let sample = Sample(
            x: try context.number(o, "x", at: place()), y: try context.number(o, "y", at: place()),
            t: try context.optionalNumber(o, "t", at: place()), force: try force(o, at: place()))
        switch phase {
        case .began: try strokes.down(id, sample, at: place())
        case .ended: try strokes.up(id, sample, at: place())
        default: try strokes.move(id, sample, at: place())
        }
    }

    private func force(_ o: JSONObject, at place: @autoclosure () -> String) throws -> Double? {
        guard let raw = try context.optionalNumber(o, "force", at: place()) else { return nil }
        guard raw.isFinite, raw >= 0 else { throw context.badValue(place(), "force \(raw.shown) should be 0 or more") }
        if let maxForce = try context.optionalPositive(o, "maxForce", at: place()) { return min(raw / maxForce, 1) }
        return min(raw, 1)
    }

    /// The strokes so far as a drawing.
    func finish() throws -> Drawing {
        try strokes.builder.drawing(noInk: events == 0 ? "no touch events" : "every touch was cancelled")
    }
}

extension TouchEventAssembler {
    /// Reads a JSON array of touch events (or a single event object).
    static func read(_ json: JSONValue, _ context: ReadContext) throws -> Drawing {
        try context.requireSingleDrawing()
        var assembler = TouchEventAssembler(context)
        switch json {
        case .array(let events):
            for (i, event) in events.enumerated() { try assembler.apply(event, at: "event \(i + 1)") }
        case .object:
            try assembler.apply(json, at: "event 1")
        default:
            throw context.badValue("top level", "expected touch events, not \(json.typeName)")
        }
        return try assembler.finish()
    }
}
