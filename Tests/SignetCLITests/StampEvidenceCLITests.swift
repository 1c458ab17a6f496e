import Foundation
import SignetTestSupport
import Testing

/// `signet pipeline … --evidence-for` and `signet capture --pdf … --evidence-for`: the pen dynamics
/// sealed on the page stamp that goes with the invisible signature, run as real processes (debug,
/// and the release build when it is there), checked with pdfsig, pyHanko, pikepdf (which finds the
/// envelope on the stamp's form XObject on its own) and `openssl cms -decrypt`.
@Suite("Sealed evidence on a page stamp (process)")
struct StampEvidenceCLITests {
    let pki = TestPKI.shared
    static let pad = SealedEvidenceCLITests.pad

    /// The bytes of every envelope pikepdf finds in `/AF` of a form XObject of `pdf`, in object order.
    func envelopes(of pdf: String, in dir: TemporaryDirectory) throws -> [[UInt8]] {
        let script = """
            import sys, pikepdf
            pdf = pikepdf.open(sys.argv[1])
            n = 0
            for obj in pdf.objects:
                if isinstance(obj, pikepdf.Stream) and obj.get('/Subtype') == '/Form':
                    for spec in obj.get('/AF', []):
                        if str(spec.UF) == 'handwriting-evidence.p7m':
                            open(f'{sys.argv[2]}.{n}', 'wb').write(spec.EF.F.read_bytes())
                            n += 1
            """
        let stem = dir.path("envelope")
        let run = try ProcessRunner.run("python3", ["-c", script, pdf, stem])
        #expect(run.status == 0, "\(run.stderr)")
        return (0...).lazy.map { "\(stem).\($0)" }.prefix { FileManager.default.fileExists(atPath: $0) }
            .map { Array(FileManager.default.contents(atPath: $0) ?? Data()) }
    }

    /// What a verifier and an examiner must find in `out`, signed once with evidence for the RSA
    /// examiner: valid in verify, pdfsig and pyHanko, the evidence bound, openssl and extract give
    /// the same ISO/IEC 19794-7 record.
    func checkSealed(_ binary: String, _ out: String, in dir: TemporaryDirectory) throws {
        try SealedEvidenceCLITests.expectBound(binary, out, signatures: 1)
        #expect(try SignatureCheckers.pdfsig(out).first?.validation == "Signature is Valid.")
        if SignatureCheckers.hasPyhanko {
            let pyhanko = try SignatureCheckers.pyhanko(out, trust: pki.rootCert)
            #expect(pyhanko.stdoutText.contains("judged VALID"), "\(pyhanko.stdoutText) \(pyhanko.stderr)")
        }
        let found = try envelopes(of: out, in: dir)
        #expect(found.count == 1, "one envelope on the stamp's form, not \(found.count)")
        let envelope = dir.write("evidence.p7m", bytes: found.first ?? [])
        let decrypted = try SealedEvidenceCLITests.opensslRecord(envelope, cert: pki.rsaCert, key: pki.rsaKey)
        let folder = dir.path("case") + "/"
        let extract = try ProcessRunner.run(
            binary, ["evidence", "extract", out, "--key", pki.rsaKey, "--cert", pki.rsaCert, "-o", folder])
        #expect(extract.status == 0, "\(extract.stderr)")
        let record = FileManager.default.contents(atPath: folder + "signature-1.iso").map(Array.init) ?? []
        #expect(record == decrypted, "extract wrote \(record.count) bytes, openssl \(decrypted.count)")
        #expect(FileManager.default.fileExists(atPath: folder + "signature-1.json"), "the strokes beside the record")
    }

