import Foundation
import SignetTestSupport
import Testing

@testable import SignetCrypto

/// A timestamp's time against the clock of the one who reads it: a verifier does not believe a
/// token from more than `TimestampVerifier.clockSkew` in its future, and a signer does not embed a
/// token that far from its own clock, either way.
@Suite("timestamps far from the local clock")
struct TimestampClockTests {
    let pki = PolicyPKI.shared

    func bytes(_ path: String) throws -> [UInt8] { try Array(Data(contentsOf: URL(fileURLWithPath: path))) }

    /// Answers the authority's query the way a TSA does, with `openssl ts -reply` (genTime: now).
    final class OpenSSLAuthority: HTTPTransport, @unchecked Sendable {
        let pki: PolicyPKI
        let dir: TemporaryDirectory

        init(_ pki: PolicyPKI, _ dir: TemporaryDirectory) { (self.pki, self.dir) = (pki, dir) }

        func post(url: String, contentType: String, body: [UInt8], accept: String) throws -> HTTPResponse {
            let reply = try pki.timestampReply(to: dir.write("query.tsq", bytes: body), out: dir.path("reply.tsr"))
            return HTTPResponse(
                status: 200, contentType: "application/timestamp-reply",
                body: Array(try Data(contentsOf: URL(fileURLWithPath: reply))))
        }

        func get(url: String) throws -> HTTPResponse { HTTPResponse(status: 404, contentType: nil, body: []) }
    }

    @Test(
        "a verifier whose clock is behind the token's genTime by more than the skew does not believe it",
        arguments: [(0.0, true), (-120.0, true), (-3600.0, false), (-86_400.0 * 365, false)])
    func verifierClock(offset: Double, believed: Bool) throws {
        let dir = TemporaryDirectory("timestamp-clock-verify")
        let data = dir.write("data.bin", "stamped bytes\n")
        let token = dir.path("token.tsr")
        try pki.timestampToken(over: data, out: token)
        let now = Date().addingTimeInterval(offset)
        let check = try TimestampVerifier.verify(
            token: try bytes(token), context: "token", imprinted: { try $0.hash(try bytes(data)) },
            options: VerifyOptions(now: now, anchors: try TrustAnchors(files: [pki.rootCert])),
            judgedAt: { _ in (now, .now) }
        ).timestamp
        let future = check.problems.filter { $0.contains("is after this verification's clock") }
        // The test PKI is minutes old, so a clock set back also finds the TSA certificate not yet
        // valid: only the clock problem itself tells the cases apart, and the verdict when it is there.
        #expect(
            future.isEmpty == believed && (believed || !check.valid) && (offset != 0 || check.valid),
            "clock offset \(offset) s: valid \(check.valid), problems \(check.problems)")
    }

    @Test(
        "an authority whose token is far from this machine's clock is refused before the token is used",
        arguments: [(0.0, true), (200.0, true), (3600.0, false), (-3600.0, false)])
    func authorityClock(offset: Double, accepted: Bool) throws {
        let dir = TemporaryDirectory("timestamp-clock-tsa")
        let authority = TimestampAuthority(
            options: TimestampOptions(url: "http://tsa.test/tsr"), transport: OpenSSLAuthority(pki, dir),
            now: Date().addingTimeInterval(offset), random: { _ in (0..<8).map { _ in UInt8.random(in: 1...255) } })
        do {
            let token = try authority.token(over: Array("signature value".utf8))
            #expect(accepted && !token.isEmpty, "clock offset \(offset) s: the token was accepted")
        } catch let error as TimestampError {
            guard case .farFromClock = error.reason else {
                Issue.record("clock offset \(offset) s: \(error.message)")
                return
            }
            #expect(!accepted, "clock offset \(offset) s: refused: \(error.message)")
            #expect(error.message.contains("check this machine's clock"), "\(error.message)")
        }
    }
}
