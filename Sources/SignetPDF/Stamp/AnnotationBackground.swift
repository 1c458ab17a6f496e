import SignetCore

/// Whether an annotation paints an opaque background over its rectangle, so that a stamp drawn
/// in the page content under it is hidden there (readers draw annotations above the page
/// content). It does when, drawn on screen (not Hidden, not NoView),
///
/// - its normal appearance (`/AP /N`, or the state `/AS` names) fills a rectangle covering at
///   least nine tenths of the appearance's `/BBox` before it paints anything else — text, an
///   image, a stroke, a shading — and before it sets a graphics state (`gs`, which may make what
///   follows translucent); or
/// - it is a widget without a normal appearance whose `/MK /BG` names a background colour, which
///   readers fill its rectangle with when they draw it.
///
/// Only the first `scanLimit` bytes of an appearance are read: a background comes first.
package enum AnnotationBackground {
    /// Bytes of an appearance stream read at most.
    static let scanLimit = 1 << 16
    /// The share of the `/BBox` a filled rectangle must cover to count as a background.
    static let coverage = 0.9

    /// Whether `annotation` paints an opaque background (see above).
    package static func isOpaque(_ annotation: PDFObject) throws -> Bool {
        guard try !annotation.hiddenOnScreen else { return false }
        guard let appearance = try normalAppearance(annotation) else {
            let background = try annotation.value("/MK")?.value("/BG")?.items() ?? []
            return try annotation.value("/Subtype")?.nameValue() == "/Widget" && !background.isEmpty
        }
        guard let box = try appearance.value("/BBox")?.numbers(), box.count == 4, box.allSatisfy(\.isFinite) else {
            return false
        }
        let (bytes, _) = try appearance.boundedData(limit: scanLimit)
        guard let bytes else { return false }
        return fillsBackground(bytes, box: Rect(corners: Point(x: box[0], y: box[1]), Point(x: box[2], y: box[3])))
    }

    /// Whether `annotation` draws nothing a reader shows: no normal appearance (`/AP /N`, or the
    /// state `/AS` names) and no `/MK` background or border in a colour that shows on white, nor a
    /// caption, that readers draw a box for; or a normal appearance that leaves no mark
    /// (`AppearanceMarks`: white text, text render mode 3, a font size of 0, an empty string, a clip
    /// to nothing, a graphics state, an empty form XObject all leave none). An appearance longer
    /// than `scanLimit` bytes, not read to its end, counts as drawing nothing too.
    package static func paintsNothing(_ annotation: PDFObject) throws -> Bool {
        guard let appearance = try normalAppearance(annotation) else {
            guard let mk = try annotation.value("/MK") else { return true }
            for key in ["/BG", "/BC"] {
                if let colour = try mk.value(key)?.numbers(), AppearanceMarks.dark(colour) { return false }
            }
            return try mk.value("/CA")?.textValue()?.isEmpty ?? true
        }
        let (bytes, overLimit) = try appearance.boundedData(limit: scanLimit)
        guard let bytes, !overLimit else { return true }
        let box = try appearance.value("/BBox")?.numbers()
        return try !AppearanceMarks.leavesMark(bytes, resources: appearance.value("/Resources"), box: box)
    }

    /// The stream `/AP /N` draws: itself, or the entry `/AS` names in a dictionary of states.
    package static func normalAppearance(_ annotation: PDFObject) throws -> PDFObject? {
        guard let normal = try annotation.value("/AP")?.value("/N") else { return nil }
        if try normal.kind == .stream { return normal }
        guard try normal.kind == .dictionary, let state = try annotation.value("/AS")?.nameValue(),
            let chosen = try normal.value(state), try chosen.kind == .stream
        else { return nil }
        return chosen
    }

    /// Whether content-stream `bytes` fill, before painting anything else, a rectangle covering
    /// `coverage` of `box`.
    static func fillsBackground(_ bytes: [UInt8], box: Rect) -> Bool {
        guard !box.isEmpty else { return false }
        var lexer = ContentLexer(bytes)
        var operands: [Double] = []
        var rectangles: [Rect] = []
        while let token = lexer.next() {
            switch token {
            case .number(let value):
                operands.append(value)
                continue
            case .operand, .string, .name:
                operands.removeAll()
                continue
            case .operator(let name):
                switch name {
                case "re":
                    if operands.count >= 4 {
                        let n = Array(operands.suffix(4))
                        rectangles.append(Rect(x: n[0], y: n[1], width: n[2], height: n[3]).standardized)
                    }
                case "f", "F", "f*", "B", "B*", "b", "b*":
                    return rectangles.contains { ($0.intersection(box)?.size.area ?? 0) >= coverage * box.size.area }
                case "n": rectangles.removeAll()
                case "S", "s", "Do", "BT", "Tj", "TJ", "'", "\"", "sh", "BI", "gs", "d0", "d1": return false
                default: break
                }
                operands.removeAll()
            }
        }
        return false
    }
}

