import SignetCore
import SignetStrokes

/// Where the ink lands in the output: the output size and the map from capture units to
/// output pixels. Computed before any pixel is drawn, so limits are checked up front.
public struct RenderLayout: Sendable, Hashable, Codable {
    /// Output size in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Capture units → output pixels (a scale and a translation; y stays down).
    package var transform: Transform
    /// Output pixels per capture unit.
    package var scale: Double
    /// Capture units per inch: the drawing's own figure, or 96 (CSS pixels) when it has none.
    package var unitsPerInch: Double
    /// The resolution to record in the file, when the user gave one (`RenderOptions.dpi`).
    package var dpi: Double?
    /// The tight ink bounds in capture units (half the pen width included).
    package var inkBounds: Rect

    /// Pixels per inch used to give SVG and PDF output a physical size: `dpi` when given,
    /// otherwise scale × units per inch.
    public var pixelsPerInch: Double { dpi ?? scale * unitsPerInch }

    /// The layout for `ink` under `options`. `canvas` is the capture surface, used with `crop: false`;
    /// `unitsPerInch` is the drawing's resolution when its format records one.
    package init(ink: Ink, canvas: Size?, unitsPerInch: Double?, options: RenderOptions) throws {
        try options.validate()
        guard let bounds = ink.bounds else { throw RenderError(.noInk) }
        if let minimum = options.minInkLength, ink.length < minimum {
            throw RenderError(.inkTooShort(length: ink.length, minimum: minimum))
        }
        let region: Rect
        if options.crop {
            region = bounds
        } else {
            let size = canvas ?? Size(width: bounds.maxX, height: bounds.maxY)
            region = Rect(origin: .zero, size: size)
            guard size.width > 0, size.height > 0, region.intersection(bounds) != nil else {
                throw RenderError(.inkOutsideCanvas)
            }
        }
        let pad = options.crop ? Double(options.padding) : 0
        // A zero-width side (a perfectly straight stroke drawn with no width) still gets one pixel.
        let regionWidth = max(region.width, 1e-9), regionHeight = max(region.height, 1e-9)
        let perInch = unitsPerInch.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? 96
        let scale: Double
        if let fit = options.fit {
            scale = min((fit.width - 2 * pad) / regionWidth, (fit.height - 2 * pad) / regionHeight)
        } else {
            scale = (options.dpi ?? options.scale * 96) / perInch
        }
        // Outward rounding that forgives floating-point noise, so a fit never exceeds its box.
        func pixels(_ extent: Double) -> Double { max((extent * scale - 1e-6).rounded(.up), 1) }
        let inner = (w: pixels(regionWidth), h: pixels(regionHeight))
        let width = inner.w + 2 * pad, height = inner.h + 2 * pad
        guard width.isFinite, height.isFinite, width * height <= Double(options.maxPixels),
            width <= Double(RenderOptions.maxSide), height <= Double(RenderOptions.maxSide)
        else {
            throw RenderError(
                .tooLarge(width: width, height: height, maxPixels: options.maxPixels, maxSide: RenderOptions.maxSide))
        }
        // Cropped output centres the sub-pixel slack, so the padding is equal on opposite sides.
        let slackX = options.crop ? (inner.w - region.width * scale) / 2 : 0
        let slackY = options.crop ? (inner.h - region.height * scale) / 2 : 0
        self.width = Int(width)
        self.height = Int(height)
        self.scale = scale
        self.unitsPerInch = perInch
        self.dpi = options.dpi
        self.inkBounds = bounds
        self.transform = Transform.translation(-region.minX, -region.minY)
            .concatenating(.scale(scale, scale))
            .concatenating(.translation(pad + slackX, pad + slackY))
    }
}
