import Foundation
import SignetFiles
import SignetTestSupport
import Testing

@testable import SignetCrypto
@testable import SignetPDFSigning
@testable import SignetVerify

@Suite("Detached CMS signatures")
struct DetachedSignatureTests {
    let pki = TestPKI.shared
    /// The test certificates start when the PKI is made (just before), so "now" is inside their validity.
    var signingTime: Date { Date() }

    func identity(ec: Bool = false) throws -> SigningIdentity {
        ec
            ? try .pkcs12(path: pki.ecP12, password: Secret(TestPKI.password))
            : try .pkcs12(path: pki.rsaP12Legacy, password: Secret(TestPKI.password))
    }

    func content(_ dir: TemporaryDirectory, size: Int = 300_001) -> String {
        var random = SeededRandom(seed: 7)
        return dir.write("content.bin", bytes: (0..<size).map { _ in UInt8.random(in: 0...255, using: &random) })
    }

    @Test("openssl cms -verify accepts it, with the chain from the bundle", arguments: [false, true])
    func opensslVerifies(ec: Bool) throws {
        let dir = TemporaryDirectory()
        let input = content(dir)
        let signature = try DetachedSigner.sign(contentOf: input, identity: try identity(ec: ec), signingTime: Date())
        let p7s = dir.write("content.p7s", bytes: signature)
        let result = try ProcessRunner.run(
            "openssl",
            [
                "cms", "-verify", "-binary", "-inform", "DER", "-in", p7s, "-content", input, "-CAfile", pki.rootCert,
                "-out", "/dev/null",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Verification successful"))
    }

    @Test("signed attributes: content-type, message-digest, signing-certificate-v2, signing-time only when asked")
    func attributes() throws {
        let dir = TemporaryDirectory()
        let input = content(dir, size: 10)
        for time in [signingTime, nil] {
            let p7s = dir.write(
                "a.p7s", bytes: try DetachedSigner.sign(contentOf: input, identity: try identity(), signingTime: time))
            let printed = try ProcessRunner.run("openssl", ["cms", "-cmsout", "-print", "-inform", "DER", "-in", p7s])
                .stdoutText
            #expect(printed.contains("contentType"))
            #expect(printed.contains("messageDigest"))
            #expect(printed.contains("id-smime-aa-signingCertificateV2"))
            #expect(printed.contains("signingTime") == (time != nil))
            #expect(!printed.contains("SMIMECapabilities"))
            #expect(printed.contains("eContent: <ABSENT>"))
        }
    }

    @Test("our verifier: valid and trusted, then untrusted with another root, then tampered content")
    func verifyRoundTrip() throws {
        let dir = TemporaryDirectory()
        let input = content(dir)
        let p7s = dir.write(
            "content.p7s",
            bytes: try DetachedSigner.sign(contentOf: input, identity: try identity(), signingTime: signingTime))
        let trusted = try DetachedVerifier.verify(
            signaturePath: p7s, contentPath: input,
            options: VerifyOptions(now: Date(), anchors: try TrustAnchors(files: [pki.rootCert])))
        #expect(trusted.valid)
        #expect(trusted.trust == .trusted)
        #expect(trusted.claimedSigningTime != nil)
        #expect(trusted.signer?.subject == "C=BE,O=Signet Tests,CN=Ada Signer")
        let other = try DetachedVerifier.verify(
            signaturePath: p7s, contentPath: input,
            options: VerifyOptions(now: Date(), anchors: try TrustAnchors(files: [pki.otherRootCert])))
        #expect(!other.valid)
        #expect(other.trust == .untrusted)
        #expect(other.integrity == .ok)
        var bytes = try Array(Data(contentsOf: URL(fileURLWithPath: input)))
        bytes[150_000] ^= 0x01
        let tampered = dir.write("tampered.bin", bytes: bytes)
        let report = try DetachedVerifier.verify(
            signaturePath: p7s, contentPath: tampered, options: VerifyOptions(now: Date(), requireTrust: false))
        #expect(report.integrity == .broken)
        #expect(!report.valid)
        #expect(report.trust == .notJudged)
    }

    @Test("judged at its claimed time, a signature made before the certificate was valid is reported as such")
    func outsideValidity() throws {
        let dir = TemporaryDirectory()
        let input = content(dir, size: 100)
        let early = Date(timeIntervalSince1970: 946_684_800)  // 2000-01-01
        let p7s = dir.write(
            "early.p7s", bytes: try DetachedSigner.sign(contentOf: input, identity: try identity(), signingTime: early))
        let report = try DetachedVerifier.verify(
            signaturePath: p7s, contentPath: input,
            options: VerifyOptions(now: Date(), validationTime: .claimed, requireTrust: false))
        #expect(report.certificateValidity == .notYetValid)
        #expect(report.integrity == .ok)
        #expect(!report.valid)
    }

    @Test("a corrupt or foreign .p7s is bad input, with its file name")
    func corruptSignature() throws {
        let dir = TemporaryDirectory()
        let input = content(dir, size: 100)
        var signature = try DetachedSigner.sign(contentOf: input, identity: try identity(), signingTime: signingTime)
        let truncated = dir.write("truncated.p7s", bytes: Array(signature.prefix(signature.count / 2)))
        let error = try #require(throws: SignError.self) {
            try DetachedVerifier.verify(
                signaturePath: truncated, contentPath: input, options: VerifyOptions(now: Date(), requireTrust: false))
        }
        #expect(error.kind == .badInput)
        #expect(error.message.hasPrefix(truncated))
        // Flip a byte inside the signature value (the last bytes of the DER): parses, does not verify.
        signature[signature.count - 5] ^= 0xFF
        let flipped = dir.write("flipped.p7s", bytes: signature)
        let report = try DetachedVerifier.verify(
            signaturePath: flipped, contentPath: input, options: VerifyOptions(now: Date(), requireTrust: false))
        #expect(report.integrity == .broken && report.integrityFailures == ["signature-value"], "\(report.problems)")
        #expect(report.problemKinds.first == .signatureValue && !report.valid, "\(report.problems)")
    }
}
