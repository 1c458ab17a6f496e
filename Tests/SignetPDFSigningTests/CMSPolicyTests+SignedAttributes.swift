import Foundation
import SignetTestSupport
import Testing

@testable import SignetCrypto
@testable import SignetVerify

/// The signing-certificate attribute as signers fill it (RFC 5035/2634: the first certificate
/// identifies the signer, the others may name its CAs), and signed attributes in DER order.
extension CMSPolicyTests {
    @Test(
        "signing-certificate: the signer listed twice, or followed by its CA, is accepted; a first entry naming another certificate is not"
    )
    func signingCertificateFirstEntry() throws {
        let dir = TemporaryDirectory()
        let input = content(dir)
        let signer = (pki.base.rsaCert, pki.base.rsaKey)
        for (label, first, extra) in [
            ("twice", nil, [pki.base.rsaCert]), ("with-ca", nil, [pki.intermediateCert]),
            ("with-ca-and-root", nil, [pki.intermediateCert, pki.rootCert]),
        ] as [(String, String?, [String])] {
            let p7s = dir.path("\(label).p7s")
            try pki.pythonSign(signer, content: input, out: p7s, essCertificate: first, essExtra: extra)
            let report = try verify(p7s, input)
            #expect(report.valid && report.problems.isEmpty, "\(label): \(report.problems)")
        }
        let p7s = dir.path("ca-first.p7s")
        try pki.pythonSign(
            signer, content: input, out: p7s, essCertificate: pki.intermediateCert, essExtra: [pki.base.rsaCert])
        let report = try verify(p7s, input)
        #expect(!report.valid && report.integrity == .ok)
        #expect(
            report.problems.contains(
                "the signature's structure is not valid: its signing-certificate attribute names another certificate than the signer's"
            ), "\(report.problems)")
    }

    @Test("signed attributes signed out of DER order are refused: the signature is computed over their DER encoding")
    func signedAttributesOutOfOrder() throws {
        let dir = TemporaryDirectory()
        let input = content(dir)
        let p7s = dir.path("unsorted.p7s")
        try pki.pythonSign((pki.base.rsaCert, pki.base.rsaKey), content: input, out: p7s, unsorted: true)
        let report = try verify(p7s, input)
        #expect(!report.valid)
        #expect(report.integrity == .broken && report.integrityFailures == ["signature-value"], "\(report.problems)")
        #expect(report.problems.contains { $0.contains("not in DER order") }, "\(report.problems)")
        try pki.pythonSign((pki.base.rsaCert, pki.base.rsaKey), content: input, out: dir.path("sorted.p7s"))
        #expect(try verify(dir.path("sorted.p7s"), input).valid, "the same attributes in DER order verify")
    }
}
