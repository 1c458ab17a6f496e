import SignetCMS
import SignetFiles
import SignetPDF

/// The changes every revision made, from the first signed revision on: each revision's document
/// opened on its own bytes (a prefix of the mapped file, no copy), mapped, and compared with the
/// one before. At most two revisions are open at a time, so memory stays flat with their number.
struct RevisionHistory {
    /// Changes by revision index (1-based); revisions before the first signed one are absent.
    private(set) var changes: [Int: [Change]] = [:]
    /// Fields that show a signature they do not hold (reused or copied from an earlier revision).
    private(set) var forgedFields: Set<String> = []
    /// What the overlay check compares, from every revision analysed.
    private(set) var overlays: [OverlayTarget] = []

    init(
        revisions: [Revision], from first: Int, final: PDFDocument, mapped: MappedFile, password: String?,
        coveredRevision: @escaping (Int) -> Int?
    ) throws {
        guard first >= 1, first < revisions.count else { return }
        var before = try Self.open(
            revisions[first - 1], final: final, mapped: mapped, password: password, last: revisions.count, after: nil)
        for index in first..<revisions.count {
            let revision = revisions[index]
            let previous = try? before.get()
            let after = try Self.open(
                revision, final: final, mapped: mapped, password: password, last: revisions.count, after: previous)
            switch (before, after) {
            case (.success(let a), .success(let b)):
                var analysis = ChangeAnalysis(
                    before: a.document, after: b.document, old: a.map, new: b.map, revision: revision,
                    coveredRevision: coveredRevision)
                changes[revision.index] = try analysis.run()
                forgedFields.formUnion(analysis.forgedFields)
                overlays += analysis.overlays
            case (.failure(let why), _), (_, .failure(let why)):
                changes[revision.index] =
                    revision.problems.map {
                        Change(revision: revision.index, level: .other, what: "its syntax cannot be trusted: \($0)")
                    }
                    + [
                        Change(
                            revision: revision.index, level: .other, what: "what it changed cannot be read: \(why.text)"
                        )
                    ]
            }
            before = after
        }
    }

    struct Opened {
        var document: PDFDocument
        var map: DocumentMap
    }

    struct OpenFailure: Error {
        var text: String
    }

    /// The document as `revision` left it (the whole file for the last one), mapped from the
    /// revision before it when that one opened, else from its trailer.
    private static func open(
        _ revision: Revision, final: PDFDocument, mapped: MappedFile, password: String?, last: Int,
        after previous: Opened?
    ) throws -> Result<Opened, OpenFailure> {
        do {
            let document =
                revision.index == last
                ? final : try PDFDocument(mapped: mapped, prefix: revision.end, password: password)
            let map =
                try previous.map {
                    try DocumentMap(document, updating: $0.map, before: $0.document, revision: revision)
                }
                ?? DocumentMap(document)
            return .success(Opened(document: document, map: map))
        } catch let error as PDFError {
            return .failure(OpenFailure(text: "revision \(revision.index) does not open on its own (\(error.message))"))
        }
    }

    /// Every change made after revision `covered`, oldest first.
    func changes(after covered: Int) -> [Change] {
        changes.keys.filter { $0 > covered }.sorted().flatMap { changes[$0] ?? [] }
    }
}
