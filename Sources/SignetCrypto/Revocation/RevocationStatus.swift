import FoundationEssentials

/// What one checked OCSP response or CRL says about one certificate.
package struct RevocationEvidence: Sendable, Hashable {
    /// Where the answer came from.
    package enum Source: String, Sendable, Hashable, Codable {
        case ocsp, crl
    }

    /// The certificate's status.
    package enum Status: Sendable, Hashable {
        case good
        /// Revoked at `date` (nil when the value does not say), for `reason` (CRL reason text).
        case revoked(date: Date?, reason: String?)
        /// The responder does not know the certificate.
        case unknown
    }

    package var source: Source
    package var status: Status
    /// When the answer was known to be correct, and when the next one is due (nil: not said).
    package var thisUpdate: Date?
    package var nextUpdate: Date?
    /// The responder's certificate (OCSP), when it is not the issuer itself: it goes into a DSS too.
    package var responderDER: [UInt8]?

    /// Whether this answer speaks for the certificate's status at `time`: it was current then
    /// (thisUpdate ≤ time ≤ nextUpdate), or it was issued after `time` (a later "good" proves
    /// the certificate was not revoked at `time`; a later "revoked" names the date). `slack`
    /// allows for clocks and whole-second times (a TSA's genTime and a responder's thisUpdate
    /// made in the same second).
    package func speaks(at time: Date, slack: TimeInterval = 60) -> Bool {
        guard let thisUpdate else { return false }
        if thisUpdate >= time.addingTimeInterval(-slack) { return true }
        guard let nextUpdate else { return false }
        return time <= nextUpdate.addingTimeInterval(slack)
    }

    /// Revocation reasons (RFC 5280 §5.3.1) that say nothing against the key: what it signed
    /// before the revocation stands. Any other reason, or none, leaves its earlier use in doubt.
    static let reasonsKeepingEarlierUse: Set<String> = [
        "affiliationChanged", "superseded", "cessationOfOperation", "privilegeWithdrawn",
    ]

    /// Revoked, at whatever date, for a reason that leaves the key's earlier use in doubt (key or
    /// CA compromise, a hold, no reason at all): a timestamp authority's token dated before that
    /// revocation may have been dated back by whoever held the key.
    package var keyInDoubt: Bool {
        guard case .revoked(_, let reason) = status else { return false }
        return !Self.reasonsKeepingEarlierUse.contains(reason ?? "")
    }

    /// The certificate was revoked at or before `time`.
    package func revoked(at time: Date) -> Bool {
        guard case .revoked(let date, _) = status else { return false }
        return (date ?? .distantPast) <= time
    }
}
