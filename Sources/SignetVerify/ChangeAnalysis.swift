import SignetCrypto
import SignetPDF
import SignetPDFSigning

/// What one revision (or a span of them, `FileRevisions.span`) changed in what the document
/// means, compared with the revision before it; each change is credited to the revision that
/// wrote the object it names.
///
/// Only objects the revision redefined or freed can differ (every other object keeps its bytes),
/// plus new objects that a reference made before the revision already pointed at. Each changed
/// object is judged by the roles it played before (and plays after): the catalog and the form key
/// by key, pages and their annotation lists annotation by annotation, fields by value, and
/// everything else — content, resources, the page tree, names, actions — is `other`.
struct ChangeAnalysis {
    let before: PDFDocument
    let after: PDFDocument
    let old: DocumentMap
    let new: DocumentMap
    let revision: Revision
    /// The revision a signature dictionary (by object number, in `after`) covers, when it is one.
    let coveredRevision: (Int) -> Int?

    private(set) var changes: [Change] = []
    /// Members the comparisons of rewritten values (`equivalent`) may still visit in this span:
    /// one budget for all of them, so a page rewritten with thousands of keys, each a large equal
    /// array, costs no more than one large value (past it, values count as different: `other`).
    var comparisonBudget = 100_000
    /// Fields whose signature value was not made in the revision that gave it to them.
    private(set) var forgedFields: Set<String> = []
    /// Objects already explained (so a new widget is not reported twice).
    var reported: Set<Int> = []
    /// Objects this revision wrote.
    let written: Set<Int>
    /// Annotations and signature widgets this revision added, and non-field annotations and unsigned
    /// signature fields' widgets whose appearance it changed: what the overlay check compares.
    private(set) var overlays: [OverlayTarget] = []
    /// Annotation object number → every page of `after` whose /Annots lists it (readers draw it on
    /// each), read once when the overlay check first needs it.
    private var listingPages: [Int: [Int]]?

    init(
        before: PDFDocument, after: PDFDocument, old: DocumentMap, new: DocumentMap, revision: Revision,
        coveredRevision: @escaping (Int) -> Int?
    ) {
        (self.before, self.after, self.old, self.new, self.revision, self.coveredRevision) =
            (before, after, old, new, revision, coveredRevision)
        written = Set(revision.added + revision.changed)
    }

    mutating func run() throws -> [Change] {
        for change in try EncryptionIdentity.changes(from: before, to: after) { add(.other, change) }
        if new.root != old.root { try rootChanged() }
        if new.info != old.info {
            add(
                .ltaUpdates, "the trailer's /Info now points at object \(new.info?.number ?? 0)",
                object: new.info?.number)
        }
        for number in revision.freed where old.isReachable(number) {
            add(
                .other, "object \(number) (\(describe(old.roles(of: number)))) freed", page: old.pageOf[number],
                object: number)
        }
        for number in revision.added
        where new.isReachable(number)
            && (old.dangling[number] != nil || new.referrers(of: number).contains(where: { !written.contains($0) }))
        {
            add(
                .other,
                "object \(number) was referenced before but did not exist; it is now defined (\(describe(new.roles(of: number))))",
                page: new.pageOf[number], object: number)
        }
        for number in revision.changed.sorted() where old.isReachable(number) || new.isReachable(number) {
            let generation = revision.entries[number]?.generation ?? 0
            let a = try before.object(
                PDFObjectID(number: number, generation: revision.generationsBefore[number] ?? generation))
            guard let b = try after.object(PDFObjectID(number: number, generation: generation)) else {
                if a != nil { add(.other, "object \(number) can no longer be read", object: number) }
                continue
            }
            guard let a else {
                // Read as null before (an entry into an object stream that did not exist yet, say):
                // defined now, and pointed at by an object this revision did not write, it is content
                // prepared before signing and switched on after.
                if old.dangling[number] != nil || new.referrers(of: number).contains(where: { !written.contains($0) }) {
                    add(
                        .other,
                        "object \(number) read as null before this revision and is now defined (\(describe(new.roles(of: number))))",
                        page: new.pageOf[number], object: number)
                }
                continue
            }
            guard try !Self.same(a, b) else { continue }
            try judge(number, a, b)
        }
        return changes
    }

