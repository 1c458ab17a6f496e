import FoundationEssentials

/// Checks a CRL for one certificate: issued under the certificate's issuer name, signed with the
/// issuer's key, update times in order, and its scope covering the certificate (`CRLScope`);
/// revoked when it lists the certificate's serial number.
enum CRLCheck {
    /// What a CRL of another issuer says about a certificate: nothing.
    static let otherAuthority = RevocationProblem(
        "it is issued by another authority than the certificate's issuer", unrelated: true)
    /// What a CRL whose signature does not verify with the issuer's key says: nothing.
    static let badSignature = RevocationProblem("its signature does not verify")

    /// `now`, when given, is the time of fetching (thisUpdate must not lie ahead, nextUpdate not behind it).
    ///
    /// Throws `RevocationProblem` when the CRL cannot say what it would: a CRL out of scope says
    /// nothing; one that only shows revocations (`CRLScope.Use.revocationsOnly`) and does not list
    /// the certificate says nothing either.
    static func check(
        _ crl: RevocationList, certificate: Certificate, issuer: Certificate, now: Date? = nil
    ) throws -> RevocationEvidence {
        guard crl.speaks(for: certificate) else { throw otherAuthority }
        guard try crl.isSigned(by: issuer) else { throw badSignature }
        try OCSPCheck.checkTimes(thisUpdate: crl.thisUpdate, nextUpdate: crl.nextUpdate, now: now)
        let entry = crl.entry(for: certificate)
        switch CRLScope.use(of: crl, for: certificate) {
        case .complete: break
        case .none(let why): throw RevocationProblem(why)
        case .revocationsOnly(let why):
            guard entry != nil else {
                throw RevocationProblem("\(why), so it cannot show that the certificate is not revoked")
            }
        }
        let status: RevocationEvidence.Status = entry.map { .revoked(date: $0.revoked, reason: $0.reason) } ?? .good
        return RevocationEvidence(source: .crl, status: status, thisUpdate: crl.thisUpdate, nextUpdate: crl.nextUpdate)
    }
}
