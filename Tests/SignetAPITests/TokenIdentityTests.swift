import Foundation
import Signet
import SignetTestSupport
import Testing

/// `SigningIdentity.pkcs11(...)` in the test process: the token key signs PDFs and detached
/// signatures through the same jobs as a file key, from several tasks at once, and typed
/// ``TokenError``s say what is wrong.
/// Serialized: a process logged in to a token stays logged in while any of its sessions is open,
/// and a login then succeeds whatever the PIN (`CKR_USER_ALREADY_LOGGED_IN`), so the wrong-PIN
/// test must not overlap an identity of another test.
@Suite(
    "SigningIdentity.pkcs11: keys on a SoftHSM2 token", .serialized,
    .enabled(if: SoftHSMToken.missing == nil, Comment(rawValue: SoftHSMToken.missing ?? "")))
struct TokenIdentityTests {
    let pki = TestPKI.shared
    static let now = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 3600).rounded(.down))

    func identity(_ key: String, pin: String = SoftHSMToken.pin) throws -> SigningIdentity {
        _ = try #require(SoftHSMToken.inProcess)
        return try SigningIdentity.pkcs11(
            module: SoftHSMToken.module, token: SoftHSMToken.label, key: key, pin: Secret(pin))
    }

    @Test("a token identity reads its certificate and chain from the token and signs concurrently")
    func signsLikeAFileKey() async throws {
        let identity = try identity(SoftHSMToken.rsaKey)
        #expect(identity.subject == "C=BE,O=Signet Tests,CN=Ada Signer" && identity.keyDescription == "RSA-2048")
        #expect(identity.chainSubjects.count == 2, "intermediate and root from the token: \(identity.chainSubjects)")
        let pss = try identity.withRSAPadding(.pss)
        #expect(pss.rsaPadding == .pss && identity.rsaPadding == .pkcs1v15)
        let pdf = TestPDF.bytes()
        let anchors = try TrustAnchors(files: [pki.rootCert])
        let valid = try await withThrowingTaskGroup(of: Bool.self) { group in
            for i in 0..<8 {
                group.addTask {
                    let signer = i.isMultiple(of: 2) ? identity : pss
                    let signed = try SignetAPI.sign(
                        pdf: pdf, identity: signer, options: PDFSignOptions(signingTime: Self.now))
                    return try SignetAPI.verify(
                        pdf: signed.pdf, options: VerifyOptions(now: Self.now, anchors: anchors)
                    )
                    .valid
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(valid.count == 8 && valid.allSatisfy { $0 })
        let content = Array("detached".utf8)
        let cms = try SignetAPI.signDetached(
            content, identity: try self.identity(SoftHSMToken.p384Key), signingTime: Self.now)
        #expect(
            try SignetAPI.verify(
                content, detachedSignature: cms, options: VerifyOptions(now: Self.now, anchors: anchors)
            ).valid)
    }

    @Test("typed errors: wrong PIN, unknown key, PSS with an EC key")
    func errors() throws {
        #expect {
            try identity(SoftHSMToken.rsaKey, pin: "not-the-pin")
        } throws: { error in
            guard let error = error as? TokenError, case .wrongPIN = error.reason else { return false }
            return error.kind == .badInput && !error.message.contains("not-the-pin")
        }
        #expect {
            try identity("missing")
        } throws: { error in
            guard let error = error as? TokenError, case .noKey(let label, let available) = error.reason else {
                return false
            }
            return label == "missing" && available.contains(SoftHSMToken.p256Key)
        }
        #expect(throws: SignError.self) { try identity(SoftHSMToken.p256Key).withRSAPadding(.pss) }
    }
}
