/// A key that one dictionary holds more than once, found in the bytes as written. Readers do not
/// agree on which value counts (qpdf keeps the last, poppler the first of a dictionary it has
/// sorted), so such a dictionary means different things to different viewers.
package struct DuplicateKey: Sendable, Hashable {
    /// The keys (and `[i]` array positions) leading from the object to the dictionary; empty for
    /// the object's own dictionary.
    package var path: [String]
    /// The key written more than once.
    package var key: String
    /// Its values are not all the same value.
    package var differs: Bool

    /// "/Contents", or "/Resources /Font /F1" for a key of a nested dictionary.
    package var keyPath: String { (path + [key]).joined(separator: " ") }
}

/// Walks one PDF value in a byte buffer, at any nesting, and reports every dictionary that holds a
/// key twice. The walk steps over tokens without building values (a 20,000-page `/Kids` array costs
/// no allocation per item); keys are read, and repeated values compared, by `SyntaxReader`. Nesting
/// deeper than `maxDepth` is stepped over flat (brackets counted, strings skipped), so a hostile
/// value cannot make the walk recurse without bound, and the rest of the value is still checked.
struct DuplicateKeyScanner {
    let bytes: [UInt8]
    private(set) var position: Int
    private(set) var found: [DuplicateKey] = []
    /// The value ran past the end of the buffer: a larger buffer may read it whole.
    private(set) var truncated = false
    /// The keys and array positions from the value scanned to where the walk is.
    private var stack: [PathStep] = []
    private var depth = 0
    static let maxDepth = 32
    /// Most duplicates kept for one value.
    static let maxFound = 100

    private enum PathStep {
        case key(String), index(Int)
        var text: String {
            switch self {
            case .key(let k): return k
            case .index(let i): return "[\(i)]"
            }
        }
    }

    init(_ bytes: [UInt8], at position: Int = 0) {
        (self.bytes, self.position) = (bytes, position)
    }

    /// Reads one value; false when the bytes do not form one (or end first: `truncated`).
    mutating func scan() -> Bool {
        skipSpace()
        guard position < bytes.count else { return fail() }
        let c = bytes[position]
        let opensDictionary = c == Self.lt && position + 1 < bytes.count && bytes[position + 1] == Self.lt
        if opensDictionary || c == Self.openBracket {
            guard depth < Self.maxDepth else { return skipFlat() }
            depth += 1
            defer { depth -= 1 }
            return opensDictionary ? dictionary() : array()
        }
        return skipScalar()
    }

    /// The last value of each key of the outermost dictionary, as the bytes it spans.
    private(set) var topLevel: [String: Range<Int>] = [:]

    /// The value of `key` in the outermost dictionary (its last definition, as qpdf reads it).
    func topLevelValue(_ key: String) -> SyntaxValue? {
        topLevel[key].map { Self.meaning(bytes, $0) }
    }

    /// The next bare word (`obj`, `endobj`, `stream`, a number), white space and comments skipped.
    mutating func word() -> ArraySlice<UInt8> {
        skipSpace()
        let start = position
        skipRegular()
        return bytes[start..<position]
    }

    /// `N G obj` at the current position: the object's number.
    mutating func objectHeader() -> Int? {
        let number = word(), generation = word()
        guard let n = Self.integer(number), Self.integer(generation) != nil, word().elementsEqual("obj".utf8)
        else { return nil }
        return n
    }