    mutating func add(
        _ level: ModificationLevel, _ what: String, page: Int? = nil, object: Int? = nil, field: String? = nil
    ) {
        let by = object.flatMap { revision.writer[$0] } ?? revision.index
        let change = Change(revision: by, level: level, what: what, page: page, object: object, field: field)
        if !changes.contains(change) { changes.append(change) }
    }

    mutating func forged(_ field: String) { forgedFields.insert(field) }

    /// Remembers `annotation` on page `page` (when known) for the overlay check, as `what`
    /// ("the Stamp annotation added"), credited to the revision that wrote it (as `add` credits
    /// changes); one drawing nothing (no area) is not remembered. The page is the one of `after`
    /// that shows it: one that no page of `after` shows (its page was removed since) hides nothing.
    mutating func overlay(_ annotation: PDFObject, page given: Int?, what: String) throws {
        let number = try annotation.id?.number
        let listed = try number.map { try pagesListing($0) } ?? []
        // An annotation several pages list is drawn on each of them: each is compared.
        for page in listed.isEmpty ? [number.flatMap { new.pageOf[$0] } ?? given] : listed.map(Optional.some) {
            try overlay(annotation, onPage: page, what: what)
        }
    }

    /// The pages of `after` whose /Annots lists annotation `number`, in page order.
    private mutating func pagesListing(_ number: Int) throws -> [Int] {
        if listingPages == nil {
            var map: [Int: [Int]] = [:]
            for page in stride(from: 1, through: after.pageCount, by: 1) {
                for item in try after.page(page).object.value("/Annots")?.items() ?? [] {
                    if let id = try item.id, map[id.number]?.last != page { map[id.number, default: []].append(page) }
                }
            }
            listingPages = map
        }
        return listingPages?[number] ?? []
    }

    /// `overlay` on `page` alone (`annotation` may be one `before` had and `after` no longer lists).
    mutating func overlay(_ annotation: PDFObject, onPage page: Int?, what: String) throws {
        if let page, page < 1 || page > after.pageCount { return }
        if let page, let why = try Self.uncomparable(annotation, rotated: after.page(page).geometry().rotation != 0) {
            return add(
                .other, "\(what) on page \(page) cannot be compared with the page as signed: \(why)", page: page,
                object: try annotation.id?.number)
        }
        let by = try annotation.id.flatMap { revision.writer[$0.number] } ?? revision.index
        guard let page,
            let target = try OverlayTarget(annotation, page: page, in: after, revision: by, what: what),
            !overlays.contains(target)
        else { return }
        overlays.append(target)
    }

    /// Filters every reader decodes (ISO 32000's general ones, full and abbreviated names).
    static let commonFilters: Set<String> = [
        "/FlateDecode", "/Fl", "/LZWDecode", "/LZW", "/ASCIIHexDecode", "/AHx", "/ASCII85Decode", "/A85",
        "/RunLengthDecode", "/RL", "/Crypt",
    ]

