import SignetCore

/// Where a stamp of a given size fits on a page without covering anything a reader sees there:
/// `signet stamp --at auto`. A pure search over the page as rendered (its `Occupancy`) and its
/// annotations' rectangles, all in points of the page as displayed (top-left origin, y down).
///
/// The candidates are the positions of the stamp's top-left corner on a grid of `step` points
/// through `ideal` (where the stamp would go on a blank page), with the stamp inside the page.
/// A candidate is free when the stamp grown by `clearance` on every side touches no occupied
/// pixel and overlaps no annotation. The free candidate nearest to `ideal` wins (ties: the
/// higher one, then the one further left), found in one pass with a summed-area table, so the
/// search costs a few operations per grid position whatever the stamp's size.
package enum FreeArea {
    /// No position of the grid leaves a stamp of `size` points free.
    package struct NotFound: Error, Sendable, Hashable {
        /// The stamp's size in points.
        package var size: Size
    }

    /// The free rectangle of `size` nearest to `ideal` (the top-left corner a blank page would
    /// give), as described above.
    /// - Parameters:
    ///   - size: The stamp's width and height, in points.
    ///   - ideal: Where its top-left corner would go on a blank page.
    ///   - page: The page as displayed, in points; the stamp stays inside it.
    ///   - occupancy: What the rendered page shows.
    ///   - annotations: The rectangles of the page's annotations.
    ///   - clearance: Points kept free around the stamp.
    ///   - step: The grid's spacing in points (one pixel of `occupancy` is a good one).
    /// - Returns: The stamp's rectangle.
    /// - Throws: `NotFound` when no grid position is free.
    package static func find(
        size: Size, near ideal: Point, page: Size, occupancy: Occupancy, annotations: [Rect], clearance: Double,
        step: Double
    ) throws(NotFound) -> Rect {
        guard size.width > 0, size.height > 0, step > 0, step.isFinite, clearance >= 0,
            let xs = grid(from: ideal.x, extent: size.width, within: page.width, step: step),
            let ys = grid(from: ideal.y, extent: size.height, within: page.height, step: step)
        else { throw NotFound(size: size) }
        var blocked = occupancy
        for annotation in annotations where !annotation.isEmpty { blocked.mark(annotation) }
        let table = SummedArea(blocked)
        var best: (distance: Double, y: Double, x: Double)?
        for ky in ys {
            let y = ideal.y + Double(ky) * step
            let dy = y - ideal.y
            for kx in xs {
                let x = ideal.x + Double(kx) * step
                let dx = x - ideal.x
                let distance = dx * dx + dy * dy
                if let b = best, (distance, y, x) >= (b.distance, b.y, b.x) { continue }
                let grown = Rect(x: x, y: y, width: size.width, height: size.height).outsetBy(clearance)
                let (px, py) = blocked.pixels(of: grown)
                guard table.count(px, py) == 0 else { continue }
                best = (distance, y, x)
            }
        }
        guard let best else { throw NotFound(size: size) }
        return Rect(x: best.x, y: best.y, width: size.width, height: size.height)
    }

    /// The steps `k` for which `start + k·step` keeps `[start + k·step, + extent]` inside
    /// `0…limit` (a hundredth of a point of tolerance); `nil` when none does.
    static func grid(from start: Double, extent: Double, within limit: Double, step: Double) -> ClosedRange<Int>? {
        let tolerance = 0.01
        guard start.isFinite, extent.isFinite, limit.isFinite, extent <= limit + tolerance else { return nil }
        let low = ((-tolerance - start) / step).rounded(.up)
        let high = ((limit - extent + tolerance - start) / step).rounded(.down)
        guard low <= high, abs(low) < 1e9, abs(high) < 1e9 else { return nil }
        return Int(low)...Int(high)
    }
}

/// Occupied pixels counted over any rectangle of pixels in constant time.
private struct SummedArea {
    let stride: Int
    var sums: [Int]

    init(_ occupancy: Occupancy) {
        stride = occupancy.width + 1
        sums = [Int](repeating: 0, count: stride * (occupancy.height + 1))
        for y in 0..<occupancy.height {
            var row = 0
            for x in 0..<occupancy.width {
                row += occupancy[x: x, y: y] ? 1 : 0
                sums[(y + 1) * stride + x + 1] = sums[y * stride + x + 1] + row
            }
        }
    }

    /// Occupied pixels with x in `xs` and y in `ys`.
    func count(_ xs: Range<Int>, _ ys: Range<Int>) -> Int {
        guard !xs.isEmpty, !ys.isEmpty else { return 0 }
        let (x0, x1, y0, y1) = (xs.lowerBound, xs.upperBound, ys.lowerBound, ys.upperBound)
        return sums[y1 * stride + x1] - sums[y0 * stride + x1] - sums[y1 * stride + x0] + sums[y0 * stride + x0]
    }
}
