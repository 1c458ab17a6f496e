/// Malformed XML at a byte offset.
struct XMLSyntaxError: Error, Sendable {
    var offset: Int
    var problem: String
}

/// A small, non-validating XML parser over UTF-8 bytes that builds an `XMLElement` tree.
///
/// It checks well-formedness (matching tags, one root, quoted attributes, known entities) and
/// reports the byte offset of the first problem. Comments, processing instructions and the
/// DOCTYPE (internal subset included) are skipped; entity declarations are never expanded, so
/// "billion laughs" inputs cannot grow. Nesting is bounded by `maxNesting`, with an explicit
/// stack (no recursion).
struct XMLParser {
    private let b: UnsafeBufferPointer<UInt8>
    private var i = 0
    private let maxNesting: Int

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, maxNesting: Int) throws -> XMLElement {
        var parser = XMLParser(b: bytes, maxNesting: maxNesting)
        return try parser.document()
    }

    private init(b: UnsafeBufferPointer<UInt8>, maxNesting: Int) {
        self.b = b
        self.maxNesting = maxNesting
    }

    private mutating func document() throws -> XMLElement {
        var stack: [XMLElement] = []
        var root: XMLElement?
        while i < b.count {
            if b[i] != UInt8(ascii: "<") {
                let start = i
                let text = try characterData()
                if var top = stack.popLast() {
                    if top.textOffset == nil { top.textOffset = start }
                    top.text += text
                    stack.append(top)
                } else if text.contains(where: { !$0.isWhitespace }) {
                    i = start
                    throw fail(root == nil ? "text before the root element" : "text after the end of the root element")
                }
                continue
            }
            if starts(with: "<!--") {
                try skip(past: "-->", what: "comment")
            } else if starts(with: "<?") {
                try skip(past: "?>", what: "processing instruction")
            } else if starts(with: "<![CDATA[") {
                let start = i
                i += 9
                let from = i
                try skip(past: "]]>", what: "CDATA section")
                guard var top = stack.popLast() else {
                    i = start; throw fail("a CDATA section outside the root element")
                }
                if top.textOffset == nil { top.textOffset = from }
                top.text += String(decoding: UnsafeBufferPointer(rebasing: b[from..<(i - 3)]), as: UTF8.self)
                stack.append(top)
            } else if starts(with: "<!DOCTYPE") {
                try skipDoctype()
            } else if starts(with: "</") {
                let start = i
                i += 2
                let name = try self.name()
                skipSpace()
                guard i < b.count, b[i] == UInt8(ascii: ">") else { throw fail("expected '>' to end </\(name)>") }
                i += 1
                guard let element = stack.popLast() else { i = start; throw fail("</\(name)> closes nothing") }
                guard element.qualifiedName == name else {
                    i = start
                    throw fail("</\(name)> does not match <\(element.qualifiedName)>")
                }
                attach(element, to: &stack, root: &root)
            } else {
                guard root == nil else { throw fail("a second root element") }
                guard stack.count < maxNesting else { throw fail("elements nested deeper than \(maxNesting) levels") }
                let (element, closed) = try startTag()
                if closed { attach(element, to: &stack, root: &root) } else { stack.append(element) }
            }
        }
        if let open = stack.last {
            i = open.offset
            throw fail("<\(open.qualifiedName)> is never closed")
        }
        guard let root else { throw fail("no root element") }
        return root
    }

    private func attach(_ element: XMLElement, to stack: inout [XMLElement], root: inout XMLElement?) {
        if stack.isEmpty {
            root = element
        } else {
            stack[stack.count - 1].children.append(element)
        }
    }

    /// `<name attr="value" …>` or `…/>`; returns the element and whether it closed itself.
    private mutating func startTag() throws -> (XMLElement, Bool) {
        let offset = i
        i += 1
        let name = try self.name()
        var attributes: [(name: String, value: String)] = []
        while true {
            let hadSpace = skipSpace()
            guard i < b.count else { throw fail("the tag <\(name)> is not closed") }
            if b[i] == UInt8(ascii: ">") {
                i += 1
                return (XMLElement(qualifiedName: name, attributes: attributes, offset: offset), false)
            }
            if b[i] == UInt8(ascii: "/") {
                i += 1
                guard i < b.count, b[i] == UInt8(ascii: ">") else { throw fail("expected '>' after '/' in <\(name)>") }
                i += 1
                return (XMLElement(qualifiedName: name, attributes: attributes, offset: offset), true)
            }
            guard hadSpace else { throw fail("expected a space before the attribute in <\(name)>") }
            let attribute = try self.name()
            skipSpace()
            guard i < b.count, b[i] == UInt8(ascii: "=") else {
                throw fail("expected '=' after the attribute \(attribute)")
            }
            i += 1
            skipSpace()
            guard i < b.count, b[i] == UInt8(ascii: "\"") || b[i] == UInt8(ascii: "'") else {
                throw fail("the value of \(attribute) must be in quotes")
            }
            let quote = b[i]
            i += 1
            let start = i
            while i < b.count, b[i] != quote {
                guard b[i] != UInt8(ascii: "<") else { throw fail("'<' inside the value of \(attribute)") }
                i += 1
            }
            guard i < b.count else { i = start - 1; throw fail("the value of \(attribute) is not closed") }
            let value = try decode(start..<i)
            i += 1
            attributes.append((attribute, value))
        }
    }

    private mutating func name() throws -> String {
        let start = i
        while i < b.count, Self.isNameByte(b[i]) { i += 1 }
        guard i > start, !Self.isDigitOrDash(b[start]) else {
            i = start
            throw fail("expected a name")
        }
        return String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self)
    }

    /// Text up to the next `<`, with entities decoded.
    private mutating func characterData() throws -> String {
        let start = i
        while i < b.count, b[i] != UInt8(ascii: "<") { i += 1 }
        return try decode(start..<i)
    }

    /// Decodes `&lt; &gt; &amp; &quot; &apos; &#N; &#xH;` in `range`.
    private func decode(_ range: Range<Int>) throws -> String {
        guard b[range].contains(UInt8(ascii: "&")) else {
            return String(decoding: UnsafeBufferPointer(rebasing: b[range]), as: UTF8.self)
        }
        var out: [UInt8] = []
        var j = range.lowerBound
        while j < range.upperBound {
            guard b[j] == UInt8(ascii: "&") else {
                out.append(b[j])
                j += 1
                continue
            }
            var end = j + 1
            while end < range.upperBound, end - j < 12, b[end] != UInt8(ascii: ";") { end += 1 }
            guard end < range.upperBound, b[end] == UInt8(ascii: ";") else {
                throw XMLSyntaxError(offset: j, problem: "'&' must start an entity such as &amp;")
            }
            let entity = String(decoding: UnsafeBufferPointer(rebasing: b[(j + 1)..<end]), as: UTF8.self)
            guard let scalar = Self.entity(entity) else {
                throw XMLSyntaxError(offset: j, problem: "unknown entity &\(entity);")
            }
            out.append(contentsOf: Array(String(Character(scalar)).utf8))
            j = end + 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func entity(_ name: String) -> Unicode.Scalar? {
        switch name {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default:
            if name.hasPrefix("#x") { return UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init) }
            if name.hasPrefix("#") { return UInt32(name.dropFirst(1)).flatMap(Unicode.Scalar.init) }
            return nil
        }
    }

    private mutating func skipDoctype() throws {
        let start = i
        var depth = 0
        while i < b.count {
            switch b[i] {
            case UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: ">") where depth <= 0:
                i += 1
                return
            default: break
            }
            i += 1
        }
        i = start
        throw fail("the DOCTYPE is not closed")
    }

    private mutating func skip(past end: StaticString, what: String) throws {
        let start = i
        let n = end.utf8CodeUnitCount
        while i + n <= b.count {
            if (0..<n).allSatisfy({ b[i + $0] == end.utf8Start[$0] }) {
                i += n
                return
            }
            i += 1
        }
        i = start
        throw fail("this \(what) is not closed")
    }

    private func starts(with prefix: StaticString) -> Bool {
        let n = prefix.utf8CodeUnitCount
        return i + n <= b.count && (0..<n).allSatisfy { b[i + $0] == prefix.utf8Start[$0] }
    }

    @discardableResult
    private mutating func skipSpace() -> Bool {
        let start = i
        while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 }
        return i > start
    }

    private static func isNameByte(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: "."), 0x80...0xFF:
            return true
        default:
            return false
        }
    }

    private static func isDigitOrDash(_ c: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) || c == UInt8(ascii: "-") || c == UInt8(ascii: ".")
    }

    private func fail(_ problem: String) -> XMLSyntaxError { XMLSyntaxError(offset: i, problem: problem) }
}
