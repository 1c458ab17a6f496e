import COpenSSL
import CSignetOpenSSL

/// Owns one `STACK_OF(X509)` and a reference to each certificate in it.
final class CertificateStack {
    let pointer: OpaquePointer

    /// A stack holding (new references to) `certificates`.
    init(_ certificates: [Certificate]) throws {
        pointer = try OpenSSL.notNull(signet_sk_X509_new(), "sk_X509_new_null")
        for cert in certificates {
            try OpenSSL.check(signet_sk_X509_push_ref(pointer, cert.pointer), "sk_X509_push")
        }
    }

    /// Takes ownership of a stack OpenSSL handed out (e.g. `CMS_get1_certs`).
    init(taking pointer: OpaquePointer) { self.pointer = pointer }

    deinit { signet_sk_X509_free_all(pointer) }

    /// The certificates, each as its own reference.
    func certificates() throws -> [Certificate] {
        try (0..<signet_sk_X509_num(pointer)).map { index in
            try Certificate(retaining: try OpenSSL.notNull(signet_sk_X509_value(pointer, index), "sk_X509_value"))
        }
    }
}
