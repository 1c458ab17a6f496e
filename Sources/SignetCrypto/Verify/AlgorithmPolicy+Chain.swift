extension AlgorithmPolicy {
    /// The policy over a chain, leaf first (as `CertificateChain.build` gives it): the signature
    /// algorithm of every certificate but a root's or a trust anchor's (their self-signature
    /// carries no security), and the key of every certificate above the leaf, trust anchors
    /// included (the leaf's key is judged with the signature it made). One sentence per finding,
    /// naming the certificate: `weak` ones (waived by `allowWeakAlgorithms`), and `defects`, keys
    /// whose signatures prove nothing (`PrivateKey.defect`: a CA with one lets anyone issue
    /// certificates under it), never waived, since they are about validity, not strength.
    static func chainProblems(_ chain: [Certificate], anchors: [Certificate]) -> (weak: [String], defects: [String]) {
        var (weak, defects): ([String], [String]) = ([], [])
        for (index, certificate) in chain.enumerated() {
            let name = "the certificate of \(certificate.subject)"
            let anchored = certificate.isSelfSigned || anchors.contains { $0.isSame(as: certificate) }
            if !anchored, let digest = weakDigest(ofSignature: certificate.signatureAlgorithm) {
                let algorithm = certificate.signatureAlgorithm.longName ?? digest
                weak.append("\(name) is signed with \(digest) (\(algorithm)), which is not allowed (too weak)")
            }
            guard index > 0, let key = try? certificate.publicKey() else {
                OpenSSL.clearErrors()
                continue
            }
            if let minimum = keyWeakness(key) {
                weak.append(
                    "\(name) has a \(key.bits)-bit \(key.algorithm) key, which is not allowed (too weak; at least \(minimum) bits are needed)"
                )
            }
            if let defect = key.defect { defects.append("the \(key.algorithm) key of \(name) is refused: \(defect)") }
        }
        return (weak, defects)
    }
}