    /// `out` with one byte of its (only) envelope flipped: the signature breaks, extract refuses.
    func checkTampering(_ binary: String, _ out: String, in dir: TemporaryDirectory) throws {
        let sealed = try #require(try envelopes(of: out, in: dir).first)
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: out)))
        let at = try #require(
            bytes.indices.first { bytes[$0..<min($0 + 64, bytes.count)].elementsEqual(sealed.prefix(64)) },
            "the envelope is stored as it is (not compressed)")
        bytes[at + sealed.count - 40] ^= 0x01
        let tampered = dir.write("tampered.pdf", bytes: bytes)
        let verify = try ProcessRunner.run(binary, ["verify", tampered, "--ca", pki.rootCert])
        #expect(verify.status == 3, "the signature is broken: \(verify.stdoutText)")
        let extract = try ProcessRunner.run(
            binary, ["evidence", "extract", tampered, "--key", pki.rsaKey, "--cert", pki.rsaCert, "-o", dir.path("t/")])
        #expect(extract.status == 3, "\(extract.stderr)")
        #expect(extract.stderr.contains("does not hold"), "\(extract.stderr)")
        #expect(try SignatureCheckers.pdfsig(tampered).first?.validation != "Signature is Valid.")
    }

    @Test(
        "pipeline --evidence-for: sealed on the stamp (page content, then the signature's widget on the signed output)",
        arguments: VocabularyCLITests.binaries)
    func pipeline(binary: String) throws {
        let dir = TemporaryDirectory("signet-stamp-evidence")
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let out = dir.path("signed.pdf")
        let identity = ["--key", pki.rsaKey, "--cert", pki.rsaCert, "--chain", pki.chain]
        let run = try ProcessRunner.run(
            binary,
            ["pipeline", Self.pad, "--pdf", input, "-o", out, "--vector", "--evidence-for", pki.rsaCert] + identity)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutText.contains("pen dynamics sealed for"), "\(run.stdoutText)")
        try checkSealed(binary, out, in: dir)
        try checkTampering(binary, out, in: dir)

        // On a signed input the stamp is the new signature's appearance: its evidence is bound too,
        // and every verifier finds both signatures intact, the first changed by signing alone.
        let twice = dir.path("twice.pdf")
        let second = try ProcessRunner.run(
            binary,
            ["pipeline", Self.pad, "--pdf", out, "-o", twice, "--at", "100,400", "--evidence-for", pki.ecCert]
                + identity)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdoutText.contains("visible signature in field Signature2"), "\(second.stdoutText)")
        try SealedEvidenceCLITests.expectBound(binary, twice, signatures: 2)
        try StampSignedCLITests.expectIntactEverywhere(twice, signatures: 2)
        let folder = dir.path("both") + "/"
        let extract = try ProcessRunner.run(
            binary, ["evidence", "extract", twice, "--key", pki.ecKey, "--cert", pki.ecCert, "-o", folder])
        #expect(extract.status == 0, "\(extract.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "signature-2.iso"), "\(extract.stdoutText)")
    }

    @Test("pipeline --evidence-for refuses strokes without times (exit 2, nothing written) and needs an identity")
    func pipelineRefusals() throws {
        let dir = TemporaryDirectory("signet-stamp-evidence-refusals")
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let untimed = dir.write("untimed.json", bytes: Array(CaptureSigner.strokes.utf8))
        let out = dir.path("out.pdf")
        let run = try ProcessRunner.signet(
            [
                "pipeline", untimed, "--pdf", input, "-o", out, "--key", pki.rsaKey, "--cert", pki.rsaCert,
                "--evidence-for", pki.rsaCert,
            ])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(
            run.stderr.contains("untimed.json") && run.stderr.contains("has no time")
                && run.stderr.contains("give strokes captured with times"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        let unsigned = try ProcessRunner.signet(
            ["pipeline", Self.pad, "--pdf", input, "-o", out, "--evidence-for", pki.rsaCert])
        #expect(unsigned.status == 2, "\(unsigned.stderr)")
        #expect(unsigned.stderr.contains("--evidence-for is about the signature"), "\(unsigned.stderr)")
    }

    @Test("capture --pdf --evidence-for: the pad's strokes sealed on the stamp", arguments: VocabularyCLITests.binaries)
    func capture(binary: String) throws {
        if let missing = CaptureSigner.previewMissing(beside: binary) { return print(missing) }
        let dir = TemporaryDirectory("signet-capture-evidence-pdf")
        let input = try TestPDF.write(to: dir.path("contract.pdf"))
        let out = dir.path("signed.pdf")
        let strokes = String(decoding: try Data(contentsOf: URL(fileURLWithPath: Self.pad)), as: UTF8.self)
        let run = try CaptureSigner.run(
            [
                "capture", "--pdf", input, "-o", out, "--key", pki.rsaKey, "--cert", pki.rsaCert, "--chain", pki.chain,
                "--evidence-for", pki.rsaCert, "--timeout", "120",
            ], binary: binary, strokes: strokes)
        #expect(run.status == 0, "signet capture: \(run)")
        #expect(run.stdout.contains("pen dynamics sealed for"), "\(run.stdout)")
        try checkSealed(binary, out, in: dir)
        try checkTampering(binary, out, in: dir)

        let refused = try ProcessRunner.run(
            binary, ["capture", "--pdf", input, "-o", dir.path("x.pdf"), "--evidence-for", pki.rsaCert])
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderr.contains("--evidence-for is about the signature"), "\(refused.stderr)")
    }
}
