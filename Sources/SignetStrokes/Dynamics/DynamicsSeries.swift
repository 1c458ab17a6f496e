/// What a forensic examiner reads of a signature's dynamics: position, speed and pressure against
/// time, one run per stroke, the gaps between runs being the pen-up time. Pure.
package struct DynamicsSeries: Sendable, Hashable {
    /// One sample's values.
    package struct Point: Sendable, Hashable {
        /// Milliseconds since the signature's first sample.
        package var t: Double
        /// Position from the signature's leftmost and topmost sample (y down), in ``unit``.
        package var x: Double
        package var y: Double
        /// Speed along the path since the previous sample of the stroke, in ``unit`` per second
        /// (a stroke's first sample takes its second's; a one-sample stroke is still).
        package var speed: Double
        /// Pressure 0…1, when recorded.
        package var pressure: Double?
    }

    /// One run of points per stroke, in time order of the strokes as drawn.
    package var strokes: [[Point]]
    /// "mm" when the drawing records its resolution, else "units" (its capture units).
    package var unit: String

    /// The series of `drawing`.
    /// - Throws: ``TimeSeriesError`` (`.noTimestamps`) naming the first sample without a time.
    package init(_ drawing: Drawing) throws {
        let samples = drawing.strokes.flatMap(\.samples)
        guard let firstMissing = Self.firstWithoutTime(drawing) else {
            let t0 = samples.compactMap(\.t).min() ?? 0
            let left = samples.map(\.x).min() ?? 0
            let top = samples.map(\.y).min() ?? 0
            let scale = drawing.unitsPerInch.map { 25.4 / $0 } ?? 1
            unit = drawing.unitsPerInch == nil ? "units" : "mm"
            strokes = drawing.strokes.filter { !$0.samples.isEmpty }.map { stroke in
                var points = stroke.samples.map {
                    Point(
                        t: $0.t! - t0, x: ($0.x - left) * scale, y: ($0.y - top) * scale, speed: 0, pressure: $0.force)
                }
                for i in points.indices.dropFirst() {
                    let (a, b) = (points[i - 1], points[i])
                    let dt = (b.t - a.t) / 1000
                    let distance = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
                    points[i].speed = dt > 0 ? distance / dt : a.speed
                }
                if points.count > 1 { points[0].speed = points[1].speed }
                return points
            }
            return
        }
        throw TimeSeriesError(.noTimestamps(place: firstMissing))
    }

    /// The last time of any point, in milliseconds.
    package var duration: Double { strokes.flatMap { $0 }.map(\.t).max() ?? 0 }

    /// True when every point has a pressure.
    package var hasPressure: Bool { strokes.allSatisfy { $0.allSatisfy { $0.pressure != nil } } }

    /// "stroke S, point P" of the first sample without a time; `nil` when every sample has one.
    private static func firstWithoutTime(_ drawing: Drawing) -> String? {
        for (s, stroke) in drawing.strokes.enumerated() {
            if let p = stroke.samples.firstIndex(where: { $0.t == nil }) { return "stroke \(s + 1), point \(p + 1)" }
        }
        return nil
    }
}
