import CQPDF

/// The number and generation of an indirect object (`12 0 R`).
public struct PDFObjectID: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public var number: Int
    public var generation: Int

    public init(number: Int, generation: Int = 0) {
        self.number = number
        self.generation = generation
    }

    /// `12 0 R`, how a reference is written.
    public var reference: String { "\(number) \(generation) R" }
    public var description: String { reference }

    public static func < (a: PDFObjectID, b: PDFObjectID) -> Bool {
        (a.number, a.generation) < (b.number, b.generation)
    }
}

/// The kind of a PDF object.
public enum PDFObjectKind: Sendable, Hashable {
    case null, boolean, integer, real, string, name, array, dictionary, stream, other
}

/// One object of an open document (direct, or indirect and resolved on access).
///
/// Reading never changes anything. Changing an indirect object (`set`, `remove`, `append`)
/// records it as changed for an incremental update; after changing a *direct* object that
/// lives inside an indirect one, call `PDFDocument.markChanged(_:)` on that indirect owner.
public final class PDFObject {
    public let document: PDFDocument
    let handle: qpdf_oh

    init(_ document: PDFDocument, _ handle: qpdf_oh) {
        self.document = document
        self.handle = handle
    }

    deinit { document.qpdf.release(handle) }

    private var qpdf: QPDF { document.qpdf }

