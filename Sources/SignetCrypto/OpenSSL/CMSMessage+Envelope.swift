import COpenSSL
import CSignetOpenSSL

/// Building and opening an AuthEnvelopedData (RFC 5083): content encrypted with AES-256-GCM under
/// a fresh key, the key carried to each recipient by RSAES-OAEP (SHA-256, RFC 8017) or by ephemeral-static
/// ECDH (X9.63 KDF with SHA-256, AES-256 key wrap, RFC 5753).
extension CMSMessage {
    /// `content` sealed to `recipient`. The content never leaves memory.
    static func authEnveloped(_ content: [UInt8], to recipient: Certificate) throws -> CMSMessage {
        let message = CMSMessage(
            taking: try OpenSSL.notNull(
                CMS_AuthEnvelopedData_create(EVP_aes_256_gcm()), "CMS_AuthEnvelopedData_create(aes-256-gcm)"))
        // The ciphertext goes inside the message (as `CMS_encrypt` does unless asked for CMS_DETACHED).
        try OpenSSL.check(CMS_set_detached(message.pointer, 0), "CMS_set_detached(0)")
        let flags = UInt32(CMS_BINARY | CMS_KEY_PARAM)
        let info = try OpenSSL.notNull(
            CMS_add1_recipient(message.pointer, recipient.pointer, nil, nil, flags), "CMS_add1_recipient")
        let keyContext = try OpenSSL.notNull(
            CMS_RecipientInfo_get0_pkey_ctx(info), "CMS_RecipientInfo_get0_pkey_ctx")
        switch CMS_RecipientInfo_type(info) {
        case CMS_RECIPINFO_TRANS:
            try OpenSSL.check(
                EVP_PKEY_CTX_set_rsa_padding(keyContext, RSA_PKCS1_OAEP_PADDING), "EVP_PKEY_CTX_set_rsa_padding(OAEP)")
            try OpenSSL.check(EVP_PKEY_CTX_set_rsa_oaep_md(keyContext, EVP_sha256()), "EVP_PKEY_CTX_set_rsa_oaep_md")
            try OpenSSL.check(EVP_PKEY_CTX_set_rsa_mgf1_md(keyContext, EVP_sha256()), "EVP_PKEY_CTX_set_rsa_mgf1_md")
        case CMS_RECIPINFO_AGREE:
            try OpenSSL.check(EVP_PKEY_CTX_set_ecdh_kdf_md(keyContext, EVP_sha256()), "EVP_PKEY_CTX_set_ecdh_kdf_md")
        default:
            throw OpenSSL.failure("CMS_RecipientInfo_type")
        }
        try MemoryBIO.reading(content) { input in
            try OpenSSL.check(CMS_final(message.pointer, input.pointer, nil, flags), "CMS_final(AuthEnvelopedData)")
        }
        return message
    }

    /// True for an AuthEnvelopedData.
    var isAuthEnvelopedData: Bool { OBJ_obj2nid(CMS_get0_type(pointer)) == NID_id_smime_ct_authEnvelopedData }

    /// The content, decrypted with `key` (and `certificate`, which picks the recipient; without it
    /// each recipient is tried). The GCM tag is checked: a changed envelope is refused.
    func decrypt(with key: PrivateKey, certificate: Certificate?) throws -> [UInt8] {
        let output = try MemoryBIO(secure: true)
        try OpenSSL.check(
            CMS_decrypt(pointer, key.pointer, certificate?.pointer, nil, output.pointer, UInt32(CMS_BINARY)),
            "CMS_decrypt")
        return output.bytes
    }

    /// Who the content is sealed for: each recipient's key identifier, as the issuer's name and the
    /// certificate's serial number (hexadecimal), with how the key reaches it.
    var recipients: [EnvelopeRecipient] {
        guard let stack = CMS_get0_RecipientInfos(pointer) else {
            OpenSSL.clearErrors()
            return []
        }
        return (0..<signet_sk_CMS_RecipientInfo_num(stack)).compactMap { signet_sk_CMS_RecipientInfo_value(stack, $0) }
            .flatMap { info -> [EnvelopeRecipient] in
                var issuer: OpaquePointer?
                var serial: UnsafeMutablePointer<ASN1_INTEGER>?
                switch CMS_RecipientInfo_type(info) {
                case CMS_RECIPINFO_TRANS:
                    guard CMS_RecipientInfo_ktri_get0_signer_id(info, nil, &issuer, &serial) == 1 else { return [] }
                    return [EnvelopeRecipient(transport: .keyTransport, issuer: issuer, serial: serial)]
                case CMS_RECIPINFO_AGREE:
                    guard let keys = CMS_RecipientInfo_kari_get0_reks(info) else { return [] }
                    return (0..<signet_sk_CMS_RecipientEncryptedKey_num(keys)).compactMap { index in
                        guard let key = signet_sk_CMS_RecipientEncryptedKey_value(keys, index),
                            CMS_RecipientEncryptedKey_get0_id(key, nil, nil, nil, &issuer, &serial) == 1
                        else { return nil }
                        return EnvelopeRecipient(transport: .keyAgreement, issuer: issuer, serial: serial)
                    }
                default:
                    return []
                }
            }
    }
}

/// One recipient of an enveloped message, as the message names it.
package struct EnvelopeRecipient: Sendable, Hashable, Codable {
    /// How the content key reaches the recipient.
    package enum Transport: String, Sendable, Hashable, Codable {
        /// RSA key transport (RSAES-OAEP).
        case keyTransport = "key transport"
        /// Elliptic-curve key agreement (ECDH).
        case keyAgreement = "key agreement"
    }

    package var transport: Transport
    /// The recipient certificate's issuer (RFC 2253).
    package var issuer: String
    /// The recipient certificate's serial number, hexadecimal.
    package var serial: String

    fileprivate init(
        transport: Transport, issuer: OpaquePointer?, serial: UnsafeMutablePointer<ASN1_INTEGER>?
    ) {
        self.transport = transport
        self.issuer = Certificate.text(of: issuer)
        self.serial = Certificate.hex(serial)
    }

    /// True when `certificate` is the one this recipient names.
    func names(_ certificate: Certificate) -> Bool {
        certificate.issuer == issuer && certificate.serialHex == serial
    }
}
