import Foundation
import SignetCore
import SignetTestSupport
import Testing

/// Damaged but readable files are handled as viewers handle them: `stamp`, `sign` and
/// `pipeline` on an unsigned file without a final `%%EOF`, or whose cross-reference offsets are
/// wrong (qpdf reconstructs the table), write a repaired copy with a note; a signed damaged file
/// is still refused, since a full rewrite would break its signature.
@Suite("CLI: damaged unsigned files are repaired, signed ones refused")
struct DamagedRepairCLITests {
    let pki = TestPKI.shared
    var identity: [String] { ["--key", pki.rsaKey, "--cert", pki.rsaCert, "--chain", pki.chain] }

    /// A readable file with one kind of damage.
    enum Damage: String, CaseIterable, Sendable {
        /// The last line, `%%EOF`, is missing.
        case noEOF = "no %%EOF"
        /// 40 bytes after the header: every cross-reference offset points 40 bytes short.
        case shiftedOffsets = "broken xref offsets"

        func apply(to bytes: [UInt8]) -> [UInt8] {
            switch self {
            case .noEOF:
                let end = Array("%%EOF\n".utf8)
                return Array(bytes.suffix(end.count)) == end ? Array(bytes.dropLast(end.count)) : bytes
            case .shiftedOffsets:
                let headerEnd = bytes.firstIndex(of: 0x0A)! + 1
                return Array(bytes[..<headerEnd]) + Array(("%" + String(repeating: "x", count: 38) + "\n").utf8)
                    + Array(bytes[headerEnd...])
            }
        }

        /// The clause the note gives.
        var clause: String {
            switch self {
            case .noEOF: return "it does not end with %%EOF"
            case .shiftedOffsets: return "qpdf had to reconstruct its cross-reference table"
            }
        }
    }