extension Rect {
    /// The same area with a positive width and height (PDF's `re` allows negative ones).
    fileprivate var standardized: Rect {
        Rect(corners: origin, Point(x: origin.x + size.width, y: origin.y + size.height))
    }
}

/// The tokens of a content stream, as far as telling numbers from operators needs: strings,
/// names, arrays, dictionaries and comments are skipped as operands.
struct ContentLexer {
    enum Token: Equatable {
        case number(Double)
        /// A literal or hexadecimal string; `empty` when it holds no character, or only spaces (literal).
        case string(empty: Bool)
        /// A name, without its slash (escapes left as written).
        case name(String)
        /// An array or dictionary bracket: an operand that is neither a number, a string nor a name.
        case operand
        case `operator`(String)
    }

    private let bytes: [UInt8]
    private var i = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// White space and the delimiters of PDF syntax (ISO 32000-2, 7.2.3).
    private static let space: Set<UInt8> = [0x00, 0x09, 0x0A, 0x0C, 0x0D, 0x20]
    private static let delimiters: Set<UInt8> = Set("()<>[]{}/%".utf8)

    mutating func next() -> Token? {
        while i < bytes.count, Self.space.contains(bytes[i]) || bytes[i] == UInt8(ascii: "%") {
            if bytes[i] == UInt8(ascii: "%") {
                while i < bytes.count, bytes[i] != 0x0A, bytes[i] != 0x0D { i += 1 }
            } else {
                i += 1
            }
        }
        guard i < bytes.count else { return nil }
        switch bytes[i] {
        case UInt8(ascii: "("):
            var depth = 0
            let start = i
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\\"): i += 1
                case UInt8(ascii: "("): depth += 1
                case UInt8(ascii: ")"): depth -= 1
                default: break
                }
                i += 1
                if depth == 0 { break }
            }
            // Spaces show no glyph in the fonts form fields use.
            return .string(empty: bytes[(start + 1)..<max(start + 1, i - 1)].allSatisfy { $0 == 0x20 })
        case UInt8(ascii: "<") where i + 1 < bytes.count && bytes[i + 1] != UInt8(ascii: "<"):
            let start = i
            while i < bytes.count, bytes[i] != UInt8(ascii: ">") { i += 1 }
            i += 1
            let digits = bytes[start..<min(i, bytes.count)].filter { !Self.space.contains($0) }
            return .string(empty: digits.count <= 2)
        case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"),
            UInt8(ascii: "}"):
            // A dictionary's or an array's members come back as operands of their own.
            i += 1
            return .operand
        case UInt8(ascii: "/"):
            i += 1
            return .name(word())
        default:
            let text = word()
            guard !text.isEmpty else {
                i += 1
                return .operand
            }
            if let value = Double(text), value.isFinite, !text.contains(where: \.isLetter) { return .number(value) }
            return .operator(text)
        }
    }

    /// The regular characters from here on.
    private mutating func word() -> String {
        let start = i
        while i < bytes.count, !Self.space.contains(bytes[i]), !Self.delimiters.contains(bytes[i]) { i += 1 }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }
}
