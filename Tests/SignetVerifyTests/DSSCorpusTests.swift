import Foundation
import SignetCrypto
import SignetTestSupport
import Testing

@testable import SignetVerify

/// What `verify` reports on real files of the EU DSS project (`../shared/corpus/pdfs/dss/`):
/// every signature a file holds, integrity in its full sense, sub-filters it does and does not
/// check, and reasons that are never empty. Trust is not the question here (no anchors).
@Suite("Verify on EU DSS's signed PDFs", .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.missingNote)))
struct DSSCorpusTests {
    static let folder = "pdfs/dss/dss-pades/src/test/resources/validation/"

    func verify(_ name: String, trust: Bool = false) throws -> VerificationReport {
        try PDFVerifier.verify(
            path: Corpus.path(Self.folder + name), password: nil,
            options: VerifyOptions(now: Date(), requireTrust: trust, revocation: .none), rendering: .skipped)
    }

    @Test("a field showing a signature of another revision is reported with the real one, not dropped")
    func forgedFieldReported() throws {
        let report = try verify("hello_signed_INCSAVE_signed_EDITED.pdf")
        #expect(report.signatures.map(\.field) == ["Signature1", "Signature2"], "\(report.signatures.map(\.field))")
        let second = report.signatures[1]
        #expect(second.problemKinds.contains(.structure) && !second.valid, "\(second.problems)")
    }

    @Test("adbe.pkcs7.sha1 is checked: its encapsulated SHA-1 digest matches and its signature value verifies")
    func sha1SubFilterChecked() throws {
        let signature = try #require(try verify("pkcs7_sha1.pdf").signatures.first)
        #expect(signature.subFilter == "/adbe.pkcs7.sha1")
        #expect(signature.integrity == .ok && signature.integrityFailures.isEmpty, "\(signature.problems)")
        #expect(signature.problems.contains { $0.contains("SHA1 is not allowed") }, "\(signature.problems)")
    }

    @Test("a PBAD.PAdES signature is not checked, and says which sub-filter")
    func unknownSubFilterNotChecked() throws {
        let report = try verify("AD-RB.pdf")
        let pbad = try #require(report.signatures.first { $0.subFilter == "/PBAD.PAdES" })
        #expect(pbad.integrity == .notChecked && pbad.problemKinds.contains(.notChecked), "\(pbad.problems)")
        #expect(pbad.problems.contains { $0.contains("/PBAD.PAdES") })
    }

    @Test("a CR/LF after the %%EOF a document timestamp covers leaves its coverage whole, not partial")
    func lineEndAfterTimestamp() throws {
        // DSS-3298.pdf ends "%%EOF\n\r\n": the timestamp covers up to the "\n", two bytes before the end.
        let timestamp = try #require(try verify("DSS-3298.pdf").signatures.first { $0.kind == .documentTimestamp })
        #expect(timestamp.coverage == .entireFile, "coverage \(timestamp.coverage): \(timestamp.problems)")
        #expect(!timestamp.problemKinds.contains(.coverage), "\(timestamp.problems)")
    }

    @Test("no reason is empty: every problem is a sentence, also when a timestamp fails on trust alone")
    func reasonsNeverEmpty() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Corpus.path(Self.folder)).filter {
            $0.hasSuffix(".pdf")
        }.sorted().prefix(40)
        var checked = 0
        for name in names {
            guard let report = try? verify(name, trust: true) else { continue }
            for s in report.signatures {
                checked += 1
                #expect(s.problems.allSatisfy { !$0.hasSuffix(": ") && !$0.isEmpty }, "\(name): \(s.problems)")
                #expect(s.valid || s.reason?.isEmpty == false, "\(name): signature \(s.index) has no reason")
                #expect(s.problems.count == s.problemKinds.count)
            }
        }
        #expect(checked > 20, "signatures checked: \(checked)")
    }
}
