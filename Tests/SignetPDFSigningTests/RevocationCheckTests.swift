import Foundation
import SignetTestSupport
import Testing

@testable import SignetCrypto

/// OCSP responses and CRLs made by `openssl ocsp -index` and `openssl ca -gencrl`, checked
/// over bytes (no network): what is used and what is refused, and why.
@Suite("OCSP and CRL checks")
struct RevocationCheckTests {
    let pki = RevocationPKI.shared

    func ocsp(
        _ response: [UInt8], cert: String? = nil, issuer: String? = nil, now: Date? = nil
    ) throws
        -> RevocationEvidence
    {
        try RevocationValues.checkOCSP(
            response, certificate: try pki.bytes(cert ?? pki.signerCert), issuer: try pki.bytes(issuer ?? pki.rootCert),
            now: now)
    }

    func problem(_ body: () throws -> RevocationEvidence) -> RevocationProblem? {
        do {
            _ = try body()
            return nil
        } catch {
            return error as? RevocationProblem
        }
    }

    @Test("a delegated responder's 'good' is used, with its update times")
    func good() throws {
        let evidence = try ocsp(try pki.ocspResponse(for: pki.signerCert), now: Date())
        #expect(evidence.status == .good)
        #expect(evidence.source == .ocsp)
        #expect(evidence.responderDER != nil, "the delegated responder's certificate goes into the DSS")
        #expect(evidence.speaks(at: Date()))
        let next = try #require(evidence.nextUpdate)
        #expect(abs(next.timeIntervalSinceNow - 7 * 86_400) < 600)
    }

    @Test("'revoked' names the time and the reason")
    func revoked() throws {
        let evidence = try ocsp(try pki.ocspResponse(for: pki.revokedCert), cert: pki.revokedCert)
        #expect(evidence.status == .revoked(date: pki.revocationTime, reason: "keyCompromise"))
        #expect(evidence.revoked(at: Date()))
        #expect(!evidence.revoked(at: pki.revocationTime.addingTimeInterval(-60)), "good before it was revoked")
    }

    @Test("the issuer may sign its own responses")
    func signedByIssuer() throws {
        let response = try pki.ocspResponse(for: pki.signerCert, signer: pki.rootCert, key: pki.rootKey)
        let evidence = try ocsp(response)
        #expect(evidence.status == .good)
        #expect(evidence.responderDER == nil)
    }

    @Test(
        "refused responses",
        arguments: [
            ("responder without OCSPSigning", "lacks the OCSPSigning extended key usage"),
            ("tampered signature", "its signature does not verify"),
            ("expired at the time of fetching", "expired at its nextUpdate"),
            ("another certificate's response", "does not answer for this certificate"),
            ("another issuer", "does not answer for this certificate"),
            ("not OCSP", "is not an OCSP response"),
        ])
    func refused(case name: String, expected: String) throws {
        var response = try pki.ocspResponse(for: pki.signerCert)
        var issuer: String?
        var now: Date?
        switch name {
        case "responder without OCSPSigning":
            response = try pki.ocspResponse(for: pki.signerCert, signer: pki.plainCert, key: pki.plainKey)
        case "tampered signature": response = RevocationPKI.tampered(ocsp: response)
        case "expired at the time of fetching": now = Date().addingTimeInterval(30 * 86_400)
        case "another certificate's response": response = try pki.ocspResponse(for: pki.revokedCert)
        case "another issuer": issuer = pki.otherRootCert
        default: response = Array("not a response".utf8)
        }
        let found = try #require(problem { try ocsp(response, issuer: issuer, now: now) }, "\(name) is refused")
        #expect(found.why.contains(expected), "\(name): \(found.why)")
        let unrelated = ["another certificate's response", "another issuer", "not OCSP"].contains(name)
        #expect(found.unrelated == unrelated, "\(name): unrelated values are skipped silently by the verifier")
    }

