/// A PDF value read directly from the file's bytes, without qpdf: used for the parts qpdf does
/// not expose — trailers and cross-reference stream dictionaries along the `/Prev` chain.
enum SyntaxValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// An integer written in digits only.
    case integer(Int)
    /// An integer written with a sign (`+7106`, `-0`, `-5`), kept as written for messages: a valid
    /// integer, but an offset or count written so does not mean the same to every reader.
    case signedInteger(Int, written: String)
    /// A real number, kept as written so copying it loses no digits.
    case real(String)
    case name(String)
    case string([UInt8])
    case array([SyntaxValue])
    case dictionary([String: SyntaxValue])
    case reference(Int, Int)
    case keyword(String)

    /// The value of an integer, written with a sign or not.
    var integer: Int? {
        switch self {
        case .integer(let v), .signedInteger(let v, _): return v
        default: return nil
        }
    }
    /// True for an integer written in digits only, or an array of them: the only form an offset,
    /// a count or a cross-reference field takes (`FileNumber`).
    var isDigits: Bool {
        switch self {
        case .integer: return true
        case .array(let items): return items.allSatisfy(\.isDigits)
        default: return false
        }
    }
    /// The value as written, for a sentence (`+7106`, `7106.0`, `[1 +2 1]`, `a name`).
    var written: String {
        switch self {
        case .integer(let v): return String(v)
        case .signedInteger(_, let text), .real(let text): return text
        case .array(let items): return "[" + items.map(\.written).joined(separator: " ") + "]"
        case .reference(let n, let g): return "\(n) \(g) R"
        case .name(let n): return n
        case .null: return "null"
        case .bool(let b): return String(b)
        case .string: return "a string"
        case .dictionary: return "a dictionary"
        case .keyword(let k): return k
        }
    }
    var dictionary: [String: SyntaxValue]? {
        guard case .dictionary(let d) = self else { return nil }
        return d
    }
    var name: String? {
        guard case .name(let n) = self else { return nil }
        return n
    }
}

/// A small tokenizer over a byte buffer: whitespace, comments, numbers, names, strings,
/// arrays, dictionaries and `N G R` references. Nesting and sizes are bounded, so a hostile
/// file cannot make it recurse or allocate without limit.
struct SyntaxReader {
    let bytes: [UInt8]
    var position: Int
    private var depth = 0
    private static let maxDepth = 32

