/// What sealed handwriting evidence is bound to: the document revision the signature was made on,
/// the appearance the signature shows and the signer's certificate, each by its SHA-256 digest,
/// and the examiner it was sealed for.
///
/// It travels beside the envelope, readable without the examiner's key, in this DER form:
///
/// ```
/// SignetEvidenceBinding ::= SEQUENCE {
///   type              OBJECT IDENTIFIER,   -- 2.25.214391867479210992002326461310538238215
///   version           INTEGER (2),
///   documentDigest    OCTET STRING,        -- SHA-256 of the revision the signature's update is appended to
///   appearanceDigest  OCTET STRING,        -- SHA-256 of the signature's appearance (see the PDF stage)
///   signerDigest      OCTET STRING,        -- SHA-256 of the signer's certificate (DER)
///   examiner          UTF8String,          -- the examiner certificate's subject (RFC 2253)
///   seal              OCTET STRING }       -- HMAC-SHA-256 keyed with the sealed record over the
///                                          -- DER SEQUENCE of the six fields above
/// ```
///
/// The seal is the binding's protection against someone who does not hold the record: only the
/// examiner, after decrypting, can recompute it. (RFC 5083's authenticated attributes would be the
/// natural place, but OpenSSL 3.0 can neither write nor read them: see docs/evidence.md.)
public struct EvidenceBinding: Sendable, Hashable, Codable {
    /// SHA-256 of the document revision the signature was made on (the bytes its update is appended to).
    public var documentDigest: [UInt8]
    /// SHA-256 of what the signature shows (its normal appearance and every stream it draws).
    public var appearanceDigest: [UInt8]
    /// SHA-256 of the signer's certificate (DER): the evidence belongs to this signer's signature.
    public var signerDigest: [UInt8]
    /// The subject of the examiner's certificate (RFC 2253).
    public var examiner: String

    /// A binding to a document revision and an appearance, for `examiner`.
    /// - Parameters:
    ///   - documentDigest: SHA-256 of the document revision the signature was made on.
    ///   - appearanceDigest: SHA-256 of what the signature shows.
    ///   - signerDigest: SHA-256 of the signer's certificate.
    ///   - examiner: The subject of the examiner's certificate.
    package init(documentDigest: [UInt8], appearanceDigest: [UInt8], signerDigest: [UInt8], examiner: String) {
        self.documentDigest = documentDigest
        self.appearanceDigest = appearanceDigest
        self.signerDigest = signerDigest
        self.examiner = examiner
    }

    /// The object identifier that opens the DER form (a UUID arc, ITU-T X.667).
    package static let typeIdentifier = "2.25.214391867479210992002326461310538238215"
    static let typeDER: [UInt8] = [
        0x06, 0x14, 0x69, 0x82, 0xC2, 0xCA, 0xAF, 0xCA, 0xCD, 0xD4, 0x8A, 0xA0, 0xB1, 0x93, 0x8C, 0xDB, 0xFB, 0xBF,
        0xA2,
        0xC9, 0x92, 0x07,
    ]
    static let version: UInt8 = 2

    /// The DER SEQUENCE of the fields the seal covers.
    var sealedFields: [UInt8] { DER.element(0x30, fields) }

    private var fields: [UInt8] {
        Self.typeDER + DER.element(0x02, [Self.version]) + DER.element(0x04, documentDigest)
            + DER.element(0x04, appearanceDigest) + DER.element(0x04, signerDigest)
            + DER.element(0x0C, Array(examiner.utf8))
    }

    /// The DER form with `seal`.
    func der(seal: [UInt8]) -> [UInt8] { DER.element(0x30, fields + DER.element(0x04, seal)) }

    /// Reads the DER form: the binding and its seal; nil when `bytes` is not one.
    static func read(_ bytes: [UInt8]) -> (binding: EvidenceBinding, seal: [UInt8])? {
        guard let parts = DER.elements(ofSequence: bytes), parts.count == 7, parts.last?.upperBound == bytes.count,
            bytes[parts[0]].elementsEqual(typeDER), DER.content(bytes, of: parts[1], tag: 0x02) == [version],
            let document = DER.content(bytes, of: parts[2], tag: 0x04), document.count == 32,
            let appearance = DER.content(bytes, of: parts[3], tag: 0x04), appearance.count == 32,
            let signer = DER.content(bytes, of: parts[4], tag: 0x04), signer.count == 32,
            let examiner = DER.content(bytes, of: parts[5], tag: 0x0C).flatMap({ String(validating: $0, as: UTF8.self) }
            ),
            let seal = DER.content(bytes, of: parts[6], tag: 0x04), seal.count == 32
        else { return nil }
        let binding = EvidenceBinding(
            documentDigest: document, appearanceDigest: appearance, signerDigest: signer, examiner: examiner)
        // Only the one encoding this writes is accepted (nothing else can hide in the bytes).
        guard binding.der(seal: seal) == bytes else { return nil }
        return (binding, seal)
    }
}
