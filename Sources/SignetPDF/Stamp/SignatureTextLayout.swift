import SignetCore
import SignetRaster

/// Where the artwork and the text lines of a visible signature go in one block (y up), in units
/// where the artwork is `artworkHeight` tall. Pure: the font enters only through its ascent,
/// descent and an advance-width function, so tables of cases test it without cairo.
///
/// The font size starts at `nominal` (18% of the artwork's height). A line may be as wide as
/// the artwork, or `minimumWidth` when the artwork is narrower; beside the artwork the text
/// must also stay within its height. When the lines do not fit, the size shrinks in steps to 60%
/// of nominal; then the lines are wrapped at spaces, again from nominal down to 60%; when even
/// that fails (one very long word), the unwrapped lines get the size that fits exactly.
package struct SignatureTextLayout: Sendable, Hashable {
    /// The whole block.
    package var size: Size
    /// Where the artwork goes (its aspect ratio kept).
    package var artwork: Rect
    /// Where the text page goes.
    package var text: Rect
    /// The font size of every line.
    package var fontSize: Double
    /// The lines, baselines relative to `text`'s bottom-left corner.
    package var lines: [PlacedLine]

    package static let artworkHeight = 100.0
    package static let nominal = 18.0
    package static let leading = 1.25
    package static let gap = 10.0
    package static let minimumWidth = 250.0
    package static let scales = [1.0, 0.9, 0.8, 0.7, 0.6]

    /// The layout for artwork of `artworkSize` (any units) and `lines` (already cleaned, not
    /// empty); `advance` gives a string's width at font size 1.
    package init(
        artworkSize: Size, lines: [String], position: SignatureText.Position, ascent: Double, descent: Double,
        advance: (String) -> Double
    ) {
        let h = Self.artworkHeight
        let w = artworkSize.height > 0 ? artworkSize.width / artworkSize.height * h : h
        let maxWidth = max(w, Self.minimumWidth)
        let maxHeight = position == .right ? h : Double.infinity
        func height(_ count: Int, _ f: Double) -> Double {
            f * (ascent + descent) + Double(count - 1) * Self.leading * f
        }
        func widest(_ ls: [String]) -> Double { ls.map(advance).max() ?? 0 }
        func fits(_ ls: [String], _ f: Double) -> Bool {
            widest(ls) * f <= maxWidth * (1 + 1e-9) && height(ls.count, f) <= maxHeight * (1 + 1e-9)
        }
        var chosen: (lines: [String], size: Double)?
        search: for wrap in [false, true] {
            for scale in Self.scales {
                let f = Self.nominal * scale
                let candidate = wrap ? Self.wrap(lines, width: maxWidth / f, advance: advance) : lines
                if fits(candidate, f) {
                    chosen = (candidate, f)
                    break search
                }
            }
        }
        let (shown, f) =
            chosen
            ?? (
                lines,
                min(
                    maxWidth / max(widest(lines), 1e-9),
                    maxHeight / (ascent + descent + Double(lines.count - 1) * Self.leading))
            )
        let textSize = Size(width: widest(shown) * f, height: height(shown.count, f))
        let firstBaseline = textSize.height - ascent * f
        self.fontSize = f
        self.lines = shown.enumerated().map {
            PlacedLine($0.element, at: Point(x: 0, y: firstBaseline - Double($0.offset) * Self.leading * f))
        }
        switch position {
        case .right:
            size = Size(width: w + Self.gap + textSize.width, height: max(h, textSize.height))
            artwork = Rect(x: 0, y: (size.height - h) / 2, width: w, height: h)
            text = Rect(
                x: w + Self.gap, y: (size.height - textSize.height) / 2, width: textSize.width,
                height: textSize.height)
        case .below:
            size = Size(width: max(w, textSize.width), height: h + Self.gap + textSize.height)
            artwork = Rect(x: 0, y: textSize.height + Self.gap, width: w, height: h)
            text = Rect(x: 0, y: 0, width: textSize.width, height: textSize.height)
        }
    }

    /// Greedy wrapping at spaces: each line takes words while it stays within `width` (a word
    /// wider than that stays alone on its line).
    static func wrap(_ lines: [String], width: Double, advance: (String) -> Double) -> [String] {
        lines.flatMap { line -> [String] in
            var out: [String] = []
            var current = ""
            for word in line.split(separator: " ", omittingEmptySubsequences: true) {
                let joined = current.isEmpty ? String(word) : current + " " + word
                if current.isEmpty || advance(joined) <= width {
                    current = joined
                } else {
                    out.append(current)
                    current = String(word)
                }
            }
            return out + (current.isEmpty ? [] : [current])
        }
    }
}
