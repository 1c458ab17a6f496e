import SignetCore
import SignetRaster

/// One plane (luma, or a chroma plane: `SSIMChannel`) of a small image upscaled with Lanczos-3 to
/// a larger size, handed out one row segment at a time to SSIM, which reads it in tiles: how
/// `SSIM.atOriginalSize` compares a downscaled JPEG with the original without building the
/// upscaled RGBA image.
///
/// Lanczos is linear and so is each plane, so upscaling the plane gives that plane of the upscaled
/// image (`Bitmap.upscaled`, the same taps) except for that image's rounding to 8 bits per channel
/// and its clamping of each channel to 0…255 (here the plane is clamped): the SSIM of the two
/// differs by well under 0.001 (`SSIMSampleTests`). Every small row is filtered across once, on
/// all threads allowed (`Parallel.threads`): only near values that are not the plane's background
/// (`BackgroundSpans`; a signature's paper), the rest copied from one filtered background row,
/// which holds the same bits. The vertical pass is done per segment asked for, 6–7 taps per
/// value. Owns its float plane.
final class PlaneUpscale: @unchecked Sendable {
    let channel: SSIMChannel
    let width: Int
    let height: Int
    /// The small image's rows, each filtered across to `width` values.
    private let across: UnsafeMutablePointer<Float>
    /// Where each row of the small image is in `across` (-1: not held).
    private let slots: [Int]
    private let rows: ResampleWeights

    /// `channel` of `image` upscaled to `width` × `height` (each at least its size). When `present` is given,
    /// `image` holds only those rows (ascending) of an image `sourceHeight` rows high, and only
    /// the output rows that read nothing else can be asked for.
    init(
        _ image: Bitmap, _ channel: SSIMChannel, present: [Int]? = nil, sourceHeight: Int? = nil, toWidth width: Int,
        height: Int
    ) {
        let sourceHeight = sourceHeight ?? image.height
        precondition(width >= image.width && height >= sourceHeight, "upscale only")
        precondition((present?.count ?? sourceHeight) == image.height, "one stored row per present row")
        self.channel = channel
        self.width = width
        self.height = height
        rows = ResampleWeights.of(from: sourceHeight, to: height)
        var slots = [Int](repeating: -1, count: sourceHeight)
        for (slot, row) in (present ?? Array(0..<sourceHeight)).enumerated() { slots[row] = slot }
        self.slots = slots
        let columns = ResampleWeights.of(from: image.width, to: width)
        let across = UnsafeMutablePointer<Float>.allocate(capacity: image.height * width)
        self.across = across
        let small = SSIM.plane(image, channel)
        let (smallWidth, smallHeight) = (image.width, image.height)
        let chunks = min(smallHeight, 16)
        small.withUnsafeBufferPointer { plane in
            nonisolated(unsafe) let source = plane.baseAddress!
            let spans = BackgroundSpans(source, width: smallWidth, rows: [Bool](repeating: true, count: smallHeight))
            Self.across(spans.background, smallWidth, columns).withUnsafeBufferPointer { filtered in
                nonisolated(unsafe) let background = filtered.baseAddress!
                Parallel.forEach(chunks) { chunk in
                    for y in (chunk * smallHeight / chunks)..<((chunk + 1) * smallHeight / chunks) {
                        let row = across + y * width
                        columns.partition(
                            reaching: spans.ink(y),
                            background: {
                                (row + $0.lowerBound).update(from: background + $0.lowerBound, count: $0.count)
                            },
                            filtered: { columns.apply(source + y * smallWidth, outputs: $0, into: row) })
                    }
                }
            }
        }
    }

    /// A row of `count` values all `background` (a float's bit pattern) filtered across: what
    /// every output whose taps read background alone is, bit for bit.
    private static func across(_ background: UInt32, _ count: Int, _ columns: ResampleWeights) -> [Float] {
        let row = [Float](repeating: Float(bitPattern: background), count: count)
        var out = [Float](repeating: 0, count: columns.starts.count)
        row.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { columns.apply(input.baseAddress!, into: $0.baseAddress!) }
        }
        return out
    }

    deinit { across.deallocate() }

    /// Values `first..<first + count` of upscaled row `y`, clamped to 0…255.
    func row(_ y: Int, from first: Int, count: Int, into out: UnsafeMutablePointer<Float>) {
        let start = rows.starts[y], taps = rows.counts[y]
        out.update(repeating: 0, count: count)
        for k in 0..<taps {
            let weight = rows.weights[y * rows.taps + k]
            let slot = slots[start + k]
            precondition(slot >= 0, "upscaled row reads a row not held")
            let source = across + slot * width + first
            for i in 0..<count { out[i] += weight * source[i] }
        }
        for i in 0..<count { out[i] = min(max(out[i], 0), 255) }
    }
}
