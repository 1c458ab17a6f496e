import Glibc
import Signet

/// The terminal's settings while a prompt has echo turned off, for the signal handler that puts
/// them back (the one state a handler may touch; set before the handlers, cleared after).
nonisolated(unsafe) private var echoingSettings = termios()
nonisolated(unsafe) private var promptTerminal: Int32 = -1

/// Asks for a secret on the controlling terminal, as openssl and pyHanko do: the prompt is written
/// to `/dev/tty` and the answer read from it with echo off, up to the line break. Echo comes back
/// on every path — the answer, an error, and Ctrl-C, Ctrl-\ or a hang-up, after which the signal
/// kills the process as it would have. The only file in Signet that changes terminal settings
/// (termios).
enum TerminalPrompt {
    /// The typed bytes, without the line break, wiped when released; `nil` when there is no
    /// terminal to ask on (`/dev/tty` cannot be opened).
    /// - Throws: `Cancelled` when the terminal ends (Ctrl-D) before a line break; `Unusable` when
    ///   echo cannot be turned off.
    static func ask(_ prompt: String) throws -> Secret? {
        let fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var saved = termios()
        guard tcgetattr(fd, &saved) == 0 else { throw Unusable(detail: String(cString: strerror(errno))) }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO | ECHONL)
        let previous = Self.restoringOnSignals(fd, saved)
        defer { Self.restore(fd, saved, previous) }
        guard tcsetattr(fd, TCSAFLUSH, &quiet) == 0 else { throw Unusable(detail: String(cString: strerror(errno))) }
        write(fd, Array(prompt.utf8))
        guard var bytes = readLine(fd) else { throw Cancelled(prompt: prompt) }
        write(fd, Array("\n".utf8))
        return Secret(taking: &bytes)
    }

    /// The terminal ended before the line break: nothing was typed.
    struct Cancelled: SignetError {
        /// What was asked ("Password for key.pem: ").
        var prompt: String
        var kind: FailureKind { .badInput }
        var message: String {
            let asked = prompt.hasSuffix(": ") ? String(prompt.dropLast(2)) : prompt
            return
                "\(asked): the terminal ended (Ctrl-D) before Enter; type it and press Enter, or give it with an option (see --help)"
        }
    }

    /// The terminal would not turn echo off, so nothing is asked.
    struct Unusable: SignetError {
        var detail: String
        var kind: FailureKind { .failed }
        var message: String {
            "the terminal cannot turn echo off (\(detail)); give the secret with an option (see --help)"
        }
    }

    /// Bytes up to the first line break (not included), at most `SecretInput.maxBytes` (more is
    /// read and dropped); `nil`, the bytes wiped, when the terminal ends or fails first. The
    /// buffer is reserved whole, so no copy of a part of the secret is left behind by growing.
    private static func readLine(_ fd: Int32) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(SecretInput.maxBytes)
        var byte: UInt8 = 0
        while true {
            let n = read(fd, &byte, 1)
            if n < 0, errno == EINTR { continue }
            guard n == 1 else {
                bytes.withUnsafeMutableBytes { if let base = $0.baseAddress { explicit_bzero(base, $0.count) } }
                return nil
            }
            if byte == UInt8(ascii: "\n") { break }
            if bytes.count < SecretInput.maxBytes { bytes.append(byte) }
        }
        byte = 0
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        return bytes
    }

    private static func write(_ fd: Int32, _ bytes: [UInt8]) {
        var done = 0
        while done < bytes.count {
            let n = bytes[done...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return }
            done += n
        }
    }

    /// The signals that end a process at a terminal by default.
    private static let ending = [SIGINT, SIGQUIT, SIGTERM, SIGHUP]

    /// Installs handlers that put `saved` back on `fd` and then let the signal do what it would
    /// have done (the handler resets itself first, and the signal is raised again); returns the
    /// handlers they replace. A signal this process ignores (`nohup`) stays ignored.
    private static func restoringOnSignals(_ fd: Int32, _ saved: termios) -> [(Int32, sigaction)] {
        echoingSettings = saved
        promptTerminal = fd
        return ending.compactMap { signal in
            var current = sigaction()
            guard sigaction(signal, nil, &current) == 0,
                unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
                    != unsafeBitCast(SIG_IGN, to: Int.self)
            else { return nil }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                _ = tcsetattr(promptTerminal, TCSAFLUSH, &echoingSettings)
                _ = raise(signal)
            }
            action.sa_flags = Int32(bitPattern: UInt32(SA_RESETHAND))
            sigemptyset(&action.sa_mask)
            var old = sigaction()
            _ = sigaction(signal, &action, &old)
            return (signal, old)
        }
    }

    /// Puts the terminal's settings and the signals' handlers back.
    private static func restore(_ fd: Int32, _ saved: termios, _ previous: [(Int32, sigaction)]) {
        var saved = saved
        while tcsetattr(fd, TCSAFLUSH, &saved) != 0, errno == EINTR {}
        for (signal, old) in previous {
            var old = old
            _ = sigaction(signal, &old, nil)
        }
        promptTerminal = -1
    }
}
