import SignetCore

/// Compares two renders of the same page (before and after stamping) away from the stamp, to
/// prove that stamping left the page's own content where it was.
package enum RenderDiff {
    package struct Result: Sendable, Hashable {
        /// Pixels that changed by more than the threshold outside the excluded rectangles.
        package var changedPixels: Int
        /// Their bounding box in points, when there are any.
        package var bounds: Rect?
    }

    /// Pixels of `after` that differ from `before` by more than `threshold` (of 255) in some channel,
    /// ignoring everything inside `excluded` (points, same space as the render, grown by one pixel).
    /// With `shift` > 0 a pixel also counts as unchanged when `before` has a matching pixel up to
    /// `shift` pixels away (two renderers anti-aliasing glyph edges differently).
    package static func compare(
        _ before: PPMImage, _ after: PPMImage, excluding excluded: [Rect], pointsPerPixel: Double, threshold: Int = 96,
        shift: Int = 0
    ) throws -> Result {
        guard before.width == after.width, before.height == after.height else {
            throw ToolFailure(
                "renders differ in size (\(before.width)x\(before.height) vs \(after.width)x\(after.height)): the page geometry changed"
            )
        }
        let boxes = excluded.map { r in
            (
                x0: Int((r.minX / pointsPerPixel).rounded(.down)) - 1,
                y0: Int((r.minY / pointsPerPixel).rounded(.down)) - 1,
                x1: Int((r.maxX / pointsPerPixel).rounded(.up)) + 1, y1: Int((r.maxY / pointsPerPixel).rounded(.up)) + 1
            )
        }
        func differs(_ x: Int, _ y: Int, _ bx: Int, _ by: Int) -> Bool {
            let i = (y * after.width + x) * 3, j = (by * after.width + bx) * 3
            return max(
                abs(Int(before.rgb[j]) - Int(after.rgb[i])), abs(Int(before.rgb[j + 1]) - Int(after.rgb[i + 1])),
                abs(Int(before.rgb[j + 2]) - Int(after.rgb[i + 2]))) > threshold
        }
        func matchesNearby(_ x: Int, _ y: Int) -> Bool {
            for by in max(0, y - shift)...min(after.height - 1, y + shift) {
                for bx in max(0, x - shift)...min(after.width - 1, x + shift) where !differs(x, y, bx, by) {
                    return true
                }
            }
            return false
        }
        var count = 0
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        for y in 0..<after.height {
            for x in 0..<after.width {
                guard differs(x, y, x, y),
                    !boxes.contains(where: { x >= $0.x0 && x < $0.x1 && y >= $0.y0 && y < $0.y1 }),
                    shift == 0 || !matchesNearby(x, y)
                else { continue }
                count += 1
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
            }
        }
        let bounds =
            count == 0
            ? nil
            : Rect(
                x: Double(minX) * pointsPerPixel, y: Double(minY) * pointsPerPixel,
                width: Double(maxX - minX + 1) * pointsPerPixel, height: Double(maxY - minY + 1) * pointsPerPixel)
        return Result(changedPixels: count, bounds: bounds)
    }
}
