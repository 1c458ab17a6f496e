import COpenSSL

/// An ASN.1 object identifier as Swift values: its dotted form and OpenSSL's number for it
/// (`NID_undef` when OpenSSL does not know it). The names and the signature-algorithm table come
/// from OpenSSL here, so code outside this folder compares and names identifiers without calling it.
struct ObjectID: Hashable, Sendable {
    /// "1.2.840.113549.1.7.1"; "?" when OpenSSL cannot print it.
    let dotted: String
    let nid: Int32

    /// A copy of the identifier `object` points to (borrowed from its owner).
    init(_ object: OpaquePointer) {
        dotted = OpenSSL.dotted(object)
        nid = OBJ_obj2nid(object)
    }

    /// The identifier of a purpose, policy… given in dotted form.
    init(dotted: String) {
        self.dotted = dotted
        nid = OBJ_txt2nid(dotted)
        OpenSSL.clearErrors()
    }

    /// The identifier OpenSSL numbers `nid` (a certificate's signature algorithm, its own constants).
    init(nid: Int32) {
        dotted = OpenSSL.dotted(OBJ_nid2obj(nid))
        self.nid = nid
    }

    /// OpenSSL's long name ("sha1WithRSAEncryption", "Time Stamping"); `nil` when it does not know the identifier.
    var longName: String? { known.flatMap(OBJ_nid2ln).map { String(cString: $0) } }
    /// OpenSSL's short name ("SHA1", "timeStamping"); `nil` when it does not know the identifier.
    var shortName: String? { known.flatMap(OBJ_nid2sn).map { String(cString: $0) } }
    /// The long name, else the short name, else the dotted form.
    var name: String { longName ?? shortName ?? dotted }

    /// The hash a signature algorithm names (SHA1 for sha1WithRSAEncryption, ecdsa-with-SHA1); `nil`
    /// for one that names none (RSASSA-PSS keeps its hash in parameters, EdDSA has none of its own)
    /// or that is no signature algorithm OpenSSL lists.
    var signatureDigest: ObjectID? { signatureParts?.digest }
    /// The key algorithm a signature algorithm names (rsaEncryption for sha256WithRSAEncryption,
    /// id-ecPublicKey for ecdsa-with-SHA256); `nil` when OpenSSL does not list it.
    var signatureKey: ObjectID? { signatureParts?.key }

    private var known: Int32? { nid == NID_undef ? nil : nid }

    private var signatureParts: (digest: ObjectID?, key: ObjectID?)? {
        var digest: Int32 = NID_undef
        var key: Int32 = NID_undef
        guard OBJ_find_sigid_algs(nid, &digest, &key) == 1 else { return nil }
        func part(_ nid: Int32) -> ObjectID? { nid == NID_undef ? nil : ObjectID(nid: nid) }
        return (part(digest), part(key))
    }

    /// id-data: the content type of a document signature.
    static let data = ObjectID(nid: NID_pkcs7_data)
    /// id-ct-TSTInfo: the content type of a timestamp token.
    static let tstInfo = ObjectID(nid: NID_id_smime_ct_TSTInfo)

    static let md2 = ObjectID(nid: NID_md2)
    static let md4 = ObjectID(nid: NID_md4)
    static let md5 = ObjectID(nid: NID_md5)
    static let sha1 = ObjectID(nid: NID_sha1)

    static let rsaEncryption = ObjectID(nid: NID_rsaEncryption)
    static let rsassaPSS = ObjectID(nid: NID_rsassaPss)
    static let ecPublicKey = ObjectID(nid: NID_X9_62_id_ecPublicKey)
    static let dsa = ObjectID(nid: NID_dsa)
    static let ed25519 = ObjectID(nid: NID_ED25519)
    static let ed448 = ObjectID(nid: NID_ED448)
}
