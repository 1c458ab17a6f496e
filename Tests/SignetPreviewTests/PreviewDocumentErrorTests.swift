import SignetCore
import SignetFiles
import SignetPreview
import SignetTestSupport
import Testing

/// Bad inputs give one clear sentence and the right failure kind.
@Suite("Preview bad input")
struct PreviewDocumentErrorTests {
    static func reason(_ body: () throws -> Void) -> PreviewError.Reason? {
        do { try body() } catch let e as PreviewError { return e.reason } catch { return nil }
        return nil
    }

    @Test("not a PDF")
    func notPDF() {
        let folder = TemporaryDirectory("preview-bad")
        let text = folder.write("notes.pdf", "just some text, no PDF here\n")
        #expect(Self.reason { _ = try PreviewDocument(path: text) } == .notPDF)
        let empty = folder.write("empty.pdf", "")
        #expect(Self.reason { _ = try PreviewDocument(path: empty) } == .notPDF)
    }

    @Test("a PDF header followed by garbage is unreadable, with poppler's reason")
    func garbage() throws {
        let folder = TemporaryDirectory("preview-bad")
        let path = folder.write("junk.pdf", "%PDF-1.7\n" + String(repeating: "garbage ", count: 50) + "\n%%EOF\n")
        #expect {
            _ = try PreviewDocument(path: path)
        } throws: { error in
            guard let e = error as? PreviewError, case .unreadable = e.reason else { return false }
            return e.kind == .badInput && e.message.hasPrefix(path + ": poppler cannot read this PDF")
        }
    }

    @Test("a truncated PDF is refused before poppler sees it, in the words every command uses")
    func truncated() {
        let folder = TemporaryDirectory("preview-bad")
        let path = folder.write("cut.pdf", "%PDF-1.7\n1 0 obj\n<< /Type /Catalog")
        #expect(Self.reason { _ = try PreviewDocument(path: path) } == .truncated)
    }

    @Test("a PDF in which poppler finds no page says so, not 'there is no page 1'")
    func noPages() throws {
        let folder = TemporaryDirectory("preview-bad")
        var pdf = "%PDF-1.7\n"
        let objects = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [] /Count 0 >>"]
        var offsets: [Int] = []
        for (i, object) in objects.enumerated() {
            offsets.append(pdf.utf8.count)
            pdf += "\(i + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = pdf.utf8.count
        pdf += "xref\n0 3\n0000000000 65535 f \n"
        for offset in offsets {
            pdf += String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n"
        }
        pdf += "trailer\n<< /Size 3 /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        let path = folder.write("empty.pdf", pdf)
        let error = try #require(throws: PreviewError.self) { try PreviewDocument(path: path).render(page: 1) }
        #expect(error.message.contains("poppler finds no page in this PDF"), "\(error.message)")
    }

    @Test("a missing file and a folder are file errors")
    func fileErrors() {
        #expect(throws: FileError.self) { _ = try PreviewDocument(path: "/nonexistent/x.pdf") }
        #expect(throws: FileError.self) { _ = try PreviewDocument(path: "/tmp") }
    }

    @Test("page numbers outside the document")
    func pageOutOfRange() throws {
        let folder = TemporaryDirectory("preview-bad")
        let path = folder.write("f.pdf", bytes: GeometryFixture.document(pageCount: 22))
        let document = try PreviewDocument(path: path)
        #expect(document.pageCount == 22)
        for page in [0, 23, -1] {
            #expect(Self.reason { _ = try document.render(page: page) } == .pageOutOfRange(page: page, count: 22))
        }
    }

    @Test(
        "encrypted files: no password, wrong password, user and owner password",
        .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.missingNote)))
    func passwords() throws {
        let path = Corpus.path("pdfs/qpdf/enc-XI-R6,V5,U=view,O=master.pdf")
        #expect(Self.reason { _ = try PreviewDocument(path: path) } == .passwordRequired)
        #expect(Self.reason { _ = try PreviewDocument(path: path, password: Secret("wrong")) } == .wrongPassword)
        #expect(try PreviewDocument(path: path, password: Secret("view")).pageCount == 30)
        let owner = try PreviewDocument(path: path, password: Secret("master"))
        #expect(try owner.render(page: 30, options: PreviewOptions(scale: .width(100))).width == 100)
    }

    @Test(
        "damaged corpus files either open (poppler repairs) or fail with a sentence, never crash",
        .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.missingNote)))
    func damaged() throws {
        for name in [
            "qpdf/xref-errors.pdf", "qpdf/recover-xref-stream.pdf", "qpdf/pages-loop.pdf", "pdfjs/helloworld-bad.pdf",
            "pyhanko/minimal-startxref-hopeless.pdf", "pdfjs/xref_command_missing.pdf",
        ] {
            do {
                let document = try PreviewDocument(path: Corpus.path("pdfs/" + name))
                if document.pageCount > 0 {
                    _ = try document.render(page: 1, options: PreviewOptions(scale: .width(64)))
                }
            } catch let error as PreviewError {
                #expect(error.message.hasSuffix(".") && error.message.contains(name), "\(name): \(error.message)")
            }
        }
    }
}
