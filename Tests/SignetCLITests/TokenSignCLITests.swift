import Foundation
import SignetTestSupport
import Testing

/// `signet sign` with keys on a SoftHSM2 token (`--pkcs11-module/-token/-key`), run as real
/// processes and judged by signet verify, pdfsig, pyHanko and openssl cms. Serialized: SoftHSM2's
/// file store is not safe for several processes at once (see ``SoftHSMToken/shared``).
@Suite(
    "CLI: signing with PKCS#11 token keys", .serialized,
    .enabled(if: SoftHSMToken.missing == nil, Comment(rawValue: SoftHSMToken.missing ?? "")))
struct TokenSignCLITests {
    let pki = TestPKI.shared
    var env: [String: String] {
        (SoftHSMToken.shared?.environment ?? [:]).merging(["SIGNET_TEST_PIN": SoftHSMToken.pin]) { $1 }
    }

    /// Each key the token holds, as the signer name it gives and the extra options.
    struct KeyCase: Sendable, CustomTestStringConvertible {
        var key: String
        var extra: [String]
        var subject: String
        var algorithm: String
        var testDescription: String { "\(key)\(extra.isEmpty ? "" : " " + extra.joined(separator: " "))" }
    }

    static let keys: [KeyCase] = [
        KeyCase(key: SoftHSMToken.rsaKey, extra: [], subject: "Ada Signer", algorithm: "rsaEncryption"),
        KeyCase(key: SoftHSMToken.rsaKey, extra: ["--pss"], subject: "Ada Signer", algorithm: "rsassaPss"),
        KeyCase(key: SoftHSMToken.p256Key, extra: [], subject: "Elliptic Signer", algorithm: "ecdsa-with-SHA256"),
        KeyCase(key: SoftHSMToken.p384Key, extra: [], subject: "Token P-384 Signer", algorithm: "ecdsa-with-SHA256"),
    ]

    @Test("embedded PDF signature with each token key: signet verify, pdfsig and pyHanko say valid", arguments: keys)
    func pdf(_ key: KeyCase) throws {
        let dir = TemporaryDirectory()
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let out = dir.path("signed.pdf")
        let signed = try ProcessRunner.signet(
            ["sign", input, "-o", out, "--json"] + SoftHSMToken.options(key: key.key) + key.extra, environment: env)
        #expect(signed.status == 0, "\(signed.stderr)")
        #expect(signed.stdoutText.contains(key.subject))
        try expectValidByEveryTool(out, trust: pki.rootCert)
    }

