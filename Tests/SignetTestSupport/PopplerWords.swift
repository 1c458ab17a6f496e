import Foundation
import SignetCore

/// A word pdftotext found, with its box in the page as displayed (points, top-left origin, y
/// down; poppler ignores `/UserUnit`, so on a UserUnit 2 page the box is half the displayed size).
package struct PlacedWord: Sendable, Hashable {
    package var text: String
    package var box: Rect
}

/// `pdftotext -bbox`: every word of a page with its box, to check where text lies and which way
/// it runs.
package enum PopplerWords {
    /// The words of page `page` (1-based), in pdftotext's reading order.
    package static func words(pdf: String, page: Int) throws -> [PlacedWord] {
        let result = try ToolFailure.run(
            "pdftotext", ["-bbox", "-cropbox", "-enc", "UTF-8", "-f", "\(page)", "-l", "\(page)", pdf, "-"])
        return result.stdoutText.split(separator: "\n").compactMap { line -> PlacedWord? in
            guard let start = line.range(of: "<word "),
                let close = line.range(of: ">", range: start.upperBound..<line.endIndex),
                let end = line.range(of: "</word>")
            else { return nil }
            let attributes = line[start.upperBound..<close.lowerBound]
            func number(_ name: String) -> Double? {
                guard let key = attributes.range(of: name + "=\"") else { return nil }
                return Double(attributes[key.upperBound...].prefix { $0 != "\"" })
            }
            guard let x0 = number("xMin"), let y0 = number("yMin"), let x1 = number("xMax"), let y1 = number("yMax")
            else { return nil }
            let text = String(line[close.upperBound..<end.lowerBound])
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
                .replacingOccurrences(of: "&amp;", with: "&")
            return PlacedWord(text: text, box: Rect(corners: Point(x: x0, y: y0), Point(x: x1, y: y1)))
        }
    }
}
