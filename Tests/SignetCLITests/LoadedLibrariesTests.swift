import Foundation
import SignetTestSupport
import Testing

/// What only some commands need is loaded when they use it, not at start-up: a `signet` run
/// without an HTTP request never maps libcurl (nor what it pulls in: GnuTLS, Kerberos, LDAP…).
@Suite("Libraries loaded at start-up")
struct LoadedLibrariesTests {
    /// The shared objects the dynamic loader opens for `signet --version` (its LD_DEBUG=files trace).
    static func loadedAtStartUp() throws -> [String] {
        var environment = ProcessInfo.processInfo.environment
        environment["LD_DEBUG"] = "files"
        let result = try ProcessRunner.signet(["--version"], environment: environment)
        try #require(result.status == 0, "signet --version: \(result.stderr)")
        return result.stderr.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: "file=") else { return nil }
            return line[range.upperBound...].split(separator: " ").first.map(String.init)
        }
    }

    @Test("signet starts without libcurl")
    func noCurlAtStartUp() throws {
        let loaded = try Self.loadedAtStartUp()
        try #require(!loaded.isEmpty, "LD_DEBUG=files printed no file= lines; the loader trace is needed here")
        let curl = loaded.filter { $0.contains("libcurl") }
        #expect(
            curl.isEmpty, "loaded at start-up: \(curl), among \(Set(loaded).count) libraries: \(Set(loaded).sorted())")
    }
}
