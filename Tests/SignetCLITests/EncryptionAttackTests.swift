import Foundation
import SignetTestSupport
import Testing

/// Attacks through encryption on signed, encrypted files (Tools/verify-corpus/encryption_attacks.py):
/// updates that change the /Encrypt dictionary or the first /ID string, so every signed object
/// decrypts differently while its bytes stay signed. The script states each case's safe answer
/// (and, for a rejection, the reason `signet verify` must name) and exits 1 when any differs.
@Suite("CLI: verify against attacks through encryption")
struct EncryptionAttackTests {
    @Test("every encryption attack gets the expected verdict and reason")
    func encryptionAttacks() throws {
        for tool in ["python3", "qpdf", "openssl"] {
            try #require(ProcessRunner.hasTool(tool), "encryption_attacks.py needs \(tool) on PATH")
        }
        let dir = TemporaryDirectory("signet-encryption-attacks")
        let result = try ProcessRunner.run(
            "python3", [AdversarialCorpus.toolPath("encryption_attacks.py"), dir.url.path, ProcessRunner.signet])
        let wrong = result.stdoutText.split(separator: "\n").filter {
            $0.contains("MISMATCH") || $0.contains("GEN-ERR")
        }
        #expect(result.status == 0 && wrong.isEmpty, "\(wrong.joined(separator: "\n"))\n\(result.stderr.suffix(2000))")
        #expect(result.stdoutText.contains(" as expected, 0 not"), "\(result.stdoutText.suffix(1500))")
    }
}
