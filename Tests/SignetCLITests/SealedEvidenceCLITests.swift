import Foundation
import SignetTestSupport
import Testing

/// `signet sign --evidence-for`, `signet verify`'s evidence line and `signet evidence extract`, run
/// as real processes (debug, and the release build when it is there), checked with pdfsig, pyHanko,
/// pikepdf (which reads the embedded envelope on its own) and `openssl cms -decrypt`.
@Suite("Sealed evidence (process)")
struct SealedEvidenceCLITests {
    static let pad = Corpus.packageRoot.appendingPathComponent("SampleStrokes/signet-amelia-reyes.json").path
    let pki = TestPKI.shared

    struct Examiner: Sendable, CustomTestStringConvertible {
        let name: String
        let ec: Bool
        var testDescription: String { name }
    }

    static let cases: [(String, Examiner)] = VocabularyCLITests.binaries.flatMap { binary in
        [Examiner(name: "RSA", ec: false), Examiner(name: "EC", ec: true)].map { (binary, $0) }
    }

    func signed(_ binary: String, examiner: Examiner, in dir: TemporaryDirectory) throws -> String {
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let output = dir.path("signed.pdf")
        let sign = try ProcessRunner.run(
            binary,
            [
                "sign", input, "-o", output, "--key", pki.rsaKey, "--cert", pki.rsaCert, "--chain", pki.chain,
                "--strokes", Self.pad, "--evidence-for", examiner.ec ? pki.ecCert : pki.rsaCert,
            ])
        #expect(sign.status == 0, "\(sign.stderr)")
        #expect(sign.stdoutText.contains("pen dynamics sealed for"), "\(sign.stdoutText)")
        return output
    }

    /// The envelope's bytes as pikepdf reads them from the /AF of the widget's appearance.
    func dumpEnvelope(of pdf: String, to path: String) throws {
        let script = """
            import sys, pikepdf
            pdf = pikepdf.open(sys.argv[1])
            for annot in pdf.pages[-1].Annots:
                for spec in annot.AP.N.get('/AF', []):
                    if str(spec.UF) == 'handwriting-evidence.p7m':
                        open(sys.argv[2], 'wb').write(spec.EF.F.read_bytes())
                        sys.exit(0)
            sys.exit('no envelope')
            """
        let run = try ProcessRunner.run("python3", ["-c", script, pdf, path])
        #expect(run.status == 0, "\(run.stderr)")
    }

