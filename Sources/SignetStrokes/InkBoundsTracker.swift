import SignetCore

/// Tracks the ink bounds while samples arrive, for live capture UIs.
///
/// Each new sample completes the smoothed segment that ends at the previous midpoint, so only
/// the open tail is recomputed when `bounds` is read. The result equals `Ink(drawing).bounds`
/// for the same samples (give the drawing's `unitsPerInch`: velocity widths depend on it).
package struct InkBoundsTracker: Sendable {
    private let unitsPerInch: Double?
    private var closed: Rect?
    private var stroke: StrokeState?

    package init(unitsPerInch: Double? = nil) {
        self.unitsPerInch = unitsPerInch
    }

    /// Starts a new stroke drawn with `pen` (ending the current one).
    package mutating func beginStroke(pen: Pen) {
        endStroke()
        stroke = StrokeState(pen: pen, unitsPerInch: unitsPerInch)
    }

    /// Adds the next sample of the current stroke.
    package mutating func add(_ sample: Sample) {
        precondition(stroke != nil, "beginStroke(pen:) first")
        stroke!.add(sample)
    }

    /// Ends the current stroke; its ink is kept in the bounds.
    package mutating func endStroke() {
        if let extent = stroke?.extent { closed = closed.map { $0.union(extent) } ?? extent }
        stroke = nil
    }

    /// The bounds of all ink so far, the current stroke included.
    package var bounds: Rect? {
        guard let open = stroke?.extent else { return closed }
        return closed.map { $0.union(open) } ?? open
    }
}

/// One stroke's incremental state. The pressure model only applies when pressure varies, which
/// is known only at the end, so both outcomes are tracked side by side.
private struct StrokeState: Sendable {
    struct Track: Sendable {
        var filter: WidthFilter
        var finished: Rect?
        var lastWidth = 0.0
        var tailStart: (point: Point, width: Double)?
    }

    let pen: Pen
    var last: Sample?
    var previous: Sample?
    var count = 0
    var minForce = Double.infinity, maxForce = -Double.infinity
    var primary: Track
    var fallback: Track?

    init(pen: Pen, unitsPerInch: Double?) {
        self.pen = pen
        primary = Track(filter: WidthFilter(pen: pen, unitsPerInch: unitsPerInch))
        if pen.widthModel == .pressure {
            var fixed = pen
            fixed.widthModel = .fixed
            fallback = Track(filter: WidthFilter(pen: fixed))
        }
    }

    mutating func add(_ s: Sample) {
        if let last, last.x == s.x, last.y == s.y { return }
        minForce = min(minForce, s.force ?? 0)
        maxForce = max(maxForce, s.force ?? 0)
        let prior = last
        Self.advance(&primary, prior: prior, sample: s)
        if fallback != nil { Self.advance(&fallback!, prior: prior, sample: s) }
        previous = last
        last = s
        count += 1
    }

    /// Closes the segment that ends at mid(prior, s), whose control is `prior`.
    private static func advance(_ track: inout Track, prior: Sample?, sample s: Sample) {
        let w = track.filter.next(s)
        defer { track.lastWidth = w }
        guard let prior else {
            track.tailStart = (s.point, w)
            return
        }
        let (start, startWidth) = track.tailStart!
        let mid = prior.point.midpoint(s.point)
        let midWidth = (track.lastWidth + w) / 2
        let segment = QuadSegment(
            start: start, control: prior.point, end: mid, startWidth: startWidth, endWidth: midWidth)
        track.finished = track.finished.map { $0.union(segment.inkBounds) } ?? segment.inkBounds
        track.tailStart = (mid, midWidth)
    }

    var extent: Rect? {
        guard let last else { return nil }
        if count == 1 { return Rect(origin: last.point, size: .zero).outsetBy(pen.dotDiameter / 2) }
        var track = primary
        if let fallback, !WidthFilter.pressureVaries(min: minForce, max: maxForce) { track = fallback }
        let (start, startWidth) = track.tailStart!
        let tail = QuadSegment(
            start: start, control: last.point, end: last.point, startWidth: startWidth, endWidth: track.lastWidth)
        return track.finished.map { $0.union(tail.inkBounds) } ?? tail.inkBounds
    }
}
