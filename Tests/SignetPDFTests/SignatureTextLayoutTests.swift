import Foundation
import SignetCore
import SignetRaster
import Testing

@testable import SignetPDF

/// Where the artwork and the text lines of a visible signature go, with a made-up font (every
/// character 0.5 em wide, ascent 0.9, descent 0.2) so the expected numbers can be worked out by hand.
@Suite("Signature text layout")
struct SignatureTextLayoutTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var label: String
        var aspect: Double
        var lines: [String]
        var position: SignatureText.Position
        /// Expected font size and line count (wrapping changes the count).
        var fontSize: Double
        var lineCount: Int
        var testDescription: String { label }
    }

    static let time = "Signed: 2026-12-01 18:30 UTC"  // 28 characters: 252 wide at 18
    static let words = Array(repeating: "abcd", count: 16).joined(separator: " ")  // 79 characters

    static let rows: [Row] = [
        Row(
            label: "below, short lines: nominal size", aspect: 3, lines: ["Ada", time], position: .below, fontSize: 18,
            lineCount: 2),
        Row(
            label: "right, short lines: nominal size", aspect: 3, lines: ["Ada", time], position: .right, fontSize: 18,
            lineCount: 2),
        Row(
            label: "below, a 40-character name shrinks to 80%", aspect: 3,
            lines: [String(repeating: "n", count: 40), time], position: .below, fontSize: 14.4, lineCount: 2),
        Row(
            label: "below, a long name with spaces wraps at nominal size", aspect: 3, lines: [words, time],
            position: .below, fontSize: 18, lineCount: 4),
        Row(
            label: "below, one 80-character word shrinks to fit exactly (300 / 40 em)", aspect: 3,
            lines: [String(repeating: "w", count: 80)], position: .below, fontSize: 7.5, lineCount: 1),
        Row(
            label: "right, six lines shrink to stay within the artwork's height", aspect: 3,
            lines: ["a", "b", "c", "d", "e", "f"], position: .right, fontSize: 12.6, lineCount: 6),
        Row(
            label: "narrow artwork: lines may be 250 wide", aspect: 0.5, lines: [String(repeating: "m", count: 27)],
            position: .below, fontSize: 18, lineCount: 1),
        Row(
            label: "right, long wrapped name and four lines: shrinks until they fit the height", aspect: 3,
            lines: [words, time, "Reason: approval", "Location: Brussels"], position: .right, fontSize: 14.4,
            lineCount: 5),
    ]

    static func layout(_ row: Row) -> SignatureTextLayout {
        SignatureTextLayout(
            artworkSize: Size(width: row.aspect * 40, height: 40), lines: row.lines, position: row.position,
            ascent: 0.9, descent: 0.2, advance: { Double($0.count) * 0.5 })
    }

    @Test("font size and line count", arguments: rows)
    func sizes(row: Row) {
        let layout = Self.layout(row)
        #expect(abs(layout.fontSize - row.fontSize) < 1e-9, "font size \(layout.fontSize)")
        #expect(layout.lines.count == row.lineCount, "\(layout.lines.map(\.text))")
    }

    @Test("everything inside the block, nothing overlapping, the artwork's aspect kept", arguments: rows)
    func invariants(row: Row) {
        let layout = Self.layout(row)
        let block = Rect(origin: .zero, size: layout.size)
        #expect(block.contains(layout.artwork, tolerance: 1e-9) && block.contains(layout.text, tolerance: 1e-9))
        #expect(layout.artwork.intersection(layout.text).map { $0.isEmpty } ?? true, "artwork and text overlap")
        #expect(abs(layout.artwork.width / layout.artwork.height - row.aspect) < 1e-9)
        #expect(abs(layout.artwork.height - SignatureTextLayout.artworkHeight) < 1e-9)
        let widest = layout.lines.map { Double($0.text.count) * 0.5 * layout.fontSize }.max() ?? 0
        #expect(abs(widest - layout.text.width) < 1e-9, "the text box is as wide as its widest line")
        let baselines = layout.lines.map(\.origin.y)
        #expect(baselines == baselines.sorted(by: >), "lines go down")
        #expect(layout.lines.last.map { $0.origin.y - 0.2 * layout.fontSize } ?? 0 >= -1e-9, "descenders inside")
        #expect(layout.lines.first.map { $0.origin.y + 0.9 * layout.fontSize } ?? 0 <= layout.text.height + 1e-9)
        if row.position == .right {
            #expect(layout.text.height <= SignatureTextLayout.artworkHeight + 1e-9)
            #expect(layout.text.minX >= layout.artwork.maxX)
        } else {
            #expect(layout.text.maxY <= layout.artwork.minY)
        }
    }

    @Test("wrapping keeps every word, in order, and breaks only at spaces")
    func wrapping() {
        let lines = SignatureTextLayout.wrap(
            ["aa bb cc  dd", "", "eeeeeeeeee f"], width: 3, advance: { Double($0.count) * 0.5 })
        #expect(lines == ["aa bb", "cc dd", "eeeeeeeeee", "f"])
    }
}

