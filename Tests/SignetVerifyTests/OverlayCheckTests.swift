import Foundation
import SignetCore
import SignetFiles
import SignetPDF
import SignetRaster
import SignetTestSupport
import Testing

@testable import SignetCrypto
@testable import SignetPDFSigning
@testable import SignetVerify

/// The overlay check's bookkeeping on a real signed-then-stamped PDF, with renders made here
/// instead of by `signet-preview`: what is compared, with which bytes, and what the report says
/// when signed content is hidden, when it is not, when rendering fails and when it is skipped.
@Suite("Overlay check: what is compared and what the report says")
struct OverlayCheckTests {
    let pki = TestPKI.shared

    /// A one-page PDF signed by `PDFSigner`, then stamped (a Stamp annotation at 72, 72 from the
    /// top-left, 150 points wide); where the stamped file is, and where the signed bytes end.
    func stamped(_ dir: TemporaryDirectory, pages: Int = 1) throws -> (path: String, signedEnd: Int) {
        let input = try TestPDF.write(to: dir.path("in.pdf"), rotations: Array(repeating: 0, count: pages))
        let (signed, bytes) = try sign(input, in: dir)
        let stamped = dir.path("stamped.pdf")
        _ = try Stamper.stamp(
            input: signed, artwork: try StampArtwork.image(TestStamp.png(), name: "test stamp"),
            options: StampOptions(
                pages: PageSelection("1"), placement: StampPlacement(at: Point(x: 72, y: 72), width: 150)),
            output: stamped)
        return (stamped, bytes.count)
    }

    /// `input` signed by `PDFSigner` as `dir`'s signed.pdf: its path and bytes.
    func sign(_ input: String, in dir: TemporaryDirectory) throws -> (path: String, bytes: [UInt8]) {
        let signed = dir.path("signed.pdf")
        _ = try PDFSigner.sign(
            input: input, output: signed, identity: try .pkcs12(path: pki.rsaP12, password: Secret(TestPKI.password)),
            options: PDFSignOptions(signingTime: Date()))
        return (signed, try [UInt8](Data(contentsOf: URL(fileURLWithPath: signed))))
    }

    func verify(_ path: String, _ rendering: PageRendering) throws -> VerificationReport {
        try PDFVerifier.verify(
            path: path, password: nil, options: VerifyOptions(now: Date(), requireTrust: false), rendering: rendering)
    }

    /// A renderer that answers with `draw` and records each call; objects are read by poppler.
    final class Recorder: PageRenderer, @unchecked Sendable {
        struct Call: Hashable {
            var page: Int
            var end: Int?
            var region: Rect
            var dpi: Double
            var printing: Bool
        }
        let path: String
        let draw: (Call) throws -> Bitmap
        private(set) var calls: [Call] = []
        init(_ path: String, _ draw: @escaping (Call) throws -> Bitmap) { (self.path, self.draw) = (path, draw) }
        func render(page: Int, end: Int?, region: Rect, dpi: Double, printing: Bool) throws -> Bitmap {
            let call = Call(page: page, end: end, region: region, dpi: dpi, printing: printing)
            calls.append(call)
            return try draw(call)
        }
        func readObjects(ends: [Int?]) throws -> [UInt8] { try PopplerRenderer(path: path).readObjects(ends: ends) }
    }

    /// A render of `region`'s size filled with `color`.
    static func fill(_ region: Rect, _ color: Color) -> Bitmap {
        Bitmap(width: Int(region.width), height: Int(region.height), fill: color)
    }

    /// A recorder whose signed revision is black and whose present one white: whatever is compared
    /// covers signed content.
    static func covering(_ path: String) -> Recorder {
        Recorder(path) { fill($0.region, $0.end == nil ? .white : Color(red: 0, green: 0, blue: 0)) }
    }

