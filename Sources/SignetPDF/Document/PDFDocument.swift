import CQPDF
import SignetFiles

/// An open PDF: qpdf reads it lazily (the cross-reference table at open, objects on demand), so
/// memory stays flat with the page count; only the pages asked for are touched.
///
/// The document remembers which existing objects were changed and which were added, so the
/// same edits can be written either as a full rewrite (`RewriteWriter`) or appended as an
/// incremental update (`IncrementalWriter`).
package final class PDFDocument {
    /// The path as given (or the name of the bytes in memory, or of what a temporary file holds:
    /// `ReadableFile.name`); messages name the document by it.
    package let path: String
    /// The bytes the document was opened on: the file, a mapped prefix, or memory.
    package let source: any ByteSource
    /// Opened on bytes in memory (not a file that can be read again by its path).
    package let isInMemory: Bool
    package let fileSize: Int
    /// What the file's bytes say about its saves (header offset, last xref kind, revisions).
    package let structure: FileStructure
    package let pageCount: Int
    package let isEncrypted: Bool
    package let isLinearized: Bool
    /// No `%%EOF` near the end: opened with `allowingMissingEOF` (viewers open such files too).
    package let endsWithoutEOF: Bool
    /// Set when the document is a repaired copy of a damaged file (see `opening(path:password:repairing:)`).
    package internal(set) var repair: Repair?
    /// The header's version, or a later one named by the catalog's `/Version`.
    package private(set) var version: String
    /// The trailer's `/Size`: objects added in this session are numbered from here on.
    package let firstNewObjectNumber: Int

    /// Set (before adding streams) when the edits will be appended as an incremental update:
    /// new streams are then kept here until written, instead of being handed to qpdf, whose
    /// stream creation parses every object of the file first. Memory then grows only with
    /// what is touched. A document prepared this way cannot be rewritten.
    package var appendsIncrementally = false

    let qpdf: QPDF
    /// What must outlive qpdf: the mapping it reads from, for a document opened on memory.
    private let backing: AnyObject?
    var changedObjects: Set<PDFObjectID> = []
    var newObjects: Set<PDFObjectID> = []
    /// Data of new streams not handed to qpdf (see `appendsIncrementally`); qpdf holds their
    /// dictionaries as plain dictionary objects.
    var pendingStreams: [PDFObjectID: [UInt8]] = [:]
    /// The next object number to try for a new object.
    var nextNumber: Int
    /// The password form qpdf opened an encrypted file with (nil: none was needed): a copy of its
    /// own, since `PDFPassword` wipes the forms once tried; wiped when the document is released.
    let openedPassword: Secret?
    /// How appended strings and streams are encrypted (see `prepareEncryptedUpdates(using:)`).
    package internal(set) var objectCipher: ObjectCipher?

    /// Opens `path`. With a password, tries the forms `PDFPassword` lists (as given,
    /// SASLprep-normalized for AES-256 files, Latin-1 for older ones), as every opener does.
    /// `allowingMissingEOF` opens a file that does not end with `%%EOF` instead of refusing it.
    package convenience init(path: String, password: Secret? = nil, allowingMissingEOF: Bool = false) throws {
        // A missing or unreadable path is a FileError ("cannot open", "is a folder"), not a damaged PDF.
        try self.init(source: try ReadableFile(path: path), password: password, allowingMissingEOF: allowingMissingEOF)
    }

    /// Opens the bytes of `source`: a file by its path (read lazily), a mapped prefix without a copy,
    /// or any other source (bytes in memory) through `qpdf_read_memory`. Messages name `source.name`.
    package convenience init(source: any ByteSource, password: Secret? = nil, allowingMissingEOF: Bool = false) throws {
        if let file = source as? ReadableFile {
            // Named as the file is (an output's temporary file by the output's name), read by its
            // path; qpdf's message names the path when it cannot open it, so that is renamed too.
            try self.init(
                name: file.name, source: file, backing: nil, password: password, allowingMissingEOF: allowingMissingEOF
            ) { q, candidate in
                do { try q.read(path: file.path, password: candidate) } catch var failure as QPDFFailure
                    where file.path != file.name
                {
                    failure.detail = failure.detail.replacing(file.path, with: file.name)
                    throw failure
                }
            }
        } else if let prefix = source as? MappedPrefix {
            try self.init(
                mapped: prefix.file, prefix: prefix.size, password: password, allowingMissingEOF: allowingMissingEOF)
        } else {
            // qpdf keeps the pointer for the document's lifetime: a copy of our own, freed with it.
            let pinned = try MappedFile(copying: source)
            try self.init(
                name: source.name, source: source, backing: pinned, inMemory: true, password: password,
                allowingMissingEOF: allowingMissingEOF
            ) { q, candidate in
                guard let base = pinned.base else {
                    throw QPDFFailure(code: qpdf_e_damaged_pdf, detail: "the file is empty")
                }
                try q.read(memory: base, count: pinned.size, name: source.name, password: candidate)
            }
        }
    }

    /// Opens the first `prefix` bytes of a mapped file: the document as an earlier revision left
    /// it, without copying those bytes.
    package convenience init(
        mapped: MappedFile, prefix: Int, password: Secret? = nil, allowingMissingEOF: Bool = false
    ) throws {
        let source = MappedPrefix(mapped, count: prefix)
        try self.init(
            name: mapped.path, source: source, backing: mapped, password: password,
            allowingMissingEOF: allowingMissingEOF
        ) { q, candidate in
            guard let base = mapped.base else {
                throw QPDFFailure(code: qpdf_e_damaged_pdf, detail: "the file is empty")
            }
            try q.read(memory: base, count: prefix, name: mapped.path, password: candidate)
        }
    }

    private init(
        name path: String, source file: any ByteSource, backing: AnyObject?, inMemory: Bool = false, password: Secret?,
        allowingMissingEOF: Bool, read: (QPDF, Secret?) throws -> Void
    ) throws {
        self.path = path
        self.source = file
        isInMemory = inMemory
        self.backing = backing
        fileSize = file.size
        switch try PDFEnvelope.problem(in: file) {
        case .notAPDF: throw PDFError(path, .notAPDF)
        case .truncated:
            guard allowingMissingEOF else { throw PDFError(path, .truncated) }
            endsWithoutEOF = true
        case nil: endsWithoutEOF = false
        }
        structure = try FileStructure.read(file)
        let (qpdf, opened) = try Self.naming(file, path) { try Self.open(path: path, password: password, read: read) }
        self.qpdf = qpdf
        openedPassword = opened
        isEncrypted = qpdf.isEncrypted
        isLinearized = qpdf.isLinearized
        guard try Self.handle(path, { try qpdf.pageTreeIsShallow(limit: Self.maxPageTreeDepth) }) else {
            throw PDFError(path, .brokenPageTree("it is more than \(Self.maxPageTreeDepth) levels deep"))
        }
        do {
            let count = try qpdf.pageCount()
            guard count >= 0 else { throw PDFError(path, .brokenPageTree("qpdf cannot list the pages")) }
            pageCount = count
        } catch let failure as QPDFFailure {
            if failure.detail.lowercased().contains("loop") {
                throw PDFError(path, .pageTreeLoop(failure.detail))
            }
            throw PDFError(path, .brokenPageTree(failure.detail))
        }
        let trailer = try Self.handle(path) { try qpdf.trailer() }
        let size = try Self.handle(path) { () -> Int in
            guard try qpdf.hasKey(trailer, "/Size") else { return 0 }
            let v = try qpdf.value(trailer, "/Size")
            defer { qpdf.release(v) }
            return try qpdf.kind(v) == .integer ? max(0, try qpdf.integer(v)) : 0
        }
        qpdf.release(trailer)
        firstNewObjectNumber = max(size, 1)
        nextNumber = max(size, 1)
        version = qpdf.pdfVersion
        try checkPageTree()
        try adoptCatalogVersion()
    }

    /// True when qpdf had to rebuild the cross-reference table, at open or later while resolving
    /// a damaged object (such a file is never written incrementally).
    package var wasReconstructed: Bool {
        qpdf.warnings.contains { $0.isDamage && $0.text.contains("reconstruct") }
    }

    static func open(
        path: String, password: Secret?, read: (QPDF, Secret?) throws -> Void
    ) throws -> (QPDF, Secret?) {
        guard let password else {
            let q = try QPDF(for: path)
            do { try read(q, nil) } catch let f as QPDFFailure {
                throw readError(f, path: path, passwordGiven: false)
            }
            return (q, nil)
        }
        return try PDFPassword.withForms(of: password) { forms in
            for candidate in forms.candidates {
                let q = try QPDF(for: path)
                do {
                    try read(q, candidate)
                    return (q, candidate.withUnsafeBytes { Secret(copying: $0) })
                } catch let f as QPDFFailure where f.code == qpdf_e_password {
                    continue
                } catch let f as QPDFFailure {
                    throw readError(f, path: path, passwordGiven: true)
                }
            }
            if let prohibited = forms.prohibited {
                throw PDFError(path, .passwordNotAllowed(prohibited.description))
            }
            throw PDFError(path, .wrongPassword)
        }
    }

    /// qpdf reads only the standard (password) security handler; a file encrypted for certificates
    /// gets a sentence of its own instead of "damaged": its /Encrypt dictionary (never encrypted,
    /// never in an object stream) names the public-key handler in clear.
    private static func naming<T>(_ file: any ByteSource, _ path: String, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as PDFError {
            guard case .damaged(let detail) = error.reason, detail.contains("unsupported encryption filter") else {
                throw error
            }
            let marker = Array("/Adobe.PubSec".utf8)
            var found = false
            var carry: [UInt8] = []
            try file.forEachChunk(of: 0..<file.size, chunkSize: 1 << 20) { chunk in
                guard !found else { return }
                let window = carry + chunk
                found = window.indices.dropLast(marker.count - 1).contains {
                    window[$0] == marker[0] && Array(window[$0..<$0 + marker.count]) == marker
                }
                carry = Array(window.suffix(marker.count - 1))
            }
            throw PDFError(path, found ? .certificateEncrypted : .unsupportedEncryption("qpdf: \(detail)"))
        }
    }

    private static func readError(_ f: QPDFFailure, path: String, passwordGiven: Bool) -> PDFError {
        if f.code == qpdf_e_password { return PDFError(path, passwordGiven ? .wrongPassword : .passwordNeeded) }
        return PDFError(path, .damaged(f.detail))
    }

    private static func handle<T>(_ path: String, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let f as QPDFFailure { throw PDFError(path, .structure(f.detail)) }
    }

    /// A page tree with holes makes the file ambiguous (which page is "last"?): refuse it
    /// rather than guess. qpdf lists a kid that points at a missing object as a page, and skips
    /// what it cannot reach, so both are checked here.
    private func checkPageTree() throws {
        for index in 0..<pageCount {
            let page = PDFObject(self, try attempt { try qpdf.page(at: index) })
            guard try page.kind == .dictionary else {
                let target =
                    try page.id.map {
                        ": the page tree points at object \($0.number) \($0.generation), which does not exist"
                    } ?? ""
                throw error(.brokenPageTree("page \(index + 1) is missing" + target))
            }
        }
        let pages = try catalog().value("/Pages")
        if let declared = try pages?.value("/Count")?.intValue(), declared > pageCount {
            throw error(.brokenPageTree("the page tree declares \(declared) pages but only \(pageCount) can be found"))
        }
    }

    /// An incremental update can raise the version with the catalog's `/Version` (the header
    /// cannot change); the later of the two is the file's version.
    private func adoptCatalogVersion() throws {
        guard let name = try catalog().value("/Version")?.nameValue() else { return }
        let declared = String(name.dropFirst())
        func parts(_ v: String) -> [Int] { v.split(separator: ".").map { Int($0) ?? 0 } }
        if parts(declared).lexicographicallyPrecedes(parts(version)) == false, parts(declared) != parts(version) {
            version = declared
        }
    }

    func error(_ reason: PDFError.Reason) -> PDFError { PDFError(path, reason) }

    func attempt<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let f as QPDFFailure { throw error(.structure(f.detail)) }
    }

    /// What qpdf warned about while reading and editing, each message once.
    package var warnings: [String] {
        var seen: Set<String> = []
        return qpdf.warnings.map(\.text).filter { seen.insert($0).inserted }
    }

    // MARK: objects

    package func trailer() throws -> PDFObject { PDFObject(self, try attempt { try qpdf.trailer() }) }
    package func catalog() throws -> PDFObject { PDFObject(self, try attempt { try qpdf.root() }) }

    /// The page numbered `number` (1-based).
    package func page(_ number: Int) throws -> PDFPage {
        guard number >= 1, number <= pageCount else { throw error(.pageOutOfRange(page: number, count: pageCount)) }
        return PDFPage(number: number, object: PDFObject(self, try attempt { try qpdf.page(at: number - 1) }))
    }

    /// The indirect object `id`; `nil` when the file has no such object.
    package func object(_ id: PDFObjectID) throws -> PDFObject? {
        let o = PDFObject(self, try attempt { try qpdf.object(number: id.number, generation: id.generation) })
        return try o.kind == .null ? nil : o
    }

    package func name(_ name: String) throws -> PDFObject { PDFObject(self, try attempt { try qpdf.newName(name) }) }
    package func integer(_ value: Int) throws -> PDFObject {
        PDFObject(self, try attempt { try qpdf.newInteger(value) })
    }
    package func string(_ bytes: [UInt8]) throws -> PDFObject {
        PDFObject(self, try attempt { try qpdf.newString(bytes) })
    }

    /// Records that the indirect `object` (or the indirect owner of a direct object you changed)
    /// must be written again.
    package func markChanged(_ object: PDFObject) throws {
        guard let id = try object.id else {
            throw error(
                .structure("markChanged needs an indirect object; pass the indirect object that holds the change"))
        }
        recordChange(id)
    }

    func recordChange(_ id: PDFObjectID) {
        if !newObjects.contains(id) { changedObjects.insert(id) }
    }

    /// Objects to write in an incremental update: the changed ones and the new ones, in order.
    package var objectsToWrite: [PDFObjectID] { (changedObjects.union(newObjects)).sorted() }
}
