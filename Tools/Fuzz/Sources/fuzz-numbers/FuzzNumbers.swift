import FoundationEssentials
import FuzzSupport
import Signet

/// The numbers a PDF states about itself: the four numbers of a signature's /ByteRange, and the
/// offsets, counts and fields of its cross-reference sections. Each input is read as up to 14
/// lines, spliced as written into a small signed-looking file with two updates (a table and a
/// stream), and the rest of the input as the stream's binary rows; the file then goes through
/// Signet's own cross-reference reader, `signet verify` and `signet info`. The first 40 bytes also
/// make a `ByteRange` and a file size directly, whose ranges must lie inside the file.
@_cdecl("fuzz_numbers_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzz.run(argc, argv) { data, size in
        NumbersFuzz.test(Fuzz.bytes(data, size))
        return 0
    }
}

enum NumbersFuzz {
    static let scratch = ScratchFolder("signet-fuzz-numbers")
    /// A fixed time, so a run does not depend on the clock.
    static let now = Date(timeIntervalSince1970: 1_750_000_000)
    /// Lines read from an input: ByteRange 0–3, table entry 4–5, /Size 6, /Prev 7, startxref 8,
    /// stream /W 9–11, /Index 12–13.
    static let fields = 14

    static func test(_ bytes: [UInt8]) {
        byteRange(bytes)
        let (tokens, rows) = split(bytes)
        let input = scratch.write(file(tokens, rows: rows), to: "input.pdf")
        Fuzz.expect("revisions", accepting: [PDFError.self]) {
            let read = try FileRevisions.read(try ReadableFile(path: input))
            for revision in read.revisions {
                Fuzz.require(revision.start <= revision.end, "revision \(revision.index) ends before it starts")
            }
        }
        Fuzz.expect("verify", accepting: [PDFError.self, SignError.self, PDFSignError.self]) {
            let reports = try SignetAPI.verify(pdfAt: input, options: VerifyOptions(now: now, requireTrust: false))
                .signatures
            for report in reports {
                Fuzz.require(!report.valid, "a signature over made-up bytes is valid: \(report)")
            }
        }
        Fuzz.expect("info", accepting: [PDFError.self]) {
            _ = try DocumentInfo(try PDFDocument(path: input))
        }
    }

    /// Four numbers and a file size from the input's first 40 bytes: the ranges, when there are
    /// any, start at 0 or later, do not overlap and end inside the file.
    static func byteRange(_ bytes: [UInt8]) {
        guard bytes.count >= 40 else { return }
        let numbers = (0..<5).map { i in
            bytes[(8 * i)..<(8 * i + 8)].reduce(0) { $0 << 8 | UInt64($1) }
        }
        let range = ByteRange(values: numbers.prefix(4).map { Int(truncatingIfNeeded: $0) })
        let size = Int(truncatingIfNeeded: numbers[4] >> 1)
        guard let ranges = range.ranges(fileSize: size) else { return }
        Fuzz.require(
            ranges[0].lowerBound >= 0 && ranges[0].upperBound <= ranges[1].lowerBound && ranges[1].upperBound <= size,
            "ranges \(ranges) for \(range.values) in \(size) bytes")
        Fuzz.require(range.end == ranges[1].upperBound, "end \(String(describing: range.end)) for \(ranges)")
    }

    /// The input's first `fields` lines (at most 40 bytes each; "0" for a missing one) and the rest.
    static func split(_ bytes: [UInt8]) -> ([String], [UInt8]) {
        var tokens: [String] = []
        var rest = bytes[...]
        while tokens.count < fields, let newline = rest.firstIndex(of: 0x0A) {
            tokens.append(String(decoding: rest[..<newline].prefix(40), as: UTF8.self))
            rest = rest[(newline + 1)...]
        }
        while tokens.count < fields { tokens.append("0") }
        return (tokens, Array(rest.prefix(256)))
    }

    /// The file: one signed-looking revision, then an update with a table, then one with a stream.
    static func file(_ t: [String], rows: [UInt8]) -> [UInt8] {
        var out = Array("%PDF-1.7\n".utf8)
        var offsets: [Int] = []
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [5 0 R] /SigFlags 3 >> >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [5 0 R] >>",
            "<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /adbe.pkcs7.detached /ByteRange [\(t[0]) \(t[1]) \(t[2]) \(t[3])] /Contents <3082> >>",
            "<< /FT /Sig /T (S) /V 4 0 R /Type /Annot /Subtype /Widget /Rect [0 0 0 0] /P 3 0 R >>",
        ]
        for (i, body) in objects.enumerated() {
            offsets.append(out.count)
            out += Array("\(i + 1) 0 obj\n\(body)\nendobj\n".utf8)
        }
        let first = out.count
        out += Array("xref\n0 6\n0000000000 65535 f \n".utf8)
        for offset in offsets {
            out += Array((String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n").utf8)
        }
        out += Array("trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n\(first)\n%%EOF\n".utf8)
        // Update 1: page 3 again, listed with the input's fields.
        out += Array("3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [5 0 R] >>\nendobj\n".utf8)
        let second = out.count
        out += Array(
            "xref\n3 1\n\(t[4]) \(t[5]) n \ntrailer\n<< /Size \(t[6]) /Root 1 0 R /Prev \(t[7]) >>\nstartxref\n\(t[8])\n%%EOF\n"
                .utf8)
        // Update 2: a cross-reference stream with the input's /W, /Index and rows.
        let third = out.count
        out += Array(
            "6 0 obj\n<< /Type /XRef /Size 7 /W [\(t[9]) \(t[10]) \(t[11])] /Index [\(t[12]) \(t[13])] /Root 1 0 R /Prev \(second) /Length \(rows.count) >>\nstream\n"
                .utf8)
        out += rows + Array("\nendstream\nendobj\nstartxref\n\(third)\n%%EOF\n".utf8)
        return out
    }
}
