import Foundation
import SignetCrypto
import SignetPDF
import SignetPDFSigning
import SignetStrokes
import SignetTestSupport
import Testing

/// `signet evidence extract`'s outputs and inputs as a process: two files, never standard output
/// nor one path for both, readable by their owner only; evidence sealed for another examiner left
/// closed; an encrypted PDF opened with its own password options.
extension SealedEvidenceCLITests {
    @Test(
        "extract: outputs 0600, '-' and a .json record refused, another examiner's evidence left closed",
        arguments: VocabularyCLITests.binaries)
    func extractOutputs(binary: String) throws {
        let dir = TemporaryDirectory("signet-extract-outputs")
        let first = try signed(binary, examiner: Examiner(name: "RSA", ec: false), in: dir)
        let both = dir.path("both.pdf")
        let second = try ProcessRunner.run(
            binary,
            [
                "sign", first, "-o", both, "--key", pki.rsaKey, "--cert", pki.rsaCert, "--chain", pki.chain,
                "--strokes", Self.pad, "--evidence-for", pki.ecCert, "--at", "100,400",
            ])
        #expect(second.status == 0, "\(second.stderr)")
        try Self.expectBound(binary, both, signatures: 2)
        if SignatureCheckers.hasPyhanko {
            // The second signature's evidence files are new objects pyHanko must accept in a signing update.
            let pyhanko = try SignatureCheckers.pyhanko(both, trust: pki.rootCert)
            #expect(
                pyhanko.stdoutText.components(separatedBy: "The signature is judged VALID").count == 3,
                "both signatures valid in pyHanko: \(pyhanko.stdoutText)")
        }

