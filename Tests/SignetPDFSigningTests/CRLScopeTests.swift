import Foundation
import SignetTestSupport
import Testing

@testable import SignetCrypto

/// CRLs whose scope does not cover a certificate (RFC 5280 §5.2, §5.3, §6.3.3), made by Python's
/// cryptography and signed by RevocationPKI's root: judged as the verifier judges a file's CRLs,
/// and as `sign --ltv` judges a fetched one.
@Suite("CRL scope")
struct CRLScopeTests {
    let pki = RevocationPKI.shared
    /// The distribution point the signers' certificates name.
    static let distributionPoint = RevocationPKI.baseURL + "/root.crl"

    func certificate(_ path: String) throws -> Certificate {
        try #require(try Certificate.read(try pki.bytes(path)).first)
    }

    /// The verifier's revocation judgement of `cert` at `time` with `crl` as the file's only data.
    func judge(_ cert: String, crl: [UInt8], at time: Date = Date()) throws -> ChainRevocation {
        let judge = RevocationJudge(
            file: ValidationMaterial(crls: [crl]), crls: RevocationListCache(),
            anchors: [try certificate(pki.rootCert)],
            mode: .offline,
            online: nil, now: Date())
        return try judge.judge(
            try certificate(cert), carried: [], at: time, as: .signer)
    }

    /// Both signers (good and revoked) with `crl`: neither is judged through it, each gets a note
    /// saying why, and the chain does not count as covered by the file (no B-LT).
    func expectUnused(_ crl: [UInt8], why: String, _ name: String) throws {
        for (cert, subject) in [(pki.signerCert, "CN=Revocation signer"), (pki.revokedCert, "CN=Revocation revoked")] {
            let result = try judge(cert, crl: crl)
            #expect(result.certificates.map(\.status) == [.noData], "\(name), \(subject): \(result.certificates)")
            #expect(result.problems.isEmpty, "\(name), \(subject): an unused CRL revokes nothing: \(result.problems)")
            #expect(!result.coveredByFile, "\(name), \(subject): an unused CRL never counts toward B-LT")
            let note = "a CRL in the file for \(subject) is not used: \(why)"
            #expect(result.notes.contains { $0.hasPrefix(note) }, "\(name): expected \(note) in \(result.notes)")
        }
    }

    @Test(
        "CRLs out of scope are not used at all, a revoked signer's included",
        arguments: [
            ("CA certificates only", CRLSpec(scope: .ca), "it covers CA certificates only"),
            ("attribute certificates only", CRLSpec(scope: .attribute), "it covers attribute certificates only"),
            (
                "another distribution point", CRLSpec(distributionPoint: "http://elsewhere.example/partition-7.crl"),
                "its issuing distribution point is not one of the certificate's CRL distribution points"
            ),
            ("delta CRL", CRLSpec(delta: true), "it is a delta CRL, and a delta CRL without its base CRL"),
            (
                "unknown critical extension", CRLSpec(unknownCritical: true),
                "it has a critical extension Signet does not understand (1.3.6.1.4.1.55555.1)"
            ),
            (
                "unknown critical entry extension", CRLSpec(unknownCriticalEntry: true),
                "an entry of it has a critical extension Signet does not understand (1.3.6.1.4.1.55555.2)"
            ),
        ])
    func unused(name: String, spec: CRLSpec, why: String) throws {
        let folder = TemporaryDirectory()
        var listing = spec
        listing.revoked = [RevocationPKI.revokedSerial]
        try expectUnused(try pki.crl(listing, in: folder), why: why, name)
    }