    /// The stamp's ink on page 1 of `pdf`, and qpdf's structure check, for a repaired output.
    func expectRepaired(_ pdf: String, _ result: ProcessResult, _ damage: Damage) throws {
        #expect(result.status == 0, "exit status, stderr: \(result.stderr)")
        #expect(
            result.stderr.contains("note: IN.pdf was damaged (\(damage.clause)"),
            "the note on stderr: \(result.stderr)")
        #expect(result.stderr.contains("wrote a repaired copy"), "the note on stderr: \(result.stderr)")
        let check = try QPDFTool.check(pdf)
        #expect(check.isClean, "qpdf --check of the output: \(check.output)")
        #expect(try StampLocator.locate(pdf: pdf, page: 1) != nil, "stamp ink in pdftoppm's render of page 1")
    }

    @Test("stamp writes a repaired copy", arguments: Damage.allCases)
    func stamp(_ damage: Damage) throws {
        let dir = TemporaryDirectory("repair-stamp")
        dir.write("IN.pdf", bytes: damage.apply(to: TestPDF.bytes()))
        let png = dir.write("stamp.png", bytes: TestStamp.png())
        let result = try ProcessRunner.signet(
            ["stamp", "IN.pdf", "-o", "OUT.pdf", "--image", png, "--pages", "1", "--at", "72,100", "--width", "150"],
            currentDirectory: dir.url.path)
        try expectRepaired(dir.path("OUT.pdf"), result, damage)
    }

    @Test("sign writes a repaired copy and signs it", arguments: Damage.allCases)
    func sign(_ damage: Damage) throws {
        let dir = TemporaryDirectory("repair-sign")
        dir.write("IN.pdf", bytes: damage.apply(to: TestPDF.bytes()))
        let png = dir.write("stamp.png", bytes: TestStamp.png())
        let result = try ProcessRunner.signet(
            ["sign", "IN.pdf", "-o", "OUT.pdf", "--image", png, "--at", "72,100", "--size", "150x50", "--no-text"]
                + identity, currentDirectory: dir.url.path)
        try expectRepaired(dir.path("OUT.pdf"), result, damage)
        let pdfsig = try SignatureCheckers.pdfsig(dir.path("OUT.pdf"))
        #expect(pdfsig.first?.validation == "Signature is Valid.", "pdfsig's verdict: \(pdfsig)")
        #expect(pdfsig.first?.totalDocumentSigned == true, "pdfsig: the signature covers the whole file")
    }

    @Test("pipeline writes a repaired copy, with and without a signature", arguments: [false, true])
    func pipeline(_ signs: Bool) throws {
        let dir = TemporaryDirectory("repair-pipeline")
        dir.write("IN.pdf", bytes: Damage.shiftedOffsets.apply(to: TestPDF.bytes()))
        let strokes = Corpus.packageRoot.appendingPathComponent("SampleStrokes/signature-pad-lena-fischer.json").path
        let result = try ProcessRunner.signet(
            ["pipeline", strokes, "--pdf", "IN.pdf", "-o", "OUT.pdf", "--vector", "--pages", "1"]
                + (signs ? identity : []), currentDirectory: dir.url.path)
        #expect(result.status == 0, "exit status, stderr: \(result.stderr)")
        #expect(
            result.stderr.contains("note: IN.pdf was damaged (\(Damage.shiftedOffsets.clause)); wrote a repaired copy"),
            "the note on stderr: \(result.stderr)")
        let check = try QPDFTool.check(dir.path("OUT.pdf"))
        #expect(check.isClean, "qpdf --check of the output: \(check.output)")
        if signs {
            let pdfsig = try SignatureCheckers.pdfsig(dir.path("OUT.pdf"))
            #expect(pdfsig.first?.validation == "Signature is Valid.", "pdfsig's verdict: \(pdfsig)")
        }
    }

    @Test("info describes the damaged file and names the damage", arguments: Damage.allCases)
    func info(_ damage: Damage) throws {
        let dir = TemporaryDirectory("repair-info")
        dir.write("IN.pdf", bytes: damage.apply(to: TestPDF.bytes()))
        let result = try ProcessRunner.signet(["info", "IN.pdf"], currentDirectory: dir.url.path)
        #expect(result.status == 0, "exit status, stderr: \(result.stderr)")
        let warning =
            damage == .noEOF
            ? "warning: the file does not end with %%EOF"
            : "warning: qpdf reconstructed the damaged cross-reference table"
        #expect(
            result.stdoutText.contains("1 page") && result.stdoutText.contains(warning),
            "the page and the warning '\(warning)': \(result.stdoutText)")
    }

    @Test("a signed damaged file keeps its refusal", arguments: Damage.allCases)
    func signedRefused(_ damage: Damage) throws {
        let dir = TemporaryDirectory("repair-signed")
        let plain = try TestPDF.write(to: dir.path("plain.pdf"))
        let signing = try ProcessRunner.signet(["sign", plain, "-o", dir.path("signed.pdf")] + identity)
        try #require(signing.status == 0, "signing the input: \(signing.stderr)")
        let signed = try Array(Data(contentsOf: URL(fileURLWithPath: dir.path("signed.pdf"))))
        dir.write("IN.pdf", bytes: damage.apply(to: signed))
        let png = dir.write("stamp.png", bytes: TestStamp.png())
        let refusals: [(command: [String], reason: String)] = [
            (
                ["stamp", "IN.pdf", "-o", "OUT.pdf", "--image", png],
                damage == .noEOF ? "the file is truncated" : "cannot append an incremental update"
            ),
            (
                ["sign", "IN.pdf", "-o", "OUT.pdf"] + identity,
                damage == .noEOF ? "the file is truncated" : "a signature cannot be appended to this file"
            ),
        ]
        for (command, reason) in refusals {
            let result = try ProcessRunner.signet(command, currentDirectory: dir.url.path)
            #expect(result.status == 2, "\(command[0]): exit status, stderr: \(result.stderr)")
            #expect(result.stderr.contains(reason), "\(command[0]): the refusal says \(reason): \(result.stderr)")
            #expect(!result.stderr.contains("wrote a repaired copy"), "\(command[0]): no repair: \(result.stderr)")
            #expect(!dir.contents().contains("OUT.pdf"), "\(command[0]): no output left behind")
        }
    }

    /// pdf.js's test files without a final `%%EOF`: each is stamped as a repaired copy that qpdf
    /// checks and pdftoppm shows the stamp on, or, when qpdf cannot read it at all, refused as
    /// truncated.
    @Test(
        "pdf.js's files without %%EOF are repaired or refused as truncated",
        .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.missingNote)))
    func corpusWithoutEOF() throws {
        let files = Corpus.files(in: "pdfs/pdfjs-corpus", extensions: ["pdf"]).filter { path in
            guard let bytes = try? Data(contentsOf: URL(fileURLWithPath: path)), bytes.count > 0 else { return false }
            return bytes.suffix(2048).range(of: Data("%%EOF".utf8)) == nil
                && bytes.prefix(1024).range(of: Data("%PDF-".utf8)) != nil
        }
        try #require(!files.isEmpty, "the pdfjs-corpus folder holds files without %%EOF")
        let dir = TemporaryDirectory("repair-corpus")
        let png = dir.write("stamp.png", bytes: TestStamp.png())
        var repaired = 0
        for file in files {
            let output = dir.path((file as NSString).lastPathComponent)
            let result = try ProcessRunner.signet(
                [
                    "stamp", file, "-o", output, "--image", png, "--pages", "1", "--at", "10,10", "--width", "25",
                    "--units", "%",
                ])
            if result.status == 0 {
                repaired += 1
                #expect(result.stderr.contains("wrote a repaired copy"), "\(file): the note: \(result.stderr)")
                #expect(try QPDFTool.check(output).status != 2, "\(file): qpdf --check of the output")
                #expect(try StampLocator.locate(pdf: output, page: 1) != nil, "\(file): stamp ink on page 1")
            } else {
                #expect(
                    result.status == 2 && result.stderr.contains("the file is truncated"),
                    "\(file): refused as truncated: \(result.stderr)")
            }
        }
        #expect(repaired >= 1, "at least one of \(files.count) files was repaired (\(repaired))")
    }
}
