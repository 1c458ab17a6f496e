import Foundation
import SignetCore
import SignetFiles
import SignetPDF
import SignetRaster
import SignetTestSupport
import Testing

@testable import SignetCrypto
@testable import SignetPDFSigning

/// The overlay check's bookkeeping on a real signed-then-stamped PDF, with renders made here
/// instead of by `signet-preview`: what is compared, with which bytes, and what the report says
/// when signed content is hidden, when it is not, when rendering fails and when it is skipped.
@Suite("Overlay check: what is compared and what the report says")
struct OverlayCheckTests {
    let pki = TestPKI.shared

    /// A one-page PDF signed by `PDFSigner`, then stamped (a Stamp annotation at 72, 72 from the
    /// top-left, 150 points wide); its verification report, and where the signed bytes end.
    func report(_ dir: TemporaryDirectory) throws -> (report: VerificationReport, signedEnd: Int) {
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let signed = dir.path("signed.pdf"), stamped = dir.path("stamped.pdf")
        _ = try PDFSigner.sign(
            input: input, output: signed, identity: try .pkcs12(path: pki.rsaP12, password: Secret(TestPKI.password)),
            options: PDFSignOptions(signingTime: Date()))
        _ = try Stamper.stamp(
            input: signed, artwork: try StampArtwork.image(TestStamp.png(), name: "test stamp"),
            options: StampOptions(pages: .all, placement: StampPlacement(at: Point(x: 72, y: 72), width: 150)),
            output: stamped)
        let report = try PDFVerifier.verify(
            path: stamped, password: nil, options: VerifyOptions(now: Date(), requireTrust: false))
        return (report, try Data(contentsOf: URL(fileURLWithPath: signed)).count)
    }

    /// A render of `region`'s size filled with `color`.
    static func fill(_ region: Rect, _ color: Color) -> Bitmap {
        Bitmap(width: Int(region.width), height: Int(region.height), fill: color)
    }

    @Test("the stamp is the one target: the signed revision's bytes and the whole file are rendered in its rectangle")
    func hidden() throws {
        let dir = TemporaryDirectory("overlay-check-hidden")
        var (report, signedEnd) = try report(dir)
        let target = try #require(report.overlays.first)
        #expect(report.overlays.count == 1 && target.what == "the Stamp annotation added" && target.page == 1)
        #expect(report.overlayCheck == .notRun && report.signatures[0].permitted)
        let expected = try #require(OverlayComparison.region(of: target.box, pageSize: target.pageSize))
        var calls: [Int?] = []
        OverlayCheck.run(&report) { page, end, region, printing in
            #expect(page == 1 && region == expected && !printing)
            calls.append(end)
            return Self.fill(region, end == nil ? .white : Color(red: 0, green: 0, blue: 0))
        }
        #expect(calls == [signedEnd, nil])
        let signature = report.signatures[0]
        let change = try #require(signature.changes.last)
        #expect(
            change.level == .other
                && change.what.hasPrefix("the Stamp annotation added on page 1 covers signed content at ["))
        #expect(!signature.permitted && !signature.valid && signature.modificationLevel == .other)
        #expect(report.overlayCheck == .done && !report.valid)
    }

    @Test("nothing hidden: the signature keeps its verdict, the check is done")
    func notHidden() throws {
        let dir = TemporaryDirectory("overlay-check-clear")
        var (report, _) = try report(dir)
        let before = report.signatures[0]
        OverlayCheck.run(&report) { _, _, region, _ in Self.fill(region, .white) }
        #expect(report.signatures[0] == before && report.overlayCheck == .done)
    }

    @Test("a render that fails: a problem for the signature, not valid, check failed")
    func renderFails() throws {
        struct Broken: Error {}
        let dir = TemporaryDirectory("overlay-check-failed")
        var (report, _) = try report(dir)
        OverlayCheck.run(&report) { _, _, _, _ in throw Broken() }
        let signature = report.signatures[0]
        #expect(
            signature.problems.last?.hasPrefix(
                "whether the annotations added after it hide signed content could not be checked: ") == true)
        #expect(!signature.valid && signature.permitted && report.overlayCheck == .failed)
    }

    @Test("skipped: a note for the signature, its verdict unchanged")
    func skipped() throws {
        let dir = TemporaryDirectory("overlay-check-skipped")
        var (report, _) = try report(dir)
        let valid = report.signatures[0].valid
        OverlayCheck.skip(&report, note: "not compared")
        #expect(report.signatures[0].notes.last == "not compared" && report.signatures[0].valid == valid)
        #expect(report.overlayCheck == .skipped)
    }
}
