import Foundation
import SignetCore
import SignetTestSupport
import Testing

@testable import SignetPDF

/// Stamps as Stamp annotations (`asAnnotation`), on every page of the multi-geometry fixture:
/// upright and in place as poppler AND MuPDF show them, page content untouched, one shared form.
@Suite("Stamp annotations on the multi-geometry fixture")
struct AnnotationStampTests {
    let folder = TemporaryDirectory("annotation-stamp")
    static let input = FixtureStampTests.input

    func stampAll(
        _ mode: StampOptions.Mode, artwork: Int, name: String
    ) throws -> (path: String, report: StampReport) {
        let output = folder.path("\(name)-\(mode.rawValue)-\(artwork).pdf")
        let report = try Stamper.stamp(
            input: Self.input, artwork: try FixtureStampTests.artworks[artwork].1(),
            options: StampOptions(pages: .all, placement: FixtureStampTests.placement, mode: mode, asAnnotation: true),
            output: output)
        return (output, report)
    }

    @Test(
        "upright in place on all 22 geometries, in pdftoppm and mutool",
        arguments: [(StampOptions.Mode.rewrite, 0), (.incremental, 0), (.incremental, 1)])
    func placed(_ mode: StampOptions.Mode, _ artwork: Int) throws {
        let (output, report) = try stampAll(mode, artwork: artwork, name: "placed")
        #expect(report.form == .annotation && report.mode == mode.rawValue)
        #expect(try QPDFTool.check(output).isClean)
        let label = FixtureStampTests.artworks[artwork].0
        for (i, spec) in GeometryFixture.pages.enumerated() {
            let expected = FixtureStampTests.expected(spec)
            let poppler = try #require(
                try StampLocator.locate(
                    pdf: output, page: i + 1, userUnit: spec.userUnit ?? 1, baseline: Self.input),
                "\(label), \(spec.label): poppler shows no stamp")
            #expect(poppler.isUpright(at: expected), "poppler, \(label), page \(i + 1) \(spec.label): \(poppler)")
            let mupdf = try #require(
                try Mutool.locateStamp(pdf: output, page: i + 1, baseline: Self.input),
                "\(label), \(spec.label): MuPDF shows no stamp")
            #expect(mupdf.isUpright(at: expected), "mutool, \(label), page \(i + 1) \(spec.label): \(mupdf)")
        }
    }

    @Test(
        "page content and resources untouched; each page gets one printable Stamp annotation over the reported rectangle"
    )
    func annotationsOnly() throws {
        let (output, report) = try stampAll(.incremental, artwork: 0, name: "only")
        let before = try PDFDocument(path: Self.input), after = try PDFDocument(path: output)
        var forms: Set<PDFObjectID> = []
        for number in 1...before.pageCount {
            let old = try before.page(number).object, new = try after.page(number).object
            #expect(
                try old.value("/Contents")?.unparsed() == new.value("/Contents")?.unparsed(), "page \(number) /Contents"
            )
            #expect(
                try old.value("/Resources")?.unparsed() == new.value("/Resources")?.unparsed(),
                "page \(number) /Resources")
            let annots = try #require(try new.value("/Annots")?.items())
            try #require(annots.count == 1, "page \(number)")
            let stamp = annots[0]
            #expect(try stamp.value("/Subtype")?.nameValue() == "/Stamp")
            #expect(try stamp.value("/F")?.intValue() == 4)
            #expect(try stamp.value("/P")?.id == new.id)
            #expect(try stamp.value("/NM")?.textValue() == "\(AnnotationStamper.namePrefix)\(number)-1")
            let rect = try #require(try stamp.value("/Rect")?.numbers())
            let reported = report.perPage[number - 1].rectUserSpace
            #expect(zip(rect, reported).allSatisfy { abs($0 - $1) < 0.01 }, "page \(number): \(rect) vs \(reported)")
            let appearance = try #require(try stamp.value("/AP")?.value("/N"))
            forms.insert(try #require(try appearance.value("/Resources")?.value("/XObject")?.value("/Art")?.id))
        }
        #expect(forms.count == 1, "one stamp form (one image) shared by every page")
    }

    /// Two pages sharing one indirect `/Annots` array holding a link; a third with a direct array.
    func sharedAnnotsInput() -> String {
        var pdf = RawPDFBuilder()
        let catalog = pdf.reserve(), pages = pdf.reserve(), shared = pdf.reserve()
        let link = pdf.add(
            "<< /Type /Annot /Subtype /Link /Rect [10 10 50 50] /NM (signet-stamp-1-1) /Border [0 0 0] >>")
        pdf.set(shared, "[\(link) 0 R]")
        let kids = [" /Annots \(shared) 0 R", " /Annots \(shared) 0 R", " /Annots [\(link) 0 R]"].map {
            pdf.add("<< /Type /Page /Parent \(pages) 0 R /MediaBox [0 0 612 792] /Resources << >>\($0) >>")
        }
        pdf.set(pages, "<< /Type /Pages /Kids [\(kids.map { "\($0) 0 R" }.joined(separator: " "))] /Count 3 >>")
        pdf.set(catalog, "<< /Type /Catalog /Pages \(pages) 0 R >>")
        return folder.write("shared-annots.pdf", bytes: pdf.build(root: catalog))
    }

    @Test(
        "existing /Annots are extended, a shared array is copied, existing names are not reused",
        arguments: [StampOptions.Mode.rewrite, .incremental])
    func existingAnnots(_ mode: StampOptions.Mode) throws {
        let input = sharedAnnotsInput()
        let output = folder.path("shared-annots-\(mode.rawValue).pdf")
        _ = try Stamper.stamp(
            input: input, artwork: try StampArtwork.image(TestStamp.png(), name: "test stamp"),
            options: StampOptions(pages: PageSelection("1,3"), mode: mode, asAnnotation: true), output: output)
        #expect(try QPDFTool.check(output).isClean)
        let document = try PDFDocument(path: output)
        let counts = try (1...3).map { try document.page($0).object.value("/Annots")?.items().count }
        #expect(counts == [2, 1, 2])
        let stamp = try #require(try document.page(1).object.value("/Annots")?.items().last)
        #expect(try stamp.value("/NM")?.textValue() == "\(AnnotationStamper.namePrefix)1-2", "the link already uses -1")
        #expect(try document.page(1).object.value("/Annots")?.id != document.page(2).object.value("/Annots")?.id)
    }
}
