/// What a certificate must allow to sign a document, or to issue timestamps.
enum CertificateUsage {
    /// keyUsage (when present) allows digitalSignature or nonRepudiation; extendedKeyUsage (when
    /// present) includes anyExtendedKeyUsage, documentSigning, emailProtection or Adobe's PDF signing.
    case documentSigning
    /// RFC 3161 §2.3: extendedKeyUsage is present, critical, and holds id-kp-timeStamping alone.
    case timestamping

    static let anyExtendedKeyUsage = "2.5.29.37.0"
    static let documentSigningPurpose = "1.3.6.1.5.5.7.3.36"
    static let emailProtection = "1.3.6.1.5.5.7.3.4"
    static let adobePDFSigning = "1.2.840.113583.1.1.5"
    static let timeStamping = "1.3.6.1.5.5.7.3.8"

    static let keyUsageNames: [(bit: KeyUsage, name: String)] = [
        (.digitalSignature, "digital signature"), (.nonRepudiation, "non-repudiation"),
        (.keyEncipherment, "key encipherment"), (.dataEncipherment, "data encipherment"),
        (.keyAgreement, "key agreement"), (.keyCertSign, "certificate signing"), (.crlSign, "CRL signing"),
        (.encipherOnly, "encipher only"), (.decipherOnly, "decipher only"),
    ]

    /// One sentence per violation; `whose` names the holder ("the signer's", "the timestamp authority's").
    func problems(_ certificate: Certificate, whose: String) throws -> [String] {
        var problems: [String] = []
        if let bits = certificate.keyUsage, bits.isDisjoint(with: [.digitalSignature, .nonRepudiation]) {
            let allowed = Self.keyUsageNames.filter { bits.contains($0.bit) }.map(\.name)
            problems.append(
                "\(whose) certificate may not be used for signatures: its key usage allows only \(Self.list(allowed))")
        }
        let extended = try certificate.extendedKeyUsage()
        let purposes = extended?.purposes ?? []
        switch self {
        case .documentSigning:
            let accepted = [
                Self.anyExtendedKeyUsage, Self.documentSigningPurpose, Self.emailProtection, Self.adobePDFSigning,
            ]
            if extended != nil, !purposes.contains(where: accepted.contains) {
                problems.append(
                    "\(whose) certificate is not for signing documents: its extended key usage allows only \(Self.list(purposes.map(Self.purposeName)))"
                )
            }
        case .timestamping:
            if extended == nil {
                problems.append("\(whose) certificate is not a timestamping certificate: it has no extended key usage")
            } else if !purposes.contains(Self.timeStamping) {
                problems.append(
                    "\(whose) certificate is not a timestamping certificate: its extended key usage allows only \(Self.list(purposes.map(Self.purposeName)))"
                )
            } else if extended?.critical != true {
                problems.append("\(whose) certificate's timestamping extended key usage is not marked critical")
            } else if purposes != [Self.timeStamping] {
                // A dual-use key (a signer's that also stamps times) could date its own signatures.
                let others = purposes.filter { $0 != Self.timeStamping }.map(Self.purposeName)
                problems.append(
                    "\(whose) certificate is not a timestamping certificate: its extended key usage allows \(Self.list(others)) besides timestamping, and RFC 3161 allows timestamping alone"
                )
            }
        }
        return problems
    }

    /// OpenSSL's long name of a purpose ("TLS Web Server Authentication"), else its dotted form.
    static func purposeName(_ dotted: String) -> String {
        switch dotted {
        case documentSigningPurpose: return "document signing"
        case adobePDFSigning: return "Adobe PDF signing"
        default: return ObjectID(dotted: dotted).longName ?? dotted
        }
    }

    private static func list(_ items: [String]) -> String { items.isEmpty ? "nothing" : items.joined(separator: ", ") }
}
