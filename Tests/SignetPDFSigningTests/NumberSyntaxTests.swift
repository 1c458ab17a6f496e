import Foundation
import SignetFiles
import SignetPDF
import SignetTestSupport
import Testing

@testable import SignetCrypto
@testable import SignetPDFSigning
@testable import SignetVerify

/// Numbers a signed file states about itself: offsets and counts written with a sign or as reals
/// (read as 0 by viewers that then rebuild the table by scanning), ByteRanges whose sums overflow,
/// and what follows the last `%%EOF`, however long.
@Suite("Verify: numbers with a sign, overflowing ByteRanges, bytes after %%EOF")
struct NumberSyntaxTests {
    let pki = TestPKI.shared
    static let forged = IncrementalUpdate.stream("BT /F1 24 Tf 72 700 Td (Pay 9999) Tj ET")

    func signed() throws -> [UInt8] {
        let dir = TemporaryDirectory("numbers-signed")
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let out = dir.path("signed.pdf")
        _ = try PDFSigner.sign(
            input: input, output: out, identity: try .pkcs12(path: pki.rsaP12, password: Secret(TestPKI.password)),
            options: PDFSignOptions(signingTime: Date()))
        return try Array(Data(contentsOf: URL(fileURLWithPath: out)))
    }

    func verify(_ bytes: [UInt8], _ name: String) throws -> VerificationReport {
        let dir = TemporaryDirectory("numbers-verify")
        return try PDFVerifier.verify(
            path: dir.write(name, bytes: bytes), password: nil,
            options: VerifyOptions(now: Date(), anchors: try TrustAnchors(files: [pki.rootCert])), rendering: .skipped)
    }

    /// An update that lists only a new /Info, but carries, unlisted before it, a new definition of
    /// page 1's content stream (object 5): a viewer that rebuilds the table by scanning shows it.
    static func infoUpdateHidingContent(_ signed: [UInt8], prev: String? = nil) -> [UInt8] {
        let hidden = signed + Array("5 0 obj\n\(forged)\nendobj\n".utf8)
        let last = startxref(signed)
        return IncrementalUpdate.append(
            to: hidden, objects: [30: "<< /Title (Changed) >>"], prev: prev == nil,
            trailerExtra: (prev.map { "/Prev \($0.replacingOccurrences(of: "N", with: last)) " } ?? "")
                + "/Info 30 0 R ")
    }

    /// The number after the last `startxref` of `bytes`.
    static func startxref(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).matches(#"startxref\s+(\d+)"#).last ?? "0"
    }

    /// `bytes` with the number after its last `startxref` written as `form` (`N` stands for it).
    static func lastStartxref(_ bytes: [UInt8], as form: String) -> [UInt8] {
        let data = Data(bytes)
        let keyword = data.range(of: Data("startxref\n".utf8), options: .backwards)!.upperBound
        let end = data[keyword...].firstIndex(of: 0x0A)!
        let number = String(decoding: data[keyword..<end], as: UTF8.self)
        return Array(data[..<keyword]) + Array(form.replacingOccurrences(of: "N", with: number).utf8)
            + Array(data[end...])
    }

    struct SignCase: Sendable, CustomTestStringConvertible {
        var label: String
        var make: @Sendable ([UInt8]) -> [UInt8]
        /// Fragments the revision's problem must hold (the key and the number as written).
        var names: [String]
        /// The problem is also a change after the signature: false when the chain stops at the
        /// update (a /Prev that is not an integer), so the signed revision is not reached at all.
        var inChanges = true
        var testDescription: String { label }
    }

    static let signCases: [SignCase] = [
        SignCase(
            label: "startxref +N", make: { lastStartxref(infoUpdateHidingContent($0), as: "+N") },
            names: ["startxref", "+"]),
        SignCase(label: "/Prev +N", make: { infoUpdateHidingContent($0, prev: "+N") }, names: ["/Prev", "+"]),
        SignCase(
            label: "/Prev N.0", make: { infoUpdateHidingContent($0, prev: "N.0") }, names: ["/Prev", ".0"],
            inChanges: false),
    ]

