import CCurl
import CSignetCurl
import SignetCrypto

/// Owns one libcurl easy handle (`curl_easy_cleanup` in `deinit`) and the buffers it points at;
/// every `CURLcode` goes through `check`. One handle makes one exchange; it is not shared.
final class CurlEasy {
    private let handle: UnsafeMutableRawPointer
    /// libcurl's explanation of the last failure (CURLOPT_ERRORBUFFER), alive as long as the handle.
    private let errorText: UnsafeMutablePointer<CChar>
    /// The request headers (`curl_slist_free_all` in `deinit`, after the handle lets go of them).
    private var headers: UnsafeMutablePointer<curl_slist>?
    private let response: ResponseBody
    private let url: String
    private let options: HTTPOptions

    /// libcurl, loaded on the first exchange (so a run without one never maps it), and its
    /// process-wide state set up once before the first handle (thread-safe since 7.84 with
    /// CURL_GLOBAL_DEFAULT; before that, the first use is under Swift's `static let` lock):
    /// `nil` when ready, otherwise why not.
    private static let loadFailure: String? = {
        if let failure = signet_curl_load() { return "libcurl could not be loaded: \(String(cString: failure))" }
        let code = signet_curl_global_init(signet_curl_global_default())
        guard code == CURLE_OK else {
            return "libcurl could not be initialised: \(String(cString: signet_curl_easy_strerror(code)))"
        }
        return nil
    }()

    init(url: String, options: HTTPOptions) throws {
        self.url = url
        self.options = options
        if let failure = Self.loadFailure { throw HTTPError(url: url, .failed(failure)) }
        guard let handle = signet_curl_easy_init() else {
            throw HTTPError(url: url, .failed("libcurl could not make a handle"))
        }
        self.handle = handle
        errorText = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorText.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        response = ResponseBody(limit: options.maxResponseBytes)
        try configure()
    }

    deinit {
        signet_curl_easy_cleanup(handle)
        signet_curl_slist_free_all(headers)
        errorText.deallocate()
    }

    private func configure() throws {
        try set(CURLOPT_URL, string: url)
        // http and https only, for the request and for any redirect (no file://, no gopher).
        try set(CURLOPT_PROTOCOLS_STR, string: "http,https")
        try set(CURLOPT_REDIR_PROTOCOLS_STR, string: "http,https")
        try set(CURLOPT_FOLLOWLOCATION, options.maxRedirects > 0 ? 1 : 0)
        try set(CURLOPT_MAXREDIRS, max(options.maxRedirects, 0))
        try set(CURLOPT_TIMEOUT_MS, Self.milliseconds(options.timeout))
        try set(CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(min(options.connectTimeout, options.timeout)))
        try check(signet_curl_setopt_offset(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(options.maxResponseBytes)))
        // No signals: timeouts must not use SIGALRM in a threaded process.
        try set(CURLOPT_NOSIGNAL, 1)
        try set(CURLOPT_ERRORBUFFER, pointer: UnsafeRawPointer(errorText))
        try check(signet_curl_setopt_write(handle, ResponseBody.write))
        try set(CURLOPT_WRITEDATA, pointer: UnsafeRawPointer(Unmanaged.passUnretained(response).toOpaque()))
        // Proxies: libcurl reads http_proxy, https_proxy and no_proxy itself, as the curl tool does.
    }

    /// Sends these headers ("Content-Type: …").
    func setHeaders(_ lines: [String]) throws {
        for line in lines {
            guard let grown = signet_curl_slist_append(headers, line) else {
                throw HTTPError(url: url, .failed("out of memory for the request headers"))
            }
            headers = grown
        }
        try set(CURLOPT_HTTPHEADER, pointer: UnsafeRawPointer(headers))
    }

    /// POSTs a copy of `body` (CURLOPT_COPYPOSTFIELDS: libcurl keeps its own).
    func setPostBody(_ body: [UInt8]) throws {
        try check(signet_curl_setopt_offset(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
        try body.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return try set(CURLOPT_COPYPOSTFIELDS, string: "") }
            try set(CURLOPT_COPYPOSTFIELDS, pointer: base)
        }
    }

