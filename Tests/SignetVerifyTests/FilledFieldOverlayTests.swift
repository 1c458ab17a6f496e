import Foundation
import SignetCrypto
import SignetFiles
import SignetPDF
import SignetPDFSigning
import SignetTestSupport
import Testing

@testable import SignetVerify

/// A text field empty when signed — no value, or an appearance that draws nothing — and filled
/// after an approval signature is compared with the page as signed (poppler in this process
/// renders): a field placed over the signed text and filled with "The buyer pays 900 EUR." on
/// white, or with a white box over part of the text, is not valid, while the same fill over blank
/// space, or text alone beside the signed text, covers no signed ink and stays form filling.
@Suite("A field empty when signed and filled over signed content is compared with the page as signed")
struct FilledFieldOverlayTests {
    let pki = TestPKI.shared

    /// Filled on white: the whole /BBox, then the new text.
    static let opaque = "1 g 0 0 340 40 re f 0 g BT /F1 16 Tf 5 12 Td (The buyer pays 900 EUR.) Tj ET"
    /// A white box over the end of the signed line only (a third of the /BBox), then "9".
    static let partial = "1 g 200 0 140 40 re f 0 g BT /F1 24 Tf 250 10 Td (9) Tj ET"
    /// Text alone in the part of the box right of the signed line (which ends near x = 272).
    static let besideText = "0 g BT /F1 16 Tf 250 12 Td (900 EUR) Tj ET"

    static func appearance(_ content: String) -> String {
        IncrementalUpdate.stream(
            content,
            dictionary: "/Type /XObject /Subtype /Form /BBox [0 0 340 40] /Resources << /Font << /F1 3 0 R >> >> ")
    }

    /// TestPDF ("Signet test page 1" at 72, 700 in 24-point type) with a text field Note at `rect`
    /// holding `value` (a /V entry or nothing) and an appearance drawing `shown` (nothing by
    /// default), signed; then filled with `content` (value and appearance in one update) and verified.
    /// `content` nil: the widget has no appearance stream, when signed nor after (readers draw the
    /// value, "The buyer pays 900 EUR.", themselves), its /DA `signedDA` when signed; filled, it
    /// gets a black /DA and `filledEntries`.
    func filled(
        _ label: String, rect: String, value: String = "", shown: String = "/Tx BMC EMC", content: String?,
        signedDA: String = "/F1 16 Tf 0 g", filledEntries: String = ""
    ) throws -> SignatureReport {
        let dir = TemporaryDirectory(label)
        let widget = { (value: String, appearance: Int) in
            let entries =
                content != nil
                ? "/AP << /N \(appearance) 0 R >>"
                : appearance == 51 ? "/DA (/F1 16 Tf 0 g) \(filledEntries)" : "/DA (\(signedDA))"
            return
                "<< /Type /Annot /Subtype /Widget /FT /Tx /T (Note) \(value) /Rect [\(rect)] /P 4 0 R /F 4 \(entries) >>"
        }
        let prepared = IncrementalUpdate.append(
            to: TestPDF.bytes(),
            objects: [
                1: "<< /Type /Catalog /Pages 2 0 R /AcroForm 20 0 R >>",
                20: "<< /Fields [23 0 R] /DR << /Font << /F1 3 0 R >> >> /DA (/F1 0 Tf 0 g) >>",
                4:
                    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R /Annots [23 0 R] >>",
                23: widget(value, 24),
                24: Self.appearance(shown),
            ])
        let input = dir.write("in.pdf", bytes: prepared)
        let signed = dir.path("signed.pdf")
        _ = try PDFSigner.sign(
            input: input, output: signed, identity: try .pkcs12(path: pki.rsaP12, password: Secret(TestPKI.password)),
            options: PDFSignOptions(signingTime: Date()))
        let changed = IncrementalUpdate.append(
            to: try Array(Data(contentsOf: URL(fileURLWithPath: signed))),
            objects: [23: widget("/V (The buyer pays 900 EUR.)", 51), 51: Self.appearance(content ?? "")])
        let path = dir.write("filled.pdf", bytes: changed)
        let report = try PDFVerifier.verify(
            path: path, password: nil, options: VerifyOptions(now: Date(), requireTrust: false),
            rendering: .renderer(PopplerRenderer(path: path)))
        return try #require(report.signatures.first)
    }

