import Foundation
import SignetStrokes
import SignetTestSupport
import Testing

/// Every stroke file of the shared corpus reads into a drawing with ink.
@Suite("Corpus stroke files", .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.missingNote)))
struct CorpusReadTests {
    static let strokeExtensions: Set<String> = ["json", "ndjson", "inkml", "xml", "txt"]

    static var files: [String] { Corpus.files(in: "strokes", extensions: strokeExtensions) }

    static func read(_ path: String, index: Int = 0) throws -> Drawing {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        return try StrokeReader.read(
            bytes, name: (path as NSString).lastPathComponent, options: StrokeReadOptions(index: index))
    }

    @Test("every corpus stroke file reads and has ink", arguments: files)
    func readsWithInk(path: String) throws {
        let drawing = try Self.read(path)
        #expect(!drawing.strokes.isEmpty)
        #expect(drawing.strokes.allSatisfy { !$0.samples.isEmpty })
        let ink = Ink(drawing)
        let bounds = try #require(ink.bounds)
        #expect(bounds.size.width > 0 && bounds.size.height > 0)
    }

    @Test("the corpus holds the stroke files this suite expects")
    func corpusIsComplete() {
        // 9 SVC2004 + 3 signature_pad JSON + 7 Quick, Draw! + 13 InkML + 4 perfect-freehand.
        #expect(Self.files.count == 36)
    }
}
