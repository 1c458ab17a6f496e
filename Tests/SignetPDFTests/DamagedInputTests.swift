import Foundation
import SignetPDF
import SignetTestSupport
import Testing

/// Seeded damage — bytes flipped (more of them near the end, where the trailer and xref live),
/// files cut short — must end in a clean `PDFError` or a valid output, never a crash or hang.
@Suite("Damaged input never crashes")
struct DamagedInputTests {
    static let sources: [[UInt8]] = [
        GeometryFixture.document(pageCount: 3),
        xrefStreamFile(),
    ]

    /// A small file whose only cross-reference section is a stream (the other parser path);
    /// the fixture again when the corpus is absent.
    static func xrefStreamFile() -> [UInt8] {
        guard Corpus.isAvailable else { return GeometryFixture.document(pageCount: 1) }
        return (try? Array(Data(contentsOf: URL(fileURLWithPath: Corpus.path("pdfs/qpdf/object-stream.pdf"))))) ?? []
    }

    @Test("mutated files", arguments: 0..<60)
    func mutated(_ seed: Int) throws {
        var rng = SeededRandom(seed: UInt64(seed) &* 7919)
        var bytes = Self.sources[seed % Self.sources.count]
        let flips = Int.random(in: 1...12, using: &rng)
        for _ in 0..<flips {
            let tailBiased = Bool.random(using: &rng)
            let range = tailBiased ? max(0, bytes.count - 600)..<bytes.count : 0..<bytes.count
            bytes[Int.random(in: range, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
        }
        if seed % 5 == 0 { bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &rng))) }
        let dir = TemporaryDirectory("damaged")
        let input = dir.write("in.pdf", bytes: bytes)
        let output = dir.path("out.pdf")
        do {
            _ = try Stamper.stamp(
                input: input, artwork: try StampArtwork.image(TestStamp.png(width: 60, height: 20), name: "stamp"),
                options: StampOptions(pages: .all, placement: StampPlacement(at: .zero, width: 10)), output: output)
            #expect(try QPDFTool.check(output).status != 2, "a written output must be readable")
        } catch let error as PDFError {
            #expect(!error.message.isEmpty)
            #expect(!dir.contents().contains("out.pdf"))
        }
        _ = try? DocumentInfo(try PDFDocument(path: input))
    }
}
