/// What `signet capture` does with a request: the security rules in one pure function.
///
/// - The Host must be this server, `127.0.0.1:PORT` or `localhost:PORT` (a DNS-rebinding page
///   sends its own name).
/// - The path must start with the one-time token: `/TOKEN/` + one of the page's files, or
///   `/TOKEN/submit`; nothing from the path reaches the file system.
/// - A POST must come from the page itself: `Origin: http://HOST` with the Host it was sent to.
/// - One submission is taken; later ones get 409.
package struct CaptureGate: Sendable {
    package enum Decision: Sendable, Hashable {
        case serve(CapturePage.File, headOnly: Bool)
        case submit([UInt8])
        case refuse(HTTPStatus, String)
    }

    package var token: String
    package var port: Int
    /// Files served beside the page's own (`signet capture --pdf`'s page image and document facts).
    package var extraFiles: [CapturePage.File]

    package init(token: String, port: Int, extraFiles: [CapturePage.File] = []) {
        (self.token, self.port, self.extraFiles) = (token, port, extraFiles)
    }

    /// The page's address, printed for the signer.
    package var url: String { "http://127.0.0.1:\(port)/\(token)/" }

    package func decide(_ request: HTTPRequest, submitted: Bool) -> Decision {
        guard let host = request.header("host"), host == "127.0.0.1:\(port)" || host == "localhost:\(port)" else {
            return .refuse(.forbidden, "this server answers only to 127.0.0.1:\(port)")
        }
        let path = request.target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let prefix = "/\(token)/"
        guard path.utf8.count >= prefix.utf8.count,
            Self.equalInConstantTime(path.utf8.prefix(prefix.utf8.count), prefix.utf8)
        else { return .refuse(.forbidden, "this address needs the one-time token signet capture printed") }
        let name = String(path.dropFirst(prefix.count))
        if name == "submit" {
            guard request.method == "POST" else { return .refuse(.methodNotAllowed, "submit takes a POST") }
            guard request.header("origin") == "http://\(host)" else {
                return .refuse(.forbidden, "only the signing page itself may submit")
            }
            if submitted { return .refuse(.conflict, "a signature was already submitted") }
            return .submit(request.body)
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            return .refuse(.methodNotAllowed, "only GET, HEAD and the page's POST are answered")
        }
        if submitted { return .refuse(.gone, "this capture is finished") }
        let wanted = name.isEmpty ? "index.html" : name
        guard let file = extraFiles.first(where: { $0.name == wanted }) ?? CapturePage.file(named: wanted) else {
            return .refuse(.notFound, "no such file")
        }
        return .serve(file, headOnly: request.method == "HEAD")
    }

    /// Byte-by-byte comparison that takes as long whatever the first difference.
    private static func equalInConstantTime<A: Collection, B: Collection>(_ a: A, _ b: B) -> Bool
    where A.Element == UInt8, B.Element == UInt8 {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for (x, y) in zip(a, b) { difference |= x ^ y }
        return difference == 0
    }
}
