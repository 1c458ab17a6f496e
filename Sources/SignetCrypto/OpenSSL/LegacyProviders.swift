import COpenSSL
import Synchronization

/// Owns one loaded `OSSL_PROVIDER`.
final class Provider {
    let pointer: OpaquePointer

    init(loading name: String) throws {
        pointer = try OpenSSL.notNull(OSSL_PROVIDER_load(nil, name), "OSSL_PROVIDER_load(\(name))")
    }

    deinit { OSSL_PROVIDER_unload(pointer) }
}

/// OpenSSL 3 moved RC2 and single DES (used by old PKCS#12 files) into the "legacy" provider.
/// Loading it replaces the implicit default provider, so "default" is loaded with it. Both stay
/// loaded for the life of the process once a legacy file has been seen.
enum LegacyProviders {
    private static let loaded = Mutex<[Provider]?>(nil)

    /// Loads "legacy" and "default" once; later calls do nothing.
    static func ensureLoaded() throws {
        try loaded.withLock { providers in
            guard providers == nil else { return }
            let legacy = try Provider(loading: "legacy")
            let base = try Provider(loading: "default")
            providers = [legacy, base]
        }
    }
}
