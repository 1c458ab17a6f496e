import SignetCore

/// Which pixels of a page image hold something a stamp must not cover, on a grid of `scale`
/// pixels per point of the page as displayed (origin at the top-left corner, y down).
package struct Occupancy: Sendable, Hashable {
    /// Pixels across.
    package let width: Int
    /// Pixels down.
    package let height: Int
    /// Pixels per point.
    package let scale: Double
    /// Row by row from the top: `true` where something is.
    package private(set) var occupied: [Bool]

    /// A grid of `width` × `height` pixels at `scale` pixels per point, `occupied` row by row.
    package init(width: Int, height: Int, scale: Double, occupied: [Bool]) {
        precondition(width >= 0 && height >= 0 && occupied.count == width * height, "occupancy of the wrong size")
        precondition(scale > 0 && scale.isFinite, "occupancy scale must be positive")
        (self.width, self.height, self.scale, self.occupied) = (width, height, scale, occupied)
    }

    /// The ink of a page image: RGBA `pixels` drawn on white, a pixel occupied when it carries
    /// ink by the verifier's rule (`Luminance.ink`).
    package init(rgba pixels: [UInt8], width: Int, height: Int, scale: Double) {
        precondition(pixels.count == width * height * 4, "an RGBA image of the wrong size")
        let occupied = (0..<(width * height)).map { Luminance.onWhite(pixels, $0 * 4) < Luminance.ink }
        self.init(width: width, height: height, scale: scale, occupied: occupied)
    }

    /// Whether the pixel at `x`, `y` holds something.
    package subscript(x x: Int, y y: Int) -> Bool { occupied[y * width + x] }

    /// The pixels `rect` (points) touches, clipped to the image: a pixel is touched when the
    /// rectangle covers part of it with an area.
    package func pixels(of rect: Rect) -> (x: Range<Int>, y: Range<Int>) {
        func span(_ low: Double, _ high: Double, _ count: Int) -> Range<Int> {
            let a = max(0, min(count, Self.index((low * scale).rounded(.down))))
            let b = max(a, min(count, Self.index((high * scale).rounded(.up))))
            return a..<b
        }
        return (span(rect.minX, rect.maxX, width), span(rect.minY, rect.maxY, height))
    }

    /// Marks every pixel `rect` (points) touches as occupied.
    package mutating func mark(_ rect: Rect) {
        let (xs, ys) = pixels(of: rect)
        for y in ys { for x in xs { occupied[y * width + x] = true } }
    }

    /// A pixel coordinate from a whole number of pixels, clamped into `Int`'s range (NaN as 0).
    private static func index(_ v: Double) -> Int {
        guard v.isFinite else { return v > 0 ? Int.max : 0 }
        return v >= 9e18 ? Int.max : v <= -9e18 ? Int.min : Int(v)
    }
}
