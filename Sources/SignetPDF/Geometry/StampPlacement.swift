import SignetCore

/// Where a stamp goes on a page, in the page **as displayed** (after CropBox, /Rotate and
/// /UserUnit), the way the CLI's `--at`, `--size`, `--width`, `--units`, `--origin` and
/// `--anchor` describe it.
///
/// ```
///  origin top-left (default)            origin bottom-left
///  (0,0)──────────▶ x                   y ▲
///    │   at ●━━━━━━━┓                     │   ┏━━━━━━━┓
///    │      ┃ stamp ┃  anchor names       │   ┃ stamp ┃
///    ▼ y    ┗━━━━━━━┛  which corner       │at ●━━━━━━━┛
///                      `at` is            (0,0)──────────▶ x
/// ```
public struct StampPlacement: Sendable, Hashable, Codable {
    /// The units of `at`, `size` and `width`.
    public enum Units: String, Sendable, Hashable, Codable, CaseIterable {
        /// PDF points (1/72 inch), or millimetres.
        case pt, mm
        /// Inches.
        case inch = "in"
        /// Percent of the displayed page: x and widths of its width, y and heights of its height.
        case percent = "%"
    }

    /// Which corner of the displayed page `at` is measured from.
    public enum Origin: String, Sendable, Hashable, Codable, CaseIterable {
        /// The top-left corner, y going down, as in the capture UIs (default).
        case topLeft = "top-left"
        /// The bottom-left corner, y going up, as in PDF user space.
        case bottomLeft = "bottom-left"
    }

    /// Which point of the stamp `at` names: a corner or the centre.
    public enum Anchor: String, Sendable, Hashable, Codable, CaseIterable {
        /// A corner of the stamp, or its centre.
        case topLeft = "top-left", topRight = "top-right", bottomLeft = "bottom-left", bottomRight = "bottom-right",
            center
    }

    /// The point `anchor` is put on. Default: 36 pt in from the bottom-right corner, with the
    /// stamp's bottom-right corner there.
    public var at: Point?
    /// Width and height; when set, `width` is ignored.
    public var size: Size?
    /// Width with the stamp's own aspect ratio kept. Default (neither set): 180 pt wide.
    public var width: Double?
    /// The units of `at`, `size` and `width`.
    public var units: Units
    /// The corner `at` is measured from.
    public var origin: Origin
    /// Which corner of the stamp `at` names. Default: the corner matching `origin`.
    public var anchor: Anchor?
    /// Find the place (`signet stamp --at auto`): `at` is ignored, and the stamp goes to the free
    /// area nearest to where it would go on a blank page, `defaultMargin` in from `anchor`'s corner
    /// of the page (default the bottom-right) — free meaning no ink, text or annotation under it on
    /// the page as rendered. Default false.
    public var freeArea: Bool
    /// Write the stamp even over content an existing signature signed (that signature is then not
    /// valid, and `verify` says so). Default false: on a signed document the stamp is judged as
    /// `verify` judges it before anything is written, and refused when it would hide signed content.
    public var overSignedContent: Bool

    /// A placement; with no argument the stamp is `defaultWidth` wide at the bottom right, `defaultMargin` in from the corner.
    /// - Parameters:
    ///   - at: The point `anchor` is put on.
    ///   - size: Width and height; when set, `width` is ignored.
    ///   - width: Width with the stamp's own aspect ratio kept.
    ///   - units: The units of `at`, `size` and `width`.
    ///   - origin: The corner `at` is measured from.
    ///   - anchor: Which corner of the stamp `at` names.
    ///   - freeArea: Find the place: the free area nearest to `anchor`'s corner of the page; `at` is ignored.
    ///   - overSignedContent: Write the stamp even over content an existing signature signed.
    public init(
        at: Point? = nil, size: Size? = nil, width: Double? = nil, units: Units = .pt,
        origin: Origin = .topLeft, anchor: Anchor? = nil, freeArea: Bool = false, overSignedContent: Bool = false
    ) {
        (self.at, self.size, self.width, self.units, self.origin, self.anchor) = (
            at, size, width, units, origin, anchor
        )
        (self.freeArea, self.overSignedContent) = (freeArea, overSignedContent)
    }

    /// The stamp's width when neither `size` nor `width` is given, in points.
    package static let defaultWidth = 180.0
    /// How far in from the bottom-right corner the default placement puts the stamp, in points.
    package static let defaultMargin = 36.0

    /// A placement that cannot be honoured on a page.
    package struct Problem: Error, Sendable, Hashable {
        /// What is wrong, for the message.
        package var detail: String
    }

