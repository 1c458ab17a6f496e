import Glibc

/// Owns one socket descriptor and closes it in `deinit`; every call's status is checked here.
final class Socket {
    let fd: Int32

    init(fd: Int32) { self.fd = fd }

    deinit { close(fd) }

    /// A TCP socket listening on 127.0.0.1:`port` (0: a free port the kernel picks), non-blocking.
    static func listening(port: Int) throws -> (Socket, port: Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw CaptureError(.cannotListen(port: port, reason: errorText())) }
        let socket = Socket(fd: fd)
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian  // 127.0.0.1, never another address
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            throw CaptureError(.cannotListen(port: port, reason: errorText()))
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else { throw CaptureError(.cannotListen(port: port, reason: errorText())) }
        return (socket, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// The next waiting connection; writes to it block for at most `sendTimeout` seconds.
    func accept(sendTimeout: Int) -> Socket? {
        let client = Glibc.accept(fd, nil, nil)
        guard client >= 0 else { return nil }
        _ = fcntl(client, F_SETFD, FD_CLOEXEC)
        var limit = timeval(tv_sec: sendTimeout, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        return Socket(fd: client)
    }

    enum Received {
        case bytes([UInt8])
        case nothingYet
        case end
    }

    /// Up to `max` bytes without waiting.
    func receive(max: Int) -> Received {
        var buffer = [UInt8](repeating: 0, count: max)
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, max, Int32(MSG_DONTWAIT)) }
        if n > 0 { return .bytes(Array(buffer[..<n])) }
        return n < 0 && (errno == EAGAIN || errno == EINTR) ? .nothingYet : .end
    }

    /// Sends every byte (or gives up when the peer stops reading), then ends the sending side.
    func sendAll(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buf in
            var done = 0
            while done < buf.count {
                let n = send(fd, buf.baseAddress! + done, buf.count - done, Int32(MSG_NOSIGNAL))
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return }
                done += n
            }
        }
        shutdown(fd, Int32(SHUT_WR))
    }

    static func errorText() -> String { String(cString: strerror(errno)) }
}
