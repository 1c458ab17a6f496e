import SignetCore

/// Draws one shared stamp form on pages, keeping what each page gains to a few bytes:
///
/// - The page's existing content is wrapped between a shared `q` stream and the stamp
///   stream, which starts with `Q`, so nothing the page leaves behind (an unbalanced `cm`, a
///   clip, a colour) can move or tint the stamp. Content that leaves `q`s open or pops more
///   than it pushed (counted by `ContentBalance`) gets as many extra `Q`s / leading `q`s, and
///   content that ends inside a text object or marked-content sequences gets their `ET` and
///   `EMC`s before them (an open `/OC … BDC` could hide the stamp with a layer). Both streams start and
///   end with an end-of-line, so nothing the page's last line leaves open (a comment) runs on.
/// - Stamp streams are shared between pages whose stamp lands at the same place.
/// - The stamp's XObject name is added to the page's resources; resources that are inherited
///   or indirect (possibly shared with other pages) are copied first, and one copy serves every
///   page that shared the original. The name is chosen not to clash with existing names.
package final class PageStamper {
    package let document: PDFDocument
    package let form: StampForm
    private let formReference: PDFObject
    private var streams: [String: PDFObject] = [:]
    private var sharedResources: [String: (resources: PDFObject, name: String)] = [:]

    package static let namePrefix = "/SgnStamp"

    package init(document: PDFDocument, form: StampForm) {
        self.document = document
        self.form = form
        self.formReference = form.object
    }

    /// Draws the stamp on `page` in the displayed rectangle `displayed` (points, top-left
    /// origin); returns the matrix used (stamp box → default user space).
    @discardableResult
    package func stamp(_ page: PDFPage, at displayed: Rect, geometry: PageGeometry) throws -> Transform {
        let name = try addToResources(page)
        let matrix = StampTransform.matrix(stampSize: form.size, displayed: displayed, on: geometry)
        let balance = try page.contentData().map(ContentBalance.init(scanning:)) ?? .balanced
        // Viewers join the streams: each of ours starts and ends a line, so a page whose content
        // ends in a `%` comment without an end-of-line cannot swallow the stamp's first line.
        let closing =
            (balance.endsInText ? "ET\n" : "") + String(repeating: "EMC ", count: balance.openMarkedContent)
            + String(repeating: "Q ", count: balance.trailingPops)
        let stream = try sharedStream("\n" + closing + "q " + ContentBuilder.matrix(matrix) + " " + name + " Do Q\n")
        let contents = try document.parse("[]")
        // Operators are separated: `q q`, never `qq` (an unknown operator that stops the drawing).
        try contents.append(
            try sharedStream("\n" + Array(repeating: "q", count: balance.leadingPushes).joined(separator: " ") + "\n"))
        if let existing = try page.object.value("/Contents") {
            switch try existing.kind {
            case .array: for item in try existing.items() { try contents.append(item) }
            case .stream: try contents.append(existing)
            default: break
            }
        }
        try contents.append(stream)
        try page.object.set("/Contents", contents)
        return matrix
    }

    /// One stream per distinct text, shared by every page that needs it: the `q` (or `q q` …)
    /// nearly every page starts with, and the stamp drawing of each distinct placement.
    private func sharedStream(_ text: String) throws -> PDFObject {
        if let cached = streams[text] { return cached }
        let made = try document.makeStream(Array(text.utf8))
        streams[text] = made
        return made
    }

    /// Adds the form to the page's `/XObject` resources and returns the name used.
    private func addToResources(_ page: PDFPage) throws -> String {
        if let own = try page.object.value("/Resources"), try own.id == nil {
            guard try own.kind == .dictionary else {
                throw document.error(.structure("page \(page.number) has /Resources that is not a dictionary"))
            }
            let name = try add(to: own)
            try document.markChanged(page.object)
            return name
        }
        let key: String
        let source: PDFObject?
        if let own = try page.object.value("/Resources") {
            key = "own \(try own.id!.reference)"
            source = own
        } else if let (value, holder) = try page.inherited("/Resources") {
            key = try value.id.map { "own \($0.reference)" } ?? "inherited from \(try holder.id?.reference ?? "?")"
            source = value
        } else {
            key = "none"
            source = nil
        }
        if let shared = sharedResources[key] {
            try page.object.set("/Resources", shared.resources)
            return shared.name
        }
        let copy = try copyOf(source)
        let name = try add(to: copy)
        let resources = try document.makeIndirect(copy)
        sharedResources[key] = (resources, name)
        try page.object.set("/Resources", resources)
        return name
    }

    /// Puts the form into `resources` (a direct dictionary) under a fresh name. The `/XObject`
    /// dictionary is always replaced by a copy, so a sub-dictionary shared with other pages
    /// (directly or by reference) is never changed.
    private func add(to resources: PDFObject) throws -> String {
        let target = try copyOf(try resources.value("/XObject"))
        let taken = Set(try target.keys())
        var name = Self.namePrefix
        var n = 1
        while taken.contains(name) {
            name = Self.namePrefix + String(n)
            n += 1
        }
        try target.set(name, formReference)
        try resources.set("/XObject", target)
        return name
    }

    /// A new direct dictionary with the same entries (values shared, not copied); empty for nil
    /// or a non-dictionary.
    private func copyOf(_ dictionary: PDFObject?) throws -> PDFObject {
        let copy = try document.parse("<< >>")
        guard let dictionary, try dictionary.kind == .dictionary else { return copy }
        for key in try dictionary.keys() {
            if let value = try dictionary.value(key) { try copy.set(key, value) }
        }
        return copy
    }
}
