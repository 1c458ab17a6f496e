import FoundationEssentials
import Testing

@testable import SignetCrypto
@testable import SignetVerify

/// The one writer of verdicts on findings made here: which verdict, which reason first, and what
/// `integrity` says, whatever order the checks found things in.
@Suite("Judge: findings to verdicts")
struct JudgeTests {
    /// A CMS check that passed everything but trust (no anchors were given).
    static func intactCMS() -> CMSCheck {
        var cms = CMSCheck.unchecked(at: Date(timeIntervalSince1970: 1_800_000_000))
        (cms.digestMatches, cms.signatureVerifies, cms.valueVerifies) = (true, true, true)
        cms.certificateValidity = .valid
        (cms.trust, cms.trustDetail) = (.untrusted, "no trust anchors were given")
        return cms
    }

    static func findings(
        cms: CMSCheck? = intactCMS(), problems: [Problem] = [], changes: [Change] = [],
        coverage: SignatureReport.Coverage = .entireFile
    ) -> SignatureFindings {
        SignatureFindings(
            index: 2, kind: .signature, field: "Sig", subFilter: "/adbe.pkcs7.detached", byteRange: [0, 10, 20, 30],
            revision: 2, coverage: coverage, changes: changes, cms: cms, problems: problems)
    }

    @Test("untrusted and nothing else: intact but untrusted")
    func untrustedOnly() {
        let report = Judge.single(Self.findings(), requireTrust: true)
        #expect(report.verdict == .intactButUntrusted && report.intactButUntrusted && !report.valid)
        #expect(report.problemKinds == [.trust] && report.reason?.isEmpty == false, "\(report.problems)")
    }

    @Test("an untrusted certification signature that is not the first one is INVALID, not intact but untrusted")
    func untrustedCertificationNotFirst() {
        let report = Judge.single(
            Self.findings(problems: [
                Problem(.structure, "a certification signature must be the document's first signature")
            ]),
            requireTrust: true)
        #expect(report.verdict == .invalid && !report.intactButUntrusted, "\(report.problems)")
        #expect(report.problemKinds == [.structure, .trust], "\(report.problemKinds)")
    }

    @Test("the reason is the most serious problem: a refused change before trust, trust before expiry and key usage")
    func ranking() {
        var cms = Self.intactCMS()
        cms.certificateValidity = .expired
        cms.problems = [
            CMSProblem(.certificateValidity, "the signer's certificate has expired at the validation time X"),
            CMSProblem(.keyUsage, "the signer's certificate does not allow digital signatures"),
        ]
        let change = Change(revision: 3, level: .other, what: "page 1 content stream replaced (object 12)")
        let report = Judge.single(Self.findings(cms: cms, changes: [change, change]), requireTrust: true)
        #expect(
            report.problemKinds == [.refusedChange, .trust, .keyUsage, .certificateValidity], "\(report.problemKinds)")
        #expect(
            report.reason
                == "revision 3: page 1 content stream replaced (object 12) (and 1 more change it does not permit)")
        #expect(report.verdict == .invalid && !report.permitted && report.modificationLevel == .other)
    }

    @Test("trust not asked for: no trust problem, and a clean check is valid")
    func noTrustAsked() {
        var cms = Self.intactCMS()
        cms.trust = .notJudged
        let report = Judge.single(Self.findings(cms: cms), requireTrust: false)
        #expect(report.verdict == .valid && report.valid && report.problems.isEmpty && report.reason == nil)
    }

    @Test("a sub-filter Signet does not check: not checked, unless something else is wrong")
    func notChecked() {
        let unchecked = Problem(.notChecked, "its sub-filter /PBAD.PAdES is not one signet verify checks")
        let alone = Judge.single(Self.findings(cms: nil, problems: [unchecked]), requireTrust: true)
        #expect(alone.verdict == .notChecked && alone.integrity == .notChecked, "\(alone.problems)")
        let change = Change(revision: 3, level: .other, what: "page tree changed")
        let changed = Judge.single(
            Self.findings(cms: nil, problems: [unchecked], changes: [change]), requireTrust: true)
        #expect(changed.verdict == .invalid && changed.problemKinds == [.refusedChange, .notChecked])
    }

    @Test(
        "integrity is the digest and the signature value, and says which failed",
        arguments: [
            (true, true, SignatureReport.Coverage.entireFile, SignatureReport.Integrity.ok, [String]()),
            (false, true, .entireFile, .broken, ["digest"]),
            (true, false, .entireFile, .broken, ["signature-value"]),
            (false, false, .partial, .broken, ["coverage", "digest", "signature-value"]),
        ])
    func integrity(
        digest: Bool, value: Bool, coverage: SignatureReport.Coverage, expected: SignatureReport.Integrity,
        failures: [String]
    ) {
        var cms = Self.intactCMS()
        (cms.digestMatches, cms.signatureVerifies, cms.valueVerifies) = (digest, value, value)
        let report = Judge.single(Self.findings(cms: cms, coverage: coverage), requireTrust: false)
        #expect(report.integrity == expected && report.integrityFailures == failures, "\(report.integrityFailures)")
        #expect(report.valid == (expected == .ok), "\(report.problems)")
        #expect(report.problems.allSatisfy { !$0.isEmpty && !$0.hasSuffix(": ") }, "\(report.problems)")
    }

    @Test("an algorithm Signet cannot check leaves integrity not checked, and the signature not valid")
    func unsupported() {
        var cms = Self.intactCMS()
        (cms.signatureVerifies, cms.valueVerifies, cms.unsupported) = (false, false, "unsupported algorithm X")
        let report = Judge.single(Self.findings(cms: cms), requireTrust: false)
        #expect(report.integrity == .notChecked && report.problemKinds == [.unsupported] && !report.valid)
    }

    @Test("a signature timestamp that fails only on trust is a trust problem with a reason, never an empty one")
    func timestampTrustOnly() {
        let token = TimestampCheck(
            time: Date(), authority: "CN=TSA", imprintMatches: true, signatureVerifies: true, trust: .untrusted,
            problems: [])
        #expect(token.failure.kind == .trust && token.failure.sentence.hasSuffix("leads to no trust anchor"))
        let broken = TimestampCheck(
            time: Date(), authority: nil, imprintMatches: false, signatureVerifies: true, trust: .untrusted,
            problems: [])
        #expect(broken.failure.kind == .timestamp && !broken.failure.sentence.hasSuffix(": "))
        let expired = TimestampCheck(
            time: Date(), authority: "CN=TSA", imprintMatches: true, signatureVerifies: true, trust: .notJudged,
            problems: ["the timestamp authority's certificate has expired at the validation time X"],
            kinds: [.certificateValidity])
        #expect(expired.failure.kind == .certificateValidity, "ranked as a certificate's dates: \(expired.failure)")
    }
}
