import FuzzSupport
import Signet

/// `signet capture`'s request parser and gate: any bytes give incomplete, a request or a refusal,
/// never a crash; a parsed request's body is exactly its Content-Length, and the gate never serves
/// a file that is not one of the page's.
@_cdecl("fuzz_http_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzz.run(argc, argv) { data, size in
        let bytes = Fuzz.bytes(data, size)
        var limits = HTTPLimits()
        limits.maxBodyBytes = 4096
        limits.maxHeaderBytes = 2048
        if case .request(let request) = HTTPRequestParser.parse(bytes, limits: limits) {
            let length = request.header("content-length").flatMap { Int($0) } ?? 0
            Fuzz.require(request.body.count == length, "body of \(request.body.count) bytes for length \(length)")
            let gate = CaptureGate(token: "AAAAAAAAAAAAAAAA", port: 8000)
            if case .serve(let file, _) = gate.decide(request, submitted: false) {
                Fuzz.require(CapturePage.file(named: file.name) != nil, "served \(file.name)")
            }
        }
        return 0
    }
}
