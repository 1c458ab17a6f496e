import Foundation
import SignetFiles
import SignetTestSupport
import Testing

@testable import SignetPDF

/// Numbers Signet's own cross-reference reader takes from a file (offsets, /Prev, /XRefStm, entry
/// fields of tables and streams): ones that overflow 64-bit arithmetic once the bytes before
/// `%PDF` are added are damage of their revision, never a trap; a sign is a problem too.
@Suite("Cross-reference numbers: overflow and signs")
struct XrefNumberTests {
    let dir = TemporaryDirectory("xref-numbers")

    /// A one-page file with junk before `%PDF` (so every offset is shifted by a header offset of 5).
    static let base: [UInt8] = Array("junk\n".utf8) + HostilePDFs.onePage(content: "", Array("q Q".utf8))

    static func lastStartxref(_ bytes: [UInt8]) -> Int {
        Int(String(decoding: bytes, as: UTF8.self).matches(#"startxref\s+(\d+)"#).last ?? "0") ?? 0
    }

    /// An update redefining object 4 (the page) with a classic table; `entry` is its xref line and
    /// `trailer` the trailer's extra entries. Offsets are relative to `%PDF` (5 bytes in).
    static func tableUpdate(entry: (Int) -> String, trailer: String = "", prev: String? = nil) -> [UInt8] {
        var out = base
        let object = out.count - 5
        out += Array("4 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>\nendobj\n".utf8)
        let xref = out.count - 5
        out += Array(
            "xref\n4 1\n\(entry(object))\ntrailer\n<< /Size 5 /Root 1 0 R /Prev \(prev ?? String(lastStartxref(base))) \(trailer)>>\nstartxref\n\(xref)\n%%EOF\n"
                .utf8)
        return out
    }

    /// An update whose cross-reference stream (object 6, /W [1 8 1], no filter) lists object 4 at
    /// `offset`, written as 8 big-endian bytes.
    static func streamUpdate(offset: UInt64) -> [UInt8] {
        var out = base
        let xref = out.count - 5
        var rows: [UInt8] = [1] + (0..<8).map { UInt8(truncatingIfNeeded: offset >> (8 * (7 - $0))) } + [0]
        let own = UInt64(xref)
        rows += [1] + (0..<8).map { UInt8(truncatingIfNeeded: own >> (8 * (7 - $0))) } + [0]
        out += Array(
            "6 0 obj\n<< /Type /XRef /Size 7 /W [1 8 1] /Index [4 1 6 1] /Root 1 0 R /Prev \(lastStartxref(base)) /Length \(rows.count) >>\nstream\n"
                .utf8)
        out += rows + Array("\nendstream\nendobj\nstartxref\n\(xref)\n%%EOF\n".utf8)
        return out
    }

    func revisions(_ bytes: [UInt8]) throws -> FileRevisions {
        try FileRevisions.read(try ReadableFile(path: dir.write("numbers.pdf", bytes: bytes)))
    }

    @Test("a table entry at offset Int.max is past the end of the file, not an overflow")
    func tableEntryOverflow() throws {
        let read = try revisions(Self.tableUpdate { _ in "9223372036854775807 00000 n " })
        let problems = read.revisions.last?.problems ?? []
        #expect(
            problems.contains { $0.contains("object 4") && $0.contains("past the end of the file") },
            "the last revision's problems: \(problems)")
    }

    @Test("a stream entry whose 8-byte offset is Int.max, or above it, is a problem, not an overflow")
    func streamEntryOverflow() throws {
        for offset in [UInt64(Int.max), UInt64.max] {
            let read = try revisions(Self.streamUpdate(offset: offset))
            let problems = read.revisions.last?.problems ?? []
            #expect(
                problems.contains { $0.contains("object 4") },
                "offset \(offset): the last revision's problems: \(problems)"
            )
        }
    }

    @Test("an /XRefStm of Int.max is not a cross-reference stream, not an overflow")
    func xrefStmOverflow() throws {
        let read = try revisions(
            Self.tableUpdate(entry: { String(format: "%010d 00000 n ", $0) }, trailer: "/XRefStm 9223372036854775807 "))
        let problems = read.revisions.last?.problems ?? []
        #expect(problems.contains { $0.contains("/XRefStm") }, "the last revision's problems: \(problems)")
    }

    @Test("a table entry or subsection written with a sign is a problem of its revision")
    func signedTableFields() throws {
        for (label, entry) in [
            ("offset", { (o: Int) in "+" + String(format: "%09d", o) + " 00000 n " }),
            ("generation", { (o: Int) in String(format: "%010d", o) + " +0000 n " }),
        ] {
            let read = try revisions(Self.tableUpdate(entry: entry))
            let problems = read.revisions.last?.problems ?? []
            #expect(
                problems.contains { $0.contains("object 4") && $0.contains("+") },
                "a signed \(label): the last revision's problems: \(problems)")
        }
    }

    @Test("a /Size written with a sign is a problem of its revision")
    func signedSize() throws {
        let data = Data(Self.tableUpdate { String(format: "%010d 00000 n ", $0) })
        let at = data.range(of: Data("/Size 5".utf8), options: .backwards)!
        let bytes = Array(data[..<at.lowerBound]) + Array("/Size +5".utf8) + Array(data[at.upperBound...])
        let problems = try revisions(bytes).revisions.last?.problems ?? []
        #expect(
            problems.contains { $0.contains("/Size") && $0.contains("+5") }, "the last revision's problems: \(problems)"
        )
    }
}
