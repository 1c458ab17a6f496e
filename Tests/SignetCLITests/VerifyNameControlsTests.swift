import Foundation
import SignetTestSupport
import Testing

/// `signet verify` on names that hide characters: a signer whose certificate's common name holds
/// U+202E (right-to-left override: "Alice", U+202E, "fdp.exe" reads as "Aliceexe.pdf") signs a
/// field whose name holds U+200B (zero-width space). The text report shows both escaped, never
/// raw; the JSON report keeps the names as they are and flags them.
@Suite("signet verify: bidi controls and zero-width characters in names (process)")
struct VerifyNameControlsTests {
    let pki = TestPKI.shared

    static let signerName = "Alice\u{202E}fdp.exe"
    static let fieldName = "Sig\u{200B}1"

    /// A self-signed certificate and key in `dir` whose common name is `name` (made by openssl).
    static func identity(named name: String, in dir: TemporaryDirectory) throws -> [String] {
        let key = dir.path("signer.key"), cert = dir.path("signer.pem")
        let made = try ProcessRunner.run(
            "openssl",
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "30", "-utf8",
                "-subj", "/CN=\(name)/O=Signet Tests", "-addext", "keyUsage=critical,digitalSignature,nonRepudiation",
            ])
        try #require(made.status == 0, "openssl req: \(made.stderr)")
        return ["--key", key, "--cert", cert]
    }

    /// A one-page PDF with one empty signature field named `field` (its /T in UTF-16BE).
    static func pdf(withField field: String, to path: String) throws {
        var pdf = RawPDFBuilder()
        let catalog = pdf.reserve(), pages = pdf.reserve(), page = pdf.reserve(), widget = pdf.reserve()
        let name = "FEFF" + field.utf16.map { String(format: "%04X", $0) }.joined()
        pdf.set(catalog, "<< /Type /Catalog /Pages \(pages) 0 R /AcroForm << /Fields [\(widget) 0 R] >> >>")
        pdf.set(pages, "<< /Type /Pages /Kids [\(page) 0 R] /Count 1 >>")
        pdf.set(page, "<< /Type /Page /Parent \(pages) 0 R /MediaBox [0 0 612 792] /Annots [\(widget) 0 R] >>")
        pdf.set(
            widget, "<< /Type /Annot /Subtype /Widget /FT /Sig /T <\(name)> /Rect [0 0 0 0] /F 132 /P \(page) 0 R >>")
        try Data(pdf.build(root: catalog)).write(to: URL(fileURLWithPath: path))
    }

    /// `signet verify --no-trust` of `pdf`, as text and as the JSON report's one signature.
    static func verify(_ pdf: String) throws -> (text: String, signature: [String: Any]) {
        let text = try ProcessRunner.signet(["verify", "--no-trust", pdf])
        #expect(text.status == 0, "verify: \(text.stdoutText)\(text.stderr)")
        let json = try ProcessRunner.signet(["verify", "--no-trust", "--json", pdf])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout)) as? [String: Any])
        let signatures = try #require(report["signatures"] as? [[String: Any]], "\(json.stdoutText)")
        return (text.stdoutText, try #require(signatures.first, "no signature in \(json.stdoutText)"))
    }

    @Test("U+202E in the signer's name and U+200B in the field's: escaped in the text, flagged in the JSON")
    func hiddenCharacters() throws {
        let dir = TemporaryDirectory("verify-name-controls")
        let input = dir.path("in.pdf")
        try Self.pdf(withField: Self.fieldName, to: input)
        let out = dir.path("signed.pdf")
        let signed = try ProcessRunner.signet(
            ["sign", input, "-o", out, "--field", Self.fieldName] + (try Self.identity(named: Self.signerName, in: dir))
        )
        try #require(signed.status == 0, "signet sign: \(signed.stderr)")
        let (text, signature) = try Self.verify(out)
        #expect(text.contains("signed by O=Signet Tests,CN=Alice<U+202E>fdp.exe"), "the signer, escaped:\n\(text)")
        #expect(text.contains("(field Sig<U+200B>1)"), "the field, escaped:\n\(text)")
        let raw = text.unicodeScalars.filter { $0.value == 0x202E || $0.value == 0x200B }
        #expect(raw.isEmpty, "the text report holds \(raw.count) raw hidden characters")
        let signer = try #require(signature["signer"] as? [String: Any], "\(signature)")
        #expect(signer["name_has_controls"] as? Bool == true, "signer.name_has_controls: \(signer)")
        #expect((signer["subject"] as? String)?.contains(Self.signerName) == true, "the subject as it is: \(signer)")
        #expect(signature["field_has_controls"] as? Bool == true, "field_has_controls: \(signature)")
        #expect(signature["field"] as? String == Self.fieldName, "the field's name as it is: \(signature)")
    }

    @Test("plain names: shown as they are, and both flags false")
    func plainNames() throws {
        let dir = TemporaryDirectory("verify-name-plain")
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let out = dir.path("signed.pdf")
        let signed = try ProcessRunner.signet(["sign", input, "-o", out, "--key", pki.rsaKey, "--cert", pki.rsaCert])
        try #require(signed.status == 0, "signet sign: \(signed.stderr)")
        let (text, signature) = try Self.verify(out)
        #expect(!text.contains("<U+"), "nothing escaped:\n\(text)")
        let signer = try #require(signature["signer"] as? [String: Any], "\(signature)")
        #expect(signer["name_has_controls"] as? Bool == false, "signer.name_has_controls: \(signer)")
        #expect(signature["field_has_controls"] as? Bool == false, "field_has_controls: \(signature)")
    }
}
