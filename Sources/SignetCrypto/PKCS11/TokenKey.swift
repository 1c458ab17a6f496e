import CPKCS11
import SignetFiles
import Synchronization

/// A private key on a PKCS#11 token, used through its logged-in session: the token signs, the
/// key never leaves it. Signatures are serialized (a session runs one operation at a time).
final class TokenKey: @unchecked Sendable {
    /// The kinds of token key Signet signs with.
    enum Kind { case rsa, ec }

    let session: PKCS11Session
    let object: CK_OBJECT_HANDLE
    let label: String
    let kind: Kind
    /// For a key with `CKA_ALWAYS_AUTHENTICATE`: the PIN of the context-specific login each
    /// signature needs (`.some(nil)` on a PIN pad); `nil` for other keys, which keep no PIN.
    private let contextPIN: Secret??
    private let busy = Mutex(())

    init(session: PKCS11Session, object: CK_OBJECT_HANDLE, label: String, kind: Kind, contextPIN: Secret??) {
        self.session = session
        self.object = object
        self.label = label
        self.kind = kind
        self.contextPIN = contextPIN
    }

    /// The signature of `message` (the DER signed attributes) with SHA-256, as CMS carries it:
    /// RSA PKCS#1 v1.5 (`CKM_SHA256_RSA_PKCS`, the token hashes), RSASSA-PSS (`CKM_RSA_PKCS_PSS` over the
    /// hash, MGF1-SHA-256, 32-byte salt) or ECDSA (`CKM_ECDSA` over the hash; the raw r‖s it returns
    /// becomes a DER ECDSA-Sig-Value).
    func sign(_ message: [UInt8], padding: RSAPadding) throws -> [UInt8] {
        try busy.withLock { _ in
            switch (kind, padding) {
            case (.rsa, .pkcs1v15):
                var mechanism = CK_MECHANISM(
                    mechanism: CK_MECHANISM_TYPE(CKM_SHA256_RSA_PKCS), pParameter: nil, ulParameterLen: 0)
                return try session.sign(message, with: &mechanism, key: object, contextPIN: contextPIN)
            case (.rsa, .pss):
                var parameters = CK_RSA_PKCS_PSS_PARAMS(
                    hashAlg: CK_MECHANISM_TYPE(CKM_SHA256), mgf: CK_RSA_PKCS_MGF_TYPE(CKG_MGF1_SHA256),
                    sLen: CK_ULONG(RSAPadding.pssSaltLength))
                let digest = try ContentDigest.compute(message, algorithm: .sha256)
                return try withUnsafeMutableBytes(of: &parameters) { raw in
                    var mechanism = CK_MECHANISM(
                        mechanism: CK_MECHANISM_TYPE(CKM_RSA_PKCS_PSS), pParameter: raw.baseAddress,
                        ulParameterLen: CK_ULONG(raw.count))
                    return try session.sign(digest, with: &mechanism, key: object, contextPIN: contextPIN)
                }
            case (.ec, _):
                var mechanism = CK_MECHANISM(
                    mechanism: CK_MECHANISM_TYPE(CKM_ECDSA), pParameter: nil, ulParameterLen: 0)
                let raw = try session.sign(
                    try ContentDigest.compute(message, algorithm: .sha256), with: &mechanism, key: object,
                    contextPIN: contextPIN)
                return try Self.ecdsaSigValue(raw, context: session.context)
            }
        }
    }

    /// ECDSA-Sig-Value ::= SEQUENCE { r INTEGER, s INTEGER } (RFC 5480 §2.2.3) from PKCS#11's r‖s.
    static func ecdsaSigValue(_ raw: [UInt8], context: String) throws -> [UInt8] {
        guard let der = ECDSASignature.der(fromRaw: raw) else {
            throw TokenError(
                context,
                .callFailed(
                    call: "C_Sign", code: UInt(CKR_GENERAL_ERROR),
                    meaning: "an ECDSA signature of \(raw.count) bytes is not r followed by s"))
        }
        return der
    }
}
