import Foundation
import SignetTestSupport
import Testing

/// Jobs run in worker processes: a job that crashes, hangs or runs out of memory fails alone, with
/// its own row, and the jobs after it still run.
@Suite("signet batch: worker processes")
struct BatchWorkerTests {
    static let strokes = Corpus.packageRoot.appendingPathComponent("SampleStrokes/signet-amelia-reyes.json").path

    /// Three render jobs; the middle one reads `middle` (a FIFO nobody writes blocks it).
    static func jobs(_ dir: TemporaryDirectory, middle: String, extra: [String: Any] = [:]) -> String {
        let list = [
            ["op": "render", "input": strokes, "output": dir.path("first.png")],
            ["op": "render", "input": middle, "output": dir.path("middle.png")].merging(extra) { $1 },
            ["op": "render", "input": strokes, "output": dir.path("last.png")],
        ]
        return dir.write("jobs.ndjson", BatchSupport.lines(list))
    }

    static func fifo(_ dir: TemporaryDirectory) throws -> String {
        let path = dir.path("blocks.json")
        try #require(mkfifo(path, 0o600) == 0, "mkfifo \(path)")
        return path
    }

    /// Checks rows 1 and 3 succeeded and returns row 2.
    static func middleRow(_ result: ProcessResult) throws -> [String: Any] {
        let rows = try BatchSupport.rows(result)
        try #require(rows.count == 3, "one row per job, in order; got \(rows.count): \(result.stdoutText)")
        #expect(rows.map { $0["line"] as? Int } == [1, 2, 3], "rows in job order: \(result.stdoutText)")
        #expect(rows[0]["ok"] as? Bool == true && rows[2]["ok"] as? Bool == true, "\(result.stdoutText)")
        #expect(result.status == 1, "one job failed: exit \(result.status), \(result.stderr)")
        #expect(result.stderr.contains("1 of 3 jobs failed"), "summary: \(result.stderr)")
        return rows[1]
    }

    @Test("a job past --job-timeout is stopped, its row says so (exit 124), the next job runs")
    func timeout() throws {
        let dir = TemporaryDirectory("batch-worker-timeout")
        let list = Self.jobs(dir, middle: try Self.fifo(dir))
        let r = try ProcessRunner.signet(["batch", list, "--jobs", "1", "--job-timeout", "1"])
        let row = try Self.middleRow(r)
        #expect(row["exit"] as? Int == 124, "\(row)")
        #expect((row["error"] as? String)?.contains("ran longer than --job-timeout 1.0 s") == true, "\(row)")
        #expect(FileManager.default.fileExists(atPath: dir.path("last.png")))
    }

    @Test("a worker killed by a signal mid-job: that job's row names the signal, the batch goes on")
    func crashedWorker() throws {
        let dir = TemporaryDirectory("batch-worker-crash")
        let list = Self.jobs(dir, middle: try Self.fifo(dir))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ProcessRunner.signet)
        process.arguments = ["batch", list, "--jobs", "1"]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Never hang the suite: the batch is killed if it has not finished within two minutes.
        let batch = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + 120) { kill(batch, SIGKILL) }
        // Abort the worker that is blocked opening the FIFO of job 2 (the kernel says so in its
        // wchan): the first child found once job 1's output exists may be job 1's worker, still
        // finishing, and killing that one left job 2's worker blocked for good.
        let deadline = Date().addingTimeInterval(60)
        var worker: Int32?
        while worker == nil, Date() < deadline {
            worker = Self.children(of: process.processIdentifier).first { Self.blockedOnFIFO($0) }
            if worker == nil { Thread.sleep(forTimeInterval: 0.02) }
        }
        let pid = try #require(worker, "a worker process of the batch")
        kill(pid, SIGABRT)
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let result = ProcessResult(
            status: process.terminationStatus, stdout: Array(stdout), stderr: String(decoding: stderr, as: UTF8.self))
        let row = try Self.middleRow(result)
        #expect(row["exit"] as? Int == 134, "128 + SIGABRT: \(row)")
        #expect((row["error"] as? String)?.contains("crashed its worker process with SIGABRT") == true, "\(row)")
    }

    @Test("a job over --job-memory fails alone")
    func memoryLimit() throws {
        let dir = TemporaryDirectory("batch-worker-memory")
        // 40 times the drawing's size needs far more than 250 MB of address space; the others need less.
        let list = Self.jobs(dir, middle: Self.strokes, extra: ["scale": 40, "max-bytes": "1MB"])
        let r = try ProcessRunner.signet(["batch", list, "--jobs", "2", "--job-memory", "250MB"])
        let row = try Self.middleRow(r)
        #expect(row["ok"] as? Bool == false && (row["error"] as? String) != nil, "\(row)")
    }

    /// `pid` sleeps in the kernel waiting for the other end of a FIFO it opens.
    static func blockedOnFIFO(_ pid: Int32) -> Bool {
        (try? String(contentsOfFile: "/proc/\(pid)/wchan", encoding: .utf8)) == "wait_for_partner"
    }

    /// The pids whose parent is `pid` (field 4 of /proc/N/stat; a child spawned by any thread counts).
    static func children(of pid: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { Int32($0) }.filter { child in
            guard let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 2 && Int32(fields[1]) == pid
        }
    }
}
