/// The strokes of several contacts (fingers, pens, mice) that may be down at once, keyed by the
/// contact's id: what the raw event readers (touch events, Flutter pointer data, W3C pointer
/// events) share. Strokes keep the order they started in, however their events interleave.
struct OpenStrokes<ID: Hashable & Sendable>: Sendable {
    private(set) var builder: DrawingBuilder
    private var open: [ID: Int] = [:]

    init(_ context: ReadContext) { builder = DrawingBuilder(context) }

    var context: ReadContext { builder.context }

    /// True while `id` has a stroke open.
    func isDown(_ id: ID) -> Bool { open[id] != nil }

    /// The last sample of `id`'s open stroke.
    func last(_ id: ID) -> Sample? { open[id].flatMap { builder.last(in: $0) } }

    /// The contact touched down: a new stroke, even when one was open for the same id.
    mutating func down(_ id: ID, _ sample: Sample, at place: @autoclosure () -> String) throws {
        let slot = try builder.startStroke(at: place())
        open[id] = slot
        try builder.append(sample, to: slot, at: place())
    }

    /// The contact moved: appended to its open stroke, or a new one when none is open (a log
    /// that began mid-stroke).
    mutating func move(_ id: ID, _ sample: Sample, at place: @autoclosure () -> String) throws {
        guard let slot = open[id] else { return try down(id, sample, at: place()) }
        try builder.append(sample, to: slot, at: place())
    }

    /// The contact lifted: its last sample (when the event has one) ends the stroke.
    mutating func up(_ id: ID, _ sample: Sample?, at place: @autoclosure () -> String) throws {
        if let sample { try move(id, sample, at: place()) }
        open[id] = nil
    }

    /// The system took the contact away (a palm, a gesture): its stroke is not ink.
    mutating func cancel(_ id: ID) {
        if let slot = open.removeValue(forKey: id) { builder.drop(slot) }
    }
}
