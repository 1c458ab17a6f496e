import SignetCrypto

/// The one writer of verdicts: every check adds findings (`SignatureFindings`), and this turns
/// all of a file's findings into each signature's verdict, integrity, PAdES level and one-line
/// reason, and the file's. Problems are ranked by `Problem.Kind` (integrity, then a refused
/// change, then what makes the signature unusable, revocation, trust, and the certificate's own
/// dates and usage last), so the reason names what matters most.
package enum Judge {
    /// What judging one signature decided.
    struct Judgement {
        var verdict: SignatureReport.Verdict
        var integrity: SignatureReport.Integrity
        var integrityFailures: [String]
        /// The most serious first.
        var problems: [Problem]
        var level: PAdESLevel = .none
    }

    /// The file's report: each signature judged from its findings, then the PAdES levels, which
    /// depend on the verdicts of the document timestamps after each signature.
    package static func report(
        _ findings: [SignatureFindings], requireTrust: Bool, timestamps: [TimestampEntry] = [],
        revisions: [RevisionReport] = [], overlayCheck: OverlayCheckStatus = .notNeeded, dssRevisions: [Int] = []
    ) -> VerificationReport {
        var judgements = findings.map { judge($0, requireTrust: requireTrust) }
        let levels = PAdESLevels.levels(findings, judgements.map(\.verdict), dssRevisions: dssRevisions)
        for i in judgements.indices { judgements[i].level = levels[i] }
        let signatures = zip(findings, judgements).map { SignatureReport($0, $1) }
        return VerificationReport(
            valid: !signatures.isEmpty && signatures.allSatisfy(\.valid), signatures: signatures,
            timestamps: timestamps, revisions: revisions, overlayCheck: overlayCheck)
    }

    /// A detached signature's report (no PDF around it).
    package static func single(_ findings: SignatureFindings, requireTrust: Bool) -> SignatureReport {
        report([findings], requireTrust: requireTrust).signatures[0]
    }

    /// One signature's verdict, from its findings alone.
    static func judge(_ f: SignatureFindings, requireTrust: Bool) -> Judgement {
        var problems = f.problems + (f.cms?.failures.map(Problem.init) ?? [])
        let refused = f.changes.filter { $0.level > f.allowed }
        if let first = refused.first {
            let more =
                refused.count > 1
                ? " (and \(refused.count - 1) more change\(refused.count > 2 ? "s" : "") it does not permit)" : ""
            problems.append(Problem(.refusedChange, "revision \(first.revision): \(first.what)\(more)"))
        }
        if requireTrust, let cms = f.cms, cms.trust != .trusted, !problems.contains(where: { $0.kind == .trust }) {
            let whose = f.kind == .documentTimestamp ? "the timestamp authority's" : "its signer's"
            let why = cms.trustDetail.map { " (\($0))" } ?? ""
            problems.append(Problem(.trust, "\(whose) certificate chain leads to no trust anchor\(why)"))
        }
        problems = ranked(problems)
        let (integrity, failures) = integrity(f)
        let verdict: SignatureReport.Verdict
        if problems.isEmpty {
            verdict = .valid
        } else if problems.allSatisfy({ $0.kind == .trust }) {
            verdict = .intactButUntrusted
        } else if problems.allSatisfy({ $0.kind == .notChecked }) {
            verdict = .notChecked
        } else {
            verdict = .invalid
        }
        return Judgement(verdict: verdict, integrity: integrity, integrityFailures: failures, problems: problems)
    }

    /// The most serious first; sentences said twice are said once.
    static func ranked(_ problems: [Problem]) -> [Problem] {
        var seen = Set<String>()
        return problems.enumerated().sorted { ($0.element.kind.rank, $0.offset) < ($1.element.kind.rank, $1.offset) }
            .map(\.element).filter { seen.insert($0.sentence).inserted }
    }

    /// `ok` when the coverage is whole, the digest matches and the signature value verifies;
    /// `broken` with what failed; `not-checked` when the CMS was not read or uses an algorithm
    /// Signet cannot check.
    static func integrity(_ f: SignatureFindings) -> (SignatureReport.Integrity, [String]) {
        var failures: [String] = []
        if f.coverage == .partial { failures.append("coverage") }
        guard let cms = f.cms else { return failures.isEmpty ? (.notChecked, []) : (.broken, failures) }
        if cms.unsupported == nil {
            if !cms.digestMatches { failures.append("digest") }
            if !cms.valueVerifies { failures.append("signature-value") }
        } else if failures.isEmpty {
            return (.notChecked, [])
        }
        return failures.isEmpty ? (.ok, []) : (.broken, failures)
    }
}
