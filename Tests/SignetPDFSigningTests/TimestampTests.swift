import Foundation
import SignetFiles
import SignetTestSupport
import Testing

@testable import SignetCrypto
@testable import SignetPDFSigning
@testable import SignetVerify

/// RFC 3161 tokens made by `openssl ts`: checked alone, as a document timestamp, and attached to
/// a signature as id-aa-signatureTimeStampToken.
@Suite("RFC 3161 timestamps")
struct TimestampTests {
    let pki = PolicyPKI.shared

    func options(
        anchor: String? = nil, time: VerifyOptions.ValidationTime = .now, trust: Bool = true
    ) throws -> VerifyOptions {
        VerifyOptions(
            now: Date(), validationTime: time, anchors: try TrustAnchors(files: [anchor ?? pki.rootCert]),
            requireTrust: trust)
    }

    func bytes(_ path: String) throws -> [UInt8] { try Array(Data(contentsOf: URL(fileURLWithPath: path))) }

    @Test("a token over some bytes: imprint, signature, TSA and trust; other bytes do not match")
    func token() throws {
        let dir = TemporaryDirectory()
        let data = dir.write("data.bin", "stamped bytes\n")
        let token = dir.path("token.tsr")
        try pki.timestampToken(over: data, out: token)
        let before = Date()
        let good = try TimestampVerifier.verify(
            token: try bytes(token), context: "token", imprinted: { try $0.hash(try bytes(data)) },
            options: try options(),
            judgedAt: { _ in (Date(), .now) })
        #expect(good.timestamp.valid, "\(good.timestamp.problems)")
        #expect(good.timestamp.imprintMatches && good.timestamp.signatureVerifies)
        #expect(good.timestamp.trust == .trusted)
        #expect(good.timestamp.authority == "O=Signet Tests,CN=Policy tsa")
        #expect(abs(good.timestamp.time.timeIntervalSince(before)) < 120)
        let other = try TimestampVerifier.verify(
            token: try bytes(token), context: "token", imprinted: { try $0.hash(Array("other bytes\n".utf8)) },
            options: try options(),
            judgedAt: { _ in (Date(), .now) })
        #expect(!other.timestamp.valid)
        #expect(!other.timestamp.imprintMatches)
        #expect(other.timestamp.signatureVerifies)
        let untrusted = try TimestampVerifier.verify(
            token: try bytes(token), context: "token", imprinted: { try $0.hash(try bytes(data)) },
            options: try options(anchor: pki.base.otherRootCert), judgedAt: { _ in (Date(), .now) })
        #expect(untrusted.timestamp.trust == .untrusted)
        #expect(!untrusted.timestamp.valid)
    }

    @Test("a TSA certificate signed with SHA-1 makes the token invalid, naming the certificate; allowed on request")
    func weakAuthorityChain() throws {
        let dir = TemporaryDirectory()
        let data = dir.write("data.bin", "stamped bytes\n")
        let token = dir.path("token.tsr")
        try pki.timestampToken(over: data, out: token, authority: pki.sha1TSA)
        func verify(allowWeak: Bool) throws -> TimestampCheck {
            var options = try options(trust: false)
            options.allowWeakAlgorithms = allowWeak
            return try TimestampVerifier.verify(
                token: try bytes(token), context: "token", imprinted: { try $0.hash(try bytes(data)) },
                options: options, judgedAt: { _ in (Date(), .now) }
            ).timestamp
        }
        let refused = try verify(allowWeak: false)
        #expect(!refused.valid && !refused.signatureVerifies)
        let expected = "the certificate of O=Signet Tests,CN=Policy sha1tsa is signed with SHA1"
        #expect(refused.problems.contains { $0.hasPrefix(expected) }, "expected \(expected) in \(refused.problems)")
        let allowed = try verify(allowWeak: true)
        #expect(allowed.valid, "\(allowed.problems)")
    }

    @Test("a token whose TSTInfo was changed does not verify")
    func tamperedToken() throws {
        let dir = TemporaryDirectory()
        let data = dir.write("data.bin", "stamped bytes\n")
        let token = dir.path("token.tsr")
        try pki.timestampToken(over: data, out: token)
        var der = try bytes(token)
        let digest = try DigestAlgorithm.sha256.hash(try bytes(data))
        let at = try #require(der.indices.first { der[$0...].starts(with: digest) }, "the imprint is inside the token")
        der[at + 31] ^= 0x01
        let report = try TimestampVerifier.verify(
            token: der, context: "token",
            imprinted: { _ in
                var d = digest; d[31] ^= 0x01; return d
            }, options: try options(),
            judgedAt: { _ in (Date(), .now) })
        #expect(report.timestamp.imprintMatches, "the imprint itself was rewritten to match")
        #expect(!report.timestamp.signatureVerifies)
        #expect(!report.timestamp.valid)
    }

