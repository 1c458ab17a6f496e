import Foundation
import SignetTestSupport
import Testing

/// What only some commands need is loaded when they use it, not at start-up: a `signet` run
/// without an HTTP request never maps libcurl (nor what it pulls in: GnuTLS, Kerberos, LDAP…),
/// and one that opens no PDF never maps libqpdf (nor GnuTLS and its chain).
@Suite("Libraries loaded at start-up")
struct LoadedLibrariesTests {
    /// The shared objects the dynamic loader opens for `signet ARGUMENTS` (its LD_DEBUG=files
    /// trace), and the run's exit status.
    static func loaded(_ arguments: [String], stdin: [UInt8]? = nil) throws -> (files: [String], status: Int32) {
        var environment = ProcessInfo.processInfo.environment
        environment["LD_DEBUG"] = "files"
        let result = try ProcessRunner.signet(arguments, stdin: stdin, environment: environment)
        let files = result.stderr.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "file=") else { return nil }
            return line[range.upperBound...].split(separator: " ").first.map(String.init)
        }
        try #require(
            !files.isEmpty, "LD_DEBUG=files printed no file= lines for \(arguments); the loader trace is needed here")
        return (files, result.status)
    }

    @Test("signet starts without libcurl and libqpdf", arguments: ["libcurl", "libqpdf", "libgnutls"])
    func notAtStartUp(library: String) throws {
        let run = try Self.loaded(["--version"])
        try #require(run.status == 0, "signet --version exited with \(run.status)")
        let found = run.files.filter { $0.contains(library) }
        #expect(
            found.isEmpty,
            "loaded at start-up: \(found), among \(Set(run.files).count) libraries: \(Set(run.files).sorted())")
    }

    /// The control: opening a PDF loads libqpdf (the trace would show it), and the command works.
    @Test("a PDF command loads libqpdf when it opens the file")
    func qpdfWhenNeeded() throws {
        let run = try Self.loaded(["info", "-"], stdin: TestPDF.bytes())
        try #require(run.status == 0, "signet info - (a one-page PDF) exited with \(run.status)")
        #expect(run.files.contains { $0.contains("libqpdf") }, "libqpdf not among \(Set(run.files).sorted())")
    }

    /// A libqpdf that cannot be loaded (an empty file found first on LD_LIBRARY_PATH) is a clear
    /// failure of the PDF command, exit 1, while a command without a PDF still runs.
    @Test("a libqpdf that cannot be loaded fails the PDF command, not the start")
    func qpdfMissing() throws {
        let dir = TemporaryDirectory("signet-no-qpdf")
        for name in ["libqpdf.so.29", "libqpdf.so"] { _ = dir.write(name, bytes: []) }
        var environment = ProcessInfo.processInfo.environment
        environment["LD_LIBRARY_PATH"] = dir.url.path
        let version = try ProcessRunner.signet(["--version"], environment: environment)
        #expect(version.status == 0, "signet --version without a loadable libqpdf: \(version.stderr)")
        let info = try ProcessRunner.signet(["info", "-"], stdin: TestPDF.bytes(), environment: environment)
        #expect(info.status == 1, "exit \(info.status); stderr: \(info.stderr)")
        #expect(info.stderr.contains("libqpdf could not be loaded"), "stderr: \(info.stderr)")
    }
}
