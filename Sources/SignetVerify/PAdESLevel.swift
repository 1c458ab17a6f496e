/// A PAdES baseline level (ETSI EN 319 142-1), as `signet verify` reports it; ordered.
public enum PAdESLevel: String, Sendable, Hashable, Codable, Comparable, CaseIterable {
    /// Not a PAdES signature (adbe.pkcs7.detached, a document timestamp), or not a valid one.
    case none
    /// ETSI.CAdES.detached with an ESS signing-certificate-v2 attribute and no signing-time attribute.
    case bb = "B-B"
    /// B-B and a valid signature timestamp, or a valid document timestamp over the signature.
    case bt = "B-T"
    /// B-T and revocation data for every certificate of the signer's and the timestamp authority's chains in the file.
    case blt = "B-LT"
    /// B-LT and a valid document timestamp over the validation material.
    case blta = "B-LTA"

    /// Orders levels from `none` to `B-LTA`.
    /// - Parameters:
    ///   - a: One level.
    ///   - b: The other level.
    public static func < (a: PAdESLevel, b: PAdESLevel) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
