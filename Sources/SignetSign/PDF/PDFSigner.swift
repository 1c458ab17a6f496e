import FoundationEssentials
import SignetCMS
import SignetFiles
import SignetPDF

/// Embedded PDF signatures (`signet sign IN.pdf -o OUT.pdf`), appended as an incremental update
/// so existing bytes and signatures stay as they are.
///
/// The update is written with `/ByteRange` and `/Contents` placeholders; the ByteRange is then
/// filled in place, the two signed ranges are hashed by streaming the written file (flat memory
/// at any size), the CMS is made over that digest and written into `/Contents`, and only then
/// is the output moved into place.
package enum PDFSigner {
    /// `editing`, when given, changes the opened document before the signature is added (a
    /// pipeline's stamp, see `Stamper.apply`): its changes are written in the same incremental
    /// update as the signature, so the signature covers them and no unsigned revision lies between.
    ///
    /// `collector`, when given, adds the signature's validation material in a second incremental
    /// update (`DSSUpdate`, PAdES B-LT) before the output is committed.
    package static func sign(
        input: String, output: String, identity: SigningIdentity,
        options: PDFSignOptions, appearance: SignatureAppearance? = nil,
        editing: ((PDFDocument) throws -> Void)? = nil, collector: RevocationCollector? = nil
    ) throws -> PDFSignResult {
        guard output != "-" else { throw SignError(output, .outputMustBeFile) }
        return try sign(
            opening: { try PDFDocument(path: input) }, input: input, identity: identity, options: options,
            appearance: appearance, editing: editing, collector: collector, sink: { try AtomicOutput(path: output) })
    }

    /// The same from `source` (a file, or memory) into `sink` (committed on success); the result
    /// and messages name `source.name` and `sink.name`. A memory sink is patched in place.
    package static func sign(
        source: any ByteSource, to sink: any ByteSink, identity: SigningIdentity,
        options: PDFSignOptions, appearance: SignatureAppearance? = nil,
        editing: ((PDFDocument) throws -> Void)? = nil, collector: RevocationCollector? = nil
    ) throws -> PDFSignResult {
        try sign(
            opening: { try PDFDocument(source: source) }, input: source.name, identity: identity, options: options,
            appearance: appearance, editing: editing, collector: collector, sink: { sink })
    }

    private static func sign(
        opening: () throws -> PDFDocument, input: String, identity: SigningIdentity,
        options: PDFSignOptions, appearance: SignatureAppearance?, editing: ((PDFDocument) throws -> Void)?,
        collector: RevocationCollector?, sink: () throws -> any ByteSink
    ) throws -> PDFSignResult {
        // An encrypted PDF cannot take our update (new objects would need its key): refuse it
        // whether or not it opens without a password.
        let document: PDFDocument
        do {
            document = try opening()
        } catch let error as PDFError where error.reason == .passwordNeeded {
            throw SignError(input, .encryptedPDF)
        }
        guard !document.isEncrypted else { throw SignError(input, .encryptedPDF) }
        if try SignatureScanner.permissions(of: document).docMDP == 1 { throw SignError(input, .certifiedNoChanges) }
        let fields = try FormFields.all(in: document)
        if options.certify, try fields.contains(where: { try $0.signatureValue() != nil }) {
            throw SignError(input, .certifyNeedsUnsignedDocument)
        }
        let reserved = try room(for: identity, options: options, context: input)
        let writer: IncrementalWriter
        do {
            writer = try IncrementalWriter(document: document)
        } catch let error as PDFError {
            guard case .incrementalImpossible(let why) = error.reason else { throw error }
            throw SignError(input, .cannotAppend(why))
        }
        try editing?(document)
        // A dictionary, not `reserveObject()`'s null: qpdf drops dictionary keys whose value is a
        // null object, and the field's /V must point here. Its body is given raw when writing.
        let signature = try document.makeIndirect(try document.parse("<< /Type /Sig >>"))
        guard let signatureID = try signature.id else {
            throw PDFError(file: document.path, .structure("internal: signature object is not indirect"))
        }

        let editor = SignatureFieldEditor(document: document, fields: fields)
        let placed =
            try options.field.map { try editor.fillField($0, signature: signature, artwork: appearance?.artwork) }
            ?? editor.addField(signature: signature, appearance: appearance)
        if options.certify { try editor.certify(with: signature) }
        let dictionary = try SignatureDictionary(
            options: options, reserved: reserved, certify: options.certify, in: document)

        let out = try sink()
        let output = out.name
        // The output starts with the input's exact bytes: hash them as the writer copies them
        // (one read of the input), then only the appended bytes are hashed from the output.
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
            throw PDFError(file: document.path, .structure("internal: the signature dictionary was not written"))
        }
        let contents =
            (base + dictionary.contentsOffset)..<(base + dictionary.contentsOffset + dictionary.contentsLength)
        let byteRange = ByteRange(excluding: contents, fileSize: written.totalLength)
        guard let byteRangeText = byteRange.text(width: dictionary.byteRangeWidth),
            let ranges = byteRange.ranges(fileSize: written.totalLength), contents.lowerBound >= written.inputLength
        else { throw SignError(output, .crypto(operation: "ByteRange", details: "offsets do not fit the placeholder")) }
        try out.overwrite(byteRangeText, at: base + dictionary.byteRangeOffset)

        let cms: [UInt8]
        do {
            let appended = [written.inputLength..<ranges[0].upperBound, ranges[1]]
            let digest = try ContentDigest.finish(running, file: try out.writtenBytes(), ranges: appended)
            cms = try CMSSigner.sign(digest: digest, identity: identity, signingTime: options.signingTimeAttribute)
        } catch let failure as OpenSSLFailure {
            throw SignError(input, failure)
        }
        guard let hex = SignatureRoom.hex(cms, reserved: reserved) else {
            throw SignError(input, .signatureTooLarge(needed: cms.count, reserved: reserved))
        }
        try out.overwrite(hex, at: contents.lowerBound + 1)
        let ltv = try collector.map { try DSSUpdate.append(to: out, collector: $0, context: output) }
        try out.commit()
        return PDFSignResult(
            input: input, output: output, field: placed.fieldName, page: placed.page,
            rect: [placed.rect.minX, placed.rect.minY, placed.rect.maxX, placed.rect.maxY],
            subFilter: options.format.rawValue, byteRange: byteRange.values, reserved: reserved,
            signatureBytes: cms.count,
            bytesAdded: written.bytesAdded, certified: options.certify, visible: placed.visible, ltv: ltv)
    }

    /// Bytes to reserve: `--reserve`, refused up front when a dry run shows the CMS will not fit.
    static func room(for identity: SigningIdentity, options: PDFSignOptions, context: String) throws -> Int {
        let needed: Int
        do {
            needed = try SignatureRoom.bytes(for: identity, signingTime: options.signingTimeAttribute)
        } catch let failure as OpenSSLFailure {
            throw SignError(context, failure)
        }
        guard let reserve = options.reserve else {
            guard needed <= PDFSignOptions.maxReserve else {
                throw SignError(context, .containerTooLarge(bytes: needed, limit: PDFSignOptions.maxReserve))
            }
            return needed
        }
        guard reserve <= PDFSignOptions.maxReserve else {
            throw SignError(context, .containerTooLarge(bytes: reserve, limit: PDFSignOptions.maxReserve))
        }
        let minimum = needed - SignatureRoom.margin
        guard reserve >= minimum else {
            throw SignError(context, .signatureTooLarge(needed: minimum, reserved: reserve))
        }
        return reserve
    }
}
