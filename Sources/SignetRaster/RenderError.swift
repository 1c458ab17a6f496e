import SignetCore

/// Rendering could not produce an image.
public typealias RenderError = StageError<RenderReason>

/// Why render failed: each reason says its kind and how it reads.
public enum RenderReason: StageReason {
    /// Nothing to draw: no strokes, or no points in any stroke.
    case noInk
    /// The smoothed ink is shorter than the requested minimum (capture units).
    case inkTooShort(length: Double, minimum: Double)
    /// A sample is NaN, infinite or beyond `RenderOptions.maxCoordinate` (indices from 0).
    case badCoordinate(stroke: Int, point: Int)
    /// With `crop: false`, the canvas holds none of the ink.
    case inkOutsideCanvas
    /// The output would exceed the pixel limits.
    case tooLarge(width: Double, height: Double, maxPixels: Int, maxSide: Int)
    /// An option value that cannot work (named by its `RenderOptions` property).
    case badOption(Sentence)
    /// cairo failed while doing `step`.
    case cairo(step: String, reason: String)
    /// The font file `name` cannot be read as a TrueType or OpenType font.
    case badFont(name: String, detail: String)
    /// The text holds characters (listed, e.g. "'漢' U+6F22") that the font `font` has no glyph for.
    case textNotInFont(font: String, characters: String)
    /// The text holds right-to-left characters (Hebrew, Arabic), which are drawn without shaping.
    case textNeedsShaping(characters: String)

    /// Bad input, or a failure of the machine (see ``FailureKind``).
    public var kind: FailureKind {
        if case .cairo = self { return .failed }
        return .badInput
    }

    /// One line for the user: the input, what is wrong and what to try next.
    /// - Parameter context: The file, input, URL or step the failure is about; `nil` when unknown.
    public func message(about context: String?) -> Sentence {
        Self.prefix(context) + text
    }

    private var text: Sentence {
        switch self {
        case .noInk:
            return Sentence(NoInk.message("the drawing has no stroke with a point in it"))
        case .inkTooShort(let length, let minimum):
            return
                "no ink: the ink is \(NumberText.short(length)) units long, shorter than \(.renderMinInkLength) \(NumberText.short(minimum)); ask the signer to sign again."
        case .badCoordinate(let stroke, let point):
            return
                "stroke \(stroke + 1), point \(point + 1) has a coordinate that is not a number or is beyond ±\(NumberText.short(RenderOptions.maxCoordinate)); fix the capture."
        case .inkOutsideCanvas:
            return
                "no ink on the canvas: every stroke lies left of or above the origin; \(.set("true"), .renderCrop) to crop to the ink."
        case .tooLarge(let w, let h, let maxPixels, let maxSide):
            return
                "the output would be \(NumberText.short(w))×\(NumberText.short(h)) pixels, over the limit of \(maxPixels) pixels (and \(maxSide) per side); \(.lower, .renderScale) or \(.renderDPI), or \(.give, .renderFit)."
        case .badOption(let text):
            return text
        case .cairo(let step, let reason):
            return "cairo failed \(step) (\(reason)); \(.lower, .renderScale)."
        case .badFont(let name, let detail):
            return
                "the font \(name) cannot be used (\(detail)); give a TrueType or OpenType file such as DejaVu Sans (Debian fonts-dejavu-core)."
        case .textNotInFont(let font, let characters):
            return
                "the signature text has characters the font \(font) has no glyph for: \(characters); \(.change, .signatureTextLines), or \(.set("nil"), .signatureText) to leave the text out."
        case .textNeedsShaping(let characters):
            return
                "the signature text has right-to-left characters, which would be drawn unshaped and in the wrong order: \(characters); \(.change, .signatureTextLines), or \(.set("nil"), .signatureText) to leave the text out."
        }
    }
}
