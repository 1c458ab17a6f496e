import Testing

@testable import SignetStrokes

@Suite("XML parser")
struct XMLParserTests {
    static func parse(_ text: String, maxNesting: Int = 100) throws -> XMLElement {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { try XMLParser.parse($0, maxNesting: maxNesting) }
    }

    @Test("elements, attributes, text, entities, CDATA, comments, PIs and DOCTYPE")
    func wellFormed() throws {
        let root = try Self.parse(
            """
            <?xml version="1.0" encoding="utf-8"?>
            <!DOCTYPE ink [ <!ENTITY boom "lots"> ]>
            <!-- leading comment -->
            <inkml:ink xmlns:inkml="http://www.w3.org/2003/InkML">
              <inkml:trace xml:id='t1' note="a &amp; b &lt;c&gt; &#65;&#x42;">1 2, <!-- mid -->3 4</inkml:trace>
              <empty/>
              <data><![CDATA[<not a tag> & raw]]></data>
            </inkml:ink>
            """)
        #expect(root.qualifiedName == "inkml:ink" && root.name == "ink")
        #expect(root.children.map(\.qualifiedName) == ["inkml:trace", "empty", "data"])
        let trace = root.children[0]
        #expect(trace.id == "t1")
        #expect(trace.attribute("note") == "a & b <c> AB")
        #expect(trace.text == "1 2, 3 4")
        #expect(root.children[2].text == "<not a tag> & raw")
    }

    @Test(
        "malformed XML is refused at the right byte",
        arguments: [
            ("<ink><trace></ink>", 12, "</ink> does not match <trace>"),
            ("<ink>", 0, "<ink> is never closed"),
            ("<ink a=1/>", 7, "the value of a must be in quotes"),
            ("<ink a=\"1\"b=\"2\"/>", 10, "expected a space before the attribute in <ink>"),
            ("<ink>&nbsp;</ink>", 5, "unknown entity &nbsp;"),
            ("<ink>a & b</ink>", 7, "'&' must start an entity such as &amp;"),
            ("<ink/><ink/>", 6, "a second root element"),
            ("hello <ink/>", 0, "text before the root element"),
            ("<ink/> trailing", 6, "text after the end of the root element"),
            ("<ink><!-- open </ink>", 5, "this comment is not closed"),
            ("</ink>", 0, "</ink> closes nothing"),
            ("", 0, "no root element"),
            ("<1ink/>", 1, "expected a name"),
        ])
    func malformed(text: String, offset: Int, problem: String) {
        #expect {
            _ = try Self.parse(text)
        } throws: { error in
            guard let e = error as? XMLSyntaxError else { return false }
            return e.offset == offset && e.problem == problem
        }
    }

    @Test("deep nesting stops at the limit instead of exhausting the stack")
    func deepNesting() {
        let text = String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000)
        #expect {
            _ = try Self.parse(text, maxNesting: 100)
        } throws: { ($0 as? XMLSyntaxError)?.problem == "elements nested deeper than 100 levels" }
    }

    @Test("entity declarations are never expanded (no billion laughs)")
    func noEntityExpansion() {
        let text = """
            <!DOCTYPE ink [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
            <ink>&b;</ink>
            """
        #expect {
            _ = try Self.parse(text)
        } throws: { ($0 as? XMLSyntaxError)?.problem == "unknown entity &b;" }
    }
}
