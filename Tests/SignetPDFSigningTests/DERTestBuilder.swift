/// Minimal DER for hand-made PKCS#12 and PKCS#8 structures in tests: only the shapes OpenSSL
/// parses before it derives a key (nothing here is a usable key or a valid MAC).
enum DERTestBuilder {
    static func tlv(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        var length: [UInt8] = []
        if content.count < 0x80 {
            length = [UInt8(content.count)]
        } else {
            var n = content.count
            while n > 0 { length.insert(UInt8(n & 0xFF), at: 0); n >>= 8 }
            length.insert(0x80 | UInt8(length.count), at: 0)
        }
        return [tag] + length + content
    }

    static func sequence(_ items: [UInt8]...) -> [UInt8] { tlv(0x30, items.flatMap { $0 }) }
    static func octets(_ bytes: [UInt8]) -> [UInt8] { tlv(0x04, bytes) }
    static func explicit0(_ content: [UInt8]) -> [UInt8] { tlv(0xA0, content) }

    static func integer(_ value: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var n = value
        repeat { bytes.insert(UInt8(n & 0xFF), at: 0); n >>= 8 } while n > 0
        if bytes[0] & 0x80 != 0 { bytes.insert(0, at: 0) }
        return tlv(0x02, bytes)
    }

    /// Object identifiers, DER-encoded with their tag.
    static let data: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x01]
    static let encryptedData: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x06]
    static let sha256: [UInt8] = [0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01]
    static let pbes2: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x05, 0x0D]
    static let pbkdf2: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x05, 0x0C]
    static let aes256CBC: [UInt8] = [0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x01, 0x2A]
    static let shroudedKeyBagType: [UInt8] = [
        0x06, 0x0B, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x0C, 0x0A, 0x01, 0x02,
    ]

    /// PBES2 with PBKDF2 (`iterations`) and AES-256-CBC.
    static func pbes2Algorithm(iterations: Int) -> [UInt8] {
        sequence(
            pbes2,
            sequence(
                sequence(pbkdf2, sequence(octets([UInt8](repeating: 7, count: 8)), integer(iterations))),
                sequence(aes256CBC, octets([UInt8](repeating: 9, count: 16)))))
    }

    /// `PFX`: version 3, the authenticated safe holding `safes`, and MAC data when `macIterations` is given.
    static func pfx(safes: [[UInt8]], macIterations: Int?) -> [UInt8] {
        let authSafe = sequence(data, explicit0(octets(tlv(0x30, safes.flatMap { $0 }))))
        let mac =
            macIterations.map { iterations in
                sequence(
                    sequence(sequence(sha256, [0x05, 0x00]), octets([UInt8](repeating: 0, count: 32))),
                    octets([UInt8](repeating: 1, count: 8)), integer(iterations))
            } ?? []
        return tlv(0x30, integer(3) + authSafe + mac)
    }

    /// A `ContentInfo` of type encryptedData whose content is encrypted with PBES2 (`iterations`).
    static func encryptedSafe(iterations: Int) -> [UInt8] {
        let content = sequence(
            data, pbes2Algorithm(iterations: iterations), tlv(0x80, [UInt8](repeating: 0, count: 16)))
        return sequence(encryptedData, explicit0(sequence(integer(0), content)))
    }

    /// A `ContentInfo` of type data holding `bags` (SafeContents).
    static func plainSafe(bags: [[UInt8]]) -> [UInt8] {
        sequence(data, explicit0(octets(tlv(0x30, bags.flatMap { $0 }))))
    }

    /// `EncryptedPrivateKeyInfo` with PBES2 (`iterations`) over 16 bytes that are not a key.
    static func encryptedPrivateKeyInfo(iterations: Int) -> [UInt8] {
        sequence(pbes2Algorithm(iterations: iterations), octets([UInt8](repeating: 0, count: 16)))
    }

    static func shroudedKeyBag(iterations: Int) -> [UInt8] {
        sequence(shroudedKeyBagType, explicit0(encryptedPrivateKeyInfo(iterations: iterations)))
    }
}
