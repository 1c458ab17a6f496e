import SignetCrypto
import SignetPDF
import SignetPDFSigning

/// What every reachable object of one revision's document is for: a walk from the trailer's
/// /Root and /Info through every reference, each object labelled with the roles it plays (page
/// content, an annotation's appearance, a form field…) and the page it belongs to. Change
/// analysis judges a redefined object by these roles, so a shared object is judged by the most
/// sensitive of its uses, and a reference to an object that did not exist (a trap for content
/// switched on later) is remembered.
struct DocumentMap {
    enum Role: String, Hashable, CaseIterable {
        case catalog, pageTree = "page tree", page, contents = "content stream", resources, annotations =
            "annotation list"
        case annotation, appearance, form, fields = "field list", field, signature = "signature dictionary"
        case fieldValue = "field value", action = "action or attached file"
        case dss = "DSS", metadata = "XMP metadata", info = "document information", perms = "permissions"
        case formResources = "form resources"
        case document = "document-level object"
    }

    private(set) var root: PDFObjectID?
    private(set) var info: PDFObjectID?
    /// Page object numbers in order (page 1 first).
    private(set) var pages: [Int] = []
    private(set) var roles: [Int: Set<Role>] = [:]
    /// The first page an object was reached from.
    private(set) var pageOf: [Int: Int] = [:]
    /// The catalog key an object was first reached through (`/OpenAction`, `/Names`…).
    private(set) var catalogKey: [Int: String] = [:]
    /// The annotation or field an appearance (or other part of one) was first reached from.
    private(set) var ownerOf: [Int: Int] = [:]
    /// Up to `referrersRecorded` indirect objects that refer to each object (its referrers), found by the walk.
    private(set) var referrersOf: [Int: [Int]] = [:]
    static let referrersRecorded = 4
    /// Referenced but undefined object numbers, with the role the reference gives them.
    private(set) var dangling: [Int: Role] = [:]
    /// Terminal fields by full name.
    private(set) var fields: [String: FieldEntry] = [:]

    struct FieldEntry: Hashable {
        var object: Int
        var type: String?
        /// Widget annotation object numbers (the field itself when merged).
        var widgets: [Int]
        /// The signature dictionary a signed signature field points at.
        var signatureValue: Int?
    }

    /// Most (object, role) visits one walk makes (a hostile graph cannot make it run forever).
    static let maxVisits = 4_000_000

    /// The map of `document`, walked from its trailer.
    init(_ document: PDFDocument) throws {
        let trailer = try document.trailer()
        root = try trailer.entry("/Root")?.id
        info = try trailer.entry("/Info")?.id
        pages = try Self.pageNumbers(document)
        var walk = Walk(map: self)
        try walk.visit(try document.catalog(), role: .catalog)
        if let infoObject = try trailer.value("/Info") { try walk.visit(infoObject, role: .info) }
        try walk.run()
        self = walk.map
        try readFields(document)
    }

    /// The map of `document` as the revision that wrote `written` (and freed `freed`) left it,
    /// derived from `previous`, the map of the document before it, by walking only from what the
    /// revision wrote: a written object is walked again under each role it had, through the keys
    /// and items that changed (what did not change leads where it led before); anything it now
    /// points at that it did not is walked whole. Roles are never taken away, so the result is
    /// at least as cautious as a walk from the trailer. A new catalog or page list, or a
    /// redefined object that played no role, is walked from the trailer.
    init(_ document: PDFDocument, updating previous: DocumentMap, before: PDFDocument, revision: Revision) throws {
        let trailer = try document.trailer()
        let root = try trailer.entry("/Root")?.id, info = try trailer.entry("/Info")?.id
        let pages = try Self.pageNumbers(document)
        // A redefined object that played no role before may be pointed at from anywhere (it read
        // as null, say, from an object stream that did not exist yet): only a whole walk tells.
        let unplaced = revision.changed.contains { previous.roles[$0] == nil && previous.dangling[$0] == nil }
        guard root == previous.root, pages == previous.pages, !unplaced else {
            try self.init(document)
            return
        }
        self = previous
        fields = [:]
        fieldOf = [:]
        var walk = Walk(map: self)
        let written = Set(revision.added + revision.changed)
        walk.written = written
        walk.baseline = before
        walk.generationsBefore = revision.generationsBefore
        for number in written.sorted() {
            walk.map.dangling[number] = nil
            let id = PDFObjectID(number: number, generation: revision.entries[number]?.generation ?? 0)
            for role in previous.roles(of: number).sorted(by: { $0.rawValue < $1.rawValue }) {
                guard let object = try document.object(id) else { continue }
                walk.stack.append(
                    (object, role, previous.pageOf[number], previous.catalogKey[number], previous.ownerOf[number], nil))
            }
            if let role = previous.dangling[number], let object = try document.object(id) {
                walk.stack.append((object, role, nil, nil, nil, nil))
            }
        }
        if info != previous.info, let infoObject = try trailer.value("/Info") {
            walk.map.info = info
            try walk.visit(infoObject, role: .info)
        }
        try walk.run()
        self = walk.map
        try readFields(document)
    }

