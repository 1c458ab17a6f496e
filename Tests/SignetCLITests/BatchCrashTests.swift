import Foundation
import SignetCodecs
import SignetTestSupport
import Testing

/// `kill -9` in the middle of a batch: every output that exists is complete, and `--resume`
/// finishes the rest.
@Suite("signet batch: kill -9 and --resume")
struct BatchCrashTests {
    @Test("killed mid-batch: no truncated output, no partial result row; --resume completes the list")
    func killAndResume() throws {
        let dir = TemporaryDirectory("batch-kill")
        let count = 240
        // Large drawings, so each job takes a while and the kill lands between and inside writes.
        let (jobs, outputs) = BatchSupport.renderJobs(in: dir, count: count) { 1500 + 7 * $0 }
        let list = dir.write("jobs.ndjson", jobs)
        let rowsFile = dir.path("rows.ndjson")
        try #require(FileManager.default.createFile(atPath: rowsFile, contents: nil))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ProcessRunner.signet)
        process.arguments = ["batch", list, "--jobs", "2"]
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: rowsFile))
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(120)
        while BatchSupport.visibleFiles(dir.path("out")).count < 20, process.isRunning, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)

        let written = BatchSupport.visibleFiles(dir.path("out"))
        #expect(
            written.count >= 20 && written.count < count,
            "the kill landed mid-batch (\(written.count) of \(count) written)")
        let names = Set(outputs.map { URL(fileURLWithPath: $0).lastPathComponent })
        #expect(
            written.allSatisfy(names.contains),
            "only finished outputs are visible: \(written.filter { !names.contains($0) })")
        for name in written {
            let bytes = try #require(FileManager.default.contents(atPath: dir.path("out/" + name)))
            #expect((try? PNGDecoder.decode(Array(bytes))) != nil, "\(name) decodes")
        }
        let rowsText = try String(contentsOfFile: rowsFile, encoding: .utf8)
        #expect(rowsText.isEmpty || rowsText.hasSuffix("\n"), "the result stream ends with a whole row")
        for line in rowsText.split(separator: "\n") {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "row \(line)")
        }

        let resumed = try ProcessRunner.signet(["batch", list, "--jobs", "2", "--resume"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let rows = try BatchSupport.rows(resumed)
        #expect(rows.count == count)
        let skipped = rows.filter { $0["skipped"] as? Bool == true }.count
        #expect(skipped == written.count, "exactly the outputs that existed are skipped")
        #expect(BatchSupport.visibleFiles(dir.path("out")).count == count)
        #expect(outputs.allSatisfy(BatchSupport.isCompletePNG))
    }
}
