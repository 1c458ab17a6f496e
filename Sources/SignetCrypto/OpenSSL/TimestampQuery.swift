import COpenSSL
import CSignetOpenSSL

/// Owns one `TS_REQ`: an RFC 3161 TimeStampReq (version 1, a message imprint, a nonce, certReq).
final class TimestampQuery {
    let pointer: OpaquePointer

    /// A request for a timestamp over `imprint` (the `algorithm` hash of what is stamped), with a
    /// positive `nonce` (big-endian bytes), asking for the TSA certificate, under `policy` if given.
    init(imprint: [UInt8], algorithm: DigestAlgorithm, nonce: [UInt8], policy: String?) throws {
        pointer = try OpenSSL.notNull(TS_REQ_new(), "TS_REQ_new")
        try OpenSSL.check(TS_REQ_set_version(pointer, 1), "TS_REQ_set_version")
        let message = try OpenSSL.notNull(TS_MSG_IMPRINT_new(), "TS_MSG_IMPRINT_new")
        defer { TS_MSG_IMPRINT_free(message) }
        let hashAlgorithm = try OpenSSL.notNull(X509_ALGOR_new(), "X509_ALGOR_new")
        defer { X509_ALGOR_free(hashAlgorithm) }
        X509_ALGOR_set_md(hashAlgorithm, algorithm.md)
        try OpenSSL.check(TS_MSG_IMPRINT_set_algo(message, hashAlgorithm), "TS_MSG_IMPRINT_set_algo")
        var digest = imprint
        try OpenSSL.check(TS_MSG_IMPRINT_set_msg(message, &digest, Int32(digest.count)), "TS_MSG_IMPRINT_set_msg")
        try OpenSSL.check(TS_REQ_set_msg_imprint(pointer, message), "TS_REQ_set_msg_imprint")
        let number = try OpenSSL.notNull(BN_bin2bn(nonce, Int32(nonce.count), nil), "BN_bin2bn")
        defer { BN_free(number) }
        let integer = try OpenSSL.notNull(BN_to_ASN1_INTEGER(number, nil), "BN_to_ASN1_INTEGER")
        defer { ASN1_INTEGER_free(integer) }
        try OpenSSL.check(TS_REQ_set_nonce(pointer, integer), "TS_REQ_set_nonce")
        try OpenSSL.check(TS_REQ_set_cert_req(pointer, 1), "TS_REQ_set_cert_req")
        if let policy {
            let object = try OpenSSL.notNull(OBJ_txt2obj(policy, 1), "OBJ_txt2obj(policy)")
            defer { ASN1_OBJECT_free(object) }
            try OpenSSL.check(TS_REQ_set_policy_id(pointer, object), "TS_REQ_set_policy_id")
        }
    }

    deinit { TS_REQ_free(pointer) }

    /// The DER sent as `application/timestamp-query`.
    var der: [UInt8] {
        get throws { try OpenSSL.encode("i2d_TS_REQ") { i2d_TS_REQ(pointer, $0) } }
    }

    /// The nonce as sent.
    fileprivate var nonce: UnsafePointer<ASN1_INTEGER>? { TS_REQ_get_nonce(pointer) }
}

/// Owns one `TS_RESP`: an RFC 3161 TimeStampResp as the authority sent it.
final class TimestampReply {
    let pointer: OpaquePointer

    init(der bytes: [UInt8]) throws {
        pointer = try OpenSSL.parse(der: bytes, "d2i_TS_RESP") { d2i_TS_RESP(nil, $0, $1) }
    }

    deinit { TS_RESP_free(pointer) }

    /// PKIStatus: 0 granted, 1 grantedWithMods, 2 rejection, 3 waiting, 4 revocationWarning,
    /// 5 revocationNotification.
    var status: Int {
        guard let info = TS_RESP_get_status_info(pointer), let status = TS_STATUS_INFO_get0_status(info) else {
            return -1
        }
        return ASN1_INTEGER_get(status)
    }

    /// The PKIFailureInfo bits set, by name (RFC 3161 §2.4.2).
    var failures: [String] {
        guard let info = TS_RESP_get_status_info(pointer), let bits = TS_STATUS_INFO_get0_failure_info(info) else {
            return []
        }
        let names = [
            (0, "badAlg"), (2, "badRequest"), (5, "badDataFormat"), (14, "timeNotAvailable"),
            (15, "unacceptedPolicy"), (16, "unacceptedExtension"), (17, "addInfoNotAvailable"), (25, "systemFailure"),
        ]
        return names.filter { ASN1_BIT_STRING_get_bit(bits, Int32($0.0)) == 1 }.map(\.1)
    }

    /// True when the reply carries a token.
    var hasToken: Bool { info != nil }

    /// True when the token's nonce is the one `query` sent.
    func echoesNonce(of query: TimestampQuery) -> Bool {
        guard let sent = query.nonce, let received = info.flatMap(TS_TST_INFO_get_nonce) else { return false }
        return ASN1_INTEGER_cmp(sent, received) == 0
    }

    /// The token's policy in dotted form ("?" when there is none to read).
    var policy: String { OpenSSL.dotted(info.flatMap(TS_TST_INFO_get_policy_id)) }

    /// The token's TSTInfo (borrowed), when the reply carries a token.
    private var info: OpaquePointer? { TS_RESP_get_tst_info(pointer) }
}
