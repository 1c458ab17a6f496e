import SignetCore
import SignetTestSupport
import Testing

@testable import SignetStrokes

/// The incremental tracker must give exactly what the batch computation gives.
struct BoundsTrackerTests {
    static func randomDrawing(_ rng: inout SeededRandom, model: WidthModel) -> Drawing {
        let strokes = (0..<Int.random(in: 1...6, using: &rng)).map { _ -> Stroke in
            var p = Point(x: Double.random(in: 0...500, using: &rng), y: Double.random(in: 0...200, using: &rng))
            var t = 0.0
            let n = Int.random(in: 1...60, using: &rng)
            let samples = (0..<n).map { _ -> Sample in
                // Some repeats and backwards times, as real logs have.
                if Double.random(in: 0...1, using: &rng) > 0.1 {
                    p =
                        p
                        + Point(
                            x: Double.random(in: -15...15, using: &rng), y: Double.random(in: -15...15, using: &rng))
                }
                t += Double.random(in: -2...20, using: &rng)
                return Sample(
                    x: p.x, y: p.y, t: t, force: model == .pressure && n > 3 ? Double.random(in: 0...1, using: &rng) : 0
                )
            }
            return Stroke(samples: samples)
        }
        return Drawing(strokes: strokes, pen: Pen(width: 3, minWidth: 0.5, maxWidth: 4, widthModel: model))
    }

    @Test("tracker bounds equal batch bounds", arguments: WidthModel.allCases)
    func trackerEqualsBatch(model: WidthModel) {
        var rng = SeededRandom(seed: 2024)
        for _ in 0..<300 {
            let drawing = Self.randomDrawing(&rng, model: model)
            var tracker = InkBoundsTracker()
            for stroke in drawing.strokes {
                tracker.beginStroke(pen: drawing.pen(for: stroke))
                for s in stroke.samples { tracker.add(s) }
            }
            tracker.endStroke()
            #expect(tracker.bounds == Ink(drawing).bounds)
        }
    }

    @Test("bounds while drawing equal the batch bounds of the prefix")
    func prefixesAgree() {
        var rng = SeededRandom(seed: 5)
        let drawing = Self.randomDrawing(&rng, model: .velocity)
        let stroke = drawing.strokes[0]
        var tracker = InkBoundsTracker()
        tracker.beginStroke(pen: drawing.pen)
        for (i, s) in stroke.samples.enumerated() {
            tracker.add(s)
            let prefix = Drawing(strokes: [Stroke(samples: Array(stroke.samples[0...i]))], pen: drawing.pen)
            #expect(tracker.bounds == Ink(prefix).bounds)
        }
    }

    @Test("the ink lies inside the bounds")
    func inkInsideBounds() {
        var rng = SeededRandom(seed: 11)
        for _ in 0..<100 {
            let drawing = Self.randomDrawing(&rng, model: .fixed)
            let ink = Ink(drawing)
            for shape in ink.shapes {
                guard var box = shape.path.bounds else { continue }
                if case .stroke(let w) = shape.paint { box = box.outsetBy(w / 2) }
                #expect(ink.bounds!.contains(box, tolerance: 1e-9))
            }
        }
    }
}
