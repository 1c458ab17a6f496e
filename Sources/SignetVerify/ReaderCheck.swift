import Dispatch
import Glibc
import SignetCore
import SignetCrypto
import SignetFiles
import SignetPDF

/// What the reader shows is what was judged: every object reachable from the trailer, as poppler
/// resolves it (`PageRenderer.readObjects`), against the same object as qpdf resolves it
/// (`DocumentReading`), for the file as it is and for each signed revision. A parser difference
/// that the byte scans miss (a duplicate key, an offset with a sign, an object a section does not
/// list, a stream length read two ways) shows as an object read two ways. See docs/verify.md,
/// "Two readings", for why objects are compared rather than rendered pages.
enum ReaderCheck {
    /// One document to compare: the file cut at `end` (`nil`: whole), and the signatures it concerns.
    struct Work {
        var end: Int?
        var signatures: [Int]
    }

    /// The documents to compare: each signed revision (its signature) and the whole file (every
    /// signature), from each signature's revision and ByteRange, in the order of the findings.
    static func work(_ signatures: [(revision: Int?, byteRange: [Int]?)], fileSize: Int) -> [Work] {
        var byEnd: [Int: [Int]] = [:]
        for (i, s) in signatures.enumerated() where s.revision != nil {
            guard let end = OverlayCheck.signedEnd(s.byteRange), end < fileSize else { continue }
            byEnd[end, default: []].append(i)
        }
        return byEnd.keys.sorted().map { Work(end: $0, signatures: byEnd[$0]!) }
            + [Work(end: nil, signatures: Array(signatures.indices))]
    }

    /// The reader's reading, asked for as soon as the signatures are known and read on a thread of
    /// its own while Signet's own checks run (on a 1,000-page file the two take about as long).
    final class Pending: @unchecked Sendable {
        let work: [Work]
        let rendering: PageRendering
        private let done = DispatchSemaphore(value: 0)
        private var result: Result<[UInt8], any Error> = .success([])

        init(_ work: [Work], rendering: PageRendering) {
            (self.work, self.rendering) = (work, rendering)
            guard case .renderer(let renderer) = rendering else {
                done.signal()
                return
            }
            let ends = work.map(\.end)
            DispatchQueue.global().async {
                self.result = Result { try renderer.readObjects(ends: ends) }
                self.done.signal()
            }
        }

        /// The reading, once the reader is done.
        func reading() throws -> [UInt8] {
            done.wait()
            return try result.get()
        }
    }

    /// Finishes the comparison `pending` started; adds to `findings` a problem for each document
    /// read two ways, a problem when the comparison could not run (a bound, a failure), or a note
    /// when there is no renderer to read with.
    static func run(
        _ findings: inout [SignatureFindings], _ pending: Pending, document: PDFDocument, mapped: MappedFile,
        password: Secret?, revisions: [Revision], describe: RawSyntaxFindings.Describe
    ) {
        let work = pending.work
        switch pending.rendering {
        // Without a reader the byte scans (RawSyntaxFindings) still judge every parser difference
        // they know; this comparison is the net under them, so its absence is said, not held against.
        case .skipped, .unavailable:
            let why = pending.rendering.isSkipped ? "as asked" : "no page renderer was given"
            for i in findings.indices {
                findings[i].notes.append("what poppler resolves was not compared with what was judged: \(why)")
            }
            return
        case .renderer: break
        }
        let readings: [ReaderReading]
        do {
            guard let parsed = ReaderReading.parse(try pending.reading()),
                parsed.count == work.count
            else {
                add(
                    &findings, work.last!, .rendering,
                    "what poppler resolves was not compared: its reading is malformed")
                return
            }
            readings = parsed
        } catch {
            let why = (error as? any SignetError)?.message ?? "\(error)"
            add(&findings, work.last!, .rendering, "what poppler resolves was not compared: \(why)")
            return
        }
        var agreed = AgreedObjects(revisions: revisions)
        for (item, reading) in zip(work, readings) {
            let what = item.end == nil ? "the file as it is" : "the signed revision"
            if let failed = reading.failed {
                add(
                    &findings, item, .ambiguous,
                    "\(what) does not open in poppler (its error \(failed)), though qpdf reads it")
                continue
            }
            if let bound = reading.bound {
                add(
                    &findings, item, .rendering,
                    "\(what) was not compared with what poppler resolves: it has over \(bound) objects, the bound of the comparison"
                )
                continue
            }
            do {
                let opened =
                    try item.end.map { try DocumentReading(mapped: mapped, prefix: $0, password: password) }
                    ?? DocumentReading(document)
                if let difference = try compare(
                    reading, opened, mapped: mapped, agreed: &agreed, describe: describe)
                {
                    add(&findings, item, .ambiguous, "\(what) reads two ways: \(difference)")
                } else if reading.rebuilt {
                    for i in item.signatures {
                        findings[i].notes.append(
                            "poppler rebuilt the cross-reference table of \(what) by scanning; what it resolves is what qpdf reads"
                        )
                    }
                }
            } catch {
                let why = (error as? any SignetError)?.message ?? "\(error)"
                add(
                    &findings, item, .ambiguous,
                    "\(what) was not compared with what poppler resolves: qpdf cannot read it (\(why))")
            }
        }
    }

