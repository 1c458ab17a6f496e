import CQPDF

/// The number and generation of an indirect object (`12 0 R`).
package struct PDFObjectID: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    package var number: Int
    package var generation: Int

    package init(number: Int, generation: Int = 0) {
        self.number = number
        self.generation = generation
    }

    /// `12 0 R`, how a reference is written.
    package var reference: String { "\(number) \(generation) R" }
    package var description: String { reference }

    package static func < (a: PDFObjectID, b: PDFObjectID) -> Bool {
        (a.number, a.generation) < (b.number, b.generation)
    }
}

/// The kind of a PDF object.
package enum PDFObjectKind: Sendable, Hashable {
    case null, boolean, integer, real, string, name, array, dictionary, stream, other
}

/// One object of an open document (direct, or indirect and resolved on access).
///
/// Reading never changes anything. Changing an indirect object (`set`, `remove`, `append`)
/// records it as changed for an incremental update; after changing a *direct* object that
/// lives inside an indirect one, call `PDFDocument.markChanged(_:)` on that indirect owner.
package final class PDFObject {
    package let document: PDFDocument
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

    package var kind: PDFObjectKind {
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
    package var isPendingStream: Bool {
        get throws { try !document.pendingStreams.isEmpty && id.map { document.pendingStreams[$0] != nil } == true }
    }

    /// The object's number and generation when it is indirect, `nil` for a direct object.
    package var id: PDFObjectID? {
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
    package func value(_ key: String) throws -> PDFObject? {
        guard let v = try entry(key), try v.kind != .null else { return nil }
        return v
    }

    /// The value under `key` as stored, null included: a reference to an object the file does
    /// not define comes back as an indirect null (its `id` set), which `value(_:)` hides.
    package func entry(_ key: String) throws -> PDFObject? {
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
    package func keys() throws -> [String] {
        try attempt {
            let k = try qpdf.kind(handle)
            guard k == .dictionary || k == .stream else { return [] }
            let dict = k == .stream ? try qpdf.streamDictionary(handle) : handle
            defer { if dict != handle { qpdf.release(dict) } }
            return try qpdf.keys(dict)
        }
    }

    /// The items of an array (empty for anything else).
    package func items() throws -> [PDFObject] {
        try attempt {
            guard try qpdf.kind(handle) == .array else { return [] }
            return try (0..<qpdf.count(handle)).map { PDFObject(document, try qpdf.item(handle, $0)) }
        }
    }

    package func intValue() throws -> Int? {
        try attempt { try qpdf.kind(handle) == .integer ? try qpdf.integer(handle) : nil }
    }

    /// An integer or real as a `Double`.
    package func numberValue() throws -> Double? {
        try attempt {
            let k = try qpdf.kind(handle)
            return k == .integer || k == .real ? try qpdf.number(handle) : nil
        }
    }

    /// A name with its leading `/` (`"/Sig"`).
    package func nameValue() throws -> String? {
        try attempt { try qpdf.kind(handle) == .name ? try qpdf.name(handle) : nil }
    }

    package func boolValue() throws -> Bool? {
        try attempt { try qpdf.kind(handle) == .boolean ? try qpdf.bool(handle) : nil }
    }

    /// The raw bytes of a string object.
    package func stringBytes() throws -> [UInt8]? {
        try attempt { try qpdf.kind(handle) == .string ? try qpdf.stringBytes(handle) : nil }
    }

    /// A text string decoded to Swift (PDFDocEncoding or UTF-16BE in the file).
    package func textValue() throws -> String? {
        try attempt { try qpdf.kind(handle) == .string ? try qpdf.text(handle) : nil }
    }

    /// Numbers of an array of numbers (`[0 0 612 792]`); `nil` when any item is not a number.
    package func numbers() throws -> [Double]? {
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
    package func unparsed() throws -> [UInt8] {
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
    package func streamData(decoded: Bool) throws -> [UInt8] {
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
    package func set(_ key: String, _ value: PDFObject) throws {
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
    package func remove(_ key: String) throws {
        try attempt {
            try requireKind(.dictionary, for: "remove \(key)")
            try qpdf.removeKey(handle, key)
        }
        try noteChange()
    }

    /// Appends `value` to an array.
    package func append(_ value: PDFObject) throws {
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
