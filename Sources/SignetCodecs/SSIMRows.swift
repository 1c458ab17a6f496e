/// Where SSIM reads its two images from, one row of luma floats at a time.
enum SSIMInput: @unchecked Sendable {
    /// Two gray planes.
    case planes(UnsafePointer<Float>, UnsafePointer<Float>)
    /// Two RGBA images (alpha ignored), converted to Rec. 601 luma row by row.
    case rgba(UnsafePointer<UInt8>, UnsafePointer<UInt8>)

    func load(row: Int, width: Int, x: UnsafeMutablePointer<Float>, y: UnsafeMutablePointer<Float>) {
        switch self {
        case .planes(let a, let b):
            x.update(from: a + row * width, count: width)
            y.update(from: b + row * width, count: width)
        case .rgba(let a, let b):
            Self.luma(a + row * width * 4, count: width, into: x)
            Self.luma(b + row * width * 4, count: width, into: y)
        }
    }

    static func luma(_ rgba: UnsafePointer<UInt8>, count: Int, into out: UnsafeMutablePointer<Float>) {
        for i in 0..<count {
            out[i] = 0.299 * Float(rgba[4 * i]) + 0.587 * Float(rgba[4 * i + 1]) + 0.114 * Float(rgba[4 * i + 2])
        }
    }
}

/// The SSIM map of a band of rows, streamed: each source row is filtered horizontally once into
/// a ring of the last 11 rows, and each output row is filtered vertically from that ring, so
/// memory stays at a few rows whatever the image size. Owns its float buffers.
///
/// Four planes are filtered: x, y, x'² + y'² and x'·y', where x' = x − 128 (the variances are
/// shift-invariant; the shift keeps single-precision sums accurate near white). The window is
/// symmetric, so each pass adds mirrored pairs before multiplying.
final class SSIMRows {
    private let width: Int
    private let inner: Int
    private let taps: Int
    private let weights: [Float]
    /// 4 planes × `taps` rows × `inner` values.
    private let ring: UnsafeMutablePointer<Float>
    /// Per source row: x, y, squares, products (4 × `width`).
    private let line: UnsafeMutablePointer<Float>
    /// Per output row: the 4 filtered planes (4 × `inner`).
    private let acc: UnsafeMutablePointer<Float>

    init(width: Int) {
        self.width = width
        inner = width - 2 * SSIM.radius
        weights = SSIM.window
        taps = weights.count
        ring = .allocate(capacity: 4 * taps * inner)
        line = .allocate(capacity: 4 * width)
        acc = .allocate(capacity: 4 * inner)
    }

    deinit {
        ring.deallocate()
        line.deallocate()
        acc.deallocate()
    }

    /// The sum of the SSIM map over output rows `rows` (each needs its 5 rows above and below).
    func sum(_ input: SSIMInput, rows: Range<Int>) -> Double {
        let r = SSIM.radius
        var total = 0.0
        for row in (rows.lowerBound - r)..<(rows.upperBound + r) {
            input.load(row: row, width: width, x: line, y: line + width)
            filterAcross(slot: row % taps)
            let center = row - r
            if center >= rows.lowerBound { total += mapRow(center) }
        }
        return total
    }

    /// out[i] = Σ w[k]·src(k, i) over the symmetric window, `src(k, ·)` being the k-th of `taps` inputs.
    private func filter(_ sources: (Int) -> UnsafePointer<Float>, into out: UnsafeMutablePointer<Float>) {
        let r = SSIM.radius
        let center = sources(r)
        let w0 = weights[r]
        for i in 0..<inner { out[i] = w0 * center[i] }
        for k in 1...r {
            let weight = weights[r + k]
            let before = sources(r - k), after = sources(r + k)
            for i in 0..<inner { out[i] += weight * (before[i] + after[i]) }
        }
    }

    /// Horizontal pass of the loaded row into ring slot `slot`.
    private func filterAcross(slot: Int) {
        let x = line, y = line + width, squares = line + 2 * width, products = line + 3 * width
        for i in 0..<width {
            let a = x[i] - 128, b = y[i] - 128
            squares[i] = a * a + b * b
            products[i] = a * b
        }
        for plane in 0..<4 {
            let src = UnsafePointer(line + plane * width)
            filter({ src + $0 }, into: ring + (plane * taps + slot) * inner)
        }
    }

    /// Vertical pass for output row `center` and the sum of its SSIM values.
    private func mapRow(_ center: Int) -> Double {
        let first = center - SSIM.radius
        let (taps, inner, ring) = (self.taps, self.inner, self.ring)
        for plane in 0..<4 {
            filter({ UnsafePointer(ring + (plane * taps + (first + $0) % taps) * inner) }, into: acc + plane * inner)
        }
        let (c1, c2) = (SSIM.c1, SSIM.c2)
        let mx = acc, my = acc + inner, sq = acc + 2 * inner, pr = acc + 3 * inner
        var total: Float = 0
        for i in 0..<inner {
            let ax = mx[i], ay = my[i]
            let sx = ax - 128, sy = ay - 128
            let variances = sq[i] - sx * sx - sy * sy
            let covariance = pr[i] - sx * sy
            total += ((2 * ax * ay + c1) * (2 * covariance + c2)) / ((ax * ax + ay * ay + c1) * (variances + c2))
        }
        return Double(total)
    }
}
