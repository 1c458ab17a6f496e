import Foundation
import SignetTestSupport
import Testing

/// `signet sign --ltv` and `signet verify --revocation` against Certomancer's real OCSP responder
/// and CRLs on 127.0.0.1, checked by our verifier, pyHanko and pdfsig.
@Suite(
    "Long-term validation against Certomancer",
    .enabled(if: Certomancer.isInstalled, Comment(rawValue: Certomancer.missingNote)))
struct LTVCertomancerTests {
    /// Signs a fresh test PDF in `dir` as `identity` (`signer` or `revoked`) with `extra` options.
    func sign(
        _ pki: Certomancer, _ dir: TemporaryDirectory, _ extra: [String], identity: String = "signer"
    ) throws -> (ProcessResult, String) {
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let out = dir.path("out.pdf")
        let p12 = identity == "signer" ? pki.signerP12 : pki.revokedP12
        let result = try ProcessRunner.signet(
            ["sign", input, "-o", out, "--p12", p12, "--password-env", "SIGNET_CERTOMANCER_P12", "--json"] + extra,
            environment: pki.signerEnvironment)
        return (result, out)
    }

    func verify(_ pki: Certomancer, _ path: String, _ extra: [String] = []) throws -> (Int32, [String: Any]) {
        let result = try ProcessRunner.signet(["verify", path, "--ca", pki.rootCert, "--json"] + extra)
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any] ?? [:]
        return (result.status, json)
    }

    func firstSignature(_ json: [String: Any]) -> [String: Any] {
        (json["signatures"] as? [[String: Any]])?.first ?? [:]
    }

    @Test("sign --ltv: the DSS holds the chain, the OCSP responder, an OCSP response and a CRL; every checker agrees")
    func ltv() throws {
        let pki = try Certomancer.shared
        let dir = TemporaryDirectory()
        let (signed, out) = try sign(pki, dir, ["--pades", "--ltv"])
        try #require(signed.status == 0, "\(signed.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(signed.stdout)) as? [String: Any]
        let ltv = try #require((json?["signature"] as? [String: Any])?["ltv"] as? [String: Any])
        #expect(ltv["certificates"] as? Int == 4, "signer, intermediate, root, OCSP responder: \(ltv)")
        #expect(ltv["ocsp_responses"] as? Int == 1, "the signer's status from the intermediate's responder")
        #expect(ltv["crls"] as? Int == 1, "the intermediate's status from the root's CRL")
        #expect(ltv["vri_entries"] as? Int == 1)

        let (status, report) = try verify(pki, out)
        let signature = firstSignature(report)
        #expect(status == 0, "\(signature["problems"] ?? "")")
        #expect(signature["modification_level"] as? String == "lta-updates")
        let revocation = signature["revocation"] as? [[String: Any]] ?? []
        #expect(revocation.map { $0["status"] as? String } == ["good", "good"])
        #expect(revocation.map { $0["source"] as? String } == ["ocsp-file", "crl-file"])
        #expect(signature["pades_level"] as? String == "B-B", "no timestamp yet")

        let none = firstSignature(try verify(pki, out, ["--revocation", "none"]).1)
        #expect((none["revocation"] as? [Any])?.isEmpty == true, "--revocation none checks nothing")
        let online = firstSignature(try verify(pki, out, ["--revocation", "online"]).1)
        #expect(
            (online["revocation"] as? [[String: Any]])?.map { $0["status"] as? String } == ["good", "good"],
            "\(online["notes"] ?? "")")

        if ProcessRunner.hasTool("pdfsig") {
            #expect(try SignatureCheckers.pdfsig(out).first?.validation == "Signature is Valid.")
        }
        if SignatureCheckers.hasPyhanko {
            // pyHanko fetches revocation data itself from the same services.
            let validated = try ProcessRunner.run(
                "pyhanko", ["sign", "validate", "--force-revinfo", "--trust", pki.rootCert, "--trust-replace", out])
            #expect(validated.stdoutText.contains("INTACT:TRUSTED"), "\(validated.stdoutText) \(validated.stderr)")
            #expect(validated.stdoutText.contains("EXTENDED_WITH_LTA_UPDATES"))
        }
    }

    @Test("a revoked signer is refused at signing with the revocation date, and no file is written")
    func revokedSigner() throws {
        let pki = try Certomancer.shared
        let dir = TemporaryDirectory()
        let (signed, out) = try sign(pki, dir, ["--pades", "--ltv"], identity: "revoked")
        #expect(signed.status == 2)
        #expect(
            signed.stderr.contains("the signer's certificate was revoked on 2024-01-01T00:00:00Z"), "\(signed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
