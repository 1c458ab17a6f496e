import SignetCore

/// An HTTP exchange with a timestamp authority, OCSP responder or CRL server failed. The URL in
/// messages never carries credentials (any `user:password@` is dropped).
public typealias HTTPError = StageError<HTTPReason>

/// Why http failed: each reason says its kind and how it reads.
public enum HTTPReason: StageReason {
    /// The server could not be reached (name not resolved, connection refused, TLS failure).
    case unreachable(String)
    /// No complete answer within `HTTPOptions.timeout` seconds.
    case timedOut(seconds: Double)
    /// The server answered with a non-2xx status.
    case status(Int)
    /// The answer was larger than `HTTPOptions.maxResponseBytes`.
    case tooLarge(limit: Int)
    /// More redirects than `HTTPOptions.maxRedirects`.
    case tooManyRedirects(limit: Int)
    /// The answer's content type is not what the protocol requires.
    case unexpectedType(expected: String, received: String?)
    /// The URL is not an http or https URL the transport can use.
    case badURL
    /// The transport failed otherwise (its own explanation).
    case failed(String)

    /// The machine or the service failed (exit 1); the URL itself is bad input (exit 2).
    public var kind: FailureKind { self == .badURL ? .badInput : .failed }

    /// One line for the user.
    /// - Parameter context: The file, input, URL or step the failure is about; `nil` when unknown.
    public func message(about context: String?) -> Sentence {
        let url = context ?? "the server"
        switch self {
        case .unreachable(let detail):
            return "\(url): cannot be reached (\(detail)); check the URL, the network and any proxy settings."
        case .timedOut(let seconds):
            return
                "\(url): no answer within \(NumberText.short(seconds)) seconds; try again later or \(.raise, .httpTimeout)."
        case .status(let code):
            return "\(url): the server answered HTTP \(code); check the URL and any credentials it needs."
        case .tooLarge(let limit):
            return
                "\(url): the answer is larger than \(limit) bytes; check the URL\(optional: ", or ", .raise, .httpMaxResponseBytes)."
        case .tooManyRedirects(let limit):
            return "\(url): redirected more than \(limit) times; give the URL the service finally answers at."
        case .unexpectedType(let expected, let received):
            return
                "\(url): answered with content type \(received ?? "(none)"), not \(expected); check that the URL is the service's."
        case .badURL:
            return "\(url): is not an http or https URL; give the service's http:// or https:// URL."
        case .failed(let detail):
            return "\(url): the HTTP exchange failed (\(detail))."
        }
    }

    /// `url` without a `user:password@` part.
    package static func withoutCredentials(_ url: String) -> String {
        let characters = Array(url)
        guard let colon = characters.firstIndex(of: ":"), characters.dropFirst(colon + 1).starts(with: "//") else {
            return url
        }
        let authorityStart = colon + 3
        let authorityEnd =
            characters[authorityStart...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? characters.endIndex
        guard let at = characters[authorityStart..<authorityEnd].lastIndex(of: "@") else { return url }
        return String(characters[..<authorityStart]) + String(characters[(at + 1)...])
    }

    /// True when `url` carries a `user:password@` part (refused: credentials belong in a file or variable).
    package static func hasCredentials(_ url: String) -> Bool { withoutCredentials(url) != url }
}

extension StageError where Failure == HTTPReason {
    /// An HTTP failure about `url`; any `user:password@` part is dropped from it.
    /// - Parameters:
    ///   - url: The server's URL; a `user:password@` part is dropped.
    ///   - reason: What went wrong.
    package init(url: String, _ reason: HTTPReason) {
        self.init(reason, context: HTTPReason.withoutCredentials(url))
    }
}
