import Foundation
import SignetTestSupport

/// Job lists, stroke files and result parsing for the `signet batch` tests.
enum BatchSupport {
    /// A small signature whose shape depends on `seed` (so outputs differ), in Signet JSON.
    /// `points` sets the size of its one long stroke (a bigger drawing renders slower).
    static func strokes(seed: Int, points: Int = 12) -> String {
        var random = SeededRandom(seed: UInt64(seed) + 1)
        let samples = (0..<points).map { i -> String in
            let x = 10 + Double(i) * 400 / Double(points) + Double.random(in: 0...6, using: &random)
            let y = 60 + 40 * sin(Double(i) / 3 + Double(seed)) + Double.random(in: 0...6, using: &random)
            return "[\(Int(x)),\(Int(y)),\(i * 16)]"
        }
        return """
            {"format":"signet-strokes","version":1,"canvas":{"width":440,"height":140},"strokes":[{"points":[\(samples.joined(separator: ","))]}]}
            """
    }

    /// One JSON object per line, keys sorted so lines are stable.
    static func lines(_ jobs: [[String: Any]]) -> String {
        jobs.map { job in
            String(
                decoding: try! JSONSerialization.data(
                    withJSONObject: job, options: [.sortedKeys, .withoutEscapingSlashes]), as: UTF8.self)
        }.joined(separator: "\n") + "\n"
    }

    /// `count` render jobs `in/NNNN.json → out/NNNN.png` in `dir` (inputs written here).
    static func renderJobs(
        in dir: TemporaryDirectory, count: Int, points: (Int) -> Int = { _ in 12 }
    ) -> (jobs: String, outputs: [String]) {
        try! FileManager.default.createDirectory(atPath: dir.path("in"), withIntermediateDirectories: true)
        try! FileManager.default.createDirectory(atPath: dir.path("out"), withIntermediateDirectories: true)
        var jobs: [[String: Any]] = []
        var outputs: [String] = []
        for i in 0..<count {
            let name = String(format: "%04d", i)
            let input = dir.write("in/\(name).json", strokes(seed: i, points: points(i)))
            let output = dir.path("out/\(name).png")
            jobs.append(["op": "render", "input": input, "output": output])
            outputs.append(output)
        }
        return (lines(jobs), outputs)
    }

    /// The NDJSON result rows of a batch run (the summary goes to stderr).
    static func rows(_ result: ProcessResult) throws -> [[String: Any]] {
        try result.stdoutText.split(separator: "\n").map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw CocoaError(.coderReadCorrupt)
            }
            return object
        }
    }

    /// True when `path` holds a complete PNG (signature first, IEND chunk last).
    static func isCompletePNG(_ path: String) -> Bool {
        guard let bytes = FileManager.default.contents(atPath: path).map(Array.init), bytes.count > 20 else {
            return false
        }
        let iend: [UInt8] = [0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        return bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) && Array(bytes.suffix(12)) == iend
    }

    /// Visible (not dot-) files in `folder`, sorted.
    static func visibleFiles(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }
}