    private static func pageNumbers(_ document: PDFDocument) throws -> [Int] {
        try stride(from: 1, through: document.pageCount, by: 1).compactMap { try document.page($0).object.id?.number }
    }

    private mutating func readFields(_ document: PDFDocument) throws {
        for field in try FormFields.all(in: document) {
            guard let id = try field.field.id else { continue }
            var widgets: [Int] = []
            if try field.field.value("/Subtype")?.nameValue() == "/Widget" { widgets.append(id.number) }
            for kid in try field.field.value("/Kids")?.items() ?? [] {
                if let kidID = try kid.id, try kid.value("/Subtype")?.nameValue() == "/Widget" {
                    widgets.append(kidID.number)
                }
            }
            let value = try field.isSignature ? field.field.entry("/V")?.id?.number : nil
            fields[field.name] = FieldEntry(
                object: id.number, type: field.type, widgets: widgets, signatureValue: value)
            for number in [id.number] + widgets where fieldOf[number] == nil { fieldOf[number] = field.name }
        }
    }

    func roles(of number: Int) -> Set<Role> { roles[number] ?? [] }
    func referrers(of number: Int) -> [Int] { referrersOf[number] ?? [] }
    func isReachable(_ number: Int) -> Bool { roles[number] != nil }

    /// Field or widget object number → full field name.
    private(set) var fieldOf: [Int: String] = [:]

    /// The field whose object, or one of whose widgets, is `number`.
    func field(containing number: Int) -> (name: String, entry: FieldEntry)? {
        fieldOf[number].flatMap { name in fields[name].map { (name, $0) } }
    }

    /// The depth-first walk: an explicit stack, each (object, role) visited once.
    private struct Walk {
        var map: DocumentMap
        let pageIndex: [Int: Int]
        /// For an update: the objects the revision wrote, and the document before it.
        var written: Set<Int> = []
        var baseline: PDFDocument?
        var generationsBefore: [Int: Int] = [:]
        /// Object, role, page, catalog key, owning annotation or field, nearest indirect holder.
        var stack: [(PDFObject, Role, Int?, String?, Int?, Int?)] = []
        var visited: Set<Int64> = []
        var visits = 0

        init(map: DocumentMap) {
            self.map = map
            pageIndex = Dictionary(map.pages.enumerated().map { ($1, $0 + 1) }, uniquingKeysWith: { a, _ in a })
        }

        mutating func visit(_ object: PDFObject, role: Role) throws {
            stack.append((object, role, nil, nil, nil, nil))
        }

