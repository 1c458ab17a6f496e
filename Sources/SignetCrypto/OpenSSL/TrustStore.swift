import COpenSSL
import FoundationEssentials

/// Owns one `X509_STORE`: the certificates a chain must end at.
final class TrustStore {
    let pointer: OpaquePointer

    init(anchors: [Certificate]) throws {
        pointer = try OpenSSL.notNull(X509_STORE_new(), "X509_STORE_new")
        for anchor in anchors {
            try OpenSSL.check(X509_STORE_add_cert(pointer, anchor.pointer), "X509_STORE_add_cert")
        }
    }

    deinit { X509_STORE_free(pointer) }

    /// What `verify` found: the chain OpenSSL built and trusted (leaf first, ending at an anchor),
    /// or its reason for not trusting one.
    enum Outcome {
        case trusted([Certificate])
        case untrusted(String)
    }

    /// Builds and checks the chain from `leaf` through `intermediates` to an anchor, as of `date`.
    /// An anchor need not be self-signed (an intermediate given as --ca is trusted as such).
    func verify(_ leaf: Certificate, intermediates: [Certificate], at date: Date) throws -> Outcome {
        let context = try StoreContext()
        let untrusted = try CertificateStack(intermediates)
        try OpenSSL.check(
            X509_STORE_CTX_init(context.pointer, pointer, leaf.pointer, untrusted.pointer), "X509_STORE_CTX_init")
        X509_STORE_CTX_set_flags(context.pointer, UInt(X509_V_FLAG_PARTIAL_CHAIN))
        X509_STORE_CTX_set_time(context.pointer, 0, time_t(date.timeIntervalSince1970))
        if X509_verify_cert(context.pointer) == 1 {
            let chain = CertificateStack(
                taking: try OpenSSL.notNull(X509_STORE_CTX_get1_chain(context.pointer), "X509_STORE_CTX_get1_chain"))
            return .trusted(try chain.certificates())
        }
        let code = X509_STORE_CTX_get_error(context.pointer)
        OpenSSL.clearErrors()
        return .untrusted(X509_verify_cert_error_string(Int(code)).map { String(cString: $0) } ?? "error \(code)")
    }
}

/// Owns one `X509_STORE_CTX` (the state of one chain verification).
final class StoreContext {
    let pointer: OpaquePointer

    init() throws {
        pointer = try OpenSSL.notNull(X509_STORE_CTX_new(), "X509_STORE_CTX_new")
    }

    deinit { X509_STORE_CTX_free(pointer) }
}