    @Test("an offset written with a sign or as a real is a problem of its revision", arguments: signCases)
    func signedOffsets(_ c: SignCase) throws {
        let report = try verify(c.make(try signed()), "signed-offset.pdf")
        let first = try #require(report.signatures.first)
        let problems = report.revisions.last?.problems ?? []
        #expect(
            problems.contains { p in c.names.allSatisfy { p.contains($0) } },
            "the last revision's problems name \(c.names): \(problems)")
        #expect(
            first.changes.contains { $0.level == .other && c.names.allSatisfy($0.what.contains) } || !c.inChanges,
            "a change of level other names \(c.names): \(first.changes.map(\.what))")
        #expect(!first.permitted && !first.valid && !report.valid, "permitted \(first.permitted), valid \(first.valid)")
    }

    @Test(
        "control: the same update with a plain startxref and /Prev has no number problem, and its unlisted object is still other"
    )
    func plainOffsets() throws {
        let report = try verify(Self.infoUpdateHidingContent(try signed()), "plain.pdf")
        let first = try #require(report.signatures.first)
        let problems = report.revisions.last?.problems ?? []
        #expect(!problems.contains { $0.contains("startxref") || $0.contains("/Prev") }, "\(problems)")
        // The content object the update carries without listing it: viewers that rebuild by
        // scanning would show it, so it is refused whatever the offsets say.
        #expect(
            first.changes.contains {
                $0.level == .other && $0.what.contains("which its cross-reference section does not list")
            },
            "\(first.changes.map(\.what))")
        #expect(!first.permitted)
    }

    static let byteRanges = [
        "[0 9223372036854775807 9223372036854775807 10]", "[0 10 9223372036854775807 9223372036854775807]",
        "[0 1e300 20 30]", "[0 10 20 1e300]", "[0 10 20 99999999999999999999999.0]", "[0 10 -9223372036854775808 -1]",
    ]

    @Test("a ByteRange whose numbers overflow is a coverage problem, never a trap", arguments: byteRanges)
    func overflowingByteRange(_ array: String) throws {
        let report = try verify(HostilePDFs.signatureFields(1, byteRange: array), "range.pdf")
        let first = try #require(report.signatures.first)
        #expect(first.coverage == .partial && !first.valid, "coverage \(first.coverage), valid \(first.valid)")
        #expect(
            first.problems.contains { $0.contains("ByteRange") }, "a problem names the ByteRange: \(first.problems)")
    }

    /// The signed file, then `tail` after its last %%EOF.
    func withTail(_ tail: [UInt8]) throws -> VerificationReport {
        try verify(try signed() + tail, "tail.pdf")
    }

    @Test("an object after 1 MiB + 1 spaces past the last %%EOF is an incomplete update")
    func objectAfterLongWhitespace() throws {
        let signed = try signed()
        // Then the signed revision's startxref and %%EOF again, so the file ends as a PDF does.
        let object = Array("5 0 obj\n\(Self.forged)\nendobj\nstartxref\n\(Self.startxref(signed))\n%%EOF\n".utf8)
        let report = try verify(signed + [UInt8](repeating: 0x20, count: (1 << 20) + 1) + object, "tail.pdf")
        let first = try #require(report.signatures.first)
        #expect(
            first.changes.contains { $0.level == .other && $0.what.contains("after the last %%EOF") },
            "a change names the bytes after the last %%EOF: \(first.changes.map(\.what))")
        #expect(!first.valid && !report.valid, "valid \(first.valid)")
    }

    @Test("3 MiB of white space after the last %%EOF change nothing")
    func longWhitespaceOnly() throws {
        let tail = (0..<(3 << 20)).map { [UInt8(ascii: " "), 0x0A, 0x0D, 0x09][$0 % 4] }
        let report = try withTail(tail)
        let first = try #require(report.signatures.first)
        #expect(first.changes.isEmpty, "\(first.changes.map(\.what))")
        #expect(first.coverage == .entireFile && first.valid, "coverage \(first.coverage), \(first.problems)")
    }

    @Test("a line end after the signed %%EOF leaves the coverage whole", arguments: ["\r\n", "\n", " ", "\r\n\r\n"])
    func lineEndAfterEOF(_ tail: String) throws {
        let report = try withTail(Array(tail.utf8))
        let first = try #require(report.signatures.first)
        #expect(first.coverage == .entireFile, "coverage \(first.coverage): \(first.problems)")
        #expect(first.valid && first.changes.isEmpty, "\(first.problems) \(first.changes.map(\.what))")
    }
}