        let folder = dir.path("case") + "/"
        let extract = try ProcessRunner.run(
            binary, ["evidence", "extract", both, "--key", pki.rsaKey, "--cert", pki.rsaCert, "-o", folder])
        #expect(extract.status == 0, "\(extract.stderr)")
        #expect(
            extract.stdoutText.contains("signature 2 (field Signature2): evidence sealed for"), "\(extract.stdoutText)")
        #expect(extract.stdoutText.contains("left closed"), "\(extract.stdoutText)")
        #expect(!FileManager.default.fileExists(atPath: folder + "signature-2.iso"))
        for name in ["signature-1.iso", "signature-1.json"] {
            let mode = try FileManager.default.attributesOfItem(atPath: folder + name)[.posixPermissions] as? Int
            #expect(mode == 0o600, "\(name) is created 0600, not \(String(mode ?? 0, radix: 8))")
        }

        for (output, words) in [("-", "not '-'"), (dir.path("rec.json"), "would hold the record and the strokes both")]
        {
            let refused = try ProcessRunner.run(
                binary, ["evidence", "extract", first, "--key", pki.rsaKey, "--cert", pki.rsaCert, "-o", output])
            #expect(refused.status == 2 && refused.stderr.contains(words), "-o \(output): \(refused.stderr)")
            #expect(refused.stdout.isEmpty, "nothing on standard output for -o \(output)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.path("-.json")))
    }

    @Test(
        "extract into a folder whose path a file holds: exit 1, one sentence naming it, nothing written",
        arguments: VocabularyCLITests.binaries)
    func extractFolderBlocked(binary: String) throws {
        let dir = TemporaryDirectory("signet-extract-blocked")
        let signed = try signed(binary, examiner: Examiner(name: "RSA", ec: false), in: dir)
        let blocker = dir.path("case")
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: blocker))
        let extract = try ProcessRunner.run(
            binary, ["evidence", "extract", signed, "--key", pki.rsaKey, "--cert", pki.rsaCert, "-o", blocker + "/"])
        #expect(extract.status == 1, "exit \(extract.status): \(extract.stderr)")
        #expect(extract.stderr.contains("\(blocker)/: cannot write"), "\(extract.stderr)")
        #expect(extract.stdout.isEmpty, "nothing on standard output: \(extract.stdoutText)")
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: blocker)) == Data("not a folder".utf8),
            "the file in the way is left as it was")
    }

    /// A page whose graphics state defines its fill opacity twice: readers that keep the first
    /// value show the square, readers that keep the last one hide it. `sign` leaves that object
    /// as it is, so the signed revision reads two ways.
    static func ambiguousPDF() -> [UInt8] {
        var pdf = RawPDFBuilder()
        let catalog = pdf.reserve(), pages = pdf.reserve(), page = pdf.reserve()
        let state = pdf.add("<< /Type /ExtGState /ca 1 /ca 0 >>")
        let resources = pdf.add("<< /ExtGState << /G \(state) 0 R >> >>")
        let content = pdf.addStream("", Array("/G gs 0 0 1 rg 100 100 200 200 re f".utf8))
        pdf.set(catalog, "<< /Type /Catalog /Pages \(pages) 0 R >>")
        pdf.set(pages, "<< /Type /Pages /Kids [\(page) 0 R] /Count 1 >>")
        pdf.set(
            page,
            "<< /Type /Page /Parent \(pages) 0 R /MediaBox [0 0 612 792] /Resources \(resources) 0 R /Contents \(content) 0 R >>"
        )
        return pdf.build(root: catalog)
    }

    @Test(
        "extract refuses evidence whose signed revision reads two ways, as verify calls its signature INVALID",
        arguments: VocabularyCLITests.binaries)
    func extractAmbiguous(binary: String) throws {
        let dir = TemporaryDirectory("signet-extract-ambiguous")
        let input = dir.path("two-ways.pdf"), output = dir.path("signed.pdf"), folder = dir.path("case") + "/"
        try Data(Self.ambiguousPDF()).write(to: URL(fileURLWithPath: input))
        // `signet sign` refuses such an input (TwoReadingsRefusalCLITests): the library's signer,
        // which does not look, writes the signature `sign --evidence-for` would.
        let identity = try SigningIdentity.pem(
            keyPath: pki.rsaKey, certificatePath: pki.rsaCert, chainPath: pki.chain, password: nil)
        let drawing = try StrokeReader.read(Array(try Data(contentsOf: URL(fileURLWithPath: Self.pad))), name: Self.pad)
        let evidence = HandwritingEvidence(
            record: try ISO19794_7.encode(drawing), examiner: try EvidenceExaminer(certificateAt: pki.rsaCert))
        _ = try PDFSigner.sign(
            input: input, output: output, identity: identity, options: PDFSignOptions(signingTime: Date()),
            appearance: SignatureAppearance(artwork: .ink(Ink(drawing)), evidence: evidence))
        let verify = try ProcessRunner.run(binary, ["verify", output, "--ca", pki.rootCert])
        #expect(
            verify.status == 3 && verify.stdoutText.contains("reads two ways"),
            "verify: exit \(verify.status): \(verify.stdoutText)")
        let extract = try ProcessRunner.run(
            binary, ["evidence", "extract", output, "--key", pki.rsaKey, "--cert", pki.rsaCert, "-o", folder])
        #expect(extract.status == 3, "extract: exit \(extract.status): \(extract.stdoutText) \(extract.stderr)")
        #expect(
            extract.stderr.contains("does not hold") && extract.stderr.contains("defines /ca twice"),
            "extract names the two readings: \(extract.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "signature-1.iso"), "nothing opened")
    }

    @Test("extract opens an encrypted PDF with --pdf-password-env, the key's password kept apart")
    func extractEncrypted() throws {
        let dir = TemporaryDirectory("signet-extract-encrypted")
        let input = try PDFPasswordCLITests.encrypted(PDFPasswordCLITests.cases[3], in: dir)
        let out = dir.path("signed.pdf")
        let environment = ["PDF_PASS": "view", "EXAMINER_PASS": TestPKI.password]
        let sign = try ProcessRunner.signet(
            [
                "sign", input, "-o", out, "--key", pki.rsaKey, "--cert", pki.rsaCert, "--strokes", Self.pad,
                "--evidence-for", pki.rsaCert, "--pdf-password-env", "PDF_PASS",
            ], environment: environment)
        #expect(sign.status == 0, "\(sign.stderr)")
        let locked = try ProcessRunner.signet(
            [
                "evidence", "extract", out, "--key", pki.rsaKeyPKCS8Encrypted, "--password-env", "EXAMINER_PASS",
                "-o", dir.path("a.iso"),
            ], environment: environment)
        #expect(locked.status == 2 && locked.stderr.contains("--pdf-password-env"), "\(locked.stderr)")
        let opened = try ProcessRunner.signet(
            [
                "evidence", "extract", out, "--key", pki.rsaKeyPKCS8Encrypted, "--password-env", "EXAMINER_PASS",
                "--pdf-password-env", "PDF_PASS", "-o", dir.path("b.iso"),
            ], environment: environment)
        #expect(opened.status == 0, "\(opened.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.path("b.iso")))
    }
}
