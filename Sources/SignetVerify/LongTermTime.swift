import FoundationEssentials
import SignetCrypto

/// Time as PAdES long-term validation means it (ETSI EN 319 102-1, proof of existence): a valid
/// document timestamp proves that everything its revision covers existed at its time. A timestamp
/// — a signature's own, or an earlier document timestamp — whose only fault is that its
/// authority's certificate is not valid at the validation time (expired since, typically) is
/// judged again at the time of the earliest valid document timestamp after it, when that
/// certificate may well have been valid. Nothing else is forgiven: a broken imprint, a weak
/// algorithm or a revoked certificate stays what it is.
enum LongTermTime {
    /// Re-judges, from the newest to the oldest, each finding whose timestamp failed on its
    /// authority's certificate dates alone, with `recheck(index, time)` at the time of the earliest
    /// later valid document timestamp; keeps the first judgement when the second is no better.
    static func protect(
        _ findings: inout [SignatureFindings], requireTrust: Bool,
        recheck: (Int, Date) throws -> SignatureFindings
    ) throws {
        for i in findings.indices.reversed() where datesOnly(findings[i]) {
            guard let revision = findings[i].revision,
                let protector = findings.indices.filter({ j in
                    findings[j].kind == .documentTimestamp && (findings[j].revision ?? 0) > revision
                        && Judge.judge(findings[j], requireTrust: requireTrust).verdict == .valid
                }).min(by: { (findings[$0].revision ?? 0) < (findings[$1].revision ?? 0) }),
                let time = findings[protector].cms?.timestamp?.time
            else { continue }
            var again = try recheck(i, time)
            let better =
                again.kind == .documentTimestamp
                ? again.cms?.failures.isEmpty == true : again.cms?.timestamp?.valid == true
            guard better else { continue }
            again.notes.append(
                "its \(findings[i].kind == .documentTimestamp ? "token's" : "signature timestamp's") authority was judged at \(DateText.utc(time)), the time of the document timestamp in revision \(findings[protector].revision ?? 0) that covers it"
            )
            findings[i] = again
        }
    }

    /// The timestamp of `f` fails only because its authority's certificate is not valid at the
    /// validation time: for a signature, its signature timestamp; for a document timestamp, itself.
    static func datesOnly(_ f: SignatureFindings) -> Bool {
        guard let cms = f.cms else { return false }
        switch f.kind {
        case .signature:
            guard let token = cms.timestamp, !token.valid, token.imprintMatches, token.signatureVerifies else {
                return false
            }
            return !token.kinds.isEmpty && token.kinds.allSatisfy { $0 == .certificateValidity }
        case .documentTimestamp:
            let failures = cms.failures
            return !failures.isEmpty && failures.allSatisfy { $0.kind == .certificateValidity }
        }
    }
}
