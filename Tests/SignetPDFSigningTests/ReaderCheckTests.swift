import Foundation
import SignetCore
import SignetFiles
import SignetPDF
import SignetPreview
import SignetRaster
import SignetTestSupport
import Testing

@testable import SignetCrypto
@testable import SignetVerify

/// The comparison of two readings: what poppler resolves of a file (as `signet-preview --objects`
/// reads it) against what qpdf resolves, object by object. Each attack below reads one way in qpdf
/// and another in poppler; the comparison must see it on its own, whatever the byte scans say, and a
/// file both read alike must pass, signed revision and whole file.
@Suite("Two readings: what poppler resolves against what qpdf resolves")
struct ReaderCheckTests {
    let pki = TestPKI.shared

    /// The sentence naming what the two readings of `bytes` (cut at `end`, 0: whole) resolve
    /// differently, or `nil`.
    func difference(_ bytes: [UInt8], end: Int = 0, _ name: String) throws -> String? {
        let dir = TemporaryDirectory("reader-check-\(name)")
        let path = try dir.write("\(name).pdf", bytes: bytes)
        let output = try ObjectReading.read(path: path, password: nil, ends: [end])
        let reading = try #require(ReaderReading.parse(output)?.first, "reading of \(name) is malformed")
        let mapped = try MappedFile(try ReadableFile(path: path))
        let document =
            end == 0
            ? try PDFDocument(path: path, password: nil) : try PDFDocument(mapped: mapped, prefix: end, password: nil)
        var agreed = AgreedObjects(revisions: [])
        return try ReaderCheck.compare(
            reading, DocumentReading(document), mapped: mapped, agreed: &agreed,
            describe: RawSyntaxFindings.describe(try? DocumentMap(document)))
    }

    /// TestPDF with a page of 37 entries, signed (as the duplicate-key cases expect).
    func signed() throws -> [UInt8] { try DuplicateKeyTests().sign(DuplicateKeyTests.paddedPage) }

    @Test("a signed file and its signed revision read alike")
    func alike() throws {
        let bytes = try signed()
        #expect(try difference(bytes, "clean") == nil)
        let stamped = IncrementalUpdate.append(
            to: bytes, objects: [30: "<< /Title (Changed) >>"], trailerExtra: "/Info 30 0 R ")
        #expect(try difference(stamped, end: bytes.count, "clean-revision") == nil)
        #expect(try difference(stamped, "clean-updated") == nil)
    }

    /// A parser difference between qpdf and poppler, made on the signed padded page; `end`: compare
    /// the file cut there instead of the whole file.
    struct Case: CustomTestStringConvertible, Sendable {
        var label: String
        var make: @Sendable (_ signed: [UInt8]) -> [UInt8]
        /// A fragment the sentence must hold.
        var names: String
        var testDescription: String { label }
    }

    /// 32 entries of padding: poppler looks keys up in a sorted copy from 32 entries on, and then
    /// may take another of two equal keys than qpdf, which keeps the last.
    static let padding = (0..<32).map { "/X\($0) \($0)" }.joined(separator: " ")

    static let cases: [Case] = [
        Case(
            label: "a page of 37 entries with /Contents twice",
            make: { DuplicateKeyTests.cases[0].update($0) }, names: "object 4 (page 1)"),
        Case(
            label: "startxref +N: poppler rebuilds the table and takes an unlisted page content",
            make: { NumberSyntaxTests.lastStartxref(NumberSyntaxTests.infoUpdateHidingContent($0), as: "+N") },
            names: "object 5"),
    ]

    @Test("each parser difference between qpdf and poppler is seen by the comparison", arguments: cases)
    func attacks(_ c: Case) throws {
        let found = try #require(try difference(c.make(try signed()), "attack"), "\(c.label): read alike")
        #expect(found.contains(c.names), "\(found)")
    }

