import Foundation
import Signet

/// Where the time of one render goes: mean milliseconds per signature for each stage, run
/// one after the other on every JSON file of a folder (the numbers behind docs/performance.md's notes).
enum Stages {
    static func run(input: String) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: input).filter { $0.hasSuffix(".json") }.sorted()
        guard !names.isEmpty else { throw BenchError("no .json files in \(input)") }
        var totals: [(String, UInt64)] = []
        func add(_ stage: String, _ nanoseconds: UInt64) {
            if let i = totals.firstIndex(where: { $0.0 == stage }) {
                totals[i].1 += nanoseconds
            } else {
                totals.append((stage, nanoseconds))
            }
        }
        func time<T>(_ stage: String, _ body: () throws -> T) rethrows -> T {
            let start = DispatchTime.now().uptimeNanoseconds
            defer { add(stage, DispatchTime.now().uptimeNanoseconds - start) }
            return try body()
        }
        for name in names {
            let path = input + "/" + name
            let drawing = try time("read + parse (StrokeFile.read, format detected)") {
                try StrokeFile.read(path: path)
            }
            _ = try time("read + parse (StrokeFile.read, --format signet)") {
                try StrokeFile.read(path: path, options: StrokeReadOptions(format: .signet))
            }
            _ = try time("smooth + lay out (Renderer.prepare)") { try Renderer.prepare(drawing) }
            let best = try time("render, antialias best (incl. smoothing)") { try Renderer.raster(drawing) }
            _ = try time("render, antialias fast (incl. smoothing)") {
                try Renderer.raster(drawing, options: RenderOptions(antialias: .fast))
            }
            _ = try time("PNG encode (auto)") { try PNGEncoder.encode(best.image) }
        }
        for (stage, nanoseconds) in totals {
            print(
                stage.padding(toLength: 46, withPad: " ", startingAt: 0),
                String(format: "%6.2f ms", Double(nanoseconds) / 1e6 / Double(names.count)))
        }
    }
}
