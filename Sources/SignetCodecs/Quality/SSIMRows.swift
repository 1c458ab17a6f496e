/// The SSIM map of a tile — a band of rows and a strip of columns — streamed: each source row is
/// filtered horizontally once into a ring of the last 11 rows, and each output row is filtered
/// vertically from that ring and turned into SSIM values at once. Memory stays at a few rows of
/// the strip whatever the image size, and a strip of `SSIM.stripWidth` columns keeps the ring in
/// the core's own cache. Owns its float buffers.
///
/// Four planes are filtered: x, y, x'² + y'² and x'·y', where x' = x − 128 (the variances are
/// shift-invariant; the shift keeps single-precision sums accurate near white). The window is
/// symmetric, so each pass adds mirrored pairs before multiplying, in loops the compiler
/// vectorizes; each filtered value is written once.
final class SSIMRows {
    /// Source columns of the widest strip (its output columns and the window's margins).
    private let width: Int
    /// Output columns of the widest strip.
    private let inner: Int
    private let taps: Int
    /// The window's weights from the centre out: w[0] the centre, w[k] at distance k.
    private let weights: [Float]
    /// 4 planes × `taps` rows × `inner` values.
    private let ring: UnsafeMutablePointer<Float>
    /// Per source row: x, y, squares, products (4 × `width`).
    private let line: UnsafeMutablePointer<Float>
    /// Per output row: the 4 filtered planes and the SSIM map (5 × `inner`).
    private let column: UnsafeMutablePointer<Float>
    /// The `taps` inputs of one filter pass, top (or left) to bottom.
    private let sources: UnsafeMutablePointer<UnsafePointer<Float>>

    private init(width: Int) {
        self.width = width
        inner = width - 2 * SSIM.radius
        taps = SSIM.window.count
        weights = Array(SSIM.window[SSIM.radius...])
        ring = .allocate(capacity: 4 * taps * inner)
        line = .allocate(capacity: 4 * width)
        column = .allocate(capacity: 5 * inner)
        sources = .allocate(capacity: taps)
    }

    deinit {
        ring.deallocate()
        line.deallocate()
        column.deallocate()
        sources.deallocate()
    }

    /// Room for strips of up to `columns` output columns.
    convenience init(columns: Int) {
        self.init(width: columns + 2 * SSIM.radius)
    }

    /// The sums of the SSIM map over columns `columns` for each output row of `rows`, of an image
    /// `imageWidth` wide (each output value needs the 5 rows and columns around it), written to
    /// `sums[row]`.
    func sum(
        _ input: SSIMInput, imageWidth: Int, rows: Range<Int>, columns: Range<Int>,
        into sums: UnsafeMutablePointer<Double>
    ) {
        let r = SSIM.radius
        let count = columns.count + 2 * r
        precondition(count <= width, "strip wider than the buffers")
        for row in (rows.lowerBound - r)..<(rows.upperBound + r) {
            input.load(
                row: row, imageWidth: imageWidth, from: columns.lowerBound - r, count: count, x: line, y: line + width)
            filterAcross(slot: row % taps, count: count)
            let center = row - r
            if center >= rows.lowerBound { sums[center] = mapRow(center, count: columns.count) }
        }
    }

    /// Horizontal pass of the loaded row (`count` source values) into ring slot `slot`.
    private func filterAcross(slot: Int, count: Int) {
        let x = line, y = line + width, squares = line + 2 * width, products = line + 3 * width
        for i in 0..<count {
            let a = x[i] - 128, b = y[i] - 128
            squares[i] = a * a + b * b
            products[i] = a * b
        }
        for plane in 0..<4 {
            for k in 0..<taps { sources[k] = UnsafePointer(line + plane * width + k) }
            filter(into: ring + (plane * taps + slot) * inner, count: count - 2 * SSIM.radius)
        }
    }

    /// out[i] = Σ w[|k|]·s[5 + k][i] for k in −5…5 and i < `count`, s being `sources`: one loop
    /// the compiler vectorizes, each output written once.
    private func filter(into out: UnsafeMutablePointer<Float>, count: Int) {
        let w = weights, s = sources
        let (w0, w1, w2, w3, w4, w5) = (w[0], w[1], w[2], w[3], w[4], w[5])
        let (m5, m4, m3, m2, m1, c, p1, p2, p3, p4, p5) = (
            s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], s[9], s[10]
        )
        for i in 0..<count {
            var acc = w0 * c[i]
            acc += w1 * (m1[i] + p1[i])
            acc += w2 * (m2[i] + p2[i])
            acc += w3 * (m3[i] + p3[i])
            acc += w4 * (m4[i] + p4[i])
            acc += w5 * (m5[i] + p5[i])
            out[i] = acc
        }
    }

    /// Vertical pass for output row `center` (`count` values), SSIM of each value, and their sum.
    private func mapRow(_ center: Int, count: Int) -> Double {
        let first = center - SSIM.radius
        let (taps, inner, ring) = (self.taps, self.inner, self.ring)
        for plane in 0..<4 {
            for k in 0..<taps { sources[k] = UnsafePointer(ring + (plane * taps + (first + k) % taps) * inner) }
            filter(into: column + plane * inner, count: count)
        }
        let (c1, c2) = (SSIM.c1, SSIM.c2)
        let mx = column, my = column + inner, sq = column + 2 * inner, pr = column + 3 * inner
        let map = column + 4 * inner
        for i in 0..<count {
            let ax = mx[i], ay = my[i]
            let sx = ax - 128, sy = ay - 128
            // Grouped so that identical images give exactly 2·covariance here, and SSIM exactly 1.
            let variances = sq[i] - (sx * sx + sy * sy)
            let covariance = pr[i] - sx * sy
            map[i] = ((2 * ax * ay + c1) * (2 * covariance + c2)) / ((ax * ax + ay * ay + c1) * (variances + c2))
        }
        // Four running sums, so the additions do not wait on each other.
        var sums: (Double, Double, Double, Double) = (0, 0, 0, 0)
        var i = 0
        while i + 4 <= count {
            sums.0 += Double(map[i]); sums.1 += Double(map[i + 1]); sums.2 += Double(map[i + 2]);
            sums.3 += Double(map[i + 3])
            i += 4
        }
        while i < count { sums.0 += Double(map[i]); i += 1 }
        return (sums.0 + sums.1) + (sums.2 + sums.3)
    }
}
