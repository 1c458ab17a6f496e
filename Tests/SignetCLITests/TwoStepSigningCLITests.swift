import Foundation
import SignetTestSupport
import Testing

/// `signet sign --prepare` then `--complete --cms`, with the CMS made in between by `openssl cms
/// -sign` over the prepared file's /ByteRange bytes (detached, SHA-256): its messageDigest is the
/// prepared digest. Judged by signet verify, pdfsig and pyHanko, and byte by byte against the prepared file.
@Suite("CLI: two-step signing (--prepare, --complete)")
struct TwoStepSigningCLITests {
    let pki = TestPKI.shared

    /// What `--prepare --json` printed, and the bytes its /ByteRange covers (written to `signed.bin`).
    struct Prepared {
        var json: [String: Any]
        var byteRange: [Int]
        var digest: String
        var signedBytes: String
    }

    static func prepare(
        _ input: String, _ output: String, _ extra: [String], in dir: TemporaryDirectory
    ) throws
        -> Prepared
    {
        let result = try ProcessRunner.signet(["sign", input, "-o", output, "--prepare", "--json"] + extra)
        try #require(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        let byteRange = try #require(json["byte_range"] as? [Int], "\(json)")
        let bytes = try #require(FileManager.default.contents(atPath: output))
        let covered =
            bytes[byteRange[0]..<(byteRange[0] + byteRange[1])] + bytes[byteRange[2]..<(byteRange[2] + byteRange[3])]
        let signedBytes = dir.write("signed.bin", bytes: Array(covered))
        return Prepared(
            json: json, byteRange: byteRange, digest: try #require(json["digest"] as? String),
            signedBytes: signedBytes)
    }

    /// A detached CMS over `content` by the test PKI's RSA signer, as `openssl cms -sign` makes it.
    func cms(over content: String, to path: String, extra: [String] = []) throws -> String {
        let result = try ProcessRunner.run(
            "openssl",
            [
                "cms", "-sign", "-binary", "-in", content, "-signer", pki.rsaCert, "-inkey", pki.rsaKey, "-certfile",
                pki.chain, "-md", "sha256", "-nosmimecap", "-outform", "DER", "-out", path,
            ] + extra)
        try #require(result.status == 0, "\(result.stderr)")
        return path
    }

    @Test(
        "prepare → openssl cms -sign → complete: valid for signet verify, pdfsig and pyHanko; only /Contents changed",
        arguments: [[], ["--pades", "--strokes", "STROKES", "--name", "Ada Signer", "--page", "1"]])
    func roundTrip(_ extra: [String]) throws {
        let dir = TemporaryDirectory("two-step")
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let strokes = dir.write("sig.json", BatchSupport.strokes(seed: 4, points: 40))
        let prepared = dir.path("prepared.pdf")
        let digestFile = dir.path("digest.bin")
        let options = extra.map { $0 == "STROKES" ? strokes : $0 } + ["--digest-out", digestFile]
        let prep = try Self.prepare(input, prepared, options, in: dir)
        let recomputed = try ProcessRunner.run("openssl", ["dgst", "-sha256", "-r", prep.signedBytes])
        #expect(recomputed.stdoutText.hasPrefix(prep.digest), "\(recomputed.stdoutText) vs \(prep.digest)")
        let digestBytes = try #require(FileManager.default.contents(atPath: digestFile))
        #expect(digestBytes.map { String(format: "%02x", $0) }.joined() == prep.digest)
        #expect(prep.json["visible"] as? Bool == extra.contains("--strokes"))

        let signature = try cms(
            over: prep.signedBytes, to: dir.path("sig.der"), extra: extra.contains("--pades") ? ["-cades"] : [])
        let out = dir.path("signed.pdf")
        let completed = try ProcessRunner.signet(["sign", prepared, "--complete", "--cms", signature, "-o", out])
        #expect(completed.status == 0, "\(completed.stderr)")
        #expect(completed.stdoutText.contains("CN=Ada Signer"), "\(completed.stdoutText)")

        let before = try #require(FileManager.default.contents(atPath: prepared))
        let after = try #require(FileManager.default.contents(atPath: out))
        #expect(before.count == after.count)
        let hole = (prep.byteRange[1] + 1)..<(prep.byteRange[2] - 1)
        let outside = zip(before.indices, zip(before, after)).filter { !hole.contains($0.0) && $0.1.0 != $0.1.1 }
        #expect(outside.isEmpty, "bytes changed outside /Contents at \(outside.prefix(5).map(\.0))")

        try expectValidByEveryTool(out, trust: pki.rootCert)
    }

