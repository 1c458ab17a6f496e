import FoundationEssentials

// Placeholder until the timestamp verifier lands (replaced at merge).
extension CMSVerifier {
    static func checkDocumentTimestamp(
        token: [UInt8], context: String, contentDigest: (DigestAlgorithm) throws -> [UInt8], options: VerifyOptions
    ) throws -> CMSCheck {
        var check = try check(cms: token, context: context, contentDigest: contentDigest, options: options, claimedTime: nil)
        check.unsupported = "document timestamps are not checked yet"
        return check
    }
}
