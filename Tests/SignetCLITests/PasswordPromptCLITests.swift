import Foundation
import SignetTestSupport
import Testing

/// Passwords asked at a terminal, as openssl and pyHanko ask: `signet` run on a pseudo-terminal
/// (Python's `pty`), the prompt answered as a person would.
@Suite("CLI: passwords asked at the terminal with echo off")
struct PasswordPromptCLITests {
    let pki = TestPKI.shared
    /// An AES-256 PDF whose password appears in no other text the commands print.
    static let locked = PDFPasswordCLITests.Case(
        label: "prompted", bits: "256", encrypted: "pr0mpt-typed", given: "pr0mpt-typed")

    /// The transcript's problems as a list (empty when the run asked each of `prompts` with echo
    /// off, succeeded, never showed `secrets`, and left echo on).
    func problems(_ t: TerminalTranscript, prompts: [String], secrets: [String]) -> [String] {
        var found: [String] = []
        if t.exitCode != 0 { found.append("exit \(t.exitCode.map(String.init) ?? "by signal \(t.signal ?? -1)")") }
        if t.prompts != prompts { found.append("prompts \(t.prompts), wanted \(prompts)") }
        if t.echoOffAtPrompt.contains(false) { found.append("echo was on at a prompt") }
        if t.echoOnAfter != true { found.append("echo not on after the run") }
        for secret in secrets where t.transcript.contains(secret) { found.append("the terminal showed '\(secret)'") }
        return found
    }

    @Test("an encrypted key's and an encrypted PDF's passwords are asked, one after the other, and sign")
    func keyAndPDF() throws {
        let dir = TemporaryDirectory("prompt-sign")
        let input = try PDFPasswordCLITests.encrypted(Self.locked, in: dir)
        let out = dir.path("signed.pdf")
        let t = try TerminalSession.run(
            ProcessRunner.signet, ["sign", input, "-o", out, "--key", pki.rsaKeyPKCS8Encrypted, "--cert", pki.rsaCert],
            answers: [.line(TestPKI.password), .line(Self.locked.given)])
        #expect(
            problems(
                t, prompts: ["Password for \(pki.rsaKeyPKCS8Encrypted): ", "Password for \(input): "],
                secrets: [TestPKI.password, Self.locked.given]) == [], "\(t)")
        #expect(t.transcript.contains("signed \(input) → \(out)"), "\(t)")
        let check = try ProcessRunner.run("qpdf", ["--password=\(Self.locked.given)", "--check", out])
        #expect(check.status == 0, "qpdf --check on the signed output: \(check.stderr)")
    }

    @Test(
        "a PDF's password is asked by stamp, info, verify and preview",
        arguments: ["stamp", "info", "verify", "preview"])
    func pdfCommands(_ command: String) throws {
        let dir = TemporaryDirectory("prompt-\(command)")
        let input = try PDFPasswordCLITests.encrypted(Self.locked, in: dir)
        let t = try TerminalSession.run(
            ProcessRunner.signet, PDFPasswordCLITests.arguments(command, input, dir),
            answers: [.line(Self.locked.given)])
        var found = problems(t, prompts: ["Password for \(input): "], secrets: [Self.locked.given])
        // verify opens the file and then finds no signature in it (exit 2, not a password error).
        if command == "verify", t.exitCode == 2, t.transcript.contains("contains no signatures") {
            found.removeAll { $0 == "exit 2" }
        }
        #expect(found == [], "\(command): \(t)")
    }

    @Test(
        "a token's PIN is asked when no --pin-* option gives it",
        .enabled(if: SoftHSMToken.missing == nil, Comment(rawValue: SoftHSMToken.missing ?? "")))
    func tokenPIN() throws {
        let token = try #require(SoftHSMToken.shared)
        let dir = TemporaryDirectory("prompt-pin")
        let input = dir.write("data.txt", "signed with a PIN typed at the terminal\n")
        let options = SoftHSMToken.options(key: SoftHSMToken.p256Key).dropLast(2)
        let t = try TerminalSession.run(
            ProcessRunner.signet, ["sign", input, "--detached", dir.path("data.p7s")] + options,
            answers: [.line(SoftHSMToken.pin)], environment: token.environment)
        #expect(
            problems(
                t, prompts: ["PIN for token '\(SoftHSMToken.label)' of \(SoftHSMToken.module): "],
                secrets: [SoftHSMToken.pin]) == [], "\(t)")
        #expect(FileManager.default.fileExists(atPath: dir.path("data.p7s")), "\(t)")
    }

    @Test("Ctrl-C at the prompt ends the run by SIGINT with echo back on and nothing written")
    func interrupted() throws {
        let dir = TemporaryDirectory("prompt-interrupt")
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let out = dir.path("signed.pdf")
        let t = try TerminalSession.run(
            ProcessRunner.signet, ["sign", input, "-o", out, "--p12", pki.rsaP12], answers: [.interrupt])
        #expect(t.prompts == ["Password for \(pki.rsaP12): "], "\(t)")
        #expect(t.echoOffAtPrompt == [true], "\(t)")
        #expect(t.signal == SIGINT, "\(t)")
        #expect(t.echoOnAfter == true, "\(t)")
        #expect(!FileManager.default.fileExists(atPath: out), "nothing written")
    }

    @Test("Ctrl-D at the prompt: exit 2 saying so, echo back on, nothing written")
    func endOfInput() throws {
        let dir = TemporaryDirectory("prompt-eof")
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let out = dir.path("signed.pdf")
        let t = try TerminalSession.run(
            ProcessRunner.signet, ["sign", input, "-o", out, "--p12", pki.rsaP12], answers: [.endOfInput])
        #expect(t.exitCode == 2 && t.echoOffAtPrompt == [true] && t.echoOnAfter == true, "\(t)")
        #expect(
            t.transcript.contains(
                "signet sign: Password for \(pki.rsaP12): the terminal ended (Ctrl-D) before Enter"), "\(t)")
        #expect(!FileManager.default.fileExists(atPath: out), "nothing written")
    }

    @Test("a wrong answer fails as a wrong option does; without a terminal nothing is asked")
    func wrongAndNoTerminal() throws {
        let dir = TemporaryDirectory("prompt-wrong")
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let out = dir.path("signed.pdf")
        let t = try TerminalSession.run(
            ProcessRunner.signet, ["sign", input, "-o", out, "--p12", pki.rsaP12], answers: [.line("not-it")])
        #expect(t.exitCode == 2, "\(t)")
        #expect(t.transcript.contains("the password does not open it"), "\(t)")
        #expect(!t.transcript.contains("not-it"), "\(t)")
        let piped = try ProcessRunner.signet(["sign", input, "-o", out, "--p12", pki.rsaP12])
        #expect(
            CLIRefusal.problems(
                piped, command: "sign",
                message:
                    "\(pki.rsaP12): is encrypted and no password was given; give it with --password-env VAR, --password-file FILE or --password-stdin."
            ) == [])
    }
}
