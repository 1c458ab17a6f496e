import SignetCore
import SignetFiles

/// One stamping run: open, choose the output mode, place the stamp on every selected page
/// (all placements are checked before anything is written), write atomically.
package enum Stamper {
    /// Stamps the PDF at `input` into the file `output` (written atomically). With `ciphers`, an
    /// encrypted input gets an incremental update encrypted with its own key (see
    /// `PDFDocument.prepareEncryptedUpdates(for:using:)`); without, it is rewritten by qpdf. A
    /// damaged unsigned input is stamped as a repaired copy unless `options.mode` is
    /// `.incremental` (see `PDFDocument.opening(path:password:repairing:)`). `hooks` renders pages
    /// for a free-area placement and judges what an update adds to a signed input before it is
    /// committed.
    package static func stamp(
        input: String, password: Secret? = nil, artwork: StampArtwork, options: StampOptions = StampOptions(),
        output: String, ciphers: (any CipherPrimitives)? = nil, hooks: PlacementHooks = PlacementHooks(),
        progress: ((StampProgress) -> Void)? = nil
    ) throws -> StampReport {
        try stamp(
            try PDFDocument.opening(path: input, password: password, repairing: options.mode != .incremental),
            artwork: artwork, options: options, ciphers: ciphers, hooks: hooks,
            progress: progress
        ) {
            try AtomicOutput(path: output)
        }
    }

    /// Stamps the PDF in `source` (a file read lazily, or memory) into `sink`, committed on success.
    /// The report names `source.name` and `sink.name`.
    package static func stamp(
        source: any ByteSource, password: Secret? = nil, artwork: StampArtwork, options: StampOptions = StampOptions(),
        to sink: any ByteSink, ciphers: (any CipherPrimitives)? = nil, hooks: PlacementHooks = PlacementHooks(),
        progress: ((StampProgress) -> Void)? = nil
    ) throws -> StampReport {
        try stamp(
            try PDFDocument.opening(source: source, password: password, repairing: options.mode != .incremental),
            artwork: artwork, options: options, ciphers: ciphers, hooks: hooks,
            progress: progress
        ) { sink }
    }

    /// The sink is made only once `hooks.opened` accepted the input (after the output mode is
    /// chosen) and every placement has been checked, and committed only once `hooks.judge`
    /// accepted what an update to a signed input adds.
    private static func stamp(
        _ document: PDFDocument, artwork: StampArtwork, options: StampOptions, ciphers: (any CipherPrimitives)?,
        hooks: PlacementHooks, progress: ((StampProgress) -> Void)?, sink: () throws -> any ByteSink
    ) throws -> StampReport {
        if let ciphers, document.isEncrypted {
            let annotates = try options.asAnnotation || SignatureScanner.needsIncrementalUpdate(document)
            try document.prepareEncryptedUpdates(for: annotates ? .annotate : .modifyContent, using: ciphers)
        }
        let incremental = try chooseIncremental(document, options)
        let writer = try incremental ? incrementalWriter(document, options) : nil
        // After the refusals of how the file would be written, which say what to change in the command.
        try hooks.opened?(document)
        let signed = try SignatureScanner.fields(of: document).contains(where: \.isSigned)
        let edit = try apply(
            artwork, options: options, to: document, incremental: incremental, pageImage: hooks.pageImage,
            progress: progress)

        let out = try sink()
        let written: Int
        let report: ((Double) -> Void)? = progress.map { p in { p(StampProgress(phase: .writing, fraction: $0)) } }
        if let writer {
            let lengths = try writer.write(to: out, progress: report)
            written = lengths.totalLength
            if signed { try hooks.judge?(out, lengths.inputLength) }
        } else {
            written = try RewriteWriter.write(document, to: out, progress: report)
        }
        try out.commit()
        var stamped = edit.report(
            input: document.path, output: out.name, incremental: incremental,
            bytesAdded: written - (document.repair?.originalSize ?? document.fileSize))
        stamped.repaired = document.repair?.damage
        return stamped
    }

    /// `page 4`, or `12 pages (4, 9, 16, 23, 30, …)` for a note that repeats.
    static func pageList(_ pages: [Int]) -> String {
        guard pages.count > 1 else { return "page \(pages[0])" }
        let shown = pages.prefix(5).map(String.init).joined(separator: ", ")
        return "\(pages.count) pages (\(shown)\(pages.count > 5 ? ", …" : ""))"
    }

    /// Incremental when asked, when the input is signed, certified or carries usage rights, or
    /// when it is encrypted and readied for encrypted updates (its bytes, passwords and key stay).
    static func chooseIncremental(_ document: PDFDocument, _ options: StampOptions) throws -> Bool {
        let protected = try SignatureScanner.needsIncrementalUpdate(document)
        switch options.mode {
        case .incremental: return true
        case .automatic: return protected || document.objectCipher != nil
        case .rewrite:
            if protected && !options.breakSignatures { throw document.error(.rewriteBreaksSignatures) }
            return false
        }
    }

    private static func incrementalWriter(_ document: PDFDocument, _ options: StampOptions) throws -> IncrementalWriter
    {
        do { return try IncrementalWriter(document: document) } catch let error as PDFError {
            guard case .incrementalImpossible(let why) = error.reason else { throw error }
            let advice: Sentence =
                options.mode == .automatic
                ? "the file is signed, certified or carries usage rights, so a full rewrite would invalidate that — \(.set(".rewrite"), .stampMode) and \(.set("true"), .stampBreakSignatures) to stamp it anyway"
                : "\(.set(".rewrite"), .stampMode) to rewrite the file instead"
            throw document.error(.incrementalImpossible("\(why); \(advice)"))
        }
    }
}
