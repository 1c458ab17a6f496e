import COpenSSL
import CSignetOpenSSL

extension PrivateKey {
    /// What reading a PEM private key gave.
    enum PEMReading {
        case key(PrivateKey)
        /// The key is encrypted: OpenSSL asked for the password, and the one given (or none) did not open it.
        case passwordRefused
        /// No private key could be read; OpenSSL's reasons.
        case unreadable(OpenSSLFailure)
    }

    /// The password-derivation work (PBKDF2 iterations, scrypt cost) an "ENCRYPTED PRIVATE KEY"
    /// PEM states, read before any key is derived; 0 for any other PEM.
    static func pemDecryptionCost(_ bytes: [UInt8]) throws -> Int {
        let bio = try MemoryBIO(copying: bytes)
        return withExtendedLifetime(bio) { Int(signet_pem_pkcs8_cost(bio.pointer)) }
    }

    /// Reads a PEM private key (PKCS#8, encrypted PKCS#8, or traditional "Proc-Type: 4,ENCRYPTED"),
    /// decrypting it with `password` (`length` bytes; `nil` for none) when OpenSSL asks for one.
    static func readPEM(_ bytes: [UInt8], password: UnsafePointer<CChar>?, length: Int32) throws -> PEMReading {
        let bio = try MemoryBIO(copying: bytes)
        var request = PasswordRequest(password: password, length: length)
        OpenSSL.clearErrors()
        let key = withExtendedLifetime(bio) {
            withUnsafeMutablePointer(to: &request) { PEM_read_bio_PrivateKey(bio.pointer, nil, passwordCallback, $0) }
        }
        if let key { return .key(PrivateKey(taking: key)) }
        let failure = OpenSSL.failure("PEM_read_bio_PrivateKey")
        return request.asked ? .passwordRefused : .unreadable(failure)
    }
}

/// What the PEM password callback may hand to OpenSSL, and whether OpenSSL asked.
private struct PasswordRequest {
    var password: UnsafePointer<CChar>?
    var length: Int32
    var asked = false
}

/// OpenSSL asks for the password only when the key is encrypted. Without a password source we
/// answer "no password" (-1) instead of letting OpenSSL prompt on the terminal.
private func passwordCallback(
    _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int32, _ writing: Int32, _ user: UnsafeMutableRawPointer?
) -> Int32 {
    guard let buffer, let request = user?.assumingMemoryBound(to: PasswordRequest.self) else { return -1 }
    request.pointee.asked = true
    guard let password = request.pointee.password, request.pointee.length <= size else { return -1 }
    buffer.update(from: password, count: Int(request.pointee.length))
    return request.pointee.length
}
