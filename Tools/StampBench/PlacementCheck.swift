import SignetCore
import SignetTestSupport

/// Checks one stamped benchmark output on one page of each fixture geometry: is the stamp at the
/// target (within 1 pt) and upright, and did the page's own content stay where it was? Uses the
/// same locator as the tests.
enum PlacementCheck {
    struct Row {
        var page: Int
        var label: String
        var location: StampLocation?
        /// Page content that changed away from the stamp.
        var contentChange: RenderDiff.Result

        var placed: Bool { location?.isUpright(at: BenchPlacement.target, tolerance: 1) ?? false }
        var correct: Bool { placed && contentChange.changedPixels == 0 }

        var verdict: String {
            var parts: [String] = []
            if let location {
                let off = PDFSyntax.format((location.deviation(from: BenchPlacement.target) * 100).rounded() / 100)
                parts.append(placed ? "stamp ok (within \(off) pt)" : "stamp WRONG: \(location)")
            } else {
                parts.append("stamp WRONG: not found")
            }
            if let moved = contentChange.bounds {
                parts.append(
                    "page content CHANGED (\(contentChange.changedPixels) px around x \(Int(moved.minX)) y \(Int(moved.minY)) w \(Int(moved.width)) h \(Int(moved.height)) pt)"
                )
            }
            return parts.joined(separator: "; ")
        }
    }

    static func run(output: String, baseline: String) throws -> [Row] {
        try GeometryFixture.pages.indices.map { index in
            let spec = GeometryFixture.pages[index]
            // One pixel is 72/dpi displayed points on every page (pdftoppm ignores /UserUnit).
            let dpi = StampLocator.defaultDPI * (spec.userUnit ?? 1), pointsPerPixel = 72 / StampLocator.defaultDPI
            let after = try Pdftoppm.render(pdf: output, page: index + 1, dpi: dpi)
            let before = try Pdftoppm.render(pdf: baseline, page: index + 1, dpi: dpi)
            let found = try StampLocator.locate(in: after, pointsPerPixel: pointsPerPixel)
            let change = try RenderDiff.compare(
                before, after, excluding: [BenchPlacement.target] + (found.map { [$0.bounds] } ?? []),
                pointsPerPixel: pointsPerPixel)
            return Row(page: index + 1, label: spec.label, location: found, contentChange: change)
        }
    }
}