    private func attempt<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let failure as QPDFFailure {
            throw document.error(.structure(failure.detail))
        }
    }

    public var kind: PDFObjectKind {
        get throws {
            if try isPendingStream { return .stream }
            switch try attempt({ try qpdf.kind(handle) }) {
            case .null: return .null
            case .boolean: return .boolean
            case .integer: return .integer
            case .real: return .real
            case .string: return .string
            case .name: return .name
            case .array: return .array
            case .dictionary: return .dictionary
            case .stream: return .stream
            case .other: return .other
            }
        }
    }

    /// A new stream whose data the document keeps until it is written (qpdf sees its dictionary).
    var isPendingStream: Bool {
        get throws { try !document.pendingStreams.isEmpty && id.map { document.pendingStreams[$0] != nil } == true }
    }

    /// The object's number and generation when it is indirect, `nil` for a direct object.
    public var id: PDFObjectID? {
        get throws {
            try attempt {
                guard try qpdf.isIndirect(handle) else { return nil }
                return PDFObjectID(number: try qpdf.objectNumber(handle), generation: try qpdf.generation(handle))
            }
        }
    }

    // MARK: reading

    /// The value under `key` (`"/MediaBox"`) of a dictionary or a stream's dictionary; `nil`
    /// when absent, null, or when this is not a dictionary.
    public func value(_ key: String) throws -> PDFObject? {
        guard let v = try entry(key), try v.kind != .null else { return nil }
        return v
    }

    /// The value under `key` as stored, null included: a reference to an object the file does
    /// not define comes back as an indirect null (its `id` set), which `value(_:)` hides.
    public func entry(_ key: String) throws -> PDFObject? {
        try attempt {
            let k = try qpdf.kind(handle)
            guard k == .dictionary || k == .stream else { return nil }
            let dict = k == .stream ? try qpdf.streamDictionary(handle) : handle
            defer { if dict != handle { qpdf.release(dict) } }
            guard try qpdf.hasKey(dict, key) else { return nil }
            return PDFObject(document, try qpdf.value(dict, key))
        }
    }

    /// The keys of a dictionary (or of a stream's dictionary), each with its leading `/`.
    public func keys() throws -> [String] {
        try attempt {
            let k = try qpdf.kind(handle)
            guard k == .dictionary || k == .stream else { return [] }
            let dict = k == .stream ? try qpdf.streamDictionary(handle) : handle
            defer { if dict != handle { qpdf.release(dict) } }
            return try qpdf.keys(dict)
        }
    }

    /// The items of an array (empty for anything else).
    public func items() throws -> [PDFObject] {
        try attempt {
            guard try qpdf.kind(handle) == .array else { return [] }
            return try (0..<qpdf.count(handle)).map { PDFObject(document, try qpdf.item(handle, $0)) }
        }
    }

    public func intValue() throws -> Int? {
        try attempt { try qpdf.kind(handle) == .integer ? try qpdf.integer(handle) : nil }
    }

    /// An integer or real as a `Double`.
    public func numberValue() throws -> Double? {
        try attempt {
            let k = try qpdf.kind(handle)
            return k == .integer || k == .real ? try qpdf.number(handle) : nil
        }
    }

    /// A name with its leading `/` (`"/Sig"`).
    public func nameValue() throws -> String? {
        try attempt { try qpdf.kind(handle) == .name ? try qpdf.name(handle) : nil }
    }

    public func boolValue() throws -> Bool? {
        try attempt { try qpdf.kind(handle) == .boolean ? try qpdf.bool(handle) : nil }
    }

    /// The raw bytes of a string object.
    public func stringBytes() throws -> [UInt8]? {
        try attempt { try qpdf.kind(handle) == .string ? try qpdf.stringBytes(handle) : nil }
    }

    /// A text string decoded to Swift (PDFDocEncoding or UTF-16BE in the file).
    public func textValue() throws -> String? {
        try attempt { try qpdf.kind(handle) == .string ? try qpdf.text(handle) : nil }
    }

    /// Numbers of an array of numbers (`[0 0 612 792]`); `nil` when any item is not a number.
    public func numbers() throws -> [Double]? {
        guard try kind == .array else { return nil }
        var out: [Double] = []
        for item in try items() {
            guard let v = try item.numberValue() else { return nil }
            out.append(v)
        }
        return out
    }

    /// The object in PDF syntax; an indirect object shows its value (references inside stay
    /// `N G R`). A stream shows its dictionary.
    public func unparsed() throws -> [UInt8] {
        try attempt {
            if try qpdf.kind(handle) == .stream {
                let dict = try qpdf.streamDictionary(handle)
                defer { qpdf.release(dict) }
                return try qpdf.unparseResolved(dict)
            }
            return try qpdf.unparseResolved(handle)
        }
    }

    /// The data of a stream: `decoded: false` gives the bytes as stored (still filtered). A new
    /// stream not yet written (see `PDFDocument.appendsIncrementally`) has only its stored bytes.
    public func streamData(decoded: Bool) throws -> [UInt8] {
        if let id = try id, let pending = document.pendingStreams[id] {
            let filtered = try value("/Filter") != nil
            guard !decoded || !filtered else {
                throw document.error(.structure("a new stream's data can only be read as stored until it is written"))
            }
            return pending
        }
        return try attempt {
            guard try qpdf.kind(handle) == .stream else { return [] }
            return try qpdf.streamData(handle, decoded: decoded)
        }
    }

    // MARK: changing

    /// Sets `key` of a dictionary (or a stream's dictionary) to `value`.
    public func set(_ key: String, _ value: PDFObject) throws {
        try attempt {
            if try qpdf.kind(handle) == .stream {
                let dict = try qpdf.streamDictionary(handle)
                defer { qpdf.release(dict) }
                try qpdf.setValue(dict, key, value.handle)
            } else {
                try requireKind(.dictionary, for: "set \(key)")
                try qpdf.setValue(handle, key, value.handle)
            }
        }
        try noteChange()
    }

    /// Removes `key` from a dictionary.
    public func remove(_ key: String) throws {
        try attempt {
            try requireKind(.dictionary, for: "remove \(key)")
            try qpdf.removeKey(handle, key)
        }
        try noteChange()
    }

    /// Appends `value` to an array.
    public func append(_ value: PDFObject) throws {
        try attempt {
            try requireKind(.array, for: "append to it")
            try qpdf.append(handle, value.handle)
        }
        try noteChange()
    }

    private func requireKind(_ wanted: QPDFKind, for action: String) throws {
        let k = try qpdf.kind(handle)
        guard k == wanted else { throw document.error(.structure("cannot \(action): the object is not a \(wanted)")) }
    }

    private func noteChange() throws {
        if let id = try id { document.recordChange(id) }
    }
}
