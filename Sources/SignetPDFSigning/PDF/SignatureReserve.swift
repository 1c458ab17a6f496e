import FoundationEssentials
import SignetCrypto

/// How many bytes of CMS the `/Contents` placeholder reserves: the size of a dry-run CMS with the
/// same certificates and attributes and a placeholder signature value as long as the key's longest
/// (the key itself is not used, so a token signs once), plus a margin for what varies between runs
/// (DER integer lengths, a timestamp's serial number and time).
///
/// With a timestamp authority the dry run asks it for a token too (one more request, as pyHanko
/// does), so the room fits whatever certificates that authority puts in its tokens.
enum SignatureReserve {
    /// Extra bytes beyond the dry run.
    static let margin = 256

    static func bytes(
        for identity: SigningIdentity, signingTime: Date?, timestamping: TimestampAuthority?
    ) throws
        -> Int
    {
        let dryRun = try CMSSigner.sign(
            digest: dummyDigest, identity: identity, signingTime: signingTime, timestamping: timestamping,
            sizingOnly: true)
        return dryRun.count + margin
    }

    /// Room for a document timestamp: a dry-run token from the same authority, plus the margin.
    static func bytes(forTokenFrom authority: TimestampAuthority) throws -> Int {
        try authority.token(imprint: dummyDigest).count + margin
    }

    private static let dummyDigest = [UInt8](repeating: 0xA5, count: CMSSigner.digest.size)

    /// `/Contents <…>` body: the CMS in uppercase hex, zero-padded to `reserved` bytes.
    static func hex(_ cms: [UInt8], reserved: Int) -> [UInt8]? {
        guard cms.count <= reserved else { return nil }
        let digits = Array("0123456789ABCDEF".utf8)
        var out = [UInt8]()
        out.reserveCapacity(reserved * 2)
        for byte in cms {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        out += [UInt8](repeating: UInt8(ascii: "0"), count: (reserved - cms.count) * 2)
        return out
    }
}
