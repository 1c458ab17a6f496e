import SignetFiles

extension PDFDocument {
    /// What was wrong with a file that was opened as a repaired copy.
    package struct Repair: Sendable, Hashable {
        /// The damage, as a clause: "it does not end with %%EOF".
        package var damage: String
        /// The damaged file's size (the repaired copy's differs).
        package var originalSize: Int
    }

    /// Opens `path` as viewers open a damaged file. A file without a final `%%EOF`, whose
    /// cross-reference table qpdf had to reconstruct, or whose chain of cross-reference sections
    /// cannot be followed, cannot take an incremental update: when it holds no signature,
    /// certification or usage rights (nothing a full rewrite would break) and `repairing` is set,
    /// the document returned is qpdf's full rewrite of it, opened from memory, with `repair` set.
    /// A damaged file that holds a signature keeps the refusal: "the file is truncated" here, or
    /// "cannot append an incremental update" from the writer.
    package static func opening(path: String, password: Secret?, repairing: Bool) throws -> PDFDocument {
        guard repairing else { return try PDFDocument(path: path, password: password) }
        return try repaired(try reading(path: path, password: password), password)
    }

    /// The same for the bytes of `source`.
    package static func opening(source: any ByteSource, password: Secret?, repairing: Bool) throws -> PDFDocument {
        guard repairing else { return try PDFDocument(source: source, password: password) }
        return try repaired(try reading(source: source, password: password), password)
    }

    /// Opens `path` as viewers open it, to read it rather than write into it: a file without a final
    /// `%%EOF` opens (`endsWithoutEOF` says so, `damage` names it), one qpdf cannot read at all is
    /// refused as truncated.
    package static func reading(path: String, password: Secret?) throws -> PDFDocument {
        try truncatedWhenUnreadable(
            path, bytes: { try ReadableFile(path: path) },
            open: { try PDFDocument(path: path, password: password, allowingMissingEOF: true) })
    }

    /// The same for the bytes of `source`.
    package static func reading(source: any ByteSource, password: Secret?) throws -> PDFDocument {
        try truncatedWhenUnreadable(
            source.name, bytes: { source },
            open: { try PDFDocument(source: source, password: password, allowingMissingEOF: true) })
    }

    /// A file without `%%EOF` that qpdf cannot read at all is refused as truncated, the likelier
    /// cause and the more useful advice.
    private static func truncatedWhenUnreadable(
        _ name: String, bytes: () throws -> any ByteSource, open: () throws -> PDFDocument
    ) throws -> PDFDocument {
        do { return try open() } catch let error as PDFError {
            guard case .damaged = error.reason, try PDFEnvelope.problem(in: bytes()) == .truncated else { throw error }
            throw PDFError(name, .truncated)
        }
    }

    /// The damage that keeps the document from taking an incremental update, or nil.
    package var damage: String? {
        var clauses: [String] = []
        if endsWithoutEOF { clauses.append("it does not end with %%EOF") }
        if wasReconstructed {
            clauses.append("qpdf had to reconstruct its cross-reference table")
        } else if !structure.isIntact {
            clauses.append("its cross-reference chain cannot be followed: \(structure.problem ?? "no startxref")")
        }
        return clauses.isEmpty ? nil : clauses.joined(separator: ", and ")
    }

    private static func repaired(_ document: PDFDocument, _ password: Secret?) throws -> PDFDocument {
        guard let damage = document.damage else { return document }
        guard try !SignatureScanner.needsIncrementalUpdate(document) else {
            if document.endsWithoutEOF { throw PDFError(document.path, .truncated) }
            return document
        }
        // qpdf's writer gives /Size its own count, but only when the trailer has the key: a trailer
        // rebuilt without one would come out with a cross-reference stream no reader can use.
        let trailer = try document.trailer()
        if try trailer.value("/Size") == nil { try trailer.set("/Size", try document.parse("0")) }
        // A catalog written directly in the trailer: readers that need /Root to be a reference
        // (poppler) open the copy when it is one, with the /Type it should have had.
        if let root = try trailer.value("/Root"), try root.kind == .dictionary, try root.id == nil {
            if try root.value("/Type") == nil { try root.set("/Type", try document.parse("/Catalog")) }
            try trailer.set("/Root", try document.makeIndirect(root))
        }
        // The top of the page tree with the /Type and /Count a rebuilt one may lack (qpdf has
        // already set the /Type of every page it found).
        if let pages = try trailer.value("/Root")?.value("/Pages"), try pages.kind == .dictionary {
            if try pages.value("/Type") == nil { try pages.set("/Type", try document.parse("/Pages")) }
            if try pages.value("/Count")?.intValue() != document.pageCount {
                try pages.set("/Count", try document.parse(String(document.pageCount)))
            }
        }
        let copy = MemorySink(name: document.path)
        do {
            _ = try RewriteWriter.write(document, to: copy)
        } catch let error as PDFError {
            // The copy is written to memory: a failure there is the file's damage, not the disk's.
            guard case .writeFailed(let why) = error.reason else { throw error }
            throw PDFError(document.path, .damaged(why))
        }
        let repaired = try PDFDocument(source: MemorySource(copy.bytes, name: document.path), password: password)
        repaired.repair = Repair(damage: damage, originalSize: document.fileSize)
        return repaired
    }
}
