import SignetCore
import SignetRaster

/// The pixel rule of the overlay check: inside an annotation's rectangle, how much of what the
/// signed page showed is now covered or changed.
///
/// Both renders are of the same page at `dpi` on white. A pixel *carried ink* when its luminance in
/// the signed render is below `inkLuminance` (it differs from white by more than an eighth); it is
/// *covered* when its luminance now differs from the signed one by at least `changeLuminance` (a
/// quarter of the range). Signed content counts as hidden when at least `minimumPixels` pixels are
/// covered — 4 square points, a fraction of one 12-point letter — wherever they are in the
/// rectangle: a fraction of the rectangle's ink would let a large rectangle over unchanged text
/// dilute one forged digit. A translucent highlight keeps dark text dark (its change stays under a
/// quarter), and an annotation in blank space covers no ink, so neither counts.
package enum OverlayComparison {
    /// Resolution of both renders: 144 dpi, two pixels per point.
    package static let dpi = 144.0
    /// A pixel carried ink below this luminance (0–255): `Luminance.ink`, which the free-area
    /// search of `--at auto` shares.
    package static let inkLuminance = Luminance.ink
    /// A luminance change of at least this much covers the pixel.
    package static let changeLuminance = 64
    /// Covered ink pixels at which signed content counts as hidden (16 pixels at 144 dpi: 4 pt²).
    package static let minimumPixels = 16

    /// Ink of the signed render that the current one covers.
    package struct Finding: Sendable, Hashable {
        /// Covered ink pixels.
        package var pixels: Int
        /// Their bounds on the page as displayed, in points.
        package var bounds: Rect?

        /// Enough covered ink to count as signed content hidden.
        package var hides: Bool { pixels >= OverlayComparison.minimumPixels }
    }

    /// The renders differ in size, so they are not the same page at the same resolution.
    package struct SizeMismatch: Error, Hashable {
        /// The signed render's size in pixels.
        package var signed: [Int]
        /// The current render's size in pixels.
        package var now: [Int]

        /// One sentence for the report.
        package var message: String {
            "the page rendered as signed is \(signed[0])×\(signed[1]) pixels and as shown now \(now[0])×\(now[1]), so they cannot be compared"
        }
    }

    /// The pixels of the page image at `dpi` (a page of `pageSize` points, laid out as
    /// `signet-preview` lays it out) that `box` (points of the page as displayed) touches; `nil`
    /// when it lies outside the page.
    package static func region(of box: Rect, pageSize: Size) -> Rect? {
        let s = dpi / 72
        let (width, height) = (max(1, (pageSize.width * s).rounded()), max(1, (pageSize.height * s).rounded()))
        let x0 = max(0, (box.minX * s).rounded(.down)), x1 = min(width, (box.maxX * s).rounded(.up))
        let y0 = max(0, (box.minY * s).rounded(.down)), y1 = min(height, (box.maxY * s).rounded(.up))
        guard x0 < x1, y0 < y1 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Counts the ink pixels of `signed` that `now` covers or changes: both renders of the pixels
    /// `region` of the page image at `dpi`.
    /// - Throws: `SizeMismatch` when the two bitmaps differ in size.
    package static func compare(signed: Bitmap, now: Bitmap, region: Rect) throws -> Finding {
        guard signed.width == now.width, signed.height == now.height else {
            throw SizeMismatch(signed: [signed.width, signed.height], now: [now.width, now.height])
        }
        var count = 0
        var (minX, minY, maxX, maxY) = (Int.max, Int.max, Int.min, Int.min)
        for y in 0..<signed.height {
            for x in 0..<signed.width {
                let i = (y * signed.width + x) * 4
                let before = Luminance.onWhite(signed.pixels, i)
                guard before < inkLuminance, abs(Luminance.onWhite(now.pixels, i) - before) >= changeLuminance else {
                    continue
                }
                count += 1
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x + 1), max(maxY, y + 1))
            }
        }
        guard count > 0 else { return Finding(pixels: 0) }
        let s = dpi / 72
        let bounds = Rect(
            x: (region.minX + Double(minX)) / s, y: (region.minY + Double(minY)) / s, width: Double(maxX - minX) / s,
            height: Double(maxY - minY) / s)
        return Finding(pixels: count, bounds: bounds)
    }
}
