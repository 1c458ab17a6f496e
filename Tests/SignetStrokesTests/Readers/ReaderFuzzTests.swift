import Foundation
import SignetStrokes
import SignetTestSupport
import Testing

/// Damaged inputs never crash a reader: every read either succeeds or throws a
/// `StrokeReadError` (property test over seeded mutations of every sample).
@Suite("Damaged inputs")
struct ReaderFuzzTests {
    static let samples = SampleStrokesTests.expected.map(\.file)

    static let noise: [UInt8] = Array("{}[]<>/\"',:.-+eE0123456789 \n\t!&;xyzNaT".utf8) + [0, 0xFF, 0xC3]

    @Test("mutated and truncated samples read or fail cleanly", arguments: samples)
    func mutations(file: String) throws {
        let original = Array(try Data(contentsOf: SampleStrokesTests.folder.appendingPathComponent(file)))
        var random = SeededRandom(seed: UInt64(file.utf8.reduce(0) { $0 &* 31 &+ Int($1) }.magnitude))
        for round in 0..<120 {
            var bytes = original
            switch round % 3 {
            case 0:
                bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &random)))
            case 1:
                for _ in 0..<Int.random(in: 1...8, using: &random) {
                    bytes[Int.random(in: 0..<bytes.count, using: &random)] = Self.noise.randomElement(using: &random)!
                }
            default:
                let at = Int.random(in: 0..<bytes.count, using: &random)
                let length = Int.random(in: 1...min(200, bytes.count - at), using: &random)
                bytes.removeSubrange(at..<(at + length))
            }
            let format: StrokeFormat? = round % 4 == 0 ? StrokeFormat.allCases.randomElement(using: &random) : nil
            do {
                let d = try StrokeReader.read(bytes, name: file, options: StrokeReadOptions(format: format))
                #expect(!d.strokes.isEmpty && d.strokes.allSatisfy { !$0.samples.isEmpty })
            } catch is StrokeReadError {
                continue
            } catch {
                Issue.record("\(file) round \(round): \(error)")
            }
        }
    }
}
