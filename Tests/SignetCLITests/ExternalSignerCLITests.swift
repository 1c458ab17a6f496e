import Foundation
import SignetTestSupport
import Testing

/// `signet sign --external-signer COMMAND --cert CERT`, run as real processes with an `openssl
/// pkeyutl` stand-in for the command, judged by signet verify, pdfsig, pyHanko and openssl cms.
@Suite("CLI: signing with an external signer command")
struct ExternalSignerCLITests {
    let pki = TestPKI.shared

    /// A key the stand-in signs with, and what Signet must ask of it.
    struct KeyCase: Sendable, CustomTestStringConvertible {
        var rsa: Bool
        var extra: [String] = []
        var rawECDSA = false
        var asked: String
        var testDescription: String { asked + (rawECDSA ? " (r‖s answer)" : "") }
    }

    static let keys: [KeyCase] = [
        KeyCase(rsa: true, asked: "sha256 rsa-pkcs1"),
        KeyCase(rsa: true, extra: ["--pss"], asked: "sha256 rsa-pss"),
        KeyCase(rsa: false, asked: "sha256 ecdsa"),
        KeyCase(rsa: false, rawECDSA: true, asked: "sha256 ecdsa"),
    ]

    func options(_ key: KeyCase, _ signer: ExternalSignerStandIn) -> [String] {
        ["--external-signer", signer.command, "--cert", key.rsa ? pki.rsaCert : pki.ecCert, "--chain", pki.chain]
            + key.extra
    }

    func standIn(_ key: KeyCase, in dir: TemporaryDirectory) -> ExternalSignerStandIn {
        ExternalSignerStandIn(in: dir, key: key.rsa ? pki.rsaKey : pki.ecKey, rawECDSA: key.rawECDSA)
    }

    @Test("embedded PDF signature: the command runs once; signet verify, pdfsig and pyHanko say valid", arguments: keys)
    func pdf(_ key: KeyCase) throws {
        let dir = TemporaryDirectory("external-pdf")
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let out = dir.path("signed.pdf")
        let signer = standIn(key, in: dir)
        let signed = try ProcessRunner.signet(["sign", input, "-o", out] + options(key, signer))
        #expect(signed.status == 0, "\(signed.stderr)")
        #expect(signer.runs == [key.asked], "one run per signature, asked for \(key.asked): \(signer.runs)")
        try expectValidByEveryTool(out, trust: pki.rootCert)
    }

    @Test("detached signature: openssl cms -verify accepts it", arguments: keys)
    func detached(_ key: KeyCase) throws {
        let dir = TemporaryDirectory("external-detached")
        let input = dir.write("data.txt", String(repeating: "externally signed\n", count: 300))
        let sig = dir.path("data.p7s")
        let signer = standIn(key, in: dir)
        let signed = try ProcessRunner.signet(["sign", input, "--detached", sig] + options(key, signer))
        #expect(signed.status == 0, "\(signed.stderr)")
        #expect(signer.runs == [key.asked], "\(signer.runs)")
        let openssl = try ProcessRunner.run(
            "openssl",
            [
                "cms", "-verify", "-binary", "-inform", "DER", "-in", sig, "-content", input, "-CAfile", pki.rootCert,
                "-out", "/dev/null",
            ])
        #expect(openssl.status == 0, "\(openssl.stderr)")
    }

    @Test("visible signature by signet pipeline, and one command run per sign job of signet batch")
    func pipelineAndBatch() throws {
        let dir = TemporaryDirectory("external-pipeline")
        let key = Self.keys[2]
        let signer = standIn(key, in: dir)
        let strokes = dir.write("sig.json", BatchSupport.strokes(seed: 3, points: 40))
        let pdf = try TestPDF.write(to: dir.path("in.pdf"))
        let piped = dir.path("piped.pdf")
        let result = try ProcessRunner.signet(
            ["pipeline", strokes, "--pdf", pdf, "-o", piped, "--max-bytes", "8KiB"] + options(key, signer))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(signer.runs.count == 1, "\(signer.runs)")
        let pdfsig = try SignatureCheckers.pdfsig(piped)
        #expect(pdfsig.first?.validation == "Signature is Valid.", "\(pdfsig)")

        let jobs: [[String: Any]] = (1...3).map { n in
            [
                "op": "sign", "input": pdf, "output": dir.path("batch\(n).pdf"), "external-signer": signer.command,
                "cert": pki.ecCert, "chain": pki.chain,
            ]
        }
        let list = dir.write("jobs.ndjson", BatchSupport.lines(jobs))
        let batch = try ProcessRunner.signet(["batch", list, "--jobs", "2"])
        #expect(batch.status == 0, "\(batch.stdoutText)\n\(batch.stderr)")
        #expect(signer.runs.count == 4, "1 pipeline run + 3 batch jobs: \(signer.runs)")
        for n in 1...3 {
            let verified = try ProcessRunner.signet(["verify", dir.path("batch\(n).pdf"), "--ca", pki.rootCert])
            #expect(verified.status == 0, "batch\(n).pdf: \(verified.stdoutText)")
        }
    }

