import SignetCore

/// The generated multi-geometry document: every page geometry the corpus does not cover, one per
/// page, drawn with upright text (Helvetica) so pdftotext has something to read.
package enum GeometryFixture {
    static let letter = Rect(x: 0, y: 0, width: 612, height: 792)
    static let a4 = Rect(x: 0, y: 0, width: 595.276, height: 841.89)
    static let negativeOrigin = Rect(corners: Point(x: -200, y: -300), Point(x: 412, y: 492))

    /// The page table, in page order.
    package static let pages: [FixturePage] = [
        FixturePage(label: "A4 portrait", mediaBox: a4, displayedSize: Size(width: 595.276, height: 841.89)),
        FixturePage(
            label: "Letter landscape MediaBox", mediaBox: Rect(x: 0, y: 0, width: 792, height: 612),
            displayedSize: Size(width: 792, height: 612)),
        FixturePage(label: "Rotate 90", mediaBox: letter, rotate: 90, displayedSize: Size(width: 792, height: 612)),
        FixturePage(label: "Rotate 180", mediaBox: letter, rotate: 180, displayedSize: Size(width: 612, height: 792)),
        FixturePage(label: "Rotate 270", mediaBox: letter, rotate: 270, displayedSize: Size(width: 792, height: 612)),
        FixturePage(label: "Rotate -90", mediaBox: letter, rotate: -90, displayedSize: Size(width: 792, height: 612)),
        FixturePage(label: "Rotate 450", mediaBox: letter, rotate: 450, displayedSize: Size(width: 792, height: 612)),
        FixturePage(label: "Rotate 990", mediaBox: letter, rotate: 990, displayedSize: Size(width: 792, height: 612)),
        FixturePage(
            label: "CropBox offset", mediaBox: letter,
            cropBox: Rect(corners: Point(x: 50, y: 100), Point(x: 500, y: 700)),
            displayedSize: Size(width: 450, height: 600)),
        FixturePage(
            label: "CropBox offset, Rotate 270", mediaBox: a4,
            cropBox: Rect(corners: Point(x: 40, y: 60), Point(x: 400, y: 500)), rotate: 270,
            displayedSize: Size(width: 440, height: 360)),
        FixturePage(
            label: "CropBox overflowing the MediaBox", mediaBox: letter,
            cropBox: Rect(corners: Point(x: 100, y: -50), Point(x: 700, y: 600)),
            displayedSize: Size(width: 512, height: 600)),
        FixturePage(
            label: "negative MediaBox origin", mediaBox: negativeOrigin,
            displayedSize: Size(width: 612, height: 792)),
        FixturePage(
            label: "negative origin, CropBox, Rotate 90", mediaBox: negativeOrigin,
            cropBox: Rect(corners: Point(x: -150, y: -250), Point(x: 300, y: 400)), rotate: 90,
            displayedSize: Size(width: 650, height: 450)),
        FixturePage(
            label: "UserUnit 2", mediaBox: Rect(x: 0, y: 0, width: 300, height: 400), userUnit: 2,
            displayedSize: Size(width: 600, height: 800)),
        FixturePage(
            label: "UserUnit 2, CropBox, Rotate 90", mediaBox: Rect(x: 0, y: 0, width: 306, height: 396),
            cropBox: Rect(corners: Point(x: 20, y: 30), Point(x: 250, y: 330)), rotate: 90, userUnit: 2,
            displayedSize: Size(width: 600, height: 460)),
        FixturePage(
            label: "inherits MediaBox, Rotate 90 and Resources", parent: .group, resources: .inherited,
            displayedSize: Size(width: 595, height: 420)),
        FixturePage(
            label: "inherits MediaBox, own Rotate 0", parent: .group, rotate: 0, resources: .inherited,
            displayedSize: Size(width: 420, height: 595)),
        FixturePage(
            label: "inherits MediaBox, own Rotate 180", parent: .group, rotate: 180,
            displayedSize: Size(width: 420, height: 595)),
        FixturePage(
            label: "no MediaBox anywhere (Letter)", resources: .inherited,
            displayedSize: Size(width: 612, height: 792)),
        FixturePage(
            label: "shared Resources with form XObjects", mediaBox: letter, resources: .shared,
            displayedSize: Size(width: 612, height: 792)),
        FixturePage(
            label: "shared Resources, Rotate 90", mediaBox: letter, rotate: 90, resources: .shared,
            displayedSize: Size(width: 792, height: 612)),
        FixturePage(
            label: "unbalanced q and cm in a Contents array", mediaBox: letter, contents: .unbalancedArray,
            displayedSize: Size(width: 612, height: 792)),
    ]

    /// The spec of page `number` (1-based) of a document of any length: the table repeats.
    package static func page(_ number: Int) -> FixturePage { pages[(number - 1) % pages.count] }

    /// The text line that names page `number` (pdftotext finds it on that page).
    package static func title(ofPage number: Int) -> String {
        "Signet geometry fixture page \(number): \(page(number).label)"
    }

    /// A reference copy of the test stamp drawn by the fixture itself at each page's `markerRect`,
    /// to check the locator (leave it out when the fixture is the input of a stamping test).
    package enum Marker: Sendable {
        case none
        /// Filled rectangles (edges exactly where the rectangle says).
        case vector
        /// The 600×200 test stamp as an image XObject with an /SMask, as a stamper embeds it.
        case image
    }

    /// The PDF bytes. `pageCount` defaults to one cycle of the table; longer documents repeat it.
    package static func document(pageCount: Int = pages.count, marker: Marker = .none) -> [UInt8] {
        precondition(pageCount >= 1, "a PDF needs a page")
        var pdf = RawPDFBuilder()
        let catalog = pdf.reserve(), root = pdf.reserve()
        let font = pdf.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
        var markerXObject = ""
        if marker == .image {
            let size = TestStamp.standardSize
            let image = pdf.addImage(width: size.width, height: size.height, rgba: TestStamp.rgbaPixels())
            markerXObject = " /MarkerImage \(image) 0 R"
        }
        let fontResources =
            "<< /Font << /F1 \(font) 0 R >>" + (marker == .image ? " /XObject <<\(markerXObject) >>" : "") + " >>"
        let rootResources = pdf.add(fontResources)
        let groupResources = pdf.add(fontResources)
        let formText = "BT /F1 9 Tf 4 8 Td (shared form XObject) Tj ET 0 0 150 24 re S"
        let form = pdf.addStream(
            "/Type /XObject /Subtype /Form /BBox [0 0 150 24] /Resources << /Font << /F1 \(font) 0 R >> >>",
            Array(formText.utf8))
        let shared = pdf.add(
            "<< /Font << /F1 \(font) 0 R >> /XObject << /Im0 \(form) 0 R /Fm0 \(form) 0 R\(markerXObject) >> >>")

        var rootKids: [Int] = []
        var group: (node: Int, kids: [Int])?
        func closeGroup() {
            guard let g = group else { return }
            pdf.set(
                g.node,
                "<< /Type /Pages /Parent \(root) 0 R /Kids [\(refs(g.kids))] /Count \(g.kids.count) "
                    + "/MediaBox \(PDFSyntax.array(FixturePage.groupMediaBox)) /Rotate \(FixturePage.groupRotate) "
                    + "/Resources \(groupResources) 0 R >>")
            group = nil
        }
        for number in 1...pageCount {
            let spec = page(number)
            let parent: Int
            if spec.parent == .group {
                if group == nil {
                    let node = pdf.reserve()
                    group = (node, [])
                    rootKids.append(node)
                }
                parent = group!.node
            } else {
                closeGroup()
                parent = root
            }
            let streams = contentStreams(spec, number: number, marker: marker).map { pdf.addStream("", Array($0.utf8)) }
            var dict = "<< /Type /Page /Parent \(parent) 0 R"
            if let m = spec.mediaBox { dict += " /MediaBox \(PDFSyntax.array(m))" }
            if let c = spec.cropBox { dict += " /CropBox \(PDFSyntax.array(c))" }
            if let r = spec.rotate { dict += " /Rotate \(r)" }
            if let u = spec.userUnit { dict += " /UserUnit \(PDFSyntax.format(u))" }
            switch spec.resources {
            case .own: dict += " /Resources \(fontResources)"
            case .shared: dict += " /Resources \(shared) 0 R"
            case .inherited: break
            }
            dict += streams.count == 1 ? " /Contents \(streams[0]) 0 R >>" : " /Contents [\(refs(streams))] >>"
            let pageObject = pdf.add(dict)
            if spec.parent == .group { group!.kids.append(pageObject) } else { rootKids.append(pageObject) }
        }
        closeGroup()
        pdf.set(
            root, "<< /Type /Pages /Kids [\(refs(rootKids))] /Count \(pageCount) /Resources \(rootResources) 0 R >>")
        pdf.set(catalog, "<< /Type /Catalog /Pages \(root) 0 R >>")
        return pdf.build(root: catalog)
    }

    /// The page's content: everything drawn in displayed coordinates through one `cm`, so text
    /// reads upright on every geometry.
    static func contentStreams(_ spec: FixturePage, number: Int, marker: Marker) -> [String] {
        let g = spec.geometry
        var ops = [
            "q", PDFSyntax.matrix(g.displayedToUser) + " cm", "0 g",
            "BT /F1 10 Tf 1 0 0 -1 20 28 Tm \(PDFSyntax.literal(title(ofPage: number))) Tj",
            "0 -14 Td \(PDFSyntax.literal("displayed \(PDFSyntax.format(spec.displayedSize.width)) x \(PDFSyntax.format(spec.displayedSize.height)) pt")) Tj ET",
        ]
        if spec.resources == .shared {
            ops += ["q 1 0 0 -1 20 84 cm /Im0 Do Q", "q 1 0 0 -1 200 84 cm /Fm0 Do Q"]
        }
        let m = spec.markerRect
        switch marker {
        case .none: break
        case .vector: ops.append(TestStamp.vectorOperators(in: m))
        case .image:
            // The image's first row is its top: map the unit square upside down into the y-down space.
            ops.append(
                "q \(PDFSyntax.matrix(Transform(a: m.width, b: 0, c: 0, d: -m.height, e: m.minX, f: m.maxY))) cm /MarkerImage Do Q"
            )
        }
        ops.append("Q")
        guard spec.contents == .unbalancedArray else { return [ops.joined(separator: "\n")] }
        ops.append("q 0.6 0 0 0.6 40 60 cm")
        return [
            ops.joined(separator: "\n"),
            "BT /F1 14 Tf 60 500 Td (text drawn after an unbalanced cm) Tj ET 0.5 g",
        ]
    }

    private static func refs(_ numbers: [Int]) -> String {
        numbers.map { "\($0) 0 R" }.joined(separator: " ")
    }
}
