/// Which algorithms and key sizes a signature may use (unless `VerifyOptions.allowWeakAlgorithms`):
/// no MD5 or SHA-1 (as digest, inside a signature algorithm, or as a timestamp's imprint), no RSA
/// or DSA key under 2048 bits, no EC key under 256 bits. Each finding is one sentence. The same
/// rules hold for every certificate of the chains (`chainProblems`).
enum AlgorithmPolicy {
    static let weakDigestNames: Set<String> = ["MD2", "MD4", "MD5", "SHA1", "MD5-SHA1"]
    static let weakDigests: Set<ObjectID> = [.md2, .md4, .md5, .sha1]
    static let minimumRSABits = 2048
    static let minimumECBits = 256
    static let minimumDSABits = 2048

    /// `role` names the digest: "message digest", "timestamp imprint".
    static func digestProblem(_ algorithm: DigestAlgorithm, role: String = "message digest") -> String? {
        weakDigestNames.contains(algorithm.name.uppercased())
            ? "the \(role) algorithm \(algorithm.name) is not allowed (too weak)" : nil
    }

    /// A signature algorithm that names a weak hash itself (sha1WithRSAEncryption, ecdsa-with-SHA1, dsaWithSHA1).
    static func signatureAlgorithmProblem(_ algorithm: ObjectID?) -> String? {
        guard let algorithm, weakDigest(ofSignature: algorithm) != nil else { return nil }
        return "the signature algorithm \(algorithm.name) is not allowed (too weak)"
    }

    /// The weak hash ("MD5", "SHA1") a signature algorithm names; `nil` for a strong one, or one
    /// that names no hash (RSASSA-PSS keeps its hash in parameters, EdDSA has none of its own).
    static func weakDigest(ofSignature algorithm: ObjectID) -> String? {
        guard let digest = algorithm.signatureDigest, weakDigests.contains(digest) else { return nil }
        return digest.shortName ?? digest.dotted
    }

    /// `whose` names the key's owner ("the signer's", "the timestamp authority's").
    static func keyProblem(_ key: PrivateKey, whose: String) -> String? {
        guard let weak = keyWeakness(key) else { return nil }
        return
            "\(whose) \(key.algorithm) key of \(key.bits) bits is not allowed (too weak; at least \(weak) bits are needed)"
    }

    /// The minimum size `key` misses, in bits; `nil` when it is strong enough: RSA (and RSA-PSS)
    /// and DSA keys need 2048 bits, EC keys 256; other keys (EdDSA) have no size to judge.
    static func keyWeakness(_ key: PrivateKey) -> Int? {
        let minimum: Int
        switch key.algorithm {
        case "RSA", "RSA-PSS": minimum = minimumRSABits
        case "DSA": minimum = minimumDSABits
        case "EC": minimum = minimumECBits
        default: return nil
        }
        return key.bits < minimum ? minimum : nil
    }

    /// The family a report names ("RSA", "RSASSA-PSS", "ECDSA", "DSA", "Ed25519", "Ed448"), from
    /// the signatureAlgorithm identifier (rsaEncryption or sha256WithRSAEncryption both say RSA),
    /// else from the key.
    static func signatureName(_ algorithm: ObjectID?, key: PrivateKey?) -> String {
        guard let algorithm else { return key?.algorithm ?? "?" }
        switch algorithm.signatureKey ?? algorithm {
        case .rsaEncryption: return "RSA"
        case .rsassaPSS: return "RSASSA-PSS"
        case .ecPublicKey: return "ECDSA"
        case .dsa: return "DSA"
        case .ed25519: return "Ed25519"
        case .ed448: return "Ed448"
        default: return key?.algorithm ?? algorithm.name
        }
    }

    /// Key types whose CMS signatures OpenSSL's `CMS_SignerInfo_verify` checks: a failure there
    /// means "does not verify"; for any other key it means "cannot be checked".
    static let verifiedByOpenSSL: Set<String> = ["RSA", "RSA-PSS", "EC", "DSA", "SM2"]
    /// Keys that sign the message itself (no separate digest): checked over the signed attributes' DER.
    static let wholeMessageKeys: Set<String> = ["ED25519", "ED448"]
}