    private static func add(
        _ findings: inout [SignatureFindings], _ item: Work, _ kind: Problem.Kind, _ sentence: String
    ) {
        for i in item.signatures { findings[i].problems.append(Problem(kind, sentence)) }
    }

    /// The sentence naming what `reading` and qpdf's reading of `document` resolve differently,
    /// or `nil` when they agree. Driven by the reader's objects: when the trailers agree and every
    /// object the reader reached reads alike in qpdf (references included), qpdf reaches the same
    /// objects, so qpdf needs no walk of its own. `agreed` carries what earlier documents of the
    /// same file settled.
    static func compare(
        _ reading: ReaderReading, _ document: DocumentReading, mapped: MappedFile, agreed: inout AgreedObjects,
        describe: RawSyntaxFindings.Describe
    ) throws -> String? {
        let limit = reading.end == 0 ? mapped.size : min(reading.end, mapped.size)
        var qpdf = document
        guard ReaderReading.same(reading.trailer, try qpdf.trailer()) else {
            return "poppler and qpdf take a different /Root from its trailer"
        }
        var differing: [PDFObjectID] = []
        for (id, line) in reading.objects {
            let writer = agreed.writer(id.number, end: limit)
            if let writer, agreed.seen[id] == AgreedObjects.Seen(line: Array(line), writer: writer) { continue }
            let token = ReaderReading.lastToken(line)
            let tokens = try qpdf.tokens(of: id) { try streamToken(token, data: $0, mapped: mapped, limit: limit) }
            if !ReaderReading.same(line, tokens) {
                differing.append(id)
            } else if let writer {
                agreed.seen[id] = AgreedObjects.Seen(line: Array(line), writer: writer)
            }
        }
        guard let first = differing.first else { return nil }
        let more = differing.count > 1 ? " (and \(differing.count - 1) more objects)" : ""
        return "poppler and qpdf resolve \(describe(first.number).text) differently" + more
    }

    /// qpdf's token for a stream's data, made to equal the reader's `token` when the data is the
    /// same: `~START.LENGTH` when qpdf's bytes are the file's bytes there; `~hSHA256.LENGTH` (an
    /// encrypted file) when the digests of the decrypted bytes agree; `~rSHA256.LENGTH` (where the
    /// reader found another length than /Length says) when those of the bytes up to the first
    /// `endstream`, without their closing white space, agree. Nothing is decoded.
    static func streamToken(
        _ token: Substring?, data: () throws -> [UInt8], mapped: MappedFile, limit: Int
    ) throws -> String {
        guard let token, token.hasPrefix("~") else { return "~qpdf" }
        var bytes = try data()
        if token.hasPrefix("~h") || token.hasPrefix("~r") {
            let recovered = token.hasPrefix("~r")
            if recovered {
                if let keyword = bytes.firstRange(of: Array("endstream".utf8)) {
                    bytes.removeSubrange(keyword.lowerBound...)
                }
                bytes = Array(bytes[..<(bytes.lastIndex { !isWhite($0) }.map { $0 + 1 } ?? 0)])
            }
            let digest = try ContentDigest.compute(bytes, algorithm: .sha256)
            return (recovered ? "~r" : "~h") + digest.hexDigits + ".\(bytes.count)"
        }
        let parts = token.dropFirst().split(separator: ".")
        guard parts.count == 2, let start = Int(parts[0]), let length = Int(parts[1]), length == bytes.count,
            start >= 0, start <= limit - length, let base = mapped.base
        else { return "~qpdf.\(bytes.count)" }
        let equal = length == 0 || bytes.withUnsafeBytes { memcmp($0.baseAddress!, base + start, length) == 0 }
        return equal ? String(token) : "~qpdf.\(bytes.count)"
    }

    /// PDF white space: NUL, tab, line feed, form feed, carriage return, space.
    private static func isWhite(_ byte: UInt8) -> Bool { [0, 9, 10, 12, 13, 32].contains(byte) }
}

/// Objects found to read alike in an earlier document of the same file, so that a 100 MB file with
/// five signatures has its objects and stream bytes compared once, not six times: an object that
/// the reader writes as before (the same line, a stream's data at the same place) and whose
/// cross-reference entry the same revision wrote (so qpdf reads it from the same bytes) reads alike.
struct AgreedObjects {
    struct Seen: Equatable {
        var line: [UInt8]
        var writer: Int
    }
    /// Each revision's index, end and the objects it wrote (listed, or redefined in an object
    /// stream it wrote).
    private let written: [(index: Int, eofEnd: Int, objects: Set<Int>)]
    var seen: [PDFObjectID: Seen] = [:]

    init(revisions: [Revision]) {
        written = revisions.map { ($0.index, $0.eofEnd, Set($0.entries.keys).union($0.changed)) }
    }

    /// The revision that last wrote object `number` among those within the first `end` bytes;
    /// `nil` when none did (then nothing is reused).
    func writer(_ number: Int, end: Int) -> Int? {
        written.last { $0.eofEnd <= end && $0.objects.contains(number) }?.index
    }
}

extension PageRendering {
    var isSkipped: Bool {
        if case .skipped = self { return true }
        return false
    }
}
