import Foundation
import SignetTestSupport
import Testing

/// A document timestamp in an encrypted file: qpdf decrypts the `/Contents` of a `/DocTimeStamp`
/// dictionary (it keeps only `/Type /Sig` ones as stored), so `signet verify` compares the /ByteRange
/// gap with `/Contents` as the file stores it. An honest file must stay valid under that check.
@Suite(
    "CLI: document timestamps in encrypted files",
    .enabled(if: Certomancer.isInstalled, Comment(rawValue: Certomancer.missingNote)))
struct EncryptedTimestampTests {
    @Test(
        "sign --tsa --doc-timestamp an encrypted file: both signatures valid, the gap is each one's /Contents",
        arguments: [["40"], ["128", "--use-aes=y"], ["256"]])
    func documentTimestamp(_ encryption: [String]) throws {
        let pki = try Certomancer.shared
        let dir = TemporaryDirectory("encrypted-doc-timestamp")
        let plain = try TestPDF.write(to: dir.path("plain.pdf"))
        let input = dir.path("encrypted.pdf")
        let qpdf = try ProcessRunner.run(
            "qpdf", ["--allow-weak-crypto", "--encrypt", "", "owner-secret"] + encryption + ["--", plain, input])
        try #require(qpdf.status == 0, "qpdf --encrypt \(encryption): \(qpdf.stderr)")
        let out = dir.path("signed.pdf")
        let signed = try ProcessRunner.signet(
            ["sign", input, "-o", out, "--tsa", pki.tsaURL, "--doc-timestamp"] + pki.signerArguments,
            environment: pki.signerEnvironment)
        try #require(signed.status == 0, "sign \(encryption): \(signed.stderr)")
        let verified = try ProcessRunner.signet(["verify", out, "--ca", pki.rootCert])
        #expect(
            verified.status == 0 && !verified.stdoutText.contains("not exactly the /Contents"),
            "verify \(encryption): exit \(verified.status)\n\(verified.stdoutText)\(verified.stderr)")
    }
}
