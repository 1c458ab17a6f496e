import SignetCore
import SignetTestSupport

/// Where every tool in the stamping benchmark is asked to put the stamp: the same rectangle of
/// every page AS DISPLAYED (top-left origin, points). It fits on the smallest fixture page.
enum BenchPlacement {
    static let target = Rect(x: 60, y: 100, width: 150, height: 50)

    /// The arguments each tool gets, in one place so the script and the checker agree.
    static var cliDescription: String {
        "--at \(PDFSyntax.format(target.minX)),\(PDFSyntax.format(target.minY)) --size \(PDFSyntax.format(target.width))x\(PDFSyntax.format(target.height))"
    }
}