    init(_ bytes: [UInt8], at position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    static func isWhitespace(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 || c == 0x0C || c == 0x00
    }
    static func isDelimiter(_ c: UInt8) -> Bool { "()<>[]{}/%".utf8.contains(c) }

    var atEnd: Bool { position >= bytes.count }

    mutating func skipSpace() {
        while position < bytes.count {
            let c = bytes[position]
            if Self.isWhitespace(c) {
                position += 1
            } else if c == UInt8(ascii: "%") {
                while position < bytes.count, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
            } else {
                return
            }
        }
    }

    /// A bare word (keyword or number text) at the current position.
    mutating func word() -> String {
        skipSpace()
        let start = position
        while position < bytes.count, !Self.isWhitespace(bytes[position]), !Self.isDelimiter(bytes[position]) {
            position += 1
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// Reads one value; `nil` when the bytes do not form one.
    mutating func value() -> SyntaxValue? {
        skipSpace()
        guard position < bytes.count else { return nil }
        let c = bytes[position]
        switch c {
        case UInt8(ascii: "/"):
            position += 1
            return .name(nameText())
        case UInt8(ascii: "("):
            return literalString().map(SyntaxValue.string)
        case UInt8(ascii: "<"):
            if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "<") { return dictionary() }
            return hexString().map(SyntaxValue.string)
        case UInt8(ascii: "["):
            return array()
        default:
            return numberOrKeyword()
        }
    }

    private mutating func nested(_ body: (inout SyntaxReader) -> SyntaxValue?) -> SyntaxValue? {
        guard depth < Self.maxDepth else { return nil }
        depth += 1
        defer { depth -= 1 }
        return body(&self)
    }

    private mutating func nameText() -> String {
        let start = position
        var out: [UInt8] = []
        while position < bytes.count, !Self.isWhitespace(bytes[position]), !Self.isDelimiter(bytes[position]) {
            let c = bytes[position]
            if c == UInt8(ascii: "#"), position + 2 < bytes.count,
                let hi = Self.hexValue(bytes[position + 1]), let lo = Self.hexValue(bytes[position + 2])
            {
                out.append(hi << 4 | lo)
                position += 3
            } else {
                out.append(c)
                position += 1
            }
        }
        // Decoded when the bytes are UTF-8 (always, in practice); kept as written otherwise.
        if let text = String(validating: out, as: UTF8.self) { return "/" + text }
        return "/" + String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func dictionary() -> SyntaxValue? {
        nested { r in
            r.position += 2
            var dict: [String: SyntaxValue] = [:]
            while true {
                r.skipSpace()
                guard r.position + 1 < r.bytes.count else { return nil }
                if r.bytes[r.position] == UInt8(ascii: ">"), r.bytes[r.position + 1] == UInt8(ascii: ">") {
                    r.position += 2
                    return .dictionary(dict)
                }
                guard case .name(let key)? = r.value(), let v = r.value() else { return nil }
                dict[key] = v
            }
        }
    }

    private mutating func array() -> SyntaxValue? {
        nested { r in
            r.position += 1
            var items: [SyntaxValue] = []
            while true {
                r.skipSpace()
                guard r.position < r.bytes.count else { return nil }
                if r.bytes[r.position] == UInt8(ascii: "]") {
                    r.position += 1
                    return .array(items)
                }
                guard let v = r.value() else { return nil }
                items.append(v)
            }
        }
    }

    private mutating func literalString() -> [UInt8]? {
        position += 1
        var out: [UInt8] = []
        var level = 1
        while position < bytes.count {
            let c = bytes[position]
            position += 1
            switch c {
            case UInt8(ascii: "\\"):
                guard position < bytes.count else { return nil }
                let e = bytes[position]
                position += 1
                switch e {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "0")...UInt8(ascii: "7"):
                    var v = Int(e - UInt8(ascii: "0"))
                    for _ in 0..<2
                    where position < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[position]) {
                        v = v * 8 + Int(bytes[position] - UInt8(ascii: "0"))
                        position += 1
                    }
                    out.append(UInt8(truncatingIfNeeded: v))
                case 0x0D:
                    if position < bytes.count, bytes[position] == 0x0A { position += 1 }
                case 0x0A: break
                default: out.append(e)
                }
            case UInt8(ascii: "("):
                level += 1
                out.append(c)
            case UInt8(ascii: ")"):
                level -= 1
                if level == 0 { return out }
                out.append(c)
            default:
                out.append(c)
            }
        }
        return nil
    }

    private mutating func hexString() -> [UInt8]? {
        position += 1
        var nibbles: [UInt8] = []
        while position < bytes.count {
            let c = bytes[position]
            position += 1
            if c == UInt8(ascii: ">") {
                if nibbles.count % 2 == 1 { nibbles.append(0) }
                return stride(from: 0, to: nibbles.count, by: 2).map { nibbles[$0] << 4 | nibbles[$0 + 1] }
            }
            if Self.isWhitespace(c) { continue }
            guard let v = Self.hexValue(c) else { return nil }
            nibbles.append(v)
        }
        return nil
    }

    private mutating func numberOrKeyword() -> SyntaxValue? {
        let text = word()
        guard !text.isEmpty else { return nil }
        if let n = Int(text) {
            // `N G R` is a reference: look ahead without consuming anything else.
            var ahead = self
            if n >= 0, let g = Int(ahead.word()), g >= 0, ahead.word() == "R" {
                self = ahead
                return .reference(n, g)
            }
            return FileNumber.digits(text) == nil ? .signedInteger(n, written: text) : .integer(n)
        }
        if text.utf8.allSatisfy({ "0123456789.+-".utf8.contains($0) }), let d = Double(text), d.isFinite {
            return .real(text)
        }
        switch text {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        default: return .keyword(text)
        }
    }

    static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
