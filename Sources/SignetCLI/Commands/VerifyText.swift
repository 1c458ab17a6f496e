import Signet
import SignetCore

/// How `signet verify` words its report for a person.
enum VerifyText {
    /// The one line on stderr when a signature is not valid: the first invalid one and why.
    static func verdict(_ reports: [SignatureReport], content: String) -> String? {
        guard let first = reports.first(where: { !$0.valid }) else { return nil }
        let invalid = reports.filter { !$0.valid }.count
        let which =
            reports.count == 1
            ? "its signature is" : "\(invalid) of its \(reports.count) signatures \(invalid == 1 ? "is" : "are")"
        // Intact but untrusted is said as pdfsig and pyHanko say it; the exit code is the same.
        let word: String
        if reports.allSatisfy({ $0.verdict == .valid || $0.verdict == .intactButUntrusted }) {
            word = "INTACT, but the signer is not trusted"
        } else if reports.allSatisfy({ $0.verdict == .valid || $0.verdict == .notChecked }) {
            word = "NOT CHECKED"
        } else {
            word = "INVALID"
        }
        return HiddenCharacters.escaped(
            "\(content): \(which) \(word) (signature \(first.index): \(reason(first))); the report on standard output lists every check."
        )
    }

    /// The most serious reason a report is not valid, with the flag that would help where one would.
    static func reason(_ r: SignatureReport) -> String {
        guard let problem = r.problemList.first else { return "it does not verify" }
        if problem.kind == .trust, r.trustDetail == nil || r.trustDetail == "no trust anchors were given" {
            return
                "its signer is not trusted: give the certificate you trust with --ca FILE, or --no-trust to check integrity only"
        }
        return problem.sentence
    }

    /// A block per signature: verdict and signer, coverage, changes, certificate and trust. Names
    /// come from the file and its certificates: their hidden characters are shown escaped
    /// (`HiddenCharacters`), so a name reads on a terminal as it is.
    static func describe(_ r: SignatureReport, content: String) -> [String] {
        let what = r.kind == .documentTimestamp ? "document timestamp" : "signature"
        let name = r.field.map { "\(what) \(r.index) (field \($0))" } ?? "\(what) \(r.index)"
        let who = r.signer?.subject ?? "an unknown signer"
        let claimed = r.claimedSigningTime.map { ", claims to be signed at \($0)" } ?? ""
        let verdict: String
        switch r.verdict {
        case .valid: verdict = "VALID"
        case .intactButUntrusted: verdict = "INTACT, signer not trusted"
        case .invalid: verdict = "INVALID"
        case .notChecked: verdict = "NOT CHECKED"
        }
        var lines = ["\(name): \(verdict) — signed by \(who)\(claimed)"]
        let coverage: String
        switch r.coverage {
        case .entireFile: coverage = "the whole file except the signature itself"
        case .earlierRevision:
            coverage = "revision \(r.revision.map(String.init) ?? "?") of the file, not the revisions after it"
        case .partial: coverage = "NOT the whole of a revision"
        case .detachedContent: coverage = "all of \(content)"
        }
        lines.append(
            "  covers \(coverage); integrity \(integrity(r)); \(r.digestAlgorithm) with \(r.signatureAlgorithm)"
        )
        let certification = r.docmdp.map { "certification P=\($0); " } ?? ""
        let permitted = r.permitted ? "permitted" : "NOT PERMITTED"
        lines.append("  \(certification)changes after it: \(r.modificationLevel.rawValue), \(permitted)")
        for change in r.changes {
            lines.append("    revision \(change.revision) [\(change.level.rawValue)]: \(change.what)")
        }
        if let t = r.timestamp {
            lines.append(
                "  timestamp \(t.valid ? "valid" : "NOT valid"): \(t.authority ?? "unknown authority") at \(UTCTime.iso8601(t.time))"
            )
        }
        let validity = r.certificateValidity?.rawValue ?? "unknown"
        let at = r.validationTime.map { " at \($0) (\(r.validationTimeSource?.rawValue ?? "?"))" } ?? ""
        lines.append(
            "  certificate \(validity)\(at); trust: \(r.trust.rawValue)\(r.trustDetail.map { " (\($0))" } ?? "")")
        if r.kind == .signature { lines.append("  PAdES level: \(r.padesLevel.rawValue)") }
        for c in r.revocation {
            let revoked = c.revokedAt.map { ", revoked \($0)" } ?? ""
            lines.append(
                "  revocation \(c.status.rawValue) at \(c.time): \(c.subject) (\(c.source ?? "no source")\(revoked))")
        }
        if let evidence = r.evidence { lines.append("  \(evidence.line)") }
        for problem in r.problems { lines.append("  problem: \(problem)") }
        for note in r.notes { lines.append("  note: \(note)") }
        return lines.map(HiddenCharacters.escaped)
    }

    /// "ok", "BROKEN (digest, signature-value)" or "not checked".
    static func integrity(_ r: SignatureReport) -> String {
        switch r.integrity {
        case .ok: return "ok"
        case .broken: return "BROKEN (\(r.integrityFailures.joined(separator: ", ")))"
        case .notChecked: return "not checked"
        }
    }

    /// `--verbose`: one line per revision.
    static func describe(_ r: RevisionReport) -> [String] {
        let covered =
            r.coveredBy.isEmpty ? "not signed" : "signed by " + r.coveredBy.map { "#\($0)" }.joined(separator: ", ")
        var lines = [
            "revision \(r.index): bytes \(r.start)–\(r.end), \(r.added.count) added, \(r.changed.count) changed, \(r.freed.count) freed; \(covered)"
        ]
        for problem in r.problems { lines.append("  problem: \(problem)") }
        return lines.map(HiddenCharacters.escaped)
    }
}
