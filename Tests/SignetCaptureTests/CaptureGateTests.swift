import Testing

@testable import SignetCapture

/// The security rules, one named case each: Host, token, Origin, method, one submission, names.
@Suite struct CaptureGateTests {
    static let token = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
    let gate = CaptureGate(token: token, port: 4321)

    func request(
        _ method: String = "GET", _ path: String, host: String? = "127.0.0.1:4321", origin: String? = nil
    ) -> HTTPRequest {
        var headers: [HTTPField] = []
        if let host { headers.append(HTTPField(name: "host", value: host)) }
        if let origin { headers.append(HTTPField(name: "origin", value: origin)) }
        return HTTPRequest(method: method, target: path, headers: headers, body: Array("{}".utf8))
    }

    func status(_ decision: CaptureGate.Decision) -> HTTPStatus? {
        if case .refuse(let status, _) = decision { return status }
        return nil
    }

    @Test func servesThePageUnderTheToken() {
        for (path, name) in [("/\(Self.token)/", "index.html"), ("/\(Self.token)/signet-pad.js", "signet-pad.js")] {
            guard case .serve(let file, headOnly: false) = gate.decide(request("GET", path), submitted: false) else {
                Issue.record("\(path) not served")
                continue
            }
            #expect(file.name == name)
        }
    }

    @Test func takesThePagesOwnPost() {
        let post = request("POST", "/\(Self.token)/submit", origin: "http://127.0.0.1:4321")
        #expect(gate.decide(post, submitted: false) == .submit(Array("{}".utf8)))
        let viaLocalhost = request(
            "POST", "/\(Self.token)/submit", host: "localhost:4321", origin: "http://localhost:4321")
        #expect(gate.decide(viaLocalhost, submitted: false) == .submit(Array("{}".utf8)))
    }

    /// (case, request, expected status)
    static let refusals: [(String, String, String, String?, String?, Bool, HTTPStatus)] = [
        (
            "wrong token", "GET", "/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB/", "127.0.0.1:4321", nil, false,
            .forbidden
        ),
        ("no token", "GET", "/index.html", "127.0.0.1:4321", nil, false, .forbidden),
        ("token prefix", "GET", "/AAAA/", "127.0.0.1:4321", nil, false, .forbidden),
        ("rebinding Host", "GET", "/\(token)/", "evil.example:4321", nil, false, .forbidden),
        ("other port", "GET", "/\(token)/", "127.0.0.1:80", nil, false, .forbidden),
        ("no Host", "GET", "/\(token)/", nil, nil, false, .forbidden),
        ("foreign Origin", "POST", "/\(token)/submit", "127.0.0.1:4321", "http://evil.example", false, .forbidden),
        (
            "Origin of localhost on 127.0.0.1", "POST", "/\(token)/submit", "127.0.0.1:4321", "http://localhost:4321",
            false, .forbidden
        ),
        ("null Origin", "POST", "/\(token)/submit", "127.0.0.1:4321", "null", false, .forbidden),
        ("no Origin", "POST", "/\(token)/submit", "127.0.0.1:4321", nil, false, .forbidden),
        ("second submission", "POST", "/\(token)/submit", "127.0.0.1:4321", "http://127.0.0.1:4321", true, .conflict),
        ("page after submission", "GET", "/\(token)/", "127.0.0.1:4321", nil, true, .gone),
        ("GET submit", "GET", "/\(token)/submit", "127.0.0.1:4321", nil, false, .methodNotAllowed),
        ("PUT", "PUT", "/\(token)/index.html", "127.0.0.1:4321", nil, false, .methodNotAllowed),
        ("path escape", "GET", "/\(token)/../Package.swift", "127.0.0.1:4321", nil, false, .notFound),
        ("encoded escape", "GET", "/\(token)/%2e%2e/etc/passwd", "127.0.0.1:4321", nil, false, .notFound),
        ("not served", "GET", "/\(token)/package.json", "127.0.0.1:4321", nil, false, .notFound),
    ]

    @Test(arguments: refusals)
    func refuses(
        _ name: String, _ method: String, _ path: String, _ host: String?, _ origin: String?, _ submitted: Bool,
        _ expected: HTTPStatus
    ) {
        let decision = gate.decide(request(method, path, host: host, origin: origin), submitted: submitted)
        #expect(status(decision) == expected, "\(name)")
    }

    @Test func tokensAreRandomAndURLSafe() {
        let a = CaptureToken.random(), b = CaptureToken.random()
        #expect(a != b)
        #expect(a.count == 44)
        #expect(a.utf8.allSatisfy { CaptureToken.alphabet.utf8.contains($0) })
        #expect(CaptureToken.encode([0xFB, 0xEF, 0xFF]) == "--__")
    }
}
