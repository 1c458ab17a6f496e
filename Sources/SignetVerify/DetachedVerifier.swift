import FoundationEssentials
import SignetCrypto
import SignetFiles

/// Checks a detached CMS signature (`signet verify FILE --p7s FILE.p7s`).
package enum DetachedVerifier {
    /// The largest .p7s read (a signature with a long chain is a few tens of KB).
    static let signatureLimit = 16 << 20

    /// The signature in the file `signaturePath` (DER or PEM) over the whole file `contentPath`.
    package static func verify(
        signaturePath: String, contentPath: String, options: VerifyOptions
    ) throws -> SignatureReport {
        let bytes = try InputFile.read(signaturePath, limit: signatureLimit)
        return try verify(
            signature: bytes, named: signaturePath, content: try ReadableFile(path: contentPath), options: options)
    }

    /// The signature in `signature` (DER or PEM, at most `signatureLimit` bytes) over the whole of
    /// `content` (a file read in chunks, or memory). Errors name the sources.
    package static func verify(
        signature: any ByteSource, content: any ByteSource, options: VerifyOptions
    ) throws -> SignatureReport {
        guard signature.size <= signatureLimit else {
            throw FileError(signature.name, .tooLarge(limit: signatureLimit))
        }
        return try verify(
            signature: try signature.allBytes(), named: signature.name, content: content, options: options)
    }

    private static func verify(
        signature bytes: [UInt8], named signaturePath: String, content: any ByteSource, options: VerifyOptions
    ) throws -> SignatureReport {
        do {
            let check = try CMSVerifier.check(
                cms: Self.der(bytes), context: signaturePath,
                contentDigest: { try ContentDigest.compute(content, ranges: [0..<content.size], algorithm: $0) },
                options: options, claimedTime: nil)
            return Judge.single(
                SignatureFindings(index: 1, kind: .signature, coverage: .detachedContent, cms: check),
                requireTrust: options.requireTrust)
        } catch let failure as OpenSSLFailure {
            throw SignError(signaturePath, failure)
        }
    }

    /// DER as is; PEM ("-----BEGIN CMS-----" / "PKCS7") decoded so `openssl cms -outform PEM` output works too.
    static func der(_ bytes: [UInt8]) -> [UInt8] {
        let text = String(decoding: bytes.prefix(64), as: UTF8.self)
        guard text.hasPrefix("-----BEGIN") else { return bytes }
        let lines = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline)
        let body = lines.filter { !$0.hasPrefix("-----") }.joined()
        return Data(base64Encoded: body).map { Array($0) } ?? bytes
    }
}
