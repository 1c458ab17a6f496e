import SignetFiles

/// A stream object read from the file's bytes at an absolute offset, without qpdf: its number, its
/// dictionary and its stored (still encoded) data. Cross-reference streams and object streams are
/// read this way, since a verifier must see them as each revision wrote them.
struct StoredStream {
    var number: Int
    var generation: Int
    var dictionary: [String: SyntaxValue]
    /// Absolute offset of the first data byte (after `stream` and its line end).
    var dataStart: Int
    /// The `/Length` stored bytes; `nil` when the length is unknown or runs past the end of the file.
    var data: [UInt8]?

    /// The stream object at `offset`; `nil` when no `N G obj << … >> stream` starts there. A
    /// `/Length` that is a reference is resolved by `length` (a direct number otherwise).
    static func read(
        _ file: any ByteSource, at offset: Int, length: (PDFObjectID) throws -> Int? = { _ in nil }
    ) throws -> StoredStream? {
        guard offset >= 0, offset < file.size else { return nil }
        let head = try file.bytes(offset..<min(file.size, offset + (1 << 16)))
        var reader = SyntaxReader(head)
        guard let number = Int(reader.word()), let generation = Int(reader.word()), reader.word() == "obj",
            let dict = reader.value()?.dictionary, reader.word() == "stream"
        else { return nil }
        // `stream` is followed by CRLF or LF, then the data.
        var dataStart = reader.position
        if dataStart < head.count, head[dataStart] == 0x0D { dataStart += 1 }
        if dataStart < head.count, head[dataStart] == 0x0A { dataStart += 1 }
        var stream = StoredStream(
            number: number, generation: generation, dictionary: dict, dataStart: offset + dataStart, data: nil)
        let count = try dict["/Length"]?.integer ?? dict["/Length"]?.objectID.flatMap(length)
        if let count, count >= 0, count <= file.size - stream.dataStart {
            stream.data = try file.bytes(stream.dataStart..<(stream.dataStart + count))
        }
        return stream
    }
}
