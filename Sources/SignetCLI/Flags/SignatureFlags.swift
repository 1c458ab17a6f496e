import FoundationEssentials
import Signet

/// The options of an embedded PDF signature, shared by `signet sign` and `signet pipeline`, read
/// into a `PDFSignOptions`.
enum SignatureFlags {
    static let specs: [OptionSpec] = [
        .flag(.strict, "refuse a certificate that is expired or not yet valid (default: warn)"),
        .flag(
            .pades,
            "PAdES B-B: /SubFilter /ETSI.CAdES.detached, no signing-time attribute (default adbe.pkcs7.detached)"),
        .value(.name, "TEXT", "/Name of the signature dictionary (the signer's name)"),
        .value(.reason, "TEXT", "/Reason"),
        .value(.location, "TEXT", "/Location"),
        .value(.contactInfo, "TEXT", "/ContactInfo"),
        .value(.field, "NAME", "sign this existing empty signature field instead of adding a new one"),
        .flag(
            .certify, "certify the document (DocMDP P=2: form filling and signing still allowed); first signature only"
        ),
        .value(.reserve, "BYTES", "bytes reserved for the CMS in /Contents (default: a dry-run size plus a margin)"),
    ]

    /// The signature dictionary's options; `signingTime` is the caller's clock reading.
    static func options(_ args: Arguments, signingTime: Date) throws -> PDFSignOptions {
        PDFSignOptions(
            signingTime: signingTime, format: args.flag(.pades) ? .pades : .pkcs7, name: args.string(.name),
            reason: args.string(.reason), location: args.string(.location), contactInfo: args.string(.contactInfo),
            field: args.string(.field), certify: args.flag(.certify),
            reserve: try args.int(.reserve, in: 512...(1 << 20)))
    }
}
