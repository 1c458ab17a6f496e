import Glibc

/// What the signer's submission turned into, as the page tells it.
package enum SubmissionOutcome: Sendable {
    /// Taken: the wait is over; `message` is shown on the page.
    case accepted(message: String)
    /// Not usable (bad JSON, no ink…): the page shows `message` and the server keeps waiting.
    case rejected(message: String)
}

/// The loopback HTTP/1.1 server of `signet capture`: one thread, poll(2) over the listening
/// socket, the open connections and the signal pipe; every connection answered once and closed.
/// The rules of what is answered live in `CaptureGate`, the parsing in `HTTPRequestParser`.
package final class CaptureServer {
    private struct Connection {
        var socket: Socket
        var received: [UInt8] = []
        var deadline: ContinuousClock.Instant
        /// Answered: reading only to drain what the client still sends before the close.
        var closing = false
    }

    private let listener: Socket
    /// Watched from before the address is printed, so a Ctrl-C at any point ends the wait cleanly.
    private let signals: SignalWatch
    private let options: CaptureOptions
    private let limits: HTTPLimits
    package let gate: CaptureGate
    private static let maxConnections = 32
    /// After the submission: how long requests already on their way are still answered (409 / 410).
    private static let drainTime = Duration.milliseconds(300)

    /// A server for `options`, serving `extraFiles` beside the page's own files.
    package init(options: CaptureOptions, extraFiles: [CapturePage.File] = []) throws {
        try options.validate()
        signals = try SignalWatch()
        let (listener, port) = try Socket.listening(port: options.port)
        self.listener = listener
        self.options = options
        var limits = HTTPLimits()
        limits.maxBodyBytes = options.maxBodyBytes
        self.limits = limits
        gate = CaptureGate(token: options.token, port: port, extraFiles: extraFiles)
    }

    /// Serves until `submit` accepts a body, then returns; throws `CaptureError` on timeout or signal.
    package func run(submit: ([UInt8]) throws -> SubmissionOutcome) throws {
        let clock = ContinuousClock()
        let giveUp = options.timeout.map { clock.now + .milliseconds(Int64($0 * 1000)) }
        var connections: [Connection] = []
        var drainUntil: ContinuousClock.Instant?
        while true {
            let now = clock.now
            if let drainUntil, now >= drainUntil || connections.isEmpty { return }
            if drainUntil == nil, let giveUp, now >= giveUp { throw CaptureError(.timedOut(seconds: options.timeout!)) }
            // Connections past their time: a request that never completes gets 408.
            for i in connections.indices where connections[i].deadline <= now && !connections[i].closing {
                connections[i].socket.sendAll(HTTPResponse.text(.requestTimeout, "the request took too long").bytes)
            }
            connections.removeAll { $0.deadline <= now }

            var wake = [drainUntil, giveUp].compactMap { $0 } + connections.map(\.deadline)
            wake.append(now + .seconds(1))
            let wait = max(wake.min()! - now, .zero)
            var fds = [pollfd(fd: signals.readFD, events: Int16(POLLIN), revents: 0)]
            fds.append(pollfd(fd: listener.fd, events: Int16(POLLIN), revents: 0))
            fds += connections.map { pollfd(fd: $0.socket.fd, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&fds, nfds_t(fds.count), Int32(wait.milliseconds + 1))
            if ready < 0 {
                guard errno == EINTR else { throw CaptureError(.socket("poll failed: \(Socket.errorText())")) }
                continue
            }
            if fds[0].revents != 0 { throw CaptureError(.interrupted) }
            var finished: Set<Int> = []
            for (i, fd) in fds.dropFirst(2).enumerated() where fd.revents != 0 {
                switch connections[i].socket.receive(max: 64 * 1024) {
                case .nothingYet:
                    continue
                case .end:
                    finished.insert(i)
                    continue
                case .bytes(let bytes):
                    if connections[i].closing { continue }
                    connections[i].received += bytes
                }
                let response: (response: HTTPResponse, accepted: Bool)
                do {
                    guard
                        let answered = try answer(connections[i].received, submitted: drainUntil != nil, submit: submit)
                    else { continue }
                    response = answered
                } catch {
                    // The submission was fine but could not be kept (the output cannot be written):
                    // the page says why, and the command fails with the same error.
                    connections[i].socket.sendAll(HTTPResponse.text(.serverError, "\(error)").bytes)
                    throw error
                }
                connections[i].socket.sendAll(response.response.bytes)
                connections[i].closing = true
                connections[i].deadline = min(connections[i].deadline, clock.now + .seconds(1))
                if response.accepted { drainUntil = clock.now + Self.drainTime }
            }
            connections = connections.enumerated().filter { !finished.contains($0.offset) }.map(\.element)
            if fds[1].revents != 0, let socket = listener.accept(sendTimeout: 2) {
                if connections.count < Self.maxConnections {
                    let deadline = clock.now + .milliseconds(Int64(options.requestTimeout * 1000))
                    connections.append(Connection(socket: socket, deadline: deadline))
                }  // else: dropped at once, closing the socket
            }
        }
    }

    /// The response to the bytes a connection sent so far, or `nil` while the request is incomplete.
    private func answer(
        _ bytes: [UInt8], submitted: Bool, submit: ([UInt8]) throws -> SubmissionOutcome
    ) throws -> (response: HTTPResponse, accepted: Bool)? {
        switch HTTPRequestParser.parse(bytes, limits: limits) {
        case .incomplete:
            return nil
        case .refused(let status, let message):
            return (.text(status, message), false)
        case .request(let request):
            switch gate.decide(request, submitted: submitted) {
            case .refuse(let status, let message):
                return (.text(status, message), false)
            case .serve(let file, let headOnly):
                var response = HTTPResponse(.ok, contentType: file.contentType, body: file.bytes)
                response.headOnly = headOnly
                return (response, false)
            case .submit(let body):
                switch try submit(body) {
                case .accepted(let message): return (.text(.ok, message), true)
                case .rejected(let message): return (.text(.unprocessable, message), false)
                }
            }
        }
    }
}

extension Duration {
    fileprivate var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
