import COpenSSL
import FoundationEssentials

/// Owns one `ASN1_TIME` (UTCTime for 1950–2049, GeneralizedTime otherwise, as RFC 5652 asks).
final class ASN1Time {
    let pointer: UnsafeMutablePointer<ASN1_TIME>

    init(_ date: Date) throws {
        pointer = try OpenSSL.notNull(
            ASN1_TIME_set(nil, time_t(date.timeIntervalSince1970.rounded(.down))), "ASN1_TIME_set")
    }

    deinit { ASN1_TIME_free(pointer) }

    /// The ASN.1 type tag (`V_ASN1_UTCTIME` or `V_ASN1_GENERALIZEDTIME`).
    var type: Int32 { pointer.pointee.type }
}
