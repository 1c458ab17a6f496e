import COpenSSL

/// Owns one `EVP_MD_CTX`: a running hash, or the state of a sign/verify operation.
package final class DigestContext {
    let pointer: OpaquePointer

    package init() throws {
        pointer = try OpenSSL.notNull(EVP_MD_CTX_new(), "EVP_MD_CTX_new")
    }

    /// A context ready to hash with `algorithm`.
    package convenience init(hashing algorithm: DigestAlgorithm) throws {
        try self.init()
        try OpenSSL.check(EVP_DigestInit_ex(pointer, algorithm.md, nil), "EVP_DigestInit_ex(\(algorithm.name))")
    }

    deinit { EVP_MD_CTX_free(pointer) }

    /// A second context in the same state (the hash of the same bytes so far).
    package func copy() throws -> DigestContext {
        let twin = try DigestContext()
        try OpenSSL.check(EVP_MD_CTX_copy_ex(twin.pointer, pointer), "EVP_MD_CTX_copy_ex")
        return twin
    }

    package func update(_ bytes: UnsafeRawBufferPointer) throws {
        guard bytes.count > 0 else { return }
        try OpenSSL.check(EVP_DigestUpdate(pointer, bytes.baseAddress, bytes.count), "EVP_DigestUpdate")
    }

    package func finish() throws -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        try OpenSSL.check(EVP_DigestFinal_ex(pointer, &out, &length), "EVP_DigestFinal_ex")
        return Array(out.prefix(Int(length)))
    }
}

extension DigestAlgorithm {
    /// The digest of bytes in memory.
    package func hash(_ bytes: [UInt8]) throws -> [UInt8] {
        let context = try DigestContext(hashing: self)
        try bytes.withUnsafeBytes { try context.update($0) }
        return try context.finish()
    }
}
