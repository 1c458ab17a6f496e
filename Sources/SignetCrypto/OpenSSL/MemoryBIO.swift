import COpenSSL
import CSignetOpenSSL

/// Owns one memory `BIO`: OpenSSL's in-memory stream, for PEM parsing and text output.
final class MemoryBIO {
    let pointer: OpaquePointer

    /// An empty BIO that collects what OpenSSL writes.
    init() throws {
        pointer = try OpenSSL.notNull(BIO_new(BIO_s_mem()), "BIO_new(BIO_s_mem)")
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
