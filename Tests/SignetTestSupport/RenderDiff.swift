import SignetCore

/// Compares two renders of the same page (before and after stamping) away from the stamp, to
/// prove that stamping left the page's own content where it was.
public enum RenderDiff {
    public struct Result: Sendable, Hashable {
        /// Pixels that changed by more than the threshold outside the excluded rectangles.
        public var changedPixels: Int
        /// Their bounding box in points, when there are any.
        public var bounds: Rect?
    }

    /// Pixels of `after` that differ from `before` by more than `threshold` (of 255) in some channel,
    /// ignoring everything inside `excluded` (points, same space as the render, grown by one pixel).
    public static func compare(
        _ before: PPMImage, _ after: PPMImage, excluding excluded: [Rect], pointsPerPixel: Double, threshold: Int = 96
    ) throws -> Result {
        guard before.width == after.width, before.height == after.height else {
            throw ToolFailure("renders differ in size (\(before.width)x\(before.height) vs \(after.width)x\(after.height)): the page geometry changed")
        }
        let boxes = excluded.map { r in
            (x0: Int((r.minX / pointsPerPixel).rounded(.down)) - 1, y0: Int((r.minY / pointsPerPixel).rounded(.down)) - 1,
             x1: Int((r.maxX / pointsPerPixel).rounded(.up)) + 1, y1: Int((r.maxY / pointsPerPixel).rounded(.up)) + 1)
        }
        var count = 0
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        for y in 0..<after.height {
            for x in 0..<after.width {
                let i = (y * after.width + x) * 3
                let d = max(abs(Int(before.rgb[i]) - Int(after.rgb[i])), abs(Int(before.rgb[i + 1]) - Int(after.rgb[i + 1])),
                            abs(Int(before.rgb[i + 2]) - Int(after.rgb[i + 2])))
                guard d > threshold, !boxes.contains(where: { x >= $0.x0 && x < $0.x1 && y >= $0.y0 && y < $0.y1 }) else { continue }
                count += 1
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
            }
        }
        let bounds = count == 0 ? nil : Rect(
            x: Double(minX) * pointsPerPixel, y: Double(minY) * pointsPerPixel,
            width: Double(maxX - minX + 1) * pointsPerPixel, height: Double(maxY - minY + 1) * pointsPerPixel)
        return Result(changedPixels: count, bounds: bounds)
    }
}