@Suite(
    "Signature text: lines and the font",
    .enabled(
        if: FileManager.default.fileExists(atPath: TextFont.dejaVuSansPath),
        "DejaVu Sans is missing: install Debian's fonts-dejavu-core"))
struct SignatureTextFontTests {
    static func font() throws -> TextFont {
        try TextFont(
            bytes: Array(try Data(contentsOf: URL(fileURLWithPath: TextFont.dejaVuSansPath))), name: "DejaVu Sans")
    }

    @Test(
        "shown lines: line breaks split, controls become spaces, blank lines go",
        arguments: [
            (["Ada", "", "  "], ["Ada"]),
            (["Ada\nLovelace", "Reason: a\tb"], ["Ada", "Lovelace", "Reason: a b"]),
            ([" Zoë ", "\u{7}"], ["Zoë"]),
        ])
    func shownLines(lines: [String], shown: [String]) throws {
        #expect(SignatureText(lines: lines, font: try Self.font()).shownLines == shown)
    }

    @Test("DejaVu Sans has Latin, Greek and Cyrillic; CJK is reported missing; widths come from the font")
    func glyphs() throws {
        let font = try Self.font()
        #expect(font.missingCharacters("José Ñúñez Ελένη Иван — Œuvre").isEmpty)
        #expect(font.missingCharacters("Ada 山田 山").map(\.value) == [0x5C71, 0x7530])
        #expect(font.advance("") == 0 && font.advance("WWW") > font.advance("iii"))
        #expect(font.ascent > 0.5 && font.ascent < 1.2 && font.descent > 0 && font.descent < 0.5)
        #expect(throws: RenderError(.textNotInFont(font: "DejaVu Sans", characters: "'山' U+5C71"))) {
            try SignatureText(lines: ["Ada 山"], font: font).checkGlyphs()
        }
        // DejaVu Sans has Hebrew and Arabic glyphs, but cairo's toy text API would draw them unshaped, left to right.
        #expect(throws: RenderError(.textNeedsShaping(characters: "'ש' U+5E9, 'ל' U+5DC, 'ו' U+5D5, 'ם' U+5DD"))) {
            try SignatureText(lines: ["Ada", "שלום"], font: font).checkGlyphs()
        }
        #expect(throws: RenderError(.textNeedsShaping(characters: "'م' U+645"))) {
            try SignatureText(lines: ["مم"], font: font).checkGlyphs()
        }
    }

    @Test(
        "bytes that are not a font are refused with the font's name",
        arguments: [[], [0, 1, 0, 0, 9], Array("%PDF-1.7".utf8)])
    func notAFont(bytes: [UInt8]) {
        #expect {
            _ = try TextFont(bytes: bytes, name: "bogus.ttf")
        } throws: { error in
            guard let error = error as? RenderError, case .badFont(let name, _) = error.reason else { return false }
            return name == "bogus.ttf" && error.kind == .badInput
        }
    }
}
