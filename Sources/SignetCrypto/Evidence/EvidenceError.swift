import SignetCore

/// Handwriting evidence could not be sealed, read or opened. `context` names the file or
/// signature it is about.
public typealias EvidenceError = StageError<EvidenceReason>

/// Why handwriting evidence could not be sealed, read or opened.
public enum EvidenceReason: StageReason {
    /// The examiner's certificate cannot be read.
    case examinerUnreadable(String)
    /// The examiner's certificate holds a key evidence cannot be sealed to (RSA and EC only).
    case examinerKeyUnsupported(String)
    /// The examiner's private key cannot be read.
    case keyUnreadable(String)
    /// The key's password is needed and none was given.
    case keyPasswordNeeded
    /// The password given does not open the key.
    case keyWrongPassword
    /// The certificate given is not the key's.
    case keyCertificateMismatch
    /// Evidence names its signer's certificate, and a signature prepared for another to sign has none yet.
    case signerNeeded
    /// The document holds no sealed evidence.
    case noEvidence
    /// The envelope or its binding is not what Signet writes.
    case unreadable(String)
    /// The envelope is sealed for someone else (its recipients, as issuer and serial number).
    case notSealedForKey(recipients: [String])
    /// The envelope does not open: it was changed or is damaged (or, when no certificate picked the
    /// recipient, the key may be another one's).
    case doesNotOpen(String, certificateGiven: Bool)
    /// The binding's seal does not match the record inside: the binding was changed after sealing.
    case bindingAltered
    /// The evidence is bound to another document revision than the one its signature covers.
    case boundToOtherDocument
    /// The evidence is bound to another appearance than the one its signature shows.
    case boundToOtherAppearance
    /// The binding names another examiner (its label) than the subject of the certificate given.
    case examinerMislabelled(label: String, subject: String)
    /// The evidence is bound to another signer's certificate than the signature's.
    case boundToOtherSigner
    /// The evidence was added or changed after its signature (how), which does not cover it.
    case notCovered(String)
    /// The signature's own update changed more than the signature (what), or covers no earlier
    /// revision: the evidence is not bound to what the signature shows.
    case notBound(String)
    /// The signature carrying the evidence does not hold (why): its bytes are not those signed,
    /// it leaves bytes out, or what it signs reads two ways.
    case signatureBroken(String)

    /// Bad input, or a check that said no.
    public var kind: FailureKind {
        switch self {
        case .doesNotOpen, .bindingAltered, .boundToOtherDocument, .boundToOtherAppearance, .boundToOtherSigner,
            .examinerMislabelled, .notCovered, .notBound, .signatureBroken:
            return .rejected
        default: return .badInput
        }
    }

    /// One line for the user.
    /// - Parameter context: The file or signature the failure is about; `nil` when unknown.
    public func message(about context: String?) -> Sentence {
        let at = Self.prefix(context)
        switch self {
        case .examinerUnreadable(let why):
            return "\(at)the examiner's certificate cannot be read (\(why)); \(.give, .evidenceExaminer)."
        case .examinerKeyUnsupported(let algorithm):
            return
                "\(at)the examiner's certificate holds a \(algorithm) key, and evidence is sealed to RSA or EC keys only; \(.give, .evidenceExaminer)."
        case .keyUnreadable(let why):
            return "\(at)the examiner's key cannot be read (\(why)); \(.give, .evidenceKey)."
        case .keyPasswordNeeded:
            return "\(at)the examiner's key is encrypted and no password was given; \(.give, .identityPassword)."
        case .keyWrongPassword:
            return "\(at)the password does not open the examiner's key; \(.check, .identityPassword)."
        case .keyCertificateMismatch:
            return "\(at)the certificate given is not the examiner key's; \(.check, .evidenceKey)."
        case .signerNeeded:
            return
                "\(at)sealed evidence is bound to the signer's certificate, which a prepared signature does not have yet; sign in one step to seal evidence."
        case .noEvidence:
            return "\(at)no signature in it carries sealed handwriting evidence; check that it was signed with it."
        case .unreadable(let why):
            return "\(at)the sealed evidence cannot be read (\(why)); the file is damaged or was not written by Signet."
        case .notSealedForKey(let recipients):
            return
                "\(at)the evidence is sealed for \(recipients.joined(separator: " and ")), not for this key; \(.give, .evidenceKey)."
        case .doesNotOpen(let why, let certificateGiven):
            guard certificateGiven else {
                return
                    "\(at)the evidence does not open with this key (\(why)): either the key is not the examiner's, or the evidence was changed; \(.give, .evidenceKey) with its certificate to tell which."
            }
            return
                "\(at)the evidence does not open with the examiner's key (\(why)): it was changed or damaged after sealing."
        case .bindingAltered:
            return
                "\(at)the evidence's binding does not match the record sealed inside: it was changed after sealing."
        case .boundToOtherDocument:
            return
                "\(at)the evidence is bound to another document than the revision its signature covers, so it is not this signature's."
        case .boundToOtherAppearance:
            return
                "\(at)the evidence is bound to another handwriting appearance than the one its signature shows, so it is not this signature's."
        case .examinerMislabelled(let label, let subject):
            return
                "\(at)the evidence's binding names the examiner \(label), not \(subject) whose certificate it is sealed for, so whoever sealed it mislabelled it."
        case .boundToOtherSigner:
            return
                "\(at)the evidence is bound to another signer than the one whose signature carries it, so it is not this signature's."
        case .notCovered(let how):
            return "\(at)the evidence was \(how), not covered by it, so it is not this signature's."
        case .notBound(let why):
            return "\(at)the evidence is not bound to what its signature shows: \(why)."
        case .signatureBroken(let why):
            return "\(at)the signature carrying the evidence does not hold (\(why)); run signet verify on the file."
        }
    }
}
