import Foundation
import SignetTestSupport
import Testing

/// Hostile or broken `--external-signer` commands: a flood on standard error, terminal escapes and
/// secrets on it (Signet quotes none of it), a flood on standard output, a child that keeps the pipe open after the
/// shell exits; and what the command sees (the digest on standard input, no secret of Signet's).
@Suite("CLI: external signer under attack")
struct ExternalSignerAttackTests {
    let pki = TestPKI.shared

    func sign(_ command: String, extra: [String] = [], in dir: TemporaryDirectory) throws -> ProcessResult {
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        return try ProcessRunner.signet(
            ["sign", input, "-o", dir.path("signed.pdf"), "--external-signer", command, "--cert", pki.rsaCert]
                + extra)
    }

    @Test("20 MB on standard error: the message counts it and quotes none of it")
    func standardErrorFlood() throws {
        let dir = TemporaryDirectory("external-stderr-flood")
        let result = try sign("head -c 20000000 /dev/zero | tr '\\0' x >&2; exit 4", in: dir)
        #expect(result.status == 1, "\(result.stderr.prefix(500))")
        #expect(result.stderr.contains("exited with status 4"), "\(result.stderr.prefix(500))")
        #expect(
            result.stderr.contains("after writing 20000000 bytes on standard error"), "\(result.stderr.prefix(500))")
        #expect(result.stderr.utf8.count < 1000, "signet's message is \(result.stderr.utf8.count) bytes long")
        #expect(!FileManager.default.fileExists(atPath: dir.path("signed.pdf")))
    }

    @Test("a signer that echoes its PIN on standard error: the message quotes nothing of it; 2>>FILE keeps it")
    func echoedSecret() throws {
        let dir = TemporaryDirectory("external-echoed-secret")
        let log = dir.path("signer.log")
        let result = try sign("echo 'login failed with PIN 4711-secret' >&2; exit 3", in: dir)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            !result.stderr.contains("4711-secret"), "the signer's secret reached Signet's message: \(result.stderr)")
        #expect(
            result.stderr.contains("exited with status 3 after writing 34 bytes on standard error")
                && result.stderr.contains("end the command with 2>>FILE"), "\(result.stderr)")
        let kept = try sign("{ echo 'login failed with PIN 4711-secret' >&2; exit 3; } 2>>'\(log)'", in: dir)
        #expect(kept.status == 1 && kept.stderr.contains("exited with status 3 and printed no error"), "\(kept.stderr)")
        let text = try String(contentsOfFile: log, encoding: .utf8)
        #expect(text == "login failed with PIN 4711-secret\n", "the signer's own log holds \(text)")
    }

    @Test("terminal escapes in the signer's error output are not passed to the terminal")
    func terminalEscapes() throws {
        let dir = TemporaryDirectory("external-escapes")
        let result = try sign("printf 'denied \\033]0;title\\007\\033[2J here\\n' >&2; exit 5", in: dir)
        #expect(result.status == 1, "\(result.stderr)")
        let bytes = Array(result.stderr.utf8)
        #expect(!bytes.contains(0x1B) && !bytes.contains(0x07), "control bytes reached the output: \(bytes)")
        #expect(!result.stderr.contains("denied") && !result.stderr.contains("title"), "\(result.stderr)")
    }

    @Test("already safe: 50 MB on standard output is cut and refused as a wrong signature")
    func standardOutputFlood() throws {
        let dir = TemporaryDirectory("external-stdout-flood")
        let result = try sign("head -c 50000000 /dev/zero", in: dir)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("-byte answer is not a rsa-pkcs1 signature"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("signed.pdf")))
    }

    @Test("already safe: a child in its own session keeps standard output open; the timeout still ends the wait")
    func detachedChild() throws {
        let dir = TemporaryDirectory("external-detached")
        let result = try sign(
            "setsid sleep 5 & echo detached >&2; exit 0", extra: ["--external-timeout", "0.5"], in: dir)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "gave no answer within 0.5 seconds and was stopped after writing 9 bytes on standard error"),
            "\(result.stderr)")
    }

    @Test("already safe: the command gets the digest on standard input; the PDF password is on no argv or environment")
    func whatTheCommandSees() throws {
        let dir = TemporaryDirectory("external-sees")
        let password = "pdf-user-Secret-71"
        let input = try encryptedPDF(in: dir, password: password)
        let passwordFile = dir.write("pdf-password.txt", password + "\n")
        let seen = dir.path("seen.txt")
        let signer = ExternalSignerStandIn(in: dir, key: pki.rsaKey)
        // The script records its arguments, environment and standard input's size, then signs.
        let command =
            "{ echo \"args: $0 $*\"; env; tr -d '\\n' < /proc/$$/cmdline; echo; ps -o args= -p $PPID; } > '\(seen)'; \(signer.command)"
        let result = try ProcessRunner.signet([
            "sign", input, "-o", dir.path("signed.pdf"), "--external-signer", command, "--cert", pki.rsaCert,
            "--pdf-password-file", passwordFile,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOfFile: seen, encoding: .utf8)
        #expect(!text.contains(password), "the PDF password reached the command:\n\(text)")
        #expect(text.contains("SIGNET_DIGEST_ALGORITHM=sha256"), "\(text)")
        #expect(signer.runs == ["sha256 rsa-pkcs1"], "the digest was signed once: \(signer.runs)")
    }
}

