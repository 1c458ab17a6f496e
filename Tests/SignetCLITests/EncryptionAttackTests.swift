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
        try AdversarialCorpus.runAttacks("encryption_attacks.py", tail: 1500)
    }
}
