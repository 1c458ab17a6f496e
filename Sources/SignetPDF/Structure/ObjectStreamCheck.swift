import SignetFiles

/// Reads the headers of object streams as revisions define them (each definition once) and holds
/// compressed entries to them: an entry `.compressed(stream: S, index: i)` whose i-th header pair
/// names another object, or a header that lists an object twice, is a syntax problem of the
/// revision, since viewers find compressed objects by number and would not all read the same one.
struct ObjectStreamCheck {
    let file: any ByteSource
    let header: Int
    /// Decrypts the streams of an encrypted file; without it their headers are not read.
    let cipher: ObjectCipher?
    /// Header by the stream's absolute offset; `nil` for a stream Signet cannot decode.
    private var headers: [Int: ObjectStreamHeader?] = [:]

    init(file: any ByteSource, header: Int, cipher: ObjectCipher?) {
        (self.file, self.header, self.cipher) = (file, header, cipher)
    }

    /// The object numbers the stream `number` (as `state` defines it) holds; a problem is added
    /// once per definition when its header cannot be read or lists an object twice.
    mutating func header(of number: Int, in state: EntryState, problems: inout [String]) throws -> [Int] {
        try read(number, in: state, problems: &problems)?.numbers ?? []
    }

    /// Checks the compressed entries of `numbers` against their streams' headers.
    mutating func checkCompressed(_ numbers: Set<Int>, in state: EntryState, problems: inout [String]) throws {
        for number in numbers.sorted() {
            guard case .compressed(let stream, let index) = state.entries[number],
                let found = try read(stream, in: state, problems: &problems)
            else { continue }
            guard index < found.numbers.count else {
                problems.append(
                    "the entry for object \(number) names index \(index) of object stream \(stream), whose header lists only \(found.numbers.count) objects"
                )
                continue
            }
            if found.numbers[index] != number {
                problems.append(
                    "the entry for object \(number) names index \(index) of object stream \(stream), where its header lists object \(found.numbers[index])"
                )
            }
        }
    }

    private mutating func read(
        _ number: Int, in state: EntryState, problems: inout [String]
    ) throws
        -> ObjectStreamHeader?
    {
        guard case .inUse(let relative, _) = state.entries[number],
            let offset = FileNumber.absolute(relative, header: header)
        else { return nil }
        if let known = headers[offset] { return known }
        var found: ObjectStreamHeader?
        var stream = try StoredStream.read(file, at: offset) { try length($0, in: state) }
        if let cipher, let stored = stream, let data = stored.data {
            let id = PDFObjectID(number: stored.number, generation: stored.generation)
            do {
                stream?.data = try cipher.decryptStream(data, in: id)
            } catch {
                problems.append("object stream \(number) cannot be decrypted")
                headers[offset] = .some(nil)
                return nil
            }
        }
        switch stream.flatMap(ObjectStreamHeader.read) {
        case .success(let h)?:
            found = h
            if let twice = h.repeated {
                problems.append("object stream \(number) lists object \(twice) more than once in its header")
            }
        case .failure(let why)?:
            problems.append("object stream \(number) \(why.text)")
        case nil:
            break
        }
        headers[offset] = .some(found)
        return found
    }

    /// A `/Length` given as a reference: the integer object it names, when it is a plain one.
    private func length(_ id: PDFObjectID, in state: EntryState) throws -> Int? {
        guard case .inUse(let offset, _) = state.entries[id.number],
            let at = FileNumber.absolute(offset, header: header), at < file.size
        else { return nil }
        var reader = SyntaxReader(try file.bytes(at..<min(file.size, at + 64)))
        guard Int(reader.word()) == id.number, Int(reader.word()) != nil, reader.word() == "obj" else { return nil }
        return Int(reader.word())
    }
}
