import Foundation
import SignetFiles
import SignetTestSupport
import Testing

@testable import SignetCrypto
@testable import SignetPDFSigning

/// Files whose stated password-derivation iteration count would keep OpenSSL busy for many
/// minutes ("p12 bombs") are refused up front, whichever part states it: the MAC, an encrypted
/// safe, a shrouded key bag, or an encrypted PKCS#8 PEM key. Without the limit each case below
/// runs PBKDF2 2^31 times (about 15 minutes here), so the time limit makes the test fail.
@Suite("Password-derivation limits", .timeLimit(.minutes(1)))
struct KeyDerivationLimitTests {
    let folder = TemporaryDirectory("signet-kdf")

    static let bomb = 2_147_483_647
    static let limitMessage =
        "password-derivation iterations, over the limit of 10000000; export the key again with a normal iteration count (OpenSSL's default is 2048)."

    @Test("a PKCS#12 MAC with 2^31-1 iterations")
    func macBomb() throws {
        let pfx = DERTestBuilder.pfx(safes: [], macIterations: Self.bomb)
        try expectRefused(pfx, password: Secret("x"), stating: Self.bomb)
        // Without a password OpenSSL would try the MAC twice ("none", then ""): refused as well.
        try expectRefused(pfx, password: nil, stating: Self.bomb)
    }

    @Test("an encrypted safe with 2^31-1 PBKDF2 iterations (no MAC)")
    func encryptedSafeBomb() throws {
        let pfx = DERTestBuilder.pfx(safes: [DERTestBuilder.encryptedSafe(iterations: Self.bomb)], macIterations: nil)
        try expectRefused(pfx, password: Secret("x"), stating: Self.bomb)
    }

    @Test("a shrouded key bag with 2^31-1 PBKDF2 iterations in a plain safe")
    func shroudedKeyBomb() throws {
        let pfx = DERTestBuilder.pfx(
            safes: [DERTestBuilder.plainSafe(bags: [DERTestBuilder.shroudedKeyBag(iterations: Self.bomb)])],
            macIterations: nil)
        try expectRefused(pfx, password: nil, stating: Self.bomb)
    }

    @Test("an encrypted PKCS#8 PEM key with 2^31-1 PBKDF2 iterations")
    func pemBomb() throws {
        let der = DERTestBuilder.encryptedPrivateKeyInfo(iterations: Self.bomb)
        let pem =
            "-----BEGIN ENCRYPTED PRIVATE KEY-----\n" + Data(der).base64EncodedString(options: .lineLength64Characters)
            + "\n-----END ENCRYPTED PRIVATE KEY-----\n"
        let key = folder.write("bomb.key", pem)
        let error = #expect(throws: SignError.self) {
            try SigningIdentity.pem(keyPath: key, certificatePath: TestPKI.shared.rsaCert, password: Secret("x"))
        }
        #expect(error?.message == "\(key): asks for \(Self.bomb) \(Self.limitMessage)")
    }

    private func expectRefused(_ pfx: [UInt8], password: Secret?, stating iterations: Int) throws {
        let path = folder.write("bomb.p12", bytes: pfx)
        let error = #expect(throws: SignError.self) { try SigningIdentity.pkcs12(path: path, password: password) }
        #expect(error?.message.hasPrefix("\(path): asks for ") == true)
        #expect(error?.message.hasSuffix(Self.limitMessage) == true, "\(error?.message ?? "")")
        guard case .keyDerivationTooCostly(let stated, _)? = error?.reason else {
            Issue.record("expected .keyDerivationTooCostly, got \(String(describing: error?.reason))")
            return
        }
        #expect(stated >= iterations)
    }
}
