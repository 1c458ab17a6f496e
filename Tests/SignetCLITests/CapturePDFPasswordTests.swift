import Foundation
import SignetTestSupport
import Testing

/// `signet capture --pdf` on an encrypted PDF: the password options of `sign` open it for the
/// page shown (signet-preview gets it on its standard input) and for the stamp, which keeps the
/// encryption. The signer is played by Python posting the strokes as the page would.
@Suite("CLI: capture --pdf of an encrypted PDF")
struct CapturePDFPasswordTests {
    /// Starts `signet ARGUMENTS` with `stdin` on its standard input, reads the page's address from
    /// its first stderr line, posts `strokes` there with the page's Origin, and waits for the end;
    /// a submission the page refuses gives `answer` "STATUS: its text".
    static let signer = #"""
        import json, re, subprocess, sys, urllib.error, urllib.request
        exe, stdin, strokes = sys.argv[1], sys.argv[2].encode(), sys.argv[3].encode()
        p = subprocess.Popen([exe] + sys.argv[4:], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE)
        p.stdin.write(stdin)
        p.stdin.close()
        first = p.stderr.readline().decode()
        found = re.search(r"(http://127\.0\.0\.1:(\d+))/[^/ ]+/", first)
        answer = ""
        if found:
            request = urllib.request.Request(found.group(0) + "submit", data=strokes, method="POST",
                                             headers={"Origin": found.group(1), "Content-Type": "application/json"})
            try:
                answer = urllib.request.urlopen(request, timeout=120).read().decode()
            except urllib.error.HTTPError as refused:
                answer = "%d: %s" % (refused.code, refused.read().decode())
        p.stdin = None  # already closed: communicate must not flush it
        out, err = p.communicate(timeout=300)
        print(json.dumps({"status": p.returncode, "stdout": out.decode(), "stderr": first + err.decode(),
                          "answer": answer}))
        """#

    @Test("--pdf-password-stdin opens the page and the stamp; the output stays encrypted")
    func encryptedPage() throws {
        let preview = URL(fileURLWithPath: ProcessRunner.signet).deletingLastPathComponent()
            .appendingPathComponent("signet-preview").path
        guard FileManager.default.isExecutableFile(atPath: preview) else {
            print("skipped: \(preview) is not built (swift build --build-tests builds it)")
            return
        }
        let dir = TemporaryDirectory("capture-encrypted")
        let input = try PDFPasswordCLITests.encrypted(PDFPasswordCLITests.cases[3], in: dir)
        let out = dir.path("signed.pdf")
        let refused = try ProcessRunner.signet(["capture", "--pdf", input, "-o", out, "--timeout", "5"])
        #expect(
            CLIRefusal.problems(
                refused, command: "capture",
                message:
                    "\(input): the PDF is encrypted and needs a password; give it with --pdf-password-env VAR, --pdf-password-file FILE or --pdf-password-stdin"
            ) == [])
        let r = try ProcessRunner.run(
            "python3",
            [
                "-c", Self.signer, ProcessRunner.signet, "view\n", #"{"strokes":[[[0,0],[40,20],[80,5]]]}"#,
                "capture", "--pdf", input, "-o", out, "--pdf-password-stdin", "--timeout", "120",
            ])
        #expect(r.status == 0, "python3: \(r.stderr)")
        let run = try JSONSerialization.jsonObject(with: Data(r.stdout)) as? [String: Any] ?? [:]
        #expect(run["status"] as? Int == 0, "signet capture: \(run)")
        #expect(!(run["stderr"] as? String ?? "").contains("view\n"), "the password is never printed")
        let opened = try ProcessRunner.run("qpdf", ["--password=view", "--check", out])
        #expect(opened.status == 0, "qpdf --check with the password: \(opened.stdoutText) \(opened.stderr)")
        let locked = try ProcessRunner.run("qpdf", ["--check", out])
        #expect(locked.status != 0, "the output still needs the password")
    }
}
