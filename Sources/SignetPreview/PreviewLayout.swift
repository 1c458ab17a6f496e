import SignetCore

/// The pixel size of a preview and the scale that maps the page onto it.
///
/// Like `CGPDFPageGetDrawingTransform(page, .cropBox, rect, 0, true)` on Apple platforms: the
/// CropBox, turned by /Rotate, fitted into the requested box with its aspect ratio kept; here the
/// image is exactly the fitted size, so there is no margin to centre.
package struct PreviewLayout: Sendable, Hashable, Codable {
    /// Output width in pixels.
    package var width: Int
    /// Output height in pixels.
    package var height: Int
    /// Pixels per point of the page as displayed.
    package var pixelsPerPoint: Double
    /// The page as displayed, in points (UserUnit applied).
    package var pageSize: Size

    /// Pixels per inch of the page as displayed.
    package var dpi: Double { pixelsPerPoint * 72 }

    /// Lays out a page whose displayed size is `pageSize` points; page `page` is named in errors.
    package init(pageSize: Size, options: PreviewOptions, page: Int) throws {
        guard pageSize.width > 0, pageSize.height > 0, pageSize.width.isFinite, pageSize.height.isFinite else {
            throw PreviewError(.pageUnreadable(page: page))
        }
        let scale: Double
        var exact: (width: Int?, height: Int?) = (nil, nil)
        switch options.scale {
        case .dpi(let dpi):
            guard dpi > 0, dpi.isFinite else {
                throw PreviewError(.badOption("\(.previewDPI) must be a positive number, not \(dpi)."))
            }
            scale = dpi / 72
        case .width(let w):
            guard w > 0 else {
                throw PreviewError(.badOption("\(.previewWidth) must be at least 1 pixel, not \(w)."))
            }
            scale = Double(w) / pageSize.width
            exact.width = w
        case .height(let h):
            guard h > 0 else {
                throw PreviewError(.badOption("\(.previewHeight) must be at least 1 pixel, not \(h)."))
            }
            scale = Double(h) / pageSize.height
            exact.height = h
        case .fit(let w, let h):
            guard w > 0, h > 0 else {
                throw PreviewError(
                    .badOption("\(.previewFit) width and height must be at least 1 pixel, not \(w)×\(h)."))
            }
            let (sx, sy) = (Double(w) / pageSize.width, Double(h) / pageSize.height)
            scale = min(sx, sy)
            if sx <= sy { exact.width = w } else { exact.height = h }
        }
        let w = exact.width.map(Double.init) ?? max(1, (pageSize.width * scale).rounded())
        let h = exact.height.map(Double.init) ?? max(1, (pageSize.height * scale).rounded())
        let maxSide = Double(PreviewOptions.maxSide)
        guard w <= maxSide, h <= maxSide, w * h <= Double(options.maxPixels) else {
            throw PreviewError(
                .tooLarge(
                    page: page, width: pageSize.width * scale, height: pageSize.height * scale,
                    maxPixels: options.maxPixels, maxSide: PreviewOptions.maxSide))
        }
        (width, height, pixelsPerPoint, self.pageSize) = (Int(w), Int(h), scale, pageSize)
    }
}
