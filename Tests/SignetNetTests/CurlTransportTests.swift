import Foundation
import SignetCrypto
import SignetFiles
import SignetNet
import SignetTestSupport
import Testing

/// libcurl behind `HTTPTransport`, against Certomancer's Animator and its misbehaving fakes on 127.0.0.1.
@Suite("HTTP through libcurl", .enabled(if: Certomancer.isInstalled, Comment(rawValue: Certomancer.missingNote)))
struct CurlTransportTests {
    /// A real RFC 3161 query (openssl ts -query) over a few bytes.
    func timestampQuery() throws -> [UInt8] {
        let dir = TemporaryDirectory()
        let data = dir.write("data.txt", "stamp me\n")
        let query = dir.path("query.tsq")
        let made = try ProcessRunner.run("openssl", ["ts", "-query", "-data", data, "-sha256", "-cert", "-out", query])
        try #require(made.status == 0, "\(made.stderr)")
        return Array(try Data(contentsOf: URL(fileURLWithPath: query)))
    }

    func post(_ url: String, _ transport: CurlTransport = CurlTransport()) throws -> HTTPResponse {
        try transport.post(
            url: url, contentType: "application/timestamp-query", body: try timestampQuery(),
            accept: "application/timestamp-reply")
    }

    func reason(_ body: () throws -> HTTPResponse) -> HTTPError.Reason? {
        do {
            _ = try body()
            return nil
        } catch let error as HTTPError {
            return error.reason
        } catch {
            Issue.record("not an HTTPError: \(error)")
            return nil
        }
    }

    @Test("a POST to the TSA and a GET of a CRL come back 2xx with their content types")
    func exchanges() throws {
        let pki = try Certomancer.shared
        let reply = try post(pki.tsaURL)
        #expect(reply.status == 200)
        #expect(reply.contentType == "application/timestamp-reply")
        #expect(reply.body.count > 1000)
        let crl = try CurlTransport().get(url: pki.crlURL("root"))
        #expect(crl.contentType == "application/pkix-crl")
        #expect(crl.body.first == 0x30)
    }

    @Test(
        "failures are typed and name the URL",
        arguments: [
            ("http-500", HTTPError.Reason.status(500)),
            ("basic-auth", .status(401)),
            ("redirect-loop", .tooManyRedirects(limit: 3)),
        ])
    func failures(fake: String, expected: HTTPError.Reason) throws {
        let pki = try Certomancer.shared
        #expect(reason { try post(pki.fakeURL(fake)) } == expected)
        do {
            _ = try post(pki.fakeURL(fake))
        } catch let error as HTTPError {
            #expect(error.message.contains(pki.fakeURL(fake)))
        }
    }

    @Test("a closed port is unreachable; a slow server times out; a large answer is cut off; ftp is refused")
    func limits() throws {
        let pki = try Certomancer.shared
        guard case .unreachable = reason({ try post("http://127.0.0.1:\(try ClosedPort.find())/tsa") }) else {
            Issue.record("a closed port was not reported unreachable")
            return
        }
        let quick = CurlTransport(options: HTTPOptions(timeout: 1))
        #expect(reason { try post(pki.fakeURL("slow"), quick) } == .timedOut(seconds: 1))
        let small = CurlTransport(options: HTTPOptions(maxResponseBytes: 100))
        #expect(reason { try small.get(url: pki.crlURL("root")) } == .tooLarge(limit: 100))
        #expect(reason { try CurlTransport().get(url: "ftp://127.0.0.1/crl") } == .badURL)
    }

    @Test("basic and bearer credentials are sent; wrong ones get the 401")
    func credentials() throws {
        let pki = try Certomancer.shared
        let basic = CurlTransport(
            credentials: .basic(user: Certomancer.tsaUser, password: Secret(Certomancer.tsaPassword)))
        #expect(try post(pki.fakeURL("basic-auth"), basic).contentType == "application/timestamp-reply")
        let bearer = CurlTransport(credentials: .bearer(Secret(Certomancer.tsaPassword)))
        #expect(try post(pki.fakeURL("bearer"), bearer).status == 200)
        let wrong = CurlTransport(credentials: .basic(user: Certomancer.tsaUser, password: Secret("not it")))
        #expect(reason { try post(pki.fakeURL("basic-auth"), wrong) } == .status(401))
    }

    @Test("credentials in a URL never reach a message")
    func redaction() {
        let error = HTTPError(url: "http://user:hunter2@127.0.0.1:9/tsa", .status(500))
        #expect(error.context == "http://127.0.0.1:9/tsa")
        #expect(!error.message.contains("hunter2"))
    }
}