    @Test("a signed revision whose page resources define /Font twice reads two ways, cut at its end")
    func ambiguousSignedRevision() throws {
        // The page's resources in an object of their own (44), which signing leaves alone: 33
        // entries, /Font twice, the first naming a font poppler draws otherwise.
        let resources =
            "<< /Font << /F1 45 0 R >> \(Self.padding) /Font << /F1 3 0 R >> >>"
        let page = DuplicateKeyTests.body(of: 4, in: TestPDF.bytes()).replacingOccurrences(
            of: "/Resources << /Font << /F1 3 0 R >> >>", with: "/Resources 44 0 R")
        let input = IncrementalUpdate.append(
            to: TestPDF.bytes(),
            objects: [
                4: page, 44: resources,
                45: "<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>",
            ])
        let signed = try DuplicateKeyTests().sign(input)
        let updated = IncrementalUpdate.append(
            to: signed, objects: [30: "<< /Title (Changed) >>"], trailerExtra: "/Info 30 0 R ")
        let found = try #require(try difference(updated, end: signed.count, "ambiguous-signed"), "read alike")
        #expect(found.contains("object 44"), "\(found)")
        #expect(try difference(updated, "ambiguous-whole") != nil)
    }
}

/// Verification with a reader that reads objects through poppler in this process and renders
/// nothing, or with one that answers as given.
struct ObjectReader: PageRenderer {
    let answer: @Sendable ([Int?]) throws -> [UInt8]
    struct NoPages: Error {}

    init(path: String) {
        answer = { ends in try ObjectReading.read(path: path, password: nil, ends: ends.map { $0 ?? 0 }) }
    }
    init(answer: @escaping @Sendable ([Int?]) throws -> [UInt8]) { self.answer = answer }

    func render(page: Int, end: Int?, region: Rect, dpi: Double, printing: Bool) throws -> Bitmap { throw NoPages() }
    func readObjects(ends: [Int?]) throws -> [UInt8] { try answer(ends) }
}

@Suite("Two readings in the verdict")
struct ReaderVerdictTests {
    let pki = TestPKI.shared

    func verify(
        _ bytes: [UInt8], _ name: String, reader: ((String) -> ObjectReader)? = nil
    ) throws -> VerificationReport {
        let dir = TemporaryDirectory("reader-verdict-\(name)")
        let path = try dir.write("\(name).pdf", bytes: bytes)
        return try PDFVerifier.verify(
            path: path, password: nil,
            options: VerifyOptions(now: Date(), anchors: try TrustAnchors(files: [pki.rootCert])),
            rendering: .renderer((reader ?? { ObjectReader(path: $0) })(path)))
    }

    @Test("a signed file is valid, an offset with a sign is invalid with a problem that it reads two ways")
    func verdicts() throws {
        let signed = try DuplicateKeyTests().sign(TestPDF.bytes())
        let clean = try verify(signed, "clean")
        #expect(clean.valid, "\(clean.signatures.map(\.problems))")
        let attack = try verify(ReaderCheckTests.cases[1].make(signed), "attack")
        let first = try #require(attack.signatures.first)
        #expect(!first.valid)
        #expect(
            first.problemList.contains {
                $0.kind == .ambiguous && $0.sentence.contains("the file as it is reads two ways")
            },
            "\(first.problems)")
    }

    @Test(
        "a reading that fails, is malformed or stops at its bound leaves no signature valid, and says why",
        arguments: [
            ("failed", "reading 0\nfailed 3\nend\n", "does not open in poppler"),
            ("malformed", "reading 0\nobj x\n", "malformed"),
            ("bound", "reading 0\ntrailer /526f6f74 @1.0\nbound 200000\nend\n", "over 200000 objects"),
        ])
    func unreadable(_ label: String, _ output: String, _ fragment: String) throws {
        let signed = try DuplicateKeyTests().sign(TestPDF.bytes())
        let report = try verify(signed, "reading-\(label)") { _ in ObjectReader { _ in Array(output.utf8) } }
        let first = try #require(report.signatures.first)
        #expect(!first.valid && first.problems.contains { $0.contains(fragment) }, "\(first.problems)")
    }
}
