import SignetTestSupport
import Testing

@testable import SignetPDF

@Suite("PDF syntax reader (trailers, and objects built from PDF syntax)")
struct SyntaxReaderTests {
    func read(_ text: String) -> SyntaxValue? {
        var r = SyntaxReader(Array(text.utf8))
        return r.value()
    }

    @Test(
        "values",
        arguments: [
            ("12", SyntaxValue.integer(12)),
            ("-3.50", .real("-3.50")),
            ("12 0 R", .reference(12, 0)),
            ("/Name#20x", .name("/Name x")),
            ("(a\\(b\\)\\n\\101)", .string(Array("a(b)\nA".utf8))),
            ("(line\\\ncontinued)", .string(Array("linecontinued".utf8))),
            ("<48 65 6c6C6>", .string([0x48, 0x65, 0x6C, 0x6C, 0x60])),
            ("[1 2 0 R /X]", .array([.integer(1), .reference(2, 0), .name("/X")])),
            ("<< /A << /B true >> /C null >>", .dictionary(["/A": .dictionary(["/B": .bool(true)]), "/C": .null])),
            ("% comment\n 7", .integer(7)),
        ])
    func values(_ text: String, _ value: SyntaxValue) {
        #expect(read(text) == value)
    }

    @Test(
        "broken input gives nil, deep nesting is bounded",
        arguments: [
            "<< /A 1", "[1 2", "(open", "<< 1 2 >>",
            String(repeating: "[", count: 100) + String(repeating: "]", count: 100),
        ])
    func broken(_ text: String) {
        #expect(read(text) == nil)
    }

    @Test("a word Swift would read as a number but PDF does not stays a word")
    func hexFloat() {
        #expect(read("0x1p3") == .keyword("0x1p3"))
        #expect(read("1e5") == .keyword("1e5"))
    }

    @Test("PDFDocument.parse builds references to the document's objects")
    func parseWithReferences() throws {
        let dir = TemporaryDirectory("parse")
        let doc = try PDFDocument(path: dir.write("one.pdf", bytes: GeometryFixture.document(pageCount: 1)))
        let o = try doc.parse("<< /Pages 2 0 R /List [1 (two) /Three 4.25] >>")
        #expect(try o.value("/Pages")?.id == PDFObjectID(number: 2))
        #expect(try o.value("/Pages")?.value("/Type")?.nameValue() == "/Pages")
        #expect(try o.value("/List")?.items().count == 4)
        #expect(String(decoding: try o.unparsed(), as: UTF8.self) == "<< /List [ 1 (two) /Three 4.25 ] /Pages 2 0 R >>")
        #expect(throws: PDFError.self) { try doc.parse("<< /A 1") }
        #expect(throws: PDFError.self) { try doc.parse("1 2 extra") }
    }
}
