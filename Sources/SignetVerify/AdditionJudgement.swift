import FoundationEssentials
import SignetCrypto
import SignetFiles

/// `verify`'s own judgement of what a job is about to add to a signed PDF (a stamp, a visible
/// signature's widget), made on the file as it would be written, before it is: `stamp`, `sign`,
/// `pipeline` and `capture --pdf` refuse to write what `verify` would then call not valid.
///
/// It is `PDFVerifier.verify` itself, judging (see its `judging`): every revision is read and
/// every change after each signature analysed as `verify` analyses it, and the overlay check
/// (`OverlayCheck`, `OverlayComparison`) compares what the new update adds with each signature's
/// pages as signed. The signatures' CMS, certificates and times are not checked: they do not
/// depend on what is added.
package enum AdditionJudgement {
    /// Signed content the addition would hide.
    package struct Covered: Sendable, Hashable {
        /// The page, 1-based.
        package var page: Int
        /// The signature whose content it hides: its place among the file's signatures (1-based,
        /// oldest first) and its field.
        package var signature: Int
        package var field: String?
        /// The annotation's rectangle and the bounds of the ink it hides.
        package var hiding: Change.Hiding
    }

    /// What the judgement found.
    package enum Outcome: Sendable, Hashable {
        /// Nothing signed is hidden.
        case clear
        /// This signed content would be hidden, page by page.
        case covers([Covered])
        /// The pages could not be compared; the reason, one phrase.
        case notJudged(String)
    }

    /// Judges the update of `output` that begins at byte `from` (the file as it would be written;
    /// its earlier bytes are the signed input's), rendering its pages through `renderer`.
    /// - Throws: Only when the file cannot be read at all (`PDFError`, `PDFSignError`, `FileError`).
    package static func judge(
        _ output: any ByteSource, password: Secret?, from: Int, renderer: any PageRenderer
    ) throws -> Outcome {
        let report = try PDFVerifier.verify(
            source: output, password: password,
            options: VerifyOptions(now: Date(timeIntervalSince1970: 0), requireTrust: false),
            rendering: .renderer(renderer), judging: from)
        let covered = report.signatures.flatMap { signature in
            signature.changes.compactMap { change in
                change.hides.flatMap { hiding in
                    change.page.map {
                        Covered(page: $0, signature: signature.index, field: signature.field, hiding: hiding)
                    }
                }
            }
        }
        if !covered.isEmpty { return .covers(covered) }
        switch report.overlayCheck {
        case .notNeeded, .done, .skipped: return .clear
        case .notRun, .failed:
            // The overlay check's problem, less its opening (the reason is what the caller says).
            let problem =
                report.signatures.lazy.flatMap { zip($0.problemKinds, $0.problems) }
                .first { $0.0 == .rendering }?.1 ?? "the pages could not be rendered"
            let opening = [OverlayCheck.uncheckedNotRun, OverlayCheck.uncheckedFailed].first(where: problem.hasPrefix)
            return .notJudged(String(problem.dropFirst(opening?.count ?? 0)))
        }
    }
}
