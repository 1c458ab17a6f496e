import FoundationEssentials

/// What `signet capture --pdf` shows the signer: the document, the page, and the box on it where
/// the ink will land. Rectangles are in points of the page as displayed (after CropBox, /Rotate
/// and /UserUnit), from its top-left corner, y down: the page image the signer sees.
public struct CaptureSheet: Sendable, Hashable, Codable {
    /// The document's name as the page shows it (its file name).
    package var fileName: String
    /// The page that is signed, from 1.
    public var page: Int
    /// How many pages the document has.
    public var pageCount: Int
    /// The page as displayed, in points.
    public var pageSize: Size
    /// Where the signer draws: the pad covers it, and the strokes are stamped into it as drawn.
    public var inkBox: Rect
    /// The whole stamp: `inkBox`, and beside or below it the signature's text when one is shown.
    public var stampBox: Rect
    /// The signer's name, shown on the page; `nil` when the document is only stamped.
    public var signer: String?

    /// The ink box's width/height ratio when `--size` is not given (180 × 60 pt by default).
    package static let defaultAspect = 3.0

    /// The placement that puts the whole stamp on `stampBox` (what the pipeline is given).
    var stampPlacement: StampPlacement {
        StampPlacement(
            at: Point(x: stampBox.minX, y: stampBox.minY), size: stampBox.size, units: .pt, origin: .topLeft,
            anchor: .topLeft)
    }

    /// The facts the page reads (`document.json`): boxes as fractions of the page, so the page image
    /// may have any resolution.
    func json() throws -> [UInt8] {
        struct Facts: Encodable {
            var file: String
            var page: Int
            var pageCount: Int
            var signer: String?
            var aspect: Double
            var ink: [Double]
            var stamp: [Double]
        }
        func fractions(_ r: Rect) -> [Double] {
            [r.minX / pageSize.width, r.minY / pageSize.height, r.width / pageSize.width, r.height / pageSize.height]
        }
        let facts = Facts(
            file: fileName, page: page, pageCount: pageCount, signer: signer,
            aspect: pageSize.width / pageSize.height, ink: fractions(inkBox), stamp: fractions(stampBox))
        return Array(try JSONEncoder().encode(facts))
    }
}
