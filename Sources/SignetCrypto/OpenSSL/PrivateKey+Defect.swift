import COpenSSL
import SignetCore

/// Public keys whose signatures prove nothing, whatever their size, or that cost far more to check
/// than any real key: OpenSSL verifies with them without complaint, so a verifier must refuse them
/// itself. A DSA key with the generator 1 accepts the signature (1, 1) on every message, and so
/// does an Ed25519 key that is a point of small order; an RSA key whose modulus is prime gives its
/// private exponent away; an EC key with explicit curve parameters may name a weak or singular
/// curve; an RSA key with a public exponent of thousands of bits makes each check of a junk OCSP
/// response or CRL cost milliseconds.
extension PrivateKey {
    /// The largest RSA public exponent accepted, in bits (65537 has 17; FIPS 186-4 allows up to
    /// 256, and real certificates use 3 or 65537).
    static let maximumExponentBits: Int32 = 32
    /// RSA moduli up to this size are tested for being prime (one Fermat test: about 10 ms at
    /// 4,096 bits, where a larger modulus would cost seconds).
    static let primeTestedModulusBits: Int32 = 4096

    /// Why signatures made with this key must not be trusted, in words ("its RSA modulus is
    /// prime"); nil for a key with nothing wrong found. Judged once per key and process.
    var defect: String? {
        let der = publicKeyDER
        guard !der.isEmpty else { return findDefect() }
        return Self.judged.value(for: ByteKey(der)) { findDefect() }
    }

    private static let judged = BoundedMemo<ByteKey, String?>(capacity: 4096)

    /// The key's SubjectPublicKeyInfo (empty when OpenSSL cannot write it).
    private var publicKeyDER: [UInt8] {
        var out: UnsafeMutablePointer<UInt8>?
        let count = i2d_PUBKEY(pointer, &out)
        return OpenSSL.takeBytes(out, count: count)
    }

    private func findDefect() -> String? {
        defer { OpenSSL.clearErrors() }
        switch algorithm {
        case "RSA", "RSA-PSS": return rsaDefect()
        case "DSA":
            // A composite p lets anyone read the private key off a key built for it (p = q²·m), and
            // a primality test of p costs most of a second per key; DSA itself was withdrawn for
            // signatures in FIPS 186-5.
            return "DSA keys are not accepted (withdrawn in FIPS 186-5; their parameters cannot be checked cheaply)"
        case "EC", "SM2":
            var explicit: Int32 = 0
            if EVP_PKEY_get_int_param(pointer, "decoded-from-explicit", &explicit) == 1, explicit != 0 {
                return "its EC curve is given by explicit parameters instead of a name"
            }
            return passes(EVP_PKEY_public_check) ? nil : "its EC public point is not valid"
        case "ED25519", "ED448": return edwardsDefect()
        default: return nil
        }
    }

    private func rsaDefect() -> String? {
        guard let exponent = number("e"), let modulus = number("n") else { return "its RSA key cannot be read" }
        defer {
            BN_free(exponent)
            BN_free(modulus)
        }
        let bits = BN_num_bits(exponent)
        guard BN_is_odd(exponent) == 1, bits > 1, bits <= Self.maximumExponentBits else {
            return "its RSA public exponent (\(bits) bits) is not one a signature key may have"
        }
        guard BN_is_odd(modulus) == 1, !Self.smallPrimes.contains(where: { BN_mod_word(modulus, $0) == 0 }) else {
            return "its RSA modulus has a small factor"
        }
        if BN_num_bits(modulus) <= Self.primeTestedModulusBits, Self.passesFermat(modulus) {
            return "its RSA modulus is prime, so anyone can compute its private key"
        }
        return nil
    }

    /// The primes below 1,000 but 2.
    private static let smallPrimes: [UInt] = {
        var primes: [UInt] = []
        for n in stride(from: UInt(3), to: 1000, by: 2) where primes.allSatisfy({ n % $0 != 0 }) {
            primes.append(n)
        }
        return primes
    }()

    /// Whether 2^(n−1) ≡ 1 (mod n): true for every prime, and for no product of two large primes
    /// that has been seen (a base-2 pseudoprime modulus would be refused, never accepted).
    private static func passesFermat(_ n: OpaquePointer) -> Bool {
        guard let context = BN_CTX_new(), let two = BN_new(), let power = BN_new(), let result = BN_new() else {
            return false
        }
        defer {
            BN_CTX_free(context)
            BN_free(two)
            BN_free(power)
            BN_free(result)
        }
        guard BN_set_word(two, 2) == 1, BN_copy(power, n) != nil, BN_sub_word(power, 1) == 1,
            BN_mod_exp(result, two, power, n, context) == 1
        else { return false }
        return BN_is_one(result) == 1
    }

    /// Ed25519 and Ed448 public keys that are points of small order (the identity among them):
    /// with one, a fixed signature verifies on every message. Compared without the sign bit, as
    /// libsodium does, so the other encodings of these points are caught too.
    private func edwardsDefect() -> String? {
        var length = 0
        guard EVP_PKEY_get_raw_public_key(pointer, nil, &length) == 1, length == 32 || length == 57 else {
            return "its Edwards-curve public key cannot be read"
        }
        var raw = [UInt8](repeating: 0, count: length)
        guard EVP_PKEY_get_raw_public_key(pointer, &raw, &length) == 1 else {
            return "its Edwards-curve public key cannot be read"
        }
        raw[raw.count - 1] &= 0x7F
        let small = length == 32 ? Self.smallOrder25519 : Self.smallOrder448
        return small.contains(raw) ? "its public key is a point of small order, with which any message verifies" : nil
    }

    /// The encodings (sign bit clear) of the points of order 1, 2, 4 and 8 on edwards25519, and of
    /// the non-canonical y = p, p + 1 (libsodium's list).
    private static let smallOrder25519: Set<[UInt8]> = {
        let hex = [
            "0000000000000000000000000000000000000000000000000000000000000000",
            "0100000000000000000000000000000000000000000000000000000000000000",
            "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
            "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
            "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
            "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
            "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        ]
        return Set(hex.map(PrivateKey.bytes(hex:)))
    }()

    /// The same for edwards448 (cofactor 4: y = 0, 1, p − 1, and the non-canonical p, p + 1),
    /// 57 bytes little-endian.
    private static let smallOrder448: Set<[UInt8]> = {
        let p = [UInt8](repeating: 0xFF, count: 28) + [0xFE] + [UInt8](repeating: 0xFF, count: 27)
        var minusOne = p
        minusOne[0] = 0xFE
        let plusOne = [UInt8](repeating: 0, count: 28) + [UInt8](repeating: 0xFF, count: 28)
        let zero = [UInt8](repeating: 0, count: 56)
        var one = zero
        one[0] = 1
        return Set([zero, one, minusOne, p, plusOne].map { $0 + [0] })
    }()

    private static func bytes(hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count, by: 2).map {
            UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)!
        }
    }

    /// The key's big-number parameter `name` ("e", "n"), owned by the caller.
    private func number(_ name: String) -> OpaquePointer? {
        var value: OpaquePointer?
        return EVP_PKEY_get_bn_param(pointer, name, &value) == 1 ? value : nil
    }

    /// Whether OpenSSL's `check` of the key (`EVP_PKEY_public_check`, …) says 1.
    private func passes(_ check: (OpaquePointer?) -> Int32) -> Bool {
        guard let context = EVP_PKEY_CTX_new_from_pkey(nil, pointer, nil) else { return false }
        defer { EVP_PKEY_CTX_free(context) }
        return check(context) == 1
    }
}
