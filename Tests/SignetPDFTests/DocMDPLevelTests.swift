import SignetPDF
import SignetTestSupport
import Testing

/// How a certification's DocMDP `/P` is read (`signet info`, `sign`'s refusal to sign a P=1
/// document, and `verify`'s changes after a certification): the spec allows the integers 1, 2 and
/// 3 and makes 2 the default; anything else gets the strictest reading, never a looser one.
struct DocMDPLevelTests {
    @Test(
        "a certification's /P: 1, 2 or 3 as written, 2 when absent, 1 for a real, another number or a name",
        arguments: [
            ("/P 1", 1), ("/P 2", 2), ("/P 3", 3), ("", 2), ("/P 1.0", 1), ("/P 2.0", 1), ("/P 7", 1), ("/P 0", 1),
            ("/P /Two", 1),
        ])
    func level(_ entry: String, _ expected: Int) throws {
        var pdf = RawPDFBuilder()
        let catalog = pdf.reserve(), pages = pdf.reserve()
        let page = pdf.add("<< /Type /Page /Parent \(pages) 0 R /MediaBox [0 0 612 792] >>")
        pdf.set(pages, "<< /Type /Pages /Kids [\(page) 0 R] /Count 1 >>")
        let signature = pdf.add(
            "<< /Type /Sig /Reference [<< /Type /SigRef /TransformMethod /DocMDP"
                + " /TransformParams << /Type /TransformParams /V /1.2 \(entry) >> >>] >>")
        pdf.set(catalog, "<< /Type /Catalog /Pages \(pages) 0 R /Perms << /DocMDP \(signature) 0 R >> >>")
        let folder = TemporaryDirectory("docmdp-level")
        let document = try PDFDocument(path: folder.write("certified.pdf", bytes: pdf.build(root: catalog)))
        let permissions = try SignatureScanner.permissions(of: document)
        #expect(permissions.isCertified && permissions.docMDP == expected, "\(entry): read as \(permissions)")
    }
}
