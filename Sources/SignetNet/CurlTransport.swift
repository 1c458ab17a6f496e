import SignetCrypto

/// Signet's HTTP client: libcurl, one easy handle per exchange, within `options`' limits
/// (timeouts, response size, redirects; proxies from `http_proxy`/`https_proxy`/`no_proxy` as the
/// curl tool reads them), sending `credentials` when given. Safe to use from many threads.
public struct CurlTransport: HTTPTransport {
    /// The limits of every exchange.
    package var options: HTTPOptions
    /// Credentials sent with every request (a timestamp authority that wants them), or none.
    package var credentials: HTTPCredentials?

    /// A transport with these limits and credentials.
    /// - Parameters:
    ///   - options: Timeouts, response size and redirect limits.
    ///   - credentials: Basic or bearer credentials sent with every request; `nil` for none.
    public init(options: HTTPOptions = HTTPOptions(), credentials: HTTPCredentials? = nil) {
        self.options = options
        self.credentials = credentials
    }

    /// POSTs `body` to `url`.
    /// - Parameters:
    ///   - url: An `http` or `https` URL.
    ///   - contentType: The request's `Content-Type`.
    ///   - body: The request body.
    ///   - accept: The `Accept` header.
    /// - Returns: The 2xx response.
    /// - Throws: ``HTTPError``.
    public func post(url: String, contentType: String, body: [UInt8], accept: String) throws -> HTTPResponse {
        let easy = try prepared(url)
        try easy.setHeaders(["Content-Type: \(contentType)", "Accept: \(accept)"])
        try easy.setPostBody(body)
        return try easy.perform()
    }

    /// GETs `url`.
    /// - Parameter url: An `http` or `https` URL.
    /// - Returns: The 2xx response.
    /// - Throws: ``HTTPError``.
    public func get(url: String) throws -> HTTPResponse {
        try prepared(url).perform()
    }

    private func prepared(_ url: String) throws -> CurlEasy {
        guard let scheme = url.split(separator: ":").first, ["http", "https"].contains(scheme.lowercased()) else {
            throw HTTPError(url: url, .badURL)
        }
        let easy = try CurlEasy(url: url, options: options)
        if let credentials { try easy.setCredentials(credentials) }
        return easy
    }
}
