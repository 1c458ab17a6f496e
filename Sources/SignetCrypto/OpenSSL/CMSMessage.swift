import COpenSSL
import CSignetOpenSSL

/// Owns one `CMS_ContentInfo` (a CMS / PKCS#7 message).
final class CMSMessage {
    let pointer: OpaquePointer

    init(taking pointer: OpaquePointer) { self.pointer = pointer }

    /// Parses DER; `nil` input bytes are refused by OpenSSL with a queued error.
    convenience init(der bytes: [UInt8]) throws {
        self.init(taking: try OpenSSL.parse(der: bytes, "d2i_CMS_ContentInfo") { d2i_CMS_ContentInfo(nil, $0, $1) })
    }

    deinit { CMS_ContentInfo_free(pointer) }

    var der: [UInt8] {
        get throws { try OpenSSL.encode("i2d_CMS_ContentInfo") { i2d_CMS_ContentInfo(pointer, $0) } }
    }

    /// True for SignedData.
    var isSignedData: Bool { OBJ_obj2nid(CMS_get0_type(pointer)) == NID_pkcs7_signed }

    /// The signer infos as views that keep this message alive.
    var signerInfos: [SignerInfo] {
        guard let stack = CMS_get0_SignerInfos(pointer) else { return [] }
        return (0..<signet_sk_CMS_SignerInfo_num(stack)).compactMap { signet_sk_CMS_SignerInfo_value(stack, $0) }
            .map { SignerInfo(pointer: $0, message: self) }
    }

    /// Finds each signer's certificate among those carried; returns how many signers got one.
    @discardableResult
    func attachSignerCertificates() throws -> Int {
        try OpenSSL.count(CMS_set1_signers_certs(pointer, nil, 0), "CMS_set1_signers_certs")
    }

    /// The encapsulated content's type (id-data for a PDF signature, id-ct-TSTInfo for a token).
    var eContentType: ObjectID? { CMS_get0_eContentType(pointer).map(ObjectID.init) }

    /// The encapsulated content's type is id-data, as a document signature's is.
    var signsData: Bool { OBJ_obj2nid(CMS_get0_eContentType(pointer)) == NID_pkcs7_data }

    /// The encapsulated content, `nil` when detached.
    var eContent: [UInt8]? {
        guard let slot = CMS_get0_content(pointer), let content = slot.pointee else {
            OpenSSL.clearErrors()
            return nil
        }
        return OpenSSL.bytes(of: UnsafePointer(content))
    }

    /// The CRLs carried in the message's revocationInfoChoices, as DER.
    func crls() throws -> [[UInt8]] {
        guard let stack = CMS_get1_crls(pointer) else {
            OpenSSL.clearErrors()
            return []
        }
        defer { signet_sk_X509_CRL_free_all(stack) }
        return try (0..<signet_sk_X509_CRL_num(stack)).compactMap { index in
            guard let crl = signet_sk_X509_CRL_value(stack, index) else { return nil }
            return try OpenSSL.encode("i2d_X509_CRL") { i2d_X509_CRL(crl, $0) }
        }
    }

    /// Every certificate carried in the message.
    func certificates() throws -> [Certificate] {
        guard let stack = CMS_get1_certs(pointer) else {
            OpenSSL.clearErrors()
            return []
        }
        return try CertificateStack(taking: stack).certificates()
    }
}
