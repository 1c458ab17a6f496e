import FoundationEssentials

/// `verify` and `info`: what a PDF holds and whether its signatures stand.
extension SignetJob {
    /// `signet verify IN.pdf`: one report per signature, oldest first — coverage of the file,
    /// digest, CMS signature, certificate validity at the signing time, chain to `anchors`
    /// (`nil`: not judged). `now` judges a certificate whose signature states no time.
    /// A file without signatures throws `SignError`; an invalid signature is a report, not an error.
    public static func verify(
        pdfAt path: String, password: String? = nil, trusting anchors: TrustAnchors? = nil, now: Date
    ) throws -> [SignatureReport] {
        try PDFVerifier.verify(path: path, password: password, anchors: anchors, now: now)
    }

    /// The same on a PDF in memory.
    public static func verify(
        pdf: [UInt8], password: String? = nil, trusting anchors: TrustAnchors? = nil, now: Date
    ) throws -> [SignatureReport] {
        let scratch = try ScratchSpace.temporary()
        let input = try scratch.write(pdf, as: "in.pdf")
        return try ScratchSpace.naming(input, as: memoryPDF) {
            try verify(pdfAt: input, password: password, trusting: anchors, now: now)
        }
    }

    /// `signet verify IN --p7s SIG`: the detached signature in the file `signature` (DER or PEM)
    /// over the whole of the file `content`.
    public static func verify(
        fileAt content: String, signatureAt signature: String, trusting anchors: TrustAnchors? = nil, now: Date
    ) throws -> SignatureReport {
        try DetachedVerifier.verify(signaturePath: signature, contentPath: content, anchors: anchors, now: now)
    }

    /// The same with content and signature in memory.
    public static func verify(
        _ content: [UInt8], detachedSignature signature: [UInt8], trusting anchors: TrustAnchors? = nil, now: Date
    ) throws -> SignatureReport {
        let scratch = try ScratchSpace.temporary()
        let contentPath = try scratch.write(content, as: "content")
        let signaturePath = try scratch.write(signature, as: "signature.p7s")
        let check = { try verify(fileAt: contentPath, signatureAt: signaturePath, trusting: anchors, now: now) }
        let namingSignature = { try ScratchSpace.naming(signaturePath, as: "the signature in memory", check) }
        return try ScratchSpace.naming(contentPath, as: memoryContent, namingSignature)
    }

    /// `signet info IN.pdf`: version, pages as displayed, encryption, signatures, revisions.
    public static func info(pdfAt path: String, password: String? = nil) throws -> DocumentInfo {
        try DocumentInfo(try PDFDocument(path: path, password: password))
    }

    /// The same on a PDF in memory (`file` then names it "the PDF in memory").
    public static func info(pdf: [UInt8], password: String? = nil) throws -> DocumentInfo {
        let scratch = try ScratchSpace.temporary()
        let input = try scratch.write(pdf, as: "in.pdf")
        var document = try ScratchSpace.naming(input, as: memoryPDF) { try info(pdfAt: input, password: password) }
        document.file = memoryPDF
        return document
    }
}
