import CQPDF

extension PDFDocument {
    /// Turns a direct object into a new indirect one, numbered from `firstNewObjectNumber` on
    /// (qpdf's own numbering would first parse every object of the file).
    package func makeIndirect(_ object: PDFObject) throws -> PDFObject {
        let id = try freeID()
        try attempt { try qpdf.replaceObject(number: id.number, generation: 0, with: object.handle) }
        newObjects.insert(id)
        return PDFObject(self, try attempt { try qpdf.object(number: id.number, generation: 0) })
    }

    /// A new indirect object whose body the caller gives as raw bytes when writing incrementally
    /// (`IncrementalWriter.write(to:rawBodies:)`); until then it is an empty dictionary, so
    /// references to it are kept (qpdf drops dictionary entries that point at null).
    package func reserveObject() throws -> PDFObject { try makeIndirect(try parse("<< >>")) }

    /// A new stream: `data` is stored as given (already encoded with `filter`, e.g.
    /// `/FlateDecode`, or raw when `filter` is nil); `dictionary` adds entries to its dictionary.
    package func makeStream(_ data: [UInt8], filter: String? = nil, dictionary: String? = nil) throws -> PDFObject {
        let stream: PDFObject
        if appendsIncrementally {
            let dict = try parse(dictionary ?? "<< >>")
            if let filter { try dict.set("/Filter", try name(filter)) }
            try dict.set("/Length", try integer(data.count))
            stream = try makeIndirect(dict)
            pendingStreams[try stream.id!] = data
            return stream
        }
        stream = PDFObject(self, try attempt { try qpdf.newStream(data, filter: filter) })
        if let dictionary {
            let extra = try parse(dictionary)
            for key in try extra.keys() {
                if let v = try extra.value(key) { try stream.set(key, v) }
            }
        }
        if let id = try stream.id { newObjects.insert(id) }
        return stream
    }

    /// The next object number that no object of the file (or of this session) uses.
    private func freeID() throws -> PDFObjectID {
        while true {
            let number = nextNumber
            // Throws (rather than counting past Int.max) when the file's /Size is absurd.
            let existing = try attempt { try qpdf.object(number: number, generation: 0) }
            nextNumber = number + 1
            defer { qpdf.release(existing) }
            if try attempt({ try qpdf.kind(existing) }) == .null { return PDFObjectID(number: number) }
        }
    }
}
