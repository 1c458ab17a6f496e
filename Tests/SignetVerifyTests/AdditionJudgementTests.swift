import Foundation
import SignetCore
import SignetFiles
import SignetPDF
import SignetTestSupport
import Testing

@testable import SignetVerify

/// `verify`'s judgement of what a job is about to add to a signed PDF, with renders made here:
/// only the update being judged is compared, what it hides is named (page, signature, the
/// annotation's rectangle), and a render that fails leaves it not judged rather than clear.
@Suite("Addition judgement: the overlay check on a file before it is written")
struct AdditionJudgementTests {
    /// `OverlayCheckTests`' signed-then-stamped PDF (a Stamp annotation at 72, 72 from the
    /// top-left, 150 points wide), stamped again at 300, 400; the path, and where the second
    /// stamp's update begins.
    func twiceStamped(_ dir: TemporaryDirectory) throws -> (path: String, secondFrom: Int) {
        let (once, _) = try OverlayCheckTests().stamped(dir)
        let twice = dir.path("twice.pdf")
        _ = try Stamper.stamp(
            input: once, artwork: try StampArtwork.image(TestStamp.png(), name: "test stamp"),
            options: StampOptions(placement: StampPlacement(at: Point(x: 300, y: 400), width: 150)), output: twice)
        return (twice, try Data(contentsOf: URL(fileURLWithPath: once)).count)
    }

    typealias Renderer = OverlayCheckTests.Recorder

    @Test("only the update judged is rendered: the second stamp's rectangle, as signed and as it would be")
    func onlyTheNewUpdate() throws {
        let dir = TemporaryDirectory("judgement-new-update")
        let (path, from) = try twiceStamped(dir)
        let renderer = Renderer(path) { OverlayCheckTests.fill($0.region, .white) }
        let outcome = try AdditionJudgement.judge(
            try ReadableFile(path: path), password: nil, from: from, renderer: renderer)
        #expect(outcome == .clear, "\(outcome)")
        // The second stamp: 150 × 50 pt at 300, 400 from the top-left, at 2 pixels per point.
        let expected = Rect(x: 600, y: 800, width: 300, height: 100)
        let regions = renderer.calls.map(\.region)
        #expect(regions.count == 2 && Set(regions) == [expected], "\(regions)")
    }

    @Test("ink the update would cover: the page, the signature and the annotation's rectangle named")
    func covers() throws {
        let dir = TemporaryDirectory("judgement-covers")
        let (path, from) = try twiceStamped(dir)
        let renderer = Renderer(path) {
            OverlayCheckTests.fill($0.region, $0.end == nil ? .white : Color(red: 0, green: 0, blue: 0))
        }
        let outcome = try AdditionJudgement.judge(
            try ReadableFile(path: path), password: nil, from: from, renderer: renderer)
        guard case .covers(let covered) = outcome else {
            Issue.record("expected covered content, got \(outcome)")
            return
        }
        #expect(covered.count == 1 && covered[0].page == 1 && covered[0].signature == 1, "\(covered)")
        #expect(covered[0].field == "Signature1")
        #expect(covered[0].hiding.rect == [300, 342, 450, 392], "the /Rect of the stamp: \(covered[0].hiding.rect)")
    }

    @Test("a render that fails: not judged, with the renderer's reason; never clear")
    func renderFails() throws {
        let dir = TemporaryDirectory("judgement-fails")
        let (path, from) = try twiceStamped(dir)
        struct Broken: Error, CustomStringConvertible { var description: String { "the renderer broke" } }
        let outcome = try AdditionJudgement.judge(
            try ReadableFile(path: path), password: nil, from: from, renderer: Renderer(path) { _ in throw Broken() })
        guard case .notJudged(let why) = outcome else {
            Issue.record("expected not judged, got \(outcome)")
            return
        }
        #expect(why.contains("the renderer broke"), "\(why)")
    }
}
