import SignetRaster

/// The score a budget fit gives a JPEG it wrote: decoded, against the image it encoded (the
/// flattened original at the result's size), over luma and chroma (see `ColorSSIM`).
enum JPEGScore {
    /// `jpeg`, an encoding of `source` (made from `image`), decoded and compared. A gray JPEG is
    /// compared as stored — its gray bytes against the source's, which for a gray image are its
    /// exact luma, with no chroma to lose — without expanding either to RGBA.
    /// `reference`, when given, holds `image` in CIELAB (`LabReference`).
    static func ssim(
        of jpeg: [UInt8], source: JPEGSource, image: Bitmap, reference: LabReference? = nil
    ) throws -> ColorSSIM {
        if source.isGray {
            let (info, decoded) = try JPEGCodec.decodeStored(jpeg)
            precondition(
                info.components == 1 && info.width == source.width && info.height == source.height,
                "gray JPEG of the source")
            let luma = SSIM.grayScore(source.pixels, decoded, width: source.width, height: source.height)
            return ColorSSIM(luma: luma, blue: nil, red: nil, difference: nil)
        }
        return ColorSSIM.score(image, try JPEGCodec.decode(jpeg), reference: reference)
    }
}
