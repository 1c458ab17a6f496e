import Foundation
import SignetTestSupport
import Testing

/// One job list split over processes with `--shard I/N` and GNU parallel gives exactly the
/// outputs of one run.
@Suite("signet batch: --shard with GNU parallel")
struct BatchShardTests {
    @Test(
        "3 shards on 2 parallel processes = one run, file for file and byte for byte",
        .enabled(if: ProcessRunner.hasTool("parallel"), "GNU parallel is not installed (make test-deps)"))
    func shardsMatchOneRun() throws {
        let dir = TemporaryDirectory("batch-shard")
        try FileManager.default.createDirectory(atPath: dir.path("in"), withIntermediateDirectories: true)
        let count = 31
        // Outputs are relative, so the same list writes into whichever folder the batch runs in.
        let jobs: [[String: Any]] = (0..<count).map { i in
            let input = dir.write(String(format: "in/%03d.json", i), BatchSupport.strokes(seed: i, points: 30))
            return ["op": "render", "input": input, "output": String(format: "%03d.png", i)]
        }
        let list = dir.write("jobs.ndjson", BatchSupport.lines(jobs))
        for folder in ["one", "sharded"] {
            try FileManager.default.createDirectory(atPath: dir.path(folder), withIntermediateDirectories: true)
        }

        let one = try ProcessRunner.run(ProcessRunner.signet, ["batch", list], currentDirectory: dir.path("one"))
        #expect(one.status == 0, "\(one.stderr)")
        let sharded = try ProcessRunner.run(
            "parallel",
            ["--will-cite", "-j", "2", ProcessRunner.signet, "batch", list, "--shard", "{}/3", ":::", "1", "2", "3"],
            currentDirectory: dir.path("sharded"))
        #expect(sharded.status == 0, "\(sharded.stderr)")

        let lines = try BatchSupport.rows(sharded).compactMap { $0["line"] as? Int }
        #expect(lines.sorted() == Array(1...count), "every job ran in exactly one shard")
        let files = BatchSupport.visibleFiles(dir.path("one"))
        #expect(files.count == count)
        #expect(BatchSupport.visibleFiles(dir.path("sharded")) == files)
        for name in files {
            let a = FileManager.default.contents(atPath: dir.path("one/" + name))
            let b = FileManager.default.contents(atPath: dir.path("sharded/" + name))
            #expect(a != nil && a == b, "\(name)")
        }
    }
}
