import SignetCore
import SignetFiles

extension PDFDocument {
    /// The limits of `importPage`: it copies small pages that we made ourselves (cairo's text
    /// page), so anything larger is an internal error, never a long copy.
    static let maxImportedObjects = 64
    static let maxImportDepth = 32

    /// Page 1 of the PDF in `bytes` (cairo's output) as a new form XObject of this document,
    /// with a `/BBox` of `size` (the page's): its content stream and every object its resources
    /// reach (fonts, font files, ToUnicode maps) are copied as new objects, streams decoded and
    /// compressed again.
    package func importPage(_ bytes: [UInt8], size: Size) throws -> PDFObject {
        let foreign = try PDFDocument(source: MemorySource(bytes, name: "the signature text"))
        guard foreign.pageCount == 1 else { throw error(.structure("internal: the text page has no single page")) }
        let page = try foreign.page(1).object
        guard let contents = try page.value("/Contents"), try contents.kind == .stream else {
            throw error(.structure("internal: the text page's content is not one stream"))
        }
        var copier = ObjectCopier(target: self)
        let resources = try page.value("/Resources").map { try copier.copy($0, depth: 0) } ?? parse("<< >>")
        let box = "[0 0 \(PDFNumber.format(size.width)) \(PDFNumber.format(size.height))]"
        let form = try makeStream(
            try Zlib.deflate(try contents.streamData(decoded: true)), filter: "/FlateDecode",
            dictionary: "<< /Type /XObject /Subtype /Form /BBox \(box) >>")
        try form.set("/Resources", resources)
        return form
    }
}

/// Copies objects of another document into `target`: indirect objects once each (new numbers),
/// direct values rebuilt, scalars through their PDF syntax.
private struct ObjectCopier {
    let target: PDFDocument
    var copied: [PDFObjectID: PDFObject] = [:]

    init(target: PDFDocument) { self.target = target }

    mutating func copy(_ object: PDFObject, depth: Int) throws -> PDFObject {
        guard depth < PDFDocument.maxImportDepth else {
            throw target.error(.structure("internal: the text page nests too deeply"))
        }
        if let id = try object.id {
            if let done = copied[id] { return done }
            guard copied.count < PDFDocument.maxImportedObjects else {
                throw target.error(.structure("internal: the text page has too many objects"))
            }
            let made: PDFObject
            if try object.kind == .stream {
                made = try target.makeStream(
                    try Zlib.deflate(try object.streamData(decoded: true)), filter: "/FlateDecode")
                for key in try object.keys() where !["/Length", "/Filter", "/DecodeParms"].contains(key) {
                    if let value = try object.value(key) { try made.set(key, try copy(value, depth: depth + 1)) }
                }
            } else {
                made = try target.makeIndirect(try direct(object, depth: depth))
            }
            copied[id] = made
            return made
        }
        return try direct(object, depth: depth)
    }

    private mutating func direct(_ object: PDFObject, depth: Int) throws -> PDFObject {
        switch try object.kind {
        case .dictionary:
            let out = try target.parse("<< >>")
            for key in try object.keys() {
                if let value = try object.value(key) { try out.set(key, try copy(value, depth: depth + 1)) }
            }
            return out
        case .array:
            let out = try target.parse("[]")
            for item in try object.items() { try out.append(try copy(item, depth: depth + 1)) }
            return out
        case .stream:
            throw target.error(.structure("internal: a direct stream in the text page"))
        default:
            return try target.parse(String(decoding: try object.unparsed(), as: UTF8.self))
        }
    }
}