    @Test("document timestamp: imprint over the byte ranges, TSA as signer, timeStamping EKU")
    func documentTimestamp() throws {
        let dir = TemporaryDirectory()
        let data = dir.write("ranges.bin", String(repeating: "PDF bytes ", count: 1000))
        let token = dir.path("doc.tsr")
        try pki.timestampToken(over: data, out: token, digest: "sha384")
        let check = try CMSVerifier.checkDocumentTimestamp(
            token: try bytes(token), context: "document timestamp", contentDigest: { try $0.hash(try bytes(data)) },
            options: try options())
        #expect(check.digestMatches)
        #expect(check.digestAlgorithm == "SHA384")
        #expect(check.signatureVerifies)
        #expect(check.signer?.subject == "O=Signet Tests,CN=Policy tsa")
        #expect(check.trust == .trusted)
        #expect(check.certificateValidity == .valid)
        #expect(check.validationTimeSource == .now)
        #expect(check.timestamp?.valid == true)
        #expect(check.failures.isEmpty, "\(check.failures)")
        let changed = try CMSVerifier.checkDocumentTimestamp(
            token: try bytes(token), context: "document timestamp",
            contentDigest: { try $0.hash(Array("changed".utf8)) }, options: try options())
        #expect(!changed.digestMatches)
        #expect(!changed.failures.isEmpty)
        // A signature is not a timestamp token.
        let p7s = dir.path("sig.p7s")
        try pki.opensslSign((pki.base.rsaCert, pki.base.rsaKey), content: data, out: p7s)
        #expect(throws: SignError.self) {
            try CMSVerifier.checkDocumentTimestamp(
                token: try bytes(p7s), context: "x", contentDigest: { _ in [] }, options: try options())
        }
    }

    @Test("a signer certificate used as a TSA is refused: no timeStamping extended key usage")
    func documentSigningCertificateIsNoTSA() throws {
        let cert = try Certificate.read(try bytes(pki.documentSigning.cert))[0]
        let problems = try CertificateUsage.timestamping.problems(cert, whose: "the timestamp authority's")
        #expect(
            problems == [
                "the timestamp authority's certificate is not a timestamping certificate: its extended key usage allows only document signing"
            ])
        let tsa = try Certificate.read(try bytes(pki.tsa.cert))[0]
        #expect(try CertificateUsage.timestamping.problems(tsa, whose: "the timestamp authority's").isEmpty)
        #expect(try !CertificateUsage.documentSigning.problems(tsa, whose: "the signer's").isEmpty)
    }

    @Test("a dual-use certificate (timeStamping and emailProtection) is no TSA: RFC 3161 allows timeStamping alone")
    func dualUseCertificateIsNoTSA() throws {
        let cert = try Certificate.read(try bytes(pki.dualUseTSA.cert))[0]
        #expect(
            try CertificateUsage.timestamping.problems(cert, whose: "the timestamp authority's") == [
                "the timestamp authority's certificate is not a timestamping certificate: its extended key usage allows E-mail Protection besides timestamping, and RFC 3161 allows timestamping alone"
            ])
        #expect(try CertificateUsage.documentSigning.problems(cert, whose: "the signer's").isEmpty)
    }

    @Test(
        "a signature timestamp over the signature value moves the validation time to genTime; one over other bytes makes the signature invalid"
    )
    func signatureTimestamp() throws {
        let dir = TemporaryDirectory()
        let input = dir.write("content.txt", "timestamped content\n")
        let p7s = dir.path("plain.p7s")
        try pki.opensslSign((pki.base.rsaCert, pki.base.rsaKey), content: input, out: p7s)
        let value = dir.path("value.bin")
        try pki.signatureValue(of: p7s, out: value)
        try pki.timestampToken(over: value, out: dir.path("good.tsr"))
        try pki.attach(token: dir.path("good.tsr"), to: p7s, out: dir.path("stamped.p7s"))
        let stamped = try DetachedVerifier.verify(
            signaturePath: dir.path("stamped.p7s"), contentPath: input, options: try options())
        #expect(stamped.valid, "\(stamped.problems)")
        #expect(stamped.timestamp?.valid == true)
        #expect(stamped.validationTimeSource == .timestamp)
        #expect(stamped.validationTime == stamped.timestamp.map { DateText.utc($0.time) })
        // A fixed validation time stays what the user asked for.
        let given = try DetachedVerifier.verify(
            signaturePath: dir.path("stamped.p7s"), contentPath: input,
            options: try options(time: .at(Date()), trust: false))
        #expect(given.validationTimeSource == .given)

        try pki.timestampToken(over: input, out: dir.path("wrong.tsr"))
        try pki.attach(token: dir.path("wrong.tsr"), to: p7s, out: dir.path("wrong.p7s"))
        let wrong = try DetachedVerifier.verify(
            signaturePath: dir.path("wrong.p7s"), contentPath: input, options: try options())
        #expect(wrong.integrity == .ok)
        #expect(wrong.timestamp?.imprintMatches == false)
        #expect(wrong.validationTimeSource == .now)
        #expect(!wrong.valid)
        #expect(wrong.problems.contains { $0.hasPrefix("its signature timestamp is not valid") }, "\(wrong.problems)")
    }
}
