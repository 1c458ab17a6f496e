import Foundation

/// The result of running a program to completion.
package struct ProcessResult: Sendable {
    package var status: Int32
    package var stdout: [UInt8]
    package var stderr: String
    /// True when the process was ended by a signal (`status` is then the signal's number).
    package var signalled = false

    package init(status: Int32, stdout: [UInt8], stderr: String, signalled: Bool = false) {
        (self.status, self.stdout, self.stderr, self.signalled) = (status, stdout, stderr, signalled)
    }

    package var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
}

/// Runs programs as real processes: the CLI under test and the independent checkers.
package enum ProcessRunner {
    /// The `signet` executable built next to the tests (or `$SIGNET_BIN`).
    package static var signet: String {
        if let custom = ProcessInfo.processInfo.environment["SIGNET_BIN"] { return custom }
        let build = Corpus.packageRoot.appendingPathComponent(".build")
        for config in ["debug", "release"] {
            let p = build.appendingPathComponent(config).appendingPathComponent("signet").path
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return build.appendingPathComponent("debug/signet").path
    }

    /// Runs `executable` (a path, or a name looked up in PATH) with `arguments`.
    package static func run(
        _ executable: String, _ arguments: [String], stdin: [UInt8]? = nil,
        environment: [String: String]? = nil, currentDirectory: String? = nil
    ) throws -> ProcessResult {
        let process = Process()
        if executable.contains("/") {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [executable] + arguments
        }
        if let environment { process.environment = environment }
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin == nil ? FileHandle.nullDevice : input
        try process.run()
        if let stdin { feed(stdin, to: input.fileHandleForWriting) }
        // Read both pipes concurrently so a full stderr pipe cannot block the child.
        nonisolated(unsafe) var errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return ProcessResult(
            status: process.terminationStatus, stdout: Array(outData), stderr: String(decoding: errData, as: UTF8.self),
            signalled: process.terminationReason == .uncaughtSignal)
    }

    /// Writes `bytes` to a child's standard input and closes it, on a thread of its own that
    /// blocks SIGPIPE: a child that exits without reading all of it (a refusal) ends the write
    /// with EPIPE instead of a SIGPIPE that kills the whole test process. The signal the broken
    /// pipe left pending on the thread is taken before it ends; nothing else changes its signals.
    private static func feed(_ bytes: [UInt8], to handle: FileHandle) {
        Thread {
            var brokenPipe = sigset_t()
            sigemptyset(&brokenPipe)
            sigaddset(&brokenPipe, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &brokenPipe, nil)
            bytes.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let n = write(handle.fileDescriptor, raw.baseAddress! + offset, raw.count - offset)
                    if n > 0 {
                        offset += n
                    } else if n < 0, errno == EINTR {
                        continue
                    } else {
                        break
                    }
                }
            }
            var now = timespec()
            _ = sigtimedwait(&brokenPipe, nil, &now)
            try? handle.close()
        }.start()
    }

    /// Runs the `signet` CLI (in `currentDirectory` when given).
    package static func signet(
        _ arguments: [String], stdin: [UInt8]? = nil, environment: [String: String]? = nil,
        currentDirectory: String? = nil
    ) throws -> ProcessResult {
        try run(signet, arguments, stdin: stdin, environment: environment, currentDirectory: currentDirectory)
    }

    /// True when `tool` is on PATH (independent checkers such as qpdf or pdftoppm).
    package static func hasTool(_ tool: String) -> Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)")
        }
    }
}
