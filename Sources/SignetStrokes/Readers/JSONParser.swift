/// Malformed JSON at a byte offset of the parsed buffer.
struct JSONSyntaxError: Error, Sendable {
    var offset: Int
    var problem: String
}

/// A small, fast JSON parser over bytes into a flat `JSONTape`. It is iterative (an explicit
/// stack, so deep nesting cannot overflow the call stack; `maxNesting` bounds it), reports the
/// byte offset of the first problem, and also accepts the `NaN`, `Infinity` and `-Infinity` that
/// Python's `json` writes, so such values reach the readers and get a precise "not a finite
/// number" message.
struct JSONParser: ~Copyable {
    private let b: UnsafeBufferPointer<UInt8>
    private var i = 0
    private let maxNesting: Int
    private var nodes: ParseBuffer<JSONTape.Node>
    private var children: ParseBuffer<UInt32>
    private var strings: [String] = []
    /// Children of the open containers, in order (an object's as name, value, name, value…).
    private var pending = ParseBuffer<UInt32>(capacity: 64)
    private var frames = ParseBuffer<Frame>(capacity: 16)

    private init(_ bytes: UnsafeBufferPointer<UInt8>, maxNesting: Int) {
        b = bytes
        self.maxNesting = maxNesting
        // Stroke files hold about one value per 5 bytes (`[23.86,80.12,344,0.251],`): with room
        // for one per 4 bytes (up to a million) the buffers rarely grow.
        let expected = min(bytes.count / 4, 1 << 20)
        nodes = ParseBuffer(capacity: expected)
        children = ParseBuffer(capacity: expected)
    }

