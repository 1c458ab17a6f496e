import Foundation
import SignetTestSupport

/// What one run of a case left behind: its answer and the folder before and after.
struct BadInputRun: Sendable {
    let status: Int32
    let stdout: [UInt8]
    let stderr: String
    /// Every file and folder of the case's folder (relative path → contents; folders map to an
    /// empty value), before and after the run. The temporary folder (`TMPDIR`) is inside it.
    let before: [String: Data]
    let after: [String: Data]

    /// The stderr line as the table shows it: without its line break, the case's folder (should a
    /// message spell it out) shown as `.`.
    let message: String

    /// Runs `signet <command> <arguments>` in a fresh folder holding the case's files.
    init(_ c: BadInputCase) throws {
        let dir = TemporaryDirectory("bad-input")
        for file in c.files { try file.write(dir.path(file.name)) }
        // Spooled standard input and temporary copies go here, so a leftover one is seen.
        try FileManager.default.createDirectory(atPath: dir.path("tmp"), withIntermediateDirectories: false)
        before = try Self.snapshot(dir.url)
        var environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "TMPDIR": dir.path("tmp"),
        ]
        environment.merge(c.environment) { $1 }
        let input = try c.stdin.map { Array(try Data(contentsOf: URL(fileURLWithPath: dir.path($0)))) }
        let result = try ProcessRunner.run(
            ProcessRunner.signet, [c.command] + c.arguments, stdin: input, environment: environment,
            currentDirectory: dir.url.path)
        after = try Self.snapshot(dir.url)
        (status, stdout, stderr) = (result.status, result.stdout, result.stderr)
        let line = stderr.hasSuffix("\n") ? String(stderr.dropLast()) : stderr
        message = line.replacingOccurrences(of: dir.url.path + "/", with: "").replacingOccurrences(
            of: dir.url.path, with: ".")
    }

    private static func snapshot(_ root: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let items = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        for item in items {
            let url = root.appendingPathComponent(item)
            let isFolder = (try url.resourceValues(forKeys: [.isDirectoryKey])).isDirectory == true
            files[item] = isFolder ? Data() : try Data(contentsOf: url)
        }
        return files
    }

    /// Paths that appeared during the run (outputs or temporary files left behind).
    var added: [String] { after.keys.filter { before[$0] == nil }.sorted() }
    /// Paths that are gone or whose bytes changed (inputs must stay as they were).
    var changed: [String] { before.keys.filter { after[$0] != before[$0] }.sorted() }
}

/// Each case runs once per test process: the per-case checks and the README table share the run.
final class BadInputRuns: @unchecked Sendable {
    static let shared = BadInputRuns()

    private let condition = NSCondition()
    private var results: [String: Result<BadInputRun, Error>] = [:]
    private var running: Set<String> = []

    func run(_ c: BadInputCase) throws -> BadInputRun {
        let key = c.testDescription
        condition.lock()
        while running.contains(key) { condition.wait() }
        if let done = results[key] {
            condition.unlock()
            return try done.get()
        }
        running.insert(key)
        condition.unlock()
        let result = Result { try BadInputRun(c) }
        condition.lock()
        results[key] = result
        running.remove(key)
        condition.broadcast()
        condition.unlock()
        return try result.get()
    }
}
