/// What a long-term-validation update (`--ltv`) added to a PDF's DSS.
public struct LTVUpdateResult: Sendable, Hashable, Codable {
    /// Certificates, OCSP responses and CRLs added (each stored once in the file).
    public var certificates: Int
    /// OCSP responses added.
    public var ocspResponses: Int
    /// CRLs added.
    public var crls: Int
    /// VRI entries added (one per signature or document timestamp not yet covered).
    package var vriEntries: Int
    /// How many bytes the update added to the file (0 when everything was already there).
    package var bytesAdded: Int

    enum CodingKeys: String, CodingKey {
        case certificates, crls
        case ocspResponses = "ocsp_responses"
        case vriEntries = "vri_entries"
        case bytesAdded = "bytes_added"
    }

    package init(certificates: Int, ocspResponses: Int, crls: Int, vriEntries: Int, bytesAdded: Int) {
        (self.certificates, self.ocspResponses, self.crls, self.vriEntries, self.bytesAdded) =
            (certificates, ocspResponses, crls, vriEntries, bytesAdded)
    }
}
