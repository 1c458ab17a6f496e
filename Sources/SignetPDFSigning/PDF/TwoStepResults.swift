/// The first step of two-step signing: the file written with a zero-filled `/Contents`, and the
/// digest a CMS made elsewhere must sign.
public struct PreparedSignature: Sendable {
    /// The field, page, byte range and room reserved for the CMS.
    public var result: PDFSignResult
    /// SHA-256 over the `/ByteRange`: the messageDigest the CMS must carry.
    public var digest: [UInt8]
}

/// The second step of two-step signing: the CMS written into the prepared placeholder.
public struct CompletedSignature: Sendable {
    /// The signature field's full name.
    public var field: String
    /// The `/ByteRange` the CMS signs.
    package var byteRange: ByteRange
    /// The bytes reserved for the CMS.
    package var reserved: Int
    /// The bytes of the CMS written (after its signature timestamp, when one was added).
    public var signatureBytes: Int
    /// The CMS's signer: its certificate's common name, else its subject.
    public var signer: String?
    /// A signature timestamp was added to the CMS.
    public var timestamped: Bool
    /// What the updates after the signature added (validation data, a document timestamp).
    package var after: PostSignatureUpdates.Outcome
}
