import FoundationEssentials
import SignetCrypto
import SignetFiles
import SignetPDF
import SignetPDFSigning

/// Handwriting evidence opened by its examiner: the record, and what it is bound to.
public struct ExtractedEvidence: Sendable, Hashable {
    /// 1-based position of its signature among the file's signatures, oldest first (as `verify` numbers them).
    public let signature: Int
    /// The signature's field.
    public let field: String
    /// The record sealed at signing time (ISO/IEC 19794-7 bytes).
    public let record: [UInt8]
    /// What it is bound to (checked against the document).
    public let binding: EvidenceBinding
}

/// Evidence of a signature sealed for another examiner than the key's, which extract leaves closed.
package struct SkippedEvidence: Sendable, Hashable {
    /// 1-based position of its signature among the file's signatures, oldest first.
    package let signature: Int
    /// The signature's field.
    package let field: String
    /// Whom it is sealed for (issuer and serial number of each recipient's certificate).
    package let recipients: [String]
}

/// What `extract` opened, and what it left closed because it is sealed for another examiner.
package struct EvidenceExtraction: Sendable, Hashable {
    /// The evidence opened, oldest signature first.
    package let opened: [ExtractedEvidence]
    /// The evidence sealed for someone else.
    package let skipped: [SkippedEvidence]
}

/// `signet evidence extract`: every signature's sealed evidence opened with the examiner's key,
/// its GCM tag and its binding's seal checked, once `verify`'s checks said the signature holds
/// (its digest and signature value) and covers the evidence, and the binding names the revision
/// it signs, its signer and the appearance it shows, in an update that changed nothing else.
/// Evidence sealed for another examiner is skipped (and listed) when some other opens; when none
/// opens, the first refusal stands. Whether the signer is trusted is `verify`'s to say.
package enum EvidenceExtractor {
    /// What a signature's problems must not include for its evidence to open: the bytes are what
    /// was signed, read one way, and the signature is shaped as it must be. Trust, revocation,
    /// the certificate's dates and permitted changes elsewhere are `verify`'s to judge.
    static let refusing: Set<Problem.Kind> = [.digest, .signatureValue, .coverage, .ambiguous, .unreadable, .structure]

    package static func extract(
        source file: any ByteSource, password: Secret?, key: EvidenceKey, now: Date,
        rendering: PageRendering = .unavailable
    ) throws -> EvidenceExtraction {
        let report: VerificationReport
        do {
            report = try PDFVerifier.verify(
                source: file, password: password,
                options: VerifyOptions(now: now, requireTrust: false, revocation: .none), rendering: rendering)
        } catch let error as PDFSignError {
            guard case .noSignatures = error.reason else { throw error }
            throw EvidenceError(file.name, .noEvidence)
        }
        var extracted: [ExtractedEvidence] = []
        var skipped: [SkippedEvidence] = []
        var refusal: EvidenceError?
        for signature in report.signatures {
            guard let evidence = signature.evidence, let name = signature.field else { continue }
            let context = "\(file.name), signature \(signature.index) (field \(name))"
            guard signature.integrity == .ok else {
                throw EvidenceError(context, .signatureBroken(signature.reason ?? "its integrity does not hold"))
            }
            if let problem = signature.problemList.first(where: { refusing.contains($0.kind) }) {
                throw EvidenceError(context, .signatureBroken(problem.sentence))
            }
            switch evidence.status {
            case .bound: break
            case .notCovered:
                throw EvidenceError(context, .notCovered(evidence.detail ?? "changed after the signature"))
            case .otherDocument: throw EvidenceError(context, .boundToOtherDocument)
            case .otherAppearance: throw EvidenceError(context, .boundToOtherAppearance)
            case .otherSigner: throw EvidenceError(context, .boundToOtherSigner)
            case .notBound: throw EvidenceError(context, .notBound(evidence.detail ?? ""))
            case .unreadable: throw EvidenceError(context, .unreadable(evidence.detail ?? "not what Signet writes"))
            }
            // Bound: the evidence the file shows is the one the signature covers.
            guard let sealed = evidence.sealed else { throw EvidenceError(context, .unreadable("it no longer reads")) }
            do {
                let (record, binding) = try EvidenceSeal.open(sealed, with: key, context: context)
                extracted.append(
                    ExtractedEvidence(signature: signature.index, field: name, record: record, binding: binding))
            } catch let error as EvidenceError {
                guard case .notSealedForKey(let recipients) = error.reason else { throw error }
                skipped.append(SkippedEvidence(signature: signature.index, field: name, recipients: recipients))
                refusal = refusal ?? error
            }
        }
        if let refusal, extracted.isEmpty { throw refusal }
        guard !extracted.isEmpty else { throw EvidenceError(file.name, .noEvidence) }
        return EvidenceExtraction(opened: extracted, skipped: skipped)
    }
}
