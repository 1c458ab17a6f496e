import Glibc

/// The write end of the pipe a SIGINT or SIGTERM handler writes to (the one thing a handler may touch).
nonisolated(unsafe) private var signalPipe: Int32 = -1

/// Turns Ctrl-C (SIGINT) and SIGTERM into a readable descriptor while it lives, so the server's
/// poll loop can stop cleanly (nothing written, exit 1) instead of the process dying mid-write.
/// The previous handlers come back in `deinit`.
final class SignalWatch {
    let readFD: Int32
    private let writeFD: Int32
    private var previous: [(Int32, sigaction)] = []
    private var previousMask = sigset_t()

    init() throws {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else {
            throw CaptureError(.socket("cannot create a pipe: \(Socket.errorText())"))
        }
        (readFD, writeFD) = (fds[0], fds[1])
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, O_NONBLOCK)
        }
        signalPipe = writeFD
        for signal in [SIGINT, SIGTERM] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { _ in
                var byte: UInt8 = 1
                _ = write(signalPipe, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            var old = sigaction()
            sigaction(signal, &action, &old)
            previous.append((signal, old))
        }
        // A parent may have started us with these signals blocked (test runners do): unblock them.
        var wanted = sigset_t()
        sigemptyset(&wanted)
        sigaddset(&wanted, SIGINT)
        sigaddset(&wanted, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &wanted, &previousMask)
    }

    deinit {
        pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        for (signal, old) in previous {
            var old = old
            sigaction(signal, &old, nil)
        }
        signalPipe = -1
        close(readFD)
        close(writeFD)
    }
}