    /// Why what `annotation` draws cannot be judged by rendering its /Rect with one reader, or `nil`:
    /// readers part on it, so poppler drawing nothing there proves nothing. A /Rect of other than
    /// four numbers (MuPDF takes the first four, poppler drops the annotation); optional content
    /// (`/OC`: MuPDF ignores /VE expressions); NoRotate on a turned page (it draws upright from a
    /// corner, outside its /Rect); an open pop-up window, or a note shown open without a pop-up
    /// annotation (readers draw the window themselves, poppler not at all); a rollover or down appearance of an annotation that is no widget (shown under the
    /// pointer instead of the normal one rendered); a normal appearance that is no stream nor
    /// dictionary of them (MuPDF draws a Stamp of its own, poppler nothing); a Caret or Redact with
    /// no normal appearance stream (`drawnByOthersOnly`); an appearance stream
    /// whose filter not every reader decodes, or that draws a form without a /BBox of four numbers
    /// (`unboxedForm`).
    static func uncomparable(_ annotation: PDFObject, rotated: Bool) throws -> String? {
        if let rect = try annotation.value("/Rect"), try rect.numbers()?.count != 4 {
            return "its /Rect is not four numbers, and readers place it differently"
        }
        if try annotation.value("/OC") != nil {
            return "it is optional content (/OC), which readers evaluate differently"
        }
        let flags = try annotation.value("/F")?.intValue() ?? 0
        if flags & 16 != 0, rotated {
            return "it stays upright (NoRotate) on a turned page, so it draws outside its /Rect"
        }
        let subtype = try annotation.value("/Subtype")?.nameValue()
        if subtype == "/Popup",
            try annotation.value("/Open")?.boolValue() == true
                || annotation.value("/Parent")?.value("/Open")?.boolValue() == true
        {
            return "it is an open pop-up window, which readers draw themselves and poppler does not"
        }
        if subtype != "/Popup", try annotation.value("/Popup") == nil,
            try annotation.value("/Open")?.boolValue() == true
        {
            return "it is a note shown open (/Open) with no pop-up annotation, whose window readers draw themselves "
                + "and poppler does not"
        }
        let appearances = try annotation.value("/AP")
        if subtype != "/Widget", let key = try ["/R", "/D"].first(where: { try appearances?.value($0) != nil }) {
            return "it has a \(key == "/R" ? "rollover" : "down") appearance (\(key)), which readers show under the "
                + "pointer in place of the one rendered"
        }
        if let subtype, drawnByOthersOnly.contains(subtype), try !hasNormalStream(annotation) {
            return "it has no normal appearance stream, and readers draw one of their own for a \(subtype.dropFirst()) "
                + "(MuPDF does, poppler draws nothing)"
        }
        guard let normal = try appearances?.value("/N") else { return nil }
        guard try [.stream, .dictionary].contains(normal.kind) else {
            return "its normal appearance (/N) is no stream, so readers draw one of their own (MuPDF) or nothing"
        }
        let streams = try normal.kind == .stream ? [normal] : normal.keys().compactMap { try normal.value($0) }
        for stream in streams where try stream.kind == .stream {
            let filter = try stream.value("/Filter")
            let names = try filter?.kind == .array ? filter!.items().compactMap { try $0.nameValue() } : []
            for name in try names + [filter?.nameValue()].compactMap({ $0 }) where !commonFilters.contains(name) {
                return "its appearance is encoded with \(name), which not every reader decodes"
            }
            if let why = try unboxedForm(stream) { return why }
        }
        return nil
    }

    /// Markup annotations poppler draws nothing for without an appearance stream, while MuPDF draws
    /// one of its own (a caret filled with /C, a redaction's outline): poppler's empty render there
    /// proves nothing. poppler draws the other markup kinds itself too.
    static let drawnByOthersOnly: Set<String> = ["/Caret", "/Redact"]

    /// Whether `annotation`'s /AP /N is a stream, or a dictionary holding a stream under its /AS.
    static func hasNormalStream(_ annotation: PDFObject) throws -> Bool {
        try AnnotationBackground.normalAppearance(annotation) != nil
    }

    /// Form XObjects looked at per appearance (itself and the forms it draws) before giving up.
    static let formBound = 1_000