    /// Sends `credentials` (libcurl copies the strings; basic auth is not resent to another host on a redirect).
    func setCredentials(_ credentials: HTTPCredentials) throws {
        switch credentials {
        case .basic(let user, let password):
            try set(CURLOPT_HTTPAUTH, signet_curl_auth_basic())
            try set(CURLOPT_USERNAME, string: user)
            try password.withCString { text, _ in try set(CURLOPT_PASSWORD, pointer: UnsafeRawPointer(text)) }
        case .bearer(let token):
            try set(CURLOPT_HTTPAUTH, signet_curl_auth_bearer())
            try token.withCString { text, _ in try set(CURLOPT_XOAUTH2_BEARER, pointer: UnsafeRawPointer(text)) }
        }
    }

    /// Runs the exchange; a non-2xx status, the size limit, a timeout or too many redirects are thrown.
    func perform() throws -> HTTPResponse {
        let code = signet_curl_easy_perform(handle)
        if response.exceeded || code == CURLE_FILESIZE_EXCEEDED {
            throw HTTPError(url: url, .tooLarge(limit: response.limit))
        }
        try check(code)
        var status = 0
        try check(signet_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status))
        guard (200..<300).contains(status) else { throw HTTPError(url: url, .status(status)) }
        var type: UnsafePointer<CChar>?
        try check(signet_curl_getinfo_string(handle, CURLINFO_CONTENT_TYPE, &type))
        return HTTPResponse(status: status, contentType: type.map { String(cString: $0) }, body: response.bytes)
    }

    private func set(_ option: CURLoption, _ value: Int) throws {
        try check(signet_curl_setopt_long(handle, option, value))
    }

    private func set(_ option: CURLoption, string: String) throws {
        try string.withCString { try set(option, pointer: UnsafeRawPointer($0)) }
    }

    private func set(_ option: CURLoption, pointer: UnsafeRawPointer?) throws {
        try check(signet_curl_setopt_pointer(handle, option, pointer))
    }

    /// The one place a `CURLcode` is read: anything but CURLE_OK becomes an `HTTPError`.
    private func check(_ code: CURLcode) throws {
        guard code != CURLE_OK else { return }
        let detail =
            errorText.pointee != 0 ? String(cString: errorText) : String(cString: signet_curl_easy_strerror(code))
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            throw HTTPError(url: url, .timedOut(seconds: options.timeout))
        case CURLE_TOO_MANY_REDIRECTS:
            throw HTTPError(url: url, .tooManyRedirects(limit: options.maxRedirects))
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
            throw HTTPError(url: url, .badURL)
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_CONNECT, CURLE_SSL_CONNECT_ERROR,
            CURLE_PEER_FAILED_VERIFICATION, CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_GOT_NOTHING:
            throw HTTPError(url: url, .unreachable(detail))
        default:
            throw HTTPError(url: url, .failed(detail))
        }
    }

    private static func milliseconds(_ seconds: Double) -> Int {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        return Int(min(seconds * 1000, Double(Int32.max)).rounded(.up))
    }
}

/// The response body as libcurl hands it over, refused past `limit` bytes.
private final class ResponseBody {
    let limit: Int
    var bytes: [UInt8] = []
    var exceeded = false

    init(limit: Int) { self.limit = limit }

    /// CURLOPT_WRITEFUNCTION: appends, or returns 0 (libcurl then aborts) once over the limit.
    static let write: signet_curl_write_fn = { data, size, count, context in
        guard let data, let context else { return 0 }
        let body = Unmanaged<ResponseBody>.fromOpaque(context).takeUnretainedValue()
        let length = size * count
        guard body.bytes.count + length <= body.limit else {
            body.exceeded = true
            return 0
        }
        data.withMemoryRebound(to: UInt8.self, capacity: length) {
            body.bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: length))
        }
        return length
    }
}
