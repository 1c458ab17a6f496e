/// A signature's `/ByteRange [a b c d]`: the signed bytes are `a..<a+b` and `c..<c+d`; the
/// gap between them holds the `/Contents` hex string.
package struct ByteRange: Sendable, Hashable, Codable {
    package var values: [Int]

    package init(values: [Int]) { self.values = values }

    /// The ranges that cover everything of a `fileSize`-byte file but `contents`
    /// (the `<…>` of /Contents, delimiters included).
    package init(excluding contents: Range<Int>, fileSize: Int) {
        values = [0, contents.lowerBound, contents.upperBound, fileSize - contents.upperBound]
    }

    /// Digits per number in the written array: at least 10, so any file below 10 GB fits and
    /// the array can be written before the final offsets are known.
    package static let digits = 10

    /// The array as written into the PDF, padded with spaces to `width` characters (the width
    /// of the placeholder it replaces), or `nil` when it does not fit.
    package func text(width: Int) -> [UInt8]? {
        var text = Array(("[" + values.map { String($0) }.joined(separator: " ") + "]").utf8)
        guard text.count <= width else { return nil }
        text += Array(repeating: UInt8(ascii: " "), count: width - text.count)
        return text
    }

    /// The placeholder written before the offsets are known: `[0 0000000000 0000000000 0000000000]`
    /// padded to hold four numbers of `digits` digits.
    package static var placeholder: [UInt8] {
        let zeros = String(repeating: "0", count: digits)
        return Array("[0 \(zeros) \(zeros) \(zeros)      ]".utf8)
    }

    /// Where the second range ends (`c + d`), or `nil` when the array is not four numbers or the
    /// sum overflows: the numbers come from the file, and any of them may be near `Int.max`.
    package var end: Int? {
        guard values.count == 4 else { return nil }
        let (sum, overflow) = values[2].addingReportingOverflow(values[3])
        return overflow ? nil : sum
    }

    /// The two signed ranges, or `nil` when the array is malformed (not four non-negative
    /// numbers in increasing order, or running past `fileSize`). Every sum is checked.
    package func ranges(fileSize: Int) -> [Range<Int>]? {
        guard values.count == 4, values.allSatisfy({ $0 >= 0 }), let end2 = end else { return nil }
        let (a, b, c) = (values[0], values[1], values[2])
        let (end1, overflow) = a.addingReportingOverflow(b)
        guard !overflow, end1 <= c, end2 <= fileSize else { return nil }
        return [a..<end1, c..<end2]
    }
}