    @Test("a CRL's issuer is read from its framing as OpenSSL reads it; another issuer's CRL is never parsed")
    func issuerFromFraming() throws {
        let folder = TemporaryDirectory()
        let own = try pki.crl(CRLSpec(revoked: [RevocationPKI.revokedSerial]), in: folder)
        let revoked = try certificate(pki.revokedCert)
        let framed = try DistinguishedName(der: try #require(DER.crlIssuer(own), "no issuer in the framing"))
        #expect(framed.names(issuerOf: revoked))
        #expect(try RevocationList(bytes: own).speaks(for: revoked))
        // A CRL of PolicyPKI's signer (empty, under its own name), as a signature could carry it.
        let policy = PolicyPKI.shared
        let content = folder.write("content.txt", "foreign\n"), p7s = folder.path("foreign.p7s")
        try policy.pythonSign((policy.base.rsaCert, policy.base.rsaKey), content: content, out: p7s, crls: 1)
        let foreign = try #require(try CMSMessage(der: try pki.bytes(p7s)).crls().first)
        let otherName = try DistinguishedName(der: try #require(DER.crlIssuer(foreign)))
        #expect(!otherName.names(issuerOf: revoked))
        #expect(try !RevocationList(bytes: foreign).speaks(for: revoked))
        let cache = RevocationListCache()
        #expect(throws: CRLCheck.otherAuthority) { try cache.list(foreign, about: revoked) }
        #expect(cache.parsedLists == 0, "the foreign CRL was parsed")
        #expect(try cache.list(own, about: revoked).speaks(for: revoked))
        #expect(cache.parsedLists == 1)
        // Damaged copies never trap, and what they frame as an issuer is a Name inside the bytes.
        var random = SeededRandom(seed: 21)
        for _ in 0..<1000 {
            var damaged = own
            let at = Int.random(in: 0..<damaged.count, using: &random)
            if Bool.random(using: &random) {
                damaged[at] = UInt8.random(in: 0...255, using: &random)
            } else {
                damaged.removeSubrange(at...)
            }
            if let issuer = DER.crlIssuer(damaged) { #expect(issuer.first == 0x30 && issuer.count < damaged.count) }
        }
    }

    @Test("a CRL for end-entity certificates at the certificate's own distribution point is used")
    func userOnly() throws {
        let folder = TemporaryDirectory()
        let crl = try pki.crl(
            CRLSpec(revoked: [RevocationPKI.revokedSerial], scope: .user, distributionPoint: Self.distributionPoint),
            in: folder)
        let good = try judge(pki.signerCert, crl: crl)
        #expect(good.certificates.map(\.status) == [.good], "\(good.notes)")
        #expect(good.certificates.first?.source == "crl-file")
        #expect(good.coveredByFile && good.notes.isEmpty, "\(good.notes)")
        let revoked = try judge(pki.revokedCert, crl: crl)
        #expect(revoked.certificates.map(\.status) == [.revoked])
        #expect(revoked.problems.first?.contains("was revoked on") == true, "\(revoked.problems)")
    }

    @Test("a CRL for end-entity certificates only is not used for a CA certificate")
    func userOnlyForCA() throws {
        let folder = TemporaryDirectory()
        let crl = try pki.crl(CRLSpec(scope: .user), in: folder)
        let root = try certificate(pki.rootCert)
        #expect(
            CRLScope.use(of: try RevocationList(bytes: crl), for: root)
                == .none("it covers end-entity certificates only"))
        #expect(CRLScope.use(of: try RevocationList(bytes: crl), for: try certificate(pki.signerCert)) == .complete)
    }

    @Test(
        "a CRL for some reasons only, or an indirect CRL, shows a revocation but never 'not revoked'",
        arguments: [
            ("only some reasons", CRLSpec(someReasons: true), "it covers only some revocation reasons"),
            ("indirect", CRLSpec(indirect: true), "it is an indirect CRL"),
        ])
    func revocationsOnly(name: String, spec: CRLSpec, why: String) throws {
        let folder = TemporaryDirectory()
        var listing = spec
        listing.revoked = [RevocationPKI.revokedSerial]
        let crl = try pki.crl(listing, in: folder)
        let good = try judge(pki.signerCert, crl: crl)
        #expect(good.certificates.map(\.status) == [.noData], "\(name): \(good.certificates)")
        #expect(!good.coveredByFile, "\(name): never B-LT through it")
        let note =
            "a CRL in the file for CN=Revocation signer is not used: \(why), so it cannot show that the certificate is not revoked"
        #expect(good.notes.contains(note), "\(name): expected \(note) in \(good.notes)")
        let revoked = try judge(pki.revokedCert, crl: crl)
        #expect(revoked.certificates.map(\.status) == [.revoked], "\(name): \(revoked.notes)")
        #expect(revoked.problems.contains { $0.contains("was revoked on") }, "\(name): \(revoked.problems)")
    }

    @Test("a CRL issued after the certificate expired says nothing of it, unless its ExpiredCertsOnCRL date covers it")
    func afterExpiry() throws {
        let folder = TemporaryDirectory()
        let day: TimeInterval = 86_400
        let notAfter = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 - 30 * day).rounded(.down))
        let cert = try pki.certificate(
            serial: "1010", notBefore: notAfter.addingTimeInterval(-365 * day), notAfter: notAfter, in: folder)
        let during = notAfter.addingTimeInterval(-60 * day)
        let plain = try judge(cert, crl: try pki.crl(CRLSpec(), in: folder), at: during)
        #expect(plain.certificates.map(\.status) == [.noData], "\(plain.certificates)")
        #expect(!plain.coveredByFile)
        #expect(
            plain.notes.contains {
                $0.contains("after the certificate expired on \(DateText.utc(notAfter)), so it cannot show")
            }, "\(plain.notes)")
        let late = try pki.crl(CRLSpec(expiredCertsOnCRL: notAfter.addingTimeInterval(day)), in: folder)
        #expect(
            try judge(cert, crl: late, at: during).certificates.map(\.status) == [.noData], "kept since after expiry")
        let kept = try pki.crl(CRLSpec(expiredCertsOnCRL: notAfter.addingTimeInterval(-365 * day)), in: folder)
        let used = try judge(cert, crl: kept, at: during)
        #expect(used.certificates.map(\.status) == [.good], "\(used.notes)")
        #expect(used.coveredByFile)
        // Listed as revoked yesterday: a revocation is still one, judged now.
        let listed = try judge(cert, crl: try pki.crl(CRLSpec(revoked: ["1010"]), in: folder))
        #expect(listed.certificates.map(\.status) == [.revoked], "a listed expired certificate is still revoked")
    }

    /// A collector whose OCSP responder does not answer and whose distribution point serves `crl`.
    func collector(serving crl: [UInt8]) throws -> RevocationCollector {
        try RevocationCollector(
            now: Date(), nonce: { [1, 2, 3, 4] },
            fetch: { request in
                guard request.url == Self.distributionPoint else { throw ToolFailure("no responder") }
                return crl
            })
    }

    @Test("sign --ltv does not take a CRL out of scope: the signer gets an error, not B-LT")
    func collector() throws {
        let folder = TemporaryDirectory()
        let root = try certificate(pki.rootCert)
        let signer = try certificate(pki.signerCert)
        for (spec, why) in [
            (CRLSpec(scope: .ca), "it covers CA certificates only"),
            (CRLSpec(someReasons: true), "it covers only some revocation reasons"),
        ] {
            do {
                _ = try collector(serving: try pki.crl(spec, in: folder)).status(
                    of: signer, issuer: root, context: "ltv")
                Issue.record("a CRL out of scope was taken: \(why)")
            } catch let error as RevocationError {
                #expect(error.message.contains("is not usable: \(why)"), "\(error.message)")
            }
        }
        let complete = try pki.crl(CRLSpec(scope: .user, distributionPoint: Self.distributionPoint), in: folder)
        let (material, evidence) = try collector(serving: complete).status(of: signer, issuer: root, context: "ltv")
        #expect(evidence.status == .good && material.crls == [complete])
    }

    @Test("a verification parses each CRL once: the same list for the same bytes, one refusal for a non-CRL")
    func parsedOnce() throws {
        let folder = TemporaryDirectory()
        let cache = RevocationListCache()
        let crl = try pki.crl(CRLSpec(), in: folder)
        let signer = try certificate(pki.signerCert)
        #expect(try cache.list(crl, about: signer) === cache.list(Array(crl), about: signer), "parsed again")
        #expect(cache.parsedLists == 1)
        for _ in 0..<2 {
            let error = #expect(throws: RevocationProblem.self) {
                try cache.list([0x30, 0x03, 0x02, 0x01, 0x05], about: signer)
            }
            #expect(error?.why.hasPrefix("it is not a CRL (") == true, "\(String(describing: error))")
        }
    }
}
