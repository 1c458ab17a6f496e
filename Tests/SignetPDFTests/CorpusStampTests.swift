import Foundation
import SignetCore
import SignetFiles
import SignetPDF
import SignetTestSupport
import Testing

/// Stamps the asymmetric test stamp on every page of every corpus PDF that is not meant to fail,
/// then checks the result with independent tools: qpdf --check (no new problems), pdftoppm
/// (stamp within 1 pt of the requested displayed rectangle, upright), pdftotext (text unchanged),
/// and for signed inputs the exact input prefix and pdfsig's verdicts.
@Suite("Stamping the corpus", .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.missingNote)))
struct CorpusStampTests {
    /// 30 % of the displayed width, 10 % in from the left and 12 % down: fits every corpus page.
    static let placement = StampPlacement(at: Point(x: 10, y: 12), width: 30, units: .percent)
    /// Every page is rendered and checked up to this many pages; longer files (143 and 983
    /// pages in the corpus) get a spread of pages, which keeps the suite fast.
    static let allPagesUpTo = 30

    static func checkedPages(_ count: Int) -> [Int] {
        guard count > allPagesUpTo else { return Array(1...count) }
        return Array(Set([1, 2, 3, count / 4, count / 2, count * 3 / 4, count - 1, count])).sorted()
    }

    @Test("stamp every page, check with qpdf, pdftoppm, pdftotext and pdfsig", arguments: CorpusCatalog.stampable)
    func stamp(_ pdf: CorpusPDF) throws {
        let dir = TemporaryDirectory("corpus-stamp")
        let output = dir.path("stamped.pdf")
        let input = pdf.path
        let before = try PDFDocument(path: input, password: pdf.secret)
        let signedBefore = try SignatureScanner.needsIncrementalUpdate(before)
        if let p = try SignatureScanner.permissions(of: before).docMDP, p <= 2 {
            // Certified with no changes or form filling only: a stamp would break the certification.
            let error = try #require(throws: PDFError.self) {
                try Stamper.stamp(
                    input: input, password: pdf.secret,
                    artwork: try StampArtwork.image(TestStamp.png(), name: "test stamp"),
                    options: StampOptions(pages: .all, placement: Self.placement), output: output)
            }
            #expect(error.reason == .certifiedAgainstStamps(docMDP: p))
            #expect(!FileManager.default.fileExists(atPath: output))
            return
        }
        let report = try Stamper.stamp(
            input: input, password: pdf.secret, artwork: try StampArtwork.image(TestStamp.png(), name: "test stamp"),
            options: StampOptions(pages: .all, placement: Self.placement), output: output)
        #expect(report.pagesStamped == before.pageCount)
        #expect(report.mode == (signedBefore ? "incremental" : "rewrite"))
        #expect(report.form == (signedBefore ? .annotation : .content))

        #expect(try CheckDelta.newProblems(input: input, output: output, password: pdf.password) == [])
        #expect(
            try PopplerText.pages(output, password: pdf.password) == PopplerText.pages(input, password: pdf.password))
        let after = try PDFDocument(path: output, password: pdf.secret)
        #expect(after.pageCount == before.pageCount)
        #expect(after.isEncrypted == before.isEncrypted, "a rewrite keeps the encryption")

        try checkPlacement(pdf, input: input, output: output, document: before, annotation: signedBefore)
        if signedBefore { try checkSignatures(input: input, output: output) }
    }

    /// A stamp made as an annotation is looked for with annotations shown (the baseline shows the
    /// input's own annotations too, so only the stamp differs).
    private func checkPlacement(
        _ pdf: CorpusPDF, input: String, output: String, document: PDFDocument, annotation: Bool
    ) throws {
        let poppler = try PopplerInfo.pages(input, password: pdf.password)
        let pages = Self.checkedPages(document.pageCount)
        // One pdftoppm run per file for the stamped and the original pages, unless a page has a
        // /UserUnit (the locator renders those one by one at a scaled resolution).
        let batch =
            try pages.allSatisfy({ try document.page($0).geometry().userUnit == 1 })
            && pages == Array(1...(pages.last ?? 1))
        let rendered = try batch ? Self.render(output, pages.count, pdf.password, hideAnnotations: !annotation) : nil
        let baseline = try batch ? Self.render(input, pages.count, pdf.password, hideAnnotations: !annotation) : nil
        for number in pages {
            let geometry = try document.page(number).geometry()
            // Our idea of the displayed size must agree with poppler's (which ignores UserUnit).
            let p = poppler[number - 1]
            let shown = p.rotate % 180 == 0 ? p.size : p.size.transposed
            #expect(
                abs(shown.width * geometry.userUnit - geometry.displayedSize.width) < 0.02
                    && abs(shown.height * geometry.userUnit - geometry.displayedSize.height) < 0.02,
                "page \(number): poppler shows \(shown), we compute \(geometry.displayedSize)")
            let expected = try Self.placement.rect(on: geometry, aspect: 3)
            let found =
                try rendered.map {
                    try StampLocator.locate(in: $0[number - 1], baseline: baseline![number - 1], pointsPerPixel: 0.5)
                }
                ?? StampLocator.locate(
                    pdf: output, page: number, userUnit: geometry.userUnit, baseline: input,
                    password: pdf.password, hideAnnotations: !annotation)
            let location = try #require(found, "page \(number): no stamp found")
            #expect(location.isUpright(at: expected), "page \(number): wanted \(expected), got \(location)")
        }
    }

    /// Pages 1…count at the locator's 144 dpi (0.5 pt per pixel).
    static func render(_ pdf: String, _ count: Int, _ password: String?, hideAnnotations: Bool) throws -> [PPMImage] {
        try Pdftoppm.render(
            pdf: pdf, pages: 1...count, dpi: StampLocator.defaultDPI, password: password,
            hideAnnotations: hideAnnotations)
    }

    /// The output starts with the input's exact bytes and every signature pdfsig accepted before
    /// it still accepts (now over part of the document).
    private func checkSignatures(input: String, output: String) throws {
        let original = try Array(Data(contentsOf: URL(fileURLWithPath: input)))
        let stamped = try Array(Data(contentsOf: URL(fileURLWithPath: output)))
        #expect(stamped.count > original.count && Array(stamped.prefix(original.count)) == original)
        let old = try PopplerSignatures.signatures(input)
        let new = try PopplerSignatures.signatures(output)
        #expect(new.count == old.count)
        for (a, b) in zip(old, new) {
            #expect(a.fieldName == b.fieldName)
            #expect(a.isValid == b.isValid, "\(a.fieldName): was '\(a.validation)', now '\(b.validation)'")
            #expect(!b.coversWholeDocument, "\(b.fieldName): the appended stamp is not covered by the old signature")
        }
    }

    @Test("files meant to fail are refused with a clear reason and no output", arguments: CorpusCatalog.refused)
    func refused(_ pdf: CorpusPDF) throws {
        let dir = TemporaryDirectory("corpus-refused")
        let output = dir.path("out.pdf")
        let error = try #require(throws: PDFError.self) {
            try Stamper.stamp(
                input: pdf.path, password: pdf.secret,
                artwork: try StampArtwork.image(TestStamp.png(), name: "stamp"),
                options: StampOptions(placement: Self.placement), output: output)
        }
        #expect(error.kind == .badInput)
        #expect(error.message.contains(pdf.refusal!), "\(error.message)")
        #expect(dir.contents() == [], "nothing may be left behind")
    }
}
