/// The status codes `signet capture` answers with.
package enum HTTPStatus: Int, Sendable, Hashable {
    case ok = 200
    case badRequest = 400
    case forbidden = 403
    case notFound = 404
    case methodNotAllowed = 405
    case requestTimeout = 408
    case conflict = 409
    case gone = 410
    case payloadTooLarge = 413
    case unprocessable = 422
    case headersTooLarge = 431
    case serverError = 500
    case notImplemented = 501
    case unavailable = 503

    var reason: String {
        switch self {
        case .ok: "OK"
        case .badRequest: "Bad Request"
        case .forbidden: "Forbidden"
        case .notFound: "Not Found"
        case .methodNotAllowed: "Method Not Allowed"
        case .requestTimeout: "Request Timeout"
        case .conflict: "Conflict"
        case .gone: "Gone"
        case .payloadTooLarge: "Content Too Large"
        case .unprocessable: "Unprocessable Content"
        case .headersTooLarge: "Request Header Fields Too Large"
        case .serverError: "Internal Server Error"
        case .notImplemented: "Not Implemented"
        case .unavailable: "Service Unavailable"
        }
    }
}

/// A whole response; every one closes its connection and forbids caching, framing and sniffing.
package struct HTTPResponse: Sendable, Hashable {
    package var status: HTTPStatus
    package var contentType: String
    package var body: [UInt8]
    /// HEAD: the header of the response without its body.
    package var headOnly = false

    /// The page's files may load only each other and post only to their own origin.
    static let securityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; "
        + "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

    package init(_ status: HTTPStatus, contentType: String = "text/plain; charset=utf-8", body: [UInt8]) {
        (self.status, self.contentType, self.body) = (status, contentType, body)
    }

    /// A plain-text answer (the page shows it to the signer).
    package static func text(_ status: HTTPStatus, _ message: String) -> HTTPResponse {
        HTTPResponse(status, body: Array((message + "\n").utf8))
    }

    package var bytes: [UInt8] {
        let head = [
            "HTTP/1.1 \(status.rawValue) \(status.reason)",
            "Content-Type: \(contentType)",
            "Content-Length: \(body.count)",
            "Cache-Control: no-store",
            "X-Content-Type-Options: nosniff",
            "Referrer-Policy: no-referrer",
            "Cross-Origin-Resource-Policy: same-origin",
            "Content-Security-Policy: \(Self.securityPolicy)",
            "Connection: close",
        ].joined(separator: "\r\n")
        return Array((head + "\r\n\r\n").utf8) + (headOnly ? [] : body)
    }
}
