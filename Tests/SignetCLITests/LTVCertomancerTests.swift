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

    /// `pyhanko sign adesverify` (AdES past validation from what the file holds) on `path`.
    func adesverify(_ pki: Certomancer, _ path: String) throws -> ProcessResult {
        try ProcessRunner.run("pyhanko", ["sign", "adesverify", "--trust", pki.rootCert, "--trust-replace", path])
    }

    func level(_ json: [String: Any]) -> String? { firstSignature(json)["pades_level"] as? String }

    @Test("--tsa --ltv gives B-LT, with --doc-timestamp B-LTA; the TSA's chain is in the DSS too")
    func levels() throws {
        let pki = try Certomancer.shared
        let dir = TemporaryDirectory()
        let (lt, ltPath) = try sign(pki, dir, ["--pades", "--tsa", pki.tsaURL, "--ltv"])
        try #require(lt.status == 0, "\(lt.stderr)")
        let ltv = try JSONSerialization.jsonObject(with: Data(lt.stdout)) as? [String: Any]
        let added = (ltv?["signature"] as? [String: Any])?["ltv"] as? [String: Any]
        #expect(added?["certificates"] as? Int == 5, "the TSA's certificate joins the chain: \(added ?? [:])")
        let (status, report) = try verify(pki, ltPath)
        #expect(status == 0)
        #expect(level(report) == "B-LT", "\(firstSignature(report)["notes"] ?? "")")
        let chains = (firstSignature(report)["revocation"] as? [[String: Any]])?.map { $0["chain"] as? String }
        #expect(chains == ["signer", "signer", "timestamp-authority"])

        let ltaDir = TemporaryDirectory()
        let (lta, ltaPath) = try sign(pki, ltaDir, ["--pades", "--tsa", pki.tsaURL, "--ltv", "--doc-timestamp"])
        try #require(lta.status == 0, "\(lta.stderr)")
        let (ltaStatus, ltaReport) = try verify(pki, ltaPath)
        #expect(ltaStatus == 0)
        #expect(level(ltaReport) == "B-LTA")

        if SignatureCheckers.hasPyhanko {
            for path in [ltPath, ltaPath] {
                let ades = try adesverify(pki, path)
                #expect(
                    ades.stdoutText.contains("INTACT:TRUSTED,TIMESTAMP_TOKEN<INTACT:TRUSTED>"), "\(ades.stdoutText)")
                // --force-revinfo: pyHanko fetches from the same responder and CRLs and must find the signer good.
                let online = try ProcessRunner.run(
                    "pyhanko",
                    ["sign", "validate", "--force-revinfo", "--trust", pki.rootCert, "--trust-replace", path])
                #expect(online.stdoutText.contains("INTACT:TRUSTED"), "\(online.stdoutText) \(online.stderr)")
            }
        }
        if ProcessRunner.hasTool("pdfsig") {
            #expect(try SignatureCheckers.pdfsig(ltaPath).first?.validation == "Signature is Valid.")
        }
    }

    @Test("signet timestamp --ltv twice: only the new VRI entry, no value stored twice")
    func renewal() throws {
        let pki = try Certomancer.shared
        let dir = TemporaryDirectory()
        let (signed, first) = try sign(pki, dir, ["--pades", "--tsa", pki.tsaURL, "--ltv", "--doc-timestamp"])
        try #require(signed.status == 0, "\(signed.stderr)")
        var path = first
        var added: [[String: Any]] = []
        for (index, extra) in [["--tsa", pki.tsaURL], []].enumerated() {
            let next = dir.path("renewed-\(index).pdf")
            let run = try ProcessRunner.signet(["timestamp", path, "-o", next, "--ltv", "--json"] + extra)
            try #require(run.status == 0, "\(run.stderr)")
            let json = try JSONSerialization.jsonObject(with: Data(run.stdout)) as? [String: Any]
            added.append(json?["ltv"] as? [String: Any] ?? [:])
            path = next
        }
        // The document timestamps' TSA chain is the signature timestamp's: already in the DSS.
        for entry in added {
            #expect(entry["vri_entries"] as? Int == 1, "\(entry)")
            #expect(entry["certificates"] as? Int == 0 && entry["crls"] as? Int == 0, "\(entry)")
            #expect(entry["ocsp_responses"] as? Int == 0)
        }
        let (status, report) = try verify(pki, path)
        #expect(status == 0)
        #expect(level(report) == "B-LTA")
        #expect(try QPDFTool.check(path).isClean)
    }

    @Test("timestamp --ltv refuses a signature whose signer was revoked before it was made")
    func revokedAtRenewal() throws {
        let pki = try Certomancer.shared
        let dir = TemporaryDirectory()
        // Signed as the revoked signer without --ltv; the revocation (2024) lies before the
        // signature's time (now, no timestamp), so renewal refuses and writes nothing.
        let (signed, out) = try sign(pki, dir, ["--pades"], identity: "revoked")
        try #require(signed.status == 0, "\(signed.stderr)")
        let renewed = dir.path("renewed.pdf")
        let run = try ProcessRunner.signet(["timestamp", out, "-o", renewed, "--ltv"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("revoked on 2024-01-01T00:00:00Z"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: renewed))
    }

    @Test("signet verify finds pyHanko's --with-validation-info output B-LT from its DSS alone")
    func pyhankoOutput() throws {
        guard SignatureCheckers.hasPyhanko else {
            print("skipped: pyhanko is not installed (make test-deps)")
            return
        }
        let pki = try Certomancer.shared
        let dir = TemporaryDirectory()
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let out = dir.path("pyhanko.pdf")
        let pass = dir.write("pass.txt", Certomancer.p12Password)
        let signed = try ProcessRunner.run(
            "pyhanko",
            [
                "sign", "addsig", "--field", "Sig1", "--use-pades", "--timestamp-url", pki.tsaURL,
                "--with-validation-info", "--trust", pki.rootCert, "--trust-replace", "pkcs12", "--passfile", pass,
                input, out, pki.signerP12,
            ])
        try #require(signed.status == 0, "\(signed.stderr)")
        let (status, report) = try verify(pki, out)
        #expect(status == 0, "\(firstSignature(report)["problems"] ?? "")")
        #expect(level(report) == "B-LT", "\(firstSignature(report)["notes"] ?? "")")
    }
}
