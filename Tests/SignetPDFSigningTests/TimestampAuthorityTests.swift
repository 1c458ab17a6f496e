import Foundation
import SignetTestSupport
import Testing

@testable import SignetCrypto

/// `TimestampAuthority` over a fake `HTTPTransport`: the request it sends, and replies it refuses
/// before any token is used.
@Suite("RFC 3161 requests and the checks of a reply")
struct TimestampAuthorityTests {
    /// Answers every POST with `reply`, keeping what was sent.
    final class FakeTransport: HTTPTransport, @unchecked Sendable {
        let reply: HTTPResponse
        var sent: [(url: String, contentType: String, body: [UInt8], accept: String)] = []

        init(_ reply: HTTPResponse) { self.reply = reply }

        func post(url: String, contentType: String, body: [UInt8], accept: String) throws -> HTTPResponse {
            sent.append((url, contentType, body, accept))
            return reply
        }

        func get(url: String) throws -> HTTPResponse { reply }
    }

    func authority(_ transport: FakeTransport, policy: String? = nil) -> TimestampAuthority {
        TimestampAuthority(
            options: TimestampOptions(url: "http://tsa.test/tsr", policy: policy), transport: transport, now: Date(),
            random: { Array(repeating: 0xAB, count: $0) })
    }

    func reason(_ body: () throws -> [UInt8]) -> String {
        do {
            _ = try body()
            return "no error"
        } catch let error as TimestampError {
            return "\(error.reason)"
        } catch let error as HTTPError {
            return "\(error.reason)"
        } catch {
            return "other: \(error)"
        }
    }

    @Test("the request: a DER TimeStampReq with the SHA-256 imprint, the nonce, certReq and the policy")
    func request() throws {
        let transport = FakeTransport(HTTPResponse(status: 200, contentType: "application/timestamp-reply", body: []))
        let data = Array("stamped\n".utf8)
        _ = reason { try authority(transport, policy: "1.2.3.4.5").token(over: data) }
        let sent = try #require(transport.sent.first)
        #expect(sent.contentType == "application/timestamp-query" && sent.accept == "application/timestamp-reply")
        let dir = TemporaryDirectory()
        let query = dir.write("q.tsq", bytes: sent.body)
        let text = try ProcessRunner.run("openssl", ["ts", "-query", "-in", query, "-text"]).stdoutText
        let digest = try DigestAlgorithm.sha256.hash(data).map { String(format: "%02x", $0) }.joined(separator: " ")
        #expect(text.contains("Hash Algorithm: sha256"), "\(text)")
        #expect(text.replacingOccurrences(of: "-", with: " ").contains(digest.prefix(23)), "\(text)")
        #expect(text.contains("Nonce: 0x2BABABABABABABAB"), "top bit cleared, lowest set: \(text)")
        #expect(text.contains("Certificate required: yes") && text.contains("Policy OID: 1.2.3.4.5"), "\(text)")
    }

    @Test(
        "replies refused before use",
        arguments: [
            ("text/html", [0x30, 0x00], "unexpectedType"),
            ("application/timestamp-reply", [0x01, 0x02, 0x03], "unreadableReply"),
            // TimeStampResp { status { rejection, failInfo badAlg } }, no token.
            (
                "application/timestamp-reply", [0x30, 0x09, 0x30, 0x07, 0x02, 0x01, 0x02, 0x03, 0x02, 0x07, 0x80],
                "notGranted"
            ),
            // granted, but no token.
            ("application/timestamp-reply", [0x30, 0x05, 0x30, 0x03, 0x02, 0x01, 0x00], "unreadableReply"),
        ] as [(String, [UInt8], String)])
    func refused(type: String, body: [UInt8], expected: String) {
        let transport = FakeTransport(HTTPResponse(status: 200, contentType: type, body: body))
        #expect(reason { try authority(transport).token(over: [1, 2, 3]) }.hasPrefix(expected))
    }

    @Test("the token is the element after the status, byte for byte; broken framing finds none")
    func tokenBytes() {
        let reply: [UInt8] = [0x30, 0x08, 0x30, 0x03, 0x02, 0x01, 0x00, 0x30, 0x01, 0xFF]
        #expect(TimestampAuthority.token(in: reply) == [0x30, 0x01, 0xFF])
        #expect(TimestampAuthority.token(in: [0x30, 0x09] + reply.dropFirst(2)) == nil)
        #expect(TimestampAuthority.token(in: [0x30, 0x03, 0x30, 0x01, 0x00]) == nil)
    }

    @Test("a media type is compared without parameters or case")
    func mediaType() throws {
        let response = HTTPResponse(status: 200, contentType: "Application/Timestamp-Reply; charset=binary", body: [])
        #expect(response.contentType == "application/timestamp-reply")
        try response.requireType("application/timestamp-reply", from: "http://tsa.test")
    }
}
