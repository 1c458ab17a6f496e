/// Median cut (Heckbert 1982) over weighted colours: the box with the largest squared error is
/// split at the weighted median of its widest channel until there are as many boxes as colours
/// wanted (or every box holds one colour); each box's weighted mean is a palette entry.
enum MedianCut {
    private struct Box {
        var range: Range<Int>
        /// Σ count · |colour − mean|² over the box.
        var error: Double
        /// The channel (0…3) with the largest weighted variance.
        var axis: Int
        var mean: SIMD4<Float>
    }

    /// At most `colors` entries for `means` (colours) weighted by `counts` (all positive).
    static func split(means: [SIMD4<Float>], counts: [Double], into colors: Int) -> [SIMD4<Float>] {
        var order = Array(means.indices)
        let describe = { (range: Range<Int>, order: [Int]) -> Box in
            var weight = 0.0, sum = SIMD4<Double>.zero, squares = SIMD4<Double>.zero
            for bin in order[range] {
                let c = SIMD4<Double>(means[bin])
                weight += counts[bin]
                sum += c * counts[bin]
                squares += c * c * counts[bin]
            }
            let mean = sum / weight
            let spread = squares - sum * mean
            let axis = (0..<4).max { spread[$0] < spread[$1] }!
            return Box(range: range, error: spread.sum(), axis: axis, mean: SIMD4<Float>(mean))
        }
        guard !means.isEmpty else { return [] }
        var boxes = [describe(0..<order.count, order)]
        while boxes.count < colors {
            let splittable = boxes.indices.filter { boxes[$0].range.count > 1 && boxes[$0].error > 0 }
            guard let pick = splittable.max(by: { boxes[$0].error < boxes[$1].error }) else { break }
            let box = boxes[pick]
            let axis = box.axis
            order[box.range].sort { means[$0][axis] < means[$1][axis] }
            let total = order[box.range].reduce(0.0) { $0 + counts[$1] }
            var cut = box.range.lowerBound + 1, running = counts[order[box.range.lowerBound]]
            while cut < box.range.upperBound - 1, running + counts[order[cut]] <= total / 2 {
                running += counts[order[cut]]
                cut += 1
            }
            boxes[pick] = describe(box.range.lowerBound..<cut, order)
            boxes.append(describe(cut..<box.range.upperBound, order))
        }
        return boxes.map(\.mean)
    }
}
