import Foundation
import SignetTestSupport
import Testing

/// What environment the programs `signet` starts see: `signet-preview` (verify's overlay check,
/// capture's page), `xdg-open` (`capture --open`) and the `--external-signer` command. Each is a
/// stand-in script that records its environment; none may see a variable a `*-env` option named,
/// nor its value, and every other variable reaches it.
@Suite("CLI: the environment of the programs signet starts")
struct ChildEnvironmentTests {
    let pki = TestPKI.shared

    /// The PDF password the tests give through a variable (the PDFs are not encrypted: it is read all the same).
    static let pdfSecret = "pdf-Secret-4472"

    /// The environment `signet` runs with: the secrets, a harmless variable, and `path` (or the tests' PATH).
    static func environment(_ secrets: [String: String], path: String? = nil) -> [String: String] {
        secrets.merging([
            "OTHER_VAR": "kept", "PATH": path ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        ]) { $1 }
    }

    /// A shell line that writes the environment to `file` whole (a reader never sees half of it).
    static func recordEnvironment(to file: String) -> String { "env > '\(file).part' && mv '\(file).part' '\(file)'" }

    /// What a stand-in recorded in `file`, waiting for it a while (`xdg-open` is not waited for).
    static func recorded(_ file: String) -> String? {
        for _ in 0..<200 {
            if let text = try? String(contentsOfFile: file, encoding: .utf8) { return text }
            usleep(50_000)
        }
        return nil
    }

    /// Which of `secrets` (name or value) `text` mentions, and whether the harmless variable is missing.
    static func problems(_ text: String, _ secrets: [String: String]) -> [String] {
        var found = secrets.flatMap { [$0.key, $0.value] }.filter { text.contains($0) }.sorted()
        if !text.contains("OTHER_VAR=kept") { found.append("OTHER_VAR=kept is missing") }
        return found
    }

    /// A copy of `signet` in `dir`/bin with an executable `signet-preview` script beside it (which
    /// the copy runs instead of the real one) running `body`; the copy's path.
    static func signetBeside(preview body: String, in dir: TemporaryDirectory) throws -> String {
        let bin = dir.path("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let copy = bin + "/signet"
        try FileManager.default.copyItem(atPath: ProcessRunner.signet, toPath: copy)
        let preview = dir.write("bin/signet-preview", "#!/bin/sh\n\(body)\n")
        chmod(preview, 0o755)
        return copy
    }

    /// A PDF signed by `signet sign`, then stamped by `signet stamp` (an annotation the overlay
    /// check compares): its path in `dir`.
    static func signedThenStamped(in dir: TemporaryDirectory, pki: TestPKI) throws -> String {
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let signed = dir.path("signed.pdf"), stamped = dir.path("stamped.pdf")
        let s = try ProcessRunner.signet(
            ["sign", input, "-o", signed, "--p12", pki.rsaP12, "--password-env", "PASS"],
            environment: environment(["PASS": TestPKI.password]))
        try #require(s.status == 0, "signet sign: \(s.stderr)")
        let stamp = dir.write("stamp.png", bytes: TestStamp.png())
        let t = try ProcessRunner.signet(["stamp", signed, "-o", stamped, "--image", stamp])
        try #require(t.status == 0, "signet stamp: \(t.stderr)")
        return stamped
    }

    @Test("verify's overlay check: signet-preview runs without the variable --password-env names")
    func verifyPreview() throws {
        let dir = TemporaryDirectory("child-env-verify")
        let stamped = try Self.signedThenStamped(in: dir, pki: pki)
        let seen = dir.path("preview-env.txt")
        let signet = try Self.signetBeside(preview: Self.recordEnvironment(to: seen) + "; exit 1", in: dir)
        // The same secret under another name is the same secret.
        let secrets = ["PDF_SECRET": Self.pdfSecret, "PDF_SECRET_COPY": Self.pdfSecret]
        let r = try ProcessRunner.run(
            signet, ["verify", "--no-trust", "--password-env", "PDF_SECRET", stamped],
            environment: Self.environment(secrets))
        #expect(r.stdoutText.contains("signet-preview failed"), "the stand-in ran and failed: \(r.stdoutText)")
        let text = try #require(Self.recorded(seen), "signet-preview never ran: \(r.stdoutText)\(r.stderr)")
        #expect(Self.problems(text, secrets) == [], "what signet-preview saw:\n\(text)")
    }

    @Test("capture --pdf --open: signet-preview and xdg-open run without the key's or the PDF's variable")
    func capturePreviewAndBrowser() throws {
        if let missing = CaptureSigner.previewMissing { return print(missing) }
        let dir = TemporaryDirectory("child-env-capture")
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let page = dir.write("page.png", bytes: TestStamp.png(width: 100, height: 130))
        let previewSeen = dir.path("preview-env.txt"), browserSeen = dir.path("browser-env.txt")
        // The stand-in answers the page image; what poppler resolves (compared before the page is
        // shown) comes from the real signet-preview, which gets the document on descriptor 3 too.
        let real = URL(fileURLWithPath: ProcessRunner.signet).deletingLastPathComponent()
            .appendingPathComponent("signet-preview").path
        let signet = try Self.signetBeside(
            preview: Self.recordEnvironment(to: previewSeen)
                + "; case \"$*\" in *--objects*) exec '\(real)' \"$@\";; esac; cat '\(page)'", in: dir)
        let fakes = dir.path("fakes")
        try FileManager.default.createDirectory(atPath: fakes, withIntermediateDirectories: true)
        chmod(dir.write("fakes/xdg-open", "#!/bin/sh\n\(Self.recordEnvironment(to: browserSeen))\n"), 0o755)
        let path = "\(fakes):\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")"
        let secrets = ["KEY_SECRET": TestPKI.password, "PDF_SECRET": Self.pdfSecret]
        let r = try ProcessRunner.run(
            signet,
            [
                "capture", "--pdf", input, "-o", dir.path("out.pdf"), "--p12", pki.rsaP12, "--password-env",
                "KEY_SECRET", "--pdf-password-env", "PDF_SECRET", "--open", "--timeout", "1",
            ], environment: Self.environment(secrets, path: path))
        #expect(
            r.stderr.contains("signet capture: sign page 1 of in.pdf at http://"), "the page was served: \(r.stderr)")
        let preview = try #require(Self.recorded(previewSeen), "signet-preview never ran: \(r.stderr)")
        #expect(Self.problems(preview, secrets) == [], "what signet-preview saw:\n\(preview)")
        let browser = try #require(Self.recorded(browserSeen), "xdg-open never ran: \(r.stderr)")
        #expect(Self.problems(browser, secrets) == [], "what xdg-open saw:\n\(browser)")
    }
}

