import Foundation
import Signet
import SignetTestSupport
import Testing

/// A report's typed fields are what a caller decides with; the forensic detail is not public
/// but travels in the report's encoding (docs/api.md: "the full record: encode the report").
/// These checks read the detail only through `JSONEncoder`, as a caller outside the package does.
@Suite("SignetAPI: the full record is in a report's encoding")
struct ReportEncodingTests {
    let pki = TestPKI.shared

    /// The JSON object `value` encodes to.
    func object(_ value: some Encodable) throws -> [String: Any] {
        let data = try JSONEncoder().encode(value)
        return try #require(
            try JSONSerialization.jsonObject(with: data) as? [String: Any],
            "not a JSON object: \(String(decoding: data, as: UTF8.self))")
    }

    @Test("sign then verify in memory: byte ranges, revisions and the inputs' names are in the encodings")
    func signedAndVerified() throws {
        let pdf = TestPDF.bytes()
        let identity = try SigningIdentity.pem(
            keyPath: pki.rsaKey, certificatePath: pki.rsaCert, chainPath: pki.chain, password: nil)
        let now = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 3600).rounded(.down))
        let signed = try SignetAPI.sign(pdf: pdf, identity: identity, options: PDFSignOptions(signingTime: now))

        let result = try object(signed.result)
        let signedRange = try #require(result["byte_range"] as? [Int], "PDFSignResult encoded as \(result)")
        #expect(
            signedRange.count == 4 && signedRange[0] == 0 && signedRange[2] + signedRange[3] == signed.pdf.count,
            "byte_range \(signedRange) of a \(signed.pdf.count)-byte file")
        #expect(result["input"] as? String == "the PDF in memory", "PDFSignResult encoded as \(result)")
        #expect(result["sub_filter"] as? String == "adbe.pkcs7.detached", "PDFSignResult encoded as \(result)")

        let report = try SignetAPI.verify(pdf: signed.pdf, options: VerifyOptions(now: now, requireTrust: false))
        #expect(report.valid && report.signatures.count == 1, "\(report.signatures.map(\.problems))")
        let verified = try object(report)
        let signatures = try #require(verified["signatures"] as? [[String: Any]], "report encoded as \(verified)")
        let first = try #require(signatures.first, "no signature in \(verified)")
        #expect(
            first["byte_range"] as? [Int] == signedRange,
            "verify's byte_range \(first["byte_range"] ?? "none") against sign's \(signedRange)")
        #expect(first["revision"] as? Int == 2, "the signature covers revision 2: \(first)")
        #expect(first["digest_algorithm"] as? String == "SHA256", "\(first)")
        #expect(first["revocation"] as? [Any] != nil && first["changes"] as? [Any] != nil, "\(first)")
        let revisions = try #require(verified["revisions"] as? [[String: Any]], "report encoded as \(verified)")
        #expect(
            revisions.count == 2 && revisions.last?["end"] as? Int == signed.pdf.count,
            "two revisions, the second ending the file (\(signed.pdf.count) bytes): \(revisions)")
        #expect(verified["timestamps"] as? [Any] != nil, "report encoded as \(verified)")

        let info = try object(try SignetAPI.info(pdf: signed.pdf))
        #expect(info["file"] as? String == "the PDF in memory", "DocumentInfo encoded as \(info)")
        #expect(info["revisions"] as? Int == 2, "DocumentInfo encoded as \(info)")
        let field = try #require((info["signatures"] as? [[String: Any]])?.first, "DocumentInfo encoded as \(info)")
        #expect(field["byteRange"] as? [Int] == signedRange, "info's signature field \(field)")
    }
}
