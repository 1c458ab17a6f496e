import Signet

/// What `signet pipeline` prints: `--json` gives every stage's report, a person gets one line.
struct PipelineResult: Encodable {
    let strokesFile: String
    let report: PipelineReport
    let imageOutput: String?
    let signer: String?
    let signingTime: String?
    let warnings: [String]
    /// The examiner the pen dynamics were sealed for (`--evidence-for`), by subject.
    let sealedFor: String?

    init(
        strokes: String, report: PipelineReport, imageOutput: String?, signer: String?, signingTime: String?,
        warnings: [String], sealedFor: String? = nil
    ) {
        (strokesFile, self.report, self.imageOutput, self.signer, self.signingTime, self.warnings, self.sealedFor) =
            (strokes, report, imageOutput, signer, signingTime, warnings, sealedFor)
    }

    private enum Key: String, CodingKey {
        case input, pdf, output, strokes, points, artwork, image, stamp, signature, signer, signing_time, warnings,
            evidence_for
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(strokesFile, forKey: .input)
        try c.encode(report.stamp.input, forKey: .pdf)
        try c.encode(report.stamp.output, forKey: .output)
        try c.encode(report.strokes, forKey: .strokes)
        try c.encode(report.points, forKey: .points)
        try c.encode(artwork, forKey: .artwork)
        try c.encode(
            report.image.map { BudgetReport(input: strokesFile, output: imageOutput, result: $0) }, forKey: .image)
        try c.encode(report.stamp, forKey: .stamp)
        try c.encode(report.signature, forKey: .signature)
        try c.encode(signer, forKey: .signer)
        try c.encode(signingTime, forKey: .signing_time)
        try c.encode(warnings, forKey: .warnings)
        try c.encodeIfPresent(sealedFor, forKey: .evidence_for)
    }

    /// "png", "jpeg" or "vector".
    var artwork: String { report.image?.format.rawValue ?? "vector" }

    /// `sig.json → out.pdf: PNG 412×196 palette, 8123 of 102400 bytes; stamped on page 3 of in.pdf (rewritten, +9211 bytes)`,
    /// or `…; stamped on page 3 of in.pdf and signed as CN=… (…), in one incremental update, +21377 bytes`.
    var line: String {
        let stamp = report.stamp
        let what: String
        if let image = report.image {
            let kind =
                image.format == .jpeg
                ? "JPEG \(image.width)×\(image.height) q\(image.quality ?? 0)" : "PNG \(image.width)×\(image.height)"
            what = "\(kind) \(image.layout), \(image.bytes.count) of \(image.budget) bytes"
        } else {
            what = "vector ink, \(counted(report.strokes, "stroke"))"
        }
        let text =
            "\(StreamName.input(strokesFile)) → \(StreamName.output(stamp.output)): "
            + "\(what); stamped on \(stamp.pagesPhrase) of \(StreamName.input(stamp.input))"
        guard let signature = report.signature, let signer else {
            let how = stamp.mode == "incremental" ? "incremental update" : "rewritten"
            return text + " (\(stamp.formPhrase.map { "\($0), " } ?? "")\(how), \(stamp.sizeChange))"
        }
        return text + (stamp.formPhrase.map { " (\($0))" } ?? "")
            + " and signed as \(signer) (\(signature.visible ? "visible" : "invisible") signature in field \(signature.field), \(signature.subFilter)"
            + (sealedFor.map { ", pen dynamics sealed for \($0)" } ?? "")
            + "), in one incremental update, \(stamp.sizeChange)"
    }
}