    /// Over the signed text: no value, a value of spaces, or a value whose appearance drew nothing.
    @Test(
        "over the signed text: not valid, the widget named",
        arguments: [
            ("", FilledFieldOverlayTests.opaque), ("", FilledFieldOverlayTests.partial),
            ("/V (  )", FilledFieldOverlayTests.opaque), ("/V (x)", FilledFieldOverlayTests.opaque),
        ])
    func overSignedText(value: String, content: String) throws {
        let first = try filled("filled-field-over-text", rect: "60 690 400 730", value: value, content: content)
        Self.expectRefused(first, "\(value) \(content)")
    }

    /// `first` is not valid, not permitted, and names field Note's widget as empty when signed.
    static func expectRefused(_ first: SignatureReport, _ context: String) {
        #expect(!first.valid && !first.permitted, "\(context): \(first.changes.map(\.what))")
        #expect(
            first.changes.contains {
                $0.level == .other && $0.what.hasPrefix("the widget of field Note, empty when signed,")
            }, "\(context): \(first.changes.map(\.what))")
    }

    /// Appearances of the value "x" that leave no mark on the page.
    static let unseen = [
        "1 g BT /F1 16 Tf 5 12 Td (x) Tj ET", "BT 3 Tr /F1 16 Tf 5 12 Td (x) Tj ET", "BT /F1 0 Tf 5 12 Td (x) Tj ET",
        "BT /F1 16 Tf 5 12 Td ( ) Tj ET", "0 0 0 0 re W n BT /F1 16 Tf 5 12 Td (x) Tj ET",
        "/Tx BMC <70,000 spaces> EMC",
    ]

    @Test(
        "over the signed text, a value that showed nothing when signed (white, invisible, size 0, blank, clipped): not valid",
        arguments: FilledFieldOverlayTests.unseen)
    func unseenValue(shown: String) throws {
        let padded = shown.replacingOccurrences(of: "<70,000 spaces>", with: String(repeating: " ", count: 70_000))
        let first = try filled(
            "filled-field-unseen", rect: "60 690 400 730", value: "/V (x)", shown: padded, content: Self.opaque)
        Self.expectRefused(first, String(shown.prefix(60)))
    }

    @Test(
        "control: a value shown in black (clipped to the box, as form fillers draw it) refilled in blank space: permitted"
    )
    func visibleValueRefilled() throws {
        let first = try filled(
            "filled-field-visible", rect: "50 500 390 540", value: "/V (x)",
            shown: "/Tx BMC q 1 1 338 38 re W n BT /F1 16 Tf 0 g 5 12 Td (x) Tj ET Q EMC", content: Self.opaque)
        #expect(
            first.valid && first.modificationLevel == .formFilling, "\(first.problems) \(first.changes.map(\.what))")
    }

    @Test(
        "no appearance stream, empty when signed (no value, or a name poppler does not print), its value set: not valid over the signed text, permitted in blank space",
        arguments: [("60 690 400 730", "", false), ("60 690 400 730", "/V /x", false), ("50 500 390 540", "", true)])
    func drawnFromValue(rect: String, value: String, permitted: Bool) throws {
        let first = try filled("filled-field-no-appearance", rect: rect, value: value, content: nil)
        #expect(
            first.valid == permitted && first.permitted == permitted, "\(rect) \(value): \(first.changes.map(\.what))")
    }

    @Test(
        "no appearance stream, its value shown in a white /DA when signed, refilled on white: not valid over the signed text; in black in blank space: permitted",
        arguments: [("60 690 400 730", "/F1 16 Tf 1 g", false), ("50 500 390 540", "/F1 16 Tf 0 g", true)])
    func drawnFromValueUnseen(rect: String, da: String, permitted: Bool) throws {
        let first = try filled(
            "filled-field-white-da", rect: rect, value: "/V (x)", content: nil, signedDA: da,
            filledEntries: "/MK << /BG [1 1 1] >>")
        #expect(first.valid == permitted && first.permitted == permitted, "\(rect): \(first.changes.map(\.what))")
    }

    @Test(
        "controls: the fill on white over blank space, and text alone beside the signed text in the box: permitted",
        arguments: [
            ("50 500 390 540", FilledFieldOverlayTests.opaque), ("60 690 400 730", FilledFieldOverlayTests.besideText),
        ])
    func permitted(rect: String, content: String) throws {
        let first = try filled("filled-field-permitted", rect: rect, content: content)
        #expect(
            first.valid && first.modificationLevel == .formFilling, "\(first.problems) \(first.changes.map(\.what))")
    }
}
