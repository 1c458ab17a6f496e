/// The cross-reference section that ends an incremental update, in the same kind as the file's
/// last one: a classic table with a trailer, or a cross-reference stream.
struct XrefSection {
    /// Each written object and its offset relative to the `%PDF` header.
    var entries: [(id: PDFObjectID, offset: Int)]
    /// Trailer entries besides `/Size` and `/Prev` (`/Root`, `/Info`, `/ID`), in PDF syntax.
    var trailerEntries: [String]
    /// The trailer's `/Size`: one more than the highest object number in the file.
    var size: Int
    var previous: Int

    /// Runs of consecutive object numbers: `(first number, entries)`.
    private var subsections: [(first: Int, items: [(id: PDFObjectID, offset: Int)])] {
        var runs: [(first: Int, items: [(id: PDFObjectID, offset: Int)])] = []
        for entry in entries.sorted(by: { $0.id < $1.id }) {
            if let last = runs.last, last.first + last.items.count == entry.id.number {
                runs[runs.count - 1].items.append(entry)
            } else {
                runs.append((entry.id.number, [entry]))
            }
        }
        return runs
    }

    /// `xref … trailer << … >>` (20-byte entries ending in CR LF).
    func table() -> [UInt8] {
        var text = "xref\n"
        for run in subsections {
            text += "\(run.first) \(run.items.count)\n"
            for item in run.items {
                text += Self.padded(item.offset, 10) + " " + Self.padded(item.id.generation, 5) + " n\r\n"
            }
        }
        text += "trailer\n<< /Size \(size) " + trailerEntries.joined(separator: " ") + " /Prev \(previous) >>\n"
        return Array(text.utf8)
    }

    /// The dictionary and data of a cross-reference stream (its own entry must be in `entries`).
    func stream() throws -> (dictionary: String, data: [UInt8]) {
        let maxOffset = entries.map(\.offset).max() ?? 0
        var offsetWidth = 1
        while offsetWidth < 8, maxOffset >> (8 * offsetWidth) != 0 { offsetWidth += 1 }
        var data: [UInt8] = []
        var index: [String] = []
        for run in subsections {
            index.append("\(run.first) \(run.items.count)")
            for item in run.items {
                data.append(1)
                for shift in stride(from: 8 * (offsetWidth - 1), through: 0, by: -8) {
                    data.append(UInt8(truncatingIfNeeded: item.offset >> shift))
                }
                data.append(UInt8(truncatingIfNeeded: item.id.generation >> 8))
                data.append(UInt8(truncatingIfNeeded: item.id.generation))
            }
        }
        let compressed = try Zlib.deflate(data)
        let dictionary =
            "<< /Type /XRef /Size \(size) /W [1 \(offsetWidth) 2] /Index [\(index.joined(separator: " "))] "
            + trailerEntries.joined(separator: " ")
            + " /Prev \(previous) /Filter /FlateDecode /Length \(compressed.count) >>"
        return (dictionary, compressed)
    }

    private static func padded(_ v: Int, _ width: Int) -> String {
        let s = String(v)
        return String(repeating: "0", count: max(0, width - s.count)) + s
    }
}
