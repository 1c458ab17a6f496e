/// How light a pixel of a page image is, and when it counts as ink: the one rule the overlay
/// check (what an annotation hides) and the free-area search (where a stamp may go) share.
package enum Luminance {
    /// A pixel carries ink when its luminance (0–255) is below this: it differs from white by more
    /// than an eighth of the range, so paper noise and faint tints do not count, text and lines do.
    package static let ink = 224

    /// Rec. 601 luminance (0–255) of the RGBA pixel at byte `i` of `pixels`, composited on white.
    package static func onWhite(_ pixels: [UInt8], _ i: Int) -> Int {
        let y = (299 * Int(pixels[i]) + 587 * Int(pixels[i + 1]) + 114 * Int(pixels[i + 2])) / 1000
        let alpha = Int(pixels[i + 3])
        return 255 - (255 - y) * alpha / 255
    }
}
