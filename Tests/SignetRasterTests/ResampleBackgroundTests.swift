import SignetCore
import SignetTestSupport
import Testing

@testable import SignetRaster

/// A downscale filters only near pixels that are not the background (`BackgroundSpans`) and
/// writes the background elsewhere: these images of ink on one background colour must give the
/// scalar reference's bytes exactly (`ResampleExactnessTests.reference`), ink at the edges, in
/// several separate places, in the first pixel, and none at all.
struct ResampleBackgroundTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let size: (width: Int, height: Int)
        let target: (width: Int, height: Int)
        let background: [UInt8]
        /// Ink rectangles: x, y, width, height (opaque ink unless the background is see-through).
        let ink: [(Int, Int, Int, Int)]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "white, ink in two places", size: (480, 160), target: (399, 133), background: [255, 255, 255, 255],
            ink: [(40, 30, 50, 20), (300, 100, 90, 12)]),
        Case(
            name: "white, ink on every edge and in the first pixel", size: (300, 200), target: (249, 166),
            background: [255, 255, 255, 255], ink: [(0, 0, 3, 2), (297, 60, 3, 30), (120, 198, 40, 2), (0, 150, 1, 1)]),
        Case(
            name: "white, no ink", size: (200, 90), target: (97, 61), background: [255, 255, 255, 255], ink: []),
        Case(
            name: "clear black, see-through ink", size: (300, 200), target: (249, 166), background: [0, 0, 0, 0],
            ink: [(10, 10, 70, 40), (200, 150, 33, 33)]),
        Case(
            name: "clear white, see-through ink", size: (257, 129), target: (200, 100),
            background: [255, 255, 255, 0], ink: [(64, 32, 64, 1), (190, 0, 1, 129)]),
        Case(
            name: "half-covering colour, ink on chunk borders", size: (330, 97), target: (301, 50),
            background: [10, 200, 30, 128], ink: [(31, 5, 2, 80), (64, 40, 32, 1), (127, 60, 66, 9)]),
        Case(
            name: "narrower than one chunk", size: (20, 12), target: (9, 5), background: [255, 255, 255, 255],
            ink: [(7, 3, 2, 2)]),
        Case(
            name: "averaged over blocks first", size: (400, 120), target: (90, 27), background: [255, 255, 255, 255],
            ink: [(0, 0, 9, 9), (200, 50, 120, 3), (390, 100, 10, 20)]),
    ]

    @Test("ink on a background downscales to the scalar filter's bytes", arguments: cases)
    func downscale(_ c: Case) {
        let image = Self.image(c, seed: UInt64(c.size.width * 7 + c.ink.count))
        let made = image.downscaled(toWidth: c.target.width, height: c.target.height)
        // A reduction of 4× or more averages blocks first; the reference filters those averages.
        let base = image.blockReduced(toWidth: c.target.width, height: c.target.height) ?? image
        let expected = ResampleExactnessTests.reference(base, toWidth: c.target.width, height: c.target.height)
        let differing = zip(made.pixels, expected).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        let count = differing.count
        #expect(
            count == 0,
            "\(c.name): \(count) bytes differ, first at \(differing.first ?? -1)\(differing.first.map { ": \(made.pixels[$0]) against \(expected[$0])" } ?? "")"
        )
    }

    @Test("some rows alone are those rows of the whole downscale", arguments: cases)
    func someRows(_ c: Case) {
        let image = Self.image(c, seed: UInt64(c.size.height * 13))
        let whole = image.downscaled(toWidth: c.target.width, height: c.target.height)
        let rows = stride(from: c.target.height - 1, through: 0, by: -5).reversed().map { $0 }
        let some = image.downscaledRows(rows, toWidth: c.target.width, height: c.target.height)
        let rowBytes = c.target.width * 4
        let expected = rows.flatMap { whole.pixels[($0 * rowBytes)..<(($0 + 1) * rowBytes)] }
        let differing = zip(some.pixels, expected).enumerated().filter { $0.element.0 != $0.element.1 }.count
        #expect(differing == 0, "\(c.name): \(differing) bytes of \(rows.count) rows differ from the whole downscale")
    }

    /// `c`'s background with its ink rectangles, each pixel of ink a random colour (random
    /// coverage too when the background is see-through).
    static func image(_ c: Case, seed: UInt64) -> Bitmap {
        var numbers = SeededRandom(seed: seed)
        var pixels = [UInt8]()
        for _ in 0..<(c.size.width * c.size.height) { pixels += c.background }
        for (x0, y0, w, h) in c.ink {
            for y in y0..<(y0 + h) {
                for x in x0..<(x0 + w) {
                    let i = (y * c.size.width + x) * 4
                    for k in 0..<3 { pixels[i + k] = UInt8(truncatingIfNeeded: numbers.next()) }
                    pixels[i + 3] = c.background[3] == 255 ? 255 : UInt8(truncatingIfNeeded: numbers.next())
                }
            }
        }
        return Bitmap(width: c.size.width, height: c.size.height, pixels: pixels)
    }
}
