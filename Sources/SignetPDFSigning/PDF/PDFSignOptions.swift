import FoundationEssentials
import SignetCrypto

/// Everything `signet sign IN -o OUT` can say about an embedded PDF signature. Defaults match the CLI.
public struct PDFSignOptions: Sendable, Hashable, Codable {
    /// The signature format (the `/SubFilter`).
    public enum Format: String, Sendable, Hashable, Codable, CaseIterable {
        /// `/SubFilter /adbe.pkcs7.detached` (default): CMS with a signing-time attribute.
        case pkcs7 = "adbe.pkcs7.detached"
        /// `/SubFilter /ETSI.CAdES.detached`, PAdES B-B: no signing-time attribute (`/M` carries the time).
        case pades = "ETSI.CAdES.detached"
    }

    /// The signing time: written as `/M` and (for `.pkcs7`) as the signing-time attribute. The
    /// library never reads the clock; the caller passes it in.
    public var signingTime: Date
    /// The signature format.
    public var format: Format
    /// `/Name`, `/Reason`, `/Location`, `/ContactInfo` of the signature dictionary (absent when nil).
    public var name: String?
    /// Why the document is signed (`/Reason`).
    public var reason: String?
    /// Where it is signed (`/Location`).
    public var location: String?
    /// How to reach the signer (`/ContactInfo`).
    public var contactInfo: String?
    /// Sign this existing, empty signature field instead of creating a new one.
    public var field: String?
    /// Certify the document (DocMDP, P=2: form filling and signing allowed). First signature only.
    public var certify: Bool
    /// Bytes reserved for the CMS in `/Contents`; `nil` sizes it from a dry run plus a margin.
    /// At most `maxReserve`.
    public var reserve: Int?
    /// Timestamp the signature (PAdES B-T): the authority asked for a token over the signature
    /// value, added as the unsigned attribute id-aa-signatureTimeStampToken. `nil` (default): none.
    public var timestamp: TimestampOptions?
    /// After the signature (and any validation data), add a document timestamp from the
    /// `timestamp` authority in a further incremental update (PAdES B-LTA). Needs `timestamp`.
    public var documentTimestamp: Bool

    /// The largest `/Contents` reserve (1 MiB, written as 2 MiB of hex): far above a CMS with a
    /// long chain (a few KB), small enough that no signature bloats a file by accident.
    package static let maxReserve = 1 << 20

    /// Signing options; everything but the signing time defaults to what `signet sign` does.
    /// - Parameters:
    ///   - signingTime: The signing time: written as `/M` and (for `.pkcs7`) as the signing-time attribute.
    ///   - format: The signature format.
    ///   - name: The signer's name (`/Name`); absent when `nil`.
    ///   - reason: Why the document is signed (`/Reason`).
    ///   - location: Where it is signed (`/Location`).
    ///   - contactInfo: How to reach the signer (`/ContactInfo`).
    ///   - field: Sign this existing, empty signature field instead of creating a new one.
    ///   - certify: Certify the document (DocMDP, P=2: form filling and signing allowed).
    ///   - reserve: Bytes reserved for the CMS in `/Contents`; `nil` sizes it from a dry run plus a margin.
    ///   - timestamp: The authority that timestamps the signature (B-T); `nil` for none.
    ///   - documentTimestamp: Add a document timestamp from the same authority after the signature (B-LTA).
    public init(
        signingTime: Date, format: Format = .pkcs7, name: String? = nil, reason: String? = nil, location: String? = nil,
        contactInfo: String? = nil, field: String? = nil, certify: Bool = false, reserve: Int? = nil,
        timestamp: TimestampOptions? = nil, documentTimestamp: Bool = false
    ) {
        self.signingTime = signingTime
        self.format = format
        self.name = name
        self.reason = reason
        self.location = location
        self.contactInfo = contactInfo
        self.field = field
        self.certify = certify
        self.reserve = reserve
        self.timestamp = timestamp
        self.documentTimestamp = documentTimestamp
    }

    /// The signing-time attribute to put in the CMS (none for PAdES B-B).
    var signingTimeAttribute: Date? { format == .pades ? nil : signingTime }
}
