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
/// differs by well under 0.001 (`SSIMSampleTests`). The planes asked for are made together
/// (`planes`), in one pass over the small image's rows on all threads allowed
/// (`Parallel.threads`): each row is filtered across only near pixels that are not the image's
/// background (`BackgroundSpans` over the RGBA pixels; a signature's paper), converted to the
/// planes there and nowhere else, and the rest is copied from one filtered background row per
/// plane, which holds the same bits. The vertical pass is done per segment asked for, 6–7 taps
/// per value. Owns its float plane.
final class PlaneUpscale: @unchecked Sendable {
    let channel: SSIMChannel
    let width: Int
    let height: Int
    /// The small image's rows that hold more than background, each filtered across to `width`
    /// values, after the background row filtered across (where every other row reads).
    private let across: UnsafeMutablePointer<Float>
    /// Where each row of the small image starts in `across` (-1: not held).
    private let offsets: [Int]
    private let rows: ResampleWeights

    private init(_ channel: SSIMChannel, width: Int, height: Int, rows: ResampleWeights, offsets: [Int], stored: Int) {
        (self.channel, self.width, self.height, self.rows, self.offsets) = (channel, width, height, rows, offsets)
        across = .allocate(capacity: stored * width)
    }

    deinit { across.deallocate() }

    /// `channels` of `image` upscaled to `width` × `height` (each at least its size), in that
    /// order. When `present` is given, `image` holds only those rows (ascending) of an image
    /// `sourceHeight` rows high, and only the output rows that read nothing else can be asked for.
    static func planes(
        _ image: Bitmap, _ channels: [SSIMChannel], present: [Int]? = nil, sourceHeight: Int? = nil,
        toWidth width: Int, height: Int
    ) -> [PlaneUpscale] {
        let sourceHeight = sourceHeight ?? image.height
        precondition(width >= image.width && height >= sourceHeight, "upscale only")
        precondition((present?.count ?? sourceHeight) == image.height, "one stored row per present row")
        let (smallWidth, smallHeight) = (image.width, image.height)
        return image.pixels.withUnsafeBufferPointer { pixels in
            nonisolated(unsafe) let rgba = pixels.baseAddress!
            let spans = BackgroundSpans(rgba, width: smallWidth, rows: [Bool](repeating: true, count: smallHeight))
            let inks = (0..<smallHeight).map { spans.ink($0) }
            // Each stored row's place in `across`: after the background row when it holds more.
            var places = [Int](repeating: 0, count: smallHeight)
            var stored = 1
            for y in 0..<smallHeight where !inks[y].isEmpty {
                places[y] = stored * width
                stored += 1
            }
            var offsets = [Int](repeating: -1, count: sourceHeight)
            for (slot, row) in (present ?? Array(0..<sourceHeight)).enumerated() { offsets[row] = places[slot] }
            let rows = ResampleWeights.of(from: sourceHeight, to: height)
            let planes = channels.map {
                PlaneUpscale($0, width: width, height: height, rows: rows, offsets: offsets, stored: stored)
            }
            let columns = ResampleWeights.of(from: smallWidth, to: width)
            // The background pixel's value in each plane, filtered across into the first row.
            withUnsafeBytes(of: spans.background) { pixel in
                for plane in planes {
                    var value: Float = 0
                    plane.channel.convert(pixel.bindMemory(to: UInt8.self).baseAddress!, count: 1, into: &value)
                    let row = [Float](repeating: value, count: smallWidth)
                    row.withUnsafeBufferPointer { columns.apply($0.baseAddress!, into: plane.across) }
                }
            }
            let chunks = min(smallHeight, 16)
            Parallel.forEach(chunks) { chunk in
                withUnsafeTemporaryAllocation(of: Float.self, capacity: smallWidth) { line in
                    for y in (chunk * smallHeight / chunks)..<((chunk + 1) * smallHeight / chunks) where places[y] > 0 {
                        for plane in planes {
                            plane.channel.convert(rgba + 4 * y * smallWidth, count: smallWidth, into: line.baseAddress!)
                            let row = plane.across + places[y]
                            columns.partition(
                                reaching: inks[y],
                                background: {
                                    (row + $0.lowerBound).update(from: plane.across + $0.lowerBound, count: $0.count)
                                },
                                filtered: { columns.apply(line.baseAddress!, outputs: $0, into: row) })
                        }
                    }
                }
            }
            return planes
        }
    }

    /// Values `first..<first + count` of upscaled row `y`, clamped to 0…255.
    func row(_ y: Int, from first: Int, count: Int, into out: UnsafeMutablePointer<Float>) {
        let start = rows.starts[y], taps = rows.counts[y]
        out.update(repeating: 0, count: count)
        for k in 0..<taps {
            let weight = rows.weights[y * rows.taps + k]
            let offset = offsets[start + k]
            precondition(offset >= 0, "upscaled row reads a row not held")
            let source = across + offset + first
            for i in 0..<count { out[i] += weight * source[i] }
        }
        for i in 0..<count { out[i] = min(max(out[i], 0), 255) }
    }
}
