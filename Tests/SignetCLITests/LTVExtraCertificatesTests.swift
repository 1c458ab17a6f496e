import Foundation
import SignetTestSupport
import Testing

/// `--certs FILE` completes chains for `--ltv`: Certomancer's timestamp authority names no AIA URL
/// and its token carries only its own certificate, so `signet timestamp --ltv` on a B-T file cannot
/// find the authority's issuer without being given it.
@Suite(
    "--ltv with --certs against Certomancer",
    .enabled(if: Certomancer.isInstalled, Comment(rawValue: Certomancer.missingNote)))
struct LTVExtraCertificatesTests {
    @Test("timestamp --ltv completes the TSA's chain with --certs, and says what is missing without it")
    func timestampLTV() throws {
        let pki = try Certomancer.shared
        let dir = TemporaryDirectory("ltv-certs")
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let signed = dir.path("bt.pdf")
        let sign = try ProcessRunner.signet(
            ["sign", input, "-o", signed, "--pades", "--tsa", pki.tsaURL] + pki.signerArguments,
            environment: pki.signerEnvironment)
        try #require(sign.status == 0, "sign --tsa: \(sign.stderr)")

        let without = dir.path("lt-without.pdf")
        let refused = try ProcessRunner.signet(["timestamp", signed, "-o", without, "--ltv"])
        #expect(refused.status == 2, "without --certs: exit \(refused.status): \(refused.stderr)")
        #expect(refused.stderr.contains("is not among the certificates given"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: without), "nothing is written when the chain is incomplete")

        let completed = dir.path("lt.pdf")
        let run = try ProcessRunner.signet(["timestamp", signed, "-o", completed, "--ltv", "--certs", pki.rootCert])
        #expect(run.status == 0, "with --certs root.pem: exit \(run.status): \(run.stderr)")
        let verify = try ProcessRunner.signet(["verify", completed, "--ca", pki.rootCert, "--json"])
        let json = try JSONSerialization.jsonObject(with: Data(verify.stdout)) as? [String: Any] ?? [:]
        let level = ((json["signatures"] as? [[String: Any]])?.first)?["pades_level"] as? String
        #expect(verify.status == 0 && level == "B-LT", "verify: exit \(verify.status), level \(level ?? "nil")")
    }

    @Test("--certs without --ltv is a usage error", arguments: ["sign", "timestamp"])
    func certsNeedLTV(_ command: String) throws {
        let dir = TemporaryDirectory("ltv-certs-usage")
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let pki = try Certomancer.shared
        var argv = [command, input, "-o", dir.path("out.pdf"), "--certs", pki.rootCert]
        argv += command == "sign" ? pki.signerArguments : ["--tsa", pki.tsaURL]
        let run = try ProcessRunner.signet(argv, environment: pki.signerEnvironment)
        #expect(run.status == 2, "\(command): exit \(run.status): \(run.stderr)")
        #expect(run.stderr.contains("--certs completes chains for --ltv; give --ltv too"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("out.pdf")))
    }
}
