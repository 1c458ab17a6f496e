import SignetCore
import SignetPreview
import SignetRaster
import SignetVerify

/// Pages and objects of one file through poppler in this process (SignetPreview), as
/// `signet-preview` renders and reads them for `signet verify`.
struct PopplerRenderer: PageRenderer {
    let path: String
    func render(page: Int, end: Int?, region: Rect, dpi: Double, printing: Bool) throws -> Bitmap {
        try PreviewDocument(path: path, end: end).render(
            page: page, options: PreviewOptions(scale: .dpi(dpi), maxPixels: .max), region: region,
            printing: printing)
    }

    func readObjects(ends: [Int?]) throws -> [UInt8] {
        try ObjectReading.read(path: path, password: nil, ends: ends.map { $0 ?? 0 })
    }
}
