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

    static let plugtests = "pdfs/dss/history/dss-document/src/test/resources/plugtest/esig2014/ESIG-PAdES/"

    func verify(plugtest name: String) throws -> VerificationReport {
        try PDFVerifier.verify(
            path: Corpus.path(Self.plugtests + name), password: nil,
            options: VerifyOptions(now: Date(), requireTrust: false, revocation: .none), rendering: .skipped)
    }

    /// Changes after `signature` that it does not permit.
    func refused(_ signature: SignatureReport) -> [String] {
        signature.permitted ? [] : signature.changes.filter { $0.level > .annotations }.map(\.what)
    }

    @Test(
        "Adobe's form resources written on signing (/DR added, an empty /DR given fonts, /FRM0 replaced) are form filling",
        arguments: [
            "validation/DSS-1983.pdf", "validation/Test.signed_Certipost-2048-SHA512.extended-LTA.pdf",
            "validation/belgian_pki_multiple_ocsps.pdf", "validation/dss-2058/dss-2058-LTA-test.pdf",
            "validation/pades-tst-with-sig-type.pdf", "plugtest:LU/Signature-P-LU-2.pdf",
            "plugtest:AT_SIT/Signature-P-AT_SIT-3.pdf",
        ])
    func formResourcesPermitted(_ name: String) throws {
        let report =
            try name.hasPrefix("plugtest:")
            ? verify(plugtest: String(name.dropFirst(9))) : verify(String(name.dropFirst("validation/".count)))
        for signature in report.signatures {
            #expect(signature.permitted, "\(name) #\(signature.index): \(refused(signature))")
            #expect(!signature.changes.contains { $0.what.contains("/DR") && $0.level == .other }, "\(name)")
        }
    }

    @Test("a catalog rewritten whole with /DSS added, and a page's /Resources moved to an equal object, are permitted")
    func rewrittenButEqual() throws {
        let lt = try #require(try verify("pades-ocsp-sign-cert.pdf").signatures.first)
        #expect(lt.permitted && lt.modificationLevel == .ltaUpdates, "\(lt.changes.map(\.what))")
        let page = try #require(try verify("Signature-P-DE_SCI-4.pdf").signatures.first)
        #expect(page.permitted, "\(page.changes.map(\.what))")
    }

    @Test("a document timestamp over the whole file but a line end after its %%EOF covers the entire file")
    func lineEndAfterLastEOF() throws {
        let report = try verify("DSS-3298.pdf")
        let stamp = try #require(report.signatures.last)
        #expect(stamp.coverage == .entireFile && stamp.integrity == .ok, "\(stamp.problems)")
    }

    @Test(
        "signing-certificate attributes that list the signer twice, or its CAs after it, name the signer",
        arguments: ["DSS-2025.pdf", "Signature-P-FR_CS-5.pdf", "adbe_crl_signed.pdf", "wrong-digest-algo.pdf"])
    func signingCertificateFirstEntry(_ name: String) throws {
        for signature in try verify(name).signatures {
            #expect(!signature.problemKinds.contains(.structure), "\(name) #\(signature.index): \(signature.problems)")
        }
    }

    @Test("signed attributes out of DER order break the signature value (DSS: hash failure)")
    func signedAttributesOutOfOrder() throws {
        let report = try PDFVerifier.verify(
            path: Corpus.path(Self.folder + "dss-818/Signature-P-IT_ADO-1 (HASH_FAILURE) (ECDSA).pdf"), password: nil,
            options: VerifyOptions(now: Date(), requireTrust: false, revocation: .none), rendering: .skipped)
        let signature = try #require(report.signatures.first)
        #expect(signature.integrity == .broken && signature.integrityFailures == ["signature-value"])
        #expect(signature.problems.contains { $0.contains("not in DER order") }, "\(signature.problems)")
        let plugtest = try verify(plugtest: "AT_SIT/Signature-P-AT_SIT-3.pdf").signatures
        #expect(plugtest.map(\.integrity) == [.ok, .ok, .broken], "only PrimeSign's signature is out of order")
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
