import Glibc
import Synchronization

/// One `signet batch - --worker` process that runs jobs for a batch, one at a time, over pipes:
/// the batch writes `LINE<TAB>JOB-JSON\n` to its standard input and reads the job's encoded result
/// row (one line) from its standard output. A job that crashes its worker (a signal), runs past the
/// time limit (the worker is killed) or exhausts the memory limit fails alone: the caller gets a
/// `Failure` for that job's row and the next job starts a fresh worker.
///
/// The worker's standard error is a pipe the batch drains after each job, so the first thing a
/// crashing process said (glibc's "double free or corruption", a Swift fatal error) goes into the row.
final class BatchWorker {
    /// Why a job has no row of its own.
    struct Failure: Error, CustomStringConvertible {
        enum Cause { case signal(Int32), exited(Int32), timedOut(Double), unavailable(String) }
        let cause: Cause
        /// The worker's first line on standard error during the job (a fatal error's message), if any.
        let said: String?

        /// 128 + the signal after a crash (as shells report it), 124 after the time limit (as timeout(1) does).
        var exitCode: Int32 {
            switch cause {
            case .signal(let signal): 128 + signal
            case .exited(let code): code == 0 ? 1 : code
            case .timedOut: 124
            case .unavailable: 1
            }
        }

        var description: String {
            let tail = said.map { ": \($0)" } ?? ""
            switch cause {
            case .signal(let signal):
                return "the job crashed its worker process with \(Self.name(signal))\(tail)"
            case .exited(let code):
                return "the job's worker process exited with status \(code) before answering\(tail)"
            case .timedOut(let seconds):
                return "the job ran longer than --job-timeout \(ProgressBar.tenths(seconds)) s and was stopped"
            case .unavailable(let reason):
                return "no worker process could be started (\(reason))"
            }
        }

        static func name(_ signal: Int32) -> String {
            let names: [Int32: String] = [
                SIGABRT: "SIGABRT", SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS", SIGILL: "SIGILL", SIGFPE: "SIGFPE",
                SIGKILL: "SIGKILL", SIGTRAP: "SIGTRAP", SIGTERM: "SIGTERM", SIGXCPU: "SIGXCPU",
            ]
            let text = strsignal(signal).map { String(cString: $0) } ?? "signal \(signal)"
            return "\(names[signal] ?? "signal \(signal)") (\(text))"
        }
    }

    struct Limits {
        /// Seconds one job may take; nil for no limit.
        var seconds: Double?
        /// Address-space limit of each worker in bytes (`--job-memory`); nil for none.
        var memoryBytes: Int?
    }

    private let pid: pid_t
    private let toWorker: Int32
    private let fromWorker: Int32
    private let workerErrors: Int32
    private var pending: [UInt8] = []
    private var errorHead: [UInt8] = []
    private var alive = true
    private var errorsClosed = false

    /// Pipes are made close-on-exec with fcntl after pipe() (Glibc's Swift overlay has no pipe2), so
    /// spawns are serialised: another thread's worker must never inherit this one's pipe ends, or
    /// this worker's death would not close its output.
    private static let spawnLock = Mutex(())

    /// Starts a worker: this executable with `batch - --worker`.
    init(limits: Limits) throws(Failure) {
        var arguments = ["signet", "batch", "-", "--worker"]
        if let memory = limits.memoryBytes { arguments += ["--worker-memory", String(memory)] }
        let started = Self.spawnLock.withLock { _ in Self.spawn(arguments) }
        switch started {
        case .success(let (pid, input, output, errors)):
            (self.pid, toWorker, fromWorker, workerErrors) = (pid, input, output, errors)
        case .failure(let failure): throw failure
        }
    }

