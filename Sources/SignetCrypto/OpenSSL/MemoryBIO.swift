import COpenSSL
import CSignetOpenSSL

/// Owns one memory `BIO`: OpenSSL's in-memory stream, for PEM parsing and text output.
final class MemoryBIO {
    let pointer: OpaquePointer

    /// An empty BIO that collects what OpenSSL writes; a `secure` one keeps it in OpenSSL's secure
    /// heap when there is one, and clears it when freed (decrypted secrets).
    init(secure: Bool = false) throws {
        pointer = try OpenSSL.notNull(
            BIO_new(secure ? BIO_s_secmem() : BIO_s_mem()), secure ? "BIO_new(BIO_s_secmem)" : "BIO_new(BIO_s_mem)")
    }

    /// A BIO holding a copy of `bytes` (so nothing borrowed outlives this call).
    convenience init(copying bytes: [UInt8]) throws {
        try self.init()
        try bytes.withUnsafeBytes { buf in
            guard buf.count > 0 else { return }
            let written = BIO_write(pointer, buf.baseAddress, Int32(buf.count))
            guard written == Int32(buf.count) else { throw OpenSSL.failure("BIO_write") }
        }
    }

    private init(taking pointer: OpaquePointer) { self.pointer = pointer }

    /// `body` given a read-only BIO over `bytes`, without a copy (secret content, such as
    /// biometric data, is then never copied into OpenSSL's memory); the BIO ends with the call.
    static func reading<T>(_ bytes: [UInt8], _ body: (MemoryBIO) throws -> T) throws -> T {
        try bytes.withUnsafeBytes { buf in
            let bio = MemoryBIO(
                taking: try OpenSSL.notNull(BIO_new_mem_buf(buf.baseAddress, Int32(buf.count)), "BIO_new_mem_buf"))
            return try withExtendedLifetime(bio) { try body(bio) }
        }
    }

    deinit { BIO_free(pointer) }

    /// Everything written so far.
    var bytes: [UInt8] {
        var data: UnsafeMutablePointer<CChar>?
        let count = signet_bio_mem_data(pointer, &data)
        guard let data, count > 0 else { return [] }
        return data.withMemoryRebound(to: UInt8.self, capacity: count) {
            Array(UnsafeBufferPointer(start: $0, count: count))
        }
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }
}
