import Foundation

/// Signet's test PKI served by Certomancer's Animator on 127.0.0.1 (Tests/Fixtures/certomancer):
/// a timestamp authority, an OCSP responder and CRLs for root and intermediate, whose URLs the
/// certificates carry; plus misbehaving TSAs under /fake/ for refusal tests. One instance per test
/// process, started on first use with a free port; it exits when its standard input, a pipe this
/// process holds, closes: when the test process exits, however it exits.
package final class Certomancer: @unchecked Sendable {
    /// The password of `signerP12` and `revokedP12`.
    package static let p12Password = "Certo-p12-Pass"
    /// The password (basic auth, user `signet`) or bearer token the /fake/basic-auth and
    /// /fake/bearer authorities want.
    package static let tsaUser = "signet"
    package static let tsaPassword = "tsa-S3cret-9f2c"

    /// The folder holding the PKI's files, written by the launcher.
    package let folder: TemporaryDirectory
    /// `http://127.0.0.1:PORT`, the prefix of every URL the certificates carry.
    package let baseURL: String
    private let process: Process
    /// The launcher's standard input: never written, open for as long as this process lives.
    private let lifeline = Pipe()

    /// The real timestamp authority (critical timeStamping EKU, issued by the root).
    package var tsaURL: String { "\(baseURL)/signet/tsa/tsa" }
    /// The intermediate's OCSP responder (delegated, OCSPSigning EKU).
    package var ocspURL: String { "\(baseURL)/signet/ocsp/interm" }
    /// The latest CRL of `issuer` (`root` or `interm`).
    package func crlURL(_ issuer: String) -> String { "\(baseURL)/signet/crls/\(issuer)/latest.crl" }
    /// A misbehaving TSA: bad-nonce, bad-imprint, rejection, http-500, wrong-type, no-eku, basic-auth, bearer.
    package func fakeURL(_ name: String) -> String { "\(baseURL)/fake/\(name)" }

    package var rootCert: String { folder.path("root.pem") }
    package var intermediateCert: String { folder.path("interm.pem") }
    /// Intermediate then root, as a `--chain` file.
    package var chain: String { folder.path("chain.pem") }
    package var signerCert: String { folder.path("signer.pem") }
    package var signerKey: String { folder.path("signer.key") }
    /// The signer's key, certificate and chain (password `p12Password`).
    package var signerP12: String { folder.path("signer.p12") }
    /// A signer revoked on 2024-01-01 (key compromise).
    package var revokedCert: String { folder.path("revoked.pem") }
    package var revokedKey: String { folder.path("revoked.key") }
    package var revokedP12: String { folder.path("revoked.p12") }
    package var tsaCert: String { folder.path("tsa.pem") }
    package var ocspCert: String { folder.path("ocsp.pem") }

    /// The `--p12` arguments and environment that sign as the Certomancer signer.
    package var signerArguments: [String] { ["--p12", signerP12, "--password-env", "SIGNET_CERTOMANCER_P12"] }
    package var signerEnvironment: [String: String] {
        ProcessInfo.processInfo.environment.merging(["SIGNET_CERTOMANCER_P12": Self.p12Password]) { $1 }
    }

    /// True when python3 can import certomancer and werkzeug (`make test-deps` installs them).
    package static let isInstalled: Bool =
        (try? ProcessRunner.run("python3", ["-c", "import certomancer, werkzeug, cryptography"]).status) == 0
    package static let missingNote =
        "Certomancer is not installed (python3 -m pip install 'certomancer[web-api]', or make test-deps)"

    /// The process-wide instance, started on first use.
    package static var shared: Certomancer {
        get throws { try started.get() }
    }

    private static let started: Result<Certomancer, any Error> = Result { try Certomancer() }

    private init() throws {
        folder = TemporaryDirectory("signet-certomancer")
        let script = Corpus.packageRoot.appendingPathComponent("Tests/Fixtures/certomancer/animate.py").path
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, folder.url.path]
        process.environment = ProcessInfo.processInfo.environment.merging([
            "SIGNET_FIXTURE_P12_PASSWORD": Self.p12Password, "SIGNET_FIXTURE_TSA_PASSWORD": Self.tsaPassword,
            "PYTHONUNBUFFERED": "1",
        ]) { $1 }
        let out = Pipe()
        process.standardOutput = out
        _ = FileManager.default.createFile(atPath: folder.path("animator.log"), contents: nil)
        process.standardError = FileHandle(forWritingAtPath: folder.path("animator.log"))
        process.standardInput = lifeline
        try process.run()
        // The launcher prints {"port": N, "url": "..."} once it listens and has written the files.
        let line = Self.firstLine(of: out.fileHandleForReading, within: 180, of: process)
        guard let json = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
            let url = json["url"] as? String
        else {
            process.terminate()
            let log = (try? String(contentsOfFile: folder.path("animator.log"), encoding: .utf8)) ?? ""
            throw ToolFailure("Certomancer's Animator did not start: \(line) \(log.suffix(2000))")
        }
        baseURL = url
    }

    /// The first line `handle` gives, or what came before the end or the deadline (the launcher is then killed).
    private static func firstLine(of handle: FileHandle, within seconds: Double, of process: Process) -> String {
        nonisolated(unsafe) var bytes: [UInt8] = []
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                bytes += chunk
                if bytes.contains(0x0A) { break }
            }
            done.signal()
        }
        if done.wait(timeout: .now() + seconds) == .timedOut {
            process.terminate()
            done.wait()
        }
        return String(decoding: bytes.prefix { $0 != 0x0A }, as: UTF8.self)
    }
}
