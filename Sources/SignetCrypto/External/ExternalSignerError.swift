import SignetCore

/// An external signer (a command, a cloud KMS, a remote signing service) gave no usable
/// signature. `context` names the signer ("external signer 'aws-kms-sign.sh'"); nothing is
/// written when this is thrown.
public typealias ExternalSignerError = StageError<ExternalSignerReason>

/// Why an external signer's answer could not be used.
public enum ExternalSignerReason: StageReason {
    /// The signer could not be started (`detail` says why).
    case cannotStart(detail: String)
    /// The signer ended with a non-zero exit status after writing `errorBytes` bytes on standard
    /// error. What it wrote there is never quoted: a signer's error output may hold its own secrets.
    case exited(status: Int32, errorBytes: Int)
    /// The signer ran longer than it was allowed to and was stopped.
    case timedOut(seconds: Double, errorBytes: Int)
    /// The signer succeeded but answered nothing.
    case emptyAnswer(errorBytes: Int)
    /// The answer is not a signature of the digest by the certificate's key.
    case wrongSignature(bytes: Int, algorithm: ExternalSignatureAlgorithm, certificate: String)
    /// A signing function of the Swift API threw; `detail` is its error.
    case failed(detail: String)

    /// A failure of the signer's machine or service, except a wrong signature (bad input).
    public var kind: FailureKind {
        if case .wrongSignature = self { return .badInput }
        return .failed
    }

    /// One line for the user: what failed, why, and what to try next.
    /// - Parameter context: The signer; `nil` when unknown.
    public func message(about context: String?) -> Sentence {
        let context = context ?? "the external signer"
        func said(_ bytes: Int) -> String {
            bytes == 0
                ? " and printed no error"
                : " after writing \(bytes) bytes on standard error, not shown here as they may hold the signer's secrets"
        }
        let keep = "; to keep its error output, end the command with 2>>FILE"
        switch self {
        case .cannotStart(let detail):
            return "\(context): cannot be started (\(detail)); check the command and that /bin/sh can run it."
        case .exited(let status, let bytes):
            return
                "\(context): exited with status \(status)\(said(bytes)); run the command by hand with a digest on its standard input to see why\(bytes == 0 ? "" : keep)."
        case .timedOut(let seconds, let bytes):
            return
                "\(context): gave no answer within \(NumberText.short(seconds)) seconds and was stopped\(said(bytes)); \(.raise, .externalSignerTimeout) or check the signing service\(bytes == 0 ? "" : keep)."
        case .emptyAnswer(let bytes):
            return
                "\(context): exited with status 0 but wrote no signature on its standard output\(said(bytes)); it must write the raw signature value there\(bytes == 0 ? "" : keep)."
        case .wrongSignature(let bytes, let algorithm, let certificate):
            return
                "\(context): its \(bytes)-byte answer is not a \(algorithm.rawValue) signature of the digest by the key of certificate '\(certificate)'; check that it signs the digest (not a hash of it) with that certificate's key and writes the raw signature value."
        case .failed(let detail):
            return "\(context): signing failed (\(detail)); check the signing function's key and service."
        }
    }
}
