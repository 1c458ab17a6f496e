import SignetFiles

/// The dictionaries of the objects an object stream holds, checked for keys defined twice: the
/// stream is decoded whole (FlateDecode or none, decrypted with the file's cipher when it is
/// encrypted, at most `maxDecoded` bytes) and each member that a cross-reference entry places in
/// it is read from the offset its header gives.
enum ObjectStreamKeys {
    /// The most one object stream is decoded to (64 MiB).
    static let maxDecoded = 64 << 20

    enum Outcome {
        /// Duplicate keys by member object number.
        case read([Int: [DuplicateKey]])
        /// Not decoded: a filter Signet does not decode, no key, or over `maxDecoded` (a known limit).
        case unread
    }

    /// `stream` (the stored stream of object `number`); `member` says which of the numbers its header
    /// lists are read from it. `nil` when it is no object stream.
    static func check(
        _ stream: StoredStream, cipher: ObjectCipher?, encrypted: Bool, member: (Int) -> Bool
    ) -> Outcome? {
        let dict = stream.dictionary
        guard dict["/Type"]?.name == "/ObjStm" else { return nil }
        let filters: [String]
        switch dict["/Filter"] {
        case nil: filters = []
        case .name(let n)?: filters = [n]
        case .array(let items)?: filters = items.compactMap(\.name)
        default: return .unread
        }
        guard dict["/DecodeParms"] == nil, filters.isEmpty || filters == ["/FlateDecode"], var data = stream.data,
            let count = dict["/N"]?.integer, let first = dict["/First"]?.integer, count >= 0, first >= 0
        else { return .unread }
        if encrypted {
            guard let cipher,
                let plain = try? cipher.decryptStream(
                    data, in: PDFObjectID(number: stream.number, generation: stream.generation))
            else { return .unread }
            data = plain
        }
        if !filters.isEmpty {
            guard case .bytes(let decoded) = Zlib.inflate(data, limit: maxDecoded) else { return .unread }
            data = decoded
        }
        var header = SyntaxReader(data)
        var found: [Int: [DuplicateKey]] = [:]
        for _ in 0..<min(count, first / 4 + 1) {
            guard let number = Int(header.word()), let offset = Int(header.word()), offset >= 0,
                first + offset < data.count
            else { break }
            guard member(number) else { continue }
            var scanner = DuplicateKeyScanner(data, at: first + offset)
            _ = scanner.scan()
            if !scanner.found.isEmpty { found[number, default: []] += scanner.found }
        }
        return .read(found)
    }
}
