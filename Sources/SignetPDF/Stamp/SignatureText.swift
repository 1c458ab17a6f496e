import SignetCore
import SignetRaster

/// Text lines a visible signature shows beside or below its artwork: usually the signer's name,
/// the signing time, the reason and the location (see `SignatureText.lines(name:time:reason:location:)`
/// in SignetPDFSigning). The text is drawn with `font`, embedded as a subset of the glyphs used, and
/// can be selected and searched in a viewer.
///
/// The text is sized with the artwork: its nominal size is 18% of the artwork's height, shrunk
/// (to 60% at most) and then wrapped at spaces when a line is wider than the artwork (or 2.5
/// artwork heights, whichever is wider); beside the artwork the lines also stay within its
/// height. The artwork and the text together are then fitted into the placement's rectangle, so
/// the text never reaches outside it.
public struct SignatureText: Sendable {
    /// Where the text goes relative to the artwork.
    public enum Position: String, Sendable, Hashable, Codable, CaseIterable {
        /// To the right of the artwork, centred on it vertically.
        case right
        /// Under the artwork, left-aligned with it (default: reads well at the default 180 pt width).
        case below
    }

    /// The lines, top to bottom; empty lines are left out, line breaks inside one start new lines.
    public var lines: [String]
    /// Where the text goes relative to the artwork.
    public var position: Position
    /// The font the lines are drawn with (every character must have a glyph in it).
    public var font: TextFont

    /// Text lines drawn with `font`.
    /// - Parameters:
    ///   - lines: The lines, top to bottom.
    ///   - position: Where the text goes relative to the artwork.
    ///   - font: The font the lines are drawn with.
    public init(lines: [String], position: Position = .below, font: TextFont) {
        (self.lines, self.position, self.font) = (lines, position, font)
    }

    /// The lines as drawn: split at line breaks, other control characters as spaces, trimmed,
    /// empty ones left out.
    package var shownLines: [String] {
        lines.flatMap { $0.split(whereSeparator: \.isNewline) }.map { line in
            let spaced = String(
                String.UnicodeScalarView(line.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
            return String(spaced.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        }.filter { !$0.isEmpty }
    }

    /// Refuses text that would not read as written: characters the font has no glyph for (empty
    /// boxes), and right-to-left scripts (cairo draws each glyph left to right, without shaping).
    package func checkGlyphs() throws {
        let text = shownLines.joined()
        func listed(_ scalars: [Unicode.Scalar]) -> String {
            scalars.prefix(5).map { "'\(Character($0))' U+\(String($0.value, radix: 16, uppercase: true))" }
                .joined(separator: ", ")
        }
        var seen = Set<Unicode.Scalar>()
        let rightToLeft = Array(text.unicodeScalars.filter { Self.isRightToLeft($0) && seen.insert($0).inserted })
        guard rightToLeft.isEmpty else { throw RenderError(.textNeedsShaping(characters: listed(rightToLeft))) }
        let missing = font.missingCharacters(text)
        guard missing.isEmpty else {
            throw RenderError(.textNotInFont(font: font.name, characters: listed(missing)))
        }
    }

    /// Hebrew, Arabic, Syriac, Thaana, NKo and their presentation forms.
    static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x1_0800...0x1_0FFF, 0x1_E800...0x1_EFFF: true
        default: false
        }
    }
}
