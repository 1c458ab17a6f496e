import Foundation
import SignetTestSupport
import Testing

/// Adversarial inputs to `signet sign --complete`: a prepared file changed between the two steps,
/// CMS containers that verify but would not make a valid PDF signature, and a CMS of a signer
/// other than the one the prepared appearance names. Each is refused with
/// its own reason and nothing is written; where Signet was already safe the test pins the reason.
@Suite("CLI: two-step signing under attack")
struct TwoStepAttackTests {
    let pki = TestPKI.shared
    let steps = TwoStepSigningCLITests()

    /// `signet sign PREPARED --complete --cms CMS -o OUT`: the refusal must say `says` (exit 2) and leave no OUT.
    func expectRefused(_ prepared: String, cms: String, says: String, in dir: TemporaryDirectory) throws {
        let out = dir.path("completed.pdf")
        let result = try ProcessRunner.signet(["sign", prepared, "--complete", "--cms", cms, "-o", out])
        #expect(result.status == 2, "\(cms): exit \(result.status), expected 2: \(result.stderr)")
        #expect(result.stderr.contains(says), "\(cms): expected '\(says)' in: \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out), "\(cms): nothing may be written")
    }

    @Test("a CMS that verifies but that signet verify would call invalid: two signers, content not id-data")
    func unacceptableCMS() throws {
        let dir = TemporaryDirectory("two-step-unacceptable")
        let prepared = dir.path("prepared.pdf")
        let prep = try TwoStepSigningCLITests.prepare(try TestPDF.write(to: dir.path("in.pdf")), prepared, [], in: dir)
        let two = try steps.cms(
            over: prep.signedBytes, to: dir.path("two.der"), extra: ["-signer", pki.ecCert, "-inkey", pki.ecKey])
        try expectRefused(
            prepared, cms: two, says: "would not be a valid PDF signature whoever trusts its signer (it has 2 signers",
            in: dir)
        let other = try steps.cms(
            over: prep.signedBytes, to: dir.path("tstinfo.der"), extra: ["-econtent_type", "1.2.840.113549.1.9.16.1.4"])
        try expectRefused(prepared, cms: other, says: "its signed content type is not id-data", in: dir)
    }

    @Test("a file prepared to show 'Alice' completed with another signer's CMS: refused unless --allow-other-name")
    func otherSigner() throws {
        let dir = TemporaryDirectory("two-step-other-signer")
        let strokes = dir.write("sig.json", BatchSupport.strokes(seed: 5, points: 30))
        let prepared = dir.path("prepared.pdf")
        let prep = try TwoStepSigningCLITests.prepare(
            try TestPDF.write(to: dir.path("in.pdf")), prepared, ["--strokes", strokes, "--name", "Alice Example"],
            in: dir)
        let mallory = try steps.cms(over: prep.signedBytes, to: dir.path("mallory.der"))
        try expectRefused(
            prepared, cms: mallory,
            says:
                "the prepared signature shows the signer's name 'Alice Example', but the CMS is signed by 'Ada Signer'",
            in: dir)
        let out = dir.path("allowed.pdf")
        let allowed = try ProcessRunner.signet([
            "sign", prepared, "--complete", "--cms", mallory, "-o", out, "--allow-other-name",
        ])
        #expect(allowed.status == 0 && allowed.stdoutText.contains("CN=Ada Signer"), "\(allowed.stderr)")
        for misplaced in [["--prepare", "-o", dir.path("p2.pdf")], ["-o", dir.path("p3.pdf")]] {
            let r = try ProcessRunner.signet(["sign", dir.path("in.pdf"), "--allow-other-name"] + misplaced)
            #expect(
                r.status == 2 && r.stderr.contains("--allow-other-name"),
                "--allow-other-name with \(misplaced): exit \(r.status), \(r.stderr)")
        }
    }

    @Test("a file that is no CMS: refused with advice for --cms (not another command's --p7s)")
    func notACMS() throws {
        let dir = TemporaryDirectory("two-step-not-cms")
        let prepared = dir.path("prepared.pdf")
        _ = try TwoStepSigningCLITests.prepare(try TestPDF.write(to: dir.path("in.pdf")), prepared, [], in: dir)
        for (name, bytes) in [("empty.der", [UInt8]()), ("garbage.der", Array("not a signature".utf8))] {
            let cms = dir.write(name, bytes: bytes)
            try expectRefused(prepared, cms: cms, says: "is not a CMS SignedData with a signer, in DER", in: dir)
            let result = try ProcessRunner.signet([
                "sign", prepared, "--complete", "--cms", cms, "-o", dir.path("x.pdf"),
            ])
            #expect(!result.stderr.contains("--p7s"), "\(name): \(result.stderr)")
        }
    }

    @Test("already safe: another digest algorithm, no signer certificate, a file over the size limit")
    func otherContainers() throws {
        let dir = TemporaryDirectory("two-step-containers")
        let prepared = dir.path("prepared.pdf")
        let prep = try TwoStepSigningCLITests.prepare(try TestPDF.write(to: dir.path("in.pdf")), prepared, [], in: dir)
        let sha512 = dir.path("sha512.der")
        let made = try ProcessRunner.run(
            "openssl",
            [
                "cms", "-sign", "-binary", "-in", prep.signedBytes, "-signer", pki.rsaCert, "-inkey", pki.rsaKey,
                "-md", "sha512", "-nosmimecap", "-outform", "DER", "-out", sha512,
            ])
        try #require(made.status == 0, "\(made.stderr)")
        try expectRefused(
            prepared, cms: sha512, says: "the CMS signs another digest than the prepared document's", in: dir)
        let noCerts = try steps.cms(over: prep.signedBytes, to: dir.path("nocerts.der"), extra: ["-nocerts"])
        try expectRefused(
            prepared, cms: noCerts, says: "the signer's certificate is not included in the signature", in: dir)
        let huge = dir.write("huge.der", bytes: [UInt8](repeating: 0x30, count: (1 << 20) + 1))
        let out = dir.path("completed.pdf")
        let result = try ProcessRunner.signet(["sign", prepared, "--complete", "--cms", huge, "-o", out])
        #expect(result.status != 0 && !FileManager.default.fileExists(atPath: out), "\(result.stderr)")
        #expect(result.stderr.contains("huge.der"), "the refusal names the file: \(result.stderr)")
    }

    @Test("already safe: the prepared file changed between the steps, or completed twice")
    func preparedFileChanged() throws {
        let dir = TemporaryDirectory("two-step-changed")
        let prepared = dir.path("prepared.pdf")
        let prep = try TwoStepSigningCLITests.prepare(try TestPDF.write(to: dir.path("in.pdf")), prepared, [], in: dir)
        let cms = try steps.cms(over: prep.signedBytes, to: dir.path("sig.der"))
        let original = try #require(FileManager.default.contents(atPath: prepared))

        // One signed byte changed (a digit of the first page's MediaBox, say): another digest.
        var edited = original
        let mediaBox = try #require(edited.range(of: Data("/MediaBox".utf8)))
        let digit = try #require(edited[mediaBox.upperBound...].firstIndex { (0x31...0x39).contains($0) })
        edited[digit] -= 1
        let changed = dir.write("changed.pdf", bytes: Array(edited))
        try expectRefused(changed, cms: cms, says: "the CMS signs another digest than the prepared document's", in: dir)

        // An update appended after the placeholder: the /ByteRange no longer reaches the end.
        let appended = dir.write(
            "appended.pdf",
            bytes: Array(original) + Array("1 0 obj\n<< >>\nendobj\n".utf8))
        try expectRefused(appended, cms: cms, says: "does not cover the whole file but /Contents", in: dir)

        // Completed once: the placeholder is filled, a second --complete finds none.
        let once = dir.path("once.pdf")
        let first = try ProcessRunner.signet(["sign", prepared, "--complete", "--cms", cms, "-o", once])
        try #require(first.status == 0, "\(first.stderr)")
        try expectRefused(once, cms: cms, says: "is already filled in", in: dir)
    }
}

