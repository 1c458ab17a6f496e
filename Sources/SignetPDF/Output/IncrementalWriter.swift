import SignetCore
import SignetFiles

/// Where an incremental update put things in the output file (absolute byte offsets).
package struct IncrementalWriteResult: Sendable, Hashable {
    /// The input's length: the output's first `inputLength` bytes are the input, unchanged.
    package var inputLength: Int
    package var totalLength: Int
    /// Offset of each written object's `N G obj` line.
    package var objectOffsets: [PDFObjectID: Int]
    /// Offset of the first byte of each object's body (right after `N G obj\n`): a caller that
    /// passed a raw body finds its placeholders at `bodyOffsets[id]! + index in the body`.
    package var bodyOffsets: [PDFObjectID: Int]
    /// Offset of the new cross-reference section.
    package var xrefOffset: Int

    package var bytesAdded: Int { totalLength - inputLength }
}

/// Appends the document's changes to its original bytes as an incremental update, so every
/// existing byte — and every existing signature — stays as it was.
///
/// The input is stream-copied in chunks (a file read in place through a mapping of each chunk;
/// flat memory for any file size), then come the changed and new objects, serialized by qpdf's
/// unparser (or given raw by the caller), then a cross-reference section of the same kind as the
/// file's last one — a classic table, or a cross-reference stream — whose trailer points back
/// with `/Prev`, then `startxref` and `%%EOF`. Offsets are relative to the `%PDF` header, wherever it starts.
package final class IncrementalWriter {
    package let document: PDFDocument

    /// Fails when the file cannot take an incremental update: encrypted but not readied with
    /// `PDFDocument.prepareEncryptedUpdates(for:using:)` (new strings and streams need the file
    /// key), reconstructed by qpdf (its byte offsets are wrong), or without a readable
    /// cross-reference chain.
    package init(document: PDFDocument) throws {
        if document.isEncrypted, document.objectCipher == nil {
            throw document.error(
                .incrementalImpossible(
                    "the file is encrypted, and objects appended to it must be encrypted with its key, which this caller did not compute"
                ))
        }
        if document.wasReconstructed {
            throw document.error(
                .incrementalImpossible(
                    "qpdf had to reconstruct the damaged cross-reference table, so the file's own offsets cannot be built upon"
                ))
        }
        guard document.structure.isIntact else {
            throw document.error(
                .incrementalImpossible(
                    "its cross-reference chain cannot be followed (\(document.structure.problem ?? "no startxref"))"))
        }
        self.document = document
    }

    /// Writes input + update to `output` without committing it (the caller may still fill
    /// placeholders with `ByteSink.overwrite(_:at:)`, then commits).
    ///
    /// - Parameter rawBodies: objects whose body the caller provides verbatim (for a signature
    ///   dictionary with `/ByteRange` and `/Contents` placeholders); they must be objects of
    ///   this document (e.g. from `PDFDocument.reserveObject()`), and in an encrypted document
    ///   their strings already encrypted (`ObjectCipher.encryptStrings`).
    /// - Parameter progress: called with the fraction of the input copied so far.
    /// - Parameter inputObserver: sees each chunk of the input as it is copied (a signer hashes
    ///   the copied bytes in the same pass instead of reading them again), possibly on another
    ///   thread while the chunk is written; calls come one at a time, in order.
    /// - Parameter appending: `output` already holds the input (the document was opened on the
    ///   sink's own bytes, e.g. to add a DSS after a signature): only the update is written.
    package func write(
        to output: any ByteSink, rawBodies: [PDFObjectID: [UInt8]] = [:],
        progress: ((Double) -> Void)? = nil,
        inputObserver: ((UnsafeRawBufferPointer) throws -> Void)? = nil,
        appending: Bool = false
    ) throws -> IncrementalWriteResult {
        let structure = document.structure
        // Resolving a damaged object while editing can make qpdf rebuild the table after all.
        if document.wasReconstructed {
            throw document.error(
                .incrementalImpossible(
                    "qpdf had to reconstruct the damaged cross-reference table while reading it, so the file's own offsets cannot be built upon"
                ))
        }
        var position = 0
        if appending {
            guard output.size == document.fileSize else {
                throw document.error(.incrementalImpossible("the output no longer holds the document it was opened on"))
            }
            position = output.size
        } else {
            // A file is opened again by its path, to notice a change on disk since it was read.
            let input: any ByteSource =
                try document.isInMemory
                ? document.source
                : (document.source as? ReadableFile).map { try ReadableFile(path: $0.path, name: $0.name) }
                    ?? ReadableFile(path: document.path)
            guard input.size == document.fileSize else {
                throw document.error(.incrementalImpossible("the file changed on disk while it was being stamped"))
            }
            let copy = { (chunk: UnsafeRawBufferPointer) throws in
                // The observer (a signer's hash) reads the chunk while it is written, on two cores.
                if let inputObserver {
                    _ = try Parallel.pair({ try inputObserver(chunk) }, { try output.write(chunk) })
                } else {
                    try output.write(chunk)
                }
                position += chunk.count
                progress?(Double(position) / Double(max(input.size, 1)))
            }
            // A file is read in place through a mapping (the observer and the sink read the same
            // pages), not copied into a buffer first.
            if let file = input as? ReadableFile {
                try file.forEachMappedChunk(of: 0..<input.size, copy)
            } else {
                try input.forEachChunk(of: 0..<input.size, chunkSize: 1 << 20, copy)
            }
        }
        let inputLength = position
        var identifier = FileIdentifier()
        func emit(_ bytes: [UInt8]) throws {
            try output.write(bytes)
            identifier.add(bytes)
            position += bytes.count
        }
        if !structure.endsWithLineEnd { try emit(Array("\n".utf8)) }

        var objectOffsets: [PDFObjectID: Int] = [:]
        var bodyOffsets: [PDFObjectID: Int] = [:]
        let ids = Set(document.objectsToWrite).union(rawBodies.keys).sorted()
        for id in ids {
            objectOffsets[id] = position
            try emit(Array("\(id.number) \(id.generation) obj\n".utf8))
            bodyOffsets[id] = position
            try emit(try rawBodies[id] ?? body(of: id))
            try emit(Array("\nendobj\n".utf8))
        }

        let highest = ids.map(\.number).max() ?? 0
        let relative = { (absolute: Int) in absolute - structure.headerOffset }
        var section = XrefSection(
            entries: ids.map { ($0, relative(objectOffsets[$0]!)) },
            trailerEntries: try trailerEntries(identifier),
            size: max(document.firstNewObjectNumber, highest + 1),
            previous: structure.startxref ?? 0)
        let xrefOffset = position
        switch structure.lastXrefKind {
        case .stream:
            let id = PDFObjectID(number: section.size)
            section.entries.append((id, relative(xrefOffset)))
            section.size += 1
            objectOffsets[id] = xrefOffset
            let (dictionary, data) = try section.stream()
            try emit(Array("\(id.number) 0 obj\n\(dictionary)\nstream\n".utf8))
            try emit(data)
            try emit(Array("\nendstream\nendobj\n".utf8))
        default:
            try emit(section.table())
        }
        try emit(Array("startxref\n\(relative(xrefOffset))\n%%EOF\n".utf8))
        return IncrementalWriteResult(
            inputLength: inputLength, totalLength: position, objectOffsets: objectOffsets,
            bodyOffsets: bodyOffsets, xrefOffset: xrefOffset)
    }

    /// An object's value as qpdf unparses it; a stream gets its raw data and an exact `/Length`.
    /// In an encrypted document its strings and stream data are encrypted for this object.
    private func body(of id: PDFObjectID) throws -> [UInt8] {
        guard let object = try document.object(id) else { return Array("null".utf8) }
        let cipher = document.objectCipher
        guard try object.kind == .stream || document.pendingStreams[id] != nil else {
            let text = try object.unparsed()
            return try cipher?.encryptStrings(in: text, of: id) ?? text
        }
        // qpdf hands out the stored data decrypted (still compressed), and new streams are clear.
        var data = try document.pendingStreams[id] ?? object.streamData(decoded: false)
        if let cipher, try !Self.staysClear(object, cipher) {
            data = try cipher.encryptStream(data, in: id)
        }
        try object.set("/Length", try document.integer(data.count))
        let dictionary = try object.unparsed()
        return try (cipher?.encryptStrings(in: dictionary, of: id) ?? dictionary) + Array("\nstream\n".utf8) + data
            + Array("\nendstream".utf8)
    }

    /// A metadata stream stays unencrypted when the file says `/EncryptMetadata false`.
    private static func staysClear(_ object: PDFObject, _ cipher: ObjectCipher) throws -> Bool {
        try !cipher.parameters.encryptsMetadata && object.value("/Type")?.nameValue() == "/Metadata"
    }

    /// `/Root`, `/Info` and `/ID` for the new trailer; `/ID` keeps its first half and gets a new
    /// second half derived from the appended bytes.
    private func trailerEntries(_ identifier: FileIdentifier) throws -> [String] {
        let trailer = try document.trailer()
        var entries: [String] = []
        guard let root = try trailer.value("/Root")?.id else {
            throw document.error(.incrementalImpossible("the trailer has no /Root reference"))
        }
        entries.append("/Root \(root.reference)")
        if let info = try trailer.value("/Info")?.id { entries.append("/Info \(info.reference)") }
        // The file key derives from /Encrypt and the first /ID element: both are kept.
        if document.isEncrypted, let encrypt = try trailer.value("/Encrypt") {
            // A direct dictionary is repeated as written (its strings are never encrypted).
            let value = try encrypt.id.map(\.reference) ?? String(decoding: try encrypt.unparsed(), as: UTF8.self)
            entries.append("/Encrypt \(value)")
        }
        let first = try trailer.value("/ID")?.items().first?.stringBytes()
        let firstHex = first.map { "<" + $0.hexDigits + ">" }
        entries.append("/ID [\(firstHex ?? identifier.hexString) \(identifier.hexString)]")
        return entries
    }
}
