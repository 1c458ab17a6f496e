import Foundation
import SignetFiles
import SignetPDF
import SignetTestSupport
import Testing

@testable import SignetCrypto
@testable import SignetPDFSigning
@testable import SignetVerify

/// Dictionaries that define a key twice, and objects no cross-reference entry lists, in files signed
/// here (TestPDF: 1 catalog, 2 pages, 3 font, 4 page, 5 its content). qpdf keeps a repeated key's
/// last value and poppler (once a dictionary has 32 entries) may take the first, so after a
/// signature each one is a change at level `other`, and in what a signature covers a key repeated
/// with another value makes the signed content ambiguous.
@Suite("Duplicate keys and unlisted objects")
struct DuplicateKeyTests {
    let pki = TestPKI.shared

    static let forged = IncrementalUpdate.stream("BT /F1 24 Tf 72 700 Td (Pay 9999) Tj ET")

    struct Case: CustomTestStringConvertible, Sendable {
        var label: String
        var update: @Sendable (_ signed: [UInt8]) -> [UInt8]
        /// A fragment the changes must name.
        var names: String
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(
            label: "a page of 37 entries redefined with /Contents twice",
            update: { b in
                // The same entries as before once the last /Contents wins (as qpdf reads it), so nothing
                // seems to change; poppler sorts a dictionary of 32 entries or more and shows the first.
                let page = first("<<", in: body(of: 4, in: b), with: "<< /Contents 43 0 R")
                return IncrementalUpdate.append(to: b, objects: [4: page, 43: forged])
            }, names: "object 4 (page 1) defines /Contents twice"),
        Case(
            label: "the catalog redefined with /Pages twice",
            update: { b in
                let catalog = first("<<", in: body(of: 1, in: b), with: "<< /Pages 41 0 R")
                return IncrementalUpdate.append(
                    to: b,
                    objects: [
                        1: catalog, 41: "<< /Type /Pages /Kids [42 0 R] /Count 1 >>",
                        42:
                            "<< /Type /Page /Parent 41 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 43 0 R >>",
                        43: forged,
                    ])
            }, names: "object 1 (catalog) defines /Pages twice"),
        Case(
            label: "a trailer with /Root twice",
            update: { b in
                let root = String(decoding: b, as: UTF8.self).matches(#"/Root (\d+ \d+ R)"#).last ?? "1 0 R"
                let catalog = body(of: 1, in: b).replacingOccurrences(of: "/Pages 2 0 R", with: "/Pages 41 0 R")
                return IncrementalUpdate.append(
                    to: b,
                    objects: [
                        40: catalog, 41: "<< /Type /Pages /Kids [42 0 R] /Count 1 >>",
                        42:
                            "<< /Type /Page /Parent 41 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 43 0 R >>",
                        43: forged,
                    ], root: "40 0 R", trailerExtra: "/Root \(root) ")
            }, names: "revision 4's trailer defines /Root twice"),
        Case(
            label: "an added annotation with /Rect twice",
            update: { b in
                let page = body(of: 4, in: b)
                let listed =
                    page.contains("/Annots [")
                    ? first("/Annots [", in: page, with: "/Annots [50 0 R ")
                    : first("<<", in: page, with: "<< /Annots [50 0 R]")
                return IncrementalUpdate.append(
                    to: b,
                    objects: [
                        4: listed,
                        50:
                            "<< /Type /Annot /Subtype /FreeText /Rect [72 690 400 730] /DA (/Helv 24 Tf) /Contents (Pay 9999) /Rect [0 0 0 0] >>",
                    ])
            }, names: "object 50 (annotation on page 1) defines /Rect twice"),
        Case(
            label: "an object in an update that its cross-reference section does not list",
            update: { b in
                // A reader that rebuilds the cross-reference table takes the last object 5 in the file.
                let hidden = Array("5 0 obj\n\(forged)\nendobj\n".utf8)
                return IncrementalUpdate.append(
                    to: b + hidden, objects: [30: "<< /Title (Changed) >>"], trailerExtra: "/Info 30 0 R ")
            }, names: "revision 4 holds object 5 0, which its cross-reference section does not list"),
        Case(
            label: "the catalog redefined inside an object stream with /Pages twice",
            update: { b in
                let catalog = first("<<", in: body(of: 1, in: b), with: "<< /Pages 41 0 R")
                return appendObjectStream(
                    to: b,
                    members: [
                        1: catalog, 41: "<< /Type /Pages /Kids [42 0 R] /Count 1 >>",
                        42:
                            "<< /Type /Page /Parent 41 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>",
                    ])
            }, names: "object 1 (catalog) defines /Pages twice"),
    ]