    /// Why `appearance`, or something it draws that has a /BBox of its own — a form XObject, a
    /// soft mask's group (/ExtGState /SMask /G) or a tiling pattern — found through /Resources at
    /// any depth, has no /BBox of four numbers, or `nil`. poppler draws nothing for such a form,
    /// MuPDF draws a nested one unclipped, and pdf.js stretches [0 0 1 1] over the /Rect for an
    /// appearance and draws a nested form unclipped, so a form that draws "900 EUR" over a signed
    /// price shows in MuPDF and pdf.js and not in poppler's render; the specification requires the
    /// /BBox of the other two as well, and what each reader does without it is its own. Past
    /// `formBound` of them, not judged either.
    static func unboxedForm(_ appearance: PDFObject) throws -> String? {
        var pending = [appearance]
        var seen = Set(try appearance.id.map { [$0] } ?? [])
        while let form = pending.popLast() {
            if try form.value("/BBox")?.numbers()?.count != 4 {
                let which = try form.id.map { " (object \($0.number))" } ?? ""
                return "its appearance draws a form\(which) without a /BBox of four numbers, which readers draw "
                    + "differently"
            }
            for drawn in try boxedChildren(of: form) {
                guard let id = try drawn.id, seen.insert(id).inserted else { continue }
                guard seen.count <= formBound else {
                    return "its appearance draws over \(formBound) forms, more than are checked for a /BBox"
                }
                pending.append(drawn)
            }
        }
        return nil
    }

    /// The streams `form`'s resources name that carry a /BBox of their own: form XObjects, soft-mask
    /// groups of its graphics states and tiling patterns.
    private static func boxedChildren(of form: PDFObject) throws -> [PDFObject] {
        guard let resources = try form.value("/Resources"), try resources.kind == .dictionary else { return [] }
        func entries(_ key: String) throws -> [PDFObject] {
            guard let dictionary = try resources.value(key), try dictionary.kind == .dictionary else { return [] }
            return try dictionary.keys().compactMap { try dictionary.value($0) }
        }
        var found: [PDFObject] = []
        for x in try entries("/XObject") where try x.kind == .stream && x.value("/Subtype")?.nameValue() == "/Form" {
            found.append(x)
        }
        for state in try entries("/ExtGState") where try state.kind == .dictionary {
            guard let mask = try state.value("/SMask"), try mask.kind == .dictionary,
                let group = try mask.value("/G"), try group.kind == .stream
            else { continue }
            found.append(group)
        }
        for pattern in try entries("/Pattern") where try pattern.kind == .stream {
            if try pattern.value("/PatternType")?.intValue() == 1 { found.append(pattern) }
        }
        return found
    }

    /// `overlay` for the annotation that is object `number` now, on its page (or `page`).
    mutating func overlay(number: Int, page: Int?, what: String) throws {
        guard let annotation = try after.object(PDFObjectID(number: number)) else { return }
        try overlay(annotation, page: new.pageOf[number] ?? page, what: what)
    }

    /// Same serialized value, and for streams the same stored bytes.
    static func same(_ a: PDFObject, _ b: PDFObject) throws -> Bool {
        guard try a.unparsed() == b.unparsed() else { return false }
        guard try a.kind == .stream else { return true }
        return try a.streamData(decoded: false) == b.streamData(decoded: false)
    }

    func describe(_ roles: Set<DocumentMap.Role>) -> String {
        roles.isEmpty ? "unused" : roles.map(\.rawValue).sorted().joined(separator: ", ")
    }

    /// Roles whose objects may not change at all after a signature.
    static let sensitive: [DocumentMap.Role] = [
        .pageTree, .contents, .resources, .action, .document, .perms, .signature,
    ]

