import FoundationEssentials
import Testing

@testable import SignetCrypto
@testable import SignetVerify

/// PAdES long-term time on findings made here: which timestamp is judged again, at which
/// document timestamp's time, and when the first judgement stays.
@Suite("Long-term time: timestamps judged at the document timestamp that covers them")
struct LongTermTimeTests {
    static let signedAt = Date(timeIntervalSince1970: 1_500_000_000)
    static let protectedAt = Date(timeIntervalSince1970: 1_600_000_000)

    /// A token whose authority's certificate has expired at the validation time, and nothing else.
    static func expiredToken(at time: Date) -> TimestampCheck {
        TimestampCheck(
            time: time, authority: "CN=TSA", imprintMatches: true, signatureVerifies: true, trust: .notJudged,
            problems: ["the timestamp authority's certificate has expired at the validation time X"],
            kinds: [.certificateValidity])
    }

    static func cms(token: TimestampCheck, documentTimestamp: Bool) -> CMSCheck {
        var cms = JudgeTests.intactCMS()
        cms.trust = .notJudged
        cms.timestamp = token
        if !token.valid {
            let problem = CMSProblem(token.failure.kind, token.failure.sentence)
            cms.problems = [problem]
            if documentTimestamp { cms.certificateValidity = .expired }
        }
        return cms
    }

    static func finding(
        _ index: Int, _ kind: SignatureReport.Kind, revision: Int, token: TimestampCheck
    )
        -> SignatureFindings
    {
        SignatureFindings(
            index: index, kind: kind, field: "F\(index)", subFilter: nil, byteRange: [0, 1, 2, 3], revision: revision,
            coverage: .earlierRevision, cms: cms(token: token, documentTimestamp: kind == .documentTimestamp))
    }

    @Test("a signature timestamp that failed on its authority's dates is judged at the later document timestamp's time")
    func protectedSignature() throws {
        let valid = TimestampCheck(
            time: Self.protectedAt, authority: "CN=TSA 2", imprintMatches: true, signatureVerifies: true,
            trust: .notJudged, problems: [])
        var findings = [
            Self.finding(1, .signature, revision: 1, token: Self.expiredToken(at: Self.signedAt)),
            Self.finding(2, .documentTimestamp, revision: 3, token: valid),
        ]
        #expect(LongTermTime.datesOnly(findings[0]) && !LongTermTime.datesOnly(findings[1]))
        var asked: [(Int, Date)] = []
        let original = findings
        try LongTermTime.protect(&findings, requireTrust: false) { index, time in
            asked.append((index, time))
            var again = original[index]
            again.cms = Self.cms(
                token: TimestampCheck(
                    time: Self.signedAt, authority: "CN=TSA", imprintMatches: true, signatureVerifies: true,
                    trust: .notJudged, problems: []), documentTimestamp: false)
            return again
        }
        #expect(asked.map(\.0) == [0] && asked.map(\.1) == [Self.protectedAt], "\(asked)")
        #expect(findings[0].cms?.timestamp?.valid == true && findings[0].notes.last?.contains("revision 3") == true)
        #expect(Judge.judge(findings[0], requireTrust: false).verdict == .valid)
    }

    @Test("no valid document timestamp after it, or a recheck no better: the first judgement stays")
    func unprotected() throws {
        var alone = [Self.finding(1, .signature, revision: 1, token: Self.expiredToken(at: Self.signedAt))]
        let first = alone[0]
        try LongTermTime.protect(&alone, requireTrust: false) { _, _ in
            Issue.record("no document timestamp protects it: nothing is rechecked")
            return first
        }
        var covered = [
            Self.finding(1, .signature, revision: 1, token: Self.expiredToken(at: Self.signedAt)),
            Self.finding(2, .documentTimestamp, revision: 3, token: Self.expiredToken(at: Self.protectedAt)),
        ]
        let before = covered
        try LongTermTime.protect(&covered, requireTrust: false) { index, _ in before[index] }
        #expect(covered == before, "an expired document timestamp protects nothing, and a recheck no better is dropped")
    }
}
