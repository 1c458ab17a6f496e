import Foundation
import SignetCore
import Testing

/// The parts messages are made of: advice naming an option, stream names, and option names as
/// the `--json` record spells them.
@Suite("Message parts: advice, option names, stream names")
struct MessageTests {
    @Test(
        "advice reads with the property's Swift name",
        arguments: [
            (Advice.Action.name, "RenderOptions.dpi"), (.set("300"), "set RenderOptions.dpi to 300"),
            (.unset, "leave RenderOptions.dpi nil"), (.raise, "raise RenderOptions.dpi"),
            (.lower, "lower RenderOptions.dpi"), (.give, "give RenderOptions.dpi"),
            (.check, "check RenderOptions.dpi"), (.change, "change RenderOptions.dpi"),
        ])
    func advice(_ action: Advice.Action, expected: String) {
        let text = Advice(action, .renderDPI).description
        #expect(text == expected, "advice \(action): \(text)")
    }

    /// A property named after a Swift value is spelled `Type.property` (or `Type.Nested.property`),
    /// as a caller writes it; the others are phrases, never a bare identifier.
    @Test("every option's name is a Swift path or a phrase")
    func optionNames() throws {
        let path = try Regex(#"^[A-Z][A-Za-z]+(\.[A-Z][A-Za-z]+)*\.[a-z][A-Za-z]+$"#)
        for option in OptionProperty.allCases {
            let name = option.name
            let isPath = name.wholeMatch(of: path) != nil
            let isPhrase = name.contains(" ") || name == "page" || name == "strict"
            #expect(isPath || isPhrase, "\(option)'s name \(name)")
            #expect(name == option.rawValue, "\(option)'s name and raw value")
        }
    }

    @Test("an option encodes as its name")
    func optionEncoding() throws {
        let json = String(decoding: try JSONEncoder().encode([OptionProperty.stampPages]), as: UTF8.self)
        #expect(json == #"["StampOptions.pages"]"#, "JSON of .stampPages: \(json)")
        let back = try JSONDecoder().decode([OptionProperty].self, from: Data(json.utf8))
        #expect(back == [.stampPages], "decoded: \(back)")
    }

    @Test(
        "`-` is standard input or output; a stem is the last path component",
        arguments: [
            ("-", "standard input", "standard output", "stdin"),
            ("a/b/c.pdf", "a/b/c.pdf", "a/b/c.pdf", "c.pdf"),
            ("c.pdf", "c.pdf", "c.pdf", "c.pdf"),
            ("/", "/", "/", "fallback"),
        ])
    func streamNames(_ path: String, input: String, output: String, stem: String) {
        #expect(StreamName.input(path) == input, "input name of \(path)")
        #expect(StreamName.output(path) == output, "output name of \(path)")
        #expect(StreamName.stem(path, orElse: "fallback") == stem, "stem of \(path)")
    }
}
