import SignetCore
import Testing

/// `Color(css:)`: every form the message names parses, and nothing else does.
@Suite("CSS colours")
struct CSSColorTests {
    @Test("all 148 CSS names, case and spaces ignored")
    func names() throws {
        #expect(Color.cssNames.count == 148)
        #expect(Color(css: "purple") == Color(red: 128 / 255, green: 0, blue: 128 / 255))
        #expect(Color(css: " RebeccaPurple ")?.hex == "#663399")
        #expect(Color(css: "grey") == Color(css: "gray"))
        #expect(Color(css: "lightgoldenrodyellow")?.hex == "#FAFAD2")
        #expect(Color(css: "transparent") == .clear)
        for name in Color.cssNames.keys { #expect(Color(css: name) != nil, "\(name)") }
    }

    @Test(
        "every form in acceptedForms parses",
        arguments: ["#abc", "#abcd", "#aabbcc", "#aabbcc80", "rgb(10, 20, 30)", "rgba(10,20,30,0.5)", "purple"])
    func forms(_ text: String) {
        #expect(Color(css: text) != nil)
    }

    @Test("anything else is refused", arguments: ["plaid", "#12", "rgb(1,2)", "purple-ish", ""])
    func refused(_ text: String) {
        #expect(Color(css: text) == nil)
    }
}
