import CQPDF
import SignetFiles

/// Objects as qpdf resolves them, in the tokens of the reading format (docs/verify.md, "Two
/// readings") that `signet-preview --objects` writes for poppler: so that the two readings of one
/// file can be compared object by object.
///
/// Tokens, space-separated: `n`, `t`, `f`, `#` and a number, `(` hex `)` for a string, `/` hex for a
/// name, `[` `]`, `<<` `>>` around each key (sorted by its bytes) and value, `@N.G` for a reference;
/// null entries are absent ones; a signature dictionary's /Contents and any /Metadata (never drawn)
/// are `x`; a stream is its dictionary followed by the token `streamToken` makes of its data. Of the
/// catalog, only what pages are drawn with is read: /AcroForm, /OCProperties and /Pages.
package struct DocumentReading {
    private let qpdf: QPDF
    /// The file, as messages name it.
    private let name: String
    /// What qpdf reads from (a document, or a mapped file), kept alive with it.
    private let backing: AnyObject
    /// The catalog the trailer names, when it is a reference.
    package private(set) var catalog: PDFObjectID?

    /// The objects of an open document.
    package init(_ document: PDFDocument) {
        (qpdf, name, backing) = (document.qpdf, document.path, document)
    }

    /// The objects of the first `prefix` bytes of `mapped` (an earlier revision), opened for this
    /// only: no page tree is walked and nothing is checked beyond what qpdf reads, so a revision of
    /// a 1,000-page file opens in a fraction of what a `PDFDocument` takes.
    package init(mapped: MappedFile, prefix: Int, password: Secret?) throws {
        (qpdf, _) = try PDFDocument.open(path: mapped.path, password: password) { q, candidate in
            guard let base = mapped.base else {
                throw QPDFFailure(code: qpdf_e_damaged_pdf, detail: "the file is empty")
            }
            try q.read(memory: base, count: prefix, name: mapped.path, password: candidate)
        }
        (name, backing) = (mapped.path, mapped)
    }

    /// The trailer's /Root: `/526f6f74` and its value.
    package mutating func trailer() throws -> String {
        try attempt {
            let trailer = try qpdf.trailer()
            defer { qpdf.release(trailer) }
            let root = try qpdf.value(trailer, "/Root")
            defer { qpdf.release(root) }
            var out = [Writer.hex(name: Array("/Root".utf8))]
            if try qpdf.kind(root) == .null {
                out.append("n")
            } else {
                if try qpdf.isIndirect(root) {
                    catalog = PDFObjectID(number: try qpdf.objectNumber(root), generation: try qpdf.generation(root))
                }
                try Writer(qpdf: qpdf, streamToken: { _ in "" }).write(root, into: &out, top: false)
            }
            return out.joined(separator: " ")
        }
    }

    /// Object `id` as tokens joined by spaces (references inside it stay references).
    /// `streamToken` gets a function that returns a stream's bytes as stored (decrypted).
    package func tokens(
        of id: PDFObjectID, streamToken: (() throws -> [UInt8]) throws -> String
    ) throws
        -> String
    {
        try attempt {
            let handle = try qpdf.object(number: id.number, generation: id.generation)
            defer { qpdf.release(handle) }
            var out: [String] = []
            try withoutActuallyEscaping(streamToken) { token in
                try Writer(qpdf: qpdf, streamToken: token, catalog: id == catalog).write(handle, into: &out, top: true)
            }
            return out.joined(separator: " ")
        }
    }

    private func attempt<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let failure as QPDFFailure {
            throw PDFError(name, .structure(failure.detail))
        }
    }

    /// One object written as tokens.
    private struct Writer {
        let qpdf: QPDF
        let streamToken: (() throws -> [UInt8]) throws -> String
        var catalog = false

        /// The catalog's entries that change what pages show.
        static let shown: Set<[UInt8]> = Set(["/AcroForm", "/OCProperties", "/Pages"].map { Array($0.utf8) })
        static let digits = Array("0123456789abcdef".utf8)

        static func hex(_ bytes: [UInt8]) -> String {
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count * 2)
            for b in bytes {
                out.append(digits[Int(b >> 4)])
                out.append(digits[Int(b & 15)])
            }
            return String(decoding: out, as: UTF8.self)
        }

        /// `/` and the name's bytes after its leading `/`, in hex.
        static func hex(name: [UInt8]) -> String { "/" + hex(Array(name.dropFirst())) }

        /// `value` as tokens; an indirect object, unless it is the `top` one written, is a reference.
        func write(_ value: qpdf_oh, into out: inout [String], top: Bool = false) throws {
            if !top, try qpdf.isIndirect(value) {
                out.append("@\(try qpdf.objectNumber(value)).\(try qpdf.generation(value))")
                return
            }
            switch try qpdf.kind(value) {
            case .null: out.append("n")
            case .boolean: out.append(try qpdf.bool(value) ? "t" : "f")
            case .integer: out.append("#\(try qpdf.integer(value))")
            case .real: out.append("#\(try qpdf.number(value))")
            case .string: out.append("(" + Self.hex(try qpdf.stringBytes(value)) + ")")
            case .name: out.append(Self.hex(name: try qpdf.nameBytes(value)))
            case .array:
                out.append("[")
                for i in 0..<(try qpdf.count(value)) {
                    let item = try qpdf.item(value, i)
                    defer { qpdf.release(item) }
                    try write(item, into: &out)
                }
                out.append("]")
            case .dictionary: try writeDictionary(value, into: &out, catalog: top && catalog)
            case .stream:
                let dictionary = try qpdf.streamDictionary(value)
                defer { qpdf.release(dictionary) }
                try writeDictionary(dictionary, into: &out)
                out.append(try streamToken { try qpdf.streamData(value, decoded: false) })
            case .other: out.append("?")
            }
        }

        /// `<<`, each key sorted by its bytes with its value (null ones left out), `>>`.
        func writeDictionary(_ dictionary: qpdf_oh, into out: inout [String], catalog: Bool = false) throws {
            let keys = try qpdf.keyBytes(dictionary).filter { !catalog || Self.shown.contains($0) }.sorted {
                $0.lexicographicallyPrecedes($1)
            }
            let signature = keys.contains(Array("/ByteRange".utf8))
            out.append("<<")
            for key in keys {
                let value = try qpdf.value(dictionary, keyBytes: key)
                defer { qpdf.release(value) }
                if try qpdf.kind(value) == .null { continue }
                out.append(Self.hex(name: key))
                if (signature && key == Array("/Contents".utf8)) || key == Array("/Metadata".utf8) {
                    out.append("x")
                } else {
                    try write(value, into: &out)
                }
            }
            out.append(">>")
        }
    }
}
