import COpenSSL
import CSignetOpenSSL
import FoundationEssentials

/// Owns one `TS_TST_INFO`: the content of an RFC 3161 timestamp token.
final class TSTInfo {
    let pointer: OpaquePointer

    init(der bytes: [UInt8]) throws {
        pointer = try OpenSSL.parse(der: bytes, "d2i_TS_TST_INFO") { d2i_TS_TST_INFO(nil, $0, $1) }
    }

    deinit { TS_TST_INFO_free(pointer) }

    /// genTime.
    var time: Date? { TS_TST_INFO_get_time(pointer).flatMap { Certificate.date($0) } }

    /// The hash algorithm of the message imprint.
    var imprintAlgorithm: ObjectID? {
        guard let imprint = TS_TST_INFO_get_msg_imprint(pointer), let algorithm = TS_MSG_IMPRINT_get_algo(imprint)
        else { return nil }
        var object: OpaquePointer?
        X509_ALGOR_get0(&object, nil, nil, algorithm)
        return object.map(ObjectID.init)
    }

    /// The hashed message of the imprint.
    var imprint: [UInt8]? {
        guard let imprint = TS_TST_INFO_get_msg_imprint(pointer) else { return nil }
        return OpenSSL.bytes(of: TS_MSG_IMPRINT_get_msg(imprint).map { UnsafePointer($0) })
    }
}
