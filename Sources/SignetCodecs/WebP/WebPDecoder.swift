import CWebP
import SignetRaster

/// Reads WebP with libwebp: a still image, or the first frame of an animation on its canvas, as
/// straight RGBA; its `ICCP` and `EXIF` chunks as the metadata a decode applies.
enum WebPDecoder {
    static func decode(_ bytes: [UInt8], limits: DecodeLimits) throws -> (Bitmap, ImageMetadata) {
        try bytes.withUnsafeBufferPointer { data in
            guard let demuxer = WebPDemuxing(data) else {
                throw CodecError(.corrupt(format: "WebP", detail: "unreadable container"))
            }
            return try demuxer.firstFrame(limits: limits)
        }
    }
}

/// The one owner of a libwebp demuxer over bytes that outlive it (deleted in `deinit`).
private final class WebPDemuxing {
    private let demuxer: OpaquePointer

    init?(_ data: UnsafeBufferPointer<UInt8>) {
        var webp = WebPData(bytes: data.baseAddress, size: data.count)
        guard let demuxer = WebPDemux(&webp) else { return nil }
        self.demuxer = demuxer
    }

    deinit { WebPDemuxDelete(demuxer) }

    /// A chunk's payload (`ICCP`, `EXIF`), nil when absent.
    private func chunk(_ fourCC: String) -> [UInt8]? {
        var iterator = WebPChunkIterator()
        defer { WebPDemuxReleaseChunkIterator(&iterator) }
        guard WebPDemuxGetChunk(demuxer, fourCC, 1, &iterator) != 0, let bytes = iterator.chunk.bytes,
            iterator.chunk.size > 0
        else { return nil }
        return Array(UnsafeBufferPointer(start: bytes, count: iterator.chunk.size))
    }

    func firstFrame(limits: DecodeLimits) throws -> (Bitmap, ImageMetadata) {
        let width = Int(WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_WIDTH))
        let height = Int(WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_HEIGHT))
        guard width > 0, height > 0 else { throw CodecError(.corrupt(format: "WebP", detail: "no canvas size")) }
        guard width * height <= limits.maxPixels else {
            throw CodecError(.tooLarge(width: width, height: height, maxPixels: limits.maxPixels))
        }
        var frame = WebPIterator()
        defer { WebPDemuxReleaseIterator(&frame) }
        guard WebPDemuxGetFrame(demuxer, 1, &frame) != 0, frame.complete != 0, let payload = frame.fragment.bytes else {
            throw CodecError(.corrupt(format: "WebP", detail: "no complete first frame"))
        }
        let (x, y, w, h) = (Int(frame.x_offset), Int(frame.y_offset), Int(frame.width), Int(frame.height))
        guard w > 0, h > 0, x >= 0, y >= 0, x + w <= width, y + h <= height else {
            throw CodecError(.corrupt(format: "WebP", detail: "the first frame lies outside the canvas"))
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let decoded = pixels.withUnsafeMutableBufferPointer { canvas in
            // The frame straight into its place on the canvas: its rows are the canvas's rows.
            WebPDecodeRGBAInto(
                payload, frame.fragment.size, canvas.baseAddress! + (y * width + x) * 4,
                canvas.count - (y * width + x) * 4, Int32(width * 4))
        }
        guard decoded != nil else {
            throw CodecError(.corrupt(format: "WebP", detail: "the image data could not be decoded"))
        }
        let metadata = ImageMetadata(exif: chunk("EXIF").map(Self.tiffData), iccProfile: chunk("ICCP"))
        return (Bitmap(width: width, height: height, pixels: pixels), metadata)
    }

    /// A WebP `EXIF` chunk holds the TIFF data; a few writers put JPEG's `Exif\0\0` before it.
    private static func tiffData(_ exif: [UInt8]) -> [UInt8] {
        exif.starts(with: Array("Exif\0\0".utf8)) ? Array(exif.dropFirst(6)) : exif
    }
}
