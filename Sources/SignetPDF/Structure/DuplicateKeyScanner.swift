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
/// key twice. Strings, names, numbers and references are read by `SyntaxReader`; nesting deeper
/// than `maxDepth` is skipped flat (brackets counted, strings stepped over), so a hostile value
/// cannot make the walk recurse without bound, and the rest of the value is still checked.
struct DuplicateKeyScanner {
    private(set) var reader: SyntaxReader
    private(set) var found: [DuplicateKey] = []
    /// The value ran past the end of the buffer: a larger buffer may read it whole.
    private(set) var truncated = false
    /// The keys and array positions from the value scanned to where the walk is.
    private var stack: [PathStep] = []
    private enum PathStep {
        case key(String), index(Int)
        var text: String {
            switch self {
            case .key(let k): return k
            case .index(let i): return "[\(i)]"
            }
        }
    }
    private var depth = 0
    static let maxDepth = 32
    /// Most duplicates kept for one value.
    static let maxFound = 100

    init(_ bytes: [UInt8], at position: Int = 0) {
        reader = SyntaxReader(bytes, at: position)
    }

    var position: Int { reader.position }

    /// Reads one value; false when the bytes do not form one (or end first: `truncated`).
    mutating func scan() -> Bool {
        reader.skipSpace()
        guard !reader.atEnd else { return fail() }
        let bytes = reader.bytes, at = reader.position
        let opensDictionary =
            bytes[at] == UInt8(ascii: "<") && at + 1 < bytes.count && bytes[at + 1] == UInt8(ascii: "<")
        if opensDictionary || bytes[at] == UInt8(ascii: "[") {
            guard depth < Self.maxDepth else { return skipFlat() }
            depth += 1
            defer { depth -= 1 }
            return opensDictionary ? dictionary() : array()
        }
        return reader.value() != nil || fail()
    }

    private mutating func fail() -> Bool {
        if reader.position >= reader.bytes.count { truncated = true }
        return false
    }

    private mutating func dictionary() -> Bool {
        reader.position += 2
        var values: [String: [Range<Int>]] = [:]
        var order: [String] = []
        while true {
            reader.skipSpace()
            guard reader.position + 1 < reader.bytes.count else { return fail() }
            if reader.bytes[reader.position] == UInt8(ascii: ">"), reader.bytes[reader.position + 1] == UInt8(ascii: ">") {
                reader.position += 2
                break
            }
            guard case .name(let key)? = reader.value() else { return fail() }
            reader.skipSpace()
            let start = reader.position
            stack.append(.key(key))
            defer { stack.removeLast() }
            guard scan() else { return false }
            if values[key] == nil { order.append(key) }
            values[key, default: []].append(start..<reader.position)
        }
        for key in order where values[key]!.count > 1 && found.count < Self.maxFound {
            let ranges = values[key]!
            let first = Self.meaning(reader.bytes, ranges[0])
            let differs = ranges.dropFirst().contains { Self.meaning(reader.bytes, $0) != first }
            found.append(DuplicateKey(path: stack.map(\.text), key: key, differs: differs))
        }
        return true
    }

    private mutating func array() -> Bool {
        reader.position += 1
        var index = 0
        while true {
            reader.skipSpace()
            guard !reader.atEnd else { return fail() }
            if reader.bytes[reader.position] == UInt8(ascii: "]") {
                reader.position += 1
                return true
            }
            stack.append(.index(index))
            defer { stack.removeLast() }
            guard scan() else { return false }
            index += 1
        }
    }

    /// Steps over one dictionary or array too deep to walk: brackets counted, strings stepped over.
    private mutating func skipFlat() -> Bool {
        var level = 0
        while true {
            reader.skipSpace()
            guard !reader.atEnd else { return fail() }
            let bytes = reader.bytes, at = reader.position
            let c = bytes[at]
            let pair = at + 1 < bytes.count ? bytes[at + 1] : 0
            if (c == UInt8(ascii: "<") && pair == UInt8(ascii: "<")) || c == UInt8(ascii: "[") {
                level += 1
                reader.position += c == UInt8(ascii: "[") ? 1 : 2
            } else if (c == UInt8(ascii: ">") && pair == UInt8(ascii: ">")) || c == UInt8(ascii: "]") {
                level -= 1
                reader.position += c == UInt8(ascii: "]") ? 1 : 2
            } else {
                guard reader.value() != nil else { return fail() }
            }
            if level <= 0 { return true }
        }
    }

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
