import FoundationEssentials
import SignetCrypto
import SignetFiles
import SignetPDF

/// Embedded PDF signatures (`signet sign IN.pdf -o OUT.pdf`), appended as an incremental update
/// so existing bytes and signatures stay as they are (see `SignedUpdate` for how the update is
/// written, hashed and filled). With `options.timestamp` the CMS carries a signature timestamp
/// (B-T); the updates after the signature (`PostSignatureUpdates`) follow, each reading what the
/// one before wrote, and only then is the output moved into place.
package enum PDFSigner {
    /// `editing`, when given, changes the opened document before the signature is added (a
    /// pipeline's stamp, see `Stamper.apply`): its changes are written in the same incremental
    /// update as the signature, so the signature covers them and no unsigned revision lies between.
    /// The appearance it returns, if any, replaces `appearance` (a pipeline's stamp on a signed
    /// input is shown by the new signature's widget, see `Stamper.signaturePage`).
    /// `network` carries the timestamp requests (`options.timestamp`). `collector`, when given,
    /// adds the validation material in an update after the signature (`DSSUpdate`, PAdES B-LT).
    /// `password` opens an encrypted input (user or owner password; none when its user password is
    /// empty), whose updates are then encrypted with its own key. `hooks` checks the input as
    /// opened, renders pages for a free-area placement of the appearance, and judges the signed
    /// update on an input that holds a signature, written but not yet signed, before the key is used.
    package static func sign(
        input: String, output: String, password: Secret? = nil, identity: SigningIdentity,
        options: PDFSignOptions, appearance: SignatureAppearance? = nil,
        editing: ((PDFDocument) throws -> SignatureAppearance?)? = nil, network: (any HTTPTransport)? = nil,
        collector: RevocationCollector? = nil, hooks: PlacementHooks = PlacementHooks()
    ) throws -> PDFSignResult {
        guard output != "-" else { throw PDFSignError(output, .outputMustBeFile) }
        return try sign(
            opening: { try PDFDocument.opening(path: input, password: password, repairing: true) },
            password: password, input: input,
            key: .identity(identity), options: options, appearance: appearance, editing: editing, network: network,
            collector: collector, hooks: hooks,
            sinks: PostSignatureUpdates.Sinks(final: { try AtomicOutput(path: output) }))
    }

    /// The same from `source` (a file, or memory) into `sink` (committed on success); the result
    /// and messages name `source.name` and `sink.name`. A memory sink is patched in place.
    package static func sign(
        source: any ByteSource, to sink: any ByteSink, password: Secret? = nil, identity: SigningIdentity,
        options: PDFSignOptions, appearance: SignatureAppearance? = nil,
        editing: ((PDFDocument) throws -> SignatureAppearance?)? = nil, network: (any HTTPTransport)? = nil,
        collector: RevocationCollector? = nil, hooks: PlacementHooks = PlacementHooks()
    ) throws -> PDFSignResult {
        try sign(
            opening: { try PDFDocument.opening(source: source, password: password, repairing: true) },
            password: password,
            input: source.name, key: .identity(identity), options: options, appearance: appearance, editing: editing,
            network: network, collector: collector, hooks: hooks, sinks: PostSignatureUpdates.Sinks(into: sink))
    }

    /// Who fills `/Contents`: an identity now, or (`--prepare`) nobody yet: the room is left zero-filled.
    enum Key {
        case identity(SigningIdentity)
        /// Reserve this many bytes and hand the document digest to the closure.
        case prepared(reserve: Int, digest: ([UInt8]) -> Void)
    }

    static func sign(
        opening: () throws -> PDFDocument, password: Secret?, input: String, key: Key,
        options: PDFSignOptions, appearance: SignatureAppearance?,
        editing: ((PDFDocument) throws -> SignatureAppearance?)?,
        network: (any HTTPTransport)?, collector: RevocationCollector?, hooks: PlacementHooks = PlacementHooks(),
        sinks: PostSignatureUpdates.Sinks
    ) throws -> PDFSignResult {
        let timestamping = options.timestamp.map {
            TimestampAuthority(options: $0, transport: network ?? NoTransport(), now: options.signingTime)
        }
        let updates = try PostSignatureUpdates.plan(
            options: options, timestamping: timestamping, collector: collector, documentPassword: password,
            context: input)
        // An encrypted PDF takes an update encrypted with its own key (and the same password opens
        // it again for the updates after the signature).
        let document = try opening()
        try hooks.opened?(document)
        try document.prepareEncryptedUpdates(for: .fillAndSign, using: OpenSSLCiphers())
        if try SignatureScanner.permissions(of: document).docMDP == 1 { throw PDFSignError(input, .certifiedNoChanges) }
        let fields = try FormFields.all(in: document)
        let signed = try fields.contains(where: { try $0.signatureValue() != nil })
        if options.certify, signed { throw PDFSignError(input, .certifyNeedsUnsignedDocument) }
        let reserved: Int
        switch key {
        case .identity(let identity):
            reserved = try room(for: identity, options: options, timestamping: timestamping, context: input)
        case .prepared(let reserve, _): reserved = reserve
        }
        let writer = try IncrementalWriter.appending(to: document, context: input)
        let appearance = try editing?(document) ?? appearance
        // A dictionary, not `reserveObject()`'s null: qpdf drops dictionary keys whose value is a
        // null object, and the field's /V must point here. Its body is given raw when writing.
        let signature = try document.makeIndirect(try document.parse("<< /Type /Sig >>"))
        guard let signatureID = try signature.id else {
            throw PDFError(document.path, .structure("internal: signature object is not indirect"))
        }

        let editor = SignatureFieldEditor(
            document: document, fields: fields, placer: StampPlacer(document: document, pageImage: hooks.pageImage))
        let placed =
            try options.field.map {
                try editor.fillField(
                    $0, signature: signature, artwork: appearance?.artwork, text: appearance?.text)
            }
            ?? editor.addField(signature: signature, appearance: appearance)
        if let evidence = appearance?.evidence {
            guard case .identity(let identity) = key else { throw EvidenceError(input, .signerNeeded) }
            try EvidenceAttachment.attach(
                evidence, to: .widget(placed.widget), in: document, signer: try identity.certificateSHA256)
        }
        if options.certify { try editor.certify(with: signature) }
        let dictionary = try SignatureDictionary(
            options: options, reserved: reserved, certify: options.certify, in: document)

        let out = try PostSignatureUpdates.firstSink(before: updates, sinks: sinks)
        let written = try SignedUpdate.write(
            writer, document: document, signatureID: signatureID, dictionary: dictionary, to: out, context: input,
            beforeSigning: signed ? hooks.judge : nil
        ) { digest in
            switch key {
            case .identity(let identity):
                return try CMSSigner.sign(
                    digest: digest, identity: identity, signingTime: options.signingTimeAttribute,
                    timestamping: timestamping)
            case .prepared(_, let handOver):
                handOver(digest)
                return []
            }
        }
        let after = try PostSignatureUpdates.finish(out, with: updates, context: input, sinks: sinks)
        return PDFSignResult(
            input: input, output: after.output, field: placed.fieldName, page: placed.page,
            rect: [placed.rect.minX, placed.rect.minY, placed.rect.maxX, placed.rect.maxY],
            subFilter: options.format.rawValue, byteRange: written.byteRange.values, reserved: reserved,
            signatureBytes: written.contentsBytes,
            bytesAdded: written.bytesAdded, certified: options.certify, visible: placed.visible,
            timestamped: timestamping != nil, ltv: after.ltv, documentTimestamp: after.documentTimestamp,
            repaired: document.repair?.damage)
    }

    /// Bytes to reserve: `--reserve`, refused up front when a dry run shows the CMS will not fit.
    static func room(
        for identity: SigningIdentity, options: PDFSignOptions, timestamping: TimestampAuthority?, context: String
    ) throws -> Int {
        let needed: Int
        do {
            needed = try SignatureReserve.bytes(
                for: identity, signingTime: options.signingTimeAttribute, timestamping: timestamping)
        } catch let failure as OpenSSLFailure {
            throw SignError(context, failure)
        }
        guard let reserve = options.reserve else {
            guard needed <= PDFSignOptions.maxReserve else {
                throw PDFSignError(context, .containerTooLarge(bytes: needed, limit: PDFSignOptions.maxReserve))
            }
            return needed
        }
        guard reserve <= PDFSignOptions.maxReserve else {
            throw PDFSignError(context, .containerTooLarge(bytes: reserve, limit: PDFSignOptions.maxReserve))
        }
        let minimum = needed - SignatureReserve.margin
        guard reserve >= minimum else {
            throw PDFSignError(context, .signatureTooLarge(needed: minimum, reserved: reserve))
        }
        return reserve
    }
}

extension IncrementalWriter {
    /// A writer for an update to `document`, or `SignError.cannotAppend` when its structure cannot take one.
    static func appending(to document: PDFDocument, context input: String) throws -> IncrementalWriter {
        do {
            return try IncrementalWriter(document: document)
        } catch let error as PDFError {
            guard case .incrementalImpossible(let why) = error.reason else { throw error }
            throw PDFSignError(input, .cannotAppend(why.description))
        }
    }
}