    @Test("the stamp is the one target: the signed revision's bytes and the whole file are rendered in its rectangle")
    func hidden() throws {
        let dir = TemporaryDirectory("overlay-check-hidden")
        let (path, signedEnd) = try stamped(dir)
        let recorder = Self.covering(path)
        let report = try verify(path, .renderer(recorder))
        let ends = recorder.calls.map(\.end)
        #expect(ends == [signedEnd, nil], "renders asked for: \(recorder.calls)")
        #expect(recorder.calls.allSatisfy { $0.page == 1 && !$0.printing && $0.dpi == OverlayComparison.dpi })
        #expect(Set(recorder.calls.map(\.region)).count == 1, "one rectangle, rendered twice: \(recorder.calls)")
        let signature = report.signatures[0]
        let change = try #require(signature.changes.last)
        #expect(
            change.level == .other
                && change.what.hasPrefix("the Stamp annotation added on page 1 covers signed content at ["))
        #expect(!signature.permitted && !signature.valid && signature.modificationLevel == .other)
        #expect(signature.problemKinds.first == .refusedChange, "\(signature.problems)")
        #expect(report.overlayCheck == .done && !report.valid)
    }

    @Test("a stamp that page 2's /Annots lists too is compared on both pages: readers draw it on each")
    func listedOnTwoPages() throws {
        let dir = TemporaryDirectory("overlay-check-two-pages")
        let (stampedPath, signedEnd) = try stamped(dir, pages: 2)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: stampedPath)))
        let document = try PDFDocument(path: stampedPath)
        let annots = try document.page(1).object.value("/Annots")?.items() ?? []
        let stamp = try #require(try annots.last?.id?.number, "page 1 of the stamped file lists no annotation")
        // Page 2 as it is (it holds the signature's widget), with the stamp added to its /Annots.
        let page = try document.page(2).object
        let number = try #require(try page.id?.number)
        let text = String(decoding: try page.unparsed(), as: UTF8.self)
        try #require(text.contains("/Annots ["), "page 2 of the stamped file: \(text)")
        let page2 = text.replacingOccurrences(of: "/Annots [", with: "/Annots [\(stamp) 0 R ")
        let path = dir.write("both.pdf", bytes: IncrementalUpdate.append(to: bytes, objects: [number: page2]))
        let recorder = Recorder(path) { Self.fill($0.region, .white) }
        let report = try verify(path, .renderer(recorder))
        let rendered = Set(recorder.calls.map { "page \($0.page) \($0.end == signedEnd ? "signed" : "now")" })
        #expect(
            rendered == ["page 1 signed", "page 1 now", "page 2 signed", "page 2 now"],
            "renders asked for: \(recorder.calls); changes: \(report.signatures.map { $0.changes.map(\.what) })")
    }

    @Test("annotations kept in another order are compared where they are: readers draw later ones on top")
    func reordered() throws {
        let dir = TemporaryDirectory("overlay-check-reordered")
        // Two stamps over the page's text (50 drawn first, 52 on top), then signed.
        func stamp(_ appearance: Int, x: Int) -> String {
            "<< /Type /Annot /Subtype /Stamp /Rect [\(x) 690 \(x + 200) 730] /F 4 /AP << /N \(appearance) 0 R >> >>"
        }
        let form = IncrementalUpdate.stream(
            "0 g 0 0 200 40 re f", dictionary: "/Type /XObject /Subtype /Form /BBox [0 0 200 40]")
        let prepared = IncrementalUpdate.append(
            to: TestPDF.bytes(),
            objects: [
                4: "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> "
                    + "/Contents 5 0 R /Annots [50 0 R 52 0 R] >>",
                50: stamp(51, x: 72), 51: form, 52: stamp(53, x: 172), 53: form,
            ])
        let (signed, bytes) = try sign(dir.write("in.pdf", bytes: prepared), in: dir)
        let page = try PDFDocument(path: signed).page(1).object
        let number = try #require(try page.id?.number)
        let listed = try (page.value("/Annots")?.items() ?? []).compactMap { try $0.id?.number }
        try #require(listed.count >= 2, "page 1 of the stamped file lists \(listed)")
        let text = String(decoding: try page.unparsed(), as: UTF8.self)
        let list = try #require(text.range(of: #"/Annots *\[[^\]]*\]"#, options: .regularExpression), "\(text)")
        let reversed = text.replacingCharacters(
            in: list, with: "/Annots [" + listed.reversed().map { "\($0) 0 R" }.joined(separator: " ") + "]")
        let path = dir.write("reordered.pdf", bytes: IncrementalUpdate.append(to: bytes, objects: [number: reversed]))
        let recorder = Self.covering(path)
        let signature = try verify(path, .renderer(recorder)).signatures[0]
        let changes = signature.changes.map(\.what)
        #expect(changes.contains("the annotations of page 1 are listed, so drawn, in another order"), "\(changes)")
        #expect(
            changes.contains { $0.hasPrefix("the Stamp annotation (object \(listed.first!)) drawn in another order") },
            "\(changes)")
        #expect(!signature.valid && signature.modificationLevel == .other, "\(changes)")
    }

    @Test("an annotation without an appearance stream is compared on the whole page: readers draw its points")
    func withoutAppearance() throws {
        let dir = TemporaryDirectory("overlay-check-without-appearance")
        let (signed, bytes) = try sign(try TestPDF.write(to: dir.path("in.pdf")), in: dir)
        let page = try PDFDocument(path: signed).page(1).object
        let number = try #require(try page.id?.number)
        let text = String(decoding: try page.unparsed(), as: UTF8.self)
        let listed =
            text.contains("/Annots [")
            ? text.replacingOccurrences(of: "/Annots [", with: "/Annots [90 0 R ")
            : text.replacingOccurrences(of: "<<", with: "<< /Annots [90 0 R]", options: [], range: text.range(of: "<<"))
        // A white Ink line across the page's text, its /Rect in the bottom corner.
        let ink =
            "<< /Type /Annot /Subtype /Ink /Rect [500 20 600 40] /F 4 /C [1 1 1] /BS << /W 10 >> "
            + "/InkList [[72 708 300 708]] >>"
        let path = dir.write(
            "ink.pdf", bytes: IncrementalUpdate.append(to: bytes, objects: [number: listed, 90: ink]))
        let recorder = Self.covering(path)
        let signature = try verify(path, .renderer(recorder)).signatures[0]
        let scale = OverlayComparison.dpi / 72
        #expect(
            !recorder.calls.isEmpty
                && recorder.calls.allSatisfy { $0.region == Rect(x: 0, y: 0, width: 612 * scale, height: 792 * scale) },
            "renders asked for: \(recorder.calls)")
        #expect(!signature.valid && signature.modificationLevel == .other, "\(signature.changes.map(\.what))")
    }

    @Test(
        "an appearance stream a stamp shares with another stamp or a field's widget, changed: both are compared",
        arguments: ["/Subtype /Stamp", "/Subtype /Widget /FT /Tx /T (Amount) /V (100 USD)"])
    func sharedAppearance(_ second: String) throws {
        let dir = TemporaryDirectory("overlay-check-shared-appearance")
        func annotation(_ kind: String, x: Int, y: Int) -> String {
            "<< /Type /Annot \(kind) /Rect [\(x) \(y) \(x + 200) \(y + 40)] /F 4 /AP << /N 51 0 R >> >>"
        }
        let prepared = IncrementalUpdate.append(
            to: TestPDF.bytes(),
            objects: [
                1:
                    "<< /Type /Catalog /Pages 2 0 R \(second.contains("/FT") ? "/AcroForm << /Fields [52 0 R] >> " : "")>>",
                4: "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> "
                    + "/Contents 5 0 R /Annots [50 0 R 52 0 R] >>",
                50: annotation("/Subtype /Stamp", x: 72, y: 690), 52: annotation(second, x: 300, y: 100),
                51: IncrementalUpdate.stream("", dictionary: "/Type /XObject /Subtype /Form /BBox [0 0 200 40]"),
            ])
        let bytes = try sign(dir.write("in.pdf", bytes: prepared), in: dir).bytes
        let black = IncrementalUpdate.stream(
            "0 g 0 0 200 40 re f", dictionary: "/Type /XObject /Subtype /Form /BBox [0 0 200 40]")
        let path = dir.write("shared.pdf", bytes: IncrementalUpdate.append(to: bytes, objects: [51: black]))
        let recorder = Recorder(path) { Self.fill($0.region, .white) }
        let report = try verify(path, .renderer(recorder))
        #expect(Set(recorder.calls.map(\.region)).count == 2, "renders asked for: \(recorder.calls)")
        #expect(report.signatures[0].valid, "\(report.signatures[0].changes.map(\.what))")
    }

    @Test("nothing hidden: the signature is valid, the check is done")
    func notHidden() throws {
        let dir = TemporaryDirectory("overlay-check-clear")
        let path = try stamped(dir).path
        let report = try verify(path, .renderer(Recorder(path) { Self.fill($0.region, .white) }))
        #expect(report.signatures[0].valid && report.overlayCheck == .done, "\(report.signatures[0].problems)")
    }

    @Test("a render that fails: a problem for the signature, not valid, check failed")
    func renderFails() throws {
        struct Broken: Error {}
        let dir = TemporaryDirectory("overlay-check-failed")
        let path = try stamped(dir).path
        let report = try verify(path, .renderer(Recorder(path) { _ in throw Broken() }))
        let signature = report.signatures[0]
        #expect(
            signature.problems.first?.hasPrefix(
                "whether the annotations added after it hide signed content could not be checked: ") == true,
            "\(signature.problems)")
        #expect(!signature.valid && signature.permitted && report.overlayCheck == .failed)
    }

    @Test("skipped as asked: a note for the signature, which stays valid")
    func skipped() throws {
        let dir = TemporaryDirectory("overlay-check-skipped")
        let report = try verify(try stamped(dir).path, .skipped)
        let signature = report.signatures[0]
        #expect(
            signature.notes.contains { $0.contains("were not compared with the page as signed") }, "\(signature.notes)")
        #expect(signature.valid && report.overlayCheck == .skipped)
    }

    @Test("no renderer: the report says the check was not run, and the signature is not valid")
    func unavailable() throws {
        let dir = TemporaryDirectory("overlay-check-unavailable")
        let report = try verify(try stamped(dir).path, .unavailable)
        let signature = report.signatures[0]
        #expect(signature.problemKinds == [.rendering], "\(signature.problems)")
        #expect(signature.problems.first?.contains("no page renderer was given") == true)
        #expect(!signature.valid && signature.verdict == .invalid && report.overlayCheck == .notRun && !report.valid)
    }
}
