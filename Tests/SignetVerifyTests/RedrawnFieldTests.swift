import Foundation
import SignetCore
import SignetCrypto
import SignetFiles
import SignetPDF
import SignetPDFSigning
import SignetPreview
import SignetRaster
import SignetTestSupport
import Testing

@testable import SignetVerify

/// A signed text field whose appearance is redrawn while its value stays what was signed — here
/// through the form's /DR pointed at the appearance's resources, an XObject swapped in them — is
/// compared with the page as signed, with poppler in this process as the page renderer: the
/// amount a reader sees changed, so the signature is not valid. Filling the field with a new
/// value (and its appearance with it) stays permitted.
@Suite("A field redrawn with its value unchanged is compared with the page as signed")
struct RedrawnFieldTests {
    let pki = TestPKI.shared

    static func xobject(_ content: String, resources: String) -> String {
        IncrementalUpdate.stream(
            content, dictionary: "/Type /XObject /Subtype /Form /BBox [0 0 300 60] /Resources \(resources) ")
    }

    /// TestPDF with a text field Amount showing "100 USD" through an XObject named in its
    /// appearance's own resources object (25), its value `value`, the form's `formExtra` keys,
    /// signed; the signed bytes and the form's number.
    func signed(
        _ dir: TemporaryDirectory, value: String = "100 USD", formExtra: String = ""
    ) throws -> (bytes: [UInt8], form: Int) {
        let prepared = IncrementalUpdate.append(
            to: TestPDF.bytes(),
            objects: [
                1: "<< /Type /Catalog /Pages 2 0 R /AcroForm 20 0 R >>",
                20: "<< /Fields [23 0 R] /DR << /Font << /F1 3 0 R >> >> /DA (/F1 0 Tf 0 g) \(formExtra)>>",
                4:
                    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R /Annots [23 0 R] >>",
                23:
                    "<< /Type /Annot /Subtype /Widget /FT /Tx /T (Amount) /V (\(value)) /Rect [50 500 350 560] /P 4 0 R /F 4 /AP << /N 24 0 R >> >>",
                24: Self.xobject("q /X0 Do Q", resources: "25 0 R"),
                25: "<< /XObject << /X0 26 0 R >> >>",
                26: Self.xobject("BT /F1 24 Tf 10 20 Td (100 USD) Tj ET", resources: "<< /Font << /F1 3 0 R >> >>"),
            ])
        let input = dir.write("in.pdf", bytes: prepared)
        let out = dir.path("signed.pdf")
        _ = try PDFSigner.sign(
            input: input, output: out, identity: try .pkcs12(path: pki.rsaP12, password: Secret(TestPKI.password)),
            options: PDFSignOptions(signingTime: Date()))
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: out)))
        let form = Int(String(decoding: bytes, as: UTF8.self).matches(#"/AcroForm (\d+) 0 R"#).last ?? "") ?? 0
        return (bytes, form)
    }

    /// The form as signing left it, with `extra` keys instead of its /DR.
    static func form(_ bytes: [UInt8], extra: String) -> String {
        let fields = String(decoding: bytes, as: UTF8.self).matches(#"/Fields \[ ?([^\]]*)\]"#).last ?? ""
        return "<< /Fields [\(fields)] /SigFlags 3 /DA (/F1 0 Tf 0 g) \(extra) >>"
    }

    func verify(_ path: String) throws -> VerificationReport {
        try PDFVerifier.verify(
            path: path, password: nil, options: VerifyOptions(now: Date(), requireTrust: false),
            rendering: .renderer(PopplerRenderer(path: path)))
    }

    @Test("the /DR pointed at the appearance's resources and its XObject swapped: not valid, the widget named")
    func redrawnThroughFormResources() throws {
        let dir = TemporaryDirectory("redrawn-field")
        let (bytes, form) = try signed(dir)
        let changed = IncrementalUpdate.append(
            to: bytes,
            objects: [
                form: Self.form(bytes, extra: "/DR 25 0 R"),
                25: "<< /XObject << /X0 50 0 R >> /Font << /F1 3 0 R >> >>",
                50: Self.xobject(
                    "BT /F1 24 Tf 10 20 Td (1,000,000 USD) Tj ET", resources: "<< /Font << /F1 3 0 R >> >>"),
            ])
        let report = try verify(dir.write("changed.pdf", bytes: changed))
        let first = try #require(report.signatures.first)
        #expect(!first.valid && !first.permitted && report.overlayCheck == .done, "\(first.changes.map(\.what))")
        #expect(
            first.changes.contains {
                $0.level == .other && $0.what.hasPrefix("the widget of field Amount, redrawn with its value unchanged,")
            }, "\(first.changes.map(\.what))")
    }

    @Test("the field filled with a new value and its appearance redrawn: permitted, valid")
    func filledWithNewValue() throws {
        let dir = TemporaryDirectory("redrawn-field-filled")
        let (bytes, _) = try signed(dir)
        let filled = IncrementalUpdate.append(
            to: bytes,
            objects: [
                23:
                    "<< /Type /Annot /Subtype /Widget /FT /Tx /T (Amount) /V (200 USD) /Rect [50 500 350 560] /P 4 0 R /F 4 /AP << /N 51 0 R >> >>",
                51: Self.xobject("BT /F1 24 Tf 10 20 Td (200 USD) Tj ET", resources: "<< /Font << /F1 3 0 R >> >>"),
            ])
        let report = try verify(dir.write("filled.pdf", bytes: filled))
        let first = try #require(report.signatures.first)
        #expect(
            first.valid && first.modificationLevel == .formFilling, "\(first.problems) \(first.changes.map(\.what))")
    }

    /// Amount signed with value `value`, then the form's /NeedAppearances set (and `objects` written).
    func needingAppearances(
        _ dir: TemporaryDirectory, value: String, objects: [Int: String] = [:]
    ) throws -> SignatureReport {
        let (bytes, form) = try signed(dir, value: value)
        let changed = IncrementalUpdate.append(
            to: bytes,
            objects: objects.merging([
                form: Self.form(bytes, extra: "/DR << /Font << /F1 3 0 R >> >> /NeedAppearances true")
            ]) { $1 })
        return try #require(try verify(dir.write("changed.pdf", bytes: changed)).signatures.first)
    }

    @Test(
        "/NeedAppearances set after signing a field whose appearance shows 100 USD and whose value is more: not valid")
    func needAppearancesShowsTheValue() throws {
        let first = try needingAppearances(TemporaryDirectory("redrawn-need-appearances"), value: "1,000,000 USD")
        #expect(!first.valid && !first.permitted, "\(first.changes.map(\.what))")
        #expect(
            first.changes.contains {
                $0.level == .other
                    && $0.what.hasPrefix(
                        "the widget of field Amount, redrawn by readers as the form's /NeedAppearances changed,")
            }, "\(first.changes.map(\.what))")
    }

    @Test("/NeedAppearances set in the update that fills the field with a new value: permitted, valid")
    func needAppearancesWithNewValue() throws {
        let first = try needingAppearances(
            TemporaryDirectory("redrawn-need-appearances-filled"), value: "1,000,000 USD",
            objects: [
                23:
                    "<< /Type /Annot /Subtype /Widget /FT /Tx /T (Amount) /V (200 USD) /Rect [50 500 350 560] /P 4 0 R /F 4 /AP << /N 51 0 R >> >>",
                51: Self.xobject("BT /F1 24 Tf 10 20 Td (200 USD) Tj ET", resources: "<< /Font << /F1 3 0 R >> >>"),
            ])
        #expect(
            first.valid && first.modificationLevel == .formFilling, "\(first.problems) \(first.changes.map(\.what))")
    }
}
