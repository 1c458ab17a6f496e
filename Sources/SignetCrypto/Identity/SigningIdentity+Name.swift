import COpenSSL
import CSignetOpenSSL

extension SigningIdentity {
    /// The signer's common name (the subject's last CN, as UTF-8), e.g. "Alice Example"; `nil`
    /// when the subject has none. A visible signature shows it as the signer's name.
    public var commonName: String? { certificate.commonName }
}

extension Certificate {
    /// The subject's last common name as UTF-8 (whatever string type the certificate uses).
    var commonName: String? {
        guard let name = X509_get_subject_name(pointer) else { return nil }
        var index: Int32 = -1
        var last: Int32 = -1
        while true {
            index = X509_NAME_get_index_by_NID(name, NID_commonName, index)
            guard index >= 0 else { break }
            last = index
        }
        guard last >= 0, let entry = X509_NAME_get_entry(name, last), let data = X509_NAME_ENTRY_get_data(entry)
        else { return nil }
        var utf8: UnsafeMutablePointer<UInt8>?
        let length = ASN1_STRING_to_UTF8(&utf8, data)
        guard length >= 0, let utf8 else {
            OpenSSL.clearErrors()
            return nil
        }
        defer { signet_openssl_free(utf8) }
        return String(decoding: UnsafeBufferPointer(start: utf8, count: Int(length)), as: UTF8.self)
    }
}
