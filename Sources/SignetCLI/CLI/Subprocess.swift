import Glibc

/// Runs a program with posix_spawn, standard input inherited, standard output streamed to a
/// callback and standard error collected (both read with poll, so neither pipe can fill up and
/// block the child).
enum Subprocess {
    struct Result {
        var status: Int32
        var errorText: String
    }

    struct SpawnError: Error, CustomStringConvertible {
        let code: Int32
        var description: String { String(cString: strerror(code)) }
    }

    static func run(_ path: String, _ arguments: [String], output: ([UInt8]) -> Void) throws -> Result {
        var outPipe: [Int32] = [0, 0], errPipe: [Int32] = [0, 0]
        guard pipe(&outPipe) == 0 else { throw SpawnError(code: errno) }
        guard pipe(&errPipe) == 0 else {
            close(outPipe[0]); close(outPipe[1])
            throw SpawnError(code: errno)
        }
        // Our ends must not leak into other children; the child gets its ends as 1 and 2.
        for fd in outPipe + errPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid = pid_t()
        let rc = posix_spawn(&pid, path, &actions, nil, argv, environ)
        close(outPipe[1])
        close(errPipe[1])
        defer { close(outPipe[0]); close(errPipe[0]) }
        guard rc == 0 else { throw SpawnError(code: rc) }
        var errorBytes: [UInt8] = []
        var fds = [
            pollfd(fd: outPipe[0], events: Int16(POLLIN), revents: 0),
            pollfd(fd: errPipe[0], events: Int16(POLLIN), revents: 0),
        ]
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while fds.contains(where: { $0.fd >= 0 }) {
            if poll(&fds, nfds_t(fds.count), -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            for i in fds.indices where fds[i].fd >= 0 && fds[i].revents != 0 {
                let n = buffer.withUnsafeMutableBytes { read(fds[i].fd, $0.baseAddress, $0.count) }
                if n > 0 {
                    if i == 0 { output(Array(buffer[0..<n])) } else { errorBytes += buffer[0..<n] }
                } else if n == 0 || errno != EINTR {
                    fds[i].fd = -1
                }
            }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitCode: Int32 = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Result(status: exitCode, errorText: String(decoding: errorBytes, as: UTF8.self))
    }
}