    /// Parses exactly one JSON value filling `bytes` (white space around it allowed).
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, maxNesting: Int) throws -> JSONValue {
        // Node numbers are 32-bit; every value takes at least one byte.
        guard bytes.count < Int(UInt32.max) else {
            throw JSONSyntaxError(offset: 0, problem: "the input is over 4 GiB")
        }
        var parser = JSONParser(bytes, maxNesting: maxNesting)
        try parser.document()
        parser.skipSpace()
        guard parser.i == bytes.count else { throw parser.fail("unexpected text after the JSON value") }
        return JSONTape(nodes: parser.nodes.array, children: parser.children.array, strings: parser.strings).value(
            at: 0)
    }

    private struct Frame: BitwiseCopyable {
        let node: Int
        let isObject: Bool
        /// Where this container's children start in the pending list.
        let pendingStart: Int
    }

    /// Reads one value into the tape; the first node is the document's root.
    private mutating func document() throws {
        next: while true {
            skipSpace()
            let c = try current(expecting: "a value")
            var node: Int
            if c == UInt8(ascii: "[") || c == UInt8(ascii: "{") {
                let isObject = c == UInt8(ascii: "{")
                i += 1
                skipSpace()
                node = append(isObject ? .object : .array)
                guard i < b.count, b[i] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    guard frames.count < maxNesting else { throw fail("nesting deeper than \(maxNesting) levels") }
                    frames.append(Frame(node: node, isObject: isObject, pendingStart: pending.count))
                    if isObject { pending.append(try key()) }
                    continue next
                }
                i += 1
            } else {
                node = try scalar(c)
            }
            // Hand the finished value to its container; close every container that ends here.
            while let frame = frames.last {
                pending.append(UInt32(node))
                skipSpace()
                let close = frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                let c = try current(expecting: frame.isObject ? "',' or '}'" : "',' or ']'")
                if c == UInt8(ascii: ",") {
                    i += 1
                    if frame.isObject {
                        skipSpace()
                        pending.append(try key())
                    }
                    continue next
                }
                guard c == close else {
                    throw fail(
                        "expected \(frame.isObject ? "',' or '}' after an object member" : "',' or ']' after an array element")"
                    )
                }
                i += 1
                let items = pending.count - frame.pendingStart
                nodes[frame.node].payload = UInt64(children.count)
                nodes[frame.node].count = UInt32(frame.isObject ? items / 2 : items)
                children.append(from: pending, frame.pendingStart..<pending.count)
                pending.removeLast(items)
                frames.removeLast()
                node = frame.node
            }
            return
        }
    }

    /// Adds a node (an empty container's children start where the list ends) and returns its number.
    private mutating func append(_ kind: JSONTape.Node.Kind, payload: UInt64? = nil) -> Int {
        nodes.append(JSONTape.Node(kind: kind, count: 0, payload: payload ?? UInt64(children.count)))
        return nodes.count - 1
    }

    private mutating func appendString(_ text: String) -> Int {
        strings.append(text)
        return append(.string, payload: UInt64(strings.count - 1))
    }

    /// `"name"` then `:`; returns the name's node.
    private mutating func key() throws -> UInt32 {
        guard i < b.count, b[i] == UInt8(ascii: "\"") else { throw fail("expected a quoted member name") }
        let name = appendString(try string())
        skipSpace()
        guard i < b.count, b[i] == UInt8(ascii: ":") else { throw fail("expected ':' after the member name") }
        i += 1
        return UInt32(name)
    }

    private mutating func scalar(_ c: UInt8) throws -> Int {
        switch c {
        case UInt8(ascii: "\""): return appendString(try string())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return append(.number, payload: try number().bitPattern)
        case UInt8(ascii: "t"): try literal("true"); return append(.trueValue)
        case UInt8(ascii: "f"): try literal("false"); return append(.falseValue)
        case UInt8(ascii: "n"): try literal("null"); return append(.null)
        case UInt8(ascii: "N"): try literal("NaN"); return append(.number, payload: Double.nan.bitPattern)
        case UInt8(ascii: "I"): try literal("Infinity"); return append(.number, payload: Double.infinity.bitPattern)
        default: throw fail("unexpected character \(Self.describe(c)) where a value should be")
        }
    }

    private mutating func literal(_ word: StaticString) throws {
        let n = word.utf8CodeUnitCount
        let matches = i + n <= b.count && (0..<n).allSatisfy { b[i + $0] == word.utf8Start[$0] }
        guard matches else { throw fail("unexpected text where a value should be (quote strings with \")") }
        i += n
    }

    // MARK: numbers

    private mutating func number() throws -> Double {
        let start = i
        var negative = false
        if b[i] == UInt8(ascii: "-") {
            negative = true
            i += 1
            if i < b.count, b[i] == UInt8(ascii: "I") {
                try literal("Infinity")
                return -.infinity
            }
        }
        guard i < b.count, isDigit(b[i]) else { throw fail("expected a digit in the number") }
        var mantissa: UInt64 = 0
        var significant = 0
        var exponent = 0
        var truncated = false
        if b[i] == UInt8(ascii: "0") {
            i += 1
            if i < b.count, isDigit(b[i]) { throw fail("a number cannot start with 0 followed by digits") }
        } else {
            while i < b.count, isDigit(b[i]) {
                if significant < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(b[i] &- 48)
                    significant += 1
                } else {
                    exponent += 1
                    truncated = truncated || b[i] != UInt8(ascii: "0")
                }
                i += 1
            }
        }
        if i < b.count, b[i] == UInt8(ascii: ".") {
            i += 1
            guard i < b.count, isDigit(b[i]) else { throw fail("expected a digit after the decimal point") }
            while i < b.count, isDigit(b[i]) {
                if significant < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(b[i] &- 48)
                    if mantissa != 0 { significant += 1 }
                    exponent -= 1
                } else {
                    truncated = truncated || b[i] != UInt8(ascii: "0")
                }
                i += 1
            }
        }
        if i < b.count, b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") {
            i += 1
            var exponentNegative = false
            if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
                exponentNegative = b[i] == UInt8(ascii: "-")
                i += 1
            }
            guard i < b.count, isDigit(b[i]) else { throw fail("expected a digit in the exponent") }
            var e = 0
            while i < b.count, isDigit(b[i]) {
                if e < 100_000 { e = e * 10 + Int(b[i] &- 48) }
                i += 1
            }
            exponent += exponentNegative ? -e : e
        }
        // Exact fast path: a mantissa below 2^53 times an exactly representable power of ten
        // rounds once, so the result is the correctly rounded value.
        if !truncated, mantissa < (1 << 53), abs(exponent) <= 22 {
            // 10^k is exact for k ≤ 22 (5^22 < 2^53), and so is every product on the way.
            var power = 1.0
            for _ in 0..<abs(exponent) { power *= 10 }
            let m = Double(mantissa)
            let v = exponent >= 0 ? m * power : m / power
            return negative ? -v : v
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self)
        guard let v = Double(text) else { throw fail("the number \(text) cannot be read") }
        return v
    }

    // MARK: strings

    private mutating func string() throws -> String {
        let open = i
        i += 1
        let start = i
        // Fast path: no escapes.
        while i < b.count, b[i] != UInt8(ascii: "\""), b[i] != UInt8(ascii: "\\"), b[i] >= 0x20 { i += 1 }
        if i < b.count, b[i] == UInt8(ascii: "\"") {
            defer { i += 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self)
        }
        var bytes = Array(b[start..<i])
        while true {
            guard i < b.count else {
                i = open
                throw fail("this string is not closed with \"")
            }
            let c = b[i]
            if c == UInt8(ascii: "\"") {
                i += 1
                return String(decoding: bytes, as: UTF8.self)
            }
            guard c >= 0x20 else {
                throw fail("a control character (line break or tab) inside a string must be escaped")
            }
            if c != UInt8(ascii: "\\") {
                bytes.append(c)
                i += 1
                continue
            }
            i += 1
            guard i < b.count else { continue }
            let e = b[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(e)
            case UInt8(ascii: "b"): bytes.append(8)
            case UInt8(ascii: "f"): bytes.append(12)
            case UInt8(ascii: "n"): bytes.append(10)
            case UInt8(ascii: "r"): bytes.append(13)
            case UInt8(ascii: "t"): bytes.append(9)
            case UInt8(ascii: "u"): appendUTF8(of: try unicodeEscape(), to: &bytes)
            default:
                i -= 2
                throw fail("unknown escape \\\(Self.describe(e, quoted: false)) in a string")
            }
        }
    }

    /// The scalar of `\uXXXX` (the `\u` already read), joining a surrogate pair; a lone
    /// surrogate becomes U+FFFD.
    private mutating func unicodeEscape() throws -> UInt32 {
        let high = try hex4()
        guard (0xD800...0xDBFF).contains(high) else { return (0xDC00...0xDFFF).contains(high) ? 0xFFFD : high }
        guard i + 1 < b.count, b[i] == UInt8(ascii: "\\"), b[i + 1] == UInt8(ascii: "u") else { return 0xFFFD }
        i += 2
        let low = try hex4()
        guard (0xDC00...0xDFFF).contains(low) else { return 0xFFFD }
        return 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
    }

    private mutating func hex4() throws -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard i < b.count, let d = Character(Unicode.Scalar(b[i])).hexDigitValue else {
                throw fail("expected four hex digits after \\u")
            }
            v = v * 16 + UInt32(d)
            i += 1
        }
        return v
    }

    private func appendUTF8(of scalar: UInt32, to bytes: inout [UInt8]) {
        let s = Unicode.Scalar(scalar) ?? "\u{FFFD}"
        bytes.append(contentsOf: Array(String(Character(s)).utf8))
    }

    // MARK: helpers

    private mutating func skipSpace() {
        while i < b.count {
            switch b[i] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): i += 1
            default: return
            }
        }
    }

    private func current(expecting what: @autoclosure () -> String) throws -> UInt8 {
        guard i < b.count else { throw fail("the input ends where \(what()) should be") }
        return b[i]
    }

    private func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }

    private func fail(_ problem: String) -> JSONSyntaxError { JSONSyntaxError(offset: i, problem: problem) }

    /// A byte for a message: `'x'` for printable ASCII, `byte 0xNN` otherwise.
    static func describe(_ c: UInt8, quoted: Bool = true) -> String {
        guard c >= 0x20, c < 0x7F else { return "byte 0x" + String(c, radix: 16, uppercase: true) }
        let s = String(UnicodeScalar(c))
        return quoted ? "'\(s)'" : s
    }
}
