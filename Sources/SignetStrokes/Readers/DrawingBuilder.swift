import SignetCore

/// Collects strokes while a reader walks its input, checking every sample and every limit as it
/// goes, so a bad value is reported where it is and a runaway input stops early.
///
/// Strokes are kept in the order they were started. A stroke can be dropped (a cancelled touch);
/// a drawing needs at least one stroke and no stroke may be empty.
struct DrawingBuilder: Sendable {
    let context: ReadContext
    private var strokes: [Stroke?] = []
    /// Where each stroke started, for the "has no points" message.
    private var places: [String] = []
    private var liveStrokes = 0
    private var livePoints = 0

    init(_ context: ReadContext) { self.context = context }

    private var limits: StrokeLimits { context.limits }

    /// Starts a stroke and returns its slot.
    mutating func startStroke(pen: Pen? = nil, at place: @autoclosure () -> String) throws -> Int {
        guard liveStrokes < limits.maxStrokes else {
            throw context.error(.limitExceeded(place: place(), what: "strokes", limit: "\(limits.maxStrokes)"))
        }
        liveStrokes += 1
        strokes.append(Stroke(samples: [], pen: pen))
        places.append(place())
        return strokes.count - 1
    }

    /// Appends a sample to the stroke in `slot` after checking it; `place` names the point.
    mutating func append(_ sample: Sample, to slot: Int, at place: @autoclosure () -> String) throws {
        try check(sample, at: place())
        guard strokes[slot]!.samples.count < limits.maxPointsPerStroke else {
            throw context.error(.limitExceeded(place: place(), what: "points in one stroke", limit: "\(limits.maxPointsPerStroke)"))
        }
        guard livePoints < limits.maxPoints else {
            throw context.error(.limitExceeded(place: place(), what: "points", limit: "\(limits.maxPoints)"))
        }
        livePoints += 1
        strokes[slot]!.samples.append(sample)
    }

    /// Forgets the stroke in `slot` and its points.
    mutating func drop(_ slot: Int) {
        guard let stroke = strokes[slot] else { return }
        livePoints -= stroke.samples.count
        liveStrokes -= 1
        strokes[slot] = nil
    }

    /// The drawing, or an error when there is no stroke or a stroke has no points.
    /// `strokeNoun` names the strokes in messages ("stroke", "trace", "group").
    func drawing(canvas: Size? = nil, unitsPerInch: Double? = nil, strokeNoun: String = "stroke", noStrokes: String)
        throws -> Drawing
    {
        var kept: [Stroke] = []
        kept.reserveCapacity(liveStrokes)
        for (slot, stroke) in strokes.enumerated() {
            guard let stroke else { continue }
            guard !stroke.samples.isEmpty else {
                throw context.badValue(places[slot], "the \(strokeNoun) has no points; remove it or give it some")
            }
            kept.append(stroke)
        }
        guard !kept.isEmpty else { throw context.error(.noStrokes(detail: noStrokes)) }
        return Drawing(strokes: kept, canvas: canvas, unitsPerInch: unitsPerInch)
    }

    private func check(_ s: Sample, at place: @autoclosure () -> String) throws {
        try checkCoordinate(s.x, "x", at: place())
        try checkCoordinate(s.y, "y", at: place())
        if let t = s.t, !t.isFinite {
            throw context.badValue(place(), "the time \(t.shown) is not a finite number")
        }
        if let f = s.force, !(f.isFinite && f >= 0 && f <= 1) {
            throw context.badValue(place(), "the pressure \(f.shown) is outside 0…1")
        }
    }

    private func checkCoordinate(_ v: Double, _ axis: String, at place: @autoclosure () -> String) throws {
        guard v.isFinite else { throw context.badValue(place(), "\(axis) is \(v.shown), not a finite number") }
        guard abs(v) <= limits.maxCoordinate else {
            throw context.badValue(
                place(), "\(axis) = \(v.shown) is beyond the ±\(Int(limits.maxCoordinate)) coordinate limit; check the units")
        }
    }
}
