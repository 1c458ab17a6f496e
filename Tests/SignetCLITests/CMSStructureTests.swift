import Foundation
import SignetTestSupport
import Testing

/// Detached signatures made by `openssl cms -sign` whose structure a document signature must not
/// have: two SignerInfos, or signed content that is not id-data (a timestamp's TSTInfo type).
/// The plain one-signer signature is verified too, so each refusal is about its one difference.
@Suite("verify: CMS structure (openssl-made detached signatures)")
struct CMSStructureTests {
    static func sign(_ dir: TemporaryDirectory, _ name: String, _ extra: [String]) throws -> (String, String) {
        let pki = TestPKI.shared
        let content = dir.write("content.txt", "the signed text\n")
        let p7s = dir.path(name)
        let r = try ProcessRunner.run(
            "openssl",
            [
                "cms", "-sign", "-binary", "-in", content, "-signer", pki.rsaCert, "-inkey", pki.rsaKey, "-md",
                "sha256",
                "-certfile", pki.chain, "-outform", "DER", "-out", p7s,
            ] + extra)
        try #require(r.status == 0, "openssl cms -sign \(extra): \(r.stderr)")
        return (content, p7s)
    }

    static func verify(_ content: String, _ p7s: String) throws -> ProcessResult {
        try ProcessRunner.signet(["verify", content, "--p7s", p7s, "--ca", TestPKI.shared.rootCert])
    }

    @Test("one signer over id-data verifies")
    func plain() throws {
        let dir = TemporaryDirectory("cms-plain")
        let (content, p7s) = try Self.sign(dir, "one.p7s", [])
        let r = try Self.verify(content, p7s)
        #expect(r.status == 0, "exit \(r.status): \(r.stderr)")
    }

    @Test(
        "a structure a document signature must not have is refused (exit 3)",
        arguments: [
            // Two SignerInfos, the second signer valid or not.
            (
                ["-signer", TestPKI.shared.ecCert, "-inkey", TestPKI.shared.ecKey],
                "it has 2 signers; a signature must have exactly one"
            ),
            // Signed content of type id-ct-TSTInfo (a timestamp token's).
            (["-econtent_type", "1.2.840.113549.1.9.16.1.4"], "not id-data: it is not a document signature"),
        ])
    func refused(extra: [String], message: String) throws {
        let dir = TemporaryDirectory("cms-structure")
        let (content, p7s) = try Self.sign(dir, "refused.p7s", extra)
        let r = try Self.verify(content, p7s)
        #expect(r.status == 3, "openssl cms -sign \(extra): exit \(r.status): \(r.stderr)")
        #expect(r.stderr.contains(message), "expected '\(message)' in stderr: \(r.stderr)")
    }

    @Test("an untrusted but intact signature reads INTACT, signer not trusted (exit 3)")
    func intactUntrusted() throws {
        let dir = TemporaryDirectory("cms-untrusted")
        let (content, p7s) = try Self.sign(dir, "one.p7s", [])
        let other = TestPKI.shared.otherRootCert
        let r = try ProcessRunner.signet(["verify", content, "--p7s", p7s, "--ca", other])
        #expect(r.status == 3, "exit \(r.status): \(r.stderr)")
        #expect(r.stderr.contains("INTACT, but the signer is not trusted"), "stderr: \(r.stderr)")
        #expect(r.stdoutText.contains("INTACT, signer not trusted"), "report: \(r.stdoutText)")
    }
}
