import Signet

/// `--evidence-for EXAMINER.pem` of `sign`, `pipeline` and `capture --pdf`: the strokes' ISO/IEC
/// 19794-7 record sealed for an examiner into the signature (docs/evidence.md).
enum EvidenceFlags {
    static let specs: [OptionSpec] = [
        .value(
            .evidenceFor, "EXAMINER.pem",
            "seal the strokes' pen dynamics (an ISO/IEC 19794-7 record, encrypted for this certificate: AES-256-GCM, RSA-OAEP or ECDH) into the signature, bound to the document and the appearance"
        )
    ]

    /// With `--evidence-for`: the drawing of `--strokes` (which it needs) as the artwork, and its
    /// record sealed for the examiner; `nil` without the option.
    static func read(_ args: Arguments) throws -> (artwork: StampArtwork, evidence: HandwritingEvidence)? {
        guard let examiner = args.string(.evidenceFor) else { return nil }
        guard let strokes = args.string(.strokes) else {
            throw UsageError(
                args.command,
                "--evidence-for seals the pen's dynamics, so it needs --strokes FILE (with timestamps), not --image")
        }
        let drawing = try StrokeFile.read(path: strokes, options: try StrokeInputFlags.readOptions(args))
        return (.ink(Ink(drawing)), try evidence(of: drawing, named: strokes, for: examiner))
    }

    /// The record of `drawing` (`name` in messages) sealed for the certificate at `examiner`.
    static func evidence(of drawing: Drawing, named name: String, for examiner: String) throws -> HandwritingEvidence {
        let record: [UInt8]
        do {
            record = try ISO19794_7.encode(drawing)
        } catch let error as TimeSeriesError {
            throw error.naming(name)
        }
        return HandwritingEvidence(record: record, examiner: try EvidenceExaminer(certificateAt: examiner))
    }

    /// The examiner of `--evidence-for`, for `pipeline` and `capture --pdf` (the record is made
    /// from the strokes they stamp); `nil` without the option.
    static func examiner(_ args: Arguments) throws -> EvidenceExaminer? {
        try args.string(.evidenceFor).map { try EvidenceExaminer(certificateAt: $0) }
    }
}
