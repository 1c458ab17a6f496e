import Foundation
import SignetTestSupport
import Testing

/// `signet sign --tsa`, `--doc-timestamp` and `signet timestamp` as real processes against
/// Certomancer's Animator on 127.0.0.1, judged by `signet verify`, pyHanko, `openssl ts` and pdfsig.
@Suite(
    "CLI: timestamps (B-T, document timestamps)",
    .enabled(if: Certomancer.isInstalled, Comment(rawValue: Certomancer.missingNote)))
struct TimestampCLITests {
    func sign(
        _ extra: [String], in dir: TemporaryDirectory, tsa: String? = nil, environment: [String: String] = [:]
    ) throws -> (ProcessResult, output: String) {
        let pki = try Certomancer.shared
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let output = dir.path("signed.pdf")
        let result = try ProcessRunner.signet(
            ["sign", input, "-o", output, "--pades", "--tsa", tsa ?? pki.tsaURL] + pki.signerArguments + extra,
            environment: pki.signerEnvironment.merging(environment) { $1 })
        return (result, output)
    }

    /// signet verify --json: the signatures' objects.
    func verified(_ pdf: String) throws -> (ProcessResult, [[String: Any]]) {
        let result = try ProcessRunner.signet(["verify", pdf, "--ca", try Certomancer.shared.rootCert, "--json"])
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any]
        return (result, json?["signatures"] as? [[String: Any]] ?? [])
    }

    /// pyHanko's one-line verdicts (`pyhanko sign validate` without --pretty-print), trusting the
    /// Certomancer root and checking revocation online against the same Animator.
    func pyhanko(_ pdf: String) throws -> String {
        let result = try ProcessRunner.run(
            "pyhanko", ["sign", "validate", "--trust", try Certomancer.shared.rootCert, "--trust-replace", pdf])
        #expect(result.status == 0, "pyhanko: \(result.stdoutText) \(result.stderr)")
        return result.stdoutText
    }

    @Test("sign --tsa: a B-T signature that signet verify, pyHanko, openssl ts -verify and pdfsig accept")
    func signatureTimestamp() throws {
        let dir = TemporaryDirectory()
        let (result, output) = try sign(["--json"], in: dir)
        try #require(result.status == 0, "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any]
        #expect((json?["signature"] as? [String: Any])?["timestamped"] as? Bool == true)

        let (verify, signatures) = try verified(output)
        #expect(verify.status == 0, "\(verify.stdoutText)")
        let timestamp = signatures.first?["timestamp"] as? [String: Any]
        #expect(timestamp?["valid"] as? Bool == true, "\(signatures)")
        #expect(timestamp?["authority"] as? String == "CN=Signet Test TSA,O=Signet Tests,C=NL")
        #expect(signatures.first?["validation_time_source"] as? String == "timestamp")

        if SignatureCheckers.hasPyhanko {
            let verdict = try pyhanko(output)
            #expect(verdict.contains("INTACT:TRUSTED,TIMESTAMP_TOKEN<INTACT:TRUSTED>,UNTOUCHED"), "\(verdict)")
        }
        // The token as openssl ts sees it: over the signature value, signed by a trusted TSA.
        let token = dir.path("token.der"), value = dir.path("value.bin")
        let extracted = try ProcessRunner.run("python3", ["-c", Self.extractToken, output, token, value])
        try #require(extracted.status == 0, "\(extracted.stderr)")
        let pki = try Certomancer.shared
        let openssl = try ProcessRunner.run(
            "openssl", ["ts", "-verify", "-data", value, "-in", token, "-token_in", "-CAfile", pki.rootCert])
        #expect(openssl.stdoutText.contains("Verification: OK"), "\(openssl.stdoutText) \(openssl.stderr)")
        let pdfsig = try SignatureCheckers.pdfsig(output)
        #expect(pdfsig.first?.validation == "Signature is Valid." && pdfsig.first?.totalDocumentSigned == true)
    }

    @Test("--doc-timestamp and signet timestamp: document timestamps in new updates, earlier bytes untouched")
    func documentTimestamps() throws {
        let pki = try Certomancer.shared
        let dir = TemporaryDirectory()
        let (result, signed) = try sign(["--doc-timestamp"], in: dir)
        try #require(result.status == 0, "\(result.stderr)")
        let renewed = dir.path("renewed.pdf")
        let stamped = try ProcessRunner.signet(["timestamp", signed, "-o", renewed, "--tsa", pki.tsaURL, "--json"])
        try #require(stamped.status == 0, "\(stamped.stderr)")
        let before = try Data(contentsOf: URL(fileURLWithPath: signed))
        let after = try Data(contentsOf: URL(fileURLWithPath: renewed))
        #expect(
            after.count > before.count && after.prefix(before.count) == before, "the signed bytes come first, unchanged"
        )

        let (verify, signatures) = try verified(renewed)
        #expect(verify.status == 0, "\(verify.stdoutText)")
        #expect(signatures.map { $0["kind"] as? String } == ["signature", "document-timestamp", "document-timestamp"])
        #expect(signatures.allSatisfy { $0["valid"] as? Bool == true }, "\(signatures)")
        #expect(signatures.first?["modification_level"] as? String == "lta-updates")
        if SignatureCheckers.hasPyhanko {
            let verdict = try pyhanko(renewed)
            #expect(verdict.contains("TIMESTAMP_TOKEN<INTACT:TRUSTED>,EXTENDED_WITH_LTA_UPDATES"), "\(verdict)")
        }
        let check = try ProcessRunner.run("qpdf", ["--check", renewed])
        #expect(check.status == 0, "\(check.stdoutText)")
    }

    /// A timestamp authority that fails, and what the one stderr line must say; no output is left.
    static let failures: [(name: String, fake: String, says: String)] = [
        ("closed port", "", "cannot be reached"),
        ("HTTP error", "http-500", "answered HTTP 500"),
        ("not granted", "rejection", "answered rejection (unacceptedPolicy)"),
        ("nonce mismatch", "bad-nonce", "nonce is not the one sent"),
        ("imprint mismatch", "bad-imprint", "stamps another hash"),
        ("wrong content type", "wrong-type", "content type text/html"),
        ("TSA without the EKU", "no-eku", "not a timestamping certificate"),
        ("credentials wanted", "basic-auth", "answered HTTP 401"),
    ]

    @Test("a failing authority: exit 1, one sentence naming it, no output file", arguments: failures)
    func failure(_ failure: (name: String, fake: String, says: String)) throws {
        let pki = try Certomancer.shared
        let dir = TemporaryDirectory()
        let url = failure.fake.isEmpty ? "http://127.0.0.1:\(try ClosedPort.find())/tsa" : pki.fakeURL(failure.fake)
        let (result, _) = try sign([], in: dir, tsa: url)
        #expect(result.status == 1, "\(failure.name): \(result.stderr)")
        #expect(
            result.stderr.contains(failure.says) && result.stderr.contains(url), "\(failure.name): \(result.stderr)")
        #expect(dir.contents() == ["in.pdf"], "\(failure.name): \(dir.contents())")
    }

    @Test("credentials come from a variable or a file, reach the authority, and never appear in output")
    func credentials() throws {
        let pki = try Certomancer.shared
        let dir = TemporaryDirectory()
        let secret = Certomancer.tsaPassword
        // The test authority speaks plain http on 127.0.0.1: credentials go there only when asked.
        let refused = try sign(
            ["--tsa-credentials-env", "TSA_CREDS"], in: dir, tsa: pki.fakeURL("basic-auth"),
            environment: ["TSA_CREDS": "\(Certomancer.tsaUser):\(secret)"])
        #expect(
            refused.0.status == 2 && refused.0.stderr.contains("unencrypted over http://"),
            "credentials over plain http without the flag: exit \(refused.0.status), \(refused.0.stderr)")
        let plain = "--tsa-allow-plain-http-credentials"
        let basic = try sign(
            ["--tsa-credentials-env", "TSA_CREDS", "--json", plain], in: dir, tsa: pki.fakeURL("basic-auth"),
            environment: ["TSA_CREDS": "\(Certomancer.tsaUser):\(secret)"])
        #expect(basic.0.status == 0, "\(basic.0.stderr)")
        let file = dir.write("bearer.txt", "Bearer \(secret)\n")
        chmod(file, 0o644)
        let bearer = try sign(["--tsa-credentials-file", file, plain], in: dir, tsa: pki.fakeURL("bearer"))
        #expect(bearer.0.status == 0, "\(bearer.0.stderr)")
        #expect(
            bearer.0.stderr.contains("can be read by other users (mode 644)"),
            "a 0644 credentials file gives a warning; stderr: \(bearer.0.stderr)")
        chmod(file, 0o600)
        let quiet = try sign(["--tsa-credentials-file", file, plain], in: dir, tsa: pki.fakeURL("bearer"))
        #expect(
            quiet.0.status == 0 && !quiet.0.stderr.contains("other users"),
            "a 0600 credentials file: exit \(quiet.0.status), stderr \(quiet.0.stderr)")
        let wrong = try sign(
            ["--tsa-credentials-env", "TSA_CREDS", plain], in: dir, tsa: pki.fakeURL("basic-auth"),
            environment: ["TSA_CREDS": "\(Certomancer.tsaUser):not-\(secret)"])
        #expect(wrong.0.status == 1 && wrong.0.stderr.contains("HTTP 401"), "\(wrong.0.stderr)")
        // Credentials in the URL are refused before anything is sent, and not repeated back.
        let inURL = try sign(
            [], in: dir, tsa: pki.fakeURL("basic-auth").replacing("http://", with: "http://signet:\(secret)@"))
        #expect(inURL.0.status == 2 && inURL.0.stderr.contains("--tsa-credentials-file"), "\(inURL.0.stderr)")
        for run in [refused.0, basic.0, bearer.0, quiet.0, wrong.0, inURL.0] {
            #expect(!run.stdoutText.contains(secret) && !run.stderr.contains(secret))
        }
    }

    @Test("detached --tsa is valid; the same signature with a token over other bytes is reported")
    func detached() throws {
        let pki = try Certomancer.shared
        let dir = TemporaryDirectory()
        let content = dir.write("content.txt", "detached and timestamped\n")
        let p7s = dir.path("content.p7s")
        let signed = try ProcessRunner.signet(
            ["sign", content, "--detached", p7s, "--tsa", pki.tsaURL] + pki.signerArguments,
            environment: pki.signerEnvironment)
        try #require(signed.status == 0, "\(signed.stderr)")
        let good = try ProcessRunner.signet(["verify", content, "--p7s", p7s, "--ca", pki.rootCert])
        #expect(good.status == 0 && good.stdoutText.contains("timestamp valid"), "\(good.stdoutText)")

        // A token from the same authority over the content instead of the signature value.
        let plain = dir.path("plain.p7s")
        let unstamped = try ProcessRunner.signet(
            ["sign", content, "--detached", plain] + pki.signerArguments, environment: pki.signerEnvironment)
        try #require(unstamped.status == 0, "\(unstamped.stderr)")
        let query = dir.path("q.tsq"), reply = dir.path("r.tsr"), token = dir.path("token.der")
        try #require(
            try ProcessRunner.run("openssl", ["ts", "-query", "-data", content, "-sha256", "-cert", "-out", query])
                .status == 0)
        try #require(
            try ProcessRunner.run(
                "curl",
                [
                    "-sf", "-H", "Content-Type: application/timestamp-query", "--data-binary", "@\(query)", "-o", reply,
                    pki.tsaURL,
                ]
            ).status == 0)
        try #require(
            try ProcessRunner.run("openssl", ["ts", "-reply", "-in", reply, "-token_out", "-out", token]).status == 0)
        let wrong = dir.path("wrong.p7s")
        let attached = try ProcessRunner.run("python3", ["-c", Self.attachToken, plain, token, wrong])
        try #require(attached.status == 0, "\(attached.stderr)")
        let report = try ProcessRunner.signet(["verify", content, "--p7s", wrong, "--ca", pki.rootCert])
        #expect(report.status == 3, "\(report.stdoutText)")
        #expect(report.stdoutText.contains("message imprint does not match"), "\(report.stdoutText)")
    }

    @Test("usage: --doc-timestamp or --tsa-timeout without --tsa, a non-http URL")
    func usage() throws {
        let pki = try Certomancer.shared
        let dir = TemporaryDirectory()
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        for extra in [["--doc-timestamp"], ["--tsa-timeout", "5"], ["--tsa", "ftp://127.0.0.1/tsa"]] {
            let result = try ProcessRunner.signet(
                ["sign", input, "-o", dir.path("out.pdf")] + pki.signerArguments + extra,
                environment: pki.signerEnvironment)
            #expect(result.status == 2, "\(extra): \(result.stderr)")
        }
        let missing = try ProcessRunner.signet(["timestamp", input, "-o", dir.path("out.pdf")])
        #expect(missing.status == 2 && missing.stderr.contains("--tsa"), "\(missing.stderr)")
        #expect(dir.contents() == ["in.pdf"])
    }

    /// PDF → the first signature's timestamp token (DER) and signature value, with asn1crypto.
    static let extractToken = #"""
        import re, sys
        from asn1crypto import cms
        data = open(sys.argv[1], 'rb').read()
        raw = bytes.fromhex(re.findall(rb'/Contents\s*<([0-9A-Fa-f]+)>', data)[0].decode())
        signer = cms.ContentInfo.load(raw)['content']['signer_infos'][0]
        attr = [a for a in signer['unsigned_attrs'] if a['type'].native == 'signature_time_stamp_token'][0]
        open(sys.argv[2], 'wb').write(attr['values'][0].dump())
        open(sys.argv[3], 'wb').write(signer['signature'].native)
        """#

    /// A detached CMS + a token → the CMS with the token as its signature timestamp.
    static let attachToken = #"""
        import sys
        from asn1crypto import cms
        info = cms.ContentInfo.load(open(sys.argv[1], 'rb').read())
        token = cms.ContentInfo.load(open(sys.argv[2], 'rb').read())
        signer = info['content']['signer_infos'][0]
        signer['unsigned_attrs'] = cms.CMSAttributes([
            cms.CMSAttribute({'type': 'signature_time_stamp_token', 'values': [token]})])
        open(sys.argv[3], 'wb').write(info.dump(force=True))
        """#
}
