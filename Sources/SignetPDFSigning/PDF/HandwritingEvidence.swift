import SignetCrypto

/// The pen's record behind a visible signature, to seal into the signature for an examiner: the
/// record (ISO/IEC 19794-7 bytes) is encrypted for `examiner` and placed, with its binding to the
/// signed revision and to the appearance, in the same incremental update as the signature, so
/// that the signature covers it (see `EvidenceAttachment`).
public struct HandwritingEvidence: Sendable {
    /// The record to seal: an ISO/IEC 19794-7 signature/sign time series.
    public var record: [UInt8]
    /// Who can open it.
    public var examiner: EvidenceExaminer
    /// Evidence sealed elsewhere, placed as it is instead of sealing `record` (its binding then
    /// names whatever it was bound to): how tests build a signature carrying another document's
    /// evidence.
    package var presealed: SealedEvidence?

    /// Evidence of `record`, sealed for `examiner`.
    /// - Parameters:
    ///   - record: The record to seal.
    ///   - examiner: Who can open it.
    public init(record: [UInt8], examiner: EvidenceExaminer) {
        self.record = record
        self.examiner = examiner
    }
}
