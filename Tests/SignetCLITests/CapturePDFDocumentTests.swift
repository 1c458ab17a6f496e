import Foundation
import SignetTestSupport
import Testing

/// `signet capture --pdf` signs the document it showed: the file is read once, and those bytes are
/// rendered, placed and signed, so a file replaced on disk while the signer draws changes nothing;
/// a document that reads two ways (as `signet verify` judges signed bytes) is refused before any
/// page is served. The signer is played by Python over HTTP (`CaptureSigner`).
@Suite("CLI: capture --pdf signs the bytes it showed")
struct CapturePDFDocumentTests {
    let pki = TestPKI.shared

    @Test("a file replaced after the page is served is not what gets signed", arguments: [true, false])
    func swappedFile(inPlace: Bool) throws {
        if let missing = CaptureSigner.previewMissing { return print(missing) }
        let dir = TemporaryDirectory("capture-swap")
        let input = try TestPDF.write(to: dir.path("contract.pdf"))
        let original = try Self.bytes(input)
        // Another document, with two Letter pages: its page 1 takes the box as well as the original's.
        let other = try TestPDF.write(to: dir.path("other.pdf"), rotations: [0, 0])
        let out = dir.path("signed.pdf")
        let run = try CaptureSigner.run(
            [
                "capture", "--pdf", input, "-o", out, "--page", "1", "--p12", pki.rsaP12, "--password-env",
                "SIGNET_TEST_P12_PASSWORD", "--timeout", "120",
            ],
            replacing: .init(input, with: other, inPlace: inPlace),
            environment: ["SIGNET_TEST_P12_PASSWORD": TestPKI.password])
        #expect(run.status == 0, "signet capture: \(run)")
        let replaced = byteDifference(try Self.bytes(input), try Self.bytes(other))
        #expect(replaced == nil, "the file was replaced before Done (in place: \(inPlace)): \(replaced ?? "")")
        let signed = try Self.bytes(out)
        let kept = byteDifference(signed.prefix(original.count), original)
        #expect(kept == nil, "the output starts with the \(original.count) bytes read at start: \(kept ?? "")")
        let verified = try ProcessRunner.signet(["verify", out, "--ca", pki.rootCert, "--json"])
        #expect(verified.status == 0, "signet verify: \(verified.stdoutText) \(verified.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(verified.stdout)) as? [String: Any] ?? [:]
        let signatures = report["signatures"] as? [[String: Any]] ?? []
        let range = signatures.first?["byte_range"] as? [Int] ?? []
        #expect(signatures.count == 1 && range.count == 4, "one signature: \(signatures)")
        if range.count == 4 {
            // The signed revision is the original document and the one update that stamps and signs it.
            #expect(range[0] == 0 && range[2] + range[3] == signed.count, "it covers the whole output: \(range)")
            #expect(range[1] > original.count, "the original bytes lie in the signed range before /Contents: \(range)")
        }
        let pages = try ProcessRunner.run("pdfinfo", [out])
        #expect(
            pages.stdoutText.contains("Pages:           1") && pages.stdoutText.contains("612 x 792 pts"),
            "the signed document has the original's one page: \(pages.stdoutText)")
    }

    /// (case, the document, what the refusal names)
    static let ambiguous: [(String, @Sendable () -> [UInt8], String)] = [
        (
            "a page that defines /Contents twice",
            {
                onePage(contentsEntry: "/Contents 5 0 R /Contents 6 0 R", startxref: "N")
            }, "object 4 (page 1) defines /Contents twice with different values"
        ),
        (
            "an update holding an object its cross-reference section does not list",
            {
                let hidden =
                    onePage(contentsEntry: "/Contents 5 0 R", startxref: "N")
                    + Array("5 0 obj\n\(forged)\nendobj\n".utf8)
                return IncrementalUpdate.append(
                    to: hidden, objects: [7: "<< /Title (Changed) >>"], trailerExtra: "/Info 7 0 R ")
            }, "revision 2 holds object 5 0, which its cross-reference section does not list"
        ),
        (
            "offsets that point nowhere (every reader rebuilds the table its own way)",
            {
                // Five bytes more after the header: every offset of the table is off by five.
                let bytes = onePage(contentsEntry: "/Contents 5 0 R", startxref: "N")
                let header = bytes.firstIndex(of: 0x0A)! + 1
                return Array(bytes[..<header]) + Array("%pad\n".utf8) + Array(bytes[header...])
            }, "qpdf had to reconstruct its cross-reference table"
        ),
        (
            "a startxref written with a sign",
            { onePage(contentsEntry: "/Contents 5 0 R", startxref: "+N") }, "its startxref is written +"
        ),
    ]

    @Test("a document that reads two ways is refused before it is shown", arguments: ambiguous)
    func readsTwoWays(_ name: String, _ make: @Sendable () -> [UInt8], _ names: String) throws {
        let dir = TemporaryDirectory("capture-ambiguous")
        let input = dir.write("contract.pdf", bytes: make())
        let before = dir.contents()
        let r = try ProcessRunner.signet(["capture", "--pdf", input, "-o", dir.path("signed.pdf"), "--timeout", "5"])
        #expect(
            CLIRefusal.problems(
                r, command: "capture", message: "\(input): the document reads two ways (", folder: dir, before: before)
                == [], "\(name)")
        #expect(r.stderr.contains(names), "\(name): the refusal names \(names): \(r.stderr)")
        #expect(!r.stderr.contains("http://"), "\(name): no page was served: \(r.stderr)")
    }

    /// Control: an update may point an object back at its definition in an earlier revision's bytes
    /// (as Word's second cross-reference section does for a whole file): a verifier distrusts such a
    /// revision's history, but every reader reads the document as it stands the same way, so it is shown.
    @Test("a document whose update points back into an earlier revision's bytes is shown")
    func pointedBackIsShown() throws {
        if let missing = CaptureSigner.previewMissing { return print(missing) }
        let dir = TemporaryDirectory("capture-pointed-back")
        // Revision 2 gives the font (object 3) a new definition; revision 3 points it back at revision 1's.
        let base = TestPDF.bytes()
        let font = Data(base).range(of: Data("\n3 0 obj".utf8))!.lowerBound + 1
        let second = IncrementalUpdate.append(
            to: base, objects: [3: "<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>"])
        let startxref = String(decoding: second, as: UTF8.self).matches(#"startxref\s+(\d+)"#).last ?? "0"
        let offset = String(repeating: "0", count: 10 - String(font).count) + String(font)
        let third =
            "xref\n3 1\n\(offset) 00000 n \ntrailer\n<< /Size 6 /Root 1 0 R /Prev \(startxref) >>\n"
            + "startxref\n\(second.count)\n%%EOF\n"
        let input = dir.write("contract.pdf", bytes: second + Array(third.utf8))
        let r = try ProcessRunner.signet(["capture", "--pdf", input, "-o", dir.path("signed.pdf"), "--timeout", "1"])
        #expect(r.stderr.contains("sign page 1 of contract.pdf at http://"), "the page was served: \(r.stderr)")
        #expect(!r.stderr.contains("reads two ways"), "\(r.stderr)")
        // The same file signed: verify names the revision's history problem, so the control has one.
        let signed = try ProcessRunner.signet(
            ["sign", input, "-o", dir.path("signed.pdf"), "--key", pki.rsaKey, "--cert", pki.rsaCert, "--json"])
        #expect(signed.status == 0, "signet sign: \(signed.stderr)")
        let report = try ProcessRunner.signet(["verify", dir.path("signed.pdf"), "--no-trust", "--json"])
        #expect(
            report.stdoutText.contains("back into the bytes of an earlier revision"),
            "verify finds the entry that points back: \(report.stdoutText.prefix(2000))")
    }

    static func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    /// Page 1 says "Pay 100" (object 5); object 6 says "Pay 9999".
    static let forged = IncrementalUpdate.stream("BT /F1 24 Tf 72 700 Td (Pay 9999) Tj ET")

    /// One page whose dictionary holds `contentsEntry`, with object 6 (the forged text) beside it;
    /// the number after `startxref` written as `startxref` (`N` stands for it).
    static func onePage(contentsEntry: String, startxref: String) -> [UInt8] {
        var pdf = RawPDFBuilder()
        pdf.add("<< /Type /Catalog /Pages 2 0 R >>")
        pdf.add("<< /Type /Pages /Kids [4 0 R] /Count 1 >>")
        pdf.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
        pdf.add(
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> \(contentsEntry) >>"
        )
        pdf.add(IncrementalUpdate.stream("BT /F1 24 Tf 72 700 Td (Pay 100) Tj ET"))
        pdf.add(forged)
        let data = Data(pdf.build(root: 1))
        let start = data.range(of: Data("startxref\n".utf8), options: .backwards)!.upperBound
        let end = data[start...].firstIndex(of: 0x0A)!
        let number = String(decoding: data[start..<end], as: UTF8.self)
        return Array(data[..<start]) + Array(startxref.replacingOccurrences(of: "N", with: number).utf8)
            + Array(data[end...])
    }
}
