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
    private let limits: StrokeLimits

    init(_ context: ReadContext) {
        self.context = context
        limits = context.limits
    }

    /// Starts a stroke and returns its slot; `expectedPoints` reserves room when the count is known.
    mutating func startStroke(
        pen: Pen? = nil, expectedPoints: Int = 0, at place: @autoclosure () -> String
    ) throws -> Int {
        guard liveStrokes < limits.maxStrokes else {
            throw context.error(.limitExceeded(place: place(), what: "strokes", limit: "\(limits.maxStrokes)"))
        }
        liveStrokes += 1
        var samples: [Sample] = []
        samples.reserveCapacity(min(expectedPoints, limits.maxPointsPerStroke))
        strokes.append(Stroke(samples: samples, pen: pen))
        places.append(place())
        return strokes.count - 1
    }

    /// Appends a sample to the stroke in `slot` after checking it; `place` names the point.
    mutating func append(_ sample: Sample, to slot: Int, at place: @autoclosure () -> String) throws {
        if !isPlausible(sample), let problem = problem(with: sample) { throw context.badValue(place(), problem) }
        guard strokes[slot]!.samples.count < limits.maxPointsPerStroke else {
            throw context.error(
                .limitExceeded(place: place(), what: "points in one stroke", limit: "\(limits.maxPointsPerStroke)"))
        }
        guard livePoints < limits.maxPoints else {
            throw context.error(.limitExceeded(place: place(), what: "points", limit: "\(limits.maxPoints)"))
        }
        livePoints += 1
        strokes[slot]!.samples.append(sample)
    }

    /// The last sample of the stroke in `slot`.
    func last(in slot: Int) -> Sample? { strokes[slot]?.samples.last }

    /// Removes the pressure of every stroke whose samples all report the same one of `constants`:
    /// what a device without a pressure sensor reports (browsers: 0.5 while a button is down).
    mutating func dropConstantForce(_ constants: Set<Double>) {
        for slot in strokes.indices {
            guard let first = strokes[slot]?.samples.first?.force, constants.contains(first),
                strokes[slot]!.samples.allSatisfy({ $0.force == first })
            else { continue }
            for i in strokes[slot]!.samples.indices { strokes[slot]!.samples[i].force = nil }
        }
    }

    /// Forgets the stroke in `slot` and its points.
    mutating func drop(_ slot: Int) {
        guard let stroke = strokes[slot] else { return }
        livePoints -= stroke.samples.count
        liveStrokes -= 1
        strokes[slot] = nil
    }

    /// The drawing. No ink at all — no stroke (`noInk` says why), or only strokes without
    /// points — is a "no ink" error; one empty stroke among others is a bad value at its place.
    /// `strokeNoun` names the strokes in messages ("stroke", "trace", "group").
    func drawing(
        canvas: Size? = nil, unitsPerInch: Double? = nil, strokeNoun: String = "stroke", noInk: String
    )
        throws -> Drawing
    {
        let live = strokes.indices.filter { strokes[$0] != nil }
        guard !live.isEmpty else { throw context.error(.noInk(detail: noInk)) }
        guard livePoints > 0 else {
            let detail =
                live.count == 1
                ? "its one \(strokeNoun) has no points" : "none of its \(live.count) \(strokeNoun)s has a point"
            throw context.error(.noInk(detail: detail))
        }
        if let empty = live.first(where: { strokes[$0]!.samples.isEmpty }) {
            throw context.badValue(places[empty], "the \(strokeNoun) has no points; remove it or give it some")
        }
        return Drawing(strokes: live.map { strokes[$0]! }, canvas: canvas, unitsPerInch: unitsPerInch)
    }

    /// The quick test every sample passes first: finite coordinates within the limit, a finite
    /// time, a pressure within 0…1 (false for NaN).
    private func isPlausible(_ s: Sample) -> Bool {
        let m = limits.maxCoordinate
        return s.x.isFinite && abs(s.x) <= m && s.y.isFinite && abs(s.y) <= m
            && (s.t?.isFinite ?? true) && (s.force.map { $0 >= 0 && $0 <= 1 } ?? true)
    }

    /// What is wrong with a sample, or `nil` when it is fine.
    private func problem(with s: Sample) -> String? {
        if let problem = problem(with: s.x, "x") { return problem }
        if let problem = problem(with: s.y, "y") { return problem }
        if let t = s.t, !t.isFinite { return "the time \(t.shown) is not a finite number" }
        if let f = s.force, !(f.isFinite && f >= 0 && f <= 1) { return "the pressure \(f.shown) is outside 0…1" }
        return nil
    }

    private func problem(with v: Double, _ axis: String) -> String? {
        guard v.isFinite else { return "\(axis) is \(v.shown), not a finite number" }
        guard abs(v) <= limits.maxCoordinate else {
            return "\(axis) = \(v.shown) is beyond the ±\(limits.maxCoordinate.shown) coordinate limit; check the units"
        }
        return nil
    }
}
