import Foundation
import Signet
import SignetTestSupport
import Testing

/// A visible signature with text through the public API: the caller computes the lines (the
/// time passed in), the library lays them out, embeds the font subset and signs.
@Suite(
    "SignetAPI: visible signatures with text",
    .enabled(
        if: FileManager.default.fileExists(atPath: TextFont.dejaVuSansPath),
        "DejaVu Sans is missing: install Debian's fonts-dejavu-core"))
struct SignatureTextAPITests {
    let pki = TestPKI.shared

    @Test("the name, the time passed in and the location are signed into the appearance and read back")
    func signsWithText() throws {
        let dir = TemporaryDirectory("job-text")
        let pdf = TestPDF.bytes()
        let identity = try SigningIdentity.pem(
            keyPath: pki.rsaKey, certificatePath: pki.rsaCert, chainPath: pki.chain, password: nil)
        let now = SignetAPICallTests.now
        let lines = SignatureText.lines(
            name: identity.commonName, signingTime: now, reason: nil, location: "Gent")
        let drawing = try StrokeReader.read(Array(ReadmeExampleTests.signature.utf8), name: "sig.json")
        let appearance = SignatureAppearance(
            artwork: .ink(Ink(drawing)), placement: StampPlacement(width: 300),
            text: SignatureText(lines: lines, position: .right, font: try TextFont.file()))
        let signed = try SignetAPI.sign(
            pdf: pdf, identity: identity, options: PDFSignOptions(signingTime: now, location: "Gent"),
            appearance: appearance)
        #expect(signed.result.visible)
        let report = try SignetAPI.verify(pdf: signed.pdf, options: SignetAPICallTests.integrityOnly).signatures
        #expect(report.count == 1 && report[0].valid)
        let out = dir.write("signed.pdf", bytes: signed.pdf)
        let text = try PopplerText.pages(out)[0]
        #expect(lines.count == 3 && lines.allSatisfy(text.contains), "\(lines) in \(text)")
        #expect(lines[0] == "Ada Signer" && lines[2] == "Location: Gent")
    }
}
