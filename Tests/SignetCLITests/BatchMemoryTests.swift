import Foundation
import SignetTestSupport
import Testing

/// `signet batch` memory stays flat with the number of jobs: results are streamed, lines are
/// read one at a time, and nothing is kept per job.
@Suite("signet batch: memory does not grow with the job count")
struct BatchMemoryTests {
    /// Peak resident set size of `signet batch list --jobs 2`, in KB, measured by GNU time.
    static func peakKB(_ list: String) throws -> Int {
        let result = try ProcessRunner.run(
            "/usr/bin/time", ["-f", "peak-kb %M", ProcessRunner.signet, "batch", list, "--jobs", "2"])
        #expect(result.status == 0, "\(result.stderr)")
        let line = try #require(result.stderr.split(separator: "\n").last { $0.hasPrefix("peak-kb ") })
        return try #require(Int(line.dropFirst("peak-kb ".count)))
    }

    @Test(
        "600 vs 3,000 small jobs (info on a PDF, every 30th a render): peak RSS within 2 MB",
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/time"),
            "GNU time is not installed (make test-deps)"),
        .disabled(
            if: ProcessInfo.processInfo.environment["SIGNET_SANITIZER"] != nil,
            "under a sanitizer freed memory is held in quarantine, so peak RSS says nothing about leaks"))
    func flatMemory() throws {
        let dir = TemporaryDirectory("batch-memory")
        let pdf = try TestPDF.write(to: dir.path("in.pdf"), rotations: [0, 90, 180])
        let strokes = dir.write("sig.json", BatchSupport.strokes(seed: 7))
        func list(_ count: Int) -> String {
            let jobs: [[String: Any]] = (0..<count).map { i in
                i % 30 == 29
                    ? ["op": "render", "input": strokes, "output": dir.path("out-\(i % 10).png")]
                    : ["op": "info", "input": pdf]
            }
            return dir.write("jobs-\(count).ndjson", BatchSupport.lines(jobs))
        }
        let small = try Self.peakKB(list(600))
        let large = try Self.peakKB(list(3_000))
        #expect(large - small <= 2_048, "peak RSS \(small) KB for 600 jobs, \(large) KB for 3,000")
    }
}
