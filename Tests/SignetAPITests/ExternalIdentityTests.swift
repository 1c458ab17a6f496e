import Foundation
import Signet
import SignetTestSupport
import Testing

/// `SigningIdentity.external(...)`: a function signs, here `openssl pkeyutl` run by the test; the
/// identity signs PDFs and detached signatures like a file key, calls the function once per
/// signature, and refuses wrong answers with typed ``ExternalSignerError``s.
@Suite("SigningIdentity.external: a function signs the digest")
struct ExternalIdentityTests {
    let pki = TestPKI.shared
    static let now = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 3600).rounded(.down))

    /// Counts the requests a signing function got.
    final class Requests: @unchecked Sendable {
        private let lock = NSLock()
        private var seen: [ExternalSignatureRequest] = []
        func add(_ request: ExternalSignatureRequest) { lock.withLock { seen.append(request) } }
        var all: [ExternalSignatureRequest] { lock.withLock { seen } }
    }

    /// A function that signs with `key` through `openssl pkeyutl`, as a KMS would.
    static func openssl(key: String, requests: Requests) -> @Sendable (ExternalSignatureRequest) throws -> [UInt8] {
        { request in
            requests.add(request)
            let pss =
                request.signatureAlgorithm == .rsaPSS
                ? ["-pkeyopt", "rsa_padding_mode:pss", "-pkeyopt", "rsa_pss_saltlen:digest"] : []
            let result = try ProcessRunner.run(
                "openssl",
                ["pkeyutl", "-sign", "-inkey", key, "-pkeyopt", "digest:\(request.digestAlgorithm.rawValue)"] + pss,
                stdin: request.digest)
            guard result.status == 0 else { throw ToolFailure("openssl pkeyutl: \(result.stderr)") }
            return result.stdout
        }
    }

    @Test("PDF (RSA PKCS#1 and PSS) and detached (ECDSA) signatures verify; one call per signature")
    func signs() throws {
        let requests = Requests()
        let rsa = try SigningIdentity.external(
            certificatePath: pki.rsaCert, chainPath: pki.chain, name: "test signer",
            sign: Self.openssl(key: pki.rsaKey, requests: requests))
        #expect(rsa.subject == "C=BE,O=Signet Tests,CN=Ada Signer" && rsa.keyDescription == "RSA-2048")
        let pdf = TestPDF.bytes()
        let anchors = try TrustAnchors(files: [pki.rootCert])
        for identity in [rsa, try rsa.withRSAPadding(.pss)] {
            let signed = try SignetAPI.sign(
                pdf: pdf, identity: identity, options: PDFSignOptions(signingTime: Self.now))
            let report = try SignetAPI.verify(pdf: signed.pdf, options: VerifyOptions(now: Self.now, anchors: anchors))
            #expect(report.valid, "\(report)")
        }
        #expect(requests.all.map(\.signatureAlgorithm) == [.rsaPKCS1, .rsaPSS], "\(requests.all)")
        #expect(requests.all.allSatisfy { $0.digest.count == 32 && $0.digestAlgorithm == .sha256 })

        let ecRequests = Requests()
        let ec = try SigningIdentity.external(
            certificatePath: pki.ecCert, chainPath: pki.chain, name: "test signer",
            sign: Self.openssl(key: pki.ecKey, requests: ecRequests))
        let content = Array("signed elsewhere".utf8)
        let cms = try SignetAPI.signDetached(content, identity: ec, signingTime: Self.now)
        #expect(
            try SignetAPI.verify(
                content, detachedSignature: cms, options: VerifyOptions(now: Self.now, anchors: anchors)
            )
            .valid)
        #expect(ecRequests.all.map(\.signatureAlgorithm) == [.ecdsa])
    }

    @Test("a function that throws, answers nothing or answers with another key: typed errors")
    func refusals() throws {
        let content = Array("content".utf8)
        func attempt(
            _ sign: @escaping @Sendable (ExternalSignatureRequest) throws -> [UInt8]
        ) throws
            -> ExternalSignerError.Reason?
        {
            let identity = try SigningIdentity.external(certificatePath: pki.rsaCert, name: "test signer", sign: sign)
            do {
                _ = try SignetAPI.signDetached(content, identity: identity, signingTime: Self.now)
                return nil
            } catch let error as ExternalSignerError {
                #expect(error.context == "test signer" && error.message.hasPrefix("test signer: "), "\(error)")
                return error.reason
            }
        }
        #expect(try attempt { _ in throw ToolFailure("service down") } == .failed(detail: "service down"))
        #expect(try attempt { _ in [] } == .emptyAnswer(errorBytes: 0))
        let other = try attempt(Self.openssl(key: pki.ecKey, requests: Requests()))
        guard case .wrongSignature(_, let algorithm, let certificate) = other else {
            Issue.record("expected a wrong signature, got \(String(describing: other))")
            return
        }
        #expect(algorithm == .rsaPKCS1 && certificate.contains("Ada Signer"))
    }
}
