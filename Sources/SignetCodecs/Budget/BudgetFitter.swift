import SignetCore
import SignetRaster

/// Fits an image under a byte budget: the one call behind `signet compress` and
/// `signet render --max-bytes`. Pure: bitmap and options in, encoded bytes and a report out.
package enum BudgetFitter {
    /// The best file within `options.maxBytes`, or `CodecError.doesNotFit` (exit 1) naming the
    /// smallest result reached. The returned bytes never exceed the budget.
    ///
    /// `.auto` keeps a PNG when the image has transparency and a lossless PNG fits at full size;
    /// otherwise (opaque image, or a PNG over the budget) it fits a JPEG. The result's `reason` says which.
    ///
    /// Synchronous: it returns when the search is done, having used at most `options.threads`
    /// threads (the calling one included); the result does not depend on the thread count.
    package static func fit(_ bitmap: consuming Bitmap, options: BudgetOptions = .init()) throws -> BudgetResult {
        try options.validate()
        try JPEGCodec.validate(bitmap)
        return try Parallel.$threads.withValue(options.threads) { try search(&bitmap, options) }
    }

    /// `bitmap` is flattened in place when a JPEG is fitted: no second buffer when the caller
    /// gave up its copy (`fit(encoded:)` does), the copy-on-write one otherwise.
    private static func search(_ bitmap: inout Bitmap, _ options: BudgetOptions) throws -> BudgetResult {
        let opaque = bitmap.isOpaque
        switch options.format {
        case .jpeg:
            return try fitJPEG(&bitmap, opaque: opaque, options)
        case .png:
            var png = PNGBudgetFit(options: options)
            return try png.fit(bitmap)
        case .auto:
            guard !opaque else { return try fitJPEG(&bitmap, opaque: true, options, why: "opaque image, so JPEG: ") }
            var png = PNGBudgetFit(options: options)
            let lossless = try png.smallest(bitmap)
            if lossless.count <= options.maxBytes {
                return try png.fit(bitmap, atFullSize: lossless, why: "transparency kept: ")
            }
            var result = try fitJPEG(
                &bitmap, opaque: false, options,
                why:
                    "a PNG with transparency needs \(lossless.count) bytes at full size, so JPEG on \(options.background.hex): "
            )
            result.encodes += png.encodes
            return result
        }
    }

    /// The JPEG fit of `bitmap` (`opaque`: its `isOpaque`), flattened onto the background first.
    private static func fitJPEG(
        _ bitmap: inout Bitmap, opaque: Bool, _ options: BudgetOptions, why: String = ""
    ) throws -> BudgetResult {
        if !opaque { bitmap.flatten(onto: options.background) }
        var jpeg = JPEGBudgetFit(options: options)
        return try jpeg.fit(bitmap, why: why)
    }
}
