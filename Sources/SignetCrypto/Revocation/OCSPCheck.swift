import FoundationEssentials

/// Why an OCSP response or CRL is not used, in words ("its signature does not verify").
package struct RevocationProblem: Error, Sendable, Hashable {
    package var why: String
    /// The value does not speak of the certificate at all (another certificate's response, another issuer's CRL).
    package var unrelated: Bool
    package init(_ why: String, unrelated: Bool = false) { (self.why, self.unrelated) = (why, unrelated) }
}

/// Checks an OCSP response for one certificate before it is used or embedded (RFC 6960):
/// status successful, signed by the issuer or by a responder the issuer delegated to (issued by
/// it, with the OCSPSigning extended key usage), an answer for this very certificate (its certID
/// hashed with whichever algorithm the response names), update times in order, and the nonce
/// when the responder echoed one.
enum OCSPCheck {
    /// `request`, when given, is the request the response answers (its nonce is compared);
    /// `now`, when given, is the time of fetching: thisUpdate must not lie ahead of it.
    static func check(
        _ bytes: [UInt8], certificate: Certificate, issuer: Certificate, request: OCSPRequest? = nil,
        now: Date? = nil
    ) throws -> RevocationEvidence {
        let response: OCSPResponse
        do {
            response = try OCSPResponse(der: bytes)
        } catch let failure as OpenSSLFailure {
            throw RevocationProblem("it is not an OCSP response (\(failure.summary))", unrelated: true)
        }
        guard response.isSuccessful else {
            throw RevocationProblem("the responder answered with status \(statusName(response.status))")
        }
        guard let basic = try? response.basic() else {
            OpenSSL.clearErrors()
            throw RevocationProblem("it holds no basic OCSP response", unrelated: true)
        }
        guard let single = basic.single(for: certificate, issuer: issuer) else {
            throw RevocationProblem(
                "it does not answer for this certificate (serial \(certificate.serialHex))", unrelated: true)
        }
        guard let signer = try basic.signer(candidates: [issuer]) else {
            throw RevocationProblem("the certificate that signed it is not in the response and is not the issuer")
        }
        // The issuer's key is judged, then a delegated responder's authority, before the response's
        // signature: a self-made responder's key may be made costly to check with (a huge public
        // exponent), and a file may hold a thousand such responses.
        if let defect = try issuer.publicKey().defect {
            throw RevocationProblem("the key of its issuer \(issuer.subject) is refused: \(defect)")
        }
        let delegated = !signer.isSame(as: issuer)
        if delegated {
            guard try signer.isIssued(by: issuer) else {
                throw RevocationProblem(
                    "it is signed by \(signer.subject), which the certificate's issuer did not issue")
            }
            guard signer.allowsOCSPSigning else {
                throw RevocationProblem("its responder \(signer.subject) lacks the OCSPSigning extended key usage")
            }
        }
        guard try basic.isSigned(by: signer) else { throw RevocationProblem("its signature does not verify") }
        if let request, basic.nonceCheck(request) == 0 {
            throw RevocationProblem("its nonce does not match the request's")
        }
        try checkTimes(thisUpdate: single.thisUpdate, nextUpdate: single.nextUpdate, now: now)
        if let produced = basic.producedAt, delegated {
            let validity = CertificateValidity(notBefore: signer.notBefore, notAfter: signer.notAfter, at: produced)
            guard validity == .valid else {
                throw RevocationProblem("its responder's certificate \(validity.phrase) when the response was produced")
            }
        }
        return RevocationEvidence(
            source: .ocsp, status: single.status, thisUpdate: single.thisUpdate, nextUpdate: single.nextUpdate,
            responderDER: delegated ? try signer.der : nil)
    }

    /// thisUpdate present, not after nextUpdate, and (when fetched just now) not in the future.
    static func checkTimes(thisUpdate: Date?, nextUpdate: Date?, now: Date?, skew: TimeInterval = 300) throws {
        guard let thisUpdate else { throw RevocationProblem("its thisUpdate time cannot be read") }
        if let nextUpdate, nextUpdate < thisUpdate {
            throw RevocationProblem("its nextUpdate \(DateText.utc(nextUpdate)) lies before its thisUpdate")
        }
        guard let now else { return }
        if thisUpdate > now.addingTimeInterval(skew) {
            throw RevocationProblem("its thisUpdate \(DateText.utc(thisUpdate)) lies in the future")
        }
        if let nextUpdate, nextUpdate < now.addingTimeInterval(-skew) {
            throw RevocationProblem("it expired at its nextUpdate \(DateText.utc(nextUpdate))")
        }
    }

    private static func statusName(_ status: Int32) -> String {
        switch status {
        case 1: return "malformedRequest"
        case 2: return "internalError"
        case 3: return "tryLater"
        case 5: return "sigRequired"
        case 6: return "unauthorized"
        default: return "\(status)"
        }
    }
}