    @Test(
        "detached signature with each token key: openssl cms -verify accepts it, with the token's chain",
        arguments: keys)
    func detached(_ key: KeyCase) throws {
        let dir = TemporaryDirectory()
        let input = dir.write("data.txt", String(repeating: "token-signed content\n", count: 500))
        let sig = dir.path("data.p7s")
        let signed = try ProcessRunner.signet(
            ["sign", input, "--detached", sig] + SoftHSMToken.options(key: key.key) + key.extra, environment: env)
        #expect(signed.status == 0, "\(signed.stderr)")
        let openssl = try Self.opensslVerify(sig, content: input, ca: pki.rootCert)
        #expect(openssl.status == 0, "\(openssl.stderr)")
        let printed = try Self.opensslPrint(sig)
        #expect(
            printed.stdoutText.contains("signatureAlgorithm: \n          algorithm: \(key.algorithm)"),
            "\(printed.stdoutText)")
        #expect(printed.stdoutText.contains("Signet Test Intermediate"), "the chain comes from the token")
    }

    @Test("a key without a certificate on the token signs with --cert and --chain, also with CKA_ALWAYS_AUTHENTICATE")
    func certificateFromFile() throws {
        let dir = TemporaryDirectory()
        let input = dir.write("data.txt", "content\n")
        let sig = dir.path("data.p7s")
        let token = try #require(SoftHSMToken.shared)
        let missing = try ProcessRunner.signet(
            ["sign", input, "--detached", sig] + SoftHSMToken.options(key: SoftHSMToken.bareKey), environment: env)
        #expect(missing.status == 2 && missing.stderr.contains("give it with --cert CERT.pem"), "\(missing.stderr)")
        // The bare key's own certificate: self-signed, made from its public key by the token fixture.
        let signed = try ProcessRunner.signet(
            ["sign", input, "--detached", sig, "--cert", token.bareCert, "--chain", pki.rootCert]
                + SoftHSMToken.options(key: SoftHSMToken.bareKey),
            environment: env)
        #expect(signed.status == 0, "\(signed.stderr)")
        let openssl = try Self.opensslVerify(sig, content: input, ca: token.bareCert)
        #expect(openssl.status == 0, "\(openssl.stderr)")
        #expect(
            try Self.opensslPrint(sig).stdoutText.contains("Signet Test Root"), "the --chain certificate is carried")
        // The same key stored with CKA_ALWAYS_AUTHENTICATE: each signature logs in once more.
        let always = try ProcessRunner.signet(
            ["sign", input, "--detached", sig, "--cert", token.bareCert]
                + SoftHSMToken.options(key: SoftHSMToken.alwaysAuthKey),
            environment: env)
        #expect(always.status == 0, "\(always.stderr)")
        #expect(try Self.opensslVerify(sig, content: input, ca: token.bareCert).status == 0)
    }

    static func opensslVerify(_ signature: String, content: String, ca: String) throws -> ProcessResult {
        try ProcessRunner.run(
            "openssl",
            [
                "cms", "-verify", "-binary", "-inform", "DER", "-in", signature, "-content", content, "-CAfile", ca,
                "-out", "/dev/null",
            ])
    }

    static func opensslPrint(_ signature: String) throws -> ProcessResult {
        try ProcessRunner.run("openssl", ["cms", "-cmsout", "-print", "-inform", "DER", "-in", signature])
    }

    /// A refusal: the options, the exit code and what the one line must say.
    struct Refusal: Sendable, CustomTestStringConvertible {
        var name: String
        var options: [String]
        var status: Int32
        var says: [String]
        var testDescription: String { name }
    }

    static let module = SoftHSMToken.module, label = SoftHSMToken.label
    static let refusals: [Refusal] = [
        Refusal(
            name: "wrong PIN",
            options: [
                "--pkcs11-module", module, "--pkcs11-token", label, "--pkcs11-key", SoftHSMToken.rsaKey, "--pin-env",
                "WRONG_PIN",
            ],
            status: 2, says: ["the PIN is wrong", "check what --pin-env VAR, --pin-file FILE or --pin-stdin supplies"]),
        Refusal(
            name: "unknown token label lists the labels",
            options: [
                "--pkcs11-module", module, "--pkcs11-token", "Nope", "--pkcs11-key", SoftHSMToken.rsaKey, "--pin-env",
                "SIGNET_TEST_PIN",
            ],
            status: 2, says: ["has no token labelled 'Nope'", "the tokens present are '\(label)'"]),
        Refusal(
            name: "unknown key label lists the key labels",
            options: [
                "--pkcs11-module", module, "--pkcs11-token", label, "--pkcs11-key", "nobody", "--pin-env",
                "SIGNET_TEST_PIN",
            ],
            status: 2,
            says: [
                "has no private key labelled 'nobody'",
                "its private keys are '\(SoftHSMToken.rsaKey)', '\(SoftHSMToken.alwaysAuthKey)', '\(SoftHSMToken.bareKey)', '\(SoftHSMToken.p256Key)', '\(SoftHSMToken.p384Key)'",
            ]),
        Refusal(
            name: "module not loadable",
            options: [
                "--pkcs11-module", "/nonexistent/libnothing.so", "--pkcs11-token", label, "--pkcs11-key", "k",
                "--pin-env", "SIGNET_TEST_PIN",
            ],
            status: 2, says: ["cannot be loaded as a PKCS#11 module", "libnothing.so"]),
        Refusal(
            name: "no PIN given",
            options: ["--pkcs11-module", module, "--pkcs11-token", label, "--pkcs11-key", SoftHSMToken.rsaKey],
            status: 2, says: ["needs the user PIN", "--pin-env VAR"]),
        Refusal(
            name: "PSS with an EC key",
            options: SoftHSMToken.options(key: SoftHSMToken.p256Key) + ["--pss"],
            status: 2, says: ["RSASSA-PSS is an RSA padding", "drop --pss"]),
        Refusal(
            name: "a PIN on the command line is not an option (and is not echoed)",
            options: SoftHSMToken.options(key: SoftHSMToken.rsaKey) + ["--pin", SoftHSMToken.pin],
            status: 2, says: ["--pin"]),
        Refusal(
            name: "a key file's password with a token key",
            options: SoftHSMToken.options(key: SoftHSMToken.rsaKey) + ["--password-env", "SIGNET_TEST_PIN"],
            status: 2, says: ["--password-env is for key files"]),
    ]

    @Test("refusals name what to do, exit 2, write nothing and never show the PIN", arguments: refusals)
    func refusal(_ refusal: Refusal) throws {
        let dir = TemporaryDirectory()
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let out = dir.path("signed.pdf")
        let result = try ProcessRunner.signet(
            ["sign", input, "-o", out] + refusal.options, environment: env.merging(["WRONG_PIN": "0000-wrong"]) { $1 })
        #expect(result.status == refusal.status, "\(result.stderr)")
        for phrase in refusal.says { #expect(result.stderr.contains(phrase), "\(result.stderr)") }
        #expect(!FileManager.default.fileExists(atPath: out), "no output file")
        #expect(!result.stderr.contains(SoftHSMToken.pin) && !result.stdoutText.contains(SoftHSMToken.pin))
    }

    @Test("the PIN from standard input or a file: never in the process's arguments, never printed")
    func pinNeverOnArgv() throws {
        let dir = TemporaryDirectory()
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let pinFile = dir.write("pin.txt", SoftHSMToken.pin + "\n")
        let fromFile = try ProcessRunner.signet(
            ["sign", input, "-o", dir.path("file.pdf"), "--json"]
                + SoftHSMToken.options(key: SoftHSMToken.rsaKey).dropLast(2)
                + ["--pin-file", pinFile], environment: env)
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        #expect(!fromFile.stdoutText.contains(SoftHSMToken.pin) && !fromFile.stderr.contains(SoftHSMToken.pin))

        // While signet waits for the PIN on standard input, the kernel's view of its arguments holds no PIN.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ProcessRunner.signet)
        process.arguments =
            ["sign", input, "-o", dir.path("stdin.pdf")] + SoftHSMToken.options(key: SoftHSMToken.rsaKey).dropLast(2)
            + ["--pin-stdin"]
        process.environment = env
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        var cmdline = Data()
        for _ in 0..<50 where cmdline.isEmpty {
            cmdline =
                (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(process.processIdentifier)/cmdline"))) ?? Data()
            if cmdline.isEmpty { usleep(20_000) }
        }
        let arguments = String(decoding: cmdline, as: UTF8.self).split(separator: "\0").map(String.init)
        #expect(arguments.contains("--pin-stdin"), "read the running process's arguments: \(arguments)")
        #expect(!arguments.contains { $0.contains(SoftHSMToken.pin) })
        stdin.fileHandleForWriting.write(Data((SoftHSMToken.pin + "\n").utf8))
        try stdin.fileHandleForWriting.close()
        let output =
            stdout.fileHandleForReading.readDataToEndOfFile() + stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(String(decoding: output, as: UTF8.self))")
        #expect(!String(decoding: output, as: UTF8.self).contains(SoftHSMToken.pin))
        #expect(try SignatureCheckers.pdfsig(dir.path("stdin.pdf")).first?.validation == "Signature is Valid.")
    }
}
