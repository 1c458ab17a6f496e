/// Adds annotations to pages' `/Annots` without changing an array another page also uses.
///
/// A page's own array (direct, or indirect and used by no other page) is extended in place; an
/// indirect array that other pages share is copied (its entries kept) and the copy set on the
/// page, so the other pages keep exactly the annotations they had. Who uses which indirect array
/// is counted once, on the first annotation added.
package struct PageAnnotations {
    package let document: PDFDocument
    private var users: [PDFObjectID: Int]?

    package init(document: PDFDocument) { self.document = document }

    /// Appends `annotation` (an indirect annotation dictionary) to `page`'s `/Annots`.
    package mutating func append(_ annotation: PDFObject, to page: PDFPage) throws {
        guard let annots = try page.object.value("/Annots"), try annots.kind == .array else {
            let list = try document.parse("[]")
            try list.append(annotation)
            try page.object.set("/Annots", list)
            return
        }
        guard let id = try annots.id else {
            try annots.append(annotation)
            try document.markChanged(page.object)
            return
        }
        let counts = try users ?? countUsers()
        users = counts
        if counts[id, default: 1] <= 1 {
            try annots.append(annotation)
            return
        }
        let copy = try document.parse("[]")
        for item in try annots.items() { try copy.append(item) }
        try copy.append(annotation)
        try page.object.set("/Annots", copy)
        users?[id, default: 1] -= 1
    }

    /// How many pages refer to each indirect `/Annots` array.
    private func countUsers() throws -> [PDFObjectID: Int] {
        var counts: [PDFObjectID: Int] = [:]
        for number in stride(from: 1, through: document.pageCount, by: 1) {
            if let id = try document.page(number).object.value("/Annots")?.id { counts[id, default: 0] += 1 }
        }
        return counts
    }
}
