import Foundation
import SignetTestSupport
import Testing

@testable import SignetCapture

/// The server loop in process: a request that never completes gets 408 and the wait goes on; a
/// submission the caller rejects gets 422; an accepted one ends `run`; the timeout throws.
@Suite(.serialized) struct CaptureServerTests {
    static let token = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"

    /// Sends `bytes` on a new connection and returns the status of the answer (nil: none).
    func exchange(_ port: Int, _ bytes: String) -> Int? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return nil }
        _ = Array(bytes.utf8).withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, 4096, 0) }
            guard n > 0 else { break }
            answer += buffer[..<n]
        }
        let text = String(decoding: answer, as: UTF8.self)
        return text.hasPrefix("HTTP/1.1 ") ? Int(text.dropFirst(9).prefix(3)) : nil
    }

    func post(_ port: Int, _ body: String) -> String {
        "POST /\(Self.token)/submit HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://127.0.0.1:\(port)\r\n"
            + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }

    @Test func slowRequestGets408RejectedGets422AcceptedEndsTheWait() throws {
        let server = try CaptureServer(
            options: CaptureOptions(token: Self.token, timeout: 20, requestTimeout: 0.3))
        let port = server.gate.port
        let statuses = LockedBox<[Int?]>([])
        let client = Thread {
            // Half a request: the server answers 408 once its 0.3 s are up.
            statuses.append(exchange(port, "GET /\(Self.token)/ HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"))
            statuses.append(exchange(port, post(port, "no")))
            statuses.append(exchange(port, post(port, "yes")))
        }
        client.start()
        var bodies: [String] = []
        try server.run { body in
            let text = String(decoding: body, as: UTF8.self)
            bodies.append(text)
            return text == "yes" ? .accepted(message: "taken") : .rejected(message: "not a signature")
        }
        while statuses.value.count < 3 { usleep(10_000) }
        #expect(statuses.value == [408, 422, 200])
        #expect(bodies == ["no", "yes"])
    }

    @Test func timeoutThrows() throws {
        let server = try CaptureServer(options: CaptureOptions(token: Self.token, timeout: 0.2))
        let start = Date()
        #expect(throws: CaptureError(.timedOut(seconds: 0.2))) { try server.run { _ in .accepted(message: "") } }
        #expect(Date().timeIntervalSince(start) < 3)
    }

    @Test(arguments: [
        CaptureOptions(token: "short"), CaptureOptions(token: token + "!"), CaptureOptions(token: token, port: 70_000),
        CaptureOptions(token: token, timeout: 0), CaptureOptions(token: token, requestTimeout: .infinity),
        CaptureOptions(token: token, maxBodyBytes: 0),
    ])
    func badOptionsAreRefused(_ options: CaptureOptions) {
        #expect(throws: CaptureError.self) { try CaptureServer(options: options) }
    }
}

/// A value shared with another thread.
final class LockedBox<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: T
    init(_ value: T) { stored = value }
    var value: T { lock.withLock { stored } }
    func append<E>(_ element: E) where T == [E] { lock.withLock { stored.append(element) } }
}
