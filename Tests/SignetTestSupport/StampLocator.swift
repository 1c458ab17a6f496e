import SignetCore

/// Where a test stamp landed on a rendered page, in points of the page AS DISPLAYED
/// (top-left origin, y down, inside the CropBox, after /Rotate, UserUnit applied).
package struct StampLocation: Sendable, Hashable, CustomStringConvertible {
    /// The bounding box of the stamp's ink.
    package var bounds: Rect
    /// `nil` when the red and green blocks could not both be found in distinct corners.
    package var orientation: StampOrientation?
    /// The size of one pixel of the render in displayed points: the measuring resolution.
    package var pointsPerPixel: Double
    /// The displayed page size the render covers.
    package var pageSize: Size

    /// The largest distance between an edge of `bounds` and the same edge of `expected`.
    package func deviation(from expected: Rect) -> Double {
        [
            abs(bounds.minX - expected.minX), abs(bounds.minY - expected.minY),
            abs(bounds.maxX - expected.maxX), abs(bounds.maxY - expected.maxY),
        ].max()!
    }

    /// True when every edge is within `tolerance` points of `expected` and the stamp is upright.
    package func isUpright(at expected: Rect, tolerance: Double = 1) -> Bool {
        orientation == .upright && deviation(from: expected) <= tolerance
    }

    package var description: String {
        func f(_ v: Double) -> String { PDFSyntax.format((v * 100).rounded() / 100) }
        return "stamp at x \(f(bounds.minX)) y \(f(bounds.minY)) w \(f(bounds.width)) h \(f(bounds.height)) pt, "
            + "\(orientation?.rawValue ?? "orientation unknown") (page \(f(pageSize.width))x\(f(pageSize.height)) pt, "
            + "\(f(pointsPerPixel)) pt/pixel)"
    }
}

/// Finds the test stamp (see `TestStamp`) on a page rendered by pdftoppm.
///
/// Measuring: a pixel is stamp ink when it differs from the same pixel of the unstamped page by
/// more than 96 of 255 in some channel (with a baseline render), or, without one, when it is a
/// saturated red, green, blue or magenta (max − min channel > 96), which page text never is.
/// An anti-aliased edge pixel counts once the stamp covers more than ~38% of it, so each edge of
/// the box is within about half a pixel of the true edge, plus up to one pixel of poppler's
/// snapping of images to the pixel grid. At the default 144 dpi a pixel is 0.5 pt, so the total
/// error stays under the 1 pt the placement tests allow.
package enum StampLocator {
    /// Pixels per inch of the displayed page: 0.5 pt per pixel.
    package static let defaultDPI = 144.0
    static let threshold = 96

    /// Renders page `page` (1-based) of `pdf` and finds the stamp. `userUnit` is the page's
    /// /UserUnit (pdftoppm ignores it; read it with `QPDFTool.userUnits` or take it from the
    /// fixture table). `baseline` is the unstamped PDF, for pages with coloured content.
    /// `hideAnnotations` renders the page content only (a stamp is page content; form fields and
    /// signature widgets are drawn over it and may hide it).
    package static func locate(
        pdf: String, page: Int, userUnit: Double = 1, baseline: String? = nil,
        password: String? = nil, dpi: Double = defaultDPI, hideAnnotations: Bool = false
    ) throws -> StampLocation? {
        // Rendering at dpi × UserUnit makes one pixel 72/dpi DISPLAYED points on every page.
        let renderDPI = dpi * userUnit
        let image = try Pdftoppm.render(
            pdf: pdf, page: page, dpi: renderDPI, password: password, hideAnnotations: hideAnnotations)
        let before = try baseline.map {
            try Pdftoppm.render(
                pdf: $0, page: page, dpi: renderDPI, password: password, hideAnnotations: hideAnnotations)
        }
        return try locate(in: image, baseline: before, pointsPerPixel: 72 / dpi)
    }

    /// Finds the stamp in a render; `nil` when no stamp ink is present.
    package static func locate(
        in image: PPMImage, baseline: PPMImage? = nil, pointsPerPixel: Double
    ) throws -> StampLocation? {
        if let baseline, baseline.width != image.width || baseline.height != image.height {
            throw ToolFailure(
                "the stamped page renders \(image.width)x\(image.height) but the baseline \(baseline.width)x\(baseline.height): the page geometry changed"
            )
        }
        var box = PixelBox()
        var sums: [TestStamp.Ink: (x: Double, y: Double, n: Double)] = [:]
        image.rgb.withUnsafeBufferPointer { px in
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let i = (y * image.width + x) * 3
                    let (r, g, b) = (Int(px[i]), Int(px[i + 1]), Int(px[i + 2]))
                    let ink = inkColor(r, g, b)
                    if let baseline {
                        let changed =
                            max(
                                abs(r - Int(baseline.rgb[i])), abs(g - Int(baseline.rgb[i + 1])),
                                abs(b - Int(baseline.rgb[i + 2]))) > threshold
                        guard changed else { continue }
                    } else if ink == nil {
                        continue
                    }
                    box.add(x, y)
                    if let ink {
                        let s = sums[ink] ?? (0, 0, 0)
                        sums[ink] = (s.x + Double(x) + 0.5, s.y + Double(y) + 0.5, s.n + 1)
                    }
                }
            }
        }
        guard let pixels = box.rect else { return nil }
        let bounds = Rect(
            x: pixels.minX * pointsPerPixel, y: pixels.minY * pointsPerPixel,
            width: pixels.width * pointsPerPixel, height: pixels.height * pointsPerPixel)
        func corner(_ ink: TestStamp.Ink) -> StampOrientation.Corner? {
            guard let s = sums[ink], s.n >= 4 else { return nil }
            let (cx, cy) = (s.x / s.n, s.y / s.n)
            let (midX, midY) = ((pixels.minX + pixels.maxX) / 2, (pixels.minY + pixels.maxY) / 2)
            switch (cx < midX, cy < midY) {
            case (true, true): return .topLeft
            case (false, true): return .topRight
            case (true, false): return .bottomLeft
            case (false, false): return .bottomRight
            }
        }
        let orientation = corner(.red).flatMap { red in corner(.green).flatMap { StampOrientation(red: red, green: $0) }
        }
        return StampLocation(
            bounds: bounds, orientation: orientation, pointsPerPixel: pointsPerPixel,
            pageSize: Size(width: Double(image.width) * pointsPerPixel, height: Double(image.height) * pointsPerPixel))
    }

    /// The stamp colour a pixel shows, or `nil` for unsaturated (text, paper) or other hues.
    static func inkColor(_ r: Int, _ g: Int, _ b: Int) -> TestStamp.Ink? {
        let hi = max(r, g, b), lo = min(r, g, b)
        guard hi - lo > threshold else { return nil }
        let mid = lo + (hi - lo) / 2
        switch (r > mid, g > mid, b > mid) {
        case (true, false, false): return .red
        case (false, true, false): return .green
        case (false, false, true): return .blue
        case (true, false, true): return .magenta
        default: return nil
        }
    }
}

/// The smallest pixel rectangle holding every added pixel.
private struct PixelBox {
    var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min

    mutating func add(_ x: Int, _ y: Int) {
        minX = min(minX, x); maxX = max(maxX, x)
        minY = min(minY, y); maxY = max(maxY, y)
    }

    /// Pixel edges: a pixel at column x covers x..<x+1.
    var rect: Rect? {
        guard minX <= maxX else { return nil }
        return Rect(x: Double(minX), y: Double(minY), width: Double(maxX - minX + 1), height: Double(maxY - minY + 1))
    }
}
