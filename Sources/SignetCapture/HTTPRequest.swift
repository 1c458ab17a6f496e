/// One header field; `name` is lowercased.
package struct HTTPField: Sendable, Hashable {
    package var name: String
    package var value: String
}

/// One HTTP/1.1 request as `signet capture` understands it: the request line, the header
/// fields and the body.
package struct HTTPRequest: Sendable, Hashable {
    package var method: String
    package var target: String
    package var headers: [HTTPField]
    package var body: [UInt8]

    /// The value of the one field called `name` (lowercase); `nil` when absent.
    package func header(_ name: String) -> String? {
        headers.first { $0.name == name }?.value
    }
}

/// The sizes a request may reach before it is refused.
package struct HTTPLimits: Sendable, Hashable {
    /// The request line and header fields together.
    package var maxHeaderBytes = 16 * 1024
    /// Header fields.
    package var maxHeaderFields = 64
    /// The body (`Content-Length`).
    package var maxBodyBytes = 4 * 1024 * 1024

    package init() {}
}

/// What the bytes received so far on a connection amount to.
package enum HTTPParse: Sendable, Hashable {
    /// More bytes are needed.
    case incomplete
    /// A whole request.
    case request(HTTPRequest)
    /// Not a request this server takes: answer with `status` and close.
    case refused(HTTPStatus, String)
}

/// The request parser: a pure function from bytes to a request (fuzzed by Tools/Fuzz's fuzz-http).
/// Strict where leniency would hide smuggling: one `Host`, one `Content-Length`, no
/// `Transfer-Encoding`, no folded lines, no bare LF, an origin-form target of visible ASCII.
package enum HTTPRequestParser {
    package static func parse(_ bytes: [UInt8], limits: HTTPLimits = HTTPLimits()) -> HTTPParse {
        guard let end = headerEnd(bytes, within: limits.maxHeaderBytes) else {
            return bytes.count > limits.maxHeaderBytes
                ? .refused(.headersTooLarge, "the request's header is larger than \(limits.maxHeaderBytes) bytes")
                : .incomplete
        }
        let lines = split(bytes[..<end])
        guard let first = lines.first, let line = ascii(first) else {
            return .refused(.badRequest, "the request line is not ASCII")
        }
        let parts = line.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, isToken(parts[0]), parts[1].first == "/",
            parts[1].utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }), parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0"
        else { return .refused(.badRequest, "the request line is not 'METHOD /path HTTP/1.1'") }
        let fields = lines.dropFirst()
        guard fields.count <= limits.maxHeaderFields else {
            return .refused(.headersTooLarge, "the request has more than \(limits.maxHeaderFields) header fields")
        }
        var headers: [HTTPField] = []
        for raw in fields {
            guard let text = ascii(raw), let colon = text.firstIndex(of: ":"),
                isToken(text[..<colon])
            else { return .refused(.badRequest, "a header field is not 'Name: value'") }
            let value = text[text.index(after: colon)...].trimmingOWS()
            headers.append(HTTPField(name: text[..<colon].lowercased(), value: value))
        }
        for unique in ["host", "content-length", "origin"] where headers.filter({ $0.name == unique }).count > 1 {
            return .refused(.badRequest, "the request has more than one \(unique) field")
        }
        if headers.contains(where: { $0.name == "transfer-encoding" }) {
            return .refused(.notImplemented, "chunked and other transfer codings are not accepted; send Content-Length")
        }
        var length = 0
        if let text = headers.first(where: { $0.name == "content-length" })?.value {
            guard !text.isEmpty, text.count <= 12, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                let n = Int(text)
            else { return .refused(.badRequest, "Content-Length is not a number") }
            guard n <= limits.maxBodyBytes else {
                return .refused(.payloadTooLarge, "the body is larger than \(limits.maxBodyBytes) bytes")
            }
            length = n
        }
        let bodyStart = end + 4
        guard bytes.count >= bodyStart + length else { return .incomplete }
        return .request(
            HTTPRequest(
                method: String(parts[0]), target: String(parts[1]), headers: headers,
                body: Array(bytes[bodyStart..<(bodyStart + length)])))
    }

    /// The offset of the CRLFCRLF that ends the header, looked for in the first `limit` + 4 bytes.
    private static func headerEnd(_ bytes: [UInt8], within limit: Int) -> Int? {
        let last = min(bytes.count, limit + 4) - 4
        guard last >= 0 else { return nil }
        for i in 0...last where bytes[i] == 13 && bytes[i + 1] == 10 && bytes[i + 2] == 13 && bytes[i + 3] == 10 {
            return i
        }
        return nil
    }

    /// The header's lines, split at CRLF (a bare CR or LF stays in its line and makes it invalid).
    private static func split(_ header: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = header.startIndex
        var i = header.startIndex
        while i < header.endIndex {
            if header[i] == 13, i + 1 < header.endIndex, header[i + 1] == 10 {
                lines.append(header[start..<i])
                i += 2
                start = i
            } else {
                i += 1
            }
        }
        lines.append(header[start..<header.endIndex])
        return lines
    }

    /// Visible ASCII, spaces and tabs only (no CR, LF or other controls), as a string.
    private static func ascii(_ bytes: ArraySlice<UInt8>) -> String? {
        guard bytes.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x09 }) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// An RFC 9110 token: a method or a field name.
    private static func isToken(_ text: Substring) -> Bool {
        !text.isEmpty
            && text.utf8.allSatisfy { c in
                (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
                    || "!#$%&'*+-.^_`|~".utf8.contains(c)
            }
    }
}

extension Substring {
    /// Without the spaces and tabs around it.
    fileprivate func trimmingOWS() -> String {
        var s = self[...]
        while let c = s.first, c == " " || c == "\t" { s = s.dropFirst() }
        while let c = s.last, c == " " || c == "\t" { s = s.dropLast() }
        return String(s)
    }
}
