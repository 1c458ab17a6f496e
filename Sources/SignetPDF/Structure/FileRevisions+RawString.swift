import SignetFiles

extension FileRevisions {
    /// The bytes of the string `key` of dictionary object `number` as the newest revision that wrote
    /// the object stored them — read from the file, so an encrypted file's string is not decrypted.
    /// A verifier reads a signature's `/Contents` so: ISO 32000-2 §7.6.2 leaves it unencrypted, and
    /// qpdf decrypts it anyway in a signature dictionary without `/Type /Sig` (a `/DocTimeStamp`,
    /// or one with no `/Type`). The object is read from its offset up to `end` plus 64 KiB (the
    /// rest of the dictionary after its `/Contents`). `nil` when the object is not a dictionary at
    /// a file offset (free, compressed, unreadable in those bytes), or `key` is not a string in it.
    package func rawString(_ key: String, inObject number: Int, file: any ByteSource, end: Int) throws -> [UInt8]? {
        guard
            case .inUse(let offset, let generation)? = revisions.reversed().lazy.compactMap({ $0.entries[number] })
                .first,
            offset >= 0, offset < file.size
        else { return nil }
        var reader = SyntaxReader(try file.bytes(offset..<min(file.size, max(offset, end) + (64 << 10))))
        guard Int(reader.word()) == number, Int(reader.word()) == generation, reader.word() == "obj",
            case .dictionary(let dictionary)? = reader.value(), case .string(let bytes)? = dictionary[key]
        else { return nil }
        return bytes
    }
}
