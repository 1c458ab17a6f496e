import SignetCore
import SignetTestSupport

/// The file `qpdf --overlay` needs: one page per fixture geometry, each as large as that page is
/// displayed, with the test stamp image at the benchmark target. qpdf fits each overlay page onto
/// its destination page (undoing the destination's /Rotate and /UserUnit), so the stamp lands at
/// the target when qpdf's placement agrees with a viewer.
enum OverlayDocument {
    static func build() -> [UInt8] {
        var pdf = RawPDFBuilder()
        let catalog = pdf.reserve(), root = pdf.reserve()
        let size = TestStamp.standardSize
        let image = pdf.addImage(width: size.width, height: size.height, rgba: TestStamp.rgbaPixels())
        var kids: [Int] = []
        for spec in GeometryFixture.pages {
            let page = spec.displayedSize
            let t = BenchPlacement.target
            // Page space is y-up; the target is given from the top.
            let placement = Transform(a: t.width, b: 0, c: 0, d: t.height, e: t.minX, f: page.height - t.maxY)
            let content = pdf.addStream("", Array("q \(PDFSyntax.matrix(placement)) cm /Stamp Do Q".utf8))
            kids.append(
                pdf.add(
                    "<< /Type /Page /Parent \(root) 0 R /MediaBox \(PDFSyntax.array(Rect(origin: .zero, size: page))) "
                        + "/Resources << /XObject << /Stamp \(image) 0 R >> >> /Contents \(content) 0 R >>"))
        }
        pdf.set(
            root, "<< /Type /Pages /Kids [\(kids.map { "\($0) 0 R" }.joined(separator: " "))] /Count \(kids.count) >>")
        pdf.set(catalog, "<< /Type /Catalog /Pages \(root) 0 R >>")
        return pdf.build(root: catalog)
    }
}