    /// A command that fails in some way: what the one line must say; nothing may be written.
    struct Failure: Sendable, CustomTestStringConvertible {
        var name: String
        var command: String
        var extra: [String] = []
        var status: Int32
        var says: String
        var testDescription: String { name }
    }

    static let failures: [Failure] = [
        Failure(
            name: "non-zero exit", command: "echo 'AccessDenied: no key alias/signing' >&2; exit 3", status: 1,
            says:
                "external signer 'echo': exited with status 3 after writing 35 bytes on standard error, not shown here"
        ),
        Failure(
            name: "timeout", command: "echo waiting >&2; sleep 30", extra: ["--external-timeout", "0.5"], status: 1,
            says:
                "external signer 'echo': gave no answer within 0.5 seconds and was stopped after writing 8 bytes on standard error, not shown here"
        ),
        Failure(
            name: "empty answer", command: "cat > /dev/null", status: 1,
            says:
                "external signer 'cat': exited with status 0 but wrote no signature on its standard output and printed no error"
        ),
        Failure(
            name: "garbage answer", command: "head -c 256 /dev/zero", status: 2,
            says:
                "external signer 'head': its 256-byte answer is not a rsa-pkcs1 signature of the digest by the key of certificate"
        ),
    ]

    @Test(
        "a failing command: one sentence naming its exit and how much it wrote on standard error; no output",
        arguments: failures)
    func failing(_ failure: Failure) throws {
        let dir = TemporaryDirectory("external-failing")
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let out = dir.path("signed.pdf")
        let result = try ProcessRunner.signet(
            ["sign", input, "-o", out, "--external-signer", failure.command, "--cert", pki.rsaCert] + failure.extra)
        #expect(result.status == failure.status, "\(result.stderr)")
        #expect(result.stderr.contains(failure.says), "expected '\(failure.says)' in: \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out), "nothing is written")
        #expect(dir.contents().sorted() == ["in.pdf"], "\(dir.contents())")
    }

    @Test("a command signing with another key (EC) than the certificate's (RSA) is refused; nothing is written")
    func wrongKey() throws {
        let dir = TemporaryDirectory("external-wrong-key")
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let out = dir.path("signed.pdf")
        let signer = ExternalSignerStandIn(in: dir, key: pki.ecKey)
        let result = try ProcessRunner.signet(
            ["sign", input, "-o", out, "--external-signer", signer.command, "--cert", pki.rsaCert])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(
            result.stderr.contains("is not a rsa-pkcs1 signature of the digest by the key of certificate"),
            "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("usage: --external-signer needs --cert and takes no key file or secret")
    func usage() throws {
        let dir = TemporaryDirectory("external-usage")
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let cases: [([String], String)] = [
            (["--external-signer", "true"], "--external-signer needs --cert CERT.pem"),
            (
                ["--external-signer", "true", "--cert", pki.rsaCert, "--p12", pki.rsaP12],
                "--p12 names a key or its secret"
            ),
            (["--external-timeout", "5", "--p12", pki.rsaP12], "--external-timeout goes with --external-signer"),
        ]
        for (extra, says) in cases {
            let result = try ProcessRunner.signet(["sign", input, "-o", dir.path("out.pdf")] + extra)
            #expect(result.status == 2 && result.stderr.contains(says), "\(extra): \(result.stderr)")
        }
    }
}