    /// One redefined object, by the most sensitive role it plays before or after: the catalog and
    /// pages key by key, then anything drawn or run (content, resources, actions…), then lists,
    /// the form, fields and annotations, then long-term validation material.
    private mutating func judge(_ number: Int, _ a: PDFObject, _ b: PDFObject) throws {
        let roles = old.roles(of: number).union(new.roles(of: number))
        // The page it is on now, as the document after this span numbers its pages (a page removed
        // or moved since the span's start has another number, or none): else the one it was on.
        let page = new.pageOf[number] ?? old.pageOf[number]
        let keyed: Set<DocumentMap.Role> = [.catalog, .page, .annotations, .form, .fields, .info]
        if !roles.isDisjoint(with: keyed), try Self.dataChanged(a, b) {
            // These are dictionaries: a stream here, or stream data changing, is judged by no key.
            add(.other, "object \(number) (\(describe(roles))) changed as a stream", page: page, object: number)
        }
        if roles.contains(.catalog) { return try catalogChanged(a, b) }
        if roles.contains(.page), let page { return try pageChanged(page, number, a, b) }
        if let role = Self.sensitive.first(where: roles.contains) {
            let pagePrefix = page.map { "page \($0) " } ?? ""
            let key = old.catalogKey[number].map { " (under the catalog's \($0))" } ?? ""
            let what =
                role == .contents
                ? "\(pagePrefix)content stream replaced (object \(number))"
                : role == .signature
                    ? "the signature dictionary object \(number) was rewritten after it was signed"
                    : "\(pagePrefix)\(role.rawValue) changed (object \(number))\(key)"
            return add(.other, what, page: page, object: number)
        }
        if roles.contains(.annotations), let page { return try annotationListChanged(page, a, b) }
        // The /DR leniency is for objects only the form's default resources use: an object an
        // appearance also draws with (the form's /DR pointed at it) is judged as that appearance.
        if roles.contains(.formResources), roles.isDisjoint(with: [.annotation, .field, .appearance, .fieldValue]) {
            return try formResourceObjectChanged(number, a, b)
        }
        if roles.contains(.form) { return try formChanged(a, b) }
        if roles.contains(.fields) { return try fieldListChanged(a, b) }
        if !roles.isDisjoint(with: [.annotation, .field, .appearance, .fieldValue]) {
            return try annotationOrFieldChanged(number, a, b, page: page, roles: roles)
        }
        if roles.contains(.dss) { return add(.ltaUpdates, "DSS updated (object \(number))", object: number) }
        if roles.contains(.metadata) {
            return add(.ltaUpdates, "XMP metadata updated (object \(number))", object: number)
        }
        if roles.contains(.info) { return try infoChanged(number, a, b) }
        add(.other, "object \(number) changed", page: page, object: number)
    }

    /// The two differ as streams: one is a stream and the other is not, or their data differ.
    static func dataChanged(_ a: PDFObject, _ b: PDFObject) throws -> Bool {
        let x = try a.kind == .stream, y = try b.kind == .stream
        guard x || y else { return false }
        if x != y { return true }
        return try a.streamData(decoded: false) != b.streamData(decoded: false)
    }

    private mutating func infoChanged(_ number: Int, _ a: PDFObject, _ b: PDFObject) throws {
        for key in try Self.differingKeys(a, b) {
            let text = try b.value(key)?.textValue()
            add(
                .ltaUpdates, "/Info \(key.dropFirst()) changed\(text.map { " to \"\($0.prefix(60))\"" } ?? "")",
                object: number)
        }
    }

    /// Keys whose values differ between two dictionaries (or stream dictionaries).
    static func differingKeys(_ a: PDFObject, _ b: PDFObject) throws -> [String] {
        var keys: [String] = []
        for key in Set(try a.keys()).union(try b.keys()).sorted() {
            let x = try a.entry(key), y = try b.entry(key)
            if let x, let y, try token(x) == token(y) { continue }
            if x == nil, y == nil { continue }
            keys.append(key)
        }
        return keys
    }

    /// How a value reads where it is stored: `N G R` for a reference, else its syntax.
    static func token(_ object: PDFObject) throws -> [UInt8] {
        if let id = try object.id { return Array(id.reference.utf8) }
        return try object.unparsed()
    }
}
