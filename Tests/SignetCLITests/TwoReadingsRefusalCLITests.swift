import Foundation
import SignetTestSupport
import Testing

/// Every command that writes a signature or stamp into a PDF refuses an input that reads two ways
/// (a page whose graphics state defines its fill opacity twice: one reader shows the square, another
/// hides it) before writing anything, as `capture --pdf` does: exit 2, one sentence naming the input
/// and what reads two ways, no output, the input's bytes as they were. Run on the debug and the
/// release binary.
@Suite("CLI: sign, stamp, pipeline and timestamp refuse a document that reads two ways")
struct TwoReadingsRefusalCLITests {
    let pki = TestPKI.shared

    /// (case, arguments after the binary; `IN` stands for the input, `OUT` for the output)
    static let commands: [(String, [String])] = [
        ("sign", ["sign", "IN", "-o", "OUT"]),
        ("sign, visible", ["sign", "IN", "-o", "OUT", "--strokes", SealedEvidenceCLITests.pad]),
        ("sign --prepare", ["sign", "IN", "-o", "OUT", "--prepare"]),
        ("stamp", ["stamp", "IN", "-o", "OUT", "--image", "STAMP"]),
        ("pipeline", ["pipeline", SealedEvidenceCLITests.pad, "--pdf", "IN", "-o", "OUT"]),
        ("pipeline, signed", ["pipeline", SealedEvidenceCLITests.pad, "--pdf", "IN", "-o", "OUT", "--sign"]),
        // Refused before the authority is asked: nothing listens at this address.
        ("timestamp", ["timestamp", "IN", "-o", "OUT", "--tsa", "http://127.0.0.1:9/tsr"]),
    ]

    static let cases: [(String, [String], String)] = commands.flatMap { c in
        VocabularyCLITests.binaries.map { (c.0, c.1, $0) }
    }

    /// The options that give `signet` a key: `sign` and `pipeline --sign` take them.
    var identity: [String] { ["--key", pki.rsaKey, "--cert", pki.rsaCert, "--chain", pki.chain] }

    func arguments(_ template: [String], input: String, output: String, stamp: String) -> [String] {
        let signs = template.first == "sign" && !template.contains("--prepare") || template.contains("--sign")
        return template.compactMap { word -> String? in
            switch word {
            case "IN": input
            case "OUT": output
            case "STAMP": stamp
            case "--sign": nil
            default: word
            }
        } + (signs ? identity : [])
    }

    @Test("the input is refused before anything is written", arguments: cases)
    func refused(_ name: String, _ template: [String], _ binary: String) throws {
        let dir = TemporaryDirectory("two-readings-refused")
        let input = dir.write("two-ways.pdf", bytes: SealedEvidenceCLITests.ambiguousPDF())
        let stamp = dir.write("stamp.png", bytes: TestStamp.png())
        let before = dir.contents()
        let r = try ProcessRunner.run(
            binary, arguments(template, input: input, output: dir.path("out.pdf"), stamp: stamp))
        let command = template[0]
        #expect(
            CLIRefusal.problems(
                r, command: command, message: "\(input): the document reads two ways (", folder: dir, before: before)
                == [], "\(name) (\(binary))")
        #expect(
            r.stderr.contains("defines /ca twice with different values") && r.stderr.contains("qpdf IN.pdf OUT.pdf"),
            "\(name) (\(binary)): the refusal names what reads two ways and what to do: \(r.stderr)")
        let kept = byteDifference(
            Array(try Data(contentsOf: URL(fileURLWithPath: input))), SealedEvidenceCLITests.ambiguousPDF())
        #expect(kept == nil, "\(name) (\(binary)): the input is untouched: \(kept ?? "")")
    }

    /// The advice holds: qpdf's rewrite of the file reads one way, and is signed.
    @Test("the same document rewritten by qpdf is signed, and verify calls the signature valid")
    func rewrittenIsSigned() throws {
        let dir = TemporaryDirectory("two-readings-rewritten")
        let input = dir.write("two-ways.pdf", bytes: SealedEvidenceCLITests.ambiguousPDF())
        let rewritten = dir.path("one-way.pdf")
        let qpdf = try ProcessRunner.run("qpdf", [input, rewritten])
        #expect([0, 3].contains(qpdf.status), "qpdf rewrites it (3: with warnings): \(qpdf.stderr)")
        let signed = try ProcessRunner.signet(["sign", rewritten, "-o", dir.path("signed.pdf")] + identity)
        #expect(signed.status == 0, "signet sign: \(signed.stderr)")
        let verify = try ProcessRunner.signet(["verify", dir.path("signed.pdf"), "--ca", pki.rootCert])
        #expect(verify.status == 0, "signet verify: \(verify.stdoutText) \(verify.stderr)")
    }

    /// (command, arguments after the binary with `-` as the PDF, what the message says after
    /// "standard input: "). `info` renames the errors of what it reads as the signing commands do.
    static let fromStandardInput: [(String, [String], String)] = [
        ("info", ["info", "-"], "not a PDF"),
        ("stamp", ["stamp", "-", "-o", "OUT", "--image", "STAMP"], "the document reads two ways ("),
        ("sign", ["sign", "-", "-o", "OUT"], "the document reads two ways ("),
        (
            "pipeline", ["pipeline", SealedEvidenceCLITests.pad, "--pdf", "-", "-o", "OUT"],
            "the document reads two ways ("
        ),
    ]

    @Test("a refusal of standard input names it so, never its temporary copy", arguments: fromStandardInput)
    func standardInput(_ command: String, _ template: [String], _ says: String) throws {
        let dir = TemporaryDirectory("two-readings-stdin")
        let stamp = dir.write("stamp.png", bytes: TestStamp.png())
        let bytes: [UInt8] =
            command == "info" ? Array("plain text, not a PDF\n".utf8) : SealedEvidenceCLITests.ambiguousPDF()
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = dir.path("")
        let r = try ProcessRunner.signet(
            arguments(template, input: "-", output: dir.path("out.pdf"), stamp: stamp), stdin: bytes,
            environment: environment)
        #expect(
            CLIRefusal.problems(r, command: command, message: "signet \(command): standard input: \(says)") == [],
            "\(command)")
        #expect(!r.stderr.contains(dir.path("")) && !r.stderr.contains("/tmp"), "no temporary path: \(r.stderr)")
        #expect(dir.contents() == ["stamp.png"], "\(command): no output, the spooled copy removed: \(dir.contents())")
    }
}