/// What descriptors the `--external-signer` command inherits from Signet.
@Suite("CLI: external signer's inherited descriptors")
struct ExternalSignerDescriptorTests {
    @Test("the command inherits no descriptor of Signet's but its standard input, output and error")
    func descriptors() throws {
        let dir = TemporaryDirectory("external-fds")
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let seen = dir.path("fds.txt")
        let signer = ExternalSignerStandIn(in: dir, key: TestPKI.shared.rsaKey)
        // The shell's own descriptors (its script, saved copies) are the same with or without Signet:
        // the test looks only for the files Signet and its libraries opened.
        let command = "for f in /proc/$$/fd/*; do readlink \"$f\"; done > '\(seen)'; \(signer.command)"
        let result = try ProcessRunner.signet([
            "sign", input, "-o", dir.path("signed.pdf"), "--external-signer", command, "--cert", TestPKI.shared.rsaCert,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let links = try String(contentsOfFile: seen, encoding: .utf8)
        #expect(!links.contains("in.pdf") && !links.contains("signed.pdf"), "inherited:\n\(links)")
    }
}

/// What environment the `--external-signer` command sees.
@Suite("CLI: external signer's environment")
struct ExternalSignerEnvironmentTests {
    @Test("the variable --pdf-password-env names is removed from the command's environment")
    func pdfPasswordVariableHidden() throws {
        let dir = TemporaryDirectory("external-env")
        let password = "pdf-user-Secret-73"
        let input = try encryptedPDF(in: dir, password: password)
        let seen = dir.path("env.txt")
        let signer = ExternalSignerStandIn(in: dir, key: TestPKI.shared.rsaKey)
        let result = try ProcessRunner.signet(
            [
                "sign", input, "-o", dir.path("signed.pdf"), "--external-signer", "env > '\(seen)'; \(signer.command)",
                "--cert", TestPKI.shared.rsaCert, "--pdf-password-env", "ATTACK_PDF_PW",
            ],
            environment: [
                "ATTACK_PDF_PW": password, "OTHER_VAR": "kept",
                "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOfFile: seen, encoding: .utf8)
        #expect(!text.contains(password), "the PDF password reached the command:\n\(text)")
        #expect(text.contains("OTHER_VAR=kept"), "the rest of the environment is passed on:\n\(text)")
    }
}

/// A one-page PDF encrypted with AES-256 under the user password `password`: `dir`'s `in.pdf`.
private func encryptedPDF(in dir: TemporaryDirectory, password: String) throws -> String {
    let plain = try TestPDF.write(to: dir.path("plain.pdf"))
    let input = dir.path("in.pdf")
    let encrypted = try ProcessRunner.run(
        "qpdf", ["--encrypt", password, "owner-\(password)", "256", "--", plain, input])
    try #require(encrypted.status == 0, "\(encrypted.stderr)")
    return input
}
