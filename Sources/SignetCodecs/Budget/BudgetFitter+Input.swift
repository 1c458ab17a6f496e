import SignetCore
import SignetRaster

/// An image file under a budget: the file itself when it already fits in the format asked for.
extension BudgetFitter {
    /// `encoded` (any format `ImageDecoder` reads, told apart by content) under the budget of
    /// `options`, decoded upright and in sRGB. When it is already a file of the format asked for
    /// (`options.format`; `.auto` takes PNG or JPEG) within the budget, and nothing in it turns or
    /// converts its pixels (no EXIF orientation, no ICC profile, not CMYK), it is the result
    /// unchanged (`BudgetResult.keptInput`): a re-encode could only lose quality, and often gains
    /// bytes. Otherwise the search runs on the decoded image, and its result is smaller than the
    /// input whenever they share a format. With `allowResize`, a JPEG far larger than the budget
    /// can show is decoded smaller (`JPEGDecodeScale`), and scored against that.
    package static func fit(
        encoded: [UInt8], options: BudgetOptions, limits: DecodeLimits = DecodeLimits()
    ) throws -> BudgetResult {
        try options.validate()
        Parallel.$threads.withValue(options.threads) { Parallel.prepare() }
        let (image, changed) = try ImageDecoder.decodeWithMetadata(
            encoded, limits: limits, budget: options.allowResize ? options.maxBytes : nil)
        if !changed, let kept = try kept(encoded, image, options) { return kept }
        // The decoded pixels are this call's alone: given up, so a JPEG fit flattens them in place.
        return try fit(consume image, options: options)
    }

    /// `encoded` as the result, or nil when it is over the budget or not in the format asked for.
    private static func kept(_ encoded: [UInt8], _ image: Bitmap, _ options: BudgetOptions) throws -> BudgetResult? {
        guard encoded.count <= options.maxBytes, let format = ImageFormat.sniff(encoded),
            options.format == .auto || options.format.rawValue == format.rawValue
        else { return nil }
        let jpeg = format == .jpeg ? try JPEGInfo(encoded) : nil
        return BudgetResult(
            bytes: encoded, format: format, quality: nil,
            layout: jpeg.map { $0.components == 1 ? "gray" : "color" } ?? PNGBudgetFit.colorType(encoded),
            progressive: jpeg?.isProgressive ?? false, width: image.width, height: image.height,
            budget: options.maxBytes, encodes: 0, probeEncodes: 0, resized: false, ssim: 1, colorSSIM: 1,
            reason: "kept the input: it already fits as a \(format.name)", keptInput: true)
    }
}
