import SignetFiles
import SignetTestSupport
import Testing

@testable import SignetPDF

/// Which appearance streams leave a mark that shows on a white page: what form fillers draw for a
/// value does; what a value drawn so that nothing shows does not, nor what the scan does not judge.
@Suite("Appearance marks: which appearances show something on white")
struct AppearanceMarksTests {
    static let rows: [(String, String, Bool)] = [
        (
            "a value in black, clipped to the box",
            "/Tx BMC q 1 1 226 18 re W n BT /F1 10 Tf 0 g 2 5 Td (Bob) Tj ET Q EMC", true
        ),
        ("a value in the default colour", "BT /F1 10 Tf 2 5 Td (Bob) Tj ET", true),
        ("a value as a TJ array", "BT /F1 10 Tf 2 5 Td [(B) -20 (ob)] TJ ET", true),
        ("a value as a hex string", "BT /F1 10 Tf 2 5 Td <426F62> Tj ET", true),
        ("a blue background", "0.5 0.5 1 rg 0 0 200 20 re f", true),
        ("a pale yellow background (lighter than ink)", "1 1 0.8 rg 0 0 200 20 re f", false),
        ("a black border", "0 G 1 w 0.5 0.5 199 19 re S", true),
        ("a CMYK value", "0 0 0 1 k BT /F1 10 Tf 2 5 Td (Bob) Tj ET", true),
        ("stroked text (render mode 1)", "BT 1 Tr /F1 10 Tf 2 5 Td (Bob) Tj ET", true),
        ("a white value", "1 g BT /F1 10 Tf 2 5 Td (Bob) Tj ET", false),
        ("a white RGB background", "1 1 1 rg 0 0 200 20 re f", false),
        ("a value in render mode 3", "BT 3 Tr /F1 10 Tf 2 5 Td (Bob) Tj ET", false),
        ("a value at size 0", "BT /F1 0 Tf 2 5 Td (Bob) Tj ET", false),
        ("an empty string", "BT /F1 10 Tf 2 5 Td () Tj ET", false),
        ("a string of spaces", "BT /F1 10 Tf 2 5 Td (   ) Tj ET", false),
        ("an empty hex string", "BT /F1 10 Tf 2 5 Td <> Tj ET", false),
        ("a clip to nothing", "0 0 0 0 re W n BT /F1 10 Tf 2 5 Td (Bob) Tj ET", false),
        ("a graphics state first", "/G0 gs BT /F1 10 Tf 2 5 Td (Bob) Tj ET", false),
        ("a colour space not judged", "/CS0 cs 1 sc BT /F1 10 Tf 2 5 Td (Bob) Tj ET", false),
        ("black in the device gray space", "/DeviceGray cs 0 sc BT /F1 10 Tf 2 5 Td (Bob) Tj ET", true),
        ("white in the device RGB space", "/DeviceRGB cs 1 1 1 sc BT /F1 10 Tf 2 5 Td (Bob) Tj ET", false),
        ("a flattening matrix", "0 0 0 0 0 0 cm BT /F1 10 Tf 2 5 Td (Bob) Tj ET", false),
        ("a zero-area fill", "0 g 0 0 0 20 re f", false),
        ("marked content only", "/Tx BMC EMC", false),
        ("text moved right of the box", "BT /F1 10 Tf 500 5 Td (Bob) Tj ET", false),
        ("text moved above the box by Tm", "BT /F1 10 Tf 1 0 0 1 2 300 Tm (Bob) Tj ET", false),
        ("text moved below the box by cm", "q 1 0 0 1 0 -100 cm BT /F1 10 Tf 2 5 Td (Bob) Tj ET Q", false),
        ("text moved out and back", "BT /F1 10 Tf 500 500 Td -498 -495 Td (Bob) Tj ET", true),
        ("text on the second line of the box", "BT /F1 10 Tf 12 TL 2 30 Td T* (Bob) Tj ET", true),
        ("text scaled by cm into the box", "q 0.5 0 0 0.5 0 0 cm BT /F1 10 Tf 300 20 Td (Bob) Tj ET Q", true),
        ("a value in optional content", "/OC /oc1 BDC BT /F1 10 Tf 2 5 Td (Bob) Tj ET EMC", false),
        ("a value after optional content ends", "/OC /oc1 BDC EMC /Tx BMC BT /F1 10 Tf 2 5 Td (Bob) Tj ET EMC", true),
        ("the clip restored by Q", "q 0 0 0 0 re W n Q BT /F1 10 Tf 2 5 Td (Bob) Tj ET", true),
        ("white restored by Q", "q 1 g Q BT /F1 10 Tf 2 5 Td (Bob) Tj ET", true),
        ("an image", "q 20 0 0 20 0 0 cm /Im0 Do Q", true),
        ("a form XObject not in the resources", "/Fm0 Do", false),
        ("a shading", "/Sh0 sh", true),
    ]

    @Test("appearance streams", arguments: rows)
    func table(_ row: (String, String, Bool)) throws {
        let (name, content, mark) = row
        let doc = try PDFDocument(source: MemorySource(TestPDF.bytes(), name: "test.pdf"))
        let resources = try doc.parse("<< /XObject << /Im0 << /Subtype /Image >> >> >>")
        #expect(
            try AppearanceMarks.leavesMark(Array(content.utf8), resources: resources, box: [0, 0, 200, 40]) == mark,
            "\(name): \(content)")
    }

    @Test("random bytes and content-like fragments: the scan ends and answers, whatever they hold")
    func anyBytes() throws {
        let fragments = "0 1 g 3 Tr Tf () (x) <> Tj TJ [ ] re W n f S q Q cm gs /Fm0 Do % c\n BT ET -1.5 "
        var answers: Set<Bool> = []
        for bytes in SeededRandom.contentLike(fragments, seed: 91) {
            answers.insert(try AppearanceMarks.leavesMark(bytes, resources: nil))
        }
        #expect(answers == [true, false], "both answers came up: \(answers)")
    }
}