    /// The record `openssl cms -decrypt` opens from `envelope` with the examiner's `cert` and `key`,
    /// expected to start with the ISO/IEC 19794-7 format identifier and version.
    static func opensslRecord(_ envelope: String, cert: String, key: String) throws -> [UInt8] {
        let decrypted = try ProcessRunner.run(
            "openssl", ["cms", "-decrypt", "-binary", "-inform", "DER", "-in", envelope, "-recip", cert, "-inkey", key])
        #expect(decrypted.status == 0, "\(decrypted.stderr)")
        #expect(
            Array(decrypted.stdout.prefix(8)) == Array("SDI\0 10\0".utf8),
            "ISO/IEC 19794-7 format identifier and version: \(Array(decrypted.stdout.prefix(8)))")
        return decrypted.stdout
    }

    /// `binary verify path` exits 0 and finds `signatures` signatures' evidence bound.
    static func expectBound(_ binary: String, _ path: String, signatures: Int) throws {
        let verify = try ProcessRunner.run(binary, ["verify", path, "--ca", TestPKI.shared.rootCert])
        #expect(verify.status == 0, "\(verify.stdoutText) \(verify.stderr)")
        #expect(
            verify.stdoutText.components(separatedBy: "bound to this revision").count == signatures + 1,
            "\(signatures) signatures' evidence bound: \(verify.stdoutText)")
    }

    @Test(
        "sign --evidence-for: valid in verify, pdfsig and pyHanko; openssl and extract give the same record",
        arguments: cases)
    func signVerifyExtract(binary: String, examiner: Examiner) throws {
        let dir = TemporaryDirectory("signet-sealed-evidence")
        let out = try signed(binary, examiner: examiner, in: dir)
        let verify = try ProcessRunner.run(binary, ["verify", out, "--ca", pki.rootCert])
        #expect(verify.status == 0, "\(verify.stdoutText) \(verify.stderr)")
        #expect(
            verify.stdoutText.contains("biometric evidence present, sealed for ")
                && verify.stdoutText.contains("bound to this revision"), "\(verify.stdoutText)")
        let json = try ProcessRunner.run(binary, ["verify", out, "--ca", pki.rootCert, "--json"])
        #expect(json.stdoutText.contains(#""status":"bound""#), "\(json.stdoutText)")
        #expect(try SignatureCheckers.pdfsig(out).first?.validation == "Signature is Valid.")
        if SignatureCheckers.hasPyhanko {
            let pyhanko = try SignatureCheckers.pyhanko(out, trust: pki.rootCert)
            #expect(pyhanko.stdoutText.contains("judged VALID"), "\(pyhanko.stdoutText) \(pyhanko.stderr)")
        }

        let envelope = dir.path("evidence.p7m")
        try dumpEnvelope(of: out, to: envelope)
        let decrypted = try Self.opensslRecord(
            envelope, cert: examiner.ec ? pki.ecCert : pki.rsaCert, key: examiner.ec ? pki.ecKey : pki.rsaKey)

        let folder = dir.path("case") + "/"
        let extract = try ProcessRunner.run(
            binary,
            [
                "evidence", "extract", out, "--key", examiner.ec ? pki.ecKey : pki.rsaKey, "--cert",
                examiner.ec ? pki.ecCert : pki.rsaCert, "-o", folder, "--json",
            ])
        #expect(extract.status == 0, "\(extract.stderr)")
        let record = Array(try Data(contentsOf: URL(fileURLWithPath: folder + "signature-1.iso")))
        #expect(record == decrypted, "extract wrote \(record.count) bytes, openssl \(decrypted.count)")
        let exported = try ProcessRunner.run(binary, ["evidence", "export", Self.pad, "-o", dir.path("pad.iso")])
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(
            record == Array(try Data(contentsOf: URL(fileURLWithPath: dir.path("pad.iso")))),
            "the sealed record is the strokes' own ISO/IEC 19794-7 record")
        let render = try ProcessRunner.run(binary, ["render", folder + "signature-1.json", "-o", dir.path("back.png")])
        #expect(
            render.status == 0 && render.stdoutText.contains("read as signet"), "\(render.stdoutText) \(render.stderr)")
    }

    @Test("extract refuses another key (exit 2), and an envelope changed after signing (exit 3)")
    func refusals() throws {
        let dir = TemporaryDirectory("signet-sealed-refusals")
        let out = try signed(ProcessRunner.signet, examiner: Examiner(name: "RSA", ec: false), in: dir)
        let other = try ProcessRunner.signet(
            ["evidence", "extract", out, "--key", pki.ecKey, "--cert", pki.ecCert, "-o", dir.path("x.iso")])
        #expect(other.status == 2, "\(other.stderr)")
        #expect(other.stderr.contains("not for this key"), "\(other.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("x.iso")))

        let envelope = dir.path("evidence.p7m")
        try dumpEnvelope(of: out, to: envelope)
        let sealed = Array(try Data(contentsOf: URL(fileURLWithPath: envelope)))
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: out)))
        let at = try #require(
            bytes.indices.first { bytes[$0..<min($0 + 64, bytes.count)].elementsEqual(sealed.prefix(64)) })
        bytes[at + sealed.count - 40] ^= 0x01
        let tampered = dir.write("tampered.pdf", bytes: bytes)
        let changed = try ProcessRunner.signet(
            ["evidence", "extract", tampered, "--key", pki.rsaKey, "--cert", pki.rsaCert, "-o", dir.path("y.iso")])
        #expect(changed.status == 3, "\(changed.stderr)")
        #expect(changed.stderr.contains("the signature carrying the evidence does not hold"), "\(changed.stderr)")
        let verify = try ProcessRunner.signet(["verify", tampered, "--ca", pki.rootCert])
        #expect(verify.status == 3, "the signature is broken: \(verify.stdoutText)")

        let encrypted = try ProcessRunner.signet(
            [
                "evidence", "extract", out, "--key", pki.rsaKeyPKCS8Encrypted, "--password-env", "EXAMINER_PASS",
                "-o", dir.path("z.iso"),
            ], environment: ["EXAMINER_PASS": TestPKI.password])
        #expect(encrypted.status == 0, "\(encrypted.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.path("z.json")), "the JSON beside the record")

        let image = try ProcessRunner.signet(
            [
                "sign", try TestPDF.write(to: dir.path("in2.pdf")), "-o", dir.path("i.pdf"), "--key", pki.rsaKey,
                "--cert", pki.rsaCert, "--image", dir.write("s.png", bytes: TestStamp.png()), "--evidence-for",
                pki.rsaCert,
            ])
        #expect(image.status == 2 && image.stderr.contains("needs --strokes"), "\(image.stderr)")
    }
}
