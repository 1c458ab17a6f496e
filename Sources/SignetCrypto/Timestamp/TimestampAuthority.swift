import FoundationEssentials

/// Asks an RFC 3161 timestamp authority for a token and checks the reply before anyone uses it:
/// granted, the nonce sent, the imprint asked for, the policy asked for, and a token whose
/// signature holds and whose certificate has the (critical) timeStamping extended key usage.
package struct TimestampAuthority: Sendable {
    package let options: TimestampOptions
    package let transport: any HTTPTransport
    /// Random bytes for nonces (OpenSSL's CSPRNG at the edge; fixed in tests).
    package let random: @Sendable (Int) throws -> [UInt8]
    /// The time the token is judged at (its certificate must be valid then).
    package let now: Date

    /// The digest of every imprint Signet asks for.
    static let imprintDigest = DigestAlgorithm.sha256

    package init(
        options: TimestampOptions, transport: any HTTPTransport, now: Date,
        random: @escaping @Sendable (Int) throws -> [UInt8] = TimestampAuthority.systemRandom
    ) {
        self.options = options
        self.transport = transport
        self.now = now
        self.random = random
    }

    /// OpenSSL's CSPRNG.
    package static let systemRandom: @Sendable (Int) throws -> [UInt8] = { try OpenSSLCiphers().randomBytes($0) }

    /// A checked TimeStampToken (DER ContentInfo) over the SHA-256 of `data`.
    package func token(over data: [UInt8]) throws -> [UInt8] {
        try token(imprint: try Self.imprintDigest.hash(data))
    }

    /// A checked TimeStampToken over `imprint`, a SHA-256 digest computed by the caller.
    package func token(imprint: [UInt8]) throws -> [UInt8] {
        let url = options.url
        // 8 random bytes with the top bit clear: a positive INTEGER of at most 64 bits, as TSAs expect.
        var nonce = try random(8)
        nonce[0] &= 0x7F
        nonce[0] |= 0x01
        let query = try TimestampQuery(
            imprint: imprint, algorithm: Self.imprintDigest, nonce: nonce, policy: options.policy)
        let response = try transport.post(
            url: url, contentType: "application/timestamp-query", body: try query.der,
            accept: "application/timestamp-reply")
        try response.requireType("application/timestamp-reply", from: url)
        let reply: TimestampReply
        do {
            reply = try TimestampReply(der: response.body)
        } catch let failure as OpenSSLFailure {
            throw TimestampError(url: url, .unreadableReply(failure.summary))
        }
        guard reply.status == 0 || reply.status == 1 else {
            throw TimestampError(url: url, .notGranted(status: Self.statusName(reply.status), failure: reply.failures))
        }
        guard reply.hasToken, let token = Self.token(in: response.body) else {
            throw TimestampError(url: url, .unreadableReply("a granted reply without a token"))
        }
        guard reply.echoesNonce(of: query) else { throw TimestampError(url: url, .nonceMismatch) }
        if let policy = options.policy {
            let received = reply.policy
            guard received == policy else {
                throw TimestampError(url: url, .policyMismatch(asked: policy, received: received))
            }
        }
        let check = try TimestampVerifier.verify(
            token: token, context: url,
            imprinted: { algorithm in
                guard algorithm.name == Self.imprintDigest.name else { return [] }
                return imprint
            }, options: VerifyOptions(now: now, requireTrust: false), judgedAt: { _ in (now, .now) }
        ).timestamp
        guard check.imprintMatches else { throw TimestampError(url: url, .imprintMismatch) }
        guard abs(check.time.timeIntervalSince(now)) <= TimestampVerifier.clockSkew else {
            throw TimestampError(
                url: url, .farFromClock(tokenTime: DateText.utc(check.time), localTime: DateText.utc(now)))
        }
        guard check.valid else { throw TimestampError(url: url, .badToken(check.problems)) }
        return token
    }

    /// The TimeStampToken's exact bytes: the element after the status in the TimeStampResp SEQUENCE.
    static func token(in reply: [UInt8]) -> [UInt8]? {
        guard let elements = DER.elements(ofSequence: reply), elements.count == 2 else { return nil }
        return Array(reply[elements[1]])
    }

    static func statusName(_ status: Int) -> String {
        let names = [
            "granted", "grantedWithMods", "rejection", "waiting", "revocationWarning", "revocationNotification",
        ]
        return names.indices.contains(status) ? names[status] : "status \(status)"
    }
}
