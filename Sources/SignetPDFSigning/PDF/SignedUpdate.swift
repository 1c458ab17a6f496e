import SignetCrypto
import SignetFiles
import SignetPDF

/// Writes one incremental update that holds a signature dictionary (a signature, or a document
/// timestamp) and fills it in: the update is written with `/ByteRange` and `/Contents`
/// placeholders, the ByteRange is filled in place, the two signed ranges are hashed (the input's
/// bytes as the writer copies them, then only the appended bytes from the output: flat memory at
/// any size), and what `contents` makes of that SHA-256 digest is written into `/Contents`.
/// `beforeSigning`, when given, sees the update written (ByteRange filled, `/Contents` still
/// zeros) before the digest is signed, with the offset where it begins, and may refuse it.
/// The sink is left uncommitted: the caller commits it, or hands it to the next update.
enum SignedUpdate {
    /// Where the update put things.
    struct Written {
        let byteRange: ByteRange
        /// Bytes `contents` returned (the CMS or the token).
        let contentsBytes: Int
        let bytesAdded: Int
    }

    static func write(
        _ writer: IncrementalWriter, document: PDFDocument, signatureID: PDFObjectID,
        dictionary clear: SignatureDictionary,
        to out: any ByteSink, context input: String, beforeSigning: ((any ByteSink, Int) throws -> Void)? = nil,
        contents: ([UInt8]) throws -> [UInt8]
    ) throws -> Written {
        let output = out.name
        let dictionary = try document.objectCipher.map { try clear.encrypted(with: $0, as: signatureID) } ?? clear
        let running = try DigestContext(hashing: CMSSigner.digest)
        // Start writing the copy to disk while it is being made, so the final fsync waits less.
        var flushed = 0.0
        let written = try writer.write(
            to: out, rawBodies: [signatureID: dictionary.body],
            progress: { fraction in
                guard fraction - flushed >= 0.125 else { return }
                flushed = fraction
                (out as? AtomicOutput)?.startWriteback()
            },
            inputObserver: { try running.update($0) })
        guard let base = written.bodyOffsets[signatureID] else {
            throw PDFError(document.path, .structure("internal: the signature dictionary was not written"))
        }
        let range =
            (base + dictionary.contentsOffset)..<(base + dictionary.contentsOffset + dictionary.contentsLength)
        let byteRange = ByteRange(excluding: range, fileSize: written.totalLength)
        guard let byteRangeText = byteRange.text(width: dictionary.byteRangeWidth),
            let ranges = byteRange.ranges(fileSize: written.totalLength), range.lowerBound >= written.inputLength
        else { throw SignError(output, .crypto(operation: "ByteRange", details: "offsets do not fit the placeholder")) }
        try out.overwrite(byteRangeText, at: base + dictionary.byteRangeOffset)
        try beforeSigning?(out, written.inputLength)

        let bytes: [UInt8]
        do {
            let appended = [written.inputLength..<ranges[0].upperBound, ranges[1]]
            let digest = try ContentDigest.finish(running, file: try out.writtenBytes(), ranges: appended)
            bytes = try contents(digest)
        } catch let failure as OpenSSLFailure {
            throw SignError(input, failure)
        }
        guard let hex = SignatureReserve.hex(bytes, reserved: dictionary.reserved) else {
            throw PDFSignError(input, .signatureTooLarge(needed: bytes.count, reserved: dictionary.reserved))
        }
        try out.overwrite(hex, at: range.lowerBound + 1)
        return Written(byteRange: byteRange, contentsBytes: bytes.count, bytesAdded: written.bytesAdded)
    }
}
