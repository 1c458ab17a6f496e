import SignetCore

/// A timestamp authority's reply was refused. `url` is the authority's (without credentials).
public typealias TimestampError = StageError<TimestampReason>

/// Why timestamp failed: each reason says its kind and how it reads.
public enum TimestampReason: StageReason {
    /// What is wrong with the reply.
    /// The authority did not grant the request: its status and failure information, in words.
    case notGranted(status: String, failure: [String])
    /// The reply is not a TimeStampResp, or holds no token.
    case unreadableReply(String)
    /// The token's nonce is not the one sent (a replayed or misrouted reply).
    case nonceMismatch
    /// The token stamps another hash than the one asked for.
    case imprintMismatch
    /// The token's policy is not the one `TimestampOptions.policy` asked for.
    case policyMismatch(asked: String, received: String)
    /// The token's signature or its certificate does not hold (no timeStamping EKU, not valid…).
    case badToken([String])
    /// The token's time is further from the local clock than `TimestampVerifier.clockSkew` allows
    /// (UTC times as text): the authority's clock, or this machine's, is wrong.
    case farFromClock(tokenTime: String, localTime: String)

    /// The authority failed (exit 1): nothing in the input is wrong.
    public var kind: FailureKind { .failed }

    /// One line for the user.
    /// - Parameter context: The file, input, URL or step the failure is about; `nil` when unknown.
    public func message(about context: String?) -> Sentence {
        let url = context ?? "the timestamp authority"
        switch self {
        case .notGranted(let status, let failure):
            let why = failure.isEmpty ? "" : " (\(failure.joined(separator: ", ")))"
            return
                "\(url): the timestamp authority answered \(status)\(why); \(.check, .timestampURL) and any policy or credentials it needs."
        case .unreadableReply(let detail):
            return
                "\(url): the answer is not an RFC 3161 timestamp reply (\(detail)); check that the URL is a timestamp authority's."
        case .nonceMismatch:
            return
                "\(url): the timestamp's nonce is not the one sent, so the reply is not an answer to this request; try again, or use another authority."
        case .imprintMismatch:
            return
                "\(url): the timestamp stamps another hash than the one sent; the authority is misbehaving, use another one."
        case .policyMismatch(let asked, let received):
            return
                "\(url): the timestamp carries policy \(received), not \(asked) as asked; \(.check, .timestampPolicy)."
        case .farFromClock(let tokenTime, let localTime):
            return
                "\(url): the timestamp says \(tokenTime) but this machine's clock says \(localTime), more than 5 minutes apart; check this machine's clock, or use another authority."
        case .badToken(let problems):
            return
                "\(url): the timestamp token does not hold (\(problems.joined(separator: "; "))); use an authority whose certificate has the timeStamping extended key usage."
        }
    }
}

extension StageError where Failure == TimestampReason {
    /// A refused reply from the authority at `url`; any `user:password@` part is dropped from it.
    package init(url: String, _ reason: TimestampReason) {
        self.init(reason, context: HTTPReason.withoutCredentials(url))
    }
}
