import COpenSSL
import CSignetOpenSSL
import FoundationEssentials

/// Owns one `OCSP_RESPONSE`: a responder's reply, parsed from DER.
final class OCSPResponse {
    let pointer: OpaquePointer

    init(der bytes: [UInt8]) throws {
        pointer = try OpenSSL.parse(der: bytes, "d2i_OCSP_RESPONSE") { d2i_OCSP_RESPONSE(nil, $0, $1) }
    }

    deinit { OCSP_RESPONSE_free(pointer) }

    /// The responseStatus (0 successful, 1 malformedRequest, 2 internalError, 3 tryLater, 5 sigRequired, 6 unauthorized).
    var status: Int32 { OCSP_response_status(pointer) }
    var isSuccessful: Bool { status == OCSP_RESPONSE_STATUS_SUCCESSFUL }

    /// The basic response inside a successful reply.
    func basic() throws -> OCSPBasicResponse {
        OCSPBasicResponse(taking: try OpenSSL.notNull(OCSP_response_get1_basic(pointer), "OCSP_response_get1_basic"))
    }
}

/// Owns one `OCSP_BASICRESP`: the signed part of a reply (single responses, producedAt, certificates).
final class OCSPBasicResponse {
    let pointer: OpaquePointer

    init(taking pointer: OpaquePointer) { self.pointer = pointer }

    deinit { OCSP_BASICRESP_free(pointer) }

    /// One certificate's answer.
    struct Single {
        /// Good, revoked (when, and the CRL reason's name: "keyCompromise"), or unknown.
        var status: RevocationEvidence.Status
        var thisUpdate: Date?
        var nextUpdate: Date?
    }

    var producedAt: Date? { OCSP_resp_get0_produced_at(pointer).flatMap(Certificate.date) }

    /// The certificates the responder sent along (its own, usually).
    func certificates() throws -> [Certificate] {
        guard let stack = OCSP_resp_get0_certs(pointer) else { return [] }
        return try (0..<signet_sk_X509_num(stack)).map {
            try Certificate(retaining: try OpenSSL.notNull(signet_sk_X509_value(stack, $0), "sk_X509_value"))
        }
    }

    /// The certificate whose key signed the response, looked up by the responder ID among the
    /// certificates carried and `candidates`; `nil` when none matches.
    func signer(candidates: [Certificate]) throws -> Certificate? {
        let extra = try CertificateStack(candidates)
        var signer: OpaquePointer?
        guard OCSP_resp_get0_signer(pointer, &signer, extra.pointer) == 1, let signer else {
            OpenSSL.clearErrors()
            return nil
        }
        return try Certificate(retaining: signer)
    }

    /// True when the response's signature verifies with `signer`'s key (the chain is judged by the
    /// caller); false without a check for a key whose signatures prove nothing (`PrivateKey.defect`).
    func isSigned(by signer: Certificate) throws -> Bool {
        guard try signer.publicKey().defect == nil else { return false }
        let certs = try CertificateStack([signer])
        let store = try TrustStore(anchors: [])
        let flags = UInt(OCSP_NOVERIFY | OCSP_NOINTERN | OCSP_NOCHECKS)
        let ok = OCSP_basic_verify(pointer, certs.pointer, store.pointer, flags) == 1
        OpenSSL.clearErrors()
        return ok
    }

    /// The answer for `certificate` issued by `issuer`; `nil` when the response does not speak of
    /// it. Each single response's certID is compared with one computed with the hash algorithm it
    /// names (SHA-1, SHA-256 …: RFC 6960 lets the requester choose).
    func single(for certificate: Certificate, issuer: Certificate) -> Single? {
        var ours: [Int32: OCSPCertID] = [:]
        for index in 0..<max(OCSP_resp_count(pointer), 0) {
            guard let single = OCSP_resp_get0(pointer, index), let theirs = OCSP_SINGLERESP_get0_id(single) else {
                continue
            }
            var hash: OpaquePointer?
            guard OCSP_id_get0_info(nil, &hash, nil, nil, theirs) == 1 else { continue }
            let nid = OBJ_obj2nid(hash)
            if ours[nid] == nil, let digest = OBJ_nid2sn(nid).flatMap(EVP_get_digestbyname) {
                ours[nid] = try? OCSPCertID(certificate, issuer: issuer, digest: digest)
            }
            if let id = ours[nid], OCSP_id_cmp(id.pointer, theirs) == 0 { return Self.answer(single) }
        }
        OpenSSL.clearErrors()
        return nil
    }

    /// The status, reason and times of one single response.
    private static func answer(_ single: OpaquePointer) -> Single {
        var reason: Int32 = -1
        var revoked: UnsafeMutablePointer<ASN1_GENERALIZEDTIME>?
        var thisUpdate: UnsafeMutablePointer<ASN1_GENERALIZEDTIME>?
        var nextUpdate: UnsafeMutablePointer<ASN1_GENERALIZEDTIME>?
        let status = OCSP_single_get0_status(single, &reason, &revoked, &thisUpdate, &nextUpdate)
        func date(_ time: UnsafeMutablePointer<ASN1_GENERALIZEDTIME>?) -> Date? {
            time.flatMap { Certificate.date(UnsafePointer($0)) }
        }
        let certificateStatus: RevocationEvidence.Status
        switch status {
        case V_OCSP_CERTSTATUS_GOOD: certificateStatus = .good
        case V_OCSP_CERTSTATUS_REVOKED:
            certificateStatus = .revoked(date: date(revoked), reason: reasonName(Int(reason)))
        default: certificateStatus = .unknown
        }
        return Single(status: certificateStatus, thisUpdate: date(thisUpdate), nextUpdate: date(nextUpdate))
    }

    /// The CRL reason's name ("keyCompromise"), nil when none was given (a negative code); a
    /// CRL entry's reasonCode is named the same way (`RevocationList.entry`).
    static func reasonName(_ reason: Int) -> String? {
        guard reason >= 0, let text = OCSP_crl_reason_str(reason) else { return nil }
        return String(cString: text)
    }

    /// OpenSSL's nonce comparison with `request`: 1 equal, 2 neither has one, 3 only the response,
    /// -1 only the request (the responder ignored it), 0 different.
    func nonceCheck(_ request: OCSPRequest) -> Int32 {
        let result = OCSP_check_nonce(request.pointer, pointer)
        OpenSSL.clearErrors()
        return result
    }
}
