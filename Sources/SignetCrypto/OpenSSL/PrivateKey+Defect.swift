import COpenSSL

/// Public keys whose signatures prove nothing, whatever their size, or that cost far more to check
/// than any real key: OpenSSL verifies with them without complaint, so a verifier must refuse them
/// itself. A DSA key with the generator 1 (public value 1) accepts the signature (1, 1) on every
/// message; an EC key with explicit curve parameters may name a weak or singular curve; an RSA key
/// with a public exponent of thousands of bits makes each check of a junk OCSP response or CRL
/// cost milliseconds.
extension PrivateKey {
    /// The largest RSA public exponent accepted, in bits (65537 has 17; FIPS 186-4 allows up to
    /// 256, and real certificates use 3 or 65537).
    static let maximumExponentBits: Int32 = 32
    /// The largest DSA modulus accepted, in bits (FIPS 186-4's largest, L = 3072): OpenSSL takes up
    /// to 10,000, where each check costs a hundred times as much.
    static let maximumDSABits = 3072

    /// Why signatures made with this key must not be trusted, in words ("its DSA domain
    /// parameters are not valid"); nil for a key with nothing wrong found.
    var defect: String? {
        defer { OpenSSL.clearErrors() }
        switch algorithm {
        case "RSA", "RSA-PSS":
            guard let exponent = number("e") else { return "its RSA public exponent cannot be read" }
            defer { BN_free(exponent) }
            let bits = BN_num_bits(exponent)
            guard BN_is_odd(exponent) == 1, bits > 1, bits <= Self.maximumExponentBits else {
                return "its RSA public exponent (\(bits) bits) is not one a signature key may have"
            }
            return nil
        case "DSA":
            // q is tested for primality (256 bits: cheap), p is not: 64 Miller-Rabin rounds on a
            // 2048-bit p would cost tens of milliseconds for every key of every signature, and a
            // composite p helps only one who can also take discrete logarithms modulo its factors.
            guard bits <= Self.maximumDSABits else {
                return "its DSA modulus of \(bits) bits is over \(Self.maximumDSABits)"
            }
            guard passes(EVP_PKEY_param_check_quick), passes(EVP_PKEY_public_check), isPrime("q") else {
                return "its DSA domain parameters or public value are not valid"
            }
            return nil
        case "EC":
            var explicit: Int32 = 0
            if EVP_PKEY_get_int_param(pointer, "decoded-from-explicit", &explicit) == 1, explicit != 0 {
                return "its EC curve is given by explicit parameters instead of a name"
            }
            return passes(EVP_PKEY_public_check) ? nil : "its EC public point is not valid"
        default:
            return nil
        }
    }

    /// The key's big-number parameter `name` ("e", "p", "q"), owned by the caller.
    private func number(_ name: String) -> OpaquePointer? {
        var value: OpaquePointer?
        return EVP_PKEY_get_bn_param(pointer, name, &value) == 1 ? value : nil
    }

    /// Whether parameter `name` is a prime (a probable prime, as OpenSSL tests it).
    private func isPrime(_ name: String) -> Bool {
        guard let value = number(name) else { return false }
        defer { BN_free(value) }
        return BN_check_prime(value, nil, nil) == 1
    }

    /// Whether OpenSSL's `check` of the key (`EVP_PKEY_public_check`, …) says 1.
    private func passes(_ check: (OpaquePointer?) -> Int32) -> Bool {
        guard let context = EVP_PKEY_CTX_new_from_pkey(nil, pointer, nil) else { return false }
        defer { EVP_PKEY_CTX_free(context) }
        return check(context) == 1
    }
}
