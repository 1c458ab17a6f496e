extension AlgorithmPolicy {
    /// The policy over a chain, leaf first (as `CertificateChain.build` gives it): the signature
    /// algorithm of every certificate but a root's or a trust anchor's (their self-signature
    /// carries no security), and the key of every certificate above the leaf, trust anchors
    /// included (the leaf's key is judged with the signature it made). One sentence per finding,
    /// naming the certificate.
    static func chainProblems(_ chain: [Certificate], anchors: [Certificate]) -> [String] {
        var problems: [String] = []
        for (index, certificate) in chain.enumerated() {
            let name = "the certificate of \(certificate.subject)"
            let anchored = certificate.isSelfSigned || anchors.contains { $0.isSame(as: certificate) }
            if !anchored, let digest = weakDigest(ofSignature: certificate.signatureAlgorithm) {
                let algorithm = certificate.signatureAlgorithm.longName ?? digest
                problems.append("\(name) is signed with \(digest) (\(algorithm)), which is not allowed (too weak)")
            }
            guard index > 0, let key = try? certificate.publicKey() else {
                OpenSSL.clearErrors()
                continue
            }
            if let minimum = keyWeakness(key) {
                problems.append(
                    "\(name) has a \(key.bits)-bit \(key.algorithm) key, which is not allowed (too weak; at least \(minimum) bits are needed)"
                )
            }
        }
        return problems
    }

    /// The keys above the leaf (trust anchors included) whose signatures prove nothing
    /// (`PrivateKey.defect`): a CA with such a key lets anyone issue certificates under it. Never
    /// waived by `allowWeakAlgorithms`, which is about strength, not validity.
    static func chainDefects(_ chain: [Certificate]) -> [String] {
        chain.dropFirst().compactMap { certificate in
            guard let key = try? certificate.publicKey() else {
                OpenSSL.clearErrors()
                return nil
            }
            return key.defect.map {
                "the \(key.algorithm) key of the certificate of \(certificate.subject) is refused: \($0)"
            }
        }
    }
}
