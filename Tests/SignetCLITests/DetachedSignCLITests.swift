import Foundation
import SignetTestSupport
import Testing

/// `signet sign --detached` and `signet verify --p7s` run as real processes.
@Suite("CLI: detached sign and verify")
struct DetachedSignCLITests {
    let pki = TestPKI.shared
    var env: [String: String] {
        ["SIGNET_TEST_PASS": TestPKI.password, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"]
    }

    func content(_ dir: TemporaryDirectory) -> String {
        var random = SeededRandom(seed: 11)
        return dir.write("data.bin", bytes: (0..<65_537).map { _ in UInt8.random(in: 0...255, using: &random) })
    }

    @Test("each password source signs; openssl cms -verify and signet verify accept the result")
    func passwordSources() throws {
        let dir = TemporaryDirectory()
        let input = content(dir)
        let passFile = dir.write("pass.txt", TestPKI.password + "\n")
        let runs: [(String, [String], [UInt8]?)] = [
            ("env", ["--password-env", "SIGNET_TEST_PASS"], nil),
            ("file", ["--password-file", passFile], nil),
            ("stdin", ["--password-stdin"], Array((TestPKI.password + "\n").utf8)),
        ]
        for (name, passwordArgs, stdin) in runs {
            let sig = dir.path("\(name).p7s")
            let signed = try ProcessRunner.signet(
                ["sign", input, "--detached", sig, "--p12", pki.rsaP12] + passwordArgs, stdin: stdin, environment: env)
            #expect(signed.status == 0, "\(name): \(signed.stderr)")
            let openssl = try ProcessRunner.run(
                "openssl",
                [
                    "cms", "-verify", "-binary", "-inform", "DER", "-in", sig, "-content", input, "-CAfile",
                    pki.rootCert, "-out", "/dev/null",
                ])
            #expect(openssl.status == 0, "\(name): \(openssl.stderr)")
            let verified = try ProcessRunner.signet(["verify", input, "--p7s", sig, "--ca", pki.rootCert])
            #expect(verified.status == 0, "\(name): \(verified.stderr)")
            #expect(verified.stdoutText.contains("signature 1: VALID"))
        }
    }

    @Test("PEM key and certificate with a chain file; --json reports the signer and chain")
    func pemIdentity() throws {
        let dir = TemporaryDirectory()
        let input = content(dir)
        let sig = dir.path("data.p7s")
        let signed = try ProcessRunner.signet(
            [
                "sign", input, "--detached", sig, "--key", pki.ecKey, "--cert", pki.ecCert, "--chain", pki.chain,
                "--json",
            ])
        #expect(signed.status == 0, "\(signed.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(signed.stdout)) as? [String: Any])
        #expect(json["signer"] as? String == "O=Signet Tests,CN=Elliptic Signer")
        #expect((json["chain"] as? [String])?.count == 2)
        let verified = try ProcessRunner.signet(["verify", input, "--p7s", sig, "--ca", pki.rootCert, "--json"])
        #expect(verified.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(verified.stdout)) as? [String: Any])
        let first = try #require((report["signatures"] as? [[String: Any]])?.first)
        #expect(first["trust"] as? String == "trusted")
        #expect(first["integrity"] as? String == "ok")
    }

    @Test("verify: tampered content or another CA exits 3; a corrupt .p7s exits 2")
    func verifyVerdicts() throws {
        let dir = TemporaryDirectory()
        let input = content(dir)
        let sig = dir.path("data.p7s")
        #expect(
            try ProcessRunner.signet(["sign", input, "--detached", sig, "--key", pki.rsaKey, "--cert", pki.rsaCert])
                .status == 0)
        let untrusted = try ProcessRunner.signet(["verify", input, "--p7s", sig, "--ca", pki.otherRootCert])
        #expect(untrusted.status == 3)
        #expect(untrusted.stdoutText.contains("trust: untrusted"))
        var bytes = try Array(Data(contentsOf: URL(fileURLWithPath: input)))
        bytes[1000] ^= 0x20
        let tampered = dir.write("tampered.bin", bytes: bytes)
        let changed = try ProcessRunner.signet(["verify", tampered, "--p7s", sig])
        #expect(changed.status == 3)
        #expect(changed.stdoutText.contains("integrity BROKEN"))
        let corrupt = dir.write(
            "corrupt.p7s", bytes: Array(try Data(contentsOf: URL(fileURLWithPath: sig)).prefix(200)))
        let bad = try ProcessRunner.signet(["verify", input, "--p7s", corrupt])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("not a CMS (PKCS#7) signature"))
    }

    @Test("bad identities: clear sentence, exit 2, no output file, no password echoed")
    func badIdentities() throws {
        let dir = TemporaryDirectory()
        let input = content(dir)
        let secret = "hunter2-\(UUID().uuidString.prefix(6))"
        let wrongEnv = env.merging(["WRONG": secret]) { $1 }
        let cases: [([String], String)] = [
            (["--p12", pki.rsaP12, "--password-env", "WRONG"], "the password does not open it"),
            (["--p12", pki.rsaP12], "no password was given"),
            (
                ["--p12", pki.certsOnlyP12, "--password-env", "SIGNET_TEST_PASS"],
                "holds certificates but no private key"
            ),
            (
                ["--p12", pki.mismatchedP12, "--password-env", "SIGNET_TEST_PASS"],
                "matches none of the 1 certificate(s)"
            ),
            (["--key", pki.ecKey, "--cert", pki.rsaCert], "matches none of the 1 certificate(s)"),
            (
                ["--key", pki.rsaKeyTraditionalEncrypted, "--cert", pki.rsaCert, "--password-env", "WRONG"],
                "the password does not open it"
            ),
            (["--p12", pki.rsaP12, "--key", pki.rsaKey, "--cert", pki.rsaCert], "give either --p12 or --key"),
            (
                ["--p12", pki.rsaP12, "--password-env", "UNSET_VARIABLE_X"],
                "UNSET_VARIABLE_X named by --password-env is not set"
            ),
            (["--p12", pki.rsaP12, "--password-env", "WRONG", "--password-stdin"], "give the password only one way"),
        ]
        for (identityArgs, expected) in cases {
            let out = dir.path("out.p7s")
            for json in [false, true] {
                let result = try ProcessRunner.signet(
                    ["sign", input, "--detached", out] + identityArgs + (json ? ["--json"] : []), environment: wrongEnv)
                #expect(result.status == 2, "\(identityArgs): \(result.stderr)")
                #expect(result.stderr.contains(expected), "\(identityArgs): \(result.stderr)")
                #expect(!result.stderr.contains(secret) && !result.stdoutText.contains(secret))
            }
            #expect(!FileManager.default.fileExists(atPath: out))
        }
        #expect(dir.contents() == ["data.bin"])
    }

    @Test(
        "expired corpus certificate: warning by default, refusal with --strict",
        .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.missingNote)))
    func expiredCertificate() throws {
        let dir = TemporaryDirectory()
        let input = content(dir)
        let p12 = Corpus.path("certs/endesive/demo2_user1.p12")
        let pass = ["ENDESIVE": "1234"]
        let warned = try ProcessRunner.signet(
            ["sign", input, "--detached", dir.path("a.p7s"), "--p12", p12, "--password-env", "ENDESIVE"],
            environment: pass)
        #expect(warned.status == 0)
        #expect(warned.stderr.contains("warning:") && warned.stderr.contains("has expired"))
        let refused = try ProcessRunner.signet(
            ["sign", input, "--detached", dir.path("b.p7s"), "--p12", p12, "--password-env", "ENDESIVE", "--strict"],
            environment: pass)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("drop --strict"))
        #expect(!FileManager.default.fileExists(atPath: dir.path("b.p7s")))
        #expect(!refused.stderr.contains("1234"))
    }
}
