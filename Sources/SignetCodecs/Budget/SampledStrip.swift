import SignetRaster

/// The rows of the original at one size that a row sample's bands read (`JPEGBudgetFit.rowsRead`),
/// ready to be encoded at any quality and scored on the bands: how a ladder step is estimated and
/// how a candidate of a large image is scored (`SSIMSample.scoresCandidates`), without encoding or
/// decoding the rest of the image.
///
/// Why the strip's score is the candidate's, to the bit: JPEG codes an image in independent block
/// rows (16 pixel rows at 4:2:0 — two rows of 8×8 luma blocks and one of chroma —, 8 at 4:4:4 and
/// in gray), and the strip holds whole 16-row block rows at their places in the block grid of the
/// image at that size, with a row to spare at each cut (a decoder's chroma upsampling mixes each
/// row with the chroma row beyond it). Each of its blocks is the candidate's block, quantized with
/// the same tables, so it decodes to the candidate's pixels on every row the bands read, whatever
/// the candidate's scan order and Huffman tables: the strip is written baseline with the standard
/// tables, the quickest to write and read. A progressive candidate would otherwise be decoded
/// whole to score a tenth of its rows — its coefficients come in scans over the whole image
/// (`SampledStripTests` compares the two).
struct SampledStrip {
    let original: Bitmap
    /// The rows of the image at this size the bands read, ascending.
    let rows: [Int]
    /// The image's height at this size.
    let height: Int
    let source: JPEGSource
    let sample: SSIMSample

    /// The strip of `scaled` that `sample`, a sample of `scaled.original`, reads; one component
    /// when `gray`, as the candidate has.
    init(_ scaled: ScaledImage, gray: Bool, sample: SSIMSample) {
        original = scaled.original
        height = scaled.height
        rows = JPEGBudgetFit.rowsRead(by: sample, height: scaled.height, upscaledTo: original.height)
        source = JPEGSource(opaque: scaled.rows(rows), grayscale: gray)
        self.sample = sample
    }

    /// The score over the sample's bands of the image at this size encoded at `quality` with
    /// `subsampling` (ignored in gray); `reference`, when given, holds the original in CIELAB.
    func score(quality: Int, subsampling: ChromaSubsampling, reference: LabReference? = nil) throws -> ColorSSIM {
        guard let bytes = try source.encode(quality: quality, subsampling: subsampling, optimize: false) else {
            preconditionFailure("an encode without a byte limit returns its bytes")
        }
        return ColorSSIM.overSample(
            try JPEGCodec.decode(bytes), rows: rows, sourceHeight: height, original: original, sample: sample,
            gray: source.isGray, reference: reference)
    }
}