    /// An update holding `members` in an uncompressed object stream (object 60), listed by a
    /// cross-reference stream (object 61).
    static func appendObjectStream(to bytes: [UInt8], members: [Int: String]) -> [UInt8] {
        let text = String(decoding: bytes, as: UTF8.self)
        let prev = text.matches(#"startxref\s+(\d+)"#).last ?? "0"
        let root = text.matches(#"/Root (\d+ \d+ R)"#).last ?? "1 0 R"
        let sorted = members.sorted { $0.key < $1.key }
        var header = "", data = ""
        for (number, body) in sorted {
            header += "\(number) \(data.utf8.count) "
            data += body + "\n"
        }
        let objects = header + data
        var out = bytes
        let streamOffset = out.count
        out += Array(
            "60 0 obj\n<< /Type /ObjStm /N \(sorted.count) /First \(header.utf8.count) /Length \(objects.utf8.count) >>\nstream\n\(objects)\nendstream\nendobj\n"
                .utf8)
        let xrefOffset = out.count
        var rows: [UInt8] = []
        func row(_ type: UInt8, _ field: Int, _ index: Int) {
            rows += [type] + (0..<4).reversed().map { UInt8(truncatingIfNeeded: field >> ($0 * 8)) }
            rows += [UInt8(index >> 8), UInt8(index & 0xFF)]
        }
        var index = ""
        for (i, (number, _)) in sorted.enumerated() {
            index += "\(number) 1 "
            row(2, 60, i)
        }
        index += "60 2"
        row(1, streamOffset, 0)
        row(1, xrefOffset, 0)
        out += Array(
            "61 0 obj\n<< /Type /XRef /Size 62 /W [1 4 2] /Index [\(index)] /Root \(root) /Prev \(prev) /Length \(rows.count) >>\nstream\n"
                .utf8)
        out += rows + Array("\nendstream\nendobj\nstartxref\n\(xrefOffset)\n%%EOF\n".utf8)
        return out
    }

    /// TestPDF with 30 more entries on its page (36 in all), as an update before signing.
    static let paddedPage = IncrementalUpdate.append(
        to: TestPDF.bytes(),
        objects: [
            4:
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Rotate 0 /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R "
                + (0..<30).map { "/X\($0) \($0)" }.joined(separator: " ") + " >>"
        ])

    /// `text` with the first `target` replaced.
    static func first(_ target: String, in text: String, with replacement: String) -> String {
        guard let range = text.range(of: target) else { return text }
        return text.replacingCharacters(in: range, with: replacement)
    }

    /// The text between `N 0 obj` and `endobj` of the last definition of object `number`.
    static func body(of number: Int, in bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).matches(#"(?s)(?:^|\n)\#(number) 0 obj\s*(.*?)\s*endobj"#).last ?? ""
    }

    func sign(_ input: [UInt8]) throws -> [UInt8] {
        let dir = TemporaryDirectory()
        let path = dir.write("in.pdf", bytes: input)
        let out = dir.path("signed.pdf")
        _ = try PDFSigner.sign(
            input: path, output: out, identity: try .pkcs12(path: pki.rsaP12, password: Secret(TestPKI.password)),
            options: PDFSignOptions(signingTime: Date()))
        return try Array(Data(contentsOf: URL(fileURLWithPath: out)))
    }

    func verify(_ bytes: [UInt8]) throws -> VerificationReport {
        let dir = TemporaryDirectory()
        return try PDFVerifier.verify(
            path: dir.write("checked.pdf", bytes: bytes), password: nil,
            options: VerifyOptions(now: Date(), anchors: try TrustAnchors(files: [pki.rootCert])), rendering: .skipped)
    }

    @Test("after a signature, each is a change at level other", arguments: cases)
    func afterSignature(_ c: Case) throws {
        let signed = try sign(Self.paddedPage)
        let report = try verify(c.update(signed))
        let first = try #require(report.signatures.first)
        #expect(first.integrity == .ok)
        #expect(first.modificationLevel == .other, "\(first.changes.map(\.what))")
        #expect(!first.permitted && !first.valid, "\(first.problems)")
        #expect(first.changes.contains { $0.what.contains(c.names) }, "\(first.changes.map(\.what))")
    }

    @Test(
        "poppler shows the first /Contents of a 37-entry page, qpdf the last",
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext"),
            "pdftotext (poppler-utils) is not installed"))
    func popplerReadsTheFirst() throws {
        let signed = try sign(Self.paddedPage)
        let dir = TemporaryDirectory()
        let path = dir.write("forged.pdf", bytes: Self.cases[0].update(signed))
        let text = try PopplerText.pages(path).joined()
        #expect(text.contains("Pay 9999"), "\(text)")
        let before = try PopplerText.pages(dir.write("signed.pdf", bytes: signed)).joined()
        #expect(!before.contains("Pay 9999"), "\(before)")
    }

    @Test(
        "an AES-256 file: the catalog's /Pages defined twice needs no key, and is a change at level other",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/qpdf"), "qpdf is not installed"))
    func aes256() throws {
        let dir = TemporaryDirectory()
        let plain = dir.write("plain.pdf", bytes: TestPDF.bytes())
        let encrypted = dir.path("encrypted.pdf")
        let r = try ProcessRunner.run("qpdf", ["--encrypt", "", "owner-secret", "256", "--", plain, encrypted])
        try #require(r.status == 0, "qpdf --encrypt: \(r.stderr)")
        let signed = try sign(try Array(Data(contentsOf: URL(fileURLWithPath: encrypted))))
        let text = String(decoding: signed, as: UTF8.self)
        let encrypt = try #require(text.matches(#"/Encrypt (\d+ \d+ R)"#).last)
        let id = try #require(text.matches(#"(/ID\s*\[[^\]]*\])"#).last)
        // The forged page reuses the encrypted content stream, turned upside down: nothing to encrypt.
        let attack = IncrementalUpdate.append(
            to: signed,
            objects: [
                1: Self.first("<<", in: Self.body(of: 1, in: signed), with: "<< /Pages 41 0 R"),
                41: "<< /Type /Pages /Kids [42 0 R] /Count 1 >>",
                42:
                    "<< /Type /Page /Parent 41 0 R /MediaBox [0 0 612 792] /Rotate 180 /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>",
            ], trailerExtra: "/Encrypt \(encrypt) \(id) ")
        let report = try verify(attack)
        let first = try #require(report.signatures.first)
        #expect(first.integrity == .ok, "\(first.problems)")
        #expect(first.modificationLevel == .other && !first.valid, "\(first.changes.map(\.what))")
        #expect(
            first.changes.contains { $0.what.contains("object 1 (catalog) defines /Pages twice") },
            "\(first.changes.map(\.what))")
    }

    @Test("the signed file itself (and one updated harmlessly) has nothing to report")
    func controls() throws {
        let signed = try sign(TestPDF.bytes())
        let report = try verify(signed)
        #expect(report.valid, "\(report.signatures.map(\.problems))")
        let first = try #require(report.signatures.first)
        #expect(first.notes.allSatisfy { !$0.contains("twice") }, "\(first.notes)")
        let updated = try verify(
            IncrementalUpdate.append(to: signed, objects: [30: "<< /Title (Changed) >>"], trailerExtra: "/Info 30 0 R ")
        )
        #expect(updated.valid, "\(updated.signatures.map { $0.changes.map(\.what) })")
    }

    /// TestPDF with its font (object 3, which signing leaves alone) redefined before signing as `font`.
    func signedWithFont(_ font: String) throws -> VerificationReport {
        let unsigned = IncrementalUpdate.append(to: TestPDF.bytes(), objects: [3: font])
        return try verify(try sign(unsigned))
    }

    @Test("in the signed revision, a key repeated with another value makes the signed content ambiguous")
    func signedDiffering() throws {
        let report = try signedWithFont("<< /Type /Font /Subtype /Type1 /BaseFont /Courier /BaseFont /Helvetica >>")
        let first = try #require(report.signatures.first)
        #expect(first.integrity == .ok)
        #expect(first.problemKinds.contains(.ambiguous), "\(first.problems)")
        #expect(first.problems.contains { $0.contains("defines /BaseFont twice") }, "\(first.problems)")
        #expect(!first.valid && !report.valid)
    }

    @Test("in the signed revision, a key repeated with the same value is a note")
    func signedIdentical() throws {
        let report = try signedWithFont("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /BaseFont /Helvetica >>")
        let first = try #require(report.signatures.first)
        #expect(first.valid, "\(first.problems)")
        #expect(first.notes.contains { $0.contains("defines /BaseFont twice, with the same value") }, "\(first.notes)")
    }
}