    /// A token of digits as a number (ten digits at most).
    static func integer(_ token: ArraySlice<UInt8>) -> Int? {
        guard !token.isEmpty, token.count <= 10, token.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return token.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    private mutating func fail() -> Bool {
        if position >= bytes.count { truncated = true }
        return false
    }

    private mutating func dictionary() -> Bool {
        position += 2
        var values: [String: [Range<Int>]] = [:]
        var order: [String] = []
        while true {
            skipSpace()
            guard position + 1 < bytes.count else { return fail() }
            if bytes[position] == Self.gt, bytes[position + 1] == Self.gt {
                position += 2
                break
            }
            guard bytes[position] == Self.slash, let key = name() else { return fail() }
            skipSpace()
            let start = position
            stack.append(.key(key))
            defer { stack.removeLast() }
            guard scan() else { return false }
            skipReferenceTail()
            if values[key] == nil { order.append(key) }
            values[key, default: []].append(start..<position)
        }
        if depth == 1 { topLevel = values.mapValues { $0.last! } }
        for key in order where values[key]!.count > 1 && found.count < Self.maxFound {
            let ranges = values[key]!
            let first = Self.meaning(bytes, ranges[0])
            let differs = ranges.dropFirst().contains { Self.meaning(bytes, $0) != first }
            found.append(DuplicateKey(path: stack.map(\.text), key: key, differs: differs))
        }
        return true
    }

    private mutating func array() -> Bool {
        position += 1
        var index = 0
        while true {
            skipSpace()
            guard position < bytes.count else { return fail() }
            if bytes[position] == Self.closeBracket {
                position += 1
                return true
            }
            stack.append(.index(index))
            defer { stack.removeLast() }
            guard scan() else { return false }
            skipReferenceTail()
            index += 1
        }
    }

    /// After an integer, `G R` makes it one reference (one value, not three).
    private mutating func skipReferenceTail() {
        var probe = self
        probe.skipSpace()
        guard probe.integerToken() else { return }
        probe.skipSpace()
        let start = probe.position
        probe.skipRegular()
        if probe.position == start + 1, bytes[start] == UInt8(ascii: "R") { self = probe }
    }

    private mutating func integerToken() -> Bool {
        let start = position
        skipRegular()
        return position > start && bytes[start..<position].allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    /// Steps over one dictionary or array too deep to walk: brackets counted, strings stepped over.
    private mutating func skipFlat() -> Bool {
        var level = 0
        while true {
            skipSpace()
            guard position < bytes.count else { return fail() }
            let c = bytes[position]
            let pair = position + 1 < bytes.count ? bytes[position + 1] : 0
            if (c == Self.lt && pair == Self.lt) || c == Self.openBracket {
                level += 1
                position += c == Self.openBracket ? 1 : 2
            } else if (c == Self.gt && pair == Self.gt) || c == Self.closeBracket {
                level -= 1
                position += c == Self.closeBracket ? 1 : 2
            } else {
                guard skipScalar() else { return false }
            }
            if level <= 0 { return true }
        }
    }

    /// A name, number, keyword, or string, stepped over.
    private mutating func skipScalar() -> Bool {
        let c = bytes[position]
        switch c {
        case UInt8(ascii: "("):
            return skipLiteralString()
        case Self.lt:
            guard let end = bytes[position...].firstIndex(of: Self.gt) else {
                position = bytes.count
                return fail()
            }
            position = end + 1
            return true
        case Self.slash:
            position += 1
            skipRegular()
            return true
        default:
            let start = position
            skipRegular()
            return position > start || fail()
        }
    }

    private mutating func skipLiteralString() -> Bool {
        position += 1
        var level = 1
        while position < bytes.count {
            let c = bytes[position]
            position += 1
            if c == UInt8(ascii: "\\") {
                position += 1
            } else if c == UInt8(ascii: "(") {
                level += 1
            } else if c == UInt8(ascii: ")") {
                level -= 1
                if level == 0 { return true }
            }
        }
        position = bytes.count
        return fail()
    }

    /// A key, decoded (`/N#41` is `/NA`) by `SyntaxReader`.
    private mutating func name() -> String? {
        let start = position
        position += 1
        skipRegular()
        if !bytes[start..<position].contains(UInt8(ascii: "#")) {
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }
        var reader = SyntaxReader(bytes, at: start)
        return reader.value()?.name
    }

    private mutating func skipRegular() {
        while position < bytes.count, Self.kind[Int(bytes[position])] == 0 { position += 1 }
    }

    mutating func skipSpace() {
        while position < bytes.count {
            let k = Self.kind[Int(bytes[position])]
            if k == 1 {
                position += 1
            } else if bytes[position] == UInt8(ascii: "%") {
                while position < bytes.count, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
            } else {
                return
            }
        }
    }

    /// 0 regular, 1 white space, 2 delimiter (as `SyntaxReader` classifies them).
    private static let kind: [UInt8] = (0...255).map { c in
        SyntaxReader.isWhitespace(UInt8(c)) ? 1 : SyntaxReader.isDelimiter(UInt8(c)) ? 2 : 0
    }
    private static let lt = UInt8(ascii: "<"), gt = UInt8(ascii: ">"), slash = UInt8(ascii: "/")
    private static let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]")

    /// What a value's bytes mean (so `1 0 R` and `1  0 R` are one value); its bytes when they
    /// do not read as a value.
    private static func meaning(_ bytes: [UInt8], _ range: Range<Int>) -> SyntaxValue {
        var reader = SyntaxReader(Array(bytes[range]))
        if let value = reader.value() {
            reader.skipSpace()
            if reader.atEnd { return value }
        }
        return .string(Array(bytes[range]))
    }
}
