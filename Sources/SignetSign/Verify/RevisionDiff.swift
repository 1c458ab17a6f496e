import SignetPDF

/// What a later revision changed compared with an earlier one, besides adding signatures.
///
/// Objects are compared number by number (generation 0) between the document opened on the
/// earlier revision's bytes and on the whole file: the serialized value, and for streams the
/// stored data too. New objects alone change nothing a reader sees; what matters is which
/// existing objects were changed to use them, so only changed objects are classified:
/// - catalog: `/AcroForm` (analysed like the form), `/DSS` and `/Extensions` are what signing adds;
/// - the information dictionary (`/Info`) and the XMP `/Metadata` stream: signers update them;
/// - page: `/Annots` may only gain signature widgets; any other key → "pages";
/// - form (`/AcroForm`, `/Fields`): may only gain signature fields, set `/SigFlags`, drop
///   `/NeedAppearances`, extend `/DR`; signing an empty signature field fills its `/V` and `/AP`;
/// - anything else: "annotations", "form fields", "pages" or "other" by its type.
enum RevisionDiff {
    enum Category: String, CaseIterable {
        case annotations, formFields = "form fields", pages, other
    }

    static func changes(earlier: PDFDocument, later: PDFDocument) throws -> [String] {
        var categories: Set<Category> = []
        let catalogID = try later.catalog().id
        let formID = try later.catalog().value("/AcroForm")?.id
        let fieldsID = try later.catalog().value("/AcroForm")?.value("/Fields")?.id
        // Signers update the document information dictionary (/ModDate) and the XMP metadata.
        let metadata = Set([try later.trailer().value("/Info")?.id, try later.catalog().value("/Metadata")?.id].compactMap { $0 })
        let count = max(later.firstNewObjectNumber, earlier.firstNewObjectNumber)
        // Pages whose /Annots is an indirect array: that array is judged like the page's own key.
        var annotationArrays: Set<PDFObjectID> = []
        for number in stride(from: 1, through: later.pageCount, by: 1) {
            if let id = try later.page(number).object.value("/Annots")?.id { annotationArrays.insert(id) }
        }
        for number in 1..<max(count, 1) {
            let id = PDFObjectID(number: number)
            guard let old = try earlier.object(id) else { continue }
            guard let new = try later.object(id) else {
                categories.insert(.other)  // an object was deleted
                continue
            }
            guard try !same(old, new) else { continue }
            if metadata.contains(id) { continue }
            if id == catalogID {
                try catalogChanges(old, new, into: &categories)
            } else if id == formID {
                if !(try formOnlyGainedSignatures(old, new)) { categories.insert(.formFields) }
            } else if id == fieldsID {
                if !(try arrayOnlyGained(old, new, where: isSignatureField)) { categories.insert(.formFields) }
            } else {
                categories.formUnion(try classify(old, new, annotationArrays: annotationArrays))
            }
        }
        return Category.allCases.filter(categories.contains).map(\.rawValue)
    }

    /// Same serialized value, and for streams the same stored bytes.
    static func same(_ a: PDFObject, _ b: PDFObject) throws -> Bool {
        guard try a.unparsed() == b.unparsed() else { return false }
        guard try a.kind == .stream else { return true }
        return try a.streamData(decoded: false) == b.streamData(decoded: false)
    }

    private static func catalogChanges(_ old: PDFObject, _ new: PDFObject, into categories: inout Set<Category>) throws {
        for key in Set(try old.keys()).union(try new.keys()) {
            let a = try old.value(key), b = try new.value(key)
            if let a, let b, try a.unparsed() == b.unparsed() { continue }
            if a == nil, b == nil { continue }
            switch key {
            case "/DSS", "/Extensions":
                continue
            case "/AcroForm":
                // An indirect form is compared as its own object; a direct one here.
                if let b, try b.id != nil, try a?.id == b.id { continue }
                if !(try formOnlyGainedSignatures(a, b)) { categories.insert(.formFields) }
            case "/Pages":
                categories.insert(.pages)
            default:
                categories.insert(.other)
            }
        }
    }

