/// Everything `signet pipeline` can be asked (strokes → image under a budget → stamped into a
/// PDF → optionally signed), as the options of the stages it runs. Defaults match the CLI.
public struct PipelineOptions: Sendable, Hashable, Codable {
    /// What goes on the page.
    public enum Artwork: Sendable, Hashable, Codable {
        /// The strokes rendered and fitted under a byte budget (`--max-bytes` and the search
        /// options). The default is a PNG of at most 100 KiB: transparency kept, downscaled if needed.
        case image(BudgetOptions)
        /// The strokes as vector paths (`--vector`): sharp at any zoom, a few KB, no budget.
        case vector
    }

    /// How the stroke file is read (ignored when the pipeline is given a `Drawing`).
    public var reading: StrokeReadOptions
    /// How the strokes are rendered; the pen overrides (colour, width) apply to vector artwork too.
    public var render: RenderOptions
    /// Default: `.image` with a 100 KiB PNG budget.
    public var artwork: Artwork
    /// Pages, placement, opacity, blend and output mode, as `signet stamp` takes them.
    public var stamp: StampOptions
    /// Also write the fitted image to this file (`--save-image`); otherwise it never touches the disk.
    public var imageOutput: String?

    /// Options for every stage of a pipeline; each defaults to what `signet pipeline` does without options.
    /// - Parameters:
    ///   - reading: How the stroke file is read (ignored when the pipeline is given a `Drawing`).
    ///   - render: How the strokes are rendered; the pen overrides (colour, width) apply to vector artwork too.
    ///   - artwork: A budgeted image (default: a 100 KiB PNG budget) or vector ink.
    ///   - stamp: Pages, placement, opacity, blend and output mode, as `signet stamp` takes them.
    ///   - imageOutput: Also write the fitted image to this file (`--save-image`); otherwise it never touches the disk.
    public init(
        reading: StrokeReadOptions = StrokeReadOptions(), render: RenderOptions = RenderOptions(),
        artwork: Artwork = .image(BudgetOptions(format: .png)), stamp: StampOptions = StampOptions(),
        imageOutput: String? = nil
    ) {
        (self.reading, self.render, self.artwork, self.stamp, self.imageOutput) = (
            reading, render, artwork, stamp, imageOutput
        )
    }
}

/// Who signs a pipeline's output and how (the signature is invisible: the stamp is what shows).
public struct PipelineSigning: Sendable {
    /// The key, certificate and chain that sign.
    public var identity: SigningIdentity
    /// How the signature is made: format, signing time, reason, field.
    public var options: PDFSignOptions
    /// Text the stamp shows beside or below the strokes (see ``SignatureText/lines(name:signingTime:reason:location:)``);
    /// `nil` (default) stamps the strokes only.
    public var text: SignatureText?
    /// Who the strokes' pen dynamics are sealed for: their ISO/IEC 19794-7 record is encrypted for
    /// this examiner and associated with the stamp's form XObject (or, when the stamp is the
    /// signature's widget on a signed input, with the widget's appearance) in the signature's own
    /// update, bound to the document, the stamp and where it is drawn, and the signer (docs/evidence.md).
    /// The strokes must have timestamps. `nil` (default): nothing is sealed.
    public var examiner: EvidenceExaminer?
    /// Evidence sealed elsewhere, placed as it is instead of sealing the strokes' record (with
    /// `examiner`): how tests build a stamp carrying another document's or another stamp's evidence.
    package var presealed: SealedEvidence?

    /// Signs with `identity` as `options` say.
    /// - Parameters:
    ///   - identity: The key, certificate and chain that sign.
    ///   - options: How the signature is made: format, signing time, reason, field.
    ///   - text: Text the stamp shows with the strokes; `nil` stamps the strokes only.
    ///   - examiner: Who the strokes' pen dynamics are sealed for; `nil` seals nothing.
    public init(
        identity: SigningIdentity, options: PDFSignOptions, text: SignatureText? = nil,
        examiner: EvidenceExaminer? = nil
    ) {
        (self.identity, self.options, self.text, self.examiner) = (identity, options, text, examiner)
    }
}

/// What a pipeline did, stage by stage.
public struct PipelineReport: Sendable, Hashable {
    /// Strokes and samples read.
    package var strokes: Int
    /// The number of points read from them.
    package var points: Int
    /// The fitted image (nil for vector artwork).
    public var image: BudgetResult?
    /// Where the ink sat in the rendering, before any downscaling.
    public var layout: RenderLayout
    /// The stamping run (`output` is the pipeline's output even when a signature followed).
    public var stamp: StampReport
    /// The signature, when one was asked for.
    public var signature: PDFSignResult?
}
