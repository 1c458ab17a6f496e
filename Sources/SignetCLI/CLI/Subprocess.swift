import CSignetGlibc
import Glibc

/// Runs a program with posix_spawn: standard input inherited (or fed `input`), standard output
/// streamed to a callback and standard error collected (both read with poll, so neither pipe
/// can fill up and block the child), optionally stopped after `timeout` seconds.
enum Subprocess {
    struct Result {
        var status: Int32
        var errorText: String
        /// How many bytes the program wrote on standard error, kept or not.
        var errorByteCount: Int
        /// The program ran past the timeout and was killed (`status` is then 128 + SIGKILL).
        var timedOut = false
    }

    struct SpawnError: Error, CustomStringConvertible {
        let code: Int32
        var description: String { String(cString: strerror(code)) }
    }

    /// Runs `path` with `arguments`. `input`, when given, is its whole standard input (at most
    /// 64 KiB: it is written into the pipe before the program starts, so it never blocks).
    /// `document`, when given, is open as the program's descriptor 3 (`documentPath`): an anonymous
    /// file in memory holding those bytes, of any size, which the program opens and seeks in as a
    /// file. The program gets this process's environment without the secrets `withholding` names (see
    /// `childEnvironment`), with `environment` added. With `errorLimit`, only the last
    /// `errorLimit` bytes of standard error are kept (a program cannot fill the memory with it).
    static func run(
        _ path: String, _ arguments: [String], withholding secrets: Set<String>, input: [UInt8]? = nil,
        document: [UInt8]? = nil, environment: [String: String] = [:], timeout: Double? = nil,
        errorLimit: Int? = nil, output: ([UInt8]) -> Void
    ) throws -> Result {
        var outPipe: [Int32] = [0, 0], errPipe: [Int32] = [0, 0]
        guard pipe(&outPipe) == 0 else { throw SpawnError(code: errno) }
        guard pipe(&errPipe) == 0 else {
            close(outPipe[0]); close(outPipe[1])
            throw SpawnError(code: errno)
        }
        let inRead = try input.map { try filledPipe($0) }
        defer { if let inRead { close(inRead) } }
        let documentFD = try document.map { try memoryFile($0) }
        defer { if let documentFD { close(documentFD) } }
        // Our ends must not leak into other children; the child gets its ends as 0, 1 and 2.
        for fd in outPipe + errPipe + (inRead.map { [$0] } ?? []) { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let inRead { posix_spawn_file_actions_adddup2(&actions, inRead, 0) }
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        if let documentFD { posix_spawn_file_actions_adddup2(&actions, documentFD, 3) }
        // Nothing else above standard error reaches the program: files libraries opened without
        // O_CLOEXEC (qpdf's input PDF among them) are closed in the child, whichever thread opened them.
        let closing = signet_spawn_close_from(&actions, documentFD == nil ? 3 : 4)
        guard closing == 0 else {
            close(outPipe[0]); close(outPipe[1]); close(errPipe[0]); close(errPipe[1])
            throw SpawnError(code: closing)
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        let envp = childEnvironment(withholding: secrets, adding: environment)
        defer { for p in envp { free(p) } }
        // With a timeout the program leads its own process group, so a shell's children are stopped with it.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if timeout != nil {
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        var pid = pid_t()
        let rc = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        close(outPipe[1])
        close(errPipe[1])
        defer { close(outPipe[0]); close(errPipe[0]) }
        guard rc == 0 else { throw SpawnError(code: rc) }
        var errorBytes: [UInt8] = []
        var errorByteCount = 0
        var fds = [
            pollfd(fd: outPipe[0], events: Int16(POLLIN), revents: 0),
            pollfd(fd: errPipe[0], events: Int16(POLLIN), revents: 0),
        ]
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let deadline = timeout.map { monotonicSeconds() + $0 }
        var timedOut = false
        while fds.contains(where: { $0.fd >= 0 }) {
            let wait = deadline.map { Int32(max(0, min(($0 - monotonicSeconds()) * 1000, 86_400_000)).rounded(.up)) }
            let ready = poll(&fds, nfds_t(fds.count), wait ?? -1)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            if ready == 0, let deadline, monotonicSeconds() >= deadline {
                kill(-pid, SIGKILL)
                timedOut = true
                break
            }
            for i in fds.indices where fds[i].fd >= 0 && fds[i].revents != 0 {
                let n = buffer.withUnsafeMutableBytes { read(fds[i].fd, $0.baseAddress, $0.count) }
                if n > 0 {
                    if i == 0 {
                        output(Array(buffer[0..<n]))
                    } else {
                        errorBytes += buffer[0..<n]
                        errorByteCount += n
                        if let errorLimit, errorBytes.count > 2 * errorLimit {
                            errorBytes.removeFirst(errorBytes.count - errorLimit)
                        }
                    }
                } else if n == 0 || errno != EINTR {
                    fds[i].fd = -1
                }
            }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitCode: Int32 = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let kept = errorLimit.map { errorBytes.suffix($0) } ?? errorBytes[...]
        return Result(
            status: exitCode, errorText: String(decoding: kept, as: UTF8.self), errorByteCount: errorByteCount,
            timedOut: timedOut)
    }

    /// The read end of a pipe that already holds `bytes` and whose write end is closed.
    private static func filledPipe(_ bytes: [UInt8]) throws -> Int32 {
        precondition(bytes.count <= 1 << 16, "standard input larger than a pipe's buffer")
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw SpawnError(code: errno) }
        defer { close(ends[1]) }
        let written = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        guard written == bytes.count else {
            let code = errno
            close(ends[0])
            throw SpawnError(code: code)
        }
        return ends[0]
    }

    /// Where a program `run` gave a `document` finds it.
    static let documentPath = "/dev/fd/3"

    /// An anonymous file in memory holding `bytes`, read from its start, at a descriptor above 3
    /// (a `dup2` onto itself would keep close-on-exec set).
    private static func memoryFile(_ bytes: [UInt8]) throws -> Int32 {
        var fd = signet_memory_file("signet-document")
        guard fd >= 0 else { throw SpawnError(code: errno) }
        if fd <= 3 {
            let moved = fcntl(fd, F_DUPFD_CLOEXEC, 4)
            close(fd)
            guard moved >= 0 else { throw SpawnError(code: errno) }
            fd = moved
        }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                let code = errno
                close(fd)
                throw SpawnError(code: code)
            }
            offset += n
        }
        lseek(fd, 0, SEEK_SET)
        return fd
    }

