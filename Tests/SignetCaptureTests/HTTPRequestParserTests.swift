import Testing

@testable import SignetCapture

/// The request parser: whole requests, partial ones, and every refusal by name.
@Suite struct HTTPRequestParserTests {
    static let good = "GET /tok/index.html HTTP/1.1\r\nHost: 127.0.0.1:8000\r\nAccept: */*\r\n\r\n"

    @Test func parsesRequestLineAndFields() throws {
        guard case .request(let r) = HTTPRequestParser.parse(Array(Self.good.utf8)) else {
            Issue.record("not parsed")
            return
        }
        #expect(r.method == "GET")
        #expect(r.target == "/tok/index.html")
        #expect(r.header("host") == "127.0.0.1:8000")
        #expect(r.header("accept") == "*/*")
        #expect(r.body.isEmpty)
    }

    @Test func bodyFollowsContentLength() {
        let text = "POST /t/submit HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello"
        guard case .request(let r) = HTTPRequestParser.parse(Array(text.utf8)) else {
            Issue.record("not parsed")
            return
        }
        #expect(r.body == Array("hello".utf8))
    }

    @Test(arguments: [
        "", "GET / HTTP/1.1\r\n", "GET / HTTP/1.1\r\nHost: a\r\n\r",
        "POST /s HTTP/1.1\r\nContent-Length: 10\r\n\r\nshort",
    ])
    func partialRequestsWait(_ text: String) {
        #expect(HTTPRequestParser.parse(Array(text.utf8)) == .incomplete)
    }

    /// (case, request, expected status)
    static let refusals: [(String, String, HTTPStatus)] = [
        ("absolute target", "GET http://x/ HTTP/1.1\r\n\r\n", .badRequest),
        ("HTTP/2 line", "GET / HTTP/2\r\n\r\n", .badRequest),
        ("space in target", "GET /a b HTTP/1.1\r\n\r\n", .badRequest),
        ("bare LF", "GET / HTTP/1.1\nHost: a\r\n\r\n", .badRequest),
        ("folded field", "GET / HTTP/1.1\r\nHost: a\r\n  b\r\n\r\n", .badRequest),
        ("space before colon", "GET / HTTP/1.1\r\nHost : a\r\n\r\n", .badRequest),
        ("two Hosts", "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", .badRequest),
        ("two lengths", "POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\nx", .badRequest),
        ("signed length", "POST / HTTP/1.1\r\nContent-Length: +1\r\n\r\nx", .badRequest),
        ("chunked", "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", .notImplemented),
        ("oversized body", "POST / HTTP/1.1\r\nContent-Length: 4194305\r\n\r\n", .payloadTooLarge),
        ("control byte", "GET / HTTP/1.1\r\nX: \u{01}\r\n\r\n", .badRequest),
        ("non-ASCII", "GET / HTTP/1.1\r\nX: é\r\n\r\n", .badRequest),
    ]

    @Test(arguments: refusals)
    func refuses(_ name: String, _ text: String, _ status: HTTPStatus) {
        guard case .refused(let got, _) = HTTPRequestParser.parse(Array(text.utf8)) else {
            Issue.record("\(name): not refused")
            return
        }
        #expect(got == status, "\(name)")
    }

    @Test func oversizedHeaderIsRefusedWithoutItsEnd() {
        let text = "GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 20_000)
        guard case .refused(let status, _) = HTTPRequestParser.parse(Array(text.utf8)) else {
            Issue.record("not refused")
            return
        }
        #expect(status == .headersTooLarge)
    }

    @Test func tooManyFields() {
        let text = "GET / HTTP/1.1\r\n" + String(repeating: "X: 1\r\n", count: 65) + "\r\n"
        guard case .refused(let status, _) = HTTPRequestParser.parse(Array(text.utf8)) else {
            Issue.record("not refused")
            return
        }
        #expect(status == .headersTooLarge)
    }
}