    /// The form dictionary changed only as signing changes it.
    static func formOnlyGainedSignatures(_ old: PDFObject?, _ new: PDFObject?) throws -> Bool {
        guard let new else { return false }
        let oldKeys = Set(try old?.keys() ?? []), newKeys = Set(try new.keys())
        for key in oldKeys.union(newKeys) {
            let a = try old?.value(key), b = try new.value(key)
            if let a, let b, try a.unparsed() == b.unparsed() { continue }
            switch key {
            case "/SigFlags", "/DR":
                continue
            case "/NeedAppearances":
                if b == nil { continue }
                return false
            case "/Fields":
                guard let b else { return false }
                if try !arrayOnlyGained(a, b, where: isSignatureField) { return false }
            default:
                return false
            }
        }
        return true
    }

    /// `new` holds every item of `old` (as references or equal values) plus only items `allowed` accepts.
    static func arrayOnlyGained(_ old: PDFObject?, _ new: PDFObject, where allowed: (PDFObject) throws -> Bool) throws -> Bool {
        let before = try (old?.items() ?? []).map { try key(of: $0) }
        var after = try new.items().map { (try key(of: $0), $0) }
        for item in before {
            guard let index = after.firstIndex(where: { $0.0 == item }) else { return false }
            after.remove(at: index)
        }
        return try after.allSatisfy { try allowed($0.1) }
    }

    private static func key(of item: PDFObject) throws -> [UInt8] {
        if let id = try item.id { return Array(id.reference.utf8) }
        return try item.unparsed()
    }

    /// A field (or merged field/widget) of type /Sig, own or through /Parent.
    static func isSignatureField(_ object: PDFObject) throws -> Bool {
        var node: PDFObject? = object
        for _ in 0..<FormFields.maxDepth {
            guard let current = node else { return false }
            if let type = try current.value("/FT")?.nameValue() { return type == "/Sig" }
            node = try current.value("/Parent")
        }
        return false
    }

    /// A changed object that is not the catalog or the form.
    private static func classify(_ old: PDFObject, _ new: PDFObject, annotationArrays: Set<PDFObjectID>) throws -> Set<Category> {
        let type = try new.value("/Type")?.nameValue() ?? old.value("/Type")?.nameValue()
        if type == "/Page" {
            var result: Set<Category> = []
            for key in Set(try old.keys()).union(try new.keys()) where key != "/Annots" {
                let a = try old.value(key), b = try new.value(key)
                if let a, let b, try a.unparsed() == b.unparsed() { continue }
                if a == nil, b == nil { continue }
                result.insert(.pages)
            }
            let oldAnnots = try old.value("/Annots"), newAnnots = try new.value("/Annots")
            if let newAnnots, try oldAnnots?.id == nil || oldAnnots?.id != newAnnots.id {
                if !(try arrayOnlyGained(oldAnnots, newAnnots, where: isSignatureField)) { result.insert(.annotations) }
            } else if oldAnnots != nil, newAnnots == nil {
                result.insert(.annotations)
            }
            return result
        }
        if type == "/Pages" { return [.pages] }
        if let id = try new.id, annotationArrays.contains(id) {
            return try arrayOnlyGained(old, new, where: isSignatureField) ? [] : [.annotations]
        }
        if try isSignatureField(new) {
            return try signatureFieldFilled(old, new) ? [] : [.formFields]
        }
        if try new.value("/FT") != nil || old.value("/FT") != nil || new.value("/Kids") != nil && new.value("/T") != nil {
            return [.formFields]
        }
        let isAnnotation = try new.value("/Subtype") != nil && new.value("/Rect") != nil
        return type == "/Annot" || isAnnotation ? [.annotations] : [.other]
    }

    /// An empty signature field that was signed: `/V` added, appearance and flags updated.
    private static func signatureFieldFilled(_ old: PDFObject, _ new: PDFObject) throws -> Bool {
        guard try old.value("/V") == nil else { return false }
        for key in Set(try old.keys()).union(try new.keys()) {
            let a = try old.value(key), b = try new.value(key)
            if let a, let b, try a.unparsed() == b.unparsed() { continue }
            if a == nil, b == nil { continue }
            guard ["/V", "/AP", "/F", "/P", "/Rect", "/MK"].contains(key) else { return false }
        }
        return true
    }
}
