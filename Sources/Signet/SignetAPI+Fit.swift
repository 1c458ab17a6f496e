/// `fit(_:options:)`: an image (a bitmap, or PNG/JPEG bytes or files) under a byte budget.
extension SignetAPI {
    /// The largest image files `fit(imageAt:to:options:limits:)` reads.
    package static let maxImageFileBytes = 256 << 20

    /// The best file of at most `options.maxBytes` bytes: a lossless PNG with transparency when it
    /// fits (`format: .auto`), else the highest-quality JPEG that fits, downscaled when even the
    /// lowest quality does not (`BudgetOptions`: every knob of the search, the defaults of `signet compress`).
    /// - Parameters:
    ///   - image: The image to encode (alpha kept in a PNG, flattened on white in a JPEG).
    ///   - options: The budget and every knob of the search.
    /// - Returns: The file, and how the search chose it.
    /// - Throws: ``CodecError`` when the options are out of range; `.doesNotFit` (exit 1) when nothing fits.
    public static func fit(_ image: Bitmap, options: BudgetOptions) throws -> BudgetResult {
        try BudgetFitter.fit(image, options: options)
    }

    /// An image file's bytes (PNG, JPEG, TIFF, GIF or WebP) under the budget of `options`,
    /// turned upright by its EXIF orientation and converted to sRGB from its ICC profile: the bytes
    /// themselves when they already fit in `options.format` (`.auto` takes PNG or JPEG;
    /// ``BudgetResult/keptInput``) and need no turning or conversion, otherwise the search's
    /// result, smaller than the input whenever they share a format.
    /// - Parameters:
    ///   - encoded: An image file's bytes.
    ///   - options: The budget and every knob of the search.
    ///   - limits: The largest image read (default 60 million pixels).
    /// - Returns: The file, and how the search chose it.
    /// - Throws: ``CodecError`` when the bytes are not a readable image, or nothing fits.
    public static func fit(
        _ encoded: [UInt8], options: BudgetOptions, limits: DecodeLimits = DecodeLimits()
    ) throws -> BudgetResult {
        try BudgetFitter.fit(encoded: encoded, options: options, limits: limits)
    }

    /// `signet compress IN -o OUT`: reads `input` (an image file of at most `maxImageFileBytes`,
    /// `-` = standard input), fits it and writes `output` atomically (`-` = standard output).
    /// Codec errors name `input`.
    /// - Parameters:
    ///   - input: The PNG, JPEG, TIFF, GIF or WebP file to read (`-` = standard input).
    ///   - output: The file to write (`-` = standard output).
    ///   - options: The budget and every knob of the search.
    ///   - limits: The largest image read (default 60 million pixels).
    /// - Returns: The file written, and how the search chose it.
    /// - Throws: ``FileError`` when a file cannot be read or written; ``CodecError`` naming `input`.
    @discardableResult
    public static func fit(
        imageAt input: String, to output: String, options: BudgetOptions = BudgetOptions(),
        limits: DecodeLimits = DecodeLimits()
    ) throws
        -> BudgetResult
    {
        let bytes = try InputFile.read(input, limit: maxImageFileBytes)
        let result: BudgetResult
        do {
            result = try fit(bytes, options: options, limits: limits)
        } catch let error as CodecError {
            throw error.naming(input)
        }
        try AtomicOutput.write(result.bytes, to: output)
        return result
    }
}