/// Two-step signing of encrypted files: `--prepare` writes the placeholder in an update encrypted
/// with the file's key (its /Contents unencrypted), `--complete` fills it in; a user password is
/// given to both steps with `--pdf-password-env/-file`, and without it both say which option to use.
@Suite("CLI: two-step signing of encrypted PDFs")
struct TwoStepEncryptedTests {
    let pki = TestPKI.shared

    @Test("an AES-256 file with a user password: prepare and complete with --pdf-password-file; verify says valid")
    func userPassword() throws {
        let dir = TemporaryDirectory("two-step-encrypted")
        let plain = try TestPDF.write(to: dir.path("plain.pdf"))
        let input = dir.path("in.pdf")
        let encrypted = try ProcessRunner.run("qpdf", ["--encrypt", "user-pw", "owner-pw", "256", "--", plain, input])
        try #require(encrypted.status == 0, "\(encrypted.stderr)")
        let passwordFile = dir.write("pdf-password.txt", "user-pw\n")
        chmod(passwordFile, 0o600)
        let prepared = dir.path("prepared.pdf")
        let refused = try ProcessRunner.signet(["sign", input, "-o", prepared, "--prepare"])
        #expect(
            refused.status == 2
                && refused.stderr.contains(
                    "give it with --pdf-password-env VAR, --pdf-password-file FILE or --pdf-password-stdin"),
            "\(refused.stderr)")
        let prep = try TwoStepSigningCLITests.prepare(input, prepared, ["--pdf-password-file", passwordFile], in: dir)
        let cms = try TwoStepSigningCLITests().cms(over: prep.signedBytes, to: dir.path("sig.der"))
        let out = dir.path("signed.pdf")
        let withoutPassword = try ProcessRunner.signet(["sign", prepared, "--complete", "--cms", cms, "-o", out])
        #expect(
            withoutPassword.status == 2 && withoutPassword.stderr.contains("--pdf-password-file FILE"),
            "\(withoutPassword.stderr)")
        let completed = try ProcessRunner.signet([
            "sign", prepared, "--complete", "--cms", cms, "-o", out, "--pdf-password-file", passwordFile,
        ])
        #expect(completed.status == 0, "\(completed.stderr)")
        let verified = try ProcessRunner.signet([
            "verify", out, "--ca", pki.rootCert, "--password-file", passwordFile, "--json",
        ])
        #expect(verified.status == 0, "\(verified.stdoutText)\(verified.stderr)")
        #expect(verified.stdoutText.contains("\"modification_level\":\"none\""), "\(verified.stdoutText)")
    }
}