    /// The stamp's rectangle in displayed points (top-left origin, y down) on `page`, for a
    /// stamp whose width/height ratio is `aspect`. Fails when the stamp is larger than the page
    /// or reaches outside it, and for a `freeArea` placement, which needs the page rendered
    /// (`StampPlacer`).
    package func rect(on page: PageGeometry, aspect: Double) throws(Problem) -> Rect {
        guard !freeArea else {
            throw Problem(detail: "finding a free area needs the page rendered, which this job does not do")
        }
        let shown = page.displayedSize
        let (w, h) = try boxSize(on: page, aspect: aspect)
        let point: Point
        if let at {
            let p = Point(x: points(at.x, of: shown.width), y: points(at.y, of: shown.height))
            point = origin == .topLeft ? p : Point(x: p.x, y: shown.height - p.y)
        } else {
            point = Point(x: shown.width - Self.defaultMargin, y: shown.height - Self.defaultMargin)
        }
        let rect = Self.rect(Size(width: w, height: h), anchor: effectiveAnchor, at: point)
        guard rect.minX.isFinite, rect.minY.isFinite else {
            throw Problem(detail: "the stamp position is not a finite number")
        }
        let tolerance = 0.01
        guard Rect(origin: .zero, size: shown).contains(rect, tolerance: tolerance) else {
            throw Problem(
                detail:
                    "the stamp (\(Self.pt(w)) × \(Self.pt(h)) pt at \(Self.pt(rect.minX)), \(Self.pt(rect.minY)) pt from the top-left) reaches outside the page as displayed (\(Self.pt(shown.width)) × \(Self.pt(shown.height)) pt)"
            )
        }
        return rect
    }

    /// Where a `freeArea` stamp of `size` would go on a blank page: its `anchor` (default the
    /// bottom-right corner) `defaultMargin` in from the same corner of the page (the centre on the centre).
    package func blankPageRect(_ size: Size, on page: PageGeometry) -> Rect {
        let anchor = anchor ?? .bottomRight
        let inner = Rect(origin: .zero, size: page.displayedSize).insetBy(Self.defaultMargin)
        return Self.rect(size, anchor: anchor, at: Self.point(anchor, of: inner))
    }

    /// The stamp's width and height in displayed points, for a stamp whose width/height ratio is
    /// `aspect`; fails when it has no area or is larger than the page.
    package func boxSize(on page: PageGeometry, aspect: Double) throws(Problem) -> (width: Double, height: Double) {
        let shown = page.displayedSize
        guard aspect.isFinite, aspect > 0 else { throw Problem(detail: "the stamp has no area") }
        let w: Double, h: Double
        if let size {
            (w, h) = (points(size.width, of: shown.width), points(size.height, of: shown.height))
        } else if let width {
            w = points(width, of: shown.width)
            h = w / aspect
        } else {
            w = Self.defaultWidth
            h = w / aspect
        }
        guard w.isFinite, h.isFinite, w > 0, h > 0 else { throw Problem(detail: "the stamp size must be positive") }
        let tolerance = 0.01
        if w > shown.width + tolerance || h > shown.height + tolerance {
            throw Problem(
                detail:
                    "the stamp (\(Self.pt(w)) × \(Self.pt(h)) pt) is larger than the page as displayed (\(Self.pt(shown.width)) × \(Self.pt(shown.height)) pt)"
            )
        }
        return (w, h)
    }

    /// `v` in displayed points: `units` converted, a percentage taken of `extent` (the page's width or height).
    private func points(_ v: Double, of extent: Double) -> Double {
        units == .percent ? v / 100 * extent : v * Self.scale(units)
    }

    /// The rectangle of `size` whose `anchor` point is `point`.
    static func rect(_ size: Size, anchor: Anchor, at point: Point) -> Rect {
        let (w, h) = (size.width, size.height)
        let left: Double, top: Double
        switch anchor {
        case .topLeft: (left, top) = (point.x, point.y)
        case .topRight: (left, top) = (point.x - w, point.y)
        case .bottomLeft: (left, top) = (point.x, point.y - h)
        case .bottomRight: (left, top) = (point.x - w, point.y - h)
        case .center: (left, top) = (point.x - w / 2, point.y - h / 2)
        }
        return Rect(x: left, y: top, width: w, height: h)
    }

    /// The point of the stamp `at` names: `anchor`, else the origin's corner, else (no `at`) the bottom-right.
    package var effectiveAnchor: Anchor {
        anchor ?? (at == nil ? .bottomRight : origin == .topLeft ? .topLeft : .bottomLeft)
    }

    /// Where `anchor` is on `rect` (displayed points, y down).
    package static func point(_ anchor: Anchor, of rect: Rect) -> Point {
        switch anchor {
        case .topLeft: Point(x: rect.minX, y: rect.minY)
        case .topRight: Point(x: rect.maxX, y: rect.minY)
        case .bottomLeft: Point(x: rect.minX, y: rect.maxY)
        case .bottomRight: Point(x: rect.maxX, y: rect.maxY)
        case .center: Point(x: rect.minX + rect.width / 2, y: rect.minY + rect.height / 2)
        }
    }

    static func scale(_ units: Units) -> Double {
        switch units {
        case .pt, .percent: return 1
        case .mm: return 72 / 25.4
        case .inch: return 72
        }
    }

    private static func pt(_ v: Double) -> String { PDFNumber.format(v, decimals: 1) }
}
