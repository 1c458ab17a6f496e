import SignetCore

/// A page's attributes as found in the file, after inheritance through `/Parent` (the page's
/// own value wins). Values are kept raw so every oddity can be judged in one place.
package struct PageAttributes: Sendable, Hashable, Codable {
    package var mediaBox: [Double]?
    package var cropBox: [Double]?
    package var rotate: Double?
    package var userUnit: Double?

    package init(mediaBox: [Double]? = nil, cropBox: [Double]? = nil, rotate: Double? = nil, userUnit: Double? = nil) {
        (self.mediaBox, self.cropBox, self.rotate, self.userUnit) = (mediaBox, cropBox, rotate, userUnit)
    }
}

/// How a page is shown: the visible box in default user space, the rotation a reader applies,
/// and the size of a user-space unit. Built the way PDF readers build it:
///
/// - MediaBox missing or unusable → US Letter.
/// - CropBox missing or unusable → the MediaBox; a CropBox reaching outside the MediaBox is
///   clipped to it; one not overlapping it at all is ignored.
/// - `/Rotate` is any multiple of 90 (negative, 360, 450, 990 …), normalized to 0/90/180/270,
///   clockwise as displayed. A value that is not a multiple of 90 is treated as 0, as pdf.js and
///   MuPDF do, and reported in `notes`.
/// - `/UserUnit` (PDF 1.6) scales user space: one unit is `userUnit`/72 inch; missing or not
///   positive → 1.
package struct PageGeometry: Sendable, Hashable, Codable {
    package var mediaBox: Rect
    /// The visible area in default user space (inside the MediaBox).
    package var cropBox: Rect
    /// 0, 90, 180 or 270: clockwise turn applied when displaying.
    package var rotation: Int
    package var userUnit: Double
    /// What had to be assumed or corrected, one sentence each.
    package var notes: [String]

    package init(_ raw: PageAttributes) {
        var notes: [String] = []
        let media: Rect
        if let box = Self.box(raw.mediaBox) {
            media = box
        } else {
            media = Rect(origin: .zero, size: .letter)
            notes.append(
                raw.mediaBox == nil
                    ? "no MediaBox; US Letter assumed as readers do"
                    : "unusable MediaBox; US Letter assumed as readers do")
        }
        var crop = media
        if let box = Self.box(raw.cropBox) {
            if let clipped = box.intersection(media) {
                if clipped != box { notes.append("CropBox reaches outside the MediaBox; clipped to it") }
                crop = clipped
            } else {
                notes.append("CropBox does not overlap the MediaBox; MediaBox used")
            }
        } else if raw.cropBox != nil {
            notes.append("unusable CropBox; MediaBox used")
        }
        var rotation = 0
        if let r = raw.rotate {
            if r.isFinite, r == r.rounded(), Int(exactly: r).map({ $0 % 90 == 0 }) == true {
                rotation = ((Int(r) % 360) + 360) % 360
            } else {
                notes.append("/Rotate \(Self.format(r)) is not a multiple of 90; treated as 0 as readers do")
            }
        }
        var unit = 1.0
        if let u = raw.userUnit {
            if u.isFinite, u > 0 {
                unit = u
            } else {
                notes.append("/UserUnit \(Self.format(u)) is not positive; 1 used")
            }
        }
        self.mediaBox = media
        self.cropBox = crop
        self.rotation = rotation
        self.userUnit = unit
        self.notes = notes
    }

    /// Four finite numbers spanning a non-empty rectangle (corners in any order).
    private static func box(_ numbers: [Double]?) -> Rect? {
        guard let n = numbers, n.count == 4, n.allSatisfy(\.isFinite) else { return nil }
        let r = Rect(corners: Point(x: n[0], y: n[1]), Point(x: n[2], y: n[3]))
        return r.isEmpty ? nil : r
    }

    private static func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e12 ? String(Int(v)) : String(v)
    }

    /// The page as a reader shows it, in points (1/72 inch), after rotation and UserUnit.
    package var displayedSize: Size {
        let s = Size(width: cropBox.width * userUnit, height: cropBox.height * userUnit)
        return rotation % 180 == 0 ? s : s.transposed
    }

    /// Maps displayed coordinates — points from the top-left corner of the page as shown, x to
    /// the right, y down — to default user space.
    package var displayToUser: Transform {
        let k = 1 / userUnit
        let c = cropBox
        switch rotation {
        case 90: return Transform(a: 0, b: k, c: k, d: 0, e: c.minX, f: c.minY)
        case 180: return Transform(a: -k, b: 0, c: 0, d: k, e: c.maxX, f: c.minY)
        case 270: return Transform(a: 0, b: -k, c: -k, d: 0, e: c.maxX, f: c.maxY)
        default: return Transform(a: k, b: 0, c: 0, d: -k, e: c.minX, f: c.maxY)
        }
    }
}