    @Test(
        "a response naming the certificate by a SHA-1, SHA-256, SHA-384 or SHA-512 certID is used",
        arguments: ["sha1", "sha256", "sha384", "sha512"])
    func certIDHash(digest: String) throws {
        let good = try ocsp(try pki.ocspResponse(for: pki.signerCert, certIDDigest: digest), now: Date())
        #expect(good.status == .good, "\(digest) certID: \(good.status)")
        let revoked = try ocsp(
            try pki.ocspResponse(for: pki.revokedCert, certIDDigest: digest), cert: pki.revokedCert)
        #expect(revoked.status == .revoked(date: pki.revocationTime, reason: "keyCompromise"), "\(digest) certID")
        let other = problem { try ocsp(try pki.ocspResponse(for: pki.revokedCert, certIDDigest: digest)) }
        #expect(
            other?.unrelated == true,
            "\(digest): another certificate's answer stays unrelated: \(String(describing: other))")
    }

    @Test("a CRL: good for an unlisted serial, revoked with its date and reason code for a listed one")
    func crl() throws {
        let crl = try pki.bytes(pki.crl)
        let good = try RevocationValues.checkCRL(
            crl, certificate: try pki.bytes(pki.signerCert), issuer: try pki.bytes(pki.rootCert), now: Date())
        #expect(good.status == .good)
        let revoked = try RevocationValues.checkCRL(
            crl, certificate: try pki.bytes(pki.revokedCert), issuer: try pki.bytes(pki.rootCert))
        // The index file revokes it for keyCompromise, which `openssl ca -gencrl` writes as the entry's reasonCode.
        #expect(revoked.status == .revoked(date: pki.revocationTime, reason: "keyCompromise"))
        #expect(revoked.keyInDoubt)
    }

    @Test("a CRL of another issuer is unrelated; one not signed by the issuer, or tampered, is refused")
    func crlRefused() throws {
        let crl = try pki.bytes(pki.crl)
        let unrelated = problem {
            try RevocationValues.checkCRL(
                crl, certificate: try pki.bytes(pki.otherRootCert), issuer: try pki.bytes(pki.otherRootCert))
        }
        #expect(unrelated?.unrelated == true)
        let otherKey = problem {
            try RevocationValues.checkCRL(
                crl, certificate: try pki.bytes(pki.signerCert), issuer: try pki.bytes(pki.otherRootCert))
        }
        #expect(otherKey?.why == "its signature does not verify")
        var tampered = crl
        tampered[tampered.count - 3] ^= 0x01
        let broken = problem {
            try RevocationValues.checkCRL(
                tampered, certificate: try pki.bytes(pki.signerCert), issuer: try pki.bytes(pki.rootCert))
        }
        #expect(broken?.why == "its signature does not verify")
    }

    @Test("freshness: a value speaks for times in its validity, and for times before it was issued")
    func freshness() {
        let issued = Date(timeIntervalSince1970: 1_800_000_000)
        let value = RevocationEvidence(
            source: .ocsp, status: .good, thisUpdate: issued, nextUpdate: issued.addingTimeInterval(3600))
        #expect(value.speaks(at: issued.addingTimeInterval(-86_400)), "issued after the time: retroactive")
        #expect(value.speaks(at: issued.addingTimeInterval(1800)), "within thisUpdate…nextUpdate")
        #expect(!value.speaks(at: issued.addingTimeInterval(86_400)), "stale a day after nextUpdate")
        var open = value
        open.nextUpdate = nil
        #expect(!open.speaks(at: issued.addingTimeInterval(86_400)), "no nextUpdate: only speaks for earlier times")
    }

    /// A timestamp authority revoked after its token's time: the token stands only when the
    /// reason says nothing against the key (RFC 5280 §5.3.1); any other reason, or none, and the
    /// key's holder could have dated it back.
    @Test("which revocation reasons leave a key's earlier use in doubt, and what that does to each chain")
    func keyInDoubt() {
        let later = Date(timeIntervalSince1970: 1_800_000_000)
        func revoked(_ reason: String?) -> RevocationEvidence {
            RevocationEvidence(source: .crl, status: .revoked(date: later, reason: reason), thisUpdate: later)
        }
        for reason in ["affiliationChanged", "superseded", "cessationOfOperation", "privilegeWithdrawn"] {
            #expect(!revoked(reason).keyInDoubt, "\(reason)")
            #expect(
                !revoked(reason).refutes(at: later.addingTimeInterval(-86_400), as: .timestampAuthority), "\(reason)")
        }
        for reason in [nil, "unspecified", "keyCompromise", "cACompromise", "certificateHold", "aACompromise"] {
            let value = revoked(reason)
            #expect(value.keyInDoubt, "\(reason ?? "no reason")")
            #expect(
                value.refutes(at: later.addingTimeInterval(-86_400), as: .timestampAuthority),
                "\(reason ?? "no reason")")
            #expect(
                !value.refutes(at: later.addingTimeInterval(-86_400), as: .signer),
                "a signer's earlier signatures stand")
            #expect(value.refutes(at: later, as: .signer), "revoked by the time: refuted for either chain")
        }
        #expect(!RevocationEvidence(source: .ocsp, status: .good).keyInDoubt)
    }
}
