import SignetCore

/// `signet sign --complete` cannot embed the CMS it was given into the prepared PDF; `context`
/// names the file the error is about (the prepared PDF or the CMS). Nothing is written when this
/// is thrown.
package typealias TwoStepError = StageError<TwoStepReason>

/// Why a CMS cannot complete a prepared PDF.
package enum TwoStepReason: StageReason {
    /// The PDF has no signature whose /Contents is still the zero-filled placeholder of `--prepare`
    /// at the end of the file (`detail` says what was found).
    case notPrepared(detail: String)
    /// The `--cms` file is no CMS SignedData with a signer (`detail`: what OpenSSL or Signet found).
    case notACMS(detail: String)
    /// The CMS encapsulates the content; a PDF signature is detached.
    case notDetached
    /// The CMS's messageDigest is not the prepared document digest (`expected`, hex).
    case digestMismatch(expected: String)
    /// The CMS's signature value does not verify with its signer's certificate.
    case doesNotVerify(detail: String)
    /// The prepared signature shows the name `shown` (its /Name), and the CMS's signer is another:
    /// `signer` (its certificate's common name, else its subject; `nil` when the CMS carries no
    /// certificate). A file prepared for Alice must not be completed with Mallory's signature.
    case otherSigner(shown: String, signer: String?)
    /// The CMS verifies, but `signet verify` would call it invalid whoever trusts its signer
    /// (`detail`: more than one signer, content other than id-data, a refused algorithm or key usage).
    case unacceptable(detail: String)

    /// Always bad input.
    package var kind: FailureKind { .badInput }

    /// One line for the user: what failed, why, and what to try next.
    package func message(about context: String?) -> Sentence {
        let context = context ?? "the input"
        switch self {
        case .notPrepared(let detail):
            return
                "\(context): is not a prepared PDF (\(detail)); give the file 'signet sign --prepare' wrote, unchanged."
        case .notACMS(let detail):
            return
                "\(context): is not a CMS SignedData with a signer, in DER (\(detail)); give the DER file the signing service returned for the prepared digest (openssl cms -sign … -outform DER)."
        case .notDetached:
            return
                "\(context): the CMS encapsulates its content, and a PDF signature must be detached; make it without the content (openssl cms -sign … -binary, without -nodetach)."
        case .digestMismatch(let expected):
            return
                "\(context): the CMS signs another digest than the prepared document's (sha256 \(expected)); sign the digest 'signet sign --prepare' printed for this file."
        case .doesNotVerify(let detail):
            return
                "\(context): the CMS's signature value does not verify with its signer's certificate (\(detail)); check that the signer's certificate is the one of the key that signed."
        case .otherSigner(let shown, let signer):
            return
                "\(context): the prepared signature shows the signer's name '\(shown)', but the CMS is signed by \(signer.map { "'\($0)'" } ?? "a certificate it does not carry"); complete it with a CMS of that signer, prepare again with --name as the certificate's common name, or give --allow-other-name if the shown name is meant."
        case .unacceptable(let detail):
            return
                "\(context): the CMS would not be a valid PDF signature whoever trusts its signer (\(detail)); make it with one signer, over id-data (openssl cms -sign -binary), with a key and certificate Signet's algorithm policy accepts."
        }
    }
}
