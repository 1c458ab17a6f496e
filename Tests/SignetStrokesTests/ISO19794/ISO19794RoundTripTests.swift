import SignetStrokes
import SignetTestSupport
import Testing

/// encode → decode keeps what the record can hold, within its quantisation: positions to half a
/// record unit (at most 1/128 of a capture unit), times to half a millisecond, pressure to half
/// of 1/65535, tilt to 0.005°, and the strokes as they were.
@Suite("ISO/IEC 19794-7 round trip")
struct ISO19794RoundTripTests {
    @Test("random drawings come back within the format's quantisation", arguments: 0..<40)
    func property(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let drawing = Self.randomDrawing(&random)
        let back = try ISO19794_7.decode(try ISO19794_7.encode(drawing))
        try Self.expectClose(back, drawing)
    }

    @Test("a drawing without a resolution is written as CSS pixels and read back in its units")
    func assumedResolution() throws {
        let drawing = Drawing(strokes: [Stroke(samples: [Sample(x: 10, y: 20, t: 5), Sample(x: 300, y: 150, t: 9)])])
        let back = try ISO19794_7.decode(try ISO19794_7.encode(drawing))
        let upi = try #require(back.unitsPerInch)
        #expect(abs(back.strokes[0].samples[1].x - 300 * upi / 96) <= 0.5, "the X scaling names the unit: \(upi)")
        try Self.expectClose(back, drawing)
    }

    static func randomDrawing(_ random: inout SeededRandom) -> Drawing {
        let extent = [10.0, 500, 3000, 40_000].randomElement(using: &random)!
        let hasForce = Bool.random(using: &random)
        let hasTilt = Bool.random(using: &random)
        var t = Double.random(in: -1000...1_000_000, using: &random)
        var strokes: [Stroke] = []
        for _ in 0..<Int.random(in: 1...6, using: &random) {
            var samples: [Sample] = []
            for _ in 0..<Int.random(in: 1...50, using: &random) {
                t += Double.random(in: 0...20, using: &random)
                samples.append(
                    Sample(
                        x: Double.random(in: -extent...extent, using: &random),
                        y: Double.random(in: -extent...extent, using: &random), t: t,
                        force: hasForce ? Double.random(in: 0...1, using: &random) : nil,
                        tiltX: hasTilt ? Double.random(in: -90...90, using: &random) : nil,
                        tiltY: hasTilt ? Double.random(in: -90...90, using: &random) : nil))
            }
            strokes.append(Stroke(samples: samples))
            t += Double.random(in: 0...2000, using: &random)
        }
        let upi: Double? = [nil, 96, 2540, 300].randomElement(using: &random)!
        return Drawing(strokes: strokes, unitsPerInch: upi)
    }

    /// `back` (read from a record) against `drawing`: positions converted to the drawing's units,
    /// times relative to the first sample.
    static func expectClose(
        _ back: Drawing, _ drawing: Drawing, sourceLocation: SourceLocation = #_sourceLocation
    )
        throws
    {
        #expect(
            back.strokes.map(\.samples.count) == drawing.strokes.map(\.samples.count), sourceLocation: sourceLocation)
        guard back.strokes.map(\.samples.count) == drawing.strokes.map(\.samples.count) else { return }
        let toOriginal = (drawing.unitsPerInch ?? 96) / (try #require(back.unitsPerInch))
        let extent = drawing.strokes.flatMap(\.samples).reduce(0.0) { max($0, abs($1.x), abs($1.y)) }
        // Half a record unit: the record holds at most 32767 units across the extent, 64 per capture unit.
        let positionTolerance = 0.5 * max(extent / 32767, 1 / 64.0) * 1.001 + 1e-9
        let t0 = drawing.strokes.flatMap(\.samples).compactMap(\.t).min()!
        let backT0 = back.strokes.flatMap(\.samples).compactMap(\.t).min()!
        for (a, b) in zip(back.strokes.flatMap(\.samples), drawing.strokes.flatMap(\.samples)) {
            let dx = abs(a.x * toOriginal - b.x)
            let dy = abs(a.y * toOriginal - b.y)
            let dt = abs((a.t! - backT0) - (b.t! - t0))
            #expect(dx <= positionTolerance && dy <= positionTolerance, "\(a) vs \(b)", sourceLocation: sourceLocation)
            #expect(dt <= 0.5 + 1e-9, "time \(a.t!) vs \(b.t!)", sourceLocation: sourceLocation)
            #expect((a.force == nil) == (b.force == nil), sourceLocation: sourceLocation)
            if let fa = a.force, let fb = b.force {
                #expect(abs(fa - fb) <= 0.5 / 65535 + 1e-12, "force \(fa) vs \(fb)", sourceLocation: sourceLocation)
            }
            #expect((a.tiltX == nil) == (b.tiltX == nil), sourceLocation: sourceLocation)
            if let ta = a.tiltX, let tb = b.tiltX, let ua = a.tiltY, let ub = b.tiltY {
                #expect(abs(ta - tb) <= 0.005 + 1e-9 && abs(ua - ub) <= 0.005 + 1e-9, sourceLocation: sourceLocation)
            }
        }
    }
}

/// Damaged records never crash the reader: each seeded mutation of a real record reads or throws
/// `StrokeReadError`, and what reads is written and read again with the same strokes (the
/// property `Tools/Fuzz`'s `fuzz-iso19794` checks on its own inputs).
@Suite("ISO/IEC 19794-7 damaged records")
struct ISO19794MutationTests {
    @Test("mutated records read or fail cleanly; what reads writes and reads back the same strokes")
    func mutations() throws {
        var random = SeededRandom(seed: 19794)
        for round in 0..<400 {
            var bytes = try ISO19794_7.encode(ISO19794RoundTripTests.randomDrawing(&random))
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            if round % 3 == 0 { bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &random))) }
            do {
                let drawing = try ISO19794_7.decode(bytes)
                guard drawing.strokes.allSatisfy({ $0.samples.allSatisfy { $0.t != nil } }) else { continue }
                let again = try ISO19794_7.decode(try ISO19794_7.encode(drawing))
                #expect(again.strokes.map(\.samples.count) == drawing.strokes.map(\.samples.count), "round \(round)")
            } catch is StrokeReadError {
                continue
            }
        }
    }
}
