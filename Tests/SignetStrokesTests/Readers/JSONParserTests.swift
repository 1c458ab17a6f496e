import SignetTestSupport
import Testing

@testable import SignetStrokes

@Suite("JSON parser")
struct JSONParserTests {
    static func parse(_ text: String, maxNesting: Int = 100) throws -> JSONValue {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { try JSONParser.parse($0, maxNesting: maxNesting) }
    }

    static func number(_ text: String) throws -> Double {
        guard case .number(let v) = try parse(text) else { throw JSONSyntaxError(offset: 0, problem: "not a number") }
        return v
    }

    @Test(
        "numbers read exactly as the standard library reads them",
        arguments: [
            "0", "-0", "1", "-12", "762.3999633789062", "1e5", "1E-7", "-2.5e+3", "0.1", "123456789012345678901234",
            "9007199254740993", "1.7976931348623157e308", "5e-324", "0.000001234", "3.14159265358979323846",
        ])
    func numberTable(text: String) throws {
        #expect(try Self.number(text).bitPattern == Double(text)!.bitPattern)
    }

    @Test("random decimals round-trip exactly (property, seeded)")
    func numberProperty() throws {
        var random = SeededRandom(seed: 2)
        for _ in 0..<5000 {
            let v = Double(bitPattern: random.next() & 0x7FEF_FFFF_FFFF_FFFF) * (Bool.random(using: &random) ? 1 : -1)
            let short = String(Double(Int64.random(in: -100_000_000...100_000_000, using: &random)) / 1000)
            for text in ["\(v)", short] where !text.contains("nan") && !text.contains("inf") {
                #expect(try Self.number(text) == Double(text)!, "\(text)")
            }
        }
    }

    @Test("NaN and Infinity as Python writes them, and overflow, come through as numbers")
    func nonFinite() throws {
        #expect(try Self.number("NaN").isNaN)
        #expect(try Self.number("Infinity") == .infinity)
        #expect(try Self.number("-Infinity") == -.infinity)
        #expect(try Self.number("1e999") == .infinity)
    }

    @Test("strings: escapes, surrogate pairs, lone surrogates, raw UTF-8")
    func strings() throws {
        guard case .string(let s) = try Self.parse(#""a\"b\\c\/\n\t\u00e9\ud83d\ude00\ud800x é""#) else {
            Issue.record("not a string")
            return
        }
        #expect(s == "a\"b\\c/\n\té😀\u{FFFD}x é")
    }

    @Test("objects keep member order; a repeated key means its last value")
    func objects() throws {
        guard case .object(let o) = try Self.parse(#"{"b":1,"a":[true,false,null],"b":2}"#) else {
            Issue.record("not an object")
            return
        }
        #expect(o.keys == ["b", "a", "b"])
        #expect(o["b"]?.number == 2)
        #expect(o["a"]?.array?.count == 3)
    }

    /// The value written back as compact JSON (numbers as Swift prints them).
    static func written(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
        case .string(let s): return "\"" + s + "\""
        case .array(let items): return "[" + items.map(written).joined(separator: ",") + "]"
        case .object(let o):
            return "{" + zip(o.keys, o.values).map { "\"\($0)\":" + written($1) }.joined(separator: ",") + "}"
        }
    }

    @Test(
        "nested and empty containers come back as written",
        arguments: [
            #"{"a":[],"b":{},"c":[[1,[2,{}]],"x",null,true,false],"d":{"e":{"f":[3.5]}},"g":[[],[[]],{}]}"#,
            "[[1,2,3,4],[5,6],[],[7]]", #"{"strokes":[{"points":[[1,2,0,0.5],[3,4,8,0.25]]},[[5,6]]]}"#, "[]", "{}",
            "7", #""s""#,
        ])
    func tape(text: String) throws {
        #expect(Self.written(try Self.parse(text)) == text)
    }

    @Test("numbers read straight off the tape; other values are not numbers")
    func numberFastPath() throws {
        let items = try #require(try Self.parse(#"[1.5,null,"2",[3],-0.25]"#).array)
        #expect((0..<items.count).map { items.number(at: $0) } == [1.5, nil, nil, nil, -0.25])
    }

    @Test(
        "malformed JSON is refused at the right byte",
        arguments: [
            ("[1,2", 4, "the input ends where ',' or ']' should be"),
            ("[1 2]", 3, "expected ',' or ']' after an array element"),
            (#"{"a" 1}"#, 5, "expected ':' after the member name"),
            (#"{a:1}"#, 1, "expected a quoted member name"),
            ("[01]", 2, "a number cannot start with 0 followed by digits"),
            ("[1.]", 3, "expected a digit after the decimal point"),
            ("[-]", 2, "expected a digit in the number"),
            ("[1e]", 3, "expected a digit in the exponent"),
            ("[tru]", 1, "unexpected text where a value should be (quote strings with \")"),
            ("[\"abc", 1, "this string is not closed with \""),
            ("[\"a\nb\"]", 3, "a control character (line break or tab) inside a string must be escaped"),
            (#"["\q"]"#, 2, "unknown escape \\q in a string"),
            (#"["\u12"]"#, 6, "expected four hex digits after \\u"),
            ("[1] [2]", 4, "unexpected text after the JSON value"),
            ("[,]", 1, "unexpected character ',' where a value should be"),
            ("", 0, "the input ends where a value should be"),
        ])
    func malformed(text: String, offset: Int, problem: String) {
        #expect {
            _ = try Self.parse(text)
        } throws: { error in
            guard let e = error as? JSONSyntaxError else { return false }
            return e.offset == offset && e.problem == problem
        }
    }

    @Test("deep nesting stops at the limit without recursion", arguments: ["[", "{\"a\":"])
    func deepNesting(open: String) {
        let text = String(repeating: open, count: 200_000)
        #expect {
            _ = try Self.parse(text, maxNesting: 100)
        } throws: { ($0 as? JSONSyntaxError)?.problem == "nesting deeper than 100 levels" }
    }

    @Test("nesting up to the limit is fine")
    func nestingAtLimit() throws {
        let text = String(repeating: "[", count: 100) + "1" + String(repeating: "]", count: 100)
        _ = try Self.parse(text, maxNesting: 100)
    }
}
