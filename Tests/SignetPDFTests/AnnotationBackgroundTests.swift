import SignetCore
import SignetTestSupport
import Testing

@testable import SignetPDF

/// The rule that says whether an annotation above a stamp hides it: an appearance that begins by
/// filling (most of) its box. A table of appearance streams, read as a reader would paint them.
@Suite("Annotation background: which appearances paint an opaque background")
struct AnnotationBackgroundTests {
    static let box = Rect(x: 0, y: 0, width: 200, height: 100)

    static let rows: [(String, String, Bool)] = [
        ("a filled rectangle over the whole box", "1 1 0.8 rg 0 0 200 100 re f", true),
        (
            "inside q/Q, after a cm and a colour space", "q /DeviceRGB cs 1 1 1 sc 1 0 0 1 0 0 cm 0 0 200 100 re f Q",
            true
        ),
        ("fill and stroke (B)", "0 0 200 100 re B", true),
        ("a rectangle drawn with a negative width", "200 100 -200 -100 re f", true),
        ("nine tenths of the box", "0 0 200 90 re f", true),
        ("a filled rectangle over half the box", "0 0 100 100 re f", false),
        ("text first, background never", "BT /F1 10 Tf 2 2 Td (Remarks) Tj ET", false),
        ("a border stroked before any fill", "0 0 200 100 re S 0 0 200 100 re f", false),
        ("a graphics state first (it may set a constant alpha)", "/GS0 gs 0 0 200 100 re f", false),
        ("an image first", "q 200 0 0 100 0 0 cm /Im1 Do Q", false),
        ("a clip, then the fill", "0 0 200 100 re W n 0 0 200 100 re f", true),
        ("a hex string is no number: three numbers make no rectangle", "<00> 0 200 100 re f", false),
        ("marked content with a dictionary, then the fill", "/Tx BMC /OC <</MCID 0>> BDC 0 0 200 100 re f", true),
        ("nothing at all", "", false),
        ("a comment holding a fill", "% 0 0 200 100 re f\nBT ET", false),
    ]

    @Test("appearance streams", arguments: rows)
    func table(_ row: (String, String, Bool)) {
        let (name, content, opaque) = row
        #expect(
            AnnotationBackground.fillsBackground(Array(content.utf8), box: Self.box) == opaque,
            "\(name): \(content)")
    }
}

@Suite("Annotation background: any bytes")
struct AnnotationBackgroundBytesTests {
    @Test("random bytes and content-like fragments: the scan ends and answers, whatever they hold")
    func anyBytes() {
        let fragments = "0 0 200 100 re f ( \\( ) < > << >> [ ] { } /Name % comment\n BT gs -1.5 .5 +3 "
        var answers: Set<Bool> = []
        for bytes in SeededRandom.contentLike(fragments, seed: 73) {
            answers.insert(AnnotationBackground.fillsBackground(bytes, box: AnnotationBackgroundTests.box))
        }
        #expect(answers.contains(false), "every round answered")
    }
}
