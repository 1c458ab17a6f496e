import SignetCrypto
import SignetPDF

extension EvidenceAttachment {
    /// The deepest an appearance's object graph may nest (64 levels: a form XObject inside another
    /// costs three, through `/Resources /XObject`), and the most objects it may hold (10,000).
    /// What Signet draws needs a handful of each; past either the appearance is "unreadable".
    package static let maxAppearanceDepth = 64
    package static let maxAppearanceObjects = 10_000

    /// SHA-256 of what the widget shows: its `/Rect` and `/F`, then its normal appearance and every
    /// object it reaches (resources of every kind, XObjects, fonts, graphics states, patterns,
    /// masks), written canonically (``AppearanceGraph``). No appearance hashes the widget's
    /// entries alone.
    /// - Throws: ``Unreadable`` when the graph nests deeper than ``maxAppearanceDepth`` or holds
    ///   more than ``maxAppearanceObjects`` objects.
    package static func appearanceDigest(of widget: PDFObject) throws -> [UInt8] {
        var graph = AppearanceGraph()
        try graph.annotation(widget)
        return try ContentDigest.compute(graph.bytes, algorithm: .sha256)
    }

    /// SHA-256 of what a page stamp shows: its form XObject and every object it reaches, then
    /// every place a page draws it (``StampPlacements``), page by page: for page content, the
    /// page's number, the name its resources give the form and the stream that draws it (with
    /// its matrix); for a Stamp annotation, the page's number and the annotation as a widget is
    /// written (`/Rect`, `/F`, `/AP /N`). Written canonically (``AppearanceGraph``), the form's
    /// `/AF` left out. A form no page draws hashes the form alone.
    /// - Throws: ``Unreadable`` as ``appearanceDigest(of:)`` does.
    package static func appearanceDigest(ofStamp form: PDFObject) throws -> [UInt8] {
        let placements = try StampPlacements(of: form)
        var graph = AppearanceGraph()
        graph.name("/Stamp")
        try graph.add(form, depth: 1, skipping: ["/AF"])
        for drawn in placements.drawn {
            graph.name("/Page \(drawn.page) \(drawn.name)")
            try graph.add(drawn.stream, depth: 1)
        }
        for annotated in placements.annotated {
            graph.name("/Page \(annotated.page) /Annot")
            try graph.annotation(annotated.annotation)
        }
        return try ContentDigest.compute(graph.bytes, algorithm: .sha256)
    }
}

/// An object graph written canonically, so that two readings of the same objects give the same
/// bytes whatever their numbering or syntax: each value is a one-byte tag and its content (a
/// length, 8 bytes big-endian, before every variable part); a dictionary's entries in key order
/// (a stream's `/Length` left out, its data given as stored instead); an indirect object met again
/// is written as the position of its first visit.
struct AppearanceGraph {
    var bytes: [UInt8] = []
    private var seen: [PDFObjectID: Int] = [:]
    private var visited = 0

    /// Adds `object`, without `skipping`'s keys when it is a dictionary or stream.
    mutating func add(_ object: PDFObject, depth: Int, skipping: Set<String> = []) throws {
        guard depth <= EvidenceAttachment.maxAppearanceDepth else {
            throw EvidenceAttachment.Unreadable(
                description: "its appearance nests deeper than \(EvidenceAttachment.maxAppearanceDepth) levels")
        }
        visited += 1
        guard visited <= EvidenceAttachment.maxAppearanceObjects else {
            throw EvidenceAttachment.Unreadable(
                description: "its appearance holds more than \(EvidenceAttachment.maxAppearanceObjects) objects")
        }
        if let id = try object.id {
            if let first = seen[id] { return tagged(0x52, count(first)) }
            seen[id] = seen.count
        }
        switch try object.kind {
        case .null: bytes.append(0x6E)
        case .boolean: tagged(0x62, [try object.boolValue() == true ? 1 : 0])
        case .integer, .real: tagged(0x64, try object.unparsed())
        case .string: tagged(0x73, try object.stringBytes() ?? [])
        case .name: name(try object.nameValue() ?? "")
        case .array:
            let items = try object.items()
            tagged(0x5B, count(items.count))
            for item in items { try add(item, depth: depth + 1) }
        case .dictionary: try entries(of: object, skipping: skipping, depth: depth, tag: 0x3C)
        case .stream:
            try entries(of: object, skipping: skipping.union(["/Length"]), depth: depth, tag: 0x53)
            tagged(0x44, try object.streamData(decoded: false))
        case .other: throw EvidenceAttachment.Unreadable(description: "its appearance holds an object of no PDF type")
        }
    }

    mutating func name(_ name: String) { tagged(0x2F, Array(name.utf8)) }

    /// Adds what `annotation` shows: its `/Rect` and `/F`, then its normal appearance and all it
    /// reaches, without the appearance's `/AF` (associated files are not drawn).
    mutating func annotation(_ annotation: PDFObject) throws {
        for key in ["/Rect", "/F"] {
            name(key)
            if let value = try annotation.value(key) { try add(value, depth: 1) } else { bytes.append(0x6E) }
        }
        name("/AP /N")
        if let normal = try annotation.value("/AP")?.value("/N") { try add(normal, depth: 1, skipping: ["/AF"]) }
    }

    private mutating func entries(of object: PDFObject, skipping: Set<String>, depth: Int, tag: UInt8) throws {
        let keys = try object.keys().filter { !skipping.contains($0) }.sorted()
        tagged(tag, count(keys.count))
        for key in keys {
            name(key)
            if let value = try object.value(key) { try add(value, depth: depth + 1) } else { bytes.append(0x6E) }
        }
    }

    private mutating func tagged(_ tag: UInt8, _ content: [UInt8]) {
        bytes.append(tag)
        bytes += count(content.count) + content
    }

    private func count(_ n: Int) -> [UInt8] { withUnsafeBytes(of: UInt64(n).bigEndian, Array.init) }
}
