import SignetCrypto
import SignetFiles
import SignetPDF

/// One incremental update appended after a signature: it reads the file as the step before it
/// wrote it and writes the whole new file (those bytes, then its own update) to a sink it does
/// not commit.
package protocol PostSignatureUpdate {
    /// Appends the update to `source`, writing to `sink`; `context` names the document in messages.
    func append(to source: any ByteSource, sink: any ByteSink, context: String) throws -> PostSignatureOutcome
}

/// An update that can also append to the sink holding the file so far, without copying it
/// (the DSS update: only its own objects are written after the signed file).
package protocol InPlaceUpdate: PostSignatureUpdate {
    /// Appends the update to the bytes `sink` holds (not committed).
    func append(into sink: any ByteSink, context: String) throws -> PostSignatureOutcome
}

/// What one post-signature update did, for the signing result.
package enum PostSignatureOutcome {
    /// A document timestamp was added (B-LTA).
    case documentTimestamp(DocumentTimestampResult)
    /// Validation data was added to the DSS (B-LT).
    case validationData(LTVUpdateResult)
}

/// The incremental updates after a signature, in the order the PAdES levels build on each
/// other: the signature (with its timestamp, B-T) is written first by `PDFSigner`, then
///
///  1. validation data: the /DSS with certificates, OCSP responses and CRLs (B-LT),
///  2. the document timestamp over all of it (B-LTA),
///
/// each update reading what the one before wrote; only the last one writes the output.
package enum PostSignatureUpdates {
    /// The updates `options` ask for, in order. Refuses a document timestamp without an authority.
    /// `documentPassword` opens an encrypted document again after each update.
    package static func plan(
        options: PDFSignOptions, timestamping: TimestampAuthority?, collector: RevocationCollector? = nil,
        documentPassword: Secret? = nil, context: String
    ) throws
        -> [any PostSignatureUpdate]
    {
        var updates: [any PostSignatureUpdate] = []
        if let collector { updates.append(DSSUpdate(collector: collector, documentPassword: documentPassword)) }
        if options.documentTimestamp {
            guard let timestamping else { throw PDFSignError(context, .documentTimestampNeedsAuthority) }
            updates.append(DocumentTimestamper(authority: timestamping, documentPassword: documentPassword))
        }
        return updates
    }

    /// Where the steps write: intermediate files (`scratch`, never committed) and the output (`final`).
    package struct Sinks {
        let final: () throws -> any ByteSink
        let scratch: () throws -> any ByteSink
        /// A scratch sink may be committed as the output (both write the same path).
        let scratchIsFinal: Bool

        /// Writing to the file at a path: intermediates are temporary files beside it, removed when dropped.
        package init(final: @escaping () throws -> any ByteSink) {
            self.final = final
            scratch = final
            scratchIsFinal = true
        }

        /// Writing into `sink`: intermediates beside it when it is a file, else in memory.
        package init(into sink: any ByteSink) {
            final = { sink }
            if let file = sink as? AtomicOutput {
                scratch = { try AtomicOutput(path: file.path) }
            } else {
                scratch = { MemorySink(name: sink.name) }
            }
            scratchIsFinal = false
        }
    }

    /// What the updates after the signature wrote.
    package struct Outcome: Sendable {
        /// The output's name.
        package var output: String
        /// The document timestamp added, if one was.
        package var documentTimestamp: DocumentTimestampResult?
        /// The validation data added, if any was.
        package var ltv: LTVUpdateResult?
    }

    /// The sink a signed file is first written to: the output itself when no update follows it,
    /// else a scratch file the updates read.
    package static func firstSink(before updates: [any PostSignatureUpdate], sinks: Sinks) throws -> any ByteSink {
        try updates.isEmpty ? sinks.final() : sinks.scratch()
    }

    /// Finishes the signed file written to `out` (from ``firstSink(before:sinks:)``): commits it
    /// when no update follows, else runs the updates on it.
    package static func finish(
        _ out: any ByteSink, with updates: [any PostSignatureUpdate], context: String, sinks: Sinks
    ) throws -> Outcome {
        guard !updates.isEmpty else {
            try out.commit()
            return Outcome(output: out.name)
        }
        return try run(updates, on: try out.writtenBytes(), holder: out, context: context, sinks: sinks)
    }

    /// Runs `updates` (at least one) on `source` (the signed file so far) and commits the last sink
    /// written; `context` names the document in messages. `holder`, when given, is the scratch sink
    /// that holds `source`: an `InPlaceUpdate` then appends to it instead of copying the file.
    package static func run(
        _ updates: [any PostSignatureUpdate], on source: any ByteSource, holder: (any ByteSink)? = nil,
        context: String, sinks: Sinks
    ) throws -> Outcome {
        precondition(!updates.isEmpty, "run needs an update to write")
        var current = source
        var outcome = Outcome(output: source.name)
        var written: (any ByteSink)? = holder
        for (index, update) in updates.enumerated() {
            let last = index == updates.count - 1
            let result: PostSignatureOutcome
            let next: any ByteSink
            if let inPlace = update as? any InPlaceUpdate, let held = written, !last || sinks.scratchIsFinal {
                next = held
                result = try inPlace.append(into: held, context: context)
            } else {
                next = try last ? sinks.final() : sinks.scratch()
                result = try update.append(to: current, sink: next, context: context)
            }
            switch result {
            case .documentTimestamp(let result): outcome.documentTimestamp = result
            case .validationData(let result): outcome.ltv = result
            }
            // `written` keeps the previous scratch file alive until the next update has read it.
            written = next
            current = try next.writtenBytes()
            outcome.output = next.name
        }
        try written?.commit()
        return outcome
    }
}