    /// Starts `program` (looked up on PATH) with `arguments` and the environment `run` gives, and
    /// does not wait for it: its standard input, output and error are this process's. Returns 0,
    /// or the error number when it cannot be started.
    static func start(_ program: String, _ arguments: [String], withholding secrets: Set<String>) -> Int32 {
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        let envp = childEnvironment(withholding: secrets, adding: [:])
        defer { for p in envp { free(p) } }
        var pid = pid_t()
        return posix_spawnp(&pid, program, nil, nil, argv, envp)
    }

    /// The environment of every program Signet starts, as malloc'ed C strings, NULL-terminated:
    /// this process's, without the variables `secrets` names (those this invocation's `*-env`
    /// options named, whose values it read as secrets) and without any other variable holding
    /// one of their values (the same secret under another name), with `extra` set. No program
    /// sees a secret it was not handed on purpose, on its standard input. Values are compared
    /// where they lie, never copied.
    private static func childEnvironment(
        withholding secrets: Set<String>, adding extra: [String: String]
    ) -> [UnsafeMutablePointer<CChar>?] {
        var entries: [UnsafeMutablePointer<CChar>] = []
        var index = 0
        while let entry = environ[index] {
            entries.append(entry)
            index += 1
        }
        /// The name of `entry` (what precedes its first `=`) and where its value starts.
        func split(_ entry: UnsafeMutablePointer<CChar>) -> (name: String, value: UnsafePointer<CChar>?) {
            guard let equals = strchr(entry, Int32(UInt8(ascii: "="))) else { return (String(cString: entry), nil) }
            let name = UnsafeRawBufferPointer(start: entry, count: equals - entry)
            return (String(decoding: name, as: UTF8.self), UnsafePointer(equals + 1))
        }
        let secretValues = entries.map(split).filter { secrets.contains($0.name) }.compactMap(\.value)
            .filter { $0.pointee != 0 }
        var result: [UnsafeMutablePointer<CChar>?] = []
        for entry in entries {
            let (name, value) = split(entry)
            guard !secrets.contains(name), extra.index(forKey: name) == nil else { continue }
            if let value, secretValues.contains(where: { strcmp($0, value) == 0 }) { continue }
            result.append(strdup(entry))
        }
        for (name, value) in extra.sorted(by: { $0.key < $1.key }) { result.append(strdup("\(name)=\(value)")) }
        return result + [nil]
    }

    static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
