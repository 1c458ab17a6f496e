import SignetStrokes
import Testing

@Suite("ISO/IEC 19794-7 writer refusals")
struct TimeSeriesErrorTests {
    @Test("a drawing without timestamps is refused, naming the first sample without one")
    func noTimestamps() {
        let d = Drawing(strokes: [Stroke(samples: [Sample(x: 1, y: 1, t: 0), Sample(x: 2, y: 2)])])
        #expect {
            try ISO19794_7.encode(d)
        } throws: { error in
            guard let e = error as? TimeSeriesError, case .noTimestamps(let place) = e.reason else { return false }
            return place == "stroke 1, point 2" && e.message.contains("time series") && e.kind == .badInput
        }
    }

    @Test("a drawing without samples is refused")
    func empty() {
        #expect(throws: TimeSeriesError(.noSamples)) { try ISO19794_7.encode(Drawing(strokes: [])) }
        #expect(throws: TimeSeriesError(.noSamples)) {
            try ISO19794_7.encode(Drawing(strokes: [Stroke(samples: [])]))
        }
    }

    @Test("a coordinate that is not finite is refused")
    func notFinite() {
        let d = Drawing(strokes: [Stroke(samples: [Sample(x: .infinity, y: 1, t: 0)])])
        #expect(throws: TimeSeriesError(.unscalable(place: "the drawing", what: "position"))) {
            try ISO19794_7.encode(d)
        }
    }
}
