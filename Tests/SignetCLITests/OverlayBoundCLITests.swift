import Foundation
import SignetTestSupport
import Testing

/// verify's overlay check is bounded in time: a `signet-preview` that never answers stops the
/// check at its bound, and the signature concerned is not valid, with a sentence naming the bound.
@Suite("CLI: the overlay check's time bound")
struct OverlayBoundCLITests {
    let pki = TestPKI.shared

    @Test("a signet-preview that hangs: stopped at the bound, not VALID, the bound named")
    func hangingPreview() throws {
        let dir = TemporaryDirectory("overlay-bound")
        let stamped = try ChildEnvironmentTests.signedThenStamped(in: dir, pki: pki)
        // `exec` so the stopped process is the sleeper itself.
        let signet = try ChildEnvironmentTests.signetBeside(preview: "exec sleep 600", in: dir)
        let r = try ProcessRunner.run(signet, ["verify", "--no-trust", "--json", stamped])
        #expect(r.status == 3, "\(r.stdoutText)\(r.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout)) as? [String: Any])
        let first = try #require((json["signatures"] as? [[String: Any]])?.first)
        let problems = first["problems"] as? [String] ?? []
        #expect(json["overlay_check"] as? String == "failed", "\(json["overlay_check"] ?? "nil")")
        #expect(first["valid"] as? Bool == false && (first["problem_kinds"] as? [String])?.first == "rendering")
        #expect(
            problems.contains { $0.contains("did not finish page 1 within") || $0.contains("bound of 15 s") },
            "\(problems)")
    }
}
