import Foundation
import SignetFiles
import SignetTestSupport
import Testing

@testable import SignetPDF

/// A file whose cross-reference sections list more objects in use than Signet reads: each object is
/// read and checked (about 30 µs), so a million one-token objects kept a verification busy for 30 s.
/// The table is refused as soon as its subsection headers pass the limit, before its entries are read.
@Suite("Cross-reference sections listing over FileRevisions.maxObjects objects")
struct ObjectCountLimitTests {
    /// TestPDF followed by an update whose table lists `count` objects in use, one subsection each.
    static func listing(_ count: Int) -> [UInt8] {
        var out = TestPDF.bytes()
        let prev = String(decoding: out, as: UTF8.self).matches(#"startxref\s+(\d+)"#).last ?? "0"
        let table = out.count
        var text = "xref\n"
        for number in 0..<count { text += "\(number + 10) 1\n0000000009 00000 n \n" }
        text += "trailer\n<< /Size \(count + 10) /Root 1 0 R /Prev \(prev) >>\nstartxref\n\(table)\n%%EOF\n"
        out += Array(text.utf8)
        return out
    }

    @Test("one object over the limit is refused, by name, with the limit")
    func overLimit() throws {
        let dir = TemporaryDirectory("object-count-limit")
        let path = dir.write("many.pdf", bytes: Self.listing(FileRevisions.maxObjects + 1))
        do {
            _ = try FileRevisions.read(try ReadableFile(path: path))
            Issue.record("a table of \(FileRevisions.maxObjects + 1) objects was read")
        } catch let error as PDFError {
            #expect("\(error)".contains("list over \(FileRevisions.maxObjects) objects"), "\(error)")
        }
    }

    @Test("a table within the limit is read")
    func withinLimit() throws {
        let dir = TemporaryDirectory("object-count-within")
        let path = dir.write("some.pdf", bytes: Self.listing(1_000))
        let revisions = try FileRevisions.read(try ReadableFile(path: path)).revisions
        #expect(revisions.count == 2 && revisions[1].entries.count == 1_000)
    }
}
