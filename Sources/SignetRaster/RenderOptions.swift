import SignetCore
import SignetStrokes

/// Everything that shapes a rendering. The defaults are the `signet render` defaults.
///
/// Units: capture units are the drawing's own coordinates. They are taken as CSS pixels (1/96
/// inch, what browsers and touch UIs report) unless the drawing records its resolution
/// (`Drawing.unitsPerInch`, e.g. from InkML). Output pixels are the PNG's pixels; SVG and PDF use
/// the same pixel grid at the same physical size (see `RenderLayout.pixelsPerInch`).
public struct RenderOptions: Sendable, Hashable, Codable {
    /// How edges are anti-aliased in bitmaps (SVG and PDF leave it to the viewer).
    public enum Antialias: String, Sendable, Hashable, Codable, CaseIterable {
        /// Exact-area coverage drawn straight from each stroke's centre line by Signet's own
        /// rasteriser (the union of discs swept along it); also the fastest.
        case best
        /// cairo's 4×4 supersampling (17 coverage levels), as Signet drew `fast` before it had
        /// its own rasteriser: coarser edges (up to ~100 of 255 alpha levels from `best` on
        /// single pixels) and no longer faster. Kept for output that must match earlier images.
        case fast
    }

    /// Pen colour for every stroke (`--color`); `nil` keeps the colour each stroke was captured with.
    public var color: Color?
    /// Paint this colour under the ink (`--background`); `nil` leaves the background transparent.
    public var background: Color?
    /// Output pixels per CSS pixel (`--scale`, default 2): per capture unit for most captures.
    /// Ignored when `dpi` or `fit` is set.
    public var scale: Double
    /// Output resolution (`--dpi`): `dpi / 96` output pixels per CSS pixel (per capture unit, or
    /// `dpi / unitsPerInch` when the drawing records its resolution); the PNG records it in `pHYs`.
    /// With `fit`, the fit decides the scale and `dpi` is only recorded.
    public var dpi: Double?
    /// Pen width for every stroke in capture units (`--pen-width`); `nil` keeps the captured pens.
    /// Variable-width pens keep their proportions, with `maxWidth` set to this value.
    public var penWidth: Double?
    /// Width model for every stroke (`--width-model`); `nil` keeps the captured pens' model.
    public var widthModel: WidthModel?
    /// Transparent (or background) margin around the ink in output pixels, the same on every side
    /// (`--padding`, default 8). Only cropped output has one; `crop: false` keeps the canvas as is.
    public var padding: Int
    /// Crop to the ink bounds plus `padding` (default). `false` (`--no-crop`) keeps the whole canvas:
    /// the drawing's canvas, or (0, 0) to the far corner of the ink when the capture has none.
    public var crop: Bool
    /// Scale the image (ink, pen width and canvas alike) to the largest size that fits in this box
    /// of output pixels, padding included (`--fit WxH`).
    public var fit: Size?
    /// Refuse ink whose smoothed length is shorter than this, in capture units (`--min-ink-length`).
    public var minInkLength: Double?
    /// Edge quality of bitmaps (`--antialias`, default `best`).
    public var antialias: Antialias
    /// Largest output area in pixels (default 25 000 000, about 100 MB of pixels while drawing).
    public var maxPixels: Int

    /// cairo's limit on either side of an image, in pixels.
    package static let maxSide = 32_767
    /// The default of `maxPixels`: 25 million pixels.
    public static let defaultMaxPixels = 25_000_000
    /// Largest coordinate magnitude accepted, in capture units (far beyond any real capture): the
    /// stroke readers' default limit, so a drawing read from a file and one built in code meet one limit.
    package static let maxCoordinate = StrokeLimits.defaultMaxCoordinate

