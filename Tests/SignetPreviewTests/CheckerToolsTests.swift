import SignetTestSupport
import Testing

/// The wrappers around the independent checkers read what the tools print (corpus files).
@Suite("Checker tool wrappers", .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.missingNote)))
struct CheckerToolsTests {
    @Test("pdfsig: one valid signature covering the whole file")
    func signedOnce() throws {
        let sigs = try PopplerSignatures.signatures(Corpus.path("pdfs/qpdf/digitally-signed.pdf"))
        try #require(sigs.count == 1)
        #expect(sigs[0].fieldName == "Signature2")
        #expect(sigs[0].subFilter == "adbe.pkcs7.detached")
        #expect(sigs[0].signedRanges == [0..<59599, 64087..<68846])
        #expect(sigs[0].coversWholeDocument && sigs[0].isValid)
    }

    @Test("pdfsig: the first of two signatures no longer covers the whole file")
    func signedTwice() throws {
        let sigs = try PopplerSignatures.signatures(Corpus.path("pdfs/node-signpdf/signed-twice.pdf"))
        #expect(sigs.map(\.coversWholeDocument) == [false, true])
        #expect(sigs.allSatisfy { $0.isValid })
    }

    @Test("pdfsig: an unsigned file has no signatures")
    func unsigned() throws {
        #expect(try PopplerSignatures.signatures(Corpus.path("pdfs/qpdf/minimal.pdf")).isEmpty)
    }

    @Test("qpdf --json: /UserUnit 1.5 on page 14 of fxo-blue.pdf only")
    func userUnit() throws {
        let units = try QPDFTool.userUnits(Corpus.path("pdfs/qpdf/fxo-blue.pdf"))
        #expect(units.count == 16)
        #expect(
            units.enumerated().filter { $0.element != 1 }.map { [Double($0.offset + 1), $0.element] } == [[14, 1.5]])
    }

    @Test("qpdf --check: warnings are told apart from a clean file")
    func check() throws {
        #expect(try QPDFTool.check(Corpus.path("pdfs/qpdf/minimal.pdf")).isClean)
        let damaged = try QPDFTool.check(Corpus.path("pdfs/qpdf/zero-offset.pdf"))
        #expect(damaged.status == 3 && !damaged.problems.isEmpty)
    }

    @Test("pdftotext and pdfinfo open an encrypted file with its password")
    func encrypted() throws {
        let path = Corpus.path("pdfs/qpdf/20-pages.pdf")
        #expect(try PopplerText.pages(path, password: "user").count == 20)
        #expect(try PopplerInfo.pages(path, password: "user").count == 20)
    }
}
