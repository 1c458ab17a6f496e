import Foundation

/// Small, valid PDFs written from scratch for tests: one page per entry of `rotations` (each
/// with that /Rotate and a Letter MediaBox), a line of text per page, and optionally one
/// uncompressed filler stream of `padding` bytes (for size tests) drawn nowhere.
package enum TestPDF {
    /// The document written to `path` (streamed, so a large `padding` never sits in memory); `path` returned.
    @discardableResult
    package static func write(
        to path: String, rotations: [Int] = [0], mediaBox: [Double] = [0, 0, 612, 792], padding: Int = 0
    ) throws -> String {
        guard FileManager.default.createFile(atPath: path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try generate(rotations: rotations, mediaBox: mediaBox, padding: padding) { try handle.write(contentsOf: $0) }
        return path
    }

    /// The same document in memory, for tests that hand bytes to the library and need no file.
    package static func bytes(rotations: [Int] = [0], mediaBox: [Double] = [0, 0, 612, 792]) -> [UInt8] {
        var out: [UInt8] = []
        generate(rotations: rotations, mediaBox: mediaBox, padding: 0) { out += $0 }
        return out
    }

    /// The document's bytes, in order, to `sink`.
    private static func generate<Failure: Error>(
        rotations: [Int], mediaBox: [Double], padding: Int, to sink: ([UInt8]) throws(Failure) -> Void
    ) throws(Failure) {
        var objects: [[UInt8]] = []
        let pageCount = rotations.count
        // 1 catalog, 2 pages, 3 font, then per page: page, content; then the filler.
        let firstPage = 4
        let kids = (0..<pageCount).map { "\(firstPage + 2 * $0) 0 R" }.joined(separator: " ")
        objects.append(Array("<< /Type /Catalog /Pages 2 0 R >>".utf8))
        objects.append(Array("<< /Type /Pages /Kids [\(kids)] /Count \(pageCount) >>".utf8))
        objects.append(Array("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".utf8))
        let box = mediaBox.map { String(Int($0)) }.joined(separator: " ")
        for (index, rotation) in rotations.enumerated() {
            let content = Array("BT /F1 24 Tf 72 700 Td (Signet test page \(index + 1)) Tj ET\n".utf8)
            objects.append(
                Array(
                    ("<< /Type /Page /Parent 2 0 R /MediaBox [\(box)] /Rotate \(rotation)"
                        + " /Resources << /Font << /F1 3 0 R >> >> /Contents \(firstPage + 2 * index + 1) 0 R >>").utf8)
            )
            objects.append(Array("<< /Length \(content.count) >>\nstream\n".utf8) + content + Array("\nendstream".utf8))
        }
        var offset = 0
        var offsets: [Int] = []
        func emit(_ bytes: [UInt8]) throws(Failure) {
            try sink(bytes)
            offset += bytes.count
        }
        try emit(Array("%PDF-1.7\n%\u{E2}\u{E3}\u{CF}\u{D3}\n".utf8))
        for (index, body) in objects.enumerated() {
            offsets.append(offset)
            try emit(Array("\(index + 1) 0 obj\n".utf8) + body + Array("\nendobj\n".utf8))
        }
        if padding > 0 {
            offsets.append(offset)
            try emit(Array("\(objects.count + 1) 0 obj\n<< /Length \(padding) >>\nstream\n".utf8))
            var random = SeededRandom(seed: 99)
            let chunk = (0..<(1 << 20)).map { _ in UInt8.random(in: 0...255, using: &random) }
            var left = padding
            while left > 0 {
                let n = min(left, chunk.count)
                try emit(Array(chunk[0..<n]))
                left -= n
            }
            try emit(Array("\nendstream\nendobj\n".utf8))
        }
        let xref = offset
        var table = "xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n"
        for o in offsets { table += String(format: "%010d 00000 n \n", o) }
        table += "trailer\n<< /Size \(offsets.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        try emit(Array(table.utf8))
    }
}
