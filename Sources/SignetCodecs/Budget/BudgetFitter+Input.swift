import SignetRaster

/// A PNG or JPEG file under a budget: the file itself when it already fits in the format asked for.
extension BudgetFitter {
    /// `encoded` (PNG or JPEG, told apart by content) under the budget of `options`. When it is
    /// already a file of the format asked for (`options.format`; `.auto` takes either) within the
    /// budget, it is the result unchanged (`BudgetResult.keptInput`): a re-encode could only lose
    /// quality, and often gains bytes. Otherwise the search runs on the decoded image, and its
    /// result is smaller than the input whenever they share a format.
    package static func fit(encoded: [UInt8], options: BudgetOptions) throws -> BudgetResult {
        try options.validate()
        let image = try ImageDecoder.decode(encoded)
        if let kept = try kept(encoded, image, options) { return kept }
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
