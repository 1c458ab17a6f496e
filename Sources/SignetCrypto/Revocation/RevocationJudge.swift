import FoundationEssentials

/// What the revocation data says about one chain (the signer's, or a timestamp authority's).
struct ChainRevocation {
    var certificates: [CertificateRevocation] = []
    /// A certificate revoked at or before the time judged at (makes the signature invalid).
    var problems: [String] = []
    /// What could not be judged ("no revocation data in the file for …").
    var notes: [String] = []
    /// Every certificate below the root has usable data from the file itself (needed for B-LT).
    var coveredByFile = true
}

/// Whose chain is judged. A timestamp authority's key vouches for times: revoked later for a
/// reason that puts the key in doubt (`RevocationEvidence.keyInDoubt`), its earlier tokens are
/// not cleared as a signer's earlier signatures are.
enum ChainRole {
    case signer
    case timestampAuthority

    /// The name in the report's `revocation` entries.
    var name: String { self == .signer ? "signer" : "timestamp-authority" }
    var whose: String { self == .signer ? "the signer's" : "the timestamp authority's" }
}

/// Judges each certificate of a chain at a time with the revocation data the file holds (DSS,
/// CRLs in the CMS) and, online, with data fetched now. Rules (docs/verify.md, "Revocation"):
/// a value counts when its signature and issuer check out and it speaks for the time (current
/// then, or issued after it); a revocation at or before the time makes the chain invalid; a later
/// one is a note; a root (self-signed, or a trust anchor) is not checked.
struct RevocationJudge {
    let file: ValidationMaterial
    /// The file's CRLs as parsed so far (shared by the file's signatures).
    let crls: RevocationListCache
    let anchors: [Certificate]
    let mode: RevocationMode
    let online: OnlineRevocation?
    let now: Date

    func judge(
        _ leaf: Certificate, carried: [Certificate], at time: Date, as role: ChainRole
    ) throws -> ChainRevocation {
        var result = ChainRevocation()
        guard mode != .none else { return result }
        let pool = carried + file.certificates.compactMap { try? Certificate.read($0).first }
        let chain = try CertificateChain.judged(leaf, pool: pool, anchors: anchors, at: time).chain
        for (index, certificate) in chain.enumerated() {
            if certificate.isSelfSigned || anchors.contains(where: { $0.isSame(as: certificate) }) { break }
            let name = index == 0 ? "\(role.whose) certificate (\(certificate.subject))" : certificate.subject
            guard index + 1 < chain.count else {
                result.notes.append(
                    "the issuer of \(certificate.subject) is not in the file, so its revocation status cannot be checked"
                )
                result.coveredByFile = false
                break
            }
            let issuer = chain[index + 1]
            let mark = OpenSSL.MemoryMark()
            var (evidence, notes) = try fromFile(certificate, issuer: issuer, at: time, as: role)
            if mark.ranOut {
                // OpenSSL reports an allocation failure as unreadable data: what it could not read
                // may be the value that shows a revocation.
                result.problems.append(
                    "OpenSSL ran out of memory while reading the revocation data in the file for \(certificate.subject), so a revocation in it cannot be ruled out"
                )
            }
            if evidence == nil { result.coveredByFile = false }
            var origin = "file"
            if mode == .online, let fetched = try online(certificate, issuer: issuer, into: &notes) {
                if evidence == nil || fetched.1.refutes(at: time, as: role) {
                    (evidence, origin) = (fetched.1, "online")
                }
            }
            result.notes += notes
            guard let (source, found) = evidence.map({ ($0.source.rawValue, $0) }) else {
                result.notes.append(
                    mode == .online
                        ? "no usable revocation data for \(certificate.subject) in the file or online"
                        : "no revocation data in the file for \(certificate.subject)")
                result.certificates.append(
                    CertificateRevocation(
                        subject: certificate.subject, chain: role.name, status: .noData, time: time, source: nil,
                        revokedAt: nil))
                continue
            }
            var status: CertificateRevocation.Status = .good
            var revokedAt: Date?
            switch found.status {
            case .good: break
            case .unknown:
                status = .unknown
                result.notes.append("the \(source.uppercased()) responder does not know \(certificate.subject)")
            case .revoked(let date, let reason):
                revokedAt = date
                let when = date.map(DateText.utc) ?? "an unknown date"
                let why = reason.map { " (\($0))" } ?? ""
                if found.revoked(at: time) {
                    status = .revoked
                    result.problems.append(
                        "\(name) was revoked on \(when)\(why), at or before the validation time \(DateText.utc(time))")
                } else if role == .timestampAuthority, found.keyInDoubt {
                    status = .revoked
                    result.problems.append(
                        "\(name) was revoked on \(when) (\(reason ?? "no reason given")), after the token's time \(DateText.utc(time)), which does not clear the token: whoever held a key revoked for that reason could have dated it back"
                    )
                } else {
                    result.notes.append(
                        "\(name) was revoked on \(when)\(why), after the validation time \(DateText.utc(time))")
                }
            }
            result.certificates.append(
                CertificateRevocation(
                    subject: certificate.subject, chain: role.name, status: status, time: time,
                    source: "\(source)-\(origin)", revokedAt: revokedAt))
        }
        return result
    }

    /// The file's best value for `certificate` at `time`: one that refutes it first (revoked by
    /// then; for a timestamp authority, also revoked later with its key in doubt), else a good one.
    private func fromFile(
        _ certificate: Certificate, issuer: Certificate, at time: Date, as role: ChainRole
    ) throws -> (RevocationEvidence?, [String]) {
        var usable: [RevocationEvidence] = []
        var notes: [String] = []
        var stale = false
        func consider(_ kind: String, _ check: () throws -> RevocationEvidence) {
            do {
                let evidence = try check()
                if evidence.speaks(at: time) { usable.append(evidence) } else { stale = true }
            } catch let problem as RevocationProblem {
                if !problem.unrelated {
                    notes.append("\(kind) in the file for \(certificate.subject) is not used: \(problem.why)")
                }
            } catch {
                OpenSSL.clearErrors()
            }
        }
        for bytes in file.ocspResponses {
            consider("an OCSP response") { try OCSPCheck.check(bytes, certificate: certificate, issuer: issuer) }
        }
        for bytes in file.crls {
            consider("a CRL") { try crls.evidence(bytes, certificate: certificate, issuer: issuer) }
        }
        if usable.isEmpty, stale {
            notes.append(
                "the revocation data in the file for \(certificate.subject) is older than the validation time \(DateText.utc(time))"
            )
        }
        let best =
            usable.first { $0.refutes(at: time, as: role) } ?? usable.first { $0.status == .good } ?? usable.first
        return (best, notes)
    }

    /// A fresh value fetched from the certificate's OCSP responder or CRL distribution point.
    private func online(
        _ certificate: Certificate, issuer: Certificate, into notes: inout [String]
    ) throws -> (ValidationMaterial, RevocationEvidence)? {
        guard let online else { return nil }
        let collector = try RevocationCollector(
            extraCertificates: online.certificates, now: now, nonce: online.nonce, fetch: online.request)
        do {
            return try collector.status(of: certificate, issuer: issuer, context: certificate.subject)
        } catch let error as RevocationError {
            notes.append("online revocation check failed: \(error.message)")
            return nil
        }
    }
}

extension RevocationEvidence {
    /// Whether this value makes the chain of `role` invalid at `time`.
    func refutes(at time: Date, as role: ChainRole) -> Bool {
        revoked(at: time) || (role == .timestampAuthority && keyInDoubt)
    }
}
