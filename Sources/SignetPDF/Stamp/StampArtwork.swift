import SignetCodecs
import SignetCore
import SignetRaster
import SignetStrokes

/// What a stamp shows.
public enum StampArtwork: Sendable {
    /// A raster image; alpha becomes an `/SMask`.
    case bitmap(Bitmap)
    /// A JPEG file's bytes, embedded untouched as `/DCTDecode`.
    case jpeg([UInt8], JPEGInfo)
    /// Smoothed strokes, embedded as vector paths (sharp at any zoom).
    case ink(Ink)

    /// A JPEG to embed untouched, shown as its camera meant: turned by its EXIF orientation (the
    /// stamp's form draws it turned) and in the colours of its ICC profile (`/ICCBased`). Every
    /// reader of the PDF will decode it, so it is decoded once here first: a file that is
    /// truncated, damaged, of a kind readers may not show (12-bit, lossless), larger than `limits`
    /// allow or with hundreds of progressive scans is refused with the decoder's `CodecError`
    /// instead of being embedded.
    /// - Parameters:
    ///   - bytes: A JPEG file's bytes.
    ///   - limits: The largest image accepted.
    /// - Throws: ``CodecError``.
    package static func jpeg(_ bytes: [UInt8], limits: DecodeLimits = DecodeLimits()) throws -> StampArtwork {
        let info = try JPEGInfo.forEmbedding(bytes)
        _ = try JPEGCodec.decode(bytes, limits: limits)
        return .jpeg(bytes, info)
    }

    /// A JPEG (kept as it is), or any other image `ImageDecoder` reads (PNG, TIFF, GIF, WebP:
    /// decoded upright, in sRGB), told apart by their signatures; `name` is the file the bytes came
    /// from, for messages. Any is refused over `limits`.
    /// - Parameters:
    ///   - bytes: An image file's bytes.
    ///   - name: The file the bytes came from, for messages.
    ///   - limits: The largest image accepted.
    /// - Throws: ``CodecError`` naming `name`.
    public static func image(
        _ bytes: [UInt8], name: String, limits: DecodeLimits = DecodeLimits()
    ) throws -> StampArtwork {
        do {
            if InputFormat.sniff(bytes) == .jpeg { return try jpeg(bytes, limits: limits) }
            return .bitmap(try ImageDecoder.decode(bytes, limits: limits))
        } catch let error as CodecError {
            throw error.naming(name)
        }
    }

    /// The artwork's own size: pixels for images, capture units for ink. Only its aspect ratio
    /// matters for placement.
    package var naturalSize: Size {
        switch self {
        case .bitmap(let b): return Size(width: Double(b.width), height: Double(b.height))
        case .jpeg(_, let info): return Size(width: Double(info.shownSize.width), height: Double(info.shownSize.height))
        case .ink(let ink): return ink.bounds?.size ?? .zero
        }
    }
}

/// How a stamp is composited onto the page.
public enum BlendMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// Paints over the page (default).
    case normal
    /// Darkens only: a white background disappears (scanned seals, JPEG signatures).
    case multiply

    var pdfName: String { self == .normal ? "/Normal" : "/Multiply" }
}
