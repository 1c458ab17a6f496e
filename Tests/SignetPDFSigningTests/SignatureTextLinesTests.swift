import Foundation
import SignetCrypto
import SignetPDF
import SignetPDFSigning
import SignetTestSupport
import Testing

/// The lines a visible signature shows by default, and the certificate's common name they start with.
@Suite("Signature text lines")
struct SignatureTextLinesTests {
    /// 2026-12-01 18:30:59 UTC: the seconds are dropped, never rounded up.
    static let time = Date(timeIntervalSince1970: 1_796_149_859)

    @Test(
        "name, time, then reason and location when given",
        arguments: [
            (
                "Ada", "approved", "Brussels",
                ["Ada", "Signed: 2026-12-01 18:30 UTC", "Reason: approved", "Location: Brussels"]
            ),
            ("Ada", "", nil, ["Ada", "Signed: 2026-12-01 18:30 UTC"]),
            (nil, nil, "Αθήνα", ["Signed: 2026-12-01 18:30 UTC", "Location: Αθήνα"]),
            ("", "ok", "", ["Signed: 2026-12-01 18:30 UTC", "Reason: ok"]),
        ] as [(String?, String?, String?, [String])])
    func lines(name: String?, reason: String?, location: String?, expected: [String]) {
        #expect(SignatureText.lines(name: name, signingTime: Self.time, reason: reason, location: location) == expected)
    }

    @Test("the common name is the subject's CN as UTF-8, or nil without one")
    func commonName() throws {
        let dir = TemporaryDirectory()
        for (subject, expected) in [("/O=Test/CN=Ελένη Иванова", "Ελένη Иванова"), ("/O=No Name Inc", nil)]
            as [(String, String?)]
        {
            let key = dir.path("k.pem"), cert = dir.path("c.pem")
            let made = try ProcessRunner.run(
                "openssl",
                [
                    "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", key,
                    "-out", cert,
                    "-days", "2", "-utf8", "-subj", subject,
                ])
            #expect(made.status == 0, "\(made.stderr)")
            let identity = try SigningIdentity.pem(keyPath: key, certificatePath: cert, password: nil)
            #expect(identity.commonName == expected)
        }
    }
}