    /// Render options; the defaults are `signet render`'s (black ink, transparent, scale 2, padding 8, cropped).
    /// - Parameters:
    ///   - color: Pen colour for every stroke (`--color`); `nil` keeps the colour each stroke was captured with.
    ///   - background: Paint this colour under the ink (`--background`); `nil` leaves the background transparent.
    ///   - scale: Output pixels per CSS pixel (`--scale`, default 2): per capture unit for most captures.
    ///   - dpi: Output resolution (`--dpi`): `dpi / 96` output pixels per CSS pixel (per capture unit, or `dpi / unitsPerInch` when the drawing records its resolution); the PNG records it in `pHYs`.
    ///   - penWidth: Pen width for every stroke in capture units (`--pen-width`); `nil` keeps the captured pens.
    ///   - widthModel: Width model for every stroke (`--width-model`); `nil` keeps the captured pens' model.
    ///   - padding: Transparent (or background) margin around the ink in output pixels, the same on every side (`--padding`, default 8).
    ///   - crop: Crop to the ink bounds plus `padding` (default).
    ///   - fit: Scale the image (ink, pen width and canvas alike) to the largest size that fits in this box of output pixels, padding included (`--fit WxH`).
    ///   - minInkLength: Refuse ink whose smoothed length is shorter than this, in capture units (`--min-ink-length`).
    ///   - antialias: Edge quality of bitmaps (`--antialias`, default `best`).
    ///   - maxPixels: Largest output area in pixels (default 25 000 000, about 100 MB of pixels while drawing).
    public init(
        color: Color? = nil, background: Color? = nil, scale: Double = 2, dpi: Double? = nil,
        penWidth: Double? = nil, widthModel: WidthModel? = nil, padding: Int = 8, crop: Bool = true,
        fit: Size? = nil, minInkLength: Double? = nil, antialias: Antialias = .best,
        maxPixels: Int = RenderOptions.defaultMaxPixels
    ) {
        self.color = color
        self.background = background
        self.scale = scale
        self.dpi = dpi
        self.penWidth = penWidth
        self.widthModel = widthModel
        self.padding = padding
        self.crop = crop
        self.fit = fit
        self.minInkLength = minInkLength
        self.antialias = antialias
        self.maxPixels = maxPixels
    }

    /// Throws `RenderError.badOption` for values no rendering can use.
    package func validate() throws {
        func bad(_ text: Sentence) -> RenderError { RenderError(.badOption(text)) }
        guard scale.isFinite, scale > 0 else { throw bad("\(.renderScale) must be a positive number.") }
        if let dpi, !(dpi.isFinite && dpi > 0) { throw bad("\(.renderDPI) must be a positive number.") }
        if let penWidth, !(penWidth.isFinite && penWidth > 0) {
            throw bad("\(.renderPenWidth) must be a positive number.")
        }
        guard padding >= 0 else { throw bad("\(.renderPadding) must not be negative.") }
        if let fit {
            guard fit.width.isFinite, fit.height.isFinite, fit.width > Double(2 * padding),
                fit.height > Double(2 * padding)
            else {
                throw bad(
                    "\(.renderFit) must be larger than twice the padding (\(2 * padding) pixels) on both sides.")
            }
        }
        if let minInkLength, !(minInkLength.isFinite && minInkLength >= 0) {
            throw bad("\(.renderMinInkLength) must be zero or a positive number.")
        }
        guard maxPixels > 0 else { throw bad("the pixel limit must be positive.") }
    }

    /// The drawing with the pen overrides applied (colour, width, width model).
    package func applyingPens(to drawing: Drawing) -> Drawing {
        guard color != nil || penWidth != nil || widthModel != nil else { return drawing }
        var out = drawing
        out.pen = override(drawing.pen)
        for i in out.strokes.indices {
            if let pen = out.strokes[i].pen { out.strokes[i].pen = override(pen) }
        }
        return out
    }

    private func override(_ pen: Pen) -> Pen {
        var p = pen
        if let color { p.color = color }
        if let widthModel { p.widthModel = widthModel }
        if let penWidth {
            let factor = p.maxWidth > 0 ? penWidth / p.maxWidth : 1
            p.width = penWidth
            p.minWidth *= factor
            p.maxWidth = penWidth
            if p.widthModel == .fixed { p.dotSize = nil } else { p.dotSize = p.dotSize.map { $0 * factor } }
        }
        return p
    }
}
