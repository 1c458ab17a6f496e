import SignetFiles

/// Reads a classic `xref` table and its trailer at an absolute offset.
enum XrefTableReader {
    /// The largest table read (64 MiB of entries: over three million objects).
    static let maxTableBytes = 64 << 20

    static func read(_ file: any ByteSource, at offset: Int) throws -> ReadXrefSection? {
        var bytes: [UInt8] = []
        var trailerAt: Int?
        let keyword = Array("trailer".utf8)
        var position = offset
        var chunks = ScanChunks()
        while trailerAt == nil, position < file.size, bytes.count < maxTableBytes {
            let from = max(0, bytes.count - keyword.count)
            let chunk = chunks.next()
            bytes += try file.bytes(position..<min(file.size, position + chunk))
            position += chunk
            trailerAt = bytes[from...].firstRange(of: keyword)?.lowerBound
        }
        guard let trailerAt else { return nil }
        // The trailer dictionary may run past what was read: read a window from the keyword on.
        let window = try file.bytes((offset + trailerAt)..<min(file.size, offset + trailerAt + (1 << 20)))
        var dictReader = SyntaxReader(window, at: keyword.count)
        guard let trailer = dictReader.value()?.dictionary else { return nil }
        var section = ReadXrefSection(
            kind: .table, offset: offset, end: offset + trailerAt + dictReader.position, trailer: trailer)
        var reader = SyntaxReader(Array(bytes[..<trailerAt]))
        guard reader.word() == "xref" else { return nil }
        var listed = 0
        while true {
            reader.skipSpace()
            if reader.atEnd { break }
            // Every field is digits only (`FileNumber`): a sign, a point or an overflow is a problem.
            let header = (reader.word(), reader.word())
            guard let first = FileNumber.digits(header.0), let count = FileNumber.digits(header.1),
                count <= ReadXrefSection.maxEntries, first <= Int(Int32.max) - count
            else {
                let signed = Int(header.0) != nil && Int(header.1) != nil
                section.problems.append(
                    "its cross-reference table at byte \(offset) has a subsection header "
                        + (signed
                            ? "written \(header.0) \(header.1), \(FileNumber.notDigits(header.0 + header.1))"
                            : "that is not two numbers"))
                break
            }
            listed += count
            guard listed <= FileRevisions.maxObjects else {
                throw PDFError(
                    file.name, .overLimit("its cross-reference sections list over \(FileRevisions.maxObjects) objects"))
            }
            section.beginSubsection(first, count: count)
            for number in first..<(first + count) {
                let fields = (reader.word(), reader.word())
                guard let position = FileNumber.digits(fields.0), let generation = FileNumber.digits(fields.1) else {
                    section.problems.append(
                        fields.0.isEmpty || fields.1.isEmpty || fields.1 == "trailer"
                            ? "its cross-reference table at byte \(offset) ends inside the subsection starting at object \(first)"
                            : "the entry for object \(number) in the cross-reference table at byte \(offset) is written \(fields.0) \(fields.1), \(FileNumber.notDigits(fields.0 + fields.1))"
                    )
                    section.finishDuplicates("its cross-reference table at byte \(offset)")
                    return section
                }
                switch reader.word() {
                case "n": section.record(number, .inUse(offset: position, generation: generation))
                case "f": section.record(number, .free(generation: generation))
                default:
                    section.problems.append(
                        "entry \(number) of the cross-reference table at byte \(offset) is neither 'n' nor 'f'")
                    section.finishDuplicates("its cross-reference table at byte \(offset)")
                    return section
                }
            }
        }
        section.finishDuplicates("its cross-reference table at byte \(offset)")
        return section
    }
}
