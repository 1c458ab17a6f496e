import SignetCore

/// Encrypts what an incremental update appends to an encrypted file, with the file's own key
/// and methods (ISO 32000-2 §7.6.2, Algorithm 1): each string and stream under a key derived
/// from the file key and its object's number (revisions 2–4), or the file key itself (AES-256).
/// AES data starts with a random 16-byte initialisation vector.
package struct ObjectCipher: Sendable {
    package let parameters: SecurityParameters
    package let key: FileKey
    let ciphers: any CipherPrimitives

    package init(parameters: SecurityParameters, key: FileKey, ciphers: any CipherPrimitives) {
        self.parameters = parameters
        self.key = key
        self.ciphers = ciphers
    }

    package func encryptString(_ bytes: [UInt8], in object: PDFObjectID) throws -> [UInt8] {
        try encrypt(bytes, parameters.strings, object)
    }

    package func encryptStream(_ bytes: [UInt8], in object: PDFObjectID) throws -> [UInt8] {
        try encrypt(bytes, parameters.streams, object)
    }

    /// The stored data of a stream of `object`, decrypted (a verifier reads object-stream headers
    /// from the file's bytes, without qpdf).
    package func decryptStream(_ bytes: [UInt8], in object: PDFObjectID) throws -> [UInt8] {
        switch parameters.streams {
        case .identity:
            return bytes
        case .rc4:
            return try ciphers.rc4(key: objectKey(object, aes: false), bytes)
        case .aes128, .aes256:
            guard bytes.count >= 32, bytes.count % 16 == 0 else {
                throw PDFError("object \(object.reference)", .structure("AES data that is not whole blocks"))
            }
            let key = parameters.streams == .aes256 ? key.bytes : try objectKey(object, aes: true)
            return try ciphers.aesCBC(
                encrypting: false, key: key, iv: Array(bytes.prefix(16)), Array(bytes.dropFirst(16)), padding: true)
        }
    }

    private func encrypt(
        _ bytes: [UInt8], _ method: SecurityParameters.Method, _ object: PDFObjectID
    ) throws
        -> [UInt8]
    {
        switch method {
        case .identity:
            return bytes
        case .rc4:
            return try ciphers.rc4(key: objectKey(object, aes: false), bytes)
        case .aes128, .aes256:
            let iv = try ciphers.randomBytes(16)
            let key = method == .aes256 ? key.bytes : try objectKey(object, aes: true)
            return iv + (try ciphers.aesCBC(encrypting: true, key: key, iv: iv, bytes, padding: true))
        }
    }

    /// Algorithm 1: MD5 of the file key, the object number (3 bytes) and generation (2 bytes),
    /// and "sAlT" for AES, cut to the key length + 5 bytes (at most 16).
    private func objectKey(_ object: PDFObjectID, aes: Bool) throws -> [UInt8] {
        var input = key.bytes
        input += (0..<3).map { UInt8(truncatingIfNeeded: object.number >> (8 * $0)) }
        input += (0..<2).map { UInt8(truncatingIfNeeded: object.generation >> (8 * $0)) }
        if aes { input += [0x73, 0x41, 0x6C, 0x54] }
        return Array(try ciphers.digest(.md5, input).prefix(min(key.bytes.count + 5, 16)))
    }

    /// `body` (an object as qpdf unparses it: strings in clear) with every string replaced by its
    /// encrypted bytes as a hex string, except those starting at `plainOffsets` (a signature's
    /// `/Contents`, which ISO 32000-2 §7.6.2 leaves unencrypted).
    package func encryptStrings(
        in body: [UInt8], of object: PDFObjectID, plainOffsets: Set<Int> = []
    )
        throws -> [UInt8]
    {
        var reader = SyntaxReader(body)
        var out: [UInt8] = []
        out.reserveCapacity(body.count + body.count / 2)
        var copied = 0
        while true {
            reader.skipSpace()
            guard !reader.atEnd else { break }
            let start = reader.position
            let c = body[start]
            let isString =
                c == UInt8(ascii: "(")
                || (c == UInt8(ascii: "<") && (start + 1 >= body.count || body[start + 1] != UInt8(ascii: "<")))
            if isString {
                guard case .string(let clear)? = reader.value() else {
                    throw PDFError("object \(object.reference)", .structure("an unreadable string"))
                }
                guard !plainOffsets.contains(start) else { continue }
                out += body[copied..<start]
                out += Self.hex(try encryptString(clear, in: object))
                copied = reader.position
            } else if "[]{}".utf8.contains(c) {
                reader.position += 1
            } else if c == UInt8(ascii: "<") || c == UInt8(ascii: ">") {
                reader.position += 2
            } else if c == UInt8(ascii: "/") {
                _ = reader.value()
            } else {
                _ = reader.word()
                if reader.position == start { reader.position += 1 }
            }
        }
        out += body[copied...]
        return out
    }

    private static func hex(_ bytes: [UInt8]) -> [UInt8] {
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = [UInt8(ascii: "<")]
        out.reserveCapacity(2 * bytes.count + 2)
        for b in bytes {
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 15)])
        }
        out.append(UInt8(ascii: ">"))
        return out
    }
}