/// The `--external-signer` command, with a timestamp authority whose credentials come from a variable.
@Suite(
    "CLI: the environment of the external signer command with a timestamp authority",
    .enabled(if: Certomancer.isInstalled, Comment(rawValue: Certomancer.missingNote)))
struct ExternalSignerTimestampEnvironmentTests {
    @Test(
        "sign --external-signer --tsa: the command runs without the variables --tsa-credentials-env and --pdf-password-env name"
    )
    func externalSigner() throws {
        let pki = TestPKI.shared
        let dir = TemporaryDirectory("child-env-external")
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let seen = dir.path("signer-env.txt")
        let signer = ExternalSignerStandIn(in: dir, key: pki.rsaKey)
        let secrets = [
            "TSA_SECRET": "\(Certomancer.tsaUser):\(Certomancer.tsaPassword)",
            "PDF_SECRET": ChildEnvironmentTests.pdfSecret,
        ]
        let r = try ProcessRunner.signet(
            [
                "sign", input, "-o", dir.path("signed.pdf"), "--external-signer",
                "\(ChildEnvironmentTests.recordEnvironment(to: seen)); \(signer.command)", "--cert", pki.rsaCert,
                "--pdf-password-env", "PDF_SECRET", "--tsa", try Certomancer.shared.fakeURL("basic-auth"),
                "--tsa-credentials-env", "TSA_SECRET", "--tsa-allow-plain-http-credentials",
            ], environment: ChildEnvironmentTests.environment(secrets))
        #expect(r.status == 0, "signet sign: \(r.stderr)")
        #expect(signer.runs == ["sha256 rsa-pkcs1"], "the command signed once: \(signer.runs)")
        let text = try #require(ChildEnvironmentTests.recorded(seen), "the command never ran: \(r.stderr)")
        #expect(ChildEnvironmentTests.problems(text, secrets) == [], "what the command saw:\n\(text)")
    }
}
