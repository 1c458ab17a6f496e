import SignetCrypto

/// The PAdES baseline level of each signature of a verified file (ETSI EN 319 142-1 §6):
/// - B-B: a valid ETSI.CAdES.detached signature with an ESS signing-certificate-v2 attribute and
///   no signing-time attribute;
/// - B-T: and a valid signature timestamp, or a valid document timestamp covering the signature;
/// - B-LT: and, in the file, revocation data for every certificate below the root of the
///   signer's chain and of the timestamp authority's chain (`CMSCheck.revocationCovered`);
/// - B-LTA: and a valid document timestamp covering the update that added that material (the
///   first revision after the signature that wrote the DSS).
enum PAdESLevels {
    /// The level of each of `findings`, whose verdicts are `verdicts`; `dssRevisions` are the
    /// revisions (1-based) that wrote the DSS dictionary (or the catalog holding it).
    static func levels(
        _ findings: [SignatureFindings], _ verdicts: [SignatureReport.Verdict], dssRevisions: [Int]
    ) -> [PAdESLevel] {
        let timestamps = findings.indices.filter { findings[$0].kind == .documentTimestamp && verdicts[$0] == .valid }
            .map { findings[$0] }
        return findings.indices.map {
            verdicts[$0] == .valid ? level(of: findings[$0], timestamps: timestamps, dssRevisions: dssRevisions) : .none
        }
    }

    private static func level(
        of f: SignatureFindings, timestamps: [SignatureFindings], dssRevisions: [Int]
    ) -> PAdESLevel {
        guard f.kind == .signature, f.subFilter == "/ETSI.CAdES.detached", let cms = f.cms,
            cms.hasSigningCertificateV2, cms.claimedSigningTime == nil, let revision = f.revision
        else { return .none }
        let later = timestamps.filter { ($0.revision ?? 0) > revision }
        let timestamped = cms.timestamp?.valid == true
        guard timestamped || !later.isEmpty else { return .bb }
        // Without its own timestamp, the document timestamp's authority stands in for it.
        let covered =
            cms.revocationCovered && (timestamped || later.contains { $0.cms?.revocationCovered == true })
        guard covered else { return .bt }
        guard let material = dssRevisions.filter({ $0 > revision }).min(),
            later.contains(where: { ($0.revision ?? 0) >= material })
        else { return .blt }
        return .blta
    }
}