        mutating func run() throws {
            while let (object, role, page, key, owner, holder) = stack.popLast() {
                visits += 1
                guard visits <= DocumentMap.maxVisits else {
                    throw SignError(
                        object.document.path,
                        .unreadable("its object graph is too large to analyse (over \(DocumentMap.maxVisits) visits)"))
                }
                var role = role, page = page, owner = owner, holder = holder
                /// For an update, the object as it was when it plays a role it played then: only
                /// what changed in it is followed.
                var earlier: PDFObject?
                if let id = try object.id {
                    if let holder, holder != id.number,
                        map.referrersOf[id.number, default: []].count < DocumentMap.referrersRecorded,
                        !map.referrersOf[id.number, default: []].contains(holder)
                    {
                        map.referrersOf[id.number, default: []].append(holder)
                    }
                    if try object.kind == .null {
                        if map.dangling[id.number] == nil { map.dangling[id.number] = role }
                        continue
                    }
                    if let n = pageIndex[id.number], role == .pageTree || role == .page { role = .page; page = n }
                    let tag = Int64(id.number) << 8 | Int64(Role.allCases.firstIndex(of: role)!)
                    guard visited.insert(tag).inserted else { continue }
                    if let baseline {
                        // An update: an object it did not write keeps what it had under a role it had.
                        if !written.contains(id.number), map.roles[id.number]?.contains(role) == true { continue }
                        if written.contains(id.number), map.roles[id.number]?.contains(role) == true {
                            earlier = try baseline.object(
                                PDFObjectID(
                                    number: id.number, generation: generationsBefore[id.number] ?? id.generation))
                        }
                    }
                    map.roles[id.number, default: []].insert(role)
                    if let page, map.pageOf[id.number] == nil { map.pageOf[id.number] = page }
                    if let key, map.catalogKey[id.number] == nil { map.catalogKey[id.number] = key }
                    holder = id.number
                    if role == .annotation || role == .field {
                        owner = id.number
                    } else if let owner, map.ownerOf[id.number] == nil {
                        map.ownerOf[id.number] = owner
                    }
                }
                switch try object.kind {
                case .array:
                    let childRole: Role = role == .annotations ? .annotation : role == .fields ? .field : role
                    var before = try earlier?.items().map(ChangeAnalysis.token) ?? []
                    for item in try object.items() {
                        if let i = before.firstIndex(of: try ChangeAnalysis.token(item)) {
                            before.remove(at: i)
                            continue
                        }
                        stack.append((item, childRole, page, key, owner, holder))
                    }
                case .dictionary, .stream:
                    for k in try object.keys() {
                        guard let child = try object.entry(k), let next = try Self.role(after: role, key: k, in: object)
                        else { continue }
                        if let old = try earlier?.entry(k), try ChangeAnalysis.token(old) == ChangeAnalysis.token(child)
                        {
                            continue
                        }
                        stack.append((child, next, page, role == .catalog ? k : key, owner, holder))
                    }
                default:
                    continue
                }
            }
        }

        /// The role of what `key` of an object in `role` points at; `nil` for a back-edge.
        static func role(after role: Role, key: String, in object: PDFObject) throws -> Role? {
            switch (role, key) {
            // A page inherits from its /Parent: a node outside the tree still shapes the page.
            case (.page, "/Parent"): return .pageTree
            // A transform's /Data (pyHanko's FieldMDP references point it at the catalog) names what
            // the signature is about; it is a back-edge, never a role for the whole document.
            case (_, "/Parent") where role != .annotation, (_, "/P"), (.signature, "/Data"), (.perms, "/Data"):
                return nil
            case (.annotation, "/A"), (.annotation, "/AA"), (.annotation, "/FS"), (.field, "/A"), (.field, "/AA"):
                return .action
            case (.catalog, "/Pages"): return .pageTree
            case (.catalog, "/AcroForm"): return .form
            case (.catalog, "/DSS"): return .dss
            case (.catalog, "/Metadata"): return .metadata
            case (.catalog, "/Perms"): return .perms
            case (.catalog, _): return .document
            case (.pageTree, "/Kids"): return .pageTree
            case (.pageTree, _): return .resources
            case (.page, "/Contents"): return .contents
            case (.page, "/Annots"): return .annotations
            case (.page, _): return .resources
            case (.annotation, "/AP"): return .appearance
            case (.annotation, "/Parent"), (.field, "/Kids"): return .field
            case (.annotation, "/Popup"), (.annotation, "/IRT"): return .annotation
            case (.annotation, "/V"), (.field, "/V"):
                return try object.value("/FT")?.nameValue() == "/Sig" ? .signature : .fieldValue
            case (.annotation, _): return .appearance
            case (.form, "/Fields"): return .fields
            case (.form, "/DR"): return .formResources
            case (.field, "/AP"): return .appearance
            default: return role
            }
        }
    }
}
