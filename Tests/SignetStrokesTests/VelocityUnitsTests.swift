import Foundation
import SignetCore
import SignetTestSupport
import Testing

@testable import SignetStrokes

/// The velocity width model measures speed in CSS pixels per ms whatever the capture's units.
struct VelocityUnitsTests {
    /// A signature-like stroke in CSS pixels, sampled every 8 ms: its speed rises from 0.05 to
    /// 2.55 px/ms and falls back (signature_pad's range), the line wavering up and down.
    static let pixelSamples: [Sample] = {
        var x = 10.0
        return (0..<60).map { i in
            let phase = sin(Double.pi * Double(i) / 59)
            x += 8 * (0.05 + 2.5 * phase * phase)
            return Sample(x: x, y: 40 + 12 * sin(Double(i) * 0.4), t: Double(i) * 8)
        }
    }()

    static func velocityDrawing(scale: Double, unitsPerInch: Double?) -> Drawing {
        let samples = pixelSamples.map { Sample(x: $0.x * scale, y: $0.y * scale, t: $0.t) }
        var pen = Pen.standard(unitsPerInch: unitsPerInch)
        pen.widthModel = .velocity
        return Drawing(strokes: [Stroke(samples: samples)], pen: pen, unitsPerInch: unitsPerInch)
    }

    @Test(
        "the same stroke in CSS pixels and in other units gives the same relative widths",
        arguments: [2540, 1000 / 25.4, 72, 300] as [Double])
    func sameRelativeWidths(unitsPerInch: Double) {
        let scale = unitsPerInch / 96
        let pixels = Self.velocityDrawing(scale: 1, unitsPerInch: nil)
        let other = Self.velocityDrawing(scale: scale, unitsPerInch: unitsPerInch)
        let a = WidthFilter.widths(of: pixels.strokes[0].samples, pen: pixels.pen)
        let b = WidthFilter.widths(of: other.strokes[0].samples, pen: other.pen, unitsPerInch: unitsPerInch)
        for (wa, wb) in zip(a, b) {
            #expect(abs(wa / pixels.pen.maxWidth - wb / other.pen.maxWidth) < 1e-9)
        }
        // The stroke really varies: thick where slow, at the minimum where fastest.
        #expect(a.max()! > 2 && a.min()! < 1.2)
        // And the ink is the same ink, scaled.
        let boxA = Ink(pixels).bounds!, boxB = Ink(other).bounds!
        #expect(abs(boxB.minX / scale - boxA.minX) < 1e-6 && abs(boxB.maxX / scale - boxA.maxX) < 1e-6)
        #expect(abs(boxB.minY / scale - boxA.minY) < 1e-6 && abs(boxB.maxY / scale - boxA.maxY) < 1e-6)
    }

    @Test("a tablet-unit drawing no longer collapses to the minimum width")
    func tabletUnitsAreNotMinimal() {
        let tablet = Self.velocityDrawing(scale: 2540 / 96, unitsPerInch: 2540)
        let widths = WidthFilter.widths(of: tablet.strokes[0].samples, pen: tablet.pen, unitsPerInch: 2540)
        let minimum = tablet.pen.minWidth
        #expect(widths.filter { $0 > 2 * minimum }.count > widths.count / 3)
    }

    @Test("pixel drawings keep exactly their widths: no resolution and 96 per inch agree with the formula")
    func pixelsUnchanged() {
        let pen = Pen(minWidth: 0.5, maxWidth: 2.5, velocityFilterWeight: 0.7, widthModel: .velocity)
        let samples = Self.pixelSamples
        let plain = WidthFilter.widths(of: samples, pen: pen)
        #expect(WidthFilter.widths(of: samples, pen: pen, unitsPerInch: 96) == plain)
        #expect(WidthFilter.widths(of: samples, pen: pen, unitsPerInch: 0) == plain)
        #expect(WidthFilter.widths(of: samples, pen: pen, unitsPerInch: .nan) == plain)
        // signature_pad's formula, in px per ms.
        var velocity = 0.0
        var expected = [(pen.minWidth + pen.maxWidth) / 2]
        for (a, b) in zip(samples, samples.dropFirst()) {
            velocity = 0.7 * a.point.distance(to: b.point) / (b.t! - a.t!) + (1 - 0.7) * velocity
            expected.append(max(pen.maxWidth / (velocity + 1), pen.minWidth))
        }
        #expect(plain == expected)
    }

    @Test("the bounds tracker uses the drawing's units like Ink does")
    func trackerUsesUnits() {
        let drawing = Self.velocityDrawing(scale: 2540 / 96, unitsPerInch: 2540)
        var tracker = InkBoundsTracker(unitsPerInch: 2540)
        tracker.beginStroke(pen: drawing.pen)
        for s in drawing.strokes[0].samples { tracker.add(s) }
        tracker.endStroke()
        #expect(tracker.bounds == Ink(drawing).bounds)
    }
}
