import Foundation
import SignetTestSupport
import Testing

/// Outputs honour the umask (a replaced output keeps its mode), shared secrets files get a warning,
/// and `capture --open` puts no token on a command line.
@Suite("Private files (process)")
struct PrivateFilesTests {
    static let strokes = Corpus.packageRoot.appendingPathComponent("SampleStrokes/signet-amelia-reyes.json").path

    /// Runs `signet ARGS` under `umask MASK` (through /bin/sh, as a shell user would).
    static func signet(umask mask: String, _ arguments: [String]) throws -> ProcessResult {
        let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(
            separator: " ")
        return try ProcessRunner.run("/bin/sh", ["-c", "umask \(mask) && exec '\(ProcessRunner.signet)' \(quoted)"])
    }

    static func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? Int ?? -1) & 0o777
    }

    @Test(
        "outputs are created with the umask applied",
        arguments: [("077", 0o600), ("027", 0o640), ("022", 0o644)])
    func umaskHonoured(_ mask: String, _ expected: Int) throws {
        let dir = TemporaryDirectory("private-umask")
        for name in ["sig.png", "sig.svg", "sig.pdf", "sig.jpg"] {
            var arguments = ["render", Self.strokes, "-o", dir.path(name)]
            if name == "sig.jpg" { arguments += ["--max-bytes", "30kB"] }
            let r = try Self.signet(umask: mask, arguments)
            #expect(r.status == 0, "render -o \(name) under umask \(mask): exit \(r.status), \(r.stderr)")
            let got = try Self.mode(dir.path(name))
            #expect(
                got == expected,
                "\(name) under umask \(mask): mode \(String(got, radix: 8)), expected \(String(expected, radix: 8))")
        }
    }

    @Test("a replaced output keeps its own mode")
    func replacedKeepsMode() throws {
        let dir = TemporaryDirectory("private-replace")
        let out = dir.write("sig.png", "previous contents")
        chmod(out, 0o600)
        let r = try Self.signet(umask: "022", ["render", Self.strokes, "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        let mode = try Self.mode(out)
        #expect(mode == 0o600, "mode \(String(mode, radix: 8)) after replacing a 0600 file")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)).count > 100, "the file was replaced")
    }

    @Test("a password file other users can read gets a warning; a 0600 one does not")
    func sharedSecretsFileWarns() throws {
        let dir = TemporaryDirectory("private-secret")
        let pdf = dir.write("plain.pdf", bytes: GeometryFixture.document())
        let secret = dir.write("password.txt", "not-needed\n")
        chmod(secret, 0o644)
        let shared = try ProcessRunner.signet(["info", pdf, "--password-file", secret])
        #expect(shared.status == 0, "\(shared.stderr)")
        #expect(
            shared.stderr.contains("can be read by other users (mode 644)") && shared.stderr.contains("chmod 600"),
            "stderr: \(shared.stderr)")
        #expect(!shared.stderr.contains("not-needed"), "the secret itself is never printed")
        chmod(secret, 0o600)
        let quiet = try ProcessRunner.signet(["info", pdf, "--password-file", secret])
        #expect(quiet.status == 0 && !quiet.stderr.contains("other users"), "stderr: \(quiet.stderr)")
    }

    @Test("capture --open gives xdg-open a private file:// page, never the tokenised address")
    func captureOpenHidesToken() throws {
        let dir = TemporaryDirectory("private-open")
        let bin = dir.path("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let log = dir.path("xdg-open.log")
        // A stand-in xdg-open: records its arguments, the page's mode and its text.
        let fake = dir.write(
            "bin/xdg-open",
            """
            #!/bin/sh
            page="${1#file://}"
            { echo "ARGS $*"; echo "MODE $(stat -c %a "$page") DIR $(stat -c %a "$(dirname "$page")")"; cat "$page"; } > '\(log)'

            """)
        chmod(fake, 0o755)
        let environment = ProcessInfo.processInfo.environment.merging(["PATH": bin + ":/usr/bin:/bin"]) { $1 }
        let r = try ProcessRunner.run(
            ProcessRunner.signet, ["capture", "-o", dir.path("sig.json"), "--timeout", "3", "--open"],
            environment: environment)
        #expect(r.status == 1, "no signature within the timeout: exit \(r.status), \(r.stderr)")
        let address = try #require(
            r.stderr.split(separator: " ").first { $0.hasPrefix("http://127.0.0.1:") }.map(String.init),
            "the address on stderr: \(r.stderr)")
        let token = try #require(address.split(separator: "/").last.map(String.init), "token in \(address)")
        let recorded = try String(contentsOfFile: log, encoding: .utf8)
        let args = recorded.split(separator: "\n").first { $0.hasPrefix("ARGS ") } ?? ""
        #expect(args.hasPrefix("ARGS file:///") && !args.contains(token), "xdg-open was given: \(args)")
        #expect(recorded.contains("MODE 600 DIR 700"), "page and folder modes: \(recorded)")
        #expect(recorded.contains("url=\(address)"), "the page forwards to \(address): \(recorded)")
        let page = String(args.dropFirst("ARGS file://".count))
        #expect(!FileManager.default.fileExists(atPath: page), "the page is removed when the capture ends")
    }
}
