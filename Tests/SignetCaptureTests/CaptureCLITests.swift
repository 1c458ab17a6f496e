import SignetTestSupport
import Testing

/// `signet capture`'s usage errors, before anything is served: exit 2 and one line.
@Suite struct CaptureCLITests {
    /// (case, arguments, what stderr says)
    static let refusals: [(String, [String], String)] = [
        ("no output", [], "-o FILE"),
        ("unknown output type", ["-o", "sig.txt"], "name it .json, .png, .svg or .pdf"),
        ("port out of range", ["-o", "sig.png", "--port", "70000"], "--port"),
        ("zero timeout", ["-o", "sig.png", "--timeout", "0"], "--timeout"),
        ("bad render option", ["-o", "sig.png", "--scale", "0"], "--scale"),
        ("a positional", ["strokes.json", "-o", "sig.png"], "capture"),
        ("placement without --pdf", ["-o", "sig.png", "--at", "10,10"], "give --pdf"),
        ("identity without --pdf", ["-o", "sig.png", "--p12", "id.p12"], "give --pdf"),
        ("--pdf from standard input", ["--pdf", "-", "-o", "out.pdf"], "needs a file"),
        ("--pdf without -o", ["--pdf", "in.pdf"], "-o OUT.pdf"),
        ("--pdf with a budget", ["--pdf", "in.pdf", "-o", "out.pdf", "--max-bytes", "9KiB"], "vector ink"),
        ("--pdf with --no-crop", ["--pdf", "in.pdf", "-o", "out.pdf", "--no-crop"], "vector ink"),
        ("signature text without an identity", ["--pdf", "in.pdf", "-o", "out.pdf", "--name", "A"], "--p12 FILE"),
    ]

    @Test(arguments: refusals)
    func refused(_ name: String, _ arguments: [String], _ says: String) throws {
        let r = try ProcessRunner.run(ProcessRunner.signet, ["capture"] + arguments)
        #expect(r.status == 2, "\(name): exit \(r.status): \(r.stderr)")
        #expect(r.stderr.contains(says), "\(name): \(r.stderr)")
        #expect(!r.stderr.contains("sign at"), "\(name): the page was served")
    }

    @Test func helpListsTheSecurityRules() throws {
        let r = try ProcessRunner.run(ProcessRunner.signet, ["capture", "--help"])
        #expect(r.status == 0)
        #expect(r.stdoutText.contains("one-time") && r.stdoutText.contains("--timeout"))
    }
}
