import Foundation
import SignetCore
import SignetPDF
import SignetStrokes
import SignetTestSupport
import Testing

/// The generated multi-geometry document (A4, Letter landscape, /Rotate 90/180/270/-90/450/990,
/// CropBox offsets and overflow, negative origins, UserUnit 2, inherited attributes, shared
/// resources, an unbalanced `q`/`cm`): every page stamped, in both output modes, with an image and
/// with vector ink, checked against the fixture's hand-written table and pdftoppm.
@Suite("Stamping the multi-geometry fixture")
struct FixtureStampTests {
    static let fixtures = TemporaryDirectory("fixture-stamp-input")
    let folder = TemporaryDirectory("fixture-stamp")
    static let input = fixtures.write("fixture.pdf", bytes: GeometryFixture.document())
    static let placement = StampPlacement(at: Point(x: 10, y: 12), width: 30, units: .percent)

    /// Where the placement must land, from the fixture's hand-written displayed size alone.
    static func expected(_ spec: FixturePage) -> Rect {
        let s = spec.displayedSize
        return Rect(x: s.width * 0.10, y: s.height * 0.12, width: s.width * 0.30, height: s.width * 0.30 / 3)
    }

    @Test("our geometry matches the fixture table on every page")
    func geometry() throws {
        let doc = try PDFDocument(path: Self.input)
        for (i, spec) in GeometryFixture.pages.enumerated() {
            let g = try doc.page(i + 1).geometry()
            #expect(g.cropBox.isClose(to: spec.effectiveCropBox), "\(spec.label): \(g.cropBox)")
            #expect(g.rotation == spec.geometry.rotation, "\(spec.label)")
            #expect(g.userUnit == (spec.userUnit ?? 1), "\(spec.label)")
            #expect(
                abs(g.displayedSize.width - spec.displayedSize.width) < 1e-6
                    && abs(g.displayedSize.height - spec.displayedSize.height) < 1e-6,
                "\(spec.label): \(g.displayedSize)")
        }
    }

    static let artworks: [(String, @Sendable () throws -> StampArtwork)] = [
        ("image", { try StampArtwork.image(TestStamp.png(), name: "test stamp") }),
        ("vector ink", { .ink(TestInk.stamp()) }),
    ]

    @Test(
        "every page stamped upright in place, text unchanged, qpdf clean",
        arguments: [(StampOptions.Mode.rewrite, 0), (.incremental, 0), (.incremental, 1)])
    func stampAll(_ mode: StampOptions.Mode, _ artworkIndex: Int) throws {
        let (name, make) = Self.artworks[artworkIndex]
        let output = folder.path("all-\(mode.rawValue)-\(artworkIndex).pdf")
        let report = try Stamper.stamp(
            input: Self.input, artwork: try make(),
            options: StampOptions(pages: .all, placement: Self.placement, mode: mode),
            output: output)
        #expect(report.mode == mode.rawValue)
        #expect(try QPDFTool.check(output).isClean)
        #expect(try PopplerText.pages(output) == PopplerText.pages(Self.input))
        for (i, spec) in GeometryFixture.pages.enumerated() {
            let found = try #require(
                try StampLocator.locate(
                    pdf: output, page: i + 1, userUnit: spec.userUnit ?? 1, baseline: Self.input),
                "\(name), \(spec.label): no stamp")
            #expect(found.isUpright(at: Self.expected(spec)), "\(name), page \(i + 1) \(spec.label): \(found)")
        }
        if mode == .incremental {
            let original = try Data(contentsOf: URL(fileURLWithPath: Self.input))
            #expect(
                byteDifference(try Data(contentsOf: URL(fileURLWithPath: output)).prefix(original.count), original)
                    == nil)
        }
    }

    /// Pages sharing resources with a stamped page, or inheriting them from the same node, must
    /// render exactly as before when they are not stamped themselves.
    @Test("unstamped pages stay as they were")
    func othersUntouched() throws {
        let output = folder.path("some.pdf")
        let stamped: Set<Int> = [16, 20]  // inherits resources from the group node; shares resources with 21
        _ = try Stamper.stamp(
            input: Self.input, artwork: try StampArtwork.image(TestStamp.png(), name: "test stamp"),
            options: StampOptions(pages: PageSelection("16,20"), placement: Self.placement), output: output)
        for (i, spec) in GeometryFixture.pages.enumerated() {
            let found = try StampLocator.locate(
                pdf: output, page: i + 1, userUnit: spec.userUnit ?? 1, baseline: Self.input)
            if stamped.contains(i + 1) {
                #expect(found?.isUpright(at: Self.expected(spec)) == true, "\(spec.label)")
            } else {
                #expect(found == nil, "page \(i + 1) (\(spec.label)) changed: \(found.map { "\($0)" } ?? "")")
            }
        }
    }

    /// Same input, same stamp, same options → the same bytes (deterministic /ID, stable
    /// numbering), in both modes.
    @Test("output is deterministic", arguments: [StampOptions.Mode.rewrite, .incremental])
    func deterministic(_ mode: StampOptions.Mode) throws {
        let outputs = try (0..<2).map { run -> Data in
            let output = folder.path("det-\(mode.rawValue)-\(run).pdf")
            _ = try Stamper.stamp(
                input: Self.input, artwork: try StampArtwork.image(TestStamp.png(), name: "test stamp"),
                options: StampOptions(pages: .all, placement: Self.placement, mode: mode), output: output)
            return try Data(contentsOf: URL(fileURLWithPath: output))
        }
        #expect(outputs[0] == outputs[1])
    }

    @Test("pages share one stamp form and one stamp stream per placement")
    func sharing() throws {
        let output = folder.path("sharing.pdf")
        _ = try Stamper.stamp(
            input: Self.input, artwork: try StampArtwork.image(TestStamp.png(), name: "test stamp"),
            options: StampOptions(pages: .all, placement: Self.placement), output: output)
        let doc = try PDFDocument(path: output)
        var forms: Set<PDFObjectID> = [], openings: Set<PDFObjectID> = []
        for n in 1...doc.pageCount {
            let page = try doc.page(n)
            let contents = try page.object.value("/Contents")!.items()
            openings.insert(try contents.first!.id!)
            let xobjects = try #require(try page.inherited("/Resources")?.value.value("/XObject"))
            let name = try xobjects.keys().first { $0.hasPrefix(PageStamper.namePrefix) }!
            forms.insert(try xobjects.value(name)!.id!)
        }
        #expect(forms.count == 1, "one form XObject for all pages")
        #expect(openings.count == 1, "one shared q stream")
    }
}

extension Rect {
    func isClose(to other: Rect, tolerance: Double = 0.01) -> Bool {
        abs(minX - other.minX) <= tolerance && abs(minY - other.minY) <= tolerance
            && abs(maxX - other.maxX) <= tolerance && abs(maxY - other.maxY) <= tolerance
    }
}
