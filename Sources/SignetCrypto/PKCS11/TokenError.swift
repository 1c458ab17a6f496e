import SignetCore

/// Signing with a key on a PKCS#11 token could not proceed. `context` names the module or the
/// token ("token 'Signing' of /usr/lib/softhsm/libsofthsm2.so"); the PIN never appears in a message.
public typealias TokenError = StageError<TokenReason>

/// Why token failed: each reason says its kind and how it reads.
public enum TokenReason: StageReason {
    /// What the token said about its PIN after a failed login.
    public enum PINTries: String, Sendable, Hashable, Codable {
        /// The token does not say how many tries are left.
        case unknown
        /// Few tries are left (`CKF_USER_PIN_COUNT_LOW`).
        case low
        /// One more wrong PIN locks it (`CKF_USER_PIN_FINAL_TRY`).
        case finalTry
    }

    /// The module could not be loaded (`dlopen`) or has no `C_GetFunctionList`.
    case moduleNotLoadable(String)
    /// No token with that label; `available` lists the labels of the tokens present.
    case noToken(label: String, available: [String])
    /// The token wants a PIN and none was given.
    case pinNeeded
    /// The PIN is wrong (`CKR_PIN_INCORRECT`).
    case wrongPIN(PINTries)
    /// The PIN is locked (`CKR_PIN_LOCKED`, or `CKF_USER_PIN_LOCKED` after a wrong PIN).
    case pinLocked
    /// No private key with that label; `available` lists the labels of the private keys on the token.
    case noKey(label: String, available: [String])
    /// The key's `CKA_SIGN` is false.
    case keyCannotSign(label: String)
    /// A key type other than RSA or EC.
    case unsupportedKeyType(label: String, type: UInt)
    /// No certificate on the token has the key's `CKA_ID` or label, and none was given.
    case noCertificate(keyLabel: String)
    /// The certificate's public key is not of the token key's type (RSA against EC).
    case certificateDoesNotFit(keyLabel: String, certificate: String)
    /// A PKCS#11 call failed: the function, its `CK_RV` and what it means.
    case callFailed(call: String, code: UInt, meaning: String)

    /// A failed call is a failure of the token (exit 1); everything else is a request to fix (exit 2).
    public var kind: FailureKind {
        if case .callFailed = self { return .failed }
        return .badInput
    }

    /// One line for the user: what failed, why, and what to try next.
    /// - Parameter context: The file, input, URL or step the failure is about; `nil` when unknown.
    public func message(about context: String?) -> Sentence {
        let context = context ?? "the token"
        switch self {
        case .moduleNotLoadable(let detail):
            return
                "\(context): cannot be loaded as a PKCS#11 module (\(detail)); give the path of the token's module, e.g. /usr/lib/softhsm/libsofthsm2.so."
        case .noToken(let label, let available):
            let list = Self.labels(available, none: "no token is present", some: "the tokens present are")
            return "\(context): has no token labelled '\(label)' (\(list)); give one of those labels."
        case .pinNeeded:
            return "\(context): needs the user PIN and none was given; \(.give, .tokenPIN)."
        case .wrongPIN(let tries):
            let left: String
            switch tries {
            case .unknown: left = ""
            case .low: left = " (the token says few tries are left)"
            case .finalTry: left = " (the token says one try is left: a wrong PIN now locks it)"
            }
            return "\(context): the PIN is wrong\(left); \(.check, .tokenPIN)."
        case .pinLocked:
            return
                "\(context): the user PIN is locked after too many wrong tries; unlock it with the security officer PIN and the token's tools, then try again."
        case .noKey(let label, let available):
            let list = Self.labels(available, none: "it holds no private keys", some: "its private keys are")
            return "\(context): has no private key labelled '\(label)' (\(list)); give one of those labels."
        case .keyCannotSign(let label):
            return
                "\(context): key '\(label)' may not sign (CKA_SIGN is false); use a signing key, or create the key with signing allowed."
        case .unsupportedKeyType(let label, let type):
            return
                "\(context): key '\(label)' is of PKCS#11 key type \(type), which Signet does not sign with; use an RSA or EC key."
        case .noCertificate(let keyLabel):
            return
                "\(context): holds no certificate with the ID or label of key '\(keyLabel)'; store the certificate on the token with the key's ID, or \(.give, .tokenCertificate)."
        case .certificateDoesNotFit(let keyLabel, let certificate):
            return
                "\(context): certificate '\(certificate)' does not belong to key '\(keyLabel)' (another key type); give the certificate issued for this key."
        case .callFailed(let call, _, let meaning):
            return "\(context): \(call) failed (\(meaning))."
        }
    }

    /// "the tokens present are 'A', 'B'", or `none` for an empty list.
    private static func labels(_ labels: [String], none: String, some: String) -> String {
        labels.isEmpty ? none : some + " " + labels.map { "'\($0)'" }.joined(separator: ", ")
    }
}