    @Test("--complete refuses a CMS of other bytes, an attached, too large or broken CMS, and a file not prepared")
    func refusals() throws {
        let dir = TemporaryDirectory("two-step-refusals")
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let prepared = dir.path("prepared.pdf")
        let prep = try Self.prepare(input, prepared, ["--reserve", "1200"], in: dir)
        let other = dir.write("other.bin", "not the prepared bytes")
        let cases: [(String, String, Int32)] = [
            (
                try cms(over: other, to: dir.path("other.der")),
                "the CMS signs another digest than the prepared document's (sha256 \(prep.digest))", 2
            ),
            (
                try cms(over: prep.signedBytes, to: dir.path("attached.der"), extra: ["-nodetach"]),
                "the CMS encapsulates its content", 2
            ),
            (try cms(over: prep.signedBytes, to: dir.path("big.der")), "bytes but only 1200 are reserved", 2),
        ]
        let out = dir.path("out.pdf")
        for (signature, says, status) in cases {
            let result = try ProcessRunner.signet(["sign", prepared, "--complete", "--cms", signature, "-o", out])
            #expect(result.status == status && result.stderr.contains(says), "\(signature): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out), "nothing is written")
        }
        let good = try cms(over: prep.signedBytes, to: dir.path("good.der"))
        // The signature value is the DER's last field: one flipped bit there leaves a well-formed CMS that does not verify.
        var broken = try #require(FileManager.default.contents(atPath: good))
        broken[broken.count - 1] ^= 0x01
        let brokenPath = dir.write("broken.der", bytes: Array(broken))
        let bad = try ProcessRunner.signet(["sign", prepared, "--complete", "--cms", brokenPath, "-o", out])
        #expect(
            bad.status == 2 && bad.stderr.contains("the CMS's signature value does not verify"), "\(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        let notPrepared = try ProcessRunner.signet(["sign", input, "--complete", "--cms", good, "-o", out])
        #expect(
            notPrepared.status == 2 && notPrepared.stderr.contains("is not a prepared PDF"), "\(notPrepared.stderr)")
        let keyGiven = try ProcessRunner.signet(["sign", input, "-o", out, "--prepare", "--p12", pki.rsaP12])
        #expect(keyGiven.status == 2 && keyGiven.stderr.contains("--p12 is not part of two-step signing"))
        let tsaAtPrepare = try ProcessRunner.signet([
            "sign", input, "-o", out, "--prepare", "--tsa", "http://127.0.0.1:1/",
        ])
        #expect(tsaAtPrepare.status == 2 && tsaAtPrepare.stderr.contains("--tsa belongs to --complete"))
    }
}

/// `--complete --tsa --ltv --doc-timestamp`: the CMS made elsewhere gets a signature timestamp from
/// Certomancer's TSA, then the DSS and a document timestamp follow in updates of their own.
@Suite(
    "CLI: two-step signing with a timestamp at --complete",
    .enabled(if: Certomancer.isInstalled, Comment(rawValue: Certomancer.missingNote)))
struct TwoStepTimestampTests {
    @Test("completed with --tsa --ltv --doc-timestamp: a valid signature timestamp, the DSS and a document timestamp")
    func timestamped() throws {
        let pki = try Certomancer.shared
        let dir = TemporaryDirectory("two-step-tsa")
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let image = dir.write("sig.json", BatchSupport.strokes(seed: 6, points: 30))
        let prepared = dir.path("prepared.pdf")
        let prep = try TwoStepSigningCLITests.prepare(
            input, prepared, ["--pades", "--strokes", image, "--name", "Signet Signer"], in: dir)
        let signature = dir.path("sig.der")
        let made = try ProcessRunner.run(
            "openssl",
            [
                "cms", "-sign", "-binary", "-cades", "-in", prep.signedBytes, "-signer", pki.signerCert, "-inkey",
                pki.signerKey, "-certfile", pki.chain, "-md", "sha256", "-nosmimecap", "-outform", "DER", "-out",
                signature,
            ])
        try #require(made.status == 0, "\(made.stderr)")
        let out = dir.path("signed.pdf")
        let completed = try ProcessRunner.signet([
            "sign", prepared, "--complete", "--cms", signature, "-o", out, "--tsa", pki.tsaURL, "--ltv",
            "--doc-timestamp",
        ])
        #expect(completed.status == 0, "\(completed.stderr)")
        #expect(
            completed.stdoutText.contains("timestamped, then DSS with ")
                && completed.stdoutText.contains("then document timestamp in field"), "\(completed.stdoutText)")
        let verified = try ProcessRunner.signet(["verify", out, "--ca", pki.rootCert, "--json"])
        #expect(verified.status == 0, "\(verified.stdoutText)")
        // openssl cms always adds signing-time, which PAdES forbids: the level stays "none", but the
        // signature timestamp is there, valid, and moves the validation time to its own.
        #expect(
            verified.stdoutText.contains("\"kind\":\"signature-timestamp\"")
                && verified.stdoutText.contains("\"validation_time_source\":\"timestamp\""), "\(verified.stdoutText)")
        if SignatureCheckers.hasPyhanko {
            let pyhanko = try ProcessRunner.run(
                "pyhanko", ["sign", "validate", "--force-revinfo", "--trust", pki.rootCert, "--trust-replace", out])
            #expect(pyhanko.stdoutText.contains("INTACT:TRUSTED"), "\(pyhanko.stdoutText) \(pyhanko.stderr)")
            #expect(pyhanko.stdoutText.contains("EXTENDED_WITH_LTA_UPDATES"), "\(pyhanko.stdoutText)")
        }
    }
}
