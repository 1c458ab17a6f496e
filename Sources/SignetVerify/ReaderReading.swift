import SignetPDF

/// One document of a reader's reading (`PageRenderer.readObjects`): what poppler resolves of the
/// file cut at `end`, in the format of docs/verify.md ("Two readings"). Lines stay bytes of the
/// reading; tokens are split only where a line differs from qpdf's.
struct ReaderReading {
    /// The byte count the file was cut at; 0 for the whole file.
    var end: Int
    /// The reader's error code when it could not open the document at all.
    var failed: Int?
    /// The reader rebuilt the cross-reference table by scanning.
    var rebuilt = false
    /// The object bound the reading stopped at, when it did.
    var bound: Int?
    /// The trailer's tokens.
    var trailer: ArraySlice<UInt8> = []
    /// Each object's tokens, in the order the reader reached them (breadth first from the trailer).
    var objects: [(id: PDFObjectID, line: ArraySlice<UInt8>)] = []

    /// The documents of `output`, in the order written; `nil` when it is not in the format.
    static func parse(_ output: [UInt8]) -> [ReaderReading]? {
        var readings: [ReaderReading] = []
        var current: ReaderReading?
        var start = output.startIndex
        while start < output.endIndex {
            let end = output[start...].firstIndex(of: 0x0A) ?? output.endIndex
            let line = output[start..<end]
            start = end + 1
            let (head, rest) = split(line)
            switch String(decoding: head, as: UTF8.self) {
            case "reading":
                guard current == nil, let end = number(rest) else { return nil }
                current = ReaderReading(end: end)
            case "failed":
                guard let code = number(rest) else { return nil }
                current?.failed = code
            case "trailer": current?.trailer = rest
            case "obj":
                let (n, afterNumber) = split(rest)
                let (g, tokens) = split(afterNumber)
                guard let object = number(n), let generation = number(g), !tokens.isEmpty else { return nil }
                current?.objects.append((PDFObjectID(number: object, generation: generation), tokens))
            case "rebuilt": current?.rebuilt = true
            case "bound":
                guard let bound = number(rest) else { return nil }
                current?.bound = bound
            case "end":
                guard let done = current else { return nil }
                readings.append(done)
                current = nil
            case "": continue
            default: return nil
            }
        }
        return current == nil ? readings : nil
    }

    /// The bytes before the first space, and those after it.
    private static func split(_ line: ArraySlice<UInt8>) -> (ArraySlice<UInt8>, ArraySlice<UInt8>) {
        guard let space = line.firstIndex(of: 0x20) else { return (line, line[line.endIndex...]) }
        return (line[..<space], line[(space + 1)...])
    }

    private static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
        Int(String(decoding: bytes, as: UTF8.self))
    }

    /// The last token of a line (a stream's data token, when it is one).
    static func lastToken(_ line: ArraySlice<UInt8>) -> Substring? {
        let token = line.lastIndex(of: 0x20).map { line[($0 + 1)...] } ?? line
        return token.first == UInt8(ascii: "~") ? Substring(String(decoding: token, as: UTF8.self)) : nil
    }

    /// Whether `line` (the reader's) says what qpdf's `tokens` do: the same bytes, or the same
    /// tokens with numbers within the rounding of two parsers (poppler sums a real's digits, qpdf
    /// converts it with strtod).
    static func same(_ line: ArraySlice<UInt8>, _ tokens: String) -> Bool {
        if line.elementsEqual(tokens.utf8) { return true }
        let a = String(decoding: line, as: UTF8.self).split(separator: " ")
        let b = tokens.split(separator: " ")
        return a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
    }

    static func same(_ a: Substring, _ b: Substring) -> Bool {
        if a == b { return true }
        guard a.first == "#", b.first == "#", let x = Double(a.dropFirst()), let y = Double(b.dropFirst()) else {
            return false
        }
        return abs(x - y) <= 1e-9 * max(1, abs(x), abs(y))
    }
}
