import FoundationEssentials
import SignetFiles

/// Detached CMS signatures of any content (`signet sign IN --detached OUT.p7s`).
package enum DetachedSigner {
    /// The DER SignedData over the whole of `content` (a file read in chunks, or memory), streamed.
    /// `signingTime` goes into a signing-time attribute; `nil` leaves it out. `timestamping`, when
    /// given, timestamps the signature. Errors name `content.name`.
    package static func sign(
        content: any ByteSource, identity: SigningIdentity, signingTime: Date?,
        timestamping: TimestampAuthority? = nil
    ) throws -> [UInt8] {
        do {
            let digest = try ContentDigest.compute(content, ranges: [0..<content.size], algorithm: CMSSigner.digest)
            return try CMSSigner.sign(
                digest: digest, identity: identity, signingTime: signingTime, timestamping: timestamping)
        } catch let failure as OpenSSLFailure {
            throw SignError(content.name, failure)
        }
    }

    /// The same over the file at `path`.
    package static func sign(
        contentOf path: String, identity: SigningIdentity, signingTime: Date?, timestamping: TimestampAuthority? = nil
    ) throws -> [UInt8] {
        try sign(
            content: try ReadableFile(path: path), identity: identity, signingTime: signingTime,
            timestamping: timestamping)
    }
}
