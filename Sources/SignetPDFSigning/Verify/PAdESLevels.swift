import SignetCrypto

/// The PAdES baseline level of each signature of a verified file (ETSI EN 319 142-1 §6):
/// - B-B: a valid ETSI.CAdES.detached signature with an ESS signing-certificate-v2 attribute and
///   no signing-time attribute;
/// - B-T: and a valid signature timestamp, or a valid document timestamp covering the signature;
/// - B-LT: and, in the file, revocation data for every certificate below the root of the
///   signer's chain and of the timestamp authority's chain (`LevelFacts.revocationCovered`);
/// - B-LTA: and a valid document timestamp covering the update that added that material (the
///   first revision after the signature that wrote the DSS).
enum PAdESLevels {
    /// `dssRevisions` are the revisions (1-based) that wrote the DSS dictionary (or the catalog holding it).
    static func assign(_ reports: inout [SignatureReport], dssRevisions: [Int]) {
        let timestamps = reports.filter { $0.kind == .documentTimestamp && $0.valid }
        for i in reports.indices {
            reports[i].padesLevel = level(of: reports[i], timestamps: timestamps, dssRevisions: dssRevisions)
        }
    }

    private static func level(
        of report: SignatureReport, timestamps: [SignatureReport], dssRevisions: [Int]
    ) -> PAdESLevel {
        let facts = report.levelFacts
        guard report.kind == .signature, report.valid, report.subFilter == "/ETSI.CAdES.detached",
            facts.signingCertificateV2, !facts.signingTimeAttribute, let revision = report.revision
        else { return .none }
        let later = timestamps.filter { ($0.revision ?? 0) > revision }
        let timestamped = report.timestamp?.valid == true
        guard timestamped || !later.isEmpty else { return .bb }
        // Without its own timestamp, the document timestamp's authority stands in for it.
        let covered = facts.revocationCovered && (timestamped || later.contains { $0.levelFacts.revocationCovered })
        guard covered else { return .bt }
        guard let material = dssRevisions.filter({ $0 > revision }).min(),
            later.contains(where: { ($0.revision ?? 0) >= material })
        else { return .blt }
        return .blta
    }
}
