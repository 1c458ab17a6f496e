import SignetCrypto
import SignetFiles
import SignetPDF

/// Document timestamps (PAdES B-LTA, `signet timestamp`, `signet sign --doc-timestamp`): a new
/// invisible signature field whose value is `/Type /DocTimeStamp /SubFilter /ETSI.RFC3161` with
/// `/Contents` an RFC 3161 TimeStampToken over the SHA-256 of its byte range, appended in an
/// incremental update by the same writer as signatures (`SignedUpdate`). Existing bytes are never touched.
package struct DocumentTimestamper: PostSignatureUpdate {
    package let authority: TimestampAuthority
    /// Opens an encrypted document (its user or owner password); nil when it needs none.
    package let documentPassword: Secret?

    package init(authority: TimestampAuthority, documentPassword: Secret? = nil) {
        self.authority = authority
        self.documentPassword = documentPassword
    }

    /// `signet timestamp IN -o OUT`: `updates` (a `DocumentTimestamper` last) appended to the PDF at
    /// `input`, written atomically to `output`. Returns what the updates did.
    package static func append(
        _ updates: [any PostSignatureUpdate], toPDFAt input: String, output: String
    ) throws -> PostSignatureUpdates.Outcome {
        guard output != "-" else { throw PDFSignError(output, .outputMustBeFile) }
        return try PostSignatureUpdates.run(
            updates, on: try ReadableFile(path: input), context: input,
            sinks: PostSignatureUpdates.Sinks(final: { try AtomicOutput(path: output) }))
    }

    package func append(
        to source: any ByteSource, sink: any ByteSink, context: String
    ) throws
        -> PostSignatureOutcome
    {
        let document = try PDFDocument(source: source, password: documentPassword)
        try document.prepareEncryptedUpdates(for: .fillAndSign, using: OpenSSLCiphers())
        let fields = try FormFields.all(in: document)
        let reserved: Int
        do {
            reserved = try SignatureReserve.bytes(forTokenFrom: authority)
        } catch let failure as OpenSSLFailure {
            throw SignError(context, failure)
        }
        guard reserved <= PDFSignOptions.maxReserve else {
            throw PDFSignError(context, .containerTooLarge(bytes: reserved, limit: PDFSignOptions.maxReserve))
        }
        let writer = try IncrementalWriter.appending(to: document, context: context)
        let timestamp = try document.makeIndirect(try document.parse("<< /Type /DocTimeStamp >>"))
        guard let timestampID = try timestamp.id else {
            throw PDFError(document.path, .structure("internal: timestamp object is not indirect"))
        }
        let placed = try SignatureFieldEditor(
            document: document, fields: fields, placer: StampPlacer(document: document, pageImage: nil)
        )
        .addField(signature: timestamp, appearance: nil)
        let dictionary = SignatureDictionary(documentTimestampReserving: reserved)
        let written = try SignedUpdate.write(
            writer, document: document, signatureID: timestampID, dictionary: dictionary, to: sink, context: context
        ) { digest in try authority.token(imprint: digest) }
        return .documentTimestamp(
            DocumentTimestampResult(
                input: context, output: sink.name, field: placed.fieldName,
                authority: HTTPReason.withoutCredentials(authority.options.url), byteRange: written.byteRange.values,
                reserved: reserved, tokenBytes: written.contentsBytes, bytesAdded: written.bytesAdded))
    }
}
