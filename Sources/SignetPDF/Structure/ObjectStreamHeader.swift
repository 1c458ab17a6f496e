import SignetFiles

/// The object numbers an object stream (`/Type /ObjStm`) holds, in order, read from the N pairs
/// `number offset` at the start of its decoded data. A viewer finds a compressed object by its
/// number in this header, so an xref entry `.compressed(stream: S, index: i)` means what it says
/// only when the header's i-th pair names that object, and a number listed twice is ambiguous.
struct ObjectStreamHeader {
    /// Object numbers, in the order of the header.
    var numbers: [Int]

    /// The largest header read (16 MiB: over a million objects in one stream).
    static let maxHeader = 16 << 20

    /// Why a header cannot be read, as the end of a sentence naming the stream.
    struct Failure: Error {
        var text: String
    }

    /// The header of the object stream `stream`; `nil` when it is not one that Signet can decode
    /// (no /ObjStm type, a filter other than FlateDecode, or encrypted data).
    static func read(_ stream: StoredStream) -> Result<ObjectStreamHeader, Failure>? {
        let dict = stream.dictionary
        guard dict["/Type"]?.name == "/ObjStm", dict["/DecodeParms"] == nil else { return nil }
        let filters: [String]
        switch dict["/Filter"] {
        case nil: filters = []
        case .name(let n)?: filters = [n]
        case .array(let items)?: filters = items.compactMap(\.name)
        default: return nil
        }
        guard filters.isEmpty || filters == ["/FlateDecode"] else { return nil }
        guard let data = stream.data else { return .failure(Failure(text: "has no usable /Length")) }
        guard let count = dict["/N"]?.integer, let first = dict["/First"]?.integer, count >= 0, first >= 0,
            first <= maxHeader
        else { return .failure(Failure(text: "has no usable /N and /First")) }
        var header = Array(data.prefix(first))
        if !filters.isEmpty {
            switch Zlib.inflatePrefix(data, count: first) {
            case .bytes(let bytes): header = bytes
            case .overLimit, .corrupt: return .failure(Failure(text: "is not valid FlateDecode data"))
            }
        }
        var reader = SyntaxReader(header)
        var numbers: [Int] = []
        for _ in 0..<min(count, first / 4 + 1) {
            guard let number = Int(reader.word()), Int(reader.word()) != nil, number > 0 else { break }
            numbers.append(number)
        }
        guard numbers.count == count else {
            return .failure(Failure(text: "has a header that does not hold the \(count) pairs its /N names"))
        }
        return .success(ObjectStreamHeader(numbers: numbers))
    }

    /// The first object number the header lists twice.
    var repeated: Int? {
        var seen: Set<Int> = []
        return numbers.first { !seen.insert($0).inserted }
    }
}
