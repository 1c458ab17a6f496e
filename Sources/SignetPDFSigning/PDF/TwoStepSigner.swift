import FoundationEssentials
import SignetCrypto
import SignetFiles
import SignetPDF

/// Two-step signing: `prepare` writes the signed revision with a zero-filled /Contents and gives
/// the document digest over its /ByteRange; a CMS made elsewhere over that digest is checked and
/// written into the placeholder by `complete`, which changes no other byte of the prepared file.
package enum TwoStepSigner {
    /// The room `prepare` reserves when `PDFSignOptions.reserve` is nil: enough for a CMS with an
    /// RSA-4096 signature, a chain of several certificates and a signature timestamp.
    package static let defaultReserve = 16_384

    package typealias Prepared = PreparedSignature
    package typealias Completed = CompletedSignature

    /// Writes `output`: `input` with the signature field, its appearance and a zero-filled
    /// /Contents of `options.reserve` (else ``defaultReserve``) bytes. `options.timestamp` and
    /// `documentTimestamp` belong to `complete` and must be unset. `password` opens an encrypted
    /// input (none when its user password is empty). `hooks` checks the input as opened (see
    /// `PlacementHooks.opened`).
    package static func prepare(
        input: String, output: String, password: Secret? = nil, options: PDFSignOptions,
        appearance: SignatureAppearance?, hooks: PlacementHooks = PlacementHooks()
    ) throws -> Prepared {
        guard output != "-" else { throw PDFSignError(output, .outputMustBeFile) }
        precondition(options.timestamp == nil && !options.documentTimestamp, "timestamps are added at completion")
        let reserve = options.reserve ?? defaultReserve
        guard reserve <= PDFSignOptions.maxReserve else {
            throw PDFSignError(input, .containerTooLarge(bytes: reserve, limit: PDFSignOptions.maxReserve))
        }
        var digest: [UInt8] = []
        let result = try PDFSigner.sign(
            opening: { try PDFDocument(path: input, password: password) }, password: password, input: input,
            key: .prepared(reserve: reserve, digest: { digest = $0 }), options: options, appearance: appearance,
            editing: nil, network: nil, collector: nil, hooks: hooks,
            sinks: PostSignatureUpdates.Sinks(final: { try AtomicOutput(path: output) }))
        return Prepared(result: result, digest: digest)
    }

    /// Writes `output`: `prepared` with `cms` (DER) in its placeholder, after checking that `cms` is
    /// a detached SignedData whose messageDigest is the prepared digest and whose signature value
    /// verifies. With `timestamping` a signature timestamp is added to the CMS first; then, as
    /// `PDFSigner` does, `collector` adds the DSS and `documentTimestamp` a document timestamp from
    /// `timestamping`, each in an update of its own after the completed signature. `password`
    /// opens an encrypted prepared file, as at `prepare`. When the prepared signature names its
    /// signer (`/Name`, what its appearance shows), the CMS's signer must have that name (its
    /// certificate's common name, else its subject) unless `allowOtherName`.
    package static func complete(
        prepared: String, password: Secret? = nil, cms: [UInt8], cmsName: String, output: String,
        timestamping: TimestampAuthority?, collector: RevocationCollector? = nil, documentTimestamp: Bool = false,
        allowOtherName: Bool = false, now: Date
    ) throws -> Completed {
        guard output != "-" else { throw PDFSignError(output, .outputMustBeFile) }
        let updates = try PostSignatureUpdates.plan(
            options: PDFSignOptions(signingTime: now, documentTimestamp: documentTimestamp),
            timestamping: timestamping, collector: collector, documentPassword: password, context: prepared)
        let placeholder = try Placeholder(in: prepared, password: password)
        let file = try ReadableFile(path: prepared)
        let digest: [UInt8]
        do {
            digest = try ContentDigest.compute(file, ranges: placeholder.signedRanges, algorithm: CMSSigner.digest)
        } catch let failure as OpenSSLFailure {
            throw SignError(prepared, failure)
        }
        let finding: ForeignSignature.Finding
        do {
            finding = try ForeignSignature.inspect(cms, digest: digest, context: cmsName, now: now)
        } catch let error as SignError {
            // SignError's advice names --p7s, the detached-signature input of another command.
            guard case .notASignature(let detail) = error.reason else { throw error }
            throw TwoStepError(cmsName, .notACMS(detail: detail))
        }
        guard finding.detached else { throw TwoStepError(cmsName, .notDetached) }
        guard finding.digestMatches else {
            throw TwoStepError(cmsName, .digestMismatch(expected: Hex.encode(digest)))
        }
        guard finding.signatureVerifies else {
            throw TwoStepError(cmsName, .doesNotVerify(detail: finding.problems.joined(separator: "; ")))
        }
        guard finding.unacceptable.isEmpty else {
            throw TwoStepError(cmsName, .unacceptable(detail: finding.unacceptable.joined(separator: "; ")))
        }
        if let shown = placeholder.name, !allowOtherName, shown != finding.signerName {
            throw TwoStepError(cmsName, .otherSigner(shown: shown, signer: finding.signerName))
        }
        let embedded =
            try timestamping.map { try ForeignSignature.addingTimestamp(to: cms, from: $0, context: cmsName) } ?? cms
        guard let hex = SignatureReserve.hex(embedded, reserved: placeholder.reserved) else {
            throw PDFSignError(prepared, .signatureTooLarge(needed: embedded.count, reserved: placeholder.reserved))
        }
        let sinks = PostSignatureUpdates.Sinks(final: { try AtomicOutput(path: output) })
        let out = try PostSignatureUpdates.firstSink(before: updates, sinks: sinks)
        try file.forEachChunk(of: 0..<file.size, chunkSize: 1 << 20) { try out.write($0) }
        try out.overwrite(hex, at: placeholder.hole.lowerBound + 1)
        let after = try PostSignatureUpdates.finish(out, with: updates, context: prepared, sinks: sinks)
        return Completed(
            field: placeholder.field, byteRange: placeholder.byteRange, reserved: placeholder.reserved,
            signatureBytes: embedded.count, signer: finding.signer, timestamped: timestamping != nil, after: after)
    }
}

/// Lowercase hex, as `--prepare` prints digests.
package enum Hex {
    package static func encode(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] })
    }
}
