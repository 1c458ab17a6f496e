import FoundationEssentials

/// The two files `signet evidence extract` writes for each signature: the record as sealed and
/// the strokes it holds as Signet JSON, in memory, through sinks, or as files only their owner reads.
extension SignetAPI {
    /// The two outputs of one signature's opened evidence, in memory: its ISO/IEC 19794-7 record as
    /// sealed, and the strokes that record holds as Signet JSON (the record decoded with
    /// ``ISO19794_7/decode(_:name:limits:)``, positions in the record's units, times in milliseconds).
    /// - Parameters:
    ///   - evidence: Evidence from ``extractEvidence(pdfAt:password:key:rendering:)``.
    ///   - name: What the record is called in messages, such as "signed.pdf, signature 1".
    /// - Returns: The record and its strokes.
    /// - Throws: ``StrokeReadError`` naming `name` and the byte offset when the record does not decode.
    public static func evidenceFiles(
        _ evidence: ExtractedEvidence, name: String = "the record"
    ) throws
        -> EvidenceFiles
    {
        let drawing = try ISO19794_7.decode(evidence.record, name: name)
        return EvidenceFiles(record: evidence.record, strokes: SignetJSONWriter.json(drawing))
    }

    /// ``evidenceFiles(_:name:)`` written to two files, each atomically and created readable and
    /// writable by its owner only (0600: biometric data is the examiner's alone). Nothing is written
    /// when the record does not decode; the record is in place before its strokes are written.
    /// - Parameters:
    ///   - evidence: Evidence from ``extractEvidence(pdfAt:password:key:rendering:)``.
    ///   - record: Where the record goes (an `.iso` file).
    ///   - strokes: Where its strokes go (a `.json` file).
    ///   - name: What the record is called in messages.
    /// - Returns: What was written.
    /// - Throws: ``StrokeReadError`` when the record does not decode, ``FileError`` when a file
    ///   cannot be written.
    @discardableResult
    public static func writeEvidence(
        _ evidence: ExtractedEvidence, recordTo record: String, strokesTo strokes: String, name: String = "the record"
    ) throws -> EvidenceFiles {
        let files = try evidenceFiles(evidence, name: name)
        try files.write(
            record: try AtomicOutput(path: record, ownerOnly: true),
            strokes: try AtomicOutput(path: strokes, ownerOnly: true))
        return files
    }

    /// `signet evidence extract … -o OUT`: every opened signature's two files written where
    /// `destination` puts them (a folder it creates, or one record with its strokes beside it).
    /// - Parameters:
    ///   - opened: The evidence opened, oldest signature first.
    ///   - destination: Where the files go; it names one pair per signature.
    ///   - input: The signed PDF they came from, which names each record in messages.
    /// - Returns: What was written, per signature.
    /// - Throws: ``FileError`` or ``StrokeReadError`` (nothing more is written after the first).
    package static func writeEvidence(
        _ opened: [ExtractedEvidence], to destination: EvidenceDestination, from input: String
    ) throws -> [WrittenEvidence] {
        if destination.isFolder {
            do {
                try FileManager.default.createDirectory(atPath: destination.output, withIntermediateDirectories: true)
            } catch {
                throw FileError(destination.output, .cannotWrite(String(describing: error)))
            }
        }
        return try opened.map { item in
            let target = destination.paths(for: item.signature)
            let files = try writeEvidence(
                item, recordTo: target.record, strokesTo: target.strokes, name: "\(input), signature \(item.signature)")
            return WrittenEvidence(
                evidence: item, record: target.record, strokes: target.strokes, bytes: files.record.count)
        }
    }
}

/// One signature's opened evidence as the two files an examiner works with.
public struct EvidenceFiles: Sendable, Hashable {
    /// The ISO/IEC 19794-7 record, byte for byte as sealed.
    public let record: [UInt8]
    /// The strokes the record holds, as Signet JSON (UTF-8).
    public let strokes: [UInt8]

    /// Writes the record to one sink and the strokes to the other, committing each in turn.
    package func write(record recordSink: some ByteSink, strokes strokesSink: some ByteSink) throws {
        try recordSink.write(record)
        try recordSink.commit()
        try strokesSink.write(strokes)
        try strokesSink.commit()
    }
}

/// Where `signet evidence extract -o OUT` writes: into a folder (`OUT` ends in `/` or is one), as
/// `signature-N.iso` and `signature-N.json` per signature; or as the record `OUT` with its strokes
/// beside it, the extension changed to `.json`.
package struct EvidenceDestination: Sendable, Hashable {
    /// The `-o` argument.
    package let output: String
    /// Whether `output` is a folder.
    package let isFolder: Bool

    /// - Parameter output: A folder (ending in `/`, or an existing one) or a record file.
    package init(output: String) {
        self.output = output
        isFolder = output.hasSuffix("/") || InputFile.isDirectory(output)
    }

    /// The record and strokes files for signature number `signature`.
    package func paths(for signature: Int) -> (record: String, strokes: String) {
        guard isFolder else { return (output, Self.strokesPath(for: output)) }
        let base = (output.hasSuffix("/") ? output : output + "/") + "signature-\(signature)"
        return (base + ".iso", base + ".json")
    }

    /// Whether a single record can be written here: not when `output` is a file whose strokes
    /// path would be the record itself (`-o sig.json`).
    package var separatesRecordAndStrokes: Bool { isFolder || Self.strokesPath(for: output) != output }

    /// FILE with `.json` for its extension (`sig.iso` → `sig.json`; `sig` → `sig.json`).
    static func strokesPath(for file: String) -> String {
        let name = file.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return file + ".json" }
        return String(file.dropLast(name.distance(from: dot, to: name.endIndex))) + ".json"
    }
}

/// What `writeEvidence(_:to:from:)` wrote for one signature.
package struct WrittenEvidence: Sendable, Hashable {
    /// The evidence written.
    package let evidence: ExtractedEvidence
    /// The record's path.
    package let record: String
    /// The strokes' path.
    package let strokes: String
    /// The record's size in bytes.
    package let bytes: Int
}
