import Foundation

/// Appends a hand-written incremental update to a PDF's bytes, the way an attacker (or a careless
/// tool) would: the given objects, a classic xref section for them, and a trailer that keeps the
/// last trailer's /Root (or another one) and chains /Prev to the last section (unless told not to).
package enum IncrementalUpdate {
    package static func append(
        to bytes: [UInt8], objects: [Int: String], freed: [Int] = [], root: String? = nil, prev: Bool = true,
        trailerExtra: String = ""
    ) -> [UInt8] {
        let text = String(decoding: bytes, as: UTF8.self)
        let startxref = Int(text.matches(#"startxref\s+(\d+)"#).last ?? "0") ?? 0
        let size = Int(text.matches(#"/Size (\d+)"#).last ?? "0") ?? 0
        let rootRef = root ?? text.matches(#"/Root (\d+ \d+ R)"#).last ?? "1 0 R"
        var out = bytes
        if out.last != 0x0A { out += [0x0A] }
        var offsets: [(Int, Int)] = []
        for (number, body) in objects.sorted(by: { $0.key < $1.key }) {
            offsets.append((number, out.count))
            out += Array("\(number) 0 obj\n\(body)\nendobj\n".utf8)
        }
        let xref = out.count
        var section = "xref\n"
        for (number, offset) in offsets {
            section +=
                "\(number) 1\n" + String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n"
        }
        for number in freed { section += "\(number) 1\n0000000000 00001 f \n" }
        let newSize = max(size, (objects.keys.max() ?? 0) + 1)
        section +=
            "trailer\n<< /Size \(newSize) /Root \(rootRef) \(prev ? "/Prev \(startxref) " : "")\(trailerExtra)>>\nstartxref\n\(xref)\n%%EOF\n"
        return out + Array(section.utf8)
    }

    /// A stream object's text with `content` as its data.
    package static func stream(_ content: String, dictionary: String = "") -> String {
        "<< /Length \(content.utf8.count) \(dictionary)>>\nstream\n\(content)\nendstream"
    }
}

extension String {
    /// The first capture group of every match of `pattern`.
    package func matches(_ pattern: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(startIndex..., in: self)
        return regex.matches(in: self, range: range).compactMap { match in
            Range(match.range(at: 1), in: self).map { String(self[$0]) }
        }
    }
}
