import SignetCrypto
import SignetFiles
import SignetPDF
import SignetPDFSigning

/// The changes every revision made, from the first signed revision on. Revisions are judged in
/// spans that end where a signature ends (a run of saves no signature separates is one span): the
/// document as each span's last revision left it is opened on its own bytes (a prefix of the mapped
/// file, no copy), mapped, and compared with the document at the span's start. So the work grows
/// with the signatures, not with the saves, and at most two documents are open at a time.
struct RevisionHistory {
    /// Changes by revision index (1-based): the last revision of each span; revisions before the
    /// first signed one are absent.
    private(set) var changes: [Int: [Change]] = [:]
    /// Fields that show a signature they do not hold (reused or copied from an earlier revision).
    private(set) var forgedFields: Set<String> = []
    /// What the overlay check compares, from every revision analysed.
    private(set) var overlays: [OverlayTarget] = []
    /// The map of the last revision, when it was analysed.
    private(set) var lastMap: DocumentMap?

    /// `signed`: the revisions signatures cover (each ends a span).
    init(
        revisions: [Revision], signed: Set<Int>, final: PDFDocument, mapped: MappedFile, password: Secret?,
        coveredRevision: @escaping (Int) -> Int?
    ) throws {
        guard let first = signed.min(), first >= 1, first < revisions.count else { return }
        let ends = signed.filter { $0 > first && $0 < revisions.count }.sorted() + [revisions.count]
        var before = try Self.open(
            revisions[first - 1], final: final, mapped: mapped, password: password, last: revisions.count, after: nil)
        var start = first
        for end in ends {
            let span = FileRevisions.span(revisions, after: start, through: end)
            let problems = revisions[start..<end].flatMap { revision in
                revision.problems.map {
                    Change(revision: revision.index, level: .other, what: "its syntax cannot be trusted: \($0)")
                }
                    + revision.shadowed.map {
                        Change(
                            revision: revision.index, level: .other,
                            what:
                                "its cross-reference table lists object \($0) as free and its /XRefStm defines it: readers that skip /XRefStm (MuPDF) see another document"
                        )
                    }
            }
            let previous = try? before.get()
            let after = try Self.open(
                span, final: final, mapped: mapped, password: password, last: revisions.count, after: previous)
            switch (before, after) {
            case (.success(let a), .success(let b)):
                var analysis = ChangeAnalysis(
                    before: a.document, after: b.document, old: a.map, new: b.map, revision: span,
                    coveredRevision: coveredRevision)
                // Oldest revision first, in the order found within each.
                changes[end] = try (problems + analysis.run()).enumerated().sorted {
                    ($0.element.revision, $0.offset) < ($1.element.revision, $1.offset)
                }.map(\.element)
                forgedFields.formUnion(analysis.forgedFields)
                overlays += analysis.overlays
                if end == revisions.count { lastMap = b.map }
            case (.failure(let why), _), (_, .failure(let why)):
                changes[end] =
                    problems + [
                        Change(revision: end, level: .other, what: "what it changed cannot be read: \(why.text)")
                    ]
            }
            before = after
            start = end
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
        _ revision: Revision, final: PDFDocument, mapped: MappedFile, password: Secret?, last: Int,
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
