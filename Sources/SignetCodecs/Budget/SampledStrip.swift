import SignetCore
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
/// (`SampledStripTests` compares the two). The strip is encoded in two pieces, split between
/// two of its runs of block rows, side by side on two cores: each piece holds whole runs with
/// their spare rows, so it decodes to the same pixels on the rows the bands read.
struct SampledStrip {
    let original: Bitmap
    /// The rows of the image at this size the bands read, ascending.
    let rows: [Int]
    /// The image's height at this size.
    let height: Int
    /// The strip in one or two pieces, top first.
    let sources: [JPEGSource]
    let sample: SSIMSample
    /// One component, as a gray candidate has.
    var isGray: Bool { sources[0].isGray }

    /// The strip of `scaled` that `sample`, a sample of `scaled.original`, reads; one component
    /// when `gray`, as the candidate has.
    init(_ scaled: ScaledImage, gray: Bool, sample: SSIMSample) {
        original = scaled.original
        height = scaled.height
        let rows = JPEGBudgetFit.rowsRead(by: sample, height: scaled.height, upscaledTo: original.height)
        self.rows = rows
        // The run (of consecutive rows) that starts nearest the middle begins the second piece.
        let starts = rows.indices.filter { $0 > 0 && rows[$0] != rows[$0 - 1] + 1 }
        let pieces = starts.min { abs($0 - rows.count / 2) < abs($1 - rows.count / 2) }.map {
            [Array(rows[..<$0]), Array(rows[$0...])]
        }
        sources = (pieces ?? [rows]).map { JPEGSource(opaque: scaled.rows($0), grayscale: gray) }
        self.sample = sample
    }

    /// The score over the sample's bands of the image at this size encoded at `quality` with
    /// `subsampling` (ignored in gray); `reference`, when given, holds the original in CIELAB.
    func score(quality: Int, subsampling: ChromaSubsampling, reference: LabReference? = nil) throws -> ColorSSIM {
        let decoded = try Parallel.map(sources) { source in
            guard let bytes = try source.encode(quality: quality, subsampling: subsampling, optimize: false) else {
                preconditionFailure("an encode without a byte limit returns its bytes")
            }
            return try JPEGCodec.decode(bytes)
        }
        let strip =
            decoded.count == 1
            ? decoded[0]
            : ScaledImage.stacked(
                decoded.flatMap { piece in (0..<piece.height).map { (piece, $0) } }, width: decoded[0].width, dpi: nil)
        return ColorSSIM.overSample(
            strip, rows: rows, sourceHeight: height, original: original, sample: sample, gray: isGray,
            reference: reference)
    }
}
