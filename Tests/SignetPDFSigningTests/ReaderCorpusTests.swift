import Foundation
import SignetFiles
import SignetPDF
import SignetPreview
import SignetTestSupport
import Testing

@testable import SignetVerify

/// The two readings of every PDF of the shared pdf.js corpus half that both readers open (files
/// nobody here wrote, many damaged on purpose): every one reads alike but the two listed in
/// docs/verify.md ("Two readings"), damaged files that poppler and qpdf truly read differently. A
/// file newly parted, or one listed that now reads alike, fails the test with what it compared.
@Suite("Two readings over the shared pdf.js corpus")
struct ReaderCorpusTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "../../../shared/corpus/pdfs/pdfjs-corpus"
    ).standardizedFileURL.path

    /// The files the two readers part on, and why (each checked by hand with qpdf --show-object).
    static let parted: [String: String] = [
        // "56 0 obj 20184endobj": poppler reads the integer, qpdf the token as far as the next delimiter.
        "issue1045.pdf": "object 56",
        // Two catalogs: poppler's table and qpdf's rebuilt one name different /Pages.
        "issue21436.pdf": "object 1",
    ]

    @Test(
        "every file both readers open reads alike, but the listed damaged ones",
        .enabled(if: FileManager.default.fileExists(atPath: folder), "the shared pdf.js corpus is absent"))
    func corpus() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder).filter { $0.hasSuffix(".pdf") }
        var parted: [String: String] = [:]
        var compared = 0
        for name in files.sorted() {
            let path = Self.folder + "/" + name
            guard let document = try? PDFDocument(path: path, password: nil), !document.isEncrypted,
                let output = try? ObjectReading.read(path: path, password: nil, ends: [0]),
                let reading = ReaderReading.parse(output)?.first, reading.failed == nil, reading.bound == nil
            else { continue }
            compared += 1
            var agreed = AgreedObjects(revisions: [])
            if let why = try ReaderCheck.compare(
                reading, DocumentReading(document), mapped: try MappedFile(try ReadableFile(path: path)),
                agreed: &agreed,
                describe: RawSyntaxFindings.describe(nil))
            {
                parted[name] = why
            }
        }
        #expect(compared > 400, "only \(compared) of \(files.count) files opened in both readers")
        #expect(Set(parted.keys) == Set(Self.parted.keys), "parted: \(parted.sorted { $0.key < $1.key })")
        for (name, object) in Self.parted {
            #expect(parted[name]?.contains(object + " ") ?? false, "\(name): \(parted[name] ?? "reads alike")")
        }
    }
}
