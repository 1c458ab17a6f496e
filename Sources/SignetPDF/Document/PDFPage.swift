/// One page of an open document.
package struct PDFPage {
    /// 1-based.
    package let number: Int
    /// The page dictionary.
    package let object: PDFObject

    /// Page-tree nodes are followed at most this deep when looking for inherited attributes.
    static let maxInheritanceDepth = 64

    /// The value of an inheritable attribute (`/MediaBox`, `/CropBox`, `/Rotate`,
    /// `/Resources`): the page's own, else the nearest ancestor's through `/Parent`.
    /// Returns the value and the node that holds it.
    package func inherited(_ key: String) throws -> (value: PDFObject, holder: PDFObject)? {
        var node: PDFObject? = object
        var seen: Set<PDFObjectID> = []
        var depth = 0
        while let current = node, depth < Self.maxInheritanceDepth {
            if let id = try current.id, !seen.insert(id).inserted { break }
            if let value = try current.value(key) { return (value, current) }
            node = try current.value("/Parent")
            depth += 1
        }
        return nil
    }

    /// The raw attributes, inherited where the PDF allows it (`/UserUnit` is not inheritable).
    package func attributes() throws -> PageAttributes {
        PageAttributes(
            mediaBox: try inherited("/MediaBox")?.value.numbers(),
            cropBox: try inherited("/CropBox")?.value.numbers(),
            rotate: try inherited("/Rotate")?.value.numberValue(),
            userUnit: try object.value("/UserUnit")?.numberValue())
    }

    /// The page's content streams decoded and joined; nil when they cannot be decoded. Throws
    /// when they decode to more than `limit` bytes (see `PageContent`).
    package func contentData(limit: Int = PageContent.defaultLimit) throws -> [UInt8]? {
        switch try PageContent.decode(self, limit: limit) {
        case .bytes(let data): return data
        case .undecodable: return nil
        case .overLimit: throw object.document.error(.contentTooLarge(page: number, limit: limit))
        }
    }

    /// How the page is displayed (boxes, rotation, UserUnit), with any corrections in `notes`.
    package func geometry() throws -> PageGeometry { PageGeometry(try attributes()) }
}
