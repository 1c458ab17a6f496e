import Foundation
import SignetTestSupport
import Testing

/// One password path for every command: a password that opens a file for `info` opens it for
/// `stamp` and `preview` too, in every form `PDFPassword` tries (as given, SASLprep-normalised,
/// Latin-1), on AES-128 (R4) and AES-256 (R6) files.
@Suite("PDF passwords, the same for every command")
struct PDFPasswordCLITests {
    struct Case: Sendable, CustomTestStringConvertible {
        var label: String
        /// qpdf's key length: "128" (R4, AES) or "256" (R6).
        var bits: String
        /// The user password the file is encrypted with, and the one given to Signet.
        var encrypted: String, given: String
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(label: "R4, æøå", bits: "128", encrypted: "æøå", given: "æøå"),
        Case(label: "R6, æøå", bits: "256", encrypted: "æøå", given: "æøå"),
        Case(label: "R6, composed é given decomposed", bits: "256", encrypted: "caf\u{E9}", given: "cafe\u{301}"),
        Case(label: "R6, ASCII", bits: "256", encrypted: "view", given: "view"),
    ]

    /// Commands that open a PDF with `--password-env`; `pipeline` names it `--pdf-password-env`.
    static let commands = ["info", "stamp", "preview", "verify"]

    static func arguments(_ command: String, _ input: String, _ dir: TemporaryDirectory) -> [String] {
        switch command {
        case "stamp":
            return [
                "stamp", input, "-o", dir.path("out.pdf"), "--image",
                dir.write("s.png", bytes: TestStamp.png(width: 60, height: 20)),
            ]
        case "preview": return ["preview", input, "-o", dir.path("out.png"), "--width", "40"]
        case "pipeline":
            return [
                "pipeline", dir.write("s.json", #"{"strokes":[[[0,0],[40,20],[80,5]]]}"#), "--pdf", input, "-o",
                dir.path("out.pdf"),
            ]
        default: return [command, input]
        }
    }

    /// A one-page PDF encrypted by qpdf; qpdf stores an R4 password as PDFDocEncoding bytes
    /// (`--password-mode=auto`) and an R6 one as UTF-8, exactly as given.
    static func encrypted(_ c: Case, in dir: TemporaryDirectory) throws -> String {
        let plain = try TestPDF.write(to: dir.path("plain.pdf"))
        let out = dir.path("locked.pdf")
        var args = ["--encrypt", c.encrypted, "owner-\(c.bits)", c.bits]
        if c.bits == "128" { args.append("--use-aes=y") }
        let r = try ProcessRunner.run("qpdf", args + ["--", plain, out])
        #expect(r.status == 0, "\(r.stderr)")
        return out
    }

    @Test("the password opens the file for every command", arguments: cases, commands + ["pipeline"])
    func opens(_ c: Case, _ command: String) throws {
        let dir = TemporaryDirectory("pdf-password")
        let input = try Self.encrypted(c, in: dir)
        let option = command == "pipeline" ? "--pdf-password-env" : "--password-env"
        let r = try ProcessRunner.signet(
            Self.arguments(command, input, dir) + [option, "PW"], environment: ["PW": c.given])
        // verify opens the file and then finds no signature in it (exit 2, nothing to verify; the
        // message says so, not a password error).
        #expect(r.status == (command == "verify" ? 2 : 0), "\(command): \(r.stderr)")
        if command == "verify" { #expect(r.stderr.contains("contains no signatures"), "\(r.stderr)") }
    }

    @Test("the password from standard input opens the file for every command", arguments: commands + ["pipeline"])
    func fromStandardInput(_ command: String) throws {
        let dir = TemporaryDirectory("pdf-password-stdin")
        let c = Self.cases[1]
        let input = try Self.encrypted(c, in: dir)
        let option = command == "pipeline" ? "--pdf-password-stdin" : "--password-stdin"
        let r = try ProcessRunner.signet(
            Self.arguments(command, input, dir) + [option], stdin: Array((c.given + "\n").utf8))
        #expect(r.status == (command == "verify" ? 2 : 0), "\(command) \(option): \(r.stderr)")
        if command == "verify" { #expect(r.stderr.contains("contains no signatures"), "\(r.stderr)") }
        #expect(!r.stderr.contains(c.given) && !r.stdoutText.contains(c.given), "the password is never printed")
    }

    @Test("a wrong or missing password is refused in the same words by every command", arguments: commands)
    func refused(_ command: String) throws {
        let dir = TemporaryDirectory("pdf-password-wrong")
        let input = try Self.encrypted(Self.cases[1], in: dir)
        let files = dir.contents()
        let wrong = try ProcessRunner.signet(
            Self.arguments(command, input, dir) + ["--password-env", "PW"], environment: ["PW": "æøa"])
        #expect(
            CLIRefusal.problems(
                wrong, command: command,
                message: "\(input): the password is wrong (it is neither the user nor the owner password)") == [])
        let none = try ProcessRunner.signet(Self.arguments(command, input, dir))
        #expect(
            CLIRefusal.problems(
                none, command: command,
                message:
                    "\(input): the file is encrypted and needs a password; give it with --password-env VAR, --password-file FILE or --password-stdin."
            ) == [])
        #expect(dir.contents().filter { !files.contains($0) && $0 != "s.png" } == [], "nothing written")
    }

    @Test("a truncated PDF is refused in the same words by every command", arguments: commands)
    func truncated(_ command: String) throws {
        let dir = TemporaryDirectory("pdf-truncated")
        let good = TestPDF.bytes()
        let input = dir.write("cut.pdf", bytes: Array(good.prefix(good.count / 2)))
        let r = try ProcessRunner.signet(Self.arguments(command, input, dir))
        #expect(
            CLIRefusal.problems(
                r, command: command, message: "\(input): the file is truncated (it does not end with %%EOF)") == [])
    }
}