    private static func spawn(_ arguments: [String]) -> Result<(pid_t, Int32, Int32, Int32), Failure> {
        var fds: [Int32] = []
        for _ in 0..<3 {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else {
                for fd in fds { close(fd) }
                return .failure(unavailable("pipe: \(String(cString: strerror(errno)))"))
            }
            for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            fds += ends
        }
        let (input, output, errors) = ((fds[0], fds[1]), (fds[2], fds[3]), (fds[4], fds[5]))
        _ = fcntl(errors.0, F_SETFL, fcntl(errors.0, F_GETFL) | O_NONBLOCK)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input.0, 0)
        posix_spawn_file_actions_adddup2(&actions, output.1, 1)
        posix_spawn_file_actions_adddup2(&actions, errors.1, 2)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        // glibc writes its fatal messages (heap corruption) to standard error only when asked.
        // A Swift runtime error then ends with its message, not a backtrace.
        let envp = (environment() + ["LIBC_FATAL_STDERR_=1", "SWIFT_BACKTRACE=enable=no"]).map { strdup($0) } + [nil]
        defer { for p in envp { free(p) } }
        // The spawning thread (a Dispatch worker) blocks some signals and the batch ignores SIGPIPE;
        // the worker starts with none blocked and every signal at its default, so Ctrl-C and kill reach it.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid = pid_t()
        let rc = posix_spawn(&pid, "/proc/self/exe", &actions, &attributes, argv, envp)
        for fd in [input.0, output.1, errors.1] { close(fd) }
        guard rc == 0 else {
            for fd in [input.1, output.0, errors.0] { close(fd) }
            return .failure(unavailable(String(cString: strerror(rc))))
        }
        return .success((pid, input.1, output.0, errors.0))
    }

    deinit {
        close(toWorker)  // the worker sees the end of its input and exits
        close(fromWorker)
        close(workerErrors)
        if alive {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
    }

    var isAlive: Bool { alive }

    /// Runs one job; its encoded row (one line, with the newline), or why there is none. After a
    /// failure the worker is gone and `isAlive` is false.
    func run(line: Int, text: String, limits: Limits) -> Result<[UInt8], Failure> {
        let request = Array("\(line)\t\(text)\n".utf8)
        errorHead.removeAll()
        guard send(request) else { return .failure(reap()) }
        let deadline = limits.seconds.map { ContinuousClock.now + .milliseconds(Int64($0 * 1000)) }
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let row = Array(pending[...newline])
                pending.removeSubrange(...newline)
                drainErrors()
                return .success(row)
            }
            switch waitReadable(until: deadline) {
            case .readable:
                var buffer = [UInt8](repeating: 0, count: 1 << 16)
                let n = buffer.withUnsafeMutableBytes { read(fromWorker, $0.baseAddress, $0.count) }
                if n > 0 {
                    pending += buffer[0..<n]
                } else if n == 0 || errno != EINTR {
                    return .failure(reap())
                }
            case .timedOut:
                kill(pid, SIGKILL)
                _ = reap()
                return .failure(Failure(cause: .timedOut(limits.seconds ?? 0), said: nil))
            }
        }
    }

    private enum Wait { case readable, timedOut }

    /// Waits until the worker's output has bytes (or closed), draining its standard error meanwhile
    /// so a chatty worker can never block on a full pipe.
    private func waitReadable(until deadline: ContinuousClock.Instant?) -> Wait {
        while true {
            var fds = [
                pollfd(fd: fromWorker, events: Int16(POLLIN), revents: 0),
                pollfd(fd: errorsClosed ? -1 : workerErrors, events: Int16(POLLIN), revents: 0),
            ]
            var timeout: Int32 = -1
            if let deadline {
                let left = deadline - ContinuousClock.now
                let ms = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000
                if ms <= 0 { return .timedOut }
                timeout = Int32(clamping: ms + 1)
            }
            let n = poll(&fds, 2, timeout)
            if n < 0 && errno != EINTR { return .readable }  // let read() report the error
            if fds[1].revents != 0 { drainErrors() }
            if fds[0].revents != 0 { return .readable }
        }
    }

    private func send(_ bytes: [UInt8]) -> Bool {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { write(toWorker, $0.baseAddress! + done, $0.count - done) }
            if n > 0 {
                done += n
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                return false
            }
        }
        return true
    }

    /// Keeps the first 4 KB the worker wrote to standard error since the job started (where a fatal
    /// error's message is; a stack trace may follow) and drops the rest.
    private func drainErrors() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(workerErrors, $0.baseAddress, $0.count) }
            if n == 0 { errorsClosed = true }
            guard n > 0 else { return }
            errorHead += buffer[0..<min(n, max(0, 4096 - errorHead.count))]
        }
    }

    /// Waits for the dead (or dying) worker and says how it ended.
    private func reap() -> Failure {
        drainErrors()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        alive = false
        drainErrors()
        let said = String(decoding: errorHead, as: UTF8.self).split(separator: "\n").first.map {
            String($0.prefix(300))
        }
        let signal = status & 0x7F
        let cause: Failure.Cause = signal != 0 ? .signal(signal) : .exited((status >> 8) & 0xFF)
        return Failure(cause: cause, said: said)
    }

    private static func unavailable(_ reason: String) -> Failure { Failure(cause: .unavailable(reason), said: nil) }

    private static func environment() -> [String] {
        var result: [String] = []
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if !text.hasPrefix("LIBC_FATAL_STDERR_="), !text.hasPrefix("SWIFT_BACKTRACE=") { result.append(text) }
            pointer += 1
        }
        return result
    }
}
