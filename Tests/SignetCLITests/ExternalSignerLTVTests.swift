import Foundation
import SignetTestSupport
import Testing

/// `--external-signer` with everything that signs around the key: a visible PAdES signature with
/// a signature timestamp, the DSS (`--ltv`) and a document timestamp, against Certomancer.
@Suite(
    "CLI: external signer with --pades --tsa --ltv --doc-timestamp",
    .enabled(if: Certomancer.isInstalled, Comment(rawValue: Certomancer.missingNote)))
struct ExternalSignerLTVTests {
    @Test("B-LTA with an external signer: one command run; signet verify and pyHanko accept it")
    func fullLevel() throws {
        let pki = try Certomancer.shared
        let dir = TemporaryDirectory("external-lta")
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let strokes = dir.write("sig.json", BatchSupport.strokes(seed: 9, points: 30))
        let out = dir.path("signed.pdf")
        let signer = ExternalSignerStandIn(in: dir, key: pki.signerKey)
        let signed = try ProcessRunner.signet([
            "sign", input, "-o", out, "--external-signer", signer.command, "--cert", pki.signerCert, "--chain",
            pki.chain, "--pades", "--tsa", pki.tsaURL, "--ltv", "--doc-timestamp", "--strokes", strokes, "--page", "1",
            "--json",
        ])
        #expect(signed.status == 0, "\(signed.stderr)")
        #expect(signer.runs == ["sha256 rsa-pkcs1"], "\(signer.runs)")
        let json = try JSONSerialization.jsonObject(with: Data(signed.stdout)) as? [String: Any]
        let signature = try #require(json?["signature"] as? [String: Any], "\(signed.stdoutText)")
        #expect(signature["visible"] as? Bool == true && signature["timestamped"] as? Bool == true, "\(signature)")
        #expect(signature["ltv"] != nil && signature["document_timestamp"] != nil, "\(signature)")
        let verified = try ProcessRunner.signet(["verify", out, "--ca", pki.rootCert])
        #expect(verified.status == 0, "\(verified.stdoutText)")
        if SignatureCheckers.hasPyhanko {
            let pyhanko = try ProcessRunner.run(
                "pyhanko", ["sign", "validate", "--force-revinfo", "--trust", pki.rootCert, "--trust-replace", out])
            #expect(pyhanko.stdoutText.contains("INTACT:TRUSTED"), "\(pyhanko.stdoutText) \(pyhanko.stderr)")
            #expect(pyhanko.stdoutText.contains("EXTENDED_WITH_LTA_UPDATES"), "\(pyhanko.stdoutText)")
        } else {
            print("pyHanko is not installed: the B-LTA signature is judged by signet verify only")
        }
    }
}
