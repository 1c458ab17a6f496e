import FoundationEssentials
import SignetFiles

/// Detached CMS signatures of any file (`signet sign IN --detached OUT.p7s`).
package enum DetachedSigner {
    /// The DER SignedData over the whole content of `path`, streamed in chunks.
    /// `signingTime` goes into a signing-time attribute; `nil` leaves it out.
    package static func sign(contentOf path: String, identity: SigningIdentity, signingTime: Date?) throws -> [UInt8] {
        let file = try ReadableFile(path: path)
        do {
            let digest = try ContentDigest.compute(file, ranges: [0..<file.size], algorithm: CMSSigner.digest)
            return try CMSSigner.sign(digest: digest, identity: identity, signingTime: signingTime)
        } catch let failure as OpenSSLFailure {
            throw SignError(path, failure)
        }
    }
}
