import Foundation
import SignetTestSupport
import Testing

/// `make install DESTDIR=… PREFIX=/usr/local` and `make uninstall` with the release build already
/// there (`SWIFT=true`, so make's `release` step builds nothing): what lands where, with which mode,
/// and that the installed programs work side by side.
@Suite(
    "make install",
    .enabled(if: ReleaseBinary.available, "no release build: run `swift build -c release` (make test does)"))
struct InstallTests {
    @Test("installs the programs, a page per command and both completions under DESTDIR/PREFIX; uninstall removes them")
    func installAndUninstall() throws {
        let dir = TemporaryDirectory("make-install")
        let root = dir.path("root")
        let make = [
            "-C", Corpus.packageRoot.path, "--no-print-directory", "SWIFT=true", "DESTDIR=\(root)", "PREFIX=/usr/local",
        ]
        let install = try ProcessRunner.run("make", make + ["install"])
        try #require(
            install.status == 0, "make install exited \(install.status):\n\(install.stdoutText)\(install.stderr)")

        let commands = try HelpListing.commands()
        var expected: [String: Int] = [
            "usr/local/bin/signet": 0o755, "usr/local/bin/signet-preview": 0o755,
            "usr/local/share/man/man1/signet.1.gz": 0o644,
            "usr/local/share/bash-completion/completions/signet": 0o644,
            "usr/local/share/zsh/site-functions/_signet": 0o644,
        ]
        for command in commands { expected["usr/local/share/man/man1/signet-\(command).1.gz"] = 0o644 }
        let found = try Self.files(under: root)
        #expect(
            found == expected,
            "installed \(found.sorted { $0.key < $1.key }), expected \(expected.sorted { $0.key < $1.key })")

        // The installed signet finds the installed signet-preview next to it, and the pages are its own.
        let signet = root + "/usr/local/bin/signet"
        let preview = try ProcessRunner.run(signet, ["preview", "--help"])
        #expect(
            preview.status == 0 && preview.stdoutText.contains("poppler"),
            "installed signet preview --help: \(preview.stderr)")
        let gzipped = root + "/usr/local/share/man/man1/signet-preview.1.gz"
        // The installed pages carry the last commit's date (Tools/install.sh sets SOURCE_DATE_EPOCH),
        // not today's: compared with today's page, the test failed whenever the last commit was not
        // made today (UTC).
        let committed = try ProcessRunner.run("git", ["-C", Corpus.packageRoot.path, "log", "-1", "--format=%ct"])
        let epoch = committed.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(committed.status == 0 && Int(epoch) != nil, "git log: \(committed.stderr)")
        var environment = ProcessInfo.processInfo.environment
        environment["SOURCE_DATE_EPOCH"] = epoch
        let page = try ProcessRunner.run(signet, ["preview", "--man"], environment: environment)
        try Self.checkGzip(gzipped, holds: page.stdoutText)

        let uninstall = try ProcessRunner.run("make", make + ["uninstall"])
        #expect(uninstall.status == 0, "make uninstall exited \(uninstall.status): \(uninstall.stderr)")
        let left = try Self.files(under: root)
        #expect(left.isEmpty, "left after make uninstall: \(left.keys.sorted())")
    }

    /// `gzip -9n`: no file name and no time stamp in the header (RFC 1952: FLG bit 3, MTIME zero), so
    /// two installs give the same bytes; it unpacks to `text`; and man reads it as it is.
    static func checkGzip(_ path: String, holds text: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        try #require(
            bytes.count > 10 && bytes[0] == 0x1F && bytes[1] == 0x8B, "\(path) is not gzip: \(bytes.prefix(4))")
        #expect(
            bytes[3] & 0x08 == 0 && bytes[4..<8].allSatisfy { $0 == 0 } && bytes[8] == 2,
            "\(path) header \(bytes.prefix(10).map { String($0, radix: 16) }): wanted no name, MTIME 0, XFL 2 (-9)")
        let unpacked = try ProcessRunner.run("gzip", ["-dc", path])
        #expect(unpacked.stdoutText == text, "gzip -dc \(path) is not `signet preview --man`")
        try #require(ProcessRunner.hasTool("man"), "man is not installed (man-db)")
        let shown = try ProcessRunner.run("man", ["-l", path])
        #expect(
            shown.status == 0 && shown.stdoutText.contains("SYNOPSIS") && shown.stdoutText.contains("preview"),
            "man -l \(path): exit \(shown.status), \(shown.stdoutText.prefix(200)) \(shown.stderr)")
    }

    /// Every regular file under `root` (relative path) with its permission bits.
    static func files(under root: String) throws -> [String: Int] {
        var files: [String: Int] = [:]
        guard let walk = FileManager.default.enumerator(atPath: root) else { return [:] }
        for case let path as String in walk {
            let attributes = try FileManager.default.attributesOfItem(atPath: root + "/" + path)
            guard attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            files[path] = (attributes[.posixPermissions] as? Int).map { $0 & 0o7777 }
        }
        return files
    }
}
