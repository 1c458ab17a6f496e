import SignetFiles

/// What an HTTP exchange returned: a 2xx answer's body and the content type the server gave.
public struct HTTPResponse: Sendable, Hashable {
    /// The HTTP status (200–299; other statuses are thrown as ``HTTPError``).
    public var status: Int
    /// The `Content-Type` header without parameters, lowercased; `nil` when the server sent none.
    public var contentType: String?
    /// The response body.
    public var body: [UInt8]

    /// A response as a transport received it.
    /// - Parameters:
    ///   - status: The HTTP status.
    ///   - contentType: The `Content-Type` header; parameters (`; charset=…`) are dropped.
    ///   - body: The response body.
    public init(status: Int, contentType: String?, body: [UInt8]) {
        self.status = status
        self.contentType = contentType.map {
            // A media type holds no spaces: dropping them trims "text/html ; charset=…".
            String($0.prefix { $0 != ";" }.filter { $0 != " " && $0 != "\t" }).lowercased()
        }
        self.body = body
    }

    /// Throws unless the server said the body is `expected` (`application/timestamp-reply`, …).
    /// - Parameters:
    ///   - expected: The media type the protocol requires.
    ///   - url: The URL asked, for the message.
    /// - Throws: ``HTTPError`` with ``HTTPReason/unexpectedType(expected:received:)``.
    package func requireType(_ expected: String, from url: String) throws {
        guard contentType == expected else {
            throw HTTPError(url: url, .unexpectedType(expected: expected, received: contentType))
        }
    }
}

/// The HTTP client that timestamp and revocation requests go through. Signet's is `CurlTransport`
/// (libcurl, module SignetNet); tests and embedders may pass their own. A transport checks the
/// status (non-2xx → ``HTTPError``) and its limits; callers check the content type.
public protocol HTTPTransport: Sendable {
    /// POSTs `body` to `url` and returns the answer.
    /// - Parameters:
    ///   - url: An `http` or `https` URL.
    ///   - contentType: The request's `Content-Type` (`application/timestamp-query`, …).
    ///   - body: The request body.
    ///   - accept: The `Accept` header: the media type the caller expects back.
    /// - Returns: The 2xx response.
    /// - Throws: ``HTTPError`` when the server cannot be reached, times out, answers non-2xx or too much.
    func post(url: String, contentType: String, body: [UInt8], accept: String) throws -> HTTPResponse

    /// GETs `url` (a CRL, a certificate) and returns the answer.
    /// - Parameter url: An `http` or `https` URL.
    /// - Returns: The 2xx response.
    /// - Throws: ``HTTPError`` as for `post`.
    func get(url: String) throws -> HTTPResponse
}

/// Credentials a transport sends with every request (a timestamp authority that wants them):
/// read from an environment variable or a file, never from the command line.
public enum HTTPCredentials: Sendable {
    /// HTTP basic authentication.
    case basic(user: String, password: Secret)
    /// `Authorization: Bearer TOKEN`.
    case bearer(Secret)
}

/// Limits of one HTTP exchange; the defaults suit a timestamp or an OCSP request.
public struct HTTPOptions: Sendable, Hashable, Codable {
    /// Seconds for the whole exchange, connecting included (default 30).
    public var timeout: Double
    /// Seconds to connect, at most `timeout` (default 10).
    public var connectTimeout: Double
    /// The largest response body accepted; a larger one is cut off and refused (default 8 MiB:
    /// CRLs of large CAs run to megabytes, a timestamp reply to a few KB).
    public var maxResponseBytes: Int
    /// Redirects followed (default 3); `0` follows none.
    public var maxRedirects: Int

    /// Limits of one exchange.
    /// - Parameters:
    ///   - timeout: Seconds for the whole exchange.
    ///   - connectTimeout: Seconds to connect.
    ///   - maxResponseBytes: The largest response body accepted.
    ///   - maxRedirects: Redirects followed.
    public init(
        timeout: Double = 30, connectTimeout: Double = 10, maxResponseBytes: Int = 8 << 20, maxRedirects: Int = 3
    ) {
        self.timeout = timeout
        self.connectTimeout = connectTimeout
        self.maxResponseBytes = maxResponseBytes
        self.maxRedirects = maxRedirects
    }
}

/// The transport of a job that was given none: every request fails, saying so.
package struct NoTransport: HTTPTransport {
    package init() {}

    package func post(url: String, contentType: String, body: [UInt8], accept: String) throws -> HTTPResponse {
        throw HTTPError(url: url, .failed("no HTTP transport was given to the job"))
    }

    package func get(url: String) throws -> HTTPResponse {
        throw HTTPError(url: url, .failed("no HTTP transport was given to the job"))
    }
}
