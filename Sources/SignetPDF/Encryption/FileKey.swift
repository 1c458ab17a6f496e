import SignetCore
import SignetFiles

/// The file key of the standard security handler, computed from a password as ISO 32000-2
/// §7.6.4.3 describes (Algorithms 2, 2.A, 2.B, 3, 6 and 7), because qpdf's C API decrypts with the
/// key but does not hand it out. Which password matched is kept: permissions bind only the user.
/// Every array that holds the password's bytes (trimmed, padded, joined with a salt or an ID, the
/// user password recovered from /O) is sized up front, so it never grows into a copy left behind,
/// and wiped once hashed.
package struct FileKey: Sendable, Hashable {
    package var bytes: [UInt8]
    /// The password given was the owner password (every permission is granted).
    package var isOwner: Bool

    /// The 32 bytes every password of revisions 2–4 is padded with (Algorithm 2, step a).
    static let padding: [UInt8] = [
        0x28, 0xBF, 0x4E, 0x5E, 0x4E, 0x75, 0x8A, 0x41, 0x64, 0x00, 0x4E, 0x56, 0xFF, 0xFA, 0x01, 0x08,
        0x2E, 0x2E, 0x00, 0xB6, 0xD0, 0x68, 0x3E, 0x80, 0x2F, 0x0C, 0xA9, 0xFE, 0x64, 0x53, 0x69, 0x7A,
    ]

    /// The key for `password` (the form qpdf accepted; empty for an empty user password), or nil
    /// when it is neither password — which cannot happen for a password qpdf opened the file with,
    /// unless the /Encrypt dictionary is inconsistent.
    package static func derive(
        _ parameters: SecurityParameters, password: Secret, using ciphers: any CipherPrimitives
    ) throws -> FileKey? {
        // Only the first 127 bytes count for revisions 5 and 6 (Algorithm 2.A), 32 for older ones.
        var bytes = password.withUnsafeBytes { Array($0.prefix(parameters.revision >= 5 ? 127 : 32)) }
        defer { bytes.wipe() }
        return parameters.revision >= 5
            ? try aes256Key(parameters, password: bytes, ciphers)
            : try olderKey(parameters, password: bytes, ciphers)
    }

    // MARK: revisions 2–4

    private static func olderKey(
        _ p: SecurityParameters, password: [UInt8], _ ciphers: any CipherPrimitives
    ) throws -> FileKey? {
        // The owner password first (Algorithm 7): it decrypts /O back into the user password.
        var paddedPassword = padded(password)
        defer { paddedPassword.wipe() }
        var ownerKey = try ciphers.digest(.md5, paddedPassword)
        if p.revision >= 3 {
            for _ in 0..<50 { ownerKey = try ciphers.digest(.md5, ownerKey) }
        }
        ownerKey = Array(ownerKey.prefix(p.revision == 2 ? 5 : p.keyLength))
        var userPassword = Array(p.owner.prefix(32))
        defer { userPassword.wipe() }
        if p.revision == 2 {
            userPassword = try ciphers.rc4(key: ownerKey, userPassword)
        } else {
            for i in stride(from: 19, through: 0, by: -1) {
                userPassword = try ciphers.rc4(key: ownerKey.map { $0 ^ UInt8(i) }, userPassword)
            }
        }
        if let key = try userKey(p, paddedPassword: userPassword, ciphers) { return FileKey(bytes: key, isOwner: true) }
        return try userKey(p, paddedPassword: paddedPassword, ciphers).map { FileKey(bytes: $0, isOwner: false) }
    }

    /// Algorithm 2 (the key from a padded user password), checked by Algorithm 6 against /U.
    private static func userKey(
        _ p: SecurityParameters, paddedPassword: [UInt8], _ ciphers: any CipherPrimitives
    ) throws -> [UInt8]? {
        let permissions = (0..<4).map { UInt8(truncatingIfNeeded: p.permissions >> (8 * UInt32($0))) }
        let metadata: [UInt8] = p.revision >= 4 && !p.encryptsMetadata ? [0xFF, 0xFF, 0xFF, 0xFF] : []
        var input = joined(paddedPassword[...], p.owner.prefix(32), permissions[...], p.firstID[...], metadata[...])
        defer { input.wipe() }
        var key = try ciphers.digest(.md5, input)
        let length = p.revision == 2 ? 5 : p.keyLength
        if p.revision >= 3 {
            for _ in 0..<50 { key = try ciphers.digest(.md5, Array(key.prefix(length))) }
        }
        key = Array(key.prefix(length))
        // Algorithm 4 (revision 2) or 5 (3 and 4): what /U must hold for this key.
        if p.revision == 2 {
            return try ciphers.rc4(key: key, padding) == Array(p.user.prefix(32)) ? key : nil
        }
        var check = try ciphers.rc4(key: key, try ciphers.digest(.md5, padding + p.firstID))
        for i in 1...19 { check = try ciphers.rc4(key: key.map { $0 ^ UInt8(i) }, check) }
        return check == Array(p.user.prefix(16)) ? key : nil
    }

    static func padded(_ password: [UInt8]) -> [UInt8] {
        let kept = password.prefix(32)
        return joined(kept, padding.prefix(32 - kept.count))
    }

    /// `parts` one after the other in an array allocated once at its final size.
    static func joined(_ parts: ArraySlice<UInt8>...) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        for part in parts { out += part }
        return out
    }

    // MARK: revisions 5 and 6 (AES-256)

    private static func aes256Key(
        _ p: SecurityParameters, password: [UInt8], _ ciphers: any CipherPrimitives
    ) throws -> FileKey? {
        guard p.owner.count >= 48, p.user.count >= 48, p.ownerKey.count >= 32, p.userKey.count >= 32 else {
            return nil
        }
        let user48 = Array(p.user.prefix(48))
        let zeroIV = [UInt8](repeating: 0, count: 16)
        if try hash(p, password, salt: p.owner[32..<40], extra: user48, ciphers) == Array(p.owner.prefix(32)) {
            let intermediate = try hash(p, password, salt: p.owner[40..<48], extra: user48, ciphers)
            let key = try ciphers.aesCBC(
                encrypting: false, key: intermediate, iv: zeroIV, Array(p.ownerKey.prefix(32)), padding: false)
            return FileKey(bytes: key, isOwner: true)
        }
        if try hash(p, password, salt: p.user[32..<40], extra: [], ciphers) == Array(p.user.prefix(32)) {
            let intermediate = try hash(p, password, salt: p.user[40..<48], extra: [], ciphers)
            let key = try ciphers.aesCBC(
                encrypting: false, key: intermediate, iv: zeroIV, Array(p.userKey.prefix(32)), padding: false)
            return FileKey(bytes: key, isOwner: false)
        }
        return nil
    }

    /// Revision 5: SHA-256 of password, salt and (for the owner) /U; revision 6: Algorithm 2.B.
    private static func hash(
        _ p: SecurityParameters, _ password: [UInt8], salt: ArraySlice<UInt8>, extra: [UInt8],
        _ ciphers: any CipherPrimitives
    ) throws -> [UInt8] {
        var first = joined(password[...], salt, extra[...])
        defer { first.wipe() }
        var k = try ciphers.digest(.sha256, first)
        guard p.revision >= 6 else { return k }
        var round = 0
        while true {
            var block = joined(password[...], k[...], extra[...])
            var k1: [UInt8] = []
            k1.reserveCapacity(block.count * 64)
            defer {
                block.wipe()
                k1.wipe()
            }
            for _ in 0..<64 { k1 += block }
            let e = try ciphers.aesCBC(
                encrypting: true, key: Array(k[0..<16]), iv: Array(k[16..<32]), k1, padding: false)
            // The first 16 bytes as a number modulo 3: 256 ≡ 1 (mod 3), so the sum of the bytes.
            let choice = e.prefix(16).reduce(0) { $0 + Int($1) } % 3
            k = try ciphers.digest([.sha256, .sha384, .sha512][choice], e)
            round += 1
            if round >= 64, Int(e[e.count - 1]) <= round - 32 { break }
        }
        return Array(k.prefix(32))
    }
}
